//! The `pig` binary's behaviour: the trycmd cases in `tests/cmd/pig/`, and the value
//! tables `pig solve --out` writes, which these tests make themselves (in Cargo's
//! scratch directory) rather than keep generated files in the repository.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use pretty_assertions::assert_eq;

#[test]
fn cli() {
    trycmd::TestCases::new()
        .register_bin("pig", trycmd::cargo::cargo_bin!("pig"))
        .case("../../tests/cmd/pig/*.toml")
        // The book's chapter on this game: every `console` block is a case.
        .case("../../docs/book/src/pig/*.md");
}

/// What a run of `pig` printed, and its exit status.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

fn pig(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pig"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("pig: {e}"));
    if let Some(mut input) = child.stdin.take() {
        // The game may stop reading early (end of the game): that is no failure here.
        let _ = input.write_all(stdin.as_bytes());
    }
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("pig: {e}"));
    Run {
        status: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// An empty scratch directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

fn text(path: &Path) -> &str {
    path.to_str()
        .unwrap_or_else(|| panic!("{path:?} is not UTF-8"))
}

/// Writes the table of classic Pig to 10 (550 positions) with `pig solve --out`;
/// returns its path and what `solve` printed.
fn write_table(dir: &Path) -> (PathBuf, Run) {
    let table = dir.join("classic10.table");
    let run = pig(
        &[
            "solve",
            "--goal",
            "10",
            "--rules",
            "classic",
            "--out",
            text(&table),
        ],
        "",
    );
    assert_eq!((run.status, run.stderr.as_str()), (Some(0), ""));
    (table, run)
}

#[test]
fn a_written_table_is_read_back_and_played_as_solved() {
    let dir = scratch("pig-table-read-back");
    let (table, solved) = write_table(&dir);
    let table = text(&table);

    // `solve --table` reads the values instead of computing them: the same chances.
    let read = pig(
        &[
            "solve", "--goal", "10", "--rules", "classic", "--table", table,
        ],
        "",
    );
    assert_eq!((read.status, read.stderr.as_str()), (Some(0), ""));
    let solved: Vec<&str> = solved.stdout.lines().collect();
    let read: Vec<&str> = read.stdout.lines().collect();
    assert_eq!(read[1], format!("Values read from {table} (550 positions)"));
    assert_eq!(solved[6], format!("Table written to {table}"));
    assert_eq!(
        (read[0], &read[2..]),
        (solved[0], &solved[2..6]),
        "everything but how the values were found"
    );

    // The Computer plays from the table exactly as from a fresh solution.
    let game = [
        "--seed",
        "8",
        "--goal",
        "10",
        "--rules",
        "classic",
        "--computer",
        "optimal",
    ];
    let answers = "n\nn\ny\n".repeat(5);
    let fresh = pig(&game, &answers);
    let from_table = pig(&[&game[..], &["--table", table]].concat(), &answers);
    assert_eq!(from_table, fresh);
    assert_eq!(fresh.status, Some(0));
    assert!(
        fresh.stdout.ends_with("\nThe winner is: Computer\n"),
        "{}",
        fresh.stdout
    );

    // And so does the simulator.
    let simulate = [
        "simulate", "--games", "3000", "--a", "hold:4", "--b", "optimal", "--goal", "10",
        "--rules", "classic", "--seed", "5",
    ];
    let fresh = pig(&simulate, "");
    assert_eq!(
        pig(&[&simulate[..], &["--table", table]].concat(), ""),
        fresh
    );
    assert_eq!(fresh.status, Some(0));

    // `--out` may name the table being read: it is read whole before it is rewritten.
    let before = std::fs::read(table).unwrap();
    let again = pig(
        &[
            "solve", "--goal", "10", "--rules", "classic", "--table", table, "--out", table,
        ],
        "",
    );
    assert_eq!(again.status, Some(0), "{}", again.stderr);
    assert_eq!(std::fs::read(table).unwrap(), before);
}

/// A table is only for the rules and goal it was solved for, and only for the optimal
/// strategy; a missing, damaged or foreign file is refused. Each refusal is one line on
/// stderr, exit status 2, and nothing on stdout: no game is started.
#[test]
fn bad_tables_are_refused_in_one_line() {
    let dir = scratch("pig-bad-tables");
    let (table, _) = write_table(&dir);
    let bytes = std::fs::read(&table).unwrap();
    let damaged = |name: &str, content: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, content).unwrap();
        text(&path).to_owned()
    };
    let truncated = damaged("truncated.table", &bytes[..bytes.len() / 2]);
    let header_only = damaged("header.table", &bytes[..13]);
    let mut nan = bytes.clone();
    nan[13..21].copy_from_slice(&f64::NAN.to_le_bytes());
    let nan = damaged("nan.table", &nan);
    let foreign = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let directory = text(&dir).to_owned();
    let table = text(&table);

    let classic10 = ["--goal", "10", "--rules", "classic"];
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec!["--computer", "optimal", "--goal", "11", "--table", table],
            format!("the table {table} is for classic rules and goal 10, not two-dice and 11"),
        ),
        (
            [&classic10[..], &["--table", table]].concat(),
            "--table is read only for the optimal strategy, and no player here plays it".into(),
        ),
        (
            vec![
                "simulate", "--a", "hold:3", "--b", "hold:4", "--table", table,
            ],
            "--table is read only for the optimal strategy, and no player here plays it".into(),
        ),
        (
            [
                &["--computer", "optimal"][..],
                &classic10,
                &["--table", &truncated],
            ]
            .concat(),
            format!("{truncated}: not a Pig value table: wrong length for its goal"),
        ),
        (
            [&["solve"][..], &classic10, &["--table", &header_only]].concat(),
            format!("{header_only}: not a Pig value table: wrong length for its goal"),
        ),
        (
            [
                &["simulate", "--a", "optimal"][..],
                &classic10,
                &["--table", &nan],
            ]
            .concat(),
            format!("{nan}: not a Pig value table: a value is not a probability"),
        ),
        (
            [
                &["--computer", "optimal"][..],
                &classic10,
                &["--table", foreign],
            ]
            .concat(),
            format!("{foreign}: not a Pig value table: it does not start with PIGVALS1"),
        ),
        (
            [&["solve"][..], &classic10, &["--table", &directory]].concat(),
            format!("{directory}: Is a directory (os error 21)"),
        ),
        (
            [&["solve"][..], &classic10, &["--out", &directory]].concat(),
            format!("{directory}: Is a directory (os error 21)"),
        ),
    ];
    for (args, why) in cases {
        let want = Run {
            status: Some(2),
            stdout: String::new(),
            stderr: format!("pig: {why}\n"),
        };
        assert_eq!(pig(&args, "y\n"), want, "pig {}", args.join(" "));
    }
}

