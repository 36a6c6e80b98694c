//! Grading a student's program on a set of cases (`ochos-locos grade`): the program
//! reads each case's deal on standard input, and its standard output is compared with
//! the case's expected output of every reading of the text the case accepts.
//!
//! The cases come from a directory written by `ochos-locos cases` (`ochos_locos::cases`):
//! its `manifest.json` lists them, `NAME.in` is fed to the program and each reading's
//! file is what it may print. Where the texts are silent or contradict themselves a case
//! accepts each reading, the project's own first (the only one `--strict` accepts), and a
//! passing case's report names the reading the program took:
//!
//! - Assignment 2, a game nobody can finish: the project's `STALEMATE (NO WINNER)`
//!   closing line, or the text's rule followed for ever (a player who cannot play prints
//!   `DRAW`): the expected lines up to the closing line, then only the `DRAW` lines the
//!   turn order gives, until the output limit or the timeout cuts the program off.
//! - Part III (completos): the colour chosen with an 8 printed after it (` (G)`, the
//!   written rule) or not (the text's example).
//!
//! Everything is read and checked before any program runs: the case names stay in the
//! folder, every file is a regular file of bounded size ([`grader::files`]). Running,
//! isolation, timeouts, parallel jobs, the result model and the report formats are the
//! shared `grader` crate's; this module reads the cases and compares
//! ([`grader::compare`]: the first differing line with its column; trailing whitespace
//! and a missing final newline reported apart, and scored only with `--strict`).

use std::ffi::OsString;
use std::path::Path;

use grader::{Case, GradeError, Options, Output, Report, Sandbox, Verdict};

use ochos_locos::cases::{ENDLESS_DRAW, EXACT, Manifest, Reading};
use ochos_locos::rules::Variant;

