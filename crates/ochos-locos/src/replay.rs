//! Ochos Locos's recorded games (`ochos-locos RULES --seed N --record FILE`,
//! `ochos-locos replay FILE`): the workspace's one recording format
//! ([`cards_core::replay`]) with this game's words in it.
//!
//! The options are the game's setup ([`crate::face::Setup`], written and read by the
//! face, [`Face`]): the rule set (or three switches), the seats, the person's seat, a
//! short deck. They rebuild the table before the deal, any table the library can build
//! and leave waiting for its deal ([`crate::files::Deal::table`], [`Game::restart`]; a
//! game set up card by card, Java-style, has no deal to draw again).
//!
//! The actions are every seat's plays, the strategies' too, as the person types them
//! at `--human`'s prompt (read back by the console's own parser): a card (`G4`), `d` for
//! the draw (or a penalty, or a pass), and an 8 that names a colour as the card, a colon
//! and the colour's letter (`B8:G`: the two answers to the two questions). The deal
//! comes again from the seed: a game dealt from a file or `--sample` cannot be recorded.

use std::io::{self, Write};

use cards_core::face::Face;
use cards_core::protocol::{Actor, GameState, Seat};
use cards_core::replay::{self, Frame, Recording, ReplayError};

use crate::console::seat_names;
use crate::error::Refusal;
use crate::face::{rule_set, rules_name};
use crate::files::Deal;
use crate::game::Game;
use crate::player::Player;
use crate::render::{Narrator, Style};
use crate::rules::Variant;
use crate::strategy::Strategy;

/// The game's name in a recording.
pub const GAME: &str = <Game as Face>::NAME;

/// The table of `deal` under `variant`, waiting for its cards, with `person` at the seat
/// they play (none: the strategies at every seat): the start of a recording.
pub fn start(variant: Variant, deal: &Deal, person: Option<Seat>) -> Result<Game, Refusal> {
    Ok(deal.table(variant)?.0.with_person(person))
}

/// Reads a recorded game of Ochos Locos and plays it again: every position, for stepping.
pub fn frames(text: &str) -> Result<Vec<Frame<Game>>, ReplayError> {
    replay::play_back(&Recording::from_json(text, GAME)?)
}

/// Writes one position in the person's-mode words: at the start who plays, then what
/// the step did (as `--human` tells it, the person's seat as "you"), and, the game being
/// over when it is replayed, every hand, the card to match and whose turn it is.
pub fn show(frame: &Frame<Game>, out: &mut impl Write) -> io::Result<()> {
    let game = &frame.state;
    let variant = rule_set(game);
    let rules = rules_name(game);
    let raw = game.players().iter().map(Player::name);
    let names: Vec<String> = match variant {
        Some(variant) => seat_names(variant, raw),
        None => raw.map(str::to_owned).collect(),
    };
    // A name comes from the file: what a person cannot see in it (a right-to-left
    // override, a zero-width space) is shown escaped, on every line that names it.
    let names: Vec<String> = names
        .iter()
        .map(|name| cards_core::invisible::printable(name))
        .collect();
    let person = game.person().filter(|&seat| seat < names.len());
    let name = |seat: Seat| names.get(seat).map_or("?", String::as_str);
    if frame.step.is_none() {
        match person {
            Some(seat) => {
                let others = (0..names.len()).filter(|&s| s != seat).map(name);
                writeln!(
                    out,
                    "Ochos Locos ({rules}): you played {} against {}.",
                    name(seat),
                    cards_core::names::and_list(others)
                )?;
            }
            None => writeln!(
                out,
                "Ochos Locos ({rules}): {} played, every seat by its strategy.",
                cards_core::names::and_list(names.iter().map(String::as_str))
            )?,
        }
    }
    let narrator = Narrator::new(
        Style::default(),
        person.unwrap_or(usize::MAX),
        names.clone(),
    );
    for event in &frame.events {
        narrator.write_event(out, game, event)?;
    }
    if game.discard_card().is_some() {
        for (seat, player) in game.players().iter().enumerate() {
            let who = match (person == Some(seat), player.strategy()) {
                (true, _) => "you",
                (false, Strategy::Rainbow) => "rainbow rule",
                (false, strategy) => strategy.describe(),
            };
            write!(out, "  {} ({who}):", name(seat))?;
            if player.hand().is_empty() {
                write!(out, " no cards")?;
            }
            for card in player.hand() {
                write!(out, " {card}")?;
            }
            writeln!(out)?;
        }
        write_to_match(out, game)?;
    }
    match game.actor() {
        Actor::Seat(seat) if person == Some(seat) => writeln!(out, "Your turn, {}.", name(seat)),
        Actor::Seat(seat) => writeln!(out, "{} to play.", name(seat)),
        Actor::Chance => writeln!(out, "The cards are dealt next."),
        Actor::Over => Ok(()),
    }
}

