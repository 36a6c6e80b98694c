#!/usr/bin/env bash
# Makes the Python virtualenv for the external benchmarks (OpenSpiel, RLCard), outside
# the repository: ${VENV:-/work/venv-bench}. Needs Python 3.11 (PYTHON=... to choose
# another interpreter) and access to PyPI. Versions are pinned; open_spiel 2.0.2 comes
# as a prebuilt manylinux wheel for CPython 3.11 on x86_64, rlcard 1.2.0 as a source
# distribution (pure Python, builds in seconds).
#
#   bash bench/external/setup.sh
#   /work/venv-bench/bin/python bench/external/openspiel_bench.py
#   /work/venv-bench/bin/python bench/external/rlcard_bench.py
set -euo pipefail

VENV="${VENV:-/work/venv-bench}"
PYTHON="${PYTHON:-python3.11}"

if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
fi

"$VENV/bin/python" -m pip install --quiet --upgrade pip

# The two tools, and every package they pull in, at the versions measured.
"$VENV/bin/python" -m pip install --quiet \
    open_spiel==2.0.2 \
    rlcard==1.2.0 \
    numpy==2.4.6 \
    scipy==1.17.1 \
    absl-py==2.5.1 \
    attrs==26.1.0 \
    ml_collections==1.1.0 \
    PyYAML==6.0.4 \
    termcolor==3.3.0

"$VENV/bin/python" - <<'EOF'
from importlib.metadata import version
import pyspiel, rlcard  # noqa: F401  (fails here, not in the benchmark, if broken)
print("venv ready: open_spiel", version("open_spiel"), "rlcard", version("rlcard"),
      "numpy", version("numpy"))
EOF
