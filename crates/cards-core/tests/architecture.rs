//! The workspace's architecture invariants that no compiler checks (ARCHITECTURE.md):
//! the game libraries depend on what their rules need and nothing of a front end's, they
//! never print nor use a global random generator, and the modules of every crate import
//! each other one way, without a circle.

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

/// The rules never print and never draw from a global generator: a game library writes
/// to the `Write` it is given and draws from the generator it is handed. Only the
/// binaries' files (`main.rs`, `cli.rs`, Pig's `plot.rs`) touch the process's streams.
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
        for path in rust_files(&root().join("crates").join(game).join("src")) {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            if ["main.rs", "cli.rs", "plot.rs"].contains(&name) {
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
