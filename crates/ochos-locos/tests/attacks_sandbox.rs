//! The sandbox attacked where issue 37 found it open, in every isolation the grader
//! has here: bubblewrap as root (the dedicated user ids, a control group where one can
//! be made), bubblewrap as another user (here `nobody`: a user namespace, no control
//! group), the dedicated-user fallback as root without bubblewrap (a `PATH` without
//! `bwrap`, as in a container without user namespaces), and, where a limit holds there
//! too, `--no-sandbox`.
//!
//! Each test performs one attack of the issue and fails on the grader that let it
//! through: descriptors the grader inherited (`grade … 7>log`), a shared mapping past
//! the memory limit and a `/dev/shm` without one, another grading's submission read
//! from its stage folder, System V IPC and lock files left for the next student, a
//! cases folder others may enter, a compile step writing gigabytes or a hundred
//! thousand files, and a user namespace made inside the sandbox.

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used)]

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::is_root;

const BIN: &str = env!("CARGO_BIN_EXE_ochos-locos");
const PYTHON: &str = "/usr/bin/python3";

/// One grading at a time: tests look at the whole machine (IPC objects, the files of
/// the graded users) or count on its disk and memory.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn alone() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// How a grading is isolated.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    Bubblewrap,
    /// Bubblewrap with the grader run as `nobody` (from root): no control group.
    UserBubblewrap,
    /// As root, with a `PATH` that has no `bwrap`.
    Fallback,
    NoSandbox,
}

impl Mode {
    /// The report's name of the isolation.
    fn isolation(self) -> &'static str {
        match self {
            Mode::Bubblewrap | Mode::UserBubblewrap => "bubblewrap",
            Mode::Fallback => "dedicated-user",
            Mode::NoSandbox => "none",
        }
    }
}

/// The isolations: as root, also the fallback (it needs root) and bubblewrap as
/// `nobody` (the tests' own user otherwise).
fn sandboxed() -> Vec<Mode> {
    if is_root() {
        vec![Mode::Bubblewrap, Mode::UserBubblewrap, Mode::Fallback]
    } else {
        eprintln!("not root: the dedicated-user fallback is not tried");
        vec![Mode::Bubblewrap]
    }
}

/// A grading's folders: match-making's cases (seed 1: 4 cases) and an empty
/// submission, in a folder only its owner can enter (the fallback's condition; as root,
/// `nobody` owns it all, for [`Mode::UserBubblewrap`]), and a `PATH` without `bwrap`
/// for the fallback.
struct Setup {
    root: tempfile::TempDir,
    cases: PathBuf,
    submission: PathBuf,
    no_bwrap: tempfile::TempDir,
}

fn setup() -> Setup {
    let root = tempfile::tempdir().unwrap();
    fs::set_permissions(root.path(), fs::Permissions::from_mode(0o700)).unwrap();
    let cases = root.path().join("cases");
    let submission = root.path().join("submission");
    common::match_making_cases(BIN, &cases);
    fs::create_dir(&submission).unwrap();
    let no_bwrap = tempfile::tempdir().unwrap();
    for entry in fs::read_dir("/usr/bin").unwrap().flatten() {
        if entry.file_name() != "bwrap" {
            let _ =
                std::os::unix::fs::symlink(entry.path(), no_bwrap.path().join(entry.file_name()));
        }
    }
    Setup {
        root,
        cases,
        submission,
        no_bwrap,
    }
}

impl Setup {
    /// `ochos-locos grade match-making --format json` in `mode`, with `options` before
    /// `--` and `command` after it.
    fn grade(&self, mode: Mode, options: &[&str], command: &[&str]) -> Output {
        self.command(mode, options, command).output().unwrap()
    }

    fn command(&self, mode: Mode, options: &[&str], command: &[&str]) -> Command {
        let mut cmd = match mode {
            Mode::UserBubblewrap => {
                chown_nobody(self.root.path());
                let mut cmd = Command::new("setpriv");
                cmd.args([
                    &format!("--reuid={NOBODY}"),
                    &format!("--regid={NOBODY}"),
                    "--clear-groups",
                    BIN,
                ]);
                cmd
            }
            _ => Command::new(BIN),
        };
        cmd.args(["grade", "match-making", "--format", "json", "--cases"])
            .arg(&self.cases)
            .arg("--submission")
            .arg(&self.submission)
            .args(options);
        match mode {
            Mode::Bubblewrap | Mode::UserBubblewrap => {}
            Mode::Fallback => {
                cmd.env("PATH", self.no_bwrap.path());
            }
            Mode::NoSandbox => {
                cmd.arg("--no-sandbox");
            }
        }
        cmd.arg("--").args(command).stdin(Stdio::null());
        cmd
    }
}

