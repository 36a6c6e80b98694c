//! A finished game written down so that it can be stepped through again: the recorded
//! game file of `GAME --record FILE` and `GAME replay FILE`, one format for the four
//! games (see `docs/replay.md`).
//!
//! A recording holds what rebuilds the game, never the game itself: the game's name, the
//! options the game was built from (rule set, players, goal… as the game's own words),
//! the seed its chance outcomes were drawn from, and the seats' actions, each as the
//! short token the game's own parser reads back. Replaying draws chance from the seed
//! again and applies each action with the protocol ([`GameState::apply`]), so a file
//! can never make a game do what its rules refuse: an action that is not legal at its
//! step is an error naming the step and the token.

use serde::{Deserialize, Serialize};

use crate::console::MAX_REFUSALS;
use crate::face::{Face, options_of, setup_of};
use crate::input::quoted;
use crate::protocol::{Actor, ChanceSource, GameState, Step};
use crate::rng::rng_from_seed;

/// The value of [`Recording::format`] this version writes and reads.
pub const FORMAT: &str = "cards-replay 1";

/// The most steps (actions and chance outcomes) a replay keeps: every position is kept
/// for stepping back, so a file that never lets its game end (Pig's holds of no points,
/// one after the other) must not fill memory. Far beyond any game a person plays, and
/// above the longest game the binaries play by default: a War that runs to its cap of
/// 100 000 battles with shuffled returns is 200 002 positions (the start, the deal, and
/// a battle then its take, each battle).
pub const MAX_STEPS: usize = 250_000;

/// A recorded game: everything needed to play it again, step by step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recording {
    /// Always [`FORMAT`]: a file of another format (or version) is refused, not guessed.
    pub format: String,
    /// The game, as its binary is named: `ochos-locos`, `quattro`, `war`, `pig`.
    pub game: String,
    /// The options that rebuild the game, in the game's own words (`completos`,
    /// `players 4`…); each game documents its own.
    pub options: Vec<String>,
    /// The seed every chance outcome (shuffle, deal, roll) was drawn from, as a string
    /// of digits (JSON numbers lose precision above 2^53 in JavaScript and jq).
    #[serde(with = "crate::rng::seed_string")]
    pub seed: u64,
    /// The seats' actions in the order they were taken, each as a token the game's
    /// parser reads (`r`, `h`, `Y7`, `d`…).
    pub actions: Vec<String>,
}

/// Why a recorded game could not be read or replayed. Each displays on one line.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The file is not a recording (bad JSON, a missing or unknown field).
    #[error("not a recorded game: {0}")]
    Malformed(String),
    /// The file is a recording of another format version.
    #[error("recorded game format `{}` is not {FORMAT:?}", quoted(.0))]
    Format(String),
    /// The file records another game.
    #[error("this is a recorded game of `{}`, not of {expected}", quoted(.found))]
    WrongGame {
        /// The game this binary plays.
        expected: &'static str,
        /// The game the file names.
        found: String,
    },
    /// The options do not rebuild a game.
    #[error("options: {0}")]
    Options(String),
    /// An action is not one the game can read, or not legal at its step.
    #[error("step {step}: `{}`: {message}", quoted(.token))]
    Step {
        /// 1-based number of the action in [`Recording::actions`].
        step: usize,
        /// The recorded token.
        token: String,
        /// What is wrong with it.
        message: String,
    },
    /// The game goes on for more than [`MAX_STEPS`] steps.
    #[error("the recorded game is longer than {MAX_STEPS} steps: no game a person played")]
    TooLong,
    /// The game broke a rule of the protocol while replaying (a bug, not a bad file).
    #[error("broken invariant: {0}")]
    Invariant(String),
}

impl Recording {
    /// A recording of `game` with these options and seed and no actions yet.
    pub fn new(game: &str, options: Vec<String>, seed: u64) -> Recording {
        Recording {
            format: FORMAT.to_owned(),
            game: game.to_owned(),
            options,
            seed,
            actions: Vec::new(),
        }
    }

    /// The recording as JSON, pretty-printed, ending with a newline.
    pub fn to_json(&self) -> String {
        // A struct of strings always serializes; the fallback is never taken.
        let mut json = serde_json::to_string_pretty(self).unwrap_or_default();
        json.push('\n');
        json
    }

