//! The promises of the face (`cards_core::face::Face`) for Ochos Locos: a setup
//! rebuilds its game, a token reads back as its action, the lines of a step name no
//! hidden card, and a seat's view is the JSON the web page has always been sent. The
//! expectations are hand-worked positions (written out literally, as the page's
//! `games/ochos.rs` built them before the face), the recordings today's binary wrote
//! (`tests/fixtures/replay`), and the command line's own random deal.

// A test's helpers fail the test on a broken setup.
#![allow(clippy::unwrap_used)]

use std::io::Write;
use std::process::{Command, Stdio};

use cards_core::face::{Face, Line, Viewer, options_of, setup_from_map, setup_of};
use cards_core::protocol::{Actor, GameState};
use cards_core::replay::{Recording, play_back, record};
use cards_core::rng::rng_from_seed;
use cards_core::{Color, ColorCard};
use ochos_locos::face::{RulesChoice, Seats, Setup};
use ochos_locos::files::{Deal, parse_deal};
use ochos_locos::rules::{DealFormat, MAX_PLAYERS, MIN_PLAYERS};
use ochos_locos::{Action, Game, Strategy, Variant};
use pretty_assertions::assert_eq;
use serde_json::{Value, json};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/replay");

fn card(text: &str) -> ColorCard {
    text.parse().unwrap()
}

fn player_counts(variant: Variant) -> Vec<usize> {
    match variant.format() {
        DealFormat::Numbered { players: Some(n) } => vec![n],
        _ => (MIN_PLAYERS..=MAX_PLAYERS).collect(),
    }
}

/// The table `ochos-locos RULES --seed S --players N` plays, before its deal.
fn command_line_table(variant: Variant, players: usize, seed: u64) -> Game {
    let deal = Deal::random(variant, players, &mut rng_from_seed(seed)).unwrap();
    deal.table(variant).unwrap().0
}

#[test]
fn the_setup_rebuilds_the_game_for_every_rule_set_count_and_seed() {
    for variant in Variant::ALL {
        for players in player_counts(variant) {
            for seed in 0..12 {
                let person = (seed % 3 != 0).then_some(seed as usize % players);
                let game = command_line_table(variant, players, seed).with_person(person);
                let setup = game.setup();
                let again = Game::start(&setup, game.person(), seed).unwrap();
                assert_eq!(again, game, "{variant} {players} {seed}");
                // Written down and read back, as a recording's options are.
                let options = options_of(&setup).unwrap();
                let read: Setup = setup_of(&options).unwrap();
                assert_eq!(read, setup, "{options:?}");
                assert_eq!(Game::start(&read, None, 0).unwrap(), game, "{options:?}");
                // A count of players stands for the command line's seats for the seed.
                let count = Setup {
                    rules: RulesChoice::Set(variant),
                    players: Some(Seats::Count(players)),
                    human: None,
                    cards: None,
                };
                assert_eq!(
                    Game::start(&count, person, seed).unwrap(),
                    game,
                    "{variant} {players} {seed}"
                );
            }
        }
    }
}

/// The options of a setup are today's recordings' options, key for key, in order.
#[test]
fn the_options_are_the_recordings_options() {
    for (file, seed) in [("old-completos-human.json", 3), ("old-going-wild.json", 11)] {
        let text = std::fs::read_to_string(format!("{FIXTURES}/{file}")).unwrap();
        let recording = Recording::from_json(&text, "ochos-locos").unwrap();
        let frames = play_back::<Game>(&recording).unwrap();
        let start = &frames[0].state;
        assert_eq!(options_of(&start.setup()).unwrap(), recording.options);
        assert_eq!(recording.seed, seed);
        // And the recording the face writes of the replayed game is the file's.
        let actions: Vec<Action> = frames
            .iter()
            .filter_map(|frame| match frame.step {
                Some(cards_core::protocol::Step::Action { action, .. }) => Some(action),
                _ => None,
            })
            .collect();
        assert_eq!(record(start, seed, &actions).unwrap(), recording);
    }
    assert_eq!(
        options_of(
            &command_line_table(Variant::Completos, 4, 3)
                .with_person(Some(1))
                .setup()
        )
        .unwrap(),
        [
            "rules=completos",
            "players=Alice:C,Bob:N,Carol:C,Dave:S",
            "human=2"
        ]
    );
}

