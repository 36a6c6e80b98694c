//! One decision of the IS-MCTS player at its default budget
//! ([`quattro::mcts::DEFAULT_BUDGET`]), on one core: the first turn with a choice of a
//! seeded game under each rule set, the bots playing until then (`cargo bench -p
//! quattro --bench mcts`). The search's tree and world are reused from one decision to
//! the next, as a seat's are in play.

// A benchmark: a setup that fails is the benchmark failing.
#![allow(clippy::unwrap_used)]

use cards_core::protocol::{Actor, GameState, Ignore};
use cards_core::rng::rng_from_seed;
use quattro::game::Game;
use quattro::mcts::{self, DEFAULT_BUDGET};
use quattro::rules::{Rules, Variant};
use quattro::simulate::bots;
use quattro::strategy;

fn main() {
    divan::main();
}

/// A game under `variant` played by the bots to the first turn at which the seat to act
/// has more than one legal play.
fn position(variant: Variant) -> Game {
    for seed in 0.. {
        let mut game = Game::new(Rules::new(variant), bots());
        let mut rng = rng_from_seed(seed);
        let mut legal = Vec::new();
        loop {
            match game.actor() {
                Actor::Over => break,
                Actor::Chance => game.apply_sampled_chance(&mut rng, &mut Ignore).unwrap(),
                Actor::Seat(seat) => {
                    game.legal_actions(&mut legal);
                    if legal.len() > 1 {
                        return game;
                    }
                    let action = strategy::next_play(&game.view(seat).unwrap());
                    game.apply(action, &mut Ignore).unwrap();
                }
            }
        }
    }
    unreachable!()
}

#[divan::bench(args = [Variant::Quattro, Variant::Uno])]
fn decision_at_the_default_budget(bencher: divan::Bencher, variant: Variant) {
    let game = position(variant);
    let Actor::Seat(seat) = game.actor() else {
        unreachable!()
    };
    let view = game.view(seat).unwrap();
    let mut seed = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            seed += 1;
            mcts::choose(&view, DEFAULT_BUDGET, seed).unwrap()
        });
}
