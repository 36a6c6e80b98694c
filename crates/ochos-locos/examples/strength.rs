//! How strong the IS-MCTS player is: it sits at seat 0 against one of the assignments'
//! strategies at every other seat, for N seeded deals, at two budgets; the table gives its
//! win share with a 95% Wilson interval, the share of the same seat when the strategy
//! plays it too (the baseline), and how often the search had a real choice (more than
//! one legal play; with one it plays it, as every strategy must).
//!
//! ```text
//! cargo run --release -p ochos-locos --example ochos_locos_strength -- --games 200 --budgets 100,1000
//! ```
//!
//! Deal `i` is `stream_rng(seed, i)`'s, the same for every cell, and the search's seed
//! for a decision is [`ochos_locos::mcts::seed_of`] its observation mixed with the
//! budget: a run prints the same table on any machine and any number of threads.

// An experiment's driver: a malformed argument stops it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::thread;

use cards_core::ismcts::Budget;
use cards_core::protocol::{Actor, GameState, Ignore};
use cards_core::rng::stream_rng;
use ochos_locos::deck::full_deck;
use ochos_locos::mcts::{self, RandomRollout, Seen, StrategyRollout};
use ochos_locos::{Game, Player, Rules, Strategy};

/// One row of the table: the rules, whom the search meets, at how many seats.
struct Cell {
    rules_name: &'static str,
    rules: Rules,
    opponent: Strategy,
    seats: usize,
}

fn cells() -> Vec<Cell> {
    let mut cells = Vec::new();
    for (rules_name, rules) in [
        ("faciles/diversidad", Rules::GAME),
        ("completos", Rules::FULL_GAME),
    ] {
        for opponent in Strategy::LETTERED {
            for seats in [2, 4, 6] {
                cells.push(Cell {
                    rules_name,
                    rules,
                    opponent,
                    seats,
                });
            }
        }
    }
    for (rules_name, rules, seats) in [
        ("match-making", Rules::MATCH_MAKING, &[3][..]),
        ("take-two", Rules::TAKE_TWO, &[3]),
        (
            "going-wild/more-the-merrier",
            Rules::GOING_WILD,
            &[2, 3, 4, 6],
        ),
    ] {
        for &seats in seats {
            cells.push(Cell {
                rules_name,
                rules,
                opponent: Strategy::Rainbow,
                seats,
            });
        }
    }
    cells
}

/// What a batch of games gave seat 0.
#[derive(Clone, Copy, Default)]
struct Tally {
    games: u64,
    wins: u64,
    decisions: u64,
    choices: u64,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.games += other.games;
        self.wins += other.wins;
        self.decisions += other.decisions;
        self.choices += other.choices;
    }
}

/// Game `index` of the cell: seat 0 by the search at `budget` (`None`: by the opponent's
/// strategy, the baseline), the others by the opponent's strategy.
fn play(cell: &Cell, budget: Option<Budget>, seed: u64, index: u64, random: bool) -> Tally {
    let mut game = Game::new(cell.rules);
    for seat in 0..cell.seats {
        game.add_player(Player::with_strategy(seat.to_string(), cell.opponent));
    }
    for card in full_deck() {
        game.add_card(card).expect("the deck takes its 32 cards");
    }
    game.restart();
    game.apply_sampled_chance(&mut stream_rng(seed, index), &mut Ignore)
        .expect("a deal of 32 cards to at most 6 seats");
    let mut tally = Tally {
        games: 1,
        ..Tally::default()
    };
    let mut legal = Vec::new();
    let mut rollout = StrategyRollout::default();
    while let Actor::Seat(seat) = game.actor() {
        let observation = game.observe(seat).expect("the seat to act sees");
        let action = match (seat, budget) {
            (0, Some(budget)) => {
                game.legal_actions(&mut legal);
                tally.decisions += 1;
                tally.choices += u64::from(legal.len() > 1);
                let seed = mcts::seed_of(&observation) ^ budget_tag(budget);
                let seen = Seen::new(&observation);
                if random {
                    mcts::choose_with(&seen, budget, seed, &mut RandomRollout)
                } else {
                    mcts::choose_with(&seen, budget, seed, &mut rollout)
                }
            }
            _ => cell.opponent.next_action(&observation),
        }
        .expect("a dealt game has a play");
        game.apply(action, &mut Ignore).expect("a legal play");
    }
    tally.wins = u64::from(game.outcome().and_then(|o| o.winner()) == Some(0));
    tally
}

