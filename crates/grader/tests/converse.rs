//! Playing interactive programs at the pace of a person (`grader::run::converse`,
//! issue 39): whole programs as processes, with no sandbox and in the default isolation
//! (bubblewrap here). Outcomes are asserted, never durations; the timeouts are generous
//! except where a timeout is the outcome.

use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

use grader::pace::{Answer, Reply};
use grader::run::{converse, run};
use grader::{Exit, Limits, Request, Sandbox};

fn sh(script: &str) -> Vec<OsString> {
    ["/bin/sh", "-c", script].map(OsString::from).to_vec()
}

fn limits(seconds: u64) -> Limits {
    Limits {
        timeout: Duration::from_secs(seconds),
        ..Limits::default()
    }
}

/// No sandbox, and the default isolation, each on a submission folder of its own.
fn sandboxes_on(submission: &Path) -> Vec<Sandbox> {
    [true, false]
        .into_iter()
        .map(|no_sandbox| {
            let request = Request {
                no_sandbox,
                submission: submission.to_path_buf(),
                ..Request::new()
            };
            Sandbox::new(&request).unwrap_or_else(|e| panic!("{e}"))
        })
        .collect()
}

/// A person who types the next of `lines` whenever the screen ends with a question
/// (`? `), and otherwise waits for more.
fn person(lines: &[&str]) -> impl FnMut(&[u8]) -> Reply {
    let mut lines: Vec<Vec<u8>> = lines.iter().rev().map(|l| l.as_bytes().to_vec()).collect();
    move |screen: &[u8]| {
        if screen.ends_with(b"? ") {
            lines.pop().map_or(Reply::Close, Reply::Answer)
        } else {
            Reply::Wait
        }
    }
}

/// Reads each turn's line with a reader of its own, as a program that makes a new
/// `Scanner(System.in)` each turn does: GNU `head` reads a block from a pipe, so given
/// every line at once the first turn's reader takes them all and the second finds
/// nothing. The first read comes after a pause, so that, given at once, the input is all
/// in the pipe by then.
const FRESH_READER_EACH_TURN: &str = r#"
sleep 0.5
for turn in 1 2 3; do
  printf 'card %s? ' "$turn"
  line=$(head -n 1)
  if [ -z "$line" ]; then echo "no card for turn $turn" >&2; exit 1; fi
  echo "played $line"
done
echo done
"#;

#[test]
fn a_fresh_reader_each_turn_fails_given_all_input_at_once_and_passes_played_as_a_person() {
    let dir = tempfile::tempdir().unwrap();
    for sandbox in sandboxes_on(dir.path()) {
        let isolation = sandbox.isolation();
        let command = sh(FRESH_READER_EACH_TURN);
        let all_at_once = run(&sandbox, 0, &command, b"R5\nB7\nG2\n", &[], limits(60)).unwrap();
        assert_eq!(
            all_at_once.exit,
            Exit::Code(1),
            "{isolation}: {all_at_once:?}"
        );
        assert_eq!(all_at_once.stderr, b"no card for turn 2\n", "{isolation}");

        let talk = converse(
            &sandbox,
            0,
            &command,
            &[],
            limits(60),
            person(&["R5", "B7", "G2"]),
        )
        .unwrap();
        assert_eq!(talk.run.exit, Exit::Code(0), "{isolation}: {talk:?}");
        assert_eq!(
            String::from_utf8_lossy(&talk.run.stdout),
            "card 1? played R5\ncard 2? played B7\ncard 3? played G2\ndone\n",
            "{isolation}"
        );
        // Each answer right after its question, as a terminal shows it.
        assert_eq!(
            String::from_utf8_lossy(&talk.transcript()),
            "card 1? R5\nplayed R5\ncard 2? B7\nplayed B7\ncard 3? G2\nplayed G2\ndone\n",
            "{isolation}"
        );
        assert_eq!(
            talk.answers,
            vec![
                Answer {
                    at: 8,
                    line: b"R5\n".to_vec()
                },
                Answer {
                    at: 26,
                    line: b"B7\n".to_vec()
                },
                Answer {
                    at: 44,
                    line: b"G2\n".to_vec()
                },
            ],
            "{isolation}"
        );
        assert_eq!(talk.closed_at, None);
    }
}

const SCANNER_EACH_TURN: &str = r#"
import java.util.Scanner;

public class Turns {
    public static void main(String[] args) {
        for (int turn = 1; turn <= 3; turn++) {
            System.out.print("card " + turn + "? ");
            Scanner in = new Scanner(System.in);
            System.out.println("played " + in.nextLine());
        }
        System.out.println("done");
    }
}
"#;

/// The student's Quattro of issue 39: `new Scanner(System.in)` on each turn crashes
/// (`NoSuchElementException`) given every line at once, and plays through as a person.
#[test]
fn a_new_scanner_each_turn_is_played_as_a_person() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("Turns.java"), SCANNER_EACH_TURN).unwrap();
    let compiled = std::process::Command::new("javac")
        .arg("Turns.java")
        .current_dir(dir.path())
        .status();
    match compiled {
        Ok(status) if status.success() => {}
        Ok(status) => panic!("javac failed: {status}"),
        Err(error) => {
            eprintln!("note: no javac ({error}): the Scanner program is not tried");
            return;
        }
    }
    let command: Vec<OsString> = ["java", "-cp", ".", "Turns"].map(OsString::from).to_vec();
    for sandbox in sandboxes_on(dir.path()) {
        let isolation = sandbox.isolation();
        let all_at_once = run(&sandbox, 0, &command, b"R5\nB7\nG2\n", &[], limits(120)).unwrap();
        assert_eq!(
            all_at_once.exit,
            Exit::Code(1),
            "{isolation}: {all_at_once:?}"
        );
        assert!(
            String::from_utf8_lossy(&all_at_once.stderr).contains("NoSuchElementException"),
            "{isolation}: {all_at_once:?}"
        );

        let talk = converse(
            &sandbox,
            0,
            &command,
            &[],
            limits(120),
            person(&["R5", "B7", "G2"]),
        )
        .unwrap();
        assert_eq!(talk.run.exit, Exit::Code(0), "{isolation}: {talk:?}");
        assert_eq!(
            String::from_utf8_lossy(&talk.transcript()),
            "card 1? R5\nplayed R5\ncard 2? B7\nplayed B7\ncard 3? G2\nplayed G2\ndone\n",
            "{isolation}"
        );
    }
}

