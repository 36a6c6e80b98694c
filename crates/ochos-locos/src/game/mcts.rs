//! The strong player: information-set Monte Carlo tree search
//! ([`cards_core::ismcts`]) for Ochos Locos, under every rule set, seated as the strategy
//! [`Strategy::Mcts`] (letter `M`) or asked directly ([`choose`]).
//!
//! The assignments' strategies follow a fixed rule; this one looks ahead. It sees what a
//! seat sees ([`Observation`]): its hand, the discard pile (every card played), the card
//! to match and the colour an 8 named, the fresh 2s waiting (Rule of Two), the deck's
//! size, the passes in a row (Assignment 2's stalemate) and the other hands' sizes. Each
//! of its worlds ([`Seen`], [`Determinize`] for [`Game`]) deals the cards the seat has
//! not seen (the game's cards, less the hand and the discard pile, sorted) shuffled by
//! the search's generator into the other hands and the deck: the true hidden cards are
//! never at hand, so for one observation and one seed it makes the same choice whatever
//! they are (`tests/mcts.rs`, `the_choice_is_the_same_whatever_the_hidden_cards_are`).
//!
//! A seat with one legal play (a forced draw, the Rule of Two's penalty with no 2 in
//! hand, a single match) gets it without a search: under the rule sets in which a seat
//! rarely has a choice, the search plays much as the strategies do (`BENCHMARKS.md`).
//!
//! The rollouts play by [`Strategy::Basic`] at every seat by default ([`StrategyRollout`]:
//! the assignment's first match; it needs no list of legal plays and plays as the
//! opponents it meets mostly do), or at random ([`RandomRollout`]). As the strategy
//! [`Strategy::Mcts`], the search is seeded from its observation ([`seed_of`]) and runs
//! [`DEFAULT_BUDGET`] iterations: a pure function of what the seat sees, so a simulated
//! game still replays from its seed on any number of threads.

use std::cell::RefCell;

use cards_core::ismcts::{Budget, Determinize, Rollout, Search};
use cards_core::protocol::{GameState, Seat};
use rand::Rng;

pub use cards_core::ismcts::RandomRollout;

use crate::card::{Color, ColorCard};
use crate::deck::{DECK_SIZE, Deck, full_deck};
use crate::game::{Action, Game, Observation};
use crate::player::Player;
use crate::rules::Rules;
use crate::strategy::Strategy;

/// The iterations of [`Strategy::Mcts`]: a decision well under 50 ms on one core in a
/// release build at six seats (`benches/mcts.rs`; `BENCHMARKS.md` has the figures).
pub const DEFAULT_BUDGET: Budget = Budget::Iterations(5000);

/// What one seat saw, owned: the [`Observation`] copied out of the game, with the cards
/// the seat has not seen worked out from it. All a world of the search is built from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    seat: Seat,
    rules: Rules,
    hand: Vec<ColorCard>,
    discard_pile: Vec<ColorCard>,
    chosen_color: Option<Color>,
    pending_twos: u8,
    deck_size: usize,
    passes: usize,
    counts: Vec<usize>,
    // The game's cards less the hand and the discard pile, in card order.
    unseen: Vec<ColorCard>,
}

impl Seen {
    /// What `observation` shows. The unseen cards are the game's cards (the whole deck
    /// for a game set up by hand) less the seat's hand and the discard pile.
    pub fn new(observation: &Observation<'_>) -> Seen {
        let mut unseen: Vec<ColorCard> = match observation.cards_in_play() {
            Some(cards) => cards.to_vec(),
            None => full_deck().collect(),
        };
        for card in observation.hand.iter().chain(observation.discard_pile()) {
            if let Some(at) = unseen.iter().position(|c| c == card) {
                unseen.remove(at);
            }
        }
        // The canonical order that makes a world depend on what was seen alone.
        unseen.sort_unstable();
        Seen {
            seat: observation.seat,
            rules: observation.rules,
            hand: observation.hand.to_vec(),
            discard_pile: observation.discard_pile().to_vec(),
            chosen_color: observation.chosen_color,
            pending_twos: observation.pending_twos,
            deck_size: observation.deck_size,
            passes: observation.passes(),
            counts: observation.card_counts().collect(),
            unseen,
        }
    }

