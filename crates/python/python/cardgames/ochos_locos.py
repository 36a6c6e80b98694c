"""Ochos Locos, all seven rule sets, as a PettingZoo AEC environment.

Observation (a dict): ``observation`` is a numpy int32 array of 78 fields, what the
observing seat may see (its own hand and the public facts, never another hand or the
deck's order). A card is a slot, colour * 8 + number - 1 (colours R, Y, G, B: R1 is 0,
B8 is 31):

    0-31   hand            this seat's cards, oldest first, as slots; -1 past the end
    32-63  held            1 where the card of that slot is in this seat's hand
    64     discard         the discard card's slot
    65     card_to_match   the discard card, or after an 8 that named a colour, that
                           colour's 8 (any card of the colour or any 8 matches it)
    66     chosen_colour   the colour named with the last 8 while in force (0-3), else -1
    67     pending_twos    fresh 2s waiting for an answer (Rule of Two)
    68     deck            cards left in the deck
    69-74  card_counts     cards held by each seat, this seat first, then round the table
                           in playing order; 0 past the table
    75     players         the number of players
    76     seat            this seat
    77     rules           the rule set: its index in RULES

and ``action_mask`` (int8, 49): the legal actions now, exactly the protocol's. Actions:
0-31 lay the card of that slot; 32-47 lay an 8 naming a colour (32 + 4 * the 8's colour
+ the colour named); 48 draw (or take the 2s' penalty, or pass with an empty deck).
Rewards at the end: +1 to the winner, -1 to the others; 0 to all without a winner.

The deal happens inside, from the seed: ``reset(seed=s)`` deals the hands of
``ochos-locos RULES --seed s``; with every seat playing ``Strategy(name)`` for the
names of ``env.unwrapped.state_.strategies()`` the game is the binary's, line for line.
"""

import numpy as np

from ._aec import CardGameEnv, integer, env_metadata, parallel, tallies, wrap
from ._native import OchosLocosState, OchosLocosStrategy, play_ochos_locos

__all__ = [
    "env",
    "raw_env",
    "parallel_env",
    "play_batch",
    "Strategy",
    "MctsAgent",
    "RULES",
    "card_name",
    "action_name",
]

RULES = (
    "match-making",
    "take-two",
    "going-wild",
    "more-the-merrier",
    "faciles",
    "diversidad",
    "completos",
)
OBSERVATION_SIZE = OchosLocosState.OBSERVATION_SIZE
ACTIONS = OchosLocosState.ACTIONS
DRAW = 48
COLOURS = "RYGB"

#: The assignments' players as policies: ``Strategy("B").action(observation)``.
Strategy = OchosLocosStrategy


class MctsAgent:
    """The strong player (information-set Monte Carlo tree search, the letter ``M`` of
    ``ochos-locos --strategies``) as an agent of the AEC environment: ``agent(env)`` is
    the action of the agent to act, searched ``iterations`` times from what its seat has
    seen, never the hidden cards. With ``seed`` the choices are reproducible; without,
    each is seeded from the seat's view, as the binaries' ``M`` seats are.

    ``play_batch(..., strategies="MBBB")`` plays it natively, many games at once."""

    def __init__(self, iterations=5000, seed=None):
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


def card_name(slot):
    """The card of a slot, as the game prints it: ``card_name(12)`` is ``"G5"``."""
    return f"{COLOURS[slot // 8]}{slot % 8 + 1}"


def action_name(action):
    """An action in words: ``"lay G5"``, ``"lay R8 naming B"``, ``"draw"``."""
    if 0 <= action < 32:
        return f"lay {card_name(action)}"
    if 32 <= action < 48:
        k = action - 32
        return f"lay {COLOURS[k // 4]}8 naming {COLOURS[k % 4]}"
    if action == DRAW:
        return "draw"
    raise ValueError(f"action {action!r} is not an Ochos Locos action: 0 to 48")


def env(rules="completos", players=None, render_mode=None, max_cycles=None):
    """Ochos Locos as a PettingZoo AEC environment, in PettingZoo's usual wrappers (an
    action out of range or before ``reset`` is an error).

    ``rules``: one of ``RULES``, the seven rule sets of the two assignments.
    ``players``: the number of seats, or None for the rule set's own (3 for Assignment
    2's, 4 for Assignment 4's; Problems 1-3 take 3).
    ``render_mode``: None, ``"ansi"`` (``render()`` returns the last step as the binary
    prints it and a line of where the game stands), ``"human"`` (prints it after each
    step) or ``"rgb_array"`` (``render()`` returns that text drawn as an image, a
    height x width x 3 uint8 array).
    ``max_cycles``: None (no limit) or the moves after which every agent is truncated.
    """
    return wrap(raw_env(rules=rules, players=players, render_mode=render_mode, max_cycles=max_cycles))


def parallel_env(rules="completos", players=None, render_mode=None, max_cycles=None):
    """``env(...)`` (the same arguments) as a PettingZoo ParallelEnv, one move a step:
    the agent to act is every info's ``"active_agent"``, the others' actions are ignored."""
    return parallel(env(rules=rules, players=players, render_mode=render_mode, max_cycles=max_cycles))


class raw_env(CardGameEnv):
    """Ochos Locos between ``player_0`` (plays first) and the others, in seat order.

    ``rules`` is one of ``RULES``; ``players`` the number of seats (the rule set's
    default, 3 for Assignment 2 and 4 for Assignment 4, if None; Problems 1-3 take 3).
    """

    metadata = env_metadata("ochos_locos_v0")
    # The last step takes one or two lines (a draw, then the play), then where the game
    # stands.
    render_rows = 4

    def __init__(self, rules="completos", players=None, render_mode=None, max_cycles=None):
        super().__init__(render_mode, max_cycles)
        self.state_ = OchosLocosState(0, rules, players)
        low = np.full(OBSERVATION_SIZE, -1, dtype=np.int32)
        high = np.full(OBSERVATION_SIZE, 32, dtype=np.int32)
        self._spaces(self.state_.players, low, high, OBSERVATION_SIZE, ACTIONS)

    def _action(self, action):
        number = integer(action)
        if number is None or not 0 <= number < ACTIONS:
            raise ValueError(f"action {action!r} is not an Ochos Locos action: 0 to {ACTIONS - 1}")
        return number

    def _render_text(self):
        state = self.state_
        # Seat 0's view: its card counts are in seat order.
        obs = state.observation(0)
        counts = obs[69 : 69 + state.players]
        line = f"{state.rules}: discard {card_name(obs[64])}"
        if obs[66] >= 0:
            line += f" ({COLOURS[obs[66]]} named)"
        if obs[67] > 0:
            line += f", {obs[67]} fresh 2s"
        line += f", deck {obs[68]}, cards held {' '.join(map(str, counts))}; "
        who = state.current_player()
        if who >= 0:
            line += f"player_{who} to act"
        elif state.winner() is not None:
            line += f"player_{state.winner()} won"
        else:
            line += f"no winner: {state.no_winner()}"
        # The last step as the binary prints it, then where the game stands.
        return state.last_text() + line


def play_batch(games, seed=1, rules="completos", strategies=None, players=None):
    """Plays ``games`` games natively, as ``ochos-locos simulate RULES --seed SEED
    --threads 1 [--strategies LETTERS] [--players N]`` does: returns ``(winners, turns)``,
    numpy arrays (int8 seat, -1 for no winner; uint32 turns) a game."""
    return tallies(*play_ochos_locos(games, seed, rules, strategies, players))
