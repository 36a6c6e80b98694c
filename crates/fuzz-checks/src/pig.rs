//! The fuzz checks of Pig.

use std::io;

use cards_core::protocol::ChanceSource;
use cards_core::rng::rng_from_seed;

use crate::{
    assert_one_short_line, assert_stopped_for_the_input, file_text, seed_and_answers, split_choice,
};

/// A Pig dice file under the rules the first byte picks (two dice or classic): refused
/// in one short line, or written back to the same rolls.
pub fn pig_dice(data: &[u8]) {
    use pig::Variant;

    let (choice, bytes) = split_choice(data);
    let rules = [Variant::TwoDice, Variant::Classic][choice % 2];
    let Some(text) = file_text(bytes) else { return };
    let throws = match pig::files::parse_dice(rules, &text) {
        Ok(throws) => throws,
        Err(error) => return assert_one_short_line(&error),
    };
    let mut written = Vec::new();
    for &throw in &throws {
        pig::files::write_roll(&mut written, rules, throw)
            .unwrap_or_else(|error| panic!("writing to memory fails: {error}"));
    }
    let written = String::from_utf8(written)
        .unwrap_or_else(|error| panic!("a dice file is not text: {error}"));
    let again = pig::files::parse_dice(rules, &written)
        .unwrap_or_else(|error| panic!("written rolls are refused: {error}\n{written}"));
    assert_eq!(throws, again, "writing back changes the rolls");
}

/// A Pig transcript, as `pig check` reads a saved one: accepted, or refused naming a
/// line with a message of one short line, whatever the transcript holds.
pub fn pig_transcript(data: &[u8]) {
    let Some(text) = file_text(data) else { return };
    if let Err(violation) = pig::check::check(&text, None) {
        assert_one_short_line(&violation);
    }
}

/// A seeded Pig game against hold-at-20 (two-dice or classic rules, by the seed's
/// parity), the fuzzer's bytes as the Human's answers.
pub fn pig_answers(data: &[u8]) {
    let (seed, answers) = seed_and_answers(data);
    let variant = [pig::Variant::TwoDice, pig::Variant::Classic][(seed % 2) as usize];
    let chance = ChanceSource::seeded(rng_from_seed(seed));
    let rules = pig::Rules::new(variant);
    let mut game = pig::PigGame::new(rules, chance, pig::HoldAt(20), answers, io::sink());
    assert_stopped_for_the_input(game.play().map(|_| ()));
}
