//! The deck: 32 cards, four colours of 1 to 8, and the order in which chance deals them
//! ([`DeckOrder`]): the game starts "with a shuffled deck of 32 cards".

use cards_core::ColorCard;

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
/// the deck's 32 cards, kept without allocating (`cards_core`'s one order type, for
/// Ochos Locos' cards).
pub type DeckOrder = cards_core::deck::DeckOrder<ColorCard, DECK_SIZE>;

/// The deck (draw pile): at most its 32 cards, top first, in a fixed ring
/// ([`cards_core::ring::RingPile`]): drawing a card and slipping one under are a few
/// additions, with nothing allocated.
pub type Deck = cards_core::ring::RingPile<ColorCard, DECK_SIZE>;

/// A player's hand: at most the deck's 32 cards, oldest first, with where each colour
/// and number lies ([`crate::hand::Hand`]; [`crate::Player`] holds one).
pub type Hand = crate::hand::Hand<DECK_SIZE>;
