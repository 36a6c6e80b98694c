//! The grader attacked beyond one run (issue 29), and the instructor's whole path
//! tried as it is used: the compile step, what a grading leaves for the next one (a
//! user's kernel keyring), what a run may hold (memory of all its processes, `/tmp`, its
//! working directory), a submission of 20,000 files, the grader's own environment, lock
//! files planted in `/tmp`, a toolchain the sandbox cannot see, and the Gradescope zip's
//! `run_autograder` (the given files, its fallback without bubblewrap, a results.json
//! whatever happens, output shown as text).
//!
//! Each test is one of the attacks or failures the issue names, and fails on the grader
//! that had them; the programs are shell (and, for the system calls, Python) scripts.

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{is_root, unzip};

const BIN: &str = env!("CARGO_BIN_EXE_ochos-locos");

/// One grading at a time: several tests count on the machine's memory or its lock files.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn alone() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A grading's folders: match-making's cases (seed 1: 4 cases) and an empty submission.
struct Setup {
    root: tempfile::TempDir,
    cases: PathBuf,
    submission: PathBuf,
}

fn setup() -> Setup {
    let root = tempfile::tempdir().unwrap();
    let cases = root.path().join("cases");
    let submission = root.path().join("submission");
    common::match_making_cases(BIN, &cases);
    fs::create_dir(&submission).unwrap();
    Setup {
        root,
        cases,
        submission,
    }
}

impl Setup {
    /// `ochos-locos grade match-making --format json` of the submission with `options`
    /// before `--` and `command` after it.
    fn grade(&self, options: &[&str], command: &[&str]) -> Output {
        self.grade_with(options, command, |_| {})
    }

    fn grade_with(
        &self,
        options: &[&str],
        command: &[&str],
        more: impl FnOnce(&mut Command),
    ) -> Output {
        let mut cmd = Command::new(BIN);
        cmd.args(["grade", "match-making", "--format", "json", "--cases"])
            .arg(&self.cases)
            .arg("--submission")
            .arg(&self.submission)
            .args(options)
            .arg("--")
            .args(command)
            .stdin(Stdio::null());
        more(&mut cmd);
        cmd.output().unwrap()
    }
}

fn report(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("{e}: {output:?}"))
}

/// The first line the program printed in the first case (the report's `got`, as the
/// expected first line never matches what these programs print).
fn first_line(report: &serde_json::Value) -> String {
    report["cases"][0]["got"].as_str().unwrap_or("").to_owned()
}

const PYTHON: &str = "/usr/bin/python3";

/// The compile step runs in the sandbox, on the grading's copy, as the runs do: a build
/// script cannot copy the expected outputs (0 of 4 where it scored 4 of 4 as root) or
/// touch the cases, and what it builds is what the runs start from.
#[test]
fn the_compile_step_cannot_reach_the_cases() {
    let _alone = alone();
    let setup = setup();
    let build = format!(
        "cp '{cases}'/*.out . 2>/dev/null\n\
         for f in '{cases}'/*; do echo planted >> \"$f\"; done 2>/dev/null\n\
         printf '#!/bin/sh\\ncat \"$GRADER_CASE.out\" 2>/dev/null || echo built, nothing found\\n' > run.sh\n",
        cases = setup.cases.display()
    );
    fs::write(setup.submission.join("build.sh"), build).unwrap();
    let before: Vec<_> = fs::read_dir(&setup.cases)
        .unwrap()
        .map(|e| fs::read(e.unwrap().path()).unwrap())
        .collect();
    // Told the case (`--tell-case`), so that run.sh knows which copied answer to print.
    let output = setup.grade(
        &["--compile", "sh build.sh", "--tell-case"],
        &["sh", "run.sh"],
    );
    let report = report(&output);
    assert_eq!(report["score"], 0.0, "{report}");
    assert_eq!(first_line(&report), "built, nothing found", "{report}");
    assert_eq!(report["compile"]["ok"], true, "{report}");
    let after: Vec<_> = fs::read_dir(&setup.cases)
        .unwrap()
        .map(|e| fs::read(e.unwrap().path()).unwrap())
        .collect();
    assert_eq!(before, after, "the compile step changed the cases");
    // The student's own folder is as it was: the build wrote into the grading's copy.
    assert!(!setup.submission.join("run.sh").exists());
}

