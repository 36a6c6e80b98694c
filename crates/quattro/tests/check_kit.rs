//! `quattro::check::check` on the Quattro kit's Java programs, run for real: the
//! reference solution and every variant (programs the text allows) pass, and every
//! mutant (a student's mistake) fails naming the rule its patch's header names.
//!
//! Each program is the kit's `solution/` with its patch applied, compiled with `javac`
//! together with the kit's `QuattroLaunch`, which seeds `Collections.shuffle` with the
//! game's number: a game is the same at every run, so the seeds below that bring a
//! mutant's mistake about (a refill, a bot's last card) keep doing so. The human's
//! answers are the kit's tests' own, written at once: a name, then rounds of `draw`, the
//! 40 codes in an order of the game's own and the places 1 to 40; a program that follows
//! the text refuses what cannot be played. Skipped, saying so, where `javac`, `java` or
//! `patch` is missing.

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use quattro::check::{Problem, check};

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

/// The kit's solution with `patch` (`mutants/NAME.patch`, `variants/NAME.patch`)
/// applied, compiled with the kit's launcher; its folder.
fn build(patch: Option<&str>) -> PathBuf {
    let name = patch.map_or("solution".to_owned(), |p| p.replace('/', "-"));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("quattro-check-kit")
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
    std::fs::copy(
        kit.join("tests/quattrotest/QuattroLaunch.java"),
        src.join("QuattroLaunch.java"),
    )
    .unwrap();
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
    assert!(status.success(), "javac failed on {patch:?}");
    dir
}

/// The kit's human's answers for game `seed`: `names` (the name, after blanks if the
/// game tests their refusal), then rounds of `draw`, the 40 codes in an order of the
/// game's own, and the places 1 to 40.
fn answers(seed: u64, names: &[&str]) -> Vec<String> {
    let mut codes: Vec<String> = "RYGB"
        .chars()
        .flat_map(|c| (0..10).map(move |n| format!("{c}{n}")))
        .collect();
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    for i in (1..codes.len()).rev() {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let j = ((state >> 33) % (i as u64 + 1)) as usize;
        codes.swap(i, j);
    }
    let mut out: Vec<String> = names.iter().map(|&n| n.to_owned()).collect();
    for _ in 0..150 {
        out.push("draw".to_owned());
        out.extend(codes.iter().cloned());
        out.extend((1..=40).map(|p| p.to_string()));
    }
    out
}

