//! The `pig` binary: the assignment's game at the terminal, and `solve` / `simulate`
//! for Pig solved. See `pig --help`.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
