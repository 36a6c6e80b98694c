//! The `ochos-locos` binary.

use std::process::ExitCode;

fn main() -> ExitCode {
    cards_core::cli::report("ochos-locos", "not implemented yet")
}
