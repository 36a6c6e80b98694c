//! [`Hand`]: the coloured cards a player holds, in the order received, held inline, with
//! where each colour and each number lies kept beside them, so that "the first card of
//! this colour", "the first that matches" and "how many of this number" are lookups.
//!
//! The assignments keep a hand as a growable list (Java's `ArrayList`), searched card by
//! card. A `Hand` has that list's small set of operations (add at the end, remove a
//! card, go through in order, count) over a fixed array of `N` slots, which a game whose
//! hands can never hold more than its deck never fills; nothing is allocated, ever.
//!
//! A card keeps the slot it came to (its *place*, a [`Place`]) while it is held: the
//! slots are filled in the order received, and a card leaving frees its slot without
//! moving the later cards, so removing a card is clearing two bits, not moving the cards
//! after it and every set with them (the dearest step of a turn before, issue 42). The
//! cards held are the occupied slots in slot order, which is the order received. Only
//! when a card comes to a hand whose last slot is taken are the cards moved down to the
//! first slots, in order, and the places change then.
//!
//! A place and a position in the order received are two numbers that agree only until a
//! card leaves, so they are two types: the lookups answer a [`Place`], which
//! [`Hand::get`], indexing and [`Hand::remove_at`] take, while [`Hand::remove`] and
//! [`Hand::truncate`] take a `usize` counted in the order received, as Java's
//! `remove(int)` does. A position in order can no longer be read as a place, or a place
//! as one (the trap of a hand indexed by a `usize` that meant either).
//!
//! Beside the cards it keeps one set of places per colour and per number, as the bits of
//! a `u32`: the first card of a set is its lowest bit (`trailing_zeros`, which needs no
//! population count), the occupied slots the union of the colour sets. They are the
//! cards' own bookkeeping, kept by the same methods that change the cards, never a
//! second record a caller must keep in step.

use std::fmt;
use std::ops::Index;

use cards_core::color::{Color, ColorCard};
use cards_core::deck::DeckCard;

/// A card added to a hand that already holds as many as it can.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a hand holds at most {max} cards")]
pub struct HandFull {
    /// The most the hand holds.
    pub max: usize,
}

/// Where a card sits in a hand while it is held: what a lookup answers
/// ([`Hand::first_match`], [`Hand::position`], ...) and what [`Hand::get`], indexing and
/// [`Hand::remove_at`] take; not its position in the order received (see
/// [`Hand::remove`] for that).
///
/// Only a lookup makes one. Read it back before the hand changes: a card leaving frees
/// its place (reading it then finds no card), and a card coming to a hand whose last
/// slot is taken moves the cards held to new places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Place(usize);

/// Colours, then the numbers 0 to 9: the place sets a hand keeps.
const SETS: usize = 14;

/// Up to `N` coloured cards (`N` at most 32), oldest first, held inline.
///
/// A lookup answers with the card's [`Place`] ([`Hand::first_match`], [`Hand::position`],
/// ...), which [`Hand::get`], indexing and [`Hand::remove_at`] read; [`Hand::remove`] and
/// [`Hand::truncate`] count in the order received instead. Go through the cards in order
/// with [`Hand::iter`]. The free slots hold anything and are never read:
/// equality and the `Debug` form look at the cards held only, oldest first.
#[derive(Clone, Copy)]
pub struct Hand<const N: usize> {
    cards: [ColorCard; N],
    /// The cards held.
    len: usize,
    /// The next slot to fill: every slot from it on is free.
    end: usize,
    /// Bit `i` of set `s` is on when the card in slot `i` is held and is of colour `s`
    /// (0 to 3, rainbow order) or of number `s - 4`.
    places: [u32; SETS],
}

impl<const N: usize> Hand<N> {
    /// An empty hand.
    pub const fn new() -> Hand<N> {
        const { assert!(N <= 32, "a hand's places are the bits of a u32") };
        Hand {
            cards: [ColorCard::FILLER; N],
            len: 0,
            end: 0,
            places: [0; SETS],
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
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            cards: &self.cards,
            held: self.held(),
        }
    }

    /// The oldest card, if any.
    pub fn first(&self) -> Option<&ColorCard> {
        self.iter().next()
    }

