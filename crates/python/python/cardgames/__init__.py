"""The workspace's games from Python (the Rust engines through PyO3).

Pig, classic (one die) and two-dice, as a PettingZoo AEC environment
(``cardgames.pig.env``), the protocol's state for search and analysis
(``cardgames.PigState``), the strategies as policies (``HoldAt``, ``Optimal``) and a
batched native call (``cardgames.pig.play_batch``). Quattro, under the assignment's
rules and Uno rules, likewise: ``cardgames.quattro.env``, ``QuattroState``,
``QuattroBot``, ``cardgames.quattro.play_batch``. See docs/python.md.
"""

from ._native import HoldAt, Optimal, PigState
from ._native import QuattroBot, QuattroState

__all__ = ["HoldAt", "Optimal", "PigState"]
__all__ += ["QuattroBot", "QuattroState"]