    /// The cards the seat has not seen (in the other hands or the deck), in card order.
    pub fn unseen(&self) -> &[ColorCard] {
        &self.unseen
    }
}

impl Determinize for Game {
    type Seen = Seen;

    fn observer(seen: &Seen) -> Seat {
        seen.seat
    }

    fn world<R: Rng + ?Sized>(seen: &Seen, rng: &mut R) -> Game {
        let mut game = Game::new(seen.rules);
        game.resample(seen, rng);
        game
    }

    /// The seat's hand, the discard pile and the state of play as seen; the unseen cards
    /// shuffled, dealt to the other seats in seating order (their seen sizes), the rest
    /// the deck. A game set up by hand may hold other cards than the deck's: if the
    /// unseen cards are too few for the sizes seen, cards of the deck in card order make
    /// up the difference (the game never checks that a card is unique), and too many
    /// are left out, so a world always has the sizes seen.
    fn resample<R: Rng + ?Sized>(&mut self, seen: &Seen, rng: &mut R) {
        let seats = seen.counts.len();
        if self.players.len() != seats {
            self.players.clear();
            self.players
                .extend((0..seats).map(|_| Player::new(String::new())));
        }
        self.rules = seen.rules;
        self.deck.clear();
        // At most the deck's cards, as a game holds: the rest are left out.
        for &card in &seen.unseen {
            if self.deck.put_at_bottom(card).is_err() {
                break;
            }
        }
        self.deck.shuffle(rng);
        let mut fillers = 0usize;
        let mut take = |deck: &mut Deck| {
            deck.draw().unwrap_or_else(|| {
                fillers += 1;
                full_deck()
                    .nth(fillers % DECK_SIZE)
                    .unwrap_or(ColorCard::new(Color::Red, 1))
            })
        };
        for (seat, player) in self.players.iter_mut().enumerate() {
            let hand = player.hand_mut();
            hand.clear();
            // A seat's hand holds at most the deck's cards, as what it saw did: a card
            // beyond that is not dealt into the world.
            if seat == seen.seat {
                for &card in &seen.hand {
                    if hand.push(card).is_err() {
                        break;
                    }
                }
            } else {
                for _ in 0..seen.counts[seat] {
                    if hand.push(take(&mut self.deck)).is_err() {
                        break;
                    }
                }
            }
        }
        while self.deck.len() > seen.deck_size {
            self.deck.draw();
        }
        while self.deck.len() < seen.deck_size {
            let card = take(&mut Deck::new());
            // A deck seen larger than the deck's 32 cards is as large as it can be.
            if self.deck.put_at_bottom(card).is_err() {
                break;
            }
        }
        self.discard_pile.clear();
        self.discard_pile.extend_from_slice(&seen.discard_pile);
        self.chosen_color = seen.chosen_color;
        self.pending_twos = seen.pending_twos;
        self.passes = seen.passes;
        // The seat before the observer has just played: the observer acts.
        self.current = Some((seen.seat + seats.max(1) - 1) % seats.max(1));
        self.outcome = None;
        self.to_deal = None;
    }
}

/// A rollout in which every seat plays by one of the assignments' strategies (from its
/// observation in the world, as the strategy always does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrategyRollout(pub Strategy);

impl Default for StrategyRollout {
    fn default() -> StrategyRollout {
        StrategyRollout(Strategy::Basic)
    }
}

impl Rollout<Game> for StrategyRollout {
    fn choose<R: Rng + ?Sized>(
        &mut self,
        world: &Game,
        seat: Seat,
        _legal: &[Action],
        _rng: &mut R,
    ) -> Action {
        // A search inside a rollout would never end in time: the search itself rolls
        // out by Basic.
        let strategy = match self.0 {
            Strategy::Mcts => Strategy::Basic,
            strategy => strategy,
        };
        world
            .observe(seat)
            .and_then(|observation| strategy.next_action(&observation))
            .unwrap_or(Action::Draw)
    }

    fn wants_legal_actions(&self) -> bool {
        false
    }
}

