"""The Ochos Locos environment and state against the rules, the protocol and the
`ochos-locos` binary, in all seven rule sets.

The binary is found as conftest.py says ($CARDS_BIN_DIR, else
$CARGO_TARGET_DIR/debug or target/debug); the tests that need it are skipped without it,
unless $CARDS_REQUIRE_BINARIES is set.
"""

import random
import re
import subprocess

import pytest
from pettingzoo.test import api_test

from cardgames import OchosLocosState, OchosLocosStrategy, ochos_locos
from cardgames.ochos_locos import RULES, card_name

import conftest

ASSIGNMENT_2 = RULES[:4]
# Rule sets where the Rule of Two holds, and where an 8 names a colour.
TWO_RULE = {"take-two", "going-wild", "more-the-merrier", "completos"}
EIGHT_RULE = {"going-wild", "more-the-merrier", "completos"}
# Rule sets and table sizes to play: Problems 1-3 take exactly 3 players.
TABLES = [(r, None) for r in RULES] + [
    (r, n) for r in ("more-the-merrier", "faciles", "diversidad", "completos") for n in (2, 6)
]


def slot(card):
    """A card's slot, written here from the docs' layout: colour * 8 + number - 1."""
    return "RYGB".index(card[0]) * 8 + int(card[1]) - 1


def random_game(seed, rules="completos", players=None, policy_seed=None, on_step=None):
    """A game of uniform random choices from the mask (conftest.random_game)."""
    return conftest.random_game(ochos_locos.env(rules=rules, players=players), seed, policy_seed, on_step)


def legal_by_the_rules(rules, full, seat):
    """The legal actions, encoded, worked out here from the full state and the rule
    texts (not from the engine): a card matching the card to match by colour or number
    (facing a fresh 2 under the Rule of Two, only a 2); an 8 that names a colour once
    per colour where 8s name one, except as the last card; else the draw."""
    hand = full["hands"][seat]
    top = full["discard_pile"][-1]
    target = (full["chosen_colour"], "8") if full["chosen_colour"] else (top[0], top[1])
    facing_two = rules in TWO_RULE and full["pending_twos"] > 0
    actions = set()
    for card in hand:
        playable = card[1] == "2" if facing_two else card[0] == target[0] or card[1] == target[1]
        if not playable:
            continue
        if rules in EIGHT_RULE and card[1] == "8" and len(hand) > 1:
            actions |= {32 + 4 * "RYGB".index(card[0]) + c for c in range(4)}
        else:
            actions.add(slot(card))
    return actions or {48}


def observation_from_full_state(rules, full, seat):
    """The observation of `seat`, built here from the docs' layout and only the parts of
    the full state the seat may see."""
    hand = full["hands"][seat]
    counts = [len(h) for h in full["hands"]]
    n = len(counts)
    top = full["discard_pile"][-1]
    chosen = full["chosen_colour"]
    obs = [-1] * 32 + [0] * 32 + [0] * 14
    for i, card in enumerate(hand):
        obs[i] = slot(card)
        obs[32 + slot(card)] = 1
    obs[64] = slot(top)
    obs[65] = slot(chosen + "8") if chosen else slot(top)
    obs[66] = "RYGB".index(chosen) if chosen else -1
    obs[67] = full["pending_twos"]
    obs[68] = len(full["deck"])
    obs[69:75] = [counts[(seat + k) % n] if k < n else 0 for k in range(6)]
    obs[75:78] = [n, seat, RULES.index(rules)]
    return obs


@pytest.mark.parametrize("rules,players", TABLES)
def test_api(rules, players):
    api_test(ochos_locos.env(rules=rules, players=players), num_cycles=300)


@pytest.mark.parametrize("rules", RULES)
def test_seeded_games_replay_identically(rules):
    # Seeds 1 and 2: a different seed is a different deal.
    conftest.assert_seeded_games_replay(random_game, range(15), rules)


