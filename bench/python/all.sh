#!/usr/bin/env bash
# The Python figures of BENCHMARKS.md in one sitting: OpenSpiel's and RLCard's Python
# loops (bench/external), then the `cardgames` package's four games (bench/python/*_bench.py:
# the AEC loop, the state loop, the batched call beside the release binary's `simulate`),
# one after the other in the same virtualenv, with the date and the load average before
# and after. Pass-through: --scale S (every size multiplied by S), --repeats N.
#   VENV=/path/to/venv bash bench/python/all.sh > bench/results-python.txt 2>&1
# The venv needs the versions of bench/external/setup.sh (OpenSpiel, RLCard) and
# crates/python/requirements-ci.txt; the package is built into it from this checkout.
# About 10 minutes on 2 cores; run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
VENV=${VENV:-/work/venv-bench}
PY="$VENV/bin/python"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -srm), $("$PY" --version)"
echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
# The release profile (thin LTO, one codegen unit), which a plain install builds, as
# BENCHMARKS.md's figures were measured.
"$PY" -m pip install --quiet ./crates/python
cargo build --release --quiet --locked -p pig -p ochos-locos -p quattro -p war
for script in bench/external/openspiel_bench.py bench/external/rlcard_bench.py \
  bench/python/pig_bench.py bench/python/ochos_locos_bench.py \
  bench/python/quattro_bench.py bench/python/war_bench.py; do
  echo
  echo "## $script $*"
  "$PY" "$script" "$@"
done
echo
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
