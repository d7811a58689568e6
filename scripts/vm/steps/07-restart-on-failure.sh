. steps/lib.sh
before=$(systemctl show -p MainPID --value codka)
restarts=$(systemctl show -p NRestarts --value codka)
started=$(now)
systemctl kill -s KILL codka
sleep 1
systemctl status codka --no-pager | head -4 || true
wait_healthz
figure "killed with SIGKILL to /healthz 200 again (RestartSec=5, then check and serve): $(since "$started") s"
# check:
after=$(systemctl show -p MainPID --value codka)
[ "$after" != "$before" ] || fail "same process"
[ "$(systemctl show -p NRestarts --value codka)" = $((restarts + 1)) ] || fail "NRestarts did not grow by one"
