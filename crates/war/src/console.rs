//! The interactive game (the assignment's user interface): show the hands, then after
//! each battle ask for Enter (one more battle), a number (that many) or `q` (quit).
//! The person is the agent ([`Person`]) of the one game loop, `cards_core`'s
//! [`Driver`]; `--auto` and `--quiet` drive the same loop with [`AlwaysBattle`].
//!
//! The person's mode (the prompt) shows the deal's hands, then after each battle the
//! battle and how many cards each player holds ([`render_counts`]); `h` at the prompt
//! shows the whole hands, `?` the rules ([`rules_text`]). [`play`] plays one game, every
//! step written to a [`Tape`] for `--record`; at the end of a game played to its end the
//! `war` binary asks `Play again? (y/n)` ([`AGAIN_PROMPT`]) and deals the next game from
//! a seed of its own ([`SessionSeeds`](cards_core::rng::SessionSeeds)), as Quattro
//! does, so that each game replays alone from `--seed`. `--auto` shows the whole hands
//! after every battle.
//! On a colour terminal ([`Options::style`]) the cards are painted in their suits'
//! colours ([`render_events_in`], in a [`CardStyle`]). With [`Options::assignment`] the prompt shows the game as
//! the assignment describes its screen instead: the updated hands after every battle,
//! the prompt's three options ([`ASSIGNMENT_PROMPT`]) and no `Play again?`, the screen the
//! Java course kit's `Game.main` prints.

use std::fmt;
use std::io::{self, BufRead, Write};

use cards_core::console::{Console, is_quit};
use cards_core::paint::CardStyle;
use cards_core::protocol::{
    Actor, Agent, ChanceSource, Driver, GameState, PlayError, Seat, Stop, Tape,
};

use crate::deck::DeckOrder;
use crate::error::Refusal;
use crate::game::{Action, Event, Game, NoWinner, Observation};
use crate::render::{render_counts, render_events_in, render_hands_in, render_summary, rules_text};
use crate::strategy::AlwaysBattle;

/// The question asked between battles.
pub const PROMPT: &str = "Enter: one battle, a number: that many, h: hands, ?: rules, q: quit > ";

/// The question asked between battles with [`Options::assignment`]: the text's three
/// options only (Enter, a number, `q`).
pub const ASSIGNMENT_PROMPT: &str = "Enter: one battle, a number: that many, q: quit > ";

pub use cards_core::console::AGAIN_PROMPT;

/// How much the console shows and asks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Show every battle and ask between battles (the assignment's game).
    #[default]
    Interactive,
    /// Show every battle, never ask: play to the end.
    Auto,
    /// Show only the final summary.
    Quiet,
}

/// How a console game ended: played to its end, quit, or the input ended (the one
/// type of every game, [`cards_core::console::Ending`]).
pub type Ending = cards_core::console::Ending<NoWinner>;

/// An accepted answer to [`PROMPT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Play this many battles, each with the wars it sets off (whose deciding battles
    /// are counted as battles too, so the count of battles fought may grow by more).
    Battles(u64),
    /// Show every player's whole hand, then ask again.
    Hands,
    /// Show the rules, then ask again.
    Rules,
    /// Stop the game.
    Quit,
}

/// How the console shows a game: what the binary's flags decide.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// How much is shown and asked (`--auto`, `--quiet`).
    pub mode: Mode,
    /// How cards are written: plain, or in their suits' colours at a colour terminal
    /// (`cards_core::cli::stdout_wants_color`).
    pub style: CardStyle,
    /// At the prompt, show the game as the assignment describes its screen ("after a
    /// battle, Game should show the updated hands and prompt the user with three
    /// options"): the whole hands after every battle, [`ASSIGNMENT_PROMPT`], the plain
    /// summary and no `Play again?` (`war --assignment`).
    pub assignment: bool,
    /// At a terminal, the columns a line may take: longer lines of hands are broken
    /// between cards ([`wrapped`]), where the terminal would break a card in two. A pipe
    /// or a file (`None`) gets each hand on one line.
    pub width: Option<usize>,
}

/// The columns of `text` as a terminal shows it: a colour's escape sequence takes none.
fn columns(text: &str) -> usize {
    let mut count = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ parameters, ended by a letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            count += 1;
        }
    }
    count
}

