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
//!   written raw. A file that is accepted writes back (`to_text`, `write_deck`,
//!   `write_deck`, `write_roll`) to a file that reads as the same deal, deck or dice,
//!   and writes back again to the same text; an accepted Ochos Locos deal is played to
//!   its end by its seats' strategies.
//! - **Pig transcripts** (`pig check`): checked or refused in one short line.
//! - **Card codes** (`cards_core`'s colour cards, War's and Quattro's cards):
//!   a code that is accepted is written back as a code that reads as the same card.
//! - **Answers at a prompt**, in all four interactive games: a seeded game is played
//!   with the fuzzer's bytes as the person's keyboard. Whatever they type, the game
//!   never refuses the person's choice (so every answer the console accepts is a legal
//!   action), never breaks an invariant, and ends: at its end, at `q`, at the end of
//!   the input, or refusing an input that is no person's answers.
//!
//! The functions take any bytes; the first byte picks the rule set (or the seed) where
//! there is a choice, so one target covers them all. Each game's checks are in a module
//! of their own (`ochos_locos`, `quattro`, `war`, `pig`); what they share is here.

use std::fmt::Display;

use cards_core::ColorCard;
use cards_core::input::read_text;
use cards_core::protocol::{PlayError, Stop};

/// The longest refusal a check accepts: a line, a column, a quoted token of at most 40
/// characters (each escaped character up to 10) and a sentence of explanation.
const MAX_ERROR_LINE: usize = 1000;

mod ochos_locos;
mod pig;
mod quattro;
mod war;

pub use ochos_locos::{ochos_locos_answers, ochos_locos_deal};
pub use pig::{pig_answers, pig_dice, pig_transcript};
pub use quattro::{quattro_answers, quattro_deck};
pub use war::{war_answers, war_deck};

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

/// One card code, read by every card parser: what each accepts it writes back as a code
/// it reads as the same card; what it refuses, it refuses in one short line.
pub fn card_codes(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    round_trip(text, |code| code.parse::<ColorCard>(), ColorCard::to_string);
    round_trip(text, ColorCard::parse_ignore_case, ColorCard::to_string);
    round_trip(
        text,
        |code| code.parse::<::war::Card>(),
        ::war::Card::to_string,
    );
    // A Quattro card is displayed for people (`red 5`); its code is what reads back.
    round_trip(text, ::quattro::Card::parse_code, |card| {
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
