#!/bin/bash
# Builds a Debian 12 VM image for walking docs/deploy.md under a real systemd (scripts/vm/walk-deploy.sh).
# Everything large stays in $VM_CACHE (default /work/vm-cache), never in git:
#   root/         the debootstrap root (kept: a second run only rebuilds the disk)
#   base.img      raw ext4 disk made from root/ with mke2fs -d (no loop mount, no partition table)
#   vmlinuz, initrd.img   booted directly by qemu -kernel/-initrd
#   id_ed25519    the key root logs in with over ssh (hostfwd on 127.0.0.1 only)
# Needs root, debootstrap, e2fsprogs and Debian's mirror. About 3-5 minutes the first time.
set -euo pipefail
VM_CACHE=${VM_CACHE:-/work/vm-cache}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
ROOT=$VM_CACHE/root
mkdir -p "$VM_CACHE"

# What the guide needs on the VM: systemd, sudo, curl, sqlite3, both proxies, openssl for a test certificate.
PACKAGES=systemd,systemd-sysv,udev,dbus,kmod,linux-image-amd64,initramfs-tools,openssh-server,sudo,curl,\
sqlite3,caddy,nginx,openssl,ca-certificates,iproute2,procps,less,coreutils,findutils

if [ ! -x "$ROOT/usr/bin/systemctl" ]; then
  rm -rf "$ROOT"
  debootstrap --variant=minbase --include="$PACKAGES" bookworm "$ROOT" "$MIRROR"
fi

[ -f "$VM_CACHE/id_ed25519" ] || ssh-keygen -q -t ed25519 -N '' -C codka-vm -f "$VM_CACHE/id_ed25519"

# Configuration: console on ttyS0, DHCP from qemu's user network, root over ssh with the key only.
echo codka-vm > "$ROOT/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 codka-vm\n' > "$ROOT/etc/hosts"
printf '/dev/vda / ext4 rw,errors=remount-ro 0 1\n' > "$ROOT/etc/fstab"
mkdir -p "$ROOT/etc/systemd/network" "$ROOT/root/.ssh"
printf '[Match]\nName=en* eth*\n\n[Network]\nDHCP=yes\n' > "$ROOT/etc/systemd/network/10-dhcp.network"
printf 'nameserver 10.0.2.3\n' > "$ROOT/etc/resolv.conf"
install -m 0600 "$VM_CACHE/id_ed25519.pub" "$ROOT/root/.ssh/authorized_keys"
chmod 0700 "$ROOT/root/.ssh"
printf 'PermitRootLogin prohibit-password\nPasswordAuthentication no\nUseDNS no\n' \
  > "$ROOT/etc/ssh/sshd_config.d/codka-vm.conf"
chroot "$ROOT" systemctl enable systemd-networkd ssh serial-getty@ttyS0 >/dev/null 2>&1
# The proxies are started by the walk, with the guide's files: none of them on boot.
chroot "$ROOT" systemctl disable caddy nginx >/dev/null 2>&1 || true
# A root without a password on the serial console, for looking around when ssh does not come up.
chroot "$ROOT" passwd -d root >/dev/null
# virtio drivers in the initrd (the default MODULES=most has them; say so in case the default changes).
printf 'virtio_blk\nvirtio_net\nvirtio_pci\next4\n' >> "$ROOT/etc/initramfs-tools/modules"
sort -u -o "$ROOT/etc/initramfs-tools/modules" "$ROOT/etc/initramfs-tools/modules"
chroot "$ROOT" update-initramfs -u -k all >/dev/null 2>&1
cp "$(ls "$ROOT"/boot/vmlinuz-* | tail -1)" "$VM_CACHE/vmlinuz"
cp "$(ls "$ROOT"/boot/initrd.img-* | tail -1)" "$VM_CACHE/initrd.img"
chmod 0644 "$VM_CACHE/vmlinuz" "$VM_CACHE/initrd.img"

# The disk: 4 GB sparse ext4 filled from the root folder.
rm -f "$VM_CACHE/base.img"
truncate -s 4G "$VM_CACHE/base.img"
mke2fs -q -t ext4 -L codka-root -d "$ROOT" "$VM_CACHE/base.img"
echo "image: $VM_CACHE/base.img"
