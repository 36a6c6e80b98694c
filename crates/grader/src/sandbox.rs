//! Where a graded program runs: isolated from the grader, the cases, the expected
//! outputs, the other submissions and the results, on by default.
//!
//! A graded program is untrusted: it may try to read the answers (through
//! `/proc/$PPID/cwd` or `cmdline`), match its input against the `.in` files, rewrite
//! the `.out` files or another student's results, write its own `results.json` through
//! `/proc/$PPID/fd/1`, fork until the machine fails, or leave a `setsid` grandchild
//! behind. Three isolations, chosen once per grading ([`Sandbox::new`]):
//!
//! - [`Isolation::Bubblewrap`] (the default wherever `bwrap` works): each run in a
//!   bubblewrap sandbox with its own mount, PID, network, IPC and UTS namespaces. The
//!   program sees the system's directories read-only (`/usr`, `/bin`, `/lib*`, `/etc`,
//!   `/opt`), a fresh `/proc`, `/dev` and `/tmp`, the program file if it lives elsewhere
//!   (read-only), and a fresh writable copy of the submission directory at the
//!   submission's own path, which is its working directory and is removed after the
//!   run, and its `HOME`. Nothing else of the machine exists for it: not the cases, not the grader, not
//!   the grader's standard output. There is no network. Every process it starts is in
//!   its PID namespace and dies with the run, `setsid` or not. As root (Gradescope's
//!   containers) the program runs as a dedicated user id, one per job slot, so that the
//!   process limit holds (the kernel exempts root from it); as another user, in a user
//!   namespace as that user. Gradings that run at once on one machine take disjoint
//!   blocks of those ids ([`UidLease`]), so that one grading's process limit and its
//!   end-of-run kill never touch another's programs.
//! - [`Isolation::DedicatedUser`], the fallback as root where bubblewrap is missing or
//!   does not work: the program runs as the dedicated user id in its own copy of the
//!   submission, under the same limits, and every process of that user id is killed
//!   when the run ends. The cases must then be unreadable to other users (`chmod o-rwx`
//!   on the cases directory or a parent): the grader checks that before anything runs.
//!   There is no network isolation and no PID namespace.
//! - [`Isolation::None`] (`--no-sandbox`): the program runs as the grader, in the
//!   submission directory itself, in a process group that is killed when the run ends;
//!   only the limits apply. For instructors who trust the programs; the report says so.
//!
//! In every isolation the limits ([`crate::Limits`]) are set with util-linux's
//! `prlimit` on the program before it starts: memory (`RLIMIT_DATA`, which a JVM's
//! reserved but unused heap does not count against), processes and threads
//! (`RLIMIT_NPROC`), the size of any file written (`RLIMIT_FSIZE`), CPU time
//! (`RLIMIT_CPU`, the timeout rounded up plus a second) and no core files.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::fs;
use std::io;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use crate::run::Limits;

/// The first of the user ids the programs run as when the grader is root. Chosen far
/// from the ids distributions hand out.
pub const FIRST_UID: u32 = 61_000;
/// How many user ids one grading takes: one per job slot (`--jobs` is at most this).
pub const UIDS_PER_GRADING: u32 = 256;
/// How many gradings as root may run at once on one machine, each with its own block of
/// [`UIDS_PER_GRADING`] ids from [`FIRST_UID`].
pub const GRADINGS_AT_ONCE: u32 = 64;
/// Where the leases of the blocks are kept: lock files only root can open.
const LEASE_DIR: &str = "/tmp";

/// The most bytes copied from a submission directory into each run's working directory.
pub const MAX_SUBMISSION_BYTES: u64 = 256 << 20;
/// The most files and directories copied from a submission directory.
pub const MAX_SUBMISSION_ENTRIES: usize = 20_000;

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
                 results or network in sight, every process it started killed at its end"
            }
            Isolation::DedicatedUser => {
                "each run as a dedicated user id in its own copy of the submission (no \
                 bubblewrap): the cases unreadable to it, every process of that user killed \
                 at its end, but no network isolation"
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
}

