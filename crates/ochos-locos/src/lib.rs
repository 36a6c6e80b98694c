//! Ochos Locos, a Crazy-Eights-like card game, in the seven rule sets of two
//! assignments (CSCI 1110, Winter 2020): Assignment 2, Problems 1–4, and Assignment 4,
//! Parts I–III.
//!
//! TODO: full crate documentation.

pub mod deal;
pub mod game;
pub mod player;
pub mod render;
pub mod rules;
pub mod strategy;

pub use deal::Deal;
pub use game::{Game, NoWinner, Outcome, Play, Turn};
pub use player::Player;
pub use rules::{Rules, Variant};
pub use strategy::Strategy;
