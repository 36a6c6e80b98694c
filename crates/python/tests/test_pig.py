"""The Pig environment and state against the rules, the protocol and the `pig` binary.

The binary is found as conftest.py says ($CARDS_BIN_DIR, else $CARGO_TARGET_DIR/debug
or target/debug); the tests that need it are skipped without it, unless
$CARDS_REQUIRE_BINARIES is set (as .ci/checks.d/30-python.sh sets it).
"""

import random
import re
import subprocess

import numpy as np
import pytest
from pettingzoo.test import api_test

from cardgames import HoldAt, Optimal, PigState, pig

import conftest

RULES = ["two-dice", "classic"]


def random_game(seed, rules="two-dice", policy_seed=None, on_step=None):
    """A game of uniform random choices from the mask (conftest.random_game)."""
    return conftest.random_game(pig.env(rules=rules), seed, policy_seed, on_step)


@pytest.mark.parametrize("rules", RULES)
def test_api(rules):
    api_test(pig.env(rules=rules), num_cycles=300)


@pytest.mark.parametrize("rules", RULES)
def test_seeded_games_replay_identically(rules):
    # Seeds 1 and 2: a different seed is a different game (the dice do change).
    conftest.assert_seeded_games_replay(random_game, range(20), rules)


@pytest.mark.parametrize("rules", RULES)
def test_mask_is_the_protocols_legal_actions_at_every_step(rules):
    steps = 0

    def check(e, agent, obs, legal):
        nonlocal steps
        state = e.unwrapped.state_
        seat = e.unwrapped.possible_agents.index(agent)
        assert state.current_player() == seat
        assert legal == state.legal_actions() == [0, 1]
        # The other seat may do nothing now.
        other = e.unwrapped.possible_agents[1 - seat]
        assert e.unwrapped.observe(other)["action_mask"].tolist() == [0, 0]
        steps += 1

    for seed in range(30):
        random_game(seed, rules, on_step=check)
    assert steps > 1000


def test_observation_is_the_public_state_field_by_field():
    # Everything in Pig is public: the observation holds the goal, both banked scores,
    # the turn's points and whose turn it is, and nothing else; no deck exists (the dice
    # are drawn when rolled, so no observation can hold a future roll).
    def check(e, agent, obs, legal):
        state = e.unwrapped.state_
        seat = e.unwrapped.possible_agents.index(agent)
        mine, theirs = state.scores()[seat], state.scores()[1 - seat]
        goal, my, opp, turn, my_turn = obs["observation"].tolist()
        assert (goal, my, opp, my_turn) == (100, mine, theirs, 1)
        other = e.unwrapped.observe(e.unwrapped.possible_agents[1 - seat])["observation"]
        assert other.tolist() == [100, theirs, mine, turn, 0]

    for seed in range(30):
        random_game(seed, on_step=check)


def test_bad_actions_raise_and_change_nothing():
    state = PigState(5)
    state.settle_chance()
    before = repr(state), state.throws()
    for bad in (2, -1, 99):
        with pytest.raises(ValueError, match="not a Pig action"):
            state.step(bad)
        assert (repr(state), state.throws()) == before
    state.apply_action(0)  # roll: now the dice roll
    with pytest.raises(ValueError, match="action refused"):
        state.apply_action(1)
    with pytest.raises(ValueError, match="no chance outcome"):
        state.apply_chance(36)
    e = pig.raw_env()
    e.reset(seed=1)
    with pytest.raises(ValueError, match="not a Pig action"):
        e.step(7)
    assert e.agent_selection == "player_0" and e.state_.throws() == []
    with pytest.raises(ValueError):
        PigState(0, "three-dice")


def test_chance_outcomes_and_clone():
    state = PigState(9)
    state.apply_action(0)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    copy = state.clone()
    copy.apply_chance(0)  # snake eyes: the turn is lost, the dice pass
    assert copy.throws() == [[1, 1]] and copy.current_player() == 1
    assert state.is_chance_node() and state.throws() == []
    assert PigState(0, "classic").clone().chance_faces(5) == [6]


