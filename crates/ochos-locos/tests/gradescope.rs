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
    let made = Command::new(BIN)
        .args(["cases", "match-making", "--seed", "1", "--out"])
        .arg(&cases)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
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
    assert!(
        tests[0]["output"]
            .as_str()
            .unwrap_or("")
            .starts_with("line 4, column 1: expected"),
        "{faulty}"
    );
}
