//! The workspace's book (`docs/book/`) holds together: every page is in its table of
//! contents and every entry there is a page; every link between pages and every
//! `{{#include}}` (a file, and its anchor) points at something that exists; and every
//! Rust item the book names by path (`` `ochos_locos::Player::find_match` ``) is defined
//! in that crate's source. The Java the book shows is the kits' own (an include of a
//! file of `kits/*/{handout,solution,tests}`, which the kit's `test.sh` compiles), and
//! every page with Rust excerpts has Java ones, but the pages of measurements. Every
//! figure is a file of the book that follows the one-line `sh` command that writes it;
//! the program's own tests rerun that command (`crates/pig/tests/book_figures.rs`,
//! `crates/figures/tests/book.rs`).
//! The examples themselves are tested elsewhere: each game's
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

/// The fenced code blocks of `text`: each block's info string (`java`, `sh`, …), its
/// lines, and the index of the line after its closing fence.
fn fences(text: &str) -> Vec<(String, Vec<String>, usize)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, Vec<String>)> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match open.take() {
            None if trimmed.starts_with("```") => {
                open = Some((
                    trimmed.trim_start_matches('`').trim().to_owned(),
                    Vec::new(),
                ));
            }
            None => {}
            Some((info, lines)) if trimmed.starts_with("```") => {
                blocks.push((info, lines, index + 1));
            }
            Some((info, mut lines)) => {
                lines.push(line.to_owned());
                open = Some((info, lines));
            }
        }
    }
    blocks
}

/// The kits whose files the book may show, and the folders of each kit that its
/// `test.sh` compiles (handout, solution, tests).
const KIT_FOLDERS: [&str; 3] = ["handout", "solution", "tests"];

#[test]
fn every_java_excerpt_is_a_file_of_a_kit_that_compiles_it() {
    let kits = normalize(&root().join("kits"));
    let mut wrong = Vec::new();
    let mut count = 0;
    for (page, text) in pages() {
        let dir = page.parent().unwrap();
        for (info, lines, _) in fences(&text) {
            for (path, _) in includes(&lines.join("\n")) {
                let is_java = path.ends_with(".java");
                if info != "java" && !is_java {
                    continue;
                }
                count += 1;
                let where_ = format!("{}: {path}", page.display());
                if info != "java" || !is_java {
                    wrong.push(format!("{where_}: a Java file goes in a ```java block"));
                    continue;
                }
                let file = normalize(&dir.join(&path));
                let Ok(inside) = file.strip_prefix(&kits) else {
                    wrong.push(format!("{where_}: not a file of kits/"));
                    continue;
                };
                let mut parts = inside.components().map(|c| c.as_os_str().to_string_lossy());
                let (Some(kit), Some(folder)) = (parts.next(), parts.next()) else {
                    wrong.push(format!("{where_}: not inside a kit"));
                    continue;
                };
                if !KIT_FOLDERS.contains(&folder.as_ref()) {
                    wrong.push(format!(
                        "{where_}: in kits/{kit}/{folder}/, which test.sh does not compile"
                    ));
                }
                // The kit's check compiles its Java with javac, directly or through
                // `kit_check_solution` of kits/lib.sh, and fails if it does not compile.
                let check = kits.join(kit.as_ref()).join("test.sh");
                match fs::read_to_string(&check) {
                    Ok(script)
                        if script.contains("javac") || script.contains("kit_check_solution") => {}
                    _ => wrong.push(format!("{where_}: kits/{kit}/test.sh does not compile it")),
                }
            }
        }
    }
    assert!(wrong.is_empty(), "Java excerpts: {wrong:#?}");
    assert!(
        count > 0,
        "the book shows no Java: is this test reading it?"
    );
}

/// The pages that show Rust but have no Java of their own: measurements and the solver,
/// which are the workspace's additions to the assignments.
const RUST_ONLY_PAGES: [&str; 4] = [
    "ochos-locos/figures.md",
    "quattro/figures.md",
    "war/figures.md",
    "pig/optimal.md",
];

#[test]
fn every_page_that_shows_rust_shows_the_kits_java_beside_it() {
    let src = book_src();
    let mut missing = Vec::new();
    for (page, text) in pages() {
        let name = page
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let blocks = fences(&text);
        let has = |language: &str| {
            blocks.iter().any(|(info, lines, _)| {
                info.starts_with(language) && lines.iter().any(|l| l.contains("{{#include"))
            })
        };
        if has("rust") && !has("java") && !RUST_ONLY_PAGES.contains(&name.as_str()) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "pages with Rust excerpts and no Java from a kit: {missing:?}"
    );
}

/// The images `![alt](target)` of `text`, outside code, with the line each is on.
fn images(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut in_fence = false;
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        let mut rest = line;
        while let Some(start) = rest.find("![") {
            let after = &rest[start..];
            let Some(open) = after.find("](") else { break };
            let Some(close) = after[open..].find(')') else {
                break;
            };
            found.push((index, after[open + 2..open + close].to_owned()));
            rest = &after[open + close..];
        }
    }
    found
}

/// The programs whose commands may write a figure; each regenerates its figures in its
/// own tests (`crates/pig/tests/book_figures.rs`, `crates/figures/tests/book.rs`), where
/// the binary is at hand.
const FIGURE_PROGRAMS: [&str; 2] = ["pig", "figures"];

#[test]
fn every_figure_is_a_file_and_follows_the_command_that_writes_it() {
    let src = book_src();
    let mut wrong = Vec::new();
    let mut count = 0;
    for (page, text) in pages() {
        let dir = page.parent().unwrap();
        let blocks = fences(&text);
        for (line, target) in images(&text) {
            count += 1;
            let where_ = format!("{}: {target}", page.display());
            let file = normalize(&dir.join(&target));
            if !file.is_file() {
                wrong.push(format!("{where_}: no such file"));
                continue;
            }
            // The command is the one line of the last ```sh block before the image,
            // naming the file by its path from the workspace's root.
            let from_root =
                Path::new("docs/book/src").join(file.strip_prefix(normalize(&src)).unwrap());
            let from_root = from_root.to_string_lossy();
            let command = blocks
                .iter()
                .rev()
                .find(|(_, _, end)| *end <= line)
                .filter(|(info, _, _)| info == "sh")
                .map(|(_, lines, _)| lines.clone());
            match command.as_deref() {
                Some([command]) => {
                    let words: Vec<&str> = command.split_whitespace().collect();
                    if !FIGURE_PROGRAMS.contains(&words.first().copied().unwrap_or("")) {
                        wrong.push(format!("{where_}: `{command}` is no figure program's"));
                    }
                    if !words.contains(&from_root.as_ref()) {
                        wrong.push(format!("{where_}: `{command}` does not write {from_root}"));
                    }
                }
                _ => wrong.push(format!(
                    "{where_}: no one-line ```sh block with its command just before it"
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "figures: {wrong:#?}");
    assert!(
        count > 0,
        "the book shows no figure: is this test reading it?"
    );
}
