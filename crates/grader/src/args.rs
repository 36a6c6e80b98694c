//! The grading arguments every game's `grade` and `gradescope` share, declared once in
//! clap (feature `clap`, which only the games' binaries turn on): how the cases are
//! marked and what students see of them (`--weight`, `--points`, `--visibility`,
//! `--tell-case`), and, for a grader that compares with expected outputs, what a wrong
//! output's test quotes (`--show-expected`, `--verdict-only`). Their meaning is
//! [`Marking`]'s, and an autograder's grade line repeats them ([`marking_args`]); the
//! games only flatten them and word their own errors.

use clap::Args;

use crate::report::{self, Feedback, Marking, Visibility};
use crate::zip::marking_args;

/// `--weight`, `--points`, `--visibility` and `--tell-case`, with the feedback flags `F`
/// in the middle (where `--help` lists them): [`FeedbackArgs`] for a grader with expected
/// outputs to hide (Ochos Locos), [`NoFeedbackArgs`] for one whose reports quote the rule
/// broken (Pig).
#[derive(Args, Clone, Debug, Default)]
pub struct MarkingArgs<F: Args + FeedbackChoice> {
    /// The marks of the cases whose names match PATTERN: a case's name, or a pattern
    /// with * for any characters; may be given more than once, the last that matches
    /// counts; other cases are worth 1.
    #[arg(long, value_name = "PATTERN=POINTS", value_parser = report::parse_weight)]
    pub weight: Vec<(String, f64)>,
    /// Scale the marks so that they add up to N (what they are worth in the assignment).
    #[arg(long, value_name = "N", value_parser = report::parse_points)]
    pub points: Option<f64>,
    /// Gradescope: when students see the tests, all of them or (PATTERN=) those whose
    /// names match: visible (the default), hidden, after_due_date or after_published;
    /// may be given more than once, the last that matches counts.
    #[arg(long, value_name = "[PATTERN=]VISIBILITY", value_parser = report::parse_visibility)]
    pub visibility: Vec<(Option<String>, Visibility)>,
    /// What a wrong output's test quotes.
    #[command(flatten)]
    pub feedback: F,
    /// Tell each run which case it is, in the variable GRADER_CASE (by default nothing
    /// does: a program that knows its case could print an answer learnt from earlier
    /// reports).
    #[arg(long)]
    pub tell_case: bool,
}

impl<F: Args + FeedbackChoice> MarkingArgs<F> {
    /// The marking these options ask for.
    pub fn marking(&self) -> Marking {
        Marking {
            weights: self.weight.clone(),
            points: self.points,
            visibility: self.visibility.clone(),
            feedback: self.feedback.feedback(),
        }
    }

    /// The first `--weight` or `--visibility` pattern that matches none of `names`,
    /// escaped for a one-line error: a typing error would otherwise silently change
    /// nothing. Each game words the error (its cases are games in Pig).
    pub fn unmatched(&self, names: &[&str]) -> Option<String> {
        self.marking().unmatched(names).map(crate::printable)
    }

    /// The same options for the grade line of an autograder, quoted for the shell, in
    /// `--help`'s order.
    pub fn grade_args(&self) -> Vec<String> {
        let mut args = marking_args(&self.marking());
        args.extend(self.feedback.flags().iter().map(|flag| (*flag).to_owned()));
        if self.tell_case {
            args.push("--tell-case".to_owned());
        }
        args
    }
}

/// What a wrong output's test quotes, as a grader's feedback flags choose it.
pub trait FeedbackChoice {
    /// The feedback chosen.
    fn feedback(&self) -> Feedback;
    /// The flags that choose it again, for an autograder's grade line.
    fn flags(&self) -> &'static [&'static str];
}

/// `--show-expected` and `--verdict-only`: for a grader that compares with expected
/// outputs, which a student failing on purpose could otherwise harvest.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct FeedbackArgs {
    /// Gradescope: a wrong output's test quotes the expected line (by default it says
    /// which line differs and shows the program's, not the expected one, so that
    /// failing on purpose cannot harvest the expected outputs).
    #[arg(long)]
    pub show_expected: bool,
    /// Gradescope: a wrong output's test says only that the output is wrong, not even
    /// which line (which a student could otherwise move down, submission by submission,
    /// to learn the expected lines).
    #[arg(long, conflicts_with = "show_expected")]
    pub verdict_only: bool,
}

