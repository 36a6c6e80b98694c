//! The book's figures of Pig are what their commands write today: each image in
//! `docs/book/src/pig/` follows a one-line `sh` block with the `pig` command that draws
//! it (the book's own test, `crates/cards-core/tests/book.rs`, checks that shape); here
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
/// block that precedes an image, if it is a `pig` command naming a file of the book.
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
fn every_figure_of_the_pig_chapter_is_what_its_command_writes() {
    let chapter = root().join("docs/book/src/pig");
    let mut checked = 0;
    for entry in fs::read_dir(&chapter).unwrap() {
        let page = entry.unwrap().path();
        if page.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = fs::read_to_string(&page).unwrap();
        for (command, figure) in figure_commands(&text) {
            let words: Vec<&str> = command.split_whitespace().collect();
            assert_eq!(words[0], "pig", "{}: `{command}`", page.display());
            let scratch = std::env::temp_dir().join(format!(
                "pig-book-figure-{}-{}",
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
            let output = Command::new(env!("CARGO_BIN_EXE_pig"))
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
    assert!(
        checked > 0,
        "the Pig chapter shows no figure with its command"
    );
}
