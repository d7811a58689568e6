. steps/lib.sh
# The nginx alternative (Caddy stopped: both want ports 80 and 443). `apt install nginx certbot
# python3-certbot-nginx`; certbot needs public DNS, so a self-signed certificate stands in for it at the
# paths certbot writes.
systemctl stop caddy
install -d -m 0755 /etc/letsencrypt/live/$SITE
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=$SITE" -addext "subjectAltName=DNS:$SITE" \
  -keyout /etc/letsencrypt/live/$SITE/privkey.pem -out /etc/letsencrypt/live/$SITE/fullchain.pem 2>/dev/null
cp deploy/nginx-codka.conf /etc/nginx/sites-available/codka
ln -s /etc/nginx/sites-available/codka /etc/nginx/sites-enabled/codka
systemctl enable --now nginx
nginx -t && systemctl reload nginx
# check:
cert=/etc/letsencrypt/live/$SITE/fullchain.pem
sleep 1
[ "$(curl -s --cacert "$cert" "https://$SITE/healthz")" = '{"status":"ok"}' ] || fail "no /healthz through nginx"
curl -s -o /dev/null -w '%{http_code} %{redirect_url}\n' "http://$SITE/healthz" | tee /tmp/redirect
grep -q "^301 https://$SITE/healthz" /tmp/redirect || fail "plain http is not redirected to https"
curl -s -o /dev/null --cacert "$cert" -H 'X-Forwarded-For: 203.0.113.9' "https://$SITE/healthz?from=nginx"
sleep 1
journalctl -u codka --no-pager | grep 'from=nginx' | grep -q '"ip":"127.0.0.1"' || fail "Codka logged a forged client address"
# Back to Caddy, the guide's first choice.
systemctl disable --now nginx
systemctl start caddy
