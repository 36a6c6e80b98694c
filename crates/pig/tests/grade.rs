//! `pig grade` and `pig check` on real programs: the project's own binary passes every
//! game; the bash Pig in `tests/fixtures/grade/pig.sh`, written differently from ours
//! (its own greeting, answers read with blanks around them, snake eyes printed with the
//! face value, a win declared only when the turn ends), passes too; and the same program
//! with one fault switched on fails every game, with that fault as the reason.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};

use pretty_assertions::assert_eq;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_pig");

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/grade")
        .join(name)
        .display()
        .to_string()
}

fn pig(args: &[&str]) -> Output {
    // The runs start with a clean environment: the fixtures' seed is passed on purpose,
    // and the game's name (`--tell-case`), with which they seed each game's dice.
    let args: Vec<&str> = match args.split_first() {
        Some((&"grade", rest)) => {
            [&["grade", "--env", "PIG_SEED", "--tell-case"][..], rest].concat()
        }
        _ => args.to_vec(),
    };
    Command::new(BIN)
        .args(&args)
        .env("PIG_SEED", "7")
        .env_remove("RUST_BACKTRACE")
        .output()
        .unwrap_or_else(|e| panic!("pig {args:?}: {e}"))
}

/// Grades `program` on `games` games (answers seeded with 1) and returns the exit status
/// and each game's (result, detail).
fn grade(games: &str, program: &[&str]) -> (i32, BTreeMap<String, (String, String)>) {
    // The project's binary is in its target folder, which the sandbox shows only on
    // request.
    let target = Path::new(BIN)
        .parent()
        .unwrap_or_else(|| panic!("{BIN} has no folder"))
        .display()
        .to_string();
    let mut args = vec![
        "grade", "--games", games, "--seed", "1", "--format", "json", "--bind", &target, "--",
    ];
    args.extend_from_slice(program);
    let output = pig(&args);
    let report: Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)));
    let results = report["cases"]
        .as_array()
        .unwrap_or_else(|| panic!("no cases"))
        .iter()
        .map(|case| {
            let text = |field: &str| case[field].as_str().unwrap_or_default().to_owned();
            (text("name"), (text("result"), text("detail")))
        })
        .collect();
    (output.status.code().unwrap_or(-1), results)
}

#[test]
fn the_projects_own_binary_passes_every_game() {
    let (status, results) = grade("30", &[BIN]);
    assert_eq!(results.len(), 30);
    for (name, (result, detail)) in &results {
        assert_eq!(result, "pass", "{name}: {detail}");
        assert!(detail.contains("a welcome of 5 lines"), "{detail}");
    }
    assert_eq!(status, 0);
}

#[test]
fn a_correct_program_written_differently_passes_and_its_readings_are_named() {
    let (status, results) = grade("30", &["bash", &fixture("pig.sh")]);
    for (name, (result, detail)) in &results {
        assert_eq!(result, "pass", "{name}: {detail}");
        assert!(detail.contains("a welcome of 3 lines"), "{detail}");
    }
    assert_eq!(status, 0);
    let all: String = results
        .values()
        .map(|(_, detail)| detail.as_str())
        .collect();
    assert!(all.contains("the win declared when the turn ends"), "{all}");
    assert!(all.contains("error lines such as `'"), "{all}");
    assert!(
        all.contains("snake eyes print the dice's face value, Roll Points = 2"),
        "{all}"
    );
    assert!(!all.contains("the win declared at once"), "{all}");
}

/// The transcript of game `game` (0-based) of `program` with the answers `pig grade
/// --seed 1` gives it: the same game the grader checked (the fixture's dice are seeded
/// with `PIG_SEED` and the game's number, which the grader passes in `GRADER_CASE`
/// with `--tell-case`).
fn transcript(program: &str, game: u64) -> String {
    use std::io::Write;
    let answers: String = pig::check::answers(1, game)
        .iter()
        .map(|a| format!("{a}\n"))
        .collect();
    let mut child = Command::new("bash")
        .arg(fixture(program))
        .env("PIG_SEED", "7")
        .env("GRADER_CASE", format!("game-{:02}", game + 1))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(answers.as_bytes());
    }
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The turn points of a roll line, and whether it is the Computer's (no prompt before it).
fn roll_line(line: &str) -> Option<(bool, (u8, u8), u32)> {
    let (computer, rest) = match line.strip_prefix("Hold dice (Y/N?) ?") {
        Some(rest) => (false, rest),
        None => (true, line),
    };
    let rest = rest.strip_prefix("Roll=(")?;
    let dice = (rest.as_bytes()[0] - b'0', rest.as_bytes()[2] - b'0');
    let turn = rest
        .split(", Turn Points = ")
        .nth(1)?
        .split(',')
        .next()?
        .parse()
        .ok()?;
    Some((computer, dice, turn))
}

