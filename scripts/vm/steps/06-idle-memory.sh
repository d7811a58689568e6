. steps/lib.sh
# Resident memory of the running service: idle, then after 60 requests (the landing page, the elections list).
sleep 5
idle=$(rss_mb)
for _ in $(seq 30); do
  curl -s -o /dev/null http://127.0.0.1:3000/
  curl -s -o /dev/null 'http://127.0.0.1:3000/trpc/elections.list'
done
sleep 5
after=$(rss_mb)
pid=$(systemctl show -p MainPID --value codka)
grep -E '^(VmRSS|RssAnon|RssFile)' "/proc/$pid/status"
figure "idle RSS: ${idle} MB; after 60 requests: ${after} MB ($(awk '/^RssFile/ { printf "%.0f", $2 / 1024 }' "/proc/$pid/status") MB of it the executable's own file pages); cgroup MemoryCurrent $(($(systemctl show -p MemoryCurrent --value codka) / 1048576)) MB"