/// The user id of `nobody`, as which [`Mode::UserBubblewrap`] grades.
const NOBODY: u32 = 65534;

/// Gives `path` and everything in it to `nobody` (files a test writes later too).
fn chown_nobody(path: &Path) {
    std::os::unix::fs::lchown(path, Some(NOBODY), Some(NOBODY)).unwrap();
    if fs::symlink_metadata(path).unwrap().is_dir() {
        for entry in fs::read_dir(path).unwrap() {
            chown_nobody(&entry.unwrap().path());
        }
    }
}

/// The report of a grading in `mode`, checked to be in that isolation.
fn report(output: &Output, mode: Mode) -> serde_json::Value {
    let report: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {mode:?} {output:?}"));
    assert_eq!(report["isolation"], mode.isolation(), "{report}");
    report
}

/// The first line the program printed in the first case (the report's `got`: the
/// expected first line never matches what these programs print).
fn first_line(report: &serde_json::Value) -> String {
    report["cases"][0]["got"].as_str().unwrap_or("").to_owned()
}

/// The range of user ids the graded programs run as, in any grading.
fn graded_ids() -> std::ops::Range<u32> {
    let first = grader::sandbox::FIRST_UID;
    first..first + grader::sandbox::UIDS_PER_GRADING * grader::sandbox::GRADINGS_AT_ONCE
}

