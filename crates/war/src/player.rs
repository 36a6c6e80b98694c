//! `Player`: the assignment's `Player` class, a seat and a face-down pile; and
//! [`PlayerSet`], a small set of seats for ties and wars.

use std::fmt;

use cards_core::names::plural;
use cards_core::{Rank, Suit};

use crate::card::Card;

/// The most players a game can seat (a [`PlayerSet`] is one byte).
pub const MAX_PLAYERS: usize = 8;

/// A player: a seat number and a face-down pile, top first (the assignment's `Player`
/// with its `ArrayList<Card>`; here a [`Ring`] of cards, so that taking from the top
/// and slipping under the bottom are both a few instructions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    seat: usize,
    pile: Ring,
}

impl Player {
    /// Player `seat` (0-based; shown as `Player {seat + 1}`) holding `cards`, the first on
    /// top.
    ///
    /// # Panics
    /// With more than [`Ring::CAPACITY`] cards (a deck has 52).
    pub fn new(seat: usize, cards: impl IntoIterator<Item = Card>) -> Player {
        let mut pile = Ring::EMPTY;
        for card in cards {
            pile.push_bottom(card);
        }
        Player { seat, pile }
    }

    /// The 0-based seat.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The number of cards held (`size()`).
    pub fn card_count(&self) -> usize {
        self.pile.len()
    }

    /// Whether the player holds no card, and so is out of the game.
    pub fn is_out(&self) -> bool {
        self.pile.len() == 0
    }

    /// The cards, top first.
    pub fn cards(&self) -> impl ExactSizeIterator<Item = Card> + '_ {
        self.pile.iter()
    }

    /// `playCard()`: takes the top card, if any.
    #[inline]
    pub fn play_card(&mut self) -> Option<Card> {
        self.pile.pop_top()
    }

    /// `collect(cards)`: slips won cards under the bottom, in the order given.
    ///
    /// # Panics
    /// Past [`Ring::CAPACITY`] cards (a deck has 52).
    #[inline]
    pub fn collect(&mut self, cards: impl IntoIterator<Item = Card>) {
        for card in cards {
            self.pile.push_bottom(card);
        }
    }

    /// Empties the pile (for reuse between simulated games).
    pub(crate) fn clear(&mut self) {
        self.pile = Ring::EMPTY;
    }
}

/// A face-down pile, top first, in a fixed ring of [`Ring::CAPACITY`] slots: the top is
/// at `top`, the next cards follow it round the ring. The simulator takes and slips
/// under a pile a few times every battle, so it is kept to a copy, an add and a mask
/// (a `VecDeque`, the shared `cards_core::Pile`, cost a third of a simulated game).
#[derive(Clone, Copy)]
pub struct Ring {
    slots: [Card; Ring::CAPACITY],
    /// The slot of the top card (taken modulo the capacity).
    top: usize,
    len: usize,
}

impl Ring {
    /// The most cards a pile holds: the 52 of the deck fit, and a power of two makes the
    /// wrap a mask.
    pub const CAPACITY: usize = 64;

    const EMPTY: Ring = Ring {
        slots: [Card::new(Rank::Two, Suit::Clubs); Ring::CAPACITY],
        top: 0,
        len: 0,
    };

    fn len(&self) -> usize {
        self.len
    }

    fn pop_top(&mut self) -> Option<Card> {
        if self.len == 0 {
            return None;
        }
        let card = self.slots[self.top % Ring::CAPACITY];
        self.top = (self.top + 1) % Ring::CAPACITY;
        self.len -= 1;
        Some(card)
    }

    fn push_bottom(&mut self, card: Card) {
        assert!(self.len < Ring::CAPACITY, "a pile holds at most 64 cards");
        self.slots[(self.top + self.len) % Ring::CAPACITY] = card;
        self.len += 1;
    }

    fn iter(&self) -> impl ExactSizeIterator<Item = Card> + '_ {
        (0..self.len).map(|i| self.slots[(self.top + i) % Ring::CAPACITY])
    }
}

