//! `war grade` (issue 39, item 2) on whole programs: our own reference program passes
//! every game and is graded the same way twice for a seed; the War kit's solution changed
//! into a few students' programs is graded as the text says: one that opens a new
//! `Scanner` on each turn is correct and passes (the answers are typed at a person's
//! pace), one that ends without the summary and one that gives a battle's cards to the
//! lower card fail, naming the rule. The Java programs are skipped, saying so, where
//! `javac` or `java` is missing.

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn war() -> Command {
    Command::new(env!("CARGO_BIN_EXE_war"))
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `war grade ARGS`, its status and its standard output.
fn grade(args: &[&str]) -> (Option<i32>, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = war().arg("grade").args(args).output().unwrap();
    (
        status.code(),
        String::from_utf8_lossy(&stdout).into_owned(),
        String::from_utf8_lossy(&stderr).into_owned(),
    )
}

#[test]
fn our_reference_program_passes_every_game_the_same_way_for_a_seed() {
    let program = env!("CARGO_BIN_EXE_war");
    // The program's deal is seeded too, so that two gradings of it can be compared.
    let args = [
        "--games",
        "6",
        "--seed",
        "2",
        "--jobs",
        "2",
        "--no-sandbox",
        "--",
        program,
        "--assignment",
        "--seed",
        "5",
    ];
    let (status, first, stderr) = grade(&args);
    assert_eq!(status, Some(0), "{first}{stderr}");
    assert!(first.contains("6 of 6 cases passed; score 6/6"), "{first}");
    // The deal is the same every game, the person not: seed 2's quits two games.
    assert_eq!(first.matches(", quit, ").count(), 2, "{first}");
    assert_eq!(first.matches(", won by Player 2, ").count(), 4, "{first}");
    let (_, second, _) = grade(&args);
    let verdicts = |report: &str| -> Vec<String> {
        report
            .lines()
            .filter(|line| line.starts_with("game-") || line.starts_with("    "))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(verdicts(&first), verdicts(&second));
    // Another seed is another person.
    let mut other = args;
    other[3] = "3";
    let (_, third, _) = grade(&other);
    assert_ne!(verdicts(&first), verdicts(&third));
}

fn runs(program: &str) -> bool {
    Command::new(program)
        .arg("-version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The kit's solution's sources with each `(from, to)` replaced in Game.java (each must
/// occur), in a folder of its own; `None` (skipped) without Java.
fn student_sources(changes: &[(&str, &str)]) -> Option<tempfile::TempDir> {
    if !(runs("javac") && runs("java")) {
        eprintln!("skipped: needs javac and java");
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    for file in ["Card.java", "Game.java", "Player.java"] {
        let mut text =
            std::fs::read_to_string(root().join("kits/war/solution").join(file)).unwrap();
        if file == "Game.java" {
            for (from, to) in changes {
                assert!(text.contains(from), "Game.java has no `{from}`");
                text = text.replace(from, to);
            }
        }
        std::fs::write(dir.path().join(file), text).unwrap();
    }
    Some(dir)
}

/// [`student_sources`], compiled.
fn student(changes: &[(&str, &str)]) -> Option<tempfile::TempDir> {
    let dir = student_sources(changes)?;
    let compiled = Command::new("javac")
        .args([
            "-nowarn",
            "-encoding",
            "UTF-8",
            "Card.java",
            "Game.java",
            "Player.java",
        ])
        .current_dir(dir.path())
        .status()
        .unwrap();
    assert!(compiled.success());
    Some(dir)
}

/// `war grade` of a compiled student's `java Game`, 4 games.
fn grade_student(dir: &Path) -> (Option<i32>, String, String) {
    grade(&[
        "--games",
        "4",
        "--seed",
        "3",
        "--jobs",
        "2",
        "--timeout",
        "60",
        "--submission",
        dir.to_str().unwrap(),
        "--",
        "java",
        "Game",
    ])
}

/// A new `Scanner(System.in)` on each turn: given every answer at once, the first one
/// would buffer them all and the next find none; typed at a person's pace, it is the
/// correct program it is.
#[test]
fn a_new_scanner_each_turn_is_correct_and_passes() {
    let Some(dir) = student(&[(
        "            if (!input.hasNextLine()) {",
        "            input = new Scanner(System.in);\n            if (!input.hasNextLine()) {",
    )]) else {
        return;
    };
    let (status, report, stderr) = grade_student(dir.path());
    assert_eq!(status, Some(0), "{report}{stderr}");
    assert!(report.contains("4 of 4 cases passed"), "{report}");
}

#[test]
fn a_program_that_ends_without_the_summary_fails_naming_it() {
    let Some(dir) = student(&[
        (r#"System.out.println("Battles fought: " + battles);"#, ""),
        (r#"System.out.println("Wars fought: " + wars);"#, ""),
    ]) else {
        return;
    };
    let (status, report, stderr) = grade_student(dir.path());
    assert_eq!(status, Some(1), "{report}{stderr}");
    assert!(report.contains("0 of 4 cases passed"), "{report}");
    assert!(
        report.contains("the number of battles fought, and the number of wars fought"),
        "{report}"
    );
}

/// A battle's cards given to the lower card.
const LOWER_TAKES: (&str, &str) = (
    "Player taker = result > 0 ? player1 : player2;",
    "Player taker = result < 0 ? player1 : player2;",
);

#[test]
fn a_program_that_gives_a_battle_to_the_lower_card_fails_naming_the_rule() {
    let Some(dir) = student(&[LOWER_TAKES]) else {
        return;
    };
    let (status, report, stderr) = grade_student(dir.path());
    assert_eq!(status, Some(1), "{report}{stderr}");
    assert!(report.contains("0 of 4 cases passed"), "{report}");
    assert!(
        report.contains("the higher card takes both: aces are the highest"),
        "{report}"
    );
}

/// `war gradescope` writes an autograder zip whose `run_autograder`, run in a folder laid
/// out as Gradescope's (`AUTOGRADER_ROOT` for `/autograder`), compiles and grades the
/// kit's solution (every game passes) and the one that gives battles to the lower card
/// (every game fails, naming the rule), isolated, with the fields Gradescope reads.
#[test]
fn run_autograder_from_the_zip_grades_a_right_and_a_faulty_war() {
    let Some(right) = student_sources(&[]) else {
        return;
    };
    let Some(faulty) = student_sources(&[LOWER_TAKES]) else {
        return;
    };
    let root = tempfile::tempdir().unwrap();
    let ag = root.path().join("autograder");
    std::fs::create_dir_all(ag.join("source")).unwrap();
    let zip = root.path().join("autograder.zip");
    let written = war()
        .args([
            "gradescope",
            "--games",
            "3",
            "--seed",
            "1",
            "--timeout",
            "60",
            "--out",
        ])
        .arg(&zip)
        .args([
            "--compile",
            "javac -nowarn -encoding UTF-8 ./*.java",
            "--",
            "java",
            "Game",
        ])
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
    let grade = |sources: &Path| -> Value {
        let submission = ag.join("submission");
        let _ = std::fs::remove_dir_all(&submission);
        let _ = std::fs::remove_dir_all(ag.join("results"));
        std::fs::create_dir_all(&submission).unwrap();
        for file in ["Card.java", "Game.java", "Player.java"] {
            std::fs::copy(sources.join(file), submission.join(file)).unwrap();
        }
        let status = Command::new(ag.join("run_autograder"))
            .env("AUTOGRADER_ROOT", &ag)
            .status()
            .unwrap();
        assert!(status.success());
        let text = std::fs::read_to_string(ag.join("results/results.json")).unwrap();
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
    };
    let passed = grade(right.path());
    assert_eq!(passed["score"], 3.0, "{passed}");
    let failed = grade(faulty.path());
    assert_eq!(failed["score"], 0.0, "{failed}");
    let tests = failed["tests"].as_array().cloned().unwrap_or_default();
    assert_eq!(tests.len(), 3, "{failed}");
    for test in &tests {
        assert_eq!(test["status"], "failed", "{test}");
        // A student's output shown as text, never as HTML.
        assert_eq!(test["output_format"], "text", "{test}");
        assert!(
            test["output"]
                .as_str()
                .is_some_and(|o| o.starts_with("line ") && o.contains("the higher card takes both")),
            "{test}"
        );
    }
}

/// A game that ends with the summary while both players hold cards and the person's
/// last answer asked for battles (here our own program stopped by a battle cap) broke
/// the rules: only q ends a game early. `war check` of a saved session, where it cannot
/// tell that the input went on, takes it as the input's end; the grader, which typed the
/// answers, knows. Once passed as "quit".
#[test]
fn a_game_stopped_before_its_end_without_q_fails() {
    let played = war()
        .args(["--assignment", "--seed", "5", "--max-battles", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"\n\n\n\n\n\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let text = String::from_utf8(played.stdout).unwrap();
    assert!(text.contains("Battles fought: 3"), "{text}");
    let typed = vec![String::new(); 3];
    let violation = war::check::check(&text, Some(&typed)).expect_err("stopped unasked");
    assert!(violation.is_rule(), "{violation}");
    assert!(
        violation
            .to_string()
            .contains("only q ends the game before"),
        "{violation}"
    );
    assert!(war::check::check(&text, None).is_ok_and(|checked| checked.quit));
    let (status, report, stderr) = grade(&[
        "--games",
        "2",
        "--seed",
        "2",
        "--no-sandbox",
        "--",
        env!("CARGO_BIN_EXE_war"),
        "--assignment",
        "--seed",
        "5",
        "--max-battles",
        "40",
    ]);
    assert_eq!(status, Some(1), "{report}{stderr}");
    assert!(report.contains("only q ends the game before"), "{report}");
}

/// The battle that ends the game may go unshown (no prompt follows it), after a number
/// as after Enter: the summary tells. Once refused after a number, as fewer battles than
/// asked ("a number plays that many battles"), which failed a variant of the kit that
/// shows no hands after a war a player cannot finish (game 4 of its grading).
#[test]
fn the_battle_that_ends_the_game_may_go_unshown_after_a_number() {
    let played = war()
        .args(["--assignment", "--seed", "5"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"220\n10\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let text = String::from_utf8(played.stdout).unwrap();
    assert!(text.contains("Battles fought: 226"), "{text}");
    // The last battle's hands taken out.
    let last_hands = text.rfind("Player 1 (0 cards)\n").unwrap();
    let after = text[last_hands..].find("\n\n").unwrap() + last_hands;
    let unshown = format!("{}{}", &text[..last_hands], &text[after + 1..]);
    let typed = ["220".to_owned(), "10".to_owned()];
    let checked = war::check::check(&unshown, Some(&typed)).unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(checked.winner.as_deref(), Some("Player 2"));
    assert_eq!(checked.battles, 226);
}
