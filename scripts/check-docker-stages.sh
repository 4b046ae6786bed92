#!/usr/bin/env bash
# Checks the Dockerfile's stages without a Docker engine: runs the same commands in a clean copy of the
# committed tree, assembles the runner stage's file layout, and starts it as a non-root user against
# Postgres, with Debian's ffmpeg installed as the runner stage installs it (this host is Debian bookworm, the
# image's base). Every stage runs under Node.js 24, the image's runtime (scripts/node24.sh).
# Usage: bash scripts/check-docker-stages.sh [postgres admin url]
set -euo pipefail
admin=${1:-postgresql://postgres@127.0.0.1:5432/postgres}
PATH="$(bash "$(dirname "$0")/node24.sh"):$PATH"
echo "node:         $(node --version) (the image's node:24-bookworm-slim)"
work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
git archive HEAD | tar -x -C "$work" --exclude-from=<(grep -v '^!' .dockerignore) 2>/dev/null || git archive HEAD | tar -x -C "$work"
cd "$work"
echo "stage deps:   npm ci";      npm ci --no-audit --no-fund > deps.log 2>&1
echo "stage build:  next build";  NEXT_TELEMETRY_DISABLED=1 npx next build > build.log 2>&1 && node scripts/build-cli.mjs .next/standalone >> build.log 2>&1
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
# The image runs as `node`; here any unprivileged user stands in for it.
user=node; id node >/dev/null 2>&1 || user=nobody
chmod 755 "$work"; chown -R "$user" runner
run_as=(setpriv --reuid="$user" --regid="$(id -g "$user")" --clear-groups)
echo "without DATABASE_URL (must exit 1):"
(cd runner && env NODE_ENV=production REQUIRE_DATABASE_URL=true PORT=$port "${run_as[@]}" node server.js) && exit 1 || true
cd runner
env NODE_ENV=production REQUIRE_DATABASE_URL=true HOSTNAME=127.0.0.1 PORT=$port DATABASE_URL="$url" \
  AUTH_SECRET=$(head -c 48 /dev/urandom | base64) "${run_as[@]}" node server.js > ../server.log 2>&1 &
server=$!
for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$port/api/ready" > /dev/null && break; sleep 1; done
echo "health:  $(curl -s http://127.0.0.1:$port/api/health)"
echo "ready:   $(curl -s http://127.0.0.1:$port/api/ready)"
echo "feed:    $(curl -s "http://127.0.0.1:$port/api/v1/articles/?page=1&limit=20" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const d=JSON.parse(s).data;console.log(d.items.length+" items, total "+d.total)})')"
echo "user:    $(ps -o user= -p $server)"
# The start-up log names the ffmpeg that runs: Debian's, found on PATH ahead of the bundled build.
for _ in $(seq 1 20); do grep -q '"msg":"ffmpeg' ../server.log && break; sleep 1; done
grep '"msg":"ffmpeg' ../server.log | grep -q '"source":"PATH".*"path":"/usr/bin/ffmpeg"\|"path":"/usr/bin/ffmpeg".*"source":"PATH"' \
  || { echo "the server does not run Debian's ffmpeg: $(grep '"msg":"ffmpeg' ../server.log)"; exit 1; }
echo "ffmpeg:  $(grep -o '"path":"[^"]*","source":"[^"]*","version":"[^"]*' ../server.log | cut -c1-120)"
# The tools an operator runs with docker exec, as the image's user, while the server runs.
echo "admin:   $(env DATABASE_URL="$url" "${run_as[@]}" npm run --silent admin -- list 2>&1 | grep -v '^npm warn' | head -1)"
echo "feeds:   $(env DATABASE_URL="$url" "${run_as[@]}" npm run --silent feeds -- list 2>&1 | grep -v '^npm warn' | tail -1)"
kill $server; wait $server 2>/dev/null || true
psql "$admin" -qc "drop database $db with (force)"
