//! `ochos-locos cases` and `ochos-locos grade` on real programs: the project's own
//! binary passes every case of every rule set, and the fixture programs in
//! `tests/fixtures/grade/` (bash scripts, each wrong in one known way) fail exactly the
//! cases they should, with the reason shown.

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use pretty_assertions::assert_eq;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_ochos-locos");

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/grade")
        .join(name)
        .display()
        .to_string()
}

fn ochos(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(BIN);
    command.args(args).env("OCHOS_LOCOS", BIN);
    for (key, value) in env {
        command.env(key, value);
    }
    command
        .output()
        .unwrap_or_else(|e| panic!("ochos-locos {args:?}: {e}"))
}

/// Cases for `rules` with `count` random ones, written once per test into a scratch
/// directory of its own.
fn cases(test: &str, rules: &str, count: &str, seed: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("grade-{test}-{rules}"));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.display().to_string();
    let made = ochos(
        &[
            "cases", rules, "--count", count, "--seed", seed, "--out", &dir_text,
        ],
        &[],
    );
    assert!(made.status.success(), "{made:?}");
    dir
}

/// The manifest's cases: name → (players, expected output).
fn manifest(dir: &Path) -> BTreeMap<String, (u64, String)> {
    let text = std::fs::read_to_string(dir.join("manifest.json"))
        .unwrap_or_else(|e| panic!("manifest: {e}"));
    let value: Value = serde_json::from_str(&text).unwrap();
    value["cases"]
        .as_array()
        .unwrap_or_else(|| panic!("no cases"))
        .iter()
        .map(|case| {
            let name = case["name"].as_str().unwrap_or_default().to_owned();
            let out = std::fs::read_to_string(dir.join(format!("{name}.out")))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, (case["players"].as_u64().unwrap_or_default(), out))
        })
        .collect()
}

