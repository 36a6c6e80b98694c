//! What a seat may do on its turn ([`Action`]): lay a card, naming a colour with an 8,
//! or draw. The game ([`crate::game`]) lists and applies actions; a strategy
//! ([`crate::strategy`]) or a person chooses one.

use crate::card::{Color, ColorCard};

/// What a seat may do on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Lay `card` from the hand; `chosen` names the colour to follow after an 8 under the
    /// 8-card or Loco rule (and only then: never for a winning 8, the last card).
    Play {
        /// The card laid.
        card: ColorCard,
        /// The colour named with an 8.
        chosen: Option<Color>,
    },
    /// Draw: one card; facing a fresh 2 under the Rule of Two, the penalty; with an empty
    /// deck, a pass. Legal only when no card may be played.
    Draw,
}