/// A program that never asks and never ends times out, as with `run`; the answer it
/// never read changes nothing.
#[test]
fn a_program_that_never_asks_times_out() {
    let dir = tempfile::tempdir().unwrap();
    for sandbox in sandboxes_on(dir.path()) {
        let talk = converse(
            &sandbox,
            0,
            &sh("echo loading; sleep 300"),
            &[],
            limits(3),
            |_: &[u8]| Reply::Answer(b"x".to_vec()),
        )
        .unwrap();
        assert_eq!(talk.run.exit, Exit::TimedOut, "{}", sandbox.isolation());
        assert_eq!(talk.run.stdout, b"loading\n");
    }
}

/// A program that asks and ends without waiting for the answer ends as it does: no
/// error, no answer needed.
#[test]
fn a_program_that_asks_and_ends_needs_no_answer() {
    let dir = tempfile::tempdir().unwrap();
    for sandbox in sandboxes_on(dir.path()) {
        let talk = converse(
            &sandbox,
            0,
            &sh("printf 'name? '; exit 4"),
            &[],
            limits(60),
            person(&["Ana"]),
        )
        .unwrap();
        assert_eq!(talk.run.exit, Exit::Code(4), "{}", sandbox.isolation());
        assert_eq!(talk.run.stdout, b"name? ");
    }
}

/// A flood after an answer is cut at the output limit and the program killed, as with
/// `run`; the answer stays in the conversation.
#[test]
fn a_flood_after_an_answer_is_cut_off() {
    let dir = tempfile::tempdir().unwrap();
    for sandbox in sandboxes_on(dir.path()) {
        let limits = Limits {
            max_output: 1000,
            ..limits(60)
        };
        let talk = converse(
            &sandbox,
            0,
            &sh("printf 'go? '; read go; yes \"$go\""),
            &[],
            limits,
            person(&["again"]),
        )
        .unwrap();
        assert_eq!(
            talk.run.exit,
            Exit::TooMuchOutput,
            "{}",
            sandbox.isolation()
        );
        assert_eq!(talk.run.stdout.len(), 1000);
        assert!(talk.run.stdout.starts_with(b"go? again\nagain\n"));
        assert_eq!(
            talk.answers,
            vec![Answer {
                at: 4,
                line: b"again\n".to_vec()
            }]
        );
    }
}

/// Closing is the end of file a program reading to the end waits for; an answer holding
/// a newline is cut there (one line at a time).
#[test]
fn an_answer_is_one_line_and_closing_ends_the_input() {
    let dir = tempfile::tempdir().unwrap();
    for sandbox in sandboxes_on(dir.path()) {
        let script = "printf 'first? '; read a; printf 'rest? '; cat; echo \"end after $a\"";
        let mut asked = 0;
        let talk = converse(&sandbox, 0, &sh(script), &[], limits(60), |_: &[u8]| {
            asked += 1;
            match asked {
                1 => Reply::Answer(b"one\ntwo".to_vec()),
                _ => Reply::Close,
            }
        })
        .unwrap();
        assert_eq!(talk.run.exit, Exit::Code(0), "{}", sandbox.isolation());
        assert_eq!(talk.run.stdout, b"first? rest? end after one\n");
        assert_eq!(
            talk.answers,
            vec![Answer {
                at: 7,
                line: b"one\n".to_vec()
            }]
        );
        assert_eq!(talk.closed_at, Some(13));
        assert_eq!(talk.transcript(), b"first? one\nrest? end after one\n");
    }
}

/// An answerer that waits is asked again only once more has been printed: one that
/// waits for a prompt that never comes leaves the program waiting until its timeout,
/// asked once; one that waits through a pause gets the prompt whole.
#[test]
fn an_answerer_that_waits_is_asked_again_on_new_output_only() {
    let dir = tempfile::tempdir().unwrap();
    for sandbox in sandboxes_on(dir.path()) {
        let isolation = sandbox.isolation();
        let mut screens = Vec::new();
        let talk = converse(
            &sandbox,
            0,
            &sh("printf 'dealing\\n'; read ok; echo \"got $ok\""),
            &[],
            limits(4),
            |screen: &[u8]| {
                screens.push(String::from_utf8_lossy(screen).into_owned());
                Reply::Wait
            },
        )
        .unwrap();
        assert_eq!(talk.run.exit, Exit::TimedOut, "{isolation}: {talk:?}");
        assert_eq!(screens, vec!["dealing\n".to_owned()], "{isolation}");
        assert_eq!(talk.answers, vec![]);

        let script = "printf 'dealing\\n'; sleep 0.5; printf 'card? '; read card; \
                      echo \"got $card\"";
        let talk = converse(&sandbox, 0, &sh(script), &[], limits(60), person(&["B7"])).unwrap();
        assert_eq!(talk.run.exit, Exit::Code(0), "{isolation}: {talk:?}");
        assert_eq!(
            talk.transcript(),
            b"dealing\ncard? B7\ngot B7\n",
            "{isolation}"
        );
    }
}
