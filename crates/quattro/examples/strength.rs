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
//! The variations tried for a stronger player (BENCHMARKS.md, "Quattro and Uno"):
//! `--exploration C` (UCB1's constant, 0.7 by default), `--epsilon E` (rollouts by the
//! bots' policy but a uniformly random legal play with chance E), `--random-rollouts`,
//! `--rules uno` (one rule set), `--no-baselines` (the search's cells only) and `--peek`
//! (a search that is shown the true hidden cards: no fair player, but the ceiling of what
//! looking ahead can win against the bots), `--infer` (worlds that agree with what the
//! other seats' draws told: a seat that drew held nothing it could play then, so up to
//! [`TRIES`] worlds are dealt for one whose hands fit). The last column, *as the bot*, is how often
//! the search's choice, where it had one, was the bot's.
//!
//! Game `i` is `stream_rng(seed, i)`'s deal and reshuffles, and the search at game `i`
//! sits at seat `i % 4` (so every seat is measured alike); its seed for a decision is
//! [`quattro::mcts::seed_of`] its view mixed with the budget. A run prints the same
//! table on any machine and any number of threads.

// An experiment's driver: a malformed argument stops it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::thread;

use cards_core::ismcts::Determinize;
use cards_core::ismcts::{Budget, Rollout, Search};
use cards_core::protocol::{Actor, EventSink, GameState, Ignore, Outcome, Seat};
use cards_core::rng::{below, stream_rng};
use quattro::game::{Action, Game};
use quattro::mcts::{self, BotRollout, RandomRollout, Seen};
use quattro::rules::{PLAYERS, Rules, Variant};
use quattro::simulate::bots;
use quattro::strategy;
use rand::Rng;

#[derive(Clone, Copy, Default)]
struct Tally {
    games: u64,
    wins: u64,
    decisions: u64,
    choices: u64,
    // Choices at which the search played what the bot would have.
    as_bot: u64,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.games += other.games;
        self.wins += other.wins;
        self.decisions += other.decisions;
        self.choices += other.choices;
        self.as_bot += other.as_bot;
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

/// The bots' policy, but with chance `epsilon` a uniformly random legal play: rollouts
/// less sure of what each seat will do.
#[derive(Clone, Copy)]
struct Noisy {
    epsilon: f64,
}

impl Rollout<Game> for Noisy {
    fn choose<R: Rng + ?Sized>(
        &mut self,
        world: &Game,
        seat: Seat,
        legal: &[Action],
        rng: &mut R,
    ) -> Action {
        if (below(rng, 1_000_000) as f64) < self.epsilon * 1e6 {
            RandomRollout.choose(world, seat, legal, rng)
        } else {
            BotRollout.choose(world, seat, legal, rng)
        }
    }
}

/// The true game, hidden cards and draw order included: a world that is the game itself,
/// for the peeking search (`--peek`), a ceiling and no fair player.
#[derive(Clone)]
struct Peek(Game);

impl GameState for Peek {
    type Action = Action;
    type Chance = <Game as GameState>::Chance;
    type Event = <Game as GameState>::Event;
    type Observation<'a> = <Game as GameState>::Observation<'a>;
    type NoWinner = <Game as GameState>::NoWinner;
    type Error = <Game as GameState>::Error;

    fn seats(&self) -> usize {
        self.0.seats()
    }
    fn actor(&self) -> Actor {
        self.0.actor()
    }
    fn legal_actions(&self, actions: &mut Vec<Action>) {
        self.0.legal_actions(actions);
    }
    fn apply<S: EventSink<Self::Event>>(
        &mut self,
        action: Action,
        events: &mut S,
    ) -> Result<(), Self::Error> {
        self.0.apply(action, events)
    }
    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Self::Chance, Self::Error> {
        self.0.sample_chance(rng)
    }
    fn apply_chance<S: EventSink<Self::Event>>(
        &mut self,
        outcome: &Self::Chance,
        events: &mut S,
    ) -> Result<(), Self::Error> {
        self.0.apply_chance(outcome, events)
    }
    fn observe(&self, seat: Seat) -> Option<Self::Observation<'_>> {
        self.0.observe(seat)
    }
    fn apply_trusted<R: Rng + ?Sized>(
        &mut self,
        seat: Seat,
        action: Action,
        rng: &mut R,
    ) -> Result<Actor, Self::Error> {
        self.0.apply_trusted(seat, action, rng)
    }
    fn outcome(&self) -> Option<Outcome<Self::NoWinner>> {
        self.0.outcome()
    }
}

/// What a [`Peek`] search knows: the whole game (`--peek`), or what the seat saw and
/// what the other seats' draws told (`--infer`).
enum Known {
    Everything(Game),
    Inferred(Seen, Voids),
}

