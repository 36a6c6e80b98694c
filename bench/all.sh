#!/usr/bin/env bash
# Every figure of BENCHMARKS.md in one sitting: runs bench/ochos-locos.sh, quattro.sh,
# war.sh and pig.sh in turn (each prints, through bench/lib.sh, the same parts in the
# same order: one-thread games/s of the binary and of the tight loop beside the engine's
# worker, two threads against one, peak RSS, then callgrind's instructions a game), with
# the date, machine and load average before and after. With EXTERNAL=1 it also runs the
# external tools (OpenSpiel and RLCard, in the virtualenv of bench/external/setup.sh,
# which takes minutes to build the first time), our simulate timed the same way, and the
# Python package (bench/python/all.sh).
#   bash bench/all.sh > bench/results.txt 2>&1
#   GAMES=N bash bench/all.sh        # passed on: the size of every script's timed run
#   bash bench/all.sh --instructions # passed on: only the instruction counts
#   EXTERNAL=1 bash bench/all.sh
# Takes about 20 minutes on 2 cores; run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -srm), $(rustc --version)"
echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for game in ochos-locos quattro war pig; do
  echo
  echo "## $game"
  bash "bench/$game.sh" "$@"
done
if [ "${EXTERNAL:-}" = 1 ]; then
  echo
  echo "## external tools"
  VENV=${VENV:-/work/venv-bench}
  [ -x "$VENV/bin/python" ] || bash bench/external/setup.sh >/dev/null
  # OpenSpiel's and RLCard's Python loops, then the Python package's four games beside
  # the binaries' `simulate` (bench/python/all.sh builds the package into the same venv).
  VENV="$VENV" bash bench/python/all.sh
  bash bench/external/ours.sh
fi
echo
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
