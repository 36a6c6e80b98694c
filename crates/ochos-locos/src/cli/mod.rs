//! Command-line parsing and the glue between the input, the engine and the output.

#[cfg(feature = "grade")]
mod grade;

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cards_core::cli::{
    EXIT_CUT_SHORT, INPUT_ENDED, finish, is_broken_pipe, parse_game_args, resolve_seed, warn,
};
use cards_core::console::Console;
use cards_core::input::{InputError, quoted, read_file, read_text};
#[cfg(feature = "grade")]
use cards_core::names::count_of;
use cards_core::protocol::{ChanceSource, PlayError, Stop, Tape};
use cards_core::record::{RecordError, Recorder};
use cards_core::rng::rng_from_seed;
use cards_core::sim::SimError;
use cards_core::sim_cli::{SimArgs, figures};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
#[cfg(feature = "grade")]
use grader::args::{AutograderArgs, RunArgs};
use ochos_locos::check;
use ochos_locos::console::{self, Ending};
use ochos_locos::files::check_players;
use ochos_locos::render::{self, Style};
use ochos_locos::rules::DealFormat;
use ochos_locos::simulate::Setup;
use ochos_locos::{Deal, Refusal, Strategy, Variant};

const PROGRAM: &str = "ochos-locos";

#[derive(Parser)]
#[command(
    name = PROGRAM,
    version,
    // The subcommand is optional only to word its absence ourselves.
    override_usage = "ochos-locos <COMMAND>",
    about = "Ochos Locos, a Crazy-Eights-like card game, in the seven rule sets of two assignments.",
    long_about = "Ochos Locos, a Crazy-Eights-like card game, in the seven rule sets of two \
assignments (CSCI 1110, Winter 2020). Each rule set is a subcommand: it reads a deal (from \
FILE, or standard input), plays it, and prints the game exactly as the assignment specifies.",
    after_help = "\
Examples:
  ochos-locos faciles < deal.txt         play a deal under Assignment 4, Part I
  ochos-locos completos --sample         play the assignment's own example
  ochos-locos completos --seed 7         deal a random game with seed 7 and play it
  ochos-locos completos --sample --human Bob     play Bob's seat yourself
  ochos-locos completos --sample --human Bob --echo < answers.txt
                                                 answers from a file, echoed
  ochos-locos completos --seed 7 --human Bob --record game.json
                                                 play, and write the game down
  ochos-locos completos --seed 7 --human Bob --opponent mcts
                                                 play against the IS-MCTS search
  ochos-locos replay game.json           step through it: Enter/n, b, s, e, q
  ochos-locos deal going-wild --seed 7   print a random deal in that rule set's format
  ochos-locos check faciles deal.txt out.txt     compare an output with the game's
  ochos-locos simulate completos --games 1000000 --seed 1   win shares by seat and strategy

Rule sets:
  match-making       Assignment 2, Problem 1 (3 players)
  take-two           Assignment 2, Problem 2 (Rule of Two)
  going-wild         Assignment 2, Problem 3 (Loco rule)
  more-the-merrier   Assignment 2, Problem 4 (2 to 6 players)
  faciles            Assignment 4, Part I
  diversidad         Assignment 4, Part II (strategies C, N, S, B)
  completos          Assignment 4, Part III (FullGame: 8-card and 2-card rules)

On a terminal the cards are shown in their colours (NO_COLOR=1 turns that off); output to a
pipe or a file is always the assignment's exact text."
)]
struct Cli {
    // Optional so that a bare `ochos-locos` gets a one-line error listing the
    // subcommands rather than clap's whole help on stderr.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Assignment 2, Problem 1: three players, matching by colour or number.
    #[command(after_help = with_example(A2_INPUT, Variant::MatchMaking))]
    MatchMaking(PlayArgs),
    /// Assignment 2, Problem 2: a 2 makes the next player answer with a 2 or TAKE TWO.
    #[command(after_help = with_example(A2_INPUT, Variant::MatchMaking))]
    TakeTwo(PlayArgs),
    /// Assignment 2, Problem 3: a playable 8 is always played and names the next colour.
    #[command(after_help = with_example(A2_INPUT, Variant::MatchMaking))]
    GoingWild(PlayArgs),
    /// Assignment 2, Problem 4: Problem 3 for 2 to 6 players.
    #[command(after_help = with_example(A2P4_INPUT, Variant::MoreTheMerrier))]
    MoreTheMerrier(PlayArgs),
    /// Assignment 4, Part I: each player plays the first matching card in hand.
    #[command(after_help = with_example(A4P1_INPUT, Variant::Faciles))]
    Faciles(PlayArgs),
    /// Assignment 4, Part II: players with strategies C, N, S or B.
    #[command(after_help = with_example(A4P2_INPUT, Variant::Diversidad))]
    Diversidad(PlayArgs),
    /// Assignment 4, Part III: Part II with the 8-card and 2-card rules (FullGame).
    #[command(after_help = A4P3_INPUT)]
    Completos {
        #[command(flatten)]
        play: PlayArgs,
        /// Do not print the colour chosen with an 8 (` (G)`): the text's rule asks for
        /// it, but the text's example output never shows it; this reproduces the example.
        #[arg(long = "no-announce-colour")]
        no_announce_color: bool,
    },
    /// Play a deal and compare the game with an expected output, line by line.
    #[command(after_help = "\
Prints `ok: all N lines match`, or the first line that differs; exit status 0 when the
outputs are the same, 1 when they differ.

Example:
  ochos-locos check faciles deal.txt student-output.txt")]
    Check {
        /// The rule set to play.
        #[arg(value_parser = variant_parser(), value_name = "RULES")]
        variant: Variant,
        /// The deal, in the rule set's input format (`-`: standard input).
        deal: PathBuf,
        /// The output to check (a solution's, or a test case; `-`: standard input): the
        /// game's own output is the reference.
        #[arg(value_name = "OUTPUT")]
        expected: PathBuf,
        /// completos: expect no colour after an 8 (as the text's example).
        #[arg(long = "no-announce-colour")]
        no_announce_color: bool,
    },
    #[cfg(feature = "grade")]
    /// Write test cases for grading: targeted deals, their expected outputs, a manifest.
    #[command(after_help = CASES_HELP)]
    Cases {
        /// The rule set to write cases for.
        #[arg(value_parser = variant_parser(), value_name = "RULES")]
        variant: Variant,
        /// Random cases to add beyond the targeted ones.
        #[arg(long, value_name = "N", default_value_t = 0,
              value_parser = clap::value_parser!(u16).range(0..=10_000))]
        count: u16,
        /// The seed of the search (the same seed gives the same cases).
        #[arg(long, value_name = "S")]
        seed: u64,
        /// The directory to write the cases into (made if missing; files of the same
        /// names are replaced).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// completos: expected outputs print no colour after an 8 (as the text's example).
        #[arg(long = "no-announce-colour")]
        no_announce_color: bool,
    },
    #[cfg(feature = "grade")]
    /// Grade a program: run it on every case of a cases directory, compare its output.
    #[command(after_help = GRADE_HELP)]
    Grade {
        /// The rule set the cases are for.
        #[arg(value_parser = variant_parser(), value_name = "RULES")]
        variant: Variant,
        /// The directory `ochos-locos cases` wrote.
        #[arg(long, value_name = "DIR")]
        cases: PathBuf,
        #[command(flatten)]
        grading: GradingArgs,
    },
    #[cfg(feature = "grade")]
    /// Write a Gradescope autograder zip: setup.sh, run_autograder, the cases, this binary.
    #[command(after_help = GRADESCOPE_HELP)]
    Gradescope(GradescopeArgs),
    /// Play many random deals without output and print who wins how often.
    #[command(after_help = "\
