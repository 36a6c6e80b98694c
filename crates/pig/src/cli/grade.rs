//! Grading someone's Pig program (`pig grade`): play it N times, answering its prompts
//! from a scripted, seeded mix, and check each transcript against the rules
//! ([`pig::check`]), with the answers [`pig::check::answers`] gives.
//!
//! The program's dice are its own (random), so a game cannot be compared with an
//! expected output; each transcript is checked line by line instead, knowing the answers
//! the program was given. The answers of game *i* come from
//! `cards_core::rng::stream_rng(seed, i)`: mostly `n` (roll) and `y` (hold), some in upper
//! case, and some invalid (`x`, `maybe`, `7`, `hold`), which the program must refuse and ask
//! again. Running, timeouts, parallel jobs, the result model and the report formats are
//! the shared `grader` crate's.

use std::ffi::OsString;

use grader::{Case, GradeError, Options, Output, Report, Sandbox, Verdict};
use pig::check::{self, answers};

/// The verdict on one game's transcript, given its answers. A game cut off (by the
/// timeout or the output limit) is the cut's verdict, or the first line that broke a
/// rule before the cut: no reading of Pig's text lets a game go on for ever.
pub fn judge(output: &Output<'_>, answers: &[String]) -> Verdict {
    output.judged(verdict(output.text, answers))
}

/// The verdict on one game's transcript, given its answers.
pub fn verdict(output: &str, answers: &[String]) -> Verdict {
    match check::check(output, Some(answers)) {
        Ok(checked) => Verdict::Pass {
            note: Some(format!(
                "won by {}; readings: {}",
                checked.winner,
                checked.readings.join("; ")
            )),
        },
        Err(violation) => Verdict::RuleBroken {
            line: violation.line,
            rule: violation.rule,
            got: violation.got,
        },
    }
}

/// Plays `command` `games` times in `sandbox`, answers seeded with `seed`, and checks
/// every game; each game's answers travel with it.
pub fn grade(
    games: u64,
    seed: u64,
    sandbox: &Sandbox,
    command: &[OsString],
    options: &Options,
) -> Result<Report, GradeError> {
    let cases: Vec<Case<Vec<String>>> = (0..games)
        .map(|game| {
            let answers = answers(seed, game);
            let stdin: String = answers.iter().map(|a| format!("{a}\n")).collect();
            Case::with(grader::game_name(game + 1), stdin.into_bytes(), answers)
        })
        .collect();
    grader::grade(sandbox, command, &cases, options, |case, output| {
        judge(output, &case.data)
    })
}
