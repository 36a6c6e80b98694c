//! The command line of `kits`: `data` writes (or, with `--check`, checks) each kit's
//! test data from the engines; `package` builds a kit's student handout and
//! instructor's archive. The work is in the modules of [`package::KITS`] and [`crate::package`];
//! this module parses flags, reads and writes files and reports.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cards_core::cli::{parse_args, report, warn};
use clap::{Parser, Subcommand};

use crate::package::{self, KITS, Kit, kit_named};

const PROGRAM: &str = "kits";

#[derive(Parser)]
#[command(
    name = PROGRAM,
    version,
    about = "The Java course kits' tool: their test data from the Rust engines, and their packages.",
    after_help = "\
Examples (from the workspace's root, where the kits/ folder is):
  kits data                        write every kit's tests/data/ from the engines
  kits data --check                fail if any data file differs from the engines' today
  kits data ochos-locos-a4         write one kit's data
  kits package ochos-locos-a4 --out dist
                                   dist/ochos-locos-a4-handout/ and -instructor/

Kits: ochos-locos-a2, ochos-locos-a4, quattro, war, pig (see kits/README.md)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write each kit's test data files (kits/NAME/tests/data/) from the engines.
    ///
    /// The folder tests/data/ of each kit is replaced by the files the engines make (War
    /// also writes its example decks, handout/input/).
    Data {
        /// The kits (all when none is named).
        names: Vec<String>,
        /// Write nothing; fail (exit status 1) naming every file that differs from what
        /// the engines give today, is missing, or is not made by them.
        #[arg(long)]
        check: bool,
        /// The folder holding the kits.
        #[arg(long, value_name = "DIR", default_value = "kits")]
        kits: PathBuf,
    },
    /// Build a kit's student handout and instructor's archive.
    ///
    /// In DIR: NAME-handout/ (the given files, the tests and their data, the README) and
    /// NAME-instructor/ (the reference solution, the mutants, grading cases for
    /// `ochos-locos grade`, gradescope-junit.zip to run the JUnit tests on Gradescope, a
    /// README with the commands and warnings, and the kit's own instructor/ files), each
    /// also as an uncompressed .tar beside it.
    Package {
        /// The kit.
        name: String,
        /// Where to write them (made if missing; the kit's folders in it are replaced).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// The folder holding the kits.
        #[arg(long, value_name = "DIR", default_value = "kits")]
        kits: PathBuf,
        /// The seed the grading cases are searched with (`ochos-locos cases --seed`).
        #[arg(long, value_name = "N", default_value_t = package::CASES_SEED)]
        seed: u64,
    },
}

/// Runs the command line.
pub fn main() -> ExitCode {
    let cli = match parse_args::<Cli>(PROGRAM) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let result = match cli.command {
        Command::Data { names, check, kits } => data(&names, check, &kits),
        Command::Package {
            name,
            out,
            kits,
            seed,
        } => kit_named(&name).and_then(|kit| package::build(kit, &kits, &out, seed)),
    };
    match result {
        Ok(code) => code,
        Err(message) => report(PROGRAM, message),
    }
}

/// `kits data`: writes or checks the data of the named kits (all without names).
fn data(names: &[String], check: bool, root: &Path) -> Result<ExitCode, String> {
    let kits: Vec<&Kit> = if names.is_empty() {
        KITS.iter().collect()
    } else {
        names
            .iter()
            .map(|name| kit_named(name))
            .collect::<Result<_, _>>()?
    };
    let mut stale = Vec::new();
    for kit in kits {
        let dir = root.join(kit.name);
        if !dir.is_dir() {
            return Err(format!(
                "no folder {} (run from the workspace's root, or give --kits DIR)",
                dir.display()
            ));
        }
        let files = (kit.files)().map_err(|e| e.to_string())?;
        if check {
            stale.extend(
                package::differences(&dir, &files)
                    .map_err(|e| e.to_string())?
                    .into_iter()
                    .map(|problem| format!("{}: {problem}", kit.name)),
            );
        } else {
            write_data(&dir, &files)?;
            println!("{}: {} data files written", kit.name, files.len());
        }
    }
    if stale.is_empty() {
        if check {
            println!("the kits' data files are what the engines give");
        }
        return Ok(ExitCode::SUCCESS);
    }
    for problem in &stale {
        warn(PROGRAM, problem);
    }
    warn(
        PROGRAM,
        "the data files are not the engines' (run `cargo run -p kits -- data` and commit them)",
    );
    Ok(ExitCode::FAILURE)
}

/// Replaces `dir/tests/data/` by `files`.
fn write_data(dir: &Path, files: &[crate::DataFile]) -> Result<(), String> {
    let data = dir.join(package::DATA_DIR);
    if data.is_dir() {
        fs::remove_dir_all(&data).map_err(|e| format!("{}: {e}", data.display()))?;
    }
    for file in files {
        let path = dir.join(&file.path);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        fs::write(&path, &file.contents).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}
