//! [`Table`]: the cards put down on the table in one round (War's "war chest"), at most
//! `N` held inline, in the order they were put down, each face up or face down.
//!
//! A table is a list that only grows until someone takes it all: put a card down (face
//! up or face down), read the cards in order, shuffle them, clear it. A `Vec` beside a
//! second record of which cards lie face up does that with a capacity check and a
//! possible reallocation at every card; here the cards sit in a fixed array and the
//! face-down ones are a set of bits by position, so putting a card down is a store and
//! an addition (face down, and one bit set), and nothing is ever allocated.

use std::fmt;

use rand::Rng;

use cards_core::deck::DeckCard;
use cards_core::ring::PileFull;

/// The cards on a table, at most `N` (at most 64), in the order they were put down, and
/// which of them lie face up.
///
/// The slots beyond the cards hold anything and are never read: equality and the
/// `Debug` form look at the cards and their faces only.
#[derive(Clone, Copy)]
pub struct Table<C, const N: usize> {
    cards: [C; N],
    /// How many cards, at most `N`.
    len: usize,
    /// Bit `i` set: the card put down `i`-th lies face down (no bit at or past `len`).
    /// The face-down ones rather than the face-up ones: most cards are put down face up
    /// (every battle's), and then no bit changes.
    face_down: u64,
}

impl<C: DeckCard, const N: usize> Table<C, N> {
    /// An empty table.
    pub const fn new() -> Table<C, N> {
        // One bit a card.
        const { assert!(N <= 64, "a table holds at most 64 cards") };
        Table {
            cards: [C::FILLER; N],
            len: 0,
            face_down: 0,
        }
    }
}

impl<C: DeckCard, const N: usize> Default for Table<C, N> {
    fn default() -> Table<C, N> {
        Table::new()
    }
}

impl<C: Copy, const N: usize> Table<C, N> {
    /// Puts `card` down after the others; refused, the table unchanged, when it is full.
    #[inline]
    fn put(&mut self, card: C, face_up: bool) -> Result<(), PileFull> {
        let len = self.len;
        if len >= N {
            return Err(PileFull { max: N });
        }
        self.face_down |= u64::from(!face_up) << len;
        // The card copied whole, not a field at a time: a card of two one-byte fields
        // is otherwise written as two one-byte stores wherever the check for room above
        // falls between its read and its write (a war's cards), and the shuffle and the
        // take read it back soon after as one two-byte load, which the processor cannot
        // serve from two pending stores: it waits for them to reach the cache.
        self.cards[len..=len].copy_from_slice(std::slice::from_ref(&card));
        // The count last: the compiler cannot tell that the card's slot is not `len`, so
        // a count stored before the card would be read again by the next card put down.
        self.len = len + 1;
        Ok(())
    }

    /// Puts `card` down face up after the others; refused, the table unchanged, when it
    /// is full.
    #[inline]
    pub fn put_face_up(&mut self, card: C) -> Result<(), PileFull> {
        self.put(card, true)
    }

    /// Puts `card` down face down after the others; refused, the table unchanged, when
    /// it is full.
    #[inline]
    pub fn put_face_down(&mut self, card: C) -> Result<(), PileFull> {
        self.put(card, false)
    }

    /// Gathers the table into a face-down heap of `cards` in that order, in place of the
    /// cards it held; refused, the table unchanged, if there are more than `N`.
    pub fn gather(&mut self, cards: &[C]) -> Result<(), PileFull> {
        let slots = self
            .cards
            .get_mut(..cards.len())
            .ok_or(PileFull { max: N })?;
        slots.copy_from_slice(cards);
        self.len = cards.len();
        self.face_down = all_below::<N>(self.len);
        Ok(())
    }

    /// The cards in the order they were put down.
    #[inline]
    pub fn cards(&self) -> &[C] {
        // `len` never passes `N`: the slice is never cut short.
        self.cards.get(..self.len).unwrap_or(&self.cards)
    }

    /// The cards lying face up, in the order they were put down.
    pub fn face_up(&self) -> impl Iterator<Item = &C> {
        let face_down = self.face_down;
        self.cards()
            .iter()
            .enumerate()
            .filter(move |&(i, _)| face_down >> i & 1 == 0)
            .map(|(_, card)| card)
    }

