//! The deck's facts ([`DECK_SIZE`]) and [`DeckOrder`], the outcome of War's chance nodes
//! ([`ChanceNode`]): the order of the 52 cards before the deal, the order of won cards
//! going under a pile.

use std::fmt;

use cards_core::protocol::Seat;

use crate::card::Card;

/// The number of cards in the deck.
pub const DECK_SIZE: usize = 52;

/// An order of up to 52 cards, first card first: top first for the deal, and for won
/// cards the first to go under the pile (`cards_core`'s one order type, for War's
/// cards). Held inline, so that drawing one (once per battle in a simulation) allocates
/// nothing.
pub type DeckOrder = cards_core::deck::DeckOrder<Card, DECK_SIZE>;

/// The 52 cards in their fixed order ([`Card::deck`]), before any shuffle.
pub fn ordered_deck() -> DeckOrder {
    DeckOrder::full(Card::deck())
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
            DeckOrder::from_cards([ten_hearts]),
            DeckOrder::from_cards([ten_spades])
        );
        assert_eq!(
            DeckOrder::from_cards([] as [Card; 0]).map(|o| o.cards().len()),
            Ok(0)
        );
        assert_eq!(
            DeckOrder::from_cards([ten_hearts; 53]).map_err(|e| e.to_string()),
            Err("an order holds at most 52 cards, not 53".to_owned())
        );
        assert_eq!(ordered_deck().cards(), Card::deck());
    }
}
