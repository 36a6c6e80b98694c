//! Many games without output, in parallel, on the workspace's one simulation harness
//! ([`cards_core::sim`]): each seat's wins, the games stopped without a winner, the
//! distribution of battles per game, and War's own figures ([`WarFigures`]): wars per
//! game and the share of battles that are wars.
//!
//! Game `i` of a run seeded with `s` is dealt and played with its own generator,
//! `stream_rng(s, i)`, and every tally is an integer, so the figures are the same
//! whatever the number of threads. Each thread reuses one [`Worker`]: a [`Game`] (piles,
//! table, repetition buffers), the one game loop ([`Driver`]) and a chance source
//! reseeded per game, with [`AlwaysBattle`] at every seat, all statically dispatched; so
//! nothing is allocated per game, and memory does not grow with the number of games: a
//! histogram is as long as the longest game.

use std::fmt::{self, Write as _};

use cards_core::protocol::{Actor, ChanceSource, Driver, PlayError};
use cards_core::rng::stream_rng;
use cards_core::sim::{Distribution, Ending, Extra, Histogram, Played, Simulation};
use serde::Serialize;

use crate::deck::CardOrder;
use crate::game::{AlwaysBattle, Game, NoWinnerReason, Order, Outcome, RuleError, Rules};

/// A simulation of games under some rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarSimulation {
    /// The rules of every game.
    pub rules: Rules,
}

impl Simulation for WarSimulation {
    type Worker = Worker;
    type Extra = WarFigures;
    type Error = PlayError<RuleError>;

    fn game(&self) -> &'static str {
        "war"
    }

    fn rules(&self) -> String {
        let order = match self.rules.order() {
            Order::Shuffled => "shuffled",
            Order::Fixed => "fixed",
        };
        format!(
            "{} players, won cards returned {order}, at most {} battles a game",
            self.rules.players(),
            self.rules.max_battles()
        )
    }

    fn seats(&self) -> Vec<String> {
        (1..=self.rules.players())
            .map(|n| format!("Player {n}"))
            .collect()
    }

    fn length_unit(&self) -> &'static str {
        "battles"
    }

    fn worker(&self) -> Worker {
        Worker::new(self.rules)
    }

    fn play(
        &self,
        worker: &mut Worker,
        seed: u64,
        index: u64,
        extra: &mut WarFigures,
    ) -> Result<Played, PlayError<RuleError>> {
        let record = worker.play(seed, index)?;
        extra.wars.add(record.wars);
        extra.war_battles += record.war_battles;
        extra.battles += record.battles;
        let ending = match record.outcome {
            Outcome::Winner { seat } => Ending::Winner(seat),
            Outcome::NoWinner { reason } => Ending::NoWinner(match reason {
                NoWinnerReason::OutOfCards { .. } => "the last players ran out together",
                NoWinnerReason::Repetition { .. } => "the position repeated",
                NoWinnerReason::BattleCap { .. } => "the battle cap",
            }),
        };
        Ok(Played {
            ending,
            length: record.battles,
        })
    }
}

/// War's own figures of a run (the report's `extra`): `wars`, the distribution of wars
/// per game (chained wars each counted); `war_battles`, the battles that were a war's
/// deciding comparison; `war_share`, their share of all battles (a war cut short because
/// a player ran out compares no cards, so it is a war but no battle).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WarFigures {
    wars: Histogram,
    war_battles: u64,
    battles: u64,
}

impl WarFigures {
    /// Wars per game.
    pub fn wars(&self) -> Distribution {
        self.wars.distribution()
    }

    /// Battles that were a war's deciding comparison.
    pub fn war_battles(&self) -> u64 {
        self.war_battles
    }

    /// Battles of all games.
    pub fn battles(&self) -> u64 {
        self.battles
    }

    /// The share of battles that are wars.
    pub fn war_share(&self) -> f64 {
        if self.battles == 0 {
            0.0
        } else {
            self.war_battles as f64 / self.battles as f64
        }
    }
}

impl Serialize for WarFigures {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shown {
            wars: Distribution,
            war_battles: u64,
            war_share: f64,
        }
        Shown {
            wars: self.wars(),
            war_battles: self.war_battles,
            war_share: self.war_share(),
        }
        .serialize(serializer)
    }
}

impl Extra for WarFigures {
    fn merge(&mut self, other: WarFigures) {
        self.wars = std::mem::take(&mut self.wars).merge(other.wars);
        self.war_battles += other.war_battles;
        self.battles += other.battles;
    }

    fn write_text(&self, _games: u64, out: &mut String) -> fmt::Result {
        let wars = self.wars();
        writeln!(
            out,
            "wars per game: mean {:.2}, median {}, p90 {}, p99 {}, max {}",
            wars.mean, wars.median, wars.p90, wars.p99, wars.max
        )?;
        writeln!(
            out,
            "battles that are wars: {:.2}% ({} of {})",
            100.0 * self.war_share(),
            self.war_battles,
            self.battles
        )
    }
}

/// One game's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Battles fought, wars' deciding battles included.
    pub battles: u64,
    /// Wars started.
    pub wars: u64,
    /// Battles that were a war's deciding comparison.
    pub war_battles: u64,
    /// How the game ended.
    pub outcome: Outcome,
}

