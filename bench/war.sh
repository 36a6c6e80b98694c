#!/usr/bin/env bash
# War: `war simulate` single-threaded against the tight loop of
# crates/war/benches/tight_loop.rs (the same games: crates/war/tests/tight_loop.rs, and
# its ignored test of 100,000 games), two threads against one, and peak RSS for 10
# thousand and 10 million games.
# Run from the repository root: bench/war.sh   (GAMES=N to change the timed run)
# bench/war.sh instructions: callgrind's instructions a game instead (deterministic, so
# it can run on a loaded machine): the release binary's `simulate --threads 1 --seed 1`
# and examples/tight_loop.rs on the same 5,000 games, 2 and 4 players.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
GAMES=${GAMES:-300000}
cargo build --release -q -p war
WAR=$CARGO_TARGET_DIR/release/war

if [ "${1:-}" = instructions ]; then
  cargo build --release -q -p war --example tight_loop
  TIGHT=$CARGO_TARGET_DIR/release/examples/tight_loop
  n=5000
  # Instructions a game of a command run under callgrind.
  per_game() {
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" 2>&1 >/dev/null |
      awk -v n=$n '/refs:/ { gsub(",", "", $NF); printf "%d\n", $NF / n }'
    rm -f "$out"
  }
  for players in 2 4; do
    engine=$(per_game "$WAR" simulate --games $n --threads 1 --seed 1 --players $players)
    general=$(per_game "$TIGHT" $n $players general)
    echo "$players players: engine $engine instructions a game, tight loop (2 to 8 players) $general ($(echo "scale=2; $engine / $general" | bc -l)x)"
    if [ $players = 2 ]; then
      two=$(per_game "$TIGHT" $n 2)
      echo "$players players: tight loop specialised for two $two ($(echo "scale=2; $engine / $two" | bc -l)x)"
    fi
  done
  exit 0
fi

# Best of three wall-clock seconds of a command.
best_of_3() {
  local best=
  for _ in 1 2 3; do
    local start end t
    start=$(date +%s.%N)
    "$@" >/dev/null
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  echo "$best"
}

echo "== per game, one thread, default rules (divan: engine = the simulator's worker)"
# Times in µs per game, the median sample (the fastest is too often a lull in the
# machine's load), engine beside the tight loop.
bench=$(cargo bench -q -p war --bench tight 2>/dev/null)
echo "$bench"
median() { # the third time (the median) on the row matching $1, in µs
  echo "$bench" | grep -E "$1" | head -1 | grep -oE '[0-9.]+ (ns|µs|ms|s) ' | sed -n 3p |
    awk '{ v = $1; if ($2 == "ns") v /= 1000; else if ($2 == "ms") v *= 1000; else if ($2 == "s") v *= 1e6; printf "%.4f\n", v }'
}
engine2=$(median '^│  ├─ 2 ')
tight2=$(median '^╰─ tight_two ')
echo "two players: engine ${engine2} µs/game ($(echo "1000000 / $engine2" | bc) games/s), tight loop ${tight2} µs/game ($(echo "1000000 / $tight2" | bc) games/s), ratio $(echo "scale=2; $engine2 / $tight2" | bc -l)"

echo "== war simulate, the real binary, $GAMES games, seed 1"
one=$(best_of_3 "$WAR" simulate --games "$GAMES" --threads 1 --seed 1)
two=$(best_of_3 "$WAR" simulate --games "$GAMES" --threads 2 --seed 1)
echo "one thread:  $(echo "$GAMES / $one" | bc) games/s (${one} s)"
echo "two threads: $(echo "$GAMES / $two" | bc) games/s (${two} s), $(echo "scale=2; $one / $two" | bc -l)x one thread"

echo "== peak RSS (two threads)"
for n in 10000 10000000; do
  kb=$( { /usr/bin/time -f %M "$WAR" simulate --games "$n" --threads 2 --seed 1 >/dev/null; } 2>&1 | tail -1)
  echo "$n games: $kb KB"
done
