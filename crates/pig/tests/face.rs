//! Pig's face ([`cards_core::face::Face`]): the promises of the trait's documentation,
//! the web page's JSON as it was before the face (written out literally), and
//! recordings written by the binary before the face, replayed to the same end.

use std::sync::Arc;

use cards_core::face::{Face, Line, Viewer, options_of, setup_from_map, setup_of};
use cards_core::protocol::{Actor, GameState};
use cards_core::replay::{Recording, play_back, replay, step_through};
use pig::face::{LastRoll, Setup};
use pig::game::RollEffect;
use pig::{
    Action, AnyStrategy, Event, Game, HoldAt, Outcome, PigDice, Rules, StrategySpec, Throw, Variant,
};
use pretty_assertions::assert_eq;
use serde_json::{Value, json};

const RULES: [Variant; 2] = [Variant::TwoDice, Variant::Classic];

fn setup(rules: Variant, goal: u32, computer: Option<StrategySpec>) -> Setup {
    Setup {
        rules,
        goal,
        computer,
    }
}

fn pair(a: u8, b: u8) -> Throw {
    Throw::Pair(PigDice::new(a, b).unwrap_or_else(|| panic!("({a},{b}) are dice")))
}

#[test]
fn the_setup_rebuilds_the_game_for_every_rule_set_goal_computer_and_person() {
    let computers = [
        None,
        Some(StrategySpec::ASSIGNMENT),
        Some(StrategySpec::HoldAt(7)),
        Some(StrategySpec::Optimal),
    ];
    for rules in RULES {
        for goal in [1, 20, 100, 300, 10_000] {
            for computer in computers {
                if computer == Some(StrategySpec::Optimal) && goal > 300 {
                    continue;
                }
                for person in [None, Some(0)] {
                    for seed in 0..20 {
                        let wanted = setup(rules, goal, computer);
                        let g = Game::start(&wanted, person, seed).unwrap();
                        assert_eq!(g.setup(), wanted);
                        assert_eq!(Face::person(&g), person);
                        assert_eq!(Game::start(&g.setup(), g.person(), seed).unwrap(), g);
                        // Written down, the setup keeps the two settings a recording has
                        // always named, in their order; the Computer is not written.
                        let options = options_of(&g.setup()).unwrap();
                        assert_eq!(options, [format!("rules={rules}"), format!("goal={goal}")]);
                        let read: Setup = setup_of(&options).unwrap();
                        assert_eq!(read, setup(rules, goal, None));
                    }
                }
            }
        }
    }
}

/// A web request gives numbers as JSON numbers or text; a recording as text: one
/// parser, the game's own, reads them all.
#[test]
fn a_setup_reads_from_a_web_request_and_refuses_what_describes_no_game() {
    let map = |value: Value| match value {
        Value::Object(map) => map,
        other => panic!("{other} is no object"),
    };
    let read = |value: Value| setup_from_map::<Setup>(map(value));
    let want = setup(Variant::Classic, 30, Some(StrategySpec::HoldAt(10)));
    assert_eq!(
        read(json!({"rules": "classic", "goal": 30, "computer": "hold:10"})).unwrap(),
        want
    );
    assert_eq!(
        read(json!({"rules": "classic", "goal": "30", "computer": "hold:10"})).unwrap(),
        want
    );
    assert_eq!(
        read(json!({})).unwrap(),
        setup(Variant::TwoDice, 100, None),
        "the assignment's game"
    );
    for (bad, error) in [
        (json!({"rules": "three-dice"}), "`three-dice`: "),
        (json!({"goal": "x"}), "`x`: "),
        (json!({"goal": -1}), "`-1`: "),
        (
            json!({"computer": "hold:0"}),
            "`hold:0`: hold:0 never rolls",
        ),
        (json!({"colour": "red"}), "unknown field `colour`"),
    ] {
        let found = read(bad.clone()).unwrap_err();
        assert!(found.contains(error), "{bad}: {found}");
    }
    for (bad, person, error) in [
        (
            setup(Variant::TwoDice, 0, None),
            None,
            "`goal=0`: the goal is a number of points from 1 to 10000",
        ),
        (
            setup(Variant::TwoDice, 10_001, None),
            None,
            "`goal=10001`: the goal is a number of points from 1 to 10000",
        ),
        (
            setup(Variant::TwoDice, 301, Some(StrategySpec::Optimal)),
            None,
            "`goal=301`: the optimal Computer plays to at most 300 points",
        ),
        (
            setup(Variant::TwoDice, 100, None),
            Some(1),
            "seat 1: the person plays seat 0, the Human, who moves first",
        ),
    ] {
        assert_eq!(Game::start(&bad, person, 1).unwrap_err(), error);
    }
}

