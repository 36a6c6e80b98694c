//! What the page steps through, as each game draws it: a replay's frame and the trait
//! the four games implement for it ([`Stepped`]). The replays ([`crate::replay`]) play
//! a recording again and ask each frame of the game; the games own how it looks.

use cards_core::protocol::{Actor, GameState, Seat};
use cards_core::replay::Frame;
use serde::Serialize;
use serde_json::Value;

use super::{Entry, OutcomeJson, PlayerJson};
use crate::kind::Kind;

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

/// A game the page can step through: how its positions are drawn. Each of the four
/// games implements it in its module of [`crate::games`].
pub trait Stepped: GameState + Clone + 'static {
    /// Which game this is.
    const KIND: Kind;

    /// What a frame carries over from the ones before it (Pig's last dice, the cards of
    /// War's last battle), as the live game keeps it from one request to the next.
    type Memo: Default;

    /// One frame: the step's lines and the position after it; `reveal` shows every
    /// seat's cards, otherwise only seat 0's.
    fn frame(frame: &Frame<Self>, memo: &mut Self::Memo, reveal: bool) -> FrameJson;

    /// The lines the live page starts a game with, before its first step.
    fn opening(_start: &Self) -> Vec<Entry> {
        Vec::new()
    }

    /// The rules panel of the game (the live page's `rules_text`).
    fn rules_text(start: &Self) -> Vec<String>;
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
        Actor::Seat(seat) => match players.get(seat).map(|p| p.name.as_str()) {
            Some("You") => "Your turn".to_owned(),
            Some(name) => format!("{name} to play"),
            None => format!("seat {seat} to play"),
        },
        Actor::Chance => chance.to_owned(),
        Actor::Over => "The game is over".to_owned(),
    }
}
