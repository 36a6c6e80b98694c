//! `Player`: the assignment's `Player` class, a seat and a face-down pile; and
//! [`PlayerSet`], a small set of seats for ties and wars.

use std::fmt;

use cards_core::names::plural;
use cards_core::ring::{PileFull, RingPile};

use crate::card::Card;
use crate::rules::MAX_PLAYERS;

/// The slots of a pile's ring: the deck's 52 cards fit, and a power of two makes going
/// round the ring a mask.
const PILE_SLOTS: usize = 64;

/// A player: a seat number and a face-down pile, top first (the assignment's `Player`
/// with its `ArrayList<Card>`). The pile is a [`RingPile`], a list with a queue's few
/// operations (take the top card, slip cards under the bottom, count them, go through
/// them top first) that keeps its cards in a fixed ring beneath: War never has more
/// than 52 cards, so the pile never grows, and taking or adding a card is a step round
/// the ring, where a growable list works out its capacity and its wrap-around each time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    seat: usize,
    pile: RingPile<Card, PILE_SLOTS>,
}

impl Player {
    /// Player `seat` (0-based; shown as `Player {seat + 1}`) with no cards yet.
    pub fn new(seat: usize) -> Player {
        Player {
            seat,
            pile: RingPile::new(),
        }
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
        self.pile.is_empty()
    }

    /// The cards, top first.
    pub fn cards(&self) -> impl ExactSizeIterator<Item = Card> + '_ {
        self.pile.iter().copied()
    }

    /// `playCard()`: takes the top card, if any.
    pub fn play_card(&mut self) -> Option<Card> {
        self.pile.draw()
    }

    /// `collect(cards)`: slips won cards under the bottom, in the order given. Refused,
    /// nothing added, if the pile would hold more than a ring's 64 cards, which 52
    /// different cards never do.
    pub fn collect(&mut self, cards: &[Card]) -> Result<(), PileFull> {
        self.pile.put_all_at_bottom(cards)
    }

    /// Empties the pile (for reuse between simulated games).
    pub(crate) fn clear(&mut self) {
        self.pile.clear();
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
    pub const fn first(count: usize) -> PlayerSet {
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

    /// Takes `seat` out.
    pub fn remove(&mut self, seat: usize) {
        debug_assert!(seat < MAX_PLAYERS);
        self.0 &= !(1 << seat);
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

    /// The seat, if the set holds exactly one.
    pub fn single(self) -> Option<usize> {
        // One bit set: clearing the lowest leaves none (without counting them all).
        (self.0 != 0 && self.0 & (self.0 - 1) == 0).then(|| self.0.trailing_zeros() as usize)
    }

    /// The seats of the set for which `test` holds.
    pub fn filter(self, mut test: impl FnMut(usize) -> bool) -> PlayerSet {
        let mut kept = PlayerSet::EMPTY;
        for seat in self.iter() {
            if test(seat) {
                kept.insert(seat);
            }
        }
        kept
    }

    /// The seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        // Lowest set bit first, each taken off in turn.
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
        let mut player = Player::new(0);
        player.collect(&[card("6C"), card("10H")]).unwrap();
        player.collect(&[card("AS")]).unwrap();
        assert_eq!(player.to_string(), "Player 1 (3 cards): 6C 10H AS");
        assert_eq!(player.play_card().map(|c| c.to_string()), Some("6C".into()));
        let mut lone = Player::new(2);
        lone.collect(&[card("2D")]).unwrap();
        assert_eq!(lone.to_string(), "Player 3 (1 card): 2D");
        assert_eq!(Player::new(1).to_string(), "Player 2 (0 cards)");
    }

    #[test]
    fn player_sets() {
        let set: PlayerSet = [3, 0, 5].into_iter().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), [0, 3, 5]);
        assert_eq!(set.len(), 3);
        assert_eq!(set.lowest(), Some(0));
        assert_eq!(set.single(), None);
        let mut fewer = set;
        fewer.remove(3);
        fewer.remove(4);
        assert_eq!(fewer.iter().collect::<Vec<_>>(), [0, 5]);
        assert_eq!(PlayerSet::EMPTY.single(), None);
        assert_eq!([6].into_iter().collect::<PlayerSet>().single(), Some(6));
        assert_eq!(set.filter(|seat| seat > 2), [3, 5].into_iter().collect());
        assert_eq!(set.to_string(), "Player 1, Player 4 and Player 6");
        assert_eq!(PlayerSet::first(8).len(), 8);
        assert_eq!(PlayerSet::first(2).to_string(), "Player 1 and Player 2");
        assert!(PlayerSet::EMPTY.is_empty());
    }
}