@pytest.mark.parametrize("rules,players", TABLES)
def test_mask_is_the_protocols_legal_actions_at_every_step(rules, players):
    steps = draws = namings = 0

    def check(e, agent, obs, legal):
        nonlocal steps, draws, namings
        state = e.unwrapped.state_
        seat = e.unwrapped.possible_agents.index(agent)
        assert state.current_player() == seat
        from_rust = state.legal_actions()
        assert len(set(from_rust)) == len(from_rust)
        assert legal == sorted(from_rust)
        assert set(legal) == legal_by_the_rules(rules, state.full_state(), seat)
        for other in e.unwrapped.possible_agents:
            if other != agent:
                assert not e.unwrapped.observe(other)["action_mask"].any()
        steps += 1
        draws += legal == [48]
        namings += any(32 <= a < 48 for a in legal)

    for seed in range(25):
        random_game(seed, rules, players, on_step=check)
    assert steps > 100 and draws > 10
    assert (namings > 0) == (rules in EIGHT_RULE)


@pytest.mark.parametrize("rules,players", TABLES)
def test_observations_hold_only_what_the_seat_may_see(rules, players):
    # Every seat's observation, at every step of many seeded games, is exactly what the
    # docs' layout builds from the seat's own hand and the public facts of the full
    # state: so it holds nothing of another hand or of the deck's order.
    seen = 0

    def check(e, agent, obs, legal):
        nonlocal seen
        state = e.unwrapped.state_
        full = state.full_state()
        for seat, a in enumerate(e.unwrapped.possible_agents):
            got = e.unwrapped.observe(a)["observation"].tolist()
            assert got == observation_from_full_state(rules, full, seat)
            seen += 1

    for seed in range(20):
        random_game(seed, rules, players, on_step=check)
    assert seen > 300


def test_other_hands_and_the_deck_do_not_change_an_observation():
    # Two deals that give seat 0 the same hand and the same discard card, but the others
    # different hands and the deck a different order, look the same to seat 0 (and to
    # nobody else).
    for rules in ("going-wild", "completos"):
        base = OchosLocosState(0, rules)
        base.settle_chance()
        full = base.full_state()
        mine = full["hands"][0]
        others = [c for h in full["hands"][1:] for c in h] + full["deck"]
        rng = random.Random(7)
        changed = 0
        for _ in range(20):
            rng.shuffle(others)
            n = len(full["hands"]) - 1
            order = mine + others[: 5 * n] + [full["discard_pile"][0]] + others[5 * n :]
            other = OchosLocosState(0, rules)
            other.apply_chance(order)
            assert other.observation(0) == base.observation(0)
            assert other.full_state()["hands"][0] == mine
            changed += other.full_state()["hands"][1:] != full["hands"][1:]
            changed += other.full_state()["deck"] != full["deck"]
        assert changed == 40


def winner_in_output(rules, out):
    """The winner's seat (or None) as the binary's output says it."""
    last = out.rstrip("\n").split("\n")[-1]
    if rules in ASSIGNMENT_2:
        if last == "STALEMATE (NO WINNER)":
            return None
        match = re.fullmatch(r"(\d+): \S+ \(WINNER\)", last)
        return int(match.group(1)) - 1
    if last == "That was fun!":
        return None
    match = re.fullmatch(r"(\w+) is the winner!", last)
    return ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"].index(match.group(1))


@pytest.mark.parametrize("rules,players", TABLES)
def test_a_seeded_game_is_the_binarys_game_of_the_seed(rules, players, binary):
    # `reset(seed=s)` with each seat playing the binary's strategy for that seed: the
    # winner is the binary's, and the game, line for line, its output.
    ol = binary("ochos-locos")
    outcomes = set()
    for seed in range(12):
        e = ochos_locos.env(rules=rules, players=players)
        e.reset(seed=seed)
        state = e.unwrapped.state_
        policies = [OchosLocosStrategy(name) for name in state.strategies()]
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            seat = e.unwrapped.possible_agents.index(agent)
            e.step(None if term or trunc else policies[seat].action(obs["observation"].tolist()))
        command = [ol, rules, "--seed", str(seed)] + (["--players", str(players)] if players else [])
        out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        assert winner_in_output(rules, out) == state.winner()
        assert out == state.transcript()
        outcomes.add(state.winner())
    # At the rule set's own table, seeds end with different winners. (With six players
    # Assignment 4's deck holds one card, and most games end with nobody winning.)
    if players is None:
        assert len(outcomes - {None}) >= 2


