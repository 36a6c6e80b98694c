//! The play sessions `docs/*.md` shows are what the programs print. A transcript block
//! is marked by the line before it, `<!-- the lines of tests/cmd/GAME/CASE.stdout -->`,
//! and must be a run of consecutive lines of that file, which the trycmd case checks
//! against the binary. A block that shows a player's question (`Your play …`, `Your
//! turn …`) without the mark fails: a transcript nobody checks goes stale.

use std::fs;
use std::path::{Path, PathBuf};

const MARK: &str = "<!-- the lines of ";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Each fenced block of `text`: the line it starts on, the line before its fence, and
/// its body.
fn blocks(text: &str) -> Vec<(usize, String, Vec<String>)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        if lines[at].starts_with("```") && lines[at].len() > 3 {
            let before = if at > 0 { lines[at - 1] } else { "" };
            let body: Vec<String> = lines[at + 1..]
                .iter()
                .take_while(|line| **line != "```")
                .map(|line| (*line).to_owned())
                .collect();
            found.push((at + 1, before.to_owned(), body.clone()));
            at += body.len() + 2;
        } else {
            at += 1;
        }
    }
    found
}

/// Whether `part` is a run of consecutive lines of `whole`.
fn is_run_of(part: &[String], whole: &str) -> bool {
    let whole: Vec<&str> = whole.lines().collect();
    !part.is_empty()
        && whole
            .windows(part.len())
            .any(|window| window.iter().zip(part).all(|(a, b)| a == b))
}

#[test]
fn every_session_in_the_docs_is_a_checked_case() {
    let mut checked = 0;
    for entry in fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let page = fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for (line, before, body) in blocks(&page) {
            if let Some(case) = before
                .strip_prefix(MARK)
                .and_then(|rest| rest.strip_suffix(" -->"))
            {
                let expected = fs::read_to_string(root().join(case))
                    .unwrap_or_else(|e| panic!("{name}:{line}: {case}: {e}"));
                assert!(
                    is_run_of(&body, &expected),
                    "{name}:{line}: the block is not a run of lines of {case}"
                );
                checked += 1;
            } else {
                let question = body
                    .iter()
                    .find(|l| l.starts_with("Your play") || l.starts_with("Your turn"));
                assert!(
                    question.is_none(),
                    "{name}:{line}: a session ({question:?}) with no `{MARK}CASE -->` mark"
                );
            }
        }
    }
    assert!(checked >= 1, "no marked transcript found in docs/");
}

#[test]
fn a_block_that_is_not_a_run_of_the_case_is_caught() {
    let case = "a\nb\nc\n";
    assert!(is_run_of(&["b".into(), "c".into()], case));
    assert!(!is_run_of(&["a".into(), "c".into()], case));
    assert!(!is_run_of(&[], case));
}
