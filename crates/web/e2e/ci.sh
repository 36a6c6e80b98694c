#!/usr/bin/env bash
# The browser test of the web page, as .ci/run runs it: installs what is missing
# (Debian's chromium, node and npm, playwright-core from package-lock.json), builds and
# starts the server on a free port, plays a whole game of each of the four games in
# headless Chromium by clicking, and stops the server. Fails if any of it fails.
#
#   bash crates/web/e2e/ci.sh [SCREENSHOT_DIR]
#
# Screenshots go to a temporary folder unless a folder is given (docs/web to refresh
# the ones in docs/web.md).
set -euo pipefail
cd "$(dirname "$0")/../../.."

started=$SECONDS
if [ ! -x /usr/bin/chromium ] || ! command -v npm >/dev/null 2>&1; then
  missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
  echo "web e2e: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
(cd crates/web/e2e && npm ci --no-audit --no-fund --loglevel=error >/dev/null)

cargo build -p cardgames-web -p pig --locked --quiet
target_dir=${CARGO_TARGET_DIR:-target}
shots=${1:-$(mktemp -d)}
log=$(mktemp)

# Port 0: the server takes a free port and prints its address.
"$target_dir/debug/cardgames-web" --port 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"' EXIT

base=
for _ in $(seq 1 100); do
  base=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$log" || true)
  [ -n "$base" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; echo "web e2e: the server did not start" >&2; exit 1; }
  sleep 0.1
done
[ -n "$base" ] || { cat "$log" >&2; echo "web e2e: the server printed no address" >&2; exit 1; }

# PIG: the terminal game, whose `--record FILE` the page must open.
PIG="$target_dir/debug/pig" node crates/web/e2e/play.mjs "$base" "$shots"
echo "web e2e: done in $((SECONDS - started)) s (screenshots in $shots)"
