"""The methods every state class has from its game's face (`view`, `lines`,
`legal_tokens`, `apply_token`, `setup`, `recording`, `rules_text`, `ending`).

The expectations are not the module's: the views and lines are what the web page's API
answered (`cardgames-web`, POST /api/games and /actions) for the same seed and options,
copied here by hand; a recording is read back by the game's own binary (`GAME replay
FILE`), whose last frame must tell the end the docs and the binary's own game give."""

import json
import os
import random
import re
import subprocess
import tempfile

import pytest

from cardgames import HoldAt, OchosLocosState, OchosLocosStrategy, PigState, QuattroBot, QuattroState, WarState

# ---------------------------------------------------------------------------------------
# War


def test_war_view_and_lines_are_the_pages():
    # {"game": "war", "seed": 7, "options": {"players": 3}}: the start, then one battle.
    state = WarState(7, players=3)
    assert state.lines() == []  # War opens with nothing
    state.settle_chance()
    view = {"battles": 0, "face_up": [], "last_battle": [], "order": "shuffled", "table": 0, "wars": 0}
    assert [state.view(seat) for seat in range(3)] == [view] * 3
    assert state.lines(0) == [{"seat": None, "kind": "deal", "text": "The 52 cards are dealt"}]
    state.step(0)
    assert state.view(0) == {
        "battles": 1,
        "face_up": [],
        "last_battle": [{"card": "7S", "seat": 0}, {"card": "5D", "seat": 1}, {"card": "AS", "seat": 2}],
        "order": "shuffled",
        "table": 0,
        "wars": 0,
    }
    assert state.lines(0) == [
        {"seat": None, "kind": "battle", "text": "Battle 1"},
        {"seat": 0, "kind": "shown", "text": "Player 1 shows 7S", "cards": ["7S"]},
        {"seat": 1, "kind": "shown", "text": "Player 2 shows 5D", "cards": ["5D"]},
        {"seat": 2, "kind": "shown", "text": "Player 3 shows AS", "cards": ["AS"]},
        {"seat": 2, "kind": "took", "text": "Player 3 takes 3 cards"},
    ]
    # Everything in a War line is face up: every viewer reads the same.
    assert state.lines() == state.lines(1) == state.lines(0)
    with pytest.raises(ValueError, match="no seat 3"):
        state.view(3)
    with pytest.raises(ValueError, match="no seat 3"):
        state.lines(3)


def test_war_setup_takes_todays_keywords_and_the_options_names():
    assert WarState().setup() == {"players": "2", "order": "shuffled", "max-battles": "100000"}
    fixed = {"players": "3", "order": "fixed", "max-battles": "50"}
    assert WarState(0, 3, "fixed", 50).setup() == fixed
    assert WarState(players=3, order="fixed", max_battles=50).setup() == fixed
    assert WarState(players="3", **{"order": "fixed", "max-battles": 50}).setup() == fixed
    with pytest.raises(ValueError, match="given twice"):
        WarState(max_battles=5, **{"max-battles": 6})
    with pytest.raises(ValueError, match="unknown field `colour`"):
        WarState(colour="red")
    with pytest.raises(TypeError, match="option players"):
        WarState(players=[2])
    # A game built from piles (the recording's pile-N options): player 1's ace wins.
    piles = WarState(pile_1="AS 2C", pile_2="KD 3H")
    assert piles.current_player() == 0 and piles.setup()["pile-1"] == "AS 2C"
    piles.step(0)
    assert piles.lines()[-1] == {"seat": 0, "kind": "took", "text": "Player 1 takes 2 cards"}
    with pytest.raises(ValueError, match="pile-2 is missing"):
        WarState(pile_1="AS")


def test_war_rules_text_and_ending():
    state = WarState(3, players=4)
    # As the page words it (its rules_text, a sentence a line), wrapped for a terminal.
    assert "The game stops with no winner after 100000 battles." in " ".join(state.rules_text().split())
    assert state.ending() is None
    state.settle_chance()
    while not state.is_terminal():
        state.step(0)
    # docs/python.md: `war --seed 3 --players 4` ends with Player 3 winning.
    assert state.ending() == "Player 3 wins"


