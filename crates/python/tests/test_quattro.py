"""The Quattro environment and state against the assignment's rules, the protocol and
the `quattro` binary, under both rule sets.

The binary is found as conftest.py says ($CARDS_BIN_DIR, else $CARGO_TARGET_DIR/debug
or target/debug); the tests that need it are skipped without it, unless
$CARDS_REQUIRE_BINARIES is set (as .ci/checks.d/30-python.sh sets it).

Independent expectations: the legal moves and the observation are recomputed here in
Python from the assignment's rules (and the Uno expansion's, as docs/python.md states
them) and from the full state (`debug_full_state`, which is no observation); the
binary's own transcripts give the games of a seed.
"""

import json
import random
import re
import subprocess

import numpy as np
import pytest
from pettingzoo.test import api_test

from cardgames import QuattroBot, QuattroState, quattro

import conftest

RULES = ["quattro", "uno"]
COLORS = "RYGB"
COLOR_NAMES = {"red": "R", "yellow": "Y", "green": "G", "blue": "B"}
SYMBOLS = ["S", "R", "+2"]


# --- the documented encodings, written out from docs/python.md ------------------------


def kind_of(code):
    """A card code's kind, 0-53, as docs/python.md lists them."""
    if code == "W":
        return 52
    if code == "W+4":
        return 53
    colour, rest = COLORS.index(code[0]), code[1:]
    if rest.isdigit():
        return colour * 10 + int(rest)
    return 40 + colour * 3 + SYMBOLS.index(rest)


def action_of(name):
    """A move as typed ("R5", "W:G", "W", "draw") to its action number."""
    if name == "draw":
        return 62
    card, _, colour = name.partition(":")
    if card in ("W", "W+4"):
        base = 52 if card == "W" else 57
        return base + (1 + COLORS.index(colour) if colour else 0)
    assert not colour
    return kind_of(card)


def deck(rules):
    cards = [c + str(n) for c in COLORS for n in range(10)]
    if rules == "uno":
        cards += [c + s for c in COLORS for s in SYMBOLS] + ["W", "W", "W+4", "W+4"]
    return cards


# --- the rules, written out from the assignment (and the Uno expansion) -----------------


def colour_of(code):
    return None if code.startswith("W") else code[0]


def matches(card, top, colour):
    if card.startswith("W"):
        return True
    if colour_of(card) == colour:
        return True
    # A number on the same number, an action on the same action (never on a wild).
    return not top.startswith("W") and card[1:] == top[1:]


def expected_legal(full):
    hand = full["hands"][full["current"]]
    top, colour = full["discard_pile"][0], full["color"]
    moves = set()
    for card in hand:
        if not matches(card, top, colour):
            continue
        if card == "W+4" and any(colour_of(h) == colour for h in hand):
            continue  # only from a hand with no card of the colour to follow
        if card.startswith("W") and len(hand) > 1:
            moves.update(f"{card}:{c}" for c in COLORS)
        else:
            moves.add(card)
    return moves or {"draw"}


def expected_observation(full, seat, rules):
    """What docs/python.md says the seat sees, from the full state."""
    obs = np.zeros(176, dtype=np.int32)
    hand = full["hands"][seat]
    for at, card in enumerate(hand):
        obs[kind_of(card)] += 1
        obs[120 + at] = kind_of(card) + 1
    obs[54 + kind_of(full["discard_pile"][0])] = 1
    obs[108 + COLORS.index(full["color"])] = 1
    for offset in range(4):
        obs[112 + offset] = len(full["hands"][(seat + offset) % 4])
    obs[116] = len(full["draw_pile"])
    obs[117] = int(full["clockwise"])
    obs[118] = seat
    obs[119] = int(rules == "uno")
    return obs


# --- playing -------------------------------------------------------------------------


def random_game(seed, rules="quattro", policy_seed=None, on_step=None):
    """A game of uniform random choices from the mask (conftest.random_game)."""
    return conftest.random_game(quattro.env(rules=rules), seed, policy_seed, on_step)