impl PartialEq for Ring {
    /// The same cards in the same order, wherever they sit in the ring.
    fn eq(&self, other: &Ring) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl Eq for Ring {}

impl fmt::Debug for Ring {
    /// The cards, top first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for Player {
    /// `toString()`: `Player 1 (3 cards): 6C 10H AS`, top card first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.card_count();
        write!(
            f,
            "Player {} ({count} card{})",
            self.seat + 1,
            plural(count as u64)
        )?;
        for (i, card) in self.cards().enumerate() {
            f.write_str(if i == 0 { ": " } else { " " })?;
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

/// A set of seats (at most [`MAX_PLAYERS`]), iterated in seat order. `Copy`, so events
/// can carry it without allocating.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlayerSet(u8);

impl PlayerSet {
    /// No seat.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// Seats `0..count`.
    pub fn first(count: usize) -> PlayerSet {
        debug_assert!(count <= MAX_PLAYERS);
        PlayerSet(((1u16 << count) - 1) as u8)
    }

    /// The seats of `self` that are not in `other`.
    pub fn without(self, other: PlayerSet) -> PlayerSet {
        PlayerSet(self.0 & !other.0)
    }

    /// Whether `seat` is in the set.
    pub fn contains(self, seat: usize) -> bool {
        seat < MAX_PLAYERS && self.0 & (1 << seat) != 0
    }

    /// Adds `seat`.
    pub fn insert(&mut self, seat: usize) {
        debug_assert!(seat < MAX_PLAYERS);
        self.0 |= 1 << seat;
    }

    /// The number of seats in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest seat, if any.
    pub fn lowest(self) -> Option<usize> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as usize)
    }

    /// The seats of the set for which `test` holds. Built without a branch per seat, as
    /// the test is often a coin toss that no branch predictor can guess (whose card is
    /// the highest, at every battle).
    pub fn filter(self, mut test: impl FnMut(usize) -> bool) -> PlayerSet {
        let mut set = 0;
        for seat in self.iter() {
            set |= u8::from(test(seat)) << seat;
        }
        PlayerSet(set)
    }

    /// The seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        // Lowest set bit first, each taken off in turn: as many steps as seats in the
        // set, not as seats at the largest table (every battle walks its sets).
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let seat = (bits != 0).then(|| bits.trailing_zeros() as usize)?;
            bits &= bits - 1;
            Some(seat)
        })
    }
}

impl FromIterator<usize> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = usize>>(seats: I) -> PlayerSet {
        let mut set = PlayerSet::EMPTY;
        for seat in seats {
            set.insert(seat);
        }
        set
    }
}

impl fmt::Display for PlayerSet {
    /// `Player 1`, `Player 1 and Player 3`, `Player 1, Player 2 and Player 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let len = self.len();
        for (i, seat) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == len { " and " } else { ", " })?;
            }
            write!(f, "Player {}", seat + 1)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn card(text: &str) -> Card {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn shows_count_and_cards_top_first() {
        let mut player = Player::new(0, [card("6C"), card("10H")]);
        player.collect([card("AS")]);
        assert_eq!(player.to_string(), "Player 1 (3 cards): 6C 10H AS");
        assert_eq!(player.play_card().map(|c| c.to_string()), Some("6C".into()));
        let lone = Player::new(2, [card("2D")]);
        assert_eq!(lone.to_string(), "Player 3 (1 card): 2D");
        assert_eq!(Player::new(1, []).to_string(), "Player 2 (0 cards)");
    }

    #[test]
    fn player_sets() {
        let set: PlayerSet = [3, 0, 5].into_iter().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), [0, 3, 5]);
        assert_eq!(set.len(), 3);
        assert_eq!(set.lowest(), Some(0));
        assert_eq!(set.to_string(), "Player 1, Player 4 and Player 6");
        assert_eq!(PlayerSet::first(8).len(), 8);
        assert_eq!(PlayerSet::first(2).to_string(), "Player 1 and Player 2");
        assert!(PlayerSet::EMPTY.is_empty());
    }
}
