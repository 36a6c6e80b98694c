//! One memory and process budget for a whole run: a control group of its own.
//!
//! `prlimit`'s limits hold per process (memory, a file's size) or per user (processes),
//! so five processes of 1.5 GB each could hold 7.5 GB, and a sandbox's `/tmp` (memory)
//! or its writable working directory would count against nothing. Where the grader can
//! make control groups (as root, with the `memory` and `pids` controllers: cgroup v2, or
//! the v1 hierarchies of a hybrid system), each run gets its own group: the memory of
//! all its processes, and of the files it writes to `/tmp` and to its working directory
//! (both in memory, on tmpfs), counts against [`crate::Limits::memory`] together, and its
//! processes and threads against [`crate::Limits::processes`]. The program joins the
//! group before it starts (the first process writes its own id into the group), so
//! nothing it starts escapes; the group is removed when the run ends.
//!
//! Where no group can be made, [`Support::detect`] says so once, and the reports say
//! that only per-process limits apply.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Where the budgets live, if anywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Support {
    /// cgroup v2: the directory new groups are made in (the grader's own group's
    /// parent side, with `memory` and `pids` enabled).
    V2(PathBuf),
    /// cgroup v1: the `memory` and `pids` directories new groups are made in.
    V1 {
        /// Under the `memory` hierarchy.
        memory: PathBuf,
        /// Under the `pids` hierarchy.
        pids: PathBuf,
    },
    /// No control group can be made here: per-process limits only.
    None,
}

impl Support {
    /// Finds where this process may make control groups (root, a writable cgroup file
    /// system with both controllers), trying it once.
    pub fn detect() -> Support {
        if !rustix::process::geteuid().is_root() {
            return Support::None;
        }
        let root = Path::new("/sys/fs/cgroup");
        let support = if root.join("cgroup.controllers").is_file() {
            v2(root)
        } else {
            v1(root)
        };
        let Some(support) = support else {
            return Support::None;
        };
        // A trial group, made and removed: the directories may be read-only.
        match Budget::new(&support, "probe", 64 << 20, 16) {
            Ok(budget) => {
                drop(budget);
                support
            }
            Err(_) => Support::None,
        }
    }

    /// What the budget means, for the reports: every limit that holds, as it holds.
    /// `scratch` is what a run may write into its `/tmp`, its `/dev/shm` and its working
    /// directory, each, when all three are its own and in memory (bubblewrap); `None`
    /// when they are the machine's (capped per file only).
    pub fn about(&self, limits: &crate::Limits, scratch: Option<u64>) -> String {
        let files = match scratch {
            Some(bytes) => format!(
                "{} MiB a file, {} MiB each for /tmp, /dev/shm and the working directory",
                limits.file_size >> 20,
                bytes >> 20
            ),
            None => format!(
                "{} MiB a file (the working directory, /tmp and /dev/shm are the machine's, \
                 capped per file only)",
                limits.file_size >> 20
            ),
        };
        let space = limits.address_space() >> 20;
        match self {
            Support::None => format!(
                "per-process limits only (no control group could be made): {} MiB of data \
                 and {space} MiB of address space a process (shared memory counts only \
                 against the address space), {} processes of the graded user, {files}",
                limits.memory >> 20,
                limits.processes,
            ),
            _ => format!(
                "one budget a run (a control group): {} MiB of memory for all its processes \
                 (and the files they write in memory), at most {space} MiB of address space \
                 a process, {} processes and threads, {files}",
                limits.memory >> 20,
                limits.processes,
            ),
        }
    }
}

/// The grader's own group in hierarchy `name` (`""` for v2), from `/proc/self/cgroup`.
fn own_group(controller: &str) -> Option<PathBuf> {
    let text = fs::read_to_string("/proc/self/cgroup").ok()?;
    for line in text.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        let found = if controller.is_empty() {
            controllers.is_empty()
        } else {
            controllers.split(',').any(|c| c == controller)
        };
        if found {
            return Some(PathBuf::from(path.trim_start_matches('/')));
        }
    }
    None
}

fn v2(root: &Path) -> Option<Support> {
    let own = root.join(own_group("")?);
    // A group with processes cannot hand controllers to children (but the root can):
    // the new groups go beside the grader's own, under its parent, where the
    // controllers are enabled.
    let parent = if own == root {
        root.to_path_buf()
    } else {
        own.parent()?.to_path_buf()
    };
    let enabled = fs::read_to_string(parent.join("cgroup.subtree_control")).ok()?;
    let has = |c: &str| enabled.split_whitespace().any(|e| e == c);
    if !(has("memory") && has("pids")) {
        fs::write(parent.join("cgroup.subtree_control"), "+memory +pids").ok()?;
    }
    Some(Support::V2(parent))
}