Each game deals all 32 cards at random; game i of a run seeded with S is the same on any
machine and any number of threads. Seats keep their strategies; by default Assignment 4
seats take C, N, S, B in turn (diversidad, completos) or B (faciles). The report gives
each seat's wins, share and 95% interval, the games without a winner by reason, and the
turns per game (mean, median, 90th and 99th percentile, longest); --json prints the same
figures in the report format every game's simulate shares.

Example:
  ochos-locos simulate completos --games 1000000 --strategies SSNC --seed 1")]
    Simulate {
        /// The rule set to play.
        #[arg(value_parser = variant_parser(), value_name = "RULES")]
        variant: Variant,
        /// The number of players (2 to 6; Problems 1 to 3 take exactly 3).
        #[arg(long)]
        players: Option<usize>,
        /// Each seat's strategy, one letter a seat (B, C, N or S, or M for the IS-MCTS
        /// search; diversidad and completos): sets the number of players.
        #[arg(long, conflicts_with = "players")]
        strategies: Option<String>,
        #[command(flatten)]
        sim: SimArgs,
    },
    /// Step through a game written by `ochos-locos RULES --seed N --record FILE`, move by
    /// move.
    #[command(after_help = "\
Each line read is a command: Enter or n the next step, b or p the one before, s the start,
e the end, q to quit (the end of the input quits too). Each step tells what was played, in
the words of --human, then every hand (the game is over: nothing is secret any more), the
card to match and whose turn it is. A file whose play is not legal at its step is refused,
naming the step (exit status 2).

Examples:
  ochos-locos completos --seed 7 --human Bob --record game.json   play, and write it down
  ochos-locos replay game.json                                    step through it")]
    Replay {
        /// The recorded game.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Print a random deal (every card once) in a rule set's input format.
    #[command(after_help = "\
Example:
  ochos-locos deal completos --players 5 --seed 7 | ochos-locos completos")]
    Deal {
        /// The rule set whose input format to write.
        #[arg(value_parser = variant_parser(), value_name = "RULES")]
        variant: Variant,
        /// The number of players (2 to 6; Problems 1 to 3 take exactly 3).
        #[arg(long)]
        players: Option<usize>,
        /// The seed of the shuffle (a random one is chosen and shown on stderr if none).
        #[arg(long)]
        seed: Option<u64>,
    },
}

#[cfg(feature = "grade")]
/// The options of `gradescope`.
#[derive(Args)]
struct GradescopeArgs {
    /// The rule set to grade (or give --problem, once a problem).
    #[arg(value_parser = variant_parser(), value_name = "RULES",
          required_unless_present = "problem")]
    variant: Option<Variant>,
    /// The cases to pack (written by `ochos-locos cases`).
    #[arg(long, value_name = "DIR", required_unless_present = "problem")]
    cases: Option<PathBuf>,
    /// One problem of an assignment graded by the same autograder, instead of RULES,
    /// --cases and COMMAND: its rule set, its cases, its marks, its compile line (''
    /// for --compile's) and its command (words separated by spaces); give it once a
    /// problem. Each problem is graded apart (a problem that does not compile loses
    /// its own marks only) into one results.json.
    #[arg(long, num_args = 5,
          value_names = ["RULES", "CASES", "POINTS", "COMPILE", "COMMAND"],
          conflicts_with_all = ["variant", "cases", "command"])]
    problem: Vec<String>,
    #[command(flatten)]
    autograder: AutograderArgs,
    #[command(flatten)]
    marking: MarkingArgs,
    /// The student's program and its arguments, after `--`, run in the submission.
    #[arg(
        last = true,
        value_name = "COMMAND",
        required_unless_present = "problem"
    )]
    command: Vec<String>,
}

#[cfg(feature = "grade")]
/// The options of `grade` after RULES and --cases.
#[derive(Args)]
struct GradingArgs {
    #[command(flatten)]
    run: RunArgs,
    /// The project's own reading only: trailing whitespace and a missing final newline
    /// fail the case (by default they are reported and cost nothing), and so do the
    /// text's other readings (an endless run of DRAW lines in a game nobody can finish;
    /// completos without the colour after an 8, or with it after --no-announce-colour).
    #[arg(long)]
    strict: bool,
    #[command(flatten)]
    marking: MarkingArgs,
    /// --format gradescope --report FILE: this grading is the part NAME of several in
    /// one results.json (an assignment's problems): its tests are added to those already
    /// in FILE, named `NAME: case`.
    #[arg(long, value_name = "NAME")]
    part: Option<String>,
}