/// A compile step that fails runs no case, and the report shows what the compiler said
/// first (not 4 times "could not find or load main class").
#[test]
fn a_failed_compile_shows_the_compilers_first_error() {
    let setup = setup();
    let line = "echo 'Game.java:7: error: missing semicolon' >&2; \
                for i in $(seq 60); do echo \"note $i\" >&2; done; exit 1";
    let output = setup.grade(&["--compile", line], &["java", "Game"]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let report = report(&output);
    assert_eq!(report["compile"]["ok"], false, "{report}");
    let messages = report["compile"]["messages"].as_array().unwrap();
    assert_eq!(
        messages[0], "Game.java:7: error: missing semicolon",
        "{report}"
    );
    for case in report["cases"].as_array().unwrap() {
        assert_eq!(case["result"], "not-compiled", "{case}");
        assert!(
            case["detail"]
                .as_str()
                .unwrap_or("")
                .contains("Game.java:7: error: missing semicolon"),
            "{case}"
        );
    }
}

/// A run that stores its outputs in its user's kernel keyring (the next student, on
/// the same user id, read them back): the keyring system calls are refused, so nothing
/// passes from one grading to the next.
#[test]
#[cfg(target_arch = "x86_64")]
fn a_kernel_keyring_carries_nothing_to_the_next_grading() {
    if !Path::new(PYTHON).is_file() {
        eprintln!("skipped: no {PYTHON}");
        return;
    }
    let _alone = alone();
    let setup = setup();
    let script = r#"import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
KEY_SPEC_USER_KEYRING = -4
if sys.argv[1] == "store":
    data = b"the answers"
    r = libc.syscall(248, b"user", b"grader-test-answers", data, len(data), KEY_SPEC_USER_KEYRING)
    print("stored" if r >= 0 else "store refused: errno %d" % ctypes.get_errno())
else:
    r = libc.syscall(249, b"user", b"grader-test-answers", None, KEY_SPEC_USER_KEYRING)
    if r < 0:
        print("nothing found: errno %d" % ctypes.get_errno())
    else:
        buf = ctypes.create_string_buffer(100)
        n = libc.syscall(250, 11, r, buf, 100)
        print("found: %s" % buf.raw[:max(n, 0)].decode())
"#;
    fs::write(setup.submission.join("keys.py"), script).unwrap();
    let stored = report(&setup.grade(&["--jobs", "1"], &[PYTHON, "keys.py", "store"]));
    let found = report(&setup.grade(&["--jobs", "1"], &[PYTHON, "keys.py", "find"]));
    assert!(first_line(&stored).starts_with("store refused"), "{stored}");
    assert!(first_line(&found).starts_with("nothing found"), "{found}");
}

/// Four processes of 700 MB each (2.8 GB, above the 2 GiB a run), and 100 MB written to
/// `/tmp` and to the working directory (both in memory): the run's budget holds for all
/// of it together, where each process once had its own 2 GiB and the files none. Each
/// child holds its memory until the run ends (the grader kills what is left when the
/// script exits): on a loaded machine the four allocations can take longer than a short
/// hold, and a child that let go early made room for the last (four held: a false
/// failure).
#[test]
fn a_run_has_one_budget_for_all_its_processes_and_files() {
    if !Path::new(PYTHON).is_file() {
        eprintln!("skipped: no {PYTHON}");
        return;
    }
    let _alone = alone();
    let setup = setup();
    let script = r#"import os, subprocess, sys, time
def fill(path):
    try:
        with open(path, "wb") as f:
            for _ in range(100):
                f.write(b"\0" * (1 << 20))
        return "written"
    except OSError:
        return "full"
    finally:
        try: os.remove(path)
        except OSError: pass
tmp, cwd = fill("/tmp/big"), fill("big")
child = "import time; x = b'\\1' * (700 << 20); print('held', flush=True); time.sleep(60)"
kids = [subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE) for _ in range(4)]
held = sum(1 for k in kids if k.stdout.readline().strip() == b"held")
print("tmp %s, cwd %s, held %d of 4" % (tmp, cwd, held), flush=True)
"#;
    fs::write(setup.submission.join("hog.py"), script).unwrap();
    let output = setup.grade(&["--jobs", "1", "--timeout", "20"], &[PYTHON, "hog.py"]);
    let report = report(&output);
    let line = first_line(&report);
    assert!(line.starts_with("tmp full, cwd full, held "), "{report}");
    if report["limits"]
        .as_str()
        .unwrap_or("")
        .starts_with("one budget a run")
    {
        assert!(!line.ends_with("held 4 of 4"), "{report}");
    } else {
        eprintln!("no control group here: the memory of all processes is not one budget");
    }
}

