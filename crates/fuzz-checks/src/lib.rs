//! What the fuzz targets check, as plain functions of the fuzzer's bytes.
//!
//! Each `cargo fuzz` target in the top-level `fuzz/` folder is one line that calls a
//! function here; each function panics when a promise of the programs is broken, and
//! returns quietly otherwise. Keeping the checks in a workspace crate means
//! `cargo test --workspace` replays the checked-in seed inputs and every input a fuzzer
//! ever found (`fuzz/seeds/TARGET/`, `fuzz/regressions/TARGET/`) without a fuzzer or a
//! nightly compiler (`tests/replay.rs`), and that the checks are built, linted and
//! documented with the rest.
//!
//! The promises checked, beyond "no panic":
//! - **Input files** (an Ochos Locos deal in each rule set, a War or Quattro deck file, a
//!   Pig dice file) are read as the binaries read them (`cards_core::input::read_text`:
//!   at most 4 MB of UTF-8). A refusal is one line, short, with no control character
//!   written raw. A file that is accepted writes back (`to_text`, `deck_file`,
//!   `write_deck`, `write_roll`) to a file that reads as the same deal, deck or dice,
//!   and writes back again to the same text; an accepted Ochos Locos deal is played to
//!   its end by its seats' strategies.
//! - **Pig transcripts** (`pig check`): checked or refused in one short line.
//! - **Card codes** (`cards_core`'s French and colour cards, War's and Quattro's cards):
//!   a code that is accepted is written back as a code that reads as the same card.
//! - **Answers at a prompt**, in all four interactive games: a seeded game is played
//!   with the fuzzer's bytes as the person's keyboard. Whatever they type, the game
//!   never refuses the person's choice (so every answer the console accepts is a legal
//!   action), never breaks an invariant, and ends: at its end, at `q`, at the end of
//!   the input, or refusing an input that is no person's answers.
//!
//! The functions take any bytes; the first byte picks the rule set (or the seed) where
//! there is a choice, so one target covers them all.

use std::fmt::Display;
use std::io;

use cards_core::console::Console;
use cards_core::input::read_text;
use cards_core::protocol::{ChanceSource, Driver, PlayError, Stop};
use cards_core::rng::rng_from_seed;
use cards_core::{ColorCard, PlayingCard};

/// The longest refusal a check accepts: a line, a column, a quoted token of at most 40
/// characters (each escaped character up to 10) and a sentence of explanation.
const MAX_ERROR_LINE: usize = 1000;

/// Panics unless `error` reads as the programs promise: one line, short, with no
/// control character written raw (an escape sequence would act on the terminal).
pub fn assert_one_short_line(error: &impl Display) {
    let text = error.to_string();
    assert!(!text.is_empty(), "an empty error message");
    assert!(
        text.chars().count() <= MAX_ERROR_LINE,
        "an error of {} characters: {:?}…",
        text.chars().count(),
        text.chars().take(200).collect::<String>()
    );
    assert!(
        !text.chars().any(char::is_control),
        "an error with a raw control character: {text:?}"
    );
}

/// The text of an input file, read as the binaries read one; `None` (after checking the
/// refusal) when they would refuse it.
fn file_text(bytes: &[u8]) -> Option<String> {
    match read_text(bytes, "the file") {
        Ok(text) => Some(text),
        Err(error) => {
            assert_one_short_line(&error);
            None
        }
    }
}

/// The first byte, to choose among variants, and the rest.
fn split_choice(data: &[u8]) -> (usize, &[u8]) {
    match data.split_first() {
        Some((&first, rest)) => (usize::from(first), rest),
        None => (0, data),
    }
}

/// An Ochos Locos deal in the rule set the first byte picks (of the seven), the rest
/// its text: refused in one short line, or written back to the same deal and played
/// to its end.
pub fn ochos_locos_deal(data: &[u8]) {
    use ochos_locos::{Deal, Strategy, Variant};

    let (choice, bytes) = split_choice(data);
    let variant = Variant::ALL[choice % Variant::ALL.len()];
    let Some(text) = file_text(bytes) else { return };
    let deal = match Deal::parse(variant, &text) {
        Ok(deal) => deal,
        Err(error) => return assert_one_short_line(&error),
    };
    let written = deal.to_text(variant);
    let again = Deal::parse(variant, &written)
        .unwrap_or_else(|error| panic!("a written deal is refused: {error}\n{written}"));
    assert_eq!(
        again.to_text(variant),
        written,
        "writing back changes the deal"
    );
    assert!(
        deal.cards().eq(again.cards()),
        "writing back changes the cards"
    );
    let names = |deal: &Deal| -> Vec<(String, Strategy)> {
        deal.seats
            .iter()
            .map(|s| (s.name.clone(), s.strategy))
            .collect()
    };
    assert_eq!(
        names(&deal),
        names(&again),
        "writing back changes the seats"
    );

    let (mut game, order) = deal
        .table(variant)
        .unwrap_or_else(|error| panic!("an accepted deal cannot be played: {error}"));
    let mut strategies: Vec<Strategy> = deal.seats.iter().map(|seat| seat.strategy).collect();
    let mut chance = ChanceSource::recorded(vec![order]);
    if let Err(error) = Driver::new().play_quietly(&mut game, &mut chance, &mut strategies, |_| {})
    {
        panic!("an accepted deal does not play to its end: {error}");
    }
}