/// `grade … 7>>log 12>>log2 -- bash attack.sh`, with a compile step doing the same:
/// neither the compile nor any run may write to (or find) the grader's descriptors 7
/// and 12. They used to be inherited through bubblewrap, `setpriv` and `prlimit`.
#[test]
fn descriptors_the_grader_inherited_stay_closed() {
    let _alone = alone();
    let setup = setup();
    fs::write(
        setup.submission.join("attack.sh"),
        r#"open=
for fd in 7 12; do
  if { echo '{"score": 100, "forged": true}' >&$fd; } 2>/dev/null; then open="$open $fd"; fi
done
echo "open:$open"
"#,
    )
    .unwrap();
    let modes = [sandboxed(), vec![Mode::NoSandbox]].concat();
    for mode in modes {
        let logs = tempfile::tempdir().unwrap();
        let (seven, twelve) = (logs.path().join("7.log"), logs.path().join("12.log"));
        let cmd = setup.command(
            mode,
            &["--timeout", "5", "--compile", "bash attack.sh"],
            &["bash", "attack.sh"],
        );
        // The shell opens the two descriptors and becomes the grader with them.
        let grader = cmd.get_program().to_owned();
        let args: Vec<_> = cmd.get_args().map(|a| a.to_owned()).collect();
        let envs: Vec<_> = cmd
            .get_envs()
            .map(|(k, v)| (k.to_owned(), v.map(|v| v.to_owned())))
            .collect();
        let mut shell = Command::new("/bin/bash");
        shell
            .arg("-c")
            .arg(r#"exec "$@" 7>>"$SEVEN" 12>>"$TWELVE""#)
            .arg("grade")
            .arg(grader)
            .args(args)
            .env("SEVEN", &seven)
            .env("TWELVE", &twelve)
            .stdin(Stdio::null());
        for (key, value) in envs {
            if let Some(value) = value {
                shell.env(key, value);
            }
        }
        let output = shell.output().unwrap();
        let report = report(&output, mode);
        assert_eq!(report["compile"]["ok"], true, "{report}");
        assert_eq!(fs::read(&seven).unwrap(), b"", "{mode:?}: written to 7");
        assert_eq!(fs::read(&twelve).unwrap(), b"", "{mode:?}: written to 12");
        let messages = report["compile"]["messages"].to_string();
        assert!(messages.contains("open:\""), "{mode:?} compile: {report}");
        for case in report["cases"].as_array().unwrap() {
            assert_eq!(case["got"], "open:", "{mode:?}: {case}");
        }
    }
}

/// A shared mapping is not data (`RLIMIT_DATA` never counted it): a process could hold
/// more than the stated memory through one. The address space of each process is now
/// bounded, in every isolation, and the report's limits line says by how much (twice
/// the memory plus 4 GiB: 8192 MiB by default), with `/dev/shm` in the sandbox.
#[test]
fn a_shared_mapping_past_the_address_space_is_refused() {
    if !Path::new(PYTHON).is_file() {
        eprintln!("skipped: no {PYTHON}");
        return;
    }
    let _alone = alone();
    let setup = setup();
    fs::write(
        setup.submission.join("map.py"),
        r#"import mmap
said = []
for gib in (1, 9):
    try:
        mmap.mmap(-1, gib << 30)
        said.append("%d GiB mapped" % gib)
    except OSError:
        said.append("%d GiB refused" % gib)
print(", ".join(said))
"#,
    )
    .unwrap();
    let modes = [sandboxed(), vec![Mode::NoSandbox]].concat();
    for mode in modes {
        let output = setup.grade(mode, &["--timeout", "10"], &[PYTHON, "map.py"]);
        let report = report(&output, mode);
        assert_eq!(
            first_line(&report),
            "1 GiB mapped, 9 GiB refused",
            "{mode:?}: {report}"
        );
        let limits = report["limits"].as_str().unwrap_or("");
        assert!(
            limits.contains("8192 MiB of address space a process"),
            "{mode:?}: {limits}"
        );
        if mode == Mode::Bubblewrap {
            assert!(limits.contains("/dev/shm"), "{limits}");
        }
    }
}

/// Bubblewrap's `/dev` is a file system in memory with no size of its own: as another
/// user than root (no control group), 100 MiB written to `/dev/shm` went through (1.5
/// GiB in the issue), counted nowhere; as root it was the dedicated user's to read only.
/// It is now its own file system, open to every user, the size of the sandbox's `/tmp`.
#[test]
fn dev_shm_in_the_sandbox_has_a_size() {
    if !Path::new(PYTHON).is_file() {
        eprintln!("skipped: no {PYTHON}");
        return;
    }
    let _alone = alone();
    let setup = setup();
    fs::write(
        setup.submission.join("shm.py"),
        r#"import os
try:
    for i in range(100):
        with open("/dev/shm/f%d" % i, "wb") as f:
            f.write(b"\0" * (1 << 20))
    print("100 MiB written")
except OSError:
    print("full after %d MiB" % i)
"#,
    )
    .unwrap();
    let modes = sandboxed().into_iter().filter(|m| *m != Mode::Fallback);
    for mode in modes {
        let output = setup.grade(mode, &["--jobs", "1"], &[PYTHON, "shm.py"]);
        let report = report(&output, mode);
        let line = first_line(&report);
        let full_after: u64 = line
            .strip_prefix("full after ")
            .and_then(|rest| rest.strip_suffix(" MiB"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{mode:?}: {report}"));
        // Writable (a program's POSIX shared memory and semaphores live there), to the
        // size of the sandbox's /tmp.
        assert!(full_after >= 1, "{mode:?}: {line}");
        assert!(full_after <= grader::sandbox::SCRATCH_BYTES >> 20, "{line}");
    }
}

/// The JVM reserves far more address space than it uses (half the limit for its heap,
/// a gigabyte for classes): the default limits still let `javac` compile and `java`
/// run, with a couple of hundred threads, in each isolation.
#[test]
fn java_compiles_and_runs_under_the_default_limits() {
    if !Path::new("/usr/bin/javac").is_file() {
        eprintln!("skipped: no javac");
        return;
    }
    let _alone = alone();
    let setup = setup();
    fs::write(
        setup.submission.join("Hello.java"),
        r#"import java.util.ArrayList;
import java.util.List;

public class Hello {
    public static void main(String[] args) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        List<StringBuilder> built = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            StringBuilder sb = new StringBuilder();
            built.add(sb);
            Thread t = new Thread(() -> { for (int j = 0; j < 20000; j++) sb.append(j); });
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) t.join();
        byte[] big = new byte[300 << 20];
        System.out.println("hello from java, " + threads.size() + " threads, " + (big.length >> 20) + " MiB");
    }
}
"#,
    )
    .unwrap();
    for mode in sandboxed() {
        let output = setup.grade(
            mode,
            &[
                "--timeout",
                "30",
                "--jobs",
                "2",
                "--compile",
                "javac Hello.java",
            ],
            &["java", "Hello"],
        );
        let report = report(&output, mode);
        assert_eq!(report["compile"]["ok"], true, "{mode:?}: {report}");
        for case in report["cases"].as_array().unwrap() {
            assert_eq!(
                case["got"], "hello from java, 200 threads, 300 MiB",
                "{mode:?}: {case}"
            );
        }
    }
}

/// Two gradings at once: one student's program opens the other's submission in that
/// grading's stage folder (0711, its copy 0755 and world-readable in the fallback), or
/// in the other's runs' copies (0755). The stage folder is now private to root (to the
/// grader's user under bubblewrap as another user), each run's copy to its user.
#[test]
fn another_gradings_submission_is_out_of_reach() {
    let _alone = alone();
    for mode in sandboxed() {
        let victim = setup();
        // A name of this test's own, not that of a stage an earlier test left.
        let secret = format!("victim-secret-{}-{mode:?}.txt", std::process::id());
        fs::write(victim.submission.join(&secret), "the answer\n").unwrap();
        fs::write(victim.submission.join("slow.sh"), "sleep 8; echo done\n").unwrap();
        let mut running = victim
            .command(
                mode,
                &["--timeout", "10", "--jobs", "4"],
                &["sh", "slow.sh"],
            )
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // The victim's stage (the grading's copy of its submission) as root finds it.
        let until = Instant::now() + Duration::from_secs(20);
        let stage = loop {
            // Not a run's own copy (`grader-run-*`, its user's alone).
            let found = fs::read_dir(std::env::temp_dir())
                .unwrap()
                .flatten()
                .filter(|e| !e.file_name().to_string_lossy().starts_with("grader-run-"))
                .map(|e| e.path().join("submission").join(&secret))
                .find(|p| p.is_file());
            if let Some(found) = found {
                break found;
            }
            assert!(Instant::now() < until, "the victim's stage never appeared");
            std::thread::sleep(Duration::from_millis(20));
        };
        // While the victim's grading lives: its folder is its grader's alone.
        let folder = fs::metadata(stage.parent().unwrap().parent().unwrap()).unwrap();
        assert_eq!(
            folder.mode() & 0o077,
            0,
            "{mode:?}: a stage folder others may enter"
        );
        let attacker = setup();
        fs::write(
            attacker.submission.join("attack.sh"),
            format!(
                "cat '{}' {}/grader-run-*/submission/{secret} 2>/dev/null || echo nothing found\n",
                stage.display(),
                std::env::temp_dir().display()
            ),
        )
        .unwrap();
        let output = attacker.grade(mode, &["--timeout", "5"], &["sh", "attack.sh"]);
        let still_running = running.try_wait().unwrap().is_none();
        let _ = running.wait();
        assert!(
            still_running,
            "the victim's grading ended before the attack"
        );
        let report = report(&output, mode);
        assert_eq!(first_line(&report), "nothing found", "{mode:?}: {report}");
    }
}

/// The System V IPC objects (shared memory, semaphores, message queues) and the files
/// in `/run/lock` a user id leaves belong to the machine: in the fallback they reached
/// the next grading's program run as the same id. After a grading, nothing of its
/// users is left.
#[test]
fn ipc_objects_and_lock_files_do_not_outlive_a_grading() {
    if !is_root() {
        eprintln!("skipped: the dedicated-user fallback needs root");
        return;
    }
    let _alone = alone();
    let setup = setup();
    fs::write(
        setup.submission.join("leave.sh"),
        r#"ipcmk -M 4096 >/dev/null && ipcmk -Q >/dev/null && ipcmk -S 1 >/dev/null && echo ipc made
for dir in /run/lock /var/lock /dev/shm /tmp /var/tmp; do echo for the next one > "$dir/left-$$" 2>/dev/null; done
echo done
"#,
    )
    .unwrap();
    let mut left = Vec::new();
    for mode in sandboxed() {
        let output = setup.grade(mode, &["--timeout", "5"], &["sh", "leave.sh"]);
        let report = report(&output, mode);
        assert_eq!(first_line(&report), "ipc made", "{mode:?}: {report}");
        let ids = graded_ids();
        for kind in ["shm", "sem", "msg"] {
            let text = fs::read_to_string(format!("/proc/sysvipc/{kind}")).unwrap();
            let mut lines = text.lines();
            let header: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
            let uid = header.iter().position(|h| *h == "uid").unwrap();
            for line in lines {
                let fields: Vec<&str> = line.split_whitespace().collect();
                let owner: u32 = fields[uid].parse().unwrap();
                if ids.contains(&owner) {
                    left.push(format!("{mode:?}: {kind}: {line}"));
                }
            }
        }
        for dir in ["/run/lock", "/dev/shm", "/tmp", "/var/tmp"] {
            for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
                let owner = entry.metadata().map(|m| m.uid()).unwrap_or(0);
                let ours = entry.file_name().to_string_lossy().starts_with("left-");
                if ours && (ids.contains(&owner) || owner == NOBODY) {
                    left.push(format!("{mode:?}: {}", entry.path().display()));
                }
            }
        }
    }
    assert_eq!(left, Vec::<String>::new());
}

