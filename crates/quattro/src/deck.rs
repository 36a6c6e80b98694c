//! The outcome of a shuffle, [`DeckOrder`]: the order of the whole deck at the deal, or
//! of the discards shuffled into a new draw pile. The deck itself is
//! [`Rules::deck`](crate::Rules::deck); the file that records an order is
//! [`files`](crate::files).

use std::fmt;

use crate::card::{Card, WildCard};

/// The most cards a shuffle orders: the whole Uno deck.
pub const MAX_CARDS: usize = 56;

/// An order of up to [`MAX_CARDS`] cards, top first: the outcome of a chance node (the
/// deal's shuffle of the whole deck, or the reshuffle of the discards into a new draw
/// pile). Held inline, so that sampling one allocates nothing.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DeckOrder {
    cards: [Card; MAX_CARDS],
    len: u8,
}

impl DeckOrder {
    /// The cards in this order, top first; `None` if there are more than [`MAX_CARDS`].
    pub fn from_cards(cards: impl IntoIterator<Item = Card>) -> Option<DeckOrder> {
        let mut order = DeckOrder {
            cards: [Card::Wild(WildCard::Wild); MAX_CARDS],
            len: 0,
        };
        for card in cards {
            *order.cards.get_mut(usize::from(order.len))? = card;
            order.len += 1;
        }
        Some(order)
    }

    /// The cards, top first.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..usize::from(self.len)]
    }

    pub(crate) fn cards_mut(&mut self) -> &mut [Card] {
        &mut self.cards[..usize::from(self.len)]
    }

    /// The same cards in card order: two orders of the same cards sort alike.
    pub(crate) fn sorted(mut self) -> DeckOrder {
        self.cards_mut().sort_unstable();
        self
    }
}

impl fmt::Debug for DeckOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DeckOrder[{self}]")
    }
}

impl fmt::Display for DeckOrder {
    /// The codes, top first, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (at, card) in self.cards().iter().enumerate() {
            if at > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use cards_core::names::RuleSet;
    use pretty_assertions::assert_eq;

    #[test]
    fn every_deck_fits() {
        for &rules in Rules::ALL {
            assert!(rules.deck().len() <= MAX_CARDS, "{rules}");
        }
        assert_eq!(
            DeckOrder::from_cards(Rules::Uno.deck()).map(|o| o.len),
            Some(56)
        );
        let too_many = Rules::Uno.deck().into_iter().chain(Rules::Quattro.deck());
        assert_eq!(DeckOrder::from_cards(too_many), None);
    }
}
