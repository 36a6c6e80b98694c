//! The book's figures of game lengths are what their commands write today: each image
//! of the book that follows a one-line `sh` block with a `figures` command (the book's own test, `crates/cards-core/tests/book.rs`, checks that shape); here
//! each command is run again, writing to a scratch file instead of the book's, and the
//! two files must agree byte for byte. A figure that drifts from its command (a change
//! of the solver or of the plot) fails here until the figure is regenerated with the
//! command the book shows.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Each `(command, figure path from the root)` of `text`: the single line of the `sh`
/// block that precedes an image, if it names a file of the book.
fn figure_commands(text: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut block: Option<Vec<String>> = None;
    let mut last_sh: Option<Vec<String>> = None;
    let mut info = String::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            match block.take() {
                None => {
                    info = trimmed.trim_start_matches('`').trim().to_owned();
                    block = Some(Vec::new());
                }
                Some(lines) => last_sh = (info == "sh").then_some(lines),
            }
            continue;
        }
        if let Some(lines) = block.as_mut() {
            lines.push(line.to_owned());
        } else if trimmed.starts_with("![")
            && let Some([command]) = last_sh.as_deref()
            && let Some(path) = command
                .split_whitespace()
                .find(|word| word.starts_with("docs/book/src/"))
        {
            found.push((command.clone(), path.to_owned()));
        }
    }
    found
}

#[test]
fn every_length_figure_of_the_book_is_what_its_command_writes() {
    let mut checked = 0;
    for chapter in ["ochos-locos", "quattro", "war"] {
        let dir = root().join("docs/book/src").join(chapter);
        for entry in fs::read_dir(&dir).unwrap() {
            let page = entry.unwrap().path();
            if page.extension().is_none_or(|e| e != "md") {
                continue;
            }
            let text = fs::read_to_string(&page).unwrap();
            for (command, figure) in figure_commands(&text) {
                let words: Vec<&str> = command.split_whitespace().collect();
                assert_eq!(words[0], "figures", "{}: `{command}`", page.display());
                let scratch = std::env::temp_dir().join(format!(
                    "figures-book-{}-{chapter}-{}",
                    std::process::id(),
                    Path::new(&figure).file_name().unwrap().to_string_lossy()
                ));
                let args: Vec<String> = words[1..]
                    .iter()
                    .map(|word| {
                        if *word == figure {
                            scratch.to_string_lossy().into_owned()
                        } else {
                            (*word).to_owned()
                        }
                    })
                    .collect();
                let output = Command::new(env!("CARGO_BIN_EXE_figures"))
                    .args(&args)
                    .output()
                    .unwrap();
                assert!(
                    output.status.success(),
                    "`{command}` failed: {}",
                    String::from_utf8_lossy(&output.stderr)
                );
                let written = fs::read(&scratch).unwrap();
                let _ = fs::remove_file(&scratch);
                let shown = fs::read(root().join(&figure)).unwrap();
                assert!(
                    written == shown,
                    "{figure} is not what `{command}` writes today: run it from the workspace's root"
                );
                checked += 1;
            }
        }
    }
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
