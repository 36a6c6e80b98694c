//! The command line: clap's definition, and what each command runs. Only the binary
//! knows clap; the games themselves are played by the library ([`quattro::console`],
//! [`quattro::simulate`]) through the workspace's game loop.

#[cfg(feature = "grade")]
mod grade;

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cards_core::cli::{INPUT_ENDED, finish, is_broken_pipe, parse_game_args, resolve_seed};
use cards_core::console::Console;
use cards_core::input::{InputError, MAX_INPUT};
use cards_core::protocol::{ChanceSource, GameState, PlayError, Stop, Tape};
use cards_core::record::{RecordError, Recorder, ReplayFileError, replay_file};
use cards_core::rng::rng_from_seed;
use cards_core::sim_cli::{SimArgs, simulate};
use cards_core::tokens::ParseError;
#[cfg(feature = "grade")]
use clap::Args;
use clap::{Parser, Subcommand, ValueEnum};
#[cfg(feature = "grade")]
use grader::args::{AutograderArgs, PlayedArgs, PlayedAutograderArgs, RunArgs};

use cards_core::console::Reply;
use cards_core::paint::CardStyle;
use quattro::console::{self, Ending};
use quattro::simulate::Setup;
use quattro::{DeckOrder, Game, Player, Refusal, Rules, Variant, files, render, simulate};

const PROGRAM: &str = "quattro";

const AFTER_HELP: &str = "\
How to play:
  You and three bots (Player 2, Player 3, Player 4) get 3 cards each. On your turn,
  play a card of the same colour or number as the top card of the discard pile by
  typing its code (R5 is the red 5; case doesn't matter), or type draw (d or 0) when
  none of your cards matches. The first player with no cards left wins. With
  --rules uno a wild card (W, W+4) asks you for a colour (R, Y, G or B). Type q (or
  quit) at any question to stop: nobody wins, and the cards held are shown.

A game played to its end asks Play again? (y/n). Each game after the first is dealt
from a seed of its own, shown on stderr as the first one's is (quattro: game 2: seed N
(replay with --seed N)), so that every game replays alone.

On a terminal the cards are shown in their colours (NO_COLOR=1 turns that off); output
to a pipe or a file is always plain text.

Examples:
  quattro                        play (the seed is printed on stderr)
  quattro --seed 42              replay the game of seed 42
  quattro --bots 4 --seed 7      watch four bots play
  quattro --rules uno --reveal   play with Skip, Reverse, Draw Two and wild cards, bots' cards shown
  quattro deal --seed 7 > deck.txt; quattro --deck deck.txt --seed 7
                                 write the deck of seed 7's deal, then play it: seed 7's game
  quattro --seed 42 --record game.json
                                 play, and write the game down for `quattro replay`
  quattro replay game.json       step through it: Enter/n, b, s, e, q
  quattro simulate --games 10000 --rules uno --seed 1

Exit status: 0 when the game ends or you quit, 1 when the input ends first, 2 for bad
usage or input.";

const SIMULATE_HELP: &str = "\
Four bots play every game, on all cores, and nothing is printed per game. The report
gives each seat's wins, share and 95% interval (seat 1 plays first), the games that ended
with no winner (everyone passed, or --max-turns), and the turns per game (mean, median,
90th and 99th percentile, longest). Game i is played with stream i of the seed, so a seed
gives the same figures whatever the number of threads. --json prints the same figures in
the report format every game's simulate shares.

Examples:
  quattro simulate --seed 1                        10000 games of the assignment's rules
  quattro simulate --games 100000 --rules uno --seed 1 --json";

const DEAL_HELP: &str = "\
Writes the deck in the order the deal of --seed S takes it, top first, as a deck file
for --deck: card codes separated by spaces, one line per round of the deal (a card to
each of seats 1 to 4), then the rest of the deck; lines starting with # are comments.
Played with the same seed (reshuffles during play come from the seed), the file gives
the seed's game; edited, it sets up the game you want.

Examples:
  quattro deal --seed 7 > deck.txt           the deck of seed 7's game
  quattro --deck deck.txt --seed 7           the same game as quattro --seed 7
  quattro deal --rules uno --seed 88         the Uno deck of seed 88's game";

/// Quattro: an Uno-like card game, one human against three bots.
#[derive(Debug, Parser)]
#[command(
    name = "quattro",
    version,
    after_help = AFTER_HELP,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