def test_war_recording_replays_with_the_binary(binary, tmp_path):
    state, steps = WarState(3, players=4), 0
    state.settle_chance()
    while not state.is_terminal():
        assert state.legal_tokens() == ["1"]
        state.step(0)
        steps += 1
    recording = json.loads(state.recording())
    assert recording["game"] == "war" and recording["seed"] == "3"
    assert recording["options"] == ["players=4", "order=shuffled", "max-battles=100000"]
    # One action a battle and its wars (251 battles counts the wars' deciding ones).
    assert recording["actions"] == ["1"] * steps and steps < 251
    path = tmp_path / "war.json"
    path.write_text(state.recording())
    shown = subprocess.run([binary("war"), "replay", str(path)], input="e\nq\n", capture_output=True, text=True, check=True).stdout
    # The end of `war --seed 3 --players 4` (docs/python.md).
    assert "Player 3 wins the game: every other player ran out of cards!\nBattles fought: 251\nWars fought: 20\n" in shown


def test_war_tokens_are_the_consoles():
    state = WarState(5)
    state.settle_chance()
    assert state.legal_tokens() == ["1"]
    other = state.clone()
    state.apply_token("1")
    other.apply_action(0)
    assert state.full_state() == other.full_state() and state.lines() == other.lines()
    for bad in ("5", "h", "q", "x"):
        with pytest.raises(ValueError, match="token"):
            state.apply_token(bad)


def test_a_recording_is_refused_after_a_chance_outcome_from_python():
    state = WarState(1)
    state.apply_chance(state.to_order())
    with pytest.raises(ValueError, match="apply_chance"):
        state.recording()
    # A reset starts a game whose chance is the seed's again.
    state.reset(1)
    state.settle_chance()
    assert json.loads(state.recording())["actions"] == []


# ---------------------------------------------------------------------------------------
# Quattro


def test_quattro_view_and_lines_are_the_pages():
    # {"game": "quattro", "seed": 7, "options": {"rules": "uno"}}, then seat 0 plays B4
    # and the bots answer.
    state = QuattroState(7, "uno")
    with pytest.raises(ValueError, match="sees nothing"):
        state.view(0)
    state.settle_chance()
    assert state.view(0) == {
        "rules": "uno", "hand": ["Y3", "G1", "B4"], "top": "BS", "colour": "blue",
        "draw_pile": 43, "clockwise": True, "next": 1,
    }
    assert state.lines(0) == [
        {"seat": None, "kind": "deal", "text": "The cards are dealt; BS is turned up", "cards": ["BS"]}
    ]
    assert state.legal_tokens() == ["B4"]
    state.apply_token("B4")
    assert state.lines(0) == [{"seat": 0, "kind": "played", "text": "You play B4", "cards": ["B4"]}]
    seen, bot = [], QuattroBot()
    for _ in range(3):
        state.step(bot.action(state.observation(state.current_player())))
        seen += state.lines(0)
    assert seen == [
        {"seat": 1, "kind": "drew", "text": "Player 2 draws a card"},
        {"seat": 2, "kind": "played", "text": "Player 3 plays B7", "cards": ["B7"]},
        {"seat": 3, "kind": "played", "text": "Player 4 plays G7", "cards": ["G7"]},
    ]
    assert state.view(0) == {
        "rules": "uno", "hand": ["Y3", "G1"], "top": "G7", "colour": "green",
        "draw_pile": 42, "clockwise": True, "next": 1,
    }
    # {"game": "quattro", "seed": 7}: the assignment's rules.
    state = QuattroState(7)
    state.settle_chance()
    assert state.view(0) == {
        "rules": "quattro", "hand": ["B2", "B6", "B7"], "top": "R1", "colour": "red",
        "draw_pile": 27, "clockwise": True, "next": 1,
    }
    assert state.legal_tokens() == ["d"]


def test_a_drawn_card_is_named_to_its_seat_only():
    state = QuattroState(7, "uno")
    state.settle_chance()
    state.step(state.legal_actions()[0])
    state.step(62)  # seat 1 draws
    drew = state.lines(1)[0]
    assert drew["kind"] == "drew" and drew["text"].startswith("You draw ") and len(drew["cards"]) == 1
    assert state.lines(0) == [{"seat": 1, "kind": "drew", "text": "Player 2 draws a card"}]
    assert state.lines()[0]["cards"] == drew["cards"]