/// A recording today's binary wrote replays to the end it showed then: the replay's
/// last position, as `ochos-locos replay FILE` prints it after `e`, is the one the old
/// binary printed (kept beside the file).
#[test]
fn recordings_written_before_the_face_replay_to_the_same_end() {
    for name in ["old-completos-human", "old-going-wild"] {
        let path = format!("{FIXTURES}/{name}.json");
        let mut child = Command::new(env!("CARGO_BIN_EXE_ochos-locos"))
            .args(["replay", &path])
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(b"e\nq\n").unwrap();
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{name}: {output:?}");
        let expected = std::fs::read_to_string(format!("{FIXTURES}/{name}.end.txt")).unwrap();
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            expected,
            "{name}"
        );
    }
    // The ends themselves, from the game: Alice wins the first, player 1 the second.
    for (file, winner) in [("old-completos-human.json", 0), ("old-going-wild.json", 0)] {
        let text = std::fs::read_to_string(format!("{FIXTURES}/{file}")).unwrap();
        let frames =
            play_back::<Game>(&Recording::from_json(&text, "ochos-locos").unwrap()).unwrap();
        let last = &frames.last().unwrap().state;
        assert_eq!(
            last.outcome().and_then(|o| o.winner()),
            Some(winner),
            "{file}"
        );
    }
}

/// A recording names the rules and the seats: one that leaves them to the setup's
/// defaults (what a web request may do) would replay another table, and is refused.
#[test]
fn a_recording_that_leaves_out_the_seats_is_refused() {
    for (options, missing) in [
        (vec!["rules=faciles"], "`players` missing"),
        (vec!["players=Alice:B,Bob:B"], "`rules` missing"),
    ] {
        let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
        let recording = Recording::new("ochos-locos", options.clone(), 1);
        let error = play_back::<Game>(&recording).unwrap_err().to_string();
        assert!(
            error.starts_with(&format!("options: {missing}")),
            "{options:?}: {error}"
        );
    }
}

/// A table no rule set deals (its rules, odd names, a short deck) is written as the
/// three switches, its names escaped, its cards listed, and read back the same.
#[test]
fn a_table_of_switches_survives_its_options() {
    let options: Vec<String> = [
        "two=hand-two",
        "eight=loco",
        "end=deck-out",
        "players=Ann%20Lee:R,a%2Cb%3Ac%25:S,Zoë%C2%A0K:B",
        "human=3",
        "cards=R1 R2 R3 R4 R5 R6 R7 R8 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 G1 G2 G3 G4",
    ]
    .map(String::from)
    .to_vec();
    let setup: Setup = setup_of(&options).unwrap();
    let game = Game::start(&setup, None, 9).unwrap();
    let names: Vec<&str> = game.players().iter().map(|p| p.name()).collect();
    assert_eq!(names, ["Ann Lee", "a,b:c%", "Zoë\u{a0}K"]);
    assert_eq!(game.person(), Some(2));
    assert_eq!(game.to_deal().unwrap().len(), 20);
    assert_eq!(options_of(&game.setup()).unwrap(), options);
}

/// A web request's settings are read as a recording's: a number where text is
/// expected, the same refusals.
#[test]
fn a_web_requests_settings_read_as_a_recordings() {
    let map = |value: Value| match value {
        Value::Object(map) => map,
        _ => unreachable!(),
    };
    let setup: Setup = setup_from_map(map(json!({"rules": "take-two", "players": 3}))).unwrap();
    assert_eq!(setup.rules, RulesChoice::Set(Variant::TakeTwo));
    assert_eq!(setup.players, Some(Seats::Count(3)));
    let same: Setup = setup_from_map(map(json!({"rules": "take-two", "players": "3"}))).unwrap();
    assert_eq!(same, setup);
    assert_eq!(
        setup_from_map::<Setup>(map(json!({}))).unwrap(),
        Setup::default()
    );
    for (request, error) in [
        (
            json!({"rules": "take-two", "players": 4}),
            "`players=4`: take-two is played by exactly 3 players, not 4",
        ),
        (
            json!({"players": 9}),
            "`players=9`: 9 players: a game has 2 to 6 players",
        ),
        (
            json!({"players": 99999999999999999999u128.to_string()}),
            "players: a game has 2 to 6 players",
        ),
        (json!({"rules": "chess"}), "`rules=chess`: "),
        (
            json!({"colour": 3}),
            "`colour=3`: no such option; the keys are rules,",
        ),
    ] {
        let found = setup_from_map::<Setup>(map(request.clone())).unwrap_err();
        assert!(found.contains(error), "{request}: {found}");
        assert!(!found.contains('\n'), "{found}");
    }
}

