//! [`RingPile`]: a face-down pile of at most `N` cards held inline, in a ring of `N`
//! slots: the small list of a pile (take from the top, slip under the bottom, count,
//! go through top first) with nothing allocated, ever.
//!
//! A game whose piles can never hold more than its deck (War's 52 cards, Ochos Locos'
//! 32) keeps each in a fixed ring: taking a card is a comparison, a load and an
//! addition, slipping one under a store and an addition, where a growable double-ended
//! queue works out its wrap-around and its capacity at every step.

use std::fmt;

use rand::Rng;

use crate::deck::DeckCard;

/// A card put on a pile that already holds as many as it can.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a pile holds at most {max} cards")]
pub struct PileFull {
    /// The most the pile holds.
    pub max: usize,
}

/// A face-down pile of at most `N` cards (`N` a power of two), top first, held inline.
///
/// The slots beyond the cards hold anything and are never read: equality and the
/// `Debug` form look at the cards only, top first.
#[derive(Clone, Copy)]
pub struct RingPile<C, const N: usize> {
    cards: [C; N],
    /// Where the top card lies, counted round and round the ring: its slot is `top`
    /// modulo `N`.
    top: usize,
    /// Where the next card slipped under goes, counted the same way: the cards are the
    /// `end - top` (at most `N`) from `top` on. Two counters rather than a slot and a
    /// length, so that taking a card moves one of them and slipping cards under the
    /// other, and the count is worked out only when asked for. Both wrap round together
    /// (`N` divides `usize::MAX + 1`), so their difference stays the count.
    end: usize,
}

impl<C: DeckCard, const N: usize> RingPile<C, N> {
    /// An empty pile.
    pub const fn new() -> RingPile<C, N> {
        // A power of two turns the wrap-around into a mask.
        const {
            assert!(
                N.is_power_of_two(),
                "a ring pile has a power of two of slots"
            )
        };
        RingPile {
            cards: [C::FILLER; N],
            top: 0,
            end: 0,
        }
    }

    /// A pile holding `cards`, the first on top; refused if there are more than `N`.
    pub fn from_top_first(cards: &[C]) -> Result<RingPile<C, N>, PileFull> {
        let mut pile = RingPile::new();
        pile.put_all_at_bottom(cards)?;
        Ok(pile)
    }
}

impl<C: DeckCard, const N: usize> Default for RingPile<C, N> {
    fn default() -> RingPile<C, N> {
        RingPile::new()
    }
}

impl<C: Copy, const N: usize> RingPile<C, N> {
    /// The slot `offset` places below the top card.
    fn slot(&self, offset: usize) -> usize {
        self.top.wrapping_add(offset) & (N - 1)
    }

    /// Takes the top card, if any.
    pub fn draw(&mut self) -> Option<C> {
        if self.top == self.end {
            return None;
        }
        let card = self.cards[self.top & (N - 1)];
        self.top = self.top.wrapping_add(1);
        Some(card)
    }

    /// The top card, if any.
    pub fn top(&self) -> Option<&C> {
        (!self.is_empty()).then(|| &self.cards[self.top & (N - 1)])
    }

    /// Puts a card on the top; refused, the pile unchanged, when it is full.
    pub fn put_on_top(&mut self, card: C) -> Result<(), PileFull> {
        if self.len() == N {
            return Err(PileFull { max: N });
        }
        self.top = self.top.wrapping_sub(1);
        self.cards[self.top & (N - 1)] = card;
        Ok(())
    }

    /// Slips a card under the bottom; refused, the pile unchanged, when it is full.
    pub fn put_at_bottom(&mut self, card: C) -> Result<(), PileFull> {
        if self.len() == N {
            return Err(PileFull { max: N });
        }
        self.cards[self.end & (N - 1)] = card;
        self.end = self.end.wrapping_add(1);
        Ok(())
    }

    /// Slips `cards` under the bottom, the first one first (so the last ends at the
    /// bottom); refused, the pile unchanged, unless there is room for all of them.
    pub fn put_all_at_bottom(&mut self, cards: &[C]) -> Result<(), PileFull> {
        // One check for all: the loop below cannot overfill the ring.
        if cards.len() > N - self.len() {
            return Err(PileFull { max: N });
        }
        let mut at = self.end;
        // Two cards a step, and one left over: War's take is most often two cards, which
        // this copies with no loop set-up, where the compiler unrolls a card-a-step loop
        // with a longer one (measured: 1,240 instructions a game fewer with two players,
        // 1,055 with four, the same cards in the same slots).
        let (pairs, rest) = cards.as_chunks::<2>();
        for &[first, second] in pairs {
            self.cards[at & (N - 1)] = first;
            self.cards[at.wrapping_add(1) & (N - 1)] = second;
            at = at.wrapping_add(2);
        }
        if let [last] = rest {
            self.cards[at & (N - 1)] = *last;
            at = at.wrapping_add(1);
        }
        self.end = at;
        Ok(())
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.end.wrapping_sub(self.top)
    }

