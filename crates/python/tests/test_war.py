"""The War environment and state against the rules, the protocol and the `war` binary,
for 2 to 8 players.

The binary is found as conftest.py says ($CARDS_BIN_DIR, else
$CARGO_TARGET_DIR/debug or target/debug); the tests that need it are skipped without it,
unless $CARDS_REQUIRE_BINARIES is set.
"""

import random
import re
import subprocess

import pytest
from pettingzoo.test import api_test

from cardgames import AlwaysBattle, WarState, war

from conftest import play_aec

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def index(card):
    """A card's index, written here from the docs' layout: (rank - 2) * 4 + suit."""
    return RANKS.index(card[:-1]) * 4 + "CDHS".index(card[-1])


def play(seed, players=2, order="shuffled", on_step=None):
    """Plays one AEC game (the only action, 0, each step): conftest.play_aec."""
    return play_aec(war.env(players=players, order=order), seed, lambda legal: 0, on_step)


def observation_from_full_state(full, seat):
    """The observation of `seat`, built here from the docs' layout and only the public
    parts of the full state (counts, face-up cards, numbers)."""
    counts = [len(p) for p in full["piles"]]
    n = len(counts)
    obs = [counts[(seat + k) % n] if k < n else 0 for k in range(8)]
    obs.append(len(full["table"]))
    face_up = [0] * 52
    for card in full["face_up"]:
        face_up[index(card)] = 1
    return obs + face_up + [full["battles"], full["wars"], n, seat]


@pytest.mark.parametrize("players", [2, 4, 8])
def test_api(players):
    api_test(war.env(players=players), num_cycles=300)


@pytest.mark.parametrize("players", [2, 3, 8])
def test_seeded_games_replay_identically(players):
    for seed in range(8):
        assert play(seed, players) == play(seed, players)
    assert play(1, players) != play(2, players)


@pytest.mark.parametrize("players,order", [(2, "shuffled"), (2, "fixed"), (5, "shuffled"), (8, "shuffled")])
def test_the_mask_is_the_protocols_one_action_for_the_lowest_seat_in_the_game(players, order):
    steps = 0

    def check(e, agent, obs, legal):
        nonlocal steps
        state = e.unwrapped.state_
        seat = e.unwrapped.possible_agents.index(agent)
        full = state.full_state()
        # War's rule: the lowest seat still holding cards acts for the table.
        assert seat == min(s for s, pile in enumerate(full["piles"]) if pile)
        assert state.current_player() == seat and state.legal_actions() == [0]
        assert obs["action_mask"].tolist() == [1]
        for other in e.unwrapped.possible_agents:
            if other != agent:
                assert e.unwrapped.observe(other)["action_mask"].tolist() == [0]
        steps += 1

    for seed in range(6):
        play(seed, players, order, on_step=check)
    assert steps > 300


@pytest.mark.parametrize("players", [2, 3, 8])
def test_observations_hold_only_what_the_seat_may_see(players):
    seen = 0

    def check(e, agent, obs, legal):
        nonlocal seen
        full = e.unwrapped.state_.full_state()
        for seat, a in enumerate(e.unwrapped.possible_agents):
            assert e.unwrapped.observe(a)["observation"].tolist() == observation_from_full_state(full, seat)
            seen += 1

    for seed in range(6):
        play(seed, players, on_step=check)
    assert seen > 1000


def test_the_order_of_the_piles_does_not_change_an_observation():
    # Any two deals look the same to every player: 26 cards each, face down.
    a, b = WarState(0), WarState(0)
    deck = a.to_order()
    a.apply_chance(deck)
    shuffled = deck[:]
    random.Random(3).shuffle(shuffled)
    b.apply_chance(shuffled)
    assert a.full_state()["piles"] != b.full_state()["piles"]
    assert [a.observation(s) for s in (0, 1)] == [b.observation(s) for s in (0, 1)]
    assert a.observation(0)[:9] == [26, 26, 0, 0, 0, 0, 0, 0, 0]


@pytest.mark.parametrize("players,order", [(2, "shuffled"), (2, "fixed"), (3, "shuffled"),
                                           (4, "shuffled"), (8, "shuffled"), (5, "fixed")])
