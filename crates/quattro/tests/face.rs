//! The promises of `cards_core::face::Face` for Quattro (`quattro::face`): the setup
//! rebuilds the game and writes the options every recording Quattro wrote before the
//! face, word for word and in order, so recordings written by the binary before it still
//! replay to the same end (`tests/fixtures/old-*.json`, written by that binary, with what
//! its `replay` showed at their end); every legal action's token reads back as that
//! action; a line never names a card its viewer may not see; a seat's view is the JSON
//! the web page got before the face.

// A test's unwrap is its assertion that the step succeeds.
#![allow(clippy::unwrap_used)]

use cards_core::face::{Face, Line, Viewer, options_of, setup_from_map, setup_of};
use cards_core::protocol::{Actor, GameState, Step};
use cards_core::replay::{self, Frame, Recording};
use pretty_assertions::assert_eq;
use quattro::face::{Seated, Setup};
use quattro::{Action, Bot, DeckOrder, Event, Game, Player, Rules, Variant};
use serde_json::json;

/// The table of `quattro`: Ann in seat 1 against the three bots.
fn with_ann(variant: Variant, max_turns: u32) -> Game {
    Game::new(
        Rules::new(variant).with_max_turns(max_turns),
        [
            Player::human("Ann"),
            Player::bot(1),
            Player::bot(2),
            Player::bot(3),
        ],
    )
}

/// Every table the binaries and the page make, and an odd one the library allows (a bot
/// named after another seat, two people, one named like a bot of seat 1).
fn tables() -> Vec<Game> {
    let mut tables = Vec::new();
    for variant in [Variant::Quattro, Variant::Uno] {
        tables.push(with_ann(variant, Rules::DEFAULT_MAX_TURNS));
        tables.push(with_ann(variant, 7));
        tables.push(Game::new(
            Rules::new(variant),
            std::array::from_fn(Player::bot),
        ));
        tables.push(Game::new(
            Rules::new(variant),
            [
                Player::human("You"),
                Player::bot(1),
                Player::bot(2),
                Player::bot(3),
            ],
        ));
        tables.push(Game::new(
            Rules::new(variant).with_max_turns(0),
            [
                Player::bot(3),
                Player::human("Zoë O'Neil"),
                Player::human("Player 1"),
                Player::bot(0),
            ],
        ));
    }
    tables
}

fn strings(options: &[&str]) -> Vec<String> {
    options.iter().map(|&o| o.to_owned()).collect()
}

/// The options a recording of `game` names.
fn options(game: &Game) -> Vec<String> {
    options_of(&game.setup()).unwrap()
}

/// What a recording's `options` do when replayed: the game, or the replay's error line.
fn started(options: &[&str]) -> Result<Game, String> {
    let recording = Recording::new("quattro", strings(options), 1);
    replay::play_back::<Game>(&recording)
        .map(|frames| frames[0].state.clone())
        .map_err(|error| error.to_string())
}

#[test]
fn the_options_are_those_of_the_recordings_before_the_face_in_their_order() {
    assert_eq!(
        options(&with_ann(Variant::Uno, 250)),
        [
            "rules=uno",
            "max-turns=250",
            "seat1=human:Ann",
            "seat2=bot:Player 2",
            "seat3=bot:Player 3",
            "seat4=bot:Player 4"
        ]
    );
    let odd = &tables()[4];
    assert_eq!(
        options(odd),
        [
            "rules=quattro",
            "max-turns=0",
            "seat1=bot:Player 4",
            "seat2=human:Zoë O'Neil",
            "seat3=human:Player 1",
            "seat4=bot:Player 1"
        ]
    );
}

#[test]
fn the_setup_rebuilds_every_table_for_any_seed_and_in_any_order() {
    for game in tables() {
        for seed in [0, 1, 88, u64::MAX] {
            assert_eq!(
                Game::start(&game.setup(), game.person(), seed).as_ref(),
                Ok(&game)
            );
        }
        let mut shuffled = options(&game);
        shuffled.reverse();
        let setup: Setup = setup_of(&shuffled).unwrap();
        assert_eq!(setup, game.setup());
        assert_eq!(Game::start(&setup, None, 3).as_ref(), Ok(&game));
    }
}

