//! The games' random number generator and seeds.
//!
//! Every game takes its randomness from a [`GameRng`] made from a `u64` seed, so
//! `--seed N` replays a whole game on any machine. The generator is xoshiro256++
//! (`rand_xoshiro`, pinned): small (32 bytes of state), fast (a few instructions a draw)
//! and reproducible, which is what a game and a simulator need; nothing here needs a
//! cryptographic stream.
//!
//! A simulation gives game `i` of a run seeded `s` its own generator, seeded with
//! [`game_seed`]`(s, i)` ([`stream_rng`]): a SplitMix64 mix of the two, so game `i`
//! depends on `(s, i)` alone, the figures are the same for any number of threads, and
//! any simulated game can be replayed on its own as the game of seed `game_seed(s, i)`.

use rand::{Rng, SeedableRng};

/// The generator every game uses.
pub type GameRng = rand_xoshiro::Xoshiro256PlusPlus;

/// The generator for `seed` (its state filled from `seed` by SplitMix64, as
/// `rand_xoshiro` seeds from a `u64`).
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// The seed of game number `index` of a simulation seeded with `seed`: one SplitMix64
/// step of the index, added to the seed, mixed again. Different indexes of one seed
/// give different seeds (both steps are bijections of `u64`).
pub const fn game_seed(seed: u64, index: u64) -> u64 {
    splitmix64(seed.wrapping_add(splitmix64(index)))
}

/// The generator for game number `index` of a simulation seeded with `seed`:
/// `rng_from_seed(game_seed(seed, index))`, independent of the other games and of the
/// order in which threads reach it.
pub fn stream_rng(seed: u64, index: u64) -> GameRng {
    rng_from_seed(game_seed(seed, index))
}

/// SplitMix64's output function of `x` advanced by one step (Steele, Lea and Flood's
/// constants): a bijection of `u64` that spreads every input bit over the output.
const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A fresh seed from the operating system, for when the user gave none.
pub fn random_seed() -> u64 {
    rand::rng().next_u64()
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

    /// The generator's first outputs, from the reference implementation's definition of
    /// xoshiro256++ seeded by SplitMix64 (Vigna's `splitmix64.c` and
    /// `xoshiro256plusplus.c`, computed independently in Python): a seed replays the
    /// same game on any machine and across `rand` versions.
    #[test]
    fn the_generator_is_xoshiro256plusplus_seeded_by_splitmix64() {
        let mut rng = rng_from_seed(0);
        let got: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(got, GOLDEN_SEED_0);
        assert_eq!(game_seed(0, 0), GOLDEN_GAME_SEED_0_0);
    }

    #[test]
    fn seeds_are_reproducible_and_streams_differ() {
        let a: Vec<u64> = (0..3).map(|_| rng_from_seed(7).next_u64()).collect();
        assert_eq!(a[0], a[1]);
        assert_ne!(stream_rng(7, 0).next_u64(), stream_rng(7, 1).next_u64());
    }

    const GOLDEN_SEED_0: [u64; 3] = [
        5_987_356_902_031_041_503,
        7_051_070_477_665_621_255,
        6_633_766_593_972_829_180,
    ];
    const GOLDEN_GAME_SEED_0_0: u64 = 12_035_550_249_420_947_055;

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
