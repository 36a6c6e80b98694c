//! Reading an instructor's case files safely: a case's name must stay inside its
//! folder, and a file must be a regular file, not a symbolic link (a `.out` linked to
//! `/etc/passwd` would be shown in a report), not a FIFO (which would hang the grader
//! before anything ran) nor a device, and of a bounded size. Each failure is one line,
//! checked before any program runs.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use rustix::fs::{Mode, OFlags};

use crate::text::printable;

/// The largest case file read: far more than any deal or expected output.
pub const MAX_CASE_FILE: u64 = 16 << 20;

/// Checks a case's name from a manifest: not empty, no `/`, not `.` or `..`, no
/// control, bidirectional or zero-width character; the one-line reason otherwise.
pub fn check_case_name(name: &str) -> Result<(), String> {
    let why = if name.is_empty() {
        "is empty"
    } else if name.contains('/') || name.contains('\\') {
        "holds a slash: a case's files stay in the cases folder"
    } else if name == "." || name == ".." || name.starts_with('.') {
        "starts with a dot: a case's files stay in the cases folder, visible"
    } else if printable(name) != name {
        "holds a control, bidirectional or invisible character"
    } else if name.chars().count() > 200 {
        "is longer than 200 characters"
    } else {
        return Ok(());
    };
    Err(format!("case name '{}' {why}", printable(name)))
}

/// Reads `path` as UTF-8 text if it is a regular file (not a symbolic link, a FIFO, a
/// device or a directory) of at most [`MAX_CASE_FILE`] bytes; the one-line reason
/// otherwise. The file is opened without following a link and without blocking, and
/// checked once open, so that nothing can be swapped in between.
pub fn read_regular(path: &Path) -> Result<String, String> {
    let shown = printable(&path.display().to_string());
    let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC;
    let fd = rustix::fs::open(path, flags, Mode::empty()).map_err(|error| {
        if error == rustix::io::Errno::LOOP {
            format!("{shown}: a symbolic link; a case file must be a regular file")
        } else {
            format!("{shown}: {}", std::io::Error::from(error))
        }
    })?;
    let mut file = File::from(fd);
    let meta = file.metadata().map_err(|e| format!("{shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!(
            "{shown}: not a regular file (a FIFO, a device or a directory); a case file must be one"
        ));
    }
    if meta.len() > MAX_CASE_FILE {
        return Err(format!("{shown}: larger than {} MiB", MAX_CASE_FILE >> 20));
    }
    let mut bytes = Vec::new();
    file.by_ref()
        .take(MAX_CASE_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{shown}: {e}"))?;
    String::from_utf8(bytes).map_err(|_| format!("{shown}: not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_leave_the_folder_or_hide_are_refused() {
        for bad in [
            "",
            "../x",
            "/etc/passwd",
            "a/b",
            "..",
            ".x",
            "a\u{1b}[32mpass",
            "a\u{202e}b",
        ] {
            assert!(check_case_name(bad).is_err(), "{bad:?}");
        }
        assert_eq!(check_case_name("01-win-by-eight"), Ok(()));
        assert_eq!(
            check_case_name("\u{1b}[2J").unwrap_err(),
            "case name '\\u{1b}[2J' holds a control, bidirectional or invisible character"
        );
    }

    #[test]
    fn links_fifos_and_directories_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.out");
        std::fs::write(&file, "x\n").unwrap();
        assert_eq!(read_regular(&file), Ok("x\n".to_owned()));
        let link = dir.path().join("b.out");
        std::os::unix::fs::symlink("/etc/passwd", &link).unwrap();
        assert!(read_regular(&link).unwrap_err().contains("a symbolic link"));
        let fifo = dir.path().join("c.in");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        assert!(
            read_regular(&fifo)
                .unwrap_err()
                .contains("not a regular file")
        );
        assert!(
            read_regular(dir.path())
                .unwrap_err()
                .contains("not a regular file")
        );
    }
}
