//! What every binary of the workspace shares on the command line (with the `clap`
//! feature, which only the binaries turn on): exit statuses, the one-line error report,
//! the announced random seed, colour on a terminal, and argument parsing. The game
//! libraries never print; this module and `sim_cli` are the binaries' own code.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

/// The game ran to its end (or the user quit as the game allows).
pub const EXIT_OK: u8 = 0;
/// The game was cut short: the input ended before the game did.
pub const EXIT_CUT_SHORT: u8 = 1;
/// Bad input or usage: nothing was played.
pub const EXIT_BAD_INPUT: u8 = 2;

/// What every interactive game says on stderr when a person's input ends before the game
/// does (after `PROGRAM: `): the line of its `Failure` that [`finish`] gives exit status
/// 1.
pub const INPUT_ENDED: &str = "the input ended before the game did; nobody won";

/// The seed to play with: the user's (any `u64`), or a fresh one of at most 9 digits
/// ([`random_seed`](crate::rng::random_seed)) announced on stderr as
/// `PROGRAM: seed N (replay with --seed N)` so that the game can be replayed. Standard
/// output is left alone: it carries the game.
pub fn resolve_seed(program: &str, seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let seed = crate::rng::random_seed();
        warn(
            program,
            format_args!("seed {seed} (replay with --seed {seed})"),
        );
        seed
    })
}

/// What the exit status needs to know of a binary's failure: each game's own `Failure`
/// (why a command did not run to its end) says whether it is a closed pipe or a game
/// cut short; anything else was bad input or usage.
pub trait Failure: fmt::Display {
    /// A closed pipe (`GAME … | head`): the reader wanted no more, which is no failure.
    fn is_broken_pipe(&self) -> bool;

    /// The game was cut short (the answers or a chance file ended before it did): exit
    /// status 1 with the failure's line, not the status 2 of bad input. Games that are
    /// never cut short keep the default.
    fn is_cut_short(&self) -> bool {
        false
    }
}

/// The exit status of a command, written once for every game's binary: its own status
/// when it ran (a game, or `check`/`grade`'s 0 or 1), 0 for a closed pipe, 1 with the
/// failure's line for a game cut short ([`EXIT_CUT_SHORT`]), else the one-line report
/// and 2 ([`report`]).
pub fn finish<F: Failure>(program: &str, result: Result<ExitCode, F>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(failure) if failure.is_broken_pipe() => ExitCode::SUCCESS,
        Err(failure) if failure.is_cut_short() => {
            warn(program, failure);
            ExitCode::from(EXIT_CUT_SHORT)
        }
        Err(failure) => report(program, failure),
    }
}

/// Prints `PROGRAM: ERROR` on one line on stderr and returns exit status 2.
pub fn report(program: &str, error: impl fmt::Display) -> ExitCode {
    warn(program, error);
    ExitCode::from(EXIT_BAD_INPUT)
}

/// A subcommand a cargo feature leaves out of this build, asked for (the first argument
/// is one of `subcommands`): the one-line error saying how to build it, exit status 2,
/// where clap would say only that it knows no such subcommand. `program` is also the
/// crate's name and folder under `crates/`, as for every game.
pub fn not_in_this_build(program: &str, subcommands: &[&str], feature: &str) -> Option<ExitCode> {
    let first = std::env::args_os().nth(1)?;
    let name = subcommands.iter().find(|name| first == **name)?;
    Some(report(
        program,
        format_args!(
            "'{name}' is not in this build: build it with `cargo build -p {program} --features {feature}` \
             (or `cargo install --path crates/{program} --features {feature}`)"
        ),
    ))
}

/// Writes `PROGRAM: MESSAGE` on one line on stderr. A stderr that cannot be written (a
/// full disk, a closed pipe) loses the message but never panics, unlike `eprintln!`: the
/// exit status still says what happened.
pub fn warn(program: &str, message: impl fmt::Display) {
    let _ignored = writeln!(io::stderr().lock(), "{program}: {message}");
}

