. steps/lib.sh
# ExecStartPre's `codka check` refuses a broken configuration: a misspelt variable in the env file.
cp /etc/codka/codka.env /root/codka.env.good
echo 'PUBLC_ORIGIN=https://typo.example.so' >>/etc/codka/codka.env
systemctl restart codka && fail "codka started with a broken configuration"
sleep 2
systemctl status codka --no-pager | head -8 || true
# check: not running, the check's message in the journal names the variable.
systemctl is-active codka && fail "codka is active"
journalctl -u codka --no-pager -n 40 | grep PUBLC_ORIGIN || fail "the journal does not name the bad variable"
curl -s http://127.0.0.1:3000/healthz && fail "something answers on 3000"
# Fixed, it starts again.
install -m 0640 -o root -g codka /root/codka.env.good /etc/codka/codka.env
systemctl reset-failed codka
systemctl restart codka
wait_healthz
