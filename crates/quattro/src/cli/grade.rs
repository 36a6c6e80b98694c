//! Grading someone's Quattro program (`quattro grade`): play it N times as a person
//! would, and check each game's transcript (what a terminal would have shown: the
//! output with each answer after its question) against the rules ([`quattro::check`]),
//! knowing the answers typed.
//!
//! The deal is the program's own (random), so nothing can be compared with an expected
//! output, and a program may open a new `Scanner` on each turn (a real student's
//! Quattro crashes when all its input arrives at once): the answers are typed one at a
//! time, each only once the program waits for input ([`grader::grade_paced`]). The
//! answerer reads the screen by the conventions `quattro check` reads it by:
//!
//! - At the name question (one of the screen's last three lines names "name", before
//!   any top card), a name; in some games first an empty line, which the program must
//!   refuse.
//! - At the move question, the human's hand and the top card are read from the last
//!   line naming "top", "discard" or "first" with a card code (`R5`) and the cards on
//!   the lines after it, or on the lines right before it. The answer is a card of the
//!   hand that matches the top card, by its code, or by its place in the hand when the
//!   question asks for a number and not a code; `draw` when none matches (`0` when the
//!   question offers 0 and not draw). In some turns an answer that must be refused comes
//!   first: an unknown code, a card not held, a held card that does not match, or a draw
//!   while holding a match.
//! - At a question naming a colour (a wild card under Uno's rules), a colour's letter.
//! - At any other question, the end of the input, as Ctrl-D would.
//!
//! The answers of game *i* come from `cards_core::rng::stream_rng(seed, i)`, so a
//! grading is reproducible. Every game ends well within the timeout: after
//! [`MAX_ANSWERS`] answers the input is closed.

use std::ffi::OsString;

use cards_core::rng::{GameRng, below, stream_rng};
use grader::pace::{Conversation, Reply};
use grader::{Case, GradeError, Options, Output, Report, Sandbox, Verdict};
use quattro::check;

/// The answers a game is given at most; then its input is closed. A game of Quattro
/// lasts a few dozen of the human's turns, a long one with refills a hundred or two.
pub const MAX_ANSWERS: usize = 400;
/// The share of games whose name question is first answered with an empty line.
const BLANK_NAME_PERCENT: u64 = 30;
/// The share of turns that first get an answer to be refused, in percent.
const WRONG_PERCENT: u64 = 50;
/// The names the person types.
const NAMES: [&str; 4] = ["Ann", "Bea", "Cal", "Dev"];
/// How many of the screen's last lines may hold the question.
const PROMPT_LINES: usize = 3;

/// A card as the screen shows it: its colour's letter and its number (`R5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Card {
    colour: char,
    number: char,
}

impl Card {
    fn code(self) -> String {
        format!("{}{}", self.colour, self.number)
    }

    fn matches(self, top: Card) -> bool {
        self.colour == top.colour || self.number == top.number
    }
}

/// The seeded person who plays game `game` (from 0) of a grading seeded with `seed`.
pub struct Person {
    rng: GameRng,
    /// The name typed, and whether an empty line goes first.
    name: &'static str,
    blank_first: bool,
    /// The answers still to type at this turn's question, in order.
    planned: Vec<String>,
    /// Whether a turn has been seen (a top card shown): the name is behind.
    playing: bool,
    /// Where the screen was when the last answer was typed.
    last_at: usize,
    /// The answers typed so far.
    given: usize,
    /// Whether the input has been closed: nothing more is typed.
    closed: bool,
}

impl Person {
    /// Game `game`'s person: the name and whether a blank goes first are drawn first,
    /// then each turn's answers.
    pub fn new(seed: u64, game: u64) -> Person {
        let mut rng = stream_rng(seed, game);
        let name = NAMES[below(&mut rng, NAMES.len() as u64) as usize];
        let blank_first = below(&mut rng, 100) < BLANK_NAME_PERCENT;
        Person {
            rng,
            name,
            blank_first,
            planned: Vec::new(),
            playing: false,
            last_at: 0,
            given: 0,
            closed: false,
        }
    }

    /// What the person does at `screen`, the program's output so far, when the program
    /// waits for input.
    pub fn reply(&mut self, screen: &[u8]) -> Reply {
        match self.answer(screen) {
            Some(answer) if !self.closed && self.given < MAX_ANSWERS => {
                self.given += 1;
                self.last_at = screen.len();
                Reply::Answer(answer.into_bytes())
            }
            _ => {
                self.closed = true;
                Reply::Close
            }
        }
    }

