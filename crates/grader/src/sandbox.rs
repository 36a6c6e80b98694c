//! Where a graded program runs: isolated from the grader, the cases, the expected
//! outputs, the other submissions and the results, on by default.
//!
//! A graded program is untrusted: it may try to read the answers (through
//! `/proc/$PPID/cwd` or `cmdline`), match its input against the `.in` files, rewrite
//! the `.out` files or another student's results, write its own `results.json` through
//! `/proc/$PPID/fd/1`, fork until the machine fails, leave a `setsid` grandchild
//! behind, leave something for the next student (a file in `/tmp` or `/run/lock`, its
//! user id's kernel keyring, a System V shared memory segment), fill the memory or the
//! disk, write to a descriptor the grader inherited, make a user namespace to reach more
//! of the kernel, or read the grader's environment. Three
//! isolations, chosen once per grading ([`Sandbox::new`]):
//!
//! - [`Isolation::Bubblewrap`] (the default wherever `bwrap` works): each run in a
//!   bubblewrap sandbox with its own mount, PID, network, IPC and UTS namespaces. The
//!   program sees the system's directories read-only (`/usr`, `/bin`, `/lib*`, `/etc`,
//!   `/opt`), the folders given with `--bind` read-only, a fresh `/proc` and `/dev`, a
//!   size-capped `/tmp` and `/dev/shm` in memory, and a fresh copy of the submission at the
//!   submission's own path, which is its working directory and its `HOME`: a
//!   size-capped file system in memory, filled inside the sandbox at the start of the
//!   run (the copy counts against the run's timeout, and nothing is left to remove when
//!   it ends). The kernel's keyring calls and new user namespaces are refused
//!   ([`crate::seccomp`]). Nothing else
//!   of the machine exists for it: not the cases, not the grader, not the grader's
//!   standard output. There is no network. Every process it starts is in its PID
//!   namespace and dies with the run, `setsid` or not. As root (Gradescope's
//!   containers) the program runs as a dedicated user id, one per job slot, so that the
//!   process limit holds (the kernel exempts root from it); as another user, in a user
//!   namespace as that user. Gradings that run at once on one machine take disjoint
//!   blocks of those ids ([`UidLease`]), so that one grading's process limit and its
//!   end-of-run kill never touch another's programs.
//! - [`Isolation::DedicatedUser`], the fallback as root where bubblewrap is missing or
//!   does not work (Docker without user namespaces): the program runs as the dedicated
//!   user id in its own copy of the submission on disk (made before the run, within its
//!   timeout, in a folder only that user can open), under the same limits; every
//!   process of that user id is killed when the run ends, and every file it left in the
//!   machine's shared writable directories ([`SHARED_WRITABLE_DIRS`]: `/tmp`,
//!   `/var/tmp`, `/dev/shm`, `/run/lock`) and every System V IPC object it owns is
//!   removed. The cases must then be closed to other users (`chmod o-rwx` on the cases
//!   directory or a parent; one they may enter without listing it, `0711`, is refused
//!   too): the grader checks that before anything runs. There is no network isolation,
//!   no PID namespace, no seccomp filter (Docker's default profile refuses the keyring
//!   calls and user namespaces itself), and `/tmp` and `/dev/shm` are the machine's,
//!   bounded only per file.
//! - [`Isolation::None`] (`--no-sandbox`): the program runs as the grader, in the
//!   submission directory itself, in a process group that is killed when the run ends;
//!   only the limits apply. For instructors who trust the programs; the report says so.
//!
//! The submission is copied once per grading, into a folder only root (or the grader's
//! user) can open; a compile step ([`crate::run::compile`], `--compile LINE`) runs in the
//! same isolation on that copy, with no cases in sight, and the runs then start from
//! what it left. The compile step works on disk: it is measured ten times a second while
//! it runs ([`CompileWatch`]) and stopped once the copy holds more than a submission may
//! ([`MAX_SUBMISSION_BYTES`], [`MAX_SUBMISSION_ENTRIES`]), within its own timeout. Every
//! copy the grader makes copies a student's symbolic links as links, never through them.
//!
//! No program starts with a descriptor of the grader's above 2: the first process of
//! every run (and of the compile step) closes them before anything else, whatever the
//! grader's caller left open (`grade … 7>log`, make's jobserver pipes).
//!
//! In every isolation the limits ([`crate::Limits`]) are set with util-linux's
//! `prlimit` on the program before it starts: memory (`RLIMIT_DATA`, which a JVM's
//! reserved but unused heap does not count against), address space (`RLIMIT_AS`, which
//! counts shared mappings too, generous for the JVM: [`Limits::address_space`]),
//! processes and threads
//! (`RLIMIT_NPROC`), the size of any file written (`RLIMIT_FSIZE`), CPU time
//! (`RLIMIT_CPU`, the timeout rounded up plus a second) and no core files. Where a
//! control group can be made ([`crate::cgroup`]), the run's memory, in-memory files and
//! processes also count against one budget for the whole run.
//!
//! Every run starts with a clean environment: `PATH` (the system's directories), `LANG`
//! (`C.UTF-8`), `HOME`, the case's name ([`crate::CASE_VARIABLE`]) and the variables
//! named with `--env NAME`; nothing else of the grader's environment.

use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::io;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use crate::cgroup;
use crate::limits::Limits;
use crate::outcome::{Exit, Run};
use crate::text::{first_lines, printable};

/// The first of the user ids the programs run as when the grader is root. Chosen far
/// from the ids distributions hand out.
pub const FIRST_UID: u32 = 61_000;
/// How many user ids one grading takes: one per job slot (`--jobs` is at most this).
pub const UIDS_PER_GRADING: u32 = 256;
/// How many gradings as root may run at once on one machine, each with its own block of
/// [`UIDS_PER_GRADING`] ids from [`FIRST_UID`].
pub const GRADINGS_AT_ONCE: u32 = 64;
/// Where the leases of the blocks are kept: a directory only root can open (in `/run`,
/// not `/tmp`, where any user could plant the lock files first).
pub const LEASE_DIR: &str = "/run/grader";

/// The most bytes copied from a submission directory into each run's working directory.
pub const MAX_SUBMISSION_BYTES: u64 = 256 << 20;
/// The most files and directories copied from a submission directory.
pub const MAX_SUBMISSION_ENTRIES: usize = 20_000;
/// What a run may write into its working directory beyond the submission's own bytes,
/// and into its `/tmp`, each (under bubblewrap; both in memory).
pub const SCRATCH_BYTES: u64 = 64 << 20;

/// The `PATH` of every sandboxed run: the system's directories.
pub const SANDBOX_PATH: &str = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/// Where the grading's copy of the submission is shown, read-only, inside a bubblewrap
/// sandbox, for the run to copy into its working directory.
const MASTER_VIEW: &str = "/.grader-submission";

/// The system directories a sandboxed program sees, read-only (those that exist).
const SYSTEM_DIRS: [&str; 10] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/nix",
];

/// How graded programs are kept apart from everything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    /// A bubblewrap sandbox per run (namespaces, copy of the submission, limits).
    Bubblewrap,
    /// A dedicated user id per job slot, a copy of the submission, limits (as root,
    /// without bubblewrap).
    DedicatedUser,
    /// None but the limits and the process group (`--no-sandbox`).
    None,
}

