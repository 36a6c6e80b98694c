//! The `war` binary: argument parsing and the terminal; the game is in the library.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
