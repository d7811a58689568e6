. steps/lib.sh
file=$(ls codka-*-linux-x64)
# Step 1 of the guide.
sha256sum -c SHA256SUMS
install -m 0755 "$file" /usr/local/bin/codka
codka version
# check:
codka version | grep -q "Node.js v24" || fail "codka version does not name Node.js 24"
[ "$(stat -c %a /usr/local/bin/codka)" = 755 ] || fail "mode of /usr/local/bin/codka"
