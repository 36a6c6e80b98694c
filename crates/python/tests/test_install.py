"""Where `pip install ./crates/python` builds: maturin runs cargo in crates/python, and
cargo must put its output in the repository's ignored `target/python`, not in a
`crates/python/target` inside the source tree (100 MB and more, that a plain
`git status` does not show and nothing cleans). Asked of cargo itself, as maturin asks
it (`cargo metadata`), without the `CARGO_TARGET_DIR` CI sets."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

CRATE = Path(__file__).resolve().parents[1]
ROOT = CRATE.parents[1]


def test_the_build_output_goes_to_the_ignored_target_folder_outside_the_crate():
    cargo = shutil.which("cargo")
    if cargo is None:
        pytest.skip("no cargo on PATH")
    env = {k: v for k, v in os.environ.items() if k not in ("CARGO_TARGET_DIR", "CARGO_BUILD_TARGET_DIR")}
    metadata = subprocess.run(
        [cargo, "metadata", "--format-version", "1", "--no-deps", "--locked", "--offline"],
        cwd=CRATE,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    target = Path(json.loads(metadata.stdout)["target_directory"]).resolve()
    assert target == ROOT / "target" / "python"
    assert CRATE not in target.parents
    # The root .gitignore's `/target` covers it (read, not asked of git: CI may run
    # outside a git checkout).
    assert "/target" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