    /// The answer to the question on `screen`, or `None` for a question the person
    /// does not answer.
    fn answer(&mut self, screen: &[u8]) -> Option<String> {
        let text = plain(screen);
        let since = plain(&screen[self.last_at.min(screen.len())..]);
        let question = last_lines(&text);
        if let Some((top, hand)) = read_turn(&since) {
            self.playing = true;
            self.planned = self.plan(top, &hand, &question);
        } else if !self.playing {
            if !words(&question).any(|w| w == "name") {
                return None;
            }
            return Some(if self.blank_first {
                self.blank_first = false;
                String::new()
            } else {
                self.name.to_owned()
            });
        } else if words(&question).any(|w| w == "colour" || w == "color") {
            let colours = ["R", "Y", "G", "B"];
            return Some(colours[below(&mut self.rng, 4) as usize].to_owned());
        }
        if self.planned.is_empty() {
            None
        } else {
            Some(self.planned.remove(0))
        }
    }

    /// This turn's answers, given the top card, the hand as listed and the question: in
    /// some turns one to be refused, then the move.
    fn plan(&mut self, top: Card, hand: &[Card], question: &str) -> Vec<String> {
        let by_place = {
            let words: Vec<String> = words(question).collect();
            let has = |w: &str| words.iter().any(|x| x == w);
            (has("number") || has("position") || has("place")) && !has("code")
        };
        let draw = if words(question).any(|w| w == "draw") || !question.contains('0') {
            "draw"
        } else {
            "0"
        };
        let name = |place: usize| {
            if by_place {
                (place + 1).to_string()
            } else {
                hand[place].code()
            }
        };
        let playable: Vec<usize> = (0..hand.len()).filter(|&i| hand[i].matches(top)).collect();
        let mut wrong = vec!["Z9".to_owned()];
        if !by_place {
            let unheld = (0..40)
                .map(|i| Card {
                    colour: ['R', 'Y', 'G', 'B'][i / 10],
                    number: char::from(b'0' + (i % 10) as u8),
                })
                .filter(|card| !hand.contains(card) && *card != top)
                .nth(below(&mut self.rng, 20) as usize);
            wrong.extend(unheld.map(Card::code));
        }
        wrong.extend(
            (0..hand.len())
                .filter(|&i| !hand[i].matches(top))
                .take(1)
                .map(name),
        );
        if !playable.is_empty() {
            wrong.push(draw.to_owned());
        }
        let mut answers = Vec::new();
        if below(&mut self.rng, 100) < WRONG_PERCENT {
            answers.push(wrong[below(&mut self.rng, wrong.len() as u64) as usize].clone());
        }
        answers.push(if playable.is_empty() {
            draw.to_owned()
        } else {
            name(playable[below(&mut self.rng, playable.len() as u64) as usize])
        });
        answers
    }
}

/// The screen as text, escape sequences (a program's colours) left out.
fn plain(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            if chars.peek() == Some(&'[') {
                chars.next();
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
        } else if c != '\r' {
            out.push(c);
        }
    }
    out
}

/// The screen's last [`PROMPT_LINES`] lines, lowercase: where the question is.
fn last_lines(text: &str) -> String {
    let text = text.strip_suffix('\n').unwrap_or(text);
    let mut lines: Vec<&str> = text.rsplit('\n').take(PROMPT_LINES).collect();
    lines.reverse();
    lines.join("\n").to_lowercase()
}

/// The words of `text`, lowercase.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// The words of a refusal, by the conventions: a line with one is no top card's line.
const REFUSAL: [&str; 10] = [
    "not",
    "invalid",
    "try",
    "again",
    "error",
    "exception",
    "sorry",
    "wrong",
    "must",
    "cannot",
];

/// The card codes of a line, in order, leaving out those after "e.g.", "such as",
/// "example" or "like" (an example in a question).
fn codes(line: &str) -> Vec<Card> {
    let lower = line.to_lowercase();
    let cut = ["e.g.", "such as", "example", "like"]
        .iter()
        .filter_map(|w| lower.find(w))
        .min()
        .unwrap_or(line.len());
    line.get(..cut)
        .unwrap_or(line)
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(|token| match token.as_bytes() {
            [c, n] if b"RYGBrygb".contains(c) && n.is_ascii_digit() => Some(Card {
                colour: char::from(c.to_ascii_uppercase()),
                number: char::from(*n),
            }),
            _ => None,
        })
        .collect()
}