/// `text` with each line longer than `width` columns broken at spaces, each further
/// line indented to where the first line's list starts (after its `: `).
pub fn wrapped(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (line, end) = match line.strip_suffix('\n') {
            Some(line) => (line, "\n"),
            None => (line, ""),
        };
        if columns(line) <= width {
            out.push_str(line);
            out.push_str(end);
            continue;
        }
        let (head, list) = match line.split_once(": ") {
            Some((head, list)) => (format!("{head}:"), list),
            None => (String::new(), line),
        };
        let indent = match columns(&head) + 1 {
            indent if indent + 12 <= width => indent,
            _ => 4,
        };
        let mut used = columns(&head);
        out.push_str(&head);
        for (i, word) in list.split(' ').enumerate() {
            let wide = columns(word);
            let fresh_line = i == 0 && head.is_empty();
            if !fresh_line && used + 1 + wide > width && used > indent {
                out.push('\n');
                out.push_str(&" ".repeat(indent));
                used = indent;
            } else if !fresh_line {
                out.push(' ');
                used += 1;
            }
            out.push_str(word);
            used += wide;
        }
        out.push_str(end);
    }
    out
}

/// A refused answer; displays as the one-line message the console shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "Please press Enter for one battle, type a number of battles (1 or more), h for the \
     hands, ? for the rules, or q to quit."
)]
pub struct BadAnswer;

/// A refused answer at [`ASSIGNMENT_PROMPT`], which offers only the text's three options.
pub const ASSIGNMENT_REFUSAL: &str =
    "Please press Enter for one battle, type a number of battles (1 or more), or q to quit.";

/// Reads an answer: empty (Enter) is one battle, a positive whole number is that many
/// battles, `h` or `hands` shows the hands, `?` the rules, `q` or `quit` (any case)
/// quits. Surrounding blanks are ignored.
// ANCHOR: parse_answer
pub fn parse_answer(text: &str) -> Result<Answer, BadAnswer> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Answer::Battles(1));
    }
    if is_quit(text) {
        return Ok(Answer::Quit);
    }
    if text.eq_ignore_ascii_case("h") || text.eq_ignore_ascii_case("hands") {
        return Ok(Answer::Hands);
    }
    if text == "?" {
        return Ok(Answer::Rules);
    }
    match text.parse::<u64>() {
        Ok(count) if count > 0 => Ok(Answer::Battles(count)),
        // More battles than a u64 counts is a request to play to the end, which comes
        // long before.
        Err(_) if text.bytes().all(|b| b.is_ascii_digit()) => Ok(Answer::Battles(u64::MAX)),
        _ => Err(BadAnswer),
    }
}
// ANCHOR_END: parse_answer

/// The person at the terminal, as the agent of every seat: before a battle they press
/// Enter (one battle), type a number N (this battle and the next N - 1, without being
/// asked again) or `q`. A refused answer is explained and asked again; `q` stops the game
/// with [`Stop::Quit`], the end of input with [`Stop::InputEnded`].
pub struct Person<'c, R, W> {
    console: &'c mut Console<R, W>,
    /// Battles already asked for.
    queued: u64,
    /// What `h` shows: every player's whole hand, as the front end last wrote them.
    pub hands: String,
    /// What `?` shows.
    pub rules: String,
    /// Ask as the assignment's screen does ([`Options::assignment`]): [`ASSIGNMENT_PROMPT`],
    /// and a refusal that names only its three options ([`ASSIGNMENT_REFUSAL`]).
    pub assignment: bool,
}

impl<'c, R: BufRead, W: Write> Person<'c, R, W> {
    /// The person answering on `console`.
    pub fn new(console: &'c mut Console<R, W>) -> Person<'c, R, W> {
        Person {
            console,
            queued: 0,
            hands: String::new(),
            rules: String::new(),
            assignment: false,
        }
    }

    /// Where the game is shown, between the prompts.
    pub fn output(&mut self) -> &mut W {
        self.console.output()
    }
}

// ANCHOR: person
impl<R: BufRead, W: Write> Agent<Game> for Person<'_, R, W> {
    fn choose(
        &mut self,
        _seat: Seat,
        _view: &Observation<'_>,
        legal: &[Action],
    ) -> Result<Action, Stop> {
        let action = legal.first().copied().ok_or(Stop::NoAction)?;
        while self.queued == 0 {
            let answer = match self.assignment {
                false => self.console.ask(PROMPT, parse_answer)?,
                true => self.console.ask(ASSIGNMENT_PROMPT, |text| {
                    parse_answer(text).map_err(|_| ASSIGNMENT_REFUSAL)
                })?,
            };
            match answer {
                Some(Answer::Battles(count)) => self.queued = count,
                Some(Answer::Hands) => self.console.output().write_all(self.hands.as_bytes())?,
                Some(Answer::Rules) => self.console.output().write_all(self.rules.as_bytes())?,
                Some(Answer::Quit) => return Err(Stop::Quit),
                None => {
                    // The prompt left the cursor on its line.
                    writeln!(self.console.output())?;
                    return Err(Stop::InputEnded);
                }
            }
        }
        self.queued = self.queued.saturating_sub(1);
        Ok(action)
    }
}
// ANCHOR_END: person

