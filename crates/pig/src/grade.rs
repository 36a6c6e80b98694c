//! Grading someone's Pig program (`pig grade`): play it N times, answering its prompts
//! from a scripted, seeded mix, and check each transcript against the rules
//! ([`crate::check`]).
//!
//! The program's dice are its own (random), so a game cannot be compared with an
//! expected output; each transcript is checked line by line instead, knowing the answers
//! the program was given. The answers of game *i* come from
//! `cards_core::rng::stream_rng(seed, i)`: mostly `n` (roll) and `y` (hold), some in upper
//! case, and some invalid (`x`, `maybe`, `7`, `hold`), which the program must refuse and ask
//! again. Running, timeouts, parallel jobs, the result model and the report formats are
//! the shared `grader` crate's.

use std::ffi::OsString;

use cards_core::rng::{below, stream_rng};
use grader::{Case, GradeError, Options, Output, Report, Sandbox, Verdict};

use crate::check;

/// The answers given to each game: far more than a game to 100 asks for.
pub const ANSWERS_PER_GAME: usize = 2000;

/// The mix of answers, each with its weight out of 100.
pub const MIX: [(&str, u64); 8] = [
    ("n", 52),
    ("N", 12),
    ("y", 16),
    ("Y", 6),
    ("x", 4),
    ("maybe", 4),
    ("7", 3),
    ("hold", 3),
];

/// The answers of game `game` of a grading seeded with `seed`.
pub fn answers(seed: u64, game: u64) -> Vec<String> {
    let mut rng = stream_rng(seed, game);
    (0..ANSWERS_PER_GAME)
        .map(|_| {
            let mut pick = below(&mut rng, 100);
            let mut chosen = MIX[0].0;
            for (answer, weight) in MIX {
                if pick < weight {
                    chosen = answer;
                    break;
                }
                pick -= weight;
            }
            chosen.to_owned()
        })
        .collect()
}

/// The verdict on one game's transcript, given its answers. A game cut off (by the
/// timeout or the output limit) is the cut's verdict, or the first line that broke a
/// rule before the cut: no reading of Pig's text lets a game go on for ever.
pub fn judge(output: &Output<'_>, answers: &[String]) -> Verdict {
    let verdict = verdict(output.text, answers);
    match output.cut_verdict() {
        None => verdict,
        Some(cut) => match verdict {
            broken @ Verdict::RuleBroken { got: Some(_), .. } => broken,
            _ => cut,
        },
    }
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
            Case::with(format!("game-{:02}", game + 1), stdin.into_bytes(), answers)
        })
        .collect();
    grader::grade(sandbox, command, &cases, options, |case, output| {
        judge(output, &case.data)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mix_is_seeded_and_has_every_kind_of_answer() {
        let a = answers(1, 0);
        assert_eq!(a, answers(1, 0));
        assert_ne!(a, answers(1, 1));
        for (answer, _) in MIX {
            assert!(a.iter().any(|given| given == answer), "{answer}");
        }
        assert_eq!(MIX.iter().map(|(_, w)| w).sum::<u64>(), 100);
    }

    /// Our own game quits at `q`; the assignment's refuses it. No answer of the mix may
    /// quit, or grading this project's game would stop its games half-way.
    #[test]
    fn no_answer_of_the_mix_quits_our_game() {
        for (answer, _) in MIX {
            assert_ne!(
                crate::console::parse_answer(answer),
                Ok(crate::console::Answer::Quit),
                "{answer}"
            );
        }
    }
}