/// Whether a game shows its cards in colour: only when stdout is a terminal, not when
/// `NO_COLOR` is set to anything but the empty string (no-color.org), and not when `TERM`
/// is `dumb` (a terminal that knows no escape sequences, such as Emacs' shell). A pipe or
/// a file always gets plain text, so every exact output stays exact.
pub fn stdout_wants_color() -> bool {
    wants_color(
        io::IsTerminal::is_terminal(&io::stdout()),
        std::env::var_os("NO_COLOR"),
        std::env::var_os("TERM"),
    )
}

/// [`stdout_wants_color`]'s rule, for a given terminal, `NO_COLOR` and `TERM`.
pub fn wants_color(
    terminal: bool,
    no_color: Option<std::ffi::OsString>,
    term: Option<std::ffi::OsString>,
) -> bool {
    terminal
        && no_color.is_none_or(|value| value.is_empty())
        && term.is_none_or(|term| term != "dumb")
}

/// Writes `text` to stdout and gives the exit status: 0, also when the reader closed the
/// pipe (`… | head`), or 2 with one error line (a full disk).
pub fn write_stdout(program: &str, text: &str) -> ExitCode {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => report(program, error),
    }
}

/// Whether an I/O error is a closed pipe (`ochos-locos … | head`), which is no failure:
/// the reader simply wanted no more.
pub fn is_broken_pipe(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::BrokenPipe
}

/// The one-line form of a usage error as an argument parser (clap) renders it over
/// several lines: its first line without the `error: ` prefix, the list of possible
/// values if it gives one, and which help to read, taken from its `Usage:` line:
/// `invalid value 'x' for '--order <ORDER>' [possible values: a, b] (see war --help)`.
pub fn usage_line(program: &str, rendered: &str) -> String {
    usage_line_for(program, rendered)
}

/// [`usage_line`], naming `command` (`war simulate`) when the message has no `Usage:`
/// line to name it (clap gives none for a bad value).
fn usage_line_for(command: &str, rendered: &str) -> String {
    // The message is the first paragraph: its first line, then indented details such as
    // the missing arguments or the possible values.
    let paragraph: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|line| !line.is_empty())
        .collect();
    let message = paragraph.join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    let command = rendered
        .lines()
        .find_map(|line| line.trim().strip_prefix("Usage: "))
        .map(|usage| {
            let words: Vec<&str> = usage
                .split_whitespace()
                .take_while(|word| !word.starts_with(['-', '[', '<']))
                .collect();
            words.join(" ")
        })
        .filter(|command| !command.is_empty())
        .unwrap_or_else(|| command.to_owned());
    format!("{message} (see {command} --help)")
}

/// Parses the command line into `P`, or says why not: `--help` and `--version` print
/// and give exit status 0, a usage error is reported on one line ([`usage_line`]) with
/// exit status 2. (With the `clap` feature.)
#[cfg(feature = "clap")]
pub fn parse_args<P: clap::Parser>(program: &str) -> Result<P, ExitCode> {
    parse_with::<P>(program, P::command())
}

/// [`parse_args`] with `command`, `P`'s own parser changed (its help extended).
#[cfg(feature = "clap")]
fn parse_with<P: clap::Parser>(program: &str, command: clap::Command) -> Result<P, ExitCode> {
    command
        .try_get_matches_from(std::env::args_os())
        .and_then(|matches| P::from_arg_matches(&matches))
        .map_err(|error| error.format(&mut P::command()))
        .map_err(|error| {
            if error.use_stderr() {
                let command = subcommand_path(&P::command(), program, std::env::args().skip(1));
                let line = usage_line_for(&command, &error.render().to_string());
                return report(program, line);
            }
            match error.print() {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
                Err(e) => report(program, e),
            }
        })
}

/// [`parse_args`] for a game's binary, with the two subcommands every game has beside its own
/// (feature `generate`): `GAME completions SHELL` writes the shell's completion script
/// for the binary (bash, elvish, fish, powershell or zsh; `clap_complete`) and `GAME man`
/// its man page in roff (`clap_mangen`), both on stdout with exit status 0, both made
/// from the binary's own parser, so they list exactly its subcommands and options. An
/// unknown or missing SHELL is a usage error (one line, status 2). `--help` names them
/// in its last paragraph (they are for installing, not for playing).
#[cfg(feature = "generate")]
pub fn parse_game_args<P: clap::Parser>(program: &str) -> Result<P, ExitCode> {
    // One more than any of the two takes, so that an extra argument is refused, not dropped.
    let args: Vec<String> = std::env::args().skip(1).take(4).collect();
    match args.first().map(String::as_str) {
        Some("completions") => Err(completions::<P>(program, &args[1..])),
        Some("man") => Err(man::<P>(program, &args[1..])),
        _ => {
            let command = P::command();
            let install = format!(
                "Installing: `{program} completions SHELL` writes the completion script of \
                 SHELL (bash, elvish, fish, powershell or zsh), `{program} man` the man page."
            );
            let after = match command.get_after_help() {
                Some(text) => format!("{text}\n\n{install}"),
                None => install,
            };
            parse_with::<P>(program, command.after_help(after))
        }
    }
}