impl Isolation {
    /// The isolation's name, as the reports show it: `bubblewrap`, `dedicated-user`,
    /// `none`.
    pub fn name(self) -> &'static str {
        match self {
            Isolation::Bubblewrap => "bubblewrap",
            Isolation::DedicatedUser => "dedicated-user",
            Isolation::None => "none",
        }
    }

    /// What it means, in one sentence, for the reports.
    pub fn about(self) -> &'static str {
        match self {
            Isolation::Bubblewrap => {
                "each run in a bubblewrap sandbox: its own copy of the submission, no cases, \
                 results or network in sight, a clean environment, no kernel keyrings, every \
                 process it started killed at its end"
            }
            Isolation::DedicatedUser => {
                "each run as a dedicated user id in its own copy of the submission (no \
                 bubblewrap): the cases unreadable to it, a clean environment, every process, \
                 temporary file and IPC object of that user removed at its end, but no \
                 network isolation and no keyring or user namespace filter"
            }
            Isolation::None => {
                "no sandbox (--no-sandbox): programs run as the grader and could read the \
                 cases or change the results"
            }
        }
    }
}

impl fmt::Display for Isolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to isolate, as asked for on the command line.
#[derive(Clone, Debug)]
pub struct Request {
    /// `--no-sandbox`: run without isolation.
    pub no_sandbox: bool,
    /// The student's files (`--submission DIR`; default the current directory).
    pub submission: PathBuf,
    /// Directories that must stay out of the program's sight (the cases): never copied,
    /// and checked unreadable to other users in the dedicated-user fallback.
    pub hidden: Vec<PathBuf>,
    /// Folders shown to the program read-only (`--bind DIR`): a toolchain that lives
    /// outside the system's directories (`/root/.sdkman`, `/opt/pyenv`).
    pub binds: Vec<PathBuf>,
    /// Variables of the grader's environment the program also gets (`--env NAME`).
    pub env: Vec<String>,
}

impl Request {
    /// Isolation on, the current directory as the submission, nothing hidden.
    pub fn new() -> Request {
        Request {
            no_sandbox: false,
            submission: PathBuf::from("."),
            hidden: Vec::new(),
            binds: Vec::new(),
            env: Vec::new(),
        }
    }
}

impl Default for Request {
    fn default() -> Request {
        Request::new()
    }
}

/// The isolation of a grading, set up and checked.
#[derive(Clone, Debug)]
pub struct Sandbox {
    isolation: Isolation,
    /// The submission directory, absolute and resolved.
    submission: PathBuf,
    hidden: Vec<PathBuf>,
    binds: Vec<PathBuf>,
    /// The environment every run starts from.
    env: Vec<(OsString, OsString)>,
    root: bool,
    /// As root and isolated: this grading's block of user ids.
    lease: Option<UidLease>,
    /// Isolated: the grading's one copy of the submission.
    stage: Option<Arc<Stage>>,
    /// Where each run's budget (a control group) is made, if anywhere.
    budget: cgroup::Support,
    /// What the compile step came to, if there was one.
    compiled: Option<Compiled>,
}

/// The grading's folder (only its owner can open it): the copy of the submission every
/// run starts from, and the seccomp filter's file.
#[derive(Debug)]
struct Stage {
    dir: tempfile::TempDir,
    /// Its size when copied (or after the compile step): each run's working directory
    /// is this much plus [`SCRATCH_BYTES`].
    bytes: std::sync::atomic::AtomicU64,
    /// Why the compile step was stopped while it ran ([`CompileWatch`]), if it was.
    overrun: std::sync::Mutex<Option<String>>,
}

impl Stage {
    fn master(&self) -> PathBuf {
        self.dir.path().join("submission")
    }

    fn filter(&self) -> Option<PathBuf> {
        let path = self.dir.path().join("seccomp.bpf");
        path.is_file().then_some(path)
    }
}

/// What the compile step came to.
#[derive(Clone, Debug, PartialEq)]
pub struct Compiled {
    /// The line run (`javac ./*.java`).
    pub line: String,
    /// Whether it succeeded (exit status 0, within its timeout and limits, and what it
    /// left within the submission's size limits).
    pub ok: bool,
    /// Why it failed, or what it printed: its last lines of standard error and output,
    /// escaped and cut.
    pub messages: Vec<String>,
    /// How long it took, in seconds.
    pub seconds: f64,
}

/// A block of [`UIDS_PER_GRADING`] user ids held by one grading for as long as it
/// lives: an exclusive `flock` on `/run/grader/grader-uids-N.lock`, in a directory only
/// root can open, which the kernel releases when the grading's process ends, however it
/// ends.
#[derive(Clone, Debug)]
pub struct UidLease {
    first: u32,
    _lock: Arc<fs::File>,
}

impl UidLease {
    /// Takes the first free block, or fails when [`GRADINGS_AT_ONCE`] gradings hold them all.
    fn take() -> Result<UidLease, SandboxError> {
        UidLease::take_in(Path::new(LEASE_DIR))
    }

    fn take_in(dir: &Path) -> Result<UidLease, SandboxError> {
        use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
        let shown = dir.display();
        match fs::DirBuilder::new().mode(0o700).create(dir) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(SandboxError(format!("{shown}: {e}"))),
        }
        // Only a directory root owns and nobody else can enter is trusted: a planted
        // one (or a link) would let another user hold the locks.
        let trusted = fs::symlink_metadata(dir)
            .is_ok_and(|m| m.is_dir() && m.uid() == 0 && m.mode() & 0o077 == 0);
        if !trusted {
            return Err(SandboxError(format!(
                "{shown}: must be a directory owned by root that only root can open (chmod \
                 700 {shown}), to keep the leases of the graded programs' user ids"
            )));
        }
        for block in 0..GRADINGS_AT_ONCE {
            let path = dir.join(format!("grader-uids-{block}.lock"));
            let Ok(file) = fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .mode(0o600)
                .custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32)
                .open(&path)
            else {
                continue;
            };
            if rustix::fs::flock(&file, rustix::fs::FlockOperation::NonBlockingLockExclusive)
                .is_ok()
            {
                return Ok(UidLease {
                    first: FIRST_UID + block * UIDS_PER_GRADING,
                    _lock: Arc::new(file),
                });
            }
        }
        Err(SandboxError(format!(
            "all {GRADINGS_AT_ONCE} blocks of user ids for graded programs are in use by other \
             gradings on this machine ({shown}/grader-uids-*.lock): wait for one to end"
        )))
    }

    /// The user id of job slot `slot`, if the block has one.
    fn uid(&self, slot: usize) -> Option<u32> {
        let slot = u32::try_from(slot)
            .ok()
            .filter(|&slot| slot < UIDS_PER_GRADING)?;
        Some(self.first + slot)
    }
}

/// Why a sandbox could not be set up: one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SandboxError(pub String);

impl fmt::Display for SandboxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SandboxError {}

