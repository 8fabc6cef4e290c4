#!/usr/bin/env bash
# The deployment kit, run for real on loopback: a pruned production release of the built dist/,
# two app processes on PostgreSQL (NODE_ENV=production) behind deploy/nginx/venue.conf with a
# locally generated certificate. Checks what a venue's technician would: the site answers over
# HTTPS from both processes, the first admin (created with the production create-admin) signs in
# with Secure cookies, throttling sees the real client address and not a forged X-Forwarded-For,
# and a backup taken while the site runs restores into an empty database.
#
#   deploy/test/run.sh            (after `npm run build`; CI runs it from .ci/run)
# Settings: NODE (the node binary the app runs on, default `node`), DEPLOY_TEST_PORTS ("3206 3207"),
# DEPLOY_TEST_HTTPS_PORT (8443), DEPLOY_TEST_HTTP_PORT (8080), PGSERVER (postgres://postgres@127.0.0.1:5432).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
NODE=${NODE:-node}
read -r -a APP_PORTS <<<"${DEPLOY_TEST_PORTS:-3206 3207}"
HTTPS_PORT=${DEPLOY_TEST_HTTPS_PORT:-8443}
HTTP_PORT=${DEPLOY_TEST_HTTP_PORT:-8080}
PGSERVER=${PGSERVER:-postgres://postgres@127.0.0.1:5432}
SITE=https://localhost:$HTTPS_PORT

fail() { printf '\033[31mFAIL\033[0m %s\n' "$*" >&2; exit 1; }
pass() { printf '\033[32mok\033[0m   %s\n' "$*"; }

[ -f dist/server/main.js ] && [ -f dist/client/index.html ] || fail "no build: run npm run build first"
command -v nginx >/dev/null || fail "nginx is missing (apt-get install nginx-light)"

WORK=$(mktemp -d /tmp/venue-deploy-test.XXXXXX)
chmod 755 "$WORK"
SUFFIX=$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')
DB=deploy_test_$SUFFIX
RESTORED_DB=${DB}_restored
PIDS=()
cleanup() {
  local status=$?
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  [ -f "$WORK/nginx/nginx.pid" ] && kill "$(cat "$WORK/nginx/nginx.pid")" 2>/dev/null || true
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "$status" -ne 0 ]; then
    for log in "$WORK"/app-*.log "$WORK/nginx/error.log"; do
      [ -f "$log" ] && { echo "--- $log"; tail -n 30 "$log"; }
    done
  fi
  psql "$PGSERVER/postgres" -qc "drop database if exists $DB with (force)" -c "drop database if exists $RESTORED_DB with (force)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# --- The release: what docs/deployment.md builds, pruned to production dependencies ---------------
RELEASE=$WORK/release
mkdir -p "$RELEASE"
cp -r package.json package-lock.json drizzle dist "$RELEASE/"
# A hard-linked copy of node_modules (fast, no network), then npm's own prune, as on the server.
cp -al node_modules "$RELEASE/node_modules"
(cd "$RELEASE" && npm prune --omit=dev --no-audit --no-fund >/dev/null 2>&1) || fail "npm prune --omit=dev failed"
# What prune keeps of the dev tools is there only because better-auth declares optional peers
# (vitest, drizzle-kit, and what they pull in: "devOptional" in the lockfile). Remove it too, so
# every check below proves the release needs nothing but its production dependencies.
(cd "$RELEASE" && node -e '
  const lock = require("./package-lock.json");
  for (const [path, entry] of Object.entries(lock.packages))
    if (entry.devOptional) console.log(path);' | xargs -r rm -rf)
for dev in vitest tsx vite typescript @biomejs/biome drizzle-kit esbuild; do
  [ ! -e "$RELEASE/node_modules/$dev" ] || fail "the pruned release still holds the dev dependency $dev"
done
pass "release pruned to production dependencies ($(du -sh "$RELEASE/node_modules" | cut -f1) of node_modules)"

# --- Database, secrets, certificate ------------------------------------------------------------
psql "$PGSERVER/postgres" -qc "create database $DB" -c "create database $RESTORED_DB" >/dev/null
export NODE_ENV=production TRUST_PROXY=true PUBLIC_URL=$SITE HOST=127.0.0.1 LOG_LEVEL=warn
export DATABASE_URL=$PGSERVER/$DB DATA_DIR=$WORK/data STORAGE_DIR=$WORK/data/storage
export AUTH_SECRET=$(openssl rand -hex 32)
# Configured as a real venue is (Stripe and SMTP set), pointed at a closed local port: nothing in
# these checks pays or mails, and nothing leaves the machine.
export STRIPE_SECRET_KEY=sk_test_deploy STRIPE_WEBHOOK_SECRET=whsec_deploy STRIPE_API_BASE=http://127.0.0.1:9
export SMTP_HOST=127.0.0.1 SMTP_PORT=9 MAIL_FROM="Venue <bookings@venue.test>"
mkdir -p "$DATA_DIR"

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost" -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null
CURL=(curl -sS --cacert "$WORK/cert.pem" --resolve "localhost:$HTTPS_PORT:127.0.0.1" --max-time 20)

# --- The first admin, from the production tree's command, password on stdin -------------------------
ADMIN_EMAIL=owner@venue.test
ADMIN_PASSWORD=deploy-$(openssl rand -hex 8)
out=$(cd "$RELEASE" && printf '%s\n' "$ADMIN_PASSWORD" | "$NODE" dist/server/cli/create-admin.js --email "$ADMIN_EMAIL" --name "Riley Owner")
[[ $out == *"Admin account created: $ADMIN_EMAIL"* ]] || fail "create-admin: $out"
again=$(cd "$RELEASE" && printf '%s\n' "$ADMIN_PASSWORD" | "$NODE" dist/server/cli/create-admin.js --email "$ADMIN_EMAIL" --name "Riley Owner" 2>&1) && fail "create-admin accepted an existing email"
[[ $again == *"already exists"* ]] || fail "create-admin on an existing email said: $again"
pass "first admin created with node dist/server/cli/create-admin.js (a second time refused)"

# --- Two app processes, started as systemd's ExecStart does (node itself, no wrapper) -------------
for port in "${APP_PORTS[@]}"; do
  (cd "$RELEASE" && exec env PORT="$port" "$NODE" --enable-source-maps dist/server/main.js) >"$WORK/app-$port.log" 2>&1 &
  PIDS+=($!)
done

# --- nginx with deploy/nginx/venue.conf, moved onto loopback ports and the test certificate --------
mkdir -p "$WORK/nginx/tmp"
chmod 777 "$WORK/nginx/tmp"
upstreams=""
for port in "${APP_PORTS[@]}"; do upstreams+="    server 127.0.0.1:$port max_fails=2 fail_timeout=10s;\n"; done
sed -e "/server 127.0.0.1:300[0-9]/d" \
  -e "s|^    least_conn;|    least_conn;\n$upstreams|" \
  -e "/listen \[::\]/d" \
  -e "s|listen 80;|listen 127.0.0.1:$HTTP_PORT;|" \
  -e "s|listen 443 ssl http2;|listen 127.0.0.1:$HTTPS_PORT ssl http2;|" \
  -e "s|server_name booking.example.com;|server_name localhost;|" \
  -e "s|https://\$host\$request_uri|https://\$host:$HTTPS_PORT\$request_uri|" \
  -e "s|/etc/letsencrypt/live/booking.example.com/fullchain.pem|$WORK/cert.pem|" \
  -e "s|/etc/letsencrypt/live/booking.example.com/privkey.pem|$WORK/key.pem|" \
  -e "s|/var/log/nginx/venue.access.log|$WORK/nginx/access.log|" \
  deploy/nginx/venue.conf >"$WORK/nginx/venue.conf"
cat >"$WORK/nginx/nginx.conf" <<CONF
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
worker_processes 1;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path $WORK/nginx/tmp/body;
    proxy_temp_path $WORK/nginx/tmp/proxy;
    fastcgi_temp_path $WORK/nginx/tmp/fastcgi;
    uwsgi_temp_path $WORK/nginx/tmp/uwsgi;
    scgi_temp_path $WORK/nginx/tmp/scgi;
    include $WORK/nginx/venue.conf;
}
CONF
nginx -t -q -c "$WORK/nginx/nginx.conf" -e "$WORK/nginx/error.log" || fail "nginx refused the configuration"
nginx -c "$WORK/nginx/nginx.conf" -e "$WORK/nginx/error.log"

for port in "${APP_PORTS[@]}"; do
  for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
    sleep 0.5
  done
  curl -sf "http://127.0.0.1:$port/api/health" >/dev/null || fail "the app on port $port did not start"
done
pass "${#APP_PORTS[@]} production processes and nginx started"

# --- Health through the proxy: every process answers, and it is the node process itself ---------
declare -A seen=()
for _ in $(seq 1 12); do
  body=$("${CURL[@]}" "$SITE/api/health")
  [[ $body == *'"status":"ok"'* ]] || fail "health through the proxy: $body"
  instance=$(sed -E 's/.*"instance":"([^"]*)".*/\1/' <<<"$body")
  pid=$(sed -E 's/.*"pid":([0-9]+).*/\1/' <<<"$body")
  seen["$instance"]=$pid
done
for i in "${!APP_PORTS[@]}"; do
  port=${APP_PORTS[$i]}
  match=""
  for instance in "${!seen[@]}"; do [[ $instance == *":$port" ]] && match=$instance; done
  [ -n "$match" ] || fail "no answer from the process on port $port through the proxy (saw: ${!seen[*]})"
  [ "${seen[$match]}" = "${PIDS[$i]}" ] || fail "port $port answered from pid ${seen[$match]}, not the node process ${PIDS[$i]} (a wrapper?)"
done
pass "health through https reports each process: ${!seen[*]} (pids ${PIDS[*]}, the node processes themselves)"

redirect=$(curl -sS -o /dev/null -w '%{http_code} %{redirect_url}' "http://127.0.0.1:$HTTP_PORT/book" -H "Host: localhost")
[ "$redirect" = "301 $SITE/book" ] || fail "plain http should redirect to https: $redirect"
pass "http redirects to https"

# --- No secret in any log line; /metrics refused through the proxy (issue 30 items 6 and 12) -------
secret=NotAToken$SUFFIX-0123456789abcdefghijklmnopqrstu
for path in "/manage/$secret" "/api/booking/manage/$secret" "/api/booking/manage/$secret/calendar" "/reset-password?token=$secret"; do
  "${CURL[@]}" -o /dev/null "$SITE$path" || true
done
code=$("${CURL[@]}" -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $secret" "$SITE/metrics")
[ "$code" = 403 ] || fail "/metrics through the proxy answered $code, not 403"
sleep 0.2
grep -q '"GET /api/booking/manage/:token/calendar"' "$WORK/nginx/access.log" || fail "the proxy's log lacks the manage route: $(tail -n 3 "$WORK/nginx/access.log")"
for log in "$WORK/nginx/access.log" "$WORK"/app-*.log; do
  if grep -q "$secret" "$log"; then fail "$log carries a token: $(grep "$secret" "$log" | head -n 1)"; fi
done
pass "no token in the proxy's or the app's log lines; /metrics through the proxy is refused (403)"

# --- Sign-in over HTTPS: Secure cookies, the session works on the next request (any process) ------
jar=$WORK/cookies.txt
headers=$("${CURL[@]}" -D - -o "$WORK/signin.json" -c "$jar" -X POST "$SITE/api/session/sign-in" \
  -H "Origin: $SITE" -H "Content-Type: application/json" \
  --data "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}")
grep -q "^HTTP/[0-9.]* 200" <<<"$headers" || fail "sign-in answered: $(head -n1 <<<"$headers") $(cat "$WORK/signin.json")"
cookies=$(grep -i '^set-cookie:' <<<"$headers") || fail "sign-in set no cookie"
while read -r line; do
  grep -qi '; *secure' <<<"$line" || fail "cookie without Secure: $line"
  grep -qi '; *httponly' <<<"$line" || fail "cookie without HttpOnly: $line"
done <<<"$cookies"
for _ in 1 2 3 4; do
  me=$("${CURL[@]}" -b "$jar" "$SITE/api/session")
  [[ $me == *"\"email\":\"$ADMIN_EMAIL\""* && $me == *'"isAdmin":true'* ]] || fail "the session did not carry to the next request: $me"
done
pass "the admin signs in over https; every cookie is Secure and HttpOnly; the session holds across processes"

# --- Throttling sees the real client, not a forged X-Forwarded-For -------------------------------
# From 127.0.0.7 (a loopback address of its own, so it differs from the proxy's 127.0.0.1), each
# attempt forging a different left-most address: after 5 failures the 6th is refused all the same.
victim=nobody-$SUFFIX@venue.test
for n in 1 2 3 4 5 6; do
  code=$("${CURL[@]}" --interface 127.0.0.7 -o "$WORK/attempt.json" -w '%{http_code}' -X POST "$SITE/api/session/sign-in" \
    -H "Origin: $SITE" -H "Content-Type: application/json" -H "X-Forwarded-For: 198.51.100.$n" \
    --data "{\"email\":\"$victim\",\"password\":\"wrong-password-$n\"}")
  if [ "$n" -le 5 ]; then
    [ "$code" = 401 ] || fail "failed sign-in $n answered $code: $(cat "$WORK/attempt.json")"
  else
    [ "$code" = 429 ] || fail "the 6th guess from one client with forged addresses was not throttled ($code)"
    grep -q "Too many sign-in attempts" "$WORK/attempt.json" || fail "throttle message: $(cat "$WORK/attempt.json")"
  fi
done
ips=$(psql "$DATABASE_URL" -Atc "select string_agg(distinct ip, ',') from login_attempts where email_key = '$victim'")
[ "$ips" = "127.0.0.7" ] || fail "throttling recorded the addresses '$ips', not the real client 127.0.0.7"
pass "throttling keys on the proxy-appended address (127.0.0.7), not the forged X-Forwarded-For; the 6th guess is refused"

# --- Backup while the site runs, restore into an empty database ----------------------------------
mkdir -p "$STORAGE_DIR/events" && printf 'photo-bytes' >"$STORAGE_DIR/events/1763800000000-0123456789ab.png"
archive=$(cd "$RELEASE" && "$NODE" dist/server/cli/backup.js --out "$WORK/backups")
[ -f "$archive" ] || fail "backup printed no archive: $archive"
restored=$(cd "$RELEASE" && DATABASE_URL=$PGSERVER/$RESTORED_DB DATA_DIR=$WORK/restored STORAGE_DIR=$WORK/restored/storage \
  "$NODE" dist/server/cli/restore.js "$archive")
[[ $restored == *"postgres, 1 files"* ]] || fail "restore said: $restored"
for table in users login_attempts courts; do
  a=$(psql "$DATABASE_URL" -Atc "select count(*) from $table")
  b=$(psql "$PGSERVER/$RESTORED_DB" -Atc "select count(*) from $table")
  [ "$a" = "$b" ] || fail "$table: $a rows, $b after restore"
done
cmp -s "$STORAGE_DIR/events/1763800000000-0123456789ab.png" "$WORK/restored/storage/events/1763800000000-0123456789ab.png" || fail "the photo was not restored"
pass "backup while running ($(du -h "$archive" | cut -f1)) restored into an empty database with its files"

# --- Graceful stop: SIGTERM ends each process cleanly ------------------------------------------------
for pid in "${PIDS[@]}"; do kill -TERM "$pid"; done
for pid in "${PIDS[@]}"; do
  status=0
  wait "$pid" || status=$?
  [ "$status" = 0 ] || fail "process $pid exited with $status on SIGTERM"
done
PIDS=()
pass "SIGTERM stops every process with status 0"
echo "deploy test: all checks passed ($("$NODE" --version))"