@pytest.mark.parametrize("rules", RULES)
def test_dice_are_the_binarys_dice_of_the_seed(rules, binary):
    pig_bin = binary("pig")
    for seed in (0, 1, 42, 123456789):
        _, _ = random_game(seed, rules)
        e = pig.env(rules=rules)
        e.reset(seed=seed)
        rng = random.Random(seed)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            e.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        throws = e.unwrapped.state_.throws()
        lines = subprocess.run(
            [pig_bin, "dice", "--seed", str(seed), "--rules", rules, "--count", str(len(throws))],
            check=True, capture_output=True, text=True,
        ).stdout.split("\n")
        assert [" ".join(map(str, t)) for t in throws] == lines[: len(throws)]


def test_game_against_the_computer_is_the_binarys_game(binary):
    # `pig --seed S`: Human (seat 0, our random answers) against the Computer (hold:20).
    pig_bin = binary("pig")
    computer = HoldAt(20)
    for seed in range(10):
        rng = random.Random(1000 + seed)
        state = PigState(seed)
        state.settle_chance()
        answers = []
        while not state.is_terminal():
            seat = state.current_player()
            if seat == 0:
                action = rng.choice([0, 0, 0, 1])
                answers.append("n" if action == 0 else "y")
            else:
                action = computer.action(state.observation(1))
            state.step(action)
        out = subprocess.run(
            [pig_bin, "--seed", str(seed)], input="\n".join(answers) + "\n",
            check=True, capture_output=True, text=True,
        ).stdout
        winner = ["Human", "Computer"][state.winner()]
        assert out.rstrip().endswith(f"The winner is: {winner}")
        rolls = [list(map(int, m)) for m in re.findall(r"Roll=\((\d),(\d)\)", out)]
        assert rolls == state.throws()


def test_batched_play_is_pig_simulate(binary):
    pig_bin = binary("pig")
    for a, b in (("hold:20", "hold:20"), ("optimal", "hold:25")):
        winners, turns = pig.play_batch(2000, seed=7, a=a, b=b)
        assert winners.shape == turns.shape == (2000,)
        out = subprocess.run(
            [pig_bin, "simulate", "--games", "2000", "--seed", "7", "--threads", "1",
             "--a", a, "--b", b], check=True, capture_output=True, text=True,
        ).stdout
        wins_a = int(re.search(r"^A \S+\s+(\d+)", out, re.M).group(1))
        assert int((winners == 0).sum()) == wins_a
        mean = float(re.search(r"turns per game: mean ([0-9.]+)", out).group(1))
        assert abs(turns.mean() - mean) < 0.006


def test_batched_games_come_in_the_order_played():
    # The batch is played in chunks of 1,024 games, merged afterwards: game i of a
    # longer batch is game i of a shorter one, across the chunks' seams.
    long_winners, long_turns = pig.play_batch(3000, seed=5)
    winners, turns = pig.play_batch(1500, seed=5)
    assert (long_winners[:1500] == winners).all()
    assert (long_turns[:1500] == turns).all()
    assert pig.play_batch(0, seed=5)[0].shape == (0,)


def test_policies():
    assert HoldAt(20).action([100, 0, 0, 19, 1]) == 0
    assert HoldAt(20).action([100, 0, 0, 20, 1]) == 1
    # Neller and Presser, "Optimal Play of the Dice Game Pig" (2004): in classic Pig to
    # 100 the first player wins 53.06% when both play optimally.
    classic = Optimal("classic", 100)
    assert abs(classic.first_player_wins() - 0.5306) < 0.0005
    # At 0 - 0 with nothing in the turn, holding gains nothing: the solver rolls.
    assert Optimal("two-dice", 100).action([100, 0, 0, 0, 1]) == 0
    with pytest.raises(ValueError):
        HoldAt(0)


def test_render_modes(capsys):
    e = pig.raw_env(render_mode="ansi")
    e.reset(seed=3)
    assert e.render() == "two-dice to 100: player_0 0, player_1 0; player_0 to act with 0 in the turn"
    h = pig.raw_env(render_mode="human")
    h.reset(seed=3)
    h.step(1)  # hold with nothing: the dice pass
    assert capsys.readouterr().out == (
        "two-dice to 100: player_0 0, player_1 0; player_1 to act with 0 in the turn\n"
    )
    with pytest.raises(ValueError, match="render_mode"):
        pig.raw_env(render_mode="rgb")  # no mode; "rgb_array" is one (test_rgb_array.py)
