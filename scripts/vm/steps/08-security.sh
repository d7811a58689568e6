. steps/lib.sh
systemd-analyze security codka --no-pager | tee /tmp/security.out | grep -v '✓' || true
score=$(sed -n 's/.*Overall exposure level for codka.service: \([0-9.]*\) \(.*\)/\1 \2/p' /tmp/security.out)
figure "systemd-analyze security codka: $score"
# check: systemd's own scale, 0 (most protected) to 10; "OK" is below 3.5 (Debian's own units are mostly 9+).
awk -v s="${score%% *}" 'BEGIN { exit !(s < 3.5) }' || fail "exposure $score"
