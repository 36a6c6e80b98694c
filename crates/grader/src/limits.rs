//! What a run may take, print and use: the limits every run of a grading shares, set by
//! the sandbox ([`crate::sandbox`]) and kept to by the run ([`crate::run`]).

use std::time::Duration;

/// How long a run may take, how much it may print, and what it may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time before the program and everything it started are killed.
    pub timeout: Duration,
    /// Bytes of standard output kept; a program that prints more is killed and its run
    /// marked [`crate::Exit::TooMuchOutput`].
    pub max_output: usize,
    /// Bytes of standard error kept: the last ones (a crash's message is at the end).
    pub max_stderr: usize,
    /// Memory: bytes of data (`RLIMIT_DATA`: heap and private mappings) a process, and
    /// what a run's control group holds, where there is one. Each process's address space
    /// is bounded as well ([`Limits::address_space`]).
    pub memory: u64,
    /// Processes and threads (`RLIMIT_NPROC`; a JVM starts a few dozen threads).
    pub processes: u64,
    /// Bytes of any one file the program writes (`RLIMIT_FSIZE`).
    pub file_size: u64,
}

impl Limits {
    /// The address space each process may map (`RLIMIT_AS`): twice [`Limits::memory`]
    /// plus 4 GiB (8 GiB by default). It bounds what `RLIMIT_DATA` does not count,
    /// shared mappings (`mmap(MAP_SHARED | MAP_ANONYMOUS)`, a mapped file in memory),
    /// where no control group does. It is this generous because a JVM reserves far
    /// more than it uses: half of this limit for its heap, 1 GiB for its classes, 240
    /// MiB for compiled code, 64 MiB for each of its C library's memory arenas, and a
    /// JVM starts a few dozen threads; under 4 GiB in all, `java` does not start.
    pub fn address_space(&self) -> u64 {
        self.memory.saturating_mul(2).saturating_add(4 << 30)
    }
}

impl Default for Limits {
    /// 10 seconds, 1 MiB of output, 16 KiB of error output, 2 GiB of memory, 256
    /// processes and threads, files of 16 MiB.
    fn default() -> Limits {
        Limits {
            timeout: Duration::from_secs(10),
            max_output: 1 << 20,
            max_stderr: 16 << 10,
            memory: 2 << 30,
            processes: 256,
            file_size: 16 << 20,
        }
    }
}
