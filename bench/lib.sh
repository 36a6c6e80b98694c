# shellcheck shell=bash
# What bench/ochos-locos.sh, quattro.sh, war.sh and pig.sh share, so that the four
# measure the same things in the same order and print the same lines. Sourced, not run.
#
# A game's script sets CRATE (the cargo package and its binary), DEFAULT_GAMES and
# CALLGRIND_GAMES, declares its setups with `setup` and `tight`, then calls `bench_main "$@"`.
# Per setup, in this order:
#   1. one thread: the engine's games/s through the release binary (`simulate ...
#      --threads 1 --seed 1`, GAMES games, best of 3 wall-clock), then the engine's worker
#      and each tight loop per game from the crate's divan bench (benches/tight.rs, the
#      median of its samples, one thread, the same games), and engine/tight;
#   2. two threads against one, on a run sized to take at least MIN_SECONDS on one thread
#      (best of 3 each);
#   3. peak RSS (/usr/bin/time -f %M) of 10,000 and 10,000,000 games on one thread;
#   4. a game's own extra measurements, if it defines `extra` (pig: the solver);
#   5. if valgrind is installed: instructions a game under callgrind of the binary and of
#      each tight loop (examples/tight_loop.rs) on the same games (0 to CALLGRIND_GAMES - 1
#      of seed 1), the run of a single game subtracted (start-up, reading files), and
#      engine/tight. Deterministic: the same on a loaded machine.
# Interface, the same in every script:
#   bash bench/GAME.sh                  all of the above
#   bash bench/GAME.sh --instructions   only part 5 (can run on a busy machine)
#   GAMES=N                             size of the timed run of part 1 (default per game)
#   MIN_SECONDS=S                       part 2's run takes at least S s on one thread (3)
#   RSS_GAMES="A B"                     part 3's sizes (default "10000 10000000")

set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
BIN_DIR=$CARGO_TARGET_DIR/release
# Each crate's tight loop is its example CRATE_tight_loop (examples/tight_loop.rs, named
# after the crate); the script builds it under a lock and copies it here, so that scripts
# run side by side cannot swap it underneath. Files of the run (pig's table) go here too.
BENCH_TMP=$(mktemp -d)
trap 'rm -rf "$BENCH_TMP"' EXIT
TIGHT=$BENCH_TMP/tight_loop

S_LABEL=() S_SIM=() S_DIVAN=()       # setup i: label, simulate's arguments, divan path
T_SETUP=() T_LABEL=() T_DIVAN=() T_ARGS=() # tight loop j: its setup, label, divan path, example's arguments

