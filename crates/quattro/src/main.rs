//! The `quattro` binary.

use std::process::ExitCode;

fn main() -> ExitCode {
    cards_core::cli::report("quattro", "not implemented yet")
}
