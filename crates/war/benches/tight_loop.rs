//! War as a careful engineer writes it for one job, simulating the default rules (won
//! cards shuffled back, the default battle cap) and nothing else: the yardstick of
//! issue 13 for `war simulate`. Included as a module by `benches/tight.rs` (which times
//! it beside the engine) and `tests/tight_loop.rs` (which checks that it plays exactly
//! the engine's games).
//!
//! Only ranks decide War, so a card is its rank as a byte (0 for a two, 12 for an ace);
//! a pile is a ring of 64 bytes; the table is an array of 52. Chance is drawn exactly as
//! the engine draws it, from the same stream (`stream_rng(seed, index)`) with the same
//! helper (`cards_core::shuffle`): the deal shuffles the 52 cards in their fixed order
//! (suit by suit, two to ace, so card `k` has rank `k % 13`) and deals card `i` to seat
//! `i mod players`; each take shuffles the table's cards in the order they were put
//! down (a pot left by an earlier battle first). A shuffle moves cards by position, so
//! shuffling ranks moves them exactly as shuffling cards does.
//!
//! [`play_two`] is specialised for two players; [`play`] takes 2 to 8.

// Some items are used by the bench only, others by the test only.
#![allow(dead_code)]

use cards_core::rng::{GameRng, stream_rng};
use cards_core::shuffle;

/// The engine's default cap on battles (`Rules::DEFAULT_MAX_BATTLES`).
pub const MAX_BATTLES: u64 = 100_000;

/// Wars in a row are tallied in 9 buckets, the last holding 8 or more.
pub const ROW_BUCKETS: usize = 9;

/// Cards laid in a war, the last face up.
const WAR_CARDS: usize = 4;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The player in this seat holds every card.
    Winner(usize),
    /// The last players ran out of cards together.
    OutOfCards,
    /// The cap on battles was reached.
    BattleCap,
}

/// Everything `war simulate` tallies of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// How it ended.
    pub end: End,
    /// Battles, wars' deciding ones included.
    pub battles: u64,
    /// Wars, chained ones each counted.
    pub wars: u64,
    /// Battles that were a war's deciding comparison.
    pub war_battles: u64,
    /// Battles begun by a player, by the wars they set off in a row (last: 8 or more).
    pub rows: [u64; ROW_BUCKETS],
    /// The most wars in a row.
    pub longest_row: u64,
}

impl Record {
    fn new() -> Record {
        Record {
            end: End::OutOfCards,
            battles: 0,
            wars: 0,
            war_battles: 0,
            rows: [0; ROW_BUCKETS],
            longest_row: 0,
        }
    }

    /// One battle begun by a player set off `run` wars in a row.
    fn row(&mut self, run: u64) {
        self.rows[(run as usize).min(ROW_BUCKETS - 1)] += 1;
        self.longest_row = self.longest_row.max(run);
    }
}

/// A face-down pile of ranks, top first: a ring of 64 slots (never more than 52 cards).
#[derive(Clone, Copy)]
struct Pile {
    ranks: [u8; 64],
    top: usize,
    len: usize,
}

impl Pile {
    const EMPTY: Pile = Pile {
        ranks: [0; 64],
        top: 0,
        len: 0,
    };

    #[inline(always)]
    fn draw(&mut self) -> u8 {
        let rank = self.ranks[self.top & 63];
        self.top = self.top.wrapping_add(1);
        self.len -= 1;
        rank
    }

    #[inline(always)]
    fn slip_under(&mut self, rank: u8) {
        self.ranks[(self.top + self.len) & 63] = rank;
        self.len += 1;
    }
}

/// The deal's shuffle: the 52 ranks in the deck's fixed order, shuffled.
#[inline(always)]
fn shuffled_deck(rng: &mut GameRng) -> [u8; 52] {
    let mut deck = [0u8; 52];
    for (k, rank) in deck.iter_mut().enumerate() {
        *rank = (k % 13) as u8;
    }
    shuffle(&mut deck, rng);
    deck
}

