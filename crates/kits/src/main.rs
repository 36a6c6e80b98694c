//! `kits`: the Java course kits' tool (the kits themselves are in the top-level `kits/`
//! folder, one subfolder per assignment). `kits data` writes the data files the kits'
//! JUnit tests read, computed by the Rust engines, so Java and Rust are held to the same
//! answers on the same inputs; `kits data --check` fails when a file differs from what
//! the engines give today. `kits package` builds a kit's student handout and
//! instructor's archive.

use std::process::ExitCode;

fn main() -> ExitCode {
    kits::cli::main()
}