#[cfg(feature = "grade")]
/// The marks of the cases and what students see of them: the options `grade` and
/// `gradescope` share, with the feedback flags of a grader that has expected outputs to
/// hide.
type MarkingArgs = grader::args::MarkingArgs<grader::args::FeedbackArgs>;

#[cfg(feature = "grade")]
/// Refuses a --weight or --visibility pattern of `marking` that matches no case of
/// `cases` (a typing error would silently change nothing).
fn check_marking(
    marking: &MarkingArgs,
    cases: &[grader::Case<grade::Expected>],
) -> Result<(), Failure> {
    let names: Vec<&str> = cases.iter().map(|case| case.name.as_str()).collect();
    match marking.unmatched(&names) {
        Some(pattern) => Err(Failure::Usage(format!(
            "'{pattern}' matches no case (a case's name, or a pattern with *, such as \
             '*-random')"
        ))),
        None => Ok(()),
    }
}

#[cfg(feature = "grade")]
const CASES_HELP: &str = "\
For every situation the rule set has (a win by an 8, an 8 that changes the colour, chained
2s, a 2's penalty, a penalty that empties the deck, a stalemate, the deck emptied by a
draw, 2 and 6 players, a win by each strategy), seeded random deals are played until one
comes to it; --count random deals follow. DIR receives NAME.in (the deal, in the rule
set's input format), NAME.out (the expected output, the game's own), for completos
NAME.colour-not-announced.out (the other reading of the text: no colour after an 8; with
--no-announce-colour, NAME.colour-announced.out) and manifest.json (each case's name,
number of players, the situations it exercises and the readings of the text it accepts:
in Assignment 2 a stalemate passes with the closing line or with DRAW printed for ever).

Example:
  ochos-locos cases completos --count 30 --seed 1 --out cases/completos";

#[cfg(feature = "grade")]
const GRADE_HELP: &str = "\
COMMAND runs once per case with the case's deal (NAME.in) on standard input, isolated:
in a bubblewrap sandbox, with its own copy of --submission (as the --compile step left
it) as its working directory and nothing else of the machine in sight (no cases, no
results, no network, no kernel keyrings, a clean environment), every process it starts
killed when the run ends, and limits on memory (one budget for all its processes where a
control group can be made), processes, file size and CPU time. Without bubblewrap, as
root, it runs as a dedicated user id instead; --no-sandbox runs it as the grader. The
report names the isolation and the limits.

Its standard output must be the output of a reading of the text the case accepts (the
manifest lists them: the stalemate line or DRAW for ever in Assignment 2's games nobody
can finish, the colour after an 8 printed or not in completos); --strict keeps the
project's own. A case passes (naming the reading), or fails with the first differing line
(its number, both lines cut and escaped, the column where they differ), a crash (exit
status or signal, the last lines of standard error), a timeout, too much output, or no
output. Trailing whitespace and a missing final newline are reported and pass unless
--strict. Case names and files are checked before anything runs.

Exit status: 0 every case passed, 1 some failed, 2 bad usage (nothing graded).

Examples:
  ochos-locos grade completos --cases cases/completos --submission alice \
    --compile 'javac -proc:none ./*.java' -- java OchosLocosComplete
  ochos-locos grade take-two --cases cases/take-two --submission bob --format gradescope -- python3 a2p2.py";

