//! The book's figures of Pig are what their commands write today: each image in
//! `docs/book/src/pig/` follows a one-line `sh` block with the `pig` command that draws
//! it (the book's own test, `crates/cards-core/tests/book.rs`, checks that shape); here
//! each command is run again, writing to a scratch file instead of the book's, and the
//! two files must agree byte for byte. A figure that drifts from its command (a change
//! of the solver or of the plot) fails here until the figure is regenerated with the
//! command the book shows.

#[path = "../../../tests/support/book_figures.rs"]
mod book_figures;

#[test]
fn every_figure_of_the_pig_chapter_is_what_its_command_writes() {
    let checked = book_figures::check_chapters(
        env!("CARGO_MANIFEST_DIR"),
        &["pig"],
        "pig",
        env!("CARGO_BIN_EXE_pig"),
    );
    assert!(
        checked > 0,
        "the Pig chapter shows no figure with its command"
    );
}
