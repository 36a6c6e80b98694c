//! The game's file: the deck file (`quattro --deck FILE`, written by `quattro deal`),
//! which records the order of a deal, a [`DeckOrder`].
//!
//! A deck file lists card codes as the game prints them (`R5`, `GS`, `B+2`, `W`,
//! `W+4`; case does not matter), top of the deck first, separated by any whitespace over
//! any number of lines; `#` starts a comment that runs to the end of its line. It holds
//! exactly the deck of the rule set, each card as many times as the deck has it (the Uno
//! deck has two `W` and two `W+4`).

use std::io::{self, Write};

use cards_core::names::RuleSet;
use cards_core::tokens::{ParseError, Tokens};

use crate::card::Card;
use crate::deck::{DeckOrder, MAX_CARDS};
use crate::rules::PLAYERS;
use crate::rules::{HAND_SIZE, Rules};

/// How many missing cards an error lists by name before it says "and N more".
const MISSING_LISTED: usize = 8;

/// Reads a deck file for `rules` (see the module docs): the order of the whole deck, top
/// first. The whole file is checked; an error names the line, the column and the token
/// (or, for cards missing, the line after the last).
pub fn parse_deck(rules: Rules, text: &str) -> Result<DeckOrder, ParseError> {
    // Cutting comments off at `#` keeps every line and column where it was.
    let without_comments: Vec<&str> = text
        .lines()
        .map(|line| line.split_once('#').map_or(line, |(before, _)| before))
        .collect();
    let without_comments = without_comments.join("\n");
    let tokens = Tokens::new(&without_comments).rest();
    let deck = rules.deck();
    let mut left = deck.clone();
    let mut order = Vec::with_capacity(deck.len());
    for token in tokens {
        let card = Card::parse_code(token.text).map_err(|_| {
            token.error(
                "not a card code: a number card is a colour R, Y, G or B and a number 0-9 \
                 (R5); with --rules uno also RS, RR, R+2, W and W+4",
            )
        })?;
        if !rules.has(card) {
            return Err(token.error(format!(
                "{card} is not a card of the {} deck (it is one of --rules uno)",
                rules.variant().name()
            )));
        }
        let Some(at) = left.iter().position(|&c| c == card) else {
            let times = deck.iter().filter(|&&c| c == card).count();
            let has = if times == 1 {
                "one".to_owned()
            } else {
                times.to_string()
            };
            return Err(token.error(format!(
                "one {card} too many: the {} deck has {has}",
                rules.variant().name()
            )));
        };
        left.swap_remove(at);
        order.push(card);
    }
    if !left.is_empty() {
        left.sort_unstable();
        let mut named: Vec<String> = left
            .iter()
            .take(MISSING_LISTED)
            .map(Card::to_string)
            .collect();
        if left.len() > MISSING_LISTED {
            named.push(format!("and {} more", left.len() - MISSING_LISTED));
        }
        return Err(ParseError {
            line: text.lines().count() + 1,
            column: None,
            token: None,
            message: format!(
                "the deck ends {} short of the {} cards of the {} deck: missing {}",
                cards_core::names::count_of(left.len() as u64, "card"),
                deck.len(),
                rules.variant().name(),
                named.join(" ")
            ),
        });
    }
    DeckOrder::from_cards(order).map_err(|_| ParseError {
        line: 1,
        column: None,
        token: None,
        message: format!("broken invariant: a deck of more than {MAX_CARDS} cards"),
    })
}

/// Writes `order` as a deck file for `rules`: a comment saying where it comes from, one
/// line per round of the deal (a card to each seat in turn), then the rest of the deck
/// ten cards a line.
pub fn write_deck(
    out: &mut impl Write,
    rules: Rules,
    order: &DeckOrder,
    seed: u64,
) -> io::Result<()> {
    writeln!(
        out,
        "# quattro deal --rules {} --seed {seed}: the deck, top first.",
        rules.variant().name()
    )?;
    writeln!(
        out,
        "# The first {HAND_SIZE} lines of cards are the rounds of the deal (a card to each of seats 1 \
         to {PLAYERS});\n# the next card starts the discard pile (a wild card goes under the draw pile)."
    )?;
    let (dealt, rest) = order
        .cards()
        .split_at((HAND_SIZE * PLAYERS).min(order.cards().len()));
    for line in dealt.chunks(PLAYERS).chain(rest.chunks(10)) {
        let codes: Vec<String> = line.iter().map(Card::to_string).collect();
        writeln!(out, "{}", codes.join(" "))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use pretty_assertions::assert_eq;

    fn codes(order: &DeckOrder) -> String {
        order.to_string()
    }

    #[test]
    fn a_written_deck_reads_back() {
        for &variant in Variant::ALL {
            let rules = Rules::new(variant);
            let mut deck = rules.deck();
            deck.reverse();
            let order = DeckOrder::from_cards(deck).unwrap_or_else(|e| panic!("{variant}: {e}"));
            let mut file = Vec::new();
            write_deck(&mut file, rules, &order, 7).unwrap();
            let text = String::from_utf8(file).unwrap_or_default();
            assert_eq!(
                parse_deck(rules, &text).map(|o| codes(&o)),
                Ok(codes(&order))
            );
        }
    }

    /// A Quattro deck in order, with `edit` applied to its text.
    fn quattro_file(edit: impl FnOnce(String) -> String) -> String {
        let order =
            DeckOrder::from_cards(Variant::Quattro.deck()).unwrap_or_else(|e| panic!("{e}"));
        edit(format!("# a comment\n{order}  # another\n"))
    }

    #[test]
    fn errors_name_line_column_and_token() {
        let error = |text: String, variant| {
            parse_deck(Rules::new(variant), &text)
                .map(|o| codes(&o))
                .unwrap_or_else(|e| e.to_string())
        };
        let cases = [
            (
                quattro_file(|t| t.replacen("R0", "X0", 1)),
                Variant::Quattro,
                "line 2, column 1: `X0`: not a card code: a number card is a colour R, Y, G \
                 or B and a number 0-9 (R5); with --rules uno also RS, RR, R+2, W and W+4",
            ),
            (
                quattro_file(|t| t.replacen("R1", "R0", 1)),
                Variant::Quattro,
                "line 2, column 4: `R0`: one R0 too many: the quattro deck has one",
            ),
            (
                quattro_file(|t| t.replacen("B9", "", 1)),
                Variant::Quattro,
                "line 3: the deck ends 1 card short of the 40 cards of the quattro deck: \
                 missing B9",
            ),
            (
                quattro_file(|t| t.replacen("B9", "B9\nRS", 1)),
                Variant::Quattro,
                "line 3, column 1: `RS`: RS is not a card of the quattro deck (it is one of \
                 --rules uno)",
            ),
            (
                quattro_file(|t| t),
                Variant::Uno,
                "line 3: the deck ends 16 cards short of the 56 cards of the uno deck: \
                 missing RS RR R+2 YS YR Y+2 GS GR and 8 more",
            ),
        ];
        for (text, variant, want) in cases {
            assert_eq!(error(text.clone(), variant), want, "{text}");
        }
        let uno = DeckOrder::from_cards(Variant::Uno.deck()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            error(format!("{uno} w"), Variant::Uno),
            "line 1, column 173: `w`: one W too many: the uno deck has 2"
        );
    }
}
