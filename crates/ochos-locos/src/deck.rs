//! The deck: 32 cards, four colours of 1 to 8, and the order in which chance deals them
//! ([`DeckOrder`]): the game starts "with a shuffled deck of 32 cards".

use std::fmt;

use cards_core::{Color, ColorCard};

/// The lowest card number in Ochos Locos.
pub const MIN_NUMBER: u8 = 1;
/// The highest card number in Ochos Locos.
pub const MAX_NUMBER: u8 = 8;
/// The number of cards in the deck: four colours of 1 to 8.
pub const DECK_SIZE: usize = 32;

/// The 32 cards of the deck in card order (colour in rainbow order, then number).
pub fn full_deck() -> impl Iterator<Item = ColorCard> {
    ColorCard::all(MIN_NUMBER..=MAX_NUMBER)
}

/// A card's place in the 32-card deck (0–31).
pub fn card_slot(card: ColorCard) -> usize {
    card.color().index() * MAX_NUMBER as usize + (card.number() - MIN_NUMBER) as usize
}

/// The order in which chance deals a game's cards, in deal-file order: five to the first
/// seat, five to the next, …, then the discard card, then the deck top first. At most
/// the deck's 32 cards, kept without allocating.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DeckOrder {
    cards: [ColorCard; DECK_SIZE],
    len: u8,
}

impl DeckOrder {
    /// The order of `cards`; `None` if there are more than the deck's 32.
    pub fn new(cards: &[ColorCard]) -> Option<DeckOrder> {
        let mut order = DeckOrder::empty();
        order.cards.get_mut(..cards.len())?.copy_from_slice(cards);
        order.len = cards.len() as u8;
        Some(order)
    }

    /// No cards.
    pub(crate) const fn empty() -> DeckOrder {
        DeckOrder {
            cards: [ColorCard::new(Color::Red, MIN_NUMBER); DECK_SIZE],
            len: 0,
        }
    }

    /// Adds `card` after the others; `false` (and nothing added) when the order holds
    /// the deck's 32 cards already.
    pub(crate) fn push(&mut self, card: ColorCard) -> bool {
        let Some(slot) = self.cards.get_mut(usize::from(self.len)) else {
            return false;
        };
        *slot = card;
        self.len += 1;
        true
    }

    /// The cards, first dealt first.
    pub fn cards(&self) -> &[ColorCard] {
        &self.cards[..usize::from(self.len)]
    }

    /// The cards, to shuffle or sort in place.
    pub(crate) fn cards_mut(&mut self) -> &mut [ColorCard] {
        &mut self.cards[..usize::from(self.len)]
    }

    /// The same cards in card order (colour, then number).
    #[must_use]
    pub fn sorted(mut self) -> DeckOrder {
        self.cards_mut().sort_unstable();
        self
    }
}

impl fmt::Debug for DeckOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.cards()).finish()
    }
}