/// A web request names the rule set only (as text, or not at all): the person sits at
/// their seat as `You`, against the bots; nobody at all makes a table of four bots.
#[test]
fn a_web_request_or_an_empty_setup_makes_the_default_tables() {
    let Ok(setup) = setup_from_map::<Setup>(
        json!({"rules": "uno"})
            .as_object()
            .cloned()
            .unwrap_or_default(),
    ) else {
        panic!("the page's request is a setup");
    };
    let web = Game::start(&setup, Some(0), 8).unwrap();
    assert_eq!(web, tables()[8]);
    assert_eq!(web.person(), Some(0));
    // Before the deal: chance acts first.
    assert_eq!(web.actor(), Actor::Chance);
    let bots = Game::start(&Setup::default(), None, 8).unwrap();
    assert_eq!(bots, tables()[2]);
    assert_eq!(bots.person(), None);
    // A number of turns may come as a number from JSON, as text from an address.
    for limit in [json!(7), json!("7")] {
        let fields = json!({"rules": "quattro", "max-turns": limit});
        let setup: Setup = setup_from_map(fields.as_object().cloned().unwrap_or_default())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(setup.max_turns, Some(7));
    }
    // A person at a seat past the table, or at a bot's seat, is refused.
    assert!(Game::start(&Setup::default(), Some(4), 1).is_err());
    let ann = with_ann(Variant::Quattro, 10).setup();
    assert_eq!(
        Game::start(&ann, Some(1), 1),
        Err("seat2: a bot sits there, so no person can play it".to_owned())
    );
}

#[test]
fn bad_missing_or_repeated_options_are_refused_by_name() {
    let good = [
        "rules=quattro",
        "max-turns=1000",
        "seat1=human:Ann",
        "seat2=bot:Player 2",
        "seat3=bot:Player 3",
        "seat4=bot:Player 4",
    ];
    assert_eq!(started(&good), Ok(with_ann(Variant::Quattro, 1000)));
    let with = |at: usize, option: &str| {
        let mut options = good.to_vec();
        options[at] = option;
        started(&options).unwrap_err()
    };
    assert_eq!(
        with(0, "rules=uni"),
        "options: `uni`: unknown rule set 'uni': use quattro or uno"
    );
    assert_eq!(
        with(1, "max-turns=-1"),
        "options: `-1`: the turn limit is a whole number from 0 to 4294967295"
    );
    assert_eq!(
        with(2, "seat1=human: Ann"),
        "options: `human: Ann`: a name has no blanks around it"
    );
    assert_eq!(
        with(2, "seat1=human:Ann\u{1b}[2J"),
        "options: `human:Ann\\u{1b}[2J`: A name is made of letters, digits, spaces and \
         punctuation: please type it again."
    );
    assert_eq!(
        with(3, "seat2=bot:Bob"),
        "options: `bot:Bob`: a bot is named Player N (N from 1)"
    );
    assert_eq!(
        with(3, "seat2=bot:Player 02"),
        "options: `bot:Player 02`: a bot is named Player N (N from 1)"
    );
    assert_eq!(
        with(3, "seat2=robot"),
        "options: `robot`: a seat is human:NAME or bot:Player N"
    );
    assert!(with(3, "seat5=bot:Player 5").starts_with("options: unknown field `seat5`"));
    assert_eq!(with(3, "players"), "options: `players`: not KEY=VALUE");
    assert_eq!(
        with(0, "max-turns=5"),
        "options: `max-turns=1000`: the key is given twice"
    );
    // A table is named whole or not at all.
    assert_eq!(
        started(&good[..5]),
        Err("options: seat4= is missing".to_owned())
    );
    // A recording names every option its game writes: one left out would replay
    // another game (the other rule set) as if it were this one.
    let names = "a recording of quattro names rules, max-turns, seat1, seat2, seat3, seat4";
    assert_eq!(
        started(&good[1..]),
        Err(format!("options: `rules` missing: {names}"))
    );
    assert_eq!(
        started(&[good[0], good[2], good[3], good[4], good[5]]),
        Err(format!("options: `max-turns` missing: {names}"))
    );
}

