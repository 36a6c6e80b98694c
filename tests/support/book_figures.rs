//! The check the book's figure tests share (`crates/pig/tests/book_figures.rs`,
//! `crates/figures/tests/book.rs`): each image of a chapter follows a one-line `sh`
//! block with the command that draws it (the book's own test checks that shape); the
//! command is run again, writing to a scratch file instead of the book's, and the two
//! files must agree byte for byte.

// A test helper: a failure to read the book is the test's failure.
#![allow(clippy::unwrap_used)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace's root, from a crate's folder.
pub fn root(manifest_dir: &str) -> PathBuf {
    Path::new(manifest_dir).join("../..")
}

/// Each `(command, figure path from the root)` of `text`: the single line of the `sh`
/// block that precedes an image, if it names a file of the book.
pub fn figure_commands(text: &str) -> Vec<(String, String)> {
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

/// Runs again every figure command of the pages of `chapters` (folders of
/// `docs/book/src/`), which must all be `program` commands, with the binary `bin`, and
/// checks each figure is what its command writes today; returns how many were checked.
pub fn check_chapters(manifest_dir: &str, chapters: &[&str], program: &str, bin: &str) -> usize {
    let root = root(manifest_dir);
    let mut checked = 0;
    for chapter in chapters {
        let dir = root.join("docs/book/src").join(chapter);
        for entry in fs::read_dir(&dir).unwrap() {
            let page = entry.unwrap().path();
            if page.extension().is_none_or(|e| e != "md") {
                continue;
            }
            let text = fs::read_to_string(&page).unwrap();
            for (command, figure) in figure_commands(&text) {
                let words: Vec<&str> = command.split_whitespace().collect();
                assert_eq!(words[0], program, "{}: `{command}`", page.display());
                let scratch = std::env::temp_dir().join(format!(
                    "{program}-book-figure-{}-{chapter}-{}",
                    std::process::id(),
                    Path::new(&figure).file_name().unwrap().to_string_lossy()
                ));
                let args: Vec<String> = words[1..]
                    .iter()
                    .map(|word| match *word == figure {
                        true => scratch.to_string_lossy().into_owned(),
                        false => (*word).to_owned(),
                    })
                    .collect();
                let output = Command::new(bin).args(&args).output().unwrap();
                assert!(
                    output.status.success(),
                    "`{command}` failed: {}",
                    String::from_utf8_lossy(&output.stderr)
                );
                let written = fs::read(&scratch).unwrap();
                let _ = fs::remove_file(&scratch);
                let shown = fs::read(root.join(&figure)).unwrap();
                assert!(
                    written == shown,
                    "{figure} is not what `{command}` writes today: run it from the workspace's root"
                );
                checked += 1;
            }
        }
    }
    checked
}
