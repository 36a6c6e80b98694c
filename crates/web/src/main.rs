//! The `cardgames-web` binary: argument parsing and the listening socket; the server is in
//! the library.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
