//! One decision of the IS-MCTS player at its default budget
//! ([`ochos_locos::mcts::DEFAULT_BUDGET`]), on one core: the first turn with a choice
//! of a seeded deal at 2, 4 and 6 seats, under `completos` (Assignment 4: the game ends
//! when the deck does, so rollouts are short) and `going-wild` (Assignment 2: play goes
//! on past the deck, the longest rollouts) (`cargo bench -p ochos-locos --bench mcts`).
//! The search's tree and world are reused from one decision to the next, as a seat's are
//! in play.

// A benchmark: a setup that fails is the benchmark failing.
#![allow(clippy::unwrap_used)]

use cards_core::protocol::{Actor, GameState, Ignore};
use cards_core::rng::rng_from_seed;
use ochos_locos::deck::full_deck;
use ochos_locos::mcts::{self, DEFAULT_BUDGET};
use ochos_locos::{Game, Player, Rules, Strategy};

fn main() {
    divan::main();
}

/// A deal under `rules` at `seats`, played by the basic strategy to the first turn at
/// which the seat to act has more than one legal play.
fn position(rules: Rules, seats: usize) -> Game {
    for seed in 0.. {
        let mut game = Game::new(rules);
        for seat in 0..seats {
            game.add_player(Player::with_strategy(seat.to_string(), Strategy::Basic));
        }
        for card in full_deck() {
            game.add_card(card).unwrap();
        }
        game.restart();
        game.apply_sampled_chance(&mut rng_from_seed(seed), &mut Ignore)
            .unwrap();
        let mut legal = Vec::new();
        while let Actor::Seat(seat) = game.actor() {
            game.legal_actions(&mut legal);
            if legal.len() > 1 {
                return game;
            }
            let action = Strategy::Basic.next_action(&game.observe(seat).unwrap());
            game.apply(action.unwrap(), &mut Ignore).unwrap();
        }
    }
    unreachable!()
}

#[divan::bench(args = [2, 4, 6])]
fn completos(bencher: divan::Bencher, seats: usize) {
    decision(bencher, Rules::FULL_GAME, seats);
}

#[divan::bench(args = [2, 4, 6])]
fn going_wild(bencher: divan::Bencher, seats: usize) {
    decision(bencher, Rules::GOING_WILD, seats);
}

fn decision(bencher: divan::Bencher, rules: Rules, seats: usize) {
    let game = position(rules, seats);
    let Actor::Seat(seat) = game.actor() else {
        unreachable!()
    };
    let observation = game.observe(seat).unwrap();
    let mut seed = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            seed += 1;
            mcts::choose(&observation, DEFAULT_BUDGET, seed).unwrap()
        });
}