thread_local! {
    // One tree per thread, reused from decision to decision (a simulation's workers
    // each keep theirs).
    static SEARCH: RefCell<Search<Game>> = RefCell::new(Search::new());
}

/// The search's choice for the seat that sees `observation`, as if it were that seat's
/// turn: `budget` (iterations for the same choice on every machine, milliseconds for
/// play), the generator of `seed`, the rollouts by [`StrategyRollout::default`]. `None`
/// only before the deal. The one call a front end needs (the web page's opponent, an
/// agent of the Python package).
pub fn choose(observation: &Observation<'_>, budget: Budget, seed: u64) -> Option<Action> {
    choose_with(
        &Seen::new(observation),
        budget,
        seed,
        &mut StrategyRollout::default(),
    )
}

/// What [`Strategy::Mcts`] chooses in `seat` of `game`: [`choose`] at the default
/// budget, seeded from what the seat sees ([`seed_of`]). `None` before the deal.
// Never inlined: a search costs thousands of times a call, and inlined it would make
// `Strategy::next_action` too large to inline into the simulator's loop, where the
// lettered strategies' turns should take only the few facts they read.
#[inline(never)]
pub(crate) fn choose_for_seat(game: &Game, seat: Seat) -> Option<Action> {
    let observation = game.observe(seat)?;
    choose(&observation, DEFAULT_BUDGET, seed_of(&observation))
}

/// [`choose`] from what a seat saw, with another rollout policy.
pub fn choose_with<P: Rollout<Game>>(
    seen: &Seen,
    budget: Budget,
    seed: u64,
    rollout: &mut P,
) -> Option<Action> {
    if seen.discard_pile.is_empty() {
        return None;
    }
    SEARCH.with(|search| match search.try_borrow_mut() {
        Ok(mut search) => search.choose(seen, budget, seed, rollout),
        // Only a rollout that searched again could get here: a fresh tree then.
        Err(_) => Search::new().choose(seen, budget, seed, rollout),
    })
}