/// A submission of 19,902 empty files graded with `--timeout 1`: copied once for the
/// grading, and into each run within its timeout, so the 4 cases take seconds (they
/// took minutes when each run's copy, chown and removal were outside the timeout).
#[test]
fn twenty_thousand_files_take_seconds() {
    let _alone = alone();
    let setup = setup();
    let many = setup.submission.join("many");
    fs::create_dir(&many).unwrap();
    for i in 0..19_900 {
        fs::write(many.join(i.to_string()), b"").unwrap();
    }
    fs::write(setup.submission.join("run.sh"), "echo hello\n").unwrap();
    let start = Instant::now();
    let output = setup.grade(&["--timeout", "1", "--jobs", "2"], &["sh", "run.sh"]);
    let elapsed = start.elapsed();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let report = report(&output);
    assert_eq!(report["cases"].as_array().map(Vec::len), Some(4));
    assert!(elapsed < Duration::from_secs(30), "took {elapsed:?}");
}

/// The grader's environment (an API token of the instructor's) stays out of the runs
/// and the report; `--env NAME` passes that one variable on purpose.
#[test]
fn the_graders_environment_stays_outside() {
    let setup = setup();
    fs::write(
        setup.submission.join("env.sh"),
        "if env | grep -q s3cr3t-t0ken; then echo \"leaked: $API_TOKEN\"; else echo \"clean: $(env | cut -d= -f1 | sort | tr '\\n' ' ')\"; fi\n",
    )
    .unwrap();
    let token = |cmd: &mut Command| {
        cmd.env("API_TOKEN", "s3cr3t-t0ken");
    };
    let output = setup.grade_with(&[], &["sh", "env.sh"], token);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(!text.contains("s3cr3t-t0ken"), "{text}");
    let clean = first_line(&report(&output));
    assert!(clean.starts_with("clean: "), "{clean}");
    for name in clean.trim_start_matches("clean: ").split_whitespace() {
        assert!(
            [
                "PATH", "LANG", "HOME", "PWD", "SHLVL",
                // Not GRADER_CASE: nothing tells a program its case unless the
                // instructor asks (--tell-case; issue 37, item 8).
                "_", "OLDPWD"
            ]
            .contains(&name),
            "{name} in {clean}"
        );
    }
    let passed = setup.grade_with(&["--env", "API_TOKEN"], &["sh", "env.sh"], token);
    assert_eq!(first_line(&report(&passed)), "leaked: s3cr3t-t0ken");
}

