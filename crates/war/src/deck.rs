//! The deck's facts ([`DECK_SIZE`]) and [`DeckOrder`], the outcome of War's chance nodes
//! ([`ChanceNode`]): the order of the 52 cards before the deal, the order of won cards
//! going under a pile.

use std::fmt;

use cards_core::protocol::Seat;

use crate::card::{Card, Rank, Suit};

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
pub struct DeckOrder {
    cards: [Card; DECK_SIZE],
    len: u8,
}

impl DeckOrder {
    /// The 52 cards in their fixed order ([`Card::deck`]), before any shuffle.
    pub fn deck() -> DeckOrder {
        DeckOrder {
            cards: Card::deck(),
            len: DECK_SIZE as u8,
        }
    }

    /// `cards`, in order; refused if there are more than 52.
    pub fn from_cards(cards: &[Card]) -> Result<DeckOrder, TooManyCards> {
        if cards.len() > DECK_SIZE {
            return Err(TooManyCards(cards.len()));
        }
        // Any card fills the unused slots: only the first `len` are read. (Building the
        // whole deck here cost a quarter of a simulated game.)
        let mut order = DeckOrder {
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

impl PartialEq for DeckOrder {
    /// The same cards in the same order; the unused slots past `len` hold anything.
    fn eq(&self, other: &DeckOrder) -> bool {
        self.cards() == other.cards()
    }
}

impl Eq for DeckOrder {}

impl fmt::Debug for DeckOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DeckOrder[{self}]")
    }
}

impl fmt::Display for DeckOrder {
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

/// What a chance node decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChanceNode {
    /// The order of the 52 cards, top first, before they are dealt.
    Deal,
    /// The order in which the player in `seat` slips the table's cards under their pile.
    Take {
        /// The player taking the table.
        seat: Seat,
    },
}

impl fmt::Display for ChanceNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChanceNode::Deal => f.write_str("dealt"),
            ChanceNode::Take { seat } => write!(f, "shuffled under Player {}'s pile", seat + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn orders_compare_physical_cards() {
        let ten_hearts: Card = "10H".parse().unwrap();
        let ten_spades: Card = "10S".parse().unwrap();
        assert_ne!(
            DeckOrder::from_cards(&[ten_hearts]),
            DeckOrder::from_cards(&[ten_spades])
        );
        assert_eq!(DeckOrder::from_cards(&[]).map(|o| o.cards().len()), Ok(0));
        let too_many = [ten_hearts; 53];
        assert_eq!(DeckOrder::from_cards(&too_many), Err(TooManyCards(53)));
    }
}
