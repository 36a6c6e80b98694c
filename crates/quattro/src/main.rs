//! The `quattro` binary: the command line and the terminal, in [`cli`]; the game itself
//! is the library's.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
