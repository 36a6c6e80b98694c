#!/usr/bin/env bash
# Where each simulator's time goes: `valgrind --tool=callgrind` on the release binary
# (instruction counts: the same for the same binary and input whatever else the machine
# does), then the functions with the most instructions, inlined code counted in the
# function it was inlined into. From the repository root: bash bench/profile.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build --release -q -p ochos-locos -p quattro -p war -p pig
BIN=$CARGO_TARGET_DIR/release
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
profile() { # NAME GAMES COMMAND...
  local name=$1 games=$2
  shift 2
  valgrind --tool=callgrind --callgrind-out-file="$out/$name" "$@" --games "$games" \
    --threads 1 --seed 1 >/dev/null 2>"$out/$name.log"
  local total
  total=$(grep -oE 'Collected : [0-9]+' "$out/$name.log" | grep -oE '[0-9]+')
  echo "== $name: $games games, $(awk -v t="$total" -v g="$games" 'BEGIN { printf "%.0f", t / g }') instructions a game"
  callgrind_annotate --inclusive=no "$out/$name" 2>/dev/null |
    grep -E '^ *[0-9,]+ \([ 0-9.]+%\)' | head -n 8 | sed -E 's/\[[^]]*\]//; s/ +/ /g'
}
profile ochos-locos-completos 40000 "$BIN/ochos-locos" simulate completos
profile quattro 20000 "$BIN/quattro" simulate
profile quattro-uno 20000 "$BIN/quattro" simulate --rules uno
profile war-2-players 5000 "$BIN/war" simulate
profile pig-hold20-hold20 200000 "$BIN/pig" simulate --a hold:20 --b hold:20
