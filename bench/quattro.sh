#!/usr/bin/env bash
# Quattro simulation speed (issues 13 and 18): four bots, both rule sets (quattro, uno).
# Prints, in this order, for each rule set (bench/lib.sh runs it, as for every game):
#   1. one thread: the engine's games/s through the release binary (`quattro simulate
#      --rules R --threads 1 --seed 1`, best of 3 wall-clock), the engine's worker and the
#      tight loop (benches/tight_loop.rs) per game from the divan bench benches/tight.rs
#      (median), and engine/tight;
#   2. two threads against one, on a run of at least MIN_SECONDS (3) on one thread;
#   3. peak RSS of 10,000 and 10,000,000 games;
#   5. with valgrind: instructions a game (callgrind) of the binary and of
#      examples/tight_loop.rs on games 0 to 19,999 of seed 1, and their ratio.
# Run from anywhere:
#   bash bench/quattro.sh                  # everything; GAMES=N for part 1 (1,000,000)
#   bash bench/quattro.sh --instructions   # only part 5 (fine on a loaded machine)
source "$(dirname "$0")/lib.sh"
CRATE=quattro
DEFAULT_GAMES=1000000
CALLGRIND_GAMES=20000
for rules in quattro uno; do
  setup "$rules rules" "--rules $rules" "engine/$rules"
  tight "tight loop" "tight/$rules" "$rules"
done
bench_main "$@"