/// What one thread reuses from game to game: the game, the loop and the chance source.
#[derive(Clone, Debug)]
pub struct Worker {
    game: Game,
    driver: Driver<Game>,
    chance: ChanceSource<CardOrder>,
}

impl Worker {
    /// A worker for games under `rules`.
    pub fn new(rules: Rules) -> Worker {
        Worker {
            game: Game::new(rules),
            driver: Driver::new(),
            chance: ChanceSource::seeded(stream_rng(0, 0)),
        }
    }

    /// Plays game number `index` of a simulation seeded with `seed`, dealt and shuffled
    /// from its own stream `stream_rng(seed, index)`. This is what the benchmark times.
    pub fn play(&mut self, seed: u64, index: u64) -> Result<GameRecord, PlayError<RuleError>> {
        self.game.restart();
        self.chance.reseed(stream_rng(seed, index));
        // Each action is one battle; the battles beyond them are wars' deciding ones.
        let mut actions = 0;
        let outcome = self.driver.play_quietly(
            &mut self.game,
            &mut self.chance,
            &mut AlwaysBattle,
            |actor| {
                if let Actor::Seat(_) = actor {
                    actions += 1;
                }
            },
        )?;
        let war_battles = self
            .game
            .battles()
            .checked_sub(actions)
            .ok_or(PlayError::Invariant(
                "every battle action fights at least one battle",
            ))?;
        Ok(GameRecord {
            battles: self.game.battles(),
            wars: self.game.wars(),
            war_battles,
            outcome,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Event;
    use cards_core::sim::{Options, Report, run};
    use pretty_assertions::assert_eq;

    fn rules(players: usize, order: Order) -> Rules {
        Rules::new(players).unwrap().with_order(order)
    }

    const GAMES: u64 = 80;
    const SEED: u64 = 11;

    fn report(rules: Rules, threads: usize) -> Report<WarFigures> {
        let options = Options {
            games: GAMES,
            seed: SEED,
            threads: Some(threads),
        };
        run(&WarSimulation { rules }, &options, &|_| {}).unwrap()
    }

    #[test]
    fn one_thread_and_several_agree() {
        for (players, order) in [
            (2, Order::Shuffled),
            (2, Order::Fixed),
            (5, Order::Shuffled),
        ] {
            let one = report(rules(players, order), 1);
            let three = report(rules(players, order), 3);
            assert_eq!(one, three, "{players} players, {order:?}");
        }
    }

    #[test]
    fn figures_add_up() {
        let r = report(rules(2, Order::Fixed), 2);
        let wins: u64 = r.seats.iter().map(|seat| seat.wins).sum();
        assert_eq!(wins + r.no_winner.values().sum::<u64>(), GAMES);
        let l = r.length;
        assert!(l.median <= l.p90 && l.p90 <= l.p99 && l.p99 <= l.max);
        assert!(r.extra.wars().total <= r.extra.battles());
        assert!(
            r.no_winner
                .get("the position repeated")
                .is_some_and(|&n| n > 0),
            "fixed-order games do cycle"
        );
        let shuffled = report(rules(2, Order::Shuffled), 2);
        assert_eq!(
            shuffled.no_winner.get("the position repeated"),
            None,
            "only fixed order is checked for cycles"
        );
    }

    #[test]
    fn a_record_is_the_game_played_alone() {
        let rules = rules(3, Order::Shuffled);
        let mut worker = Worker::new(rules);
        let mut total = 0;
        for index in 0..GAMES {
            total += worker.play(SEED, index).unwrap().battles;
        }
        assert_eq!(report(rules, 2).extra.battles(), total);
    }

    /// The share of battles that are wars counts the wars' deciding battles, read here
    /// from the events, not every war: a war cut short by a player running out compares
    /// no cards.
    #[test]
    fn war_share_counts_deciding_battles() {
        let rules = rules(4, Order::Shuffled);
        let (mut battles, mut war_battles, mut wars) = (0, 0, 0);
        for index in 0..GAMES {
            let mut game = Game::new(rules);
            let played = Driver::new().play(
                &mut game,
                &mut ChanceSource::seeded(stream_rng(SEED, index)),
                &mut AlwaysBattle,
                |_, _, events| {
                    for event in events {
                        if let Event::War { battle, .. } = event {
                            wars += 1;
                            war_battles += u64::from(battle.is_some());
                        }
                    }
                    Ok(())
                },
            );
            assert!(played.is_ok());
            battles += game.battles();
        }
        let r = report(rules, 2);
        assert!(
            war_battles < wars,
            "some wars were cut short in these games"
        );
        assert_eq!(
            (r.extra.war_battles(), r.extra.wars().total),
            (war_battles, wars)
        );
        assert_eq!(r.extra.war_share(), war_battles as f64 / battles as f64);
    }

    #[test]
    fn one_game_is_one_game() {
        let options = Options {
            games: 1,
            seed: 1,
            threads: Some(1),
        };
        let text = run(
            &WarSimulation {
                rules: rules(2, Order::Shuffled),
            },
            &options,
            &|_| {},
        )
        .unwrap()
        .to_text();
        assert!(
            text.starts_with(
                "war: 2 players, won cards returned shuffled, at most 100000 \
                 battles a game, 1 game, seed 1\n"
            ),
            "{text}"
        );
    }
}
