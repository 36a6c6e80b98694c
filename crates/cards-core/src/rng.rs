//! The games' random number generator and seeds.
//!
//! Every game takes its randomness from a [`GameRng`] made from a `u64` seed, so
//! `--seed N` replays a whole game on any machine. ChaCha8 is portable and fast, and its
//! streams give each simulated game its own generator ([`stream_rng`]), which keeps
//! parallel simulations identical whatever the number of threads.

use rand::{Rng, SeedableRng};

/// The generator every game uses.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// The generator for `seed`.
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// The generator for game number `stream` of a simulation seeded with `seed`: independent
/// of the others and of the order in which threads reach it.
pub fn stream_rng(seed: u64, stream: u64) -> GameRng {
    let mut rng = GameRng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

/// A fresh seed from the operating system, for when the user gave none.
pub fn random_seed() -> u64 {
    rand::rng().next_u64()
}

/// The seed to play with: the user's, or a fresh one announced on stderr as
/// `PROGRAM: seed N (replay with --seed N)` so that the game can be replayed. Standard
/// output is left alone: it carries the game.
pub fn resolve_seed(program: &str, seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let seed = random_seed();
        crate::cli::warn(
            program,
            format_args!("seed {seed} (replay with --seed {seed})"),
        );
        seed
    })
}

/// A uniform number in `0..n`, without modulo bias (Lemire's method), from the raw
/// generator output alone, so that results do not move when `rand` changes its
/// distribution code.
///
/// # Panics
/// If `n` is 0.
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    assert!(n > 0, "below(0) has no values");
    let mut wide = u128::from(rng.next_u64()) * u128::from(n);
    if (wide as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (wide as u64) < threshold {
            wide = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (wide >> 64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn seeds_are_reproducible_and_streams_differ() {
        let a: Vec<u64> = (0..3).map(|_| rng_from_seed(7).next_u64()).collect();
        assert_eq!(a[0], a[1]);
        assert_ne!(stream_rng(7, 0).next_u64(), stream_rng(7, 1).next_u64());
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = rng_from_seed(1);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[below(&mut rng, 6) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }
}