impl Sandbox {
    /// Sets up the isolation asked for: bubblewrap where it works, else (as root) the
    /// dedicated-user fallback, else an error that says what to do; none with
    /// `no_sandbox`. Checks the submission directory (it exists, is a directory, is not
    /// `/`, is small enough to copy) and copies it once, before anything runs.
    pub fn new(request: &Request) -> Result<Sandbox, SandboxError> {
        let shown = request.submission.display();
        let submission = fs::canonicalize(&request.submission)
            .map_err(|e| SandboxError(format!("submission directory {shown}: {e}")))?;
        if !submission.is_dir() {
            return Err(SandboxError(format!(
                "submission directory {shown}: not a directory"
            )));
        }
        if submission == Path::new("/") {
            return Err(SandboxError(
                "the submission directory cannot be / (give --submission DIR, the student's files)"
                    .to_owned(),
            ));
        }
        let hidden = request
            .hidden
            .iter()
            .filter_map(|path| fs::canonicalize(path).ok())
            .collect::<Vec<_>>();
        let mut binds = Vec::new();
        for dir in &request.binds {
            let resolved = fs::canonicalize(dir)
                .ok()
                .filter(|d| d.is_dir())
                .ok_or_else(|| {
                    SandboxError(format!("--bind {}: not a directory", dir.display()))
                })?;
            if hidden
                .iter()
                .any(|h| h.starts_with(&resolved) || resolved.starts_with(h))
            {
                return Err(SandboxError(format!(
                    "--bind {}: it holds the cases (or is inside them), which the program must \
                     not see",
                    dir.display()
                )));
            }
            binds.push(resolved);
        }
        let root = rustix::process::geteuid().is_root();
        let isolation = if request.no_sandbox {
            Isolation::None
        } else if bubblewrap_works(root) {
            Isolation::Bubblewrap
        } else if root && tool_exists("setpriv") && tool_exists("prlimit") {
            for dir in &hidden {
                if open_to_others(dir) {
                    return Err(SandboxError(format!(
                        "{}: readable by other users (they may enter it), and bubblewrap is \
                         not available: `chmod o-rwx` it (or a parent), install bubblewrap, \
                         or grade with --no-sandbox",
                        dir.display()
                    )));
                }
            }
            Isolation::DedicatedUser
        } else {
            return Err(SandboxError(
                "no sandbox available: install bubblewrap (Debian and Ubuntu: apt-get install \
                 bubblewrap), run the grader as root for the dedicated-user fallback, or grade \
                 with --no-sandbox"
                    .to_owned(),
            ));
        };
        let env = environment(isolation, &request.env, &binds)?;
        let stage = match isolation {
            Isolation::None => None,
            _ => Some(Arc::new(stage(&submission, &hidden, isolation).map_err(
                |e| SandboxError(format!("submission directory {shown}: {e}")),
            )?)),
        };
        let lease = match root && isolation != Isolation::None {
            true => Some(UidLease::take()?),
            false => None,
        };
        let budget = match isolation {
            Isolation::None => cgroup::Support::None,
            _ => budget_support().clone(),
        };
        Ok(Sandbox {
            isolation,
            submission,
            hidden,
            binds,
            env,
            root,
            lease,
            stage,
            budget,
            compiled: None,
        })
    }

    /// No isolation, the current directory as the submission (the library's tests and
    /// its examples).
    pub fn none() -> Sandbox {
        Sandbox {
            isolation: Isolation::None,
            submission: std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
            hidden: Vec::new(),
            binds: Vec::new(),
            env: environment(Isolation::None, &[], &[]).unwrap_or_default(),
            root: false,
            lease: None,
            stage: None,
            budget: cgroup::Support::None,
            compiled: None,
        }
    }

    /// The grading's own folder (its copy of the submission), which the sweep of a
    /// user's files after a run leaves alone.
    pub(crate) fn stage_dir(&self) -> Option<&Path> {
        self.stage.as_ref().map(|stage| stage.dir.path())
    }

    /// Where the runs start from: the grading's copy of the submission, or the
    /// submission itself without a sandbox (where [`crate::sandbox_compiled`] lays the
    /// given files).
    pub(crate) fn start_dir(&self) -> PathBuf {
        match &self.stage {
            Some(stage) => stage.master(),
            None => self.submission.clone(),
        }
    }

    /// The isolation in use.
    pub fn isolation(&self) -> Isolation {
        self.isolation
    }

    /// What the limits of a run come to here (one budget a run, or per-process only),
    /// for the reports.
    pub fn limits_about(&self, limits: &Limits) -> String {
        let scratch = (self.isolation == Isolation::Bubblewrap).then_some(SCRATCH_BYTES);
        self.budget.about(limits, scratch)
    }

    /// What the compile step came to, if there was one ([`crate::run::compile`]).
    pub fn compiled(&self) -> Option<&Compiled> {
        self.compiled.as_ref()
    }

    /// The user id a run in job slot `slot` runs as, when the grader is root and the
    /// program is isolated (from this grading's block, [`UidLease`]).
    pub fn uid(&self, slot: usize) -> Option<u32> {
        self.lease.as_ref().and_then(|lease| lease.uid(slot))
    }

    /// The compile step's command, `line` run by `/bin/sh` in the grading's copy of the
    /// submission (the submission itself with no sandbox), prepared as the runs are,
    /// under `limits`: [`crate::run::compile`] runs it, then [`Sandbox::keep_compiled`].
    pub(crate) fn prepare_compile(&self, line: &str, limits: &Limits) -> io::Result<Prepared> {
        let command: Vec<OsString> = vec!["/bin/sh".into(), "-c".into(), line.into()];
        if let (Some(stage), Some(uid)) = (&self.stage, self.uid(0)) {
            chown_tree(&stage.master(), uid)?;
            if self.isolation == Isolation::DedicatedUser {
                // The compile works in the grading's copy on the host: its user must get
                // through the grading's folder, and no other user may.
                std::os::unix::fs::lchown(stage.dir.path(), Some(uid), Some(uid))?;
            }
        }
        let mut prepared = self.prepare_in(&command, limits, 0, Workdir::Master)?;
        if let Some(stage) = &self.stage {
            // Under bubblewrap the group is the sandbox (whose processes may run as the
            // grader's own user); in the fallback, the compile's user id.
            let pid_file = (self.isolation == Isolation::Bubblewrap)
                .then(|| stage.dir.path().join(COMPILE_PID_FILE));
            prepared.watch = Some(CompileWatch::start(
                Arc::clone(stage),
                prepared.uid,
                pid_file,
            ));
        }
        Ok(prepared)
    }

    /// What the compile step's `run` came to (its first lines of output, how it ended,
    /// whether what it left still fits the limits of a copy), kept ([`Sandbox::compiled`])
    /// and returned; what it left is made readable by every slot's user.
    pub(crate) fn keep_compiled(
        &mut self,
        line: &str,
        run: &Run,
        limits: &Limits,
    ) -> io::Result<&Compiled> {
        let mut ok = run.exit == Exit::Code(0);
        let mut messages = first_lines(
            &[
                String::from_utf8_lossy(&run.stdout).as_ref(),
                String::from_utf8_lossy(&run.stderr).as_ref(),
            ]
            .concat(),
            20,
        );
        match run.exit {
            Exit::Code(0) => {}
            Exit::Code(code) => {
                messages.push(format!("(the compile step exited with status {code})"))
            }
            Exit::Signal(signal) => {
                messages.push(format!("(the compile step was ended by signal {signal})"))
            }
            Exit::TimedOut | Exit::OutputHeld => messages.push(format!(
                "(the compile step did not end within {} s)",
                limits.timeout.as_secs_f64()
            )),
            Exit::TooMuchOutput => messages.push(format!(
                "(the compile step printed more than {} bytes)",
                limits.max_output
            )),
        }
        if let Some(stage) = &self.stage {
            // What it left must still fit the limits of a copy, and be readable by
            // every slot's user (and owned by root again).
            let mut budget = Budget::default();
            if let Err(error) = measure(&stage.master(), &[], &mut budget) {
                ok = false;
                messages.push(format!("(what the compile step left: {error})"));
            }
            let overrun = stage
                .overrun
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .take();
            if let Some(why) = overrun {
                ok = false;
                messages.push(why);
            }
            stage
                .bytes
                .store(budget.bytes, std::sync::atomic::Ordering::SeqCst);
            if self.root {
                std::os::unix::fs::lchown(stage.dir.path(), Some(0), Some(0))?;
                chown_tree(&stage.master(), 0)?;
            }
            open_to_all(&stage.master())?;
        }
        Ok(self.compiled.insert(Compiled {
            line: line.to_owned(),
            ok,
            messages,
            seconds: run.elapsed.as_secs_f64(),
        }))
    }