MOVE = re.compile(
    r"(?P<who>You|Player (?P<n>\d)) (?:"
    r"plays? (?P<card>W\+4|W|[RYGB](?:\+2|\d|S|R))(?=[ ,.])"
    r"|names? (?P<colour>red|yellow|green|blue)\."
    r"|draws? (?P<drew>(?!\d+ cards)\S+( card)?) \(now"
    r"|can't play and there is nothing to draw)"
)


def transcript_moves(text):
    """The moves of a transcript, as (seat, move typed): "R5", "W:G", "draw"."""
    moves = []
    for m in MOVE.finditer(text):
        seat = 0 if m["who"] == "You" else int(m["n"]) - 1
        if m["card"]:
            moves.append((seat, m["card"]))
        elif m["colour"]:
            last_seat, card = moves[-1]
            assert last_seat == seat and card.startswith("W")
            moves[-1] = (seat, f"{card}:{COLOR_NAMES[m['colour']]}")
        else:
            moves.append((seat, "draw"))
    return moves


def transcript_winner(text):
    if m := re.search(r"Player (\d) has no cards left and wins the game!", text):
        return int(m.group(1)) - 1
    if "You have no cards left: you win the game" in text:
        return 0
    assert "ends with no winner" in text
    return None


# --- the tests -----------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULES)
def test_api(rules):
    api_test(quattro.env(rules=rules), num_cycles=500)


def test_actions_are_the_documented_encoding():
    for action in range(63):
        assert action_of(QuattroState.action_name(action)) == action
    assert [QuattroState.action_name(a) for a in (0, 5, 39, 44, 52, 55, 57, 61, 62)] == [
        "R0", "R5", "B9", "YR", "W", "W:G", "W+4", "W+4:B", "draw",
    ]
    for bad in (-1, 63, 1000):
        with pytest.raises(ValueError, match="not a Quattro action"):
            QuattroState.action_name(bad)


@pytest.mark.parametrize("rules", RULES)
def test_seeded_games_replay_identically(rules):
    # Seeds 1 and 2: a different seed is a different deal.
    conftest.assert_seeded_games_replay(random_game, range(20), rules)


@pytest.mark.parametrize("rules", RULES)
def test_mask_is_the_protocols_legal_actions_at_every_step(rules):
    steps = reshuffles = 0

    def check(e, agent, obs, legal):
        nonlocal steps
        state = e.unwrapped.state_
        seat = e.unwrapped.possible_agents.index(agent)
        assert state.current_player() == seat
        # The mask is the protocol's list (which comes sorted) ...
        assert legal == state.legal_actions()
        # ... and the moves the rules allow, worked out here from the whole state.
        full = state.debug_full_state()
        assert {QuattroState.action_name(a) for a in legal} == expected_legal(full)
        for other in e.unwrapped.possible_agents:
            if other != agent:
                assert not e.unwrapped.observe(other)["action_mask"].any()
        steps += 1

    for seed in range(100):
        random_game(seed, rules, on_step=check)
    assert steps > 1500
    # The reshuffle (a chance node in the middle of a turn) came up, so the mask was
    # checked after it too.
    for seed in range(100):
        state = QuattroState(seed, rules)
        state.settle_chance()
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            if state.is_chance_node():
                full = state.debug_full_state()
                assert full["draw_pile"] == []
                assert sorted(state.chance_cards()) == sorted(full["discard_pile"][1:])
                reshuffles += 1
            state.settle_chance()
    assert reshuffles > 0


@pytest.mark.parametrize("rules", RULES)
def test_observations_show_only_the_seats_hand_and_the_table(rules):
    # Every seat's observation at every step is exactly the documented function of its
    # own hand and the public table (top card, colour, card counts, draw pile size,
    # direction): it cannot hold another hand or the draw pile's order.
    checked = 0

    def check(e, agent, obs, legal):
        nonlocal checked
        state = e.unwrapped.state_
        full = state.debug_full_state()
        for seat, other in enumerate(e.unwrapped.possible_agents):
            seen = e.unwrapped.observe(other)["observation"]
            assert seen.dtype == np.int32 and seen.shape == (176,)
            assert np.array_equal(seen, expected_observation(full, seat, rules))
            assert np.array_equal(seen, state.observation(seat))
            checked += 1

    for seed in range(100):
        random_game(seed, rules, on_step=check)
    assert checked > 6000