/// Whether a transcript shows each fixture's fault, found by reading it directly (not
/// by the grader's checker): a double other than snake eyes thrown; the Computer
/// rolling again after its turn reached 20 (below 25); an invalid answer not asked again.
fn shows_fault(program: &str, transcript: &str) -> bool {
    let lines: Vec<&str> = transcript.lines().collect();
    match program {
        "doubles-not-doubled.sh" => lines
            .iter()
            .filter_map(|line| roll_line(line))
            .any(|(_, (a, b), _)| a == b && a != 1),
        "computer-holds-at-25.sh" => lines.windows(2).any(|pair| {
            matches!(
                (roll_line(pair[0]), roll_line(pair[1])),
                (Some((true, _, 20..=24)), Some((true, _, _)))
            )
        }),
        "never-reasks.sh" => lines.windows(2).any(|pair| {
            pair[0].contains("Type Y to hold or N to roll.")
                && !pair[1].starts_with("Hold dice (Y/N?) ?")
        }),
        _ => false,
    }
}

/// Each faulty program fails exactly the games in which its fault shows, with that
/// fault as the reason; each fails at least half the games.
#[test]
fn each_fault_fails_the_games_it_shows_in_with_its_reason() {
    let faults = [
        (
            "doubles-not-doubled.sh",
            "doubles score twice the sum: Roll Points = ",
        ),
        (
            "computer-holds-at-25.sh",
            "the Computer holds once its turn reaches 20 points",
        ),
        (
            "never-reasks.sh",
            "gets an error line, then the prompt `Hold dice (Y/N?) ?` again; got `Roll=(",
        ),
    ];
    for (program, reason) in faults {
        let (status, results) = grade("20", &["bash", &fixture(program)]);
        assert_eq!(status, 1, "{program}");
        assert_eq!(results.len(), 20);
        let mut failed = 0;
        for (game, (name, (result, detail))) in results.iter().enumerate() {
            let shows = shows_fault(program, &transcript(program, game as u64));
            if shows {
                failed += 1;
                assert_eq!(result, "rule-broken", "{program} {name}: {detail}");
                assert!(detail.contains(reason), "{program} {name}: {detail}");
            } else {
                assert_eq!(result, "pass", "{program} {name}: {detail}");
            }
        }
        assert!(
            failed >= 10,
            "{program}: only {failed} games show the fault"
        );
    }
}

#[test]
fn a_saved_transcript_is_checked() {
    let ours = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cmd/pig/human_wins.stdout");
    let output = pig(&["check", &ours.display().to_string()]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "ok: a whole game, 56 lines, won by Human; readings: a welcome of 5 lines; error \
         lines such as `Please answer Y or N.`; snake eyes print Roll Points = 0; the win \
         declared at once when a total reaches 100\n"
    );
}

/// `--format gradescope` writes the fields Gradescope reads, with their types.
#[test]
fn gradescope_results_have_the_documented_fields() {
    let output = pig(&[
        "grade",
        "--games",
        "4",
        "--seed",
        "1",
        "--format",
        "gradescope",
        "--",
        "bash",
        &fixture("never-reasks.sh"),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let value: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["score"].as_f64(), Some(0.0));
    assert!(value["execution_time"].is_number(), "{value}");
    let tests = value["tests"]
        .as_array()
        .unwrap_or_else(|| panic!("no tests"));
    assert_eq!(tests.len(), 4);
    for test in tests {
        let mut keys: Vec<&str> = test
            .as_object()
            .unwrap_or_else(|| panic!("not an object"))
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "max_score",
                "name",
                "output",
                "output_format",
                "score",
                "status",
                "visibility"
            ]
        );
        assert_eq!(test["status"], "failed");
        // A student's output shown as text, never as HTML.
        assert_eq!(test["output_format"], "text");
        assert!(
            test["output"]
                .as_str()
                .is_some_and(|o| o.starts_with("line "))
        );
    }
}

