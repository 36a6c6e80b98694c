//! Grading someone's War program (`war grade`): play it N times as a person would, and
//! check each game's transcript against the rules ([`war::check`]) with the answers
//! actually given.
//!
//! The deal is the program's own (random), so nothing can be compared with an expected
//! output, and a program may open a new `Scanner` on each turn: the answers are typed one
//! at a time, each only once the program waits at its prompt
//! ([`grader::grade_paced`]). The answerer reads the screen: it answers only when one of
//! the screen's last three lines names Enter (War's prompt, whether or not it ends its
//! line, its other options on the lines after it or not), and closes the input at any
//! other question (War asks no other), as Ctrl-D would. The
//! answers of game *i* come from `cards_core::rng::stream_rng(seed, i)`, so a grading is
//! reproducible: mostly Enter, sometimes a number from 2 to 10 (lowered to leave the
//! smaller pile on the screen 10 cards, Enter below 2: a program that shows the
//! hands only after the battles a number plays stays readable, no won card coming back
//! into play unseen), and in some games `q` at a prompt chosen in advance (the summary
//! on quit). Every game ends well within the timeout: at
//! the [`MAX_ANSWERS`]th prompt the answer is `q`.

use std::ffi::OsString;

use cards_core::rng::{GameRng, below, stream_rng};
use grader::pace::Reply;
use grader::{Case, GradeError, Options, Output, Report, Sandbox, Verdict};
use war::check;

/// The prompts a game is answered at most: the last is answered `q`. With numbers from 2
/// to 10 a quarter of the time (fewer while a hand is short), 300 to 750 battles, more
/// than most games of War last (the median is 190); at a person's pace, a few seconds
/// of a Java program.
pub const MAX_ANSWERS: usize = 250;
/// The share of games quit early (`q` at a prompt chosen in advance), in percent.
const QUIT_PERCENT: u64 = 25;
/// The share of answers that are a number (the rest are Enter), in percent.
const NUMBER_PERCENT: u64 = 25;

/// The seeded person who plays game `game` (from 0) of a grading seeded with `seed`.
pub struct Person {
    rng: GameRng,
    /// The prompt (from 0) answered `q`.
    quit_at: usize,
    /// The answers typed so far.
    given: usize,
    /// Whether `q` has been typed: nothing more is.
    quit: bool,
}

impl Person {
    /// Game `game`'s person: whether and when they quit is drawn first, then each answer.
    pub fn new(seed: u64, game: u64) -> Person {
        let mut rng = stream_rng(seed, game);
        let quit_at = if below(&mut rng, 100) < QUIT_PERCENT {
            // Late enough that the hands have changed hands a good deal.
            10 + below(&mut rng, 50) as usize
        } else {
            MAX_ANSWERS - 1
        };
        Person {
            rng,
            quit_at,
            given: 0,
            quit: false,
        }
    }

    /// The next answer at the prompt, without its line end, when the hands on the screen
    /// hold `fewest` cards at least (the smaller pile). A number drawn is lowered to leave
    /// the smaller pile [`SPARE`] cards over, and is Enter when that leaves less than 2: a player who plays out their pile
    /// within the battles a number plays brings won cards back into play in an order no
    /// hands show, which a program showing the hands only after the last of them leaves
    /// the checker unable to follow. Otherwise, Enter.
    pub fn next_answer(&mut self, fewest: Option<u64>) -> String {
        let answer = if self.given >= self.quit_at {
            self.quit = true;
            "q".to_owned()
        } else if below(&mut self.rng, 100) < NUMBER_PERCENT {
            let n =
                (2 + below(&mut self.rng, 9)).min(fewest.map_or(0, |f| f.saturating_sub(SPARE)));
            if n >= 2 { n.to_string() } else { String::new() }
        } else {
            String::new()
        };
        self.given += 1;
        answer
    }

    /// What the person does at `screen`, the program's output so far, when the program
    /// waits for input.
    pub fn reply(&mut self, screen: &[u8]) -> Reply {
        if self.quit || !at_prompt(screen) {
            return Reply::Close;
        }
        Reply::Answer(self.next_answer(fewest_cards(screen)).into_bytes())
    }
}

/// The cards a number's battles leave over in the smaller pile, at the least: room for
/// two wars (four cards each) and a little more.
const SPARE: u64 = 10;

/// The smaller of the last two numbers of cards on the screen (`Player 1 (26 cards):`,
/// `Alice has 26 cards:`): the hands shown last, by the conventions (a hand names its
/// number of cards). `None` when the screen shows fewer than two.
fn fewest_cards(screen: &[u8]) -> Option<u64> {
    // The last display is near the end: a bounded look, whatever the game's length.
    let tail = &screen[screen.len().saturating_sub(16 * 1024)..];
    let text = String::from_utf8_lossy(tail).to_lowercase();
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ':' || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let counts: Vec<u64> = words
        .windows(2)
        .filter(|pair| matches!(pair[1], "card" | "cards"))
        .filter_map(|pair| pair[0].parse().ok())
        .collect();
    match counts.as_slice() {
        [.., a, b] => Some((*a).min(*b)),
        _ => None,
    }
}

/// How many of the screen's last lines may hold the line naming Enter: the prompt may
/// name its other options on the lines after it ("it, or the lines just after it, names
/// q and a number too").
const PROMPT_LINES: usize = 3;