    /// Prepares one run of `command` in job slot `slot`: its working directory (a fresh
    /// copy of the submission, gone when the [`Prepared`] is dropped) and the command
    /// that starts it in the sandbox, under `limits`. A copy that is not done by
    /// `deadline` fails with [`io::ErrorKind::TimedOut`].
    pub fn prepare(
        &self,
        command: &[OsString],
        limits: &Limits,
        slot: usize,
        deadline: Instant,
    ) -> io::Result<Prepared> {
        self.prepare_in(command, limits, slot, Workdir::Fresh(deadline))
    }

    fn prepare_in(
        &self,
        command: &[OsString],
        limits: &Limits,
        slot: usize,
        workdir: Workdir,
    ) -> io::Result<Prepared> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no command to run"))?;
        let uid = self.uid(slot);
        if self.lease.is_some() && uid.is_none() {
            return Err(io::Error::other(format!(
                "job slot {slot} has no user id (broken invariant: at most \
                 {UIDS_PER_GRADING} jobs at once)"
            )));
        }
        let budget = match self.budget {
            cgroup::Support::None => None,
            ref support => Some(cgroup::Budget::new(
                support,
                &slot.to_string(),
                limits.memory,
                limits.processes,
            )?),
        };
        let program_line = |cmd: &mut Command| {
            cmd.arg("prlimit")
                .args(prlimit_args(limits, uid))
                .arg("--")
                .arg(program)
                .args(args);
        };
        let stage = match (&self.stage, self.isolation) {
            (Some(stage), Isolation::Bubblewrap | Isolation::DedicatedUser) => stage,
            _ => {
                let mut cmd = wrapper(budget.as_ref(), None, None);
                cmd.arg("prlimit")
                    .args(prlimit_args(limits, None))
                    .arg("--");
                cmd.arg(program).args(args).current_dir(&self.submission);
                cmd.env_clear().envs(self.env.iter().map(|(k, v)| (k, v)));
                return Ok(Prepared {
                    command: cmd,
                    workdir: None,
                    uid,
                    budget,
                    watch: None,
                });
            }
        };
        let master = stage.master();
        let mut cmd;
        let mut copy_dir = None;
        match self.isolation {
            Isolation::Bubblewrap => {
                let pid_file = matches!(workdir, Workdir::Master)
                    .then(|| stage.dir.path().join(COMPILE_PID_FILE));
                cmd = wrapper(
                    budget.as_ref(),
                    stage.filter().as_deref(),
                    pid_file.as_deref(),
                );
                cmd.arg("bwrap");
                cmd.args(namespace_args(self.root));
                cmd.args(system_binds());
                for dir in &self.binds {
                    cmd.args(parents(dir));
                    cmd.arg("--ro-bind").arg(dir).arg(dir);
                }
                cmd.args(parents(&self.submission));
                match workdir {
                    Workdir::Master => {
                        cmd.arg("--bind").arg(&master).arg(&self.submission);
                    }
                    Workdir::Fresh(_) => {
                        cmd.arg("--ro-bind").arg(&master).arg(MASTER_VIEW);
                        let size =
                            stage.bytes.load(std::sync::atomic::Ordering::SeqCst) + SCRATCH_BYTES;
                        cmd.args(["--size", &size.to_string(), "--perms", "1777", "--tmpfs"]);
                        cmd.arg(&self.submission);
                    }
                }
                cmd.arg("--chdir").arg(&self.submission);
                cmd.arg("--setenv").arg("HOME").arg(&self.submission);
                if stage.filter().is_some() {
                    cmd.args(["--seccomp", "9"]);
                }
                cmd.arg("--");
                if let Some(uid) = uid {
                    cmd.args(setpriv_args(uid)).arg("--");
                }
                if let Workdir::Fresh(_) = workdir {
                    // The copy is made inside the sandbox, as the program's user, into a
                    // file system in memory: within the run's timeout and its budget, and
                    // gone with the sandbox.
                    cmd.args(["/bin/sh", "-c", COPY_IN, "copy", MASTER_VIEW]);
                }
                program_line(&mut cmd);
            }
            Isolation::DedicatedUser | Isolation::None => {
                let uid = uid.ok_or_else(|| {
                    io::Error::other(
                        "the dedicated-user isolation has no user id (broken invariant: it \
                         needs root)",
                    )
                })?;
                let here = match workdir {
                    Workdir::Master => master.clone(),
                    Workdir::Fresh(deadline) => {
                        let dir = tempfile::Builder::new().prefix("grader-run-").tempdir()?;
                        // Its user's alone: the slots of this grading and of others run
                        // as other ids, and must not read this copy.
                        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o700))?;
                        let copy = dir.path().join("submission");
                        fs::create_dir(&copy)?;
                        let mut budget = Budget {
                            deadline: Some(deadline),
                            ..Budget::default()
                        };
                        copy_tree(&master, &copy, &[], &mut budget)?;
                        chown_tree(dir.path(), uid)?;
                        copy_dir = Some(dir);
                        copy
                    }
                };
                cmd = wrapper(budget.as_ref(), None, None);
                cmd.args(setpriv_args(uid)).arg("--");
                program_line(&mut cmd);
                cmd.current_dir(&here);
                cmd.env("HOME", &here);
            }
        }
        cmd.env_clear().envs(self.env.iter().map(|(k, v)| (k, v)));
        if self.isolation == Isolation::DedicatedUser {
            let home = copy_dir
                .as_ref()
                .map_or_else(|| master.clone(), |d| d.path().join("submission"));
            cmd.env("HOME", home);
        }
        Ok(Prepared {
            command: cmd,
            workdir: copy_dir,
            uid,
            budget,
            watch: None,
        })
    }

    /// Checks that the program of `command` can be found, as the run will look for it,
    /// before anything runs: a path with a `/` is taken from the submission directory
    /// (or as it is, if absolute), a name is looked up on the run's `PATH`. In a sandbox
    /// the program must also be where the sandbox shows it (a system directory, the
    /// submission, a `--bind` folder): a toolchain of the grader's own user (pyenv,
    /// sdkman) is not, and the error says how to show it.
    pub fn check_program(&self, command: &[OsString]) -> io::Result<()> {
        let program = command
            .first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no command to run"))?;
        let path = Path::new(program);
        let here = match &self.stage {
            Some(stage) => stage.master(),
            None => self.submission.clone(),
        };
        let run_path = self
            .env
            .iter()
            .find(|(k, _)| k == "PATH")
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
        let found = if path.components().count() > 1 {
            let full = if path.is_absolute() {
                path.to_path_buf()
            } else {
                here.join(path)
            };
            full.is_file().then_some(full)
        } else {
            std::env::split_paths(&run_path)
                .map(|dir| dir.join(path))
                .find(|candidate| candidate.is_file())
        };
        let shown = program.to_string_lossy();
        let Some(found) = found else {
            // Not where the run looks: if the grader's own PATH has it, say where.
            let elsewhere = (self.isolation != Isolation::None && path.components().count() == 1)
                .then(|| std::env::var_os("PATH"))
                .flatten()
                .and_then(|dirs| {
                    std::env::split_paths(&dirs)
                        .map(|dir| dir.join(path))
                        .find(|candidate| candidate.is_file())
                });
            if let Some(elsewhere) = elsewhere {
                return Err(unseen(&shown, &elsewhere));
            }
            return Err(io::Error::from_raw_os_error(2)); // ENOENT: "No such file or directory"
        };
        if self.isolation == Isolation::None || found.starts_with(&here) {
            return Ok(());
        }
        let resolved = fs::canonicalize(&found)?;
        let seen = |p: &Path| {
            SYSTEM_DIRS.iter().any(|d| p.starts_with(d))
                || p.starts_with(&here)
                || p.starts_with(&self.submission)
                || self.binds.iter().any(|b| p.starts_with(b))
        };
        if seen(&resolved) && !self.hidden.iter().any(|h| resolved.starts_with(h)) {
            Ok(())
        } else {
            Err(unseen(&shown, &resolved))
        }
    }
}