    /// Whether the card put down `position`-th (from 0) lies face up; `false` past the
    /// last card.
    pub fn is_face_up(&self, position: usize) -> bool {
        position < self.len && self.face_down >> position & 1 == 0
    }

    /// The number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table has no cards.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The most cards the table holds, `N`.
    pub const fn capacity(&self) -> usize {
        N
    }

    /// Takes every card away.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.face_down = 0;
    }

    /// Takes every card away and hands them over, in the order they lie.
    pub fn take_all(&mut self) -> &[C] {
        // `len` never passes `N`: no card is left behind.
        let len = self.len.min(N);
        self.clear();
        &self.cards[..len]
    }

    /// Shuffles the cards with `rng` (as [`Table::shuffle`]), then takes them all away
    /// and hands them over, in their new order.
    pub fn take_all_shuffled<R: Rng + ?Sized>(&mut self, rng: &mut R) -> &[C] {
        // The count read once, before the shuffle: read after it, it would be loaded
        // again from memory, since the compiler cannot tell the shuffle leaves it alone.
        let len = self.len.min(N);
        self.clear();
        cards_core::shuffle(&mut self.cards[..len], rng);
        &self.cards[..len]
    }

    /// Gathers the cards into a face-down heap and shuffles it in place, as
    /// [`shuffle`](cards_core::shuffle) shuffles a list: the same generator leaves the
    /// same order as it leaves a list of the same cards.
    #[inline]
    pub fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let len = self.len.min(N);
        cards_core::shuffle(&mut self.cards[..len], rng);
        self.face_down = all_below::<N>(len);
    }
}

/// The set of positions `0..len`, every card of a table of `len` cards (at most `N`, at
/// most 64).
fn all_below<const N: usize>(len: usize) -> u64 {
    if N < 64 {
        // `len` is below 64: the shift cannot overflow, and needs no test.
        (1u64 << len) - 1
    } else {
        1u64.checked_shl(len as u32).map_or(u64::MAX, |bit| bit - 1)
    }
}

impl<C: PartialEq + Copy, const N: usize> PartialEq for Table<C, N> {
    /// The same cards in the same order, the same ones face up.
    fn eq(&self, other: &Table<C, N>) -> bool {
        self.face_down == other.face_down && self.cards() == other.cards()
    }
}

impl<C: Eq + Copy, const N: usize> Eq for Table<C, N> {}

impl<C: fmt::Debug + Copy, const N: usize> fmt::Debug for Table<C, N> {
    /// The cards in order, and the positions of those face up.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let face_up: Vec<usize> = (0..self.len).filter(|&i| self.is_face_up(i)).collect();
        f.debug_struct("Table")
            .field("cards", &self.cards())
            .field("face_up", &face_up)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::color::{Color, ColorCard};
    use pretty_assertions::assert_eq;
    use proptest::prelude::*;

    type Small = Table<ColorCard, 4>;

    fn card(number: u8) -> ColorCard {
        ColorCard::new(Color::Blue, number)
    }