impl FeedbackChoice for FeedbackArgs {
    fn feedback(&self) -> Feedback {
        if self.show_expected {
            Feedback::Expected
        } else if self.verdict_only {
            Feedback::Verdict
        } else {
            Feedback::Line
        }
    }

    fn flags(&self) -> &'static [&'static str] {
        match (self.show_expected, self.verdict_only) {
            (true, _) => &["--show-expected"],
            (false, true) => &["--verdict-only"],
            (false, false) => &[],
        }
    }
}

/// No feedback flags: a grader whose reports quote the rule broken, never an expected
/// output (Pig, which has none to hide), so that its tests always say everything.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct NoFeedbackArgs {}

impl FeedbackChoice for NoFeedbackArgs {
    fn feedback(&self) -> Feedback {
        Feedback::Expected
    }

    fn flags(&self) -> &'static [&'static str] {
        &[]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, Parser};
    use pretty_assertions::assert_eq;

    #[derive(Debug, Parser)]
    struct Compared {
        #[command(flatten)]
        marking: MarkingArgs<FeedbackArgs>,
    }

    #[derive(Debug, Parser)]
    struct Checked {
        #[command(flatten)]
        marking: MarkingArgs<NoFeedbackArgs>,
    }

    fn compared(args: &[&str]) -> Result<MarkingArgs<FeedbackArgs>, clap::Error> {
        Compared::try_parse_from(std::iter::once("grade").chain(args.iter().copied()))
            .map(|parsed| parsed.marking)
    }

    fn checked(args: &[&str]) -> Result<MarkingArgs<NoFeedbackArgs>, clap::Error> {
        Checked::try_parse_from(std::iter::once("grade").chain(args.iter().copied()))
            .map(|parsed| parsed.marking)
    }

    #[test]
    fn the_command_lines_are_well_formed() {
        Compared::command().debug_assert();
        Checked::command().debug_assert();
    }

    /// The grade line an autograder writes asks for what the instructor asked for: the
    /// options read back give the same marking (docs/grading.md, "Marks and what
    /// students see").
    #[test]
    fn the_grade_line_reads_back_as_the_same_marking() -> Result<(), clap::Error> {
        let given = [
            "--weight",
            "*-random=0.5",
            "--points",
            "40",
            "--visibility",
            "hidden",
            "--verdict-only",
            "--tell-case",
        ];
        let marking = compared(&given)?;
        let line = marking.grade_args();
        assert_eq!(
            line,
            [
                "--weight",
                "'*-random=0.5'",
                "--points",
                "40",
                "--visibility",
                "hidden",
                "--verdict-only",
                "--tell-case"
            ]
        );
        let unquoted: Vec<String> = line.iter().map(|arg| arg.replace('\'', "")).collect();
        let again = compared(&unquoted.iter().map(String::as_str).collect::<Vec<_>>())?;
        assert_eq!(again.marking(), marking.marking());
        assert!(again.tell_case);
        Ok(())
    }

    #[test]
    fn feedback_is_the_line_unless_asked_and_pig_always_says_everything() -> Result<(), clap::Error>
    {
        assert_eq!(compared(&[])?.marking().feedback, Feedback::Line);
        assert_eq!(
            compared(&["--show-expected"])?.marking().feedback,
            Feedback::Expected
        );
        assert_eq!(
            compared(&["--verdict-only"])?.marking().feedback,
            Feedback::Verdict
        );
        assert!(compared(&["--show-expected", "--verdict-only"]).is_err());
        assert_eq!(checked(&[])?.marking().feedback, Feedback::Expected);
        assert!(checked(&["--show-expected"]).is_err());
        assert_eq!(checked(&["--tell-case"])?.grade_args(), ["--tell-case"]);
        Ok(())
    }

    #[test]
    fn a_pattern_that_matches_no_case_is_named_escaped() -> Result<(), clap::Error> {
        let marking = checked(&["--weight", "game-1=2", "--visibility", "gam\u{1b}*=hidden"])?;
        assert_eq!(
            marking.unmatched(&["game-01", "game-02"]),
            Some("game-1".to_owned())
        );
        let marking = checked(&["--visibility", "gam\u{1b}*=hidden"])?;
        assert_eq!(
            marking.unmatched(&["game-01"]),
            Some("gam\\u{1b}*".to_owned())
        );
        Ok(())
    }
}