/// Issue 37: a name with characters a person cannot see (a variation selector, a tag
/// character, a Hangul filler), which the console took, was shown raw. The console
/// refuses them, and so does the replay, never showing them.
#[test]
fn invisible_characters_in_a_name_are_refused() {
    for name in ["Ann\u{2764}\u{fe0f}", "Ann\u{e0041}", "\u{3164}"] {
        let mut options = options(&with_ann(Variant::Quattro, 1000));
        assert_eq!(options[2], "seat1=human:Ann");
        options[2] = format!("seat1=human:{name}");
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        let refused = started(&options).unwrap_err();
        assert!(refused.contains("A name is made of letters"), "{refused}");
        assert!(
            !refused.contains(['\u{fe0f}', '\u{e0041}', '\u{3164}']),
            "{refused}"
        );
    }
    assert!(
        "human:Ann\u{fe0f}".parse::<Seated>().is_err(),
        "a seat's own parser refuses it too"
    );
}

/// A game the protocol's own loop plays with the bots at every seat; its actions.
fn played(start: &Game, seed: u64) -> Vec<Action> {
    cards_core::testing::played(start, seed, &mut Bot)
        .unwrap()
        .0
}

#[test]
fn every_legal_actions_token_reads_back_as_that_action_along_whole_games() {
    let mut kinds = (0, 0, 0);
    for start in tables() {
        for seed in 0..12 {
            let actions = played(&start, seed);
            let recording = replay::record(&start, seed, &actions).unwrap();
            let frames = replay::play_back::<Game>(&recording).unwrap();
            let mut legal = Vec::new();
            for frame in &frames {
                if let Actor::Seat(_) = frame.state.actor() {
                    frame.state.legal_actions(&mut legal);
                    for action in &legal {
                        let token = Game::token(action);
                        assert_eq!(frame.state.parse_token(&token), Ok(*action), "{token}");
                        assert_eq!(
                            frame.state.parse_token(&token.to_lowercase()),
                            Ok(*action),
                            "{token}"
                        );
                        match action {
                            Action::Draw => kinds.0 += 1,
                            Action::Play { color: None, .. } => kinds.1 += 1,
                            Action::Play { color: Some(_), .. } => kinds.2 += 1,
                        }
                    }
                }
            }
            assert_eq!(
                frames
                    .iter()
                    .filter(|f| matches!(f.step, Some(Step::Action { .. })))
                    .count(),
                actions.len()
            );
        }
    }
    assert!(kinds.0 > 0 && kinds.1 > 0 && kinds.2 > 0, "{kinds:?}");
}

#[test]
fn tokens_that_are_no_action_here_are_refused_with_the_consoles_reason() {
    let game = dealt_by_hand();
    for refused in [
        "q", "QUIT", "?", "", "X9", "d:G", "R5:G", "W", "W:pink", "W+4::G", "R0",
    ] {
        let why = game.parse_token(refused);
        assert!(why.is_err(), "{refused:?}: {why:?}");
        assert!(!why.unwrap_err().contains('\n'));
    }
    assert_eq!(
        game.parse_token("q"),
        Err("a quit is not recorded as an action".to_owned())
    );
    assert_eq!(
        game.parse_token("X9"),
        Err(
            "'X9' is not a card: type a code as shown in your hand (such as R5), or draw."
                .to_owned()
        )
    );
    assert_eq!(
        game.parse_token("B5"),
        Err("You don't hold B5: choose a card from your hand.".to_owned())
    );
    assert_eq!(game.parse_token("d"), Ok(Action::Draw));
}

/// Quattro rules, Ann and three bots, the deck dealt in its fixed order, unshuffled:
/// R0 to R9, Y0 to Y9, G0 to G9, B0 to B9. Three cards each one at a time round the
/// table: Ann R0 R4 R8, Player 2 R1 R5 R9, Player 3 R2 R6 Y0, Player 4 R3 R7 Y1; Y2 is
/// turned up, and 27 cards are left to draw, Y3 on top. Ann is first, with nothing
/// yellow and no 2: she must draw.
fn dealt_by_hand() -> Game {
    let mut game = with_ann(Variant::Quattro, 1000);
    let order = DeckOrder::from_cards(Variant::Quattro.deck()).unwrap();
    let mut events = Vec::new();
    game.apply_chance(&order, &mut events).unwrap();
    assert_eq!(game.actor(), Actor::Seat(0));
    game
}

