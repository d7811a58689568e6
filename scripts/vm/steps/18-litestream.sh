. steps/lib.sh
# Litestream is not in Debian's archive (nor on the npm registry); this VM cannot fetch its .deb from GitHub.
apt-cache policy litestream | tee /tmp/litestream
figure "litestream in Debian 12: $( [ -s /tmp/litestream ] && echo "$(cat /tmp/litestream | head -3 | tr '\n' ' ')" || echo 'no such package')"
command -v litestream && exit 0
echo "SKIPPED: Litestream is not installable here; docs/deploy.md says its section is untested"
exit 77
