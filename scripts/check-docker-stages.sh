#!/usr/bin/env bash
# Checks the Dockerfile's stages and compose.yaml's services without a Docker engine: runs the same commands in a
# clean copy of the committed tree, assembles the runner stage's file layout, and starts it as a non-root user
# against Postgres, with Debian's ffmpeg installed as the runner stage installs it (this host is Debian bookworm,
# the image's base). Every stage runs under Node.js 24, the image's runtime (scripts/node24.sh).
# Then the compose stack: each service's command and health check, read from compose.yaml
# (scripts/compose-read.mjs) and run here — the web service (RUN_WORKER=false) and the worker from the runner
# layout on one database, Postgres' pg_isready against this host's server, and nginx with deploy/nginx.conf when
# nginx is installed (skipped, and said so, when it is not).
# Usage: bash scripts/check-docker-stages.sh [postgres admin url]
set -euo pipefail
admin=${1:-postgresql://postgres@127.0.0.1:5432/postgres}
PATH="$(bash "$(dirname "$0")/node24.sh"):$PATH"
echo "node:         $(node --version) (the image's node:24-bookworm-slim)"
work=$(mktemp -d)
server='' worker='' proxy='' db=''
cleanup() {
  kill $server $worker $proxy 2>/dev/null || true
  [ -z "$db" ] || psql "$admin" -qc "drop database if exists $db with (force)" || true
  rm -rf "$work"
}
trap cleanup EXIT
git archive HEAD | tar -x -C "$work" --exclude-from=<(grep -v '^!' .dockerignore) 2>/dev/null || git archive HEAD | tar -x -C "$work"
cd "$work"
echo "stage deps:   npm ci";      npm ci --no-audit --no-fund > deps.log 2>&1
echo "stage build:  next build";  NEXT_TELEMETRY_DISABLED=1 npx next build > build.log 2>&1 && node scripts/build-server.mjs .next/standalone >> build.log 2>&1 && node scripts/build-cli.mjs .next/standalone >> build.log 2>&1
echo "stage runner: assemble /app"
mkdir -p runner && cp -r .next/standalone/. runner/ && mkdir -p runner/.next && cp -r .next/static runner/.next/static
cp -r public drizzle runner/ && mkdir -p runner/content && cp -r content/demo runner/content/demo
# Media summaries run Debian's ffmpeg in the image: the runner stage must install it…
runner_stage=$(awk '/^FROM .* AS runner/{on=1} on' Dockerfile)
grep -q 'apt-get install -y --no-install-recommends ffmpeg' <<< "$runner_stage" \
  || { echo "the Dockerfile's runner stage does not install Debian's ffmpeg"; exit 1; }
if [ ! -x /usr/bin/ffmpeg ]; then
  echo "stage runner: apt-get install ffmpeg"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ffmpeg) > apt.log 2>&1
