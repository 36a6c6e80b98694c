#!/usr/bin/env bash
# Pig simulation and solver speed (issues 13 and 18): two dice, goal 100, hold:20 against
# hold:20 and optimal against hold:20. Prints, for one thread: the engine's games/s
# through the real binary (best of 3; the optimal strategy reads a table written once by
# `pig solve --out`, so no run times the solver) and, right after, the engine's worker and
# the tight loop (benches/tight_loop.rs) per game side by side (divan, benches/tight.rs);
# instructions a game of both (callgrind, if valgrind is installed: the binary's
# `simulate` and examples/tight_loop.rs, 200,000 games of hold:20 against hold:20 from
# seed 1, the run of one game subtracted); two threads against one; peak RSS for 10
# thousand and 10 million games; then the solver against textbook value iteration
# (benches/value_iteration.rs), goal 100, one core.
# That the tight loop plays the engine's games: `cargo test --release -p pig --test
# tight_loop -- --ignored` (100,000 games of each pairing).
# Run from the repository root: bash bench/pig.sh [GAMES]  (default 4,000,000)
set -euo pipefail
GAMES=${1:-4000000}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build --release -q -p pig --bin pig --example tight_loop
BIN=$CARGO_TARGET_DIR/release/pig
TIGHT=$CARGO_TARGET_DIR/release/examples/tight_loop
TABLE=$(mktemp)
trap 'rm -f "$TABLE"' EXIT
"$BIN" solve --out "$TABLE" >/dev/null
# The command line of A against hold:20, GAMES games on THREADS threads, in ARGS (the
# table is given only where it is read).
args() { # A GAMES THREADS
  ARGS=("$BIN" simulate --a "$1" --b hold:20 --games "$2" --threads "$3" --seed 1)
  if [ "$1" = optimal ]; then ARGS+=(--table "$TABLE"); fi
}
# The best wall-clock seconds of three runs of the command; with CPU, the best CPU
# seconds (user + system) instead, which a loaded machine disturbs less.
best() {
  local format='%e'
  if [ "${1:-}" = CPU ]; then format='%U %S'; shift; fi
  for _ in 1 2 3; do
    /usr/bin/time -f "$format" "$@" 2>&1 >/dev/null | tail -n 1 | awk '{ print $1 + $2 }'
  done | sort -n | head -n 1
}
rate() { awk -v g="$GAMES" -v t="$1" 'BEGIN { printf "%.0f", g / t }'; }
for a in hold:20 optimal; do
  args "$a" "$GAMES" 1
  one=$(best "${ARGS[@]}")
  cpu=$(best CPU "${ARGS[@]}")
  echo "$a vs hold:20, engine, binary, 1 thread: $(rate "$one") games/s ($GAMES games in ${one} s, best of 3);" \
    "by CPU time $(rate "$cpu") games/s (${cpu} s)"
done
echo "engine worker and tight loop, one game per iteration, 1 thread (fastest is the least disturbed):"
cargo bench -q -p pig --bench tight 2>/dev/null | grep -E "engine|tight|item"
if command -v valgrind >/dev/null; then
  # Instructions of a command under callgrind.
  ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/Collected/ { print $4 }'; }
  N=200000
  engine=$(( $(ir "$BIN" simulate --a hold:20 --b hold:20 --games $N --threads 1 --seed 1) - $(ir "$BIN" simulate --a hold:20 --b hold:20 --games 1 --threads 1 --seed 1) ))
  tight=$(( $(ir "$TIGHT" $N) - $(ir "$TIGHT" 1) ))
  echo "hold:20 vs hold:20, instructions a game (callgrind, $N games): engine $(( engine / N )), tight loop $(( tight / N )):" \
    "$(awk -v a="$engine" -v b="$tight" 'BEGIN { printf "%.2f", a / b }')x"
fi
for a in hold:20 optimal; do
  args "$a" "$GAMES" 1; one=$(best "${ARGS[@]}")
  args "$a" "$GAMES" 2; two=$(best "${ARGS[@]}")
  echo "$a vs hold:20, binary: 1 thread ${one} s, 2 threads ${two} s:" \
    "$(awk -v a="$one" -v b="$two" 'BEGIN { printf "%.2f", a / b }')x"
done
for a in hold:20 optimal; do
  for n in 10000 10000000; do
    args "$a" "$n" 1
    rss=$(/usr/bin/time -f %M "${ARGS[@]}" 2>&1 >/dev/null | tail -n 1)
    echo "$a vs hold:20, peak RSS of $n games: $rss KB"
  done
done
echo "solver (layered sweeps) against textbook value iteration, goal 100, one core:"
taskset -c 0 cargo bench -q -p pig --bench pig -- goal_100 2>/dev/null | grep -E "goal_100|two-dice|classic"