/// The error of a program the sandbox cannot see, with the two ways out.
fn unseen(program: &str, found: &Path) -> io::Error {
    let dir = found
        .ancestors()
        .find(|d| d.components().count() == 3)
        .unwrap_or(found);
    io::Error::other(format!(
        "{} is {}, which the sandbox cannot see (it shows the system's directories, the \
         submission and the --bind folders): give a system path (such as /usr/bin/{}), or \
         --bind {} to show that folder read-only",
        printable(program),
        printable(&found.display().to_string()),
        printable(
            &found
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        ),
        printable(&dir.display().to_string()),
    ))
}

/// Where a run works: a fresh copy of the submission (made by `deadline`), or the
/// grading's copy itself (the compile step, which leaves its work there).
#[derive(Clone, Copy, Debug)]
enum Workdir {
    Fresh(Instant),
    Master,
}

/// Copies the grading's copy (its argument `$1`) into the working directory, every top
/// entry with its modes, then starts the program (the rest of the arguments).
const COPY_IN: &str = r#"src=$1; shift
for f in "$src"/* "$src"/.[!.]* "$src"/..?*; do
  if [ -e "$f" ] || [ -L "$f" ]; then cp -R --preserve=mode,timestamps "$f" . || exit 125; fi
done
exec "$@""#;

/// Closes every descriptor above 2 the grader inherited, joins the run's control groups
/// and opens the seccomp filter on descriptor 9, then starts the rest of the arguments:
/// a shell as the run's first process, so that the program is in its budget before it
/// starts anything, and holds nothing of the grader's but the three pipes.
///
/// The grader's own files are opened close-on-exec, but what its caller left open is
/// not (`grade … 7>log`, make's jobserver pipes): a program could write forged lines
/// into a log or read another job's tokens. Only the shell can close a descriptor by
/// number here (the grader has no unsafe code): bash closes any number; where there is
/// no bash, `sh` closes 3 to 9 (dash knows no higher numbers).
///
/// With `pid_file` (the compile step under bubblewrap), it first writes its process id
/// there, which is its process group's ([`CompileWatch`] ends that group).
fn wrapper(
    budget: Option<&cgroup::Budget>,
    filter: Option<&Path>,
    pid_file: Option<&Path>,
) -> Command {
    const CLOSE_BASH: &str = r#"for d in /proc/$$/fd/*; do d=${d##*/}; if [ "$d" -gt 2 ]; then exec {d}>&-; fi; done
"#;
    const CLOSE_SH: &str = "exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-\n";
    const JOIN: &str = r#"p=$1; shift
if [ -n "$p" ]; then echo $$ > "$p" || exit 125; fi
n=$1; shift
while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 125; shift; n=$((n-1)); done
f=$1; shift
if [ -n "$f" ]; then exec "$@" 9<"$f"; else exec "$@"; fi"#;
    let bash = Path::new("/bin/bash");
    let (shell, close) = match bash.is_file() {
        true => (bash, CLOSE_BASH),
        false => (Path::new("/bin/sh"), CLOSE_SH),
    };
    let mut cmd = Command::new(shell);
    cmd.args(["-c", &format!("{close}{JOIN}"), "join"]);
    let files = budget.map(cgroup::Budget::procs_files).unwrap_or_default();
    cmd.arg(pid_file.map_or_else(OsString::new, |f| f.as_os_str().to_owned()));
    cmd.arg(files.len().to_string()).args(&files);
    cmd.arg(filter.map_or_else(OsString::new, |f| f.as_os_str().to_owned()));
    cmd
}

/// The environment every run starts from: `PATH`, `LANG`, and the variables asked for.
/// Without a sandbox `PATH` is the grader's own; in one it is the system's directories,
/// after those folders of the grader's `PATH` that a `--bind` shows (so that `--bind
/// ~/.cargo` lets a run find `pig` by name, as the grader does).
fn environment(
    isolation: Isolation,
    names: &[String],
    binds: &[PathBuf],
) -> Result<Vec<(OsString, OsString)>, SandboxError> {
    let path = match isolation {
        Isolation::None => std::env::var_os("PATH").unwrap_or_else(|| SANDBOX_PATH.into()),
        _ => {
            let grader_path = std::env::var_os("PATH").unwrap_or_default();
            let shown = std::env::split_paths(&grader_path).filter(|dir| {
                fs::canonicalize(dir).is_ok_and(|d| binds.iter().any(|b| d.starts_with(b)))
            });
            let system = std::env::split_paths(SANDBOX_PATH);
            std::env::join_paths(shown.chain(system)).unwrap_or_else(|_| SANDBOX_PATH.into())
        }
    };
    let mut env: Vec<(OsString, OsString)> =
        vec![("PATH".into(), path), ("LANG".into(), "C.UTF-8".into())];
    for name in names {
        let bad = name.is_empty()
            || name.contains('=')
            || name.contains('\0')
            || name == crate::CASE_VARIABLE;
        if bad {
            return Err(SandboxError(format!(
                "--env {}: not a variable's name",
                printable(name)
            )));
        }
        let value = std::env::var_os(name).ok_or_else(|| {
            SandboxError(format!(
                "--env {}: the grader's environment has no such variable",
                printable(name)
            ))
        })?;
        env.retain(|(k, _)| k != name.as_str());
        env.push((name.into(), value));
    }
    Ok(env)
}

/// The grading's folder, with its copy of the submission (readable by every slot's
/// user) and, under bubblewrap, the seccomp filter's file.
fn stage(submission: &Path, hidden: &[PathBuf], isolation: Isolation) -> io::Result<Stage> {
    let dir = tempfile::Builder::new().prefix("grader-").tempdir()?;
    let master = dir.path().join("submission");
    fs::create_dir(&master)?;
    let mut budget = Budget::default();
    copy_tree(submission, &master, hidden, &mut budget)?;
    open_to_all(&master)?;
    // The folder stays private to root (or the grader's user): the runs' copies are
    // made by root in the fallback, and bubblewrap binds the copy in by its path, so
    // no graded program, of this grading or another, ever needs to pass through it.
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o700))?;
    if isolation == Isolation::Bubblewrap
        && let Some(filter) = crate::seccomp::sandbox_filter()
    {
        fs::write(dir.path().join("seccomp.bpf"), filter)?;
    }
    Ok(Stage {
        dir,
        bytes: std::sync::atomic::AtomicU64::new(budget.bytes),
        overrun: std::sync::Mutex::new(None),
    })
}