/// Why grading could not start: each prints as one line.
#[derive(Debug, thiserror::Error)]
pub enum GradeFailure {
    /// The cases directory or one of its files cannot be read, or is not safe to.
    #[error("{0}")]
    Cases(String),
    /// The cases are another rule set's.
    #[error("{dir} holds cases for {found}, not {variant}")]
    OtherRules {
        /// The cases directory.
        dir: String,
        /// The rule set asked for.
        variant: Variant,
        /// The manifest's rule set.
        found: String,
    },
    /// The sandbox cannot be set up.
    #[error("{0}")]
    Sandbox(#[from] grader::SandboxError),
    /// The program cannot be started, or a case was not graded.
    #[error("{0}")]
    Run(#[from] GradeError),
}

/// What a case is judged by: each reading it accepts, with its expected output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The readings, the project's own first.
    pub readings: Vec<(Reading, String)>,
    /// The number of players (the endless-draw reading's turn order).
    pub players: usize,
}

/// The cases in `dir` (written for `variant`), each with what it is judged by; every
/// name and file checked.
pub fn read_cases(variant: Variant, dir: &Path) -> Result<Vec<Case<Expected>>, GradeFailure> {
    let manifest = Manifest::read(dir).map_err(|e| GradeFailure::Cases(e.to_string()))?;
    if manifest.rules != variant.name() {
        return Err(GradeFailure::OtherRules {
            dir: grader::printable(&dir.display().to_string()),
            variant,
            found: grader::printable(&manifest.rules),
        });
    }
    if manifest.cases.is_empty() {
        return Err(GradeFailure::Cases(format!(
            "{}: the manifest lists no cases",
            dir.display()
        )));
    }
    let read =
        |name: &str| grader::files::read_regular(&dir.join(name)).map_err(GradeFailure::Cases);
    let mut cases = Vec::new();
    for entry in &manifest.cases {
        grader::files::check_case_name(&entry.name)
            .map_err(|why| GradeFailure::Cases(format!("{}: {why}", dir.display())))?;
        let input = read(&format!("{}.in", entry.name))?;
        let readings = if entry.readings.is_empty() {
            vec![Reading {
                name: EXACT.to_owned(),
                about: "the output the text fixes, line for line".to_owned(),
                out: format!("{}.out", entry.name),
            }]
        } else {
            entry.readings.clone()
        };
        let mut expected = Vec::new();
        for reading in readings {
            grader::files::check_case_name(&reading.out)
                .map_err(|why| GradeFailure::Cases(format!("{}: {why}", dir.display())))?;
            let text = read(&reading.out)?;
            expected.push((reading, text));
        }
        cases.push(Case::with(
            entry.name.clone(),
            input.into_bytes(),
            Expected {
                readings: expected,
                players: entry.players,
            },
        ));
    }
    Ok(cases)
}

/// Grades `command` on the cases in `dir`, in `sandbox`.
pub fn grade(
    variant: Variant,
    dir: &Path,
    sandbox: &Sandbox,
    command: &[OsString],
    options: &Options,
) -> Result<Report, GradeFailure> {
    let cases = read_cases(variant, dir)?;
    Ok(grader::grade(
        sandbox,
        command,
        &cases,
        options,
        |case, output| verdict(&case.data, output),
    )?)
}

/// The verdict on one output: a pass by the first reading it matches (named in the
/// report unless the case has only one), or else the project's own reading's verdict.
pub fn verdict(expected: &Expected, output: &Output<'_>) -> Verdict {
    let readings = if output.strict {
        &expected.readings[..expected.readings.len().min(1)]
    } else {
        &expected.readings[..]
    };
    let several = expected.readings.len() > 1;
    let mut first = None;
    for (reading, text) in readings {
        let verdict = if reading.name == ENDLESS_DRAW {
            endless_draw(text, expected.players, output)
        } else {
            match output.cut_verdict() {
                Some(cut) => grader::compare_cut(text, output.text, cut),
                None => grader::compare(text, output.text),
            }
        };
        if verdict.passed(output.strict) {
            return match verdict {
                Verdict::Pass { note: None } if several => Verdict::Pass {
                    note: Some(format!("reading: {}, {}", reading.name, reading.about)),
                },
                other => other,
            };
        }
        first.get_or_insert(verdict);
    }
    first.unwrap_or(Verdict::NoOutput)
}

/// The endless-draw reading of a stalemate: `expected` ends with the closing line; the
/// program prints every line before it, then only the last round of `DRAW` lines over
/// and over, and is cut off (by the output limit or the timeout). A program that ends
/// by itself is judged by the other readings.
fn endless_draw(expected: &str, players: usize, output: &Output<'_>) -> Verdict {
    let Some(cut) = output.cut_verdict() else {
        return grader::compare(expected, output.text);
    };
    let lines: Vec<&str> = expected.lines().collect();
    let Some((_closing, before)) = lines.split_last() else {
        return cut;
    };
    let Some(round) = before.len().checked_sub(players).map(|at| &before[at..]) else {
        return cut;
    };
    if players == 0 || !round.iter().all(|line| line.ends_with(": DRAW")) {
        return cut;
    }
    let endless = before.iter().chain(round.iter().cycle());
    for (index, (got, want)) in output.text.lines().zip(endless).enumerate() {
        if got != *want {
            return Verdict::WrongOutput {
                line: index + 1,
                column: got
                    .chars()
                    .zip(want.chars())
                    .take_while(|(a, b)| a == b)
                    .count()
                    + 1,
                expected: Some(grader::verdict::quoted(want, 1)),
                got: Some(grader::verdict::quoted(got, 1)),
            };
        }
    }
    if output.text.lines().count() < before.len() {
        // Cut before it came to the stalemate: slow, not endless.
        return cut;
    }
    Verdict::Pass { note: None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ochos_locos::cases::{COLOUR_ANNOUNCED, COLOUR_NOT_ANNOUNCED, STALEMATE_LINE};

    fn reading(name: &str, text: &str) -> (Reading, String) {
        let reading = Reading {
            name: name.to_owned(),
            about: name.to_owned(),
            out: format!("x.{name}.out"),
        };
        (reading, text.to_owned())
    }

    /// A two-player stalemate worked by hand: 1 plays, then both pass twice.
    const STALEMATE: &str = "0: B3\n1: B5\n2: DRAW\n1: DRAW\n2: DRAW\nSTALEMATE (NO WINNER)\n";

    fn stalemate() -> Expected {
        Expected {
            readings: vec![
                reading(STALEMATE_LINE, STALEMATE),
                reading(ENDLESS_DRAW, STALEMATE),
            ],
            players: 2,
        }
    }

    fn judged(expected: &Expected, text: &str, cut: bool, strict: bool) -> String {
        let limit = Verdict::TooMuchOutput { limit: 1000 };
        let cut = cut.then_some((grader::Cut::OutputLimit, &limit));
        verdict(expected, &Output::new(text, cut, strict)).to_string()
    }

    #[test]
    fn a_stalemate_passes_by_either_reading() {
        let ours = judged(&stalemate(), STALEMATE, false, false);
        assert!(ours.contains("reading: stalemate-line"), "{ours}");
        let endless = format!("0: B3\n1: B5\n{}", "2: DRAW\n1: DRAW\n".repeat(500));
        let theirs = judged(&stalemate(), &endless, true, false);
        assert!(theirs.contains("reading: endless-draw"), "{theirs}");
        // --strict: the project's reading only, which wanted the closing line there.
        assert_eq!(
            judged(&stalemate(), &endless, true, true),
            "line 6, column 1: expected `STALEMATE (NO WINNER)`, got `1: DRAW`"
        );
    }

    #[test]
    fn stopping_early_or_a_wrong_card_fails_the_endless_reading() {
        // It ended by itself after a few rounds: neither reading.
        let stopped = "0: B3\n1: B5\n2: DRAW\n1: DRAW\n2: DRAW\n1: DRAW\n";
        assert_eq!(
            judged(&stalemate(), stopped, false, false),
            "line 6, column 1: expected `STALEMATE (NO WINNER)`, got `1: DRAW`"
        );
        // A card played where nobody can play.
        let wrong = format!(
            "0: B3\n1: B5\n2: DRAW\n1: DRAW\n2: R3\n{}",
            "1: DRAW\n".repeat(200)
        );
        assert_eq!(
            judged(&stalemate(), &wrong, true, false),
            "line 5, column 4: expected `2: DRAW`, got `2: R3`"
        );
        // A program that hangs before the stalemate is a timeout.
        assert_eq!(
            judged(&stalemate(), "0: B3\n", true, false),
            "printed more than 1000 bytes; cut off and killed"
        );
    }

    #[test]
    fn completos_passes_with_or_without_the_colour() {
        let expected = Expected {
            readings: vec![
                reading(COLOUR_ANNOUNCED, "Bob R8 G4 G8: B8 (G)\n"),
                reading(COLOUR_NOT_ANNOUNCED, "Bob R8 G4 G8: B8\n"),
            ],
            players: 2,
        };
        let without = judged(&expected, "Bob R8 G4 G8: B8\n", false, false);
        assert!(
            without.contains("reading: colour-not-announced"),
            "{without}"
        );
        assert_eq!(
            judged(&expected, "Bob R8 G4 G8: B8\n", false, true),
            "line 1, column 17: expected `Bob R8 G4 G8: B8 (G)`, got `Bob R8 G4 G8: B8`"
        );
        assert!(
            judged(&expected, "Bob R8 G4 G8: B8 (G)\n", false, true).contains("colour-announced")
        );
    }
}
