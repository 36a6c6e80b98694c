//! The workspace's book (`docs/book/`) holds together: every page is in its table of
//! contents and every entry there is a page; every link between pages and every
//! `{{#include}}` (a file, and its anchor) points at something that exists; and every
//! Rust item the book names by path (`` `ochos_locos::Player::find_match` ``) is defined
//! in that crate's source. The examples themselves are tested elsewhere: each game's
//! `tests/cli.rs` runs the `console` blocks of its chapter as trycmd cases. This test
//! lives in the shared crate because the book spans all of them; it needs no mdbook, so
//! a broken link fails `cargo test` wherever the book is not built.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Component, Path, PathBuf};

/// The crates whose items the book may name, and their source folders.
const CRATES: [(&str, &str); 7] = [
    ("cards_core", "cards-core"),
    ("ochos_locos", "ochos-locos"),
    ("quattro", "quattro"),
    ("war", "war"),
    ("pig", "pig"),
    ("grader", "grader"),
    ("web", "web"),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn book_src() -> PathBuf {
    root().join("docs/book/src")
}

/// `path` with `.` and `..` resolved by hand (the target may not exist).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

fn files_under(dir: &Path, extension: &str, found: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .path();
        if path.is_dir() {
            files_under(&path, extension, found);
        } else if path.extension().is_some_and(|e| e == extension) {
            found.push(path);
        }
    }
}

/// Every Markdown page of the book, with its text.
fn pages() -> Vec<(PathBuf, String)> {
    let mut paths = Vec::new();
    files_under(&book_src(), "md", &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text =
                fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, text)
        })
        .collect()
}

/// The targets of the Markdown links `[text](target)` in `text`, outside code.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for line in prose_lines(text) {
        let mut rest = line;
        while let Some(start) = rest.find("](") {
            let after = &rest[start + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].to_owned());
            rest = &after[end..];
        }
    }
    targets
}

/// The lines of `text` outside fenced code blocks, with inline code spans removed.
fn prose_lines(text: &str) -> Vec<&str> {
    let mut in_fence = false;
    let mut lines = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        } else if !in_fence {
            lines.push(line);
        }
    }
    lines
}

/// The `{{#include PATH}}` and `{{#rustdoc_include PATH}}` directives of `text`: each
/// path and its part after `:` (an anchor name or a line range), if any.
fn includes(text: &str) -> Vec<(String, Option<String>)> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{#") {
        let after = &rest[start + 3..];
        let Some(end) = after.find("}}") else { break };
        let directive = after[..end].trim();
        if let Some(argument) = directive
            .strip_prefix("include ")
            .or_else(|| directive.strip_prefix("rustdoc_include "))
        {
            let argument = argument.trim();
            match argument.split_once(':') {
                Some((path, part)) => found.push((path.to_owned(), Some(part.to_owned()))),
                None => found.push((argument.to_owned(), None)),
            }
        }
        rest = &after[end..];
    }
    found
}

#[test]
fn the_summary_lists_every_page_and_only_pages() {
    let src = book_src();
    let summary = fs::read_to_string(src.join("SUMMARY.md")).unwrap();
    let listed: BTreeSet<PathBuf> = link_targets(&summary)
        .iter()
        .map(|target| normalize(&src.join(target)))
        .collect();
    let pages: BTreeSet<PathBuf> = pages()
        .into_iter()
        .map(|(path, _)| normalize(&path))
        .filter(|path| !path.ends_with("SUMMARY.md"))
        .collect();
    let missing: Vec<_> = listed.difference(&pages).collect();
    let unlisted: Vec<_> = pages.difference(&listed).collect();
    assert!(
        missing.is_empty(),
        "listed in SUMMARY.md, not a page: {missing:?}"
    );
    assert!(
        unlisted.is_empty(),
        "pages SUMMARY.md does not list: {unlisted:?}"
    );
}

