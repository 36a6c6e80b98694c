//! Runs the trycmd cases in the top-level `tests/cmd/ochos-locos/`, and checks that a
//! seeded game is the same whether dealt by `deal` or by the rule-set subcommand.

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn cli() {
    trycmd::TestCases::new()
        .register_bin("ochos-locos", trycmd::cargo::cargo_bin!("ochos-locos"))
        .case("../../tests/cmd/ochos-locos/*.toml");
}

fn run(args: &[&str], stdin: &[u8]) -> String {
    let mut child = Command::new(trycmd::cargo::cargo_bin!("ochos-locos"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run ochos-locos: {e}"));
    if let Some(mut input) = child.stdin.take() {
        input
            .write_all(stdin)
            .unwrap_or_else(|e| panic!("cannot write stdin: {e}"));
    }
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("ochos-locos did not finish: {e}"));
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap_or_else(|e| panic!("not UTF-8: {e}"))
}

/// `deal RULES --seed S | RULES` plays the same game as `RULES --seed S`, for every
/// rule set and several player counts.
#[test]
fn seeded_game_equals_dealt_game() {
    let cases = [
        ("match-making", "3"),
        ("take-two", "3"),
        ("going-wild", "3"),
        ("more-the-merrier", "2"),
        ("more-the-merrier", "6"),
        ("faciles", "5"),
        ("diversidad", "4"),
        ("completos", "6"),
    ];
    for (variant, players) in cases {
        for seed in ["1", "7", "12345"] {
            let deal = run(
                &["deal", variant, "--players", players, "--seed", seed],
                b"",
            );
            let from_deal = run(&[variant], deal.as_bytes());
            let direct = run(&[variant, "--seed", seed, "--players", players], b"");
            pretty_assertions::assert_eq!(from_deal, direct, "{variant} {players} {seed}");
            assert!(!direct.is_empty());
        }
    }
}
