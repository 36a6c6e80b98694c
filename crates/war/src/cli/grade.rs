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
//! reproducible: mostly Enter, sometimes a number from 2 to 10, lowered to the battles
//! the hands on the screen let one follow ([`check::rounds_in_sight`]: those played
//! before a won card comes back into play, in an order no hands showed), Enter below 2:
//! a program that shows the hands only after the battles a number plays stays readable
//! whatever the deal, and in some games `q` at a prompt chosen in advance (the summary
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
    /// let one follow `sight` battles ([`check::rounds_in_sight`]; `None`: no hands
    /// read). A number drawn is lowered to `sight`, and is Enter below 2: a player who
    /// plays out their pile within the battles a number plays brings won cards back into
    /// play in an order no hands show, and a program showing the hands only after the
    /// last of those battles would leave the checker guessing among the orders (a guess
    /// that can run out of budget, or match a wrong game). Otherwise, Enter.
    pub fn next_answer(&mut self, sight: Option<u64>) -> String {
        let answer = if self.given >= self.quit_at {
            self.quit = true;
            "q".to_owned()
        } else if below(&mut self.rng, 100) < NUMBER_PERCENT {
            let n = (2 + below(&mut self.rng, 9)).min(sight.unwrap_or(0));
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
        Reply::Answer(self.next_answer(in_sight(screen)).into_bytes())
    }
}

/// The battles the last hands on the screen let one follow ([`check::rounds_in_sight`]).
fn in_sight(screen: &[u8]) -> Option<u64> {
    // The last hands are near the end: a bounded look, whatever the game's length (52
    // cards and the battles of a number between two displays fit many times over).
    let tail = &screen[screen.len().saturating_sub(16 * 1024)..];
    check::rounds_in_sight(&String::from_utf8_lossy(tail))
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

    /// Worked by hand: Player 1 holds three aces, Player 2 the other 49 cards with its
    /// ace in the middle: read either end as the top, Player 1 wins three battles with
    /// the cards shown, and the fourth would lay a card won since. Player 1 holding only
    /// the 2 of clubs against no other 2 at either end of Player 2's pile loses the game
    /// in the first battle. A screen without the 52 cards shows nothing to follow.
    #[test]
    fn the_battles_in_sight_are_read_from_the_last_hands() {
        let deck: Vec<String> = "CDHS"
            .chars()
            .flat_map(|s| {
                [
                    "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
                ]
                .map(|r| format!("{r}{s}"))
            })
            .collect();
        let aces = ["AS", "AH", "AD"];
        let mut rest: Vec<&str> = deck
            .iter()
            .map(String::as_str)
            .filter(|c| !aces.contains(c))
            .collect();
        // AC to the middle: neither end of the pile ties with an ace.
        rest.retain(|c| *c != "AC");
        rest.insert(24, "AC");
        let screen = format!(
            "Initial hands:\nPlayer 1 (26 cards): ...\n> \nPlayer 1 (3 cards): {}\nPlayer 2 (49 cards): {}\nEnter, a number or q > ",
            aces.join(" "),
            rest.join(" ")
        );
        assert_eq!(in_sight(screen.as_bytes()), Some(3));
        let mut others: Vec<&str> = deck
            .iter()
            .map(String::as_str)
            .filter(|c| *c != "2C")
            .collect();
        // The other 2s to the middle: the 2 of clubs loses at either end.
        others.retain(|c| !c.starts_with('2'));
        for two in ["2D", "2H", "2S"] {
            others.insert(20, two);
        }
        let screen = format!(
            "Player 1 (1 card): 2C\nPlayer 2 (51 cards): {}\nEnter > ",
            others.join(" ")
        );
        assert_eq!(in_sight(screen.as_bytes()), Some(u64::MAX));
        assert_eq!(in_sight(b"Player 1: 6C 7D\nPlayer 2: 8H\nEnter > "), None);
    }

    /// A number only when the battles in sight allow two, lowered to them; otherwise
    /// Enter.
    #[test]
    fn a_number_is_lowered_to_the_battles_in_sight() {
        let mut lowered = false;
        for game in 0..40 {
            let mut short = Person::new(7, game);
            let mut unread = Person::new(7, game);
            let mut few = Person::new(7, game);
            let mut long = Person::new(7, game);
            for _ in 0..MAX_ANSWERS {
                let (a, b, c, d) = (
                    short.next_answer(Some(1)),
                    unread.next_answer(None),
                    few.next_answer(Some(4)),
                    long.next_answer(Some(u64::MAX)),
                );
                assert!(a.is_empty() || a == "q", "{a}");
                assert_eq!(a, b);
                assert!(
                    c == a || c.parse::<u64>().is_ok_and(|n| (2..=4).contains(&n)),
                    "{c}"
                );
                assert!(
                    d == a || d.parse::<u64>().is_ok_and(|n| (2..=10).contains(&n)),
                    "{d}"
                );
                lowered |= d.parse::<u64>().is_ok_and(|n| n > 4) && c == "4";
            }
        }
        assert!(lowered, "some number above 4 was lowered to 4");
    }

    /// The same seed and game give the same answers; every game quits by the cap.
    #[test]
    fn answers_are_reproducible_and_end_by_the_cap() {
        let answers = |seed, game| {
            let mut person = Person::new(seed, game);
            let mut all = Vec::new();
            while !person.quit {
                all.push(person.next_answer(Some(u64::MAX)));
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
