//! The benchmark's yardstick: bot games of one rule set written as a tight loop, the way
//! a careful engineer writes them for speed alone, outside the engine (issue 13). It is
//! not used by any front end; the differential test (`tests/tight_loop.rs`) checks that
//! game `i` of seed `S` is the same game here as in `quattro simulate`, and the `tight`
//! bench times both.
//!
//! Cards are small integers (`colour × 16 + number`, actions after the numbers, wild
//! cards 64 and 65), the piles and hands fixed arrays, each hand kept with its counts by
//! colour, number and action so that the bot scores a card in constant time. Chance is
//! drawn exactly as the engine draws it: `stream_rng(seed, index)`, the whole deck in its
//! fixed order shuffled by `cards_core::shuffle` for the deal, and for each reshuffle
//! the discards under the top card, top first, shuffled the same way.

#![allow(dead_code, missing_docs)]

use cards_core::rng::{GameRng, stream_rng};

const PLAYERS: usize = 4;
const HAND_SIZE: usize = 3;
/// Room for any pile or hand (the Uno deck has 56 cards, and up to four wild cards go
/// under the draw pile at the deal).
const ROOM: usize = 64;
/// A bot attacks when the next player holds this many cards or fewer.
const ATTACK_WHEN_NEXT_HOLDS: u8 = 2;

const WILD: u8 = 64;
const WILD_DRAW_FOUR: u8 = 65;
const SKIP: u8 = 10;
const REVERSE: u8 = 11;
const DRAW_TWO: u8 = 12;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Winner(usize),
    EveryonePassed,
    TurnLimit,
}

/// A whole game's result: how it ended and how many turns it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub ending: Ending,
    pub turns: u32,
}

fn color_of(card: u8) -> usize {
    usize::from(card >> 4)
}

fn rank_of(card: u8) -> usize {
    usize::from(card & 15)
}

fn is_wild(card: u8) -> bool {
    card >= WILD
}

fn next_seat(seat: usize, clockwise: bool) -> usize {
    if clockwise {
        (seat + 1) & 3
    } else {
        (seat + 3) & 3
    }
}

/// A hand in the order received, with its counts: by colour, by rank (number 0–9, then
/// Skip, Reverse, Draw Two) and wild cards.
#[derive(Clone, Copy)]
struct Hand {
    cards: [u8; ROOM],
    len: usize,
    by_color: [u8; 4],
    by_rank: [u8; 13],
    wilds: u8,
}

impl Hand {
    const EMPTY: Hand = Hand {
        cards: [0; ROOM],
        len: 0,
        by_color: [0; 4],
        by_rank: [0; 13],
        wilds: 0,
    };

    fn push(&mut self, card: u8) {
        self.cards[self.len] = card;
        self.len += 1;
        if is_wild(card) {
            self.wilds += 1;
        } else {
            self.by_color[color_of(card)] += 1;
            self.by_rank[rank_of(card)] += 1;
        }
    }

    fn remove_at(&mut self, at: usize) -> u8 {
        let card = self.cards[at];
        self.cards.copy_within(at + 1..self.len, at);
        self.len -= 1;
        if is_wild(card) {
            self.wilds -= 1;
        } else {
            self.by_color[color_of(card)] -= 1;
            self.by_rank[rank_of(card)] -= 1;
        }
        card
    }
}

/// One thread's table, reused from game to game.
#[derive(Clone)]
pub struct Table {
    uno: bool,
    max_turns: u32,
    deck: [u8; ROOM],
    deck_len: usize,
    // The draw pile: `draw[draw_top..draw_end]`, top first.
    draw: [u8; ROOM],
    draw_top: usize,
    draw_end: usize,
    // The discard pile: `discard[..discard_len]`, top last.
    discard: [u8; ROOM],
    discard_len: usize,
    hands: [Hand; PLAYERS],
    color: usize,
    current: usize,
    clockwise: bool,
    passes_in_row: usize,
    turns: u32,
    rng: GameRng,
}