/// The top card and the hand as listed, from the screen since the last answer: the
/// last line naming the top card (top, discard or first, a card code, no refusal's
/// words) and the cards on the lines after it, or, when none follow, on the lines right
/// before it. `None` when the screen shows no new turn (a refusal, another question).
fn read_turn(since: &str) -> Option<(Card, Vec<Card>)> {
    read_turn_at(since).map(|(_, top, hand)| (top, hand))
}

/// [`read_turn`], with the top card's line (from 0).
fn read_turn_at(since: &str) -> Option<(usize, Card, Vec<Card>)> {
    let lines: Vec<&str> = since.lines().collect();
    let at = lines.iter().rposition(|line| {
        let words: Vec<String> = words(line).collect();
        words
            .iter()
            .any(|w| matches!(w.as_str(), "top" | "discard" | "first"))
            && !words
                .iter()
                .any(|w| REFUSAL.contains(&w.as_str()) || w.ends_with("n't"))
            && !codes(line).is_empty()
    })?;
    let top = *codes(lines[at]).last()?;
    let mut hand: Vec<Card> = lines[at + 1..].iter().flat_map(|l| codes(l)).collect();
    if hand.is_empty() {
        let before: Vec<&&str> = lines[..at]
            .iter()
            .rev()
            .take_while(|line| !codes(line).is_empty())
            .collect();
        hand = before.iter().rev().flat_map(|l| codes(l)).collect();
    }
    (!hand.is_empty()).then_some((at, top, hand))
}

/// The verdict on one game, from its transcript (what the terminal showed, each answer
/// after its question) and the answers typed. A game cut off (by the timeout or the
/// output limit) is the cut's verdict, or the first line that broke a rule before the
/// cut.
pub fn judge(output: &Output<'_>, transcript: &str, answers: &[String]) -> Verdict {
    output.judged(verdict(transcript, answers))
}

/// The verdict on one game's transcript (what the terminal showed, each answer after
/// its question), given the answers typed. What could not be read is told apart from a
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

/// How many games dealing alike show a deck never shuffled, which no one game can show
/// (each of its deals a shuffle could deal). A shuffled deck deals the human's first
/// hand, as a set, as one of C(40, 3) = 9880 alike, whatever else the screen shows: six
/// games of N dealing alike come with a chance of at most C(N, 6) / 9880^5, below one
/// in ten million for N up to 400 (5.5e12 / 9.4e19). A deck never shuffled (or shuffled
/// the same way every run) deals every game alike.
const SAME_DEAL: usize = 6;

/// What the screen shows of the deal when the program first asks for a move (every card
/// code shown up to then, in order: the first top card, the human's hand, the bots'
/// moves when a bot starts), and the top card's line in the transcript (from 1) with
/// its text.
fn first_deal(talk: &Conversation) -> Option<(Vec<Card>, usize, String)> {
    let out = &talk.run.stdout;
    let mut from = 0;
    for (typed, answer) in talk.answers.iter().enumerate() {
        let at = answer.at.clamp(from, out.len());
        let since = plain(&out[from..at]);
        if let Some((top_at, _, _)) = read_turn_at(&since) {
            let before = plain(&out[..from]);
            let cards = before
                .lines()
                .chain(since.lines())
                .flat_map(codes)
                .collect();
            // Each answer typed before adds its line to the transcript.
            let line = before.matches('\n').count() + typed + top_at + 1;
            let text = since.lines().nth(top_at).unwrap_or_default().to_owned();
            return Some((cards, line, text));
        }
        from = at;
    }
    None
}

/// Fails every game that passed but dealt as [`SAME_DEAL`] or more games did (`deals`:
/// each game's [`first_deal`]), naming the games.
fn never_shuffled(report: &mut Report, deals: &[Option<(Vec<Card>, usize, String)>]) {
    let mut alike: Vec<(&Vec<Card>, Vec<usize>)> = Vec::new();
    for (game, deal) in deals.iter().enumerate() {
        if let Some((cards, _, _)) = deal {
            match alike.iter_mut().find(|(c, _)| *c == cards) {
                Some((_, games)) => games.push(game),
                None => alike.push((cards, vec![game])),
            }
        }
    }
    for (cards, games) in alike {
        if games.len() < SAME_DEAL {
            continue;
        }
        let names: Vec<String> = games.iter().map(|&g| (g + 1).to_string()).collect();
        let shown: Vec<String> = cards.iter().map(|c| c.code()).collect();
        let rule = format!(
            "the order of any collection of cards must be randomized: the deck was never shuffled: games {} dealt alike ({})",
            names.join(", "),
            shown.join(" ")
        );
        for &game in &games {
            let (Some(result), Some(Some((_, line, text)))) =
                (report.results.get_mut(game), deals.get(game))
            else {
                continue;
            };
            if matches!(result.verdict, Verdict::Pass { .. }) {
                result.verdict = Verdict::RuleBroken {
                    line: *line,
                    rule: rule.clone(),
                    got: Some(text.clone()),
                };
                result.score = 0.0;
            }
        }
    }
}

