//! The worlds of the IS-MCTS player ([`crate::mcts`]): a [`Game`] rebuilt, in place,
//! from what one seat sees ([`Seen`]), the cards it has not seen dealt at random. Here,
//! beside the game's fields, so that a world is the game's own state and no copy of its
//! rules.

use cards_core::ismcts::Determinize;
use cards_core::protocol::Seat;
use rand::Rng;

use cards_core::Color;

use super::{Game, Observation, Phase};
use crate::card::Card;
use crate::player::Player;
use crate::rules::{PLAYERS, Rules};

/// What one seat saw, owned: the [`Observation`] copied out of the game, with the cards
/// it has not seen worked out from it. All a world of the search is built from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    pub(crate) seat: Seat,
    pub(crate) rules: Rules,
    pub(crate) hand: Vec<Card>,
    pub(crate) top: Card,
    pub(crate) color: Color,
    pub(crate) hand_sizes: [usize; PLAYERS],
    pub(crate) draw_pile: usize,
    pub(crate) clockwise: bool,
    // The deck less the hand and the top card, in card order.
    unseen: Vec<Card>,
}

impl Seen {
    /// What `view` shows.
    pub fn new(view: &Observation<'_>) -> Seen {
        let mut unseen = view.rules.deck();
        for card in view.hand.iter().chain([&view.top]) {
            if let Some(at) = unseen.iter().position(|c| c == card) {
                unseen.remove(at);
            }
        }
        // The canonical order that makes a world depend on what was seen alone.
        unseen.sort_unstable();
        Seen {
            seat: view.seat,
            rules: view.rules,
            hand: view.hand.to_vec(),
            top: view.top,
            color: view.color,
            hand_sizes: view.hand_sizes,
            draw_pile: view.draw_pile,
            clockwise: view.clockwise,
            unseen,
        }
    }

    /// The cards the seat has not seen, in card order.
    pub fn unseen(&self) -> &[Card] {
        &self.unseen
    }
}

impl Determinize for Game {
    type Seen = Seen;

    fn observer(seen: &Seen) -> Seat {
        seen.seat
    }

    fn world<R: Rng + ?Sized>(seen: &Seen, rng: &mut R) -> Game {
        let mut game = Game::new(seen.rules, std::array::from_fn(Player::bot));
        game.resample(seen, rng);
        game
    }

