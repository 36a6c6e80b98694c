//! The book's figures of game lengths are what their commands write today: each image
//! of the book that follows a one-line `sh` block with a `figures` command (the book's own test, `crates/cards-core/tests/book.rs`, checks that shape); here
//! each command is run again, writing to a scratch file instead of the book's, and the
//! two files must agree byte for byte. A figure that drifts from its command (a change
//! of the solver or of the plot) fails here until the figure is regenerated with the
//! command the book shows.

use std::process::Command;

#[path = "../../../tests/support/book_figures.rs"]
mod book_figures;

#[test]
fn every_length_figure_of_the_book_is_what_its_command_writes() {
    let checked = book_figures::check_chapters(
        env!("CARGO_MANIFEST_DIR"),
        &["ochos-locos", "quattro", "war"],
        "figures",
        env!("CARGO_BIN_EXE_figures"),
    );
    assert_eq!(
        checked, 3,
        "one length figure per card game, each with its command"
    );
}

/// Bad usage is one line on stderr, exit status 2, nothing on stdout.
#[test]
fn bad_usage_is_refused_with_status_2() {
    for args in [
        &["lengths", "chess", "--out", "x.svg"][..],
        &["lengths", "war", "--games", "0", "--out", "/dev/null"],
        &["lengths", "war", "--games", "ten", "--out", "x.svg"],
        &[
            "lengths",
            "war",
            "--games",
            "3",
            "--out",
            "/nonexistent-dir/x.svg",
        ],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_figures"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(!output.stderr.is_empty(), "{args:?}");
    }
    let help = Command::new(env!("CARGO_BIN_EXE_figures"))
        .args(["lengths", "--help"])
        .output()
        .unwrap();
    assert!(help.status.success());
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("--games") && help.contains("--seed") && help.contains("--out"));
}

/// The histogram counts the same games as the simulators: the first 300 War games of
/// seed 1 give the book's small run (`war simulate --games 300 --seed 1`: battles per
/// game mean 253.27, median 189, p90 520, p99 982, max 1361).
#[test]
fn the_lengths_are_the_simulators_games() {
    let war = figures::lengths(figures::Figure::War, 300, 1).unwrap();
    assert_eq!(war.total(), 300);
    assert_eq!(format!("{:.2}", war.mean()), "253.27");
    assert_eq!(
        [
            war.percentile(50),
            war.percentile(90),
            war.percentile(99),
            war.max()
        ],
        [189, 520, 982, 1361]
    );
    // `quattro simulate --games 1000 --seed 1`: mean 23.89, median 19, p90 44, p99 83, max 137.
    let quattro = figures::lengths(figures::Figure::Quattro, 1000, 1).unwrap();
    assert_eq!(format!("{:.2}", quattro.mean()), "23.89");
    assert_eq!(
        [
            quattro.percentile(50),
            quattro.percentile(90),
            quattro.percentile(99),
            quattro.max()
        ],
        [19, 44, 83, 137]
    );
    // `ochos-locos simulate diversidad --games 2000 --seed 1`: mean 25.32, median 26,
    // p90 33, p99 35, max 35.
    let ochos = figures::lengths(figures::Figure::OchosLocos, 2000, 1).unwrap();
    assert_eq!(format!("{:.2}", ochos.mean()), "25.32");
    assert_eq!(
        [
            ochos.percentile(50),
            ochos.percentile(90),
            ochos.percentile(99),
            ochos.max()
        ],
        [26, 33, 35, 35]
    );
}
