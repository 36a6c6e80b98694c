//! `war::check::check` on the War kit's Java programs, run for real: the reference
//! solution and every variant (programs the text allows) pass, and every mutant (a
//! student's mistake) fails naming the rule its patch's header names.
//!
//! Each program is the kit's `solution/` with its patch applied, compiled with `javac`
//! and run as `java Game`, its answers on standard input. The mutants whose mistake needs
//! a situation (an ace against a lower card, a tie, a chain of wars, a player short at a
//! war) are dealt a deck made for it: the solution's `main` (and so every mutant's)
//! reads the deal from the file named by its argument, and the few battles played draw
//! only dealt cards, whose order the deck fixes, so the verdict does not depend on how
//! the program shuffles won cards. The variants are played on random deals: they must
//! pass every game. Skipped, saying so, where `javac`, `java` or `patch` is missing.

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use war::check::{Problem, check};

/// Deck A, dealt one card at a time from Player 1 (top first): Player 1 holds AS 8D 2C
/// 3C 4C QC 5C 6C 7C KC 9C …, Player 2 5D 8H 2H 3H 6S QD 5H 6H 7H 3S 4S …. Battle 1: AS
/// beats 5D (aces high). Battle 2: 8D ties 8H (suits make no difference), a war whose
/// fourth cards QC and QD tie again, a second war won by KC over 3S: 18 cards. Battle 3:
/// 9C beats 4S. Enter three times and q: 5 battles, 2 wars, no winner.
const DECK_A: [&str; 2] = [
    "AS 8D 2C 3C 4C QC 5C 6C 7C KC 9C 10C JC 8C AC 2D 3D 4D 6D 7D 9D 10D JD KD AD 4H",
    "5D 8H 2H 3H 6S QD 5H 6H 7H 3S 4S 10H JH 9H QH KH AH 2S 5S 7S 8S 9S 10S JS QS KS",
];

/// Deck B: Player 1 wins three battles (kings over 2s), then every compared card ties
/// (3C 3H, and the fourth cards 4C 4H, 5C 5H, 6C 6H, 7C 7H, 9C 9S) until Player 2,
/// holding JH QH, cannot lay a sixth war's four cards and is out: Player 1 wins after 9
/// battles and 6 wars.
const DECK_B: [&str; 2] = [
    "KS KH KD 3C 2C 4D 5D 4C 6D 7D 8D 5C 9D 10D JD 6C QD AD AC 7C 8C 10C JC 9C QC QS",
    "2S 2H 2D 3H 3S 3D 4S 4H 5S 6S 7S 5H 8S KC 10S 6H JS AS AH 7H 8H 9H 10H 9S JH QH",
];

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
/// applied, compiled; its classes' folder.
fn build(patch: Option<&str>) -> PathBuf {
    let name = patch.map_or("solution".to_owned(), |p| p.replace('/', "-"));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("war-check-kit")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("out")).unwrap();
    let kit = root().join("kits/war");
    for file in ["Card.java", "Player.java", "Game.java"] {
        std::fs::copy(kit.join("solution").join(file), dir.join(file)).unwrap();
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
    let status = Command::new("javac")
        .args(["-nowarn", "-encoding", "UTF-8", "-d", "out"])
        .args(["Card.java", "Player.java", "Game.java"])
        .current_dir(&dir)
        .status()
        .unwrap();
    assert!(status.success(), "javac failed on {patch:?}");
    dir
}

