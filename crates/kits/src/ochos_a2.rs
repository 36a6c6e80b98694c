//! The data of the Ochos Locos Assignment 2 kit (`kits/ochos-locos-a2/`), from the
//! `ochos-locos` engine: for each of Problems 1–4, the text's example and many random
//! deals, each with the whole expected output and the rule behind every line (the
//! shared game files of [`crate::ochos_a4::game_file`]).

use ochos_locos::Variant;

use crate::ochos_a4::game_file;
use crate::{DataFile, KitError};

const KIT: &str = "ochos-locos-a2";

/// How many random deals each problem's file holds, after the text's example.
pub const GAMES_PER_PROBLEM: u64 = 40;

/// The data files of the kit: `tests/data/games-p1.txt` to `games-p4.txt`.
pub fn files() -> Result<Vec<DataFile>, KitError> {
    [
        (Variant::MatchMaking, "p1", 11),
        (Variant::TakeTwo, "p2", 12),
        (Variant::GoingWild, "p3", 13),
        (Variant::MoreTheMerrier, "p4", 14),
    ]
    .into_iter()
    .map(|(variant, name, stream)| game_file(KIT, variant, name, stream, GAMES_PER_PROBLEM))
    .collect()
}
