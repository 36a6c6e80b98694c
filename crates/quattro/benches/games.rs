//! How many whole bot games per second one thread plays (`cargo bench -p quattro`).

use cards_core::rng::{rng_from_seed, stream_rng};
use quattro::simulate::{bots, play_out};
use quattro::{Game, Rules};

fn main() {
    divan::main();
}

/// One game to its end: redeal, then the bots play; buffers are reused.
#[divan::bench(args = Rules::ALL, sample_count = 20, sample_size = 200)]
fn one_game(bencher: divan::Bencher, rules: Rules) {
    let mut game = Game::new(
        rules,
        bots(),
        quattro::DEFAULT_MAX_TURNS,
        &mut rng_from_seed(0),
    );
    let mut events = Vec::with_capacity(16);
    let mut index = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1u32))
        .bench_local(|| {
            let mut rng = stream_rng(1, index);
            index += 1;
            game.redeal(&mut rng);
            play_out(&mut game, &mut rng, &mut events)
        });
}
