//! Many bot games at once, on the workspace's one simulation harness
//! ([`cards_core::sim`]): win shares per seat, games without a winner, game lengths.
//!
//! Game number `i` takes its chance outcomes from its own generator,
//! `stream_rng(seed, i)`, and the tallies are integers, so the figures are the same
//! whatever the number of threads, and any game can be replayed alone from (seed, `i`).
//! Each thread reuses one [`Worker`]: a [`Game`] (back to before the deal with
//! [`Game::restart`]) and the one game loop ([`Driver`]) on its quiet path
//! (`Driver::play_trusted`, the bots trusted: `Game::apply_trusted` carries out their
//! action unchecked), with the bots as a statically dispatched agent; nothing is
//! allocated per game or per move once the buffers have grown.
//!
//! # Speed
//! What the worker costs next to a tight loop of the same rules
//! (`benches/tight_loop.rs`), in callgrind instructions a game, and where they go, is in
//! `BENCHMARKS.md` (`bench/quattro.sh` measures it).

use cards_core::names::RuleSet;
use cards_core::protocol::{Driver, PlayError};
use cards_core::rng::stream_rng;
use cards_core::sim::{Played, Simulation};

use crate::error::{Refusal, SetupError};
use crate::face;
use crate::game::{Game, NoWinner, Outcome};
use crate::player::Player;
use crate::rules::PLAYERS;
use crate::rules::Rules;
use crate::strategy::Bot;

/// Four bots, `Player 1` to `Player 4`.
pub fn bots() -> [Player; PLAYERS] {
    std::array::from_fn(Player::bot)
}

/// Bot games under some rules, as the harness plays them (`quattro simulate`). Quattro
/// has no figures of its own beyond the shared report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The rules of every game: the deck and the turn cap.
    pub rules: Rules,
}

impl Simulation for Setup {
    type Worker = Worker;
    type Extra = ();
    type Error = PlayError<Refusal>;

    fn game(&self) -> &'static str {
        "quattro"
    }

    fn rules(&self) -> String {
        format!(
            "{} rules, bots in every seat, at most {} turns a game",
            self.rules.variant().name(),
            self.rules.max_turns()
        )
    }

    fn seats(&self) -> Vec<String> {
        bots().iter().map(|bot| bot.name().to_owned()).collect()
    }

    fn length_unit(&self) -> &'static str {
        "turns"
    }

    fn worker(&self) -> Worker {
        Worker::of(Game::new(self.rules, bots()))
    }

    fn play(
        &self,
        worker: &mut Worker,
        seed: u64,
        index: u64,
        _extra: &mut (),
    ) -> Result<Played, PlayError<Refusal>> {
        let (outcome, turns) = worker.play(seed, index)?;
        let outcome = outcome.map_no_winner(|reason| match reason {
            NoWinner::EveryonePassed => "everyone passed",
            NoWinner::TurnLimit(_) => "the turn limit",
        });
        Ok(Played {
            outcome,
            length: u64::from(turns),
        })
    }
}

/// One thread's bot games: a game, the loop and a chance source, reused from game to
/// game.
#[derive(Clone, Debug)]
pub struct Worker {
    game: Game,
    driver: Driver<Game>,
}

impl Worker {
    /// Bot games of `setup` (the face's: its rules and turn limit; the bots play every
    /// seat, whoever the setup seats there). A setup that describes no game is refused.
    pub fn new(setup: &face::Setup) -> Result<Worker, SetupError> {
        Ok(Worker::of(setup.game(None)?))
    }

    /// Bot games starting as `game`.
    fn of(game: Game) -> Worker {
        Worker {
            game,
            driver: Driver::new(),
        }
    }

    /// Plays game number `index` of `seed` (its chance from `stream_rng(seed, index)`) to
    /// its end: its outcome and length in turns.
    pub fn play(&mut self, seed: u64, index: u64) -> Result<(Outcome, u32), PlayError<Refusal>> {
        self.game.restart();
        let outcome = self.driver.play_trusted(
            &mut self.game,
            &mut stream_rng(seed, index),
            &mut Bot,
            |_| {},
        )?;
        Ok((outcome, self.game.turns()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use cards_core::protocol::ChanceSource;
    use cards_core::sim::{Options, run};
    use pretty_assertions::assert_eq;

    #[test]
    fn every_game_is_counted_and_threads_do_not_matter() {
        for &variant in Variant::ALL {
            let games = Setup {
                rules: Rules::new(variant),
            };
            let options = |threads| Options {
                games: 200,
                seed: 3,
                threads: Some(threads),
            };
            let two = run(&games, &options(2), &|_| {}).unwrap();
            let wins: u64 = two.seats.iter().map(|seat| seat.wins).sum();
            assert_eq!(wins + two.no_winner.values().sum::<u64>(), 200);
            let one = run(&games, &options(1), &|_| {}).unwrap();
            assert_eq!(one, two);
        }
    }

    /// A simulated game replays alone from (seed, index): game `index` of a worker that
    /// has played other games before (the quiet path, `restart` between games) ends in
    /// the same state, outcome and length as a fresh game of the same rules played
    /// through the checked loop (`Driver::play`) from `stream_rng(seed, index)`, which is
    /// also what `quattro --bots 4 --seed game_seed(seed, index)` deals from.
    #[test]
    fn a_simulated_game_replays_alone_from_its_seed_and_index() {
        for &variant in Variant::ALL {
            let rules = Rules::new(variant);
            let mut worker = Worker::new(&face::Setup::of(rules)).unwrap();
            for index in 0..40 {
                let played = worker.play(5, index).unwrap();
                let mut game = Game::new(rules, bots());
                let mut chance = ChanceSource::seeded(stream_rng(5, index));
                let outcome = Driver::new()
                    .play(&mut game, &mut chance, &mut Bot, |_, _, _| Ok(()))
                    .unwrap();
                assert_eq!(played, (outcome, game.turns()), "{variant} game {index}");
                assert_eq!(worker.game, game, "{variant} game {index}");
            }
        }
    }
}
