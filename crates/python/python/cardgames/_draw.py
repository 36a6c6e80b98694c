"""The ``rgb_array`` render mode's drawing (private): the ``ansi`` text drawn with a
tiny bitmap font of its own, light on a card table's green, so that an image needs
numpy only (no font file, no imaging library).

Every frame of an environment has the same size, ``COLUMNS`` characters by its rows
(video recorders want one size a run): a longer line wraps, and when the text has
more lines than the frame, the last ones are kept (where the game stands comes last)
under a first line of ``...``.
"""

import textwrap

import numpy as np

#: Characters a line holds before it wraps.
COLUMNS = 100
#: Each font pixel is drawn SCALE x SCALE.
SCALE = 2
#: A glyph is 3 x 5 pixels in a cell of 4 x 7 (a column and two rows of space).
GLYPH_W, GLYPH_H, CELL_W, CELL_H = 3, 5, 4, 7
#: Space round the text, in image pixels.
MARGIN = 8
#: The table's green and the text's cream.
BACKGROUND = (27, 94, 32)
INK = (245, 240, 225)

# Each glyph's five rows of three pixels, top first. Lower case is drawn as upper case
# (three pixels are too few for both); any other character is a solid block.
_ROWS = {
    " ": "000 000 000 000 000",
    "0": "111 101 101 101 111",
    "1": "010 110 010 010 111",
    "2": "111 001 111 100 111",
    "3": "111 001 011 001 111",
    "4": "101 101 111 001 001",
    "5": "111 100 111 001 111",
    "6": "111 100 111 101 111",
    "7": "111 001 010 010 010",
    "8": "111 101 111 101 111",
    "9": "111 101 111 001 111",
    "A": "010 101 111 101 101",
    "B": "110 101 110 101 110",
    "C": "011 100 100 100 011",
    "D": "110 101 101 101 110",
    "E": "111 100 110 100 111",
    "F": "111 100 110 100 100",
    "G": "011 100 101 101 011",
    "H": "101 101 111 101 101",
    "I": "111 010 010 010 111",
    "J": "001 001 001 101 010",
    "K": "101 101 110 101 101",
    "L": "100 100 100 100 111",
    "M": "101 111 111 101 101",
    "N": "110 101 101 101 101",
    "O": "010 101 101 101 010",
    "P": "110 101 110 100 100",
    "Q": "010 101 101 110 011",
    "R": "110 101 110 101 101",
    "S": "011 100 010 001 110",
    "T": "111 010 010 010 010",
    "U": "101 101 101 101 111",
    "V": "101 101 101 101 010",
    "W": "101 101 111 111 101",
    "X": "101 101 010 101 101",
    "Y": "101 101 010 010 010",
    "Z": "111 001 010 100 111",
    ".": "000 000 000 000 010",
    ",": "000 000 000 010 100",
    ":": "000 010 000 010 000",
    ";": "000 010 000 010 100",
    "!": "010 010 010 000 010",
    "?": "110 001 010 000 010",
    "(": "001 010 010 010 001",
    ")": "100 010 010 010 100",
    "[": "011 010 010 010 011",
    "]": "110 010 010 010 110",
    "{": "011 010 110 010 011",
    "}": "110 010 011 010 110",
    "<": "001 010 100 010 001",
    ">": "100 010 001 010 100",
    "-": "000 000 111 000 000",
    "_": "000 000 000 000 111",
    "+": "000 010 111 010 000",
    "=": "000 111 000 111 000",
    "/": "001 001 010 100 100",
    "\\": "100 100 010 001 001",
    "|": "010 010 010 010 010",
    "'": "010 010 000 000 000",
    '"': "101 101 000 000 000",
    "`": "100 010 000 000 000",
    "*": "000 101 010 101 000",
    "#": "101 111 101 111 101",
    "%": "101 001 010 100 101",
    "&": "010 101 010 101 011",
    "@": "010 101 111 100 011",
    "$": "011 110 010 011 110",
    "^": "010 101 000 000 000",
    "~": "000 011 110 000 000",
}
_UNKNOWN = "111 111 111 111 111"


def _bitmap(rows):
    return np.array([[bit == "1" for bit in row] for row in rows.split()], dtype=bool)


_GLYPHS = {char: _bitmap(rows) for char, rows in _ROWS.items()}
_BLOCK = _bitmap(_UNKNOWN)


def glyph(char):
    """The 5 x 3 boolean bitmap ``char`` is drawn with."""
    return _GLYPHS.get(char.upper(), _BLOCK)


def lines_of(text, rows):
    """``text`` as the frame's ``rows`` lines: wrapped at ``COLUMNS`` (between words
    when it can), the last lines kept under ``...`` when there are more, blank lines
    added when fewer."""
    lines = []
    for line in text.split("\n"):
        lines += textwrap.wrap(line, COLUMNS) or [""]
    if len(lines) > rows:
        lines = ["..."] + lines[len(lines) - rows + 1 :]
    return lines + [""] * (rows - len(lines))


def frame_shape(rows):
    """The (height, width, 3) of a frame of ``rows`` lines."""
    return (2 * MARGIN + rows * CELL_H * SCALE, 2 * MARGIN + COLUMNS * CELL_W * SCALE, 3)


def draw(text, rows):
    """``text`` drawn as an RGB image, a numpy uint8 array of ``frame_shape(rows)``."""
    height, width, _ = frame_shape(rows)
    ink = np.zeros((rows * CELL_H, COLUMNS * CELL_W), dtype=bool)
    for row, line in enumerate(lines_of(text, rows)):
        for column, char in enumerate(line):
            y, x = row * CELL_H, column * CELL_W
            ink[y : y + GLYPH_H, x : x + GLYPH_W] = glyph(char)
    image = np.empty((height, width, 3), dtype=np.uint8)
    image[:] = BACKGROUND
    big = ink.repeat(SCALE, axis=0).repeat(SCALE, axis=1)
    image[MARGIN : height - MARGIN, MARGIN : width - MARGIN][big] = INK
    return image