/// What the draws told: a seat that drew held nothing it could play on the top card and
/// colour of that moment (`void`); of the cards it holds now, `held` are still of that
/// hand (a play of a card that could not follow the void takes one from it, as may be;
/// every other card since came from the draw pile).
#[derive(Clone, Copy, Default)]
struct Voids {
    seats: [Option<(quattro::card::Card, cards_core::Color, usize)>; PLAYERS],
}

impl Voids {
    /// What `seat`'s `action`, seen from outside in `view` (the seat's own), tells.
    fn saw(&mut self, view: &quattro::game::Observation<'_>, action: Action) {
        match action {
            Action::Draw => self.seats[view.seat] = Some((view.top, view.color, view.hand.len())),
            Action::Play { card, .. } => {
                if let Some((top, color, held)) = self.seats[view.seat].as_mut()
                    && !follows(view, *top, *color, card)
                {
                    *held = held.saturating_sub(1);
                }
            }
        }
    }

    /// Whether the hands of `world` agree with what the draws told.
    fn fits(&self, world: &Game, me: Seat) -> bool {
        (0..PLAYERS).filter(|&seat| seat != me).all(|seat| {
            let (Some((top, color, held)), Some(view)) = (self.seats[seat], world.view(seat))
            else {
                return true;
            };
            view.hand
                .iter()
                .filter(|&&card| !follows(&view, top, color, card))
                .count()
                >= held
        })
    }
}

/// Whether `card` could be played on `top` with `color` to follow.
fn follows(
    view: &quattro::game::Observation<'_>,
    top: quattro::card::Card,
    color: cards_core::Color,
    card: quattro::card::Card,
) -> bool {
    let one = [card];
    let then = quattro::game::Observation {
        hand: &one,
        top,
        color,
        ..*view
    };
    then.can_play(card)
}

/// How many worlds the inferring search deals, at most, for one that fits.
const TRIES: usize = 200;

impl Determinize for Peek {
    type Seen = Known;

    fn observer(seen: &Known) -> Seat {
        match seen {
            Known::Everything(game) => match game.actor() {
                Actor::Seat(seat) => seat,
                _ => 0,
            },
            Known::Inferred(seen, _) => Game::observer(seen),
        }
    }

    fn world<R: Rng + ?Sized>(seen: &Known, rng: &mut R) -> Peek {
        match seen {
            Known::Everything(game) => Peek(game.clone()),
            Known::Inferred(seen, voids) => {
                let me = Game::observer(seen);
                let mut world = Game::world(seen, rng);
                for _ in 1..TRIES {
                    if voids.fits(&world, me) {
                        break;
                    }
                    world.resample(seen, rng);
                }
                Peek(world)
            }
        }
    }
}

impl Rollout<Peek> for BotRollout {
    fn choose<R: Rng + ?Sized>(
        &mut self,
        world: &Peek,
        seat: Seat,
        legal: &[Action],
        rng: &mut R,
    ) -> Action {
        BotRollout.choose(&world.0, seat, legal, rng)
    }

    fn wants_legal_actions(&self) -> bool {
        false
    }
}

