//! Turning a game's events into the assignments' exact output: a [`Renderer`] reads
//! the [`Event`]s that the protocol's [`Driver`] hands over, step by step, whoever
//! chooses at the seats.
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

use cards_core::protocol::{ChanceSource, Driver, PlayError, Stop};

use crate::deal::Deal;
use crate::game::{Event, Game, GameError, NoWinner, Outcome, Play, Turn};
use crate::rules::Variant;
use crate::strategy::Strategy;

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

/// Writes a game's events as a rule set prints them.
#[derive(Clone, Copy, Debug)]
pub struct Renderer {
    variant: Variant,
    style: Style,
}

impl Renderer {
    /// A renderer for `variant`'s output.
    pub fn new(variant: Variant, style: Style) -> Renderer {
        Renderer { variant, style }
    }

    /// Writes what `event` shows; `game` is the game just after it.
    pub fn write_event(&self, out: &mut impl Write, game: &Game, event: &Event) -> io::Result<()> {
        let numbered = self.variant.is_assignment_2();
        match event {
            Event::Dealt { discard } if numbered => writeln!(out, "0: {discard}"),
            Event::Dealt { .. } => Ok(()),
            Event::Turn(turn) if numbered => write_numbered(out, turn),
            Event::Turn(turn) => {
                write_named(out, game, turn, self.style)?;
                match turn.outcome {
                    Some(Outcome::Winner { seat }) => {
                        let name = game.players().get(seat).map_or("", |p| p.name());
                        writeln!(out, "{name} is the winner!")
                    }
                    Some(Outcome::NoWinner { .. }) => writeln!(out, "That was fun!"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// Plays `deal` under `variant`'s rules, each seat choosing with its strategy, and writes
/// the game to `out`. A write error stops the game as [`Stop::Io`].
pub fn play(
    variant: Variant,
    deal: &Deal,
    style: Style,
    out: &mut impl Write,
) -> Result<Outcome, PlayError<GameError>> {
    let (mut game, order) = deal
        .table(variant)
        .map_err(|error| PlayError::Refused { seat: None, error })?;
    let mut strategies: Vec<Strategy> = deal.seats.iter().map(|seat| seat.strategy).collect();
    let renderer = Renderer::new(variant, style);
    Driver::new().play(
        &mut game,
        &mut ChanceSource::recorded(vec![order]),
        &mut strategies,
        |game, _, events| {
            for event in events {
                renderer.write_event(out, game, event).map_err(Stop::Io)?;
            }
            Ok(())
        },
    )
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
    if let Some(player) = game.players().get(turn.player) {
        write!(out, "{player}: ")?;
    }
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