/// Makes every directory of `dir` enterable and readable, and every file readable, by
/// every user (the slots' users copy from it; nobody but root can reach the stage).
fn open_to_all(dir: &Path) -> io::Result<()> {
    let meta = fs::symlink_metadata(dir)?;
    if meta.file_type().is_symlink() {
        return Ok(());
    }
    let mode = meta.mode() & 0o7777;
    let wanted = if meta.is_dir() {
        mode | 0o755
    } else {
        mode | 0o444
    };
    if wanted != mode {
        fs::set_permissions(dir, fs::Permissions::from_mode(wanted))?;
    }
    if meta.is_dir() {
        for entry in fs::read_dir(dir)? {
            open_to_all(&entry?.path())?;
        }
    }
    Ok(())
}

/// Where control groups can be made, found once per process.
fn budget_support() -> &'static cgroup::Support {
    static SUPPORT: OnceLock<cgroup::Support> = OnceLock::new();
    SUPPORT.get_or_init(cgroup::Support::detect)
}

/// One run, ready to start.
#[derive(Debug)]
pub struct Prepared {
    /// The command that starts the program in its sandbox.
    pub command: Command,
    /// The run's working directory on disk (removed when dropped), if it has one there.
    pub workdir: Option<tempfile::TempDir>,
    /// The user id it runs as, if a dedicated one.
    pub uid: Option<u32>,
    /// Its control group, if one could be made (removed when dropped).
    pub budget: Option<cgroup::Budget>,
    /// The compile step's watch over what it writes (stopped when dropped).
    pub watch: Option<CompileWatch>,
}

/// Where, in the grading's folder, the compile step's first process writes its id.
const COMPILE_PID_FILE: &str = "compile.pid";

/// How often the compile step's writes are measured while it runs.
const WATCH_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// A thread that measures the grading's copy while the compile step works in it (on
/// disk, where nothing in memory caps it), ten times a second, and ends the compile
/// (its process group, and in the fallback every process of its user) as soon as the
/// copy holds more than [`MAX_SUBMISSION_BYTES`] or [`MAX_SUBMISSION_ENTRIES`]: a
/// compile that writes gigabytes or hundreds of thousands of files is stopped after a
/// fraction of a second's worth, not measured after its timeout. It says why in the
/// stage, where the compile step's outcome reads it.
#[derive(Debug)]
pub struct CompileWatch {
    stop: Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl CompileWatch {
    fn start(stage: Arc<Stage>, uid: Option<u32>, pid_file: Option<PathBuf>) -> CompileWatch {
        use std::sync::atomic::Ordering;
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            while !stopped.load(Ordering::SeqCst) {
                let mut budget = Budget::default();
                if let Err(error) = measure_what_can_be_read(&stage.master(), &mut budget) {
                    // Only a compile still running is ended (its pid is not reused
                    // before the run's end stops this thread).
                    if stopped.load(Ordering::SeqCst) {
                        break;
                    }
                    if let Some(group) = pid_file
                        .as_ref()
                        .and_then(|file| fs::read_to_string(file).ok())
                        .and_then(|text| text.trim().parse::<i32>().ok())
                        .and_then(rustix::process::Pid::from_raw)
                    {
                        let _ = rustix::process::kill_process_group(
                            group,
                            rustix::process::Signal::KILL,
                        );
                    }
                    if let Some(uid) = uid {
                        kill_user(uid, 200);
                    }
                    let mut overrun = stage
                        .overrun
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    overrun.get_or_insert_with(|| format!("(stopped while it ran: {error})"));
                    break;
                }
                std::thread::sleep(WATCH_EVERY);
            }
        });
        CompileWatch {
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for CompileWatch {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn namespace_args(root: bool) -> Vec<&'static str> {
    let mut args = vec![
        "--unshare-ipc",
        "--unshare-pid",
        "--unshare-net",
        "--unshare-uts",
        "--unshare-cgroup-try",
        "--die-with-parent",
        "--new-session",
    ];
    if root {
        // The setpriv inside needs these two to become the dedicated user; it drops
        // them (and every other capability) before the program starts.
        args.extend(["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]);
    } else {
        args.push("--unshare-user");
    }
    args
}

fn system_binds() -> Vec<OsString> {
    let mut args: Vec<OsString> = Vec::new();
    for dir in SYSTEM_DIRS {
        let path = Path::new(dir);
        match fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                if let Ok(target) = fs::read_link(path) {
                    args.extend(["--symlink".into(), target.into_os_string(), dir.into()]);
                }
            }
            Ok(meta) if meta.is_dir() => {
                args.extend(["--ro-bind".into(), dir.into(), dir.into()]);
            }
            _ => {}
        }
    }
    let scratch = SCRATCH_BYTES.to_string();
    // `--dev` makes `/dev` a file system in memory with no size of its own: its `shm`
    // gets one (without a control group, nothing else would count those bytes).
    for arg in [
        "--proc", "/proc", "--dev", "/dev", "--size", &scratch, "--perms", "1777", "--tmpfs",
        "/tmp", "--size", &scratch, "--perms", "1777", "--tmpfs", "/dev/shm",
    ] {
        args.push(arg.into());
    }
    args
}

/// The `--dir` options that make the parents of `path` in the sandbox, open to every
/// user (bubblewrap makes missing parents private to root otherwise, and the dedicated
/// user could not reach the file).
fn parents(path: &Path) -> Vec<OsString> {
    let mut parents: Vec<&Path> = path
        .ancestors()
        .skip(1)
        .filter(|dir| *dir != Path::new("/") && !SYSTEM_DIRS.iter().any(|s| dir.starts_with(s)))
        .collect();
    parents.reverse();
    let mut args = Vec::new();
    for dir in parents {
        args.extend([
            "--perms".into(),
            "0755".into(),
            "--dir".into(),
            dir.as_os_str().to_owned(),
        ]);
    }
    args
}

fn setpriv_args(uid: u32) -> Vec<String> {
    vec![
        "setpriv".to_owned(),
        format!("--reuid={uid}"),
        format!("--regid={uid}"),
        "--clear-groups".to_owned(),
        "--no-new-privs".to_owned(),
        "--inh-caps=-all".to_owned(),
    ]
}

/// The `prlimit` options of `limits`, each no higher than the grader's own hard limit
/// (which an unprivileged process cannot raise). For a run as the grader's own user, the
/// process limit counts every process of that user on the machine, so the processes
/// that user already runs are added to it.
fn prlimit_args(limits: &Limits, uid: Option<u32>) -> Vec<String> {
    use rustix::process::{Resource, getrlimit};
    let capped = |resource: Resource, want: u64| -> u64 {
        getrlimit(resource)
            .maximum
            .map_or(want, |hard| hard.min(want))
    };
    let cpu = limits.timeout.as_secs() + 2;
    let processes = match uid {
        Some(_) => limits.processes,
        None => limits.processes + tasks_of(rustix::process::getuid().as_raw()),
    };
    vec![
        format!("--data={}", capped(Resource::Data, limits.memory)),
        format!("--as={}", capped(Resource::As, limits.address_space())),
        format!("--nproc={}", capped(Resource::Nproc, processes)),
        format!("--fsize={}", capped(Resource::Fsize, limits.file_size)),
        format!("--cpu={}", capped(Resource::Cpu, cpu)),
        "--core=0".to_owned(),
    ]
}

/// How many tasks (processes and threads) user `uid` runs, as `/proc` shows them.
fn tasks_of(uid: u32) -> u64 {
    let Ok(entries) = fs::read_dir("/proc") else {
        return 0;
    };
    entries
        .flatten()
        .filter(|entry| entry.metadata().is_ok_and(|m| m.uid() == uid))
        .filter_map(|entry| fs::read_dir(entry.path().join("task")).ok())
        .map(|tasks| tasks.count() as u64)
        .sum()
}

/// Whether bubblewrap is installed and can make the namespaces here (once per process:
/// a container may forbid them).
fn bubblewrap_works(root: bool) -> bool {
    static WORKS: OnceLock<bool> = OnceLock::new();
    *WORKS.get_or_init(|| {
        let mut probe = Command::new("bwrap");
        probe
            .args(namespace_args(root))
            .args(system_binds())
            .args(["--", "true"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        probe.status().is_ok_and(|status| status.success())
    })
}

fn tool_exists(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|dirs| std::env::split_paths(&dirs).any(|dir| dir.join(name).is_file()))
}

/// Whether another user could reach into `dir`: it and every parent can be entered by
/// others. Reading the folder's list is not needed to open a file in it whose name is
/// known or guessed (`$cases/$GRADER_CASE.out`), so a folder others may only enter
/// (`0711`) is as open as a readable one.
fn open_to_others(dir: &Path) -> bool {
    let mode = |path: &Path| fs::metadata(path).map_or(0, |m| m.permissions().mode());
    dir.ancestors().all(|path| mode(path) & 0o001 != 0)
}

/// What a copy may hold, and until when it may go on.
#[derive(Default)]
struct Budget {
    bytes: u64,
    entries: usize,
    /// A run's copy counts against its timeout: past this, it stops.
    deadline: Option<Instant>,
}

impl Budget {
    fn take(&mut self, bytes: u64) -> io::Result<()> {
        self.bytes += bytes;
        self.entries += 1;
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the copy of the submission took the run's whole timeout",
            ));
        }
        if self.bytes > MAX_SUBMISSION_BYTES || self.entries > MAX_SUBMISSION_ENTRIES {
            return Err(io::Error::other(format!(
                "more than {} MiB or {MAX_SUBMISSION_ENTRIES} files: give --submission DIR, \
                 the directory of the student's files only",
                MAX_SUBMISSION_BYTES >> 20
            )));
        }
        Ok(())
    }
}