def test_quattro_setup_takes_todays_keywords_and_the_options_names():
    seats = {f"seat{n}": f"bot:Player {n}" for n in range(1, 5)}
    assert QuattroState().setup() == {"rules": "quattro", "max-turns": "1000", **seats}
    assert QuattroState(0, "uno", 50).setup() == {"rules": "uno", "max-turns": "50", **seats}
    named = QuattroState(rules="uno", **{"max-turns": 50, "seat1": "human:Ann", "seat2": "bot:Player 2",
                                         "seat3": "bot:Player 3", "seat4": "bot:Player 4"})
    assert named.setup()["seat1"] == "human:Ann"
    with pytest.raises(ValueError, match="unknown Quattro rules"):
        QuattroState(rules="uni")
    with pytest.raises(ValueError, match="seat"):
        QuattroState(seat1="bot:Player 1")  # a table is named whole or not at all
    words = lambda state: " ".join(state.rules_text().split())
    assert "Draw Two: the next player draws 2 and misses a turn." in words(QuattroState(0, "uno"))
    assert "Draw Two" not in words(QuattroState(0, "quattro"))


@pytest.mark.parametrize("rules", ["quattro", "uno"])
def test_quattro_recording_replays_with_the_binary(binary, tmp_path, rules):
    state, bot = QuattroState(7, rules), QuattroBot()
    state.settle_chance()
    while not state.is_terminal():
        state.step(bot.action(state.observation(state.current_player())))
    path = tmp_path / "quattro.json"
    path.write_text(state.recording())
    shown = subprocess.run([binary("quattro"), "replay", str(path)], input="e\nq\n", capture_output=True, text=True, check=True).stdout
    # The end `quattro --bots 4 --seed 7 --rules RULES --reveal` prints.
    reveal = subprocess.run([binary("quattro"), "--bots", "4", "--seed", "7", "--rules", rules, "--reveal"],
                            input="", capture_output=True, text=True, check=True).stdout
    end = reveal.rstrip("\n").split("\n")[-2:]
    assert "\n".join(end) in shown
    assert state.ending() in {"Player 2 wins", "Player 1 wins", "Player 3 wins", "Player 4 wins"}


@pytest.mark.parametrize("rules", ["quattro", "uno"])
def test_quattro_tokens_round_trip(rules):
    """At every step of seeded random games, each legal token read back is the action of
    the same place in `legal_actions()`."""
    rng = random.Random(3)
    for seed in range(5):
        state = QuattroState(seed, rules)
        state.settle_chance()
        while not state.is_terminal():
            tokens, actions = state.legal_tokens(), state.legal_actions()
            assert len(tokens) == len(actions)
            for token, action in zip(tokens, actions):
                by_token, by_number = state.clone(), state.clone()
                by_token.apply_token(token)
                by_number.apply_action(action)
                assert by_token.debug_full_state() == by_number.debug_full_state()
                assert by_token.lines() == by_number.lines()
            state.step(rng.choice(actions))
        assert state.ending()


# ---------------------------------------------------------------------------------------
# Pig