/// Every legal action's token reads back as the action, at every decision of whole
/// games under both rule sets.
#[test]
fn every_legal_actions_token_reads_back_as_the_action() {
    let mut decisions = 0;
    for rules in RULES {
        for seed in 0..30 {
            let start = Game::start(&setup(rules, 50, None), None, seed).unwrap();
            let (actions, _, _) =
                cards_core::testing::played(&start, seed, &mut (HoldAt(12), HoldAt(25))).unwrap();
            let mut recording = Recording::new(Game::NAME, Vec::new(), seed);
            recording.actions = actions.iter().map(Game::token).collect();
            let frames = replay(start, &recording, |g, t| g.parse_token(t)).unwrap();
            let mut legal = Vec::new();
            for frame in &frames {
                frame.state.legal_actions(&mut legal);
                for action in &legal {
                    assert_eq!(frame.state.parse_token(&Game::token(action)), Ok(*action));
                    decisions += 1;
                }
            }
        }
    }
    assert!(decisions > 1000, "{decisions}");
    // The prompt's words, which are the tokens: `n` rolls, `y` holds.
    assert_eq!(
        (Game::token(&Action::Roll), Game::token(&Action::Hold)),
        ("n".into(), "y".into())
    );
    let start = Game::start(&Setup::default(), None, 0).unwrap();
    assert_eq!(start.parse_token(" Y "), Ok(Action::Hold));
    assert_eq!(
        start.parse_token("q").unwrap_err(),
        "a quit is not recorded as an action"
    );
    assert_eq!(
        start.parse_token("yes").unwrap_err(),
        "Please answer Y or N."
    );
}

/// The page's action objects are the action's serde shape.
#[test]
fn an_action_is_the_pages_json_object() {
    assert_eq!(
        serde_json::to_value(Action::Roll).unwrap(),
        json!({"type": "roll"})
    );
    assert_eq!(
        serde_json::to_value(Action::Hold).unwrap(),
        json!({"type": "hold"})
    );
    let read = |value: Value| serde_json::from_value::<Action>(value);
    assert_eq!(read(json!({"type": "hold"})).unwrap(), Action::Hold);
    assert!(read(json!({"type": "pass"})).is_err());
}

/// Takes `action` (and the throw after a roll) and tells its lines to seat 0.
fn step(
    game: &mut Game,
    memo: &mut Option<LastRoll>,
    action: Action,
    throw: Option<Throw>,
    lines: &mut Vec<Line>,
) -> Vec<Event> {
    let mut events = Vec::new();
    let refused = |e: pig::Refusal| panic!("{action:?} {throw:?}: {e}");
    game.apply(action, &mut events).unwrap_or_else(refused);
    if let Some(throw) = throw {
        game.apply_chance(&throw, &mut events)
            .unwrap_or_else(refused);
    }
    // Everything in Pig is public: every viewer reads the same lines.
    let mut seen = Vec::new();
    game.lines(&events, Viewer::Seat(1), &mut seen);
    let mut all = Vec::new();
    game.lines(&events, Viewer::All, &mut all);
    assert_eq!(seen, all);
    game.lines(&events, Viewer::Seat(0), lines);
    Game::remember(memo, &events);
    events
}

