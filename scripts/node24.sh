#!/usr/bin/env bash
# Prints the bin folder of Node.js 24, the production runtime (the container's), fetching the official
# binary the first time from the npm registry's node-linux-<arch> package into .cache/ (git-ignored, kept
# between runs). Nothing else is downloaded. Usage: PATH="$(bash scripts/node24.sh):$PATH" npm …
set -euo pipefail
NODE24_VERSION=24.21.0
root=$(cd "$(dirname "$0")/.." && pwd)
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "node24: no node-linux package for $(uname -m)" >&2; exit 1 ;;
esac
dir="$root/.cache/node-v$NODE24_VERSION-linux-$arch"
if [ ! -x "$dir/bin/node" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack "node-linux-$arch@$NODE24_VERSION" --silent > /dev/null)
  mkdir -p "$dir.partial"
  tar -xzf "$tmp/node-linux-$arch-$NODE24_VERSION.tgz" -C "$dir.partial" --strip-components=1 package/bin/node package/LICENSE
  rm -rf "$dir" && mv "$dir.partial" "$dir"
fi
[ "$("$dir/bin/node" --version)" = "v$NODE24_VERSION" ] || { echo "node24: $dir/bin/node is not v$NODE24_VERSION" >&2; exit 1; }
echo "$dir/bin"
