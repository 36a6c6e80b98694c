#!/bin/sh
# Quattro simulation speed (issue 13), from the repository root: `sh bench/quattro.sh`.
# Prints, for each rule set, the engine's games/s on one thread through the real binary
# (best of 3), two threads against one, the engine's worker and the tight loop per game
# side by side (divan: `benches/tight.rs`), and peak RSS for 10 thousand and 10 million
# games. GAMES (default 1000000) sets the size of the timed runs.
set -eu
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
GAMES="${GAMES:-1000000}"
cargo build --release -q -p quattro
BIN="$CARGO_TARGET_DIR/release/quattro"

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

for rules in quattro uno; do
    for games in 10000 10000000; do
        rss=$(/usr/bin/time -f %M "$BIN" simulate --rules "$rules" --games "$games" --seed 1 2>&1 >/dev/null | tail -n 1)
        echo "$rules rules, peak RSS of $games games: $rss KB"
    done
done