def test_pig_view_and_lines_are_the_pages():
    # {"game": "pig", "seed": 7, "options": {"goal": 50, "computer": "hold:20"}}: the
    # person rolls, rolls and holds; the Computer (hold:20) answers.
    state = PigState(7, goal=50, computer="hold:20")
    opening = "First to 50 wins; two dice score their sum, doubles twice the sum, snake eyes lose the turn"
    assert state.lines() == [{"seat": None, "kind": "start", "text": opening}]
    assert state.view(0) == {"rules": "two-dice", "goal": 50, "scores": [0, 0], "turn": 0, "turn_points": 0, "last_roll": None}
    state.settle_chance()
    assert state.legal_tokens() == ["n", "y"]
    state.step(0)
    assert state.view(0) == {"rules": "two-dice", "goal": 50, "scores": [0, 0], "turn": 0, "turn_points": 3,
                             "last_roll": {"seat": 0, "dice": [1, 2]}}
    assert state.lines(0) == [{"seat": 0, "kind": "roll", "text": "You roll 1,2: 3 points, 3 this turn", "dice": [1, 2]}]
    state.apply_token("n")
    state.settle_chance()
    assert state.lines(0) == [{"seat": 0, "kind": "roll", "text": "You roll 2,1: 3 points, 6 this turn", "dice": [2, 1]}]
    state.apply_token("y")
    seen, computer = state.lines(0), HoldAt(20)
    while state.current_player() == 1:
        state.step(computer.action(state.observation(1)))
        seen += state.lines(0)
    assert seen == [
        {"seat": 0, "kind": "hold", "text": "You hold: 6 points banked"},
        {"seat": 1, "kind": "roll", "text": "Computer rolls 5,2: 7 points, 7 this turn", "dice": [5, 2]},
        {"seat": 1, "kind": "roll", "text": "Computer rolls 3,4: 7 points, 14 this turn", "dice": [3, 4]},
        {"seat": 1, "kind": "roll", "text": "Computer rolls 6,5: 11 points, 25 this turn", "dice": [6, 5]},
        {"seat": 1, "kind": "hold", "text": "Computer holds: 25 points banked"},
    ]
    assert state.view(0) == {"rules": "two-dice", "goal": 50, "scores": [6, 25], "turn": 0, "turn_points": 0,
                             "last_roll": {"seat": 1, "dice": [6, 5]}}


def test_pig_setup_takes_todays_keywords_and_the_options_names():
    assert PigState().setup() == {"rules": "two-dice", "goal": "100"}
    assert PigState(0, "classic", 30).setup() == {"rules": "classic", "goal": "30"}
    assert PigState(goal="30", rules="classic").goal == 30
    with pytest.raises(ValueError, match="unknown Pig rules"):
        PigState(0, "three-dice")
    with pytest.raises(ValueError, match="goal"):
        PigState(goal=0)
    words = " ".join(PigState().rules_text().split())
    assert "Snake eyes (double 1s) lose the turn's points and end the turn." in words


def test_pig_recording_replays_with_the_binary(binary):
    # Seat 0 answers by token at random, the Computer holds at 20: `pig --seed S` fed the
    # same answers ends as the replay of the recording does.
    pig_bin = binary("pig")
    for seed in range(3):
        rng, computer = random.Random(seed), HoldAt(20)
        state, answers, tokens = PigState(seed), [], []
        state.settle_chance()
        while not state.is_terminal():
            if state.current_player() == 0:
                answers.append(rng.choice(["n", "n", "n", "y"]))
                tokens.append(answers[-1])
                state.apply_token(answers[-1])
            else:
                action = computer.action(state.observation(1))
                tokens.append(["n", "y"][action])  # the Human's answers: n rolls, y holds
                state.apply_action(action)
            state.settle_chance()
        recording = json.loads(state.recording())
        assert recording["options"] == ["rules=two-dice", "goal=100"]
        assert recording["actions"] == tokens
        played = subprocess.run([pig_bin, "--seed", str(seed)], input="\n".join(answers) + "\n",
                                capture_output=True, text=True, check=True).stdout
        end = played.rstrip("\n").split("\n")[-2:]
        assert "\n".join(end) + "\n" in replay(pig_bin, state.recording())