fn v1(root: &Path) -> Option<Support> {
    let memory = root.join("memory").join(own_group("memory")?);
    let pids = root.join("pids").join(own_group("pids")?);
    // A hierarchy's root group has no `pids.max` of its own, but its children do: the
    // trial group in `detect` is the real test.
    (memory.join("cgroup.procs").is_file() && pids.join("cgroup.procs").is_file())
        .then_some(Support::V1 { memory, pids })
}

/// One run's control group(s), removed when dropped (after every process in them has
/// been killed).
#[derive(Debug)]
pub struct Budget {
    dirs: Vec<PathBuf>,
    memory: PathBuf,
    v2: bool,
}

static NEXT: AtomicU64 = AtomicU64::new(0);

impl Budget {
    /// A new group with `memory` bytes for all its processes and `processes` tasks.
    pub fn new(support: &Support, what: &str, memory: u64, processes: u64) -> io::Result<Budget> {
        let name = format!(
            "grader-{}-{what}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let budget = match support {
            Support::None => return Err(io::Error::other("no control groups here")),
            Support::V2(parent) => {
                let dir = parent.join(&name);
                fs::create_dir(&dir)?;
                let budget = Budget {
                    dirs: vec![dir.clone()],
                    memory: dir.clone(),
                    v2: true,
                };
                fs::write(dir.join("memory.max"), memory.to_string())?;
                // Swap would let the budget be passed by paging out.
                let _ = fs::write(dir.join("memory.swap.max"), "0");
                fs::write(dir.join("pids.max"), processes.to_string())?;
                budget
            }
            Support::V1 { memory: m, pids } => {
                let (mdir, pdir) = (m.join(&name), pids.join(&name));
                fs::create_dir(&mdir)?;
                let mut budget = Budget {
                    dirs: vec![mdir.clone()],
                    memory: mdir.clone(),
                    v2: false,
                };
                fs::create_dir(&pdir)?;
                budget.dirs.push(pdir.clone());
                fs::write(mdir.join("memory.limit_in_bytes"), memory.to_string())?;
                let _ = fs::write(mdir.join("memory.memsw.limit_in_bytes"), memory.to_string());
                fs::write(pdir.join("pids.max"), processes.to_string())?;
                budget
            }
        };
        Ok(budget)
    }

    /// The `cgroup.procs` files the run's first process writes its id into.
    pub fn procs_files(&self) -> Vec<PathBuf> {
        self.dirs.iter().map(|d| d.join("cgroup.procs")).collect()
    }

    /// Whether the kernel killed a process of the run for passing the memory budget.
    pub fn out_of_memory(&self) -> bool {
        let (file, key) = if self.v2 {
            ("memory.events", "oom_kill")
        } else {
            ("memory.oom_control", "oom_kill")
        };
        fs::read_to_string(self.memory.join(file)).is_ok_and(|text| {
            text.lines().any(|line| {
                let mut words = line.split_whitespace();
                words.next() == Some(key)
                    && words.next().and_then(|n| n.parse::<u64>().ok()) > Some(0)
            })
        })
    }

    /// Kills whatever is left in the group (`SIGKILL`), until it is empty or `rounds`
    /// passes are done; whether it is empty.
    pub fn kill_all(&self, rounds: usize) -> bool {
        use rustix::process::{Pid, Signal, kill_process};
        for _ in 0..rounds {
            let mut found = false;
            for file in self.procs_files() {
                let Ok(text) = fs::read_to_string(&file) else {
                    continue;
                };
                for pid in text.lines().filter_map(|l| l.trim().parse::<i32>().ok()) {
                    found = true;
                    if let Some(pid) = Pid::from_raw(pid) {
                        let _ = kill_process(pid, Signal::KILL);
                    }
                }
            }
            if !found {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        false
    }
}

impl Drop for Budget {
    fn drop(&mut self) {
        self.kill_all(200);
        for dir in &self.dirs {
            // An emptied group may take a moment to be removable.
            for _ in 0..100 {
                if fs::remove_dir(dir).is_ok() || !dir.exists() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
    }
}
