//! `ochos-locos gradescope` writes an autograder zip whose `run_autograder`, run in a
//! folder laid out as Gradescope's (`AUTOGRADER_ROOT` standing for `/autograder`),
//! grades a correct and a faulty program correctly, isolated.

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used)]

use std::fs;
use std::process::Command;

mod common;
use common::unzip;

const BIN: &str = env!("CARGO_BIN_EXE_ochos-locos");

#[test]
fn run_autograder_from_the_zip_grades_a_correct_and_a_faulty_program() {
    let root = tempfile::tempdir().unwrap();
    let cases = root.path().join("cases");
    common::match_making_cases(BIN, &cases);
    let zip = root.path().join("autograder.zip");
    let written = Command::new(BIN)
        .args(["gradescope", "match-making", "--timeout", "5", "--cases"])
        .arg(&cases)
        .arg("--out")
        .arg(&zip)
        .args(["--", "bash", "run.sh"])
        .output()
        .unwrap();
    assert!(written.status.success(), "{written:?}");

    // Gradescope's layout: the zip in source/, run_autograder copied beside it.
    let ag = root.path().join("autograder");
    unzip(&zip, &ag.join("source"));
    for file in [
        "setup.sh",
        "run_autograder",
        "ochos-locos",
        "cases/manifest.json",
    ] {
        assert!(ag.join("source").join(file).is_file(), "{file}");
    }
    fs::copy(ag.join("source/run_autograder"), ag.join("run_autograder")).unwrap();
    let grade = |run_sh: &str| -> serde_json::Value {
        let submission = ag.join("submission");
        let _ = fs::remove_dir_all(&submission);
        let _ = fs::remove_dir_all(ag.join("results"));
        fs::create_dir_all(&submission).unwrap();
        // The student's "program": this project's own game, and a faulty version of it.
        fs::copy(BIN, submission.join("game")).unwrap();
        fs::write(submission.join("run.sh"), run_sh).unwrap();
        let status = Command::new(ag.join("run_autograder"))
            .env("AUTOGRADER_ROOT", &ag)
            .status()
            .unwrap();
        assert!(status.success());
        let text = fs::read_to_string(ag.join("results/results.json")).unwrap();
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
    };
    let right = grade("./game match-making\n");
    assert_eq!(right["score"], 4.0, "{right}");
    assert!(right["execution_time"].as_f64().is_some(), "{right}");
    assert!(
        right["output"]
            .as_str()
            .unwrap_or("")
            .contains("bubblewrap"),
        "{right}"
    );
    let tests = right["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 4);
    assert!(tests.iter().all(|t| t["status"] == "passed"), "{right}");

    let faulty = grade("./game match-making | head -n 3\n");
    assert_eq!(faulty["score"], 0.0, "{faulty}");
    let tests = faulty["tests"].as_array().unwrap();
    assert!(tests.iter().all(|t| t["status"] == "failed"), "{faulty}");
    // The expected lines stay out of what students see (issue 37, item 8): a report
    // that quoted them let a class harvest every expected output by failing on purpose.
    assert!(
        tests[0]["output"]
            .as_str()
            .unwrap_or("")
            .starts_with("line 4: the output differs from the expected one (which is not shown)"),
        "{faulty}"
    );
    let results = faulty.to_string();
    for entry in fs::read_dir(&cases).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "out") {
            for line in fs::read_to_string(&path).unwrap().lines().skip(3) {
                assert!(!results.contains(line), "{line:?} shown: {faulty}");
            }
        }
    }
}

/// With `--show-expected` the instructor chooses to show them, and with `--visibility`
/// when: here after the due date.
#[test]
fn the_instructor_may_show_the_expected_lines_after_the_due_date() {
    let root = tempfile::tempdir().unwrap();
    let cases = make_cases(root.path(), "match-making");
    let ag = autograder(
        root.path(),
        &["match-making", "--cases", &cases],
        &[
            "--show-expected",
            "--visibility",
            "after_due_date",
            "--",
            "bash",
            "run.sh",
        ],
    );
    let faulty = run(&ag, &[("run.sh", "./game match-making | head -n 3\n")]);
    let tests = faulty["tests"].as_array().unwrap();
    assert!(
        tests[0]["output"]
            .as_str()
            .unwrap_or("")
            .starts_with("line 4, column 1: expected `"),
        "{faulty}"
    );
    assert!(
        tests.iter().all(|t| t["visibility"] == "after_due_date"),
        "{faulty}"
    );
}

