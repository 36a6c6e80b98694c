//! What a seat may do on its turn ([`Action`]): lay a card, naming a colour with an 8,
//! or draw. The game ([`crate::game`]) lists and applies actions; a strategy
//! ([`crate::strategy`]) or a person chooses one.

use serde::{Deserialize, Serialize};

use crate::card::{Color, ColorCard};

/// What a seat may do on its turn. Its serde shape is the web page's action object:
/// `{"type": "play", "card": "B8", "colour": "G"}` (the colour as a letter or a name, in
/// any case), `{"type": "draw"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Lay `card` from the hand; `chosen` names the colour to follow after an 8 under the
    /// 8-card or Loco rule (and only then: never for a winning 8, the last card).
    Play {
        /// The card laid.
        #[serde(with = "cards_core::face::text")]
        card: ColorCard,
        /// The colour named with an 8.
        #[serde(
            rename = "colour",
            with = "cards_core::face::text::option",
            default,
            skip_serializing_if = "Option::is_none"
        )]
        chosen: Option<Color>,
    },
    /// Draw: one card; facing a fresh 2 under the Rule of Two, the penalty; with an empty
    /// deck, a pass. Legal only when no card may be played.
    Draw,
}
