//! [`Hand`]: the coloured cards a player holds, in the order received, held inline, with
//! where each colour and each number lies kept beside them, so that "the first card of
//! this colour", "the first that matches" and "how many of this number" are lookups.
//!
//! The assignments keep a hand as a growable list (Java's `ArrayList`), searched card by
//! card. A `Hand` has that list's small set of operations (add at the end, remove at a
//! position, go through in order, count, and the cards as a slice) over a fixed array of
//! `N` slots, which a game whose hands can never hold more than its deck never fills;
//! nothing is allocated, ever. Beside the cards it keeps one set of positions per
//! colour and per number, as the bits of a `u32`: the first card of a set is its lowest
//! bit, its size a population count. They are the cards' own bookkeeping, kept by the
//! same methods that change the cards (a card leaving moves the later positions down
//! one, as it moves the later cards), never a second record a caller must keep in step.

use std::fmt;
use std::ops::Deref;

use cards_core::color::{Color, ColorCard};
use cards_core::deck::DeckCard;

/// A card added to a hand that already holds as many as it can.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a hand holds at most {max} cards")]
pub struct HandFull {
    /// The most the hand holds.
    pub max: usize,
}

/// Colours, then the numbers 0 to 9: the position sets a hand keeps, and two never
/// used, so that moving every set down (a card leaving) is four whole 128-bit steps.
const SETS: usize = 16;

/// Up to `N` coloured cards (`N` at most 32), oldest first, held inline.
///
/// The slots beyond the cards hold anything and are never read: equality and the
/// `Debug` form look at the cards only, oldest first.
#[derive(Clone, Copy)]
pub struct Hand<const N: usize> {
    cards: [ColorCard; N],
    len: usize,
    /// Bit `i` of set `s` is on when the card at position `i` is of colour `s` (0 to 3,
    /// rainbow order) or of number `s - 4`; no bit at or past `len`.
    positions: [u32; SETS],
}

impl<const N: usize> Hand<N> {
    /// An empty hand.
    pub const fn new() -> Hand<N> {
        const { assert!(N <= 32, "a hand's positions are the bits of a u32") };
        Hand {
            cards: [ColorCard::FILLER; N],
            len: 0,
            positions: [0; SETS],
        }
    }

    /// A hand holding `cards`, the first oldest; refused if there are more than `N`.
    pub fn from_cards(cards: &[ColorCard]) -> Result<Hand<N>, HandFull> {
        let mut hand = Hand::new();
        hand.extend_from_slice(cards)?;
        Ok(hand)
    }

    /// The cards, oldest first.
    #[inline]
    pub fn as_slice(&self) -> &[ColorCard] {
        &self.cards[..self.len]
    }

    /// The number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the hand holds no card.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the hand holds `N` cards and takes no more.
    pub fn is_full(&self) -> bool {
        self.len == N
    }

    /// The most cards the hand holds, `N`.
    pub const fn capacity(&self) -> usize {
        N
    }

    /// Adds `card` after the others; refused, the hand unchanged, when it is full.
    #[inline]
    pub fn push(&mut self, card: ColorCard) -> Result<(), HandFull> {
        let Some(slot) = self.cards.get_mut(self.len) else {
            return Err(HandFull { max: N });
        };
        *slot = card;
        let bit = 1 << self.len;
        self.positions[color_set(card.color())] |= bit;
        self.positions[number_set(card.number())] |= bit;
        self.len += 1;
        Ok(())
    }

    /// Adds `cards` after the others, in order; refused, the hand unchanged, unless
    /// there is room for all of them.
    pub fn extend_from_slice(&mut self, cards: &[ColorCard]) -> Result<(), HandFull> {
        let start = self.len;
        let Some(slots) = self.cards.get_mut(start..start + cards.len()) else {
            return Err(HandFull { max: N });
        };
        slots.copy_from_slice(cards);
        for (at, card) in (start..).zip(cards) {
            let bit = 1 << at;
            self.positions[color_set(card.color())] |= bit;
            self.positions[number_set(card.number())] |= bit;
        }
        self.len = start + cards.len();
        Ok(())
    }

    /// Removes the card at `index` and returns it; the later cards move up one place.
    /// `None`, the hand unchanged, past the last card.
    #[inline]
    pub fn remove(&mut self, index: usize) -> Option<ColorCard> {
        let card = *self.get(index)?;
        self.cards.copy_within(index + 1..self.len, index);
        self.len -= 1;
        // Every set loses bit `index` and its bits above move down one, as the cards do.
        let below = (1u32 << index) - 1;
        for set in &mut self.positions {
            *set = (*set & below) | ((*set >> 1) & !below);
        }
        Some(card)
    }

