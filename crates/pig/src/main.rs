//! The `pig` binary.

use std::process::ExitCode;

fn main() -> ExitCode {
    cards_core::cli::report("pig", "not implemented yet")
}
