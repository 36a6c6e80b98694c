//! A session at the terminal, written down (with the `clap` and `replay` features, for
//! the binaries): the `--record FILE` of every game, and the seeds of `Play again?`.
//!
//! Each game of a session gets a seed of its own: the first is the session's (given with
//! `--seed` or announced), each later one is drawn from it ([`SessionSeeds`]) and
//! announced as `PROGRAM: game N: seed S (replay with --seed S)`, so that every game
//! replays alone. With `--record FILE`, game 1 is written to FILE and game N to FILE
//! with `-N` before its extension ([`numbered_path`]); each file is created before its
//! game starts (a file that cannot be written plays nothing) and written whatever the
//! game's end, a quit or an error included, so that nothing played is lost.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::cli::warn;
use crate::face::Face;
use crate::protocol::Tape;
use crate::replay::{MAX_STEPS, numbered_path, record};
use crate::rng::SessionSeeds;

/// A `--record` file that could not be created or written: `PATH: ERROR` on one line.
#[derive(Debug, thiserror::Error)]
#[error("{}: {error}", path.display())]
pub struct RecordError {
    /// The file.
    pub path: PathBuf,
    /// Why.
    pub error: io::Error,
}

/// The games of one session at the terminal, their seeds and their `--record` files.
#[derive(Debug)]
pub struct Recorder {
    program: &'static str,
    /// `--record`'s path.
    path: Option<PathBuf>,
    /// The file of the game being played, created before it starts.
    file: Option<(PathBuf, File)>,
    /// The number of the game being played, from 1.
    number: u64,
    seed: u64,
    seeds: SessionSeeds,
}

impl Recorder {
    /// The session of `program` whose first game has `seed`, recording to `path` if
    /// given: its file is created now, before anything is played.
    pub fn new(
        program: &'static str,
        path: Option<&Path>,
        seed: u64,
    ) -> Result<Recorder, RecordError> {
        Ok(Recorder {
            program,
            path: path.map(Path::to_owned),
            file: path.map(create).transpose()?,
            number: 1,
            seed,
            seeds: SessionSeeds::new(seed),
        })
    }

    /// The seed of the game being played.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The number of the game being played, from 1.
    pub fn number(&self) -> u64 {
        self.number
    }

    /// Writes the game on `tape` to its `--record` file, if there is one. A game longer
    /// than a replay keeps ([`MAX_STEPS`]) is written all the same, and said so.
    pub fn ended<G: Face>(&mut self, tape: &Tape<G>) -> Result<(), RecordError> {
        let Some((path, mut file)) = self.file.take() else {
            return Ok(());
        };
        let recording =
            record(&tape.start, self.seed, &tape.actions).map_err(|error| RecordError {
                path: path.clone(),
                error: io::Error::other(error.to_string()),
            })?;
        file.write_all(recording.to_json().as_bytes())
            .map_err(|error| RecordError {
                path: path.clone(),
                error,
            })?;
        let positions = tape.steps + 1;
        if positions > MAX_STEPS {
            warn(
                self.program,
                format_args!(
                    "{}: the game has {positions} positions, more than `{} replay` keeps ({MAX_STEPS})",
                    path.display(),
                    self.program
                ),
            );
        }
        Ok(())
    }

    /// The next game is asked for (`Play again?`): its seed, drawn and announced, and
    /// its `--record` file, created. Returns the seed.
    pub fn next_game(&mut self) -> Result<u64, RecordError> {
        self.number += 1;
        self.seed = self.seeds.next_seed();
        let (number, seed) = (self.number, self.seed);
        warn(
            self.program,
            format_args!("game {number}: seed {seed} (replay with --seed {seed})"),
        );
        if let Some(path) = &self.path {
            self.file = Some(create(&numbered_path(path, number))?);
        }
        Ok(seed)
    }

    /// A session that ended before its first game was played (at a name question): the
    /// `--record` file, created empty, is taken away again (unless it is no regular
    /// file, such as `/dev/null`).
    pub fn discard(mut self) {
        let Some((path, file)) = self.file.take() else {
            return;
        };
        let empty_file = file
            .metadata()
            .is_ok_and(|metadata| metadata.is_file() && metadata.len() == 0);
        drop(file);
        if empty_file {
            // A file that cannot be removed stays empty: nothing was played either way.
            let _ = std::fs::remove_file(&path);
        }
    }
}

fn create(path: &Path) -> Result<(PathBuf, File), RecordError> {
    File::create(path)
        .map(|file| (path.to_owned(), file))
        .map_err(|error| RecordError {
            path: path.to_owned(),
            error,
        })
}

/// Why `GAME replay FILE` showed nothing, or stopped: each displays on one line.
#[derive(Debug, thiserror::Error)]
pub enum ReplayFileError {
    /// The file could not be read (or is too large).
    #[error(transparent)]
    Read(#[from] crate::input::InputError),
    /// The file is no recording of this game, or does not replay.
    #[error("{}: {error}", path.display())]
    Replay {
        /// The file.
        path: PathBuf,
        /// Why.
        error: crate::replay::ReplayError,
    },
    /// Standard input or output failed (a closed pipe, commands that are not commands).
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// `GAME replay FILE`: reads the recording at `path` (within the workspace's size
/// limit), plays it again whole before anything is shown (so a bad file shows nothing),
/// then steps through it with the commands of `input`, each position written to `out` by
/// `show` (the game's own console text).
pub fn replay_file<G, R, W, F>(
    path: &Path,
    input: R,
    out: &mut W,
    show: F,
) -> Result<(), ReplayFileError>
where
    G: Face,
    R: io::BufRead,
    W: Write,
    F: FnMut(&crate::replay::Frame<G>, &mut W) -> io::Result<()>,
{
    let text = crate::input::read_file(path)?;
    let frames = crate::replay::Recording::from_json(&text, G::NAME)
        .and_then(|recording| crate::replay::play_back::<G>(&recording))
        .map_err(|error| ReplayFileError::Replay {
            path: path.to_owned(),
            error,
        })?;
    crate::replay::step_through(&frames, input, out, show)?;
    out.flush()?;
    Ok(())
}