/// `pig gradescope` writes an autograder zip whose `run_autograder`, run in a folder laid
/// out as Gradescope's (`AUTOGRADER_ROOT` for `/autograder`), grades the bash Pig (right)
/// and the one that never asks again (faulty), isolated.
#[test]
fn run_autograder_from_the_zip_grades_a_right_and_a_faulty_pig() {
    let root = std::env::temp_dir().join(format!("pig-gradescope-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let ag = root.join("autograder");
    std::fs::create_dir_all(ag.join("source")).unwrap_or_else(|e| panic!("{e}"));
    let zip = root.join("autograder.zip");
    let zip_text = zip.display().to_string();
    let written = pig(&[
        "gradescope",
        "--games",
        "3",
        "--seed",
        "1",
        "--timeout",
        "5",
        "--out",
        &zip_text,
        "--env",
        "PIG_SEED",
        "--tell-case",
        "--",
        "bash",
        "pig.sh",
    ]);
    assert!(written.status.success(), "{written:?}");
    // Python's zipfile: a reader apart from the grader's writer; modes kept.
    let script = "import os,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nfor i in z.infolist():\n    p=z.extract(i,sys.argv[2])\n    os.chmod(p,(i.external_attr>>16)&0o777)\n";
    let unzipped = Command::new("python3")
        .args(["-c", script])
        .arg(&zip)
        .arg(ag.join("source"))
        .status()
        .unwrap_or_else(|e| panic!("python3: {e}"));
    assert!(unzipped.success());
    std::fs::copy(ag.join("source/run_autograder"), ag.join("run_autograder"))
        .unwrap_or_else(|e| panic!("{e}"));
    let grade = |fixture_name: &str| -> Value {
        let submission = ag.join("submission");
        let _ = std::fs::remove_dir_all(&submission);
        let _ = std::fs::remove_dir_all(ag.join("results"));
        std::fs::create_dir_all(&submission).unwrap_or_else(|e| panic!("{e}"));
        std::fs::copy(fixture(fixture_name), submission.join("pig.sh"))
            .unwrap_or_else(|e| panic!("{e}"));
        let status = Command::new(ag.join("run_autograder"))
            .env("AUTOGRADER_ROOT", &ag)
            .env("PIG_SEED", "17")
            .status()
            .unwrap_or_else(|e| panic!("run_autograder: {e}"));
        assert!(status.success());
        let text = std::fs::read_to_string(ag.join("results/results.json"))
            .unwrap_or_else(|e| panic!("{e}"));
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
    };
    let right = grade("pig.sh");
    assert_eq!(right["score"], 3.0, "{right}");
    assert!(
        right["output"]
            .as_str()
            .is_some_and(|o| o.contains("bubblewrap")),
        "{right}"
    );
    let faulty = grade("never-reasks.sh");
    assert_eq!(faulty["score"], 0.0, "{faulty}");
    let tests = faulty["tests"].as_array().cloned().unwrap_or_default();
    assert_eq!(tests.len(), 3);
    assert!(tests.iter().all(|t| t["status"] == "failed"), "{faulty}");
    let _ = std::fs::remove_dir_all(&root);
}

/// The given classes win over a student's copy in Java too (issue 37, item 2): with the
/// given classes compiled in `--given`, a submitted `PigDice.java` that javac compiles
/// over the given `PigDice.class` (here one that prints an extra line each roll) is not
/// what runs. The overlay once came before the compile step only, and the student's
/// class ran. Skipped without a JDK.
#[test]
fn a_students_pigdice_does_not_replace_the_given_class() {
    let has_javac = Command::new("javac")
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_javac {
        eprintln!("skipped: no javac");
        return;
    }
    let root = std::env::temp_dir().join(format!("pig-given-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kits/pig");
    let (given, submission) = (root.join("given"), root.join("submission"));
    for dir in [&given, &submission] {
        std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{e}"));
    }
    // The given classes, compiled (with the kit's PigGame, which is not given).
    let build = root.join("build");
    std::fs::create_dir(&build).unwrap_or_else(|e| panic!("{e}"));
    let compiled = Command::new("javac")
        .arg("-d")
        .arg(&build)
        .args(["Pig.java", "PigDice.java", "PigPlayer.java"].map(|f| kit.join("handout").join(f)))
        .arg(kit.join("solution/PigGame.java"))
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(compiled.status.success(), "{compiled:?}");
    for class in ["Pig.class", "PigDice.class", "PigPlayer.class"] {
        std::fs::copy(build.join(class), given.join(class)).unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::copy(
        kit.join("solution/PigGame.java"),
        submission.join("PigGame.java"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let grade = || -> Value {
        let output = Command::new(BIN)
            .args(["grade", "--games", "2", "--seed", "1", "--timeout", "30"])
            .args(["--format", "json", "--compile", "javac -proc:none ./*.java"])
            .arg("--given")
            .arg(&given)
            .arg("--submission")
            .arg(&submission)
            .args(["--", "java", "Pig"])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("{e}: {output:?}"))
    };
    let right = grade();
    assert_eq!(right["score"], 2.0, "{right}");
    let dice = std::fs::read_to_string(kit.join("handout/PigDice.java"))
        .unwrap_or_else(|e| panic!("{e}"))
        .replace(
            "public void roll() {",
            "public void roll() {\n        System.out.println(\"the student's dice\");",
        );
    assert!(dice.contains("the student's dice"));
    std::fs::write(submission.join("PigDice.java"), dice).unwrap_or_else(|e| panic!("{e}"));
    let theirs = grade();
    assert_eq!(theirs["compile"]["ok"], true, "{theirs}");
    assert_eq!(theirs["score"], 2.0, "the student's PigDice ran: {theirs}");
    let _ = std::fs::remove_dir_all(&root);
}