fn budget_tag(budget: Budget) -> u64 {
    match budget {
        Budget::Iterations(n) => u64::from(n),
        Budget::Millis(ms) => ms << 32,
    }
}

/// The games of a cell on `threads` threads, game `i` on thread `i % threads`.
fn run(cell: &Cell, budget: Option<Budget>, settings: &Settings) -> Tally {
    let Settings {
        seed,
        games,
        threads,
        random,
        ..
    } = *settings;
    thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    for index in (t..games).step_by(threads as usize) {
                        tally.add(play(cell, budget, seed, index, random));
                    }
                    tally
                })
            })
            .collect();
        let mut total = Tally::default();
        for handle in handles {
            total.add(handle.join().expect("a worker"));
        }
        total
    })
}

/// The share `wins / games` and its 95% Wilson interval, in percent.
fn wilson(wins: u64, games: u64) -> (f64, f64, f64) {
    let n = games as f64;
    let p = wins as f64 / n;
    let z = 1.96f64;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z / denominator * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (100.0 * p, 100.0 * (centre - half), 100.0 * (centre + half))
}

/// The command line's choices.
struct Settings {
    games: u64,
    budgets: Vec<u32>,
    seed: u64,
    threads: u64,
    only: String,
    random: bool,
}

impl Settings {
    fn from_args() -> Settings {
        let mut settings = Settings {
            games: 200,
            budgets: vec![100, 1000],
            seed: 1,
            threads: thread::available_parallelism().map_or(1, |n| n.get() as u64),
            only: String::new(),
            random: false,
        };
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            let mut value = || args.next().expect("a value after the option");
            match arg.as_str() {
                "--games" => settings.games = value().parse().expect("--games N"),
                "--seed" => settings.seed = value().parse().expect("--seed N"),
                "--threads" => settings.threads = value().parse().expect("--threads N"),
                // The cells whose row (`completos B 2`) holds the text.
                "--only" => settings.only = value(),
                // Rollouts at random rather than by the basic strategy.
                "--random-rollouts" => settings.random = true,
                "--budgets" => {
                    settings.budgets = value()
                        .split(',')
                        .map(|b| b.parse().expect("--budgets N,M (iterations)"))
                        .collect();
                }
                other => panic!(
                    "unknown option {other}: --games N --budgets N,M --seed S --threads T \
                     --only TEXT --random-rollouts"
                ),
            }
        }
        settings
    }
}

fn main() {
    let settings = Settings::from_args();
    let rollouts = if settings.random {
        "uniformly random"
    } else {
        "by the basic strategy"
    };
    println!("IS-MCTS at seat 0 (first to play) against a strategy at every other seat,");
    println!(
        "rollouts {rollouts}; {} deals a cell, seed {};",
        settings.games, settings.seed
    );
    println!("win share of seat 0 in percent, with its 95% Wilson interval.");
    println!();
    print!("| rules | against | seats | baseline |");
    for budget in &settings.budgets {
        print!(" IS-MCTS {budget} it. |");
    }
    println!(" choices |");
    print!("|---|---|---:|---:|");
    for _ in &settings.budgets {
        print!("---:|");
    }
    println!("---:|");
    for cell in cells() {
        let opponent = cell
            .opponent
            .letter()
            .map_or("rainbow".to_owned(), |l| l.to_string());
        let row = format!("{} {opponent} {}", cell.rules_name, cell.seats);
        if !row.contains(&settings.only) {
            continue;
        }
        let base = run(&cell, None, &settings);
        let (share, low, high) = wilson(base.wins, base.games);
        print!(
            "| {} | {opponent} | {} | {share:.1} [{low:.1}, {high:.1}] |",
            cell.rules_name, cell.seats
        );
        let mut choices = (0, 0);
        for &budget in &settings.budgets {
            let tally = run(&cell, Some(Budget::Iterations(budget)), &settings);
            let (share, low, high) = wilson(tally.wins, tally.games);
            print!(" {share:.1} [{low:.1}, {high:.1}] |");
            choices = (tally.choices, tally.decisions);
        }
        println!(
            " {:.0}% |",
            100.0 * choices.0 as f64 / choices.1.max(1) as f64
        );
    }
}
