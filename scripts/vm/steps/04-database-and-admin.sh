. steps/lib.sh
cd /var/lib/codka
sudo -u codka codka migrate --env-file /etc/codka/codka.env
printf '%s\n' 'Walk-the-guide-2026' | sudo -u codka codka create-admin --email chief@codka.example.so --env-file /etc/codka/codka.env
printf '%s\n' 'Walk-the-guide-2026-b' | sudo -u codka codka create-admin --email deputy@codka.example.so --env-file /etc/codka/codka.env
started=$(now)
sudo -u codka codka check --env-file /etc/codka/codka.env | tee /tmp/check.out
figure "codka check (warm, emulated CPU): $(since "$started") s"
# check:
grep -q '^FAIL' /tmp/check.out && fail "codka check has a FAIL line"
grep -q '^OK    System Admins: 2 active' /tmp/check.out || fail "codka check does not count the two System Admins"
[ "$(sqlite3 /var/lib/codka/codka.db "select count(*) from users where email = 'chief@codka.example.so'")" = 1 ] ||
  fail "no System Admin in the database"
[ "$(stat -c '%U %a' /var/lib/codka/codka.db)" = "codka 600" ] || fail "codka.db's owner or mode"
# A second create-admin for the same address changes nothing and says so (exit code for scripts).
printf '%s\n' 'Walk-the-guide-2026' | sudo -u codka codka create-admin --email chief@codka.example.so --env-file "$ENV_FILE" || true
