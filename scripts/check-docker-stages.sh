#!/usr/bin/env bash
# Checks the Dockerfile's stages without a Docker engine: runs the same commands in a clean copy of the
# committed tree, assembles the runner stage's file layout, and starts it as a non-root user against
# Postgres. Every stage runs under Node.js 24, the image's runtime (scripts/node24.sh).
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
# Media summaries run the ffmpeg that @ffmpeg-installer ships; the build must have copied it in, executable.
ffmpeg="runner/node_modules/@ffmpeg-installer/$(node -p 'process.platform + "-" + process.arch')/ffmpeg"
[ -x "$ffmpeg" ] || { echo "ffmpeg is missing from the runner layout ($ffmpeg)"; exit 1; }
echo "ffmpeg:       ${ffmpeg#runner/} ($("$ffmpeg" -version | head -1 | cut -c1-40))"
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
# The tools an operator runs with docker exec, as the image's user, while the server runs.
echo "admin:   $(env DATABASE_URL="$url" "${run_as[@]}" npm run --silent admin -- list 2>&1 | grep -v '^npm warn' | head -1)"
echo "feeds:   $(env DATABASE_URL="$url" "${run_as[@]}" npm run --silent feeds -- list 2>&1 | grep -v '^npm warn' | tail -1)"
kill $server; wait $server 2>/dev/null || true
psql "$admin" -qc "drop database $db with (force)"