/// The promise, end to end: the optimal strategy's simulated win share agrees
/// with the chance `pig solve` prints, from either seat, for both rule sets.
///
/// Each of the four checks is one fixed-seed draw of 4000 games. Checked against the
/// report's 95% interval, a correct simulator would miss one of the four about one seed in
/// five (1 − 0.95⁴ ≈ 0.19), and the seed of a run, not the code, would decide the test.
/// So the check is the 99.9% Wilson interval (z = 3.2905) of the same wins and games: all
/// four hold for a correct simulator with probability 0.999⁴ ≈ 0.996, whatever the
/// generator, while the interval stays narrow (at most ±0.026 around the share at 4000
/// games), so a simulator whose games differ from the solved ones still falls outside it.
#[test]
fn simulated_shares_agree_with_solve() {
    for rules in ["two-dice", "classic"] {
        let solve = pig(&["solve", "--goal", "30", "--rules", rules], "");
        assert_eq!(solve.status, Some(0), "{}", solve.stderr);
        let chance = |seat: &str| -> f64 {
            let label = format!("Optimal player wins against hold:20, moving {seat}:");
            let line = solve.stdout.lines().find(|line| line.starts_with(&label));
            let figure = line.and_then(|line| line[label.len()..].trim().parse().ok());
            figure.unwrap_or_else(|| panic!("no {label} in\n{}", solve.stdout))
        };
        for (a, b, optimal, seat) in [
            ("optimal", "hold:20", "a", "first"),
            ("hold:20", "optimal", "b", "second"),
        ] {
            let args = [
                "simulate", "--games", "4000", "--a", a, "--b", b, "--goal", "30", "--rules",
                rules, "--seed", "11", "--json",
            ];
            let run = pig(&args, "");
            assert_eq!(run.status, Some(0), "{}", run.stderr);
            let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
            // The shared report lists the seats in order: A first, then B.
            let seat_index = usize::from(optimal == "b");
            let games = report["games"].as_f64().unwrap_or(f64::NAN);
            let wins = report["seats"][seat_index]["wins"]
                .as_f64()
                .unwrap_or(f64::NAN);
            assert_eq!(games, 4000.0, "{}", run.stdout);
            let (low, high) = wilson(wins, games, Z_999);
            // The report's own 95% interval lies inside the 99.9% one worked out here.
            let wilson95 = |i: usize| {
                report["seats"][seat_index]["wilson95"][i]
                    .as_f64()
                    .unwrap_or(f64::NAN)
            };
            assert!(
                low < wilson95(0) && wilson95(1) < high,
                "{rules}, optimal moving {seat}: {low}..{high} and the report's {}..{}",
                wilson95(0),
                wilson95(1)
            );
            let exact = chance(seat);
            assert!(
                (low..=high).contains(&exact),
                "{rules}, optimal moving {seat}: {exact} not in the 99.9% interval {low}..{high} \
                 ({wins} wins in {games} games)"
            );
        }
    }
}

/// The two-sided 99.9% normal quantile.
const Z_999: f64 = 3.2905;

