//! What the page steps through: a replay's frame ([`FrameJson`], drawn by
//! [`super::live::frame`] from the game's face) and its status line.

use cards_core::protocol::{Actor, Seat};
use serde::Serialize;
use serde_json::Value;

use super::{Entry, OutcomeJson, PlayerJson};

/// One position of a replay as the page draws it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FrameJson {
    /// The log's lines of this step, worded as the live page words them.
    pub log: Vec<Entry>,
    /// The players in seating order (cards held, points banked).
    pub players: Vec<PlayerJson>,
    /// The seat to act next, if a seat acts.
    pub to_act: Option<Seat>,
    /// The game's public position, in the live page's `view` shape.
    pub view: Value,
    /// Each seat's cards (its hand; in War its face-down pile, top first); `None` for a
    /// seat whose cards are not shown. Empty in Pig.
    pub hands: Vec<Option<Vec<String>>>,
    /// Whose turn it is, what comes next, or how the game ended, in words.
    pub status: String,
    /// How the game ended, in its last frame.
    pub outcome: Option<OutcomeJson>,
}

/// The status line of a position: how the game ended, whose turn it is, or what chance
/// does next (`chance`, in the game's words).
pub fn status(
    actor: Actor,
    outcome: Option<&OutcomeJson>,
    players: &[PlayerJson],
    chance: &str,
) -> String {
    if let Some(outcome) = outcome {
        return outcome.text.clone();
    }
    match actor {
        Actor::Seat(seat) => match players.get(seat) {
            Some(p) if p.plays == "you" || p.name == "You" => "Your turn".to_owned(),
            Some(p) => format!("{} to play", p.name),
            None => format!("seat {seat} to play"),
        },
        Actor::Chance => chance.to_owned(),
        Actor::Over => "The game is over".to_owned(),
    }
}