/// The discard card and what it asks for, and the deck's size.
fn write_to_match(out: &mut impl Write, game: &Game) -> io::Result<()> {
    let Some(discard) = game.discard_card() else {
        return Ok(());
    };
    write!(out, "To match: {discard}")?;
    let facing_two = game.rules().two.is_some() && game.pending_twos > 0;
    match game.chosen_color() {
        Some(color) => write!(out, ", colour in force {} (or an 8)", color.letter())?,
        None if facing_two && game.outcome().is_none() => write!(out, ", a 2 to answer")?,
        None => {}
    }
    writeln!(
        out,
        "; {} in the deck",
        cards_core::names::count_of(game.deck().len() as u64, "card")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::full_deck;
    use crate::game::{Action, Event};
    use crate::rules::{
        DealFormat, EightRule, EndRule, MAX_PLAYERS, MIN_PLAYERS, Order, Penalty, Rules, TwoRule,
    };
    use cards_core::Color;
    use cards_core::replay::MAX_STEPS;
    use cards_core::rng::rng_from_seed;
    use pretty_assertions::assert_eq;

    /// A recording as `--record` writes it, through the face.
    fn recording(start: &Game, seed: u64, actions: &[Action]) -> Recording {
        replay::record(start, seed, actions).unwrap()
    }

    /// The options a recording of `game` holds.
    fn options_of(game: &Game) -> Vec<String> {
        cards_core::face::options_of(&game.setup()).unwrap()
    }

    /// The game a recording's options describe, read as `replay::play_back` reads them.
    fn from_options(options: &[String]) -> Result<Game, ReplayError> {
        let setup = cards_core::face::setup_of::<crate::face::Setup>(options)
            .map_err(ReplayError::Options)?;
        Game::start(&setup, None, 0).map_err(ReplayError::Options)
    }

    /// Whether a game's events are a replay's: the deal and every turn.
    fn same_events(played: &[Event], frames: &[Frame<Game>]) -> bool {
        played
            .iter()
            .eq(frames.iter().flat_map(|frame| frame.events.iter()))
    }

    /// A seeded game the protocol's own loop plays with the strategies at every seat, as
    /// `ochos-locos RULES --seed N` deals it: its start, actions, events and end.
    fn played(
        variant: Variant,
        players: usize,
        seed: u64,
        person: Option<Seat>,
    ) -> (Game, Vec<Action>, Vec<Event>, Game, Deal) {
        let deal = Deal::random(variant, players, &mut rng_from_seed(seed)).unwrap();
        let start = start(variant, &deal, person).unwrap();
        let mut strategies: Vec<Strategy> = deal.seats.iter().map(|s| s.strategy).collect();
        let (actions, events, end) =
            cards_core::testing::played(&start, seed, &mut strategies).unwrap();
        (start, actions, events, end, deal)
    }

    fn player_counts(variant: Variant) -> Vec<usize> {
        match variant.format() {
            DealFormat::Numbered { players: Some(n) } => vec![n],
            _ => (MIN_PLAYERS..=MAX_PLAYERS).collect(),
        }
    }

    #[test]
    fn every_rule_set_replays_to_the_same_events_and_end() {
        for variant in Variant::ALL {
            for players in player_counts(variant) {
                for seed in [1, 7, 42, 2026] {
                    let person = Some(seed as usize % players);
                    let (start, actions, events, end, deal) =
                        played(variant, players, seed, person);
                    let json = recording(&start, seed, &actions).to_json();
                    let frames = frames(&json).unwrap();
                    let what = format!("{variant} {players} players, seed {seed}");
                    assert!(same_events(&events, &frames), "{what}");
                    let last = &frames[frames.len() - 1].state;
                    assert_eq!(last, &end, "{what}");
                    assert!(last.outcome().is_some(), "{what}");
                    // The seed deals the cards `Deal::random` dealt: its discard card
                    // and its hands.
                    assert_eq!(
                        frames[1].events,
                        vec![Event::Dealt {
                            discard: deal.discard
                        }],
                        "{what}"
                    );
                    for (player, seat) in frames[1].state.players().iter().zip(&deal.seats) {
                        assert_eq!(player.hand(), &seat.hand[..], "{what}");
                    }
                    // One frame per step: the start, the deal, each action.
                    assert_eq!(frames.len(), 2 + actions.len(), "{what}");
                }
            }
        }
    }

    #[test]
    fn options_rebuild_any_table() {
        let (start, ..) = played(Variant::Completos, 4, 7, Some(1));
        let options = options_of(&start);
        assert_eq!(options[0], "rules=completos");
        assert!(options[1].starts_with("players=Alice:"), "{options:?}");
        assert_eq!(options[2], "human=2");
        assert_eq!(options.len(), 3);
        assert_eq!(from_options(&options).unwrap(), start);

        // Problem 4 with three players is Problem 3's game; with four, its own.
        let (three, ..) = played(Variant::MoreTheMerrier, 3, 1, None);
        assert_eq!(
            options_of(&three),
            ["rules=going-wild", "players=1:R,2:R,3:R"]
        );
        let (four, ..) = played(Variant::MoreTheMerrier, 4, 1, None);
        assert_eq!(options_of(&four)[0], "rules=more-the-merrier");

        // Rules no rule set has, odd names, a short deck: the switches and escapes.
        let mut odd = Game::new(Rules {
            two: Some(TwoRule {
                answer: Order::Hand,
                penalty: Penalty::Two,
            }),
            eight: Some(EightRule::Loco),
            end: EndRule::DeckOut,
        });
        odd.add_player(Player::with_strategy("Ann Lee", Strategy::Rainbow));
        odd.add_player(Player::with_strategy("a,b:c%", Strategy::Strategic));
        odd.add_player(Player::with_strategy("Zoë\u{a0}K", Strategy::Basic));
        for card in full_deck().take(20) {
            odd.add_card(card).unwrap();
        }
        odd.restart();
        let odd = odd.with_person(Some(2));
        let options = options_of(&odd);
        assert_eq!(
            options[..5],
            [
                "two=hand-two",
                "eight=loco",
                "end=deck-out",
                "players=Ann%20Lee:R,a%2Cb%3Ac%25:S,Zoë%C2%A0K:B",
                "human=3"
            ]
        );
        assert!(options[5].starts_with("cards=R1 R2 R3"), "{options:?}");
        assert_eq!(from_options(&options).unwrap(), odd);
    }

    fn strings(options: &[&str]) -> Vec<String> {
        options.iter().map(|&o| o.to_owned()).collect()
    }

    /// The setup's defaults (a web request's): without `rules=`, completos; without
    /// `players=`, the rule set's own count, drawn from the seed as the command line
    /// draws it.
    #[test]
    fn options_left_out_take_the_defaults() {
        let game = from_options(&strings(&["players=Alice:B,Bob:B"])).unwrap();
        assert_eq!(rule_set(&game), Some(Variant::Completos));
        let game = from_options(&strings(&["rules=faciles"])).unwrap();
        assert_eq!(rule_set(&game), Some(Variant::Faciles));
        let names: Vec<&str> = game.players().iter().map(Player::name).collect();
        assert_eq!(names, ["Alice", "Bob", "Carol", "Dave"]);
    }

    #[test]
    fn bad_options_are_refused_naming_the_option() {
        for (options, error) in [
            (
                vec!["rules=wild", "players=1:R,2:R,3:R"],
                "options: `rules=wild`: ",
            ),
            (
                vec!["rules=faciles", "players=Alice:B,Bob:B", "rules=faciles"],
                "options: `rules=faciles`: the key is given twice",
            ),
            (
                vec!["two=none", "eight=none", "end=play-on"],
                "options: without rules=NAME, the seats are named",
            ),
            (
                vec!["two=none", "eight=none", "end=play-on", "players=3"],
                "options: without rules=NAME, the seats are named",
            ),
            (
                vec!["rules=going-wild", "players=4"],
                "options: `players=4`: going-wild is played by exactly 3 players, not 4",
            ),
            (
                vec!["rules=faciles", "players=Alice:C,Bob:B"],
                "options: `players=Alice:C,Bob:B`: not a table of faciles",
            ),
            (
                vec!["rules=match-making", "players=1:R,2:R"],
                "options: `players=1:R,2:R`: not a table of match-making, which deals 3 seats",
            ),
            (
                vec!["rules=faciles", "players=Alice:X,Bob:B"],
                "options: `players=Alice:X,Bob:B`: a strategy is one of",
            ),
            (
                vec!["rules=faciles", "players=Alice"],
                "options: `players=Alice`: each seat is NAME:S",
            ),
            (
                vec!["rules=faciles", "players=Alice:B"],
                "options: `players=Alice:B`: 1 seats: a game has 2 to 6",
            ),
            (
                vec!["rules=faciles", "players=A%zz:B,Bob:B"],
                "options: `players=A%zz:B,Bob:B`: a % in a name",
            ),
            (
                vec!["rules=faciles", "players=A%1B]0;pwned%07:B,Bob:B"],
                "options: `players=A%1B]0;pwned%07:B,Bob:B`: a name holds no control characters",
            ),
            (
                vec![
                    "rules=faciles",
                    "players=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA:B,Bob:B",
                ],
                "options: `players=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…`: a name has at most 40 characters",
            ),
            (
                vec!["rules=faciles", "players=Alice:B,Bob:B", "human=3"],
                "options: `human=3`: the seats are 1 to 2",
            ),
            (
                vec!["rules=faciles", "players=Alice:B,Bob:B", "human=0"],
                "options: `human=0`: the person's seat is a number from 1",
            ),
            (
                vec!["rules=faciles", "players=Alice:B,Bob:B", "cards=R1 R1"],
                "options: `cards=R1 R1`: R1 is there twice",
            ),
            (
                vec!["rules=faciles", "players=Alice:B,Bob:B", "cards=R1 R2 R9"],
                "options: `cards=R1 R2 R9`: 'R9' is not a card",
            ),
            (
                vec!["rules=faciles", "players=Alice:B,Bob:B", "cards=R1 R2 R3"],
                "options: `cards=R1 R2 R3`: 2 hands of 5 and a discard card need more than 3",
            ),
            (
                vec!["two=none", "eight=none", "players=Alice:B,Bob:B"],
                "options: without rules=NAME, all three",
            ),
            (
                vec!["rules=faciles", "end=play-on", "players=Alice:B,Bob:B"],
                "options: rules=NAME and the switches",
            ),
            (
                vec!["two=some", "eight=none", "end=play-on", "players=A:B,B:B"],
                "options: `two=some`: one of none, rainbow-two,",
            ),
            (
                vec!["colour=R", "players=Alice:B,Bob:B"],
                "options: `colour=R`: no such option; the keys are rules, two,",
            ),
            (vec!["faciles"], "options: `faciles`: not KEY=VALUE"),
        ] {
            let found = from_options(&strings(&options)).unwrap_err().to_string();
            assert!(found.starts_with(error), "{options:?}: {found}");
            assert!(!found.contains('\n'), "{found}");
        }
    }

    /// The actions' tokens: card names, the colour after a colon, `d`; read back as the
    /// console reads its answers (any case, blanks around), anything else refused.
    #[test]
    fn tokens_read_as_the_console_reads_answers() {
        let variant = Variant::Completos;
        let deal = crate::files::parse_deal(
            variant,
            "2\nAlice B G8 B4 G3 Y3 G2\nBob B R1 R4 R5 R6 R7\nG1\nY1 Y2\n",
        )
        .unwrap();
        let game = deal.to_game(variant).unwrap();
        let g8b = Action::Play {
            card: "G8".parse().unwrap(),
            chosen: Some(Color::Blue),
        };
        assert_eq!(Game::token(&g8b), "G8:B");
        assert_eq!(game.parse_token("G8:B"), Ok(g8b));
        assert_eq!(game.parse_token(" g8:blue"), Ok(g8b));
        let g3 = Action::Play {
            card: "G3".parse().unwrap(),
            chosen: None,
        };
        assert_eq!(Game::token(&g3), "G3");
        assert_eq!(game.parse_token("g3"), Ok(g3));
        // The console's numbers of the plays read too: 1) G8 2) G3 3) G2.
        assert_eq!(game.parse_token("2"), Ok(g3));
        for (token, error) in [
            (
                "G8",
                "G8 names a colour here: write it after a colon, as G8:R",
            ),
            ("G3:R", "G3 names no colour here: write G3 alone"),
            ("G8:X", "'X' is not a colour"),
            ("B4", "B4 cannot be played now"),
            ("d", "You may not draw while you have a card to play"),
            ("q", "a quit is not recorded as an action"),
            ("QUIT", "a quit is not recorded as an action"),
            ("?", "`?` (the rules) is not recorded as an action"),
            ("", "'' is not a play"),
            ("R7", "R7 is not in your hand"),
            ("4", "There is no play 4"),
        ] {
            let found = game.parse_token(token).unwrap_err();
            assert!(found.starts_with(error), "{token:?}: {found}");
        }
        // Bob has nothing to play on G1 once Alice has played G3: `d` is his draw.
        let mut after = game.clone();
        after.apply(g3, &mut Vec::new()).unwrap();
        assert_eq!(Game::token(&Action::Draw), "d");
        assert_eq!(after.parse_token("D"), Ok(Action::Draw));
        assert_eq!(after.parse_token("draw"), Ok(Action::Draw));
        assert_eq!(
            after.parse_token("d:R"),
            Err("a draw names no colour".to_owned())
        );
    }

    #[test]
    fn a_bad_action_an_action_after_the_end_or_too_many_are_refused_on_one_line() {
        let (start, actions, ..) = played(Variant::Faciles, 3, 5, Some(0));
        let recording = recording(&start, 5, &actions);

        let mut long = recording.clone();
        long.actions.push("d".to_owned());
        assert_eq!(
            frames(&long.to_json()).unwrap_err().to_string(),
            format!("step {}: `d`: the game is already over", long.actions.len())
        );

        let mut quit = recording.clone();
        quit.actions[0] = "q".to_owned();
        assert_eq!(
            frames(&quit.to_json()).unwrap_err().to_string(),
            "step 1: `q`: a quit is not recorded as an action"
        );

        let mut escape = recording.clone();
        escape.actions[1] = "\u{1b}[2J".to_owned();
        let error = frames(&escape.to_json()).unwrap_err().to_string();
        assert!(error.starts_with("step 2: `\\u{1b}[2J`: "), "{error}");
        assert!(
            !error.contains('\u{1b}') && !error.contains('\n'),
            "{error}"
        );

        // A card the seat holds but may not lay: read, then refused by the rules.
        let frames_ok = frames(&recording.to_json()).unwrap();
        let first = &frames_ok[1].state;
        let seat = match first.actor() {
            Actor::Seat(seat) => seat,
            other => panic!("{other:?}"),
        };
        let mut legal = Vec::new();
        first.legal_actions(&mut legal);
        if let Some(&card) = first.players()[seat].hand().iter().find(|&&card| {
            !legal
                .iter()
                .any(|a| matches!(a, Action::Play { card: c, .. } if *c == card))
        }) {
            let mut illegal = recording.clone();
            illegal.actions[0] = card.to_string();
            let error = frames(&illegal.to_json()).unwrap_err().to_string();
            assert!(
                error.starts_with(&format!("step 1: `{card}`: {card} cannot be played now")),
                "{error}"
            );
        }

        // Every game ends, so no file can go on for ever; one longer than the
        // replay keeps is refused before it is played.
        let mut endless = recording;
        endless.actions = vec!["d".to_owned(); MAX_STEPS + 1];
        assert_eq!(
            frames(&endless.to_json()).unwrap_err(),
            ReplayError::TooLong
        );
    }

    /// Each position shows on whole lines; the last one tells how the game ended, the
    /// person's seat as "you", and every hand.
    #[test]
    fn a_position_shows_the_step_the_hands_and_the_end() {
        let (start, actions, _, end, _) = played(Variant::Completos, 3, 42, Some(1));
        let frames = frames(&recording(&start, 42, &actions).to_json()).unwrap();
        let text = |frame: &Frame<Game>| {
            let mut out = Vec::new();
            show(frame, &mut out).unwrap();
            String::from_utf8(out).unwrap()
        };
        let first = text(&frames[0]);
        assert!(
            first.starts_with("Ochos Locos (completos): you played Bob against Alice and Carol.\n"),
            "{first}"
        );
        assert!(first.ends_with("The cards are dealt next.\n"), "{first}");
        let dealt = text(&frames[1]);
        assert!(dealt.contains("  Bob (you): "), "{dealt}");
        let last = text(&frames[frames.len() - 1]);
        let ending = match end.outcome().unwrap() {
            cards_core::Outcome::Winner { seat: 1 } => "You win: you laid your last card!\n",
            cards_core::Outcome::Winner { .. } => " You lose.\n",
            cards_core::Outcome::NoWinner { .. } => "Nobody won: ",
        };
        assert!(last.contains(ending), "{last}");
        for player in end.players() {
            let hand: Vec<String> = player.hand().iter().map(ToString::to_string).collect();
            assert!(last.contains(&hand.join(" ")), "{last}");
        }
        // With no person, nobody is "you".
        let (start, actions, ..) = played(Variant::TakeTwo, 3, 42, None);
        let frames = super::frames(&recording(&start, 42, &actions).to_json()).unwrap();
        let all: String = frames.iter().map(text).collect();
        assert!(
            all.starts_with(
                "Ochos Locos (take-two): player 1, player 2 and player 3 played, every seat by \
                 its strategy.\n"
            ),
            "{all}"
        );
        assert!(!all.contains("You") && !all.contains("you"), "{all}");
    }

    /// Issue 37: a name with a right-to-left override (or a tag character, a zero-width
    /// space) was shown raw, on every line that names it. It is written `%XX` in the
    /// file, read back the same, and shown escaped.
    #[test]
    fn invisible_characters_in_a_name_are_shown_escaped() {
        let options = vec![
            "rules=completos".to_owned(),
            "players=Ann%E2%80%AEnna:N,B\u{e0041}ob:N,Carol\u{200b}:N,Dave:S".to_owned(),
        ];
        let game = from_options(&options).unwrap();
        assert_eq!(game.players()[0].name(), "Ann\u{202e}nna");
        assert_eq!(
            options_of(&game)[1],
            "players=Ann%E2%80%AEnna:N,B%F3%A0%81%81ob:N,Carol%E2%80%8B:N,Dave:S"
        );
        let frames = frames(&recording(&game, 7, &[]).to_json()).unwrap();
        let mut out = Vec::new();
        for frame in &frames {
            show(frame, &mut out).unwrap();
        }
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.starts_with(
                "Ochos Locos (completos): Ann\\u{202e}nna, B\\u{e0041}ob, Carol\\u{200b} and \
                 Dave played, every seat by its strategy.\n"
            ),
            "{out}"
        );
        assert!(
            !out.contains(['\u{202e}', '\u{e0041}', '\u{200b}']),
            "{out}"
        );
        assert!(out.contains("Ann\\u{202e}nna ("), "{out}");
    }
}