/// The Wilson score interval of `wins` successes in `games` trials, for quantile `z`.
fn wilson(wins: f64, games: f64, z: f64) -> (f64, f64) {
    let share = wins / games;
    let z2 = z * z;
    let centre = (share + z2 / (2.0 * games)) / (1.0 + z2 / games);
    let half = z / (1.0 + z2 / games)
        * (share * (1.0 - share) / games + z2 / (4.0 * games * games)).sqrt();
    (centre - half, centre + half)
}

/// `pig dice --seed S` writes the rolls `pig --seed S` throws, so `pig --dice FILE` with
/// the same answers plays the same game, under both rule sets; the trycmd case
/// `dice_replays_seed1810` shows it for the assignment's game `human_wins`.
#[test]
fn a_dice_file_from_a_seed_replays_the_seeds_game() {
    let dir = scratch("pig-dice-replay");
    let answers = "n\nn\ny\n".repeat(60);
    for (rules, seed) in [("two-dice", "7"), ("classic", "7"), ("two-dice", "1810")] {
        let written = pig(&["dice", "--seed", seed, "--rules", rules], "");
        assert_eq!((written.status, written.stderr.as_str()), (Some(0), ""));
        assert_eq!(written.stdout.lines().count(), 1000);
        let file = dir.join(format!("{rules}{seed}.dice"));
        std::fs::write(&file, &written.stdout).unwrap();
        let common = ["--goal", "100", "--rules", rules];
        let from_seed = pig(&[&common[..], &["--seed", seed]].concat(), &answers);
        let from_file = pig(&[&common[..], &["--dice", text(&file)]].concat(), &answers);
        assert_eq!(from_file, from_seed, "{rules}, seed {seed}");
        assert_eq!(from_seed.status, Some(0), "{}", from_seed.stderr);
    }
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cmd/pig");
    let read = |name: &str| std::fs::read(cases.join(name)).unwrap();
    assert_eq!(
        read("dice_replays_seed1810.stdout"),
        read("human_wins.stdout"),
        "the game played from `pig dice --seed 1810` is the game of `pig --seed 1810`"
    );
}

/// `solve --out`/`--plot` to a device: `/dev/null` takes the file (a device cannot be
/// emptied first, and is not), `/dev/full` is one line naming it with exit status 2 and
/// nothing on stdout (the report is printed only once the files are written).
#[test]
fn solve_writes_to_devices() {
    for option in ["--out", "--plot"] {
        let run = pig(&["solve", "--goal", "10", option, "/dev/null"], "");
        assert_eq!((run.status, run.stderr.as_str()), (Some(0), ""), "{option}");
        assert!(
            run.stdout.starts_with("Pig, two-dice rules"),
            "{}",
            run.stdout
        );
        assert!(run.stdout.ends_with(" /dev/null\n"), "{}", run.stdout);

        let full = pig(&["solve", "--goal", "10", option, "/dev/full"], "");
        assert_eq!(
            full,
            Run {
                status: Some(2),
                stdout: String::new(),
                stderr: "pig: /dev/full: No space left on device (os error 28)\n".to_owned(),
            },
            "{option}"
        );
    }
}

/// A file that is standard output itself gets the file alone on stdout: the report,
/// which would spoil it, goes to stderr.
#[test]
fn solve_to_standard_output_keeps_the_file_whole() {
    let plot = pig(&["solve", "--goal", "10", "--plot", "/dev/stdout"], "");
    assert_eq!(plot.status, Some(0), "{}", plot.stderr);
    assert!(plot.stdout.starts_with("<svg") || plot.stdout.starts_with("<?xml"));
    assert!(plot.stdout.ends_with("</svg>\n"), "{}", plot.stdout);
    assert!(
        plot.stderr.starts_with("Pig, two-dice rules"),
        "{}",
        plot.stderr
    );
    assert!(
        plot.stderr.ends_with(" in /dev/stdout\n"),
        "{}",
        plot.stderr
    );

    let dir = scratch("solve_to_stdout");
    let table = dir.join("from-stdout.table");
    let file = std::fs::File::create(&table).unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_pig"))
        .args([
            "solve",
            "--goal",
            "10",
            "--rules",
            "classic",
            "--out",
            "/dev/stdout",
        ])
        .env_remove("RUST_BACKTRACE")
        .stdout(file)
        .stderr(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("pig: {e}"));
    assert!(status.success());
    // The table written through stdout reads back as a table for its rules and goal: the
    // game is played (seed 5: the Human holds at 0, the optimal Computer rolls twice and
    // throws a 1) until the Human is asked again and the input has ended.
    let read = pig(
        &[
            "--computer",
            "optimal",
            "--goal",
            "10",
            "--rules",
            "classic",
            "--table",
            text(&table),
            "--seed",
            "5",
        ],
        "y\n",
    );
    assert_eq!(read.status, Some(1), "{}", read.stderr);
    assert_eq!(
        read.stderr,
        "pig: the input ended before the game did; nobody won\n"
    );
}