    /// Reads a recording of `game` from JSON text, checking its format and game.
    pub fn from_json(text: &str, game: &'static str) -> Result<Recording, ReplayError> {
        let recording: Recording = serde_json::from_str(text)
            .map_err(|error| ReplayError::Malformed(error.to_string()))?;
        if recording.format != FORMAT {
            return Err(ReplayError::Format(recording.format));
        }
        if recording.game != game {
            return Err(ReplayError::WrongGame {
                expected: game,
                found: recording.game,
            });
        }
        Ok(recording)
    }
}

/// The recording of the game of `G` that started as `start`, its chance drawn from
/// `seed`, with these actions: its setup as `key=value` options ([`options_of`]), each
/// action as its token.
pub fn record<G: Face>(
    start: &G,
    seed: u64,
    actions: &[G::Action],
) -> Result<Recording, ReplayError> {
    let options = options_of(&start.setup()).map_err(ReplayError::Invariant)?;
    let mut recording = Recording::new(G::NAME, options, seed);
    recording.actions = actions.iter().map(G::token).collect();
    Ok(recording)
}

/// Plays a recording of `G` (already read) again: every position, for stepping through.
/// Its options are read as `G`'s setup ([`setup_of`]); the game is started from it with
/// the recording's seed, and each action read by [`Face::parse_token`].
pub fn play_back<G: Face>(recording: &Recording) -> Result<Vec<Frame<G>>, ReplayError> {
    if recording.game != G::NAME {
        return Err(ReplayError::WrongGame {
            expected: G::NAME,
            found: recording.game.clone(),
        });
    }
    let setup = setup_of::<G::Setup>(&recording.options).map_err(ReplayError::Options)?;
    let start = G::start(&setup, None, recording.seed).map_err(ReplayError::Options)?;
    // A recording names every option its game writes (the rules, the players, …): one
    // left out would replay another game (Pig's other dice) as if it were this one,
    // silently; a web request may leave them to their defaults, a recording may not.
    let written = options_of(&start.setup()).map_err(ReplayError::Invariant)?;
    let key = |option: &str| -> String {
        option
            .split_once('=')
            .map_or(option, |(key, _)| key)
            .to_owned()
    };
    let given: Vec<String> = recording.options.iter().map(|o| key(o)).collect();
    let keys: Vec<String> = written.iter().map(|o| key(o)).collect();
    let missing: Vec<&str> = keys
        .iter()
        .filter(|k| !given.contains(k))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() {
        return Err(ReplayError::Options(format!(
            "`{}` missing: a recording of {} names {}",
            missing.join("`, `"),
            G::NAME,
            keys.join(", ")
        )));
    }
    replay(start, recording, |state, token| state.parse_token(token))
}

/// One position of a replay: the game after a step, the step and its events.
#[derive(Clone, Debug)]
pub struct Frame<G: GameState> {
    /// The game after the step.
    pub state: G,
    /// The step (`None` for the first frame, the game before anything happened).
    pub step: Option<Step<G::Action, G::Chance>>,
    /// What happened in the step.
    pub events: Vec<G::Event>,
}

/// Plays a recording again from `game` (built from the recording's options): chance
/// from the recording's seed, each action read by `parse` and applied with the protocol.
/// Returns every position, the start first and the end last, for stepping through.
///
/// An action the parser refuses, or that is not among the legal actions at its step, is
/// an error naming the step and the token; so is an action left after the game is over.
/// A recording whose actions stop before the game is over (a game quit, or whose input
/// ended) replays up to the turn where it stopped: its last frame's game is not over.
pub fn replay<G, P>(
    game: G,
    recording: &Recording,
    mut parse: P,
) -> Result<Vec<Frame<G>>, ReplayError>
where
    G: GameState + Clone,
    P: FnMut(&G, &str) -> Result<G::Action, String>,
{
    let mut chance = ChanceSource::seeded(rng_from_seed(recording.seed));
    let mut state = game;
    let mut frames = vec![Frame {
        state: state.clone(),
        step: None,
        events: Vec::new(),
    }];
    let mut actions = recording.actions.iter().enumerate();
    let mut legal = Vec::new();
    if recording.actions.len() > MAX_STEPS {
        return Err(ReplayError::TooLong);
    }
    loop {
        if frames.len() > MAX_STEPS {
            return Err(ReplayError::TooLong);
        }
        let mut events = Vec::new();
        let step = match state.actor() {
            Actor::Over => break,
            Actor::Chance => {
                let outcome = chance
                    .apply(&mut state, &mut events)
                    .map_err(|error| ReplayError::Invariant(error.to_string()))?;
                Step::Chance(outcome)
            }
            Actor::Seat(seat) => {
                let Some((index, token)) = actions.next() else {
                    break;
                };
                let step_error = |message: String| ReplayError::Step {
                    step: index + 1,
                    token: token.clone(),
                    message,
                };
                let action = parse(&state, token).map_err(step_error)?;
                state.legal_actions(&mut legal);
                if !legal.contains(&action) {
                    return Err(step_error("not a legal action at this step".to_owned()));
                }
                state
                    .apply(action, &mut events)
                    .map_err(|error| step_error(error.to_string()))?;
                Step::Action { seat, action }
            }
        };
        frames.push(Frame {
            state: state.clone(),
            step: Some(step),
            events,
        });
    }
    if let Some((index, token)) = actions.next() {
        return Err(ReplayError::Step {
            step: index + 1,
            token: token.clone(),
            message: "the game is already over".to_owned(),
        });
    }
    Ok(frames)
}