/// Every legal action of whole games, every rule set, reads back from its token.
#[test]
fn every_legal_actions_token_reads_back_as_the_action() {
    let mut checked = 0;
    for variant in Variant::ALL {
        for seed in 0..6 {
            let players = variant.default_players();
            let mut game = command_line_table(variant, players, seed);
            let mut chance = cards_core::protocol::ChanceSource::seeded(rng_from_seed(seed));
            let mut legal = Vec::new();
            let strategies: Vec<Strategy> = game.bots().unwrap();
            loop {
                match game.actor() {
                    Actor::Over => break,
                    Actor::Chance => {
                        chance.apply(&mut game, &mut Vec::new()).unwrap();
                    }
                    Actor::Seat(seat) => {
                        game.legal_actions(&mut legal);
                        for action in &legal {
                            let token = Game::token(action);
                            assert_eq!(game.parse_token(&token), Ok(*action), "{token}");
                            checked += 1;
                        }
                        let obs = game.observe(seat).unwrap();
                        let action = strategies[seat].next_action(&obs).unwrap();
                        game.apply(action, &mut Vec::new()).unwrap();
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// The hand-worked table: Alice (to play) holds G8 B4 G3 Y3 G2, Bob R1 R4 R5 R6 R7; G1
/// to match; Y1 then Y2 to draw. Completos: the 2-card and 8-card rules.
fn hand_worked() -> Game {
    let deal = parse_deal(
        Variant::Completos,
        "2\nAlice B G8 B4 G3 Y3 G2\nBob B R1 R4 R5 R6 R7\nG1\nY1 Y2\n",
    )
    .unwrap();
    deal.to_game(Variant::Completos).unwrap()
}

fn step(game: &mut Game, action: Action) -> Vec<Line> {
    let mut events = Vec::new();
    game.apply(action, &mut events).unwrap();
    let mut lines = Vec::new();
    game.lines(&events, Viewer::Seat(0), &mut lines);
    lines
}

/// The view of a seat is the JSON the page was sent before the face (the page's
/// `view_json`, worked by hand): its hand, the card to match, the colour an 8 named,
/// the 2s waiting and what they cost, the deck's size; never another hand.
#[test]
fn a_seats_view_is_the_pages_json() {
    let mut game = hand_worked();
    let view = |game: &Game, seat| serde_json::to_value(game.view(seat, &()).unwrap()).unwrap();
    assert_eq!(
        view(&game, 0),
        json!({"rules": "completos", "hand": ["G8", "B4", "G3", "Y3", "G2"], "discard": "G1",
               "colour": null, "pending_twos": 0, "facing_two": false, "penalty": null, "deck": 2})
    );
    // Alice lays G2: Bob must answer a 2 or draw 2 (completos: 2 a 2).
    let mut after_two = game.clone();
    step(
        &mut after_two,
        Action::Play {
            card: card("G2"),
            chosen: None,
        },
    );
    assert_eq!(
        view(&after_two, 1),
        json!({"rules": "completos", "hand": ["R1", "R4", "R5", "R6", "R7"], "discard": "G2",
               "colour": null, "pending_twos": 1, "facing_two": true, "penalty": 2, "deck": 2})
    );
    assert_eq!(after_two.label(&Action::Draw), "Take the penalty");
    // Alice lays G8 and names blue: the page is told the colour, not a blue 8.
    step(
        &mut game,
        Action::Play {
            card: card("G8"),
            chosen: Some(Color::Blue),
        },
    );
    assert_eq!(
        view(&game, 1),
        json!({"rules": "completos", "hand": ["R1", "R4", "R5", "R6", "R7"], "discard": "G8",
               "colour": "blue", "pending_twos": 0, "facing_two": false, "penalty": null, "deck": 2})
    );
    assert_eq!(game.label(&Action::Draw), "Draw");
    assert!(game.view(2, &()).is_none());
}

/// The lines of a hand-worked game, as the page's log had them: a draw says that a
/// card was drawn, never which, to every viewer.
#[test]
fn lines_tell_a_draw_without_its_card() {
    let mut game = hand_worked();
    let g8 = Action::Play {
        card: card("G8"),
        chosen: Some(Color::Blue),
    };
    assert_eq!(game.label(&g8), "G8 → blue");
    assert_eq!(
        step(&mut game, g8),
        [
            Line::new(Some(0), "played", "Alice plays G8 and names blue")
                .with_cards(vec!["G8".into()])
        ]
    );
    // Bob has no blue card and no 8: he draws Y1, which nobody else may see.
    let mut events = Vec::new();
    game.apply(Action::Draw, &mut events).unwrap();
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::All] {
        let mut lines = Vec::new();
        game.lines(&events, viewer, &mut lines);
        assert_eq!(lines, [Line::new(Some(1), "drew", "Bob draws a card")]);
        assert!(
            lines
                .iter()
                .all(|l| !l.text.contains("Y1") && l.cards.is_empty())
        );
    }
    assert_eq!(game.players()[1].hand().last(), Some(&card("Y1")));
    // Blue is in force: Alice lays B4.
    let b4 = Action::Play {
        card: card("B4"),
        chosen: None,
    };
    assert_eq!(
        step(&mut game, b4),
        [Line::new(Some(0), "played", "Alice plays B4").with_cards(vec!["B4".into()])]
    );
}

/// The end is told as the page told it, and a game's seats as the page lists them.
#[test]
fn the_ending_and_the_seats_read_as_the_page_had_them() {
    let game = command_line_table(Variant::GoingWild, 3, 1);
    let seating = game.seating();
    assert_eq!(seating[0].name, "Player 1");
    assert_eq!(seating[0].plays, "assignment 2");
    assert_eq!(
        game.ending(&cards_core::Outcome::Winner { seat: 2 }),
        "Player 3 wins"
    );
    assert_eq!(
        game.ending(&cards_core::Outcome::NoWinner {
            reason: ochos_locos::NoWinner::DeckRanOut
        }),
        "The deck ran out: nobody wins"
    );
    assert!(game.rules_text().starts_with("Rules (going-wild): "));
}

/// The action's serde shape is the page's action object.
#[test]
fn an_action_is_the_pages_action_object() {
    let b8g = Action::Play {
        card: card("B8"),
        chosen: Some(Color::Green),
    };
    assert_eq!(
        serde_json::to_value(b8g).unwrap(),
        json!({"type": "play", "card": "B8", "colour": "G"})
    );
    let r5 = Action::Play {
        card: card("R5"),
        chosen: None,
    };
    assert_eq!(
        serde_json::to_value(r5).unwrap(),
        json!({"type": "play", "card": "R5"})
    );
    assert_eq!(
        serde_json::to_value(Action::Draw).unwrap(),
        json!({"type": "draw"})
    );
    for (text, action) in [
        (r#"{"type": "play", "card": "B8", "colour": "green"}"#, b8g),
        (r#"{"type": "play", "card": "B8", "colour": "g"}"#, b8g),
        (r#"{"type": "play", "card": "R5"}"#, r5),
        (r#"{"type": "play", "card": "R5", "colour": null}"#, r5),
        (r#"{"type": "draw"}"#, Action::Draw),
    ] {
        assert_eq!(
            serde_json::from_str::<Action>(text).unwrap(),
            action,
            "{text}"
        );
    }
    for text in [
        r#"{"type": "play", "card": "B9x"}"#,
        r#"{"type": "play", "card": "B8", "colour": "mauve"}"#,
        r#"{"type": "play"}"#,
        r#"{"type": "fold"}"#,
        r#"{"type": "play", "card": "R5", "color": "R"}"#,
    ] {
        assert!(serde_json::from_str::<Action>(text).is_err(), "{text}");
    }
}