/// A cases folder other users may enter but not list (0711) passed the fallback's
/// check, and a program opening `$cases/NAME.out` by its guessed name read the answer.
/// It is refused, as a readable one is.
#[test]
fn a_cases_folder_others_may_enter_is_refused_in_the_fallback() {
    if !is_root() {
        eprintln!("skipped: the dedicated-user fallback needs root");
        return;
    }
    let _alone = alone();
    let setup = setup();
    fs::set_permissions(setup.root.path(), fs::Permissions::from_mode(0o711)).unwrap();
    fs::set_permissions(&setup.cases, fs::Permissions::from_mode(0o711)).unwrap();
    fs::write(setup.submission.join("run.sh"), "echo hi\n").unwrap();
    let output = setup.grade(Mode::Fallback, &["--timeout", "5"], &["sh", "run.sh"]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("other users"), "{stderr}");
    assert!(output.stdout.is_empty(), "{output:?}");
    // Closed to others, it grades.
    fs::set_permissions(&setup.cases, fs::Permissions::from_mode(0o700)).unwrap();
    let output = setup.grade(Mode::Fallback, &["--timeout", "5"], &["sh", "run.sh"]);
    report(&output, Mode::Fallback);
}

/// The compile step works on disk: it wrote 1.5 GB before its size was checked, after
/// it ended. Now it is measured while it runs and stopped past the limit of a copy
/// (256 MiB): 2 GiB in 1 MiB files never gets written, the report says why.
#[test]
fn a_compile_writing_gigabytes_is_stopped_while_it_runs() {
    let _alone = alone();
    let setup = setup();
    fs::write(
        setup.submission.join("fill.sh"),
        "i=0; while [ $i -lt 2048 ]; do head -c 1048576 /dev/zero > f$i || exit 1; i=$((i+1)); done; echo all written\n",
    )
    .unwrap();
    fs::write(setup.submission.join("run.sh"), "echo hi\n").unwrap();
    for mode in sandboxed() {
        let start = Instant::now();
        let output = setup.grade(
            mode,
            &["--timeout", "5", "--compile", "sh fill.sh"],
            &["sh", "run.sh"],
        );
        let report = report(&output, mode);
        assert_eq!(report["compile"]["ok"], false, "{mode:?}: {report}");
        let messages = report["compile"]["messages"].to_string();
        assert!(!messages.contains("all written"), "{mode:?}: {messages}");
        assert!(
            messages.contains("stopped while it ran"),
            "{mode:?}: {messages}"
        );
        assert!(start.elapsed() < Duration::from_secs(100), "{mode:?}");
    }
}

