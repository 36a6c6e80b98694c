//! `grader::grade_paced` (issue 39): cases played as a person would, through the same
//! jobs, limits, report and verdicts as `grader::grade`. Tiny shell programs stand in for
//! students'; outcomes are asserted, never durations.

use std::ffi::OsString;
use std::time::Duration;

use grader::pace::{Conversation, Reply};
use grader::{Case, Limits, Options, Output, Request, Sandbox, Verdict, compare, grade_paced};

fn sh(script: &str) -> Vec<OsString> {
    ["/bin/sh", "-c", script].map(OsString::from).to_vec()
}

fn options(seconds: u64, jobs: usize) -> Options {
    Options {
        limits: Limits {
            timeout: Duration::from_secs(seconds),
            ..Limits::default()
        },
        jobs,
        ..Options::default()
    }
}

/// A person who types the case's lines one by one, each only once the screen ends with
/// a question (`? `), and closes the input when none are left.
fn person(case: &Case<Vec<&'static str>>) -> impl FnMut(&[u8]) -> Reply + use<> {
    let mut lines: Vec<Vec<u8>> = case
        .data
        .iter()
        .rev()
        .map(|l| l.as_bytes().to_vec())
        .collect();
    move |screen: &[u8]| {
        if screen.ends_with(b"? ") {
            lines.pop().map_or(Reply::Close, Reply::Answer)
        } else {
            Reply::Wait
        }
    }
}

/// Each turn read by a reader of its own, as a Java program that makes a new
/// `Scanner(System.in)` every turn: given all its input at once, the first `head` takes
/// every line and the second finds none. The pause makes sure the input would all be in
/// the pipe by the first read.
const FRESH_READER_EACH_TURN: &str = r#"
sleep 0.3
for turn in 1 2; do
  printf 'card %s? ' "$turn"
  line=$(head -n 1)
  if [ -z "$line" ]; then echo "no card for turn $turn" >&2; exit 1; fi
  echo "played $line"
done
"#;

/// The check sees the transcript (each answer after its prompt) and the answers given.
fn check_played(
    case: &Case<Vec<&'static str>>,
    output: &Output<'_>,
    talk: &Conversation,
) -> Verdict {
    let given: Vec<String> = talk
        .answers
        .iter()
        .map(|a| String::from_utf8_lossy(&a.line).trim_end().to_owned())
        .collect();
    if given != case.data {
        return Verdict::RuleBroken {
            line: 1,
            rule: format!("the answers given were {:?}", case.data),
            got: Some(format!("{given:?}")),
        };
    }
    let expected: String = case
        .data
        .iter()
        .enumerate()
        .map(|(turn, card)| format!("card {}? {card}\nplayed {card}\n", turn + 1))
        .collect();
    compare(&expected, output.text)
}

#[test]
fn a_fresh_reader_each_turn_passes_every_case_played_as_a_person_in_order() {
    let dir = tempfile::tempdir().unwrap();
    for no_sandbox in [true, false] {
        let request = Request {
            no_sandbox,
            submission: dir.path().to_path_buf(),
            ..Request::new()
        };
        let sandbox = Sandbox::new(&request).unwrap_or_else(|e| panic!("{e}"));
        let cases: Vec<Case<Vec<&'static str>>> = [["R5", "B7"], ["G2", "Y9"], ["R1", "R2"]]
            .into_iter()
            .enumerate()
            .map(|(i, lines)| Case::with(format!("game-{:02}", i + 1), Vec::new(), lines.to_vec()))
            .collect();
        let report = grade_paced(
            &sandbox,
            &sh(FRESH_READER_EACH_TURN),
            &cases,
            &options(60, 2),
            person,
            check_played,
        )
        .unwrap();
        let names: Vec<&str> = report.results.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["game-01", "game-02", "game-03"]);
        assert!(report.all_passed(), "{:?}: {report:?}", sandbox.isolation());
        // Given all at once (`grader::grade`, the same lines as standard input), the same
        // program crashes: what the paced form is for.
        let all_at_once: Vec<Case<Vec<&'static str>>> = cases
            .iter()
            .map(|case| Case {
                stdin: case
                    .data
                    .iter()
                    .map(|l| format!("{l}\n"))
                    .collect::<String>()
                    .into_bytes(),
                ..case.clone()
            })
            .collect();
        let report = grader::grade(
            &sandbox,
            &sh(FRESH_READER_EACH_TURN),
            &all_at_once,
            &options(60, 2),
            |_, _| Verdict::Pass { note: None },
        )
        .unwrap();
        assert!(
            report.results.iter().all(|r| r.verdict.kind() == "crashed"),
            "{report:?}"
        );
    }
}

/// A program that never asks times out; one that crashes, or prints nothing, gets the
/// verdict `grade` gives: the check is not asked.
#[test]
fn crashes_silence_and_timeouts_are_the_graders_verdicts() {
    let cases = vec![Case::with("game-01", Vec::new(), vec!["R5"])];
    let never = |_: &Case<Vec<&'static str>>, _: &Output<'_>, _: &Conversation| -> Verdict {
        panic!("the check must not judge this run")
    };
    for (script, kind) in [
        (
            "printf 'card 1? '; read card; echo oops >&2; exit 3",
            "crashed",
        ),
        ("exit 0", "no-output"),
    ] {
        let report = grade_paced(
            &Sandbox::none(),
            &sh(script),
            &cases,
            &options(30, 1),
            person,
            never,
        )
        .unwrap();
        assert_eq!(
            report.results[0].verdict.kind(),
            kind,
            "{script}: {report:?}"
        );
        assert_eq!(report.results[0].score, 0.0);
    }
    // Asks in a way the person never answers (no `? `): the cut transcript reaches the
    // check, whose reading does not allow a cut.
    let report = grade_paced(
        &Sandbox::none(),
        &sh("echo 'card 1:'; read card; echo played"),
        &cases,
        &options(2, 1),
        person,
        |_, output, talk| {
            assert!(talk.answers.is_empty());
            assert_eq!(output.text, "card 1:\n");
            output.cut_verdict().unwrap_or(Verdict::NoOutput)
        },
    )
    .unwrap();
    assert_eq!(report.results[0].verdict.kind(), "timed-out", "{report:?}");
}

#[test]
fn a_program_that_cannot_be_found_is_an_error_as_in_grade() {
    let cases = vec![Case::with("game-01", Vec::new(), vec!["R5"])];
    let error = grade_paced(
        &Sandbox::none(),
        &[OsString::from("/no/such/program")],
        &cases,
        &options(5, 1),
        person,
        |_, _, _| Verdict::NoOutput,
    )
    .map(|_| ())
    .map_err(|e| e.to_string());
    assert_eq!(
        error,
        Err("cannot run /no/such/program: No such file or directory (os error 2)".to_owned())
    );
}
