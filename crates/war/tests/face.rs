//! War's face against the promises of `cards_core::face::Face`, hand-worked positions
//! and what the binary and the web page wrote before the face: its setup rebuilds every
//! game and writes a recording's options as they always were, so recordings of
//! today's binary replay to the end it printed; every action's token reads back; the
//! lines never name a face-down card; the view is the JSON the page got.

// The helpers building hand-worked games are test code too.
#![allow(clippy::unwrap_used)]

use cards_core::face::{Face, Line, Viewer, options_of, setup_from_map, setup_of};
use cards_core::protocol::{GameState, Seat};
use cards_core::replay::{Recording, play_back, record};
use pretty_assertions::assert_eq;
use serde_json::json;
use war::face::{Setup, Shown};
use war::{Action, AlwaysBattle, Card, Event, Game, MAX_PLAYERS, NoWinner, Outcome};
use war::{Rules, WonCardOrder};

fn hand(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|card| card.parse().unwrap_or_else(|e| panic!("{card}: {e}")))
        .collect()
}

fn options(list: &[&str]) -> Vec<String> {
    list.iter().map(|&option| option.to_owned()).collect()
}

fn rules(players: usize, order: WonCardOrder, cap: u64) -> Rules {
    Rules::new(players)
        .unwrap()
        .with_order(order)
        .with_max_battles(cap)
        .unwrap()
}

const ORDERS: [WonCardOrder; 2] = [WonCardOrder::Shuffled, WonCardOrder::Fixed];

/// Every player count, both orders, a few caps, many seeds: the setup of a game at its
/// start rebuilds it, through its options as a recording writes them too.
#[test]
fn the_setup_rebuilds_every_game_at_its_start() {
    for players in 2..=MAX_PLAYERS {
        for order in ORDERS {
            for cap in [1, 5, Rules::DEFAULT_MAX_BATTLES, u64::MAX] {
                let game = Game::new(rules(players, order, cap));
                for seed in 0..20 {
                    let setup = game.setup();
                    assert_eq!(Game::start(&setup, game.person(), seed).unwrap(), game);
                    let written = options_of(&setup).unwrap();
                    let read: Setup = setup_of(&written).unwrap();
                    assert_eq!(Game::start(&read, game.person(), seed).unwrap(), game);
                }
            }
        }
    }
    let piles = Game::from_piles(
        rules(3, WonCardOrder::Fixed, 9),
        [hand("AS KC"), hand("2D"), hand("10H JH QH")],
    )
    .unwrap();
    let written = options_of(&piles.setup()).unwrap();
    let read: Setup = setup_of(&written).unwrap();
    assert_eq!(Game::start(&read, None, 3).unwrap(), piles);
}

/// The options as the binary wrote them before the face (`Recorded::options`), key for
/// key and in the same order: the default game, and a game from piles.
#[test]
fn the_options_are_written_as_before_the_face() {
    assert_eq!(
        options_of(&Game::new(Rules::default()).setup()).unwrap(),
        ["players=2", "order=shuffled", "max-battles=100000"]
    );
    assert_eq!(
        options_of(&Game::new(rules(8, WonCardOrder::Fixed, 60)).setup()).unwrap(),
        ["players=8", "order=fixed", "max-battles=60"]
    );
    let start = Game::from_piles(
        rules(2, WonCardOrder::Fixed, Rules::DEFAULT_MAX_BATTLES),
        [hand("AS KC QC"), hand("2D 3D 4D")],
    )
    .unwrap();
    assert_eq!(
        options_of(&start.setup()).unwrap(),
        [
            "players=2",
            "order=fixed",
            "max-battles=100000",
            "pile-1=AS KC QC",
            "pile-2=2D 3D 4D"
        ]
    );
}

