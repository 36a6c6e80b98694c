//! The strong player: information-set Monte Carlo tree search
//! ([`cards_core::ismcts`]) for Quattro and Uno, seated with `quattro --opponent mcts`
//! (console::Opponent) or asked directly ([`choose`]).
//!
//! The bots follow a fixed policy ([`crate::strategy`]); this player looks ahead. It
//! sees what a seat's [`Observation`] shows: its hand, the top card and the colour to
//! follow, the direction of play, the draw pile's size and every hand's size. Each of its
//! worlds (`Determinize` for [`Game`], in `game/world.rs`) deals the cards the seat has
//! not seen (the deck's, less the hand and the top card, sorted) shuffled by the
//! search's own generator into the other hands, the draw pile and the discard pile:
//! the true hidden cards are never at hand, so for one observation and one seed it makes
//! the same choice whatever they are (`game/world.rs`'s test
//! `the_choice_is_the_same_whatever_the_hidden_cards_are`). Reshuffles, skips,
//! reverses, Draw Twos and wild colours are the game's own rules, played in each world.
//!
//! Rollouts play by the bots' policy ([`BotRollout`]), or at random
//! ([`RandomRollout`]). As an opponent it is seeded from its observation ([`seed_of`]), so
//! a game against it replays from the game's seed.
//!
//! It wins as often as a bot in the same seat, not more, under both rule sets, and no
//! variation tried (more iterations, another exploration constant, other rollouts,
//! worlds that agree with the other seats' draws) does better: a seat has few choices,
//! the bots' policy makes them well, and what more there is to win lies in the hidden
//! cards (`BENCHMARKS.md`, "Quattro and Uno"; `examples/strength.rs`).

use cards_core::ismcts::{Budget, Rollout, Search};
use cards_core::protocol::{Agent, Seat, Stop};
use rand::Rng;
use std::cell::RefCell;

pub use cards_core::ismcts::RandomRollout;

use crate::game::{Action, Game, Observation};
use crate::strategy;

pub use crate::game::Seen;

/// The iterations of a decision at the console: well under 50 ms on one core in a
/// release build (`benches/mcts.rs`; `BENCHMARKS.md`).
pub const DEFAULT_BUDGET: Budget = Budget::Iterations(3000);

/// A rollout in which every seat plays by the bots' policy ([`strategy::next_play`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct BotRollout;

impl Rollout<Game> for BotRollout {
    fn choose<R: Rng + ?Sized>(
        &mut self,
        world: &Game,
        seat: Seat,
        _legal: &[Action],
        _rng: &mut R,
    ) -> Action {
        world
            .view(seat)
            .map_or(Action::Draw, |view| strategy::next_play(&view))
    }

    fn wants_legal_actions(&self) -> bool {
        false
    }
}

thread_local! {
    // One tree per thread, reused from decision to decision.
    static SEARCH: RefCell<Search<Game>> = RefCell::new(Search::new());
}

/// The search's choice for the seat that sees `view`, as if it were that seat's turn:
/// `budget` (iterations: the same choice on every machine; milliseconds: for play), the
/// generator of `seed`, rollouts by the bots' policy. The one call a front end needs (the
/// web page's opponent, an agent of the Python package).
pub fn choose(view: &Observation<'_>, budget: Budget, seed: u64) -> Option<Action> {
    choose_with(&Seen::new(view), budget, seed, &mut BotRollout)
}

/// [`choose`] from what a seat saw, with another rollout policy.
pub fn choose_with<P: Rollout<Game>>(
    seen: &Seen,
    budget: Budget,
    seed: u64,
    rollout: &mut P,
) -> Option<Action> {
    SEARCH.with(|search| match search.try_borrow_mut() {
        Ok(mut search) => search.choose(seen, budget, seed, rollout),
        // Only a rollout that searched again could get here: a fresh tree then.
        Err(_) => Search::new().choose(seen, budget, seed, rollout),
    })
}

/// The seed the [`Strong`] opponent searches with: a hash of everything its seat sees,
/// so that its choice is a function of its observation, as a bot's is.
pub fn seed_of(view: &Observation<'_>) -> u64 {
    // FNV-1a over the seen facts.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |word: u64| {
        hash ^= word;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    };
    mix(view.seat as u64);
    for card in view.hand.iter().chain([&view.top]) {
        mix(card
            .to_string()
            .bytes()
            .fold(0, |a, b| a * 256 + u64::from(b)));
    }
    mix(view.color.index() as u64);
    mix(u64::from(view.clockwise));
    mix(view.draw_pile as u64);
    for size in view.hand_sizes {
        mix(size as u64);
    }
    hash
}

/// The search as the agent of a seat, at [`DEFAULT_BUDGET`], seeded by [`seed_of`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Strong;

impl Agent<Game> for Strong {
    fn choose(
        &mut self,
        _seat: Seat,
        view: &Observation<'_>,
        legal: &[Action],
    ) -> Result<Action, Stop> {
        choose(view, DEFAULT_BUDGET, seed_of(view))
            .or_else(|| legal.first().copied())
            .ok_or(Stop::NoAction)
    }
}
