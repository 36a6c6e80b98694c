"""What the four PettingZoo AEC environments share (private).

Each game's ``raw_env`` is a thin layer over its native state (``PigState``,
``OchosLocosState``, ``QuattroState``, ``WarState``), which all speak the same protocol:
``reset(seed)``, ``settle_chance()``, ``step(action)`` returning the seat to act next
(negative once the game is over), ``current_player()``, ``winner()``. So the AEC
bookkeeping (agents, rewards, terminations, the dead step, the render plumbing) is
written once here, with PettingZoo's ``max_cycles`` truncation and the parallel view
(``parallel``); a game's module keeps its spaces, its observation, its check of an
action, its render text and its options.
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from . import _draw


def wrap(env, assert_bounds=True):
    """``env`` in PettingZoo's usual wrappers: AssertOutOfBoundsWrapper (unless
    ``assert_bounds`` is false) inside OrderEnforcingWrapper."""
    if assert_bounds:
        env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def parallel(env):
    """``env`` (wrapped) as a PettingZoo ParallelEnv, by PettingZoo's converter for
    turn-based games: each parallel step is one move, that of the agent to act (named
    in every agent's info as ``"active_agent"``; the others' actions are ignored).

    Not ``aec_to_parallel``: that one plays every agent once a step, in a fixed cycle,
    and requires the game to end only at the end of a cycle (``is_parallelizable``);
    none of these games does (a Pig turn rolls again and again, Uno's Skip and Reverse
    break the round, War's actor is the whole table, and every game ends on the move
    that wins it)."""
    return turn_based_aec_to_parallel(env)


def env_metadata(name):
    """A raw_env's ``metadata``: PettingZoo's name ``name``, the three render modes, and
    not parallelizable (see ``parallel``)."""
    return {"render_modes": ["ansi", "human", "rgb_array"], "name": name, "is_parallelizable": False}


def integer(action):
    """``action`` as an int if it is a Python or numpy integer (not a bool), else None."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        return None
    return int(action)


def tallies(winners, *counts, winner_dtype=np.int8):
    """A batched call's bytes as numpy arrays: the winners (``winner_dtype``, int8 with
    -1 for no winner unless said otherwise), then each count (little-endian uint32)."""
    return (np.frombuffer(winners, dtype=winner_dtype),) + tuple(
        np.frombuffer(count, dtype="<u4") for count in counts
    )


def check_max_cycles(max_cycles):
    """``max_cycles`` if it is None or a whole number of at least 1, else ValueError."""
    if max_cycles is None:
        return None
    number = integer(max_cycles)
    if number is None or number < 1:
        raise ValueError(f"max_cycles {max_cycles!r}: expected None or a whole number of at least 1")
    return number


class CardGameEnv(AECEnv):
    """The AEC environment of a protocol state ``self.state_``, seats ``player_0`` ….

    A subclass calls ``super().__init__(render_mode, max_cycles)``, makes ``self.state_``, then
    ``self._spaces(...)``; it defines ``_action(action)`` (the number to give the
    engine, or ValueError) and ``_render_text()``, and may override ``_observation``,
    ``_mask``, ``_moved`` and ``_truncated``, and sets ``render_rows``, the lines of an
    ``rgb_array`` frame (enough for its longest render text but a rare War).

    ``max_cycles`` (None: no limit) truncates a game after that many steps, moves of the
    agent to act, as PettingZoo's environments do: every agent's truncation is set, the
    rewards are 0, and the masks are all 0 from then on.
    """

    render_rows = 4

    def __init__(self, render_mode=None, max_cycles=None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: expected 'ansi', 'human', 'rgb_array' or None")
        self.render_mode = render_mode
        self.max_cycles = check_max_cycles(max_cycles)
        self.agents = []
        self._steps = 0
        self._cut = False

    def _spaces(self, players, low, high, size, actions):
        """The agents ``player_0`` to ``player_{players-1}`` and their spaces: an int32
        observation of ``size`` fields in [low, high] with an int8 mask of
        ``actions``, and ``Discrete(actions)``."""
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, shape=(size,), dtype=np.int32),
                    "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._actions = actions

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _observation(self, seat):
        return np.array(self.state_.observation(seat), dtype=np.int32)

    def _mask(self, seat):
        mask = np.zeros(self._actions, dtype=np.int8)
        if self.state_.current_player() == seat:
            mask[self.state_.legal_actions()] = 1
        return mask

    def observe(self, agent):
        seat = self._seats[agent]
        # Once max_cycles cut the game short, nobody may act.
        mask = np.zeros(self._actions, dtype=np.int8) if self._cut else self._mask(seat)
        return {"observation": self._observation(seat), "action_mask": mask}

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
        self._steps = 0
        self._cut = False
        self.agent_selection = self.agents[self.state_.current_player()]
        self._moved(None, None)

    def _moved(self, agent, action):
        """Called after the engine took ``agent``'s ``action`` (with None, None on reset)."""

    def _truncated(self):
        """Whether a game that just ended was cut short (a truncation, not a termination)."""
        return False

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        number = self._action(action)
        # Refused actions raise ValueError from the engine, and change nothing.
        current = self.state_.step(number)
        self._steps += 1
        self._moved(agent, number)
        self._cumulative_rewards[agent] = 0
        self.rewards = {a: 0 for a in self.agents}
        if current < 0:
            winner = self.state_.winner()
            ended = self.truncations if self._truncated() else self.terminations
            for i, a in enumerate(self.agents):
                if winner is not None:
                    self.rewards[a] = 1 if i == winner else -1
                ended[a] = True
        else:
            self.agent_selection = self.agents[current]
            if self.max_cycles is not None and self._steps >= self.max_cycles:
                self._cut = True
                for a in self.agents:
                    self.truncations[a] = True
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = self._render_text()
        if self.render_mode == "human":
            print(text)
            return None
        if self.render_mode == "rgb_array":
            return _draw.draw(text, self.render_rows)
        return text

    def close(self):
        pass
