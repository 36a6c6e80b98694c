//! [`Pile`]: Quattro's draw and discard piles, cards taken from the top and slipped under
//! the bottom, with the workspace's seeded shuffle.

use std::fmt;

use cards_core::shuffle;
use rand::Rng;

/// A face-down pile: cards are taken from the top and can be put back on the top or
/// slipped under the bottom: Quattro's draw and discard piles (the UML's `deck` and
/// `discard`).
///
/// Taking, adding and shuffling never allocate once the pile has grown to its largest
/// size, so simulations can reuse one pile per game.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Pile<T> {
    // Bottom first, the top last: a game takes from and puts on the top at every turn,
    // which as a list's end is a length check and a load or a store, where a
    // double-ended queue works out its wrap-around and its capacity at each step
    // (BENCHMARKS.md, issue 42's fourth pass). Slipping cards under the bottom, which
    // games do only at a deal or a reshuffle, moves the pile up instead.
    cards: Vec<T>,
}

impl<T> Pile<T> {
    /// An empty pile.
    pub fn new() -> Pile<T> {
        Pile { cards: Vec::new() }
    }

    /// An empty pile with room for `capacity` cards.
    pub fn with_capacity(capacity: usize) -> Pile<T> {
        Pile {
            cards: Vec::with_capacity(capacity),
        }
    }

    /// A pile holding `cards`, the first one on top.
    pub fn from_top_first(cards: impl IntoIterator<Item = T>) -> Pile<T> {
        let mut pile = Pile::new();
        pile.extend(cards);
        pile
    }

    /// Takes the top card, if any.
    #[inline]
    pub fn draw(&mut self) -> Option<T> {
        self.cards.pop()
    }

    /// The top card, if any.
    #[inline]
    pub fn top(&self) -> Option<&T> {
        self.cards.last()
    }

    /// Puts a card on the top.
    #[inline]
    pub fn put_on_top(&mut self, card: T) {
        self.cards.push(card);
    }

    /// Slips a card under the bottom.
    pub fn put_at_bottom(&mut self, card: T) {
        self.cards.insert(0, card);
    }

    /// The number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the pile has no cards.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The cards from top to bottom.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + ExactSizeIterator {
        self.cards.iter().rev()
    }

    /// Removes every card, top first, keeping the pile's room for reuse.
    pub fn drain(&mut self) -> impl DoubleEndedIterator<Item = T> + ExactSizeIterator + '_ {
        self.cards.drain(..).rev()
    }

    /// Removes every card.
    pub fn clear(&mut self) {
        self.cards.clear();
    }

    /// Shuffles the pile in place: the order [`shuffle`] leaves the cards in, listed top
    /// first, from the same draws.
    pub fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        // The list top first, shuffled, and back bottom first: two reversals of a deck
        // cost less than Fisher–Yates counting its places from the other end.
        self.cards.reverse();
        shuffle(&mut self.cards, rng);
        self.cards.reverse();
    }
}

impl<T: Copy> Pile<T> {
    /// Slips `cards` under the bottom, the first one first (so the last ends at the
    /// bottom): [`Extend::extend`] for a list, which an empty pile (a game's deck put
    /// back before its deal) takes in one pass.
    pub fn put_all_at_bottom(&mut self, cards: &[T]) {
        if self.cards.is_empty() {
            self.cards.extend(cards.iter().rev());
        } else {
            self.extend(cards.iter().copied());
        }
    }

    /// Replaces the cards with `cards`, listed top first, shuffled: the pile
    /// [`clear`](Pile::clear), [`extend`](Extend::extend) and [`shuffle`](Pile::shuffle)
    /// leave, from the same draws.
    pub fn shuffle_in<R: Rng + ?Sized>(&mut self, cards: &[T], rng: &mut R) {
        // The list is shuffled as it is given and turned round once into the pile's
        // order, bottom first, where the three steps turned it round three times (a
        // simulated game deals from the whole deck this way).
        self.cards.clear();
        self.cards.extend_from_slice(cards);
        shuffle(&mut self.cards, rng);
        self.cards.reverse();
    }
}

impl<T: fmt::Debug> fmt::Debug for Pile<T> {
    /// The cards, top first, as a list in a `Pile`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct TopFirst<'a, T>(&'a [T]);
        impl<T: fmt::Debug> fmt::Debug for TopFirst<'_, T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_list().entries(self.0.iter().rev()).finish()
            }
        }
        f.debug_struct("Pile")
            .field("cards", &TopFirst(&self.cards))
            .finish()
    }
}

