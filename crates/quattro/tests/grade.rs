//! `quattro grade` (issue 39, item 2) on whole programs: the Quattro kit's Java solution
//! and its variants (programs the text allows) pass every game, one changed to open a
//! new `Scanner` on each turn too (the answers are typed at a person's pace); the kit's
//! mutants that one game shows fail, naming the rule their patch's header names. Our own
//! `quattro` binary is no student's program (its questions are its own), so the
//! programs are the kit's, compiled here; skipped, saying so, where `javac`, `java` or
//! `patch` is missing.

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn runs(program: &str, arg: &str) -> bool {
    Command::new(program)
        .arg(arg)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn tools() -> bool {
    let ok = runs("javac", "-version") && runs("java", "-version") && runs("patch", "--version");
    if !ok {
        eprintln!("skipped: needs javac, java and patch");
    }
    ok
}

/// The kit's solution with `patch` (`mutants/NAME`, `variants/NAME`) applied and each
/// `(from, to)` replaced in QuattroTest.java (each must occur), compiled into `out/` of
/// a folder of its own (named `name`); the submission to grade is that `out/`.
fn build(name: &str, patch: Option<&str>, changes: &[(&str, &str)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("quattro-grade")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    let src = dir.join("src/quattrotest");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::create_dir_all(dir.join("out")).unwrap();
    let kit = root().join("kits/quattro");
    for entry in std::fs::read_dir(kit.join("solution/src/quattrotest")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), src.join(entry.file_name())).unwrap();
    }
    if let Some(patch) = patch {
        let text = std::fs::read(kit.join(format!("{patch}.patch"))).unwrap();
        let mut child = Command::new("patch")
            .args(["-s", "-p1", "-d"])
            .arg(&dir)
            .stdin(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(&text).unwrap();
        assert!(child.wait().unwrap().success(), "{patch} does not apply");
    }
    let main = src.join("QuattroTest.java");
    let mut text = std::fs::read_to_string(&main).unwrap();
    for (from, to) in changes {
        assert!(text.contains(from), "QuattroTest.java has no `{from}`");
        text = text.replace(from, to);
    }
    std::fs::write(&main, text).unwrap();
    let files: Vec<PathBuf> = std::fs::read_dir(&src)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let status = Command::new("javac")
        .args(["-nowarn", "-encoding", "UTF-8", "-d"])
        .arg(dir.join("out"))
        .args(&files)
        .status()
        .unwrap();
    assert!(status.success(), "javac failed on {name}");
    dir.join("out")
}

/// `quattro grade` of a compiled program, `games` games of seed 3: its status, its
/// report and its standard error.
fn grade(out: &Path, games: u64) -> (Option<i32>, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(env!("CARGO_BIN_EXE_quattro"))
        .args(["grade", "--games"])
        .arg(games.to_string())
        .args([
            "--seed",
            "3",
            "--jobs",
            "2",
            "--timeout",
            "60",
            "--submission",
        ])
        .arg(out)
        .args(["--", "java", "-Xshare:auto", "-XX:TieredStopAtLevel=1"])
        .args(["-XX:+UseSerialGC", "quattrotest.QuattroTest"])
        .output()
        .unwrap();
    (
        status.code(),
        String::from_utf8_lossy(&stdout).into_owned(),
        String::from_utf8_lossy(&stderr).into_owned(),
    )
}

#[test]
fn the_reference_solution_passes_every_game_and_its_refusals_are_tested() {
    if !tools() {
        return;
    }
    let (status, report, stderr) = grade(&build("solution", None, &[]), 12);
    assert_eq!(status, Some(0), "{report}{stderr}");
    assert!(report.contains("12 of 12 cases passed"), "{report}");
    // Seed 3's person draws when nothing matches and, in some games, first types an
    // empty name or an answer to be refused, which the solution refuses.
    assert!(report.contains("a draw typed as `draw`"), "{report}");
}

fn variant_passes_every_game(name: &str) {
    if !tools() {
        return;
    }
    let out = build(name, Some(&format!("variants/{name}")), &[]);
    let (status, report, stderr) = grade(&out, 6);
    assert_eq!(status, Some(0), "{name}: {report}{stderr}");
    assert!(report.contains("6 of 6 cases passed"), "{name}: {report}");
}

#[test]
fn the_variant_with_another_console_passes_every_game() {
    variant_passes_every_game("another-console");
}

#[test]
fn the_variant_selecting_by_position_passes_every_game() {
    variant_passes_every_game("select-by-position");
}

/// A blank name refused, then the first card turned and the bots' moves before the
/// human's first turn: the name asked again was answered (the terminal's transcript
/// shows the name typed after the question; the output alone ran the refusal, the
/// question and the first card into one another).
#[test]
fn the_variant_where_a_bot_starts_passes_every_game() {
    variant_passes_every_game("a-bot-starts");
}

/// A new `Scanner(System.in)` at each question: given every answer at once, the first
/// one would buffer them all and the next find none; typed at a person's pace, it is
/// the correct program it is.
#[test]
fn a_new_scanner_at_each_question_is_correct_and_passes() {
    if !tools() {
        return;
    }
    let out = build(
        "new-scanner",
        None,
        &[
            ("private final Scanner input;", "private Scanner input;"),
            (
                "if (!input.hasNextLine()) {",
                "input = new Scanner(System.in);\n            if (!input.hasNextLine()) {",
            ),
        ],
    );
    let (status, report, stderr) = grade(&out, 6);
    assert_eq!(status, Some(0), "{report}{stderr}");
    assert!(report.contains("6 of 6 cases passed"), "{report}");
}

#[test]
fn mutants_fail_naming_their_rule() {
    if !tools() {
        return;
    }
    // Each mutant, words of the rule its patch's header says a failure names, and the
    // games it is graded over. The deal is the program's own unseeded shuffle: a mistake
    // that shows only on some deals gets games enough that a miss is less likely than
    // one in a million (any card in hand: about half the games show it; a draw while
    // holding a match: about a third), or the test would fail at random.
    // A deck never shuffled deals every game alike: no one game shows it, the games
    // together do (six alike fail).
    for (name, rule, games) in [
        ("four-cards-dealt", "each player is dealt three cards", 12),
        ("deck-never-shuffled", "the deck was never shuffled", 8),
        ("any-card-in-hand-plays", "does not match", 24),
        (
            "blank-name-accepted",
            "the blank name was taken as the name",
            12,
        ),
        (
            "draw-while-holding-a-match",
            "rule 5: with a matching card the player plays it",
            40,
        ),
    ] {
        let header =
            std::fs::read_to_string(root().join(format!("kits/quattro/mutants/{name}.patch")))
                .unwrap();
        assert!(
            header.contains(rule),
            "{name}: its header does not name {rule:?}"
        );
        let out = build(name, Some(&format!("mutants/{name}")), &[]);
        let (status, report, stderr) = grade(&out, games);
        assert_eq!(status, Some(1), "{name}: {report}{stderr}");
        assert!(report.contains(rule), "{name}: {report}");
    }
}

/// Our own program (its screen is its own, not the kit's, but keeps the conventions)
/// passes every game, graded the same way twice for a seed and otherwise for another.
/// Seeded (`--seed 5`), it deals every game alike: five games, fewer than the six alike
/// that show a deck never shuffled.
#[test]
fn our_own_program_passes_every_game_the_same_way_for_a_seed() {
    let grade = |seed: &str| {
        let output = Command::new(env!("CARGO_BIN_EXE_quattro"))
            .args(["grade", "--games", "5", "--seed", seed, "--jobs", "2"])
            .args(["--timeout", "60", "--no-sandbox", "--"])
            .args([env!("CARGO_BIN_EXE_quattro"), "--seed", "5"])
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&output.stdout).into_owned();
        assert_eq!(output.status.code(), Some(0), "{report}");
        assert!(report.contains("5 of 5 cases passed"), "{report}");
        report
            .lines()
            .filter(|line| line.starts_with("game-") || line.starts_with("    "))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let first = grade("2");
    assert_eq!(first, grade("2"));
    assert_ne!(first, grade("4"));
}

/// `quattro gradescope` writes an autograder zip whose `run_autograder`, run in a folder
/// laid out as Gradescope's (`AUTOGRADER_ROOT` for `/autograder`), compiles and grades
/// the kit's solution (every game passes) and the mutant that deals four cards (every
/// game fails, naming the rule), with the fields Gradescope reads.
#[test]
fn run_autograder_from_the_zip_grades_a_right_and_a_faulty_quattro() {
    if !tools() {
        return;
    }
    let right = build("zip-solution", None, &[]);
    let faulty = build("zip-four-cards", Some("mutants/four-cards-dealt"), &[]);
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("quattro-grade/zip");
    let _ = std::fs::remove_dir_all(&root);
    let ag = root.join("autograder");
    std::fs::create_dir_all(ag.join("source")).unwrap();
    let zip = root.join("autograder.zip");
    let written = Command::new(env!("CARGO_BIN_EXE_quattro"))
        .args([
            "gradescope",
            "--games",
            "3",
            "--seed",
            "1",
            "--timeout",
            "60",
        ])
        .arg("--out")
        .arg(&zip)
        .args([
            "--compile",
            "javac -nowarn -encoding UTF-8 -d . ./*.java",
            "--",
        ])
        .args(["java", "quattrotest.QuattroTest"])
        .output()
        .unwrap();
    assert!(written.status.success(), "{written:?}");
    // Python's zipfile: a reader apart from the grader's writer; modes kept.
    let script = "import os,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nfor i in z.infolist():\n    p=z.extract(i,sys.argv[2])\n    os.chmod(p,(i.external_attr>>16)&0o777)\n";
    let unzipped = Command::new("python3")
        .args(["-c", script])
        .arg(&zip)
        .arg(ag.join("source"))
        .status()
        .unwrap();
    assert!(unzipped.success());
    std::fs::copy(ag.join("source/run_autograder"), ag.join("run_autograder")).unwrap();
    // The student hands in the sources: those `build` compiled into `out`.
    let grade = |out: &Path| -> serde_json::Value {
        let sources = out.parent().unwrap().join("src/quattrotest");
        let submission = ag.join("submission");
        let _ = std::fs::remove_dir_all(&submission);
        let _ = std::fs::remove_dir_all(ag.join("results"));
        std::fs::create_dir_all(&submission).unwrap();
        for entry in std::fs::read_dir(&sources).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), submission.join(entry.file_name())).unwrap();
        }
        let status = Command::new(ag.join("run_autograder"))
            .env("AUTOGRADER_ROOT", &ag)
            .status()
            .unwrap();
        assert!(status.success());
        let text = std::fs::read_to_string(ag.join("results/results.json")).unwrap();
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
    };
    let passed = grade(&right);
    assert_eq!(passed["score"], 3.0, "{passed}");
    let failed = grade(&faulty);
    assert_eq!(failed["score"], 0.0, "{failed}");
    let tests = failed["tests"].as_array().cloned().unwrap_or_default();
    assert_eq!(tests.len(), 3, "{failed}");
    for test in &tests {
        assert_eq!(test["status"], "failed", "{test}");
        assert_eq!(test["output_format"], "text", "{test}");
        assert!(
            test["output"].as_str().is_some_and(
                |o| o.starts_with("line ") && o.contains("each player is dealt three cards")
            ),
            "{test}"
        );
    }
}
