. steps/lib.sh
started=$(now)
systemctl stop codka
figure "systemctl stop codka: $(since "$started") s (TimeoutStopSec=15)"
# check: a clean exit (SIGTERM handled: exit 0), not a kill at the timeout.
[ "$(systemctl show -p Result --value codka)" = success ] || fail "Result=$(systemctl show -p Result --value codka)"
journalctl -u codka --no-pager -n 20 | grep -q 'SIGKILL' && fail "systemd had to kill it"
systemctl start codka
wait_healthz
