//! What a run gave ([`Run`]): how it ended, its output, and how its end was made sure
//! of. The run ([`crate::run`]) makes one, the compile step ([`crate::sandbox`]) and the
//! verdicts ([`crate::verdict`]) read it.

use std::time::Duration;

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The program exited with this status.
    Code(i32),
    /// The program was ended by this signal (a crash: 11 is a segmentation fault, 6 an
    /// abort, 24 the CPU limit, 25 the file size limit).
    Signal(i32),
    /// The timeout passed with the program still running; it was killed.
    TimedOut,
    /// The program's own process ended, but something it started held its standard
    /// output open until the timeout: its output never ended.
    OutputHeld,
    /// The program printed more than [`crate::Limits::max_output`] bytes; it was killed.
    TooMuchOutput,
}

/// How the end of a run was made sure of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Killed {
    /// Every process of the run was killed: the sandbox's PID namespace ended (bubblewrap)
    /// or no process of the run's user id is left (dedicated user).
    Everything,
    /// The program's process group was killed (`--no-sandbox`: a process that left the
    /// group may survive).
    Group,
    /// Something could not be killed: what.
    Failed(String),
}

/// What one run of a program gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// How it ended.
    pub exit: Exit,
    /// Its standard output (at most [`crate::Limits::max_output`] bytes).
    pub stdout: Vec<u8>,
    /// The end of its standard error (at most [`crate::Limits::max_stderr`] bytes).
    pub stderr: Vec<u8>,
    /// Wall-clock time from start to end.
    pub elapsed: Duration,
    /// How its end was made sure of.
    pub killed: Killed,
    /// Whether the kernel ended a process of it for passing the run's memory budget
    /// (a control group's, [`crate::cgroup`]).
    pub out_of_memory: bool,
}
