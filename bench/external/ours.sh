#!/usr/bin/env bash
# Our simulators timed the same way as the external tools (one thread, best of 3, wall
# and CPU seconds), so that all the figures in README.md come from the same machine at
# the same moment. Not the project's own benchmark (that is BENCHMARKS.md): only the
# column to read next to openspiel_bench.py and rlcard_bench.py.
#
#   bash bench/external/ours.sh            # builds the release binaries if needed
#   SCALE=0.1 bash bench/external/ours.sh  # a smoke test
set -euo pipefail
cd "$(dirname "$0")/../.."

SCALE="${SCALE:-1}"
REPEATS="${REPEATS:-3}"
cargo build --release --quiet -p pig -p ochos-locos -p quattro
BIN=${CARGO_TARGET_DIR:-target}/release

# label | games | command (after the binary); every run is seeded and single-threaded
CASES=(
  "pig(two dice, goal 100, hold:20 vs hold:20)|1000000|pig simulate --seed 1 --threads 1 --a hold:20 --b hold:20"
  "pig(two dice, goal 100, optimal vs hold:20, solve included)|1000000|pig simulate --seed 1 --threads 1 --a optimal --b hold:20"
  "pig(one die = --rules classic, goal 100, hold:20 vs hold:20)|1000000|pig simulate --seed 1 --threads 1 --rules classic --a hold:20 --b hold:20"
  "ochos-locos completos(32 cards, 4 players C N S B)|1000000|ochos-locos simulate completos --seed 1 --threads 1"
  "quattro(40 cards, 4 bots)|300000|quattro simulate --seed 1 --threads 1"
  "quattro --rules uno(56 cards, 4 bots)|300000|quattro simulate --rules uno --seed 1 --threads 1"
)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'tool\tgame\tpath\tgames\tseconds\tgames/s\tcpu s\tgames/cpu s\tturns/game\tno winner\n'
for case in "${CASES[@]}"; do
  IFS='|' read -r label games cmd <<<"$case"
  games=$(awk -v g="$games" -v s="$SCALE" 'BEGIN { n = int(g * s); print (n < 1 ? 1 : n) }')
  best_wall=""; best_cpu=""
  for _ in $(seq "$REPEATS"); do
    # shellcheck disable=SC2086  # $cmd is a word list on purpose
    /usr/bin/time -f '%e %U %S' -o "$tmp/time" "$BIN/"$cmd --games "$games" >"$tmp/out"
    read -r wall user sys <"$tmp/time"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    best_wall=$(awk -v a="$wall" -v b="${best_wall:-$wall}" 'BEGIN { print (a < b ? a : b) }')
    best_cpu=$(awk -v a="$cpu" -v b="${best_cpu:-$cpu}" 'BEGIN { print (a < b ? a : b) }')
  done
  turns=$(sed -n 's/^turns per game: mean \([0-9.]*\).*/\1/p' "$tmp/out")
  nowin=$(sed -n 's/^no winner[^:]*: \([0-9]*\) games.*/\1/p' "$tmp/out")
  awk -v l="$label" -v g="$games" -v w="$best_wall" -v c="$best_cpu" -v t="${turns:--}" -v n="${nowin:-0}" \
    'BEGIN { printf "ours (release, 1 thread)\t%s\tsimulate\t%d\t%.2f\t%.0f\t%.2f\t%.0f\t%s\t%.1f%%\n",
             l, g, w, g / w, c, g / c, t, 100 * n / g }'
done
