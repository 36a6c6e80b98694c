//! The outcome of a shuffle, [`DeckOrder`]: the order of the whole deck at the deal, or
//! of the discards shuffled into a new draw pile. The deck itself is
//! [`Rules::deck`](crate::Rules::deck); the file that records an order is
//! [`files`](crate::files).

use crate::card::Card;

/// The most cards a shuffle orders: the whole Uno deck.
pub const MAX_CARDS: usize = 56;

/// An order of up to [`MAX_CARDS`] cards, top first: the outcome of a chance node (the
/// deal's shuffle of the whole deck, or the reshuffle of the discards into a new draw
/// pile); `cards_core`'s one order type, for Quattro's cards. Held inline, so that
/// sampling one allocates nothing.
pub type DeckOrder = cards_core::deck::DeckOrder<Card, MAX_CARDS>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use cards_core::names::RuleSet;
    use pretty_assertions::assert_eq;

    #[test]
    fn every_deck_fits() {
        for &rules in Variant::ALL {
            assert!(rules.deck().len() <= MAX_CARDS, "{rules}");
        }
        assert_eq!(
            DeckOrder::from_cards(Variant::Uno.deck()).map(|o| o.len()),
            Ok(56)
        );
        let too_many = Variant::Uno
            .deck()
            .into_iter()
            .chain(Variant::Quattro.deck());
        assert!(DeckOrder::from_cards(too_many).is_err());
    }
}
