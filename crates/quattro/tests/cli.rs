//! The command line's behaviour, from the trycmd cases in `tests/cmd/quattro/`.

#[test]
fn cli() {
    trycmd::TestCases::new()
        .register_bin("quattro", trycmd::cargo::cargo_bin!("quattro"))
        .case("../../tests/cmd/quattro/*.toml")
        // The book's chapter on this game: every `console` block is a case.
        .case("../../docs/book/src/quattro/*.md");
}

use std::process::{Command, Stdio};

/// A bots' game with every kind of card shown: Uno rules, `--reveal`.
const BOTS_GAME: [&str; 7] = ["--bots", "4", "--seed", "88", "--rules", "uno", "--reveal"];

/// Piped output is the plain transcript, never coloured, even with `NO_COLOR` unset:
/// colour is for a terminal only.
#[test]
fn piped_output_is_plain() {
    let output = Command::new(trycmd::cargo::cargo_bin!("quattro"))
        .args(BOTS_GAME)
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run quattro: {e}"));
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("(Player 2 holds R2 G8 W+4)\nPlayer 2 plays W+4 (2 cards left).\n"),
        "{stdout}"
    );
    assert!(!stdout.contains('\x1b'), "{stdout}");
}

/// On a terminal (a pseudo-terminal from util-linux's `script`) the cards are coloured,
/// and `NO_COLOR` turns the colours off.
#[test]
fn terminal_output_is_colored_unless_no_color() {
    let binary = trycmd::cargo::cargo_bin!("quattro");
    let on_terminal = |no_color: Option<&str>| {
        let mut command = Command::new("script");
        command
            .args([
                "-qec",
                &format!("{} {}", binary.display(), BOTS_GAME.join(" ")),
            ])
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
        // A terminal ends its lines with CR LF.
        String::from_utf8_lossy(&output.stdout).replace("\r\n", "\n")
    };
    let colored = on_terminal(None);
    assert!(
        colored.contains(
            "(Player 2 holds \x1b[31mR2\x1b[0m \x1b[32mG8\x1b[0m \x1b[35mW+4\x1b[0m)\n\
             Player 2 plays \x1b[35mW+4\x1b[0m (2 cards left).\n\
             Player 2 names \x1b[31mred\x1b[0m.\n"
        ),
        "{colored:?}"
    );
    let plain = on_terminal(Some("1"));
    assert!(
        plain.contains("(Player 2 holds R2 G8 W+4)\nPlayer 2 plays W+4 (2 cards left).\n"),
        "{plain:?}"
    );
    assert!(!plain.contains('\x1b'), "{plain:?}");
}
