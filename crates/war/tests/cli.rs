//! The `war` binary's behaviour, from the snapshot cases in `tests/cmd/war/`.

#[test]
fn cli() {
    trycmd::TestCases::new()
        .register_bin("war", trycmd::cargo::cargo_bin!("war"))
        .case("../../tests/cmd/war/*.toml")
        // The book's chapter on this game: every `console` block is a case.
        .case("../../docs/book/src/war/*.md");
}

/// A line that is not UTF-8 is refused like any bad answer and the game goes on (trycmd
/// cannot feed such bytes: it reads `.stdin` files as text).
#[test]
fn an_answer_that_is_not_text_is_refused() {
    use std::io::Write;
    use std::process::{Command, Stdio};

    let mut child = Command::new(env!("CARGO_BIN_EXE_war"))
        .args(["--seed", "7"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run war: {e}"));
    child
        .stdin
        .take()
        .map(|mut stdin| stdin.write_all(b"\xff\xfe\n\nq\n"))
        .transpose()
        .unwrap_or_else(|e| panic!("cannot write the answers: {e}"));
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("war did not finish: {e}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert!(
        stdout.contains(&format!("> {}\n", cards_core::console::NOT_TEXT)),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("No winner: the game was quit.\nBattles fought: 1\nWars fought: 0\n"),
        "{stdout}"
    );
}

/// Runs `war` with `args`; its stdout, and the exit status.
fn war(args: &[&str]) -> (String, Option<i32>) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_war"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run war: {e}"));
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        output.status.code(),
    )
}

/// `war deal --seed 7 > d.txt; war --deck d.txt --seed 7 --auto` plays the game of
/// `war --seed 7 --auto`, for two and for five players.
#[test]
fn a_dealt_deck_replays_the_seed() {
    let (deck, status) = war(&["deal", "--seed", "7"]);
    assert_eq!(status, Some(0));
    let path = std::env::temp_dir().join(format!("war-deal-seed-7-{}.txt", std::process::id()));
    std::fs::write(&path, deck).unwrap_or_else(|e| panic!("cannot write the deck: {e}"));
    let file = path.to_string_lossy().into_owned();
    for players in ["2", "5"] {
        let seeded = war(&["--seed", "7", "--players", players, "--auto"]);
        let replayed = war(&[
            "--deck",
            &file,
            "--seed",
            "7",
            "--players",
            players,
            "--auto",
        ]);
        assert_eq!(seeded.1, Some(0));
        assert_eq!(replayed, seeded, "{players} players");
    }
    let _ = std::fs::remove_file(&path);
}