#[test]
fn links_between_pages_resolve_inside_the_book() {
    let src = normalize(&book_src());
    let mut broken = Vec::new();
    for (page, text) in pages() {
        let dir = page.parent().unwrap();
        for target in link_targets(&text) {
            let target = target.split_whitespace().next().unwrap_or("");
            if target.starts_with("http://") || target.starts_with("https://") {
                continue;
            }
            let file = target.split('#').next().unwrap_or("");
            if file.is_empty() {
                continue;
            }
            let resolved = normalize(&dir.join(file));
            if !resolved.starts_with(&src) || !resolved.exists() {
                broken.push(format!("{}: {target}", page.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links: {broken:#?}");
}

#[test]
fn every_include_names_a_file_and_an_anchor_that_exist() {
    let mut broken = Vec::new();
    let mut count = 0;
    for (page, text) in pages() {
        let dir = page.parent().unwrap();
        for (path, part) in includes(&text) {
            count += 1;
            let file = dir.join(&path);
            let Ok(source) = fs::read_to_string(&file) else {
                broken.push(format!("{}: no file {path}", page.display()));
                continue;
            };
            let Some(part) = part else { continue };
            let is_range = part.chars().all(|c| c.is_ascii_digit() || c == ':');
            if is_range {
                continue;
            }
            let start = format!("ANCHOR: {part}");
            let end = format!("ANCHOR_END: {part}");
            let has = |marker: &str| {
                source
                    .lines()
                    .any(|line| line.trim_end().ends_with(marker) && line.contains(marker))
            };
            if !has(&start) || !has(&end) {
                broken.push(format!("{}: no anchor {part} in {path}", page.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken includes: {broken:#?}");
    assert!(
        count > 0,
        "the book includes no code: is this test reading it?"
    );
}

/// Whether `name` is defined in the crate whose source is `source`: an item (`fn`,
/// `struct`, `enum`, `trait`, `mod`, `type`, `const`, `static`), an enum variant or a
/// field on a line of its own, or a name re-exported by `pub use`.
fn is_defined(source: &str, name: &str) -> bool {
    const KEYWORDS: [&str; 9] = [
        "fn", "struct", "enum", "trait", "mod", "type", "const", "static", "union",
    ];
    source.lines().any(|line| {
        let line = line.trim();
        let words: Vec<&str> = line
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|word| !word.is_empty())
            .collect();
        let item = words
            .windows(2)
            .any(|pair| KEYWORDS.contains(&pair[0]) && pair[1] == name);
        let variant_or_field = line
            .strip_prefix("pub ")
            .unwrap_or(line)
            .strip_prefix(name)
            .is_some_and(|rest| {
                rest.is_empty() || rest.starts_with([',', '(', ' ', '{', ':', '='])
            })
            && !line.starts_with("//");
        let reexport = line.starts_with("pub use") && words.contains(&name);
        item || variant_or_field || reexport
    })
}

#[test]
fn every_rust_path_the_book_names_is_defined() {
    let sources: Vec<(&str, String)> = CRATES
        .iter()
        .map(|&(name, folder)| {
            let mut files = Vec::new();
            files_under(
                &root().join("crates").join(folder).join("src"),
                "rs",
                &mut files,
            );
            let text = files
                .iter()
                .map(|file| fs::read_to_string(file).unwrap())
                .collect::<Vec<_>>()
                .join("\n");
            (name, text)
        })
        .collect();
    let mut undefined = Vec::new();
    let mut checked = 0;
    for (page, text) in pages() {
        for line in prose_lines(&text) {
            for (index, span) in line.split('`').enumerate() {
                // Odd pieces are inside backticks.
                if index % 2 == 0 {
                    continue;
                }
                let path = span.trim_end_matches("()");
                let mut segments = path.split("::");
                let first = segments.next().unwrap_or("");
                let Some((_, source)) = sources.iter().find(|(name, _)| *name == first) else {
                    continue;
                };
                let rest: Vec<&str> = segments.collect();
                if rest.is_empty()
                    || rest.iter().any(|segment| {
                        segment.is_empty()
                            || !segment.chars().all(|c| c.is_alphanumeric() || c == '_')
                    })
                {
                    continue;
                }
                checked += 1;
                for segment in rest {
                    if !is_defined(source, segment) {
                        undefined.push(format!("{}: `{span}`: no {segment}", page.display()));
                    }
                }
            }
        }
    }
    assert!(
        undefined.is_empty(),
        "names the crates do not define: {undefined:#?}"
    );
    assert!(
        checked > 0,
        "the book names no Rust item: is this test reading it?"
    );
}
