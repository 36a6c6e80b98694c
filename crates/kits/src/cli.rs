//! The command line of `kits` (to be written).

use std::process::ExitCode;

/// Runs the command line.
pub fn main() -> ExitCode {
    ExitCode::SUCCESS
}
