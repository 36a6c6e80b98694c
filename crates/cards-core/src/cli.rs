//! The exit statuses and the one-line error report every binary of the workspace shares.

use std::fmt;
use std::io;
use std::process::ExitCode;

/// The game ran to its end (or the user quit as the game allows).
pub const EXIT_OK: u8 = 0;
/// The game was cut short: the input ended before the game did.
pub const EXIT_CUT_SHORT: u8 = 1;
/// Bad input or usage: nothing was played.
pub const EXIT_BAD_INPUT: u8 = 2;

/// Prints `PROGRAM: ERROR` on one line on stderr and returns exit status 2.
pub fn report(program: &str, error: impl fmt::Display) -> ExitCode {
    eprintln!("{program}: {error}");
    ExitCode::from(EXIT_BAD_INPUT)
}

/// Whether an I/O error is a closed pipe (`ochos-locos … | head`), which is no failure:
/// the reader simply wanted no more.
pub fn is_broken_pipe(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::BrokenPipe
}

/// Reports a command-line usage error (as rendered by an argument parser such as clap,
/// whose messages run over several lines) as one line, `PROGRAM: MESSAGE (see --help)`,
/// and returns exit status 2.
pub fn report_usage(program: &str, rendered: &str) -> ExitCode {
    let first = rendered.lines().next().unwrap_or_default();
    let message = first.strip_prefix("error: ").unwrap_or(first);
    report(program, format_args!("{message} (see --help)"))
}
