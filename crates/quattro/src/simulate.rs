//! Many bot games at once: win shares per seat and game lengths.
//!
//! Game number `i` draws from its own generator, `stream_rng(seed, i)`, and the tallies
//! are integers, so the figures are the same whatever the number of threads. Each
//! thread reuses one [`Game`] and one event buffer: nothing is allocated per game or per
//! move once the buffers have grown.

use rand::Rng;
use rayon::prelude::*;

use cards_core::rng::{rng_from_seed, stream_rng};

use crate::bot;
use crate::game::{Event, Game, Outcome, PLAYERS};
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
            Outcome::Winner(seat) => self.wins[seat] += 1,
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

/// Lets the bots play `game` to its end; `events` is a buffer to reuse.
pub fn play_out<R: Rng + ?Sized>(game: &mut Game, rng: &mut R, events: &mut Vec<Event>) -> Outcome {
    loop {
        if let Some(outcome) = game.outcome() {
            return outcome;
        }
        let mv = bot::next_play(&game.view(game.current()));
        // A bot only chooses legal moves (the unit and property tests check it); were it
        // ever refused, drawing or the first legal move keeps the game going.
        if game.apply_into(mv, rng, events).is_err() {
            let fallback = game.legal_moves();
            debug_assert!(false, "a bot chose an illegal move: {mv:?}");
            if let Some(&mv) = fallback.first() {
                let _ = game.apply_into(mv, rng, events);
            }
        }
    }
}

/// Plays `games` bot games with `rules` (in parallel) and counts the results.
pub fn simulate(rules: Rules, games: u64, seed: u64, max_turns: u32) -> Tally {
    (0..games)
        .into_par_iter()
        .fold(
            || {
                let game = Game::new(rules, bots(), max_turns, &mut rng_from_seed(seed));
                (game, Vec::with_capacity(16), Tally::default())
            },
            |(mut game, mut events, mut tally), index| {
                let mut rng = stream_rng(seed, index);
                game.redeal(&mut rng);
                let outcome = play_out(&mut game, &mut rng, &mut events);
                tally.add(outcome, game.turns());
                (game, events, tally)
            },
        )
        .map(|(_, _, tally)| tally)
        .reduce(Tally::default, Tally::merge)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn every_game_is_counted_and_threads_do_not_matter() {
        for rules in Rules::ALL {
            let tally = simulate(rules, 200, 3, 1000);
            assert_eq!(tally.games, 200);
            assert_eq!(tally.wins.iter().sum::<u64>() + tally.no_winner, 200);
            let one_thread = rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .build()
                .map(|pool| pool.install(|| simulate(rules, 200, 3, 1000)));
            assert_eq!(one_thread.ok(), Some(tally));
        }
    }

    #[test]
    fn a_game_is_the_same_alone_or_in_a_batch() {
        let mut rng = stream_rng(5, 7);
        let mut game = Game::new(Rules::Uno, bots(), 1000, &mut rng);
        let outcome = play_out(&mut game, &mut rng, &mut Vec::new());
        let mut again = Game::new(Rules::Uno, bots(), 1000, &mut rng_from_seed(0));
        let mut rng = stream_rng(5, 7);
        again.redeal(&mut rng);
        assert_eq!(play_out(&mut again, &mut rng, &mut Vec::new()), outcome);
        assert_eq!(again.turns(), game.turns());
    }
}