# setup LABEL SIMULATE_ARGS DIVAN_ENGINE_PATH  (arguments as one string of words)
setup() { S_LABEL+=("$1"); S_SIM+=("$2"); S_DIVAN+=("$3"); }
# tight LABEL DIVAN_PATH EXAMPLE_ARGS  (for the last setup; EXAMPLE_ARGS "-": the example
# cannot play it, so no instruction count)
tight() { T_SETUP+=($((${#S_LABEL[@]} - 1))); T_LABEL+=("$1"); T_DIVAN+=("$2"); T_ARGS+=("$3"); }

# The engine's command line for setup $1, N games, THREADS threads, into CMD.
sim_cmd() { # SETUP GAMES THREADS
  local words
  read -ra words <<<"${S_SIM[$1]}"
  CMD=("$BIN_DIR/$CRATE" simulate "${words[@]}" --games "$2" --threads "$3" --seed 1)
}

# Best of three wall-clock seconds of a command (its output thrown away).
best() {
  local best='' start t
  for _ in 1 2 3; do
    start=$EPOCHREALTIME
    "$@" >/dev/null
    t=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
    if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
  done
  echo "$best"
}
rate() { awk -v g="$1" -v t="$2" 'BEGIN { printf "%.0f", g / t }'; }   # GAMES SECONDS
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }  # A B

# The divan bench as lines "PATH MEDIAN_NS" (PATH: the tree's names below the bench's,
# joined by "/", e.g. engine/quattro).
divan_medians() {
  nice cargo bench -q -p "$CRATE" --bench tight 2>/dev/null |
    sed 's/│/|/g; s/├─/+-/g; s/╰─/`-/g; s/µs/us/g' |
    awk '
      /item\/s/ { next }
      {
        match($0, /^[|+`\- ]*/); depth = RLENGTH / 3
        rest = substr($0, RLENGTH + 1); split(rest, f, " ")
        if (f[1] == "") next
        name[depth] = f[1]; path = ""
        for (d = 1; d <= depth; d++) path = path (d > 1 ? "/" : "") name[d]
        n = 0
        while (match(rest, /[0-9.]+ (ns|us|ms|s) /)) {
          split(substr(rest, RSTART, RLENGTH), v, " ")
          n++; if (n == 3) { m = v[1] * (v[2] == "ns" ? 1 : v[2] == "us" ? 1e3 : v[2] == "ms" ? 1e6 : 1e9); print path, m }
          rest = substr(rest, RSTART + RLENGTH)
        }
      }'
}

# Instructions of a command under callgrind.
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# Instructions a game: the command run for N games and for 1, the difference over N - 1.
# FUNCTION N, where `FUNCTION K` sets CMD to the command line for K games.
per_game() {
  local f=$1 n=$2 many one
  "$f" "$n"; many=$(instructions "${CMD[@]}")
  "$f" 1; one=$(instructions "${CMD[@]}")
  awk -v a="$many" -v b="$one" -v n="$n" 'BEGIN { printf "%.0f", (a - b) / (n - 1) }'
}

part_instructions() {
  if ! command -v valgrind >/dev/null; then
    echo "instructions: valgrind is not installed, skipped"
    return
  fi
  local i j n=$CALLGRIND_GAMES engine t
  for i in "${!S_LABEL[@]}"; do
    engine_cmd() { sim_cmd "$i" "$1" 1; }
    engine=$(per_game engine_cmd "$n")
    echo "${S_LABEL[$i]}: instructions a game (callgrind, games 0 to $((n - 1)) of seed 1): engine (binary, 1 thread) $engine"
    for j in "${!T_SETUP[@]}"; do
      [ "${T_SETUP[$j]}" = "$i" ] || continue
      if [ "${T_ARGS[$j]}" = - ]; then
        echo "${S_LABEL[$i]}: instructions a game: ${T_LABEL[$j]}: not counted (examples/tight_loop.rs does not play it)"
        continue
      fi
      tight_cmd() { local words; read -ra words <<<"${T_ARGS[$j]}"; CMD=("$TIGHT" "$1" "${words[@]}"); }
      t=$(per_game tight_cmd "$n")
      echo "${S_LABEL[$i]}: instructions a game: ${T_LABEL[$j]} $t, engine/tight $(ratio "$engine" "$t")x"
    done
  done
}

bench_main() {
  local only_instructions=''
  case "${1:-}" in
    '') ;;
    --instructions) only_instructions=1 ;;
    *) echo "usage: [GAMES=N] [MIN_SECONDS=S] bash bench/$CRATE.sh [--instructions]" >&2; exit 2 ;;
  esac
  local example=${CRATE//-/_}_tight_loop
  flock "$CARGO_TARGET_DIR/.bench-tight-loop.lock" bash -c 'nice cargo build --release -q -p "$1" --bin "$1" --example "$4" &&
    cp "$2/examples/$4" "$3"' build "$CRATE" "$BIN_DIR" "$TIGHT" "$example"
  if declare -F prepare >/dev/null; then prepare; fi
  if [ -n "$only_instructions" ]; then part_instructions; return; fi

  GAMES=${GAMES:-$DEFAULT_GAMES}
  MIN_SECONDS=${MIN_SECONDS:-3}
  local i j one rates=() medians engine t n two rss
  medians=$(divan_medians)
  median() { echo "$medians" | awk -v p="$1" '$1 == p { print $2; exit }'; }
  echo "# 1. one thread: engine through the binary ($GAMES games, best of 3 wall-clock);" \
    "engine's worker and tight loop per game (divan benches/tight.rs, median)"
  for i in "${!S_LABEL[@]}"; do
    sim_cmd "$i" "$GAMES" 1
    one=$(best "${CMD[@]}")
    rates[i]=$(rate "$GAMES" "$one")
    echo "${S_LABEL[$i]}: engine, binary, 1 thread: ${rates[i]} games/s ($GAMES games in ${one} s)"
    engine=$(median "${S_DIVAN[$i]}")
    for j in "${!T_SETUP[@]}"; do
      [ "${T_SETUP[$j]}" = "$i" ] || continue
      t=$(median "${T_DIVAN[$j]}")
      echo "${S_LABEL[$i]}: divan, 1 thread: engine worker ${engine} ns/game ($(rate 1e9 "$engine") games/s)," \
        "${T_LABEL[$j]} ${t} ns/game ($(rate 1e9 "$t") games/s): engine/tight $(ratio "$engine" "$t")x"
    done
  done
  echo "# 2. two threads against one (a run of at least ${MIN_SECONDS} s on one thread, best of 3)"
  for i in "${!S_LABEL[@]}"; do
    # Enough games for MIN_SECONDS at part 1's rate, rounded up to two significant digits.
    n=$(awk -v r="${rates[i]}" -v s="$MIN_SECONDS" -v g="$GAMES" 'BEGIN {
      n = r * s; if (n < g) n = g; p = 1; while (n / p >= 100) p *= 10; printf "%.0f", int(n / p + 0.999) * p }')
    sim_cmd "$i" "$n" 1; one=$(best "${CMD[@]}")
    sim_cmd "$i" "$n" 2; two=$(best "${CMD[@]}")
    echo "${S_LABEL[$i]}: $n games: 1 thread ${one} s, 2 threads ${two} s: $(ratio "$one" "$two")x"
  done
  echo "# 3. peak RSS, 1 thread"
  for i in "${!S_LABEL[@]}"; do
    for n in ${RSS_GAMES:-10000 10000000}; do
      sim_cmd "$i" "$n" 1
      rss=$(/usr/bin/time -f %M "${CMD[@]}" 2>&1 >/dev/null | tail -n 1)
      echo "${S_LABEL[$i]}: peak RSS of $n games: $rss KB"
    done
  done
  if declare -F extra >/dev/null; then extra; fi
  echo "# 5. instructions a game"
  part_instructions
}