/// Grades `program` (a fixture, run by bash) and returns the exit status and the JSON
/// report's cases: name → (result, detail).
fn grade(
    rules: &str,
    dir: &Path,
    extra: &[&str],
    program: &[&str],
    env: &[(&str, &str)],
) -> (i32, BTreeMap<String, (String, String)>) {
    let dir_text = dir.display().to_string();
    // The fixtures run this project's binary from the target directory ($OCHOS_LOCOS),
    // which a sandbox hides: these tests are about judging, and run them unisolated.
    // Isolation is tested in tests/attacks.rs.
    let mut args = vec![
        "grade",
        rules,
        "--cases",
        &dir_text,
        "--format",
        "json",
        "--no-sandbox",
        // Runs start with a clean environment: the fixtures' variables are passed on.
        "--env",
        "OCHOS_LOCOS",
    ];
    for (key, _) in env {
        args.extend(["--env", key]);
    }
    args.extend_from_slice(extra);
    args.push("--");
    args.extend_from_slice(program);
    let output = ochos(&args, env);
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

fn failing(results: &BTreeMap<String, (String, String)>) -> Vec<String> {
    results
        .iter()
        .filter(|(_, (result, _))| result != "pass")
        .map(|(name, _)| name.clone())
        .collect()
}

#[test]
fn the_projects_own_binary_passes_every_case_of_every_rule_set() {
    for rules in [
        "match-making",
        "take-two",
        "going-wild",
        "more-the-merrier",
        "faciles",
        "diversidad",
        "completos",
    ] {
        let dir = cases("own", rules, "5", "11");
        let (status, results) = grade(rules, &dir, &[], &[BIN, rules], &[]);
        assert_eq!(
            failing(&results),
            Vec::<String>::new(),
            "{rules}: {results:?}"
        );
        assert_eq!(status, 0, "{rules}");
        assert_eq!(results.len(), manifest(&dir).len());
    }
}

#[test]
fn ignoring_the_rule_of_two_fails_the_games_a_two_changes() {
    let dir = cases("rule-of-two", "take-two", "10", "5");
    let (status, results) = grade(
        "take-two",
        &dir,
        &[],
        &["bash", &fixture("ignores-rule-of-two.sh")],
        &[],
    );
    assert_eq!(status, 1);
    // The cases it should fail: those whose game under Problem 1's rules differs.
    let mut want = Vec::new();
    for (name, _) in manifest(&dir) {
        let deal = std::fs::read(dir.join(format!("{name}.in"))).unwrap_or_default();
        let played = Command::new(BIN)
            .arg("match-making")
            .stdin(std::fs::File::open(dir.join(format!("{name}.in"))).unwrap())
            .output()
            .unwrap();
        assert!(!deal.is_empty());
        let expected = std::fs::read(dir.join(format!("{name}.out"))).unwrap_or_default();
        if played.stdout != expected {
            want.push(name);
        }
    }
    assert_eq!(failing(&results), want);
    // Every case where a 2 had to be answered is among them, each a wrong output.
    for target in ["chained-twos", "two-penalty", "penalty-empties-deck"] {
        let (result, detail) = results
            .iter()
            .find(|(name, _)| name.ends_with(target))
            .map(|(_, r)| r.clone())
            .unwrap_or_default();
        assert_eq!(result, "wrong-output", "{target}: {detail}");
        assert!(detail.starts_with("line "), "{detail}");
    }
}

/// Assignment 2's `LOCO Y` is the text's only reading; completos' ` (G)` is one of
/// two (the text's example omits it), so that fault shows only with `--strict`.
#[test]
fn an_eight_without_its_color_fails_the_games_with_an_eight_that_names_one() {
    let dir = cases("eight-lenient", "completos", "10", "9");
    let (status, results) = grade(
        "completos",
        &dir,
        &[],
        &["bash", &fixture("eight-without-colour.sh")],
        &[("RULES", "completos")],
    );
    assert_eq!(status, 0, "{results:?}");
    assert!(
        results
            .values()
            .any(|(_, detail)| detail.contains("reading: colour-not-announced")),
        "{results:?}"
    );
    for (rules, extra) in [("going-wild", &[][..]), ("completos", &["--strict"][..])] {
        let dir = cases("eight", rules, "10", "9");
        let (status, results) = grade(
            rules,
            &dir,
            extra,
            &["bash", &fixture("eight-without-colour.sh")],
            &[("RULES", rules)],
        );
        assert_eq!(status, 1);
        let names_color = |out: &str| {
            out.lines().any(|line| {
                line.contains(" LOCO ")
                    || ["R", "Y", "G", "B"]
                        .iter()
                        .any(|c| line.ends_with(&format!("8 ({c})")))
            })
        };
        let want: Vec<String> = manifest(&dir)
            .into_iter()
            .filter(|(_, (_, out))| names_color(out))
            .map(|(name, _)| name)
            .collect();
        assert!(!want.is_empty());
        assert_eq!(failing(&results), want, "{rules}");
        for name in &want {
            let (result, detail) = &results[name];
            assert_eq!(result, "wrong-output");
            assert!(
                detail.contains("8 LOCO ") || detail.contains("8 ("),
                "{detail}"
            );
        }
    }
}

#[test]
fn a_crash_on_six_players_fails_exactly_the_six_player_cases() {
    let dir = cases("six", "completos", "20", "4");
    let (status, results) = grade(
        "completos",
        &dir,
        &[],
        &["bash", &fixture("crashes-on-six-players.sh")],
        &[("RULES", "completos")],
    );
    assert_eq!(status, 1);
    let want: Vec<String> = manifest(&dir)
        .into_iter()
        .filter(|(_, (players, _))| *players == 6)
        .map(|(name, _)| name)
        .collect();
    assert!(want.len() >= 2, "{want:?}");
    assert_eq!(failing(&results), want);
    for name in &want {
        assert_eq!(
            results[name],
            (
                "crashed".to_owned(),
                "crashed: killed by signal 11 (segmentation fault)".to_owned()
            )
        );
    }
}

#[test]
fn a_program_that_sleeps_forever_is_killed_with_its_children() {
    let dir = cases("sleep", "faciles", "2", "1");
    let sleeper = format!("ochos-grade-sleeper-{}", std::process::id());
    let start = Instant::now();
    let (status, results) = grade(
        "faciles",
        &dir,
        &["--timeout", "0.5", "--jobs", "8"],
        &["bash", &fixture("sleeps-forever.sh")],
        &[("SLEEPER", &sleeper)],
    );
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(status, 1);
    assert_eq!(failing(&results).len(), results.len());
    for (result, detail) in results.values() {
        assert_eq!(result, "timed-out");
        assert_eq!(detail, "timed out after 0.5 s; killed");
    }
    std::thread::sleep(Duration::from_millis(200));
    let left = std::fs::read_dir("/proc")
        .map(|entries| {
            entries
                .flatten()
                .filter(|entry| {
                    std::fs::read(entry.path().join("cmdline"))
                        .is_ok_and(|line| line.starts_with(sleeper.as_bytes()))
                })
                .count()
        })
        .unwrap_or(0);
    assert_eq!(left, 0, "sleepers left behind");
}

#[test]
fn a_program_that_prints_nothing_fails_every_case() {
    let dir = cases("nothing", "match-making", "2", "1");
    let (status, results) = grade(
        "match-making",
        &dir,
        &[],
        &["bash", &fixture("prints-nothing.sh")],
        &[],
    );
    assert_eq!(status, 1);
    assert!(
        results
            .values()
            .all(|r| r == &("no-output".to_owned(), "printed nothing".to_owned()))
    );
}

#[test]
fn trailing_spaces_pass_unless_strict() {
    let dir = cases("spaces", "diversidad", "2", "1");
    let program = ["bash", &fixture("trailing-spaces.sh")];
    let env = [("RULES", "diversidad")];
    let (status, results) = grade("diversidad", &dir, &[], &program, &env);
    assert_eq!(status, 0);
    for (result, detail) in results.values() {
        assert_eq!(result, "whitespace");
        assert_eq!(
            detail,
            "every line is right but for trailing whitespace (first on line 1)"
        );
    }
    let (status, _) = grade("diversidad", &dir, &["--strict"], &program, &env);
    assert_eq!(status, 1);
}

/// `--format gradescope` writes the fields Gradescope reads, with their types.
#[test]
fn gradescope_results_have_the_documented_fields() {
    let dir = cases("gradescope", "completos", "20", "4");
    let dir_text = dir.display().to_string();
    let fixture = fixture("crashes-on-six-players.sh");
    let output = ochos(
        &[
            "grade",
            "completos",
            "--cases",
            &dir_text,
            "--format",
            "gradescope",
            "--no-sandbox",
            "--env",
            "OCHOS_LOCOS",
            "--env",
            "RULES",
            "--",
            "bash",
            &fixture,
        ],
        &[("RULES", "completos")],
    );
    assert_eq!(output.status.code(), Some(1));
    let value: Value = serde_json::from_slice(&output.stdout).unwrap();
    let top = value.as_object().unwrap_or_else(|| panic!("not an object"));
    // The fields, whatever their order (serde_json keeps the file's order when its
    // `preserve_order` is on, as the face's setups need).
    let mut keys: Vec<&String> = top.keys().collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "execution_time",
            "output",
            "output_format",
            "score",
            "tests"
        ]
    );
    // A student's output shown as text, never as HTML.
    assert_eq!(value["output_format"], "text");
    assert!(value["execution_time"].is_number() && value["output"].is_string());
    let tests = value["tests"]
        .as_array()
        .unwrap_or_else(|| panic!("no tests"));
    assert_eq!(tests.len(), manifest(&dir).len());
    let mut total = 0.0;
    for test in tests {
        let test = test.as_object().unwrap_or_else(|| panic!("not an object"));
        let mut keys: Vec<&str> = test.keys().map(String::as_str).collect();
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
        assert_eq!(test["output_format"], "text");
        let passed = test["score"] == test["max_score"];
        assert_eq!(test["status"], if passed { "passed" } else { "failed" });
        assert!(test["name"].is_string() && test["output"].is_string());
        assert!(test["score"].is_number() && test["max_score"].is_number());
        assert_eq!(test["visibility"], "visible");
        total += test["score"].as_f64().unwrap_or(f64::NAN);
    }
    assert_eq!(value["score"].as_f64(), Some(total));
    assert!(total < tests.len() as f64);
}