    /// The newest card, if any.
    pub fn last(&self) -> Option<&ColorCard> {
        self.iter().next_back()
    }

    /// The cards, oldest first, as a list.
    pub fn to_vec(&self) -> Vec<ColorCard> {
        self.iter().copied().collect()
    }

    /// The card at `place` (as a lookup answers it), if one is held there.
    #[inline]
    pub fn get(&self, place: Place) -> Option<&ColorCard> {
        let Place(place) = place;
        let card = self.cards.get(place)?;
        // A card leaving clears its bit in its colour's set and leaves the card in the
        // slot: the slot holds a card exactly when that set has its bit.
        let held = self.places[color_set(card.color())] >> place & 1 == 1;
        held.then_some(card)
    }

    /// Whether the hand holds `card`.
    #[inline]
    pub fn contains(&self, card: &ColorCard) -> bool {
        self.position(*card).is_some()
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
        // `>=` where `==` would do (`end` never passes `N`): then the slot below is known
        // to be in the array, and filling it needs no bounds check.
        if self.end >= N {
            if self.len == N {
                return Err(HandFull { max: N });
            }
            self.compact();
        }
        self.put(self.end, card);
        self.end += 1;
        self.len += 1;
        Ok(())
    }

    /// Adds `cards` after the others, in order; refused, the hand unchanged, unless
    /// there is room for all of them.
    pub fn extend_from_slice(&mut self, cards: &[ColorCard]) -> Result<(), HandFull> {
        if cards.len() > N - self.len {
            return Err(HandFull { max: N });
        }
        if cards.len() > N - self.end {
            self.compact();
        }
        let start = self.end;
        // The slots in one copy (one bounds check, not one a card), then their places.
        self.cards[start..start + cards.len()].copy_from_slice(cards);
        for (place, &card) in (start..).zip(cards) {
            self.mark(place, card);
        }
        self.end += cards.len();
        self.len += cards.len();
        Ok(())
    }

    /// Removes the card at `index` in the order received, counted from 0 over the cards
    /// held (Java's `remove(int)`; not a [`Place`]), and returns it; `None`, the hand
    /// unchanged, past the last card.
    pub fn remove(&mut self, index: usize) -> Option<ColorCard> {
        if index >= self.len {
            return None;
        }
        let place = self.place_of_index(index)?;
        Some(self.take(place))
    }

    /// Removes the card at `place` (as a lookup answers it) and returns it; `None`, the
    /// hand unchanged, if no card is held there.
    #[inline]
    pub fn remove_at(&mut self, place: Place) -> Option<ColorCard> {
        self.get(place)?;
        Some(self.take(place.0))
    }

    /// Removes the first `card` held; whether there was one.
    #[inline]
    pub fn remove_card(&mut self, card: ColorCard) -> bool {
        match self.position(card) {
            Some(Place(place)) => {
                self.take(place);
                true
            }
            None => false,
        }
    }

    /// Keeps the first `len` cards in the order received (all of them if there are
    /// fewer), as Java's `subList(0, len)` would.
    pub fn truncate(&mut self, len: usize) {
        let Some(end) = self.place_of_index(len) else {
            return;
        };
        let kept = 1u32.checked_shl(end as u32).map_or(u32::MAX, |bit| bit - 1);
        for set in &mut self.places {
            *set &= kept;
        }
        self.len = len;
        self.end = end;
    }

    /// Removes every card.
    pub fn clear(&mut self) {
        self.len = 0;
        self.end = 0;
        self.places = [0; SETS];
    }

    /// The place of the first `card` held, if any.
    #[inline]
    pub fn position(&self, card: ColorCard) -> Option<Place> {
        found(self.places[color_set(card.color())] & self.of_number(card.number()))
    }

    /// The place of the first card of `color`, if any.
    #[inline]
    pub fn first_of_color(&self, color: Color) -> Option<Place> {
        found(self.places[color_set(color)])
    }

    /// The place of the first card numbered `number`, if any.
    #[inline]
    pub fn first_of_number(&self, number: u8) -> Option<Place> {
        found(self.of_number(number))
    }

