//! Grading a student's program on a set of cases (`ochos-locos grade`): the program
//! reads each case's deal on standard input, and its standard output is compared with
//! the case's expected output exactly (the assignments fix every line).
//!
//! The cases come from a directory written by `ochos-locos cases` ([`crate::cases`]):
//! its `manifest.json` lists them, `NAME.in` is fed to the program and `NAME.out` is
//! what it must print. Running, timeouts, parallel jobs, the result model and the
//! report formats are the shared `grader` crate's; this module only reads the cases and
//! compares ([`grader::compare`]: the first differing line with its column; trailing
//! whitespace and a missing final newline reported apart, and scored only with
//! `--strict`).

use std::ffi::OsString;
use std::fs;
use std::path::Path;

use grader::{Case, GradeError, Options, Report};

use crate::cases::Manifest;
use crate::rules::Variant;

/// Why grading could not start: each prints as one line.
#[derive(Debug, thiserror::Error)]
pub enum GradeFailure {
    /// The cases directory or one of its files cannot be read.
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
    /// The program cannot be started.
    #[error("{0}")]
    Run(#[from] GradeError),
}

/// The cases in `dir` (written for `variant`): each case to run, and its expected
/// output.
pub fn read_cases(variant: Variant, dir: &Path) -> Result<(Vec<Case>, Vec<String>), GradeFailure> {
    let manifest = Manifest::read(dir).map_err(GradeFailure::Cases)?;
    if manifest.rules != variant.name() {
        return Err(GradeFailure::OtherRules {
            dir: dir.display().to_string(),
            variant,
            found: manifest.rules,
        });
    }
    if manifest.cases.is_empty() {
        return Err(GradeFailure::Cases(format!(
            "{}: the manifest lists no cases",
            dir.display()
        )));
    }
    let read = |name: &str| {
        let path = dir.join(name);
        fs::read_to_string(&path)
            .map_err(|error| GradeFailure::Cases(format!("{}: {error}", path.display())))
    };
    let mut cases = Vec::new();
    let mut expected = Vec::new();
    for entry in &manifest.cases {
        let input = read(&format!("{}.in", entry.name))?;
        expected.push(read(&format!("{}.out", entry.name))?);
        cases.push(Case::new(entry.name.clone(), input.into_bytes()));
    }
    Ok((cases, expected))
}

/// Grades `command` on the cases in `dir`.
pub fn grade(
    variant: Variant,
    dir: &Path,
    command: &[OsString],
    options: &Options,
) -> Result<Report, GradeFailure> {
    let (cases, expected) = read_cases(variant, dir)?;
    Ok(grader::grade(command, &cases, options, |index, output| {
        grader::compare(expected.get(index).map_or("", String::as_str), output)
    })?)
}
