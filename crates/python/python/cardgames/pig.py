"""Pig as a PettingZoo AEC environment.

Observation (a dict): ``observation`` is a numpy int32 array of 5 fields, from the
observing seat's point of view (everything in Pig is public):

    0 goal            the points needed to win
    1 my_score        this seat's banked points
    2 opponent_score  the other seat's banked points
    3 turn_points     the points of the turn being played (whoever plays it)
    4 my_turn         1 if the turn being played is this seat's, else 0

and ``action_mask`` (int8, 2): which of the actions 0 (roll) and 1 (hold) are legal now
(both at a seat's turn, neither once the game is over). Rewards: +1 to the winner, -1 to
the loser, at the end. The dice roll inside, from the seed: ``reset(seed=s)`` throws the
dice of ``pig --seed s`` (``pig dice --seed s`` lists them).
"""

import numpy as np

from ._aec import CardGameEnv, env_metadata, parallel, tallies, wrap
from ._native import HoldAt, Optimal, PigState, play_pig

__all__ = ["env", "raw_env", "parallel_env", "play_batch", "HoldAt", "Optimal"]

OBSERVATION_SIZE = 5
ROLL, HOLD = 0, 1


def env(rules="two-dice", goal=100, render_mode=None, max_cycles=None):
    """Pig as a PettingZoo AEC environment, in PettingZoo's usual wrappers (an action
    out of range or before ``reset`` is an error).

    ``rules``: ``"two-dice"`` (the assignment's) or ``"classic"`` (one die).
    ``goal``: the points to win, 1 to 10000.
    ``render_mode``: None, ``"ansi"`` (``render()`` returns a line: the scores and who
    acts), ``"human"`` (prints it after each step) or ``"rgb_array"`` (``render()``
    returns that text drawn as an image, a height x width x 3 uint8 array).
    ``max_cycles``: None (no limit) or the moves after which every agent is truncated.
    """
    return wrap(raw_env(rules=rules, goal=goal, render_mode=render_mode, max_cycles=max_cycles))


def parallel_env(rules="two-dice", goal=100, render_mode=None, max_cycles=None):
    """``env(...)`` (the same arguments) as a PettingZoo ParallelEnv, one move a step:
    the agent to act is every info's ``"active_agent"``, the others' actions are ignored."""
    return parallel(env(rules=rules, goal=goal, render_mode=render_mode, max_cycles=max_cycles))


class raw_env(CardGameEnv):
    """Pig between ``player_0`` (moves first) and ``player_1``.

    ``rules`` is ``"two-dice"`` (the assignment's) or ``"classic"`` (one die);
    ``goal`` the points to win (100).
    """

    metadata = env_metadata("pig_v0")
    render_rows = 1

    def __init__(self, rules="two-dice", goal=100, render_mode=None, max_cycles=None):
        super().__init__(render_mode, max_cycles)
        self.state_ = PigState(0, rules, goal)
        high = np.array([goal, goal * 2, goal * 2, goal * 2, 1], dtype=np.int32)
        self._spaces(2, 0, high, OBSERVATION_SIZE, 2)

    def _action(self, action):
        if action not in (ROLL, HOLD):
            raise ValueError(f"action {action!r} is not a Pig action: 0 is roll, 1 is hold")
        return int(action)

    def _render_text(self):
        a, b = self.state_.scores()
        who = self.state_.current_player()
        line = f"{self.state_.rules} to {self.state_.goal}: player_0 {a}, player_1 {b}"
        if who >= 0:
            turn = self.state_.observation(who)[3]
            line += f"; player_{who} to act with {turn} in the turn"
        else:
            line += f"; player_{self.state_.winner()} won"
        return line


def play_batch(games, seed=1, a="hold:20", b="hold:20", rules="two-dice", goal=100):
    """Plays ``games`` games natively, as ``pig simulate --seed SEED --a A --b B``
    does: returns ``(winners, turns)``, numpy arrays (uint8 seat, uint32 turns) a game."""
    return tallies(*play_pig(games, seed, a, b, rules, goal), winner_dtype=np.uint8)