/// `GAME man`: the binary's man page on stdout. `GAME man --out DIR`: that page and one
/// for each subcommand (`GAME-SUBCOMMAND.1`, the pages the first one's SUBCOMMANDS
/// section names) written into DIR, created if missing, each file's path printed. A
/// page that cannot be written is one line on stderr, status 2.
#[cfg(feature = "generate")]
fn man<P: clap::Parser>(program: &str, args: &[String]) -> ExitCode {
    let dir = match args {
        [] => {
            let mut page = Vec::new();
            return match clap_mangen::Man::new(P::command()).render(&mut page) {
                Ok(()) => write_stdout_bytes(program, &page),
                Err(error) => report(program, error),
            };
        }
        [flag, dir] if flag == "--out" => dir.as_str(),
        [flag] if flag.starts_with("--out=") => &flag["--out=".len()..],
        _ => {
            return report(
                program,
                format!(
                    "usage: {program} man [--out DIR] (the man page on stdout, or every page \
                     written into DIR)"
                ),
            );
        }
    };
    let dir = std::path::Path::new(dir);
    let mut written = Vec::new();
    let mut command = P::command().disable_help_subcommand(true);
    command.build();
    let made = std::fs::create_dir_all(dir).and_then(|()| man_pages(command, dir, &mut written));
    if let Err(error) = made {
        return report(
            program,
            format!(
                "man --out `{}`: {error}",
                crate::input::quoted(&dir.display().to_string())
            ),
        );
    }
    let list: String = written
        .iter()
        .map(|path| format!("{}\n", path.display()))
        .collect();
    write_stdout_bytes(program, list.as_bytes())
}

/// Writes the page of `command` and of each of its subcommands that `--help` shows, the
/// subcommands first, into `dir`; `written` gets each file's path.
#[cfg(feature = "generate")]
fn man_pages(
    command: clap::Command,
    dir: &std::path::Path,
    written: &mut Vec<std::path::PathBuf>,
) -> io::Result<()> {
    for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        man_pages(sub.clone(), dir, written)?;
    }
    written.push(clap_mangen::Man::new(command).generate_to(dir)?);
    Ok(())
}

/// `GAME completions SHELL`: the script, or a one-line usage error.
#[cfg(feature = "generate")]
fn completions<P: clap::Parser>(program: &str, args: &[String]) -> ExitCode {
    use clap::ValueEnum;
    use clap_complete::Shell;
    let shells = || {
        Shell::value_variants()
            .iter()
            .filter_map(|shell| shell.to_possible_value())
            .map(|value| value.get_name().to_owned())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let shell = match args {
        [shell] => match Shell::from_str(shell, true) {
            Ok(shell) => shell,
            Err(_) => {
                return report(
                    program,
                    format!(
                        "{program} completions: '{}' is not a shell: one of {}",
                        crate::input::quoted(shell),
                        shells()
                    ),
                );
            }
        },
        _ => {
            return report(
                program,
                format!(
                    "{program} completions takes one shell: one of {} (example: {program} \
                     completions bash)",
                    shells()
                ),
            );
        }
    };
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut P::command(), program, &mut script);
    write_stdout_bytes(program, &script)
}

/// [`write_stdout`] for bytes.
#[cfg(feature = "generate")]
fn write_stdout_bytes(program: &str, bytes: &[u8]) -> ExitCode {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => report(program, error),
    }
}

