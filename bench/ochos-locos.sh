#!/usr/bin/env bash
# Ochos Locos simulation speed (issue 13): completos, 4 players, strategies C N S B.
# Prints, for one thread: the engine's games/s through the real binary and the tight
# loop's (benches/tight_loop.rs, timed beside the engine's worker by the divan bench);
# two threads against one; peak RSS for 10 thousand and 10 million games.
# Run from the repository root: bash bench/ochos-locos.sh [GAMES]  (default 2,000,000)
# With --instructions [GAMES] (default 40,000): instructions a game under callgrind of the
# release binary's simulate (one thread, seed 1) and of the tight loop (examples/tight_loop.rs).
set -euo pipefail
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build --release -q -p ochos-locos --bins --example tight_loop
BIN=$CARGO_TARGET_DIR/release/ochos-locos
if [ "${1:-}" = "--instructions" ]; then
  GAMES=${2:-40000}
  out=$(mktemp -d)
  count() { valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$@" 2>&1 >/dev/null |
    awk -v g="$GAMES" '/Collected/ { gsub(",", "", $4); printf "%.0f", $4 / g }'; }
  echo "engine (simulate completos, 1 thread): $(count "$BIN" simulate completos --games "$GAMES" --threads 1 --seed 1) instructions a game"
  echo "tight loop:                            $(count "$CARGO_TARGET_DIR/release/examples/tight_loop" "$GAMES") instructions a game"
  rm -r "$out"
  exit 0
fi
GAMES=${1:-2000000}
sim() { "$BIN" simulate completos --seed 1 --games "$@" >/dev/null; }
# Best of three wall-clock times of a command, in seconds.
best() {
  local best=
  for _ in 1 2 3; do
    local start end t
    start=$(date +%s.%N); "$@"; end=$(date +%s.%N)
    t=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
    if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
  done
  echo "$best"
}
rate() { awk -v g="$GAMES" -v t="$1" 'BEGIN { printf "%.0f", g / t }'; }
one=$(best sim "$GAMES" --threads 1)
echo "engine, binary, 1 thread:  $(rate "$one") games/s ($GAMES games in ${one}s, best of 3)"
echo "engine and tight loop, per game (divan, 1 thread, same games):"
cargo bench -q -p ochos-locos --bench tight 2>/dev/null | grep -E "engine|tight_loop|Mitem|Kitem" || true
two=$(best sim "$GAMES" --threads 2)
echo "engine, binary, 2 threads: $(rate "$two") games/s: $(awk -v a="$one" -v b="$two" 'BEGIN { printf "%.2f", a / b }')x one thread"
for n in 10000 10000000; do
  rss=$( { /usr/bin/time -f %M "$BIN" simulate completos --seed 1 --games "$n" --threads 1 >/dev/null; } 2>&1 | tail -1)
  echo "peak RSS, $n games: $rss KB"
done
