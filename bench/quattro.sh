#!/bin/sh
# Quattro simulation speed (issues 13 and 18), from the repository root:
# `sh bench/quattro.sh`. Prints, for each rule set, the engine's games/s on one thread
# through the real binary (best of 3), two threads against one, the engine's worker and
# the tight loop per game side by side (divan: `benches/tight.rs`), instructions a game
# of the engine (`quattro simulate`) and of the tight loop (`examples/tight_loop.rs`)
# counted by callgrind when valgrind is installed (deterministic: the same on a busy
# machine), and peak RSS for 10 thousand and 10 million games. GAMES (default 1000000)
# sets the size of the timed runs, CALLGRIND_GAMES (default 20000) the counted ones.
set -eu
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
GAMES="${GAMES:-1000000}"
CALLGRIND_GAMES="${CALLGRIND_GAMES:-20000}"
cargo build --release -q -p quattro --bin quattro --example tight_loop
BIN="$CARGO_TARGET_DIR/release/quattro"
TIGHT="$CARGO_TARGET_DIR/release/examples/tight_loop"

# The best wall-clock seconds of three runs of the command.
best() {
    for _ in 1 2 3; do
        /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -n 1
    done | sort -n | head -n 1
}

for rules in quattro uno; do
    one=$(best "$BIN" simulate --rules "$rules" --games "$GAMES" --threads 1 --seed 1)
    two=$(best "$BIN" simulate --rules "$rules" --games "$GAMES" --threads 2 --seed 1)
    echo "$rules rules, $GAMES games: one thread ${one} s, $(echo "$GAMES / $one" | bc) games/s;" \
        "two threads ${two} s, $(echo "scale=2; $one / $two" | bc)x one thread"
done

echo "engine worker and tight loop, one game per iteration (fastest is the least disturbed):"
cargo bench -q -p quattro --bench tight 2>/dev/null

# Instructions a game: callgrind's total for the run over the number of games.
per_game() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p' |
        awk -v games="$CALLGRIND_GAMES" '{ printf "%.0f", $1 / games }'
}
if command -v valgrind >/dev/null; then
    for rules in quattro uno; do
        engine=$(per_game "$BIN" simulate --rules "$rules" --games "$CALLGRIND_GAMES" --threads 1 --seed 1)
        tight=$(per_game "$TIGHT" "$rules" "$CALLGRIND_GAMES")
        echo "$rules rules, instructions a game (callgrind, $CALLGRIND_GAMES games):" \
            "engine $engine, tight loop $tight, $(echo "scale=2; $engine / $tight" | bc)x"
    done
fi

for rules in quattro uno; do
    for games in 10000 10000000; do
        rss=$(/usr/bin/time -f %M "$BIN" simulate --rules "$rules" --games "$games" --seed 1 2>&1 >/dev/null | tail -n 1)
        echo "$rules rules, peak RSS of $games games: $rss KB"
    done
done