def test_strategies_of_the_seed_are_the_binarys_deal(binary):
    # `ochos-locos deal completos --seed S` names each seat's strategy letter.
    ol = binary("ochos-locos")
    for seed in range(10):
        out = subprocess.run([ol, "deal", "completos", "--seed", str(seed)],
                             check=True, capture_output=True, text=True).stdout.split("\n")
        state = OchosLocosState(seed, "completos")
        state.settle_chance()
        assert state.strategies() == [line.split()[1] for line in out[1:5]]
        assert state.full_state()["hands"] == [line.split()[2:] for line in out[1:5]]
        assert state.full_state()["discard_pile"] == [out[5]]
        assert state.full_state()["deck"] == out[6].split()
    assert OchosLocosState(0, "going-wild").strategies() == ["rainbow"] * 3
    assert OchosLocosState(0, "faciles", 5).strategies() == ["B"] * 5


def test_policies_follow_the_assignments_examples():
    # Assignment 4's example: Alice holds R8 G8 Y4 G2 B1 and the discard card is G4.
    def observation(rules, hand, top, pending=0, chosen=None):
        full = {"hands": [hand, ["R1"] * 5], "discard_pile": [top], "chosen_colour": chosen,
                "pending_twos": pending, "deck": []}
        return observation_from_full_state(rules, full, 0)

    def play(name, rules, hand, top, **kw):
        return ochos_locos.action_name(OchosLocosStrategy(name).action(observation(rules, hand, top, **kw)))

    alice = ["R8", "G8", "Y4", "G2", "B1"]
    assert play("B", "faciles", alice, "G4") == "lay G8"
    assert play("C", "faciles", ["R8", "Y4", "G2", "B1"], "G4") == "lay G2"
    assert play("N", "faciles", ["R8", "G8", "Y4", "G2"], "G4") == "lay Y4"
    assert play("S", "faciles", ["G1", "Y4", "R4"], "G4") == "lay Y4"
    assert play("S", "faciles", ["R1", "B2"], "G4") == "draw"
    # Assignment 2's examples (more number matches than colour matches: the first in
    # rainbow order; else the colour match lowest in counting order).
    hand = ["R3", "R7", "Y3", "Y7", "G8", "B3", "B7", "B8"]
    assert play("rainbow", "match-making", hand, "G3") == "lay R3"
    assert play("rainbow", "match-making", ["R3", "R7", "Y3", "Y7", "G8", "B7", "B8"], "B8") == "lay B7"
    # Completos: an 8 names the colour held most (the 8 counted), ties in rainbow order.
    assert play("B", "completos", ["G8", "B1", "B3", "Y3", "Y4"], "G5") == "lay G8 naming Y"
    # A fresh 2 under the Rule of Two: Assignment 4 answers with its first 2 in hand
    # order, Assignment 2 with the first in rainbow order.
    assert play("B", "completos", ["B2", "Y2", "R5"], "R2", pending=1) == "lay B2"
    assert play("rainbow", "take-two", ["B2", "Y2", "R5"], "R2", pending=1) == "lay Y2"
    # Going wild: a playable 8 first, naming the first colour in rainbow order left.
    assert play("rainbow", "going-wild", ["B8", "G3", "Y8", "R1"], "Y5") == "lay Y8 naming R"
    with pytest.raises(ValueError, match="unknown strategy"):
        OchosLocosStrategy("X")
    with pytest.raises(ValueError, match="78 fields"):
        OchosLocosStrategy("B").action([0] * 5)