/// [`measure`] of a folder something is writing to: what vanishes or cannot be read
/// meanwhile is passed over; only the budget's own refusal is an error.
fn measure_what_can_be_read(dir: &Path, budget: &mut Budget) -> io::Result<()> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Ok(());
    };
    for entry in entries.flatten() {
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        budget.take(meta.len())?;
        if meta.is_dir() {
            measure_what_can_be_read(&entry.path(), budget)?;
        }
    }
    Ok(())
}

fn measure(dir: &Path, hidden: &[PathBuf], budget: &mut Budget) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if hidden.contains(&path) {
            continue;
        }
        let meta = entry.metadata()?;
        budget.take(meta.len())?;
        if meta.is_dir() {
            measure(&path, hidden, budget)?;
        }
    }
    Ok(())
}

/// Copies the directory `from` into `to` (a new, empty directory of the grader's):
/// directories and regular files with their permission bits (never set-user-id),
/// symbolic links as links (they point into the sandbox's view, where nothing outside
/// the submission exists); other files (FIFOs, sockets, devices) and the `hidden`
/// directories are left out.
///
/// Never through a link, even one swapped in while the copy runs: each directory is
/// opened without following a link and read through that descriptor, each file opened
/// from its directory's descriptor without following a link and copied as it was when
/// opened, at most the size the budget counted; what it writes it creates new
/// (`O_EXCL`), so no link in `to` is followed either.
fn copy_tree(from: &Path, to: &Path, hidden: &[PathBuf], budget: &mut Budget) -> io::Result<()> {
    use rustix::fs::{Mode, OFlags};
    let dir = rustix::fs::open(
        from,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::empty(),
    )?;
    copy_dir_at(&dir, from, to, hidden, budget)
}

/// [`copy_tree`] of the directory open as `dir`, found at `shown` (for `hidden`).
fn copy_dir_at(
    dir: &std::os::fd::OwnedFd,
    shown: &Path,
    to: &Path,
    hidden: &[PathBuf],
    budget: &mut Budget,
) -> io::Result<()> {
    use rustix::fs::{AtFlags, FileType, Mode, OFlags};
    use std::os::unix::ffi::OsStrExt;
    let mut entries = rustix::fs::Dir::read_from(dir)?;
    while let Some(entry) = entries.read() {
        let entry = entry?;
        let name = entry.file_name();
        if matches!(name.to_bytes(), b"." | b"..") {
            continue;
        }
        let plain = std::ffi::OsStr::from_bytes(name.to_bytes());
        let path = shown.join(plain);
        if hidden.contains(&path) {
            continue;
        }
        let stat = rustix::fs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW)?;
        let size = u64::try_from(stat.st_size).unwrap_or(0);
        budget.take(size)?;
        let target = to.join(plain);
        let mode = stat.st_mode & 0o777;
        match FileType::from_raw_mode(stat.st_mode) {
            FileType::Symlink => {
                let link = rustix::fs::readlinkat(dir, name, Vec::new())?;
                let link = std::ffi::OsStr::from_bytes(link.to_bytes());
                std::os::unix::fs::symlink(link, &target)?;
            }
            FileType::Directory => {
                let sub = rustix::fs::openat(
                    dir,
                    name,
                    OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
                    Mode::empty(),
                )?;
                fs::create_dir(&target)?;
                fs::set_permissions(&target, fs::Permissions::from_mode(mode | 0o700))?;
                copy_dir_at(&sub, &path, &target, hidden, budget)?;
            }
            FileType::RegularFile => {
                // Not blocking: a FIFO swapped in since the look is opened, seen and
                // left out, not waited on.
                let file = rustix::fs::openat(
                    dir,
                    name,
                    OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC,
                    Mode::empty(),
                )?;
                let file = fs::File::from(file);
                if !file.metadata()?.is_file() {
                    continue;
                }
                let mut copy = fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(&target)?;
                io::copy(&mut io::Read::take(&file, size), &mut copy)?;
                copy.set_permissions(fs::Permissions::from_mode(mode))?;
            }
            _ => {}
        }
    }
    Ok(())
}

fn chown_tree(path: &Path, uid: u32) -> io::Result<()> {
    std::os::unix::fs::lchown(path, Some(uid), Some(uid))?;
    if fs::symlink_metadata(path)?.is_dir() {
        for entry in fs::read_dir(path)? {
            chown_tree(&entry?.path(), uid)?;
        }
    }
    Ok(())
}

