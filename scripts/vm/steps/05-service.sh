. steps/lib.sh
cp deploy/codka.service /etc/systemd/system/
systemctl daemon-reload
started=$(now)
systemctl enable --now codka
wait_healthz
figure "systemctl enable --now codka to /healthz 200 (check, then serve; emulated CPU): $(since "$started") s"
systemctl status codka --no-pager
journalctl -u codka --no-pager | tail -5
curl -s http://127.0.0.1:3000/healthz
echo
# check: the hardening is in force on the running process.
pid=$(systemctl show -p MainPID --value codka)
[ "$(ps -o user= -p "$pid")" = codka ] || fail "not running as codka"
grep -q '^NoNewPrivs:.*1' "/proc/$pid/status" || fail "NoNewPrivs is not set"
grep -q '^CapEff:.*0000000000000000' "/proc/$pid/status" || fail "the process has capabilities"
# In the service's own mount namespace even root writes nowhere but the data folder.
for folder in /usr/local/bin /etc/codka /var/lib /home /root /tmp/..; do
  nsenter --target "$pid" --mount touch "$folder/walk-probe" 2>/dev/null && fail "$folder is writable for the service"
done
nsenter --target "$pid" --mount touch /var/lib/codka/walk-probe || fail "/var/lib/codka is not writable"
rm /var/lib/codka/walk-probe
journalctl -u codka --no-pager | grep -q 'Codka is running at https://codka.example.so' || fail "no start line in the journal"
journalctl -u codka --no-pager | grep -q 'OK    native modules' || fail "ExecStartPre's check is not in the journal"
ss -ltnp | grep -q '127.0.0.1:3000' || fail "not listening on 127.0.0.1:3000"
ss -ltn | grep -q '0.0.0.0:3000' && fail "listening on every interface"
true
