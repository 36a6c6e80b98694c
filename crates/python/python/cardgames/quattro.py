"""Quattro (the assignment's rules, or Uno rules) as a PettingZoo AEC environment.

Four seats, ``player_0`` (plays first) to ``player_3``. Actions are ``Discrete(63)``,
the same numbers under both rule sets:

    0-39   play the number card colour*10 + number (colours R, Y, G, B: R5 is 5, B0 is 30)
    40-51  play the action card 40 + colour*3 + symbol (Skip, Reverse, Draw Two: YR is 44)
    52     play a Wild that is the last card (no colour named)
    53-56  play a Wild naming red, yellow, green, blue
    57     play a Wild Draw Four that is the last card
    58-61  play a Wild Draw Four naming red, yellow, green, blue
    62     draw (legal only with no playable card; passes if nothing is left to draw)

Observation (a dict): ``observation`` is a numpy int32 array of 176 fields, what the
protocol's ``observe(seat)`` shows that seat and nothing more (card kinds 0-53 are the
action numbers 0-51, then Wild 52, Wild Draw Four 53):

    0-53     hand: how many of each card kind this seat holds
    54-107   top: the top card of the discard pile, one-hot by kind
    108-111  colour to follow, one-hot (R, Y, G, B)
    112-115  cards held by this seat, the seat after it (up the seats), the next, the last
    116      cards in the draw pile
    117      1 if play goes up the seats (0, 1, 2, 3, 0, ...), 0 if down
    118      this seat (0-3)
    119      rules: 0 quattro, 1 uno
    120-175  the hand in the order received: kind + 1 for each card, then 0s

and ``action_mask`` (int8, 63): the protocol's legal actions for the seat to act, all 0
for the others. Rewards at the end: +1 to the winner, -1 to each other seat; 0 to all
with no winner (every seat passed in a row: a termination; the turn limit: a
truncation). The shuffles happen inside, from the seed: ``reset(seed=s)`` deals and
reshuffles exactly as ``quattro --seed s`` does.
"""

import numpy as np

from ._aec import CardGameEnv, integer, env_metadata, parallel, tallies, wrap
from ._native import QuattroBot, QuattroState, play_quattro

__all__ = [
    "env",
    "raw_env",
    "parallel_env",
    "play_batch",
    "QuattroBot",
    "QuattroState",
    "MctsAgent",
    "ACTIONS",
    "DRAW",
    "OBSERVATION_SIZE",
]

OBSERVATION_SIZE = 176
ACTIONS = 63
DRAW = 62
PLAYERS = 4
COLORS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}


def _high():
    high = np.ones(OBSERVATION_SIZE, dtype=np.int32)
    high[52:54] = 2  # two of each wild card in the Uno deck
    high[112:117] = 56  # cards held, draw pile
    high[118] = 3
    high[120:] = 54
    return high


def env(rules="quattro", max_turns=1000, render_mode=None, max_cycles=None):
    """Quattro as a PettingZoo AEC environment, in PettingZoo's OrderEnforcingWrapper (a
    step or an observation before ``reset`` is an error).

    ``rules``: ``"quattro"`` (the assignment's 40 number cards) or ``"uno"`` (with Skip,
    Reverse, Draw Two, Wild and Wild Draw Four: 56 cards).
    ``max_turns``: the turns after which a game ends with no winner (the binary's
    ``--max-turns``).
    ``render_mode``: None, ``"ansi"`` (``render()`` returns a line: the top card, the
    colour to follow, the card counts, the last move and who acts), ``"human"`` (prints
    it after each step) or ``"rgb_array"`` (``render()`` returns that text drawn as an
    image, a height x width x 3 uint8 array).
    ``max_cycles``: None (no limit) or the moves after which every agent is truncated.

    Not in its AssertOutOfBoundsWrapper: ``raw_env.step`` refuses every action that is
    not legal now, out of range or not, with a ValueError that says why and changes
    nothing, where the wrapper would raise a bare AssertionError first; and each wrapper
    forwards every attribute PettingZoo's loop reads, which made the random AEC loop a
    third slower (50 k against 75 k decisions a second, uno rules).
    """
    return wrap(
        raw_env(rules=rules, max_turns=max_turns, render_mode=render_mode, max_cycles=max_cycles),
        assert_bounds=False,
    )


