#!/usr/bin/env bash
# The Python package (crates/python, issue 23): builds and installs it into a fresh
# virtual environment as a user would (`pip install ./crates/python`: maturin from
# PyPI builds the wheel from the crate's own Cargo.lock, --locked), then runs the pytest
# suite (PettingZoo's own api, parallel-api, seed and render tests on every environment
# are crates/python/tests/test_pettingzoo.py), which plays against
# the `pig`, `ochos-locos`, `quattro` and `war` binaries (built here, debug, as the tests
# of the workspace left them); and the crate's fmt, clippy and doc, which the workspace's
# checks do not reach. The PyPI packages are pinned in crates/python/requirements-ci.txt.
# About 3 minutes on 2 cores from an empty target directory (the wheel is built with the
# crate's release profile, as pip builds it), less once the workspace's tests have built
# the binaries.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
PYTHON=${PYTHON:-python3}
VENV=$(mktemp -d)/venv
trap 'rm -rf "$(dirname "$VENV")"' EXIT

"$PYTHON" -m venv "$VENV"
# Every PyPI package at the version pinned in requirements-ci.txt, maturin too (the
# constraint reaches pip's isolated build environment).
export PIP_CONSTRAINT=$PWD/crates/python/requirements-ci.txt
"$VENV/bin/python" -m pip install --quiet pip=="$(sed -n 's/^pip==//p' "$PIP_CONSTRAINT")"
"$VENV/bin/python" -m pip install --quiet -r crates/python/requirements-ci.txt
"$VENV/bin/python" -m pip install --quiet ./crates/python
cargo build --locked --quiet -p pig -p ochos-locos -p quattro -p war
# The crate is outside the workspace, so the workspace's fmt, clippy and doc checks miss it.
(cd crates/python && cargo fmt --check && cargo clippy --locked --quiet -- -D warnings &&
  RUSTDOCFLAGS="-D warnings" cargo doc --locked --quiet --no-deps)

CARDS_BIN_DIR="$CARGO_TARGET_DIR/debug" CARDS_REQUIRE_BINARIES=1 \
  "$VENV/bin/python" -m pytest -q -p no:cacheprovider crates/python/tests