/// Recordings written by the binary before the face (`war --seed 1406 --auto --record`,
/// and `war --seed 11 --players 3 --order fixed --max-battles 60 --auto --record`):
/// they replay to the end that run printed, and recording the replayed game again
/// writes the same file, byte for byte.
#[test]
fn recordings_of_the_binary_before_the_face_replay_to_the_same_end() {
    for (text, outcome, battles, wars) in [
        (
            include_str!("recordings/seed-1406.json"),
            Outcome::Winner { seat: 0 },
            659,
            43,
        ),
        (
            include_str!("recordings/three-fixed-seed-11-cap-60.json"),
            Outcome::NoWinner {
                reason: NoWinner::BattleCap { max_battles: 60 },
            },
            60,
            6,
        ),
    ] {
        let recording = Recording::from_json(text, Game::NAME).unwrap();
        let frames = play_back::<Game>(&recording).unwrap();
        let end = &frames[frames.len() - 1].state;
        assert_eq!(end.outcome(), Some(outcome));
        assert_eq!((end.battles(), end.wars()), (battles, wars));
        let actions: Vec<Action> = frames
            .iter()
            .filter_map(|frame| match frame.step {
                Some(cards_core::protocol::Step::Action { action, .. }) => Some(action),
                _ => None,
            })
            .collect();
        let again = record(&frames[0].state, recording.seed, &actions).unwrap();
        assert_eq!(again.to_json(), text);
    }
}

/// Along whole games of every size and order, each legal action's token reads back as
/// that action where it was taken.
#[test]
fn every_token_reads_back_as_its_action() {
    for players in 2..=MAX_PLAYERS {
        for order in ORDERS {
            for seed in [1, 7] {
                let mut game = Game::new(rules(players, order, 300));
                let mut chance = cards_core::protocol::ChanceSource::seeded(
                    cards_core::rng::rng_from_seed(seed),
                );
                let mut legal = Vec::new();
                let mut events = Vec::new();
                let mut checked = 0;
                while game.outcome().is_none() {
                    if game.actor() == cards_core::protocol::Actor::Chance {
                        chance.apply(&mut game, &mut events).unwrap();
                        continue;
                    }
                    game.legal_actions(&mut legal);
                    for &action in &legal {
                        assert_eq!(game.parse_token(&Game::token(&action)), Ok(action));
                        checked += 1;
                    }
                    game.apply(legal[0], &mut events).unwrap();
                }
                assert!(checked > 0);
            }
        }
    }
}

#[test]
fn a_token_that_is_not_one_battle_is_refused_saying_why() {
    let start = Game::new(Rules::default());
    for (token, error) in [
        (
            "5",
            "5 battles in one answer: a recording has one answer `1` a battle",
        ),
        (
            "h",
            "the hands and the rules are shown, not played: not an action",
        ),
        (
            "?",
            "the hands and the rules are shown, not played: not an action",
        ),
        ("q", "a quit is not recorded as an action"),
        ("b", "Please press Enter for one battle"),
        ("0", "Please press Enter for one battle"),
    ] {
        let found = start.parse_token(token).unwrap_err();
        assert!(found.starts_with(error), "{token}: {found}");
    }
    // The prompt's Enter is one battle too.
    assert_eq!(start.parse_token(""), Ok(Action::Battle));
    assert_eq!(start.parse_token("1"), Ok(Action::Battle));
}

/// The setup a recording's options or a page's request describe; `Err` with the
/// one-line message a recording's `options: …` or the page's 400 carries.
fn start_of(list: &[&str]) -> Result<Game, String> {
    let setup: Setup = setup_of(&options(list))?;
    Game::start(&setup, None, 0)
}

