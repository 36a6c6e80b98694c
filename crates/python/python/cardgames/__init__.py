"""The workspace's games from Python (the Rust engines through PyO3).

Each game as a PettingZoo AEC environment (``env``, ``raw_env``), the protocol's state
for search and analysis, the assignments' players as policies and a batched native call
(``play_batch``):

- Pig, classic (one die) and two-dice: ``cardgames.pig``, ``PigState``, ``HoldAt``,
  ``Optimal``;
- Ochos Locos, the seven rule sets of the two assignments: ``cardgames.ochos_locos``,
  ``OchosLocosState``, ``OchosLocosStrategy``;
- Quattro, under the assignment's rules and Uno rules: ``cardgames.quattro``,
  ``QuattroState``, ``QuattroBot``;
- War, 2 to 8 players: ``cardgames.war``, ``WarState``, ``AlwaysBattle``.

See docs/python.md.
"""

from ._native import HoldAt, Optimal, PigState
from ._native import OchosLocosState, OchosLocosStrategy
from ._native import QuattroBot, QuattroState
from ._native import AlwaysBattle, WarState

__all__ = ["HoldAt", "Optimal", "PigState"]
__all__ += ["OchosLocosState", "OchosLocosStrategy"]
__all__ += ["QuattroBot", "QuattroState"]
__all__ += ["AlwaysBattle", "WarState"]
