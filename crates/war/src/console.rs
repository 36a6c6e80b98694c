//! The interactive game (the assignment's user interface): show the hands, then after
//! each battle ask for Enter (one more battle), a number (that many) or `q` (quit).
//! `--auto` and `--quiet` run the same loop without asking.

use std::fmt;
use std::io::{self, BufRead, Write};

use cards_core::console::Console;
use rand::Rng;

use crate::game::{Game, Outcome};
use crate::render::{render_events, render_hands, render_summary};

/// The question asked between battles.
pub const PROMPT: &str = "Enter: one battle, a number: that many, q: quit > ";

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

/// How a console session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The game was played to its end.
    Over(Outcome),
    /// The player typed `q`.
    Quit,
    /// The input ended before the game: treated as `q` (the summary is printed), but the
    /// binary exits with status 1, as every game of the workspace does when its input is
    /// cut short, so scripts can tell a deliberate quit from a truncated one.
    EndOfInput,
}

/// An accepted answer to [`PROMPT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Play at least this many battles (wars may add more).
    Battles(u64),
    /// Stop the game.
    Quit,
}

/// A refused answer; displays as the one-line message the console shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("Please press Enter for one battle, type a number of battles (1 or more), or q to quit.")]
pub struct Refusal;

/// Reads an answer: empty (Enter) is one battle, a positive whole number is that many
/// battles, `q` or `quit` (any case) quits. Surrounding blanks are ignored.
pub fn parse_answer(text: &str) -> Result<Answer, Refusal> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Answer::Battles(1));
    }
    if text.eq_ignore_ascii_case("q") || text.eq_ignore_ascii_case("quit") {
        return Ok(Answer::Quit);
    }
    match text.parse::<u64>() {
        Ok(count) if count > 0 => Ok(Answer::Battles(count)),
        _ => Err(Refusal),
    }
}

/// Plays `game` on `console` in `mode` and prints the summary at the end.
pub fn play<R, W, G>(
    game: &mut Game,
    rng: &mut G,
    console: &mut Console<R, W>,
    mode: Mode,
) -> io::Result<Ending>
where
    R: BufRead,
    W: Write,
    G: Rng + ?Sized,
{
    let mut text = String::new();
    let mut events = Vec::new();
    if mode != Mode::Quiet {
        text.push_str("Initial hands:\n");
        render_hands(game, &mut text).map_err(to_io)?;
        console.output().write_all(text.as_bytes())?;
    }
    let ending = loop {
        if let Some(outcome) = game.outcome() {
            break Ending::Over(outcome);
        }
        let wanted = match mode {
            Mode::Quiet => {
                game.play_to_end(rng);
                continue;
            }
            Mode::Auto => u64::MAX,
            Mode::Interactive => match console.ask(PROMPT, parse_answer)? {
                Some(Answer::Battles(count)) => count,
                Some(Answer::Quit) => break Ending::Quit,
                None => {
                    // The prompt left the cursor on its line.
                    writeln!(console.output())?;
                    break Ending::EndOfInput;
                }
            },
        };
        let mut fought = 0;
        while fought < wanted && !game.is_over() {
            events.clear();
            let Ok(summary) = game.play_battle(rng, |event| events.push(event)) else {
                break;
            };
            fought += summary.battles;
            text.clear();
            render_events(&events, &mut text).map_err(to_io)?;
            render_hands(game, &mut text).map_err(to_io)?;
            console.output().write_all(text.as_bytes())?;
        }
    };
    text.clear();
    if mode != Mode::Quiet {
        text.push('\n');
    }
    let outcome = match ending {
        Ending::Over(outcome) => Some(outcome),
        Ending::Quit | Ending::EndOfInput => None,
    };
    render_summary(game, outcome, &mut text).map_err(to_io)?;
    let out = console.output();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ending)
}

fn to_io(error: fmt::Error) -> io::Error {
    io::Error::other(error)
}
