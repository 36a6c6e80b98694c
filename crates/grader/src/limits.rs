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
    /// Memory: bytes of data (`RLIMIT_DATA`: heap and private mappings).
    pub memory: u64,
    /// Processes and threads (`RLIMIT_NPROC`; a JVM starts a few dozen threads).
    pub processes: u64,
    /// Bytes of any one file the program writes (`RLIMIT_FSIZE`).
    pub file_size: u64,
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