    /// Whether the pile has no cards.
    pub fn is_empty(&self) -> bool {
        self.top == self.end
    }

    /// The most cards the pile holds, `N`.
    pub const fn capacity(&self) -> usize {
        N
    }

    /// The cards from top to bottom.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &C> + ExactSizeIterator {
        (0..self.len()).map(move |offset| &self.cards[self.slot(offset)])
    }

    /// Removes every card.
    pub fn clear(&mut self) {
        self.top = 0;
        self.end = 0;
    }

    /// Shuffles the pile in place, top first, as [`shuffle`](crate::deck::shuffle)
    /// shuffles a list of the cards top first: the same generator leaves the same
    /// order.
    pub fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        // The cards from slot 0, so that they lie in one piece.
        let len = self.len();
        self.cards.rotate_left(self.top & (N - 1));
        self.top = 0;
        self.end = len;
        crate::deck::shuffle(&mut self.cards[..len], rng);
    }
}

impl<C: PartialEq + Copy, const N: usize> PartialEq for RingPile<C, N> {
    /// The same cards in the same order, whatever slots they lie in.
    fn eq(&self, other: &RingPile<C, N>) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<C: Eq + Copy, const N: usize> Eq for RingPile<C, N> {}

impl<C: fmt::Debug + Copy, const N: usize> fmt::Debug for RingPile<C, N> {
    /// The cards, top first, as a list.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;
    use crate::color::{Color, ColorCard};
    use pretty_assertions::assert_eq;
    use proptest::prelude::*;

    type Ring = RingPile<ColorCard, 8>;

    fn card(number: u8) -> ColorCard {
        ColorCard::new(Color::Blue, number)
    }

    fn numbers(pile: &Ring) -> Vec<u8> {
        pile.iter().map(|card| card.number()).collect()
    }