/// The subcommand the arguments name, as a command line (`war simulate`): each word
/// that is a subcommand of the command so far, in order. (A flag's value that happens to
/// be a subcommand's name would be taken for it; only the pointer to help depends on it.)
#[cfg(feature = "clap")]
fn subcommand_path(
    command: &clap::Command,
    program: &str,
    args: impl Iterator<Item = String>,
) -> String {
    let mut path = vec![program.to_owned()];
    let mut command = command;
    for arg in args {
        if let Some(sub) = command.find_subcommand(&arg) {
            path.push(sub.get_name().to_owned());
            command = sub;
        }
    }
    path.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[cfg(feature = "clap")]
    #[test]
    fn errors_point_to_the_help_of_the_subcommand_named() {
        let command = clap::Command::new("war")
            .subcommand(clap::Command::new("simulate").subcommand(clap::Command::new("deep")))
            .subcommand(clap::Command::new("deal"));
        let path = |args: &[&str]| {
            subcommand_path(&command, "war", args.iter().map(|arg| (*arg).to_owned()))
        };
        assert_eq!(path(&["simulate", "--order", "x"]), "war simulate");
        assert_eq!(path(&["--seed", "1", "deal"]), "war deal");
        assert_eq!(path(&["simulate", "deep"]), "war simulate deep");
        assert_eq!(path(&["--order", "x"]), "war");
    }

    /// A made-up binary's failures, one of each kind `finish` tells apart.
    #[derive(Debug)]
    enum Made {
        Pipe,
        CutShort,
        Bad,
    }

    impl fmt::Display for Made {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{self:?}")
        }
    }

    impl Failure for Made {
        fn is_broken_pipe(&self) -> bool {
            matches!(self, Made::Pipe)
        }

        fn is_cut_short(&self) -> bool {
            matches!(self, Made::CutShort)
        }
    }

    /// The workspace's exit statuses (ARCHITECTURE.md, "Errors"): a command's own status
    /// stands (`check` finding a difference is 1), a closed pipe is 0, a game cut short
    /// 1, anything else 2.
    #[test]
    fn a_result_becomes_the_workspaces_exit_status() {
        let status = |result: Result<ExitCode, Made>| format!("{:?}", finish("made", result));
        let code = |code: u8| format!("{:?}", ExitCode::from(code));
        assert_eq!(status(Ok(ExitCode::from(1))), code(1));
        assert_eq!(status(Ok(ExitCode::SUCCESS)), code(EXIT_OK));
        assert_eq!(status(Err(Made::Pipe)), code(EXIT_OK));
        assert_eq!(status(Err(Made::CutShort)), code(EXIT_CUT_SHORT));
        assert_eq!(status(Err(Made::Bad)), code(EXIT_BAD_INPUT));
    }

    #[test]
    fn color_only_on_a_terminal_without_no_color_and_not_dumb() {
        use std::ffi::OsString;
        let xterm = || Some(OsString::from("xterm-256color"));
        assert!(wants_color(true, None, xterm()));
        assert!(wants_color(true, None, None));
        assert!(wants_color(true, Some(OsString::new()), xterm()));
        assert!(!wants_color(true, Some(OsString::from("1")), xterm()));
        assert!(!wants_color(false, None, xterm()));
        assert!(!wants_color(false, Some(OsString::from("1")), xterm()));
        assert!(!wants_color(true, None, Some(OsString::from("dumb"))));
        assert!(!wants_color(false, None, Some(OsString::from("dumb"))));
    }

    #[test]
    fn usage_errors_fit_on_one_line() {
        let rendered = "error: invalid value 'x' for '--order <ORDER>'\n  \
            [possible values: shuffled, fixed]\n\nUsage: war simulate [OPTIONS]\n\n\
            For more information, try '--help'.\n";
        assert_eq!(
            usage_line("war", rendered),
            "invalid value 'x' for '--order <ORDER>' [possible values: shuffled, fixed] \
             (see war simulate --help)"
        );
        let missing = "error: the following required arguments were not provided:\n  \
            --games <N>\n\nUsage: quattro simulate --games <N>\n";
        assert_eq!(
            usage_line("quattro", missing),
            "the following required arguments were not provided: --games <N> \
             (see quattro simulate --help)"
        );
        assert_eq!(
            usage_line("pig", "error: unexpected argument\n"),
            "unexpected argument (see pig --help)"
        );
    }
}