/// What the program prints in game `seed` given `input`.
fn play(dir: &Path, seed: u64, input: &[String]) -> String {
    let mut child = Command::new("java")
        .args([
            "-Xshare:auto",
            "-XX:TieredStopAtLevel=1",
            "-XX:+UseSerialGC",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "-cp",
            "out",
            "quattrotest.QuattroLaunch",
        ])
        .arg(seed.to_string())
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.join("\n") + "\n";
    // Written from a thread: a program that stops reading must not block the test.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().unwrap();
    let _ = writer.join();
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Seed 2's game runs the draw pile out (the solution refills it once); the others
/// end before, won by the human (1, 6, 7) or by a bot (3, 4, 5).
const SEEDS: [u64; 6] = [1, 2, 3, 4, 5, 6];

fn passes(name: &str, dir: &Path, seed: u64, names: &[&str]) {
    let given = answers(seed, names);
    let text = play(dir, seed, &given);
    let with =
        check(&text, Some(&given)).unwrap_or_else(|v| panic!("{name}, game {seed}: {v}\n{text}"));
    let without =
        check(&text, None).unwrap_or_else(|v| panic!("{name}, game {seed}, no answers: {v}"));
    assert!(
        with.winner.is_some() && !with.quit,
        "{name}, game {seed}: {with}"
    );
    assert_eq!(
        with.winner,
        without.winner.map(|w| if w == "the human" {
            "Ann".to_owned()
        } else {
            w
        })
    );
}

#[test]
fn the_reference_solution_passes_every_game() {
    if !tools() {
        return;
    }
    let dir = build(None);
    for seed in SEEDS {
        passes("solution", &dir, seed, &["Ann"]);
    }
    // A blank name refused, and a refill (game 2); wrong selections refused (the kit's
    // InvalidInputTest's: an unknown code, a word, a blank line).
    passes("solution", &dir, 2, &["", "  ", "Ann"]);
    passes("solution", &dir, 3, &["Ann", "Z9", "hello", ""]);
    let given = answers(2, &["Ann"]);
    let checked = check(&play(&dir, 2, &given), Some(&given)).unwrap();
    assert_eq!(checked.refills, 1, "{checked}");
}

#[test]
fn every_variant_passes_every_game() {
    if !tools() {
        return;
    }
    let mut names: Vec<String> = std::fs::read_dir(root().join("kits/quattro/variants"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".patch").map(str::to_owned))
        .collect();
    names.sort();
    assert_eq!(names.len(), 3, "{names:?}");
    for name in names {
        let dir = build(Some(&format!("variants/{name}")));
        for seed in SEEDS {
            passes(&name, &dir, seed, &["Ann"]);
        }
    }
}

#[test]
fn every_mutant_fails_naming_its_rule() {
    if !tools() {
        return;
    }
    // Each mutant, the game that brings its mistake about, the names typed, and words
    // of the rule its patch's header says a failure names. `None`: one game cannot
    // show the mistake (below).
    let cases: [(&str, u64, &[&str], Option<&str>); 14] = [
        (
            "any-card-in-hand-plays",
            1,
            &["Ann"],
            Some("does not match"),
        ),
        (
            "blank-name-accepted",
            1,
            &["", "Ann"],
            Some("the blank name was taken as the name"),
        ),
        (
            "bot-draw-not-reported",
            1,
            &["Ann"],
            Some("if they had to take a card from the draw pile"),
        ),
        (
            "bot-draws-two",
            1,
            &["Ann"],
            Some("takes one card from the draw pile"),
        ),
        (
            "bot-never-wins",
            3,
            &["Ann"],
            Some("a player who has no cards remaining is declared the winner"),
        ),
        ("deck-never-shuffled", 1, &["Ann"], None),
        (
            "discard-pile-never-recycled",
            2,
            &["Ann"],
            Some("the discard pile was not recycled"),
        ),
        (
            "draw-while-holding-a-match",
            1,
            &["Ann"],
            Some("rule 5: with a matching card the player plays it"),
        ),
        (
            "first-top-card-copied",
            1,
            &["Ann"],
            Some("each of the 40 cards is in one place at a time"),
        ),
        (
            "four-cards-dealt",
            1,
            &["Ann"],
            Some("each player is dealt three cards"),
        ),
        (
            "no-reshuffle",
            2,
            &["Ann"],
            Some("the draw pile ran out and the discard pile was not recycled"),
        ),
        (
            "recycled-pile-keeps-the-top-card",
            2,
            &["Ann"],
            Some("the top card after recycling must stay the same"),
        ),
        ("recycled-pile-not-shuffled", 2, &["Ann"], None),
        (
            "refill-keeps-the-top-card-in-both-piles",
            2,
            &["Ann"],
            Some("each of the 40 cards is in one place at a time"),
        ),
    ];
    let mutants = std::fs::read_dir(root().join("kits/quattro/mutants"))
        .unwrap()
        .count();
    assert_eq!(mutants, cases.len(), "a mutant without its case here");
    for (name, seed, names, rule) in cases {
        let header =
            std::fs::read_to_string(root().join(format!("kits/quattro/mutants/{name}.patch")))
                .unwrap();
        let dir = build(Some(&format!("mutants/{name}")));
        let given = answers(seed, names);
        let text = play(&dir, seed, &given);
        let Some(rule) = rule else {
            // A deck never shuffled, or a refilled pile not shuffled, deals a game that
            // a shuffle could deal too: only many games tell (the kit's tests, a grader).
            check(&text, Some(&given)).unwrap_or_else(|v| panic!("mutant {name}: {v}"));
            continue;
        };
        assert!(
            header.contains(rule),
            "mutant {name}: its header does not name {rule:?}"
        );
        let blank = names.first().is_some_and(|n| n.is_empty());
        for given in [Some(given.clone()), None] {
            // Without the answers, a blank name taken cannot be told from a name typed.
            if blank && given.is_none() {
                continue;
            }
            let violation = check(&text, given.as_deref())
                .err()
                .unwrap_or_else(|| panic!("mutant {name} passed:\n{text}"));
            let Problem::Rule(said) = &violation.problem else {
                panic!("mutant {name}: not a broken rule: {violation}");
            };
            assert!(said.contains(rule), "mutant {name}: {violation}");
        }
    }
}