/// The machine's directories every user may write to, where a program run as a
/// dedicated user could leave something for the next one (`/var/lock` is a link to
/// `/run/lock` where both exist; `/dev/mqueue` holds POSIX message queues).
pub const SHARED_WRITABLE_DIRS: [&str; 6] = [
    "/tmp",
    "/var/tmp",
    "/dev/shm",
    "/run/lock",
    "/var/lock",
    "/dev/mqueue",
];

/// Removes every file and directory user `uid` owns in the machine's shared writable
/// directories ([`SHARED_WRITABLE_DIRS`]) and every System V shared memory segment,
/// semaphore set and message queue it owns or made: the dedicated-user fallback's end
/// of a run, so that nothing a program left there reaches the next one run as that
/// user (bubblewrap's runs have their own `/tmp`, `/dev/shm` and IPC namespace, and see
/// `/run/lock` read-only). Whether all of it went.
pub fn sweep_user_files(uid: u32, keep: Option<&Path>) -> bool {
    let sweep = |dir: &Path| sweep_dir(dir, uid, keep, 0);
    // Every directory is swept, whatever the one before came to.
    let mut clean = remove_user_ipc(uid);
    for dir in SHARED_WRITABLE_DIRS {
        if fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir()) {
            clean &= sweep(Path::new(dir));
        }
    }
    clean
}

/// Removes the System V IPC objects (shared memory, semaphores, message queues) that
/// user `uid` owns or created, as `/proc/sysvipc` lists them, with util-linux's
/// `ipcrm`; whether none is left. They belong to the machine, not to a process: a
/// segment outlives its maker and any process of the same user id may attach it.
pub fn remove_user_ipc(uid: u32) -> bool {
    let kinds = [("shm", "-m"), ("sem", "-s"), ("msg", "-q")];
    let mut clean = true;
    for (kind, flag) in kinds {
        let ids = user_ipc_ids(kind, uid);
        if ids.is_empty() {
            continue;
        }
        let mut remove = Command::new("ipcrm");
        for id in &ids {
            remove.arg(flag).arg(id.to_string());
        }
        let _ = remove
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        clean &= user_ipc_ids(kind, uid).is_empty();
    }
    clean
}

/// The ids of the System V IPC objects of kind `kind` (`shm`, `sem`, `msg`) whose owner
/// or creator is `uid`, from `/proc/sysvipc/KIND` (its header names the columns).
fn user_ipc_ids(kind: &str, uid: u32) -> Vec<u64> {
    let Ok(text) = fs::read_to_string(Path::new("/proc/sysvipc").join(kind)) else {
        return Vec::new();
    };
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split_whitespace().collect();
    let column = |name: &str| header.iter().position(|h| *h == name);
    let (Some(id), Some(owner), Some(creator)) = (
        column(&format!("{kind}id")).or(column("msqid")).or(Some(1)),
        column("uid"),
        column("cuid"),
    ) else {
        return Vec::new();
    };
    lines
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let is = |at: usize| fields.get(at).and_then(|f| f.parse::<u32>().ok()) == Some(uid);
            (is(owner) || is(creator))
                .then(|| fields.get(id).and_then(|f| f.parse::<u64>().ok()))
                .flatten()
        })
        .collect()
}

/// One directory of [`sweep_user_files`], `depth` levels down, `keep` left alone.
fn sweep_dir(dir: &Path, uid: u32, keep: Option<&Path>, depth: usize) -> bool {
    let Ok(entries) = fs::read_dir(dir) else {
        return true;
    };
    let mut clean = true;
    for entry in entries.flatten() {
        let path = entry.path();
        if keep == Some(path.as_path()) {
            continue;
        }
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.uid() == uid {
            let gone = if meta.is_dir() {
                fs::remove_dir_all(&path)
            } else {
                fs::remove_file(&path)
            };
            clean &= gone.is_ok();
        } else if meta.is_dir() && depth < 8 {
            clean &= sweep_dir(&path, uid, keep, depth + 1);
        }
    }
    clean
}

/// Whether the process at `/proc/PID` has ended and only waits for its parent to reap
/// it: a zombie holds no memory, files or output, and a kill cannot end it again.
fn is_zombie(proc_dir: &Path) -> bool {
    let Ok(stat) = fs::read_to_string(proc_dir.join("stat")) else {
        // Gone between the listing and here.
        return true;
    };
    // The state follows the command name, which is in parentheses and may hold any byte.
    stat.rsplit_once(')')
        .and_then(|(_, rest)| rest.trim_start().chars().next())
        .is_some_and(|state| matches!(state, 'Z' | 'X'))
}

/// Kills every process of user `uid` (the dedicated-user fallback's end of a run),
/// again until none is left or `rounds` passes are done; whether none is left.
pub fn kill_user(uid: u32, rounds: usize) -> bool {
    use rustix::process::{Pid, Signal, kill_process};
    for _ in 0..rounds {
        let Ok(entries) = fs::read_dir("/proc") else {
            return false;
        };
        let mut found = false;
        for entry in entries.flatten() {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|name| name.parse::<i32>().ok())
                .and_then(Pid::from_raw)
            else {
                continue;
            };
            if entry.metadata().is_ok_and(|m| m.uid() == uid) && !is_zombie(&entry.path()) {
                found = true;
                let _ = kill_process(pid, Signal::KILL);
            }
        }
        if !found {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A submission's links to a file and to a folder outside it are copied as links,
    /// nothing behind them is read; a FIFO is left out (not waited on); a set-user-id
    /// bit is not copied (root made the copy: it would have been root's).
    #[test]
    fn a_copy_never_goes_through_a_link() {
        let root = tempfile::tempdir().unwrap();
        let outside = root.path().join("cases");
        fs::create_dir(&outside).unwrap();
        fs::write(outside.join("01.out"), "the answer\n").unwrap();
        let from = root.path().join("submission");
        fs::create_dir(&from).unwrap();
        std::os::unix::fs::symlink(outside.join("01.out"), from.join("Given.txt")).unwrap();
        std::os::unix::fs::symlink("../cases", from.join("cases")).unwrap();
        fs::write(from.join("run.sh"), "echo hi\n").unwrap();
        fs::set_permissions(from.join("run.sh"), fs::Permissions::from_mode(0o4755)).unwrap();
        let fifo = Command::new("mkfifo").arg(from.join("pipe")).status();
        let to = root.path().join("copy");
        fs::create_dir(&to).unwrap();
        let mut budget = Budget::default();
        copy_tree(&from, &to, &[], &mut budget).unwrap();
        assert_eq!(
            fs::read_link(to.join("Given.txt")).unwrap(),
            outside.join("01.out")
        );
        assert_eq!(
            fs::read_link(to.join("cases")).unwrap(),
            Path::new("../cases")
        );
        let mode = fs::metadata(to.join("run.sh")).unwrap().mode() & 0o7777;
        assert_eq!(mode, 0o755);
        assert_eq!(fs::read(to.join("run.sh")).unwrap(), b"echo hi\n");
        if fifo.is_ok_and(|s| s.success()) {
            assert!(fs::symlink_metadata(to.join("pipe")).is_err());
        }
        // Four entries seen (the FIFO counted, not copied), none behind the links.
        assert_eq!(budget.entries, 3 + usize::from(from.join("pipe").exists()));
        assert_eq!(budget.bytes, {
            let link = |name: &str| fs::symlink_metadata(from.join(name)).unwrap().len();
            link("Given.txt") + link("cases") + 8
        });
    }
}