#[test]
fn bad_options_are_refused_naming_the_option() {
    assert_eq!(
        start_of(&["players=3", "order=fixed", "max-battles=10"]).unwrap(),
        Game::new(rules(3, WonCardOrder::Fixed, 10))
    );
    for (list, error) in [
        (
            &["players=9", "order=fixed"][..],
            "`players=9`: War is played by 2 to 8 players",
        ),
        (
            &["players=1"],
            "`players=1`: War is played by 2 to 8 players",
        ),
        (&["players=x"], "`x`: invalid digit"),
        (
            &["order=sorted"],
            "`sorted`: the order is shuffled or fixed",
        ),
        (
            &["max-battles=0"],
            "`max-battles=0`: the battle cap is a number, 1 or more",
        ),
        (&["players"], "`players`: not KEY=VALUE"),
        (
            &["players=2", "players=2"],
            "`players=2`: the key is given twice",
        ),
        (&["colour=red"], "unknown field `colour`"),
        (&["pile-9=AS"], "unknown field `pile-9`"),
        (
            &["pile-1=AS"],
            "pile-2 is missing: piles are given for every player or for none",
        ),
        (
            &["pile-1=AS", "pile-2=KS", "pile-3=QS"],
            "pile-3: the game has 2 players",
        ),
        (&["pile-1=AS", "pile-2=AS"], "the piles: AS is dealt twice"),
        (
            &["pile-1=AS", "pile-2="],
            "the piles: Player 2 has no cards",
        ),
        (&["pile-1=AS", "pile-2=1X"], "`1X`: "),
    ] {
        let found = start_of(list).unwrap_err();
        assert!(found.starts_with(error), "{list:?}: {found}");
        assert!(!found.contains('\n'), "{found}");
    }
}

/// Options a setup leaves out take the game's defaults (a page's request; a recording
/// must still name all three, as `play_back` checks); numbers come as JSON numbers or
/// text.
#[test]
fn options_left_out_take_the_defaults_and_numbers_come_as_text_or_json() {
    assert_eq!(start_of(&[]).unwrap(), Game::new(Rules::default()));
    assert_eq!(
        start_of(&["players=4"]).unwrap(),
        Game::new(Rules::new(4).unwrap())
    );
    for request in [
        json!({"players": 3, "order": "fixed"}),
        json!({"players": "3", "order": "fixed"}),
    ] {
        let serde_json::Value::Object(fields) = request else {
            unreachable!()
        };
        let setup: Setup = setup_from_map(fields).unwrap();
        assert_eq!(
            Game::start(&setup, Some(0), 5).unwrap(),
            Game::new(rules(3, WonCardOrder::Fixed, Rules::DEFAULT_MAX_BATTLES))
        );
    }
}

/// The page's action object is the action's serde shape.
#[test]
fn the_action_is_the_pages_action_object() {
    assert_eq!(
        serde_json::to_value(Action::Battle).unwrap(),
        json!({"type": "battle"})
    );
    assert_eq!(
        serde_json::from_value::<Action>(json!({"type": "battle"})).unwrap(),
        Action::Battle
    );
    for refused in [json!({"type": "to_end"}), json!({"type": "battle", "x": 1})] {
        assert!(serde_json::from_value::<Action>(refused).is_err());
    }
}

/// A hand-worked battle with a war: 5C against 5H ties; each lays three cards face down
/// (2D 3D 4D, 7S 8S 9S) and turns up KS against QS; Player 1 takes the 10 cards.
fn war_battle(order: WonCardOrder) -> (Game, Vec<Event>) {
    let mut game = Game::from_piles(
        rules(2, order, Rules::DEFAULT_MAX_BATTLES),
        [hand("5C 2D 3D 4D KS 10C"), hand("5H 7S 8S 9S QS 6H")],
    )
    .unwrap();
    let mut events = Vec::new();
    game.apply(Action::Battle, &mut events).unwrap();
    (game, events)
}

fn line(seat: Option<Seat>, kind: &str, text: &str, cards: &[&str]) -> Line {
    Line::new(seat, kind, text).with_cards(cards.iter().map(|&c| c.to_owned()).collect())
}

