//! Runs the trycmd cases in the top-level `tests/cmd/ochos-locos/`, and checks that a
//! seeded game is the same whether dealt by `deal` or by the rule-set subcommand.

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn cli() {
    trycmd::TestCases::new()
        .register_bin("ochos-locos", trycmd::cargo::cargo_bin!("ochos-locos"))
        .case("../../tests/cmd/ochos-locos/*.toml")
        // The book's chapter on this game: every `console` block is a case.
        .case("../../docs/book/src/ochos-locos/*.md");
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

/// Piped output is the assignments' exact text, never coloured, even with `NO_COLOR`
/// unset: colour is for a terminal only.
#[test]
fn piped_output_is_plain() {
    for args in [
        &["completos", "--sample"][..],
        &["going-wild", "--sample"],
        &["more-the-merrier", "--seed", "3", "--players", "5"],
    ] {
        let output = Command::new(trycmd::cargo::cargo_bin!("ochos-locos"))
            .args(args)
            .env_remove("NO_COLOR")
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("cannot run ochos-locos: {e}"));
        assert!(output.status.success(), "{args:?}: {output:?}");
        assert!(!output.stdout.is_empty(), "{args:?}");
        assert!(!output.stdout.contains(&0x1b), "{args:?}: {output:?}");
    }
}

/// On a terminal (a pseudo-terminal from util-linux's `script`) the cards are coloured,
/// and `NO_COLOR` turns the colours off.
#[test]
fn terminal_output_is_colored_unless_no_color() {
    let binary = trycmd::cargo::cargo_bin!("ochos-locos");
    let on_terminal = |no_color: Option<&str>| {
        let mut command = Command::new("script");
        command
            .args(["-qec", &format!("{} completos --sample", binary.display())])
            .arg("/dev/null")
            .env_remove("NO_COLOR")
            .stdin(Stdio::null());
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let output = command
            .output()
            .unwrap_or_else(|e| panic!("cannot run script (util-linux): {e}"));
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap_or_else(|e| panic!("not UTF-8: {e}"))
    };
    let colored = on_terminal(None);
    assert!(
        colored.contains("Bob \x1b[31mR8\x1b[0m \x1b[32mG4\x1b[0m \x1b[32mG8\x1b[0m: \x1b[34mB8\x1b[0m (\x1b[32mG\x1b[0m)"),
        "{colored:?}"
    );
    let plain = on_terminal(Some("1"));
    assert!(plain.contains("Bob R8 G4 G8: B8 (G)"), "{plain:?}");
    assert!(!plain.contains('\x1b'), "{plain:?}");
}