/// Game `index`: the seat `index % 4` by `who`, the others by the bot.
fn play(
    variant: Variant,
    who: Who,
    settings: &Settings,
    index: u64,
    search: &mut Search<Game>,
    peeking: &mut Search<Peek>,
) -> Tally {
    let seed = settings.seed;
    let mut game = Game::new(Rules::new(variant), bots());
    let mut rng = stream_rng(seed, index);
    let searcher = (index % PLAYERS as u64) as usize;
    let mut tally = Tally {
        games: 1,
        ..Tally::default()
    };
    let mut legal = Vec::new();
    let mut chooser = stream_rng(seed ^ 0x5eed, index);
    let mut voids = Voids::default();
    loop {
        match game.actor() {
            Actor::Over => break,
            Actor::Chance => game
                .apply_sampled_chance(&mut rng, &mut Ignore)
                .expect("a shuffle of the deck"),
            Actor::Seat(seat) => {
                let view = game.view(seat).expect("the seat to act sees");
                let action = match who {
                    Who::Search(budget) if seat == searcher && settings.infer => {
                        game.legal_actions(&mut legal);
                        tally.decisions += 1;
                        tally.choices += u64::from(legal.len() > 1);
                        let seed = mcts::seed_of(&view) ^ budget_tag(budget);
                        let known = Known::Inferred(Seen::new(&view), voids);
                        let chosen = peeking
                            .choose(&known, budget, seed, &mut BotRollout)
                            .expect("the seat to act has a play");
                        if legal.len() > 1 && chosen == strategy::next_play(&view) {
                            tally.as_bot += 1;
                        }
                        chosen
                    }
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
                        let chosen = if settings.peek {
                            let known = Known::Everything(game.clone());
                            peeking.choose(&known, budget, seed, &mut BotRollout)
                        } else if settings.random {
                            search.choose(&seen, budget, seed, &mut RandomRollout)
                        } else if settings.epsilon > 0.0 {
                            let mut noisy = Noisy {
                                epsilon: settings.epsilon,
                            };
                            search.choose(&seen, budget, seed, &mut noisy)
                        } else {
                            search.choose(&seen, budget, seed, &mut BotRollout)
                        }
                        .expect("the seat to act has a play");
                        if legal.len() > 1 && chosen == strategy::next_play(&view) {
                            tally.as_bot += 1;
                        }
                        chosen
                    }
                    _ => strategy::next_play(&view),
                };
                voids.saw(&view, action);
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
    let (games, threads) = (settings.games, settings.threads);
    thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    let mut search = Search::new().with_exploration(settings.exploration);
                    let mut peeking = Search::new().with_exploration(settings.exploration);
                    for index in (t..games).step_by(threads as usize) {
                        tally.add(play(
                            variant,
                            who,
                            settings,
                            index,
                            &mut search,
                            &mut peeking,
                        ));
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
    epsilon: f64,
    exploration: f64,
    variants: Vec<Variant>,
    baselines: bool,
    peek: bool,
    infer: bool,
}

fn settings() -> Settings {
    let mut settings = Settings {
        games: 400,
        budgets: vec![100, 1000, 3000],
        seed: 1,
        threads: thread::available_parallelism().map_or(1, |n| n.get() as u64),
        random: false,
        epsilon: 0.0,
        exploration: cards_core::ismcts::EXPLORATION,
        variants: vec![Variant::Quattro, Variant::Uno],
        baselines: true,
        peek: false,
        infer: false,
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
            "--epsilon" => settings.epsilon = value().parse().expect("--epsilon E"),
            "--exploration" => settings.exploration = value().parse().expect("--exploration C"),
            "--rules" => settings.variants = vec![value().parse().expect("--rules quattro|uno")],
            "--no-baselines" => settings.baselines = false,
            "--peek" => settings.peek = true,
            "--infer" => settings.infer = true,
            "--budgets" => {
                settings.budgets = value()
                    .split(',')
                    .map(|b| b.parse().expect("--budgets N,M (iterations)"))
                    .collect();
            }
            other => panic!(
                "unknown option {other}: --games N --budgets N,M --seed S --threads T \
                 --random-rollouts --epsilon E --exploration C --rules R --no-baselines --peek --infer"
            ),
        }
    }
    settings
}

fn main() {
    let settings = settings();
    let rollouts = if settings.random {
        "uniformly random".to_string()
    } else if settings.epsilon > 0.0 {
        format!(
            "by the bots' policy, a random play with chance {}",
            settings.epsilon
        )
    } else {
        "by the bots' policy".to_string()
    };
    println!(
        "{} at one seat (seat i % 4 in game i) against three bots, rollouts {rollouts}, \
         exploration {};",
        if settings.peek {
            "A search shown the hidden cards (--peek)"
        } else if settings.infer {
            "IS-MCTS with worlds fitting the draws (--infer)"
        } else {
            "IS-MCTS"
        },
        settings.exploration
    );
    println!(
        "{} games a cell, seed {}; its win share in percent, with its 95% Wilson interval.",
        settings.games, settings.seed
    );
    println!();
    print!("| rules | a bot (baseline) | random plays |");
    for budget in &settings.budgets {
        print!(" IS-MCTS {budget} it. |");
    }
    println!(" choices | as the bot |");
    print!("|---|---:|---:|");
    for _ in &settings.budgets {
        print!("---:|");
    }
    println!("---:|---:|");
    for &variant in &settings.variants {
        print!("| {variant:?} |");
        for who in [Who::Bot, Who::Random] {
            if settings.baselines {
                let tally = run(variant, who, &settings);
                let (share, low, high) = wilson(tally.wins, tally.games);
                print!(" {share:.1} [{low:.1}, {high:.1}] |");
            } else {
                print!(" |");
            }
        }
        let mut choices = (0, 0, 0);
        for &budget in &settings.budgets {
            let tally = run(variant, Who::Search(Budget::Iterations(budget)), &settings);
            let (share, low, high) = wilson(tally.wins, tally.games);
            print!(" {share:.1} [{low:.1}, {high:.1}] |");
            choices = (tally.choices, tally.decisions, tally.as_bot);
        }
        println!(
            " {:.0}% | {:.0}% |",
            100.0 * choices.0 as f64 / choices.1.max(1) as f64,
            100.0 * choices.2 as f64 / choices.0.max(1) as f64
        );
    }
}
