#!/usr/bin/env bash
# Every figure of BENCHMARKS.md in one sitting, from the repository root:
#   bash bench/all.sh > bench/results.txt 2>&1
# Runs each game's script (our simulate through the real binary, the tight loop beside
# the engine's worker, two threads against one, peak memory), then the external tools
# (OpenSpiel and RLCard, in a virtualenv made by bench/external/setup.sh) and our
# simulate timed the same way as them. Takes about 20 minutes on 2 cores; run it on an
# otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -srm), $(rustc --version)"
echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for game in ochos-locos quattro war pig; do
  echo
  echo "## $game"
  bash "bench/$game.sh"
done
echo
echo "## external tools"
VENV=${VENV:-/work/venv-bench}
[ -x "$VENV/bin/python" ] || bash bench/external/setup.sh >/dev/null
"$VENV/bin/python" bench/external/openspiel_bench.py
"$VENV/bin/python" bench/external/rlcard_bench.py
bash bench/external/ours.sh
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