/// A War deck file: refused in one short line, or written back to the same order.
pub fn war_deck(data: &[u8]) {
    let Some(text) = file_text(data) else { return };
    let order = match war::deck::parse_deck(&text) {
        Ok(order) => order,
        Err(error) => return assert_one_short_line(&error),
    };
    let written = war::deck::deck_file(&order);
    let again = war::deck::parse_deck(&written)
        .unwrap_or_else(|error| panic!("a written deck is refused: {error}\n{written}"));
    assert_eq!(
        order.cards(),
        again.cards(),
        "writing back changes the deck"
    );
    assert_eq!(war::deck::deck_file(&again), written);
}

/// A Quattro deck file under the rules the first byte picks (Quattro or Uno): refused in
/// one short line, or written back to the same order.
pub fn quattro_deck(data: &[u8]) {
    use quattro::Rules;

    let (choice, bytes) = split_choice(data);
    let rules = [Rules::Quattro, Rules::Uno][choice % 2];
    let Some(text) = file_text(bytes) else { return };
    let order = match quattro::deck::parse_deck(&text, rules) {
        Ok(order) => order,
        Err(error) => return assert_one_short_line(&error),
    };
    let write = |order| {
        let mut out = Vec::new();
        quattro::deck::write_deck(&mut out, order, rules, 0)
            .unwrap_or_else(|error| panic!("writing to memory fails: {error}"));
        String::from_utf8(out).unwrap_or_else(|error| panic!("a deck file is not text: {error}"))
    };
    let written = write(&order);
    let again = quattro::deck::parse_deck(&written, rules)
        .unwrap_or_else(|error| panic!("a written deck is refused: {error}\n{written}"));
    assert!(order == again, "writing back changes the deck");
    assert_eq!(write(&again), written);
}

/// A Pig dice file under the rules the first byte picks (two dice or classic): refused
/// in one short line, or written back to the same rolls.
pub fn pig_dice(data: &[u8]) {
    use pig::Rules;

    let (choice, bytes) = split_choice(data);
    let rules = [Rules::TwoDice, Rules::Classic][choice % 2];
    let Some(text) = file_text(bytes) else { return };
    let throws = match pig::rolls::parse(rules, &text) {
        Ok(throws) => throws,
        Err(error) => return assert_one_short_line(&error),
    };
    let mut written = Vec::new();
    for &throw in &throws {
        pig::rolls::write_roll(&mut written, throw)
            .unwrap_or_else(|error| panic!("writing to memory fails: {error}"));
    }
    let written = String::from_utf8(written)
        .unwrap_or_else(|error| panic!("a dice file is not text: {error}"));
    let again = pig::rolls::parse(rules, &written)
        .unwrap_or_else(|error| panic!("written rolls are refused: {error}\n{written}"));
    assert_eq!(throws, again, "writing back changes the rolls");
}

/// A Pig transcript, as `pig check` reads a saved one: accepted, or refused naming a
/// line with a message of one short line, whatever the transcript holds.
pub fn pig_transcript(data: &[u8]) {
    let Some(text) = file_text(data) else { return };
    if let Err(violation) = pig::transcript::check(&text, None) {
        assert_one_short_line(&violation);
    }
}

/// One card code, read by every card parser: what each accepts it writes back as a code
/// it reads as the same card; what it refuses, it refuses in one short line.
pub fn card_codes(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    round_trip(
        text,
        |code| code.parse::<PlayingCard>(),
        PlayingCard::to_string,
    );
    round_trip(text, |code| code.parse::<ColorCard>(), ColorCard::to_string);
    round_trip(text, ColorCard::parse_ignore_case, ColorCard::to_string);
    round_trip(text, |code| code.parse::<war::Card>(), war::Card::to_string);
    // A Quattro card is displayed for people (`red 5`); its code is what reads back.
    round_trip(text, quattro::Card::parse_code, |card| {
        card.code().to_string()
    });
}

/// `parse(text)`, and if it is a card, `parse(write(card))` is that card.
fn round_trip<C, E>(text: &str, parse: impl Fn(&str) -> Result<C, E>, write: impl Fn(&C) -> String)
where
    C: PartialEq + std::fmt::Debug,
    E: Display,
{
    match parse(text) {
        Ok(card) => {
            let written = write(&card);
            match parse(&written) {
                Ok(again) => assert_eq!(card, again, "{text:?} written as {written:?}"),
                Err(error) => panic!("{text:?} is written {written:?}, which is refused: {error}"),
            }
        }
        Err(error) => assert_one_short_line(&error),
    }
}