    /// The place of the first card that [`matches`](ColorCard::matches) `target` (its
    /// colour or its number), if any.
    #[inline]
    pub fn first_match(&self, target: ColorCard) -> Option<Place> {
        found(self.places[color_set(target.color())] | self.of_number(target.number()))
    }

    /// How many cards of `color` the hand holds.
    #[inline]
    pub fn count_color(&self, color: Color) -> usize {
        size(self.places[color_set(color)])
    }

    /// How many cards numbered `number` the hand holds.
    #[inline]
    pub fn count_number(&self, number: u8) -> usize {
        size(self.of_number(number))
    }

    /// The places of the cards numbered `number`: none for a number no card has.
    #[inline]
    fn of_number(&self, number: u8) -> u32 {
        self.places.get(number_set(number)).copied().unwrap_or(0)
    }

    /// The occupied slots: every card held has one colour.
    #[inline]
    fn held(&self) -> u32 {
        self.places[0] | self.places[1] | self.places[2] | self.places[3]
    }

    /// Puts `card` in the free slot `place` (below `N`).
    #[inline]
    fn put(&mut self, place: usize, card: ColorCard) {
        self.cards[place] = card;
        self.mark(place, card);
    }

    /// Enters `card`, just put in slot `place`, in its colour's and its number's sets.
    #[inline]
    fn mark(&mut self, place: usize, card: ColorCard) {
        let bit = 1 << place;
        self.places[color_set(card.color())] |= bit;
        self.places[number_set(card.number())] |= bit;
    }

    /// Frees `place`, which holds a card, and returns the card: two bits cleared.
    #[inline]
    fn take(&mut self, place: usize) -> ColorCard {
        let card = self.cards[place];
        let kept = !(1u32 << place);
        self.places[color_set(card.color())] &= kept;
        self.places[number_set(card.number())] &= kept;
        self.len -= 1;
        card
    }

    /// The place of the card at `index` in the order received, or the slot after the
    /// last card for `index` equal to the number of cards; `None` past that.
    fn place_of_index(&self, index: usize) -> Option<usize> {
        if index == self.len {
            return Some(self.end);
        }
        let mut held = self.held();
        for _ in 0..index {
            held &= held.wrapping_sub(1);
        }
        first(held)
    }

    /// Moves the cards held down to the first slots, in order, and the sets with them.
    // Cold: a dealt game never comes here (a hand receives at most the deck's cards), so
    // the draw loop that calls `push` need not keep its registers ready for it.
    #[cold]
    fn compact(&mut self) {
        let old = *self;
        self.clear();
        for card in old.iter() {
            self.put(self.end, *card);
            self.end += 1;
            self.len += 1;
        }
    }
}

/// How many places a set has, one step a place: a set of a hand is a few cards, and
/// the baseline x86-64 the simulator is built for has no population count instruction
/// (`count_ones` there is some fifteen instructions, whatever the set).
#[inline]
fn size(mut set: u32) -> usize {
    let mut size = 0;
    while set != 0 {
        set &= set - 1;
        size += 1;
    }
    size
}

/// The lowest place of a set, if it has one.
#[inline]
fn first(set: u32) -> Option<usize> {
    (set != 0).then(|| set.trailing_zeros() as usize)
}

/// The place of the first card of a set, if it has one.
#[inline]
fn found(set: u32) -> Option<Place> {
    first(set).map(Place)
}

fn color_set(color: Color) -> usize {
    color.index()
}

fn number_set(number: u8) -> usize {
    4 + usize::from(number)
}

/// The cards of a [`Hand`], oldest first ([`Hand::iter`]).
#[derive(Clone)]
pub struct Iter<'a> {
    cards: &'a [ColorCard],
    /// The places not yet gone through.
    held: u32,
}

impl<'a> Iterator for Iter<'a> {
    type Item = &'a ColorCard;

    #[inline]
    fn next(&mut self) -> Option<&'a ColorCard> {
        let place = first(self.held)?;
        self.held &= self.held - 1;
        self.cards.get(place)
    }
}

