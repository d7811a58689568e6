. steps/lib.sh
useradd --system --home-dir /var/lib/codka --shell /usr/sbin/nologin codka
install -d -o codka -g codka -m 0700 /var/lib/codka
# check:
[ "$(stat -c '%U:%G %a' /var/lib/codka)" = "codka:codka 700" ] || fail "/var/lib/codka: $(stat -c '%U:%G %a' /var/lib/codka)"
[ "$(getent passwd codka | cut -d: -f7)" = /usr/sbin/nologin ] || fail "codka's shell"
id codka
