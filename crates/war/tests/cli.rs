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

/// Runs `war` with `args` and `stdin`; its stdout and stderr, and the exit status.
fn war_with(args: &[&str], stdin: &str) -> (String, String, Option<i32>) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_war"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run war: {e}"));
    if let Some(mut input) = child.stdin.take() {
        // War may stop reading early (the game is over): that is no failure here.
        let _ = input.write_all(stdin.as_bytes());
    }
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("war did not finish: {e}"));
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// A scratch file's path, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        Scratch(std::env::temp_dir().join(format!("war-{}-{name}", std::process::id())))
    }

    fn path(&self) -> String {
        self.0.to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The recorded actions of a file `war --record` wrote (the JSON read as plain text:
/// each action is a quoted `"1"` line of the `actions` list).
fn recorded_actions(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let actions = text
        .split_once("\"actions\": [")
        .unwrap_or_else(|| panic!("no actions: {text}"))
        .1;
    actions
        .lines()
        .map(|line| line.trim().trim_end_matches(',').trim_matches('"'))
        .take_while(|line| *line != "]")
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect()
}

/// A recording's actions are answers the prompt takes: typed again at `war --seed S`
/// (then `q`), they play the very game recorded, answered as it was with Enter, numbers
/// and `h`, down to the last line.
#[test]
fn the_recorded_answers_typed_again_play_the_same_game() {
    for (seed, players, answers) in [
        ("7", "2", "\n5\nh\n\n3\nq\n"),
        ("1406", "4", "2\n?\n10\nq\n"),
        ("524", "7", "30\nq\n"),
    ] {
        let file = Scratch::new(&format!("typed-{seed}.json"));
        let played = war_with(
            &[
                "--seed",
                seed,
                "--players",
                players,
                "--record",
                &file.path(),
            ],
            answers,
        );
        assert_eq!(played.2, Some(0), "{played:?}");
        let actions = recorded_actions(&file.path());
        assert!(actions.iter().all(|a| a == "1"), "{actions:?}");
        let typed = format!("{}\nq\n", actions.join("\n"));
        let again = war_with(&["--seed", seed, "--players", players], &typed);
        // The same battles with the same hands after each, and the same end; only `h`
        // and `?` answers showed more.
        let battles = |text: &str| -> Vec<String> {
            text.replace("> ", ">\n")
                .lines()
                .filter(|l| {
                    l.starts_with("Battle ")
                        || l.starts_with("War ")
                        || l.starts_with("Cards held:")
                        || l.starts_with("Battles fought")
                        || l.starts_with("Wars fought")
                })
                .map(str::to_owned)
                .collect()
        };
        assert_eq!(battles(&again.0), battles(&played.0), "seed {seed}");
        assert!(!battles(&played.0).is_empty());
    }
}

/// A whole recorded game stepped through to its end is the game the console showed:
/// every battle line of `war --seed S --auto` (its wars, the players out, a pot left on
/// the table and who takes it), in order, the hands `--auto` shows at the end, and the
/// numbers of battles and wars. For both orders of won cards and several tables.
#[test]
fn a_replay_stepped_to_the_end_shows_the_games_own_lines() {
    for (seed, players, order) in [
        ("3930", "2", "shuffled"),
        ("1406", "4", "shuffled"),
        ("524", "7", "fixed"),
        ("7", "2", "fixed"),
        // Everyone at war runs out but Player 1, who takes the pot left on the table.
        ("62", "3", "shuffled"),
    ] {
        let what = format!("seed {seed}, {players} players, {order}");
        let file = Scratch::new(&format!("whole-{seed}-{players}-{order}.json"));
        let game = ["--seed", seed, "--players", players, "--order", order];
        let auto = war_with(&[&game[..], &["--auto"]].concat(), "");
        let recorded = war_with(
            &[&game[..], &["--auto", "--record", &file.path()]].concat(),
            "",
        );
        assert_eq!(recorded.0, auto.0, "{what}: --record changes nothing shown");
        // Step 0 says how many steps there are; then Enter at each.
        let (first, _, status) = war_with(&["replay", &file.path()], "q\n");
        assert_eq!(status, Some(0), "{what}: {first}");
        let steps: usize = first
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("-- step 0 of "))
            .and_then(|l| l.strip_suffix(" --"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{what}: {first}"));
        let (replay, stderr, status) = war_with(&["replay", &file.path()], &"\n".repeat(steps));
        assert_eq!((status, stderr.as_str()), (Some(0), ""), "{what}");
        let lines = |text: &str, keep: fn(&str) -> bool| -> Vec<String> {
            text.replace("] ", "]\n")
                .lines()
                .filter(|l| keep(l))
                .map(str::to_owned)
                .collect()
        };
        let battle = |l: &str| {
            l.starts_with("Battle ")
                || l.starts_with("War ")
                || (l.starts_with("Player ") && l.ends_with(" tie: war!"))
                || l.ends_with(" is out of the game.")
                || (l.contains(" takes the ") && l.ends_with(" on the table."))
                || l.starts_with("Nobody takes ")
        };
        assert_eq!(lines(&replay, battle), lines(&auto.0, battle), "{what}");
        let tally = |l: &str| l.starts_with("Battles fought") || l.starts_with("Wars fought");
        assert_eq!(lines(&replay, tally), lines(&auto.0, tally), "{what}");
        // The last position's hands are the ones --auto ends with.
        let hands = |text: &str| -> Vec<String> {
            // `Player 1 (0 cards)`, `Player 2 (52 cards): 6D 3H …`
            let all = lines(text, |l| {
                l.starts_with("Player ") && l.contains(" card") && l.contains(" (")
            });
            all[all.len() - players.parse::<usize>().unwrap()..].to_vec()
        };
        assert_eq!(hands(&replay), hands(&auto.0), "{what}");
        assert!(
            replay.contains(&format!("-- step {steps} of {steps} --")),
            "{what}"
        );
    }
}
