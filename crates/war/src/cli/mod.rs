//! Command-line arguments (clap) and what each command runs. Only the binary knows clap.

#[cfg(feature = "grade")]
mod grade;

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cards_core::cli::{
    INPUT_ENDED, finish, is_broken_pipe, parse_game_args, resolve_seed, write_stdout,
};
use cards_core::console::StdConsole;
use cards_core::input::{InputError, MAX_INPUT};
use cards_core::paint::CardStyle;
use cards_core::protocol::{ChanceSource, GameState, PlayError, Stop, Tape};
use cards_core::rng::rng_from_seed;
use cards_core::sim_cli::{SimArgs, simulate};
use clap::{Args, Parser, Subcommand, ValueEnum};
#[cfg(feature = "grade")]
use grader::args::{AutograderArgs, PlayedArgs, PlayedAutograderArgs, RunArgs};

use cards_core::record::{RecordError, Recorder, ReplayFileError, replay_file};
use war::console::{self, ConsoleError, Ending, Mode, Options};
use war::files::{parse_deck, write_deck};
use war::simulate::Setup;
use war::{DeckOrder, Game, Rules, WonCardOrder};

const PROGRAM: &str = "war";

const ABOUT: &str = "The card game War: battles, wars and the statistics of a game.";

const LONG_ABOUT: &str = "\
The card game War. The 52 cards are shuffled and dealt to the players. In each battle \
every player turns up their top card; the highest rank wins all the cards on the table \
(2 is lowest, ace highest, suits do not count). A tie starts a war: the tied players each \
put down four cards, the fourth face up, and the highest fourth card takes everything \
(10 cards for a two-player war); another tie chains another war. A player who must put \
down a card and has none is out; the last player with cards wins.

Won cards go under the winner's pile shuffled (--order shuffled, the default) or in the \
order they were put down (--order fixed); a fixed-order game that would repeat forever \
is stopped when its position repeats, and any game stops at the end of the battle (its \
wars included) that reaches --max-battles battles.

At the prompt: press Enter to play one battle, type a number to play that many battles \
(each with its wars, whose deciding battles count too, so a few more may be counted), h to \
see the whole hands (after each battle the prompt shows how many cards each player holds; \
--auto shows the hands), ? for the rules, or q to quit. End of input quits as q does, but \
exits with status 1. A game played to its end asks `Play again? (y/n)`: y deals the next \
game from a seed of its own, drawn from the session's and shown on stderr (`war: game 2: \
seed N (replay with --seed N)`), so that every game replays alone. On a colour terminal the cards are painted by suit (not with \
NO_COLOR or TERM=dumb). \
At the end the winner (if any), the number of battles and the number of wars are printed. \
Exit status: 0 when the game ended or was quit, 1 when the input ended first, 2 for bad \
arguments.";

const EXAMPLES: &str = "\
Examples:
  war --seed 7                          play at the terminal: Enter, a number or q at each prompt
  war --seed 7 --auto                   play a whole game without asking
  war --seed 7 --quiet                  print only the winner and the numbers of battles and wars
  war --seed 7 --players 4 --auto       four players; ties for the highest card go to war
  war --seed 7 --echo < answers.txt     answers from a file, echoed into the transcript
  war deal --seed 7 > deck.txt          write the order of seed 7's deal to a file
  war --deck deck.txt --seed 7 --auto   deal that file; the same game as --seed 7 --auto
  war --seed 7 --record game.json       play, and write the game down for `war replay`
  war replay game.json                  step through it: Enter/n, b, s, e, q
  war simulate --games 100000 --seed 1  statistics of many games (see war simulate --help)";

const DECK_HELP: &str = "\
Deal the cards in the order FILE lists them instead of shuffling: the 52 cards, top \
first, each exactly once, written as the game prints them (rank 2-10, J, Q, K or A, \
then suit C, D, H or S, in either case), separated by spaces or newlines, e.g. a file \
starting `10H AS 2C`. Card 1 goes to Player 1, card 2 to Player 2, and so on round the \
table. The file is checked whole before anything is played. Won cards are still \
shuffled from --seed (whose deal the file replaces), so `war deal --seed 7 > deck.txt` \
then `war --deck deck.txt --seed 7` replays the game of --seed 7.";

