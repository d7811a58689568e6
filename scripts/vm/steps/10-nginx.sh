. steps/lib.sh
# The nginx alternative (Caddy stopped: both want ports 80 and 443). `apt install nginx certbot
# python3-certbot-nginx`; certbot needs public DNS, so a self-signed certificate stands in for it at the
# paths `certbot certonly` writes.
systemctl stop caddy
# Afterwards, pass or fail: back to Caddy, the guide's first choice (step 17 checks it after a reboot).
trap 'systemctl disable --now nginx; systemctl start caddy' EXIT
systemctl enable --now nginx     # as `apt install nginx` leaves it: running Debian's default site
# Why the guide gets the certificate first: with the site in place and no certificate, nginx refuses to load.
cp deploy/nginx-codka.conf /etc/nginx/sites-available/codka
ln -s /etc/nginx/sites-available/codka /etc/nginx/sites-enabled/codka
nginx -t 2>&1 | tee /tmp/nginx-t && fail "nginx -t accepted a site without its certificate"
grep -q 'cannot load certificate' /tmp/nginx-t || fail "nginx -t failed for another reason"
rm /etc/nginx/sites-enabled/codka /etc/nginx/sites-available/codka
install -d -m 0755 /etc/letsencrypt/live/$SITE
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=$SITE" -addext "subjectAltName=DNS:$SITE" \
  -keyout /etc/letsencrypt/live/$SITE/privkey.pem -out /etc/letsencrypt/live/$SITE/fullchain.pem 2>/dev/null
cp deploy/nginx-codka.conf /etc/nginx/sites-available/codka
ln -s /etc/nginx/sites-available/codka /etc/nginx/sites-enabled/codka
nginx -t && systemctl reload nginx
# check:
cert=/etc/letsencrypt/live/$SITE/fullchain.pem
sleep 1
[ "$(curl -s --cacert "$cert" "https://$SITE/healthz")" = '{"status":"ok"}' ] || fail "no /healthz through nginx"
curl -s -o /dev/null -w '%{http_code} %{redirect_url}\n' "http://$SITE/healthz" | tee /tmp/redirect
grep -q "^301 https://$SITE/healthz" /tmp/redirect || fail "plain http is not redirected to https"
curl -s -o /dev/null --cacert "$cert" -H 'X-Forwarded-For: 203.0.113.9' "https://$SITE/walk-forged-xff-nginx"
sleep 1
journalctl -u codka --no-pager | grep 'walk-forged-xff-nginx' | grep -q '"ip":"127.0.0.1"' || fail "Codka logged a forged client address"