impl Table {
    /// A table for Quattro rules (40 number cards) or, with `uno`, Uno rules.
    pub fn new(uno: bool, max_turns: u32) -> Table {
        let mut deck = [0; ROOM];
        let mut deck_len = 0;
        let mut add = |card: u8| {
            deck[deck_len] = card;
            deck_len += 1;
        };
        for color in 0..4 {
            for number in 0..10 {
                add(color * 16 + number);
            }
        }
        if uno {
            for color in 0..4 {
                for action in [SKIP, REVERSE, DRAW_TWO] {
                    add(color * 16 + action);
                }
            }
            for wild in [WILD, WILD, WILD_DRAW_FOUR, WILD_DRAW_FOUR] {
                add(wild);
            }
        }
        Table {
            uno,
            max_turns,
            deck,
            deck_len,
            draw: [0; ROOM],
            draw_top: 0,
            draw_end: 0,
            discard: [0; ROOM],
            discard_len: 0,
            hands: [Hand::EMPTY; PLAYERS],
            color: 0,
            current: 0,
            clockwise: true,
            passes_in_row: 0,
            turns: 0,
            rng: stream_rng(0, 0),
        }
    }

    /// Game number `index` of `seed`.
    pub fn play(&mut self, seed: u64, index: u64) -> Played {
        self.rng = stream_rng(seed, index);
        self.deal();
        let ending = if self.uno {
            self.play_uno()
        } else {
            self.play_quattro()
        };
        Played {
            ending,
            turns: self.turns,
        }
    }

    fn deal(&mut self) {
        let n = self.deck_len;
        self.draw[..n].copy_from_slice(&self.deck[..n]);
        cards_core::shuffle(&mut self.draw[..n], &mut self.rng);
        self.draw_top = 0;
        self.draw_end = n;
        self.hands = [Hand::EMPTY; PLAYERS];
        for _ in 0..HAND_SIZE {
            for hand in &mut self.hands {
                hand.push(self.draw[self.draw_top]);
                self.draw_top += 1;
            }
        }
        // A wild card turned up goes under the draw pile (Uno rules only).
        loop {
            let card = self.draw[self.draw_top];
            self.draw_top += 1;
            if !is_wild(card) {
                self.discard[0] = card;
                self.discard_len = 1;
                self.color = color_of(card);
                break;
            }
            self.draw[self.draw_end] = card;
            self.draw_end += 1;
        }
        self.current = 0;
        self.clockwise = true;
        self.passes_in_row = 0;
        self.turns = 0;
    }

    fn top(&self) -> u8 {
        self.discard[self.discard_len - 1]
    }

    /// The top card of the draw pile, after a reshuffle of the discards under the top
    /// card if it is empty; `None` if there is nothing to draw.
    fn take(&mut self) -> Option<u8> {
        if self.draw_top == self.draw_end {
            if self.discard_len <= 1 {
                return None;
            }
            let n = self.discard_len - 1;
            for k in 0..n {
                self.draw[k] = self.discard[n - 1 - k];
            }
            self.discard[0] = self.discard[n];
            self.discard_len = 1;
            self.draw_top = 0;
            self.draw_end = n;
            cards_core::shuffle(&mut self.draw[..n], &mut self.rng);
        }
        let card = self.draw[self.draw_top];
        self.draw_top += 1;
        Some(card)
    }

    /// The current player draws (or passes); the turn passes on. `Some` if that ends
    /// the game.
    fn draw_move(&mut self) -> Option<Ending> {
        let player = self.current;
        match self.take() {
            Some(card) => {
                self.hands[player].push(card);
                self.passes_in_row = 0;
            }
            None => self.passes_in_row += 1,
        }
        self.pass_turn(next_seat(player, self.clockwise))
    }

    fn pass_turn(&mut self, next: usize) -> Option<Ending> {
        self.current = next;
        if self.passes_in_row >= PLAYERS {
            Some(Ending::EveryonePassed)
        } else if self.turns >= self.max_turns {
            Some(Ending::TurnLimit)
        } else {
            None
        }
    }

