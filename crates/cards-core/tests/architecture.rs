//! The workspace's architecture invariants that no compiler checks (ARCHITECTURE.md):
//! the game libraries depend on what their rules need and nothing of a front end's, they
//! never print nor use a global random generator, the modules of every crate import
//! each other one way, without a circle, and every path and item ARCHITECTURE.md names
//! exists.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The four game crates.
const GAMES: [&str; 4] = ["ochos-locos", "quattro", "war", "pig"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The lines of a manifest's `[dependencies]` table.
fn dependencies(manifest: &str) -> Vec<&str> {
    manifest
        .lines()
        .skip_while(|line| line.trim() != "[dependencies]")
        .skip(1)
        .take_while(|line| !line.starts_with('['))
        .filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .collect()
}

/// A game library depends on `cards-core` and what its rules need; a front end's crates
/// (argument parsing, threads, progress bars, JSON, plots, grading) are optional, for the
/// binary's feature `cli` (or `replay`), and no game depends on another.
#[test]
fn game_libraries_depend_only_on_what_their_rules_need() {
    let always = ["cards-core", "rand", "thiserror", "serde"];
    let mut wrong = Vec::new();
    for game in GAMES {
        let manifest = read(&root().join("crates").join(game).join("Cargo.toml"));
        let lines = dependencies(&manifest);
        assert!(!lines.is_empty(), "{game}: no [dependencies] read");
        for line in lines {
            let name = line
                .split(['=', '.', ' '])
                .next()
                .unwrap_or_default()
                .trim();
            let optional = line.contains("optional = true");
            if GAMES.contains(&name) || !(optional || always.contains(&name)) {
                wrong.push(format!("{game}: {line}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "dependencies a game library may not have: {wrong:#?}"
    );
}

/// The Rust files of `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_owned()];
    while let Some(dir) = dirs.pop() {
        let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The code of a file before its tests (`#[cfg(test)]`), comments left out.
fn code(text: &str) -> String {
    text.lines()
        .take_while(|line| line.trim() != "#[cfg(test)]")
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The files of a package's binaries under `src`: `main.rs` and the modules it declares
/// (`mod cli;`: `cli.rs` and the folder `cli/`), and everything under `bin/`.
fn binary_files(src: &Path) -> BTreeSet<PathBuf> {
    let mut roots = vec![src.join("bin")];
    let main = src.join("main.rs");
    if main.exists() {
        for line in code(&read(&main)).lines() {
            let line = line.trim();
            if let Some(name) = line.strip_prefix("mod ").and_then(|l| l.strip_suffix(';')) {
                roots.push(src.join(format!("{name}.rs")));
                roots.push(src.join(name));
            }
        }
        roots.push(main);
    }
    let mut files = BTreeSet::new();
    for root in roots {
        if root.is_dir() {
            files.extend(rust_files(&root));
        } else if root.exists() {
            files.insert(root);
        }
    }
    files
}

/// The rules never print and never draw from a global generator: a game library writes
/// to the `Write` it is given and draws from the generator it is handed. Only the
/// binaries' files ([`binary_files`]) touch the process's streams.
#[test]
fn game_libraries_never_print_nor_use_a_global_generator() {
    let banned = [
        "println!",
        "print!(",
        "eprintln!",
        "eprint!(",
        "dbg!",
        "stdout()",
        "stderr()",
        "stdin()",
        "rand::rng()",
        "thread_rng",
    ];
    let mut found = Vec::new();
    for game in GAMES {
        let src = root().join("crates").join(game).join("src");
        let binary = binary_files(&src);
        for path in rust_files(&src) {
            if binary.contains(&path) {
                continue;
            }
            let code = code(&read(&path));
            for word in banned.iter().filter(|word| code.contains(*word)) {
                found.push(format!("{}: {word}", path.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a library prints or draws from a global generator: {found:#?}"
    );
}

/// The top-level module a file of `src` belongs to: its stem, or its folder's name.
fn module_of(src: &Path, path: &Path) -> Option<String> {
    let relative = path.strip_prefix(src).ok()?;
    let first = relative.components().next()?.as_os_str().to_str()?;
    Some(first.trim_end_matches(".rs").to_owned())
}

/// The identifiers a path names after `crate::`, at the start of `rest`: one (`game`,
/// `Card`), or each of a group's (`{game::Game, Card}`).
fn named(rest: &str) -> Vec<String> {
    let ident = |text: &str| -> String {
        text.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    match rest.strip_prefix('{') {
        Some(group) => {
            let group = group.split('}').next().unwrap_or_default();
            group
                .split(',')
                .map(ident)
                .filter(|n| !n.is_empty())
                .collect()
        }
        None => vec![ident(rest)],
    }
}

/// The names `lib.rs` re-exports from the crate's own modules (`pub use card::{Card,
/// Rank};`), each with its module: `crate::Card` is an import of `card`.
fn reexports(src: &Path) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    let lib = src.join("lib.rs");
    if !lib.exists() {
        return names;
    }
    let code = code(&read(&lib)).replace('\n', " ");
    for item in code.split("pub use ").skip(1) {
        let item = item.split(';').next().unwrap_or_default();
        let Some((module, rest)) = item.split_once("::") else {
            continue;
        };
        let module = module.trim();
        if !src.join(format!("{module}.rs")).exists() && !src.join(module).is_dir() {
            continue;
        }
        let rest = rest.trim();
        let listed = match rest.strip_prefix('{') {
            Some(group) => group.trim_end_matches('}').to_owned(),
            None => rest.rsplit("::").next().unwrap_or_default().to_owned(),
        };
        for name in listed.split(',') {
            let name = name.trim().rsplit("::").next().unwrap_or_default().trim();
            if !name.is_empty() {
                names.insert(name.to_owned(), module.to_owned());
            }
        }
    }
    names
}

/// The circles among the top-level modules of the crate at `src`, each as its modules.
/// An import is a `crate::` path (grouped or not), to a module or to a name `lib.rs`
/// re-exports from one; tests and comments are not imports.
fn circles(src: &Path) -> Vec<Vec<String>> {
    let reexported = reexports(src);
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in rust_files(src) {
        let Some(from) = module_of(src, &path) else {
            continue;
        };
        if from == "lib" || from == "main" {
            continue;
        }
        let code = code(&read(&path));
        let targets = imports.entry(from.clone()).or_default();
        for (at, _) in code.match_indices("crate::") {
            for name in named(&code[at + "crate::".len()..]) {
                let module = match reexported.get(&name) {
                    Some(module) => module.clone(),
                    None => name,
                };
                let is_module =
                    src.join(format!("{module}.rs")).exists() || src.join(&module).is_dir();
                if module != from && is_module {
                    targets.insert(module);
                }
            }
        }
    }
    // A module is in a circle when it reaches itself again.
    let reach = |start: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<String> = imports.get(start).into_iter().flatten().cloned().collect();
        while let Some(module) = todo.pop() {
            if seen.insert(module.clone()) {
                todo.extend(imports.get(&module).into_iter().flatten().cloned());
            }
        }
        seen
    };
    let mut found: Vec<Vec<String>> = Vec::new();
    for module in imports.keys() {
        if reach(module).contains(module) {
            let circle: Vec<String> = imports
                .keys()
                .filter(|other| reach(module).contains(*other) && reach(other).contains(module))
                .cloned()
                .collect();
            if !found.contains(&circle) {
                found.push(circle);
            }
        }
    }
    found
}

/// Inside every crate the modules import each other one way (a module and the modules
/// under its folder count as one): whoever reads one module finds everything it uses
/// below it, never a module that uses it back.
#[test]
fn no_crate_has_a_circle_of_imports() {
    let mut found = Vec::new();
    let crates = fs::read_dir(root().join("crates")).unwrap_or_else(|e| panic!("crates: {e}"));
    for entry in crates.flatten() {
        let src = entry.path().join("src");
        if !src.is_dir() {
            continue;
        }
        for circle in circles(&src) {
            found.push(format!(
                "crates/{}: {}",
                entry.file_name().to_string_lossy(),
                circle.join(" -> ")
            ));
        }
    }
    found.sort();
    assert!(found.is_empty(), "circles of imports: {found:#?}");
}

/// The circle finder finds a circle where there is one.
#[test]
fn a_circle_is_found() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("architecture-circle");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("sub")).unwrap_or_else(|e| panic!("{e}"));
    let write = |name: &str, text: &str| {
        fs::write(dir.join(name), text).unwrap_or_else(|e| panic!("{name}: {e}"));
    };
    write(
        "lib.rs",
        "mod a;\nmod b;\nmod c;\nmod sub;\npub use b::B;\n",
    );
    write("a.rs", "use crate::{B, c::C};\n");
    write(
        "b.rs",
        "use crate::sub::S;\n// crate::c in a comment is no import\n",
    );
    write(
        "c.rs",
        "pub struct C;\n#[cfg(test)]\nmod tests { use crate::a; }\n",
    );
    write("sub.rs", "");
    write("sub/inner.rs", "use crate::a::A;\n");
    // a -> b (re-exported B) -> sub -> a; c is used by a but uses nothing (its tests
    // are no imports), so it is in no circle.
    assert_eq!(circles(&dir), [["a", "b", "sub"]]);
}

/// Whether `c` may be part of a Rust name.
fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Whether `code` defines `name` as an item (`fn`, `struct`, `enum`, `trait`, `type`,
/// `const`, `static`, `mod` or `macro_rules!`), or, for a Java file, as a class.
fn defines(code: &str, name: &str) -> bool {
    let keywords = [
        "fn ",
        "struct ",
        "enum ",
        "trait ",
        "type ",
        "const ",
        "static ",
        "mod ",
        "macro_rules! ",
        "class ",
        "interface ",
    ];
    keywords.iter().any(|keyword| {
        let pattern = format!("{keyword}{name}");
        code.match_indices(&pattern).any(|(at, _)| {
            let before = code[..at].chars().next_back();
            let after = code[at + pattern.len()..].chars().next();
            !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
        })
    })
}

/// The files under `dir` (recursively, leaving out `target/` and hidden folders) whose
/// name ends with one of `extensions`, with their text.
fn sources(dir: &Path, extensions: &[&str]) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    let mut dirs = vec![dir.to_owned()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if name != "target" && !name.starts_with('.') {
                    dirs.push(path);
                }
            } else if extensions.iter().any(|ext| name.ends_with(ext))
                && let Ok(text) = fs::read_to_string(&path)
            {
                found.push((path, text));
            }
        }
    }
    found
}

/// The files and folders `pattern` names (a path relative to `root`, where `*` in a
/// component stands for any run of characters).
fn matching(root: &Path, pattern: &str) -> Vec<PathBuf> {
    let mut candidates = vec![root.to_owned()];
    for component in pattern.trim_end_matches('/').split('/') {
        let mut next = Vec::new();
        for dir in candidates {
            if !component.contains('*') {
                let path = dir.join(component);
                if path.exists() {
                    next.push(path);
                }
                continue;
            }
            for entry in fs::read_dir(&dir).into_iter().flatten().flatten() {
                if glob_matches(component, &entry.file_name().to_string_lossy()) {
                    next.push(entry.path());
                }
            }
        }
        candidates = next;
    }
    candidates
}

/// Whether `name` matches `pattern`, where `*` stands for any run of characters.
fn glob_matches(pattern: &str, name: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = name.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// The workspace's crates by the name Rust code uses (`cards_core`, `web`), each with its
/// `src/` folder from the root: a `[lib] name`, or the package's name with `-` as `_`.
fn crates_by_name(root: &Path) -> BTreeMap<String, String> {
    let mut crates = BTreeMap::new();
    for entry in fs::read_dir(root.join("crates"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let Ok(manifest) = fs::read_to_string(entry.path().join("Cargo.toml")) else {
            continue;
        };
        let mut section = "";
        let (mut package, mut lib) = (None, None);
        for line in manifest.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line;
            } else if let Some(value) = line.strip_prefix("name = ") {
                let value = value.trim_matches('"').replace('-', "_");
                match section {
                    "[package]" => package = Some(value),
                    "[lib]" => lib = Some(value),
                    _ => {}
                }
            }
        }
        if let Some(name) = lib.or(package) {
            let folder = entry.file_name().to_string_lossy().into_owned();
            crates.insert(name, format!("crates/{folder}/src"));
        }
    }
    crates
}

/// One backticked span of a Markdown text: its line (from 1), its text, and the last
/// file path named before it in the same paragraph, if any.
struct Span {
    line: usize,
    text: String,
    file: Option<String>,
}

/// Whether a span is a path of the workspace: it holds a `/`, no blank, no `::`.
fn is_path(span: &str) -> bool {
    span.contains('/')
        && !span.contains(char::is_whitespace)
        && !span.contains("::")
        && !span.starts_with('-')
}

/// The backticked spans of `text`, fenced blocks left out; a span may run over a line
/// break (read as a blank), not over a paragraph's end (a blank line, or a list item's
/// start).
fn spans(text: &str) -> Vec<Span> {
    let mut found = Vec::new();
    let mut paragraph: Vec<(usize, &str)> = Vec::new();
    let mut fenced = false;
    for (index, line) in text.lines().chain([""]).enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // A list item starts afresh too: the file its names are in is its own.
        let item = line.starts_with("- ")
            || line
                .split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if !line.trim().is_empty() && (!item || paragraph.is_empty()) {
            paragraph.push((index + 1, line));
            continue;
        }
        let mut file: Option<String> = None;
        let mut open: Option<(usize, String)> = None;
        for &(number, line) in &paragraph {
            if let Some((_, span)) = open.as_mut() {
                span.push(' ');
            }
            for (i, piece) in line.split('`').enumerate() {
                if i > 0 {
                    open = match open.take() {
                        None => Some((number, String::new())),
                        Some((at, span)) => {
                            if is_path(&span) && !span.ends_with('/') {
                                file = Some(span.clone());
                            }
                            found.push(Span {
                                line: at,
                                text: span.trim().to_owned(),
                                file: file.clone(),
                            });
                            None
                        }
                    };
                }
                if let Some((_, span)) = open.as_mut() {
                    span.push_str(piece);
                }
            }
        }
        paragraph.clear();
        if !line.trim().is_empty() {
            paragraph.push((index + 1, line));
        }
    }
    found
}

/// What ARCHITECTURE.md (`text`) names that the workspace at `root` lacks, one line a
/// name: `ARCHITECTURE.md:LINE: `NAME`: why`.
///
/// - A span with a `/` (and no blank) is a path from the root, which must exist (`*`
///   in a component stands for any run of characters).
/// - A span `a::b::c` is a Rust path: `a` a crate of the workspace (by its Rust name),
///   and each later segment an item or module defined in that crate's `src/`.
/// - A span that is one name with a `_` or a capital (`GameState`, `apply_trusted`,
///   `no_response_shows_another_seats_cards_or_the_deck`) is an item: a snake-case
///   name after a file named earlier in its paragraph is in that file (defined there,
///   in a Rust or Java file; its text, in any other), any other is defined somewhere
///   under `crates/` or in a kit's Java.
fn check_names(text: &str, root: &Path) -> Vec<String> {
    let crates = crates_by_name(root);
    let everywhere: Vec<(PathBuf, String)> = sources(&root.join("crates"), &[".rs"])
        .into_iter()
        .chain(sources(&root.join("kits"), &[".java"]))
        .collect();
    let mut crate_code: BTreeMap<String, Vec<(PathBuf, String)>> = BTreeMap::new();
    let mut missing = Vec::new();
    for Span { line, text, file } in spans(text) {
        let mut fail =
            |why: String| missing.push(format!("ARCHITECTURE.md:{line}: `{text}`: {why}"));
        if is_path(&text) {
            if matching(root, &text).is_empty() {
                fail("no such file or folder".into());
            }
        } else if text.contains("::") {
            let segments: Vec<&str> = text.split("::").collect();
            if segments
                .iter()
                .any(|s| s.is_empty() || !s.chars().all(is_ident))
            {
                fail("not a plain Rust path (write `crate::module::Item`)".into());
                continue;
            }
            let Some(src) = crates.get(segments[0]) else {
                fail(format!("`{}` is no crate of the workspace", segments[0]));
                continue;
            };
            let code = crate_code
                .entry(segments[0].to_owned())
                .or_insert_with(|| sources(&root.join(src), &[".rs"]));
            for segment in &segments[1..] {
                let is_file = code.iter().any(|(path, _)| {
                    path.file_stem().is_some_and(|stem| stem == *segment)
                        || path.parent().is_some_and(|dir| dir.ends_with(segment))
                });
                if !is_file && !code.iter().any(|(_, code)| defines(code, segment)) {
                    fail(format!("`{segment}` is defined nowhere in {src}"));
                }
            }
        } else if text.chars().all(is_ident)
            && text.contains(|c: char| c == '_' || c.is_ascii_uppercase())
        {
            let snake = !text.contains(|c: char| c.is_ascii_uppercase());
            match file.filter(|_| snake) {
                Some(file) => {
                    let found = matching(root, &file).iter().any(|path| {
                        let code = fs::read_to_string(path).unwrap_or_default();
                        if file.ends_with(".rs") || file.ends_with(".java") {
                            defines(&code, &text)
                        } else {
                            code.contains(text.as_str())
                        }
                    });
                    if !found {
                        fail(format!("not in `{file}`, the file named before it"));
                    }
                }
                None => {
                    if !everywhere.iter().any(|(_, code)| defines(code, &text)) {
                        fail("defined nowhere under crates/ nor in a kit's Java".into());
                    }
                }
            }
        }
    }
    missing
}

/// Every path and item ARCHITECTURE.md names exists (the rules: [`check_names`]), so
/// that the map cannot drift from the land unnoticed.
#[test]
fn every_path_and_item_architecture_md_names_exists() {
    let text = read(&root().join("ARCHITECTURE.md"));
    let missing = check_names(&text, &root());
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names what does not exist:\n{}",
        missing.join("\n")
    );
}

/// The checker catches a bad name of each kind, naming it and its line, and passes good
/// ones (checked against the real workspace).
#[test]
fn a_bad_name_in_architecture_md_is_caught() {
    let text = "\
# Title

`crates/cards-core/src/face.rs` holds `cards_core::face::Face`, with
`cards_core::face::options_of` and `Viewer`, tested by `bad_options_are_refused_naming_them`.
`crates/cards-core/src/nowhere.rs` and `crates/*/src/lib.rs` and `crates/*/src/nowhere*.rs`.

```text
`crates/not/fenced.rs` is no span: it is in a fenced block.
```

`cards_core::face::Fase`, `cards_core::nowhere::Face`, `std::mem::swap`, `war::Game`,
`pig::Game::apply(x)`, `NoSuchType`, `no_such_function`, `GameState`.

`crates/grader/src/lib.rs` has `cases_come_back_in_order_with_their_own_expected_text`
but not `no_response_shows_another_seats_cards_or_the_deck`.

1. `crates/*/tests/protocol.rs` has `war_keeps_the_protocol`, not `no_such_protocol_test`;
2. a list item starts afresh: `the_generator_is_xoshiro256plusplus_seeded_by_splitmix64`.
";
    let missing = check_names(text, &root());
    assert_eq!(
        missing,
        [
            "ARCHITECTURE.md:5: `crates/cards-core/src/nowhere.rs`: no such file or folder",
            "ARCHITECTURE.md:5: `crates/*/src/nowhere*.rs`: no such file or folder",
            "ARCHITECTURE.md:11: `cards_core::face::Fase`: `Fase` is defined nowhere in \
             crates/cards-core/src",
            "ARCHITECTURE.md:11: `cards_core::nowhere::Face`: `nowhere` is defined nowhere \
             in crates/cards-core/src",
            "ARCHITECTURE.md:11: `std::mem::swap`: `std` is no crate of the workspace",
            "ARCHITECTURE.md:12: `pig::Game::apply(x)`: not a plain Rust path (write \
             `crate::module::Item`)",
            "ARCHITECTURE.md:12: `NoSuchType`: defined nowhere under crates/ nor in a kit's Java",
            "ARCHITECTURE.md:12: `no_such_function`: defined nowhere under crates/ nor in a \
             kit's Java",
            "ARCHITECTURE.md:15: `no_response_shows_another_seats_cards_or_the_deck`: not in \
             `crates/grader/src/lib.rs`, the file named before it",
            "ARCHITECTURE.md:17: `no_such_protocol_test`: not in `crates/*/tests/protocol.rs`, \
             the file named before it",
        ]
    );
}

/// A binary's files are `main.rs`, the modules it declares and `bin/`; a library module of
/// the same name as a binary's elsewhere (`plot.rs` declared by `lib.rs`) is the library's.
#[test]
fn the_binarys_files_are_main_its_modules_and_bin() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("architecture-binary");
    let _ = fs::remove_dir_all(&dir);
    for folder in ["cli", "bin/tool"] {
        fs::create_dir_all(dir.join(folder)).unwrap_or_else(|e| panic!("{e}"));
    }
    let files = [
        ("lib.rs", "pub mod plot;\npub mod game;\n"),
        ("main.rs", "// mod commented;\nmod cli;\nmod extra;\n"),
        ("cli/mod.rs", ""),
        ("cli/grade.rs", ""),
        ("extra.rs", ""),
        ("plot.rs", ""),
        ("game.rs", ""),
        ("commented.rs", ""),
        ("bin/tool/main.rs", ""),
    ];
    for (name, text) in files {
        fs::write(dir.join(name), text).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let binary: Vec<String> = binary_files(&dir)
        .iter()
        .filter_map(|path| path.strip_prefix(&dir).ok())
        .map(|path| path.to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        binary,
        [
            "bin/tool/main.rs",
            "cli/grade.rs",
            "cli/mod.rs",
            "extra.rs",
            "main.rs"
        ]
    );
}

/// One shape for the settings: each game's `Rules` is a struct in `src/rules.rs` (War's
/// players, order and cap on battles; Quattro's deck and cap on turns; Pig's dice and
/// goal; Ochos Locos' three rule switches), and each `Game::new` takes it first, so no
/// setting travels beside it.
#[test]
fn every_games_settings_are_one_rules_struct_game_new_takes_first() {
    for game in GAMES {
        let src = root().join("crates").join(game).join("src");
        let rules = code(&read(&src.join("rules.rs")));
        assert!(
            rules.contains("pub struct Rules {"),
            "{game}: src/rules.rs has no `pub struct Rules`"
        );
        let state = code(&read(&src.join("game.rs")));
        assert!(
            state.contains("pub fn new(rules: Rules"),
            "{game}: Game::new does not take the Rules first"
        );
    }
}
