//! Many games without output, for statistics, on the workspace's one simulation harness
//! ([`cards_core::sim`]): who wins how often from which seat and with which strategy, how
//! often nobody does, how long games last.
//!
//! Game `i` of a run seeded with `s` is dealt by the game's chance node from its own
//! generator, `stream_rng(s, i)`, and tallies are integers, so a run gives the same
//! figures on any number of threads, and any game replays alone from `(s, i)`. Each
//! worker reuses one [`Game`] ([`Game::restart`] gathers its cards back into the deck
//! for the next deal) and one [`Driver`], and the seats are a `Vec` of [`Strategy`]
//! values (an enum, dispatched statically): nothing is allocated per game.
//!
//! # Speed
//!
//! The worker plays through the protocol's quiet path, `Driver::play_trusted`: the
//! deal is sampled from the game's xoshiro256++ stream, each strategy chooses from its
//! observation alone (no list of legal plays is built), and the game carries out the
//! choice without checking it again ([`Game`]'s `apply_trusted`, next to `apply`). An
//! observation's fields are the few facts the lettered strategies read; what only the
//! search reads (the discard pile, the cards in play, the passes, the hand sizes) it
//! works out from the game when asked, so a lettered seat's turn builds none of it.
//! `benches/tight_loop.rs` is a loop written for `completos` alone (hands as bit sets
//! of places in the deal) that plays the same games (`tests/tight_loop.rs` checks
//! them); `bash bench/ochos-locos.sh` times both, and `bash bench/ochos-locos.sh
//! --instructions` counts the instructions a game of each with callgrind. The engine
//! keeps the assignment's data structures: a hand is the list in the order received
//! (a [`crate::hand::Hand`], which knows where each colour and number lies, so a
//! strategy's "first card of the colour" is a lookup, not a walk through the hand), a
//! played card leaves it as from a list, the deck is a pile; and the protocol's
//! observe–choose–apply turn, which is where most of the difference to the tight loop
//! goes (the workspace's `BENCHMARKS.md` has the figures).

use cards_core::protocol::{Driver, PlayError};
use cards_core::rng::stream_rng;
use cards_core::sim::{Played, Simulation};

use cards_core::face::Face;

use crate::error::Refusal;
use crate::face::{self, RulesChoice, Seats};
use crate::files::{DealError, NAMES, check_players};
use crate::game::{Game, NoWinner, Outcome};
use crate::rules::{DealFormat, Variant};
use crate::strategy::Strategy;

/// What to simulate: a rule set and its seats.
#[derive(Clone, Debug)]
pub struct Setup {
    variant: Variant,
    seats: Vec<(String, Strategy)>,
    // The table as the face's setup: the rule set's rules as switches, so that any
    // strategies may sit at it (a simulation may seat what no rule set deals).
    face: face::Setup,
    // What every thread starts from: the seats, waiting for a deal of all 32 cards.
    worker: Worker,
}

impl Setup {
    /// `strategies` gives each seat's strategy, in seating order; its length is the
    /// number of players, which `variant` must allow. Names are those of
    /// [`Deal::random`](crate::files::Deal::random).
    pub fn new(variant: Variant, strategies: &[Strategy]) -> Result<Setup, DealError> {
        check_players(variant, strategies.len())?;
        let seats: Vec<(String, Strategy)> = strategies
            .iter()
            .enumerate()
            .map(|(index, &strategy)| {
                let name = match variant.format() {
                    DealFormat::Numbered { .. } => (index + 1).to_string(),
                    DealFormat::Named { .. } => NAMES[index % NAMES.len()].to_owned(),
                };
                (name, strategy)
            })
            .collect();
        let face = face::Setup {
            rules: RulesChoice::Switches(variant.rules()),
            players: Some(Seats::Named(seats.clone())),
            human: None,
            cards: None,
        };
        let worker = Worker::new(&face).map_err(DealError::Table)?;
        Ok(Setup {
            variant,
            seats,
            face,
            worker,
        })
    }

    /// The rule set.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The seats: name and strategy.
    pub fn seats(&self) -> &[(String, Strategy)] {
        &self.seats
    }

    /// The table as the face's setup, what [`Worker::new`] takes.
    pub fn face(&self) -> &face::Setup {
        &self.face
    }
}

/// One worker's reusable game, loop, chance source and seats: what each thread of a
/// simulation plays its games on, and what the benchmark times.
#[derive(Clone, Debug)]
pub struct Worker {
    game: Game,
    driver: Driver<Game>,
    seats: Vec<Strategy>,
}

impl Worker {
    /// A worker for games of `setup` (the face's: a count of players stands for the
    /// seats seed 0 draws), each seat played by its strategy; a setup that describes no
    /// game is refused, naming the option.
    pub fn new(setup: &face::Setup) -> Result<Worker, String> {
        let game = <Game as Face>::start(setup, None, 0)?;
        Ok(Worker {
            seats: game.bots()?,
            game,
            driver: Driver::new(),
        })
    }