/// What `java Game [deck]` prints given `input`.
fn play(dir: &Path, deck: Option<[&str; 2]>, input: &str) -> String {
    let mut command = Command::new("java");
    command.args([
        "-Xshare:auto",
        "-XX:TieredStopAtLevel=1",
        "-cp",
        "out",
        "Game",
    ]);
    if let Some([one, two]) = deck {
        let dealt: Vec<&str> = one
            .split_whitespace()
            .zip(two.split_whitespace())
            .flat_map(|(a, b)| [a, b])
            .collect();
        std::fs::write(dir.join("deck.txt"), dealt.join(" ")).unwrap();
        command.arg("deck.txt");
    }
    let mut child = command
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    // Written from a thread: a program that stops reading must not block the test.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().unwrap();
    let _ = writer.join();
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn answers(input: &str) -> Vec<String> {
    input.lines().map(str::to_owned).collect()
}

/// Enter three times, then 7, Enter, 3 and q: a short game.
const SHORT: &str = "\n\n\n7\n\n3\nq\n";

fn whole() -> String {
    "\n".repeat(3000) + "q\n"
}

#[test]
fn the_reference_solution_passes_its_hand_worked_deals_and_random_games() {
    if !tools() {
        return;
    }
    let dir = build(None);
    let input = "\n\n\nq\n";
    let text = play(&dir, Some(DECK_A), input);
    for given in [Some(answers(input)), None] {
        let checked = check(&text, given.as_deref()).unwrap_or_else(|v| panic!("{v}\n{text}"));
        assert_eq!((checked.battles, checked.wars, checked.quit), (5, 2, true));
    }
    let input = "\n\n\n\nq\n";
    let text = play(&dir, Some(DECK_B), input);
    let checked = check(&text, Some(&answers(input))).unwrap_or_else(|v| panic!("{v}\n{text}"));
    assert_eq!(checked.winner.as_deref(), Some("Player 1"));
    assert_eq!((checked.battles, checked.wars, checked.quit), (9, 6, false));
    for input in [SHORT.to_owned(), whole()] {
        let text = play(&dir, None, &input);
        check(&text, Some(&answers(&input))).unwrap_or_else(|v| panic!("{v}\n{text}"));
        check(&text, None).unwrap_or_else(|v| panic!("{v}\n{text}"));
    }
}

#[test]
fn every_variant_passes_random_games() {
    if !tools() {
        return;
    }
    let variants = std::fs::read_dir(root().join("kits/war/variants")).unwrap();
    let mut names: Vec<String> = variants
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".patch").map(str::to_owned))
        .collect();
    names.sort();
    assert!(names.len() >= 5, "{names:?}");
    for name in names {
        let dir = build(Some(&format!("variants/{name}")));
        for input in [SHORT.to_owned(), whole(), whole()] {
            let text = play(&dir, None, &input);
            check(&text, Some(&answers(&input)))
                .unwrap_or_else(|v| panic!("variant {name}: {v}\n{text}"));
            check(&text, None).unwrap_or_else(|v| panic!("variant {name} (no answers): {v}"));
        }
    }
}

#[test]
fn every_mutant_fails_naming_its_rule() {
    if !tools() {
        return;
    }
    // Each mutant, the deal that brings its mistake about, and words of the rule its
    // patch's header says a failure names.
    let enter = "\n\n\nq\n";
    let cases: [(&str, Option<[&str; 2]>, &str, &str); 10] = [
        ("aces-low", Some(DECK_A), enter, "aces are the highest"),
        (
            "chained-wars-counted-once",
            Some(DECK_A),
            enter,
            "every war of a chain",
        ),
        (
            "compare-to-looks-at-suits",
            Some(DECK_A),
            enter,
            "suits make no difference",
        ),
        ("in-order-deal", None, "q\n", "deals the deck randomly"),
        (
            "plays-from-the-bottom",
            Some(DECK_A),
            enter,
            "takes the top card",
        ),
        (
            "short-player-not-out",
            Some(DECK_B),
            "\n\n\n\n\n\nq\n",
            "a player who must put down a card and has none loses at once",
        ),
        (
            "to-string-without-count",
            None,
            enter,
            "the number of cards",
        ),
        (
            "war-battle-not-counted",
            Some(DECK_A),
            enter,
            "counts as a battle too",
        ),
        (
            "war-chest-without-first-battle",
            Some(DECK_A),
            enter,
            "no card may be lost or doubled",
        ),
        (
            "war-of-three-cards",
            Some(DECK_A),
            enter,
            "takes four cards",
        ),
    ];
    let mutants = std::fs::read_dir(root().join("kits/war/mutants"))
        .unwrap()
        .count();
    assert_eq!(mutants, cases.len(), "a mutant without its case here");
    for (name, deck, input, rule) in cases {
        let dir = build(Some(&format!("mutants/{name}")));
        let text = play(&dir, deck, input);
        for given in [Some(answers(input)), None] {
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
