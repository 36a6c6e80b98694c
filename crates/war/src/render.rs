//! Turning a battle's [`Event`]s, the hands and the final tallies into the text the
//! console shows. Pure functions writing into a `fmt::Write`; nothing here does I/O.

use std::fmt::{self, Write};

use cards_core::names::plural;

use crate::game::{Event, Game, Outcome};

/// Writes one battle's events as lines:
///
/// ```text
/// Battle 12: Player 1 plays 9D, Player 2 plays 9S. Player 1 and Player 2 tie: war!
/// War 3 (battle 13): Player 1 lays 3C 4H KD face down and plays 7S, Player 2 lays 5C 8H 2D face down and plays 2C. Player 1 wins and takes 10 cards.
/// ```
pub fn render_events(events: &[Event], out: &mut impl Write) -> fmt::Result {
    let mut lines = Lines::default();
    for &event in events {
        lines.event(event, out)?;
    }
    lines.flush(out)
}

/// Builds the open line; a war's cards are grouped player by player.
#[derive(Default)]
struct Lines {
    line: String,
    /// The player whose face-down cards are being listed.
    laying: Option<usize>,
}

impl Lines {
    fn event(&mut self, event: Event, out: &mut impl Write) -> fmt::Result {
        match event {
            Event::Battle { battle } => {
                self.flush(out)?;
                write!(self.line, "Battle {battle}:")?;
            }
            Event::War { war, battle, .. } => {
                self.flush(out)?;
                match battle {
                    Some(battle) => write!(self.line, "War {war} (battle {battle}):")?,
                    None => write!(self.line, "War {war}:")?,
                }
            }
            Event::FaceDown { seat, card } => {
                if self.laying == Some(seat) {
                    write!(self.line, " {card}")?;
                } else {
                    self.close_laying();
                    self.separator();
                    write!(self.line, "Player {} lays {card}", seat + 1)?;
                    self.laying = Some(seat);
                }
            }
            Event::Played { seat, card } => {
                if self.laying == Some(seat) {
                    write!(self.line, " face down and plays {card}")?;
                    self.laying = None;
                } else {
                    self.close_laying();
                    self.separator();
                    write!(self.line, "Player {} plays {card}", seat + 1)?;
                }
            }
            Event::Tie { seats } => {
                self.close_laying();
                write!(self.line, ". {seats} tie: war!")?;
                self.flush(out)?;
            }
            Event::Out { seat } => {
                self.flush(out)?;
                writeln!(
                    out,
                    "Player {} has no cards left and is out of the game.",
                    seat + 1
                )?;
            }
            Event::Took { seat, cards } => {
                self.close_laying();
                if self.line.is_empty() {
                    writeln!(
                        out,
                        "Player {} takes the {cards} card{} on the table.",
                        seat + 1,
                        plural(cards as u64)
                    )?;
                } else {
                    write!(
                        self.line,
                        ". Player {} wins and takes {cards} card{}.",
                        seat + 1,
                        plural(cards as u64)
                    )?;
                    self.flush(out)?;
                }
            }
            Event::PotLeft { cards } => {
                self.flush(out)?;
                writeln!(
                    out,
                    "Nobody takes the {cards} card{} on the table.",
                    plural(cards as u64)
                )?;
            }
            Event::Dealt | Event::GameOver { .. } => self.flush(out)?,
        }
        Ok(())
    }

    fn separator(&mut self) {
        self.line
            .push_str(if self.line.ends_with(':') { " " } else { ", " });
    }

    fn close_laying(&mut self) {
        if self.laying.take().is_some() {
            self.line.push_str(" face down");
        }
    }

    fn flush(&mut self, out: &mut impl Write) -> fmt::Result {
        self.close_laying();
        if self.line.is_empty() {
            return Ok(());
        }
        if !self.line.ends_with(['.', '!']) {
            self.line.push('.');
        }
        writeln!(out, "{}", self.line)?;
        self.line.clear();
        Ok(())
    }
}

/// Writes every player's hand, one line each (`Player 1 (3 cards): 6C 10H AS`).
pub fn render_hands(game: &Game, out: &mut impl Write) -> fmt::Result {
    for player in game.players() {
        writeln!(out, "{player}")?;
    }
    Ok(())
}

/// Writes the end of a game: the winner if any (or why there is none, `None` meaning the
/// player quit), then the numbers of battles and wars fought.
pub fn render_summary(game: &Game, outcome: Option<Outcome>, out: &mut impl Write) -> fmt::Result {
    match outcome {
        Some(Outcome::Winner { seat }) => writeln!(out, "Player {} wins the game!", seat + 1)?,
        Some(Outcome::NoWinner { reason }) => writeln!(out, "No winner: {reason}.")?,
        None => writeln!(out, "No winner: the game was quit.")?,
    }
    writeln!(out, "Battles fought: {}", game.battles())?;
    writeln!(out, "Wars fought: {}", game.wars())
}