/// The seed of an answers target (the first byte) and the answers (the rest).
fn seed_and_answers(data: &[u8]) -> (u64, &[u8]) {
    let (choice, answers) = split_choice(data);
    (choice as u64, answers)
}

/// Panics if a game at the console stopped for a reason no typing can justify: a
/// refused choice (the console accepted an answer that is no legal action), a broken
/// invariant, or recorded chance running out (these games draw from a seed).
fn assert_stopped_for_the_input<E: std::error::Error>(result: Result<(), PlayError<E>>) {
    match result {
        Ok(()) | Err(PlayError::Stopped(Stop::InputEnded | Stop::Quit | Stop::Io(_))) => {}
        Err(PlayError::Stopped(stop)) => panic!("the game stopped: {stop}"),
        Err(PlayError::Refused { seat, error }) => {
            panic!("the game refused the choice of seat {seat:?}: {error}")
        }
        Err(error @ (PlayError::Invariant(_) | PlayError::ChanceRanOut { .. })) => {
            panic!("{error}")
        }
    }
}

/// A seeded War game, played interactively with the fuzzer's bytes as the answers.
pub fn war_answers(data: &[u8]) {
    let (seed, answers) = seed_and_answers(data);
    let mut game = war::Game::new(war::Rules::default());
    let mut chance = ChanceSource::seeded(rng_from_seed(seed));
    let mut console = Console::new(answers, io::sink());
    let played = war::console::play(
        &mut game,
        &mut chance,
        &mut console,
        war::console::Mode::Interactive,
    );
    match played {
        Ok(_) | Err(war::console::ConsoleError::Io(_)) => {}
        Err(war::console::ConsoleError::Game(error)) => assert_stopped_for_the_input(Err(error)),
    }
}

/// A seeded Quattro game (Quattro or Uno rules, by the seed's parity), the fuzzer's
/// bytes as the person's answers: first the name, then each move.
pub fn quattro_answers(data: &[u8]) {
    use quattro::console::{self, Reply};

    let (seed, answers) = seed_and_answers(data);
    let rules = [quattro::Rules::Quattro, quattro::Rules::Uno][(seed % 2) as usize];
    let mut console = Console::new(answers, io::sink());
    let name = match console::ask_name(&mut console) {
        Ok(Some(Reply::Answer(name))) => name,
        Ok(Some(Reply::Quit) | None) => return,
        Err(error) => return assert_one_short_line(&error),
    };
    let mut players = quattro::simulate::bots();
    players[0] = quattro::Player::human(name);
    let mut game = quattro::Game::new(rules, players, quattro::DEFAULT_MAX_TURNS);
    let mut chance = ChanceSource::seeded(rng_from_seed(seed));
    let played = console::play_with_human(
        &mut game,
        &mut chance,
        &mut console,
        false,
        quattro::render::CardStyle::Plain,
    );
    assert_stopped_for_the_input(played.map(|_| ()));
}

/// A seeded Pig game against hold-at-20 (two-dice or classic rules, by the seed's
/// parity), the fuzzer's bytes as the Human's answers.
pub fn pig_answers(data: &[u8]) {
    let (seed, answers) = seed_and_answers(data);
    let rules = [pig::Rules::TwoDice, pig::Rules::Classic][(seed % 2) as usize];
    let chance = ChanceSource::seeded(rng_from_seed(seed));
    let mut game = pig::PigGame::new(rules, 100, chance, pig::HoldAt(20), answers, io::sink());
    assert_stopped_for_the_input(game.play().map(|_| ()));
}

/// A random Ochos Locos deal in the rule set the seed picks, a person at its first seat
/// answering with the fuzzer's bytes, the strategies at the others.
pub fn ochos_locos_answers(data: &[u8]) {
    use ochos_locos::human::{Human, Table};
    use ochos_locos::{Deal, Variant};

    let (seed, answers) = seed_and_answers(data);
    let variant = Variant::ALL[(seed % 7) as usize];
    // Every rule set takes three players; the others take two to six.
    let players = Some(2 + (seed / 7) as usize % 5)
        .filter(|&n| ochos_locos::deal::check_players(variant, n).is_ok())
        .unwrap_or(3);
    let mut rng = rng_from_seed(seed);
    let deal = Deal::random(variant, players, &mut rng)
        .unwrap_or_else(|error| panic!("no random deal for {variant}: {error}"));
    let (mut game, order) = deal
        .table(variant)
        .unwrap_or_else(|error| panic!("a random deal cannot be played: {error}"));
    let names = deal.seats.iter().map(|seat| seat.name.clone()).collect();
    let mut table = Table {
        strategies: deal.seats.iter().map(|seat| seat.strategy).collect(),
        seat: 0,
        person: Human::new(Console::new(answers, io::sink()), names),
    };
    let mut chance = ChanceSource::recorded(vec![order]);
    let played = Driver::new().play_quietly(&mut game, &mut chance, &mut table, |_| {});
    assert_stopped_for_the_input(played.map(|_| ()));
}
