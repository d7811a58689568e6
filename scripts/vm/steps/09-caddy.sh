. steps/lib.sh
# `apt install caddy` (the image has it installed but stopped, as Debian's package leaves it after install
# minus its start: the walk starts it here).
systemctl enable --now caddy
cp deploy/Caddyfile /etc/caddy/Caddyfile     # edit the site name
# The one change a test must make: Caddy's own local CA instead of Let's Encrypt (no public DNS here).
sed -i "s/^$SITE {/&\n\ttls internal/" /etc/caddy/Caddyfile
systemctl reload caddy
# check: TLS with Caddy's local CA, the redirect, HSTS and a Secure session cookie from Codka.
ca=/var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt
for _ in $(seq 60); do [ -f "$ca" ] && curl -s --cacert "$ca" "https://$SITE/healthz" >/dev/null && break; sleep 1; done
[ "$(curl -s --cacert "$ca" "https://$SITE/healthz")" = '{"status":"ok"}' ] || fail "no /healthz through Caddy"
curl -s -o /dev/null -w '%{http_code} %{redirect_url}\n' "http://$SITE/healthz" | tee /tmp/redirect
grep -q "^30[18] https://$SITE/healthz" /tmp/redirect || fail "plain http is not redirected to https"
curl -s -D - -o /dev/null --cacert "$ca" "https://$SITE/" | tee /tmp/headers | head -20
grep -qi '^strict-transport-security:' /tmp/headers || fail "no HSTS through Caddy"
# The address Codka logs (the log keeps no query string: a path of its own marks the request) for a request through Caddy is the client's, not a forged X-Forwarded-For.
curl -s -o /dev/null --cacert "$ca" -H 'X-Forwarded-For: 203.0.113.9' "https://$SITE/walk-forged-xff-caddy"
sleep 1
journalctl -u codka --no-pager | grep 'walk-forged-xff-caddy' | grep -q '"ip":"127.0.0.1"' || fail "Codka logged a forged client address"
# Sign-up and sign-in through Caddy (argon2 inside the sandboxed service): a Secure, HttpOnly session cookie.
trpc() {
  curl -s -D - -o /dev/null --cacert "$ca" -H 'content-type: application/json' -H "origin: https://$SITE" \
    -d "{\"json\":$2}" "https://$SITE/trpc/$1"
}
trpc auth.signUp '{"fullName":"Walk Citizen","email":"walk.citizen@codka.example","password":"a-strong-password"}' |
  tee /tmp/signup | grep -i '^set-cookie'
grep -q '^HTTP/2 200' /tmp/signup || fail "sign-up through Caddy: $(head -1 /tmp/signup)"
grep -i '^set-cookie: codka_session=' /tmp/signup | grep -qi 'HttpOnly; Secure' || fail "the session cookie is not Secure and HttpOnly"
trpc auth.signIn '{"email":"chief@codka.example.so","password":"Walk-the-guide-2026"}' >/tmp/signin
grep -q '^HTTP/2 200' /tmp/signin || fail "the System Admin cannot sign in through Caddy: $(head -1 /tmp/signin)"