/// What else the program can do.
#[derive(Debug, Subcommand)]
enum Command {
    /// Play many bot games and print win shares per seat and the mean game length.
    #[command(after_help = SIMULATE_HELP)]
    Simulate(SimulateArgs),
    /// Write the deck order of a seed's deal, as a deck file for --deck.
    #[command(after_help = DEAL_HELP)]
    Deal(DealArgs),
    /// Step through a game written by `quattro --record FILE`, move by move.
    #[command(after_help = REPLAY_HELP)]
    Replay {
        /// The recorded game.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Check a saved transcript of a Quattro program against the rules, line by line.
    #[command(after_help = CHECK_HELP)]
    Check {
        /// The transcript: a terminal session (`script`), or a program's captured output.
        transcript: PathBuf,
        /// The answers the program was given, one a line (a name, then its moves): then
        /// each answer not played must have been refused, and a blank name too.
        #[arg(long, value_name = "FILE")]
        answers: Option<PathBuf>,
    },
    #[cfg(feature = "grade")]
    /// Grade a Quattro program: play it N times as a person would and check every game.
    #[command(after_help = GRADE_HELP)]
    Grade(GradeArgs),
    #[cfg(feature = "grade")]
    /// Write a Gradescope autograder zip: setup.sh, run_autograder, this binary.
    #[command(after_help = GRADESCOPE_HELP)]
    Gradescope(GradescopeArgs),
}

#[cfg(feature = "grade")]
const GRADE_HELP: &str = "\
COMMAND is run once per game and played as a person would: an answer is typed only once
the program waits for input, one line at a time, so a program that opens a new Scanner
on each turn is graded as fairly as one that keeps one. The person reads the screen as
`quattro check` does: at the name question a name (in some games first an empty line,
which must be refused); at the move question a card of the hand shown that matches the
top card (by its code, or by its place when the question asks for a number), or draw (0
when the question offers 0) when none matches, in some turns after an answer that must
be refused (an unknown code, a card not held or not matching, a draw while holding a
match); a colour's letter at a question naming a colour; the end of the input at any
other question, and after 400 answers. Each transcript is checked as `quattro check`
does, knowing the answers. A game passes (naming the readings of the text it took), or
fails with the first line that breaks a rule or could not be read (`could not read:
...`), a crash (exit status or signal, the last lines of standard error), a timeout, or
no output.

Each game runs isolated: in a bubblewrap sandbox, with its own copy of --submission (as
the compile step left it) as its working directory and nothing else of the machine in
sight (a clean environment, no network, no kernel keyrings), every process it starts
killed when the game ends, and limits on memory (one budget for all its processes where a
control group can be made), processes, file size and CPU time (without bubblewrap, as
root: a dedicated user id; --no-sandbox: as the grader). The report names the isolation
and the limits. The same --seed gives the same answers to the same screens; the deal is
the program's own.

Exit status: 0 every game passed, 1 some failed, 2 bad usage (nothing graded).

Examples:
  quattro grade --games 20 --seed 1 --submission student --compile 'javac -proc:none ./*.java' -- java Game
  quattro grade --games 20 --seed 1 --format gradescope -- python3 quattro.py > results.json";

#[cfg(feature = "grade")]
#[derive(Debug, Args)]
struct GradeArgs {
    #[command(flatten)]
    played: PlayedArgs,
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    marking: MarkingArgs,
}

#[cfg(feature = "grade")]
const GRADESCOPE_HELP: &str = "\
The zip follows Gradescope's layout: Gradescope unpacks it into /autograder/source, runs
setup.sh once (it installs bubblewrap when missing, then --setup), and for each
submission runs run_autograder, which grades the files in /autograder/submission with
`quattro grade` (isolated, --format gradescope, the same --seed for every student) into
/autograder/results/results.json. Set AUTOGRADER_ROOT to try the zip in a folder laid out
the same way. The binary packed is this one: build it in release with grading (`cargo build
--release -p quattro --features grade`) on Linux x86-64.

Example:
  quattro gradescope --games 20 --seed 1 --out autograder.zip --given dist/quattro-instructor/given \\
    --compile 'javac -proc:none ./*.java' -- java Game";

#[cfg(feature = "grade")]
/// The marks of the games and what students see of them: the options `grade` and
/// `gradescope` share. No feedback flags: Quattro's reports quote the rule broken, never
/// an expected output.
type MarkingArgs = grader::args::MarkingArgs<grader::args::NoFeedbackArgs>;

#[cfg(feature = "grade")]
#[derive(Debug, Args)]
struct GradescopeArgs {
    #[command(flatten)]
    played: PlayedAutograderArgs,
    #[command(flatten)]
    autograder: AutograderArgs,
    #[command(flatten)]
    marking: MarkingArgs,
    /// The student's program and its arguments, after `--`, run in the submission.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<String>,
}

const CHECK_HELP: &str = "\
The transcript is read by the conventions of the kit's handout, not word for word: cards
as codes (R5: the colour's letter R, Y, G or B, then the number), the top card on a line
with the word top or discard and the human's hand on the lines right after it (or right
before it), a bot's move on a line of its own (the card it played, or that it drew), and
a line naming the winner. The game is replayed on what it shows: three cards dealt, each
play matching the top card by colour or number, a draw only without a match and its card
joining the hand, every card in one place at a time, the three bots' moves reported and
their counts of cards right, the refill when the draw pile runs out (the top card stays),
and the winner named as soon as a player has no cards, the game ending there. The human
may choose a card by its code or its place in the hand, and draw with draw or 0.

Prints `ok: …` and exit status 0; or the first line that breaks a rule and what the rule
required, or that could not be read (`could not read: …`), and exit status 1.

Examples:
  quattro check ann-session.txt
  quattro check game.out --answers game.in";

const REPLAY_HELP: &str = "\
Each line read is a command: Enter or n the next step, b or p the one before, s the
start, e the end, q to quit (the end of the input quits too). A step is one move or one
shuffle; each shows what happened, in the game's own lines, and whose turn it is, with
every hand (the game has been played: nothing is secret). A file that is not a recorded
game of Quattro, or whose move is not legal at its step, is refused, naming the step
(exit status 2).

Examples:
  quattro --seed 42 --record game.json      play, and write the game down
  quattro replay game.json                  step through it";

/// Options of a game.
#[derive(Debug, clap::Args)]
struct PlayArgs {
    /// Seed of the shuffles: the same seed (and answers) replays the same game.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Rule set: the assignment's game, or with the Uno expansion cards.
    #[arg(long, value_enum, default_value_t = RulesArg::Quattro)]
    rules: RulesArg,
    /// Number of bots: 3 (you play too) or 4 (the bots play alone and the game is printed).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u8).range(3..=4))]
    bots: u8,
    /// Who plays the computer's seats: the bots' policy, or the IS-MCTS search (a
    /// stronger opponent that thinks ahead from what its seat sees; a few ms a move).
    #[arg(long, value_enum, value_name = "PLAYER", default_value_t = OpponentArg::Bot)]
    opponent: OpponentArg,
    /// Show the bots' cards (for teaching and debugging).
    #[arg(long)]
    reveal: bool,
    /// Echo your answers, so that a transcript of piped input reads like a terminal session.
    #[arg(long)]
    echo: bool,
    /// End a game with no winner after this many turns.
    #[arg(long, value_name = "N", default_value_t = Rules::DEFAULT_MAX_TURNS, value_parser = positive::<u32>)]
    max_turns: u32,
    /// Deal from this deck file instead of shuffling (reshuffles during play still come
    /// from --seed).
    ///
    /// The file lists the whole deck of the rule set, top first: card codes as the game
    /// prints them (R5; with --rules uno also RS, RR, R+2, W, W+4), separated by spaces or
    /// newlines, each card as often as the deck has it; # starts a comment. Cards are
    /// dealt one at a time to seats 1 to 4, then the next card starts the discard pile.
    /// A file that is not such a deck is refused (line, column and card named) before
    /// anything is played. `quattro deal` writes one:
    /// quattro deal --seed 7 > deck.txt; quattro --deck deck.txt --seed 7
    #[arg(long, value_name = "FILE", verbatim_doc_comment)]
    deck: Option<PathBuf>,
    /// Write the game to FILE when it ends (also on q or the end of the input), for
    /// `quattro replay FILE` or the web page: the seed and every move, as JSON. After
    /// `Play again?`, game 2 goes to FILE's name with -2 before its extension
    /// (game.json: game-2.json), game 3 to game-3.json, each with its own seed.
    #[arg(long, value_name = "FILE", conflicts_with = "deck")]
    record: Option<PathBuf>,
}

/// Options of `simulate`.
#[derive(Debug, clap::Args)]
struct SimulateArgs {
    /// Rule set.
    #[arg(long, value_enum, default_value_t = RulesArg::Quattro)]
    rules: RulesArg,
    /// End a game with no winner after this many turns.
    #[arg(long, value_name = "N", default_value_t = Rules::DEFAULT_MAX_TURNS, value_parser = positive::<u32>)]
    max_turns: u32,
    #[command(flatten)]
    sim: SimArgs,
}

/// Options of `deal`.
#[derive(Debug, clap::Args)]
struct DealArgs {
    /// Rule set: which deck.
    #[arg(long, value_enum, default_value_t = RulesArg::Quattro)]
    rules: RulesArg,
    /// Seed whose deal to write (with none, a random one, announced on stderr).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
}

/// `--opponent`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum OpponentArg {
    /// The bots' policy.
    Bot,
    /// Information-set Monte Carlo tree search.
    Mcts,
}

