//! The ```` ```console ```` examples of a Markdown page, run as the page shows them
//! (included as a module by `crates/ochos-locos/tests/grading_doc.rs` and
//! `crates/pig/tests/grading_doc.rs`, which run `docs/grading.md`).
//!
//! trycmd runs a page's console blocks too, but each command alone, in a folder it
//! cannot prepare; the grading page builds cases, grades submissions that need a copy of
//! the binary, and reads the files earlier commands wrote. So here every line starting
//! with `$ ` is a command, run with `sh -c` in a folder the test has prepared, one after
//! another in the page's order, and its standard output must be the lines the page shows
//! after it (up to the next `$ ` or the end of the block), byte for byte, its standard
//! error empty (a terminal would show it). Each command sees the previous command's exit
//! status as `$?`, so that `echo $?` prints what the page says.
//!
//! The one placeholder is `[..]`, which the page itself shows and explains: it stands for
//! a time, which differs from run to run, and matches a number only (`0.112`). A command is
//! skipped only when `skip` says so, with the reason printed.

// Test support: a failure here is the test's failure.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use std::path::Path;
use std::process::{Command, Stdio};

/// One `$ ` command of a console block and what the page shows after it.
#[derive(Debug, Clone)]
pub struct Example {
    /// The page's line of the command, from 1.
    pub line: usize,
    /// The `## ` heading the block is under ("" before the first).
    pub section: String,
    /// The number of its block in the page, from 1.
    pub block: usize,
    /// The command, without `$ `.
    pub command: String,
    /// The lines shown after it.
    pub output: Vec<String>,
}

/// Every command of every ```` ```console ```` block of `markdown`, in order.
pub fn examples(markdown: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut section = String::new();
    let mut block = 0;
    let mut in_console = false;
    let mut in_other_fence = false;
    for (index, line) in markdown.lines().enumerate() {
        if in_console {
            if line.starts_with("```") {
                in_console = false;
            } else if let Some(command) = line.strip_prefix("$ ") {
                examples.push(Example {
                    line: index + 1,
                    section: section.clone(),
                    block,
                    command: command.to_owned(),
                    output: Vec::new(),
                });
            } else {
                let last = examples.last_mut().filter(|e| e.block == block);
                let last = last.unwrap_or_else(|| {
                    panic!("line {}: a console block must start with `$ `", index + 1)
                });
                last.output.push(line.to_owned());
            }
        } else if in_other_fence {
            in_other_fence = !line.starts_with("```");
        } else if line.trim_end() == "```console" {
            in_console = true;
            block += 1;
        } else if line.starts_with("```") {
            in_other_fence = true;
        } else if let Some(heading) = line.strip_prefix("## ") {
            section = heading.to_owned();
        }
    }
    assert!(!in_console, "a console block is not closed");
    examples
}

/// Whether `got` is the line `shown`, where each `[..]` in `shown` stands for a time:
/// a number of digits, with or without a decimal point (`0.112`), and nothing else.
pub fn line_matches(shown: &str, got: &str) -> bool {
    let mut parts = shown.split("[..]");
    let Some(mut rest) = got.strip_prefix(parts.next().unwrap_or("")) else {
        return false;
    };
    for part in parts {
        let number = rest
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(rest.len());
        let (figure, after) = rest.split_at(number);
        let is_time =
            figure.split('.').count() <= 2 && figure.split('.').all(|digits| !digits.is_empty());
        match after.strip_prefix(part).filter(|_| is_time) {
            Some(after) => rest = after,
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether `stdout` is exactly the lines `shown` (each ended by a newline), `[..]` aside.
pub fn output_matches(shown: &[String], stdout: &str) -> bool {
    let got: Vec<&str> = if stdout.is_empty() {
        Vec::new()
    } else {
        match stdout.strip_suffix('\n') {
            Some(body) => body.split('\n').collect(),
            None => return false,
        }
    };
    got.len() == shown.len()
        && shown
            .iter()
            .zip(&got)
            .all(|(shown, got)| line_matches(shown, got))
}

/// Runs `examples` in `dir`, in order, with `path` first on `PATH`; `skip` gives the
/// reason a command is not run, or `None`. Panics listing every command whose output
/// is not the page's. Returns how many commands were run.
pub fn run(
    page: &str,
    examples: &[Example],
    dir: &Path,
    path: &Path,
    skip: impl Fn(&Example) -> Option<String>,
) -> usize {
    let search = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![path.to_path_buf()];
    paths.extend(std::env::split_paths(&search));
    let search = std::env::join_paths(paths).unwrap();
    let mut status = 0;
    let mut ran = 0;
    let mut failures = Vec::new();
    for example in examples {
        if let Some(why) = skip(example) {
            eprintln!(
                "{page}:{}: skipped `{}`: {why}",
                example.line, example.command
            );
            continue;
        }
        // `(exit N)` first, so that the command's `$?` is the previous command's status.
        let script = format!("(exit {status})\n{}", example.command);
        let output = Command::new("sh")
            .arg("-c")
            .arg(&script)
            .current_dir(dir)
            .env("PATH", &search)
            .env_remove("RUST_BACKTRACE")
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("cannot run sh: {e}"));
        ran += 1;
        status = output.status.code().unwrap_or(128);
        let stdout = String::from_utf8_lossy(&output.stdout);
        // The tests run a debug build, whose `gradescope` warns that it packs a debug
        // binary; the page's reader packs a release build, which does not.
        let stderr: String = String::from_utf8_lossy(&output.stderr)
            .lines()
            .filter(|line| !line.contains(": warning: this is a debug build, packed as it is"))
            .map(|line| format!("{line}\n"))
            .collect();
        if !output_matches(&example.output, &stdout) || !stderr.is_empty() {
            failures.push(format!(
                "{page}:{}: `{}` (exit status {status})\n--- the page shows:\n{}\n--- stdout:\n{stdout}--- stderr:\n{stderr}",
                example.line,
                example.command,
                example.output.join("\n"),
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    ran
}

/// Copies the folder `from` into `to` (made if missing), files with their modes.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Whether `program` is found on `PATH`.
pub fn installed(program: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {program}"))
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn the_placeholder_stands_for_a_time_only() {
    assert!(line_matches("a", "a"));
    assert!(!line_matches("a", "ab"));
    assert!(line_matches(
        "  \"seconds\": [..],",
        "  \"seconds\": 0.112,"
    ));
    assert!(!line_matches(
        "  \"seconds\": [..],",
        "  \"seconds\": 0.112"
    ));
    assert!(line_matches("\"t\": [..]", "\"t\": 2"));
    assert!(line_matches("[..] s, [..] s", "0.5 s, 12 s"));
    // A time only: not other text, not an empty one, not two points.
    assert!(!line_matches(
        "  \"seconds\": [..]",
        "  \"seconds\": 0.112,"
    ));
    assert!(!line_matches("x[..]y", "xy"));
    assert!(!line_matches("x[..]y", "x1zy"));
    assert!(!line_matches("x[..]y", "x1.2.3y"));
    assert!(!line_matches("x[..]y", "x1.y"));
    let shown = vec!["one".to_owned(), "t[..]".to_owned()];
    assert!(output_matches(&shown, "one\nt2\n"));
    assert!(!output_matches(&shown, "one\nt2"));
    assert!(!output_matches(&shown, "one\nt2\nthree\n"));
    assert!(output_matches(&[], ""));
    assert!(!output_matches(&[], "\n"));
}