#[cfg(feature = "grade")]
const GRADESCOPE_HELP: &str = "\
The zip follows Gradescope's layout: Gradescope unpacks it into /autograder/source, runs
setup.sh once (it installs bubblewrap when missing, then --setup), and for each
submission runs run_autograder, which grades the files in /autograder/submission with
`ochos-locos grade` (isolated, --format gradescope) into
/autograder/results/results.json. Set AUTOGRADER_ROOT to try the zip in a folder laid out
the same way. The binary packed is this one: build it in release with grading (`cargo build
--release -p ochos-locos --features grade`) on Linux x86-64 (as Gradescope's image) or for x86_64-unknown-linux-musl.

By default every case is worth 1 mark and visible, a wrong output's test does not quote
the expected line, and nothing tells the program which case it runs: --weight, --points,
--visibility, --show-expected, --verdict-only and --tell-case change that (docs/grading.md, \"Marks and
what students see\"). Several problems, each with its own cases, marks, compile line and
command, go into one autograder with --problem, once a problem.

Examples:
  ochos-locos gradescope completos --cases cases/completos --out autograder.zip \
    --setup 'apt-get install -y default-jdk-headless' --compile 'javac -proc:none ./*.java' \
    -- java OchosLocosComplete
  ochos-locos gradescope --out a2.zip --setup 'apt-get install -y default-jdk-headless' \
    --problem match-making cases/match-making 40 'javac -proc:none MatchMaking.java' 'java MatchMaking' \
    --problem take-two cases/take-two 15 'javac -proc:none TakeTwo.java' 'java TakeTwo' \
    --problem going-wild cases/going-wild 5 'javac -proc:none GoingWild.java' 'java GoingWild' \
    --problem more-the-merrier cases/more-the-merrier 5 'javac -proc:none MoreTheMerrier.java' \
      'java MoreTheMerrier'";

#[derive(Args)]
struct PlayArgs {
    /// The deal to play (`-` or none: standard input; at most 4 MB of UTF-8 text).
    file: Option<PathBuf>,
    /// Instead of reading a deal, deal a random one with this seed and play it (the same
    /// game as `ochos-locos deal RULES --seed N | ochos-locos RULES`).
    #[arg(long, conflicts_with_all = ["file", "sample"])]
    seed: Option<u64>,
    /// With --seed: the number of players (a deal from FILE or --sample has its own).
    #[arg(long)]
    players: Option<usize>,
    /// Play the assignment's own example deal for this rule set.
    #[arg(long, conflicts_with = "file")]
    sample: bool,
    /// Play seat NAME yourself at the terminal (NAME as the deal names it: `Alice`, or
    /// `2` for Assignment 2's numbered players); the other seats keep their strategies
    /// (or, with --opponent mcts, search). Your answers come from standard input, so the
    /// deal must be a FILE, --sample or --seed N. Before each of your turns you see your
    /// hand, the card to match and your plays, numbered: type a card (`r5` or `R5`), its
    /// number, or `d` to draw when that is your play; after an 8 that names a colour, type
    /// the colour (`G` or `green`); `?` shows the rules and `q` (or `quit`) quits at
    /// either question. Each turn is
    /// told in a sentence, not in the assignment's lines.
    /// Example: `ochos-locos completos --sample --human Bob`.
    #[arg(long, value_name = "NAME")]
    human: Option<String>,
    /// With --human: echo each answer after its prompt, for readable transcripts of
    /// piped input (as quattro, war and pig do).
    #[arg(long, requires = "human")]
    echo: bool,
    /// Who plays the computer's seats (every seat but --human's; without --human, every
    /// seat): each seat's own strategy (the deal's letter, or the rule set's player), or
    /// the IS-MCTS search (the strategy M: a stronger opponent that thinks ahead from what
    /// its seat sees; a few ms a move), as `quattro --opponent` chooses.
    /// Example: `ochos-locos completos --seed 7 --human Bob --opponent mcts`.
    #[arg(long, value_enum, value_name = "PLAYER", default_value_t = OpponentArg::Strategy)]
    opponent: OpponentArg,
    /// Write the game to FILE when it ends (also on q or the end of the input), for
    /// `ochos-locos replay FILE` or the web page: the seed, the seats and every play, as
    /// JSON. With --seed N only (the deal is drawn from the seed again): a deal from a
    /// FILE or --sample cannot be recorded. Without --human, the assignment's output is
    /// unchanged and the strategies' plays are written down.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
}

/// `--opponent`: the same values as `quattro --opponent`, `bot` naming the game's own
/// computer player in both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
// Plain comments, not doc comments: clap would list the values at length and so turn
// the whole `--help` into its long layout; the flag's help says what each means.
enum OpponentArg {
    // Each seat's strategy, as the deal or the rule set gives it.
    #[value(alias = "bot")]
    Strategy,
    // Information-set Monte Carlo tree search (the strategy M).
    Mcts,
}

/// `deal` with the seats the computer plays (all but `person`'s) given to `opponent`.
fn seat_opponents(deal: &mut Deal, person: Option<usize>, opponent: OpponentArg) {
    if opponent == OpponentArg::Mcts {
        for (seat, player) in deal.seats.iter_mut().enumerate() {
            if Some(seat) != person {
                player.strategy = Strategy::Mcts;
            }
        }
    }
}

// The input each rule set reads, for its `--help`; the example after it is the rule
// set's sample deal (`samples/*.in`, `--sample`), indented by `with_example`. Problems
// 1 to 3 read the same input, and show Problem 1's sample.
const A2_INPUT: &str = "\
Input: three lines with a hand of 5 cards each (players 1, 2, 3), a line with the starting
discard card, then the draw pile, top card first (on one line or several). A card is a colour
R, Y, G or B and a number 1 to 8, like R5; every card at most once.";

const A2P4_INPUT: &str = "\
Input: a line with the number of players N (2 to 6), N lines with a hand of 5 cards each, a
line with the starting discard card, then the draw pile, top card first. A card is a colour
R, Y, G or B and a number 1 to 8, like R5; every card at most once.";

const A4P1_INPUT: &str = "\
Input: a line with the number of players P (2 to 6), P lines `Name C1 C2 C3 C4 C5`, a line
with the starting discard card, then the deck, top card first. A card is a colour R, Y, G or
B and a number 1 to 8, like R5; every card at most once.";

const A4P2_INPUT: &str = "\
Input: as for faciles, but each player line names a strategy after the name:
`Name Strategy C1 C2 C3 C4 C5`, the strategy one of C (colour first), N (number first),
S (strategic) or B (basic).";

const A4P3_INPUT: &str = "\
Input: as for diversidad. The output prints the colour chosen with an 8 in parentheses,
`Bob Y1 G4 G8 B8: R8 (G)`, unless --no-announce-colour is given.

Example:
  ochos-locos completos --sample
  ochos-locos completos --seed 7 --players 5";

/// `text`, then the sample deal of `variant` (the file `--sample` reads) as its example,
/// each line indented by two spaces: a rule set's `--help` after the options.
fn with_example(text: &str, variant: Variant) -> String {
    let mut help = format!("{text}\n\nExample input:");
    for line in variant.sample().lines() {
        help.push_str("\n  ");
        help.push_str(line);
    }
    help
}

/// Parses a rule set's name, offering the seven names in `--help` and in errors.
fn variant_parser() -> impl TypedValueParser<Value = Variant> {
    PossibleValuesParser::new(Variant::ALL.map(Variant::name))
        .try_map(|name| name.parse::<Variant>())
}

/// Why a command did not run to its end; each prints as one line, and
/// `cards_core::cli::finish` gives it its exit status (2, but 0 for a closed pipe and 1
/// for a game cut short).
#[derive(Debug, thiserror::Error)]
enum Failure {
    #[error("{path}: {error}")]
    Read { path: String, error: io::Error },
    #[error("{0}")]
    Input(#[from] InputError),
    #[error("{0}")]
    Deal(#[from] cards_core::ParseError),
    #[error("{0}")]
    Random(#[from] ochos_locos::files::DealError),
    #[error("{0}")]
    Write(io::Error),
    #[error("{0}")]
    Setup(String),
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Game(#[from] Refusal),
    #[error("{0}")]
    Play(PlayError<Refusal>),
    #[cfg(feature = "grade")]
    #[error("{0}")]
    Cases(#[from] ochos_locos::cases::CasesError),
    #[error(transparent)]
    Record(#[from] RecordError),
    #[cfg(feature = "grade")]
    #[error("{0}")]
    Grade(#[from] grade::GradeFailure),
    #[error("{path}: {error}")]
    Replay {
        path: String,
        error: cards_core::replay::ReplayError,
    },
    /// The person's answers ended before the game did (exit status 1).
    #[error("{INPUT_ENDED}")]
    InputEnded,
}

impl cards_core::cli::Failure for Failure {
    fn is_broken_pipe(&self) -> bool {
        matches!(self, Failure::Write(error) if is_broken_pipe(error))
    }

    fn is_cut_short(&self) -> bool {
        matches!(self, Failure::InputEnded)
    }
}

impl From<PlayError<Refusal>> for Failure {
    fn from(error: PlayError<Refusal>) -> Failure {
        match error {
            PlayError::Stopped(Stop::Io(error)) => Failure::Write(error),
            error => Failure::Play(error),
        }
    }
}

/// Parses the arguments, runs the command, and turns its result into the exit status.
pub fn main() -> ExitCode {
    #[cfg(not(feature = "grade"))]
    // Playing needs none of the grader: its subcommands are in the build with `grade`.
    if let Some(code) =
        cards_core::cli::not_in_this_build(PROGRAM, &["cases", "grade", "gradescope"], "grade")
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
    let Some(command) = cli.command else {
        return Err(Failure::Usage(missing_subcommand()));
    };
    match command {
        Command::Replay { file } => run_replay(&file),
        Command::Deal {
            variant,
            players,
            seed,
        } => run_deal(variant, players, seed),
        Command::Check {
            variant,
            deal,
            expected,
            no_announce_color,
        } => run_check(variant, deal, expected, no_announce_color),
        #[cfg(feature = "grade")]
        Command::Cases {
            variant,
            count,
            seed,
            out,
            no_announce_color,
        } => run_cases(variant, count, seed, &out, no_announce_color),
        #[cfg(feature = "grade")]
        Command::Grade {
            variant,
            cases,
            grading,
        } => run_grade(variant, &cases, &grading),
        #[cfg(feature = "grade")]
        Command::Gradescope(args) => run_gradescope(args),
        Command::Simulate {
            variant,
            players,
            strategies,
            sim,
        } => run_simulate(variant, players, strategies.as_deref(), &sim),
        Command::MatchMaking(args) => run_game(Variant::MatchMaking, args, shown()),
        Command::TakeTwo(args) => run_game(Variant::TakeTwo, args, shown()),
        Command::GoingWild(args) => run_game(Variant::GoingWild, args, shown()),
        Command::MoreTheMerrier(args) => run_game(Variant::MoreTheMerrier, args, shown()),
        Command::Faciles(args) => run_game(Variant::Faciles, args, shown()),
        Command::Diversidad(args) => run_game(Variant::Diversidad, args, shown()),
        Command::Completos {
            play: args,
            no_announce_color,
        } => {
            let style = Style {
                announce_color: !no_announce_color,
                ..shown()
            };
            run_game(Variant::Completos, args, style)
        }
    }
}

/// `ochos-locos deal RULES`: a random deal in the rule set's input format.
fn run_deal(
    variant: Variant,
    players: Option<usize>,
    seed: Option<u64>,
) -> Result<ExitCode, Failure> {
    let deal = random_deal(variant, players, seed)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    ochos_locos::files::write_deal(&mut out, variant, &deal).map_err(Failure::Write)?;
    out.flush().map_err(Failure::Write)?;
    Ok(ExitCode::SUCCESS)
}

/// `ochos-locos check RULES DEAL OUTPUT`: the game's output compared with OUTPUT.
fn run_check(
    variant: Variant,
    deal: PathBuf,
    expected: PathBuf,
    no_announce_color: bool,
) -> Result<ExitCode, Failure> {
    if no_announce_color && variant != Variant::Completos {
        return Err(Failure::Usage(format!(
            "--no-announce-colour is for completos only: no other rule set names a \
             colour in parentheses (see {PROGRAM} check --help)"
        )));
    }
    // The game is compared with a file, never shown: its exact text.
    let style = Style {
        announce_color: !no_announce_color,
        ..Style::default()
    };
    if is_stdin(&deal) && is_stdin(&expected) {
        return Err(Failure::Usage(format!(
            "the deal and the output cannot both come from standard input (-): \
             give at least one as a file (see {PROGRAM} check --help)"
        )));
    }
    let deal = ochos_locos::files::parse_deal(variant, &read_input(variant, Some(deal))?)?;
    let expected = read_input(variant, Some(expected))?;
    let mut actual = Vec::new();
    render::play(variant, &deal, style, &mut actual)?;
    let verdict = check::compare(&expected, &String::from_utf8_lossy(&actual));
    let mut out = io::BufWriter::new(io::stdout().lock());
    writeln!(out, "{verdict}").map_err(Failure::Write)?;
    out.flush().map_err(Failure::Write)?;
    // A difference found is the answer asked for, not a failure: exit status 1.
    Ok(if verdict.is_same() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_CUT_SHORT)
    })
}

#[cfg(feature = "grade")]
/// `ochos-locos cases RULES`: the test cases for grading, written to `dir`.
fn run_cases(
    variant: Variant,
    count: u16,
    seed: u64,
    dir: &Path,
    no_announce_color: bool,
) -> Result<ExitCode, Failure> {
    if no_announce_color && variant != Variant::Completos {
        return Err(Failure::Usage(
            "--no-announce-colour is for completos only".to_owned(),
        ));
    }
    // The expected outputs go to files: the exact text.
    let style = Style {
        announce_color: !no_announce_color,
        ..Style::default()
    };
    let set = ochos_locos::cases::make(variant, seed, usize::from(count), style)?;
    set.write(dir).map_err(|error| Failure::Read {
        path: dir.display().to_string(),
        error,
    })?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    write_cases(&mut out, &set, dir).map_err(Failure::Write)?;
    out.flush().map_err(Failure::Write)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(feature = "grade")]
/// `ochos-locos grade RULES`: a program run on every case and its outputs compared.
fn run_grade(variant: Variant, cases: &Path, grading: &GradingArgs) -> Result<ExitCode, Failure> {
    let run = &grading.run;
    if grading.part.is_some() && (run.format != grader::Format::Gradescope || run.report.is_none())
    {
        return Err(Failure::Usage(
            "--part is for --format gradescope with --report FILE".to_owned(),
        ));
    }
    let part = grading.part.as_deref().map(|name| grader::Part {
        name,
        points: grading.marking.points.unwrap_or(0.0),
    });
    let marking = grading.marking.marking();
    let graded = grade::read_cases(variant, cases)
        .map_err(Failure::from)
        .and_then(|read| check_marking(&grading.marking, &read))
        .and_then(|()| {
            run.sandbox(vec![cases.to_path_buf()])
                .map_err(grade::GradeFailure::from)
                .and_then(|sandbox| {
                    grade::grade(
                        variant,
                        cases,
                        &sandbox,
                        &run.command,
                        &run.options(grading.strict, grading.marking.tell_case),
                    )
                })
                .map_err(Failure::from)
        })
        .and_then(|mut report| {
            marking.apply(&mut report).map_err(Failure::Usage)?;
            Ok(report)
        });
    let mut out = io::BufWriter::new(io::stdout().lock());
    let status = run.conclude(graded, part, &mut out, Failure::Write)?;
    Ok(ExitCode::from(status))
}

#[cfg(feature = "grade")]
/// `ochos-locos gradescope`: the autograder zip.
fn run_gradescope(args: GradescopeArgs) -> Result<ExitCode, Failure> {
    let GradescopeArgs {
        variant,
        cases,
        problem,
        autograder,
        marking,
        command,
    } = args;
    let problems = match (variant, cases) {
        (Some(variant), Some(cases)) => {
            vec![(variant, cases, None, autograder.compile.clone(), command)]
        }
        _ => problems(&problem, autograder.compile.as_deref())?,
    };
    let several = problems.len() > 1 || !problem.is_empty();
    let mut parts = Vec::new();
    let mut seen = Vec::new();
    for (variant, cases, points, compile, command) in problems {
        // The cases are checked as grade would read them, before anything is
        // written, and so are the patterns of --weight and --visibility.
        check_marking(&marking, &grade::read_cases(variant, &cases)?)?;
        if seen.contains(&variant) {
            return Err(Failure::Usage(format!(
                "--problem {}: given twice",
                variant.name()
            )));
        }
        seen.push(variant);
        let folder = if several {
            format!("cases/{}", variant.name())
        } else {
            "cases".to_owned()
        };
        let mut grade = vec![
            "grade".to_owned(),
            variant.name().to_owned(),
            "--cases".to_owned(),
            format!("\"$AG/source/{folder}\""),
        ];
        grade.extend(autograder.grade_args());
        let mut marking = marking.clone();
        if let Some(points) = points {
            marking.points = Some(points);
        }
        grade.extend(marking.grade_args());
        if several {
            grade.push("--part".to_owned());
            grade.push(variant.name().to_owned());
        }
        parts.push(grader::zip::Part {
            grade,
            command,
            compile,
            cases: Some((folder, cases)),
        });
    }
    let zip = autograder.autograder(PROGRAM, parts);
    let mut out = io::BufWriter::new(io::stdout().lock());
    autograder.write(&zip, &mut out).map_err(Failure::Write)?;
    Ok(ExitCode::SUCCESS)
}

/// `ochos-locos simulate RULES`: who wins how often.
fn run_simulate(
    variant: Variant,
    players: Option<usize>,
    strategies: Option<&str>,
    sim: &SimArgs,
) -> Result<ExitCode, Failure> {
    let setup = simulation_setup(variant, players, strategies)?;
    let text = figures(PROGRAM, &setup, sim).map_err(|error| match error {
        SimError::Game { error, .. } => Failure::from(error),
        error => Failure::Setup(error.to_string()),
    })?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    out.write_all(text.as_bytes()).map_err(Failure::Write)?;
    out.flush().map_err(Failure::Write)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(feature = "grade")]
/// One problem of `gradescope --problem`: its rule set, cases, marks, compile line and
/// command.
type Problem = (Variant, PathBuf, Option<f64>, Option<String>, Vec<String>);

#[cfg(feature = "grade")]
/// The problems of `gradescope --problem RULES CASES POINTS COMPILE COMMAND` (an empty
/// COMPILE takes `compile`, --compile's line).
fn problems(given: &[String], compile: Option<&str>) -> Result<Vec<Problem>, Failure> {
    // clap takes exactly five values an occurrence, in order.
    given
        .chunks(5)
        .map(|fields| {
            let [rules, cases, points, line, command] = fields else {
                return Err(Failure::Usage(
                    "--problem takes five values: RULES CASES POINTS COMPILE COMMAND".to_owned(),
                ));
            };
            let variant = rules.parse::<Variant>().map_err(|_| {
                Failure::Usage(format!(
                    "--problem: unknown rule set '{}' (one of {})",
                    grader::printable(rules),
                    Variant::ALL.map(Variant::name).join(", ")
                ))
            })?;
            let points = grader::report::parse_points(points)
                .map_err(|why| Failure::Usage(format!("--problem {rules}: {why}")))?;
            let command: Vec<String> = command.split_whitespace().map(str::to_owned).collect();
            if command.is_empty() {
                return Err(Failure::Usage(format!(
                    "--problem {rules}: the command is empty"
                )));
            }
            let line = if line.trim().is_empty() {
                compile.map(str::to_owned)
            } else {
                Some(line.clone())
            };
            Ok((variant, PathBuf::from(cases), Some(points), line, command))
        })
        .collect()
}

/// How a game is shown on standard output: the rule set's exact text, with the cards in
/// colour when a person is likely reading it. This is the one place that decides.
fn shown() -> Style {
    Style {
        cards: cards_core::paint::CardStyle::ansi_if(cards_core::cli::stdout_wants_color()),
        ..Style::default()
    }
}

/// The error for a bare `ochos-locos`: a subcommand is needed, and which there are.
fn missing_subcommand() -> String {
    use clap::CommandFactory;
    let command = Cli::command();
    let (rule_sets, tools): (Vec<&str>, Vec<&str>) = command
        .get_subcommands()
        .map(clap::Command::get_name)
        .filter(|name| *name != "help")
        .partition(|name| name.parse::<Variant>().is_ok());
    format!(
        "a subcommand is needed: a rule set to play ({}), or {} (see {PROGRAM} --help)",
        rule_sets.join(", "),
        cards_core::names::or_list(tools)
    )
}

#[cfg(feature = "grade")]
/// What `cases` wrote: one line a case (name, players, situations).
fn write_cases(
    out: &mut impl Write,
    set: &ochos_locos::cases::CaseSet,
    dir: &std::path::Path,
) -> io::Result<()> {
    let manifest = &set.manifest;
    let width = manifest
        .cases
        .iter()
        .map(|c| c.name.len())
        .max()
        .unwrap_or(4);
    writeln!(out, "{:<width$}  players  situations", "case")?;
    for case in &manifest.cases {
        writeln!(
            out,
            "{:<width$}  {:>7}  {}",
            case.name,
            case.players,
            case.situations.join(" ")
        )?;
    }
    for situation in &set.not_found {
        writeln!(
            out,
            "no deal of the search came to {} ({})",
            situation.name, situation.about
        )?;
    }
    writeln!(
        out,
        "{} for {}, seed {}, written to {}",
        count_of(manifest.cases.len() as u64, "case"),
        manifest.rules,
        manifest.seed,
        dir.display()
    )
}

/// The seats of a simulation: the strategies named, or the rule set's defaults.
fn simulation_setup(
    variant: Variant,
    players: Option<usize>,
    letters: Option<&str>,
) -> Result<Setup, Failure> {
    let strategies: Vec<Strategy> = match (letters, variant.format()) {
        (Some(letters), DealFormat::Named { strategies: true }) => letters
            .chars()
            .map(|letter| {
                Strategy::for_seat_letter(&letter.to_string()).ok_or_else(|| {
                    Failure::Setup(format!(
                        "'{}' is not a strategy: use B, C, N, S or M, one a seat",
                        quoted(&letter.to_string())
                    ))
                })
            })
            .collect::<Result<_, _>>()?,
        (Some(_), _) => {
            return Err(Failure::Setup(format!(
                "{variant} has no strategies: --strategies is for diversidad and completos"
            )));
        }
        (None, format) => {
            let players = players.unwrap_or(variant.default_players());
            let cycle: &[Strategy] = match format {
                DealFormat::Numbered { .. } => &[Strategy::Rainbow],
                DealFormat::Named { strategies: false } => &[Strategy::Basic],
                DealFormat::Named { strategies: true } => &LETTERED_CNSB,
            };
            cycle.iter().copied().cycle().take(players).collect()
        }
    };
    Ok(Setup::new(variant, &strategies)?)
}

/// The default seats of a simulation with strategies: colour, number, strategic, basic.
const LETTERED_CNSB: [Strategy; 4] = [
    Strategy::ColorFirst,
    Strategy::NumberFirst,
    Strategy::Strategic,
    Strategy::Basic,
];

fn random_deal(
    variant: Variant,
    players: Option<usize>,
    seed: Option<u64>,
) -> Result<Deal, Failure> {
    let players = players.unwrap_or(variant.default_players());
    // Check the request before choosing (and announcing) a seed.
    check_players(variant, players)?;
    let seed = resolve_seed(PROGRAM, seed);
    Ok(Deal::random(variant, players, &mut rng_from_seed(seed))?)
}

/// `ochos-locos RULES`: a deal played under the rule set, by its strategies or with a
/// person at one seat.
fn run_game(variant: Variant, args: PlayArgs, style: Style) -> Result<ExitCode, Failure> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.players.is_some() && args.seed.is_none() {
        return Err(Failure::Usage(format!(
            "--players is for --seed only: a deal from a FILE, standard input or --sample \
             has its own players (see {PROGRAM} {variant} --help)"
        )));
    }
    if args.record.is_some() && args.seed.is_none() {
        return Err(Failure::Usage(format!(
            "--record is for --seed only: a replay draws the deal from the seed again, and a \
             deal from a FILE, standard input or --sample has none (see {PROGRAM} {variant} --help)"
        )));
    }
    let deal_on_stdin = args.file.as_deref().is_none_or(is_stdin);
    if args.human.is_some() && args.seed.is_none() && !args.sample && deal_on_stdin {
        return Err(Failure::Usage(format!(
            "--human reads the person's answers from standard input, so the deal cannot \
             come from there too: give a FILE, --sample or --seed N (see {PROGRAM} {variant} --help)"
        )));
    }
    let mut deal = match (args.seed, args.sample) {
        (Some(seed), _) => random_deal(variant, args.players, Some(seed))?,
        (None, true) => ochos_locos::files::parse_deal(variant, variant.sample())?,
        (None, false) => ochos_locos::files::parse_deal(variant, &read_input(variant, args.file)?)?,
    };
    let seat = args
        .human
        .as_deref()
        .map(|name| seat_named(&deal, name))
        .transpose()?;
    seat_opponents(&mut deal, seat, args.opponent);
    let Some(seat) = seat else {
        return play_bots(
            variant,
            &deal,
            style,
            args.record.as_deref(),
            args.seed,
            out,
        );
    };
    // Created before the game, so that a file that cannot be written plays nothing.
    let recorder = args
        .seed
        .map(|seed| Recorder::new(PROGRAM, args.record.as_deref(), seed))
        .transpose()?;
    let players = deal.seats.len();
    let table = Table {
        players,
        seat,
        opponent: args.opponent,
    };
    let ending = play_human(variant, deal, table, style, args.echo, recorder, &mut out);
    out.flush().map_err(Failure::Write)?;
    match ending? {
        // Quitting is an ending the person chose: exit status 0, as in the other games.
        Ending::Over(_) | Ending::Quit => Ok(ExitCode::SUCCESS),
        Ending::InputEnded => Err(Failure::InputEnded),
    }
}

/// The deal played by the seats' strategies, printed as the rule set prints it, and
/// recorded to `record` (for a seeded deal).
fn play_bots(
    variant: Variant,
    deal: &Deal,
    style: Style,
    record: Option<&Path>,
    seed: Option<u64>,
    mut out: impl Write,
) -> Result<ExitCode, Failure> {
    // Created before the game, so that a file that cannot be written plays nothing.
    let record_file = record
        .map(|path| {
            std::fs::File::create(path).map_err(|error| Failure::Read {
                path: path.display().to_string(),
                error,
            })
        })
        .transpose()?;
    let mut actions = Vec::new();
    let played = render::play_recorded(variant, deal, style, &mut out, &mut actions);
    // Written whatever the end, so that nothing is lost.
    if let (Some(mut file), Some(path), Some(seed)) = (record_file, record, seed) {
        let start = ochos_locos::replay::start(variant, deal, None)?;
        let recording = cards_core::replay::record(&start, seed, &actions).map_err(|error| {
            Failure::Replay {
                path: path.display().to_string(),
                error,
            }
        })?;
        file.write_all(recording.to_json().as_bytes())
            .map_err(|error| Failure::Read {
                path: path.display().to_string(),
                error,
            })?;
    }
    played?;
    out.flush().map_err(Failure::Write)?;
    Ok(ExitCode::SUCCESS)
}

/// `ochos-locos replay FILE`: steps through a recorded game, the commands on standard
/// input. The whole file is read (within the workspace's size limit) and replayed before
/// anything is shown.
fn run_replay(path: &Path) -> Result<ExitCode, Failure> {
    let text = read_file(path)?;
    let frames = ochos_locos::replay::frames(&text).map_err(|error| Failure::Replay {
        path: path.display().to_string(),
        error,
    })?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    cards_core::replay::step_through(&frames, io::stdin().lock(), &mut out, |frame, out| {
        ochos_locos::replay::show(frame, out)
    })
    .map_err(Failure::Write)?;
    out.flush().map_err(Failure::Write)?;
    Ok(ExitCode::SUCCESS)
}

/// The seat `--human NAME` names, or the error listing the seats.
fn seat_named(deal: &Deal, name: &str) -> Result<usize, Failure> {
    deal.seat_named(name).ok_or_else(|| {
        let names: Vec<String> = deal
            .seats
            .iter()
            .map(|seat| quoted(&seat.name).to_string())
            .collect();
        Failure::Usage(format!(
            "--human '{}' is no seat of this deal: the seats are {}",
            quoted(name),
            cards_core::names::or_list(names.iter().map(String::as_str))
        ))
    })
}

/// Plays `deal` with a person at `seat` (the console game), every game written to its
/// `--record` file whatever its end. A seeded session (`recorder`) asks `Play again?`
/// after a game played to its end, as War and Quattro do: the next game is a new deal
/// of the rule set for as many players, from a seed of its own, announced, the person in
/// the same seat. A deal from a FILE or `--sample` is that one game.
fn play_human(
    variant: Variant,
    mut deal: Deal,
    table: Table,
    style: Style,
    echo: bool,
    mut recorder: Option<Recorder>,
    out: &mut impl Write,
) -> Result<Ending, Failure> {
    let seat = table.seat;
    let mut console = Console::new(io::stdin().lock(), out).with_echo(echo);
    let options = console::Options { variant, style };
    loop {
        let (game, order) = deal
            .table(variant)
            .map_err(|error| PlayError::Refused { seat: None, error })?;
        let mut game = game.with_person(Some(seat));
        let mut tape = Tape::new(&game);
        let mut chance = ChanceSource::recorded(vec![order]);
        let played = console::play(&mut game, &mut chance, &mut console, &options, &mut tape);
        // Whatever the end: what was played is recorded.
        if let Some(recorder) = recorder.as_mut() {
            recorder.ended(&tape)?;
        }
        let ending = played?;
        let Some(recorder) = recorder.as_mut() else {
            return Ok(ending);
        };
        if !matches!(ending, Ending::Over(_)) || !console.ask_again().map_err(Failure::Write)? {
            return Ok(ending);
        }
        let seed = recorder.next_game()?;
        deal = Deal::random(variant, table.players, &mut rng_from_seed(seed))?;
        seat_opponents(&mut deal, Some(seat), table.opponent);
    }
}

/// Who sits at a console game's table, from one game of a session to the next: the
/// number of players, the person's seat and who plays the others.
struct Table {
    players: usize,
    seat: usize,
    opponent: OpponentArg,
}

/// Whether a FILE argument names standard input (`-`, as most tools read it).
fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Reads a deal or an output from `file`, or from standard input when there is none or
/// it is `-`: at most `MAX_INPUT` bytes of UTF-8, a leading byte-order mark dropped, so
/// that an endless input (`< /dev/zero`) is refused in bounded memory.
fn read_input(variant: Variant, file: Option<PathBuf>) -> Result<String, Failure> {
    match file {
        Some(path) if !is_stdin(&path) => Ok(read_file(&path)?),
        _ => {
            let stdin = io::stdin();
            if stdin.is_terminal() {
                warn(
                    PROGRAM,
                    format_args!(
                        "reading a deal from the terminal; end it with Ctrl-D \
                         (or give a FILE, --sample or --seed N; see `{PROGRAM} {variant} --help`)"
                    ),
                );
            }
            Ok(read_text(stdin.lock(), "standard input")?)
        }
    }
}
