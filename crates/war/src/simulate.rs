//! Many games without output, in parallel, on the workspace's one simulation harness
//! ([`cards_core::sim`]): each seat's wins, the games stopped without a winner, the
//! distribution of battles per game, and War's own figures ([`WarFigures`]): wars per
//! game, the share of battles that are wars, and how many wars in a row a battle sets
//! off (the assignment: "it's very uncommon to have more than two wars in a row").
//!
//! Game `i` of a run seeded with `s` is dealt and played with its own generator,
//! `stream_rng(s, i)`, and every tally is an integer, so the figures are the same
//! whatever the number of threads, and any game replays alone from (seed, index). Each
//! thread reuses one [`Worker`]: a [`Game`] (piles, table, repetition buffers, restarted
//! with [`Game::restart`]), the one game loop ([`Driver`]) and the game's generator, with
//! an agent at every seat that battles as [`AlwaysBattle`](crate::strategy::AlwaysBattle)
//! does and counts the wars each battle sets off from its view, all statically
//! dispatched; so nothing is allocated per game once the piles have grown, and memory
//! does not grow with the number of games: a histogram is as long as the longest game,
//! and wars in a row are tallied in a fixed array ([`ROW_BUCKETS`]). The battles, the
//! wars and the wars' deciding battles come from the game's own counters.
//!
//! # Speed
//! The worker plays through `Driver::play_trusted`, the protocol's quiet path: one call
//! of `Game::apply_trusted` a battle, which plays it with its wars and, with shuffled
//! returns, the take of the table that follows (no event built, the action not checked
//! again); the agent is handed no list of legal actions and tallies only the battles
//! that set off a war. `BENCHMARKS.md` has its instructions a game against
//! `benches/tight_loop.rs` on the same games. The shuffles of the table are about a
//! quarter of the engine's instructions, as many as the tight loop's; the rest is the price of the rules kept in the
//! assignment's shape (each card drawn from a player's pile and put on the table
//! through the game, the winner's take, the end of the battle) and of the protocol's
//! step. The players are held in the game itself, not behind a pointer, their piles
//! fixed rings ([`cards_core::ring::RingPile`]) and the table a fixed array with its
//! face-down cards as a set of bits ([`crate::table::Table`]), so a battle moves each
//! card with a load and a store and allocates nothing; the two-player end of a battle
//! is small enough to be inlined into the loop (the check for a repeated position, with
//! won cards in a fixed order, is kept out of line).

use std::fmt::{self, Write as _};

use cards_core::protocol::{Agent, Driver, PlayError, Seat, Stop};
use cards_core::rng::{GameRng, stream_rng};
use cards_core::sim::{Distribution, Extra, Histogram, Played, Simulation};
use serde::Serialize;

use crate::error::Refusal;
use crate::face;
use crate::game::{Action, Game, NoWinner, Observation, Outcome};
use crate::rules::{Rules, SetupError, WonCardOrder};

/// How many buckets wars in a row are tallied in: a battle that set off 0, 1, … 7 wars
/// in a row has its own, and the last holds the battles of 8 wars in a row or more (the
/// longest run is reported exactly beside them).
pub const ROW_BUCKETS: usize = 9;

/// The bucket of a run of `wars` wars in a row.
fn bucket(wars: u64) -> usize {
    usize::try_from(wars).map_or(ROW_BUCKETS - 1, |wars| wars.min(ROW_BUCKETS - 1))
}

/// A simulation of games under some rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The rules of every game.
    pub rules: Rules,
}

impl Simulation for Setup {
    type Worker = Worker;
    type Extra = WarFigures;
    type Error = PlayError<Refusal>;

    fn game(&self) -> &'static str {
        "war"
    }

    fn rules(&self) -> String {
        let order = match self.rules.order() {
            WonCardOrder::Shuffled => "shuffled",
            WonCardOrder::Fixed => "fixed",
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
        Worker::of(self.rules)
    }

    fn play(
        &self,
        worker: &mut Worker,
        seed: u64,
        index: u64,
        extra: &mut WarFigures,
    ) -> Result<Played, PlayError<Refusal>> {
        let record = worker.play(seed, index)?;
        extra.add(&record);
        let outcome = record.outcome.map_no_winner(|reason| match reason {
            NoWinner::OutOfCards { .. } => "the last players ran out together",
            NoWinner::Repetition { .. } => "the position repeated",
            NoWinner::BattleCap { .. } => "the battle cap",
        });
        Ok(Played {
            outcome,
            length: record.battles,
        })
    }
}

