//! The grader attacked by the programs it grades (issue 19), with isolation on, as
//! `ochos-locos grade` runs by default: each attack is a shell script that knows
//! where the cases and the results are (as a student could guess
//! `/autograder/source/cases`), graded with its report written to a file, as
//! `run_autograder` does. Each must score 0 for the answers it tried to steal, leave
//! every `.out` and every results file byte-identical, leave no process behind, and
//! finish within its timeout plus a small margin.
//!
//! Also: a program that follows Assignment 2's text and prints `DRAW` for ever in a game
//! nobody can finish passes the stalemate case; one that stops early fails it. And the
//! fallback without bubblewrap, as root: a dedicated user id, the cases unreadable to it.

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::is_root;

const BIN: &str = env!("CARGO_BIN_EXE_ochos-locos");

/// One grading at a time: the check for processes left behind looks at the whole
/// machine, where a grading running beside would be seen.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

struct Setup {
    _root: tempfile::TempDir,
    cases: PathBuf,
    submission: PathBuf,
    results: PathBuf,
}

/// A grading's folders: the cases (match-making, seed 1: 4 cases), a submission
/// holding `attack.sh`, and a results folder with another student's report.
fn setup(script: &str) -> Setup {
    let root = tempfile::tempdir().unwrap();
    let cases = root.path().join("cases");
    let submission = root.path().join("submission");
    let results = root.path().join("results");
    common::match_making_cases(BIN, &cases);
    fs::create_dir(&submission).unwrap();
    fs::create_dir(&results).unwrap();
    fs::write(results.join("other.json"), "{\"score\": 3}\n").unwrap();
    let script = script
        .replace("@CASES@", &cases.display().to_string())
        .replace("@RESULTS@", &results.display().to_string());
    fs::write(submission.join("attack.sh"), script).unwrap();
    Setup {
        _root: root,
        cases,
        submission,
        results,
    }
}

/// Every file of a folder and its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let bytes = fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect()
}

/// Processes of the graded programs left running (zombies are not running): the
/// dedicated users' ids, or a command line holding `marker`.
fn left_behind(marker: &str) -> Vec<String> {
    std::thread::sleep(Duration::from_millis(200));
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        use std::os::unix::fs::MetadataExt;
        let Ok(meta) = entry.metadata() else { continue };
        // A zombie has ended and waits only for its parent to reap it (this container's
        // PID 1 is slow at that): it runs nothing, holds no memory, and is not left
        // running. Its state follows the command name's closing parenthesis.
        let stat = fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let state = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.trim_start().chars().next());
        if matches!(state, None | Some('Z' | 'X')) {
            continue;
        }
        let cmdline = fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        // Any grading's block of user ids: the test assumes no other grading runs on the
        // machine meanwhile (CI runs the test binaries one after another).
        let ids = grader::sandbox::FIRST_UID
            ..grader::sandbox::FIRST_UID
                + grader::sandbox::UIDS_PER_GRADING * grader::sandbox::GRADINGS_AT_ONCE;
        let ours = ids.contains(&meta.uid());
        if ours || (cmdline.contains(marker) && !cmdline.contains("cargo")) {
            found.push(format!(
                "{:?} uid {}: {cmdline}",
                entry.file_name(),
                meta.uid()
            ));
        }
    }
    found
}

/// Grades `attack.sh` with a 1-second timeout, the report into `results/me.json`;
/// checks everything the attacks go for, and returns the report.
fn graded(setup: &Setup, marker: &str) -> serde_json::Value {
    let _alone = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let cases_before = snapshot(&setup.cases);
    let others_before = fs::read(setup.results.join("other.json")).unwrap();
    let report = fs::File::create(setup.results.join("me.json")).unwrap();
    let start = Instant::now();
    let status = Command::new(BIN)
        .args([
            "grade",
            "match-making",
            "--timeout",
            "1",
            "--jobs",
            "2",
            "--format",
            "json",
            // The attacks read `$GRADER_CASE`: told, as an instructor may ask, so that
            // they try their hardest (without it they know even less).
            "--tell-case",
        ])
        .arg("--cases")
        .arg(&setup.cases)
        .arg("--submission")
        .arg(&setup.submission)
        .args(["--", "bash", "attack.sh"])
        .stdin(Stdio::null())
        .stdout(report)
        .stderr(Stdio::inherit())
        .status()
        .unwrap();
    let elapsed = start.elapsed();
    // 4 cases, 2 at a time, 1 s each at most, and a margin for starting sandboxes.
    assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}");
    assert_eq!(status.code(), Some(1), "the grader itself must survive");
    assert_eq!(snapshot(&setup.cases), cases_before, "a case file changed");
    assert_eq!(
        fs::read(setup.results.join("other.json")).unwrap(),
        others_before,
        "another student's results changed"
    );
    assert_eq!(left_behind(marker), Vec::<String>::new());
    let text = fs::read_to_string(setup.results.join("me.json")).unwrap();
    let report: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(report["isolation"], "bubblewrap", "{report}");
    assert_eq!(
        report["cases"].as_array().map(Vec::len),
        Some(4),
        "{report}"
    );
    for case in report["cases"].as_array().into_iter().flatten() {
        // Each run within its timeout and a margin for the kill and the sandbox's end.
        let seconds = case["seconds"].as_f64().unwrap_or(f64::INFINITY);
        assert!(seconds < 1.5, "{case}");
        assert_eq!(case["killed"], "everything", "{case}");
    }
    report
}