/// Plays `command` `games` times in `sandbox`, each game's person seeded from `seed`
/// and its number, and checks every game, then the games together: games dealing alike
/// show a deck never shuffled ([`SAME_DEAL`]).
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
    let deals = std::sync::Mutex::new(vec![None; cases.len()]);
    let mut report = grader::grade_paced(
        sandbox,
        command,
        &cases,
        options,
        |case| {
            let mut person = Person::new(seed, case.data);
            move |screen: &[u8]| person.reply(screen)
        },
        |case, output, talk| {
            let deal = first_deal(talk);
            let mut deals = deals
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(slot) = usize::try_from(case.data)
                .ok()
                .and_then(|game| deals.get_mut(game))
            {
                *slot = deal;
            }
            drop(deals);
            judge(
                output,
                &String::from_utf8_lossy(&talk.transcript()),
                &talk.typed(),
            )
        },
    )?;
    let deals = deals
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    never_shuffled(&mut report, &deals);
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(code: &str) -> Card {
        codes(code)[0]
    }

    #[test]
    fn the_turn_is_read_after_the_top_card_or_before_it() {
        let kit = "Welcome to Quattro! Match the top card's colour or number.\n\
            What is your name? \nAnn, your turn. Top card: G8\nYour hand:\n  Y6\n  R7\n  Y4\n\
            Player 2 holds 3 cards.\nType the code of a card to play, or draw: ";
        assert_eq!(
            read_turn(kit),
            Some((card("G8"), vec![card("Y6"), card("R7"), card("Y4")]))
        );
        let before = "Player 4 laid G3, 1 card left\n--- Ann ---\nYour cards: B1, G2, R5\n\
            Discard pile: R5\nWhich card? (0 if you have none)\n";
        assert_eq!(
            read_turn(before),
            Some((card("R5"), vec![card("B1"), card("G2"), card("R5")]))
        );
        // A refusal naming the top card is no new turn.
        assert_eq!(
            read_turn(
                "R7 doesn't match the top card: play a card of the same colour or number as G3.\n\
                 Type the code of a card to play, or draw: "
            ),
            None
        );
        assert_eq!(read_turn("Top card (e.g. R5) is G3\n"), None);
    }

    /// The move is a card of the hand that matches, by code or place, or a draw; a
    /// refused answer may go first, never a legal one.
    #[test]
    fn the_last_answer_of_a_turn_is_a_legal_move() {
        let hand = [card("Y6"), card("R7"), card("G4")];
        for game in 0..50 {
            let mut person = Person::new(3, game);
            let answers = person.plan(card("G8"), &hand, "type the code of a card, or draw: ");
            assert_eq!(
                answers.last().map(String::as_str),
                Some("G4"),
                "{answers:?}"
            );
            assert!(answers[..answers.len() - 1].iter().all(|a| a != "G4"));
            let answers = person.plan(card("B8"), &hand, "which card? (0 if you have none)");
            assert_eq!(answers.last().map(String::as_str), Some("0"), "{answers:?}");
            let answers = person.plan(card("R1"), &hand, "type the number of a card, or draw: ");
            assert_eq!(answers.last().map(String::as_str), Some("2"), "{answers:?}");
        }
    }

    #[test]
    fn a_game_starts_with_a_name_and_ends_by_the_cap() {
        let blank = (0..40)
            .filter(|&game| {
                let mut person = Person::new(7, game);
                let first = person.reply(b"Welcome!\nWhat is your name? ");
                first == Reply::Answer(Vec::new())
            })
            .count();
        assert!(blank > 0 && blank < 40, "{blank}");
        let mut person = Person::new(7, 0);
        assert_eq!(person.reply(b"Play again? (y/n) "), Reply::Close);
        let mut person = Person::new(7, 0);
        let mut screen = b"What is your name? ".to_vec();
        let mut answered = 0;
        while let Reply::Answer(_) = person.reply(&screen) {
            answered += 1;
            screen.extend_from_slice(b"\nAnn, your turn. Top card: G8\nYour hand: Y6 R7\n> ");
        }
        assert_eq!(answered, MAX_ANSWERS);
    }
}
