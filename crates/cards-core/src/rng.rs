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
//! any simulated game can be replayed on its own from `(s, i)` (each game tests it).

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
#[inline]
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

/// The random seeds [`random_seed`] chooses are below this: at most 9 digits, short
/// enough to read out in class. `--seed` still takes any `u64`.
pub const RANDOM_SEED_LIMIT: u64 = 1_000_000_000;

/// The seeds of the games after the first in a session at the console (War's and
/// Quattro's `Play again?`): each later game is dealt from a seed of its own, drawn from
/// a generator of the first game's seed (its stream 0, [`stream_rng`], apart from the
/// first game's chance), so that every game replays alone with `--seed` (and can be
/// recorded), and the first seed still replays the whole session with the same answers.
/// Each is below [`RANDOM_SEED_LIMIT`], as a random seed is, so it is as easy to type.
#[derive(Clone, Debug)]
pub struct SessionSeeds(GameRng);

impl SessionSeeds {
    /// The seeds of the games after the first of a session whose first game has `seed`.
    pub fn new(seed: u64) -> SessionSeeds {
        SessionSeeds(stream_rng(seed, 0))
    }

    /// The next game's seed.
    pub fn next_seed(&mut self) -> u64 {
        below(&mut self.0, RANDOM_SEED_LIMIT)
    }
}

/// A fresh seed from the operating system's generator, for when the user gave none:
/// uniform in `0..RANDOM_SEED_LIMIT` (0 to 999,999,999), so that the announced seed is
/// easy to read out and type again.
pub fn random_seed() -> u64 {
    below(&mut rand::rng(), RANDOM_SEED_LIMIT)
}

/// A fresh full 64-bit random value from the operating system's generator, for what
/// must not be guessed (the web server's game ids), unlike a seed.
pub fn random_u64() -> u64 {
    rand::rng().next_u64()
}

/// A seed in JSON as a string of digits (`"seed": "13537527073888940176"`), for
/// `#[serde(with = "cards_core::rng::seed_string")]`: JavaScript and jq read numbers as
/// doubles, which hold every integer only up to 2^53, so a seed written as a JSON number
/// could come back as another seed. Reading takes the string, or a number as older files
/// wrote it.
pub mod seed_string {
    use std::fmt;

    use serde::Serializer;
    use serde::de::{self, Deserializer, Visitor};

    /// Writes `seed` as a string of its decimal digits.
    pub fn serialize<S: Serializer>(seed: &u64, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(seed)
    }

    /// Reads a seed from a string of decimal digits or from a non-negative integer.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
        struct Seed;
        impl Visitor<'_> for Seed {
            type Value = u64;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a seed: a string of digits from 0 to 18446744073709551615")
            }
            fn visit_u64<E: de::Error>(self, seed: u64) -> Result<u64, E> {
                Ok(seed)
            }
            fn visit_i64<E: de::Error>(self, seed: i64) -> Result<u64, E> {
                u64::try_from(seed)
                    .map_err(|_| E::invalid_value(de::Unexpected::Signed(seed), &self))
            }
            fn visit_str<E: de::Error>(self, seed: &str) -> Result<u64, E> {
                // `u64::from_str` takes a leading `+`; a seed is digits only.
                if seed.is_empty() || !seed.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(E::invalid_value(de::Unexpected::Str(seed), &self));
                }
                seed.parse()
                    .map_err(|_| E::invalid_value(de::Unexpected::Str(seed), &self))
            }
        }
        deserializer.deserialize_any(Seed)
    }
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

    /// The seeds of later games come from the first game's seed alone, are short, and
    /// differ from game to game.
    #[test]
    fn later_seeds_follow_from_the_first() {
        let seeds = |first| {
            let mut seeds = SessionSeeds::new(first);
            (0..5).map(|_| seeds.next_seed()).collect::<Vec<u64>>()
        };
        assert_eq!(seeds(7), seeds(7));
        assert_ne!(seeds(7), seeds(8));
        let mut five = seeds(7);
        assert!(five.iter().all(|&s| s < RANDOM_SEED_LIMIT));
        five.dedup();
        assert_eq!(five.len(), 5);
    }

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
    fn random_seeds_have_at_most_nine_digits_and_ids_use_all_64_bits() {
        let seeds: Vec<u64> = (0..2000).map(|_| random_seed()).collect();
        assert!(seeds.iter().all(|&s| s < RANDOM_SEED_LIMIT), "{seeds:?}");
        assert!(seeds.iter().all(|s| s.to_string().len() <= 9));
        assert_eq!(RANDOM_SEED_LIMIT - 1, 999_999_999);
        // Not stuck in a corner of the range: 2000 uniform draws all below 10^8, or all
        // at or above 9·10^8, happen with probability 10^-2000 each.
        assert!(seeds.iter().any(|&s| s >= 100_000_000));
        assert!(seeds.iter().any(|&s| s < 900_000_000));
        // An id below 2^40 has probability 2^-24; 64 of them in a row, none.
        let ids: Vec<u64> = (0..64).map(|_| random_u64()).collect();
        assert!(ids.iter().any(|&id| id >= 1 << 40), "{ids:?}");
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

    /// A generator that gives these numbers, in order.
    struct Script(Vec<u64>);

    impl rand::TryRng for Script {
        type Error = std::convert::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            unreachable!("below draws u64s")
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Ok(self.0.remove(0))
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Self::Error> {
            unreachable!("below draws u64s")
        }
    }

    /// The slow path by hand. For n = 2^63 + 1 the threshold is 2^64 mod n = 2^63 − 1,
    /// and a draw x below 2^63 has x·n = x·2^63 + x: an even x leaves x as the low half
    /// (rejected when under the threshold), an odd x leaves 2^63 + x (kept), and the
    /// high half is x / 2 rounded down. So 2 and 4 are rejected and 7 gives 3. For n = 6
    /// the threshold is 2^64 mod 6 = 4: x = 2^63 / 3 + 1 leaves 2 in the low half
    /// (rejected), x = (2^65 + 4) / 6 leaves 4 (under n, but kept) with 2 in the high.
    #[test]
    fn below_rejects_the_draws_under_the_threshold_and_draws_again() {
        let mut rng = Script(vec![2, 4, 7, 99]);
        assert_eq!(below(&mut rng, (1 << 63) + 1), 3);
        assert_eq!(rng.0, [99], "three draws, the last one kept");
        let kept = ((1u128 << 65) + 4) / 6;
        let mut rng = Script(vec![(1 << 63) / 3 + 1, kept as u64, 99]);
        assert_eq!(below(&mut rng, 6), 2);
        assert_eq!(rng.0, [99], "two draws, the last one kept");
    }
}