/// A hand-worked game at goal 20: You roll 2,2 (8 points) and hold; the Computer rolls
/// snake eyes; You roll 6,6 (24 points: 32, past the goal). The lines, the view and the
/// seating are those the page was sent before the face, written out here.
#[test]
fn the_lines_and_view_of_a_hand_worked_game_are_the_pages() {
    let mut game = Game::start(
        &setup(Variant::TwoDice, 20, Some(StrategySpec::HoldAt(10))),
        Some(0),
        1,
    )
    .unwrap();
    let mut memo = None;
    let mut lines = Vec::new();
    assert_eq!(
        game.opening(),
        [Line::new(
            None,
            "start",
            "First to 20 wins; two dice score their sum, doubles twice the sum, snake eyes lose the turn"
        )]
    );
    assert_eq!(
        serde_json::to_value(game.view(0, &memo).unwrap()).unwrap(),
        json!({"rules": "two-dice", "goal": 20, "scores": [0, 0], "turn": 0,
               "turn_points": 0, "last_roll": null})
    );

    step(
        &mut game,
        &mut memo,
        Action::Roll,
        Some(pair(2, 2)),
        &mut lines,
    );
    assert_eq!(
        serde_json::to_value(game.view(0, &memo).unwrap()).unwrap(),
        json!({"rules": "two-dice", "goal": 20, "scores": [0, 0], "turn": 0,
               "turn_points": 8, "last_roll": {"seat": 0, "dice": [2, 2]}})
    );
    step(&mut game, &mut memo, Action::Hold, None, &mut lines);
    step(
        &mut game,
        &mut memo,
        Action::Roll,
        Some(pair(1, 1)),
        &mut lines,
    );
    assert_eq!(
        serde_json::to_value(game.view(0, &memo).unwrap()).unwrap(),
        json!({"rules": "two-dice", "goal": 20, "scores": [8, 0], "turn": 0,
               "turn_points": 0, "last_roll": {"seat": 1, "dice": [1, 1]}})
    );
    let events = step(
        &mut game,
        &mut memo,
        Action::Roll,
        Some(pair(6, 6)),
        &mut lines,
    );
    // The end is its own event, which tells no line of its own: the roll said it.
    assert!(matches!(
        events[..],
        [
            Event::Rolled {
                effect: RollEffect::Won,
                total: 32,
                ..
            },
            Event::GameOver {
                outcome: Outcome::Winner { seat: 0 }
            }
        ]
    ));
    // The winner's score is the banked points and the turn that won them.
    assert_eq!(
        serde_json::to_value(game.view(0, &memo).unwrap()).unwrap(),
        json!({"rules": "two-dice", "goal": 20, "scores": [32, 0], "turn": 0,
               "turn_points": 24, "last_roll": {"seat": 0, "dice": [6, 6]}})
    );
    assert_eq!(
        serde_json::to_value(&lines).unwrap(),
        json!([
            {"seat": 0, "kind": "roll", "text": "You roll 2,2: 8 points, 8 this turn", "dice": [2, 2]},
            {"seat": 0, "kind": "hold", "text": "You hold: 8 points banked"},
            {"seat": 1, "kind": "roll", "text": "Computer rolls 1,1: the turn's points are lost", "dice": [1, 1]},
            {"seat": 0, "kind": "roll", "text": "You roll 6,6 and reach 32: you win!", "dice": [6, 6]},
        ])
    );
    // Pig has no cards: no line shows one, and no seat holds any.
    assert!(lines.iter().all(|line| line.cards.is_empty()));
    assert!(game.cards().is_empty());
    assert_eq!(
        serde_json::to_value(game.seating()).unwrap(),
        json!([
            {"name": "You", "plays": "you", "score": 32},
            {"name": "Computer", "plays": "hold:10", "score": 0},
        ])
    );
    let outcome = game.outcome().unwrap();
    assert_eq!(game.ending(&outcome), "You win!");
    assert_eq!(game.view(2, &memo), None);
    assert_eq!(
        memo,
        Some(LastRoll {
            seat: 0,
            dice: vec![6, 6]
        })
    );
    assert_eq!(game.label(&Action::Roll), "Roll");
    assert_eq!(game.label(&Action::Hold), "Hold");
}

