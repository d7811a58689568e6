. steps/lib.sh
# The "new version": the same build copied under the next version's name (what the steps do with the file
# does not depend on its bytes; a real upgrade's new migrations run at `codka migrate`).
cp "$(ls codka-*-linux-x64)" /root/codka-0.2.0-linux-x64
cd /root
systemctl stop codka
sudo -u codka codka backup --out /var/lib/codka/backups --env-file /etc/codka/codka.env | tee /tmp/backup.out   # note the path
cp /usr/local/bin/codka /usr/local/bin/codka.previous
install -m 0755 codka-0.2.0-linux-x64 /usr/local/bin/codka
sudo -u codka codka migrate --env-file /etc/codka/codka.env
systemctl start codka && systemctl status codka --no-pager
wait_healthz
# check: the backup's path is the last line; it is whole.
backup=$(tail -1 /tmp/backup.out)
[ -f "$backup" ] || fail "the last line of codka backup is not the file: $backup"
echo "$backup" >/root/pre-upgrade-backup
[ "$(sqlite3 "$backup" 'pragma integrity_check')" = ok ] || fail "the pre-upgrade backup is damaged"
# Something happens on the new version: a second System Admin, which the rollback must take away.
printf '%s\n' 'Walk-the-guide-2026' | sudo -u codka codka create-admin --email deputy@codka.example.so --env-file "$ENV_FILE"
