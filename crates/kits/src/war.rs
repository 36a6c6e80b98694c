//! War's kit (`kits/war/`): the data its JUnit tests read, computed by the `war` engine.
//!
//! - `tests/data/compare.txt`: `compareTo` on all 52 × 52 pairs of [`war::Card`], by
//!   value alone ([`war::Card::compare_rank`]).
//!
//! The text leaves the design of `Player` and `Game` to the student, so the tests of
//! `Game` run it as a program and replay the rules on the hands it prints (in Java,
//! `kits/war/tests/KitReplay.java`): a random deal has no expected output to write here.

use std::fmt::Write as _;

use war::Card;

use crate::{DataFile, KitError};

/// The kit's folder name under `kits/`.
pub const KIT: &str = "war";

/// Every data file of the War kit, as the engine computes it today.
pub fn files() -> Result<Vec<DataFile>, KitError> {
    Ok(vec![compare_file()])
}

fn compare_file() -> DataFile {
    let mut text = String::from(
        "# compareTo on every pair: A B SIGN, SIGN the sign of A.compareTo(B): values only, suits ignored\n\
         # (from the war engine: kits data war)\n",
    );
    for a in Card::deck() {
        for b in Card::deck() {
            let sign = a.compare_rank(b) as i8;
            let _ = writeln!(text, "{a} {b} {sign}");
        }
    }
    DataFile {
        path: "tests/data/compare.txt".into(),
        contents: text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compare_ignores_suits_and_aces_are_high() -> Result<(), KitError> {
        let files = files()?;
        let compare = &files[0].contents;
        assert!(compare.contains("\n5C 5D 0\n"), "{compare}");
        assert!(compare.contains("\nAC KD 1\n"), "{compare}");
        assert!(compare.contains("\n2S AH -1\n"), "{compare}");
        assert_eq!(
            compare.lines().filter(|l| !l.starts_with('#')).count(),
            52 * 52
        );
        Ok(())
    }
}
