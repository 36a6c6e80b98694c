//! `docs/grading.md` works verbatim, its Pig section here (the rest is
//! `crates/ochos-locos/tests/grading_doc.rs`): every command of the section's console
//! blocks is run in order and prints what the page shows (see
//! `tests/support/console_doc.rs` at the top of the workspace).
//!
//! The page runs them from the workspace root, on the fixtures of
//! `crates/pig/tests/fixtures/grade`; here the folder is a fresh one holding a copy of
//! those fixtures at the same path, so that the files the commands write
//! (`session.txt`, `autograder.zip`, …) are written there, and the folder of the `pig`
//! binary under test is first on `PATH`. The outputs name bubblewrap as the isolation:
//! the test expects a machine where `bwrap` works, as CI's
//! (`.ci/setup.d/10-bubblewrap.sh`). One command is not run: `kits package pig` (it needs
//! a JDK for the handout's class files); the test lays out what it writes for the zip,
//! `dist/pig-instructor/given/`, from the kit's handout as `kits package` does (the
//! packaging and that zip are run end to end by `.ci/checks.d/25-gradescope-kits.sh`).

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used)]

use std::path::Path;

#[path = "../../../tests/support/console_doc.rs"]
mod console_doc;

const BIN: &str = env!("CARGO_BIN_EXE_pig");

#[test]
fn every_example_of_the_grading_pages_pig_section_works_verbatim() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let page = std::fs::read_to_string(root.join("docs/grading.md")).unwrap();
    let examples: Vec<_> = console_doc::examples(&page)
        .into_iter()
        .filter(|example| example.section == "Pig")
        .collect();
    assert!(!examples.is_empty(), "the page has no Pig section any more");

    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("grading-doc-pig");
    let _ = std::fs::remove_dir_all(&dir);
    let fixtures = "crates/pig/tests/fixtures/grade";
    console_doc::copy_dir(&root.join(fixtures), &dir.join(fixtures));
    let given = dir.join("dist/pig-instructor/given");
    std::fs::create_dir_all(&given).unwrap();
    for name in ["Pig.java", "PigDice.java", "PigPlayer.java"] {
        std::fs::copy(root.join("kits/pig/handout").join(name), given.join(name)).unwrap();
    }

    let ran = console_doc::run(
        "docs/grading.md",
        &examples,
        &dir,
        Path::new(BIN).parent().unwrap(),
        |example| {
            example
                .command
                .starts_with("cargo run -q --release -p kits -- package pig")
                .then(|| "it needs a JDK; its given/ folder is laid out by the test".to_owned())
        },
    );
    assert_eq!(ran, examples.len() - 1);
    // Kept when the test fails, to look into.
    let _ = std::fs::remove_dir_all(&dir);
}
