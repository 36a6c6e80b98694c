//! The bots' policy: deterministic, and it uses only what an [`Observation`] shows.
//!
//! Among the playable cards a bot prefers, in this order:
//! 1. (Uno rules) a Skip, Draw Two or Wild Draw Four when the next player is close to
//!    winning (two cards or fewer): slowing them down matters more than options;
//! 2. a coloured card over a wild one, and a Wild over a Wild Draw Four: wild cards are
//!    kept for when nothing else fits;
//! 3. the card that keeps most options: the one on which most of the bot's remaining
//!    cards could be played next (if the table leaves it on top);
//! 4. the first such card in hand order.
//!
//! A wild card names the colour the bot holds most of once it is played (ties in
//! rainbow order: red, yellow, green, blue). A bot with no playable card draws.
//!
//! [`Bot`] is this policy as the agent of a seat: it sees the seat's observation and the
//! legal moves, and picks among them.

use cards_core::Color;
use cards_core::protocol::{Agent, Seat, Stop};

use crate::card::{Card, WildCard};
use crate::game::{Action, Game, Observation};

/// How close to winning the next player must be (cards held) for a bot to attack.
const ATTACK_WHEN_NEXT_HOLDS: usize = 2;

/// A bot: chooses by [`next_play`] from what its seat sees.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bot;

impl Agent<Game> for Bot {
    fn choose(
        &mut self,
        _seat: Seat,
        view: &Observation<'_>,
        _legal: &[Action],
    ) -> Result<Action, Stop> {
        Ok(next_play(view))
    }

    /// The bot weighs the cards of its hand, each checked with the view's rules, as a
    /// player would: it needs no list of legal moves (and the game refuses an illegal
    /// one).
    fn wants_legal_actions(&self, _seat: Seat) -> bool {
        false
    }
}

/// The bot's move for the position `view` shows: a legal play of a card of the hand, or
/// the draw when there is none.
pub fn next_play(view: &Observation<'_>) -> Action {
    let mut playable = view.playable();
    let Some(mut best) = playable.next() else {
        return Action::Draw;
    };
    // The best card's key is worked out only once another card competes with it: a lone
    // playable card, most turns, has nothing to be weighed against.
    let mut best_key = None;
    for card in playable {
        let to_beat = *best_key.get_or_insert_with(|| weigh(view, best));
        let key = weigh(view, card);
        // Step 4: on a tie the card earlier in hand order stays.
        if key > to_beat {
            best = card;
            best_key = Some(key);
        }
    }
    // A legal move: a playable card, with a colour exactly when it must name one.
    Action::Play {
        card: best,
        color: color_named(view, best),
    }
}

/// Steps 1 to 3 of the policy for `card`, a playable card: the higher, the better.
fn weigh(view: &Observation<'_>, card: Card) -> (u8, usize) {
    let follow = card
        .color()
        .or_else(|| color_named(view, card))
        .unwrap_or(view.color);
    (preference(view, card), options_kept(view, card, follow))
}

/// The colour the bot names when it plays `card`: with a wild card that must name one,
/// the colour it holds most of once the card is played.
fn color_named(view: &Observation<'_>, card: Card) -> Option<Color> {
    view.names_color(card)
        // The wild card has no colour: the colours held are the other cards'.
        .then(|| Color::most_held(view.hand.iter().filter_map(|held| held.color())))
}

/// Steps 1 and 2 of the policy: the higher, the better.
fn preference(view: &Observation<'_>, card: Card) -> u8 {
    let hurts_next = card
        .ability()
        .is_some_and(|a| a.skips_next || a.next_draws > 0);
    if hurts_next && view.hand_sizes[view.next_seat()] <= ATTACK_WHEN_NEXT_HOLDS {
        return 3;
    }
    match card {
        Card::Standard(_) | Card::Special(_) => 2,
        Card::Wild(WildCard::Wild) => 1,
        Card::Wild(WildCard::WildDrawFour) => 0,
    }
}