@pytest.mark.parametrize("rules", RULES)
def test_hidden_cards_do_not_change_an_observation(rules):
    # Deal the same seat the same hand over the same top card, with everything it cannot
    # see (the other hands, the draw pile's order) shuffled differently: its observation
    # is the same, though the games differ.
    differ = 0
    for seed in range(100):
        rng = random.Random(seed)
        order = deck(rules)
        rng.shuffle(order)
        seat = seed % 4
        mine = {seat, seat + 4, seat + 8}
        # The card turned up: position 12, after any wild cards (they go under the pile).
        top = 12
        while order[top].startswith("W"):
            top += 1
        hidden = [i for i in range(len(order)) if i not in mine and not 12 <= i <= top]
        other = order[:]
        moved = [order[i] for i in hidden]
        rng.shuffle(moved)
        for i, card in zip(hidden, moved):
            other[i] = card
        a, b = QuattroState(0, rules), QuattroState(0, rules)
        a.apply_chance(order)
        b.apply_chance(other)
        assert a.observation(seat) == b.observation(seat)
        differ += a.debug_full_state()["hands"] != b.debug_full_state()["hands"]
    assert differ > 90


def test_the_deal_follows_the_assignment():
    # Rules 1-3: three cards each, dealt one at a time round the table, then the next card
    # starts the discard pile. The deck in its fixed order, dealt by hand:
    state = QuattroState(0, "quattro")
    assert state.current_player() == -1 and state.is_chance_node()
    assert sorted(state.chance_cards()) == sorted(deck("quattro"))
    state.apply_chance(deck("quattro"))
    full = state.debug_full_state()
    assert full["hands"] == [["R0", "R4", "R8"], ["R1", "R5", "R9"], ["R2", "R6", "Y0"], ["R3", "R7", "Y1"]]
    assert full["discard_pile"] == ["Y2"] and full["draw_pile"][0] == "Y3"
    assert len(full["draw_pile"]) == 27 and state.current_player() == 0
    uno = QuattroState(0, "uno")
    assert sorted(uno.chance_cards()) == sorted(deck("uno")) and len(deck("uno")) == 56


def test_bad_actions_raise_and_change_nothing():
    for rules in RULES:
        state = QuattroState(5, rules)
        with pytest.raises(ValueError, match="action refused"):
            state.apply_action(62)  # before the deal, chance acts
        with pytest.raises(ValueError, match="nothing to observe"):
            state.observation(0)
        state.settle_chance()

        def snapshot():
            return repr(state), state.debug_full_state(), [state.observation(s) for s in range(4)]

        before = snapshot()
        for bad in (-1, 63, 99):
            with pytest.raises(ValueError, match="not a Quattro action"):
                state.step(bad)
            assert snapshot() == before
        illegal = [a for a in range(63) if a not in state.legal_actions()]
        assert illegal
        for action in illegal:
            with pytest.raises(ValueError, match="action refused"):
                state.step(action)
            assert snapshot() == before
        with pytest.raises(ValueError, match="chance refused"):
            state.apply_chance(deck(rules))  # chance does not act now
        with pytest.raises(ValueError):
            state.observation(4)
        assert snapshot() == before
        fresh = QuattroState(5, rules)
        with pytest.raises(ValueError, match="chance refused"):
            fresh.apply_chance(deck(rules)[1:])  # a card missing
        with pytest.raises(ValueError, match="no card here"):
            fresh.apply_chance(["X9"] + deck(rules)[1:])
        assert fresh.is_chance_node() and fresh.chance_cards() == deck(rules)
    e = quattro.raw_env()
    e.reset(seed=1)
    full = e.state_.debug_full_state()
    for bad in (63, -1, "R5", None, 1.5):
        with pytest.raises(ValueError):
            e.step(bad)
    illegal = next(a for a in range(63) if a not in e.state_.legal_actions())
    with pytest.raises(ValueError, match="action refused"):
        e.step(illegal)
    assert e.agent_selection == "player_0" and e.state_.debug_full_state() == full
    # The same through the wrapped environment (its wrapper checks only the order).
    w = quattro.env()
    w.reset(seed=1)
    for bad in (63, -1, illegal):
        with pytest.raises(ValueError):
            w.step(bad)
    assert w.agent_selection == "player_0" and w.unwrapped.state_.debug_full_state() == full
    with pytest.raises(ValueError, match="unknown Quattro rules"):
        QuattroState(0, "uni")
    with pytest.raises(ValueError, match="176 fields"):
        QuattroBot().action([0, 1])


