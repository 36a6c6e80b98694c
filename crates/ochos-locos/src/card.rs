//! Assignment 4's `Card` class: a colour (R, Y, G, B) and a number, which the workspace
//! shares as [`ColorCard`] (`"R5".parse()`, `color`, `number`, `matches`,
//! `matches_color`, `matches_number`, `Display`), and the numbers that carry rules.

pub use cards_core::{Color, ColorCard};

/// The number on the cards that carry the 8-card (Loco) rule.
pub const EIGHT: u8 = 8;
/// The number on the cards that carry the 2-card rule.
pub const TWO: u8 = 2;