/// Whether one of the screen's last [`PROMPT_LINES`] lines (the one the cursor is on,
/// or the last ones ended, for a prompt printed with `println`) names Enter, as War's
/// prompt does.
fn at_prompt(screen: &[u8]) -> bool {
    let screen = screen.strip_suffix(b"\n").unwrap_or(screen);
    String::from_utf8_lossy(screen)
        .rsplit('\n')
        .take(PROMPT_LINES)
        .any(|line| {
            line.to_lowercase()
                .split(|c: char| !c.is_alphanumeric())
                .any(|word| word == "enter")
        })
}

/// The verdict on one game's transcript, given the answers typed. A game cut off (by the
/// timeout or the output limit) is the cut's verdict, or the first line that broke a
/// rule before the cut.
pub fn judge(output: &Output<'_>, answers: &[String]) -> Verdict {
    output.judged(verdict(output.text, answers))
}

/// The verdict on one game's transcript (what the terminal showed, each answer after
/// its prompt), given the answers typed. What could not be read is told apart from a
/// rule broken by its words: `could not read: …`.
pub fn verdict(transcript: &str, answers: &[String]) -> Verdict {
    match check::check(transcript, Some(answers)) {
        Ok(checked) => {
            let shown = checked.to_string();
            Verdict::Pass {
                note: Some(shown.strip_prefix("ok: ").unwrap_or(&shown).to_owned()),
            }
        }
        Err(violation) => Verdict::from(violation),
    }
}

/// Plays `command` `games` times in `sandbox`, each game's person seeded from `seed`
/// and its number, and checks every game.
pub fn grade(
    games: u64,
    seed: u64,
    sandbox: &Sandbox,
    command: &[OsString],
    options: &Options,
) -> Result<Report, GradeError> {
    let cases: Vec<Case<u64>> = (0..games)
        .map(|game| Case::with(grader::game_name(game + 1), Vec::new(), game))
        .collect();
    grader::grade_paced(
        sandbox,
        command,
        &cases,
        options,
        |case| {
            let mut person = Person::new(seed, case.data);
            move |screen: &[u8]| person.reply(screen)
        },
        |_, output, talk| judge(output, &talk.typed()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prompt_is_a_line_naming_enter_at_the_end_of_the_screen() {
        assert!(at_prompt(
            b"Player 2 (26 cards): 5D\nEnter: one battle, a number: that many, q: quit > "
        ));
        assert!(at_prompt(b"hands\nPress ENTER to battle, a number or q:\n"));
        assert!(at_prompt(
            b"Press Enter for one battle,\na number for that many,\nor q: "
        ));
        assert!(!at_prompt(
            b"Enter: one battle\nBattle 1: ...\nP1: 6C\nP2: 7D\n"
        ));
        assert!(!at_prompt(b"Play again? (y/n) "));
        assert!(!at_prompt(b"Reentering\n"));
        assert!(!at_prompt(b""));
    }

    #[test]
    fn the_smaller_pile_is_read_from_the_last_hands() {
        let screen = b"Player 1 (26 cards): 6C\nPlayer 2 (26 cards): 7D\n> \
            Battle 1: Player 1 plays 6C. Player 2 wins and takes 2 cards.\n\
            Player 1 (25 cards): 8C\nPlayer 2 (27 cards): 7D 6C\nEnter, a number or q > ";
        assert_eq!(fewest_cards(screen), Some(25));
        assert_eq!(
            fewest_cards(b"Bob has 1 card:\n9H\nAlice has 51 cards:\n"),
            Some(1)
        );
        assert_eq!(fewest_cards(b"Player 1: 6C 7D\nPlayer 2: 8H\n"), None);
    }

    /// A number only when the smaller pile keeps cards over, lowered to keep them;
    /// otherwise Enter.
    #[test]
    fn a_short_pile_gets_enter_rather_than_a_number() {
        for game in 0..40 {
            let mut short = Person::new(7, game);
            let mut unread = Person::new(7, game);
            let mut long = Person::new(7, game);
            for _ in 0..MAX_ANSWERS {
                let (a, b, c) = (
                    short.next_answer(Some(11)),
                    unread.next_answer(None),
                    long.next_answer(Some(26)),
                );
                assert!(a.is_empty() || a == "q", "{a}");
                assert_eq!(a, b);
                assert!(
                    c == a || c.parse::<u64>().is_ok_and(|n| n + SPARE <= 26),
                    "{c}"
                );
            }
        }
    }

    /// The same seed and game give the same answers; every game quits by the cap.
    #[test]
    fn answers_are_reproducible_and_end_by_the_cap() {
        let answers = |seed, game| {
            let mut person = Person::new(seed, game);
            let mut all = Vec::new();
            while !person.quit {
                all.push(person.next_answer(Some(26)));
            }
            all
        };
        for game in 0..40 {
            let first = answers(7, game);
            assert_eq!(first, answers(7, game));
            assert!(first.len() <= MAX_ANSWERS, "{}", first.len());
            assert_eq!(first.last().map(String::as_str), Some("q"));
            assert!(
                first[..first.len() - 1]
                    .iter()
                    .all(|a| a.is_empty() || a.parse::<u32>().is_ok_and(|n| (2..=10).contains(&n)))
            );
        }
        assert_ne!(answers(7, 0), answers(8, 0));
    }
}
