. steps/lib.sh
[ "$(awk '{ printf "%d", $1 }' /proc/uptime)" -lt $(( $(date +%s) - $(cat /root/reboot-at) + 5 )) ] ||
  fail "the VM did not reboot"
wait_healthz
figure "after a reboot, /healthz 200 at $(awk '{ printf "%.0f", $1 }' /proc/uptime) s of uptime (emulated CPU)"
systemctl is-enabled codka codka-backup.timer caddy
systemctl is-active codka codka-backup.timer caddy
ca=/var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt
[ "$(curl -s --cacert "$ca" "https://$SITE/healthz")" = '{"status":"ok"}' ] || fail "no /healthz through Caddy"
