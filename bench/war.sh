#!/usr/bin/env bash
# War simulation speed (issue 13): default rules, 2, 4 and 8 players.
# Prints, in this order, for each number of players (bench/lib.sh runs it, as for every game):
#   1. one thread: the engine's games/s through the release binary (`war simulate
#      --players P --threads 1 --seed 1`, best of 3 wall-clock), the engine's worker and the
#      tight loop of benches/tight_loop.rs (for 2 to 8 players; for two players also the
#      loop specialised for two) per game from the divan bench benches/tight.rs (median),
#      and engine/tight;
#   2. two threads against one, on a run of at least MIN_SECONDS (3) on one thread;
#   3. peak RSS of 10,000 and 10,000,000 games;
#   5. with valgrind: instructions a game (callgrind) of the binary and of
#      examples/tight_loop.rs on games 0 to 4,999 of seed 1, and their ratio.
# Run from anywhere:
#   bash bench/war.sh                  # everything; GAMES=N for part 1 (300,000)
#   bash bench/war.sh --instructions   # only part 5 (fine on a loaded machine)
# That the tight loop plays the engine's games: crates/war/tests/tight_loop.rs.
source "$(dirname "$0")/lib.sh"
CRATE=war
DEFAULT_GAMES=300000
CALLGRIND_GAMES=5000
for players in 2 4 8; do
  setup "$players players" "--players $players" "engine/$players"
  tight "tight loop (2 to 8 players)" "tight/$players" "$players general"
  if [ "$players" = 2 ]; then tight "tight loop specialised for two" tight_two 2; fi
done
bench_main "$@"
