//! One game as the server holds it, whichever of the four: what the server asks of a
//! game (its view, an action, its replay address, its recording) without naming the
//! game. Above the games' modules, below the server and the replays.

use cards_core::replay::{MAX_STEPS, Recorded, Recording};
use serde_json::Value;

use crate::error::ApiError;
use crate::games::ochos::Ochos;
use crate::games::pig::Pig;
use crate::games::quattro::Quattro;
use crate::games::war::War;
use crate::games::{Entry, Snapshot, Tape};
use crate::kind::Kind;

/// One game as the server holds it.
#[derive(Clone, Debug)]
pub enum Table {
    /// Ochos Locos.
    OchosLocos(Ochos),
    /// Quattro, boxed: a Quattro game (its hands and each hand's counts) is the largest, and the
    /// server holds thousands of tables.
    Quattro(Box<Quattro>),
    /// War.
    War(War),
    /// Pig.
    Pig(Pig),
}

impl Table {
    /// Which game this is.
    pub fn kind(&self) -> Kind {
        match self {
            Table::OchosLocos(_) => Kind::OchosLocos,
            Table::Quattro(_) => Kind::Quattro,
            Table::War(_) => Kind::War,
            Table::Pig(_) => Kind::Pig,
        }
    }

    /// What the page's seat may see now.
    pub fn snapshot(&self) -> Result<Snapshot, ApiError> {
        match self {
            Table::OchosLocos(g) => g.snapshot(),
            Table::Quattro(g) => g.snapshot(),
            Table::War(g) => g.snapshot(),
            Table::Pig(g) => g.snapshot(),
        }
    }

    /// Carries out the page's action; on a refusal the game is unchanged.
    pub fn act(&mut self, action: &Value) -> Result<Vec<Entry>, ApiError> {
        if !action.is_object() {
            return Err(ApiError::malformed(
                "an action is a JSON object, like {\"type\": \"draw\"}",
            ));
        }
        match self {
            Table::OchosLocos(g) => g.act(action),
            Table::Quattro(g) => g.act(action),
            Table::War(g) => g.act(action),
            Table::Pig(g) => g.act(action),
        }
    }

    /// The options part of the replay address.
    pub fn replay_query(&self) -> String {
        match self {
            Table::OchosLocos(g) => g.replay_query(),
            Table::Quattro(g) => g.replay_query(),
            Table::War(g) => g.replay_query(),
            Table::Pig(g) => g.replay_query(),
        }
    }

    /// The game's recording: its start, `seed` and every seat's action (in the
    /// workspace's one format, the file `GAME replay FILE` reads).
    pub fn recording(&self, seed: u64) -> Result<Recording, ApiError> {
        match self {
            Table::OchosLocos(g) => recording_of(g.tape(), seed),
            Table::Quattro(g) => recording_of(g.tape(), seed),
            Table::War(g) => recording_of(g.tape(), seed),
            Table::Pig(g) => recording_of(g.tape(), seed),
        }
    }
}

/// A tape written as a recording, unless the game outgrew what a recording holds.
fn recording_of<G: Recorded>(tape: &Tape<G>, seed: u64) -> Result<Recording, ApiError> {
    if tape.overflowed {
        return Err(ApiError::illegal(format!(
            "this game went on for more than {MAX_STEPS} actions: too long to record"
        )));
    }
    Ok(G::recording(&tape.start, seed, &tape.actions))
}
