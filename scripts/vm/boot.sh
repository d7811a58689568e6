#!/bin/bash
# Boots the image from scripts/vm/build-image.sh headless, on a throw-away overlay (the base image never
# changes, so every walk starts from a fresh VM), and waits for ssh. Prints the seconds from start to ssh.
#   scripts/vm/boot.sh        start (software emulation; VM_ACCEL=kvm for KVM)
#   scripts/vm/boot.sh stop   power it off
# The VM's network is qemu's user mode with restrict=on: it reaches nothing but the host's forwarded port
# (127.0.0.1:$VM_SSH_PORT -> its ssh). Its serial console is logged to $VM_CACHE/console.log.
# VM_FILES_IMG=disk.img attaches a read-only second disk (/dev/vdb): how the walk brings the release in
# (copying 120 MB over the emulated network takes about 45 s, the disk is there at once).
set -euo pipefail
VM_CACHE=${VM_CACHE:-/work/vm-cache}
VM_SSH_PORT=${VM_SSH_PORT:-2222}
SSH=(ssh -q -i "$VM_CACHE/id_ed25519" -p "$VM_SSH_PORT" -o StrictHostKeyChecking=no
  -o UserKnownHostsFile=/dev/null -o ConnectTimeout=3 -o BatchMode=yes root@127.0.0.1)

if [ "${1:-}" = stop ]; then
  "${SSH[@]}" poweroff >/dev/null 2>&1 || true
  for _ in $(seq 30); do [ -e "/proc/$(cat "$VM_CACHE/qemu.pid" 2>/dev/null || echo 0)" ] || exit 0; sleep 1; done
  kill "$(cat "$VM_CACHE/qemu.pid")" 2>/dev/null || true
  exit 0
fi

if [ -s "$VM_CACHE/qemu.pid" ] && [ -e "/proc/$(cat "$VM_CACHE/qemu.pid")" ]; then
  echo "a VM is already running (pid $(cat "$VM_CACHE/qemu.pid")): scripts/vm/boot.sh stop" >&2
  exit 1
fi
rm -f "$VM_CACHE/walk.qcow2" "$VM_CACHE/console.log"
qemu-img create -q -f qcow2 -b "$VM_CACHE/base.img" -F raw "$VM_CACHE/walk.qcow2"

# Software emulation by default: on the machine this was written on /dev/kvm opens, but a guest under KVM
# (nested) stops in its first instructions ("-cpu host" even fails on MSR 0x10a). VM_ACCEL=kvm to try it.
ACCEL=(-accel tcg)
CPU=max
if [ "${VM_ACCEL:-tcg}" = kvm ]; then ACCEL=(-accel kvm); CPU=host,-arch-capabilities; fi
start=$(date +%s.%N)
qemu-system-x86_64 "${ACCEL[@]}" -cpu "$CPU" -smp 2 -m 2048 -display none -daemonize \
  -pidfile "$VM_CACHE/qemu.pid" -serial "file:$VM_CACHE/console.log" \
  -kernel "$VM_CACHE/vmlinuz" -initrd "$VM_CACHE/initrd.img" \
  -append 'root=/dev/vda rw console=ttyS0 quiet' \
  -drive "file=$VM_CACHE/walk.qcow2,if=virtio,format=qcow2" \
  ${VM_FILES_IMG:+-drive "file=$VM_FILES_IMG,if=virtio,format=raw,readonly=on"} \
  -netdev "user,id=net0,restrict=on,hostfwd=tcp:127.0.0.1:$VM_SSH_PORT-:22" -device virtio-net-pci,netdev=net0

for _ in $(seq 300); do
  if "${SSH[@]}" true 2>/dev/null; then
    echo "ssh after $(echo "$(date +%s.%N) - $start" | bc -l | xargs printf '%.1f') s (${ACCEL[1]})"
    exit 0
  fi
  sleep 1
done
echo "no ssh after 300 s; console: $VM_CACHE/console.log" >&2
exit 1
