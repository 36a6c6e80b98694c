//! `docs/grading.md` works verbatim: every command of its console blocks before the
//! games' own sections (Pig, War, …: each game's `tests/grading_doc.rs` runs its own) is
//! run in order, in a fresh folder laid out as the page says, and prints what the page
//! shows (see `tests/support/console_doc.rs` at the top of the workspace).
//!
//! The folder starts as `tests/fixtures/grading-doc/`: the submissions Alice, Bob and
//! Carol, each with its `run.sh`, and `grade-all.sh`; Alice's and Bob's folders get a
//! copy of the `ochos-locos` binary under test, as the page says, and that binary's
//! folder is first on `PATH`, in place of the page's `target/release`.
//!
//! The page's outputs name bubblewrap as the isolation: the test expects a machine where
//! `bwrap` works, as CI's (`.ci/setup.d/10-bubblewrap.sh`); it also needs `unzip`, and
//! `jq` for two commands (`.ci/setup.d/20-jq-unzip.sh` installs both).

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used)]

use std::path::Path;

#[path = "../../../tests/support/console_doc.rs"]
mod console_doc;

const BIN: &str = env!("CARGO_BIN_EXE_ochos-locos");

/// The commands not run, and why: nothing else is skipped.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "cargo build --release -p ochos-locos -p pig --features ochos-locos/grade,pig/grade",
        "cargo has built the binaries under test (a debug build)",
    ),
    (
        "export PATH=$PWD/target/release:$PATH",
        "the test puts the folder of the binaries under test first on PATH",
    ),
];

/// The commands that need `jq`, skipped (and said so) only where it is not installed.
const NEED_JQ: &[&str] = &[
    "mkdir -p results && bash grade-all.sh",
    "jq '.cases[1]' results/bob.json",
];

#[test]
fn every_example_of_the_grading_page_before_pig_works_verbatim() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let page = std::fs::read_to_string(root.join("docs/grading.md")).unwrap();
    let examples: Vec<_> = console_doc::examples(&page)
        .into_iter()
        // The sections of the other games come after the shared ones, from Pig on.
        .take_while(|example| example.section != "Pig")
        .collect();

    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("grading-doc");
    let _ = std::fs::remove_dir_all(&dir);
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/grading-doc");
    console_doc::copy_dir(&fixture, &dir);
    for student in ["alice", "bob"] {
        std::fs::copy(
            BIN,
            dir.join("submissions").join(student).join("ochos-locos"),
        )
        .unwrap();
    }

    let jq = console_doc::installed("jq");
    let ran = console_doc::run(
        "docs/grading.md",
        &examples,
        &dir,
        Path::new(BIN).parent().unwrap(),
        |example| {
            let not_run = NOT_RUN.iter().find(|(c, _)| *c == example.command);
            if let Some((_, why)) = not_run {
                assert!(example.output.is_empty(), "{example:?} shows an output");
                return Some((*why).to_owned());
            }
            let needs_jq = NEED_JQ.contains(&example.command.as_str());
            (needs_jq && !jq).then(|| "jq is not installed".to_owned())
        },
    );
    // Every entry of the lists is a command of the page: none is stale.
    for command in NOT_RUN
        .iter()
        .map(|(c, _)| *c)
        .chain(NEED_JQ.iter().copied())
    {
        assert!(
            examples.iter().any(|e| e.command == command),
            "`{command}` is no longer on the page"
        );
    }
    let skipped = NOT_RUN.len() + if jq { 0 } else { NEED_JQ.len() };
    assert_eq!(ran + skipped, examples.len());
    // Kept when the test fails, to look into; some 200 MB of copied binaries otherwise.
    let _ = std::fs::remove_dir_all(&dir);
}