impl Request {
    /// Isolation on, the current directory as the submission, nothing hidden.
    pub fn new() -> Request {
        Request {
            no_sandbox: false,
            submission: PathBuf::from("."),
            hidden: Vec::new(),
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
    root: bool,
    /// As root and isolated: this grading's block of user ids.
    lease: Option<UidLease>,
}

/// A block of [`UIDS_PER_GRADING`] user ids held by one grading for as long as it
/// lives: an exclusive `flock` on `/tmp/grader-uids-N.lock`, a file only root can open,
/// which the kernel releases when the grading's process ends, however it ends.
#[derive(Clone, Debug)]
pub struct UidLease {
    first: u32,
    _lock: std::sync::Arc<fs::File>,
}

impl UidLease {
    /// Takes the first free block, or fails when [`GRADINGS_AT_ONCE`] gradings hold them all.
    fn take() -> Result<UidLease, SandboxError> {
        use std::os::unix::fs::OpenOptionsExt;
        for block in 0..GRADINGS_AT_ONCE {
            let path = Path::new(LEASE_DIR).join(format!("grader-uids-{block}.lock"));
            // /tmp is everyone's: never follow a link planted there, and only trust a
            // file root owns and nobody else can open.
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
            let trusted = file
                .metadata()
                .is_ok_and(|m| m.uid() == 0 && m.mode() & 0o077 == 0 && m.is_file());
            if trusted
                && rustix::fs::flock(&file, rustix::fs::FlockOperation::NonBlockingLockExclusive)
                    .is_ok()
            {
                return Ok(UidLease {
                    first: FIRST_UID + block * UIDS_PER_GRADING,
                    _lock: std::sync::Arc::new(file),
                });
            }
        }
        Err(SandboxError(format!(
            "all {GRADINGS_AT_ONCE} blocks of user ids for graded programs are in use by other              gradings on this machine ({LEASE_DIR}/grader-uids-*.lock): wait for one to end"
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
    /// `/`, is small enough to copy) before anything runs.
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
        let root = rustix::process::geteuid().is_root();
        let isolation = if request.no_sandbox {
            Isolation::None
        } else if bubblewrap_works(root) {
            Isolation::Bubblewrap
        } else if root && tool_exists("setpriv") && tool_exists("prlimit") {
            for dir in &hidden {
                if readable_by_others(dir) {
                    return Err(SandboxError(format!(
                        "{}: readable by other users, and bubblewrap is not available: \
                         `chmod o-rwx` it (or a parent), install bubblewrap, or grade with \
                         --no-sandbox",
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
        if isolation != Isolation::None {
            // Refuse a submission too big to copy now, not in the middle of a grading.
            let mut budget = Budget::default();
            measure(&submission, &hidden, &mut budget)
                .map_err(|e| SandboxError(format!("submission directory {shown}: {e}")))?;
        }
        let lease = match root && isolation != Isolation::None {
            true => Some(UidLease::take()?),
            false => None,
        };
        Ok(Sandbox {
            isolation,
            submission,
            hidden,
            root,
            lease,
        })
    }

    /// No isolation, the current directory as the submission (the library's tests and
    /// its examples).
    pub fn none() -> Sandbox {
        Sandbox {
            isolation: Isolation::None,
            submission: std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
            hidden: Vec::new(),
            root: false,
            lease: None,
        }
    }

    /// The isolation in use.
    pub fn isolation(&self) -> Isolation {
        self.isolation
    }

    /// The user id a run in job slot `slot` runs as, when the grader is root and the
    /// program is isolated (from this grading's block, [`UidLease`]).
    pub fn uid(&self, slot: usize) -> Option<u32> {
        self.lease.as_ref().and_then(|lease| lease.uid(slot))
    }

    /// Prepares one run of `command` in job slot `slot`: its working directory (a fresh
    /// copy of the submission, removed when the [`Prepared`] is dropped) and the
    /// command that starts it in the sandbox, under `limits`.
    pub fn prepare(
        &self,
        command: &[OsString],
        limits: &Limits,
        slot: usize,
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
        if self.isolation == Isolation::None {
            let mut cmd = Command::new("prlimit");
            cmd.args(prlimit_args(limits, None)).arg("--").arg(program);
            cmd.args(args).current_dir(&self.submission);
            return Ok(Prepared {
                command: cmd,
                workdir: None,
                uid,
            });
        }
        let workdir = tempfile::Builder::new().prefix("grader-run-").tempdir()?;
        let copy = workdir.path().join("submission");
        fs::create_dir(&copy)?;
        let mut budget = Budget::default();
        copy_tree(&self.submission, &copy, &self.hidden, &mut budget)?;
        if let Some(uid) = uid {
            chown_tree(workdir.path(), uid)?;
        }
        let mut cmd;
        match self.isolation {
            Isolation::Bubblewrap => {
                cmd = Command::new("bwrap");
                cmd.args(namespace_args(self.root));
                cmd.args(system_binds());
                if let Some(outside) = self.outside_program(program) {
                    cmd.args(parents(&outside));
                    cmd.arg("--ro-bind").arg(&outside).arg(&outside);
                }
                cmd.args(parents(&self.submission));
                cmd.arg("--bind").arg(&copy).arg(&self.submission);
                cmd.arg("--chdir").arg(&self.submission);
                // The grader's home is not in the sandbox; the copy is the program's.
                cmd.arg("--setenv").arg("HOME").arg(&self.submission);
                cmd.arg("--");
                if let Some(uid) = uid {
                    cmd.args(setpriv_args(uid)).arg("--");
                }
            }
            Isolation::DedicatedUser | Isolation::None => {
                // setpriv_args starts with the program's own name, for bwrap's command.
                let uid = uid.ok_or_else(|| {
                    io::Error::other(
                        "the dedicated-user isolation has no user id (broken invariant: it \
                         needs root)",
                    )
                })?;
                let setpriv = setpriv_args(uid);
                cmd = Command::new(&setpriv[0]);
                cmd.args(&setpriv[1..]).arg("--");
                cmd.current_dir(&copy).env("HOME", &copy);
            }
        }
        cmd.arg("prlimit")
            .args(prlimit_args(limits, uid))
            .arg("--")
            .arg(program)
            .args(args);
        Ok(Prepared {
            command: cmd,
            workdir: Some(workdir),
            uid,
        })
    }

    /// Checks that the program of `command` can be found, before anything runs: a path
    /// with a `/` is taken from the submission directory (or as it is, if absolute), a
    /// name is looked up on `PATH`.
    pub fn check_program(&self, command: &[OsString]) -> io::Result<()> {
        let program = command
            .first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no command to run"))?;
        let path = Path::new(program);
        let found = if path.components().count() > 1 {
            self.submission.join(path).is_file()
        } else {
            std::env::var_os("PATH").is_some_and(|dirs| {
                std::env::split_paths(&dirs).any(|dir| dir.join(path).is_file())
            })
        };
        if found {
            Ok(())
        } else {
            Err(io::Error::from_raw_os_error(2)) // ENOENT: "No such file or directory"
        }
    }

    /// The program's file, if it lives outside what the sandbox shows (not in the
    /// submission, not in a system directory): a command found on `PATH` elsewhere, or
    /// given by an absolute path.
    fn outside_program(&self, program: &OsStr) -> Option<PathBuf> {
        let path = Path::new(program);
        let found = if path.components().count() > 1 {
            if path.is_absolute() {
                path.to_path_buf()
            } else {
                return None; // relative to the working directory: in the copy
            }
        } else {
            let dirs = std::env::var_os("PATH")?;
            std::env::split_paths(&dirs)
                .map(|dir| dir.join(path))
                .find(|candidate| candidate.is_file())?
        };
        let resolved = fs::canonicalize(&found).ok()?;
        let inside = |dir: &Path| resolved.starts_with(dir);
        if inside(&self.submission) || SYSTEM_DIRS.iter().any(|d| inside(Path::new(d))) {
            return None;
        }
        if self.hidden.iter().any(|h| inside(h)) {
            return None;
        }
        Some(resolved)
    }
}

/// One run, ready to start.
#[derive(Debug)]
pub struct Prepared {
    /// The command that starts the program in its sandbox.
    pub command: Command,
    /// The run's working directory (removed when dropped), if it has its own.
    pub workdir: Option<tempfile::TempDir>,
    /// The user id it runs as, if a dedicated one.
    pub uid: Option<u32>,
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
    for arg in [
        "--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--tmpfs", "/tmp",
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

/// Whether another user could read `dir`: it and every parent can be entered by
/// others, and it can be read by others.
fn readable_by_others(dir: &Path) -> bool {
    let mode = |path: &Path| fs::metadata(path).map_or(0, |m| m.permissions().mode());
    mode(dir) & 0o004 != 0 && dir.ancestors().all(|path| mode(path) & 0o001 != 0)
}

#[derive(Default)]
struct Budget {
    bytes: u64,
    entries: usize,
}

impl Budget {
    fn take(&mut self, bytes: u64) -> io::Result<()> {
        self.bytes += bytes;
        self.entries += 1;
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

/// Copies the directory `from` into `to`: directories and regular files with their
/// permissions, symbolic links as links (they point into the sandbox's view, where
/// nothing outside the submission exists); other files (FIFOs, sockets, devices) and
/// the `hidden` directories are left out.
fn copy_tree(from: &Path, to: &Path, hidden: &[PathBuf], budget: &mut Budget) -> io::Result<()> {
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let path = entry.path();
        if hidden.contains(&path) {
            continue;
        }
        let meta = entry.metadata()?;
        budget.take(meta.len())?;
        let target = to.join(entry.file_name());
        let kind = meta.file_type();
        if kind.is_symlink() {
            std::os::unix::fs::symlink(fs::read_link(&path)?, &target)?;
        } else if kind.is_dir() {
            fs::create_dir(&target)?;
            fs::set_permissions(
                &target,
                fs::Permissions::from_mode(meta.mode() & 0o777 | 0o700),
            )?;
            copy_tree(&path, &target, hidden, budget)?;
        } else if kind.is_file() {
            fs::copy(&path, &target)?;
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
            if entry.metadata().is_ok_and(|m| m.uid() == uid) {
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