def replay(binary, text):
    """What `GAME replay FILE` shows of recording `text`, stepped to its end."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        file.write(text)
    try:
        return subprocess.run([binary, "replay", file.name], input="e\nq\n", capture_output=True, text=True,
                              check=True).stdout
    finally:
        os.unlink(file.name)


# ---------------------------------------------------------------------------------------
# Ochos Locos


def test_ochos_locos_view_and_lines_are_the_pages():
    # {"game": "ochos-locos", "seed": 7, "options": {"rules": "completos", "players": 4}}:
    # the deal, then Alice (seat 0) plays G4 and the binary's seats answer.
    state = OchosLocosState(7, "completos", 4)
    state.settle_chance()
    assert state.view(0) == {"rules": "completos", "hand": ["G4", "G5", "Y4", "Y6", "B7"], "discard": "R4",
                             "colour": None, "pending_twos": 0, "facing_two": False, "penalty": None, "deck": 11}
    assert state.lines(0) == [{"seat": None, "kind": "deal", "text": "The cards are dealt; R4 starts the discard pile",
                               "cards": ["R4"]}]
    assert state.legal_tokens() == ["G4", "Y4"]
    state.apply_token("G4")
    seen = state.lines(0)
    bots = [OchosLocosStrategy(s) for s in state.strategies()]
    for _ in range(3):
        seat = state.current_player()
        state.step(bots[seat].action(state.observation(seat)))
        seen += state.lines(0)
    assert seen == [
        {"seat": 0, "kind": "played", "text": "Alice plays G4", "cards": ["G4"]},
        {"seat": 1, "kind": "played", "text": "Bob plays B4", "cards": ["B4"]},
        {"seat": 2, "kind": "drew", "text": "Carol draws a card"},
        {"seat": 3, "kind": "played", "text": "Dave plays B2", "cards": ["B2"]},
    ]
    assert state.view(0) == {"rules": "completos", "hand": ["G5", "Y4", "Y6", "B7"], "discard": "B2", "colour": None,
                             "pending_twos": 1, "facing_two": True, "penalty": 2, "deck": 10}
    # {"game": "ochos-locos", "seed": 7, "options": {"rules": "going-wild"}}
    state = OchosLocosState(7, "going-wild")
    state.settle_chance()
    assert state.view(0) == {"rules": "going-wild", "hand": ["G4", "G5", "Y4", "Y6", "B7"], "discard": "B2",
                             "colour": None, "pending_twos": 0, "facing_two": False, "penalty": None, "deck": 16}
    assert state.legal_tokens() == ["B7"]


def test_ochos_locos_setup_takes_todays_keywords_and_the_options_names():
    # The names and strategies the binary draws for the seed are the setup's seats.
    state = OchosLocosState(7, "completos", 4)
    assert state.setup() == {"rules": "completos", "players": "Alice:B,Bob:N,Carol:S,Dave:C"}
    assert state.strategies() == ["B", "N", "S", "C"]
    again = OchosLocosState(1, rules="completos", players="Alice:B,Bob:N,Carol:S,Dave:C")
    assert again.setup() == state.setup()
    with pytest.raises(ValueError, match="rule set"):
        OchosLocosState(0, "uno")
    with pytest.raises(ValueError, match="seven rule sets"):
        OchosLocosState(0, two="none", eight="none", end="play-on", players="A:B,B:B")


@pytest.mark.parametrize("rules,players", [("completos", 4), ("going-wild", None), ("take-two", None)])
def test_ochos_locos_recording_replays_with_the_binary(binary, rules, players):
    ol = binary("ochos-locos")
    for seed in range(3):
        state = OchosLocosState(seed, rules, players)
        state.settle_chance()
        bots = [OchosLocosStrategy(s) for s in state.strategies()]
        while not state.is_terminal():
            seat = state.current_player()
            tokens, actions = state.legal_tokens(), state.legal_actions()
            state.apply_token(tokens[actions.index(bots[seat].action(state.observation(seat)))])
        # The binary's own game of the seed, the seats its strategies: the same end.
        command = [ol, rules, "--seed", str(seed)] + (["--players", str(players)] if players else [])
        played = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        assert played == state.transcript()
        # Its replay steps to the end (the start, the deal, then each action) and shows
        # every hand as the state holds it.
        steps = len(json.loads(state.recording())["actions"]) + 1
        end = replay(ol, state.recording()).split(f"-- step {steps} of {steps} --\n")[1]
        hands = re.findall(r"^  .+ \(.+\): (.+)$", end, re.M)
        assert [[] if hand == "no cards" else hand.split() for hand in hands] == state.full_state()["hands"]


@pytest.mark.parametrize("rules", ["completos", "going-wild", "take-two", "match-making"])
def test_ochos_locos_tokens_round_trip(rules):
    rng = random.Random(5)
    for seed in range(4):
        state = OchosLocosState(seed, rules)
        state.settle_chance()
        while not state.is_terminal():
            tokens, actions = state.legal_tokens(), state.legal_actions()
            assert len(tokens) == len(actions)
            for token, action in zip(tokens, actions):
                by_token, by_number = state.clone(), state.clone()
                by_token.apply_token(token)
                by_number.apply_action(action)
                assert by_token.full_state() == by_number.full_state()
                assert by_token.last_text() == by_number.last_text()
            state.step(rng.choice(actions))