/// Any user could create and lock `/tmp/grader-uids-N.lock` before root's grading and
/// stop it; the leases live in a directory only root can open.
#[test]
fn lock_files_planted_in_tmp_stop_nothing() {
    if !is_root() || !Path::new(PYTHON).is_file() {
        eprintln!("skipped: the user-id leases are taken as root");
        return;
    }
    let _alone = alone();
    let setup = setup();
    let mut holder = Command::new(PYTHON)
        .args([
            "-c",
            "import fcntl, os, sys, time\n\
             made = []\n\
             held = []\n\
             for i in range(64):\n\
             \x20   p = '/tmp/grader-uids-%d.lock' % i\n\
             \x20   if not os.path.exists(p): made.append(p)\n\
             \x20   f = open(p, 'a'); fcntl.flock(f, fcntl.LOCK_EX); held.append(f)\n\
             print('held', flush=True)\n\
             sys.stdin.read()\n\
             for p in made: os.remove(p)\n",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(holder.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    assert_eq!(line.trim(), "held");
    fs::write(setup.submission.join("run.sh"), "echo hello\n").unwrap();
    let start = Instant::now();
    let output = setup.grade(&["--timeout", "2"], &["sh", "run.sh"]);
    drop(holder.stdin.take());
    let _ = holder.wait();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(start.elapsed() < Duration::from_secs(20));
    assert!(grader::sandbox::LEASE_DIR.starts_with("/run/"));
}

/// A program found on the grader's `PATH` where the sandbox cannot see it (pyenv's shims
/// under `/root`): one line before anything runs saying so and what to do, where every
/// case once "crashed: exit status 127"; with `--bind` and its full path, it runs.
#[test]
fn a_toolchain_the_sandbox_cannot_see_is_named_before_grading() {
    let setup = setup();
    let toolchain = setup.root.path().join("toolchain");
    let bin = toolchain.join("bin");
    fs::create_dir_all(&bin).unwrap();
    let tool = bin.join("mypython");
    fs::write(&tool, "#!/bin/sh\necho from the toolchain\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&tool, fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:/usr/bin:/bin", bin.display());
    let on_path = |cmd: &mut Command| {
        cmd.env("PATH", &path);
    };
    let refused = setup.grade_with(&[], &["mypython"], on_path);
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(refused.stdout.is_empty());
    let error = String::from_utf8_lossy(&refused.stderr).into_owned();
    assert_eq!(error.lines().count(), 1, "{error}");
    assert!(error.contains("sandbox cannot see"), "{error}");
    assert!(error.contains("--bind"), "{error}");
    let tool_path = tool.display().to_string();
    let bind = toolchain.display().to_string();
    let ran = setup.grade_with(&["--bind", &bind], &[&tool_path], on_path);
    assert_eq!(ran.status.code(), Some(1), "{ran:?}");
    assert_eq!(first_line(&report(&ran)), "from the toolchain");
}

/// An autograder for `setup` in Gradescope's layout under `setup.root/autograder`, with
/// `options` before `--` and `command` after it; returns its root.
fn autograder(setup: &Setup, options: &[&str], command: &[&str]) -> PathBuf {
    let zip = setup.root.path().join("autograder.zip");
    let written = Command::new(BIN)
        .args(["gradescope", "match-making", "--timeout", "5", "--cases"])
        .arg(&setup.cases)
        .arg("--out")
        .arg(&zip)
        .args(options)
        .arg("--")
        .args(command)
        .output()
        .unwrap();
    assert!(written.status.success(), "{written:?}");
    let ag = setup.root.path().join("autograder");
    unzip(&zip, &ag.join("source"));
    fs::copy(ag.join("source/run_autograder"), ag.join("run_autograder")).unwrap();
    ag
}

/// Runs the autograder at `ag` on `submission`'s files (with `path` as its `PATH`, if
/// any): it must exit 0 and leave a results.json, which is returned.
fn run_autograder(ag: &Path, files: &[(&str, &[u8])], path: Option<&Path>) -> serde_json::Value {
    run_autograder_with_links(ag, files, &[], path)
}

/// [`run_autograder`], the submission also holding symbolic links (`(name, target)`).
fn run_autograder_with_links(
    ag: &Path,
    files: &[(&str, &[u8])],
    links: &[(&str, &str)],
    path: Option<&Path>,
) -> serde_json::Value {
    let submission = ag.join("submission");
    let _ = fs::remove_dir_all(&submission);
    fs::create_dir_all(&submission).unwrap();
    for (name, bytes) in files {
        fs::write(submission.join(name), bytes).unwrap();
    }
    for (name, target) in links {
        std::os::unix::fs::symlink(target, submission.join(name)).unwrap();
    }
    let mut cmd = Command::new("bash");
    cmd.arg(ag.join("run_autograder"))
        .env("AUTOGRADER_ROOT", ag)
        .stdin(Stdio::null());
    if let Some(path) = path {
        cmd.env("PATH", path);
    }
    let output = cmd.output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = fs::read_to_string(ag.join("results/results.json"))
        .unwrap_or_else(|e| panic!("no results.json ({e}): {output:?}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The project's own game, as the student's program.
fn game() -> Vec<u8> {
    fs::read(BIN).unwrap()
}

/// The zip carries the assignment's given files and lays them over each submission (a
/// student who hands in only what they wrote is graded whole; a student's changed copy
/// of a given file is not what runs), shows every output as text, and compiles in its
/// sandbox.
#[test]
fn the_zip_lays_the_given_files_over_each_submission() {
    let _alone = alone();
    let setup = setup();
    let given = setup.root.path().join("given");
    fs::create_dir(&given).unwrap();
    fs::write(given.join("run.sh"), "exec ./game match-making\n").unwrap();
    let given_arg = given.display().to_string();
    let ag = autograder(
        &setup,
        &["--given", &given_arg, "--compile", "chmod +x game"],
        &["sh", "run.sh"],
    );
    assert!(ag.join("source/given/run.sh").is_file());
    let results = run_autograder(&ag, &[("game", &game())], None);
    assert_eq!(results["score"], 4.0, "{results}");
    assert_eq!(results["output_format"], "text", "{results}");
    for test in results["tests"].as_array().unwrap() {
        assert_eq!(test["output_format"], "text", "{test}");
    }
    let changed = run_autograder(&ag, &[("game", &game()), ("run.sh", b"cat *.out\n")], None);
    assert_eq!(changed["score"], 4.0, "{changed}");
}

/// The given files never write through a student's links (issue 37, item 1):
/// `run_autograder` laid them over the submission with `cp -R` as root, so a submitted
/// `Given.txt -> ../source/cases/NAME.out` (or a folder `lib -> ../source/cases`)
/// replaced that expected output with the given file, and a program printing the given
/// text passed the case. Now the grader lays them over its own copy, replacing links:
/// the cases are untouched and the program fails.
#[test]
fn the_given_files_never_write_through_a_students_links() {
    let _alone = alone();
    let setup = setup();
    let first = fs::read_dir(&setup.cases)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".out"))
        .min()
        .unwrap();
    let given = setup.root.path().join("given");
    fs::create_dir_all(given.join("lib")).unwrap();
    fs::write(given.join("Given.txt"), "planted by the given files\n").unwrap();
    fs::write(
        given.join("lib").join(&first),
        "planted by the given files\n",
    )
    .unwrap();
    let given_arg = given.display().to_string();
    let ag = autograder(
        &setup,
        &["--given", &given_arg, "--compile", "true"],
        &["echo", "planted by the given files"],
    );
    let cases = ag.join("source/cases");
    let before = fs::read(cases.join(&first)).unwrap();
    let target = format!("../source/cases/{first}");
    for links in [
        [("Given.txt", target.as_str())],
        [("lib", "../source/cases")],
    ] {
        let results = run_autograder_with_links(&ag, &[], &links, None);
        assert_eq!(results["score"], 0.0, "{links:?}: {results}");
        assert_eq!(
            fs::read(cases.join(&first)).unwrap(),
            before,
            "{links:?}: the expected output was overwritten through the student's link"
        );
        assert!(!cases.join("Given.txt").exists());
    }
}

/// The given files win over the student's after the compile step too (issue 37, item
/// 2): the overlay came before `--compile`, so a student's source of a given class
/// (here `helper.src`, which the instructor's "compiler" turns into `helper.sh`, as
/// javac turns a submitted `Helper.java` into `Helper.class`) replaced the given one,
/// and the student's version ran.
#[test]
fn a_given_class_wins_over_the_students_compiled_copy() {
    let _alone = alone();
    let setup = setup();
    let given = setup.root.path().join("given");
    fs::create_dir(&given).unwrap();
    fs::write(given.join("main.sh"), "exec sh helper.sh\n").unwrap();
    fs::write(given.join("helper.sh"), "exec ./game match-making\n").unwrap();
    let given_arg = given.display().to_string();
    let compile =
        "chmod +x game; for f in *.src; do [ -e \"$f\" ] && cp \"$f\" \"${f%.src}.sh\"; done; true";
    let ag = autograder(
        &setup,
        &["--given", &given_arg, "--compile", compile],
        &["sh", "main.sh"],
    );
    let graded = run_autograder(&ag, &[("game", &game())], None);
    assert_eq!(graded["score"], 4.0, "{graded}");
    let theirs = run_autograder(
        &ag,
        &[
            ("game", &game()),
            ("helper.src", b"echo the student's helper\n"),
        ],
        None,
    );
    assert_eq!(theirs["score"], 4.0, "the student's helper ran: {theirs}");
}

/// Where the grader cannot start (here: a program that is nowhere), the student still
/// gets a results.json saying why, not an autograder failure.
#[test]
fn run_autograder_always_leaves_a_results_json() {
    let setup = setup();
    let ag = autograder(&setup, &[], &["./no-such-program"]);
    let results = run_autograder(&ag, &[("readme.txt", b"hello\n")], None);
    assert_eq!(results["score"], 0.0, "{results}");
    assert!(
        results["output"]
            .as_str()
            .unwrap_or("")
            .contains("no-such-program"),
        "{results}"
    );
}

/// Gradescope without user namespaces (usual in Docker; here a `PATH` without `bwrap`),
/// as root: the unzipped cases are 0644, and run_autograder still grades, the programs
/// running as a dedicated user that cannot read them (it once refused, and wrote no
/// results.json at all).
#[test]
fn run_autograder_without_bubblewrap_grades_as_a_dedicated_user() {
    if !is_root() {
        eprintln!("skipped: the dedicated-user fallback needs root");
        return;
    }
    let _alone = alone();
    let setup = setup();
    // Told the case, so that the attack below knows which answer to read.
    let ag = autograder(
        &setup,
        &["--compile", "chmod +x game", "--tell-case"],
        &["./game", "match-making"],
    );
    let no_bwrap = setup.root.path().join("no-bwrap");
    fs::create_dir(&no_bwrap).unwrap();
    for entry in fs::read_dir("/usr/bin").unwrap().flatten() {
        if entry.file_name() != "bwrap" {
            std::os::unix::fs::symlink(entry.path(), no_bwrap.join(entry.file_name())).unwrap();
        }
    }
    let right = run_autograder(&ag, &[("game", &game())], Some(&no_bwrap));
    assert_eq!(right["score"], 4.0, "{right}");
    assert!(
        right["output"].as_str().unwrap_or("").contains("dedicated"),
        "{right}"
    );
    let cheat = format!(
        "#!/bin/sh\ncat '{}'/source/cases/\"$GRADER_CASE\".out\n",
        ag.display()
    );
    let stolen = run_autograder(&ag, &[("game", cheat.as_bytes())], Some(&no_bwrap));
    assert_eq!(stolen["score"], 0.0, "{stolen}");
}