def test_bad_actions_raise_and_change_nothing():
    state = OchosLocosState(4, "completos")
    state.settle_chance()
    before = repr(state), state.full_state(), state.transcript(), state.legal_actions()
    hand = state.full_state()["hands"][0]
    not_held = next(s for s in range(32) if card_name(s) not in hand)
    for bad, message in ((49, "not an Ochos Locos action"), (-1, "not an Ochos Locos action"),
                         (not_held, "action refused")):
        with pytest.raises(ValueError, match=message):
            state.step(bad)
        assert (repr(state), state.full_state(), state.transcript(), state.legal_actions()) == before
    illegal = sorted(set(range(49)) - set(state.legal_actions()))
    for bad in illegal:
        with pytest.raises(ValueError, match="action refused"):
            state.apply_action(bad)
    assert (repr(state), state.full_state(), state.transcript(), state.legal_actions()) == before
    with pytest.raises(ValueError, match="chance refused"):
        state.apply_chance(state.full_state()["deck"])
    with pytest.raises(ValueError, match="no seat 4"):
        state.observation(4)
    fresh = OchosLocosState(1, "going-wild")
    with pytest.raises(ValueError, match="chance refused"):
        fresh.apply_chance(["R1"] * 32)
    with pytest.raises(ValueError, match="card"):
        fresh.apply_chance(["r1"])
    assert fresh.is_chance_node() and len(fresh.to_deal()) == 32
    e = ochos_locos.raw_env(rules="going-wild")
    e.reset(seed=1)
    snapshot = e.state_.full_state(), e.agent_selection
    illegal = sorted(set(range(49)) - set(e.state_.legal_actions()))[0]
    for bad in (illegal, 60, "R5", 1.5):
        with pytest.raises(ValueError):
            e.step(bad)
        assert (e.state_.full_state(), e.agent_selection) == snapshot
    # The wrapped environment: PettingZoo's AssertOutOfBoundsWrapper refuses an action
    # outside the space first; an illegal one inside it is the engine's ValueError.
    w = ochos_locos.env(rules="going-wild")
    w.reset(seed=1)
    snapshot = w.unwrapped.state_.full_state()
    with pytest.raises(AssertionError, match="action space"):
        w.step(60)
    with pytest.raises(ValueError, match="action refused"):
        w.step(illegal)
    assert w.unwrapped.state_.full_state() == snapshot and w.agent_selection == "player_0"
    with pytest.raises(ValueError, match="rule set"):
        OchosLocosState(0, "uno")
    with pytest.raises(ValueError, match="exactly 3 players"):
        OchosLocosState(0, "going-wild", 4)
    with pytest.raises(ValueError, match="players"):
        OchosLocosState(0, "completos", 7)


def test_clone_is_independent():
    state = OchosLocosState(2, "take-two")
    state.settle_chance()
    copy = state.clone()
    copy.step(copy.legal_actions()[0])
    assert copy.turns() == 1 and state.turns() == 0
    assert copy.full_state() != state.full_state()


def simulate(ol, rules, games, extra=()):
    return subprocess.run([ol, "simulate", rules, "--games", str(games), "--seed", "7",
                           "--threads", "1", *extra], check=True, capture_output=True, text=True).stdout


@pytest.mark.parametrize("rules,strategies", [("completos", None), ("completos", "SSNC"),
                                              ("going-wild", None), ("faciles", None)])
def test_batched_play_is_ochos_locos_simulate(rules, strategies, binary):
    ol = binary("ochos-locos")
    winners, turns = ochos_locos.play_batch(3000, seed=7, rules=rules, strategies=strategies)
    assert winners.shape == turns.shape == (3000,)
    out = simulate(ol, rules, 3000, ["--strategies", strategies] if strategies else [])
    wins = [int(w) for w in re.findall(r"^\S+ \([^)]*\)\s+(\d+)", out, re.M)]
    assert [int((winners == seat).sum()) for seat in range(len(wins))] == wins
    nobody = re.search(r"no winner \([^)]*\): (\d+) games", out)
    assert int((winners == -1).sum()) == (int(nobody.group(1)) if nobody else 0)
    mean = float(re.search(r"turns per game: mean ([0-9.]+)", out).group(1))
    assert abs(turns.mean() - mean) < 0.006