    fn play_quattro(&mut self) -> Ending {
        loop {
            let player = self.current;
            let hand = &self.hands[player];
            let top_number = rank_of(self.top());
            // The playable card that keeps most others playable on it, the first in
            // hand order on ties; no two cards share colour and number.
            let mut best: Option<(u8, usize)> = None;
            for at in 0..hand.len {
                let card = hand.cards[at];
                let (color, number) = (color_of(card), rank_of(card));
                if color != self.color && number != top_number {
                    continue;
                }
                let kept = hand.by_color[color] + hand.by_rank[number] - 2;
                if best.is_none_or(|(most, _)| kept > most) {
                    best = Some((kept, at));
                }
            }
            self.turns += 1;
            let ended = match best {
                None => self.draw_move(),
                Some((_, at)) => {
                    self.passes_in_row = 0;
                    let card = self.hands[player].remove_at(at);
                    self.discard[self.discard_len] = card;
                    self.discard_len += 1;
                    self.color = color_of(card);
                    if self.hands[player].len == 0 {
                        return Ending::Winner(player);
                    }
                    self.pass_turn(next_seat(player, true))
                }
            };
            if let Some(ending) = ended {
                return ending;
            }
        }
    }

    fn play_uno(&mut self) -> Ending {
        loop {
            let player = self.current;
            let hand = &self.hands[player];
            let top = self.top();
            let top_rank = if is_wild(top) { 255 } else { rank_of(top) };
            let next_holds = self.hands[next_seat(player, self.clockwise)].len;
            let attack = next_holds <= usize::from(ATTACK_WHEN_NEXT_HOLDS);
            // The favourite colour of the others when a wild card is played: the most
            // held (ties in rainbow order); the wild card itself has none.
            let favorite = (0..4).fold(0, |best, c| {
                if hand.by_color[c] > hand.by_color[best] {
                    c
                } else {
                    best
                }
            });
            let mut best: Option<((u8, u8), usize, usize)> = None;
            for at in 0..hand.len {
                let card = hand.cards[at];
                let (key, named) = if is_wild(card) {
                    if card == WILD_DRAW_FOUR && hand.by_color[self.color] > 0 {
                        continue;
                    }
                    let preference = match (card == WILD_DRAW_FOUR, attack) {
                        (true, true) => 3,
                        (true, false) => 0,
                        (false, _) => 1,
                    };
                    // Only a last card names no colour, and then there is nothing
                    // left to keep.
                    let kept = hand.by_color[favorite] + hand.wilds - 1;
                    ((preference, kept), favorite)
                } else {
                    let (color, rank) = (color_of(card), rank_of(card));
                    if color != self.color && rank != top_rank {
                        continue;
                    }
                    let hurts = rank == SKIP as usize || rank == DRAW_TWO as usize;
                    let preference = if hurts && attack { 3 } else { 2 };
                    let kept = hand.by_color[color] + hand.by_rank[rank] - 2 + hand.wilds;
                    ((preference, kept), color)
                };
                if best.is_none_or(|(most, _, _)| key > most) {
                    best = Some((key, at, named));
                }
            }
            self.turns += 1;
            let ended = match best {
                None => self.draw_move(),
                Some((_, at, named)) => {
                    self.passes_in_row = 0;
                    let card = self.hands[player].remove_at(at);
                    self.discard[self.discard_len] = card;
                    self.discard_len += 1;
                    if self.hands[player].len == 0 {
                        return Ending::Winner(player);
                    }
                    self.color = named;
                    self.carry_out(player, card)
                }
            };
            if let Some(ending) = ended {
                return ending;
            }
        }
    }

    /// What a card played by `player` does, then the turn passes on.
    fn carry_out(&mut self, player: usize, card: u8) -> Option<Ending> {
        let (owed, skips) = match card {
            WILD => (0, false),
            WILD_DRAW_FOUR => (4, true),
            _ => match card & 15 {
                SKIP => (0, true),
                REVERSE => {
                    self.clockwise = !self.clockwise;
                    (0, false)
                }
                DRAW_TWO => (2, true),
                _ => (0, false),
            },
        };
        let next = next_seat(player, self.clockwise);
        for _ in 0..owed {
            let Some(card) = self.take() else {
                break;
            };
            self.hands[next].push(card);
        }
        let next = if skips {
            next_seat(next, self.clockwise)
        } else {
            next
        };
        self.pass_turn(next)
    }
}
