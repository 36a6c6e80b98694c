//! The `war` binary.

use std::process::ExitCode;

fn main() -> ExitCode {
    cards_core::cli::report("war", "not implemented yet")
}