impl<T> Extend<T> for Pile<T> {
    /// Slips the cards under the bottom in order.
    fn extend<I: IntoIterator<Item = T>>(&mut self, cards: I) {
        let above = self.cards.len();
        self.cards.extend(cards);
        // The new cards, pushed on top, go under the pile, the last one lowest.
        let added = &mut self.cards[above..];
        added.reverse();
        let added = added.len();
        if above > 0 {
            self.cards.rotate_right(added);
        }
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
    use std::collections::VecDeque;

    use super::*;
    use cards_core::rng::rng_from_seed;
    use pretty_assertions::assert_eq;
    use proptest::prelude::*;

    #[test]
    fn pile_top_and_bottom() {
        let mut pile = Pile::from_top_first([1, 2, 3]);
        pile.put_at_bottom(4);
        pile.put_on_top(0);
        assert_eq!(pile.draw(), Some(0));
        assert_eq!(pile.iter().copied().collect::<Vec<_>>(), [1, 2, 3, 4]);
        assert_eq!(pile.len(), 4);
    }

    /// Worked by hand: the Debug form lists the cards top first, as the pile's
    /// double-ended queue did (a game's `Debug` shows its piles).
    #[test]
    fn a_pile_shows_its_cards_top_first() {
        let mut pile = Pile::from_top_first([2, 3]);
        pile.put_on_top(1);
        pile.put_at_bottom(4);
        assert_eq!(format!("{pile:?}"), "Pile { cards: [1, 2, 3, 4] }");
    }

    #[derive(Clone, Debug)]
    enum Step {
        Draw,
        Top(u8),
        Bottom(u8),
        Extend(Vec<u8>),
        AllAtBottom(Vec<u8>),
        Drain,
        Clear,
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            3 => Just(Step::Draw),
            2 => any::<u8>().prop_map(Step::Top),
            2 => any::<u8>().prop_map(Step::Bottom),
            2 => proptest::collection::vec(any::<u8>(), 0..8).prop_map(Step::Extend),
            2 => proptest::collection::vec(any::<u8>(), 0..8).prop_map(Step::AllAtBottom),
            1 => Just(Step::Drain),
            1 => Just(Step::Clear),
        ]
    }

    proptest! {
        /// Any sequence of steps leaves the pile as the standard double-ended queue (the
        /// pile's old storage, top at the front) leaves it; shuffled, it is the
        /// shuffle of its cards listed top first, from the same seed, and so is any pile
        /// those cards are shuffled into from the list (`shuffle_in`).
        #[test]
        fn a_pile_is_a_queue_and_shuffles_as_its_list_does(
            steps in proptest::collection::vec(step(), 0..60),
            seed: u64,
        ) {
            let mut pile = Pile::new();
            let mut queue: VecDeque<u8> = VecDeque::new();
            for step in steps {
                match step {
                    Step::Draw => prop_assert_eq!(pile.draw(), queue.pop_front()),
                    Step::Top(n) => {
                        pile.put_on_top(n);
                        queue.push_front(n);
                    }
                    Step::Bottom(n) => {
                        pile.put_at_bottom(n);
                        queue.push_back(n);
                    }
                    Step::Extend(ns) => {
                        pile.extend(ns.iter().copied());
                        queue.extend(ns);
                    }
                    Step::AllAtBottom(ns) => {
                        pile.put_all_at_bottom(&ns);
                        queue.extend(ns);
                    }
                    Step::Drain => prop_assert!(pile.drain().eq(queue.drain(..))),
                    Step::Clear => {
                        pile.clear();
                        queue.clear();
                    }
                }
                prop_assert_eq!(pile.len(), queue.len());
                prop_assert_eq!(pile.is_empty(), queue.is_empty());
                prop_assert_eq!(pile.top(), queue.front());
                prop_assert!(pile.iter().eq(queue.iter()));
                prop_assert!(pile.iter().rev().eq(queue.iter().rev()));
            }
            prop_assert_eq!(&pile, &queue.iter().copied().collect::<Pile<u8>>());
            let mut list: Vec<u8> = queue.into_iter().collect();
            // Whatever the pile held before goes.
            let mut given = Pile::from_top_first([7, 8]);
            given.shuffle_in(&list, &mut rng_from_seed(seed));
            pile.shuffle(&mut rng_from_seed(seed));
            shuffle(&mut list, &mut rng_from_seed(seed));
            prop_assert!(pile.iter().eq(list.iter()));
            prop_assert_eq!(&given, &pile);
        }

    }
}
