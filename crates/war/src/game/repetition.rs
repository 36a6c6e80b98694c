//! The check that ends an endless game: with won cards returned in a fixed order
//! ([`WonCardOrder::Fixed`](crate::rules::WonCardOrder::Fixed)) the cards can come back to
//! a position they were in before, and the game would then repeat forever. [`Game`]
//! keeps one [`Repetition`] and asks it after every battle; nothing in the battle and the
//! war depends on it.
//!
//! [`Game`]: super::Game

use crate::card::Card;
use crate::player::Player;

/// Repetition detection by Brent's algorithm: the position (the piles and the table
/// between two battles) is saved at the deal and after battles 1, 3, 7, 15, … (the saving
/// interval doubles), and each new position is compared with the saved one. Once the game
/// has entered a cycle and the interval exceeds the cycle's length, the saved position
/// comes back, so every cycle is found, at most a few cycle lengths late; positions are
/// compared exactly (no hashing, so no false alarm) and the two buffers are reused, so
/// nothing is allocated per battle.
#[derive(Clone, Debug, Default)]
pub(super) struct Repetition {
    saved: Vec<u8>,
    /// Scratch space for the position being checked.
    current: Vec<u8>,
    saved_battle: u64,
    interval: u64,
    since: u64,
}

impl PartialEq for Repetition {
    /// Compares what decides the future; `current` is scratch.
    fn eq(&self, other: &Repetition) -> bool {
        (&self.saved, self.saved_battle, self.interval, self.since)
            == (
                &other.saved,
                other.saved_battle,
                other.interval,
                other.since,
            )
    }
}

impl Repetition {
    const SEPARATOR: u8 = u8::MAX;

    /// Back to no position seen, as before a game, keeping the buffers' room.
    pub(super) fn clear(&mut self) {
        self.saved.clear();
        self.current.clear();
        self.saved_battle = 0;
        self.interval = 0;
        self.since = 0;
    }

    /// The position at the start of the game (battle 0) is the first one saved.
    pub(super) fn start(&mut self, players: &[Player], table: &[Card]) {
        encode(&mut self.saved, players, table);
        self.saved_battle = 0;
        self.interval = 1;
        self.since = 0;
    }

    /// After battle `battle`: the battle after which the same position was saved, if
    /// this position repeats it.
    // Out of line: encoding and comparing a whole position costs far more than the call,
    // and inlined it would make the end of every battle too big to inline where it is
    // called, fixed order or not.
    #[inline(never)]
    pub(super) fn check(&mut self, players: &[Player], table: &[Card], battle: u64) -> Option<u64> {
        encode(&mut self.current, players, table);
        if self.current == self.saved {
            return Some(self.saved_battle);
        }
        self.since += 1;
        if self.since == self.interval {
            std::mem::swap(&mut self.saved, &mut self.current);
            self.saved_battle = battle;
            self.interval *= 2;
            self.since = 0;
        }
        None
    }
}

/// The position as bytes: each pile top first, then the table; card indices are below
/// 52, so the separator cannot be mistaken for a card.
fn encode(buffer: &mut Vec<u8>, players: &[Player], table: &[Card]) {
    buffer.clear();
    for player in players {
        buffer.extend(player.cards().map(|card| card.index() as u8));
        buffer.push(Repetition::SEPARATOR);
    }
    buffer.extend(table.iter().map(|card| card.index() as u8));
}
