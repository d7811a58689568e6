. steps/lib.sh
cp deploy/codka-backup.service deploy/codka-backup.timer /etc/systemd/system/
systemctl daemon-reload
systemctl enable --now codka-backup.timer
systemctl start codka-backup.service && ls -l /var/lib/codka/backups
# check: one backup, the codka user's only, whole; the timer is scheduled.
backup=$(ls /var/lib/codka/backups/codka-*.db | tail -1)
[ "$(stat -c '%U %a' "$backup")" = "codka 600" ] || fail "$backup: $(stat -c '%U %a' "$backup")"
[ "$(sqlite3 "$backup" 'pragma integrity_check')" = ok ] || fail "the backup is damaged"
systemctl list-timers codka-backup.timer --no-pager | tee /tmp/timers
grep -q codka-backup.service /tmp/timers || fail "the timer is not scheduled"
# Retention: a copy 15 days old goes at the next run, one 13 days old stays.
sudo -u codka cp "$backup" /var/lib/codka/backups/codka-old-15d.db
sudo -u codka cp "$backup" /var/lib/codka/backups/codka-old-13d.db
touch -d '15 days ago' /var/lib/codka/backups/codka-old-15d.db
touch -d '13 days ago' /var/lib/codka/backups/codka-old-13d.db
sleep 1
systemctl start codka-backup.service
ls -l /var/lib/codka/backups
[ -e /var/lib/codka/backups/codka-old-15d.db ] && fail "a copy older than 14 days was kept"
[ -e /var/lib/codka/backups/codka-old-13d.db ] || fail "a copy younger than 14 days was deleted"
[ "$(ls /var/lib/codka/backups/codka-2*.db | wc -l)" = 2 ] || fail "the second run wrote no new backup"
rm /var/lib/codka/backups/codka-old-13d.db
systemd-analyze security codka-backup --no-pager | tail -1 | sed 's/^→ /FIGURE /'