fi
echo "ffmpeg:       /usr/bin/ffmpeg ($(/usr/bin/ffmpeg -version | head -1 | cut -c1-40))"
# …and the build still copies in the one @ffmpeg-installer ships, the last resort of a bare `npm start`.
bundled="runner/node_modules/@ffmpeg-installer/$(node -p 'process.platform + "-" + process.arch')/ffmpeg"
[ -x "$bundled" ] || { echo "ffmpeg is missing from the runner layout ($bundled)"; exit 1; }
db="shiyue_docker_$$"
psql "$admin" -qc "create database $db"
url="${admin%/*}/$db"
port=3499
# The image runs as `node`; here any unprivileged user stands in for it. Its /tmp is $work/tmp.
user=node; id node >/dev/null 2>&1 || user=nobody
chmod 755 "$work"; chown -R "$user" runner; mkdir -m 700 tmp; chown "$user" tmp
run_as=(setpriv --reuid="$user" --regid="$(id -g "$user")" --clear-groups)
# The image's ENV and what every deployment must give it (DATABASE_URL, AUTH_SECRET, SITE_URL).
app_env=(NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 NEXT_MANUAL_SIG_HANDLE=true REQUIRE_DATABASE_URL=true
  DATABASE_URL="$url" AUTH_SECRET="$(head -c 48 /dev/urandom | base64)" SITE_URL=https://shiyue.example.com)
echo "without DATABASE_URL (must exit 1):"
(cd runner && env NODE_ENV=production REQUIRE_DATABASE_URL=true PORT=$port "${run_as[@]}" node server.js) && exit 1 || true
cd runner

echo "── one container (docker run: the image's CMD, background work in the web process)"
env "${app_env[@]}" HOSTNAME=127.0.0.1 PORT=$port "${run_as[@]}" node server.js > ../server.log 2>&1 &
server=$!
for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$port/api/ready" > /dev/null && break; sleep 1; done
echo "health:  $(curl -s http://127.0.0.1:$port/api/health)"
echo "ready:   $(curl -s http://127.0.0.1:$port/api/ready)"
feed() { curl -s "$1/api/v1/articles/?page=1&limit=20" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const d=JSON.parse(s).data;console.log(d.items.length+" items, total "+d.total)})'; }
echo "feed:    $(feed "http://127.0.0.1:$port")"
echo "user:    $(ps -o user= -p $server)"
# The start-up log names the ffmpeg that runs: Debian's, found on PATH ahead of the bundled build.
debian_ffmpeg() {
  for _ in $(seq 1 20); do grep -q '"msg":"ffmpeg' "$1" && break; sleep 1; done
  grep '"msg":"ffmpeg' "$1" | grep -q '"source":"PATH".*"path":"/usr/bin/ffmpeg"\|"path":"/usr/bin/ffmpeg".*"source":"PATH"' \
    || { echo "$2 does not run Debian's ffmpeg: $(grep '"msg":"ffmpeg' "$1")"; exit 1; }
  echo "ffmpeg:  $(grep -o '"path":"[^"]*","source":"[^"]*","version":"[^"]*' "$1" | cut -c1-120)"
}
debian_ffmpeg ../server.log "the server"
# The tools an operator runs with docker exec, as the image's user, while the server runs.
echo "admin:   $(env DATABASE_URL="$url" "${run_as[@]}" npm run --silent admin -- list 2>&1 | grep -v '^npm warn' | head -1)"
echo "feeds:   $(env DATABASE_URL="$url" "${run_as[@]}" npm run --silent feeds -- list 2>&1 | grep -v '^npm warn' | tail -1)"
kill $server; wait $server 2>/dev/null || true; server=''

echo "── compose.yaml (docker compose up: each service's command and health check, as the file says)"
# compose-read stops the script (set -e) when the file no longer has what is asked for.
compose() { node ../scripts/compose-read.mjs ../compose.yaml "$@" > ../compose.out && mapfile -d '' -t got < ../compose.out; }
compose services
[ "${got[*]}" = "postgres web worker proxy" ] || { echo "compose.yaml's services are ${got[*]}; this script checks postgres web worker proxy"; exit 1; }
compose argv web command;                  web_cmd=("${got[@]}")
compose argv web healthcheck.test;         web_health=("${got[@]}")
compose value web environment.RUN_WORKER;  [ "${got[0]}" = false ] || { echo "compose.yaml's web service must set RUN_WORKER=false"; exit 1; }
compose value web environment.TRUSTED_PROXIES; proxies=${got[0]}
compose argv worker command;               worker_cmd=("${got[@]}")
compose argv worker healthcheck.test;      worker_health=("${got[@]}")
compose value worker environment.WORKER_HEARTBEAT_FILE; alive="$work/tmp/$(basename "${got[0]}")"
compose argv postgres healthcheck.test;    pg_health=("${got[@]}")
compose value postgres image;              pg_image=${got[0]}
compose argv proxy healthcheck.test;       proxy_health=("${got[@]}")
# `npm run worker` in the image is the same command (scripts/build-cli.mjs writes it into package.json).
npm_worker=$(node -p 'require("./package.json").scripts.worker')
[ "${worker_cmd[*]}" = "$npm_worker" ] || { echo "compose.yaml's worker command (${worker_cmd[*]}) is not npm run worker's ($npm_worker)"; exit 1; }
# Runs a health check (the container's environment, the image's user) until it passes, at most $1 times.
healthy() { local tries=$1; shift; for _ in $(seq 1 "$tries"); do "$@" > /dev/null 2>&1 && return 0; sleep 1; done; return 1; }

pg_version=$(psql "$admin" -Atc 'show server_version')
[ "${pg_image%%[.-]*}" = "postgres:${pg_version%%.*}" ] || { echo "compose.yaml runs $pg_image; this server is PostgreSQL $pg_version"; exit 1; }
pg_out=$(env PGPORT="$(node -p 'new URL(process.argv[1]).port || 5432' "$admin")" "${pg_health[@]}") \
  || { echo "postgres: health check failed: ${pg_health[*]}: $pg_out"; exit 1; }
echo "postgres: ${pg_health[*]} → $pg_out ($pg_image; this server $pg_version)"

web_env=("${app_env[@]}" HOSTNAME=127.0.0.1 PORT=$port RUN_WORKER=false TRUSTED_PROXIES="$proxies")
env "${web_env[@]}" "${run_as[@]}" "${web_cmd[@]}" > ../web.log 2>&1 &
server=$!
healthy 60 env "${web_env[@]}" "${run_as[@]}" "${web_health[@]}" || { echo "web: health check failed: ${web_health[*]}"; tail -5 ../web.log; exit 1; }
echo "web:      ${web_cmd[*]} (RUN_WORKER=false, TRUSTED_PROXIES=$proxies) → healthy: $(curl -s http://127.0.0.1:$port/api/ready)"

worker_env=("${app_env[@]}" WORKER_HEARTBEAT_FILE="$alive")
# Before any worker runs its check must fail, or it proves nothing.
! env "${worker_env[@]}" "${run_as[@]}" "${worker_health[@]}" || { echo "worker: health check passes with no worker running"; exit 1; }
env "${worker_env[@]}" "${run_as[@]}" "${worker_cmd[@]}" > ../worker.log 2>&1 &
worker=$!
healthy 60 env "${worker_env[@]}" "${run_as[@]}" "${worker_health[@]}" || { echo "worker: health check failed"; tail -5 ../worker.log; exit 1; }
grep -q '"msg":"worker started"' ../worker.log || { echo "worker: no start-up line"; tail -5 ../worker.log; exit 1; }
echo "worker:   ${worker_cmd[*]} → healthy (heartbeat $(cat "$alive"))"
debian_ffmpeg ../worker.log "the worker"
! grep -q '"msg":"ffmpeg' ../web.log || { echo "web: runs background work although RUN_WORKER=false"; exit 1; }
echo "web:      no background work of its own (RUN_WORKER=false)"
kill -TERM $worker; rc=0; wait $worker || rc=$?; worker=''
[ $rc = 0 ] || { echo "worker: exit code $rc on SIGTERM"; tail -5 ../worker.log; exit 1; }
! env "${worker_env[@]}" "${run_as[@]}" "${worker_health[@]}" || { echo "worker: still healthy after it stopped"; exit 1; }
echo "worker:   SIGTERM → exit 0, health check fails once stopped"

# compose.yaml mounts deploy/nginx.conf as nginx's whole configuration.
grep -q '\./deploy/nginx\.conf:/etc/nginx/nginx\.conf' ../compose.yaml || { echo "compose.yaml's proxy no longer mounts deploy/nginx.conf"; exit 1; }
if ! command -v nginx > /dev/null; then
  echo "proxy:    skipped: nginx is not installed (apt-get install nginx to check deploy/nginx.conf)"
else
  nginx -t -q -c "$work/deploy/nginx.conf" -g "pid $work/nginx.pid;"
  echo "proxy:    nginx -t: deploy/nginx.conf is valid ($(nginx -v 2>&1 | cut -d' ' -f3))"
  if [ "$(id -u)" != 0 ]; then
    echo "proxy:    skipped running nginx: needs root"
  else
    # The same configuration, on a loopback port and pointed at the web server above instead of Docker's `web`.
    pport=3498
    sed -e "s/^\( *\)listen 80;/\1listen 127.0.0.1:$pport;/" -e "s/set \$web web:3000;/set \$web 127.0.0.1:$port;/" \
      ../deploy/nginx.conf > ../nginx.local.conf
    [ "$(grep -c "listen 127.0.0.1:$pport;\|set \$web 127.0.0.1:$port;" ../nginx.local.conf)" = 2 ] \
      || { echo "deploy/nginx.conf no longer has 'listen 80;' and 'set \$web web:3000;'"; exit 1; }
    nginx -c "$work/nginx.local.conf" -g "pid $work/nginx.pid; daemon off;" > ../nginx.log 2>&1 &
    proxy=$!
    health=("${proxy_health[@]/#http:\/\/127.0.0.1\//http://127.0.0.1:$pport/}")
    [ "${health[*]}" != "${proxy_health[*]}" ] || { echo "proxy: health check no longer asks http://127.0.0.1/"; exit 1; }
    if command -v "${health[0]}" > /dev/null; then
      healthy 10 "${health[@]}" || { echo "proxy: health check failed: ${health[*]}"; cat ../nginx.log; exit 1; }
      echo "proxy:    ${proxy_health[*]} → healthy"
    else
      echo "proxy:    skipped its health check: ${health[0]} is not installed"
    fi
    echo "proxy:    feed through nginx: $(feed "http://127.0.0.1:$pport"), TRACE → $(curl -s -o /dev/null -w '%{http_code}' -X TRACE "http://127.0.0.1:$pport/")"
    home=$(curl -s -o /dev/null -w '%{http_code} %{size_header}' "http://127.0.0.1:$pport/")
    [ "${home% *}" = 200 ] || { echo "proxy: the home page through nginx answers ${home% *}"; tail -3 ../nginx.log; exit 1; }
    echo "proxy:    home page through nginx: 200 (${home#* } bytes of headers)"
    id=$(curl -s -D - -o /dev/null "http://127.0.0.1:$pport/api/health" | tr -d '\r' | sed -n 's/^x-request-id: //Ip')
    for _ in $(seq 1 10); do grep -q "\"request_id\":\"$id\"" ../nginx.log && break; sleep 0.2; done
    grep -q "\"request_id\":\"$id\"" ../nginx.log || { echo "proxy: the app's X-Request-Id ($id) is not nginx's"; exit 1; }
    echo "proxy:    X-Request-Id $id in nginx's log and the app's answer"
    # The per-client limits: a burst of 200 health checks from one address at once meets nginx's own 429s.
    codes=$(seq 1 200 | xargs -P 50 -I{} curl -s -o /dev/null -w '%{http_code}\n' "http://127.0.0.1:$pport/api/health" | sort | uniq -c | tr -s ' ' | tr '\n' ',')
    echo "$codes" | grep -q ' 429' || { echo "proxy: 200 requests at once from one address met no 429 ($codes)"; exit 1; }
    echo "proxy:    200 requests at once from one address: $codes"
    kill $proxy; wait $proxy || true; proxy=''
  fi
fi
kill -TERM $server; rc=0; wait $server || rc=$?; server=''
[ $rc = 0 ] || { echo "web: exit code $rc on SIGTERM"; tail -5 ../web.log; exit 1; }
echo "web:      SIGTERM → exit 0"