/// `--rules`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum RulesArg {
    /// The assignment's 40 number cards.
    Quattro,
    /// Adds Skip, Reverse, Draw Two, Wild and Wild Draw Four (56 cards).
    Uno,
}

impl From<RulesArg> for Variant {
    fn from(rules: RulesArg) -> Variant {
        match rules {
            RulesArg::Quattro => Variant::Quattro,
            RulesArg::Uno => Variant::Uno,
        }
    }
}

/// A whole number of at least 1 (a number of games or turns), at most `T`'s largest.
fn positive<T>(text: &str) -> Result<T, String>
where
    T: std::str::FromStr<Err = std::num::ParseIntError> + PartialEq + From<u8> + std::fmt::Display,
    T: num_max::Max,
{
    match text.trim().parse::<T>() {
        Ok(n) if n != T::from(0) => Ok(n),
        Ok(_) => Err("it must be at least 1".to_owned()),
        Err(error) => match error.kind() {
            std::num::IntErrorKind::PosOverflow => Err(format!("it must be at most {}", T::MAX)),
            _ => Err("expected a whole number".to_owned()),
        },
    }
}

mod num_max {
    /// The largest value of an unsigned count type.
    pub trait Max {
        /// The largest value.
        const MAX: Self;
    }
    impl Max for u32 {
        const MAX: u32 = u32::MAX;
    }
    impl Max for u64 {
        const MAX: u64 = u64::MAX;
    }
}