/// The lines of the hand-worked war, for either seat and for a viewer shown every
/// card: the face-up cards named, the face-down ones by their seat alone.
#[test]
fn the_lines_never_name_a_face_down_card() {
    let (game, events) = war_battle(WonCardOrder::Fixed);
    let face_down = |seat| {
        line(
            Some(seat),
            "face_down",
            &format!("Player {} lays a card face down", seat + 1),
            &[],
        )
    };
    let mut expected = vec![
        line(None, "battle", "Battle 1", &[]),
        line(Some(0), "shown", "Player 1 shows 5C", &["5C"]),
        line(Some(1), "shown", "Player 2 shows 5H", &["5H"]),
        line(None, "tie", "Player 1 and Player 2 tie: war!", &[]),
        line(None, "war", "War 1 between Player 1 and Player 2", &[]),
    ];
    expected.extend([face_down(0), face_down(0), face_down(0)]);
    expected.push(line(Some(0), "shown", "Player 1 shows KS", &["KS"]));
    expected.extend([face_down(1), face_down(1), face_down(1)]);
    expected.push(line(Some(1), "shown", "Player 2 shows QS", &["QS"]));
    expected.push(line(Some(0), "took", "Player 1 takes 10 cards", &[]));
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::All] {
        let mut lines = Vec::new();
        game.lines(&events, viewer, &mut lines);
        assert_eq!(lines, expected, "{viewer:?}");
        for line in &lines {
            for hidden in ["2D", "3D", "4D", "7S", "8S", "9S"] {
                assert!(!line.text.contains(hidden), "{line:?}");
                assert!(!line.cards.iter().any(|c| c == hidden), "{line:?}");
            }
        }
    }
}

/// The view after the hand-worked war, as the page got it before the face (the web's
/// `view_json`, written out here as its response carried it): with shuffled returns
/// the 10 cards still lie on the table, four face up, waiting for chance to order them;
/// with the fixed order Player 1 has taken them.
#[test]
fn the_view_is_the_json_the_page_got() {
    for (order, json) in [
        (
            WonCardOrder::Shuffled,
            r#"{"battles":2,"face_up":["5C","5H","KS","QS"],"last_battle":[{"card":"5C","seat":0},{"card":"5H","seat":1},{"card":"KS","seat":0},{"card":"QS","seat":1}],"order":"shuffled","table":10,"wars":1}"#,
        ),
        (
            WonCardOrder::Fixed,
            r#"{"battles":2,"face_up":[],"last_battle":[{"card":"5C","seat":0},{"card":"5H","seat":1},{"card":"KS","seat":0},{"card":"QS","seat":1}],"order":"fixed","table":0,"wars":1}"#,
        ),
    ] {
        let (game, events) = war_battle(order);
        let mut memo: Vec<Shown> = Vec::new();
        Game::remember(&mut memo, &events);
        for seat in 0..2 {
            let view = game.view(seat, &memo).unwrap();
            assert_eq!(serde_json::to_string(&view).unwrap(), json);
            let value = serde_json::to_value(&view).unwrap();
            assert_eq!(serde_json::to_string(&value).unwrap(), json);
        }
        assert!(game.view(2, &memo).is_none());
    }
}

/// The table as the page names it, the ending in its words, the cards of a replay.
#[test]
fn seating_ending_and_cards_are_the_pages() {
    let (game, _) = war_battle(WonCardOrder::Fixed);
    let seating = game.seating();
    assert_eq!(
        seating
            .iter()
            .map(|s| (s.name.as_str(), s.plays.as_str(), s.cards))
            .collect::<Vec<_>>(),
        [
            ("Player 1", "computer", Some(11)),
            ("Player 2", "computer", Some(1))
        ]
    );
    assert_eq!(
        game.cards(),
        [
            "10C 5C 5H 2D 3D 4D KS 7S 8S 9S QS"
                .split(' ')
                .map(str::to_owned)
                .collect::<Vec<_>>(),
            vec!["6H".to_owned()]
        ]
    );
    assert_eq!(game.ending(&Outcome::Winner { seat: 1 }), "Player 2 wins");
    assert_eq!(
        game.ending(&Outcome::NoWinner {
            reason: NoWinner::BattleCap { max_battles: 5 }
        }),
        "Nobody wins: the game reached the cap of 5 battles (--max-battles)"
    );
    assert_eq!(game.bots().unwrap().len(), 2);
    let _: AlwaysBattle = game.bots().unwrap()[0];
}
