"""Every Python example of docs/python.md runs as printed: each ```python block is run
as a script, and its output must be the `# ...` comments of its `print(...)` lines, in
order (the docs promise the figures a reader will see)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "python.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```$", DOC.read_text(encoding="utf-8"), re.M | re.S)


def test_the_page_has_examples():
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("block", BLOCKS, ids=[f"example {i + 1}" for i in range(len(BLOCKS))])
def test_example_prints_what_the_page_says(block):
    expected = [m.group(1) for m in re.finditer(r"^print\(.*\)\s+#\s*(.*)$", block, re.M)]
    out = subprocess.run([sys.executable, "-c", block], check=True, capture_output=True, text=True).stdout
    assert out.splitlines() == expected