    /// Worked by hand on a ring of 8: cards go round the ring's end and come back in the
    /// order they went in; a full pile refuses a card and stays as it was.
    #[test]
    fn a_pile_wraps_round_its_ring_and_refuses_a_ninth_card() {
        let mut pile = Ring::from_top_first(&[card(1), card(2), card(3)]).unwrap();
        assert_eq!(pile.draw(), Some(card(1)));
        assert_eq!(pile.draw(), Some(card(2)));
        // Slots 3 to 7, then round to slots 0 and 1.
        pile.put_all_at_bottom(&[card(4), card(5), card(6), card(7), card(8)])
            .unwrap();
        pile.put_at_bottom(card(9)).unwrap();
        pile.put_on_top(card(2)).unwrap();
        assert_eq!(numbers(&pile), [2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!((pile.len(), pile.capacity()), (8, 8));
        let full = pile;
        assert_eq!(pile.put_at_bottom(card(1)), Err(PileFull { max: 8 }));
        assert_eq!(pile.put_on_top(card(1)), Err(PileFull { max: 8 }));
        assert_eq!(pile, full);
        pile.draw();
        assert_eq!(
            pile.put_all_at_bottom(&[card(1), card(1)]),
            Err(PileFull { max: 8 })
        );
        assert_eq!(numbers(&pile), [3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(pile.top(), Some(&card(3)));
        let shown = format!("{:?}", Ring::from_top_first(&[card(2), card(5)]).unwrap());
        assert_eq!(shown, format!("{:?}", [card(2), card(5)]));
        pile.clear();
        assert!(pile.is_empty());
        assert_eq!((pile.draw(), pile.top()), (None, None));
        assert_eq!(
            Ring::from_top_first(&[card(1); 9]),
            Err(PileFull { max: 8 })
        );
    }

    /// The two counters that say where the cards lie run round past `usize::MAX` and on
    /// from 0 (a pile that lives long enough): the cards still come back in the order
    /// they went in, and the count is still right.
    #[test]
    fn a_pile_counts_on_past_the_counters_end() {
        let mut pile = Ring::new();
        (pile.top, pile.end) = (usize::MAX - 2, usize::MAX - 2);
        pile.put_all_at_bottom(&[card(1), card(2), card(3), card(4)])
            .unwrap();
        pile.put_at_bottom(card(5)).unwrap();
        pile.put_on_top(card(9)).unwrap();
        assert_eq!(numbers(&pile), [9, 1, 2, 3, 4, 5]);
        assert_eq!(pile.len(), 6);
        assert_eq!(pile.draw(), Some(card(9)));
        assert_eq!(pile.draw(), Some(card(1)));
        assert_eq!(
            pile.put_all_at_bottom(&[card(6); 5]),
            Err(PileFull { max: 8 })
        );
        assert_eq!(numbers(&pile), [2, 3, 4, 5]);
        let mut shuffled = pile;
        shuffled.shuffle(&mut crate::rng::rng_from_seed(3));
        let mut cards = vec![card(2), card(3), card(4), card(5)];
        crate::deck::shuffle(&mut cards, &mut crate::rng::rng_from_seed(3));
        assert!(shuffled.iter().eq(cards.iter()));
        while pile.draw().is_some() {}
        assert!(pile.is_empty() && pile.top().is_none());
    }

    /// Equal piles hold the same cards in the same order, wherever in the ring they lie.
    #[test]
    fn piles_compare_their_cards_not_their_slots() {
        let mut turned = Ring::from_top_first(&[card(9), card(1), card(2)]).unwrap();
        turned.draw();
        let plain = Ring::from_top_first(&[card(1), card(2)]).unwrap();
        assert_eq!(turned, plain);
        assert_ne!(plain, Ring::from_top_first(&[card(2), card(1)]).unwrap());
        assert_ne!(plain, Ring::from_top_first(&[card(1)]).unwrap());
    }

    #[derive(Clone, Debug)]
    enum Step {
        Draw,
        Top(u8),
        Bottom(u8),
        AllAtBottom(Vec<u8>),
        Clear,
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            3 => Just(Step::Draw),
            1 => (1u8..=9).prop_map(Step::Top),
            3 => (1u8..=9).prop_map(Step::Bottom),
            2 => proptest::collection::vec(1u8..=9, 0..5).prop_map(Step::AllAtBottom),
            1 => Just(Step::Clear),
        ]
    }

    proptest! {
        /// Any sequence of steps leaves the ring as a `VecDeque` (the standard library's
        /// growable queue) capped at 8 cards leaves it, a refused step changing neither.
        #[test]
        fn a_ring_pile_is_a_capped_queue(steps in proptest::collection::vec(step(), 0..60)) {
            let mut ring = Ring::new();
            let mut queue: VecDeque<ColorCard> = VecDeque::new();
            for step in steps {
                match step {
                    Step::Draw => prop_assert_eq!(ring.draw(), queue.pop_front()),
                    Step::Top(n) => {
                        let fits = queue.len() < 8;
                        prop_assert_eq!(ring.put_on_top(card(n)).is_ok(), fits);
                        if fits {
                            queue.push_front(card(n));
                        }
                    }
                    Step::Bottom(n) => {
                        let fits = queue.len() < 8;
                        prop_assert_eq!(ring.put_at_bottom(card(n)).is_ok(), fits);
                        if fits {
                            queue.push_back(card(n));
                        }
                    }
                    Step::AllAtBottom(ns) => {
                        let cards: Vec<ColorCard> = ns.iter().map(|&n| card(n)).collect();
                        let fits = queue.len() + cards.len() <= 8;
                        prop_assert_eq!(ring.put_all_at_bottom(&cards).is_ok(), fits);
                        if fits {
                            queue.extend(cards);
                        }
                    }
                    Step::Clear => {
                        ring.clear();
                        queue.clear();
                    }
                }
                prop_assert_eq!(ring.len(), queue.len());
                prop_assert_eq!(ring.top(), queue.front());
                prop_assert!(ring.iter().eq(queue.iter()));
                prop_assert!(ring.iter().rev().eq(queue.iter().rev()));
            }
            // Shuffled, it is the shuffle of its cards top first, wherever they lay.
            let mut shuffled = ring;
            shuffled.shuffle(&mut crate::rng::rng_from_seed(9));
            let mut cards: Vec<ColorCard> = queue.into_iter().collect();
            crate::deck::shuffle(&mut cards, &mut crate::rng::rng_from_seed(9));
            prop_assert!(shuffled.iter().eq(cards.iter()));
        }
    }
}