#[test]
fn the_view_is_the_json_the_page_got_before_the_face() {
    let game = dealt_by_hand();
    let view = serde_json::to_value(Face::view(&game, 0, &())).unwrap();
    // Written out from the web server's `view_json` before the face moved it here.
    assert_eq!(
        view,
        json!({
            "rules": "quattro",
            "hand": ["R0", "R4", "R8"],
            "top": "Y2",
            "colour": "yellow",
            "draw_pile": 27,
            "clockwise": true,
            "next": 1
        })
    );
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert_eq!(legal, [Action::Draw]);
    assert_eq!(game.label(&Action::Draw), "Draw");
    assert_eq!(
        serde_json::to_value(Action::Draw).unwrap(),
        json!({"type": "draw"})
    );
    assert!(Face::view(&game, 4, &()).is_none());
}

/// The page's action objects, as its buttons send them and as the server read them
/// before the face: serde alone turns one into an `Action` and back.
#[test]
fn an_action_is_the_pages_json() {
    let wild = quattro::Card::parse_code("W+4").unwrap();
    let named = Action::Play {
        card: wild,
        color: Some(cards_core::Color::Green),
    };
    assert_eq!(
        serde_json::to_value(named).unwrap(),
        json!({"type": "play", "card": "W+4", "colour": "G"})
    );
    let last = Action::play(wild);
    assert_eq!(
        serde_json::to_value(last).unwrap(),
        json!({"type": "play", "card": "W+4"})
    );
    for (page, action) in [
        (
            json!({"type": "play", "card": "w+4", "colour": "green"}),
            named,
        ),
        (json!({"type": "play", "card": "W+4", "colour": "g"}), named),
        (json!({"type": "play", "card": "W+4"}), last),
        (json!({"type": "draw"}), Action::Draw),
    ] {
        assert_eq!(serde_json::from_value::<Action>(page).ok(), Some(action));
    }
    for bad in [
        json!({"type": "play", "card": "X9"}),
        json!({"type": "play", "card": "W", "colour": "pink"}),
        json!({"type": "jump"}),
        json!({"card": "R5"}),
        json!({"type": "play", "card": "R5", "extra": 1}),
    ] {
        assert!(
            serde_json::from_value::<Action>(bad.clone()).is_err(),
            "{bad}"
        );
    }
    assert_eq!(with_ann(Variant::Uno, 1).label(&named), "W+4 → green");
}

/// The lines of `events` as `viewer` reads them, the game after them being `game`.
fn lines(game: &Game, events: &[Event], viewer: Viewer) -> Vec<Line> {
    let mut out = Vec::new();
    game.lines(events, viewer, &mut out);
    out
}

#[test]
fn a_card_drawn_is_named_to_the_one_who_drew_it_only() {
    let mut game = dealt_by_hand();
    let mut events = Vec::new();
    game.apply(Action::Draw, &mut events).unwrap();
    // Ann draws Y3, the draw pile's top: she may play it on her next turn only.
    assert_eq!(
        events,
        [Event::Drew {
            seat: 0,
            card: quattro::Card::parse_code("Y3").unwrap()
        }]
    );
    let own = lines(&game, &events, Viewer::Seat(0));
    assert_eq!(own[0].text, "You draw Y3");
    assert_eq!(own[0].cards, ["Y3"]);
    for other in 1..4 {
        let seen = lines(&game, &events, Viewer::Seat(other));
        assert_eq!(seen[0].text, "Ann draws a card");
        assert!(seen[0].cards.is_empty());
        assert!(!format!("{seen:?}").contains("Y3"));
    }
    // Shown every hand (a finished game stepped through), the card is named, and the
    // person's seat still reads as theirs.
    let all = lines(&game, &events, Viewer::All);
    assert_eq!(all[0].text, "You draw Y3");
    // Player 2 draws too (R1 R5 R9 and a Y4 on Y2: nothing to play but the Y4 drawn).
    let mut events = Vec::new();
    game.apply(Action::Draw, &mut events).unwrap();
    let ann = lines(&game, &events, Viewer::Seat(0));
    assert_eq!(ann[0].text, "Player 2 draws a card");
    assert!(ann[0].cards.is_empty());
    let all = lines(&game, &events, Viewer::All);
    assert_eq!(all[0].text, "Player 2 draws Y4");
    assert_eq!(all[0].cards, ["Y4"]);
}

