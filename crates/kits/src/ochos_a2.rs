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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_samples_lines_have_the_texts_rules() {
        let files = files().unwrap_or_default();
        let text = |name: &str| {
            files
                .iter()
                .find(|file| file.path == format!("tests/data/games-{name}.txt"))
                .map(|file| file.contents.clone())
                .unwrap_or_default()
        };
        // Problem 1's sample (the text's output column), and why its lines are so.
        let p1 = text("p1");
        assert!(p1.contains("\n0: B3 | the first line"));
        assert!(p1.contains("\n3: R4 (WINNER) | "));
        // Problem 2: the skipped player.
        assert!(text("p2").contains("\n3: TAKE TWO | the Rule of Two"));
        // Problem 3: the Loco card and the 2 that comes before it.
        let p3 = text("p3");
        assert!(p3.contains("\n3: R8 LOCO Y | the Loco rule"));
        assert!(p3.contains("\n3: G2 | the Rule of Two"));
        // Problem 4, with the corrected hand: the last line.
        assert!(text("p4").contains("\n1: G4 (WINNER) | "));
        // A starting 2 is in force for nobody, and the first turn on it says so: the line
        // a program that puts the Rule of Two in force gets wrong.
        assert!(text("p2").contains("was laid by nobody, so the Rule of Two is not in force"));
        assert!(text("p3").contains("was laid by nobody, so it names no colour"));
        assert!(!text("p1").contains("laid by nobody, so"));
        // Problem 1 has no special 8s: no line speaks of a rule for them.
        assert!(!p1.contains("names no colour") && !p1.contains("Loco"));
    }
}
