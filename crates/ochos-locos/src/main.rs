//! The `ochos-locos` binary: reads a deal, plays it under one of seven rule sets, and
//! prints the game exactly as the assignment asks. See `ochos-locos --help`.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