    fn numbers<'a>(cards: impl Iterator<Item = &'a ColorCard>) -> Vec<u8> {
        cards.map(|card| card.number()).collect()
    }

    /// Worked by hand on a table of 4: cards stay in the order put down, the face-up ones
    /// are found by position, a fifth card is refused with nothing changed, a gather or a
    /// shuffle leaves every card face down, and taking every card hands them over in the
    /// order they lie and leaves the table empty.
    #[test]
    fn a_table_keeps_its_order_and_faces_and_refuses_a_fifth_card() {
        let mut table = Small::new();
        table.put_face_up(card(7)).unwrap();
        table.put_face_down(card(2)).unwrap();
        table.put_face_down(card(3)).unwrap();
        table.put_face_up(card(7)).unwrap();
        assert_eq!(numbers(table.cards().iter()), [7, 2, 3, 7]);
        assert_eq!(numbers(table.face_up()), [7, 7]);
        assert_eq!(
            (0..5).map(|i| table.is_face_up(i)).collect::<Vec<_>>(),
            [true, false, false, true, false]
        );
        let full = table;
        assert_eq!(table.put_face_up(card(1)), Err(PileFull { max: 4 }));
        assert_eq!(table.put_face_down(card(1)), Err(PileFull { max: 4 }));
        assert_eq!(table, full);
        assert_eq!(
            format!("{table:?}"),
            format!(
                "Table {{ cards: {:?}, face_up: [0, 3] }}",
                [card(7), card(2), card(3), card(7)]
            )
        );
        assert_eq!(table.gather(&[card(1); 5]), Err(PileFull { max: 4 }));
        assert_eq!(table, full);
        table.gather(&[card(3), card(7)]).unwrap();
        assert_eq!(numbers(table.cards().iter()), [3, 7]);
        assert_eq!(table.face_up().count(), 0);
        table.put_face_up(card(5)).unwrap();
        let mut taken = table;
        assert_eq!(numbers(taken.take_all().iter()), [3, 7, 5]);
        assert_eq!(taken, Small::new());
        table.shuffle(&mut cards_core::rng::rng_from_seed(1));
        assert_eq!((table.len(), table.face_up().count()), (3, 0));
        table.clear();
        assert!(table.is_empty());
        assert_eq!(table, Small::new());
        assert_eq!(table.capacity(), 4);
    }

    /// Worked by hand: the positions below 0, 3 and 64 (a full table of 64, whose set
    /// has every bit) are none, the three bits 0b111 and all 64 bits, for a table of 64
    /// slots as for one of fewer.
    #[test]
    fn all_below_sets_one_bit_a_card() {
        assert_eq!(all_below::<64>(0), 0);
        assert_eq!(all_below::<64>(3), 0b111);
        assert_eq!(all_below::<64>(63), u64::MAX >> 1);
        assert_eq!(all_below::<64>(64), u64::MAX);
        assert_eq!(all_below::<8>(0), 0);
        assert_eq!(all_below::<8>(8), 0xff);
        assert_eq!(all_below::<52>(52), (1 << 52) - 1);
    }

    proptest! {
        /// Any cards put down lie as a list of (card, face) pairs built alongside has
        /// them, up to the capacity, past which each is refused; taken whole, it hands
        /// over the list's cards (shuffled as `cards_core::shuffle` shuffles the list, if asked)
        /// and is left empty; shuffled, the table holds the list's cards shuffled the same
        /// way, face down.
        #[test]
        fn a_table_is_a_capped_list_of_faces(
            puts in proptest::collection::vec((1u8..=9, any::<bool>()), 0..12),
            seed: u64,
        ) {
            let mut table: Table<ColorCard, 8> = Table::new();
            let mut list: Vec<(ColorCard, bool)> = Vec::new();
            for (number, up) in puts {
                let put = if up {
                    table.put_face_up(card(number))
                } else {
                    table.put_face_down(card(number))
                };
                prop_assert_eq!(put.is_ok(), list.len() < 8);
                if put.is_ok() {
                    list.push((card(number), up));
                }
                prop_assert_eq!(table.len(), list.len());
                let cards: Vec<ColorCard> = list.iter().map(|&(c, _)| c).collect();
                prop_assert_eq!(table.cards(), &cards[..]);
                let up: Vec<ColorCard> = list.iter().filter(|p| p.1).map(|&(c, _)| c).collect();
                prop_assert!(table.face_up().copied().eq(up));
                for i in 0..=8 {
                    prop_assert_eq!(table.is_face_up(i), list.get(i).is_some_and(|p| p.1));
                }
            }
            let mut cards: Vec<ColorCard> = list.iter().map(|&(c, _)| c).collect();
            // Taken whole, as they lie or shuffled: the list's cards, and an empty table.
            let mut taken = table;
            prop_assert_eq!(taken.take_all(), &cards[..]);
            prop_assert_eq!(taken, Table::new());
            cards_core::shuffle(&mut cards, &mut cards_core::rng::rng_from_seed(seed));
            let mut taken = table;
            let shuffled = taken.take_all_shuffled(&mut cards_core::rng::rng_from_seed(seed));
            prop_assert_eq!(shuffled, &cards[..]);
            prop_assert_eq!(taken, Table::new());
            table.shuffle(&mut cards_core::rng::rng_from_seed(seed));
            prop_assert_eq!(table.cards(), &cards[..]);
            prop_assert_eq!(table.face_up().count(), 0);
            prop_assert!((0..=8).all(|i| !table.is_face_up(i)));
            // The same table as the shuffled cards gathered onto one.
            let mut gathered: Table<ColorCard, 8> = Table::new();
            gathered.gather(&cards).unwrap();
            prop_assert_eq!(table, gathered);
        }
    }
}
