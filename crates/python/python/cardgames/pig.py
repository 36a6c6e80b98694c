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
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._native import HoldAt, Optimal, PigState, play_pig

__all__ = ["env", "raw_env", "play_batch", "HoldAt", "Optimal"]

OBSERVATION_SIZE = 5
ROLL, HOLD = 0, 1


def env(**kwargs):
    """The environment with PettingZoo's usual wrappers (bad actions end in an error)."""
    e = raw_env(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """Pig between ``player_0`` (moves first) and ``player_1``.

    ``rules`` is ``"two-dice"`` (the assignment's) or ``"classic"`` (one die);
    ``goal`` the points to win (100).
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "pig_v0", "is_parallelizable": False}

    def __init__(self, rules="two-dice", goal=100, render_mode=None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: expected 'ansi', 'human' or None")
        self.render_mode = render_mode
        self.state_ = PigState(0, rules, goal)
        self.possible_agents = ["player_0", "player_1"]
        high = np.array([goal, goal * 2, goal * 2, goal * 2, 1], dtype=np.int32)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, high, shape=(OBSERVATION_SIZE,), dtype=np.int32),
                    "action_mask": spaces.Box(0, 1, shape=(2,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(2) for a in self.possible_agents}
        self.agents = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        mask = np.zeros(2, dtype=np.int8)
        if self.state_.current_player() == seat:
            mask[self.state_.legal_actions()] = 1
        return {
            "observation": np.array(self.state_.observation(seat), dtype=np.int32),
            "action_mask": mask,
        }

    def reset(self, seed=None, options=None):
        if seed is None:
            seed = int(np.random.default_rng().integers(0, 1_000_000_000))
        self.state_.reset(seed)
        self.state_.settle_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.state_.current_player()]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action not in (ROLL, HOLD):
            raise ValueError(f"action {action!r} is not a Pig action: 0 is roll, 1 is hold")
        self._cumulative_rewards[agent] = 0
        # Refused actions raise ValueError from the engine, and change nothing.
        current = self.state_.step(int(action))
        self.rewards = {a: 0 for a in self.agents}
        if current < 0:
            winner = self.state_.winner()
            for i, a in enumerate(self.agents):
                self.rewards[a] = 1 if i == winner else -1
                self.terminations[a] = True
        else:
            self.agent_selection = self.agents[current]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        a, b = self.state_.scores()
        who = self.state_.current_player()
        line = f"{self.state_.rules} to {self.state_.goal}: player_0 {a}, player_1 {b}"
        if who >= 0:
            turn = self.state_.observation(who)[3]
            line += f"; player_{who} to act with {turn} in the turn"
        else:
            line += f"; player_{self.state_.winner()} won"
        if self.render_mode == "human":
            print(line)
            return None
        return line

    def close(self):
        pass


def play_batch(games, seed=1, a="hold:20", b="hold:20", rules="two-dice", goal=100):
    """Plays ``games`` games natively, as ``pig simulate --seed SEED --a A --b B``
    does: returns ``(winners, turns)``, numpy arrays (uint8 seat, uint32 turns) a game."""
    winners, turns = play_pig(games, seed, a, b, rules, goal)
    return np.frombuffer(winners, dtype=np.uint8), np.frombuffer(turns, dtype="<u4")
