#!/usr/bin/env bash
# Ochos Locos simulation speed (issue 13): completos, 4 players, strategies C N S B.
# Prints, in this order (bench/lib.sh runs it, as for every game):
#   1. one thread: the engine's games/s through the release binary (`ochos-locos simulate
#      completos --strategies CNSB --threads 1 --seed 1`, best of 3 wall-clock), the
#      engine's worker and the tight loop (benches/tight_loop.rs) per game from the divan
#      bench benches/tight.rs (median), and engine/tight;
#   2. two threads against one, on a run of at least MIN_SECONDS (3) on one thread;
#   3. peak RSS of 10,000 and 10,000,000 games;
#   5. with valgrind: instructions a game (callgrind) of the binary and of
#      examples/tight_loop.rs on games 0 to 39,999 of seed 1, and their ratio.
# Run from anywhere:
#   bash bench/ochos-locos.sh                  # everything; GAMES=N for part 1 (2,000,000)
#   bash bench/ochos-locos.sh --instructions   # only part 5 (fine on a loaded machine)
# That the tight loop plays the engine's games: crates/ochos-locos/tests/tight_loop.rs.
source "$(dirname "$0")/lib.sh"
CRATE=ochos-locos
DEFAULT_GAMES=2000000
CALLGRIND_GAMES=40000
setup "completos, 4 players C N S B" "completos --strategies CNSB" engine
tight "tight loop" tight_loop ""
bench_main "$@"