fn score(report: &serde_json::Value) -> f64 {
    report["score"].as_f64().unwrap_or(f64::NAN)
}

#[test]
fn reading_the_answers_through_the_graders_proc_entries() {
    let setup = setup(
        r#"cases=$(tr '\0' '\n' < /proc/$PPID/cmdline | grep -A1 -x -- --cases | tail -n 1)
cat "$cases/$GRADER_CASE.out" 2>/dev/null
cat "/proc/$PPID/cwd/$cases/$GRADER_CASE.out" 2>/dev/null
cat "@CASES@/$GRADER_CASE.out" 2>/dev/null
for p in /proc/[0-9]*; do cat "$p/cwd/@CASES@/$GRADER_CASE.out" "$p/root/@CASES@/$GRADER_CASE.out"; done 2>/dev/null
echo nothing found
"#,
    );
    let report = graded(&setup, "attack.sh");
    assert_eq!(score(&report), 0.0, "{report}");
}

#[test]
fn matching_standard_input_against_the_in_files() {
    let setup = setup(
        r#"input=$(cat)
for f in $(find / -name '*.in' 2>/dev/null) @CASES@/*.in; do
  if [ "$(cat "$f" 2>/dev/null)" = "$input" ]; then cat "${f%.in}.out"; exit 0; fi
done
echo nothing found
"#,
    );
    let report = graded(&setup, "attack.sh");
    assert_eq!(score(&report), 0.0, "{report}");
}

#[test]
fn writing_the_results_through_the_graders_standard_output() {
    let setup = setup(
        r#"for p in $PPID 1 /proc/[0-9]*; do p=${p#/proc/}
  echo '{"score": 1000000, "tests": []}' > /proc/$p/fd/1 2>/dev/null
  echo '{"score": 1000000}' > @RESULTS@/me.json 2>/dev/null
  echo '{"score": 0}' > @RESULTS@/other.json 2>/dev/null
done
kill -9 $PPID 2>/dev/null
echo nothing
"#,
    );
    let report = graded(&setup, "attack.sh");
    assert_eq!(score(&report), 0.0, "{report}");
}

#[test]
fn rewriting_the_expected_outputs() {
    let setup = setup(
        r#"for f in @CASES@/*.out $(find / -name '*.out' 2>/dev/null); do
  echo hacked > "$f" 2>/dev/null
done
echo hacked
"#,
    );
    let report = graded(&setup, "attack.sh");
    assert_eq!(score(&report), 0.0, "{report}");
}

#[test]
fn a_fork_bomb_under_the_process_limit() {
    let setup = setup("bomb() { bomb & bomb & wait; }; bomb\n");
    let report = graded(&setup, "attack.sh");
    assert_eq!(score(&report), 0.0, "{report}");
    for case in report["cases"].as_array().into_iter().flatten() {
        assert_eq!(case["killed"], "everything", "{case}");
    }
}

#[test]
fn a_setsid_grandchild_holding_standard_output() {
    let marker = format!("grader-attack-{}", std::process::id());
    let setup = setup(&format!(
        "setsid bash -c 'exec -a {marker} sleep 30' &\nsleep 0.2\necho nothing\n"
    ));
    let report = graded(&setup, &marker);
    assert_eq!(score(&report), 0.0, "{report}");
    for case in report["cases"].as_array().into_iter().flatten() {
        // The grandchild died with the sandbox: the run is judged by what it printed.
        assert_eq!(case["result"], "wrong-output", "{case}");
        assert!(case["seconds"].as_f64().unwrap_or(9.0) < 1.0, "{case}");
    }
}

/// The stalemate case of match-making, seed 1, graded alone: a program that prints the
/// expected lines up to the closing line and then the last round of DRAW lines for ever
/// passes (by the endless-draw reading); one that stops after a round fails.
#[test]
fn an_endless_draw_passes_the_stalemate_and_stopping_early_fails() {
    let setup = setup("");
    let manifest = setup.cases.join("manifest.json");
    let mut value: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&manifest).unwrap()).unwrap();
    let stalemate: Vec<serde_json::Value> = value["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|case| case["target"] == "stalemate")
        .cloned()
        .collect();
    assert_eq!(stalemate.len(), 1);
    let name = stalemate[0]["name"].as_str().unwrap().to_owned();
    value["cases"] = serde_json::Value::Array(stalemate);
    fs::write(&manifest, value.to_string()).unwrap();
    let expected = fs::read_to_string(setup.cases.join(format!("{name}.out"))).unwrap();
    assert!(expected.ends_with("STALEMATE (NO WINNER)\n"), "{expected}");
    // The student's program knows its one answer (a stand-in for a real game).
    fs::write(setup.submission.join("answer.txt"), &expected).unwrap();
    let _alone = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let grade = |script: &str| {
        fs::write(setup.submission.join("p.sh"), script).unwrap();
        let output = Command::new(BIN)
            .args([
                "grade",
                "match-making",
                "--timeout",
                "2",
                "--format",
                "json",
            ])
            .arg("--cases")
            .arg(&setup.cases)
            .arg("--submission")
            .arg(&setup.submission)
            .args(["--", "bash", "p.sh"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        report["cases"][0].clone()
    };
    let endless = grade(
        "head -n -1 answer.txt\nround=$(tail -n 4 answer.txt | head -n 3)\nwhile :; do echo \"$round\"; done\n",
    );
    assert_eq!(endless["result"], "pass", "{endless}");
    assert!(
        endless["detail"]
            .as_str()
            .unwrap_or("")
            .contains("endless-draw"),
        "{endless}"
    );
    let stopped = grade("head -n -1 answer.txt\ntail -n 4 answer.txt | head -n 3\n");
    assert_eq!(stopped["result"], "wrong-output", "{stopped}");
    let ours = grade("cat answer.txt\n");
    assert_eq!(ours["result"], "pass", "{ours}");
    assert!(
        ours["detail"]
            .as_str()
            .unwrap_or("")
            .contains("stalemate-line"),
        "{ours}"
    );
}

/// The fallback where bubblewrap is missing (here: a `PATH` without `bwrap`), as root:
/// readable cases are refused; with the cases unreadable to other users, the programs
/// run as the dedicated user and the answers stay out of reach.
#[test]
fn without_bubblewrap_root_falls_back_to_a_dedicated_user() {
    if !is_root() {
        eprintln!("skipped: the dedicated-user fallback needs root");
        return;
    }
    let setup = setup(
        r#"cat "@CASES@/$GRADER_CASE.out" "/proc/$PPID/cwd/@CASES@/$GRADER_CASE.out" 2>/dev/null
echo '{"score": 0}' > @RESULTS@/other.json 2>/dev/null
echo nothing found
"#,
    );
    let no_bwrap = tempfile::tempdir().unwrap();
    for entry in fs::read_dir("/usr/bin").unwrap().flatten() {
        if entry.file_name() != "bwrap" {
            let _ =
                std::os::unix::fs::symlink(entry.path(), no_bwrap.path().join(entry.file_name()));
        }
    }
    let _alone = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let grade = || {
        Command::new(BIN)
            .args([
                "grade",
                "match-making",
                "--timeout",
                "1",
                "--format",
                "json",
                "--tell-case",
            ])
            .arg("--cases")
            .arg(&setup.cases)
            .arg("--submission")
            .arg(&setup.submission)
            .args(["--", "bash", "attack.sh"])
            .env("PATH", no_bwrap.path())
            .output()
            .unwrap()
    };
    let refused = grade();
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("readable by other users"),
        "{refused:?}"
    );
    use std::os::unix::fs::PermissionsExt;
    let root = setup.cases.parent().unwrap().to_path_buf();
    fs::set_permissions(&root, fs::Permissions::from_mode(0o711)).unwrap();
    fs::set_permissions(&setup.cases, fs::Permissions::from_mode(0o700)).unwrap();
    let before = snapshot(&setup.cases);
    let output = grade();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["isolation"], "dedicated-user", "{report}");
    assert_eq!(score(&report), 0.0, "{report}");
    assert_eq!(snapshot(&setup.cases), before);
    assert_eq!(
        fs::read(setup.results.join("other.json")).unwrap(),
        b"{\"score\": 3}\n"
    );
    assert_eq!(left_behind("attack.sh"), Vec::<String>::new());
}
