"""``render_mode="rgb_array"``: ``render()`` gives the table as an image, the ``ansi``
text drawn with the package's own 3 x 5 bitmap font (numpy only), one frame size a
game so that a video recorder takes every frame. PettingZoo's ``render_test`` checks
the mode on every set-up (tests/test_pettingzoo.py, through ``metadata``)."""

import random
import string

import numpy as np
import pytest
from pettingzoo.test import api_test

from cardgames import _draw, ochos_locos, pig, quattro, war

from test_pettingzoo import only_informational

SETTINGS = [
    (pig, {"rules": "two-dice"}),
    (pig, {"rules": "classic"}),
    (ochos_locos, {"rules": "take-two"}),
    (ochos_locos, {"rules": "completos", "players": 6}),
    (quattro, {"rules": "uno"}),
    (war, {"players": 8}),
]
IDS = [f"{m.__name__.split('.')[-1]}-{'-'.join(map(str, k.values()))}" for m, k in SETTINGS]


@pytest.mark.parametrize("module", [pig, ochos_locos, quattro, war], ids=lambda m: m.__name__)
def test_rgb_array_is_a_render_mode(module):
    assert "rgb_array" in module.raw_env.metadata["render_modes"]
    with pytest.raises(ValueError, match="rgb_array"):
        module.env(render_mode="png")


@pytest.mark.parametrize("module,kwargs", SETTINGS, ids=IDS)
def test_each_frame_is_an_rgb_image_of_one_size_that_changes_with_the_game(module, kwargs):
    e = module.env(render_mode="rgb_array", **kwargs)
    text = module.env(render_mode="ansi", **kwargs)
    rng = random.Random(5)
    for env in (e, text):
        env.reset(seed=5)
    frames = [e.render()]
    shape = frames[0].shape
    for agent in e.agent_iter():
        obs, _, done, truncated, _ = e.last()
        action = None if done or truncated else rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        e.step(action)
        text.step(action)
        frame = e.render()
        assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape == shape
        # The same picture as the text of the same position.
        if len(frames) < 20:
            assert np.array_equal(frame, _draw.draw(text.render(), e.unwrapped.render_rows))
        frames.append(frame)
    height, width, colours = shape
    assert colours == 3 and height >= 2 * _draw.MARGIN + _draw.CELL_H * _draw.SCALE and width > 800
    # Each step shows: the first step's frame is not the reset's.
    assert not np.array_equal(frames[0], frames[1])
    # Only two colours: the table and the ink, and the margin is bare.
    pixels = {tuple(p) for p in frames[1].reshape(-1, 3)}
    assert pixels == {_draw.BACKGROUND, _draw.INK}
    border = np.concatenate([frames[1][: _draw.MARGIN].reshape(-1, 3), frames[1][:, : _draw.MARGIN].reshape(-1, 3)])
    assert {tuple(p) for p in border} == {_draw.BACKGROUND}


@pytest.mark.parametrize("module,kwargs", SETTINGS, ids=IDS)
def test_api_test_passes_with_rgb_array(module, kwargs):
    only_informational(lambda: api_test(module.env(render_mode="rgb_array", **kwargs), num_cycles=100))


def test_the_font_tells_every_printable_character_apart():
    # Lower case is drawn as upper case; every other two printable ASCII characters
    # differ, and none is the block that stands for a character outside the font.
    drawn = {}
    for char in string.printable[:95]:
        if char.islower():
            assert np.array_equal(_draw.glyph(char), _draw.glyph(char.upper()))
            continue
        bits = _draw.glyph(char).tobytes()
        assert bits not in drawn, (char, drawn.get(bits))
        assert bits != _draw.glyph("\u2192").tobytes()
        drawn[bits] = char
    assert _draw.glyph(" ").sum() == 0


def test_a_text_is_drawn_where_its_characters_go():
    # "1" then "-" on the first line, "." alone on the third: each glyph at its cell,
    # scaled, the pixels hand-worked from the font's rows.
    image = _draw.draw("1-\n\n.", 3)
    assert image.shape == _draw.frame_shape(3) == (8 * 2 + 3 * 7 * 2, 8 * 2 + 100 * 4 * 2, 3)
    ink = (image == _draw.INK).all(axis=2)[8:-8, 8:-8][::2, ::2]
    one = ["010", "110", "010", "010", "111"]
    for y, row in enumerate(one):
        assert "".join("1" if b else "0" for b in ink[y, 0:3]) == row
    assert ink[2, 4:7].all() and ink[:, 4:7].sum() == 3
    assert ink[14 + 4, 1] and ink[14:21].sum() == 1
    assert ink.sum() == 8 + 3 + 1


def test_long_texts_wrap_and_keep_their_last_lines():
    lines = _draw.lines_of("a" * 150 + "\nb\nc\nd", 4)
    assert lines == ["...", "b", "c", "d"]
    assert _draw.lines_of("x" * 150, 3) == ["x" * 100, "x" * 50, ""]
    # Between words when it can: no word is cut.
    words = " ".join(f"w{i}" for i in range(45))  # w0 to w26 fill 97 columns, w27 would be 101
    assert _draw.lines_of(words, 2) == [" ".join(f"w{i}" for i in range(27)), " ".join(f"w{i}" for i in range(27, 45))]