/// Why a console game stopped other than by its end, a quit or the end of input: an I/O
/// error (`PlayError::Stopped(Stop::Io(_))`), or a bug (a deck that does not fit, a
/// broken invariant); the one type of every game, [`cards_core::console::ConsoleError`].
pub type ConsoleError = cards_core::console::ConsoleError<Refusal>;

/// Plays `game` on `console` as `options` say, with chance outcomes (the deal, the
/// shuffles of won cards) from `chance`, writing every step to `tape` as it is taken
/// (for `--record`: whatever the ending, `tape` holds the game so far), and prints the
/// summary at the end. `Play again?` and the next game are the binary's.
pub fn play<R: BufRead, W: Write>(
    game: &mut Game,
    chance: &mut ChanceSource<DeckOrder>,
    console: &mut Console<R, W>,
    options: &Options,
    tape: &mut Tape<Game>,
) -> Result<Ending, ConsoleError> {
    let Options {
        mode,
        style,
        assignment,
        width,
    } = *options;
    let fit = |text: &str| match width {
        Some(width) => wrapped(text, width),
        None => text.to_owned(),
    };
    let mut driver = Driver::new();
    // The initial hands are those after the deal.
    while game.actor() == Actor::Chance {
        if let Some(step) = driver.step(game, chance, &mut AlwaysBattle)? {
            tape.push(&step);
        }
    }
    let mut text = String::new();
    if mode != Mode::Quiet && !assignment {
        text.push_str(&welcome(game));
    }
    if mode != Mode::Quiet {
        text.push_str("Initial hands:\n");
        render_hands_in(style, game, &mut text).map_err(to_io)?;
        console.output().write_all(fit(&text).as_bytes())?;
    }
    let mut shown = Shown {
        style,
        width,
        ..Shown::default()
    };
    let played = match mode {
        Mode::Quiet => driver.play(game, chance, &mut AlwaysBattle, |_, step, _| {
            tape.push(step);
            Ok(())
        }),
        Mode::Auto => driver.play(game, chance, &mut AlwaysBattle, |game, step, events| {
            tape.push(step);
            shown.step(game, events, console.output()).map_err(Stop::Io)
        }),
        Mode::Interactive => {
            shown.counts = !assignment;
            let mut person = Person::new(console);
            person.rules = rules_text(game.rules());
            person.assignment = assignment;
            loop {
                text.clear();
                render_hands_in(style, game, &mut text).map_err(to_io)?;
                person.hands = fit(&text);
                match driver.step(game, chance, &mut person) {
                    Ok(Some(step)) => {
                        tape.push(&step);
                        shown.step(game, driver.events(), person.output())?;
                    }
                    Ok(None) => {
                        break game
                            .outcome()
                            .ok_or(PlayError::Invariant("the game is over but has no outcome"));
                    }
                    Err(error) => break Err(error),
                }
            }
        }
    };
    let (ending, stopped) = match played {
        Ok(outcome) => (Ending::Over(outcome), None),
        Err(PlayError::Stopped(Stop::Quit)) => (Ending::Quit, Some(Stop::Quit)),
        Err(PlayError::Stopped(Stop::InputEnded)) => (Ending::InputEnded, Some(Stop::InputEnded)),
        Err(error) => return Err(error),
    };
    text.clear();
    if mode != Mode::Quiet {
        text.push('\n');
    }
    render_summary(game, stopped.as_ref(), &mut text).map_err(to_io)?;
    let out = console.output();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ending)
}

