//! Many games without output, for statistics: who wins how often from which seat and
//! with which strategy, how often nobody does, how long games last.
//!
//! Game `i` of a run seeded with `s` deals from its own generator, `stream_rng(s, i)`,
//! and tallies are integers, so a run gives the same figures on any number of threads.
//! Each worker reuses one [`Game`] ([`Game::redeal`]): nothing is allocated per game.

use cards_core::rng::stream_rng;
use cards_core::{ColorCard, shuffle};
use rayon::prelude::*;

use crate::deal::{DECK_SIZE, MAX_NUMBER, MIN_NUMBER, NAMES};
use crate::game::{Game, NoWinner, Outcome};
use crate::player::Player;
use crate::rules::{DealFormat, Variant};
use crate::strategy::Strategy;

/// What to simulate: a rule set and its seats.
#[derive(Clone, Debug)]
pub struct Setup {
    variant: Variant,
    seats: Vec<(String, &'static dyn Strategy)>,
}

impl Setup {
    /// `strategies` gives each seat's strategy, in seating order; its length is the
    /// number of players. Names are those of [`Deal::random`].
    pub fn new(variant: Variant, strategies: &[&'static dyn Strategy]) -> Setup {
        let seats = strategies
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
        Setup { variant, seats }
    }

    /// The rule set.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The seats: name and strategy.
    pub fn seats(&self) -> &[(String, &'static dyn Strategy)] {
        &self.seats
    }

    fn game(&self) -> Game {
        let mut game = Game::new(self.variant.rules());
        for (name, strategy) in &self.seats {
            game.add_player(Player::with_strategy(name.clone(), *strategy));
        }
        game
    }
}

/// The figures of a run. All counts, so that runs merge exactly.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Wins by seat.
    pub wins: Vec<u64>,
    /// Games that ended when the deck ran out (Assignment 4).
    pub deck_ran_out: u64,
    /// Games that ended in a stalemate (Assignment 2).
    pub stalemates: u64,
    /// Turns over all games.
    pub turns: u64,
    /// The longest game, in turns.
    pub longest: u64,
}

impl Tally {
    fn new(seats: usize) -> Tally {
        Tally {
            wins: vec![0; seats],
            ..Tally::default()
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        self.games += other.games;
        for (mine, theirs) in self.wins.iter_mut().zip(other.wins) {
            *mine += theirs;
        }
        self.deck_ran_out += other.deck_ran_out;
        self.stalemates += other.stalemates;
        self.turns += other.turns;
        self.longest = self.longest.max(other.longest);
        self
    }
}

/// One worker's reusable game and deck.
struct Worker {
    game: Game,
    cards: [ColorCard; DECK_SIZE],
    tally: Tally,
}

impl Worker {
    fn new(setup: &Setup) -> Worker {
        let mut cards = [ColorCard::new(cards_core::Color::Red, MIN_NUMBER); DECK_SIZE];
        for (slot, card) in cards
            .iter_mut()
            .zip(ColorCard::all(MIN_NUMBER..=MAX_NUMBER))
        {
            *slot = card;
        }
        Worker {
            game: setup.game(),
            cards,
            tally: Tally::new(setup.seats.len()),
        }
    }

    fn play(&mut self, seed: u64, index: u64) {
        // Game `index` depends on nothing but (seed, index): sort, then shuffle.
        self.cards.sort_unstable();
        shuffle(&mut self.cards, &mut stream_rng(seed, index));
        self.game.redeal(&self.cards);
        let mut turns = 0;
        while self.game.next_play().is_some() {
            turns += 1;
        }
        let tally = &mut self.tally;
        tally.games += 1;
        tally.turns += turns;
        tally.longest = tally.longest.max(turns);
        match self.game.outcome() {
            Some(Outcome::Winner { player }) => tally.wins[player] += 1,
            Some(Outcome::NoWinner {
                reason: NoWinner::DeckRanOut,
            }) => tally.deck_ran_out += 1,
            Some(Outcome::NoWinner {
                reason: NoWinner::Stalemate,
            }) => tally.stalemates += 1,
            None => {}
        }
    }
}

/// Plays `games` random deals under `setup`, on rayon's current thread pool.
pub fn simulate(setup: &Setup, games: u64, seed: u64) -> Tally {
    (0..games)
        .into_par_iter()
        .fold(
            || Worker::new(setup),
            |mut worker, index| {
                worker.play(seed, index);
                worker
            },
        )
        .map(|worker| worker.tally)
        .reduce(|| Tally::new(setup.seats.len()), Tally::merge)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Deal;
    use crate::strategy::{BasicPlayer, ColorPlayer, NumberPlayer, RainbowPlayer, StrategicPlayer};
    use pretty_assertions::assert_eq;

    fn run(setup: &Setup, games: u64, threads: usize) -> Tally {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap_or_else(|e| panic!("{e}"))
            .install(|| simulate(setup, games, 7))
    }

    #[test]
    fn figures_do_not_depend_on_the_thread_count() {
        let setup = Setup::new(
            Variant::Completos,
            &[&ColorPlayer, &NumberPlayer, &StrategicPlayer, &BasicPlayer],
        );
        let one = run(&setup, 2_000, 1);
        assert_eq!(one, run(&setup, 2_000, 2));
        assert_eq!(one.games, 2_000);
        let ended: u64 = one.wins.iter().sum::<u64>() + one.deck_ran_out + one.stalemates;
        assert_eq!(ended, one.games, "every game ends one way");
    }

    #[test]
    fn a_simulated_game_is_the_game_its_deal_plays() {
        let setup = Setup::new(Variant::GoingWild, &[&RainbowPlayer as &dyn Strategy; 3]);
        for index in 0..50 {
            let mut single = Worker::new(&setup);
            single.play(11, index);
            let mut cards: Vec<ColorCard> = ColorCard::all(MIN_NUMBER..=MAX_NUMBER).collect();
            shuffle(&mut cards, &mut stream_rng(11, index));
            let deal = Deal::from_cards(setup.seats(), &cards);
            let mut game = deal.to_game(Variant::GoingWild);
            while game.next_play().is_some() {}
            assert_eq!(single.game.outcome(), game.outcome(), "game {index}");
        }
    }
}
