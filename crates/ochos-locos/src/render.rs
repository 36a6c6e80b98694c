//! Turning a game's events into the assignments' exact output.
//!
//! Assignment 2 numbers the players and starts with the discard card:
//!
//! ```text
//! 0: B6
//! 1: B2
//! 3: TAKE TWO
//! 3: R8 LOCO Y
//! 2: Y4 (WINNER)
//! ```
//!
//! Assignment 4 shows each player's name and hand after the turn, and a closing line:
//!
//! ```text
//! Bob R8 G4 G8: B8 (G)
//! Carol: Y4
//! Carol is the winner!
//! ```

use std::io::{self, Write};

use crate::deal::Deal;
use crate::game::{Game, NoWinner, Outcome, Play, Turn};
use crate::rules::Variant;

/// How to print a game, beyond what the rule set decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Assignment 4, Part III: print the colour chosen with an 8 in parentheses
    /// (` (G)`), as the text's rule asks. Off reproduces the text's example, which
    /// never does.
    pub announce_colour: bool,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            announce_colour: true,
        }
    }
}

/// Plays `deal` under `variant`'s rules and writes the game to `out`.
pub fn play(
    variant: Variant,
    deal: &Deal,
    style: Style,
    out: &mut impl Write,
) -> io::Result<Outcome> {
    let mut game = deal.to_game(variant);
    if variant.is_assignment_2() {
        writeln!(out, "0: {}", deal.discard)?;
    }
    while let Some(turn) = game.next_play() {
        if variant.is_assignment_2() {
            write_numbered(out, &turn)?;
        } else {
            write_named(out, &game, &turn, style)?;
        }
    }
    // A game under these rules always ends (each turn plays or draws a card, or counts
    // towards a stalemate); a game that stopped otherwise is a bug in the engine.
    let outcome = game
        .outcome()
        .ok_or_else(|| io::Error::other("the game stopped before it ended"))?;
    if !variant.is_assignment_2() {
        match outcome {
            Outcome::Winner { player } => {
                writeln!(out, "{} is the winner!", game.players()[player].name())?;
            }
            Outcome::NoWinner { .. } => writeln!(out, "That was fun!")?,
        }
    }
    Ok(outcome)
}

/// An Assignment 2 line: `N: MOVE`, with ` (WINNER)` or a stalemate line at the end.
fn write_numbered(out: &mut impl Write, turn: &Turn) -> io::Result<()> {
    write!(out, "{}: ", turn.player + 1)?;
    match turn.play {
        Play::Card { card, chosen } => {
            write!(out, "{card}")?;
            if let Some(color) = chosen {
                write!(out, " LOCO {color}")?;
            }
        }
        Play::Draw { .. } => write!(out, "DRAW")?,
        Play::Penalty { .. } => write!(out, "TAKE TWO")?,
    }
    match turn.outcome {
        Some(Outcome::Winner { .. }) => writeln!(out, " (WINNER)"),
        Some(Outcome::NoWinner {
            reason: NoWinner::Stalemate,
        }) => writeln!(out, "\nSTALEMATE (NO WINNER)"),
        _ => writeln!(out),
    }
}

/// An Assignment 4 line: `Name Hand: MOVE`.
fn write_named(out: &mut impl Write, game: &Game, turn: &Turn, style: Style) -> io::Result<()> {
    write!(out, "{}: ", game.players()[turn.player])?;
    match turn.play {
        Play::Card { card, chosen } => {
            write!(out, "{card}")?;
            match chosen {
                Some(color) if style.announce_colour => writeln!(out, " ({color})"),
                _ => writeln!(out),
            }
        }
        Play::Draw { .. } | Play::Penalty { .. } => writeln!(out, "DRAW"),
    }
}