/// War's own figures of a run (the report's `extra`): `wars`, the distribution of wars
/// per game (chained wars each counted); `war_battles`, the battles that were a war's
/// deciding comparison; `war_share`, their share of all battles (a war cut short because
/// a player ran out compares no cards, so it is a war but no battle); and
/// `wars_in_a_row`: `battles[k]`, the battles begun by a player (not a war's deciding
/// battle) that set off `k` wars in a row, and `games[k]`, the games whose longest run
/// was `k` wars (both `ROW_BUCKETS` long, the last entry counting 8 or more), and
/// `longest`, the longest run of all.
///
/// A run is what the game counts as wars ([`Game::wars`]) during one battle action: a
/// tie starts war 1, a tie of its fourth cards war 2, and so on, a war cut short because
/// a player ran out included.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WarFigures {
    wars: Histogram,
    war_battles: u64,
    battles: u64,
    rows: [u64; ROW_BUCKETS],
    games_by_longest_row: [u64; ROW_BUCKETS],
    longest_row: u64,
}

impl WarFigures {
    /// Adds one game's figures.
    fn add(&mut self, record: &GameRecord) {
        self.wars.add(record.wars);
        self.war_battles += record.war_battles;
        self.battles += record.battles;
        for (total, battles) in self.rows.iter_mut().zip(record.wars_in_a_row) {
            *total += battles;
        }
        self.games_by_longest_row[bucket(record.longest_row)] += 1;
        self.longest_row = self.longest_row.max(record.longest_row);
    }

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

    /// Battles begun by a player, by the wars they set off in a row: entry `k` counts
    /// those with `k` wars (0: no war), the last entry those with 8 or more.
    pub fn wars_in_a_row(&self) -> [u64; ROW_BUCKETS] {
        self.rows
    }

    /// Games by their longest run of wars in a row: entry `k` counts the games whose
    /// longest run was `k` wars (0: no war at all), the last entry 8 or more.
    pub fn games_by_longest_row(&self) -> [u64; ROW_BUCKETS] {
        self.games_by_longest_row
    }

    /// The most wars in a row of any battle of the run.
    pub fn longest_row(&self) -> u64 {
        self.longest_row
    }

    /// The bucket of `k` wars in a row as the text report names it.
    fn row_label(k: usize) -> String {
        if k == ROW_BUCKETS - 1 {
            format!("{k} or more")
        } else {
            k.to_string()
        }
    }
}

impl Serialize for WarFigures {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Rows {
            battles: [u64; ROW_BUCKETS],
            games: [u64; ROW_BUCKETS],
            longest: u64,
        }
        #[derive(Serialize)]
        struct Shown {
            wars: Distribution,
            war_battles: u64,
            war_share: f64,
            wars_in_a_row: Rows,
        }
        Shown {
            wars: self.wars(),
            war_battles: self.war_battles,
            war_share: self.war_share(),
            wars_in_a_row: Rows {
                battles: self.rows,
                games: self.games_by_longest_row,
                longest: self.longest_row,
            },
        }
        .serialize(serializer)
    }
}

impl Extra for WarFigures {
    fn merge(&mut self, other: WarFigures) {
        self.wars = std::mem::take(&mut self.wars).merge(other.wars);
        self.war_battles += other.war_battles;
        self.battles += other.battles;
        for (mine, theirs) in self.rows.iter_mut().zip(other.rows) {
            *mine += theirs;
        }
        for (mine, theirs) in self
            .games_by_longest_row
            .iter_mut()
            .zip(other.games_by_longest_row)
        {
            *mine += theirs;
        }
        self.longest_row = self.longest_row.max(other.longest_row);
    }

    fn write_text(&self, games: u64, out: &mut String) -> fmt::Result {
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
        )?;
        // The buckets up to the longest run seen (the last one holds 8 or more).
        let shown = bucket(self.longest_row) + 1;
        let begun: u64 = self.rows.iter().sum();
        write!(out, "battles begun, by wars in a row: 0: {}", self.rows[0])?;
        for (k, &battles) in self.rows.iter().enumerate().take(shown).skip(1) {
            write!(out, ", {}: {battles}", WarFigures::row_label(k))?;
            if battles > 0 {
                write!(out, " (1 in {:.0})", begun as f64 / battles as f64)?;
            }
        }
        writeln!(out, "; longest {}", self.longest_row)?;
        write!(out, "games, by their longest run of wars:")?;
        for (k, &count) in self.games_by_longest_row.iter().enumerate().take(shown) {
            let separator = if k == 0 { "" } else { "," };
            write!(
                out,
                "{separator} {}: {count} ({:.2}%)",
                WarFigures::row_label(k),
                100.0 * count as f64 / games.max(1) as f64
            )?;
        }
        writeln!(out)
    }
}