/// The file of game `number` of a session recorded to `path` (`--record FILE` where
/// `Play again?` follows a game): `path` itself for game 1, then the number before the
/// extension (`game.json`: `game-2.json`; `game`: `game-2`).
pub fn numbered_path(path: &std::path::Path, number: u64) -> std::path::PathBuf {
    if number == 1 {
        return path.to_owned();
    }
    let mut name = path.file_stem().unwrap_or_default().to_owned();
    name.push(format!("-{number}"));
    if let Some(extension) = path.extension() {
        name.push(".");
        name.push(extension);
    }
    path.with_file_name(name)
}

/// Input that is not a person's commands: [`MAX_REFUSALS`] commands in a row moved
/// nowhere (the inner error of the [`std::io::ErrorKind::InvalidInput`] that
/// [`step_through`] ends with).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the input is not commands: {MAX_REFUSALS} commands in a row moved nowhere")]
pub struct EndlessCommands;

/// What the step-through prompt says, at every step.
pub const VIEWER_PROMPT: &str = "[Enter/n next, b back, s start, e end, q quit]";

/// What `?` (or `h`, `help`) at the replay prompt answers.
pub const VIEWER_HELP: &str = "Enter or n: the next step; b or p: the step before; s: the \
                               start; e: the end; q: quit (any case).";