/// Assignment 2's four problems in one autograder, with the text's marks for their
/// functionality (40, 15, 5, 5; issue 43, item 7): each problem graded apart, with its
/// own compile step, into one results.json; a problem that does not compile, or is
/// wrong, loses its own marks only.
#[test]
fn one_autograder_for_the_four_problems_of_assignment_2() {
    let root = tempfile::tempdir().unwrap();
    let problems = [
        ("match-making", "mm", 40.0),
        ("take-two", "tt", 15.0),
        ("going-wild", "gw", 5.0),
        ("more-the-merrier", "mtm", 5.0),
    ];
    let mut options = vec![
        "--visibility".to_owned(),
        "*-win-by-eight=hidden".to_owned(),
    ];
    for (rules, short, points) in problems {
        let cases = make_cases(root.path(), rules);
        options.extend([
            "--problem".to_owned(),
            rules.to_owned(),
            cases,
            points.to_string(),
            // The problem's "compile": its script must be there and be shell.
            format!("sh -n {short}.sh"),
            format!("sh {short}.sh"),
        ]);
    }
    let options: Vec<&str> = options.iter().map(String::as_str).collect();
    let ag = autograder(root.path(), &[], &options);
    for (rules, _, _) in problems {
        assert!(
            ag.join("source/cases")
                .join(rules)
                .join("manifest.json")
                .is_file(),
            "{rules}"
        );
    }
    let scripts: Vec<(String, String)> = problems
        .iter()
        .map(|(rules, short, _)| (format!("{short}.sh"), format!("exec ./game {rules}\n")))
        .collect();
    let files = |changed: &[(&str, &str)]| -> Vec<(String, String)> {
        let mut files = scripts.clone();
        for (name, text) in changed {
            files.retain(|(n, _)| n != name);
            files.push(((*name).to_owned(), (*text).to_owned()));
        }
        files
    };
    let right = run_owned(&ag, &files(&[]));
    assert_eq!(right["score"], 65.0, "{right}");
    let tests = right["tests"].as_array().unwrap();
    for (rules, _, points) in problems {
        let mine: Vec<&serde_json::Value> = tests
            .iter()
            .filter(|t| {
                t["name"]
                    .as_str()
                    .unwrap_or("")
                    .starts_with(&format!("{rules}: "))
            })
            .collect();
        assert!(!mine.is_empty(), "{rules}: {right}");
        let max: f64 = mine.iter().map(|t| t["max_score"].as_f64().unwrap()).sum();
        assert!((max - points).abs() < 1e-3, "{rules}: {max} of {points}");
        for test in mine {
            let hidden = test["name"]
                .as_str()
                .unwrap_or("")
                .ends_with("-win-by-eight");
            assert_eq!(
                test["visibility"],
                if hidden { "hidden" } else { "visible" },
                "{test}"
            );
        }
    }
    // Take Two does not "compile", Going Wild is wrong: 40 + 5 left.
    let broken = run_owned(
        &ag,
        &files(&[
            ("tt.sh", "exec ./game take-two (\n"),
            ("gw.sh", "./game going-wild | head -n 2\n"),
        ]),
    );
    let score = broken["score"].as_f64().unwrap();
    assert!((score - 45.0).abs() < 1e-3, "{broken}");
    let output = broken["output"].as_str().unwrap_or("");
    assert!(output.starts_with("match-making: "), "{output}");
    assert!(output.contains("take-two: the compile step"), "{output}");
}

/// Cases of `rules` (seed 1) under `root`; their folder.
fn make_cases(root: &std::path::Path, rules: &str) -> String {
    let cases = root.join("cases").join(rules);
    let made = Command::new(BIN)
        .args(["cases", rules, "--seed", "1", "--out"])
        .arg(&cases)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    cases.display().to_string()
}

/// `ochos-locos gradescope` with `before` and `after` around `--timeout 5 --out ZIP`,
/// unzipped in Gradescope's layout under `root/autograder`; its root.
fn autograder(root: &std::path::Path, before: &[&str], after: &[&str]) -> std::path::PathBuf {
    let zip = root.join("autograder.zip");
    let written = Command::new(BIN)
        .arg("gradescope")
        .args(before)
        .args(["--timeout", "5", "--out"])
        .arg(&zip)
        .args(after)
        .output()
        .unwrap();
    assert!(written.status.success(), "{written:?}");
    let ag = root.join("autograder");
    unzip(&zip, &ag.join("source"));
    fs::copy(ag.join("source/run_autograder"), ag.join("run_autograder")).unwrap();
    ag
}

/// `run_autograder` at `ag` on a submission of this project's game and `files`; the
/// results.
fn run(ag: &std::path::Path, files: &[(&str, &str)]) -> serde_json::Value {
    let owned: Vec<(String, String)> = files
        .iter()
        .map(|(n, t)| ((*n).to_owned(), (*t).to_owned()))
        .collect();
    run_owned(ag, &owned)
}

fn run_owned(ag: &std::path::Path, files: &[(String, String)]) -> serde_json::Value {
    let submission = ag.join("submission");
    let _ = fs::remove_dir_all(&submission);
    let _ = fs::remove_dir_all(ag.join("results"));
    fs::create_dir_all(&submission).unwrap();
    fs::copy(BIN, submission.join("game")).unwrap();
    for (name, text) in files {
        fs::write(submission.join(name), text).unwrap();
    }
    let status = Command::new(ag.join("run_autograder"))
        .env("AUTOGRADER_ROOT", ag)
        .status()
        .unwrap();
    assert!(status.success());
    let text = fs::read_to_string(ag.join("results/results.json")).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}
