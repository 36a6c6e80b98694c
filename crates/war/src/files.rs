//! Deck files: the deal's order written out by `war deal` ([`write_deck`]) and read back
//! by `war --deck FILE` ([`parse_deck`]).

use std::io::{self, Write};

use cards_core::{ParseError, Tokens};

use crate::card::Card;
use crate::deck::{DECK_SIZE, DeckOrder};
use crate::rules::Rules;

/// How many cards a line of a deck file written by [`write_deck`] holds.
const CARDS_PER_LINE: usize = 13;

/// Writes `order` as a deck file: its cards, 13 a line. Every table is dealt from the one
/// deck, so the file is the same under any `rules` (the argument keeps the workspace's
/// one shape of file functions, `write_X(out, rules, x)`).
pub fn write_deck(out: &mut impl Write, _rules: Rules, order: &DeckOrder) -> io::Result<()> {
    for line in order.cards().chunks(CARDS_PER_LINE) {
        let codes: Vec<String> = line.iter().map(ToString::to_string).collect();
        writeln!(out, "{}", codes.join(" "))?;
    }
    Ok(())
}

/// Reads a deck file: the 52 cards, top first, as the game prints them (`10H`, `AS`,
/// `2C`; either case), separated by any whitespace over any number of lines. Every card
/// must appear exactly once; an error names the line, the column and the token. The
/// same deck serves any `rules` (the argument keeps the workspace's one shape of file
/// functions, `parse_X(rules, text)`).
pub fn parse_deck(_rules: Rules, text: &str) -> Result<DeckOrder, ParseError> {
    let mut tokens = Tokens::new(text);
    tokens.refuse_blank(format_args!(
        "the deck is empty: it lists the {DECK_SIZE} cards, top first, like 10H AS 2C"
    ))?;
    let mut seen: [Option<(usize, usize)>; DECK_SIZE] = [None; DECK_SIZE];
    let mut cards = Vec::with_capacity(DECK_SIZE);
    for token in tokens.rest() {
        let card: Card = token.text.parse().map_err(|error| token.error(error))?;
        let slot = &mut seen[card.index()];
        if let Some((line, column)) = *slot {
            return Err(token.error(format!(
                "{card} is listed twice (first at line {line}, column {column})"
            )));
        }
        *slot = Some((token.line, token.column));
        cards.push(card);
    }
    if cards.len() < DECK_SIZE {
        let missing: Vec<String> = Card::deck()
            .iter()
            .filter(|card| seen[card.index()].is_none())
            .map(ToString::to_string)
            .collect();
        let mut error = tokens.end_error("cards");
        error.message = format!(
            "the deck ends after {} of the {DECK_SIZE} cards; missing: {}",
            cards.len(),
            missing.join(" ")
        );
        return Err(error);
    }
    // Each card is listed at most once, so there are never more than 52.
    DeckOrder::from_cards(&cards).map_err(|error| ParseError {
        line: 1,
        column: None,
        token: None,
        message: error.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::ordered_deck;
    use pretty_assertions::assert_eq;

    fn full_deck() -> String {
        let mut text = Vec::new();
        write_deck(&mut text, Rules::default(), &ordered_deck()).unwrap();
        String::from_utf8(text).unwrap()
    }

    #[test]
    fn a_written_deck_reads_back() {
        let text = full_deck();
        assert_eq!(text.lines().count(), 4);
        assert!(text.starts_with("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC\n2D "));
        let order = parse_deck(Rules::default(), &text).unwrap();
        assert_eq!(order, ordered_deck());
    }

    #[test]
    fn any_whitespace_and_case() {
        let text = full_deck().replace('\n', "\n\n  \t").to_lowercase();
        assert_eq!(
            parse_deck(Rules::default(), &text).map(|o| o.to_string()),
            Ok(ordered_deck().to_string())
        );
    }

    #[test]
    fn bad_decks_name_line_column_and_token() {
        let full = full_deck();
        let cases = [
            (
                "",
                "line 1: the deck is empty: it lists the 52 cards, top first, like 10H AS 2C",
            ),
            (
                " \n\n",
                "line 1: the deck is empty: it lists the 52 cards, top first, like 10H AS 2C",
            ),
            (
                &full.replacen("5D", "1D", 1),
                "line 2, column 10: `1D`: a card is a rank (2-10, J, Q, K, A) and a suit (C, D, H, S), like 10H",
            ),
            (
                &full.replacen("AS", "as 2c", 1),
                "line 4, column 41: `2c`: 2C is listed twice (first at line 1, column 1)",
            ),
            (
                &full.replacen(" 7H", "", 1),
                "line 5: the deck ends after 51 of the 52 cards; missing: 7H",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(
                parse_deck(Rules::default(), text)
                    .map(|_| ())
                    .map_err(|e| e.to_string()),
                Err(want.to_owned()),
                "{text:?}"
            );
        }
    }
}
