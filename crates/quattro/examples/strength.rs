//! How strong the IS-MCTS player is at Quattro and Uno: it sits at one seat against the
//! bots at the other three, for N seeded deals, at a few budgets; the table gives its win
//! share with a 95% Wilson interval, the share of the same seat when a bot plays it too
//! (the baseline) and when it plays at random (what a seat's choices are worth at all),
//! and how often the search had a real choice (more than one legal play).
//!
//! ```text
//! cargo run --release -p quattro --example quattro_strength -- --games 400 --budgets 100,1000,3000
//! ```
//!
//! Game `i` is `stream_rng(seed, i)`'s deal and reshuffles, and the search at game `i`
//! sits at seat `i % 4` (so every seat is measured alike); its seed for a decision is
//! [`quattro::mcts::seed_of`] its view mixed with the budget. A run prints the same
//! table on any machine and any number of threads.

// An experiment's driver: a malformed argument stops it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::thread;

use cards_core::ismcts::Budget;
use cards_core::protocol::{Actor, GameState, Ignore};
use cards_core::rng::{below, stream_rng};
use quattro::game::Game;
use quattro::mcts::{self, BotRollout, RandomRollout, Seen};
use quattro::rules::{PLAYERS, Rules, Variant};
use quattro::simulate::bots;
use quattro::strategy;

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

/// Who plays the measured seat.
#[derive(Clone, Copy)]
enum Who {
    /// The bot, as at the other seats: the baseline.
    Bot,
    /// A uniformly random legal play: what the seat's choices are worth at all.
    Random,
    /// The search, at this budget.
    Search(Budget),
}

/// Game `index`: the seat `index % 4` by `who`, the others by the bot.
fn play(variant: Variant, who: Who, seed: u64, index: u64, random: bool) -> Tally {
    let mut game = Game::new(Rules::new(variant), bots());
    let mut rng = stream_rng(seed, index);
    let searcher = (index % PLAYERS as u64) as usize;
    let mut tally = Tally {
        games: 1,
        ..Tally::default()
    };
    let mut legal = Vec::new();
    let mut chooser = stream_rng(seed ^ 0x5eed, index);
    loop {
        match game.actor() {
            Actor::Over => break,
            Actor::Chance => game
                .apply_sampled_chance(&mut rng, &mut Ignore)
                .expect("a shuffle of the deck"),
            Actor::Seat(seat) => {
                let view = game.view(seat).expect("the seat to act sees");
                let action = match who {
                    Who::Random if seat == searcher => {
                        game.legal_actions(&mut legal);
                        // The game's own stream: the deals stay those of the seed.
                        legal[below(&mut chooser, legal.len() as u64) as usize]
                    }
                    Who::Search(budget) if seat == searcher => {
                        game.legal_actions(&mut legal);
                        tally.decisions += 1;
                        tally.choices += u64::from(legal.len() > 1);
                        let seed = mcts::seed_of(&view) ^ budget_tag(budget);
                        let seen = Seen::new(&view);
                        if random {
                            mcts::choose_with(&seen, budget, seed, &mut RandomRollout)
                        } else {
                            mcts::choose_with(&seen, budget, seed, &mut BotRollout)
                        }
                        .expect("the seat to act has a play")
                    }
                    _ => strategy::next_play(&view),
                };
                game.apply(action, &mut Ignore).expect("a legal play");
            }
        }
    }
    tally.wins = u64::from(game.outcome().and_then(|o| o.winner()) == Some(searcher));
    tally
}

fn budget_tag(budget: Budget) -> u64 {
    match budget {
        Budget::Iterations(n) => u64::from(n),
        Budget::Millis(ms) => ms << 32,
    }
}

/// The games of a cell on `threads` threads.
fn run(variant: Variant, who: Who, settings: &Settings) -> Tally {
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
                        tally.add(play(variant, who, seed, index, random));
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

struct Settings {
    games: u64,
    budgets: Vec<u32>,
    seed: u64,
    threads: u64,
    random: bool,
}

fn settings() -> Settings {
    let mut settings = Settings {
        games: 400,
        budgets: vec![100, 1000, 3000],
        seed: 1,
        threads: thread::available_parallelism().map_or(1, |n| n.get() as u64),
        random: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().expect("a value after the option");
        match arg.as_str() {
            "--games" => settings.games = value().parse().expect("--games N"),
            "--seed" => settings.seed = value().parse().expect("--seed N"),
            "--threads" => settings.threads = value().parse().expect("--threads N"),
            // Rollouts at random rather than by the bots' policy.
            "--random-rollouts" => settings.random = true,
            "--budgets" => {
                settings.budgets = value()
                    .split(',')
                    .map(|b| b.parse().expect("--budgets N,M (iterations)"))
                    .collect();
            }
            other => panic!(
                "unknown option {other}: --games N --budgets N,M --seed S --threads T \
                 --random-rollouts"
            ),
        }
    }
    settings
}

fn main() {
    let settings = settings();
    let rollouts = if settings.random {
        "uniformly random"
    } else {
        "by the bots' policy"
    };
    println!("IS-MCTS at one seat (seat i % 4 in game i) against three bots, rollouts {rollouts};");
    println!(
        "{} games a cell, seed {}; its win share in percent, with its 95% Wilson interval.",
        settings.games, settings.seed
    );
    println!();
    print!("| rules | a bot (baseline) | random plays |");
    for budget in &settings.budgets {
        print!(" IS-MCTS {budget} it. |");
    }
    println!(" choices |");
    print!("|---|---:|---:|");
    for _ in &settings.budgets {
        print!("---:|");
    }
    println!("---:|");
    for variant in [Variant::Quattro, Variant::Uno] {
        let base = run(variant, Who::Bot, &settings);
        let (share, low, high) = wilson(base.wins, base.games);
        print!("| {variant:?} | {share:.1} [{low:.1}, {high:.1}] |");
        let random = run(variant, Who::Random, &settings);
        let (share, low, high) = wilson(random.wins, random.games);
        print!(" {share:.1} [{low:.1}, {high:.1}] |");
        let mut choices = (0, 0);
        for &budget in &settings.budgets {
            let tally = run(variant, Who::Search(Budget::Iterations(budget)), &settings);
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