/// The first line of a game played at the prompt: which game, who plays, and how a
/// battle goes (the prompt then says what to type).
fn welcome(game: &Game) -> String {
    let players = game.players().len();
    format!(
        "War, {players} players: in each battle every player turns over the top card of\n\
         their pile, and the highest takes the cards on the table; a tie for the highest\n\
         is a war.\n"
    )
}

/// Shows each battle whole, then the hands (or with `counts`, how many cards each
/// player holds): a battle's winner takes the table only once chance has ordered the
/// cards, a step later, so the events wait until the battle ends.
#[derive(Default)]
struct Shown {
    events: Vec<Event>,
    text: String,
    counts: bool,
    style: CardStyle,
    width: Option<usize>,
}

impl Shown {
    fn step(&mut self, game: &Game, events: &[Event], out: &mut impl Write) -> io::Result<()> {
        self.events.extend_from_slice(events);
        if game.actor() == Actor::Chance {
            return Ok(());
        }
        self.text.clear();
        render_events_in(self.style, &self.events, &mut self.text).map_err(to_io)?;
        if self.counts {
            render_counts(game, &mut self.text).map_err(to_io)?;
        } else {
            render_hands_in(self.style, game, &mut self.text).map_err(to_io)?;
        }
        self.events.clear();
        match self.width {
            Some(width) => out.write_all(wrapped(&self.text, width).as_bytes()),
            None => out.write_all(self.text.as_bytes()),
        }
    }
}

