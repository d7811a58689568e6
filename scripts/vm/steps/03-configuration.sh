. steps/lib.sh
install -d -m 0755 /etc/codka
install -m 0640 -o root -g codka deploy/codka.env /etc/codka/codka.env
# `editor /etc/codka/codka.env`: the site's https origin (the example name, which resolves to this VM here).
sed -i "s|^PUBLIC_ORIGIN=.*|PUBLIC_ORIGIN=https://$SITE|" /etc/codka/codka.env
grep -q "$SITE" /etc/hosts || echo "127.0.0.1 $SITE" >>/etc/hosts
# check:
[ "$(stat -c '%U:%G %a' /etc/codka/codka.env)" = "root:codka 640" ] || fail "/etc/codka/codka.env's owner or mode"
sudo -u codka test -r /etc/codka/codka.env || fail "the codka user cannot read the env file"