    /// The seat's hand, the top card, the colour to follow and the direction as seen;
    /// the cards not seen (the deck's, less the hand and the top card, in card order)
    /// shuffled, dealt to the other seats (their seen sizes), then to the draw pile (its
    /// seen size), the rest under the top card of the discard pile. A Quattro seat sees
    /// neither the discard pile below its top nor the turn count nor the passes in a
    /// row (its [`Observation`] does not hold them): a world deals
    /// the discards among the unseen cards, and starts the count of turns and passes at
    /// 0.
    fn resample<R: Rng + ?Sized>(&mut self, seen: &Seen, rng: &mut R) {
        self.rules = seen.rules;
        self.draw_pile.clear();
        self.draw_pile.extend(seen.unseen().iter().copied());
        self.draw_pile.shuffle(rng);
        for (seat, player) in self.players.iter_mut().enumerate() {
            player.hand.clear();
            if seat == seen.seat {
                player.hand.extend_from_slice(&seen.hand);
            } else {
                for _ in 0..seen.hand_sizes[seat] {
                    // Sizes that do not fit the deck (no game's) leave a hand short.
                    if let Some(card) = self.draw_pile.draw() {
                        player.hand.push(card);
                    }
                }
            }
        }
        self.discard_pile.clear();
        while self.draw_pile.len() > seen.draw_pile {
            if let Some(card) = self.draw_pile.draw() {
                self.discard_pile.put_on_top(card);
            }
        }
        self.discard_pile.put_on_top(seen.top);
        self.color = seen.color;
        self.current = seen.seat % PLAYERS;
        self.clockwise = seen.clockwise;
        self.passes_in_row = 0;
        self.turns = 0;
        self.phase = Phase::Turn;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::ismcts::Budget;
    use cards_core::protocol::{Actor, GameState, Ignore};
    use cards_core::rng::rng_from_seed;
    use cards_core::shuffle;
    use proptest::prelude::{ProptestConfig, any, prop_assert, prop_assert_eq, proptest};

    use crate::card::Card;
    use crate::mcts::{self, Seen};
    use crate::rules::{Rules, Variant};
    use crate::strategy;

    /// A game under `variant`, dealt from `deal_seed` and played by the bots for `turns`
    /// turns, then to the first turn with more than one legal play (or to its end),
    /// chance from the same generator.
    fn played(variant: Variant, deal_seed: u64, turns: usize) -> Game {
        let mut game = Game::new(Rules::new(variant), std::array::from_fn(Player::bot));
        let mut rng = rng_from_seed(deal_seed);
        let mut done = 0;
        let mut legal = Vec::new();
        loop {
            match game.actor() {
                Actor::Over => break,
                Actor::Chance => {
                    let dealt = game.apply_sampled_chance(&mut rng, &mut Ignore);
                    assert!(dealt.is_ok(), "{dealt:?}");
                }
                Actor::Seat(seat) => {
                    // Past `turns`, on to the first position with a choice: the search's.
                    game.legal_actions(&mut legal);
                    if done >= turns && legal.len() > 1 {
                        break;
                    }
                    let view = game.view(seat).unwrap_or_else(|| panic!("seat {seat}"));
                    let action = strategy::next_play(&view);
                    assert!(game.apply(action, &mut Ignore).is_ok());
                    done += 1;
                }
            }
        }
        game
    }

    /// The same game with the cards `seat` cannot see (the other hands, the draw pile,
    /// the discard pile below its top) dealt again from `hidden_seed`, each pile keeping
    /// its size.
    fn rehidden(game: &Game, seat: Seat, hidden_seed: u64) -> Game {
        let mut other = game.clone();
        let mut hidden: Vec<Card> = Vec::new();
        for (s, player) in other.players.iter().enumerate() {
            if s != seat {
                hidden.extend_from_slice(&player.hand);
            }
        }
        hidden.extend(other.draw_pile.iter().copied());
        let top = other.discard_pile.draw();
        hidden.extend(other.discard_pile.iter().copied());
        shuffle(&mut hidden, &mut rng_from_seed(hidden_seed));
        let mut cards = hidden.into_iter();
        for (s, player) in other.players.iter_mut().enumerate() {
            if s != seat {
                let size = player.hand.len();
                player.hand.clear();
                player.hand.extend(cards.by_ref().take(size));
            }
        }
        let (draw, discard) = (other.draw_pile.len(), other.discard_pile.len());
        other.draw_pile.clear();
        other.draw_pile.extend(cards.by_ref().take(draw));
        other.discard_pile.clear();
        other.discard_pile.extend(cards.by_ref().take(discard));
        if let Some(top) = top {
            other.discard_pile.put_on_top(top);
        }
        other
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// The search cannot peek: two games that differ only in the cards the seat to
        /// act cannot see give it the same observation, and the same choice for a seed;
        /// the choice is a legal play of both.
        #[test]
        fn the_choice_is_the_same_whatever_the_hidden_cards_are(
            uno in any::<bool>(),
            deal_seed in any::<u64>(),
            hidden_seed in any::<u64>(),
            turns in 0usize..40,
            seed in any::<u64>(),
        ) {
            let variant = if uno { Variant::Uno } else { Variant::Quattro };
            let game = played(variant, deal_seed, turns);
            let Actor::Seat(seat) = game.actor() else { return Ok(()) };
            let other = rehidden(&game, seat, hidden_seed);
            let (Some(seen), Some(also)) = (game.view(seat), other.view(seat)) else {
                panic!("the seat to act sees nothing");
            };
            prop_assert_eq!(Seen::new(&seen), Seen::new(&also));
            let budget = Budget::Iterations(150);
            let chosen = mcts::choose(&seen, budget, seed);
            prop_assert_eq!(chosen, mcts::choose(&also, budget, seed));
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            prop_assert!(chosen.is_some_and(|a| legal.contains(&a)), "{:?} not in {:?}", chosen, legal);
        }
    }

    #[test]
    fn a_world_keeps_what_the_seat_saw_and_holds_the_deck() {
        for variant in [Variant::Quattro, Variant::Uno] {
            let game = played(variant, 11, 3);
            let Actor::Seat(seat) = game.actor() else {
                panic!("the game ended early")
            };
            let view = game.view(seat).unwrap_or_else(|| panic!("seat {seat}"));
            let seen = Seen::new(&view);
            let world = Game::world(&seen, &mut rng_from_seed(3));
            assert_eq!(world.actor(), Actor::Seat(seat));
            let sees = world.view(seat).unwrap_or_else(|| panic!("seat {seat}"));
            assert_eq!(Seen::new(&sees), seen);
            let mut all: Vec<Card> = world.all_cards().collect();
            all.sort_unstable();
            let mut deck = Rules::new(variant).deck();
            deck.sort_unstable();
            assert_eq!(all, deck);
        }
    }
}