def test_a_seeded_game_is_the_binarys_game_of_the_seed(players, order, binary):
    # `war --seed S --quiet` prints the winner and the numbers of battles and wars;
    # `--auto` prints every battle (and the hands, left out here).
    war_bin = binary("war")
    for seed in range(6):
        e = war.env(players=players, order=order)
        e.reset(seed=seed)
        rewards = {}
        for agent in e.agent_iter():
            _, reward, term, trunc, _ = e.last()
            if term or trunc:
                rewards[agent] = reward
            e.step(None if term or trunc else 0)
        state = e.unwrapped.state_
        command = [war_bin, "--seed", str(seed), "--players", str(players), "--order", order]
        quiet = subprocess.run(command + ["--quiet"], check=True, capture_output=True, text=True).stdout
        assert quiet == state.summary()
        winner = re.match(r"Player (\d+) wins the game: every other player ran out of cards!", quiet)
        assert state.winner() == (int(winner.group(1)) - 1 if winner else None)
        assert f"Battles fought: {state.battles()}\nWars fought: {state.wars()}\n" in quiet
        auto = subprocess.run(command + ["--auto"], check=True, capture_output=True, text=True).stdout
        # The game's opening (`War, N players: …`, three lines) comes before the hands.
        opening, hands, auto = auto.partition("Initial hands:\n")
        assert hands and opening.startswith(f"War, {players} players: ")
        battles = [line for line in auto.splitlines()
                   if line and not re.match(r"Player \d+ \(\d+ cards?\)", line)]
        assert battles == state.transcript().splitlines() + quiet.splitlines()
        assert len(rewards) == players
        if state.winner() is None:
            assert set(rewards.values()) == {0}
        else:
            assert rewards[f"player_{state.winner()}"] == 1 and sum(rewards.values()) == 2 - players


def test_bad_actions_raise_and_change_nothing():
    state = WarState(5, 3)
    state.settle_chance()
    before = repr(state), state.full_state()
    for bad in (1, -1, 52):
        with pytest.raises(ValueError, match="not a War action"):
            state.step(bad)
        assert (repr(state), state.full_state()) == before
    state.apply_action(0)  # the battle; the take of the table waits for chance
    assert state.is_chance_node() and state.chance_node() == "take"
    taking = repr(state), state.full_state()
    with pytest.raises(ValueError, match="action refused"):
        state.apply_action(0)
    with pytest.raises(ValueError, match="chance refused"):
        state.apply_chance(["2C"])
    with pytest.raises(ValueError, match="card"):
        state.apply_chance(["1X"])
    assert (repr(state), state.full_state()) == taking
    state.apply_chance(state.to_order()[::-1])
    assert state.current_player() == 0
    e = war.raw_env(players=2)
    e.reset(seed=1)
    snapshot = e.state_.full_state()
    for bad in (1, "0", True):
        with pytest.raises(ValueError, match="not a War action"):
            e.step(bad)
        assert e.state_.full_state() == snapshot and e.agent_selection == "player_0"
    for players in (1, 9):
        with pytest.raises(ValueError, match="2 to 8 players"):
            WarState(0, players)
    with pytest.raises(ValueError, match="order"):
        WarState(0, 2, "sorted")
    with pytest.raises(ValueError, match="battle cap"):
        WarState(0, 2, "shuffled", 0)
    with pytest.raises(ValueError, match="no seat 2"):
        WarState(0).observation(2)


def test_clone_is_independent_and_the_policy_battles():
    state = WarState(9, 4)
    state.settle_chance()
    copy = state.clone()
    copy.step(AlwaysBattle().action(copy.observation(0)))
    assert copy.battles() >= 1 and state.battles() == 0
    assert WarState(0).full_state()["piles"] == [[], []]


@pytest.mark.parametrize("players,order", [(2, "shuffled"), (4, "shuffled"), (2, "fixed")])
def test_batched_play_is_war_simulate(players, order, binary):
    war_bin = binary("war")
    winners, battles, wars = war.play_batch(2000, seed=7, players=players, order=order)
    assert winners.shape == battles.shape == wars.shape == (2000,)
    out = subprocess.run([war_bin, "simulate", "--games", "2000", "--seed", "7", "--threads", "1",
                          "--players", str(players), "--order", order],
                         check=True, capture_output=True, text=True).stdout
    wins = [int(w) for w in re.findall(r"^Player \d+\s+(\d+)", out, re.M)]
    assert [int((winners == seat).sum()) for seat in range(players)] == wins
    nobody = sum(int(n) for n in re.findall(r"^no winner(?: \([^)]*\))?: (\d+) games", out, re.M))
    assert int((winners == -1).sum()) == nobody
    mean = float(re.search(r"battles per game: mean ([0-9.]+)", out).group(1))
    assert abs(battles.mean() - mean) < 0.006
    mean = float(re.search(r"wars per game: mean ([0-9.]+)", out).group(1))
    assert abs(wars.mean() - mean) < 0.006


def test_render_modes(capsys):
    e = war.raw_env(render_mode="ansi")
    e.reset(seed=3)
    assert e.render() == "Cards held: Player 1 26, Player 2 26"
    h = war.raw_env(render_mode="human", players=4)
    h.reset(seed=3)
    h.step(0)
    # `war --seed 3 --players 4 --auto`'s first battle.
    assert capsys.readouterr().out == (
        "Battle 1: Player 1 plays QC, Player 2 plays 5D, Player 3 plays JC, Player 4 plays KH. "
        "Player 4 wins and takes 4 cards.\n"
        "Cards held: Player 1 12, Player 2 12, Player 3 12, Player 4 16\n"
    )
    with pytest.raises(ValueError, match="render_mode"):
        war.raw_env(render_mode="rgb")  # no mode; "rgb_array" is one (test_rgb_array.py)

