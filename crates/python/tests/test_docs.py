"""Every Python example of docs/python.md runs as printed: each ```python block is run
as a script, and its output must be what the page says it prints (the docs promise the
figures a reader will see): the `# ...` comments of its `print(...)` lines, in order, or,
when its prints carry no comment, the ```text block that follows it ("prints ..."), to
the character."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "python.md"
TEXT = DOC.read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```python\n(.*?)^```$", TEXT, re.M | re.S)


def printed(block):
    """What the page says `block` prints."""
    comments = [m.group(1) for m in re.finditer(r"^print\(.*\)\s+#\s*(.*)$", block, re.M)]
    if comments:
        return comments
    after = TEXT[TEXT.index(block) + len(block):]
    shown = re.match(r"```\n(?:(?!```)[^\n]*\n){1,3}?```text\n(.*?)^```$", after, re.M | re.S)
    return shown.group(1).splitlines() if shown else []


def test_the_page_has_examples():
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("block", BLOCKS, ids=[f"example {i + 1}" for i in range(len(BLOCKS))])
def test_example_prints_what_the_page_says(block):
    expected = printed(block)
    out = subprocess.run([sys.executable, "-c", block], check=True, capture_output=True, text=True).stdout
    # To the character: every line, each with its newline, and nothing else.
    assert out == "".join(line + "\n" for line in expected)
