//! [`DeckOrder`], the outcome of a card game's chance node in every game: an order of up
//! to `N` cards, first card first (the deal's shuffle of the whole deck, the discards
//! shuffled into a new draw pile, the order in which won cards go under a pile); and
//! [`shuffle`], the seeded shuffle every game draws those orders with.
//!
//! Each game names it for its cards and its deck's size
//! (`pub type DeckOrder = cards_core::deck::DeckOrder<Card, DECK_SIZE>`). The cards are
//! held inline, so that sampling one (once a battle in a War simulation) allocates
//! nothing.

use std::borrow::Borrow;
use std::fmt;

use rand::Rng;

use crate::color::{Color, ColorCard};
use crate::rng::below;

/// Shuffles `items` with the Fisher–Yates algorithm, drawing from `rng` through
/// [`below`]. Owning the algorithm keeps every seeded game identical across versions of
/// `rand` (a golden test pins it).
pub fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// A card type a [`DeckOrder`] holds.
pub trait DeckCard: Copy {
    /// Any card of the game: it fills the unused slots of an order, which are never
    /// read (only the first `len` cards are).
    const FILLER: Self;
}

impl DeckCard for ColorCard {
    const FILLER: ColorCard = ColorCard::new(Color::Red, 1);
}

/// More cards than an order holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("an order holds at most {max} cards, not {given}")]
pub struct TooManyCards {
    /// The most an order holds (the deck's size).
    pub max: usize,
    /// How many were given.
    pub given: usize,
}

/// An order of up to `N` cards (`N` at most 255), first card first.
#[derive(Clone, Copy)]
pub struct DeckOrder<C, const N: usize> {
    cards: [C; N],
    len: u8,
}

impl<C: DeckCard, const N: usize> DeckOrder<C, N> {
    /// No cards.
    pub const fn empty() -> DeckOrder<C, N> {
        const { assert!(N <= u8::MAX as usize, "an order holds at most 255 cards") };
        DeckOrder {
            cards: [C::FILLER; N],
            len: 0,
        }
    }

    /// A whole deck of `N` cards, in this order.
    pub const fn full(cards: [C; N]) -> DeckOrder<C, N> {
        const { assert!(N <= u8::MAX as usize, "an order holds at most 255 cards") };
        DeckOrder {
            cards,
            len: N as u8,
        }
    }

    /// `cards`, in order; refused if there are more than `N`.
    pub fn from_cards<I>(cards: I) -> Result<DeckOrder<C, N>, TooManyCards>
    where
        I: IntoIterator,
        I::Item: Borrow<C>,
    {
        let mut order = DeckOrder::empty();
        let mut given = 0;
        for card in cards {
            if let Some(slot) = order.cards.get_mut(given) {
                *slot = *card.borrow();
            }
            given += 1;
        }
        if given > N {
            return Err(TooManyCards { max: N, given });
        }
        // N is at most 255 (checked when the type is used).
        order.len = given as u8;
        Ok(order)
    }

    /// Adds `card` after the others; refused (and nothing added) when the order is full.
    pub fn push(&mut self, card: C) -> Result<(), TooManyCards> {
        let at = usize::from(self.len);
        match self.cards.get_mut(at) {
            Some(slot) => {
                *slot = card;
                self.len += 1;
                Ok(())
            }
            _ => Err(TooManyCards {
                max: N,
                given: at + 1,
            }),
        }
    }
}

impl<C, const N: usize> DeckOrder<C, N> {
    /// The cards, in order.
    pub fn cards(&self) -> &[C] {
        &self.cards[..usize::from(self.len)]
    }

    /// The cards, in order, to shuffle or sort in place.
    pub fn cards_mut(&mut self) -> &mut [C] {
        &mut self.cards[..usize::from(self.len)]
    }

    /// How many cards the order holds.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the order holds no card.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The same cards in card order: two orders of the same cards sort alike.
    #[must_use]
    pub fn sorted(mut self) -> DeckOrder<C, N>
    where
        C: Ord,
    {
        self.cards_mut().sort_unstable();
        self
    }
}

impl<C: PartialEq, const N: usize> PartialEq for DeckOrder<C, N> {
    /// The same cards in the same order; the unused slots hold anything.
    fn eq(&self, other: &DeckOrder<C, N>) -> bool {
        self.cards() == other.cards()
    }
}

impl<C: Eq, const N: usize> Eq for DeckOrder<C, N> {}

impl<C: fmt::Display, const N: usize> fmt::Debug for DeckOrder<C, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DeckOrder[{self}]")
    }
}

impl<C: fmt::Display, const N: usize> fmt::Display for DeckOrder<C, N> {
    /// The cards as the game prints them, first first, separated by spaces: `R5 G8 B1`.
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
    use crate::rng::rng_from_seed;
    use proptest::prelude::*;

    /// Pins the shuffle: if this changes, every seeded game and snapshot changes with it.
    /// The expected order was computed apart from this code (Python: xoshiro256++ seeded
    /// by SplitMix64, Lemire's `below`, Fisher–Yates from the last item down).
    #[test]
    fn shuffle_is_stable_golden() {
        let mut items: Vec<u32> = (0..10).collect();
        shuffle(&mut items, &mut rng_from_seed(42));
        assert_eq!(items, GOLDEN);
    }
    const GOLDEN: [u32; 10] = [5, 3, 1, 0, 9, 6, 4, 7, 2, 8];

    proptest! {
        #[test]
        fn shuffle_is_a_permutation(seed: u64, len in 0usize..60) {
            let mut items: Vec<usize> = (0..len).collect();
            shuffle(&mut items, &mut rng_from_seed(seed));
            items.sort_unstable();
            prop_assert_eq!(items, (0..len).collect::<Vec<_>>());
        }
    }

    type Order = DeckOrder<ColorCard, 3>;

    fn card(number: u8) -> ColorCard {
        ColorCard::new(Color::Green, number)
    }

    #[test]
    fn holds_up_to_its_size_and_compares_the_cards_only() {
        let order = Order::from_cards([card(3), card(1)]).unwrap();
        assert_eq!(order.cards(), &[card(3), card(1)]);
        assert_eq!(order.to_string(), "G3 G1");
        assert_eq!(format!("{order:?}"), "DeckOrder[G3 G1]");
        assert_eq!(order.sorted().cards(), &[card(1), card(3)]);
        // By reference too, and the unused slots do not count.
        let slice: &[ColorCard] = &[card(3), card(1)];
        assert_eq!(Order::from_cards(slice), Ok(order));
        assert_ne!(Order::from_cards([card(3)]), Ok(order));
        assert_eq!(
            Order::from_cards([card(1); 4]),
            Err(TooManyCards { max: 3, given: 4 })
        );
        let full = Order::full([card(1), card(2), card(3)]);
        assert_eq!(full.cards(), &[card(1), card(2), card(3)]);
        let mut grown = Order::empty();
        assert!(grown.is_empty());
        for n in 1..=3 {
            assert_eq!(grown.push(card(n)), Ok(()));
        }
        assert_eq!(grown.push(card(4)), Err(TooManyCards { max: 3, given: 4 }));
        assert_eq!(grown.len(), 3);
    }
}
