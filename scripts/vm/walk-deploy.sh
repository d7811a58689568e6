#!/bin/bash
# Walks docs/deploy.md on a fresh Debian 12 VM under a real systemd, command by command, and checks each
# step's result: PASS/FAIL per step, figures at the end, the full output in $VM_CACHE/walk.log.
#
#   scripts/vm/walk-deploy.sh          (as root; about 15-20 minutes under software emulation)
#
# It builds the image on first use (scripts/vm/build-image.sh, ~3 min), uses release/codka-*-linux-x64
# (run `npm run release` first), boots the VM (scripts/vm/boot.sh) and powers it off at the end
# (KEEP_VM=1 leaves it running: ssh with the command printed). Not part of CI: it needs debootstrap, qemu and
# Debian's mirror, and takes too long. The steps themselves are in scripts/vm/steps/*.sh, numbered in the
# guide's order; each is run as root in the VM with `bash -euo pipefail` and fails on the first wrong result.
set -uo pipefail
cd "$(dirname "$0")/../.."
VM_CACHE=${VM_CACHE:-/work/vm-cache}
export VM_CACHE
LOG=$VM_CACHE/walk.log
SSH=(ssh -q -i "$VM_CACHE/id_ed25519" -p "${VM_SSH_PORT:-2222}" -o StrictHostKeyChecking=no
  -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o ServerAliveInterval=10 root@127.0.0.1)

release=$(ls release/codka-*-linux-x64 2>/dev/null | tail -1)
if [ -z "$release" ] || [ ! -f release/SHA256SUMS ]; then
  echo "no release/codka-*-linux-x64: run npm run release first" >&2
  exit 2
fi
[ -f "$VM_CACHE/base.img" ] || scripts/vm/build-image.sh || exit 1

# The files an IT officer copies to the VM: the executable, SHA256SUMS and deploy/, on a read-only disk.
staging=$VM_CACHE/files
rm -rf "$staging" "$VM_CACHE/files.img"
mkdir -p "$staging"
cp "$release" release/SHA256SUMS "$staging/"
cp -r deploy scripts/vm/steps "$staging/"
truncate -s "$(($(du -sm "$staging" | cut -f1) + 64))M" "$VM_CACHE/files.img"
mke2fs -q -t ext4 -d "$staging" "$VM_CACHE/files.img"

: >"$LOG"
echo "walking docs/deploy.md with $(basename "$release") on a Debian 12 VM (log: $LOG)"
boot_out=$(VM_FILES_IMG=$VM_CACHE/files.img scripts/vm/boot.sh 2>&1) || {
  echo "FAIL  boot: $boot_out"
  exit 1
}
echo "      boot: $boot_out"
[ "${KEEP_VM:-}" = 1 ] || trap 'scripts/vm/boot.sh stop' EXIT

# Before each step: ssh is up (step 16 reboots the VM) and the release disk is mounted.
prepare_vm() {
  for _ in $(seq 300); do "${SSH[@]}" -o ConnectTimeout=3 true 2>/dev/null && break; sleep 1; done
  "${SSH[@]}" 'mkdir -p /mnt/codka-release && { mountpoint -q /mnt/codka-release || mount -o ro /dev/vdb /mnt/codka-release; }'
}

failed=0
for step in scripts/vm/steps/[0-9]*.sh; do
  name=$(basename "$step" .sh)
  prepare_vm >>"$LOG" 2>&1
  started=$(date +%s)
  printf '\n===== %s\n' "$name" >>"$LOG"
  "${SSH[@]}" "cd /mnt/codka-release && bash -euo pipefail steps/$name.sh" >>"$LOG" 2>&1
  code=$?
  took="$(($(date +%s) - started)) s"
  case $code in
    0) echo "PASS  $name ($took)" ;;
    77) echo "SKIP  $name ($took): $(tail -1 "$LOG")" ;;
    *)
      echo "FAIL  $name ($took): $(tail -1 "$LOG")"
      failed=$((failed + 1))
      ;;
  esac
  # The reboot is 2 s after the step returns: let it begin before waiting for ssh again.
  case $name in *reboot*) sleep 20 ;; esac
done

echo
echo "figures:"
grep '^FIGURE' "$LOG" | sed 's/^FIGURE /  /'
if [ "${KEEP_VM:-}" = 1 ]; then echo "the VM is still running: ${SSH[*]}"; fi
if [ "$failed" -gt 0 ]; then
  echo "$failed step(s) failed; see $LOG"
  exit 1
fi
echo "all steps passed"
