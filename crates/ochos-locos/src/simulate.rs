//! Many games without output, for statistics, on the workspace's one simulation harness
//! ([`cards_core::sim`]): who wins how often from which seat and with which strategy, how
//! often nobody does, how long games last.
//!
//! Game `i` of a run seeded with `s` is dealt by the game's chance node from its own
//! generator, `stream_rng(s, i)`, and tallies are integers, so a run gives the same
//! figures on any number of threads. Each worker reuses one [`Game`] (waiting for a deal
//! of the sorted deck again, as [`Game::await_deal`] does) and one [`Driver`], and the
//! seats are [`Strategy`] values (an enum, dispatched statically): nothing is allocated
//! per game.
//!
//! # Speed
//!
//! `completos` with four players runs within about 2.2× of a tight loop written for that
//! rule set alone (`benches/tight_loop.rs`: hands as bit sets of places in the deal; the
//! same games, checked by `tests/tight_loop.rs`; `bash bench/ochos-locos.sh` measures
//! both). The engine keeps its readable representation (hands as slices in the order
//! received, the protocol's observe–choose–apply turn): what made it fast is that a whole
//! turn compiles into the simulator's loop (`#[inline]` on the steps and the strategies,
//! `#[inline(always)]` and the worker's own [`Agent`] for its seats where the release
//! binary's build still left calls), and that the worker deals without re-sorting the
//! deck: the deal is the chance node of the protocol's quiet path
//! (`Driver::play_trusted`), sampled from the game's own xoshiro256++ stream,
//! `stream_rng(s, i)`, seeded with `game_seed(s, i)`.

use cards_core::ColorCard;
use cards_core::protocol::{Agent, Driver, PlayError, Seat, Stop};

use cards_core::rng::stream_rng;
use cards_core::sim::{Ending, Played, Simulation};

use crate::deal::{DealError, MAX_NUMBER, MIN_NUMBER, NAMES, check_players};
use crate::game::{Action, DealOrder, Game, GameError, NoWinner, Observation, Outcome};
use crate::player::Player;
use crate::rules::{DealFormat, Variant};
use crate::strategy::Strategy;

/// What to simulate: a rule set and its seats.
#[derive(Clone, Debug)]
pub struct Setup {
    variant: Variant,
    seats: Vec<(String, Strategy)>,
    // The game every worker starts from: the seats, waiting for a deal of all 32 cards.
    game: Game,
}

impl Setup {
    /// `strategies` gives each seat's strategy, in seating order; its length is the
    /// number of players, which `variant` must allow. Names are those of
    /// [`Deal::random`](crate::Deal::random).
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
        let mut game = Game::new(variant.rules());
        for (name, strategy) in &seats {
            game.add_player(Player::with_strategy(name.clone(), *strategy));
        }
        let cards: Vec<ColorCard> = ColorCard::all(MIN_NUMBER..=MAX_NUMBER).collect();
        // Two to six players of five cards and a discard card always fit the 32 cards.
        game.await_deal(&cards)
            .map_err(|_| DealError::Players(seats.len()))?;
        Ok(Setup {
            variant,
            seats,
            game,
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
}

/// One worker's reusable game, loop, chance source and seats: what each thread of a
/// simulation plays its games on, and what the benchmark times.
#[derive(Debug)]
pub struct Worker {
    game: Game,
    driver: Driver<Game>,
    strategies: Seats,
    // The 32 cards in card order: what chance shuffles for every game.
    cards: DealOrder,
}

impl Worker {
    /// A worker for games of `setup`.
    pub fn new(setup: &Setup) -> Worker {
        Worker {
            game: setup.game.clone(),
            driver: Driver::new(),
            strategies: Seats(setup.seats.iter().map(|&(_, strategy)| strategy).collect()),
            cards: sorted_deck(),
        }
    }

    /// The game last played (or waiting for its deal).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays game number `index` of a run seeded with `seed`: how it ended and how many
    /// turns it took. An error only if the game refuses what a strategy chose (a bug the
    /// tests rule out).
    pub fn play(&mut self, seed: u64, index: u64) -> Result<Played, PlayError<GameError>> {
        // Game `index` depends on nothing but (seed, index): the chance node shuffles
        // the sorted cards with the game's own stream.
        self.game.await_sorted_deal(self.cards);
        let mut turns = 0;
        let outcome = self.driver.play_trusted(
            &mut self.game,
            &mut stream_rng(seed, index),
            &mut self.strategies,
            |_| turns += 1,
        )?;
        let ending = match outcome {
            Outcome::Winner { seat } => Ending::Winner(seat),
            Outcome::NoWinner {
                reason: NoWinner::DeckRanOut,
            } => Ending::NoWinner("the deck ran out"),
            Outcome::NoWinner {
                reason: NoWinner::Stalemate,
            } => Ending::NoWinner("stalemate"),
        };
        Ok(Played {
            ending,
            length: turns,
        })
    }
}

/// The seats' strategies, as the worker's loop asks them: what the protocol's agent for a
/// `Vec` of agents does, written here so that the whole choice compiles into the loop
/// (the generic one in `cards_core` was left a call in the binary; `#[inline(always)]`
/// on it instead still costs 8,977 instructions a game against this one's 8,696).
#[derive(Debug)]
struct Seats(Vec<Strategy>);

impl Agent<Game> for Seats {
    #[inline(always)]
    fn choose(
        &mut self,
        seat: Seat,
        observation: &Observation<'_>,
        legal: &[Action],
    ) -> Result<Action, Stop> {
        self.0
            .get_mut(seat)
            .ok_or(Stop::Unseated(seat))?
            .choose(seat, observation, legal)
    }

    fn wants_legal_actions(&self, _seat: Seat) -> bool {
        false
    }
}

/// The 32 cards in card order, as chance deals them.
fn sorted_deck() -> DealOrder {
    let cards: Vec<ColorCard> = ColorCard::all(MIN_NUMBER..=MAX_NUMBER).collect();
    // The 32 cards are the deck's: they fit an order.
    DealOrder::new(&cards).unwrap_or_else(|_| unreachable!("32 cards fit a deal order"))
}

/// A rule set and its seats, as the harness plays them (`ochos-locos simulate`). Ochos
/// Locos has no figures of its own beyond the shared report; a seat's name says its
/// strategy (`Alice (C colour first)`).
impl Simulation for Setup {
    type Worker = Worker;
    type Extra = ();
    type Error = PlayError<GameError>;

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
        Worker::new(self)
    }

    fn play(
        &self,
        worker: &mut Worker,
        seed: u64,
        index: u64,
        _extra: &mut (),
    ) -> Result<Played, PlayError<GameError>> {
        worker.play(seed, index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Deal;
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
            let mut single = Worker::new(&setup);
            single.play(11, index).unwrap();
            let mut cards: Vec<ColorCard> = ColorCard::all(MIN_NUMBER..=MAX_NUMBER).collect();
            cards_core::shuffle(&mut cards, &mut stream_rng(11, index));
            let deal = Deal::from_cards(setup.seats(), &cards);
            let mut game = deal.to_game(Variant::GoingWild).unwrap();
            while game.next_play().is_some() {}
            assert_eq!(single.game, game, "game {index}");
        }
    }

    #[test]
    fn seven_seats_are_refused() {
        assert!(Setup::new(Variant::MoreTheMerrier, &[Strategy::Rainbow; 7]).is_err());
    }
}
