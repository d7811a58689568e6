# Sourced by every step (run as root in the VM, from the folder holding the release and deploy/).
# The guide's commands are written as the guide writes them; lines after `# check:` verify their result.
fail() {
  echo "FAILED: $*"
  exit 1
}
# A line the walk collects into its figures.
figure() { echo "FIGURE $*"; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
# Waits for Codka's /healthz on loopback (emulated machines are slow: up to 180 s).
wait_healthz() {
  for _ in $(seq 900); do
    [ "$(curl -s http://127.0.0.1:3000/healthz)" = '{"status":"ok"}' ] && return 0
    sleep 0.2
  done
  fail "no /healthz within 180 s"
}
rss_mb() { awk '/^VmRSS/ { printf "%.0f", $2 / 1024 }' "/proc/$(systemctl show -p MainPID --value codka)/status"; }
ENV_FILE=/etc/codka/codka.env
# The site's name resolves to this VM (DNS stands in for a real site).
SITE=codka.example.so
