//! Piles of cards and the seeded shuffle.

use std::collections::VecDeque;

use rand::Rng;

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

/// A face-down pile: cards are taken from the top and can be put back on the top or
/// slipped under the bottom. Draw piles, War's piles and discard piles are all `Pile`s.
///
/// Taking, adding and shuffling never allocate once the pile has grown to its largest
/// size, so simulations can reuse one pile per game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pile<T> {
    // Front is the top.
    cards: VecDeque<T>,
}

impl<T> Pile<T> {
    /// An empty pile.
    pub fn new() -> Pile<T> {
        Pile {
            cards: VecDeque::new(),
        }
    }

    /// An empty pile with room for `capacity` cards.
    pub fn with_capacity(capacity: usize) -> Pile<T> {
        Pile {
            cards: VecDeque::with_capacity(capacity),
        }
    }

    /// A pile holding `cards`, the first one on top.
    pub fn from_top_first(cards: impl IntoIterator<Item = T>) -> Pile<T> {
        Pile {
            cards: cards.into_iter().collect(),
        }
    }

    /// Takes the top card, if any.
    pub fn draw(&mut self) -> Option<T> {
        self.cards.pop_front()
    }

    /// The top card, if any.
    pub fn top(&self) -> Option<&T> {
        self.cards.front()
    }

    /// Puts a card on the top.
    pub fn put_on_top(&mut self, card: T) {
        self.cards.push_front(card);
    }

    /// Slips a card under the bottom.
    pub fn put_at_bottom(&mut self, card: T) {
        self.cards.push_back(card);
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the pile has no cards.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The cards from top to bottom.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + ExactSizeIterator {
        self.cards.iter()
    }

    /// Removes every card, top first, keeping the pile's room for reuse.
    pub fn drain(&mut self) -> impl DoubleEndedIterator<Item = T> + ExactSizeIterator + '_ {
        self.cards.drain(..)
    }

    /// Removes every card.
    pub fn clear(&mut self) {
        self.cards.clear();
    }

    /// Shuffles the pile in place.
    pub fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        shuffle(self.cards.make_contiguous(), rng);
    }
}

impl<T> Extend<T> for Pile<T> {
    /// Slips the cards under the bottom in order.
    fn extend<I: IntoIterator<Item = T>>(&mut self, cards: I) {
        self.cards.extend(cards);
    }
}

impl<T> FromIterator<T> for Pile<T> {
    /// The first card on top.
    fn from_iter<I: IntoIterator<Item = T>>(cards: I) -> Pile<T> {
        Pile::from_top_first(cards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_from_seed;
    use pretty_assertions::assert_eq;
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

    #[test]
    fn pile_top_and_bottom() {
        let mut pile = Pile::from_top_first([1, 2, 3]);
        pile.put_at_bottom(4);
        pile.put_on_top(0);
        assert_eq!(pile.draw(), Some(0));
        assert_eq!(pile.iter().copied().collect::<Vec<_>>(), [1, 2, 3, 4]);
        assert_eq!(pile.len(), 4);
    }

    proptest! {
        #[test]
        fn shuffle_is_a_permutation(seed: u64, len in 0usize..60) {
            let mut items: Vec<usize> = (0..len).collect();
            shuffle(&mut items, &mut rng_from_seed(seed));
            items.sort_unstable();
            prop_assert_eq!(items, (0..len).collect::<Vec<_>>());
        }
    }
}
