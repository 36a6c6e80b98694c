//! `docs/grading.md`'s Quattro section works verbatim: every command of its console blocks
//! is run in order, in a fresh folder, with the `quattro` binary under test first on `PATH`,
//! and prints what the page shows (see `tests/support/console_doc.rs` at the top of the
//! workspace).

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used)]

use std::path::Path;

#[path = "../../../tests/support/console_doc.rs"]
mod console_doc;

const BIN: &str = env!("CARGO_BIN_EXE_quattro");

#[test]
fn every_example_of_the_grading_pages_quattro_section_works_verbatim() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let page = std::fs::read_to_string(root.join("docs/grading.md")).unwrap();
    let examples: Vec<_> = console_doc::examples(&page)
        .into_iter()
        .filter(|example| example.section == "Quattro")
        .collect();
    assert!(
        !examples.is_empty(),
        "the page has no Quattro section any more"
    );

    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("grading-doc-quattro");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ran = console_doc::run(
        "docs/grading.md",
        &examples,
        &dir,
        Path::new(BIN).parent().unwrap(),
        |_| None,
    );
    assert_eq!(ran, examples.len());
    // Kept when the test fails, to look into.
    let _ = std::fs::remove_dir_all(&dir);
}