fn to_io(error: fmt::Error) -> io::Error {
    io::Error::other(error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;
    use crate::rules::{Rules, WonCardOrder};
    use crate::{Card, Game};

    /// A hand too long for the terminal is broken between cards, never inside one, each
    /// further line indented under the first card; colours take no columns; a short line
    /// and a pipe's text (no width) are left alone.
    #[test]
    fn long_hands_are_broken_between_cards_under_the_first() {
        let line = "Player 1 (6 cards): 7S AS 10H KH 10D 7H\n";
        assert_eq!(
            wrapped(line, 33),
            "Player 1 (6 cards): 7S AS 10H KH\n                    10D 7H\n"
        );
        assert_eq!(wrapped(line, 80), line);
        let red = |code: &str| format!("\x1b[31m{code}\x1b[0m");
        let colored = format!(
            "Player 2 (3 cards): {} {} {}\n",
            red("5D"),
            red("AD"),
            red("2D")
        );
        assert_eq!(columns(colored.trim_end()), 28);
        assert_eq!(wrapped(&colored, 28), colored);
        // Too narrow to indent under the first card: 4 columns.
        assert_eq!(
            wrapped(&colored, 26),
            format!(
                "Player 2 (3 cards): {} {}\n    {}\n",
                red("5D"),
                red("AD"),
                red("2D")
            )
        );
        for line in wrapped("Player 1 (26 cards): 10C 2S", 12).lines() {
            assert!(!line.ends_with(' '), "{line:?}");
        }
    }
    use cards_core::console::NOT_TEXT;
    use pretty_assertions::assert_eq;

    #[test]
    fn answers() {
        let cases = [
            ("", Ok(Answer::Battles(1))),
            ("  ", Ok(Answer::Battles(1))),
            ("5", Ok(Answer::Battles(5))),
            (" 12 ", Ok(Answer::Battles(12))),
            ("q", Ok(Answer::Quit)),
            ("Q", Ok(Answer::Quit)),
            ("quit", Ok(Answer::Quit)),
            ("0", Err(BadAnswer)),
            ("-3", Err(BadAnswer)),
            ("2.5", Err(BadAnswer)),
            ("next", Err(BadAnswer)),
            // More than a u64 holds: to the end of the game.
            ("99999999999999999999999", Ok(Answer::Battles(u64::MAX))),
            ("00000000000000000000000", Err(BadAnswer)),
            ("9999999999999999999999x", Err(BadAnswer)),
        ];
        for (text, want) in cases {
            assert_eq!(parse_answer(text), want, "{text:?}");
        }
    }

    /// Fixed-order games built from piles have no chance node.
    fn no_chance() -> ChanceSource<DeckOrder> {
        ChanceSource::recorded(Vec::new())
    }

    fn small_game() -> Game {
        let hand = |text: &str| -> Vec<Card> {
            text.split_whitespace()
                .map(|c| c.parse().unwrap_or_else(|e| panic!("{c}: {e}")))
                .collect()
        };
        let rules = Rules::default().with_order(WonCardOrder::Fixed);
        Game::from_piles(rules, [hand("AS KC QC"), hand("2D 3D 4D")]).unwrap()
    }

    fn session(input: &str, mode: Mode) -> (Ending, String) {
        session_bytes(input.as_bytes(), mode, true)
    }

    /// [`play`] in `mode`, the cards plain, nothing else asked for.
    fn play_in(
        mode: Mode,
        game: &mut Game,
        chance: &mut ChanceSource<DeckOrder>,
        console: &mut Console<&[u8], Vec<u8>>,
    ) -> Result<Ending, ConsoleError> {
        let options = Options {
            mode,
            ..Options::default()
        };
        let mut tape = Tape::new(game);
        play(game, chance, console, &options, &mut tape)
    }

    fn session_bytes(input: &[u8], mode: Mode, echo: bool) -> (Ending, String) {
        let mut game = small_game();
        let mut console = Console::new(input, Vec::new()).with_echo(echo);
        let ending = play_in(mode, &mut game, &mut no_chance(), &mut console).unwrap();
        (
            ending,
            String::from_utf8_lossy(&console.into_output()).into_owned(),
        )
    }

    #[test]
    fn end_of_input_ends_with_the_summary() {
        let (ending, shown) = session("\n", Mode::Interactive);
        assert_eq!(ending, Ending::InputEnded);
        assert_eq!(
            shown,
            format!(
                "War, 2 players: in each battle every player turns over the top card of\n\
                 their pile, and the highest takes the cards on the table; a tie for the highest\n\
                 is a war.\n\
                 Initial hands:\n\
                 Player 1 (3 cards): AS KC QC\n\
                 Player 2 (3 cards): 2D 3D 4D\n\
                 {PROMPT}\n\
                 Battle 1: Player 1 plays AS, Player 2 plays 2D. Player 1 wins and takes 2 cards.\n\
                 Cards held: Player 1 4, Player 2 2\n\
                 {PROMPT}\n\
                 \n\
                 Battles fought: 1\n\
                 Wars fought: 0\n"
            )
        );
    }

    #[test]
    fn a_number_plays_to_the_end_and_stops_asking() {
        let (ending, shown) = session("bad\n100\nq\n", Mode::Interactive);
        assert_eq!(ending, Ending::Over(Outcome::Winner { seat: 0 }));
        assert!(shown.contains(&format!("{PROMPT}bad\n{BadAnswer}\n{PROMPT}100\n")));
        assert_eq!(
            shown.matches(PROMPT).count(),
            2,
            "no prompt once the game is over"
        );
        // `Play again?` is the binary's (tests/cmd/war/again-no.toml).
        assert!(shown.ends_with(
            "\nPlayer 1 wins the game: every other player ran out of cards!\n\
             Battles fought: 3\nWars fought: 0\n"
        ));
    }

    /// `h` shows the whole hands and `?` the rules, and the same question comes again.
    #[test]
    fn h_shows_the_hands_and_a_question_mark_the_rules() {
        let (ending, shown) = session("\nh\n?\nq\n", Mode::Interactive);
        assert_eq!(ending, Ending::Quit);
        let rules = rules_text(&Rules::default().with_order(WonCardOrder::Fixed));
        assert!(rules.contains("in the order they were put down"), "{rules}");
        assert!(
            shown.contains(&format!(
                "Cards held: Player 1 4, Player 2 2\n\
                 {PROMPT}h\n\
                 Player 1 (4 cards): KC QC AS 2D\n\
                 Player 2 (2 cards): 3D 4D\n\
                 {PROMPT}?\n{rules}{PROMPT}q\n"
            )),
            "{shown}"
        );
    }

    /// A game's tape holds what its recording needs: the game before anything
    /// happened, one action per `Battle N:` line of the transcript (wars are not actions
    /// of their own), and every step, chance's included (here the deal only: fixed-order
    /// takes are no chance step); a quit keeps what was played.
    #[test]
    fn the_tape_holds_the_start_each_battle_and_every_step() {
        let rules = Rules::default().with_order(WonCardOrder::Fixed);
        let order = Game::new(rules)
            .sample_chance(&mut cards_core::rng::rng_from_seed(5))
            .unwrap();
        for (input, ending) in [
            (&b"3\nq\n"[..], Ending::Quit),
            (b"100000\n", Ending::InputEnded),
        ] {
            let mut game = Game::new(rules);
            let mut tape = Tape::new(&game);
            let mut console = Console::new(input, Vec::new());
            let mut chance = ChanceSource::recorded(vec![order]);
            let options = Options::default();
            let played = play(&mut game, &mut chance, &mut console, &options, &mut tape).unwrap();
            let shown = String::from_utf8(console.into_output()).unwrap();
            if ending == Ending::Quit {
                assert_eq!(played, Ending::Quit);
                assert_eq!(tape.actions.len(), 3);
            } else {
                assert!(
                    matches!(played, Ending::Over(_) | Ending::InputEnded),
                    "{played:?}"
                );
            }
            assert_eq!(tape.start, Game::new(rules));
            let battles = shown.matches("Battle ").count();
            assert_eq!(tape.actions.len(), battles, "{shown}");
            assert_eq!(tape.steps, 1 + battles);
        }
    }

    #[test]
    fn an_answer_that_is_not_text_is_refused_and_the_game_goes_on() {
        let (ending, shown) = session_bytes(b"\xff\xfe\n\nq\n", Mode::Interactive, false);
        assert_eq!(ending, Ending::Quit);
        assert!(
            shown.contains(&format!("{PROMPT}{NOT_TEXT}\n{PROMPT}Battle 1: ")),
            "{shown}"
        );
        assert!(
            shown.ends_with("Battles fought: 1\nWars fought: 0\n"),
            "{shown}"
        );
    }

    /// A number N plays N battles with their wars, as N presses of Enter would, even
    /// though each war's deciding battle is counted as a battle too (the assignment:
    /// asking for 100 battles may fight 105).
    #[test]
    fn a_number_plays_that_many_battles_with_their_wars() {
        let hand = |text: &str| -> Vec<Card> {
            text.split_whitespace()
                .map(|c| c.parse().unwrap_or_else(|e| panic!("{c}: {e}")))
                .collect()
        };
        let rules = Rules::default().with_order(WonCardOrder::Fixed);
        let play_with = |input: &str| {
            let mut game = Game::from_piles(
                rules,
                [hand("5C 2C 3C 4C AC 9C 8C"), hand("5D 2D 3D 4D KD 2H 3H")],
            )
            .unwrap();
            let mut console = Console::new(input.as_bytes(), Vec::new());
            let ending =
                play_in(Mode::Interactive, &mut game, &mut no_chance(), &mut console).unwrap();
            let shown = String::from_utf8_lossy(&console.into_output()).into_owned();
            (ending, shown, game.battles())
        };
        let (ending, shown, battles) = play_with("2\nq\n");
        assert_eq!(ending, Ending::Quit);
        assert_eq!(
            (
                shown.matches("Battle ").count(),
                shown.matches("War 1 (battle 2)").count()
            ),
            (2, 1),
            "{shown}"
        );
        assert_eq!(battles, 3, "a war and two battles: three battles fought");
        assert!(shown.contains("Battle 3: Player 1 plays 9C, Player 2 plays 2H."));
        assert_eq!(
            play_with("\n\nq\n").1.replace(PROMPT, ""),
            shown.replace(PROMPT, "")
        );
    }

    #[test]
    fn auto_shows_the_same_as_answering_enter() {
        // The battles are the same; --auto shows the whole hands after each, the prompt
        // how many cards each player holds.
        let (_, auto) = session("", Mode::Auto);
        let (_, enter) = session("\n\n\nn\n", Mode::Interactive);
        let without_prompts = enter
            .replace(&format!("{PROMPT}\n"), "")
            .replace(&format!("{AGAIN_PROMPT}n\n"), "");
        let battles = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|line| !line.starts_with("Player ") && !line.starts_with("Cards held:"))
                .map(str::to_owned)
                .collect()
        };
        assert_eq!(battles(&auto), battles(&without_prompts));
        assert_eq!(
            without_prompts.matches("Cards held:").count(),
            auto.matches("Player 1 (").count() - 1,
            "a count line where --auto shows the hands, after the initial hands"
        );
    }

    #[test]
    fn quiet_shows_only_the_summary() {
        let (ending, shown) = session("", Mode::Quiet);
        assert_eq!(ending, Ending::Over(Outcome::Winner { seat: 0 }));
        assert_eq!(
            shown,
            "Player 1 wins the game: every other player ran out of cards!\nBattles fought: 3\nWars fought: 0\n"
        );
    }
}
