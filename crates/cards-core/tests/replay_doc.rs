//! `docs/replay.md` shows recorded game files and replay sessions: each must be what
//! the programs write. Its JSON blocks are files the trycmd cases of `tests/cmd/` write
//! or read (which trycmd checks against the binaries), byte for byte; every line of its
//! text blocks is a line (or, after the viewer's prompt, the rest of a line) that a
//! trycmd case's expected output holds.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn files(dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            files(&path, found)?;
        } else {
            found.push(path);
        }
    }
    Ok(())
}

/// The fenced blocks of `text` with the given info string, and the line each starts on.
fn blocks<'a>(text: &'a str, info: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((number, line)) = lines.next() {
        if line == format!("```{info}") {
            let body: Vec<&'a str> = lines
                .by_ref()
                .map(|(_, line)| line)
                .take_while(|line| *line != "```")
                .collect();
            found.push((number + 1, body.join("\n") + "\n"));
        }
    }
    found
}

#[test]
fn the_files_and_sessions_of_docs_replay_are_what_the_programs_write() {
    let page = fs::read_to_string(root().join("docs/replay.md")).unwrap();
    let mut cases = Vec::new();
    files(&root().join("tests/cmd"), &mut cases).unwrap();
    let json_files: Vec<String> = cases
        .iter()
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .map(|path| fs::read_to_string(path).unwrap())
        .collect();
    // The lines the cases expect a binary to print; after the viewer's prompt the next
    // step starts on the prompt's line.
    let printed: Vec<String> = cases
        .iter()
        .filter(|path| {
            path.extension()
                .is_some_and(|e| e == "stdout" || e == "stderr")
        })
        .flat_map(|path| {
            let text = fs::read_to_string(path).unwrap_or_default();
            text.lines()
                .flat_map(|line| {
                    let mut parts = vec![line.to_owned()];
                    if let Some((prompt, rest)) = line.split_once("quit] ") {
                        parts.push(format!("{prompt}quit]"));
                        parts.push(rest.to_owned());
                    }
                    parts
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let json = blocks(&page, "json");
    assert!(json.len() >= 4, "{} JSON blocks", json.len());
    for (line, block) in &json {
        assert!(
            json_files.contains(block),
            "docs/replay.md:{line}: this file is no trycmd case's:\n{block}"
        );
    }
    let text = blocks(&page, "text");
    assert!(text.len() >= 6, "{} text blocks", text.len());
    for (line, block) in &text {
        for (offset, shown) in block.lines().enumerate() {
            assert!(
                printed.iter().any(|p| p == shown),
                "docs/replay.md:{}: no trycmd case prints `{shown}`",
                line + 1 + offset
            );
        }
    }
}