def test_clone_is_independent():
    state = QuattroState(9, "uno")
    state.settle_chance()
    copy = state.clone()
    copy.step(copy.legal_actions()[0])
    assert copy.debug_full_state() != state.debug_full_state()
    assert state.current_player() == 0
    # Both copies shuffle alike from where they were cloned.
    a, b = QuattroState(3, "uno"), None
    b = a.clone()
    a.settle_chance()
    b.settle_chance()
    assert a.debug_full_state() == b.debug_full_state()


def dealt(rules, hand, top):
    """A state dealt so that seat 0 holds `hand` (three codes) over `top`."""
    pool = deck(rules)
    for card in hand + [top]:
        pool.remove(card)
    order = [hand[i // 4] if i % 4 == 0 else pool.pop(0) for i in range(12)] + [top] + pool
    state = QuattroState(0, rules)
    state.apply_chance(order)
    assert state.debug_full_state()["hands"][0] == hand and state.top() == top
    return state


def test_policy_is_the_bots_strategy():
    # The strategy as the quattro crate documents it (coloured before wild, the card
    # that keeps most options, the colour held most), on hands worked by hand:
    bot = QuattroBot()
    cases = [
        ("quattro", ["B1", "G2", "Y3"], "R9", "draw"),  # nothing matches red or 9
        ("quattro", ["G9", "R5", "R7"], "R9", "R5"),  # R5 leaves R7 playable, G9 nothing
        ("quattro", ["R1", "R2", "B3"], "R9", "R1"),  # equal options: the first held
        ("uno", ["W", "B4", "B6"], "R9", "W:B"),  # only the wild; names blue, held most
        ("uno", ["W", "W+4", "B4"], "R9", "W:B"),  # a Wild before a Wild Draw Four
    ]
    for rules, hand, top, want in cases:
        state = dealt(rules, hand, top)
        assert QuattroState.action_name(bot.action(state.observation(0))) == want, (hand, top)
        # As a numpy array from the environment's observation, too.
        assert bot.action(np.array(state.observation(0), dtype=np.int32)) == action_of(want)


@pytest.mark.parametrize("rules", RULES)
def test_four_bots_are_the_binarys_game_of_the_seed(rules, binary):
    # `quattro --bots 4 --seed S --reveal`: four bots, every hand shown before each move.
    # The same seed in the environment with QuattroBot in every seat makes the same
    # moves from the same hands, and ends the same.
    quattro_bin = binary("quattro")
    bot = QuattroBot()
    for seed in range(25):
        e = quattro.env(rules=rules)
        e.reset(seed=seed)
        moves, hands = [], []
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            seat = int(agent[-1])
            hands.append(" ".join(e.unwrapped.state_.debug_full_state()["hands"][seat]))
            action = bot.action(obs["observation"])
            moves.append((seat, QuattroState.action_name(action)))
            e.step(action)
        out = subprocess.run(
            [quattro_bin, "--bots", "4", "--seed", str(seed), "--rules", rules, "--reveal"],
            check=True, capture_output=True, text=True,
        ).stdout
        assert transcript_moves(out) == moves, seed
        assert re.findall(r"^\(Player \d holds (.*)\)$", out, re.M) == hands, seed
        assert transcript_winner(out) == e.unwrapped.state_.winner(), seed


@pytest.mark.parametrize("rules", RULES)
def test_game_against_the_bots_is_the_binarys_game(rules, binary):
    # `quattro --seed S`: the person (seat 0, our random answers) against three bots.
    quattro_bin = binary("quattro")
    bot = QuattroBot()
    for seed in range(15):
        rng = random.Random(500 + seed)
        state = QuattroState(seed, rules)
        state.settle_chance()
        answers, moves = ["Ann"], []
        while not state.is_terminal():
            seat = state.current_player()
            if seat == 0:
                action = rng.choice(state.legal_actions())
                card, _, colour = QuattroState.action_name(action).partition(":")
                answers += [card] + ([colour] if colour else [])
            else:
                action = bot.action(state.observation(seat))
            moves.append((seat, QuattroState.action_name(action)))
            state.step(action)
        out = subprocess.run(
            [quattro_bin, "--seed", str(seed), "--rules", rules],
            input="\n".join(answers + ["n"]) + "\n", check=True, capture_output=True, text=True,
        ).stdout
        assert transcript_moves(out) == moves, seed
        assert transcript_winner(out) == state.winner(), seed


@pytest.mark.parametrize("rules", RULES)
def test_batched_play_is_quattro_simulate(rules, binary):
    quattro_bin = binary("quattro")
    winners, turns = quattro.play_batch(2000, seed=7, rules=rules)
    assert winners.shape == turns.shape == (2000,)
    assert winners.dtype == np.int8 and turns.dtype == np.uint32
    out = subprocess.run(
        [quattro_bin, "simulate", "--games", "2000", "--seed", "7", "--threads", "1",
         "--rules", rules, "--json"], check=True, capture_output=True, text=True,
    ).stdout
    report = json.loads(out)
    assert [int((winners == s).sum()) for s in range(4)] == [s["wins"] for s in report["seats"]]
    assert int((winners == -1).sum()) == sum(report["no_winner"].values())
    assert abs(float(turns.mean()) - report["length"]["mean"]) < 1e-9
    assert int(turns.max()) == report["length"]["max"]


@pytest.mark.parametrize("rules", RULES)
def test_rewards_at_the_end(rules):
    for seed in range(20):
        _, rewards = random_game(seed, rules)
        winners = [a for a, r in rewards.items() if r == 1]
        assert len(winners) == 1 and sorted(rewards.values()) == [-1, -1, -1, 1]
    e = quattro.raw_env(max_turns=3)
    e.reset(seed=4)
    for _ in range(3):
        e.step(e.state_.legal_actions()[0])
    # Three turns: nobody can have played three cards yet.
    assert e.state_.no_winner() == "the turn limit" and e.state_.turns() == 3
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert set(e.rewards.values()) == {0}


def test_render_modes(capsys):
    e = quattro.raw_env(rules="uno", render_mode="ansi")
    assert e.render() == "uno rules: not dealt yet (reset first)"
    e.reset(seed=7)
    assert e.render() == "uno rules: top BS (blue to follow), hands 3 3 3 3; player_0 to act"
    h = quattro.raw_env(rules="uno", render_mode="human")
    h.reset(seed=7)
    h.step(34)  # B4, the one legal card (the seed's deal: B4 G1 Y3 over BS)
    assert capsys.readouterr().out == (
        "uno rules: top B4 (blue to follow), hands 2 3 3 3; player_0 B4; player_1 to act\n"
    )
    with pytest.raises(ValueError, match="render_mode"):
        quattro.raw_env(render_mode="rgb")  # no mode; "rgb_array" is one (test_rgb_array.py)


def test_the_strong_player_chooses_legally_and_plays_whole_games():
    # The search at the seat to act: a legal action, the same for a seed; another seat is
    # refused; and as an agent in PettingZoo's loop, a whole game.
    from cardgames import quattro as q

    state = q.QuattroState(5, "uno")
    state.settle_chance()
    seat = state.current_player()
    action = state.mcts_action(seat, 200, seed=3)
    assert action in state.legal_actions()
    assert state.mcts_action(seat, 200, seed=3) == action
    with pytest.raises(ValueError, match="not the one to act"):
        state.mcts_action((seat + 1) % 4)

    game = q.env(rules="uno")
    game.reset(seed=2)
    agent = q.MctsAgent(iterations=100, seed=1)
    for name in game.agent_iter():
        _, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        mask = game.observe(name)["action_mask"]
        game.step(agent(game) if name == "player_0" else game.action_space(name).sample(mask))
    assert game.unwrapped.state_.is_terminal()