const DEAL_ABOUT: &str = "\
Write the order in which the seed's game deals the 52 cards, top first, 13 a line, as \
--deck reads it; without --seed a random seed is chosen and printed on stderr. Edit the \
file to set up a game, or play it back with the same seed to replay the game exactly.";

const DEAL_EXAMPLES: &str = "\
Examples:
  war deal --seed 7                     the 52 cards of seed 7's deal, top first, 13 a line
  war deal --seed 7 > deck.txt
  war --deck deck.txt --seed 7 --auto   the same game as war --seed 7 --auto";

const SIMULATE_ABOUT: &str = "\
Play many games without output, on every core, and print each player's wins (with a 95% \
interval), the games stopped without a winner (for cycling, at the battle cap, or players \
out together), the battles per game (mean, median, 90th and 99th percentile, longest), \
the wars per game, the share of battles that are wars, how many of the battles begun set \
off 0, 1, 2, ... wars in a row (8 or more counted together) and the longest run, and the \
games by their longest run of wars. Game i is played with its own \
random stream of the seed, so the figures are the same for a given seed whatever the \
number of threads. --json prints the same figures in the report format every game's \
simulate shares. A progress bar is shown on a terminal for long runs.";

const SIMULATE_EXAMPLES: &str = "\
Examples:
  war simulate --games 100000 --seed 1
  war simulate --games 10000 --players 4 --seed 1 --json
  war simulate --games 10000 --order fixed --seed 1 --threads 1";

/// `war`: play War at the terminal.
#[derive(Debug, Parser)]
#[command(
    name = "war",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = EXAMPLES,
    args_conflicts_with_subcommands = true,
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Seed of the shuffles; without it a random seed is chosen and printed on stderr.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    #[command(flatten)]
    game: GameArgs,
    /// Play to the end without asking, showing every battle.
    #[arg(long)]
    auto: bool,
    /// Play to the end and print only the summary (already without asking: not with
    /// --auto, which shows every battle).
    #[arg(long, conflicts_with = "auto")]
    quiet: bool,
    /// Echo each answer after the prompt (for readable transcripts of piped input; not
    /// with --auto or --quiet, which ask nothing).
    #[arg(long, conflicts_with_all = ["auto", "quiet"])]
    echo: bool,
    /// At the prompt, show the game as the assignment describes its screen: the whole
    /// hands after every battle, the prompt's three options (Enter, a number, q), no
    /// `Play again?` (the screen of the Java course kit's Game.main).
    #[arg(long, conflicts_with_all = ["auto", "quiet"])]
    assignment: bool,
    /// Deal the 52 cards in this file's order (e.g. `10H AS 2C ...`, top first).
    #[arg(long, value_name = "FILE", long_help = DECK_HELP)]
    deck: Option<PathBuf>,
    /// Write the game to FILE when it ends (also on q or the end of the input), for
    /// `war replay FILE` or the web page: the rules, the seed and every battle, as JSON.
    #[arg(long, value_name = "FILE", conflicts_with = "deck", long_help = RECORD_HELP)]
    record: Option<PathBuf>,
}

const RECORD_HELP: &str = "\
Write the game to FILE when it ends (also on q or the end of the input), for `war replay \
FILE` or the web page: the rules, the seed and every battle, as JSON. The file is created \
before the game starts, so a path that cannot be written plays nothing. After `Play \
again?`, game 2 is written to FILE-2 (game.json: game-2.json), game 3 to game-3.json, \
and so on, each with the seed of its own that stderr shows. Not with --deck: the deal \
must come from the seed.";

const REPLAY_ABOUT: &str = "\
Step through a game written by `war --record FILE`, battle by battle: the deal, each battle \
with its wars, and with shuffled returns the order in which each take of the table goes \
under the winner's pile. Every position shows all the hands (the game is over: nothing is \
hidden) and what comes next; the last one says who won or why nobody did. The whole file is \
checked before anything is shown: a file that is not a recording of War, whose options do \
not make a game, or whose action is not one battle (`1`) at its step, is refused on one \
line naming the step (exit status 2).";

const REPLAY_EXAMPLES: &str = "\
Each line read is a command: Enter or n the next step, b or p the one before, s the start, \
e the end, q to quit (the end of the input quits too).

