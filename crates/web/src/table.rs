//! One game as the server holds it, whichever of the four: the one enum of live games
//! ([`Live`] of each game's face), so that a session is one type. Every method is the
//! same call on each variant (`each!`); the games differ only in their faces.

use cards_core::face::Face;
use cards_core::replay::{MAX_STEPS, Recording, record};
use serde_json::{Map, Value};

use crate::error::ApiError;
use crate::games::live::Live;
use crate::games::{Entry, Snapshot, Tape};
use crate::kind::Kind;

/// One game as the server holds it, boxed: the games' sizes differ tenfold (Ochos
/// Locos' deck and War's table are inline arrays, Quattro's hands keep counts), and the
/// server holds thousands of tables, so each holds a pointer rather than the largest.
#[derive(Clone, Debug)]
pub enum Table {
    /// Ochos Locos.
    OchosLocos(Box<Live<ochos_locos::Game>>),
    /// Quattro.
    Quattro(Box<Live<quattro::Game>>),
    /// War.
    War(Box<Live<war::Game>>),
    /// Pig.
    Pig(Box<Live<pig::Game>>),
}

/// `$body` with `$live` bound to the table's game, whichever it is.
macro_rules! each {
    ($table:expr, $live:ident => $body:expr) => {
        match $table {
            Table::OchosLocos($live) => $body,
            Table::Quattro($live) => $body,
            Table::War($live) => $body,
            Table::Pig($live) => $body,
        }
    };
}

impl Table {
    /// A new game of `kind` from a start request's `options` and `seed`, and its first
    /// lines.
    pub fn start(
        kind: Kind,
        options: &Map<String, Value>,
        seed: u64,
    ) -> Result<(Table, Vec<Entry>), ApiError> {
        Ok(match kind {
            Kind::OchosLocos => {
                let (live, log) = Live::new(options, seed)?;
                (Table::OchosLocos(Box::new(live)), log)
            }
            Kind::Quattro => {
                let (live, log) = Live::new(options, seed)?;
                (Table::Quattro(Box::new(live)), log)
            }
            Kind::War => {
                let (live, log) = Live::new(options, seed)?;
                (Table::War(Box::new(live)), log)
            }
            Kind::Pig => {
                let (live, log) = Live::new(&pig_options(options)?, seed)?;
                (Table::Pig(Box::new(live)), log)
            }
        })
    }

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
        each!(self, live => live.snapshot())
    }

    /// Carries out the page's action; on a refusal the game is unchanged.
    pub fn act(&mut self, action: &Value) -> Result<Vec<Entry>, ApiError> {
        each!(self, live => live.act(action))
    }

    /// The options part of the replay address.
    pub fn replay_query(&self) -> String {
        each!(self, live => live.replay_query())
    }

    /// The game's recording: its start, `seed` and every seat's action (in the
    /// workspace's one format, the file `GAME replay FILE` reads).
    pub fn recording(&self, seed: u64) -> Result<Recording, ApiError> {
        each!(self, live => recording_of(live.tape(), seed))
    }
}

/// The goals a Pig game on the page may have: each rule set's solved table for a goal
/// is kept once solved (for the optimal Computer), so the goals are few.
pub const PIG_GOALS: [u32; 4] = [20, 30, 50, 100];

/// Pig's options as the page plays them: the assignment's Computer, `hold:20`, unless
/// another is named (as at the command line: the optimal one is the strong opponent a
/// player picks), and a goal of [`PIG_GOALS`]. Named here rather than left to the game,
/// so that the replay address says which Computer was played.
fn pig_options(options: &Map<String, Value>) -> Result<Map<String, Value>, ApiError> {
    let mut options = options.clone();
    let goal = crate::games::Options(&options).number("goal")?;
    if let Some(goal) = goal
        && !PIG_GOALS.iter().any(|&g| u64::from(g) == goal)
    {
        return Err(ApiError::malformed(format!(
            "goal {goal}: the page plays to 20, 30, 50 or 100"
        )));
    }
    options
        .entry("computer")
        .or_insert_with(|| Value::from("hold:20"));
    Ok(options)
}

/// A tape written as a recording, unless the game outgrew what a recording holds.
fn recording_of<G: Face>(tape: &Tape<G>, seed: u64) -> Result<Recording, ApiError> {
    if tape.overflowed {
        return Err(ApiError::illegal(format!(
            "this game went on for more than {MAX_STEPS} actions: too long to record"
        )));
    }
    record(&tape.start, seed, &tape.actions).map_err(|e| ApiError::internal(e.to_string()))
}