    /// The game last played (or waiting for its deal).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays game number `index` of a run seeded with `seed`: how it ended and how many
    /// turns it took. An error only if the game refuses what a strategy chose (a bug the
    /// tests rule out).
    pub fn play(&mut self, seed: u64, index: u64) -> Result<(Outcome, u32), PlayError<Refusal>> {
        // Game `index` depends on nothing but (seed, index): the chance node shuffles
        // the deck, in card order, with the game's own stream.
        self.game.restart();
        let mut turns = 0;
        let outcome = self.driver.play_trusted(
            &mut self.game,
            &mut stream_rng(seed, index),
            &mut self.seats,
            |_| turns += 1,
        )?;
        Ok((outcome, turns))
    }
}

/// A rule set and its seats, as the harness plays them (`ochos-locos simulate`). Ochos
/// Locos has no figures of its own beyond the shared report; a seat's name says its
/// strategy (`Alice (C colour first)`).
impl Simulation for Setup {
    type Worker = Worker;
    type Extra = ();
    type Error = PlayError<Refusal>;

    fn game(&self) -> &'static str {
        "ochos-locos"
    }

    fn rules(&self) -> String {
        format!("{}, {} players", self.variant, self.seats.len())
    }

    fn seats(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|(name, strategy)| {
                let letter = strategy.letter().map_or(String::new(), |l| format!("{l} "));
                format!("{name} ({letter}{})", strategy.describe())
            })
            .collect()
    }

    fn length_unit(&self) -> &'static str {
        "turns"
    }

    fn worker(&self) -> Worker {
        self.worker.clone()
    }

    fn play(
        &self,
        worker: &mut Worker,
        seed: u64,
        index: u64,
        _extra: &mut (),
    ) -> Result<Played, PlayError<Refusal>> {
        let (outcome, turns) = worker.play(seed, index)?;
        Ok(Played {
            outcome: outcome.map_no_winner(|reason| match reason {
                NoWinner::DeckRanOut => "the deck ran out",
                NoWinner::Stalemate => "stalemate",
            }),
            length: u64::from(turns),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::full_deck;
    use crate::files::Deal;
    use cards_core::ColorCard;
    use cards_core::protocol::{ChanceSource, Step};
    use cards_core::sim::{Options, Report};
    use pretty_assertions::assert_eq;

    fn run(setup: &Setup, games: u64, threads: usize) -> Report<()> {
        let options = Options {
            games,
            seed: 7,
            threads: Some(threads),
        };
        cards_core::sim::run(setup, &options, &|_| {}).unwrap()
    }

    #[test]
    fn figures_do_not_depend_on_the_thread_count() {
        let setup = Setup::new(
            Variant::Completos,
            &[
                Strategy::ColorFirst,
                Strategy::NumberFirst,
                Strategy::Strategic,
                Strategy::Basic,
            ],
        )
        .unwrap();
        let one = run(&setup, 2_000, 1);
        assert_eq!(one, run(&setup, 2_000, 2));
        assert_eq!(one.games, 2_000);
        let wins: u64 = one.seats.iter().map(|seat| seat.wins).sum();
        let ended = wins + one.no_winner.values().sum::<u64>();
        assert_eq!(ended, one.games, "every game ends one way");
    }

    #[test]
    fn a_simulated_game_is_the_game_its_deal_plays() {
        let setup = Setup::new(Variant::GoingWild, &[Strategy::Rainbow; 3]).unwrap();
        for index in 0..50 {
            let mut single = Worker::new(setup.face()).unwrap();
            single.play(11, index).unwrap();
            let mut cards: Vec<ColorCard> = full_deck().collect();
            cards_core::shuffle(&mut cards, &mut stream_rng(11, index));
            let deal = Deal::from_cards(setup.seats(), &cards);
            let mut game = deal.to_game(Variant::GoingWild).unwrap();
            while game.next_play().is_some() {}
            assert_eq!(single.game, game, "game {index}");
        }
    }

    #[test]
    fn a_simulated_game_replays_alone_from_its_seed_and_index() {
        // The worker plays games one after another on one reused game, through the
        // quiet path; each must be the game a fresh table plays from (seed, index)
        // alone through the checked loop, which checks every action.
        let setup = Setup::new(
            Variant::Completos,
            &[
                Strategy::ColorFirst,
                Strategy::NumberFirst,
                Strategy::Strategic,
                Strategy::Basic,
            ],
        )
        .unwrap();
        let mut worker = Worker::new(setup.face()).unwrap();
        for index in [0, 1, 2, 17, 999, 123_456] {
            let (played, played_turns) = worker.play(2020, index).unwrap();
            let mut game = setup.worker.game.clone();
            let mut seats: Vec<Strategy> = setup.seats.iter().map(|&(_, s)| s).collect();
            let mut chance = ChanceSource::seeded(stream_rng(2020, index));
            let mut turns = 0;
            let outcome = Driver::new()
                .play(&mut game, &mut chance, &mut seats, |_, step, _| {
                    turns += u32::from(matches!(step, Step::Action { .. }));
                    Ok(())
                })
                .unwrap();
            assert_eq!(worker.game(), &game, "game {index}");
            assert_eq!(played_turns, turns, "game {index}");
            assert_eq!(played, outcome, "game {index}");
        }
    }

    #[test]
    fn seven_seats_are_refused() {
        assert!(Setup::new(Variant::MoreTheMerrier, &[Strategy::Rainbow; 7]).is_err());
    }
}
