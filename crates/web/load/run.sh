#!/usr/bin/env bash
# The web server's load figures (docs/web.md, "Load test"), by hand, never in CI:
#   bash crates/web/load/run.sh [SECONDS]
# Builds the release server and crates/web/examples/load.rs, then against a fresh server
# each time: (1) 1,000 live games played over 32 connections while 200 slow clients
# (slow heads and slow bodies) attack, with the documented timeouts; (2) 200 first
# requests at once for Pig's largest solved table. After each, the server's resident
# memory (VmRSS, and its peak VmHWM) from /proc.
set -euo pipefail
cd "$(dirname "$0")/../../.."
seconds=${1:-20}
target=${CARGO_TARGET_DIR:-target}
cargo build --release --locked -p cardgames-web --bin cardgames-web --example load
web="$target/release/cardgames-web"
load="$target/release/examples/load"
port=18090

memory() {
  grep -E '^(VmRSS|VmHWM)' "/proc/$1/status" | tr -s ' \t' ' ' | paste -sd ';'
}

run_server() {
  "$web" --port "$port" --games-per-client 10000 --connections-per-client 512 "$@" >/dev/null &
  server=$!
  for _ in $(seq 50); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then return; fi
    sleep 0.1
  done
  echo "the server did not start" >&2; exit 1
}

stop_server() {
  kill -TERM "$server"; wait "$server" || true
  server=
}
server=
trap '[ -n "$server" ] && kill -TERM "$server"' EXIT

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== 1000 live games, 32 connections, ${seconds} s, 200 slow clients (default timeouts: 10 s)"
run_server
"$load" "127.0.0.1:$port" 1000 32 "$seconds" 200
echo "server memory: $(memory "$server")"
stop_server

echo "== the same without the slow clients"
run_server
"$load" "127.0.0.1:$port" 1000 32 "$seconds" 0
echo "server memory: $(memory "$server")"
stop_server

echo "== 200 cold Pig starts at once (two dice, to 100)"
run_server
echo "server memory before: $(memory "$server")"
"$load" "127.0.0.1:$port" cold-pig 200
echo "server memory after: $(memory "$server")"
stop_server