/// Why a command did not run to its end; each prints as one line, and
/// `cards_core::cli::finish` gives it its exit status (2, but 0 for a closed pipe and 1
/// for a game cut short).
#[derive(Debug, thiserror::Error)]
enum Failure {
    /// The person's answers ended before the game did (exit status 1).
    #[error("{INPUT_ENDED}")]
    InputEnded,
    /// Writing the transcript or reading the answers failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// Options that do not go together (the message says why).
    #[error("{0} (see {PROGRAM} --help)")]
    Usage(String),
    /// The deck file or a recorded game could not be read (or is too large, or not text).
    #[error(transparent)]
    Read(cards_core::input::InputError),
    /// A transcript or its answers that could not be opened or read (`quattro check`).
    #[error("{path}: {error}")]
    Open { path: String, error: io::Error },
    /// The file of `--record` could not be created or written.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A recorded game that could not be read, or does not replay.
    #[error(transparent)]
    Replay(ReplayFileError),
    /// The deck file is not a deck of the rule set.
    #[error("{path}: {error}", path = .0.display(), error = .1)]
    Deck(PathBuf, ParseError),
    /// The game loop stopped on a bug (a refused step, a broken invariant).
    #[error("{}", play_line(.0))]
    Play(PlayError<Refusal>),
    #[cfg(feature = "grade")]
    /// A grading that could not be run (`quattro grade`).
    #[error("{0}")]
    Grade(#[from] grader::GradeError),
    #[cfg(feature = "grade")]
    /// A sandbox that could not be set up (`quattro grade`).
    #[error("{0}")]
    Sandbox(#[from] grader::SandboxError),
    #[cfg(feature = "grade")]
    /// A --weight or --visibility pattern that matches no game.
    #[error("{0}")]
    Marking(String),
}

impl From<ReplayFileError> for Failure {
    fn from(error: ReplayFileError) -> Failure {
        match error {
            // A closed pipe ends the viewer quietly, as it ends a game.
            ReplayFileError::Io(error) => Failure::Io(error),
            error => Failure::Replay(error),
        }
    }
}

impl From<PlayError<Refusal>> for Failure {
    fn from(error: PlayError<Refusal>) -> Failure {
        match error {
            PlayError::Stopped(Stop::Io(error)) => Failure::Io(error),
            error => Failure::Play(error),
        }
    }
}

impl cards_core::cli::Failure for Failure {
    fn is_broken_pipe(&self) -> bool {
        matches!(self, Failure::Io(error) if is_broken_pipe(error))
    }

    fn is_cut_short(&self) -> bool {
        matches!(self, Failure::InputEnded)
    }
}

/// The line of a game loop stopped on a bug: a refusal names the seat the move was
/// chosen for (from 1), or the shuffle.
fn play_line(error: &PlayError<Refusal>) -> String {
    match error {
        PlayError::Refused {
            seat: Some(seat),
            error,
        } => format!(
            "broken invariant: the game refused the move chosen for seat {}: {error}",
            seat + 1
        ),
        PlayError::Refused { seat: None, error } => {
            format!("broken invariant: the game refused a shuffle: {error}")
        }
        error => error.to_string(),
    }
}

/// A file read whole for `quattro check`: leniently (a terminal session may hold bytes
/// that are not UTF-8, a stray key), but never past the workspace's input limit
/// (`check /dev/zero`).
fn read_lossy(path: &Path) -> Result<String, Failure> {
    let what = path.display().to_string();
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|file| file.take(MAX_INPUT + 1).read_to_end(&mut bytes))
        .map_err(|error| Failure::Open {
            path: what.clone(),
            error,
        })?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(Failure::Read(InputError::TooLarge { what }));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// `quattro check`: one saved transcript against the rules.
fn run_check(path: &Path, answers: Option<&Path>) -> Result<ExitCode, Failure> {
    let text = read_lossy(path)?;
    let answers: Option<Vec<String>> = answers
        .map(|path| {
            read_lossy(path).map(|text| {
                text.replace("\r\n", "\n")
                    .lines()
                    .map(str::to_owned)
                    .collect()
            })
        })
        .transpose()?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let status = match quattro::check::check(&text, answers.as_deref()) {
        Ok(checked) => {
            writeln!(out, "{checked}")?;
            0
        }
        Err(violation) => {
            writeln!(out, "{violation}")?;
            1
        }
    };
    out.flush()?;
    Ok(ExitCode::from(status))
}

#[cfg(feature = "grade")]
/// `quattro grade`: a program played N times as a person would and every game checked.
fn run_grade(args: &GradeArgs) -> Result<ExitCode, Failure> {
    let seed = resolve_seed(PROGRAM, args.played.seed);
    let run = &args.run;
    // No --strict: without expected outputs there is no project's own reading to keep to.
    let options = run.options(false, args.marking.tell_case);
    if let Some(message) = args.marking.unmatched_game(args.played.games) {
        return Err(Failure::Marking(message));
    }
    let marking = args.marking.marking();
    let graded = run
        .sandbox(Vec::new())
        .map_err(Failure::from)
        .and_then(|sandbox| {
            grade::grade(args.played.games, seed, &sandbox, &run.command, &options)
                .map_err(Failure::from)
        })
        .and_then(|mut report| {
            marking.apply(&mut report).map_err(Failure::Marking)?;
            Ok(report)
        });
    let mut out = io::BufWriter::new(io::stdout().lock());
    let status = run.conclude(graded, None, &mut out, Failure::Io)?;
    Ok(ExitCode::from(status))
}

#[cfg(feature = "grade")]
/// `quattro gradescope`: the autograder zip, grading with a fixed seed.
fn run_gradescope(args: &GradescopeArgs) -> Result<ExitCode, Failure> {
    if let Some(message) = args.marking.unmatched_game(args.played.games) {
        return Err(Failure::Marking(message));
    }
    let mut grade = vec![
        "grade".to_owned(),
        "--games".to_owned(),
        args.played.games.to_string(),
        "--seed".to_owned(),
        args.played.seed.to_string(),
    ];
    grade.extend(args.autograder.grade_args());
    grade.extend(args.marking.grade_args());
    let zip = args.autograder.autograder(
        PROGRAM,
        vec![grader::zip::Part {
            grade,
            command: args.command.clone(),
            compile: args.autograder.compile.clone(),
            cases: None,
        }],
    );
    args.autograder.write(&zip, &mut io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}

/// Parses the arguments and runs the command. Exit status: 0 when the game ended, 1 when
/// the input ended first, 2 for bad usage or a bad deck file (nothing is played) or an
/// I/O error.
pub fn main() -> ExitCode {
    #[cfg(not(feature = "grade"))]
    // Playing needs none of the grader: its subcommands are in the build with `grade`.
    if let Some(code) =
        cards_core::cli::not_in_this_build(PROGRAM, &["grade", "gradescope"], "grade")
    {
        return code;
    }
    match parse_game_args::<Cli>(PROGRAM) {
        Ok(cli) => finish(PROGRAM, try_main(cli)),
        Err(code) => code,
    }
}

/// The command the arguments name, run.
fn try_main(cli: Cli) -> Result<ExitCode, Failure> {
    match cli.command {
        Some(Command::Simulate(args)) => run_simulate(&args),
        Some(Command::Deal(args)) => run_deal(&args),
        Some(Command::Replay { file }) => run_replay(&file),
        Some(Command::Check {
            transcript,
            answers,
        }) => run_check(&transcript, answers.as_deref()),
        #[cfg(feature = "grade")]
        Some(Command::Grade(args)) => run_grade(&args),
        #[cfg(feature = "grade")]
        Some(Command::Gradescope(args)) => run_gradescope(&args),
        None => run_game(&cli.play),
    }
}

/// The deck file at `path`, checked whole against the deck of `rules`.
fn read_deck(path: &Path, rules: Rules) -> Result<DeckOrder, Failure> {
    let text = cards_core::input::read_file(path).map_err(Failure::Read)?;
    files::parse_deck(rules, &text).map_err(|e| Failure::Deck(path.to_owned(), e))
}

/// One game of four bots printed (`--bots 4`), or a session of the human at the console
/// against three (`Play again?`), each game written to its `--record` file if asked.
fn run_game(args: &PlayArgs) -> Result<ExitCode, Failure> {
    // Refused before a seed is announced: nothing is played.
    if args.bots == 4 && args.echo {
        return Err(Failure::Usage(
            "--echo shows your answers, and with --bots 4 nobody answers".to_owned(),
        ));
    }
    let rules = Rules::new(Variant::from(args.rules)).with_max_turns(args.max_turns);
    // The deck file is checked before anything is asked or printed.
    let deal = args
        .deck
        .as_deref()
        .map(|path| read_deck(path, rules))
        .transpose()?;
    // Tried before anything is asked or printed (a random seed's announcement too), so
    // that a file that cannot be written plays nothing and says so on one line; the
    // session's recorder, which needs the seed, creates it again.
    if let Some(path) = &args.record {
        File::create(path).map_err(|error| RecordError {
            path: path.clone(),
            error,
        })?;
    }
    let seed = resolve_seed(PROGRAM, args.seed);
    let mut recorder = Recorder::new(PROGRAM, args.record.as_deref(), seed)?;
    let rng = rng_from_seed(seed);
    let mut chance = match deal {
        Some(order) => ChanceSource::recorded_then_seeded(vec![order], rng),
        None => ChanceSource::seeded(rng),
    };
    let options = console::Options {
        reveal: args.reveal,
        style: card_style(),
        opponent: match args.opponent {
            OpponentArg::Bot => console::Opponent::Bot,
            OpponentArg::Mcts => console::Opponent::Mcts,
        },
    };
    if args.bots == 4 {
        let mut game = Game::new(rules, simulate::bots());
        let mut tape = Tape::new(&game);
        let mut out = io::BufWriter::new(io::stdout().lock());
        let played = console::play_bots(&mut game, &mut chance, &mut out, &options, &mut tape);
        let written = recorder.ended(&tape);
        played?;
        written?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut console = Console::new(io::stdin().lock(), io::stdout().lock()).with_echo(args.echo);
    writeln!(console.output(), "{}", render::banner(rules))?;
    let name = match console::ask_name(&mut console, rules)? {
        Some(Reply::Answer(name)) => name,
        Some(Reply::Quit) => {
            recorder.discard();
            writeln!(console.output(), "\n{}", cards_core::console::QUIT)?;
            return Ok(ExitCode::SUCCESS);
        }
        None => {
            recorder.discard();
            writeln!(console.output())?;
            console.output().flush()?;
            return Err(Failure::InputEnded);
        }
    };
    let mut players = simulate::bots();
    players[0] = Player::human(name);
    let mut game = Game::new(rules, players);
    // A game played to its end asks `Play again? (y/n)`: the next game is dealt from a
    // seed of its own, announced as the first is, so that each game replays alone.
    let ending = loop {
        let mut tape = Tape::new(&game);
        let played = console::play(&mut game, &mut chance, &mut console, &options, &mut tape);
        // Written whatever the end (a quit, the input ending), so that nothing is lost.
        let written = recorder.ended(&tape);
        let ending = played?;
        written?;
        if !matches!(ending, Ending::Over(_)) || !console.ask_again()? {
            break ending;
        }
        chance = ChanceSource::seeded(rng_from_seed(recorder.next_game()?));
        game.restart();
    };
    console.output().flush()?;
    match ending {
        Ending::Over(_) | Ending::Quit => Ok(ExitCode::SUCCESS),
        Ending::InputEnded => Err(Failure::InputEnded),
    }
}

/// `quattro replay FILE`: steps through a recorded game, the commands on standard input.
/// The file is read with the workspace's size limit and replayed whole before anything
/// is shown, so a bad one shows nothing.
fn run_replay(path: &Path) -> Result<ExitCode, Failure> {
    let style = card_style();
    let mut out = io::stdout().lock();
    replay_file::<Game, _, _, _>(path, io::stdin().lock(), &mut out, |frame, out| {
        quattro::replay::show_in(frame, out, style)
    })?;
    Ok(ExitCode::SUCCESS)
}

/// How the game shows its cards on standard output: the one place that decides.
fn card_style() -> CardStyle {
    CardStyle::ansi_if(cards_core::cli::stdout_wants_color())
}

/// `quattro simulate`: the tally of many bot games, and nothing per game.
fn run_simulate(args: &SimulateArgs) -> Result<ExitCode, Failure> {
    let games = Setup {
        rules: Rules::new(Variant::from(args.rules)).with_max_turns(args.max_turns),
    };
    Ok(simulate(PROGRAM, &games, &args.sim))
}

/// `quattro deal`: the deck order of the seed's deal, as a deck file.
fn run_deal(args: &DealArgs) -> Result<ExitCode, Failure> {
    let rules = Rules::new(Variant::from(args.rules));
    let seed = resolve_seed(PROGRAM, args.seed);
    // The same draw from the same generator as the deal of `quattro --seed S`.
    let game = Game::new(rules, simulate::bots());
    let order = game
        .sample_chance(&mut rng_from_seed(seed))
        .map_err(|error| Failure::Play(PlayError::Refused { seat: None, error }))?;
    let mut out = io::stdout().lock();
    files::write_deck(&mut out, rules, &order, seed)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use pretty_assertions::assert_eq;

    /// clap checks its own definition (conflicting names, bad defaults) only when asked.
    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn counts_must_be_whole_and_positive() {
        assert_eq!(positive::<u32>("12"), Ok(12));
        assert_eq!(
            positive::<u32>("0"),
            Err("it must be at least 1".to_owned())
        );
        assert_eq!(
            positive::<u64>("-3"),
            Err("expected a whole number".to_owned())
        );
        assert_eq!(
            positive::<u32>("4294967296"),
            Err("it must be at most 4294967295".to_owned())
        );
    }

    #[test]
    fn deal_takes_rules_and_a_seed() {
        let deal = |args: &[&str]| match Cli::try_parse_from(args).map(|cli| cli.command) {
            Ok(Some(Command::Deal(args))) => Some((Variant::from(args.rules), args.seed)),
            _ => None,
        };
        assert_eq!(
            deal(&["quattro", "deal", "--rules", "uno", "--seed", "7"]),
            Some((Variant::Uno, Some(7)))
        );
        assert_eq!(deal(&["quattro", "deal"]), Some((Variant::Quattro, None)));
        assert_eq!(deal(&["quattro", "deal", "--echo"]), None);
    }

    #[test]
    fn simulate_plays_ten_thousand_games_unless_told() {
        let games = |args: &[&str]| match Cli::try_parse_from(args).map(|cli| cli.command) {
            Ok(Some(Command::Simulate(args))) => Some(args.sim.games),
            _ => None,
        };
        assert_eq!(games(&["quattro", "simulate"]), Some(10_000));
        assert_eq!(games(&["quattro", "simulate", "--games", "7"]), Some(7));
    }
}