    /// Removes the first `card` held; whether there was one.
    #[inline]
    pub fn remove_card(&mut self, card: ColorCard) -> bool {
        match self.position(card) {
            Some(index) => self.remove(index).is_some(),
            None => false,
        }
    }

    /// Keeps the first `len` cards (all of them if there are fewer).
    pub fn truncate(&mut self, len: usize) {
        if len >= self.len {
            return;
        }
        self.len = len;
        let kept = (1u32 << len) - 1;
        for set in &mut self.positions {
            *set &= kept;
        }
    }

    /// Removes every card.
    pub fn clear(&mut self) {
        self.len = 0;
        self.positions = [0; SETS];
    }

    /// The position of the first `card` held, if any.
    #[inline]
    pub fn position(&self, card: ColorCard) -> Option<usize> {
        first(self.positions[color_set(card.color())] & self.of_number(card.number()))
    }

    /// The position of the first card of `color`, if any.
    #[inline]
    pub fn first_of_color(&self, color: Color) -> Option<usize> {
        first(self.positions[color_set(color)])
    }

    /// The position of the first card numbered `number`, if any.
    #[inline]
    pub fn first_of_number(&self, number: u8) -> Option<usize> {
        first(self.of_number(number))
    }

    /// The position of the first card that [`matches`](ColorCard::matches) `target`
    /// (its colour or its number), if any.
    #[inline]
    pub fn first_match(&self, target: ColorCard) -> Option<usize> {
        first(self.positions[color_set(target.color())] | self.of_number(target.number()))
    }

    /// How many cards of `color` the hand holds.
    #[inline]
    pub fn count_color(&self, color: Color) -> usize {
        self.positions[color_set(color)].count_ones() as usize
    }

    /// How many cards numbered `number` the hand holds.
    #[inline]
    pub fn count_number(&self, number: u8) -> usize {
        self.of_number(number).count_ones() as usize
    }

    /// The positions of the cards numbered `number`: none for a number no card has.
    #[inline]
    fn of_number(&self, number: u8) -> u32 {
        self.positions.get(number_set(number)).copied().unwrap_or(0)
    }
}

/// The lowest position of a set, if it has one.
fn first(set: u32) -> Option<usize> {
    (set != 0).then(|| set.trailing_zeros() as usize)
}

fn color_set(color: Color) -> usize {
    color.index()
}

fn number_set(number: u8) -> usize {
    4 + usize::from(number)
}

impl<const N: usize> Default for Hand<N> {
    fn default() -> Hand<N> {
        Hand::new()
    }
}

impl<const N: usize> Deref for Hand<N> {
    type Target = [ColorCard];

    fn deref(&self) -> &[ColorCard] {
        self.as_slice()
    }
}

impl<'a, const N: usize> IntoIterator for &'a Hand<N> {
    type Item = &'a ColorCard;
    type IntoIter = std::slice::Iter<'a, ColorCard>;

    fn into_iter(self) -> std::slice::Iter<'a, ColorCard> {
        self.as_slice().iter()
    }
}

