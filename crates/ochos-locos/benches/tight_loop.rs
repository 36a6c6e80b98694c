//! The tight loop: `completos` (Assignment 4, Part III: the 2-card and 8-card rules, the
//! game ends when the deck runs out) for four players with the default strategies,
//! colour first, number first, strategic, basic — written for that one rule set only, as
//! a yardstick for `ochos-locos simulate` (`benches/tight.rs`), and checked to play
//! exactly the engine's games (`tests/tight_loop.rs`).
//!
//! Game `index` of seed `seed` shuffles the 32 sorted cards with `stream_rng(seed,
//! index)` and `cards_core::shuffle`, as the engine's chance node does, and deals them in
//! deal-file order: five a seat, the discard card, the deck top first.
//!
//! The representation: every card is known by its *place in the deal* (0–31). A hand is
//! a `u32` of places. Cards reach a hand in deal order — its five dealt cards, then draws
//! from the top of the deck, whose places only grow — so the lowest place of a set is the
//! card of that set received first: "the first match in hand order" is `trailing_zeros`.
//! The colour and number of every place are bit masks built once a deal.

use cards_core::rng::stream_rng;
use cards_core::shuffle;

/// The seats: colour first, number first, strategic, basic (`CNSB`).
const SEATS: usize = 4;
/// Cards in a hand at the deal.
const HAND: usize = 5;
/// Cards in the deck.
const CARDS: usize = 32;
/// A card's number, 0-based: the 2 and the 8.
const TWO: usize = 1;
const EIGHT: usize = 7;

/// How a game ended and how long it took: what the engine's `Played` says, plus the
/// cards each seat held at the end and the cards left in the deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// The winning seat, or `None` when the deck ran out.
    pub winner: Option<usize>,
    /// Turns played.
    pub turns: u64,
    /// Cards held by each seat at the end.
    pub held: [u32; SEATS],
    /// Cards left in the deck at the end.
    pub deck: u32,
}

#[derive(Clone, Copy)]
enum Strategy {
    ColorFirst,
    NumberFirst,
    Strategic,
    Basic,
}

const STRATEGIES: [Strategy; SEATS] = [
    Strategy::ColorFirst,
    Strategy::NumberFirst,
    Strategy::Strategic,
    Strategy::Basic,
];

/// The lowest set bit of a non-empty set, alone.
fn lowest(set: u32) -> u32 {
    set & set.wrapping_neg()
}

/// Plays game `index` of a run seeded with `seed`.
pub fn play(seed: u64, index: u64) -> Game {
    // Cards 0–31 in card order: colour (R, Y, G, B) × 8 + number − 1.
    let mut deal: [u8; CARDS] = std::array::from_fn(|card| card as u8);
    shuffle(&mut deal, &mut stream_rng(seed, index));
    let mut colour = [0u32; 4];
    let mut number = [0u32; 8];
    for (place, &card) in deal.iter().enumerate() {
        colour[usize::from(card >> 3)] |= 1 << place;
        number[usize::from(card & 7)] |= 1 << place;
    }
    let mut hands: [u32; SEATS] = std::array::from_fn(|seat| 0x1f << (seat * HAND));
    // The card to match, as colour and number; after an 8, the colour named and 8.
    let discard = deal[SEATS * HAND];
    let (mut to_colour, mut to_number) = (usize::from(discard >> 3), usize::from(discard & 7));
    let mut pending_twos = 0u32;
    let mut next = SEATS * HAND + 1;
    let mut turns = 0;
    let mut seat = 0;
    let winner = loop {
        turns += 1;
        let hand = hands[seat];
        let choice = if pending_twos > 0 {
            lowest(hand & number[TWO])
        } else {
            let colours = hand & colour[to_colour];
            let numbers = hand & number[to_number];
            match STRATEGIES[seat] {
                Strategy::Basic => lowest(colours | numbers),
                Strategy::ColorFirst if colours != 0 => lowest(colours),
                Strategy::NumberFirst if numbers != 0 => lowest(numbers),
                Strategy::ColorFirst => lowest(numbers),
                Strategy::NumberFirst => lowest(colours),
                Strategy::Strategic if numbers.count_ones() > colours.count_ones() => {
                    lowest(numbers)
                }
                Strategy::Strategic => lowest(colours),
            }
        };
        if choice == 0 {
            // Draw one card, or the penalty of two for every 2 of the chain.
            let owed = if pending_twos > 0 {
                2 * pending_twos
            } else {
                1
            };
            pending_twos = 0;
            let was_empty = next == CARDS;
            let drawn = (owed as usize).min(CARDS - next);
            hands[seat] |= (((1u64 << drawn) - 1) << next) as u32;
            next += drawn;
            if was_empty || next == CARDS {
                break None;
            }
        } else {
            let place = choice.trailing_zeros() as usize;
            let card = deal[place];
            hands[seat] = hand ^ choice;
            if hands[seat] == 0 {
                break Some(seat);
            }
            to_number = usize::from(card & 7);
            to_colour = usize::from(card >> 3);
            pending_twos = if to_number == TWO {
                pending_twos + 1
            } else {
                0
            };
            if to_number == EIGHT {
                // The colour held most, the 8 included; ties go red, yellow, green, blue.
                let mut best = 0;
                for c in 1..4 {
                    if (hand & colour[c]).count_ones() > (hand & colour[best]).count_ones() {
                        best = c;
                    }
                }
                to_colour = best;
            }
        }
        seat = (seat + 1) % SEATS;
    };
    Game {
        winner,
        turns,
        held: hands.map(u32::count_ones),
        deck: (CARDS - next) as u32,
    }
}