/// The seed [`Strategy::Mcts`] searches with: a hash of everything the seat sees, so
/// that its choice is a function of its observation, as every strategy's is.
pub fn seed_of(observation: &Observation<'_>) -> u64 {
    // FNV-1a over the seen facts, one byte-sized word at a time.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |word: u64| {
        hash ^= word;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    };
    mix(observation.seat as u64);
    for card in observation.hand.iter().chain(observation.discard_pile()) {
        mix(card.color().index() as u64 * 16 + u64::from(card.number()));
    }
    mix(observation.chosen_color.map_or(99, |c| c.index() as u64));
    mix(u64::from(observation.pending_twos));
    mix(observation.deck_size as u64);
    mix(observation.passes() as u64);
    for count in observation.card_counts() {
        mix(count as u64);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::protocol::Actor;
    use cards_core::rng::rng_from_seed;
    use cards_core::shuffle;
    use proptest::prelude::{
        ProptestConfig, TestCaseError, any, prop_assert, prop_assert_eq, proptest,
    };

    use crate::rules::Variant;

    /// A game of `variant` at `seats`, dealt from `deal_seed` and played by the basic
    /// strategy for `turns` turns, then to the first turn with more than one legal play
    /// (or to its end).
    fn played(variant: Variant, seats: usize, deal_seed: u64, turns: usize) -> Game {
        let mut game = Game::new(variant.rules());
        for _ in 0..seats {
            game.add_player(Player::new("P"));
        }
        for card in full_deck() {
            game.add_card(card).unwrap();
        }
        game.restart();
        let dealt = game.apply_sampled_chance(&mut rng_from_seed(deal_seed), &mut Vec::new());
        assert!(dealt.is_ok(), "{dealt:?}");
        let mut legal = Vec::new();
        for turn in 0.. {
            let Actor::Seat(seat) = game.actor() else {
                break;
            };
            // Past `turns`, on to the first position with a choice: the search's.
            game.legal_actions(&mut legal);
            if turn >= turns && legal.len() > 1 {
                break;
            }
            let action = game
                .observe(seat)
                .and_then(|observation| Strategy::Basic.next_action(&observation));
            let Some(action) = action else { break };
            assert!(game.apply(action, &mut Vec::new()).is_ok());
        }
        game
    }

    /// The same game with the cards `seat` cannot see (the other hands and the deck)
    /// dealt again from `hidden_seed`, each hand keeping its size.
    fn rehidden(game: &Game, seat: Seat, hidden_seed: u64) -> Game {
        let mut other = game.clone();
        let mut hidden: Vec<ColorCard> = Vec::new();
        for (s, player) in other.players.iter().enumerate() {
            if s != seat {
                hidden.extend(player.hand().iter().copied());
            }
        }
        hidden.extend(other.deck.iter().copied());
        shuffle(&mut hidden, &mut rng_from_seed(hidden_seed));
        let mut cards = hidden.into_iter();
        for (s, player) in other.players.iter_mut().enumerate() {
            if s != seat {
                let size = player.hand().len();
                let hand = player.hand_mut();
                hand.clear();
                for card in cards.by_ref().take(size) {
                    hand.push(card).unwrap();
                }
            }
        }
        let deck_size = other.deck.len();
        other.deck.clear();
        for card in cards.by_ref().take(deck_size) {
            other.deck.put_at_bottom(card).unwrap();
        }
        other
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// The search cannot peek: two games that differ only in the cards the seat to
        /// act cannot see give it the same observation, and the same choice for a seed.
        #[test]
        fn the_choice_is_the_same_whatever_the_hidden_cards_are(
            variant in proptest::sample::select(Variant::ALL.to_vec()),
            seats in 2usize..=6,
            deal_seed in any::<u64>(),
            hidden_seed in any::<u64>(),
            turns in 0usize..12,
            seed in any::<u64>(),
        ) {
            let seats = if crate::files::check_players(variant, seats).is_ok() { seats } else { variant.default_players() };
            let game = played(variant, seats, deal_seed, turns);
            let Actor::Seat(seat) = game.actor() else { return Ok(()) };
            let other = rehidden(&game, seat, hidden_seed);
            let (Some(seen), Some(also)) = (game.observe(seat), other.observe(seat)) else {
                return Err(TestCaseError::fail("the seat to act sees nothing"));
            };
            prop_assert_eq!(Seen::new(&seen), Seen::new(&also));
            let budget = Budget::Iterations(150);
            let chosen = choose(&seen, budget, seed);
            prop_assert_eq!(chosen, choose(&also, budget, seed));
            // And it is a legal play in both games.
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            prop_assert!(chosen.is_some_and(|action| legal.contains(&action)), "{:?} not in {:?}", chosen, legal);
        }
    }

    #[test]
    fn a_world_keeps_what_the_seat_saw_and_deals_the_rest() {
        let game = played(Variant::Completos, 4, 7, 6);
        let Actor::Seat(seat) = game.actor() else {
            panic!("the game ended early")
        };
        let observation = game.observe(seat).unwrap();
        let seen = Seen::new(&observation);
        let world = Game::world(&seen, &mut rng_from_seed(1));
        assert_eq!(world.actor(), Actor::Seat(seat));
        let view = world.observe(seat).unwrap();
        assert_eq!(Seen::new(&view).hand, seen.hand);
        assert_eq!(view.discard_pile(), observation.discard_pile());
        assert_eq!(
            view.card_counts().collect::<Vec<_>>(),
            observation.card_counts().collect::<Vec<_>>()
        );
        assert_eq!(view.deck_size, observation.deck_size);
        assert_eq!(view.card_to_match, observation.card_to_match);
        // Every card of the game is somewhere, once.
        let mut all: Vec<ColorCard> = world
            .players()
            .iter()
            .flat_map(|player| player.hand().iter().copied())
            .chain(world.deck().iter().copied())
            .chain(world.discard_pile().iter().copied())
            .collect();
        all.sort_unstable();
        assert_eq!(all, full_deck().collect::<Vec<_>>());
        // And a world dealt again in place is the one dealt afresh.
        let mut again = world.clone();
        again.resample(&seen, &mut rng_from_seed(2));
        assert_eq!(again, Game::world(&seen, &mut rng_from_seed(2)));
    }
}