impl<const N: usize> PartialEq for Hand<N> {
    /// The same cards in the same order.
    fn eq(&self, other: &Hand<N>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<const N: usize> Eq for Hand<N> {}

impl<const N: usize> PartialEq<[ColorCard]> for Hand<N> {
    fn eq(&self, other: &[ColorCard]) -> bool {
        self.as_slice() == other
    }
}

impl<const N: usize> fmt::Debug for Hand<N> {
    /// The cards, oldest first, as a list.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use proptest::prelude::*;

    type Small = Hand<8>;

    fn cards(text: &str) -> Vec<ColorCard> {
        text.split_whitespace()
            .map(|t| t.parse().unwrap_or_else(|e| panic!("{t}: {e}")))
            .collect()
    }

    /// Worked by hand: Alice's hand of the Assignment 4 text, R8 G8 Y4 G2 B1.
    #[test]
    fn lookups_answer_as_a_scan_of_the_hand_would() {
        let mut hand = Small::from_cards(&cards("R8 G8 Y4 G2 B1")).unwrap();
        let g4 = cards("G4")[0];
        assert_eq!(hand.first_match(g4), Some(1));
        assert_eq!(hand.first_of_number(4), Some(2));
        assert_eq!(hand.first_of_color(Color::Blue), Some(4));
        assert_eq!(hand.first_of_number(7), None);
        assert_eq!(hand.first_of_number(200), None);
        assert_eq!(
            (hand.count_color(Color::Green), hand.count_number(8)),
            (2, 2)
        );
        assert_eq!(hand.position(cards("G2")[0]), Some(3));
        // G8 leaves: the later cards move up one place, and the lookups follow them.
        assert_eq!(hand.remove(1), Some(cards("G8")[0]));
        assert_eq!(hand, cards("R8 Y4 G2 B1")[..]);
        assert_eq!(hand.first_match(g4), Some(1));
        assert_eq!(hand.first_of_color(Color::Green), Some(2));
        assert_eq!(hand.position(cards("B1")[0]), Some(3));
        assert_eq!(hand.remove(4), None);
        assert!(hand.remove_card(cards("Y4")[0]));
        assert!(!hand.remove_card(cards("Y4")[0]));
        assert_eq!(hand, cards("R8 G2 B1")[..]);
        assert_eq!(hand.first_match(g4), Some(1));
        hand.truncate(1);
        assert_eq!(format!("{hand:?}"), format!("{:?}", cards("R8")));
        assert_eq!(hand.count_number(2), 0);
    }

    #[test]
    fn a_full_hand_refuses_a_card_and_stays_as_it_was() {
        let mut hand = Small::from_cards(&cards("R1 R2 R3 R4 R5 R6 R7")).unwrap();
        hand.push(cards("B1")[0]).unwrap();
        let full = hand;
        assert!(hand.is_full());
        assert_eq!(hand.push(cards("B2")[0]), Err(HandFull { max: 8 }));
        assert_eq!(hand, full);
        hand.remove(0);
        assert_eq!(
            hand.extend_from_slice(&cards("B2 B3")),
            Err(HandFull { max: 8 })
        );
        assert_eq!(hand.len(), 7);
        assert_eq!(
            Small::from_cards(&cards("R1 R1 R1 R1 R1 R1 R1 R1 R1")),
            Err(HandFull { max: 8 })
        );
    }

    #[derive(Clone, Debug)]
    enum Step {
        Push(ColorCard),
        Remove(usize),
        RemoveCard(ColorCard),
        Extend(Vec<ColorCard>),
        Truncate(usize),
    }

    fn card() -> impl Strategy<Value = ColorCard> {
        (0usize..4, 0u8..10).prop_map(|(c, n)| ColorCard::new(Color::ALL[c], n))
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            4 => card().prop_map(Step::Push),
            2 => (0usize..10).prop_map(Step::Remove),
            2 => card().prop_map(Step::RemoveCard),
            1 => proptest::collection::vec(card(), 0..4).prop_map(Step::Extend),
            1 => (0usize..10).prop_map(Step::Truncate),
        ]
    }

    proptest! {
        /// Any sequence of steps leaves the hand as a `Vec` capped at 8 cards, and every
        /// lookup answers as a scan of that list does (positions, counts, duplicates
        /// included).
        #[test]
        fn a_hand_is_a_capped_list_with_lookups(
            steps in proptest::collection::vec(step(), 0..300),
            target in card(),
        ) {
            let mut hand = Small::new();
            let mut list: Vec<ColorCard> = Vec::new();
            for step in steps {
                match step {
                    Step::Push(card) => {
                        let fits = list.len() < 8;
                        prop_assert_eq!(hand.push(card).is_ok(), fits);
                        if fits {
                            list.push(card);
                        }
                    }
                    Step::Remove(index) => {
                        let want = (index < list.len()).then(|| list.remove(index));
                        prop_assert_eq!(hand.remove(index), want);
                    }
                    Step::RemoveCard(card) => {
                        let at = list.iter().position(|&held| held == card);
                        prop_assert_eq!(hand.remove_card(card), at.is_some());
                        if let Some(at) = at {
                            list.remove(at);
                        }
                    }
                    Step::Extend(cards) => {
                        let fits = list.len() + cards.len() <= 8;
                        prop_assert_eq!(hand.extend_from_slice(&cards).is_ok(), fits);
                        if fits {
                            list.extend(cards);
                        }
                    }
                    Step::Truncate(len) => {
                        hand.truncate(len);
                        list.truncate(len);
                    }
                }
                prop_assert_eq!(hand.as_slice(), &list[..]);
                let scan = |test: &dyn Fn(&ColorCard) -> bool| list.iter().position(test);
                let count = |test: &dyn Fn(&&ColorCard) -> bool| list.iter().filter(test).count();
                prop_assert_eq!(hand.first_match(target), scan(&|c| c.matches(target)));
                prop_assert_eq!(hand.position(target), scan(&|&c| c == target));
                prop_assert_eq!(hand.first_of_number(target.number()), scan(&|c| c.matches_number(target)));
                prop_assert_eq!(hand.first_of_color(target.color()), scan(&|c| c.matches_color(target)));
                prop_assert_eq!(hand.count_number(target.number()), count(&|c| c.matches_number(target)));
                prop_assert_eq!(hand.count_color(target.color()), count(&|c| c.matches_color(target)));
            }
        }
    }
}