impl DoubleEndedIterator for Iter<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.held == 0 {
            return None;
        }
        let place = 31 - self.held.leading_zeros() as usize;
        self.held &= !(1 << place);
        self.cards.get(place)
    }
}

impl<const N: usize> Default for Hand<N> {
    fn default() -> Hand<N> {
        Hand::new()
    }
}

// Indexed by a place only: a `usize` index would read as Java's `get(int)`, a position
// in the order received, which a place is not once a card has left.
impl<const N: usize> Index<Place> for Hand<N> {
    type Output = ColorCard;

    /// The card at `place` (as a lookup answers it); panics if none is held there, as a
    /// list indexed past its end does.
    fn index(&self, place: Place) -> &ColorCard {
        match self.get(place) {
            Some(card) => card,
            None => panic!("no card at {place:?} of a hand"),
        }
    }
}

impl<'a, const N: usize> IntoIterator for &'a Hand<N> {
    type Item = &'a ColorCard;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<const N: usize> PartialEq for Hand<N> {
    /// The same cards in the same order.
    fn eq(&self, other: &Hand<N>) -> bool {
        self.iter().eq(other.iter())
    }
}

impl<const N: usize> Eq for Hand<N> {}

impl<const N: usize> PartialEq<[ColorCard]> for Hand<N> {
    fn eq(&self, other: &[ColorCard]) -> bool {
        self.iter().eq(other.iter())
    }
}