/// The simulator's agent: it battles, as [`AlwaysBattle`](crate::strategy::AlwaysBattle) does (War's only action), and
/// reads the number of wars in its view each time it begins a battle, so that the wars
/// counted since it began the one before are the run that battle set off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct RowCounter {
    /// The battles of this game begun so far.
    begun: u64,
    /// The game's wars when the last battle began.
    wars_before: u64,
    /// This game's battles by wars in a row, from one war on (entry 0 is left at 0:
    /// see [`RowCounter::rows`]).
    rows: [u64; ROW_BUCKETS],
    /// This game's longest run.
    longest: u64,
}

// ANCHOR: row_counter
impl RowCounter {
    /// The battle begun last has ended, with `wars` wars in the game: its run is the
    /// wars since it began. Most battles set off no war: they are counted only among
    /// those begun, which is cheaper than a tally of their own at every battle.
    fn close(&mut self, wars: u64) {
        // Most battles set off no war and leave the count as it was: nothing to store.
        if wars == self.wars_before {
            return;
        }
        let run = wars.saturating_sub(self.wars_before);
        if run > 0 {
            self.rows[bucket(run)] += 1;
            self.longest = self.longest.max(run);
        }
        self.wars_before = wars;
    }

    /// This game's battles by wars in a row: those without war are the battles begun
    /// less those with one.
    fn rows(&self) -> [u64; ROW_BUCKETS] {
        let mut rows = self.rows;
        let with_war: u64 = rows.iter().sum();
        rows[0] = self.begun.saturating_sub(with_war);
        rows
    }
}

impl Agent<Game> for RowCounter {
    fn choose(
        &mut self,
        _seat: Seat,
        view: &Observation<'_>,
        _legal: &[Action],
    ) -> Result<Action, Stop> {
        self.close(view.wars());
        self.begun += 1;
        Ok(Action::Battle)
    }

    /// Battle is the only action, always legal at a player's turn.
    fn wants_legal_actions(&self, _seat: Seat) -> bool {
        false
    }
}
// ANCHOR_END: row_counter

/// One game's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Battles fought, wars' deciding battles included.
    pub battles: u64,
    /// Wars started.
    pub wars: u64,
    /// Battles that were a war's deciding comparison.
    pub war_battles: u64,
    /// Battles begun by a player (not a war's deciding one), by the wars they set off in
    /// a row: entry `k` counts those with `k` wars (0: none), the last 8 or more.
    pub wars_in_a_row: [u64; ROW_BUCKETS],
    /// The most wars in a row of one battle (0: no war).
    pub longest_row: u64,
    /// How the game ended.
    pub outcome: Outcome,
}

/// What one thread reuses from game to game: the game, the loop and the chance source.
#[derive(Clone, Debug)]
pub struct Worker {
    game: Game,
    driver: Driver<Game>,
    rng: GameRng,
    agent: RowCounter,
}

impl Worker {
    /// A worker for games of `setup`: its rules, every game dealt from its own stream,
    /// so a setup that names piles is refused, as one that names no rules is.
    pub fn new(setup: &face::Setup) -> Result<Worker, SetupError> {
        if setup.piles().iter().any(|pile| pile.is_some()) {
            return Err(SetupError::Piles);
        }
        Ok(Worker::of(setup.rules()?))
    }

    /// A worker for games under `rules`, already checked.
    fn of(rules: Rules) -> Worker {
        Worker {
            game: Game::new(rules),
            driver: Driver::new(),
            rng: stream_rng(0, 0),
            agent: RowCounter::default(),
        }
    }

    /// Plays game number `index` of a simulation seeded with `seed`, dealt and shuffled
    /// from its own stream `stream_rng(seed, index)`. This is what the benchmark times.
    pub fn play(&mut self, seed: u64, index: u64) -> Result<GameRecord, PlayError<Refusal>> {
        self.game.restart();
        self.rng = stream_rng(seed, index);
        self.play_out()
    }

