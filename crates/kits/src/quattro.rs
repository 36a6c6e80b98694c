//! Quattro's kit (`kits/quattro/`): the data its JUnit tests read, computed by the
//! `quattro` engine.
//!
//! - `tests/data/cards.txt`: the 40 cards of the assignment's deck (R, Y, G, B × 0–9),
//!   each with its code, colour and number ([`quattro::Card`]);
//! - `tests/data/matches.txt`: `matches` on all 40 × 40 pairs: whether a card may be
//!   played on a top card (same colour or same number; [`quattro::Card::matches`]).
//!
//! The tests play the student's whole program at its console; these files are the deck
//! and the matching rule they hold its output to.

use std::fmt::Write as _;

use cards_core::Color;
use quattro::Card;

use crate::{DataFile, KitError};

/// The kit's folder name under `kits/`.
pub const KIT: &str = "quattro";

fn deck() -> Vec<Card> {
    let mut cards = Vec::new();
    for color in Color::ALL {
        for number in 0..=9 {
            cards.push(Card::number(color, number));
        }
    }
    cards
}

/// Every data file of the Quattro kit, as the engine computes it today.
pub fn files() -> Result<Vec<DataFile>, KitError> {
    let cards = deck();
    let mut text = String::from(
        "# The 40 cards: CODE COLOUR NUMBER (colours R Y G B, numbers 0-9)\n\
         # (from the quattro engine: kits data quattro)\n",
    );
    for card in &cards {
        let color = card.color().ok_or_else(|| KitError::Engine {
            kit: KIT,
            message: format!("{card} has no colour"),
        })?;
        let code = card.to_string();
        let number = code.get(1..).unwrap_or_default().to_owned();
        let _ = writeln!(text, "{code} {} {number}", color.letter());
    }
    let mut matches = String::from(
        "# matches on every pair: CARD TOP MATCHES: whether CARD may be played on TOP\n\
         # (the same colour or the same number). (from the quattro engine: kits data quattro)\n",
    );
    for card in &cards {
        for top in &cards {
            let color = top.color().unwrap_or(Color::Red);
            let _ = writeln!(matches, "{card} {top} {}", card.matches(*top, color));
        }
    }
    Ok(vec![
        DataFile {
            path: "tests/data/cards.txt".into(),
            contents: text,
        },
        DataFile {
            path: "tests/data/matches.txt".into(),
            contents: matches,
        },
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matching_is_colour_or_number() -> Result<(), KitError> {
        let text = &files()?[1].contents;
        for line in ["R5 R9 true", "R5 G5 true", "R5 G7 false"] {
            assert!(text.contains(&format!("{line}\n")), "{line}");
        }
        Ok(())
    }
}