/// How many of the other cards of the hand could follow `card`, one of them, with
/// `color` to follow: the cards that match it, but `card` itself (it matches itself: its
/// colour is `color`, or it is wild).
fn options_kept(view: &Observation<'_>, card: Card, color: Color) -> usize {
    let matching = view.hand.iter().filter(|held| held.matches(card, color));
    matching.count().saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::cards;
    use crate::rules::PLAYERS;
    use crate::rules::{Rules, Variant};
    use pretty_assertions::assert_eq;

    fn choose(hand: &str, top: &str, color: Color, next_holds: usize) -> Action {
        let hand = cards(hand);
        let mut hand_sizes = [5; PLAYERS];
        hand_sizes[1] = next_holds;
        let view = Observation {
            seat: 0,
            hand: &hand,
            top: cards(top)[0],
            color,
            hand_sizes,
            draw_pile: 10,
            clockwise: true,
            rules: Rules::new(Variant::Uno),
        };
        let chosen = next_play(&view);
        // The bot chooses by itself; what it chooses must be a legal move.
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        assert!(legal.contains(&chosen), "{chosen:?} is not among {legal:?}");
        chosen
    }

    fn play(code: &str, color: Option<Color>) -> Action {
        Action::Play {
            card: cards(code)[0],
            color,
        }
    }

    /// The Uno rules' deck shuffled from `seed`: hands of every kind of card.
    fn shuffled_uno_deck(seed: u64) -> Vec<Card> {
        let mut deck = Variant::Uno.deck();
        cards_core::shuffle(&mut deck, &mut cards_core::rng::rng_from_seed(seed));
        deck
    }

    /// `options_kept` is what step 3 of the policy says: the other cards of the hand that
    /// match the card played, for every card of many hands and every colour to follow.
    #[test]
    fn options_kept_counts_the_other_cards_that_match() {
        for seed in 0..300u64 {
            let shuffled = shuffled_uno_deck(seed);
            let hand = &shuffled[..1 + (seed % 20) as usize];
            let view = Observation {
                seat: 0,
                hand,
                top: hand[0],
                color: Color::Red,
                hand_sizes: [hand.len(); PLAYERS],
                draw_pile: 10,
                clockwise: true,
                rules: Rules::new(Variant::Uno),
            };
            for (at, &card) in hand.iter().enumerate() {
                for color in Color::ALL {
                    let follow = card.color().unwrap_or(color);
                    let others = hand
                        .iter()
                        .enumerate()
                        .filter(|&(i, &other)| i != at && other.matches(card, follow))
                        .count();
                    assert_eq!(
                        options_kept(&view, card, follow),
                        others,
                        "{card} in {hand:?}, {follow:?} to follow"
                    );
                }
            }
        }
    }

    /// `next_play` weighs a card only once another competes with it; it plays what
    /// weighing every playable card in hand order would: the first with the highest key
    /// (steps 1 to 4, worked out here card by card, apart from the bot's code).
    #[test]
    fn next_play_is_the_first_best_of_every_playable_card() {
        for seed in 0..400u64 {
            let shuffled = shuffled_uno_deck(seed);
            let (hand, rest) = shuffled.split_at(1 + (seed % 12) as usize);
            let top = rest.iter().copied().find(|card| card.color().is_some());
            let top = top.expect("a shuffled Uno deck has coloured cards past the hand");
            for color in Color::ALL {
                for next_holds in [1, 2, 5] {
                    let mut hand_sizes = [5; PLAYERS];
                    hand_sizes[1] = next_holds;
                    let view = Observation {
                        seat: 0,
                        hand,
                        top,
                        color,
                        hand_sizes,
                        draw_pile: 10,
                        clockwise: true,
                        rules: Rules::new(Variant::Uno),
                    };
                    let mut want = Action::Draw;
                    let mut best = None;
                    for &card in hand.iter().filter(|&&card| view.can_play(card)) {
                        let named = (card.is_wild() && hand.len() > 1)
                            .then(|| Color::most_held(hand.iter().filter_map(|held| held.color())));
                        let follow = card.color().or(named).unwrap_or(color);
                        let key = (preference(&view, card), options_kept(&view, card, follow));
                        if best.is_none_or(|best| key > best) {
                            best = Some(key);
                            want = Action::Play { card, color: named };
                        }
                    }
                    assert_eq!(
                        next_play(&view),
                        want,
                        "{hand:?} on {top}, {color:?} to follow, next holds {next_holds}"
                    );
                }
            }
        }
    }

    #[test]
    fn policy_table() {
        use Color::*;
        // (hand, top, colour to follow, cards the next player holds, expected move)
        let cases = [
            ("B1 G2", "R9", Red, 5, Action::Draw),
            // R5 leaves R7 playable; G9 leaves nothing.
            ("G9 R5 R7", "R9", Red, 5, play("R5", None)),
            // Equal options: the first in hand order.
            ("R1 R2", "R9", Red, 5, play("R1", None)),
            ("W G9 B4 B6", "R9", Red, 5, play("G9", None)),
            ("W B4 B6 G1", "R9", Red, 5, play("W", Some(Blue))),
            ("W W+4 B4", "R9", Red, 5, play("W", Some(Blue))),
            ("R1 RS", "R9", Red, 2, play("RS", None)),
            ("R1 RS R2", "R9", Red, 3, play("R1", None)),
            ("W+4 G1", "R9", Red, 1, play("W+4", Some(Green))),
            // A last wild card names no colour: the game is over when it is played.
            ("W", "R9", Red, 5, play("W", None)),
        ];
        for (hand, top, color, next_holds, want) in cases {
            assert_eq!(
                choose(hand, top, color, next_holds),
                want,
                "{hand} on {top}"
            );
        }
    }
}