def test_render_modes(capsys):
    e = ochos_locos.raw_env(rules="going-wild", render_mode="ansi")
    e.reset(seed=3)
    # `ochos-locos going-wild --seed 3` starts `0: B6`.
    assert e.render() == "0: B6\ngoing-wild: discard B6, deck 16, cards held 5 5 5; player_0 to act"
    h = ochos_locos.raw_env(rules="going-wild", render_mode="human")
    h.reset(seed=3)
    h.step(slot("B5"))  # the binary's player 1 lays B5
    assert capsys.readouterr().out == (
        "1: B5\ngoing-wild: discard B5, deck 16, cards held 4 5 5; player_1 to act\n"
    )
    # At the end: the binary's last lines, then the outcome.
    end = ochos_locos.raw_env(rules="completos", render_mode="ansi")
    end.reset(seed=3)
    bots = [OchosLocosStrategy(s) for s in end.state_.strategies()]
    while not end.state_.is_terminal():
        seat = end.state_.current_player()
        end.step(bots[seat].action(end.state_.observation(seat)))
    # `ochos-locos completos --seed 3` ends `Bob Y7 R7 Y5: DRAW`, `Carol Y3 Y4 R1: DRAW`,
    # `Dave B8: Y1`, `Alice: Y2`, `Alice is the winner!`; two DRAWs from a deck of 11.
    assert end.render().endswith("Alice: Y2\nAlice is the winner!\n"
                                 "completos: discard Y2, 1 fresh 2s, deck 9, cards held 0 3 3 1; player_0 won")
    with pytest.raises(ValueError, match="render_mode"):
        ochos_locos.raw_env(render_mode="rgb")  # no mode; "rgb_array" is one (test_rgb_array.py)



def test_the_strong_player_cannot_peek_and_plays_whole_games():
    # Two deals that look the same to seat 0 (its hand, the discard card) but hide
    # different hands and decks: the same seed chooses the same action in both, a legal
    # one; an observation array alone is refused for it (it holds too little).
    base = OchosLocosState(0, "completos")
    base.settle_chance()
    full = base.full_state()
    mine = full["hands"][0]
    others = [c for h in full["hands"][1:] for c in h] + full["deck"]
    rng = random.Random(11)
    chosen = set()
    for _ in range(5):
        rng.shuffle(others)
        order = mine + others[:15] + [full["discard_pile"][0]] + others[15:]
        other = OchosLocosState(0, "completos")
        other.apply_chance(order)
        action = other.mcts_action(0, 300, seed=5)
        assert action in other.legal_actions()
        chosen.add(action)
    assert len(chosen) == 1
    with pytest.raises(ValueError, match="not the one to act"):
        base.mcts_action(1)
    with pytest.raises(ValueError, match="IS-MCTS"):
        OchosLocosStrategy("M")

    # As an agent of the AEC environment, in the loop of PettingZoo's examples, to the end.
    game = ochos_locos.env(rules="completos")
    game.reset(seed=3)
    agent = ochos_locos.MctsAgent(iterations=200, seed=1)
    steps = 0
    for name in game.agent_iter():
        _, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        game.step(agent(game) if name == "player_0" else game.action_space(name).sample(game.observe(name)["action_mask"]))
        steps += 1
    assert steps > 0
    assert repr(agent) == "MctsAgent(iterations=200, seed=1)"


def test_batched_play_seats_the_strong_player(binary):
    # Natively, M is a strategy like the others: the same winners as `ochos-locos simulate`.
    ol = binary("ochos-locos")
    winners, _ = ochos_locos.play_batch(40, seed=7, rules="completos", strategies="MBBB")
    out = simulate(ol, "completos", 40, ["--strategies", "MBBB"])
    wins = [int(w) for w in re.findall(r"^\S+ \([^)]*\)\s+(\d+)", out, re.M)]
    assert [int((winners == seat).sum()) for seat in range(len(wins))] == wins
