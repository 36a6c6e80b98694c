"""War, for 2 to 8 players, as a PettingZoo AEC environment.

War leaves nobody a choice, and the environment does not pretend otherwise: the agent
selected is the player the protocol names to act (the lowest seat still in the game,
for the whole table), and its only action, 0, plays the next battle with all the wars
it sets off and the take that ends it. So ``Discrete(1)``, and the mask is ``[1]`` for
that agent and ``[0]`` for the others. A player who runs out stays in ``agents`` (never
selected again) until the game ends; then every agent terminates.

Observation (a dict): ``observation`` is a numpy int32 array of 65 fields, what the
observing seat may see (War's piles are face down, its own included):

    0-7    card_counts   cards held by each seat, this seat first, then round the
                         table; 0 past the table
    8      table         cards on the table (between battles only a pot left when
                         everyone at war ran out together)
    9-60   face_up       1 where the card of index (rank - 2) * 4 + suit (C, D, H, S;
                         2C is 0, AS is 51) lies face up on the table
    61     battles       battles fought so far (wars' deciding battles included)
    62     wars          wars fought so far
    63     players       the number of players
    64     seat          this seat

and ``action_mask`` (int8, 1). Rewards at the end: +1 to the winner, -1 to the others;
0 to all without a winner (players out together, a repeated position with fixed
returns, the battle cap).

Chance happens inside, from the seed: ``reset(seed=s)`` is the game of
``war --seed s --players N``, battle for battle.
"""

import numpy as np

from ._aec import CardGameEnv, env_metadata, parallel, tallies, wrap
from ._native import AlwaysBattle, WarState, play_war

__all__ = ["env", "raw_env", "parallel_env", "play_batch", "AlwaysBattle"]

OBSERVATION_SIZE = WarState.OBSERVATION_SIZE
BATTLE = 0


def env(players=2, order="shuffled", max_battles=100_000, render_mode=None, max_cycles=None):
    """War as a PettingZoo AEC environment, in PettingZoo's usual wrappers (an action
    out of range or before ``reset`` is an error).

    ``players``: 2 to 8.
    ``order``: how a won pile goes under the winner's, ``"shuffled"`` or ``"fixed"``.
    ``max_battles``: the battles after which a game ends with no winner.
    ``render_mode``: None, ``"ansi"`` (``render()`` returns the last battle as ``war
    --auto`` prints it and the cards held), ``"human"`` (prints it after each step) or
    ``"rgb_array"`` (``render()`` returns that text drawn as an image, a height x width
    x 3 uint8 array).
    ``max_cycles``: None (no limit) or the moves (battles) after which every agent is
    truncated.
    """
    return wrap(
        raw_env(
            players=players, order=order, max_battles=max_battles, render_mode=render_mode, max_cycles=max_cycles
        )
    )


def parallel_env(players=2, order="shuffled", max_battles=100_000, render_mode=None, max_cycles=None):
    """``env(...)`` (the same arguments) as a PettingZoo ParallelEnv, one move (battle) a
    step: the agent to act is every info's ``"active_agent"``, the others' actions are
    ignored."""
    return parallel(
        env(players=players, order=order, max_battles=max_battles, render_mode=render_mode, max_cycles=max_cycles)
    )


class raw_env(CardGameEnv):
    """War between ``player_0`` … ``player_{N-1}``.

    ``players`` 2 to 8; ``order`` of won cards ``"shuffled"`` (the default) or
    ``"fixed"``; ``max_battles`` the cap after which a game ends without a winner.
    """

    metadata = env_metadata("war_v0")
    # A battle and its wars, the cards held, and at the end the summary: 3 to 11 lines
    # in 30 random games of 8 players, most of them 3.
    render_rows = 12

    def __init__(self, players=2, order="shuffled", max_battles=100_000, render_mode=None, max_cycles=None):
        super().__init__(render_mode, max_cycles)
        self.state_ = WarState(0, players, order, max_battles)
        high = np.full(OBSERVATION_SIZE, 52, dtype=np.int32)
        high[61:63] = np.iinfo(np.int32).max
        self._spaces(players, 0, high, OBSERVATION_SIZE, 1)

    def _action(self, action):
        if isinstance(action, (bool, np.bool_)) or action != BATTLE:
            raise ValueError(f"action {action!r} is not a War action: 0 (battle) is the only one")
        return BATTLE

    def _render_text(self):
        state = self.state_
        counts = state.observation(0)[: state.players]
        line = "Cards held: " + ", ".join(f"Player {i + 1} {n}" for i, n in enumerate(counts))
        # The last battle as `war --auto` prints it, then the counts (and the end).
        text = state.last_text() + line + "\n"
        if state.is_terminal():
            text += state.summary()
        return text.rstrip("\n")


def play_batch(games, seed=1, players=2, order="shuffled", max_battles=100_000):
    """Plays ``games`` games natively, as ``war simulate --seed SEED --threads 1
    --players N --order ORDER --max-battles M`` does: returns ``(winners, battles,
    wars)``, numpy arrays (int8 seat, -1 for no winner; uint32; uint32) a game."""
    return tallies(*play_war(games, seed, players, order, max_battles))
