//! [`CardOrder`], the outcome of War's chance nodes (the order of the 52 cards before
//! the deal, the order of won cards going under a pile), and deck files: the deal's order
//! written out by `war deal` and read back by `war --deck FILE`.

use std::fmt;

use cards_core::{ParseError, Rank, Suit, Tokens};

use crate::card::Card;

/// The number of cards in the deck.
pub const DECK_SIZE: usize = 52;

/// More cards than a deck holds were given as an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("an order holds at most {DECK_SIZE} cards, not {0}")]
pub struct TooManyCards(pub usize);

/// An order of up to 52 cards, first card first: top first for the deal, and for won
/// cards the first to go under the pile. A fixed array, so that drawing one (once per
/// battle in a simulation) allocates nothing.
#[derive(Clone, Copy)]
pub struct CardOrder {
    cards: [Card; DECK_SIZE],
    len: u8,
}

impl CardOrder {
    /// The 52 cards in their fixed order ([`Card::deck`]), before any shuffle.
    pub fn deck() -> CardOrder {
        CardOrder {
            cards: Card::deck(),
            len: DECK_SIZE as u8,
        }
    }

    /// `cards`, in order; refused if there are more than 52.
    pub fn from_cards(cards: &[Card]) -> Result<CardOrder, TooManyCards> {
        if cards.len() > DECK_SIZE {
            return Err(TooManyCards(cards.len()));
        }
        // Any card fills the unused slots: only the first `len` are read. (Building the
        // whole deck here cost a quarter of a simulated game.)
        let mut order = CardOrder {
            cards: [Card::new(Rank::Two, Suit::Clubs); DECK_SIZE],
            len: 0,
        };
        order.cards[..cards.len()].copy_from_slice(cards);
        order.len = cards.len() as u8;
        Ok(order)
    }

    /// The cards, in order.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..usize::from(self.len)]
    }

    /// The cards, in order, to shuffle in place.
    pub(crate) fn cards_mut(&mut self) -> &mut [Card] {
        &mut self.cards[..usize::from(self.len)]
    }
}

impl PartialEq for CardOrder {
    /// The same cards in the same order; the unused slots past `len` hold anything.
    fn eq(&self, other: &CardOrder) -> bool {
        self.cards() == other.cards()
    }
}

impl Eq for CardOrder {}

impl fmt::Debug for CardOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardOrder[{self}]")
    }
}

impl fmt::Display for CardOrder {
    /// The cards as the game prints them, separated by spaces: `10H AS 2C`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.cards().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

/// How many cards a line of a deck file written by [`deck_file`] holds.
const CARDS_PER_LINE: usize = 13;

/// A deck file for `order`: its cards, 13 a line.
pub fn deck_file(order: &CardOrder) -> String {
    let mut text = String::new();
    for line in order.cards().chunks(CARDS_PER_LINE) {
        let codes: Vec<String> = line.iter().map(ToString::to_string).collect();
        text.push_str(&codes.join(" "));
        text.push('\n');
    }
    text
}

/// Reads a deck file: the 52 cards, top first, as the game prints them (`10H`, `AS`,
/// `2C`; either case), separated by any whitespace over any number of lines. Every card
/// must appear exactly once; an error names the line, the column and the token.
pub fn parse_deck(text: &str) -> Result<CardOrder, ParseError> {
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
    CardOrder::from_cards(&cards).map_err(|error| ParseError {
        line: 1,
        column: None,
        token: None,
        message: error.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn full_deck() -> String {
        deck_file(&CardOrder::deck())
    }

    #[test]
    fn a_written_deck_reads_back() {
        let text = full_deck();
        assert_eq!(text.lines().count(), 4);
        assert!(text.starts_with("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC\n2D "));
        let order = parse_deck(&text).unwrap();
        assert_eq!(order, CardOrder::deck());
    }

    #[test]
    fn any_whitespace_and_case() {
        let text = full_deck().replace('\n', "\n\n  \t").to_lowercase();
        assert_eq!(
            parse_deck(&text).map(|o| o.to_string()),
            Ok(CardOrder::deck().to_string())
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
                parse_deck(text).map(|_| ()).map_err(|e| e.to_string()),
                Err(want.to_owned()),
                "{text:?}"
            );
        }
    }

    #[test]
    fn orders_compare_physical_cards() {
        let ten_hearts: Card = "10H".parse().unwrap();
        let ten_spades: Card = "10S".parse().unwrap();
        assert_ne!(
            CardOrder::from_cards(&[ten_hearts]),
            CardOrder::from_cards(&[ten_spades])
        );
        assert_eq!(CardOrder::from_cards(&[]).map(|o| o.cards().len()), Ok(0));
        let too_many = [ten_hearts; 53];
        assert_eq!(CardOrder::from_cards(&too_many), Err(TooManyCards(53)));
    }
}