/// 100,000 files made by the compile step (200,000 took 25 s outside any timeout) are
/// stopped at the limit of a copy (20,000), while it runs.
#[test]
fn a_compile_making_a_hundred_thousand_files_is_stopped_while_it_runs() {
    let _alone = alone();
    let setup = setup();
    fs::write(
        setup.submission.join("many.sh"),
        "mkdir d && cd d && seq 1 100000 | xargs touch && echo all written\n",
    )
    .unwrap();
    fs::write(setup.submission.join("run.sh"), "echo hi\n").unwrap();
    for mode in sandboxed() {
        let output = setup.grade(
            mode,
            &["--timeout", "5", "--compile", "sh many.sh"],
            &["sh", "run.sh"],
        );
        let report = report(&output, mode);
        assert_eq!(report["compile"]["ok"], false, "{mode:?}: {report}");
        let messages = report["compile"]["messages"].to_string();
        assert!(!messages.contains("all written"), "{mode:?}: {messages}");
        assert!(
            messages.contains("stopped while it ran"),
            "{mode:?}: {messages}"
        );
    }
}

/// `unshare -r` made the program root in a user namespace of its own, with the
/// kernel's mount and network code open to it. Bubblewrap's seccomp filter refuses new
/// user namespaces (`unshare` or `clone` with `CLONE_NEWUSER`; `clone3` is unknown to
/// it, and the C library falls back to `clone`: threads and processes still start).
#[test]
fn no_user_namespace_inside_the_sandbox() {
    let _alone = alone();
    let setup = setup();
    fs::write(
        setup.submission.join("userns.sh"),
        r#"a=refused; unshare -r true 2>/dev/null && a=allowed
b=refused; unshare -U true 2>/dev/null && b=allowed
c=refused; unshare -r -m -n true 2>/dev/null && c=allowed
(sleep 0 & wait) && threads=started
echo "unshare -r $a, -U $b, -rmn $c, children $threads"
"#,
    )
    .unwrap();
    let modes = sandboxed().into_iter().filter(|m| *m != Mode::Fallback);
    for mode in modes {
        let output = setup.grade(mode, &["--timeout", "5"], &["bash", "userns.sh"]);
        let report = report(&output, mode);
        assert_eq!(
            first_line(&report),
            "unshare -r refused, -U refused, -rmn refused, children started",
            "{mode:?}: {report}"
        );
    }
}
