//! What a transcript checker reports (`war::check`, `quattro::check`): the first line of a
//! student's program's transcript that breaks a rule of the assignment, or that the
//! checker could not read in the program's free format, kept apart so that a grader says
//! "could not read" where it cannot say "wrong".

use std::fmt;

/// What is wrong at a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A rule of the assignment broken; the text says what the rule required.
    Rule(String),
    /// Something the checker could not find or read in the free format, such as the
    /// hands after a battle.
    Unreadable(String),
}

/// The first line that breaks a rule, or that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Its number, from 1 (one past the last line when the transcript ended too soon).
    pub line: usize,
    /// What is wrong there.
    pub problem: Problem,
    /// The line as the program wrote it, its terminal escape sequences left out where
    /// the checker reads them so (`None`: the transcript had ended).
    pub got: Option<String>,
}

impl Violation {
    /// Whether this is a rule broken (not something unreadable).
    pub fn is_rule(&self) -> bool {
        matches!(self.problem, Problem::Rule(_))
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.problem {
            Problem::Rule(rule) => write!(f, "line {}: {rule}; got ", self.line)?,
            Problem::Unreadable(what) => {
                write!(f, "line {}: could not read: {what}; got ", self.line)?
            }
        }
        match &self.got {
            // Quoted like any input in an error: the line is the graded program's, and an
            // escape sequence in it must not act on the grader's terminal.
            Some(line) => write!(f, "`{}`", crate::input::quoted_line(line)),
            None => write!(f, "the end of the transcript"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_violation_says_its_line_what_and_the_line_quoted() {
        let rule = Violation {
            line: 7,
            problem: Problem::Rule("each battle's winner takes the cards".into()),
            got: Some("Player 2 wins\u{1b}[2J".into()),
        };
        assert!(rule.is_rule());
        assert_eq!(
            rule.to_string(),
            "line 7: each battle's winner takes the cards; got `Player 2 wins\\u{1b}[2J`"
        );
        let unread = Violation {
            line: 3,
            problem: Problem::Unreadable("no hand shown after the battle".into()),
            got: None,
        };
        assert!(!unread.is_rule());
        assert_eq!(
            unread.to_string(),
            "line 3: could not read: no hand shown after the battle; got the end of the transcript"
        );
    }
}