impl<const N: usize> fmt::Debug for Hand<N> {
    /// The cards, oldest first, as a list.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
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
        assert_eq!(hand.first_match(g4), Some(Place(1)));
        assert_eq!(hand.first_of_number(4), Some(Place(2)));
        assert_eq!(hand.first_of_color(Color::Blue), Some(Place(4)));
        assert_eq!(hand.first_of_number(7), None);
        assert_eq!(hand.first_of_number(200), None);
        assert_eq!(
            (hand.count_color(Color::Green), hand.count_number(8)),
            (2, 2)
        );
        assert_eq!(hand.position(cards("G2")[0]), Some(Place(3)));
        // G8 leaves: the others keep their places, and the lookups find them there.
        assert_eq!(hand.remove(1), Some(cards("G8")[0]));
        assert_eq!(hand, cards("R8 Y4 G2 B1")[..]);
        assert_eq!(hand.first_match(g4), Some(Place(2)));
        assert_eq!(hand.first_of_color(Color::Green), Some(Place(3)));
        assert_eq!(hand.position(cards("B1")[0]), Some(Place(4)));
        assert_eq!(
            (hand.get(Place(1)), hand.get(Place(4))),
            (None, Some(&cards("B1")[0]))
        );
        assert_eq!(hand.remove(4), None);
        assert!(hand.remove_card(cards("Y4")[0]));
        assert!(!hand.remove_card(cards("Y4")[0]));
        assert_eq!(hand, cards("R8 G2 B1")[..]);
        assert_eq!(hand.first_match(g4), Some(Place(3)));
        assert_eq!(hand.remove_at(Place(2)), None);
        hand.truncate(1);
        assert_eq!(format!("{hand:?}"), format!("{:?}", cards("R8")));
        assert_eq!(hand.count_number(2), 0);
    }

    /// A card leaving frees its slot and moves no other card; a card coming to a hand
    /// whose last slot is taken moves the cards down to the first slots, in order.
    #[test]
    fn a_card_keeps_its_place_until_the_last_slot_is_taken() {
        let mut hand = Small::from_cards(&cards("R1 R2 R3 R4 R5 R6 R7 B1")).unwrap();
        assert_eq!(hand.remove_at(Place(2)), Some(cards("R3")[0]));
        assert!(hand.remove_card(cards("R5")[0]));
        assert_eq!(hand.position(cards("B1")[0]), Some(Place(7)));
        assert_eq!(hand.first_of_color(Color::Red), Some(Place(0)));
        assert_eq!(hand.first_of_number(4), Some(Place(3)));
        assert_eq!(hand.remove_at(Place(0)), Some(cards("R1")[0]));
        assert_eq!(hand.first_of_color(Color::Red), Some(Place(1)));
        // The last slot is taken: B2 comes after the cards moved down.
        hand.push(cards("B2")[0]).unwrap();
        assert_eq!(hand, cards("R2 R4 R6 R7 B1 B2")[..]);
        assert_eq!(hand.position(cards("B1")[0]), Some(Place(4)));
        assert_eq!(hand.first_of_number(2), Some(Place(0)));
        assert_eq!(hand.last(), Some(&cards("B2")[0]));
        assert_eq!(hand.to_vec(), cards("R2 R4 R6 R7 B1 B2"));
    }

    /// Worked by hand: after a card leaves, a place read back from a lookup still finds
    /// its card, while `remove` counts in the order received. R8 G8 Y4 G2 B1 without G8
    /// is R8 Y4 G2 B1: G2 sits at place 3 but is third (index 2) in order; read as a
    /// position, place 3 would be B1, and index 2 read as a place would be Y4.
    #[test]
    fn a_place_reads_its_card_and_an_index_counts_in_order_after_a_card_leaves() {
        let mut hand = Small::from_cards(&cards("R8 G8 Y4 G2 B1")).unwrap();
        let g8 = hand.first_of_color(Color::Green).unwrap();
        assert_eq!(hand.remove_at(g8), Some(cards("G8")[0]));
        assert_eq!(hand.get(g8), None);
        let g2 = hand.first_of_color(Color::Green).unwrap();
        assert_eq!(hand[g2], cards("G2")[0]);
        assert_eq!(hand.get(g2), Some(&cards("G2")[0]));
        let y4 = hand.first_match(cards("B4")[0]).unwrap();
        assert_eq!(hand[y4], cards("Y4")[0]);
        // Index 2 in the order received is G2, not the Y4 at place 2.
        assert_eq!(hand.remove(2), Some(cards("G2")[0]));
        assert_eq!(hand, cards("R8 Y4 B1")[..]);
        assert_eq!(hand.get(g2), None);
        // The places of the cards still held have not moved.
        assert_eq!(hand[y4], cards("Y4")[0]);
        let b1 = hand.first_of_number(1).unwrap();
        assert_eq!(hand.remove(1), Some(cards("Y4")[0]));
        assert_eq!(hand.remove_at(b1), Some(cards("B1")[0]));
        assert_eq!(hand, cards("R8")[..]);
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
        RemoveAt(usize),
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
            2 => (0usize..10).prop_map(Step::RemoveAt),
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
                    Step::RemoveAt(place) => {
                        let at = hand.get(Place(place)).map(|_| {
                            (hand.held() & ((1u32 << place) - 1)).count_ones() as usize
                        });
                        prop_assert_eq!(hand.remove_at(Place(place)), at.map(|at| list.remove(at)));
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
                prop_assert_eq!(hand.to_vec(), list.clone());
                prop_assert_eq!(hand.len(), list.len());
                prop_assert_eq!(hand.iter().rev().copied().collect::<Vec<_>>(),
                    list.iter().rev().copied().collect::<Vec<_>>());
                // A place read back gives the card, and the cards held before it are
                // those before it in the list.
                let index = |place: Option<Place>| {
                    place.map(|place| {
                        assert!(hand.get(place).is_some(), "{place:?} holds no card");
                        (hand.held() & ((1u32 << place.0) - 1)).count_ones() as usize
                    })
                };
                let scan = |test: &dyn Fn(&ColorCard) -> bool| list.iter().position(test);
                let count = |test: &dyn Fn(&&ColorCard) -> bool| list.iter().filter(test).count();
                prop_assert_eq!(index(hand.first_match(target)), scan(&|c| c.matches(target)));
                prop_assert_eq!(index(hand.position(target)), scan(&|&c| c == target));
                prop_assert_eq!(index(hand.first_of_number(target.number())), scan(&|c| c.matches_number(target)));
                prop_assert_eq!(index(hand.first_of_color(target.color())), scan(&|c| c.matches_color(target)));
                prop_assert_eq!(hand.count_number(target.number()), count(&|c| c.matches_number(target)));
                prop_assert_eq!(hand.count_color(target.color()), count(&|c| c.matches_color(target)));
            }
        }
    }
}