    /// Plays the worker's game from where it stands to its end.
    fn play_out(&mut self) -> Result<GameRecord, PlayError<Refusal>> {
        // Runs count the wars from where the game stands.
        self.agent = RowCounter {
            wars_before: self.game.wars(),
            ..RowCounter::default()
        };
        let outcome =
            self.driver
                .play_trusted(&mut self.game, &mut self.rng, &mut self.agent, |_| {})?;
        // The last battle's run ends with the game.
        self.agent.close(self.game.wars());
        // Each action began one battle and has one run of wars; the battles beyond them
        // are wars' deciding ones.
        let actions = self.agent.begun;
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
            wars_in_a_row: self.agent.rows(),
            longest_row: self.agent.longest,
            outcome,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Event;
    use crate::strategy::AlwaysBattle;
    use cards_core::protocol::ChanceSource;
    use cards_core::sim::{Options, Report, run};
    use pretty_assertions::assert_eq;

    fn rules(players: usize, order: WonCardOrder) -> Rules {
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
        run(&Setup { rules }, &options, &|_| {}).unwrap()
    }

    #[test]
    fn one_thread_and_several_agree() {
        for (players, order) in [
            (2, WonCardOrder::Shuffled),
            (2, WonCardOrder::Fixed),
            (5, WonCardOrder::Shuffled),
        ] {
            let one = report(rules(players, order), 1);
            let three = report(rules(players, order), 3);
            assert_eq!(one, three, "{players} players, {order:?}");
            // The runs of wars are part of the comparison, and there are some to compare.
            assert_eq!(
                one.extra.wars_in_a_row(),
                three.extra.wars_in_a_row(),
                "{players} players, {order:?}"
            );
            assert_eq!(
                one.extra.games_by_longest_row(),
                three.extra.games_by_longest_row()
            );
            assert_eq!(one.extra.longest_row(), three.extra.longest_row());
            assert!(
                one.extra.wars_in_a_row()[2] > 0,
                "double wars in {GAMES} games"
            );
        }
    }

    /// A worker takes the game's setup: its rules, checked; piles are refused, since
    /// every simulated game is dealt from its own stream.
    #[test]
    fn a_worker_plays_the_setups_rules_and_refuses_piles() {
        let setup = face::Setup {
            players: 3,
            order: WonCardOrder::Fixed,
            max_battles: 7,
            ..face::Setup::default()
        };
        let worker = Worker::new(&setup).unwrap();
        assert_eq!(
            worker.game,
            Game::new(rules(3, WonCardOrder::Fixed).with_max_battles(7).unwrap())
        );
        for (bad, error) in [
            (
                face::Setup {
                    players: 9,
                    ..face::Setup::default()
                },
                SetupError::Players(9),
            ),
            (
                face::Setup {
                    max_battles: 0,
                    ..face::Setup::default()
                },
                SetupError::MaxBattles,
            ),
            (
                face::Setup {
                    pile_1: Some(face::Pile(vec![])),
                    ..face::Setup::default()
                },
                SetupError::Piles,
            ),
        ] {
            assert_eq!(Worker::new(&bad).unwrap_err(), error);
        }
    }

    /// A hand-built deal, worked out card by card. Battle 1: KC beats 4D. Battle 2: 5C
    /// and 5D tie (war 1); the fourth cards 9C and 9D tie again (war 2); AC beats KD and
    /// Player 1 takes 18 cards: two wars in a row. Battle 3: 7C and 7D tie (war 3); QD
    /// beats JH: one war. That is 6 battles counting the wars' deciding ones, past the
    /// cap of 5, so the game stops there.
    #[test]
    fn a_double_war_at_battle_2_is_counted_as_two_in_a_row() {
        let hand = |text: &str| -> Vec<crate::Card> {
            text.split_whitespace()
                .map(|c| c.parse().unwrap())
                .collect()
        };
        let rules = rules(2, WonCardOrder::Fixed).with_max_battles(5).unwrap();
        let mut worker = Worker::new(&face::Setup::of(&rules)).unwrap();
        worker.game = Game::from_piles(
            rules,
            [
                hand("KC 5C 2C 3C 4C 9C 2H 3H 6C AC 7C 5H 6H 8C JH"),
                hand("4D 5D 2D 3D 4H 9D 2S 3S 6D KD 7D 5S 6S 10D QD 4S"),
            ],
        )
        .unwrap();
        let record = worker.play_out().unwrap();
        assert_eq!(
            record,
            GameRecord {
                battles: 6,
                wars: 3,
                war_battles: 3,
                wars_in_a_row: [1, 1, 1, 0, 0, 0, 0, 0, 0],
                longest_row: 2,
                outcome: Outcome::NoWinner {
                    reason: NoWinner::BattleCap { max_battles: 5 }
                },
            }
        );
        // The report of this one game: three battles begun, one with each run.
        let mut figures = WarFigures::default();
        figures.add(&record);
        let mut text = String::new();
        figures.write_text(1, &mut text).unwrap();
        assert!(
            text.ends_with(
                "battles begun, by wars in a row: 0: 1, 1: 1 (1 in 3), 2: 1 (1 in 3); \
                 longest 2\ngames, by their longest run of wars: 0: 0 (0.00%), \
                 1: 0 (0.00%), 2: 1 (100.00%)\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn eight_wars_in_a_row_or_more_share_the_last_bucket() {
        assert_eq!(bucket(0), 0);
        assert_eq!(bucket(7), 7);
        assert_eq!((bucket(8), bucket(40)), (8, 8));
        assert_eq!(ROW_BUCKETS, 9);
        assert_eq!(WarFigures::row_label(8), "8 or more");
    }

    #[test]
    fn figures_add_up() {
        let r = report(rules(2, WonCardOrder::Fixed), 2);
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
        let shuffled = report(rules(2, WonCardOrder::Shuffled), 2);
        assert_eq!(
            shuffled.no_winner.get("the position repeated"),
            None,
            "only fixed order is checked for cycles"
        );
    }

    /// Any simulated game replays alone from (seed, index): game `i` of a run seeded `s`
    /// is the game the checked loop plays from the stream `stream_rng(s, i)` (which is
    /// `war --seed N` with `N = game_seed(s, i)`), with the same ending, battles and wars,
    /// under every kind of rules.
    #[test]
    fn a_simulated_game_replays_alone_from_its_seed_and_index() {
        for (players, order) in [
            (2, WonCardOrder::Shuffled),
            (2, WonCardOrder::Fixed),
            (5, WonCardOrder::Shuffled),
        ] {
            let rules = rules(players, order);
            let mut worker = Worker::new(&face::Setup::of(&rules)).unwrap();
            for index in [0, 1, 17, GAMES - 1] {
                let record = worker.play(SEED, index).unwrap();
                let mut game = Game::new(rules);
                let outcome = Driver::new()
                    .play(
                        &mut game,
                        &mut ChanceSource::seeded(stream_rng(SEED, index)),
                        &mut AlwaysBattle,
                        |_, _, _| Ok(()),
                    )
                    .unwrap();
                assert_eq!(
                    (record.outcome, record.battles, record.wars),
                    (outcome, game.battles(), game.wars()),
                    "{players} players, {order:?}, game {index}"
                );
                assert_eq!(
                    worker.game, game,
                    "{players} players, {order:?}, game {index}"
                );
            }
        }
    }

    #[test]
    fn a_record_is_the_game_played_alone() {
        let rules = rules(3, WonCardOrder::Shuffled);
        let mut worker = Worker::new(&face::Setup::of(&rules)).unwrap();
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
        let rules = rules(4, WonCardOrder::Shuffled);
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

    /// Wars in a row, read here from the events: the `War` events of each battle action
    /// (a war's deciding battle starts no action of its own), for 2 to 8 players.
    #[test]
    fn wars_in_a_row_are_the_war_events_of_each_battle() {
        for players in [2, 3, 8] {
            let rules = rules(players, WonCardOrder::Shuffled);
            let mut rows = [0u64; ROW_BUCKETS];
            let mut by_longest = [0u64; ROW_BUCKETS];
            let mut longest_of_all = 0;
            for index in 0..GAMES {
                let mut game = Game::new(rules);
                let mut longest = 0;
                let played = Driver::new().play(
                    &mut game,
                    &mut ChanceSource::seeded(stream_rng(SEED, index)),
                    &mut AlwaysBattle,
                    |_, step, events| {
                        if let cards_core::protocol::Step::Action { .. } = step {
                            let run = events
                                .iter()
                                .filter(|e| matches!(e, Event::War { .. }))
                                .count() as u64;
                            rows[bucket(run)] += 1;
                            longest = longest.max(run);
                        }
                        Ok(())
                    },
                );
                assert!(played.is_ok());
                by_longest[bucket(longest)] += 1;
                longest_of_all = longest_of_all.max(longest);
            }
            let r = report(rules, 2);
            assert_eq!(r.extra.wars_in_a_row(), rows, "{players} players");
            assert_eq!(r.extra.games_by_longest_row(), by_longest);
            assert_eq!(r.extra.longest_row(), longest_of_all);
            assert_eq!(
                rows.iter().sum::<u64>(),
                r.extra.battles() - r.extra.war_battles(),
                "one run per battle begun"
            );
        }
    }

    #[test]
    fn one_game_is_one_game() {
        let options = Options {
            games: 1,
            seed: 1,
            threads: Some(1),
        };
        let text = run(
            &Setup {
                rules: rules(2, WonCardOrder::Shuffled),
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