#[test]
fn the_deal_the_seating_and_the_ending_are_told_as_the_page_told_them() {
    let mut game = with_ann(Variant::Quattro, 1000);
    let order = DeckOrder::from_cards(Variant::Quattro.deck()).unwrap();
    let mut events = Vec::new();
    game.apply_chance(&order, &mut events).unwrap();
    assert_eq!(
        lines(&game, &events, Viewer::Seat(0)),
        [
            Line::new(None, "deal", "The cards are dealt; Y2 is turned up")
                .with_cards(vec!["Y2".to_owned()])
        ]
    );
    let seating = game.seating();
    let names: Vec<&str> = seating.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Ann", "Player 2", "Player 3", "Player 4"]);
    assert!(seating.iter().all(|s| s.cards == Some(3)));
    assert_eq!(seating[0].plays, "person");
    assert_eq!(seating[1].plays, "bot");
    assert_eq!(
        game.ending(&cards_core::Outcome::Winner { seat: 0 }),
        "You win!"
    );
    assert_eq!(
        game.ending(&cards_core::Outcome::Winner { seat: 2 }),
        "Player 3 wins"
    );
    assert_eq!(
        game.ending(&cards_core::Outcome::NoWinner {
            reason: quattro::NoWinner::TurnLimit(1000)
        }),
        "The turn limit (1000) was reached: nobody wins"
    );
    assert_eq!(game.cards()[0], ["R0", "R4", "R8"]);
    assert!(game.rules_text().starts_with("Rules (quattro): "));
}

/// What the binary's replay showed at the end of `frames`: the last position, as
/// `quattro replay FILE` shows it after `e` (and `q`).
fn shown_at_the_end(frames: &[Frame<Game>]) -> String {
    let mut out = Vec::new();
    replay::step_through(frames, &b"e\nq\n"[..], &mut out, |frame, out| {
        quattro::replay::show(frame, out)
    })
    .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn recordings_written_before_the_face_replay_to_the_same_end() {
    for (file, end) in [
        (
            include_str!("fixtures/old-uno-ann.json"),
            include_str!("fixtures/old-uno-ann.end.txt"),
        ),
        (
            include_str!("fixtures/old-quattro-bots.json"),
            include_str!("fixtures/old-quattro-bots.end.txt"),
        ),
    ] {
        let recording = Recording::from_json(file, "quattro").unwrap();
        let frames = replay::play_back::<Game>(&recording).unwrap();
        assert_eq!(shown_at_the_end(&frames), end);
        assert_eq!(frames.last().map(|f| f.state.actor()), Some(Actor::Over));
        // Written again, the recording is the same file.
        let start = &frames[0].state;
        let actions: Vec<Action> = frames
            .iter()
            .filter_map(|f| match f.step {
                Some(Step::Action { action, .. }) => Some(action),
                _ => None,
            })
            .collect();
        assert_eq!(
            replay::record(start, recording.seed, &actions).unwrap(),
            recording
        );
    }
}

/// Issue 38, item 3: the end of a game is one event, `GameOver`, the last of the step
/// that ends it; every event names who acted as `seat`.
#[test]
fn the_end_is_told_once_as_the_last_event_of_its_step() {
    for start in tables() {
        for seed in 0..6 {
            let actions = played(&start, seed);
            let recording = replay::record(&start, seed, &actions).unwrap();
            let frames = replay::play_back::<Game>(&recording).unwrap();
            let over: Vec<(usize, usize)> = frames
                .iter()
                .enumerate()
                .flat_map(|(at, frame)| {
                    frame
                        .events
                        .iter()
                        .enumerate()
                        .filter(|(_, event)| matches!(event, Event::GameOver { .. }))
                        .map(move |(index, _)| (at, index))
                })
                .collect();
            let last = frames.len() - 1;
            assert_eq!(over, [(last, frames[last].events.len() - 1)]);
            let Some(Event::GameOver { outcome }) = frames[last].events.last() else {
                unreachable!("checked above")
            };
            assert_eq!(Some(*outcome), frames[last].state.outcome());
        }
    }
}

/// Issue 38, item 3: a simulation's worker is made from the face's setup, and a setup
/// that describes no game is refused with a typed error.
#[test]
fn a_simulation_worker_is_made_from_the_setup() {
    use quattro::SetupError;
    use quattro::simulate::Worker;
    let mut worker = Worker::new(&Setup::of(Rules::new(Variant::Uno).with_max_turns(50))).unwrap();
    let (_, turns) = worker.play(1, 0).unwrap();
    assert!(turns <= 50);
    let partial = Setup {
        seat4: None,
        ..with_ann(Variant::Quattro, 10).setup()
    };
    assert_eq!(Worker::new(&partial).err(), Some(SetupError::Missing(3)));
}