/// Game `index` of a run seeded `seed`, two players.
pub fn play_two(seed: u64, index: u64) -> Record {
    let mut rng = stream_rng(seed, index);
    let deck = shuffled_deck(&mut rng);
    let mut piles = [Pile::EMPTY; 2];
    for (i, &rank) in deck.iter().enumerate() {
        piles[i & 1].slip_under(rank);
    }
    let mut table = [0u8; 52];
    let mut record = Record::new();
    loop {
        // A battle: both players hold cards.
        record.battles += 1;
        let (mut a, mut b) = (piles[0].draw(), piles[1].draw());
        table[0] = a;
        table[1] = b;
        let mut laid = 2;
        let mut run = 0;
        let winner = loop {
            if a != b {
                break Some(usize::from(b > a));
            }
            // A war: those who can lay four cards go on; if neither can, the one with
            // more cards outlasts the other; with as many, both are out.
            record.wars += 1;
            run += 1;
            let (n0, n1) = (piles[0].len, piles[1].len);
            let (go0, go1) = if n0 >= WAR_CARDS || n1 >= WAR_CARDS {
                (n0 >= WAR_CARDS, n1 >= WAR_CARDS)
            } else {
                (n0 > n1, n1 > n0)
            };
            for pile in &mut piles {
                for _ in 0..pile.len.min(WAR_CARDS) {
                    table[laid] = pile.draw();
                    laid += 1;
                }
            }
            match (go0, go1) {
                (true, true) => {
                    record.battles += 1;
                    record.war_battles += 1;
                    a = table[laid - WAR_CARDS - 1];
                    b = table[laid - 1];
                }
                (true, false) => break Some(0),
                (false, true) => break Some(1),
                (false, false) => break None,
            }
        };
        record.row(run);
        let Some(winner) = winner else {
            record.end = End::OutOfCards;
            return record;
        };
        shuffle(&mut table[..laid], &mut rng);
        for &rank in &table[..laid] {
            piles[winner].slip_under(rank);
        }
        if piles[1 - winner].len == 0 {
            record.end = End::Winner(winner);
            return record;
        }
        if record.battles >= MAX_BATTLES {
            record.end = End::BattleCap;
            return record;
        }
    }
}

/// The seats of a bit set, lowest first.
#[inline(always)]
fn seats(mut set: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let seat = (set != 0).then(|| set.trailing_zeros() as usize)?;
        set &= set - 1;
        Some(seat)
    })
}

/// Game `index` of a run seeded `seed`, 2 to 8 players.
pub fn play(players: usize, seed: u64, index: u64) -> Record {
    assert!((2..=8).contains(&players), "2 to 8 players");
    let mut rng = stream_rng(seed, index);
    let deck = shuffled_deck(&mut rng);
    let mut piles = [Pile::EMPTY; 8];
    for (i, &rank) in deck.iter().enumerate() {
        piles[i % players].slip_under(rank);
    }
    // Seats holding cards, as bits.
    let mut active: u8 = ((1u16 << players) - 1) as u8;
    // The table: a pot left by a war nobody won stays for the next battle's winner.
    let mut table = [0u8; 52];
    let mut laid = 0;
    let mut record = Record::new();
    loop {
        record.battles += 1;
        let mut shown = [0u8; 8];
        let mut contenders = active;
        for seat in seats(contenders) {
            shown[seat] = piles[seat].draw();
            table[laid] = shown[seat];
            laid += 1;
        }
        let mut run = 0;
        let winner = loop {
            let best_rank = seats(contenders).map(|s| shown[s]).max().unwrap_or(0);
            let best = seats(contenders)
                .filter(|&s| shown[s] == best_rank)
                .fold(0u8, |set, s| set | 1 << s);
            if best.count_ones() == 1 {
                break Some(best.trailing_zeros() as usize);
            }
            record.wars += 1;
            run += 1;
            let full = seats(best)
                .filter(|&s| piles[s].len >= WAR_CARDS)
                .fold(0u8, |set, s| set | 1 << s);
            let survivors = if full != 0 {
                full
            } else {
                let most = seats(best).map(|s| piles[s].len).max().unwrap_or(0);
                let last = seats(best)
                    .filter(|&s| piles[s].len == most)
                    .fold(0u8, |set, s| set | 1 << s);
                if last.count_ones() == 1 { last } else { 0 }
            };
            for seat in seats(best) {
                for _ in 0..piles[seat].len.min(WAR_CARDS) {
                    let rank = piles[seat].draw();
                    table[laid] = rank;
                    laid += 1;
                    shown[seat] = rank;
                }
            }
            match survivors.count_ones() {
                0 => break None,
                1 => break Some(survivors.trailing_zeros() as usize),
                _ => {
                    record.battles += 1;
                    record.war_battles += 1;
                    contenders = survivors;
                }
            }
        };
        record.row(run);
        if let Some(winner) = winner {
            shuffle(&mut table[..laid], &mut rng);
            for &rank in &table[..laid] {
                piles[winner].slip_under(rank);
            }
            laid = 0;
        }
        active = seats(active)
            .filter(|&s| piles[s].len > 0)
            .fold(0u8, |set, s| set | 1 << s);
        match active.count_ones() {
            0 => {
                record.end = End::OutOfCards;
                return record;
            }
            // The last player standing wins, taking any pot left on the table.
            1 => {
                record.end = End::Winner(active.trailing_zeros() as usize);
                return record;
            }
            _ if record.battles >= MAX_BATTLES => {
                record.end = End::BattleCap;
                return record;
            }
            _ => {}
        }
    }
}