/// Classic Pig's lines show its one die; the Computer's win is told in its words.
#[test]
fn the_computers_lines_and_ending() {
    let mut game = Game::start(&setup(Variant::Classic, 5, None), Some(0), 1).unwrap();
    let mut events = Vec::new();
    game.apply(Action::Hold, &mut events).unwrap();
    game.apply(Action::Roll, &mut events).unwrap();
    game.apply_chance(&Throw::Single(6), &mut events).unwrap();
    let mut lines = Vec::new();
    game.lines(&events, Viewer::Seat(0), &mut lines);
    assert_eq!(
        serde_json::to_value(&lines).unwrap(),
        json!([
            {"seat": 0, "kind": "hold", "text": "You hold: 0 points banked"},
            {"seat": 1, "kind": "roll", "text": "Computer rolls 6 and reaches 6: the Computer wins", "dice": [6]},
        ])
    );
    assert_eq!(game.ending(&game.outcome().unwrap()), "The Computer wins");
    // Not named by the setup (as in a recording), the Computer is the page's `computer`.
    assert_eq!(game.seating()[1].plays, "computer");
}

/// The optimal Computer plays the table the crate keeps: solved once, shared.
#[test]
fn the_optimal_computer_plays_one_shared_table() {
    let game = Game::start(
        &setup(Variant::Classic, 20, Some(StrategySpec::Optimal)),
        Some(0),
        3,
    )
    .unwrap();
    let tables: Vec<_> = [game.bots().unwrap(), game.bots().unwrap()]
        .into_iter()
        .flatten()
        .map(|bot| match bot {
            AnyStrategy::Optimal(optimal) => optimal.0,
            other => panic!("{other:?} is not the optimal strategy"),
        })
        .collect();
    assert_eq!(tables.len(), 4);
    assert!(tables.iter().all(|table| Arc::ptr_eq(table, &tables[0])));
    assert_eq!(
        tables[0].rules(),
        Rules::new(Variant::Classic).with_goal(20).unwrap()
    );
    let holds = Game::start(&setup(Variant::Classic, 20, None), None, 3).unwrap();
    assert!(matches!(
        holds.bots().unwrap()[..],
        [
            AnyStrategy::HoldAt(HoldAt(20)),
            AnyStrategy::HoldAt(HoldAt(20))
        ]
    ));
}

/// Recordings written by `pig --record` before the face (the binary of commit a6650b7's
/// tree): each replays, and steps through at the console exactly as that binary showed
/// it (`(yes n | head -100; echo q) | pig replay FILE`, its output kept beside it).
#[test]
fn recordings_written_before_the_face_replay_to_the_same_end() {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/replay");
    for (name, options, winner) in [
        ("two-dice-100", ["rules=two-dice", "goal=100"], 0),
        ("classic-30", ["rules=classic", "goal=30"], 1),
    ] {
        let read = |ext: &str| {
            std::fs::read_to_string(fixtures.join(format!("{name}.{ext}")))
                .unwrap_or_else(|e| panic!("{name}.{ext}: {e}"))
        };
        let recording = Recording::from_json(&read("json"), Game::NAME).unwrap();
        assert_eq!(recording.options, options);
        let frames = play_back::<Game>(&recording).unwrap();
        let end = &frames[frames.len() - 1].state;
        assert_eq!(end.actor(), Actor::Over);
        assert_eq!(
            end.outcome().and_then(|o| o.winner()),
            Some(winner),
            "{name}"
        );
        // Written again, the recording is the same file.
        let again = cards_core::replay::record(&frames[0].state, recording.seed, &{
            frames
                .iter()
                .filter_map(|f| match f.step {
                    Some(cards_core::protocol::Step::Action { action, .. }) => Some(action),
                    _ => None,
                })
                .collect::<Vec<_>>()
        })
        .unwrap();
        assert_eq!(again.to_json(), read("json"), "{name}");
        let commands = format!("{}q\n", "n\n".repeat(100));
        let mut out = Vec::new();
        step_through(&frames, commands.as_bytes(), &mut out, |frame, out| {
            pig::replay::show(frame, out)
        })
        .unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), read("steps.txt"), "{name}");
    }
}

/// A replay's line for a choice that no event tells: the page's words.
#[test]
fn a_choice_to_roll_has_its_replay_line() {
    assert_eq!(
        Game::choice_line(0, Action::Roll),
        Some(Line::new(Some(0), "chose", "You choose to roll"))
    );
    assert_eq!(
        Game::choice_line(1, Action::Roll),
        Some(Line::new(Some(1), "chose", "The Computer chooses to roll"))
    );
    assert_eq!(Game::choice_line(1, Action::Hold), None);
}
