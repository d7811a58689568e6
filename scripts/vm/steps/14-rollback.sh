. steps/lib.sh
backup=$(cat /root/pre-upgrade-backup)
systemctl stop codka
install -m 0755 /usr/local/bin/codka.previous /usr/local/bin/codka
sudo -u codka codka restore "$backup" --env-file /etc/codka/codka.env | tee /tmp/restore.out
systemctl start codka
wait_healthz
# check: the restored database has no trace of what happened after the upgrade; the replaced one is kept.
[ "$(sqlite3 /var/lib/codka/codka.db "select count(*) from users where email = 'deputy@codka.example.so'")" = 0 ] ||
  fail "the restored database has the post-upgrade admin"
[ "$(sqlite3 /var/lib/codka/codka.db "select count(*) from users where email = 'chief@codka.example.so'")" = 1 ] ||
  fail "the restored database lost the first admin"
kept=$(ls /var/lib/codka/codka.db.* 2>/dev/null | grep -v -e '-wal$' -e '-shm$' | head -1)
[ -n "$kept" ] || fail "the replaced database was not kept beside it"
[ "$(sqlite3 "$kept" "select count(*) from users where email = 'deputy@codka.example.so'")" = 1 ] ||
  fail "the kept database ($kept) is not the replaced one"
