#!/usr/bin/env bash
# Pig simulation and solver speed (issues 13 and 18): two dice, goal 100, hold:20 against
# hold:20 and optimal against hold:20 (the optimal strategy reads a table written once by
# `pig solve --out`, so no run times the solver).
# Prints, in this order, for each pairing (bench/lib.sh runs it, as for every game):
#   1. one thread: the engine's games/s through the release binary (`pig simulate --a A
#      --b hold:20 --threads 1 --seed 1`, best of 3 wall-clock), the engine's worker and
#      the tight loop (benches/tight_loop.rs) per game from the divan bench
#      benches/tight.rs (median), and engine/tight;
#   2. two threads against one, on a run of at least MIN_SECONDS (3) on one thread;
#   3. peak RSS of 10,000 and 10,000,000 games;
#   4. the solver (layered sweeps) against textbook value iteration
#      (benches/value_iteration.rs), goal 100, pinned to one core;
#   5. with valgrind: instructions a game (callgrind) of the binary and of
#      examples/tight_loop.rs on games 0 to 199,999 of seed 1, and their ratio
#      (the example plays hold:20 against hold:20 only).
# Run from anywhere:
#   bash bench/pig.sh                  # everything; GAMES=N for part 1 (4,000,000)
#   bash bench/pig.sh --instructions   # only part 5 (fine on a loaded machine)
# That the tight loop plays the engine's games: `cargo test --release -p pig --test
# tight_loop -- --ignored` (100,000 games of each pairing).
source "$(dirname "$0")/lib.sh"
CRATE=pig
DEFAULT_GAMES=4000000
CALLGRIND_GAMES=200000
TABLE=$BENCH_TMP/table
prepare() { "$BIN_DIR/pig" solve --out "$TABLE" >/dev/null; }
setup "hold:20 vs hold:20" "--a hold:20 --b hold:20" engine_hold20_vs_hold20
tight "tight loop" tight_hold20_vs_hold20 ""
setup "optimal vs hold:20" "--a optimal --b hold:20 --table $TABLE" engine_optimal_vs_hold20
tight "tight loop" tight_optimal_vs_hold20 -
extra() {
  echo "# 4. solver (layered sweeps) against textbook value iteration, goal 100, one core"
  taskset -c 0 nice cargo bench -q -p pig --bench pig -- goal_100 2>/dev/null | grep -E "goal_100|two-dice|classic"
}
bench_main "$@"
