//! Many bot games at once: win shares per seat and game lengths.
//!
//! Game number `i` takes its chance outcomes from its own generator,
//! `stream_rng(seed, i)`, and the tallies are integers, so the figures are the same
//! whatever the number of threads. Each thread reuses one [`Simulator`]: a [`Game`], the
//! one game loop ([`Driver`]) and a [`ChanceSource`] reseeded per game, with the bots as
//! a statically dispatched agent; nothing is allocated per game or per move once the
//! buffers have grown.

use rayon::prelude::*;

use cards_core::protocol::{ChanceSource, Driver, PlayError};
use cards_core::rng::stream_rng;

use crate::bot::Bot;
use crate::deck::DeckOrder;
use crate::error::GameError;
use crate::game::{Game, Outcome, PLAYERS};
use crate::player::Player;
use crate::rules::Rules;

/// What a batch of games came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games won, by seat.
    pub wins: [u64; PLAYERS],
    /// Games that ended with no winner.
    pub no_winner: u64,
    /// Turns taken in all games together.
    pub turns: u64,
    /// The most turns a game took.
    pub longest: u32,
}

impl Tally {
    /// Counts one game.
    pub fn add(&mut self, outcome: Outcome, turns: u32) {
        self.games += 1;
        match outcome {
            Outcome::Winner { seat } => self.wins[seat] += 1,
            Outcome::NoWinner { .. } => self.no_winner += 1,
        }
        self.turns += u64::from(turns);
        self.longest = self.longest.max(turns);
    }

    /// Both tallies together.
    pub fn merge(mut self, other: Tally) -> Tally {
        self.games += other.games;
        for (mine, theirs) in self.wins.iter_mut().zip(other.wins) {
            *mine += theirs;
        }
        self.no_winner += other.no_winner;
        self.turns += other.turns;
        self.longest = self.longest.max(other.longest);
        self
    }

    /// The mean number of turns per game (0 for no games).
    pub fn mean_turns(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.turns as f64 / self.games as f64
        }
    }
}

/// Four bots, `Player 1` to `Player 4`.
pub fn bots() -> [Player; PLAYERS] {
    std::array::from_fn(Player::bot)
}

/// A game that broke the protocol (a refused step, a broken invariant): a bug, named
/// with the game and seed that show it.
#[derive(Debug, thiserror::Error)]
#[error("game {game} of the simulation with seed {seed} failed: {error}")]
pub struct SimulationError {
    /// The game's number (its stream of the seed).
    pub game: u64,
    /// The simulation's seed.
    pub seed: u64,
    /// What went wrong.
    pub error: PlayError<GameError>,
}

/// One thread's bot games: a game, the loop and a chance source, reused from game to
/// game.
#[derive(Clone, Debug)]
pub struct Simulator {
    game: Game,
    driver: Driver<Game>,
    chance: ChanceSource<DeckOrder>,
}

impl Simulator {
    /// Bot games with `rules`, each ending with no winner after `max_turns` turns.
    pub fn new(rules: Rules, max_turns: u32) -> Simulator {
        Simulator {
            game: Game::new(rules, bots(), max_turns),
            driver: Driver::new(),
            chance: ChanceSource::seeded(stream_rng(0, 0)),
        }
    }

    /// Plays game number `index` of `seed` (its chance from `stream_rng(seed, index)`) to
    /// its end: its outcome and length in turns.
    pub fn play(&mut self, seed: u64, index: u64) -> Result<(Outcome, u32), SimulationError> {
        self.game.reset();
        self.chance.reseed(stream_rng(seed, index));
        let outcome = self
            .driver
            .play_quietly(&mut self.game, &mut self.chance, &mut Bot, |_| {})
            .map_err(|error| SimulationError {
                game: index,
                seed,
                error,
            })?;
        Ok((outcome, self.game.turns()))
    }
}

/// Plays `games` bot games with `rules` (in parallel) and counts the results.
pub fn simulate(
    rules: Rules,
    games: u64,
    seed: u64,
    max_turns: u32,
) -> Result<Tally, SimulationError> {
    // Games go to the threads in chunks, each played on one simulator that stays put (a
    // fold would move the simulator, generator buffer and all, at every game).
    (0..games.div_ceil(CHUNK))
        .into_par_iter()
        .map(|chunk| {
            let mut simulator = Simulator::new(rules, max_turns);
            let mut tally = Tally::default();
            for index in chunk * CHUNK..((chunk + 1) * CHUNK).min(games) {
                let (outcome, turns) = simulator.play(seed, index)?;
                tally.add(outcome, turns);
            }
            Ok(tally)
        })
        .try_reduce(Tally::default, |a, b| Ok(a.merge(b)))
}

/// How many games a thread plays on one simulator before it takes more.
const CHUNK: u64 = 4096;

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::names::RuleSet;
    use cards_core::protocol::GameState;
    use pretty_assertions::assert_eq;

    #[test]
    fn every_game_is_counted_and_threads_do_not_matter() {
        for &rules in Rules::ALL {
            let tally = simulate(rules, 200, 3, 1000).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(tally.games, 200);
            assert_eq!(tally.wins.iter().sum::<u64>() + tally.no_winner, 200);
            let one_thread = rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .build()
                .map(|pool| pool.install(|| simulate(rules, 200, 3, 1000).ok()));
            assert_eq!(one_thread.ok().flatten(), Some(tally));
        }
    }

    /// A simulated game is the game of its stream played alone, from a fresh game.
    #[test]
    fn a_game_is_the_same_alone_or_in_a_batch() {
        let mut game = Game::new(Rules::Uno, bots(), 1000);
        let mut chance = ChanceSource::seeded(stream_rng(5, 7));
        let outcome = Driver::new()
            .play(&mut game, &mut chance, &mut Bot, |_, _, _| Ok(()))
            .unwrap_or_else(|e| panic!("{e}"));
        let mut simulator = Simulator::new(Rules::Uno, 1000);
        for index in [3, 7] {
            simulator.play(5, index).unwrap_or_else(|e| panic!("{e}"));
        }
        assert_eq!(simulator.game.outcome(), Some(outcome));
        assert_eq!(simulator.game.turns(), game.turns());
        assert_eq!(
            Some((outcome, game.turns())),
            Simulator::new(Rules::Uno, 1000).play(5, 7).ok()
        );
    }
}