def parallel_env(rules="quattro", max_turns=1000, render_mode=None, max_cycles=None):
    """``env(...)`` (the same arguments) as a PettingZoo ParallelEnv, one move a step:
    the agent to act is every info's ``"active_agent"``, the others' actions are ignored."""
    return parallel(env(rules=rules, max_turns=max_turns, render_mode=render_mode, max_cycles=max_cycles))


class raw_env(CardGameEnv):
    """Quattro between ``player_0`` (plays first) and ``player_1`` to ``player_3``.

    ``rules`` is ``"quattro"`` (the assignment's 40 number cards) or ``"uno"`` (with
    Skip, Reverse, Draw Two, Wild and Wild Draw Four: 56 cards); ``max_turns`` ends a game
    with no winner (1000, as the binary).
    """

    metadata = env_metadata("quattro_v0")
    render_rows = 1

    def __init__(self, rules="quattro", max_turns=1000, render_mode=None, max_cycles=None):
        super().__init__(render_mode, max_cycles)
        self.state_ = QuattroState(0, rules, max_turns)
        self._spaces(PLAYERS, 0, _high(), OBSERVATION_SIZE, ACTIONS)
        self.last_move = None

    # The engine's bytes straight into numpy: no Python list in between.
    def _observation(self, seat):
        return np.frombuffer(self.state_.observation_bytes(seat), dtype="<i4")

    def _mask(self, seat):
        return np.frombuffer(self.state_.legal_mask(seat), dtype=np.int8)

    def _action(self, action):
        number = integer(action)
        if number is None:
            raise ValueError(f"action {action!r} is not a Quattro action: an integer 0 to 62")
        return number

    def _moved(self, agent, action):
        self.last_move = None if agent is None else (agent, action)

    def _truncated(self):
        return self.state_.no_winner() == "the turn limit"

    def _render_text(self):
        s = self.state_
        if s.top() is None:
            return f"{s.rules} rules: not dealt yet (reset first)"
        line = f"{s.rules} rules: top {s.top()} ({COLORS[s.color()]} to follow)"
        line += ", hands " + " ".join(map(str, s.hand_sizes()))
        if self.last_move is not None:
            agent, action = self.last_move
            line += f"; {agent} {QuattroState.action_name(action)}"
        who = s.current_player()
        if who >= 0:
            line += f"; player_{who} to act"
        elif s.winner() is not None:
            line += f"; player_{s.winner()} won"
        else:
            line += f"; no winner ({s.no_winner()})"
        return line


def play_batch(games, seed=1, rules="quattro", max_turns=1000):
    """Plays ``games`` bot games natively, as ``quattro simulate --seed SEED --rules RULES
    --threads 1`` does: returns ``(winners, turns)``, numpy arrays (int8 seat, -1 for no
    winner; uint32 turns) a game."""
    return tallies(*play_quattro(games, seed, rules, max_turns))


class MctsAgent:
    """The strong player (information-set Monte Carlo tree search, ``quattro --opponent
    mcts``) as an agent of the AEC environment: ``agent(env)`` is the action of the agent
    to act, searched ``iterations`` times from what its seat sees, never the hidden
    cards. With ``seed`` the choices are reproducible; without, each is seeded from the
    seat's view, as the console's opponent is. (Under Quattro's rules it plays about as
    well as the bots: BENCHMARKS.md.)"""

    def __init__(self, iterations=3000, seed=None):
        if int(iterations) < 1:
            raise ValueError("a search takes 1 iteration or more")
        self.iterations = int(iterations)
        self.seed = seed

    def __call__(self, env):
        raw = env.unwrapped
        seat = raw.agents.index(raw.agent_selection)
        return raw.state_.mcts_action(seat, self.iterations, self.seed)

    def __repr__(self):
        return f"MctsAgent(iterations={self.iterations}, seed={self.seed!r})"