/// Steps through `frames` at the console: shows the first, then reads a command a line
/// (Enter or `n` forward, `b` or `p` back, `s` to the start, `e` to the end, `q` to quit,
/// any case) and shows the position it leads to, until `q` or the end of the input
/// (after which the prompt's line is ended, so a piped transcript ends with a whole line).
/// `show` writes one position: what happened in its step and whose turn it is.
///
/// A command that is none of these (or not text) is answered with a line saying so and
/// the prompt again; moving past either end stays there and says so. After
/// [`MAX_REFUSALS`] commands in a row that move nowhere (refused, past an end, or `?`),
/// the input is not a person's (`yes x |`, `< /dev/zero`): the viewer stops with
/// [`EndlessCommands`] (an [`std::io::ErrorKind::InvalidInput`]), as a game's console
/// does, rather than print for ever.
pub fn step_through<G, R, W, F>(
    frames: &[Frame<G>],
    mut input: R,
    output: &mut W,
    mut show: F,
) -> std::io::Result<()>
where
    G: GameState,
    R: std::io::BufRead,
    W: std::io::Write,
    F: FnMut(&Frame<G>, &mut W) -> std::io::Result<()>,
{
    use std::io::{BufRead, Read};
    let last = frames.len().saturating_sub(1);
    let mut at = 0usize;
    let mut bytes = Vec::new();
    let mut moved = true;
    let mut idle = 0usize;
    loop {
        if moved {
            idle = 0;
        } else {
            idle += 1;
            if idle >= MAX_REFUSALS {
                writeln!(output)?;
                output.flush()?;
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    EndlessCommands,
                ));
            }
        }
        if let (true, Some(frame)) = (moved, frames.get(at)) {
            writeln!(output, "-- step {at} of {last} --")?;
            show(frame, output)?;
        }
        write!(output, "{VIEWER_PROMPT} ")?;
        output.flush()?;
        bytes.clear();
        // A line is a command of a few letters: a longer one is read no further (its
        // rest is the next command, refused too).
        let read = (&mut input).take(4096).read_until(b'\n', &mut bytes)?;
        if read == 0 {
            writeln!(output)?;
            return Ok(());
        }
        // Bytes that are not UTF-8 are no command: refused like any other.
        let line = String::from_utf8_lossy(&bytes);
        let command = line.trim().to_ascii_lowercase();
        let target = match command.as_str() {
            "" | "n" => at.checked_add(1).filter(|&next| next <= last),
            "b" | "p" => at.checked_sub(1),
            "s" => Some(0),
            "e" => Some(last),
            "q" => {
                writeln!(output)?;
                return Ok(());
            }
            "?" | "h" | "help" => {
                writeln!(output, "{VIEWER_HELP}")?;
                moved = false;
                continue;
            }
            _ => {
                writeln!(
                    output,
                    "`{}` is not a command (? lists them)",
                    quoted(line.trim())
                )?;
                moved = false;
                continue;
            }
        };
        match target {
            Some(next) => {
                at = next;
                moved = true;
            }
            None => {
                let end = if at == 0 { "the start" } else { "the end" };
                writeln!(output, "This is {end} of the game.")?;
                moved = false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{EventSink, Outcome, Seat};
    use rand::{Rng, RngExt};

    /// A toy game for the tests: two seats take turns saying `a` or `b`; chance flips a
    /// coin before each turn, and `b` may be said only after heads; the first `b` wins
    /// for its seat, and the game ends with no winner after four turns.
    #[derive(Clone, Debug, PartialEq)]
    struct Toy {
        turn: usize,
        heads: Option<bool>,
        winner: Option<Option<Seat>>,
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Say {
        A,
        B,
    }

    #[derive(Debug, thiserror::Error)]
    #[error("refused")]
    struct Refused;

    impl GameState for Toy {
        type Action = Say;
        type Chance = bool;
        type Event = String;
        type Observation<'a> = ();
        type NoWinner = &'static str;
        type Error = Refused;
        fn seats(&self) -> usize {
            2
        }
        fn actor(&self) -> Actor {
            match (self.winner, self.heads) {
                (Some(_), _) => Actor::Over,
                (None, None) => Actor::Chance,
                (None, Some(_)) => Actor::Seat(self.turn % 2),
            }
        }
        fn legal_actions(&self, actions: &mut Vec<Say>) {
            actions.clear();
            if let Actor::Seat(_) = self.actor() {
                actions.push(Say::A);
                if self.heads == Some(true) {
                    actions.push(Say::B);
                }
            }
        }
        fn apply<S: EventSink<String>>(
            &mut self,
            action: Say,
            events: &mut S,
        ) -> Result<(), Refused> {
            let Actor::Seat(seat) = self.actor() else {
                return Err(Refused);
            };
            if action == Say::B && self.heads != Some(true) {
                return Err(Refused);
            }
            events.push(format!("{seat} says {action:?}"));
            if action == Say::B && self.heads == Some(true) {
                self.winner = Some(Some(seat));
            } else if self.turn == 3 {
                self.winner = Some(None);
            }
            self.turn += 1;
            self.heads = None;
            Ok(())
        }
        fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<bool, Refused> {
            match self.actor() {
                Actor::Chance => Ok(rng.random_bool(0.5)),
                _ => Err(Refused),
            }
        }
        fn apply_chance<S: EventSink<String>>(
            &mut self,
            heads: &bool,
            events: &mut S,
        ) -> Result<(), Refused> {
            if self.actor() != Actor::Chance {
                return Err(Refused);
            }
            events.push(if *heads { "heads" } else { "tails" }.to_owned());
            self.heads = Some(*heads);
            Ok(())
        }
        fn observe(&self, _seat: Seat) -> Option<()> {
            Some(())
        }
        fn outcome(&self) -> Option<Outcome<&'static str>> {
            self.winner.map(|winner| match winner {
                Some(seat) => Outcome::Winner { seat },
                None => Outcome::NoWinner {
                    reason: "four turns",
                },
            })
        }
    }

    const TOY: Toy = Toy {
        turn: 0,
        heads: None,
        winner: None,
    };

    fn parse(_: &Toy, token: &str) -> Result<Say, String> {
        match token {
            "a" => Ok(Say::A),
            "b" => Ok(Say::B),
            _ => Err("not a or b".to_owned()),
        }
    }

    fn recording(actions: &[&str]) -> Recording {
        let mut recording = Recording::new("toy", vec!["plain".to_owned()], 13537527073888940176);
        recording.actions = actions.iter().map(|&a| a.to_owned()).collect();
        recording
    }

    #[test]
    fn later_games_of_a_session_are_numbered_before_the_extension() {
        use std::path::Path;
        let numbered = |path: &str, n| numbered_path(Path::new(path), n);
        assert_eq!(numbered("game.json", 1), Path::new("game.json"));
        assert_eq!(numbered("game.json", 2), Path::new("game-2.json"));
        assert_eq!(numbered("dir/game.json", 3), Path::new("dir/game-3.json"));
        assert_eq!(numbered("game", 2), Path::new("game-2"));
        assert_eq!(numbered("a.b.json", 12), Path::new("a.b-12.json"));
    }

    #[test]
    fn a_recording_survives_its_json() {
        let recording = recording(&["a", "b", "a"]);
        let json = recording.to_json();
        // The seed is a string: a double could not hold it.
        assert!(
            json.contains("\"seed\": \"13537527073888940176\""),
            "{json}"
        );
        assert_eq!(Recording::from_json(&json, "toy").unwrap(), recording);
    }

    #[test]
    fn a_file_of_another_game_format_or_shape_is_refused_on_one_line() {
        let json = recording(&[]).to_json();
        let other = Recording::from_json(&json, "pig").unwrap_err();
        assert_eq!(
            other.to_string(),
            "this is a recorded game of `toy`, not of pig"
        );
        let version = json.replace("cards-replay 1", "cards-replay 9");
        assert_eq!(
            Recording::from_json(&version, "toy")
                .unwrap_err()
                .to_string(),
            "recorded game format `cards-replay 9` is not \"cards-replay 1\""
        );
        for bad in ["", "{", "[]", "{\"format\":\"cards-replay 1\"}", "\u{0}"] {
            let error = Recording::from_json(bad, "toy").unwrap_err();
            assert!(
                matches!(error, ReplayError::Malformed(_)),
                "{bad:?}: {error:?}"
            );
            assert!(!error.to_string().contains('\n'), "{error}");
        }
        let extra = json.replace("\"format\"", "\"extra\": 1, \"format\"");
        assert!(matches!(
            Recording::from_json(&extra, "toy"),
            Err(ReplayError::Malformed(_))
        ));
    }

    /// Plays the toy with the seed's coins, saying `b` whenever it may, writing the
    /// actions down:
    /// the recording the replay must rebuild.
    fn played(seed: u64) -> (Recording, Vec<String>) {
        let mut chance = ChanceSource::seeded(rng_from_seed(seed));
        let mut game = TOY;
        let mut events = Vec::new();
        let mut recording = Recording::new("toy", Vec::new(), seed);
        loop {
            match game.actor() {
                Actor::Over => break,
                Actor::Chance => {
                    chance.apply(&mut game, &mut events).unwrap();
                }
                Actor::Seat(_) => {
                    let (say, token) = match game.heads {
                        Some(true) => (Say::B, "b"),
                        _ => (Say::A, "a"),
                    };
                    game.apply(say, &mut events).unwrap();
                    recording.actions.push(token.to_owned());
                }
            }
        }
        (recording, events)
    }

    #[test]
    fn a_replay_rebuilds_the_game_step_by_step() {
        for seed in 0..20 {
            let (recording, events) = played(seed);
            let frames = replay(TOY, &recording, parse).unwrap();
            let replayed: Vec<String> = frames.iter().flat_map(|f| f.events.clone()).collect();
            assert_eq!(replayed, events, "seed {seed}");
            assert_eq!(frames[0].state, TOY);
            assert!(frames[0].step.is_none());
            assert_eq!(frames.last().unwrap().state.actor(), Actor::Over);
            // One frame per step: the start, each coin and each action.
            assert_eq!(frames.len(), 1 + events.len());
        }
    }

    #[test]
    fn an_unreadable_action_names_its_step_and_token() {
        let (mut recording, _) = played(3);
        recording.actions[0] = "zz\u{1b}".to_owned();
        assert_eq!(
            replay(TOY, &recording, parse).unwrap_err().to_string(),
            "step 1: `zz\\u{1b}`: not a or b"
        );
    }

    #[test]
    fn an_illegal_action_or_one_too_many_is_refused_and_a_quit_game_replays() {
        // A first turn after tails: `b` there reads, but may not be said.
        let (recording, _) = played_tails_first();
        let mut illegal = recording.clone();
        illegal.actions[0] = "b".to_owned();
        assert_eq!(
            replay(TOY, &illegal, parse).unwrap_err().to_string(),
            "step 1: `b`: not a legal action at this step"
        );

        let mut long = recording.clone();
        long.actions.push("a".to_owned());
        assert_eq!(
            replay(TOY, &long, parse).unwrap_err(),
            ReplayError::Step {
                step: long.actions.len(),
                token: "a".to_owned(),
                message: "the game is already over".to_owned()
            }
        );
        // A game quit after its first action: the start, the coin, the action, the
        // next coin, and then the second seat's turn, where it stopped.
        let mut short = recording;
        short.actions.truncate(1);
        let frames = replay(TOY, &short, parse).unwrap();
        assert_eq!(frames.len(), 4);
        assert_eq!(frames[3].state.actor(), Actor::Seat(1));
    }

    /// A game whose first coin is tails (so its first `b` would be illegal).
    fn played_tails_first() -> (Recording, Vec<String>) {
        (0..64)
            .map(played)
            .find(|(_, events)| events[0] == "tails")
            .unwrap()
    }

    #[test]
    fn the_viewer_steps_forward_back_to_the_start_and_the_end() {
        let (recording, _) = played_tails_first();
        let frames = replay(TOY, &recording, parse).unwrap();
        let last = frames.len() - 1;
        let mut out = Vec::new();
        let show = |frame: &Frame<Toy>, out: &mut Vec<u8>| {
            use std::io::Write;
            writeln!(out, "{}", frame.events.join(", "))
        };
        step_through(
            &frames,
            &b"\nn\nb\nB\nx\n?\ne\nn\ns\nq\nn\n"[..],
            &mut out,
            show,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        let p = VIEWER_PROMPT;
        // Start (no events), tails, the first `a`, back to tails, back to the start,
        // an unknown command, the list of commands, the end, past the end, the start
        // again, then q: the `n` after it is never read.
        let expected = format!(
            "-- step 0 of {last} --\n\n{p} -- step 1 of {last} --\ntails\n\
             {p} -- step 2 of {last} --\n0 says A\n\
             {p} -- step 1 of {last} --\ntails\n\
             {p} -- step 0 of {last} --\n\n\
             {p} `x` is not a command (? lists them)\n\
             {p} Enter or n: the next step; b or p: the step before; s: the start; e: the \
             end; q: quit (any case).\n\
             {p} -- step {last} of {last} --\n{}\n\
             {p} This is the end of the game.\n\
             {p} -- step 0 of {last} --\n\n{p} \n",
            frames[last].events.join(", ")
        );
        assert_eq!(out, expected);
        // The end of the input ends the viewer too, with a whole line.
        let mut out = Vec::new();
        step_through(&frames, &b"b\n"[..], &mut out, show).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("-- step 0 of {last} --\n\n{p} This is the start of the game.\n{p} \n")
        );
    }

    /// `yes x | GAME replay FILE` printed for ever: commands that move nowhere end the
    /// viewer after the consoles' bound, with an error; a move in between starts the count
    /// again, and bytes that are not text are refused like any word.
    #[test]
    fn endless_refused_commands_end_the_viewer() {
        let (recording, _) = played_tails_first();
        let frames = replay(TOY, &recording, parse).unwrap();
        let show = |_: &Frame<Toy>, _: &mut Vec<u8>| Ok(());
        for (input, refusals) in [
            ("x\n".repeat(5000).into_bytes(), "is not a command"),
            (vec![0u8; 4096 * 1100], "is not a command"),
            (b"\xff\n".repeat(5000), "is not a command"),
            ("b\n".repeat(5000).into_bytes(), "This is the start"),
            ("?\n".repeat(5000).into_bytes(), "Enter or n"),
        ] {
            let mut out = Vec::new();
            let error = step_through(&frames, &input[..], &mut out, show).unwrap_err();
            assert_eq!(error.kind(), std::io::ErrorKind::InvalidInput);
            assert_eq!(
                error.to_string(),
                "the input is not commands: 1000 commands in a row moved nowhere"
            );
            let out = String::from_utf8(out).unwrap();
            assert_eq!(out.matches(refusals).count(), MAX_REFUSALS, "{refusals}");
            assert!(out.ends_with('\n'));
        }
        // 999 refusals, a move, 999 more: never 1000 in a row, so the input's end ends it.
        let mut input = "x\n".repeat(MAX_REFUSALS - 1);
        input.push_str("n\n");
        input.push_str(&"x\n".repeat(MAX_REFUSALS - 1));
        let mut out = Vec::new();
        step_through(&frames, input.as_bytes(), &mut out, show).unwrap();
    }
}