Examples:
  war --seed 7 --record game.json       play, and write the game down
  war replay game.json                  step through it";

#[derive(Debug, Subcommand)]
enum Command {
    /// Play many games without output and print their statistics.
    #[command(long_about = SIMULATE_ABOUT, after_help = SIMULATE_EXAMPLES)]
    Simulate(SimulateArgs),
    /// Write a seed's deal as a deck file for --deck.
    #[command(long_about = DEAL_ABOUT, after_help = DEAL_EXAMPLES)]
    Deal(DealArgs),
    /// Step through a game written by `war --record FILE`, battle by battle.
    #[command(long_about = REPLAY_ABOUT, after_help = REPLAY_EXAMPLES)]
    Replay {
        /// The recorded game.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Check a saved transcript of a War program against the rules, line by line.
    #[command(after_help = CHECK_HELP)]
    Check {
        /// The transcript: a terminal session (`script`), or a program's captured output.
        transcript: PathBuf,
    },
    #[cfg(feature = "grade")]
    /// Grade a War program: play it N times as a person would and check every game.
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
the program waits at its prompt (one of the last three lines on the screen names Enter),
one line at a time, so a program that opens a new Scanner on each turn is graded as
fairly as one that keeps one. The answers are a seeded mix: mostly Enter, sometimes a
number from 2 to 10 (lowered to the battles the hands on the screen let one follow:
those before a won card comes back into play), in some games q late in the game, and
q at the 250th prompt at the latest; any other question gets the end of the input.
Each transcript is checked as `war check` does, knowing the answers. A game passes
(naming the readings of the text it took), or fails with the first line that breaks a
rule or could not be read (`could not read: ...`), a crash (exit status or signal, the
last lines of standard error), a timeout, or no output.

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
  war grade --games 20 --seed 1 --submission student --compile 'javac -proc:none ./*.java' -- java Game
  war grade --games 20 --seed 1 --format gradescope -- python3 war.py > results.json";

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
`war grade` (isolated, --format gradescope, the same --seed for every student) into
/autograder/results/results.json. Set AUTOGRADER_ROOT to try the zip in a folder laid out
the same way. The binary packed is this one: build it in release with grading (`cargo build
--release -p war --features grade`) on Linux x86-64.

Example:
  war gradescope --games 20 --seed 1 --out autograder.zip --given dist/war-instructor/given \\
    --compile 'javac -proc:none ./*.java' -- java Game";

#[cfg(feature = "grade")]
/// The marks of the games and what students see of them: the options `grade` and
/// `gradescope` share. No feedback flags: War's reports quote the rule broken, never an
/// expected output.
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
The transcript is read by what the assignment fixes, not word for word: the cards as
Card's toString shows them (6C, 10H, AS, 6♣ or Six of Clubs), both hands with their number
of cards (Player 1's first, each pile top first or top last), the prompt naming Enter, a
number and q, and a summary naming the winner and the numbers of battles and wars. The
game is replayed on the hands shown: the 52 cards each once, each battle's winner and the
cards it takes, a war's four cards each and chains of wars, a player short of cards losing
at once, Enter one battle, a number that many (its wars' battles counted among them or
not), q the summary, and the summary's counts. An answer typed after the prompt on its
line is read; otherwise it is read from what the program did.

Prints `ok: …` and exit status 0; or the first line that breaks a rule and what the rule
required, or that could not be read (`could not read: …`), and exit status 1.

Example:
  war check alice-session.txt";

#[derive(Debug, Args)]
struct DealArgs {
    /// Seed whose deal to write; without it a random seed is chosen and printed on stderr.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
}

#[derive(Debug, Args)]
struct SimulateArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    sim: SimArgs,
}

/// The settings of a game, shared by play and simulate.
#[derive(Debug, Args)]
struct GameArgs {
    /// Number of players, 2 to 8.
    #[arg(long, value_name = "N", default_value_t = 2)]
    players: usize,
    /// The order in which won cards go under the winner's pile.
    #[arg(long, value_enum, default_value_t = OrderArg::Shuffled)]
    order: OrderArg,
    /// Stop a game without winner once this many battles are fought (checked after a
    /// whole battle, its wars included).
    #[arg(long, value_name = "N", default_value_t = Rules::DEFAULT_MAX_BATTLES)]
    max_battles: u64,
}

impl GameArgs {
    fn rules(&self) -> Result<Rules, war::SetupError> {
        let order = match self.order {
            OrderArg::Shuffled => WonCardOrder::Shuffled,
            OrderArg::Fixed => WonCardOrder::Fixed,
        };
        Rules::new(self.players)?
            .with_order(order)
            .with_max_battles(self.max_battles)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum OrderArg {
    /// Shuffle the won cards before putting them under the pile.
    Shuffled,
    /// Battle cards in seat order, then each war's cards player by player.
    Fixed,
}

/// Parses the arguments and runs the command; the exit status follows the workspace:
/// 0 ok, 1 cut short by the end of input, 2 bad usage.
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
    match &cli.command {
        Some(Command::Simulate(args)) => run_simulate(args),
        Some(Command::Deal(args)) => run_deal(args),
        Some(Command::Replay { file }) => run_replay(file),
        Some(Command::Check { transcript }) => run_check(transcript),
        #[cfg(feature = "grade")]
        Some(Command::Grade(args)) => run_grade(args),
        #[cfg(feature = "grade")]
        Some(Command::Gradescope(args)) => run_gradescope(args),
        None => run_game(&cli),
    }
}

/// The deck file at `path`, checked whole.
fn read_deck(rules: Rules, path: &Path) -> Result<DeckOrder, Failure> {
    let text =
        cards_core::input::read_file(path).map_err(|error| Failure::Deck(error.to_string()))?;
    parse_deck(rules, &text).map_err(|error| Failure::Deck(format!("{}: {error}", path.display())))
}

fn run_game(cli: &Cli) -> Result<ExitCode, Failure> {
    let rules = cli.game.rules()?;
    // Before the seed is announced: a bad file plays nothing and prints only its error.
    let deck = cli
        .deck
        .as_deref()
        .map(|path| read_deck(rules, path))
        .transpose()?;
    let mode = if cli.quiet {
        Mode::Quiet
    } else if cli.auto {
        Mode::Auto
    } else {
        Mode::Interactive
    };
    let seed = resolve_seed(PROGRAM, cli.seed);
    // Created before the game, so that a file that cannot be written plays nothing.
    let mut recorder = Recorder::new(PROGRAM, cli.record.as_deref(), seed)?;
    let rng = rng_from_seed(seed);
    let mut chance = match deck {
        Some(deck) => ChanceSource::recorded_then_seeded(vec![deck], rng),
        None => ChanceSource::seeded(rng),
    };
    let mut game = Game::new(rules);
    let mut console = StdConsole::stdio().with_echo(cli.echo);
    let options = Options {
        mode,
        style: CardStyle::ansi_if(cards_core::cli::stdout_wants_color()),
        assignment: cli.assignment,
        width: terminal_width(),
    };
    match play_session(
        &mut game,
        &mut chance,
        &mut console,
        &options,
        &mut recorder,
    )? {
        Ending::InputEnded => Err(Failure::InputEnded),
        Ending::Over(_) | Ending::Quit => Ok(ExitCode::SUCCESS),
    }
}

/// Plays games at the prompt until one is not played to its end or the person answers
/// no to `Play again?` (only at the prompt, and not with `--assignment`, whose screen
/// has no such question); each game is written down by `recorder` whatever its end, an
/// error's included, so that nothing is lost. The ending is the last game's.
fn play_session(
    game: &mut Game,
    chance: &mut ChanceSource<DeckOrder>,
    console: &mut StdConsole,
    options: &Options,
    recorder: &mut Recorder,
) -> Result<Ending, Failure> {
    loop {
        let mut tape = Tape::new(game);
        let ending = console::play(game, chance, console, options, &mut tape);
        recorder.ended(&tape)?;
        let ending = ending?;
        let again = options.mode == Mode::Interactive
            && !options.assignment
            && matches!(ending, Ending::Over(_));
        if !again || !console.ask_again().map_err(ConsoleError::from)? {
            return Ok(ending);
        }
        game.restart();
        *chance = ChanceSource::seeded(rng_from_seed(recorder.next_game()?));
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
    /// Rules that make no game.
    #[error(transparent)]
    Setup(#[from] war::SetupError),
    /// A deck file that could not be read or is no deck (the message names the file).
    #[error("{0}")]
    Deck(String),
    #[error(transparent)]
    Console(#[from] ConsoleError),
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error(transparent)]
    Replay(#[from] ReplayFileError),
    /// The seed's deal could not be drawn (a broken invariant).
    #[error(transparent)]
    Deal(#[from] war::Refusal),
    /// A transcript that could not be read (`war check`).
    #[error("{path}: {error}")]
    Read { path: String, error: io::Error },
    #[error(transparent)]
    Input(#[from] InputError),
    /// Writing standard output failed.
    #[error(transparent)]
    Write(#[from] io::Error),
    #[cfg(feature = "grade")]
    #[error("{0}")]
    Grade(#[from] grader::GradeError),
    #[cfg(feature = "grade")]
    #[error("{0}")]
    Sandbox(#[from] grader::SandboxError),
    #[cfg(feature = "grade")]
    /// A --weight or --visibility pattern that matches no game.
    #[error("{0}")]
    Marking(String),
}

impl cards_core::cli::Failure for Failure {
    fn is_broken_pipe(&self) -> bool {
        match self {
            Failure::Console(PlayError::Stopped(Stop::Io(error)))
            | Failure::Replay(ReplayFileError::Io(error))
            | Failure::Write(error) => is_broken_pipe(error),
            _ => false,
        }
    }

    fn is_cut_short(&self) -> bool {
        matches!(self, Failure::InputEnded)
    }
}

/// `war check`: one saved transcript against the rules.
fn run_check(path: &Path) -> Result<ExitCode, Failure> {
    // A terminal session may hold bytes that are not UTF-8 (a stray key): they are read
    // leniently, but never past the workspace's input limit (`check /dev/zero`).
    let what = path.display().to_string();
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|file| file.take(MAX_INPUT + 1).read_to_end(&mut bytes))
        .map_err(|error| Failure::Read {
            path: what.clone(),
            error,
        })?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(InputError::TooLarge { what }.into());
    }
    let text = String::from_utf8_lossy(&bytes);
    let mut out = BufWriter::new(io::stdout().lock());
    let status = match war::check::check(&text, None) {
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
/// `war grade`: a program played N times as a person would and every game checked.
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
    let mut out = BufWriter::new(io::stdout().lock());
    let status = run.conclude(graded, None, &mut out, Failure::Write)?;
    Ok(ExitCode::from(status))
}

#[cfg(feature = "grade")]
/// `war gradescope`: the autograder zip, grading with a fixed seed.
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

/// `war replay FILE`: steps through a recorded game, the commands on standard input.
fn run_replay(path: &Path) -> Result<ExitCode, Failure> {
    let mut out = io::stdout().lock();
    replay_file::<Game, _, _, _>(path, io::stdin().lock(), &mut out, war::replay::show)?;
    Ok(ExitCode::SUCCESS)
}

/// `war deal`: the order of the seed's deal, as a deck file.
fn run_deal(args: &DealArgs) -> Result<ExitCode, Failure> {
    let mut rng = rng_from_seed(resolve_seed(PROGRAM, args.seed));
    // The deal does not depend on the number of players: any table draws the same order.
    let order = Game::new(Rules::default()).sample_chance(&mut rng)?;
    let mut text = Vec::new();
    write_deck(&mut text, Rules::default(), &order)?;
    Ok(write_stdout(PROGRAM, &String::from_utf8_lossy(&text)))
}

/// `war simulate`: the statistics of many games.
fn run_simulate(args: &SimulateArgs) -> Result<ExitCode, Failure> {
    Ok(simulate(
        PROGRAM,
        &Setup {
            rules: args.game.rules()?,
        },
        &args.sim,
    ))
}

/// At a terminal, the columns a line may take: `COLUMNS` when the shell exports it,
/// else 80; a pipe or a file gets no limit.
fn terminal_width() -> Option<usize> {
    use std::io::IsTerminal;
    if !io::stdout().is_terminal() {
        return None;
    }
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse().ok());
    Some(columns.filter(|&c: &usize| c >= 40).unwrap_or(80))
}
