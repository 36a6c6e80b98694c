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

/// The most files and folders [`lay_over`] lays, and how deep it goes.
const MAX_GIVEN_ENTRIES: usize = 1000;
const MAX_GIVEN_DEPTH: usize = 32;

/// Lays the assignment's given files (`given`: regular files and folders, nothing else)
/// over `dir`, a grading's copy of a submission (`--given DIR`), so that the given
/// versions are the ones that count. A student's entry at a given file's path, whatever
/// it is (a file, a folder, a symbolic link), is removed first and the file created anew
/// (`O_CREAT | O_EXCL | O_NOFOLLOW`); a given folder is entered only where `dir` has a
/// real folder of that name (a link is replaced by a folder): nothing is ever written
/// through a student's link. Called when no program of the student's runs (before and
/// after the compile step), so nothing can change `dir` meanwhile. Files are left
/// readable by everyone (0644, or 0755 when the given file is executable), folders
/// 0755; the number of entries laid is returned.
pub fn lay_over(given: &Path, dir: &Path) -> std::io::Result<usize> {
    let mut laid = 0;
    lay(given, dir, 0, &mut laid)?;
    Ok(laid)
}

fn lay(from: &Path, to: &Path, depth: usize, laid: &mut usize) -> std::io::Result<()> {
    use std::fs;
    use std::io::{Error, Write};
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let too_many = || {
        Error::other(format!(
            "more than {MAX_GIVEN_ENTRIES} files and folders, or nested deeper than \
             {MAX_GIVEN_DEPTH}"
        ))
    };
    if depth > MAX_GIVEN_DEPTH {
        return Err(too_many());
    }
    let mut entries = fs::read_dir(from)?.collect::<std::io::Result<Vec<_>>>()?;
    entries.sort_by_key(|entry| entry.file_name());
    for entry in entries {
        *laid += 1;
        if *laid > MAX_GIVEN_ENTRIES {
            return Err(too_many());
        }
        let source = entry.path();
        let kind = fs::symlink_metadata(&source)?;
        let target = to.join(entry.file_name());
        // What the student left there: never followed, only looked at and removed.
        let existing = fs::symlink_metadata(&target).ok();
        let remove = |meta: &fs::Metadata| {
            if meta.file_type().is_dir() {
                // remove_dir_all removes links inside without following them.
                fs::remove_dir_all(&target)
            } else {
                fs::remove_file(&target)
            }
        };
        if kind.file_type().is_dir() {
            match &existing {
                Some(meta) if meta.file_type().is_dir() => {}
                Some(meta) => {
                    remove(meta)?;
                    fs::create_dir(&target)?;
                }
                None => fs::create_dir(&target)?,
            }
            fs::set_permissions(&target, fs::Permissions::from_mode(0o755))?;
            lay(&source, &target, depth + 1, laid)?;
        } else if kind.file_type().is_file() {
            if let Some(meta) = &existing {
                remove(meta)?;
            }
            let mode = if kind.permissions().mode() & 0o111 != 0 {
                0o755
            } else {
                0o644
            };
            let data = fs::read(&source)?;
            let mut file = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(mode)
                .custom_flags(libc_nofollow())
                .open(&target)?;
            file.write_all(&data)?;
            file.set_permissions(fs::Permissions::from_mode(mode))?;
        } else {
            return Err(Error::other(format!(
                "{} is not a regular file or folder",
                printable(&source.display().to_string())
            )));
        }
    }
    Ok(())
}

/// `O_NOFOLLOW`, as the standard library's `custom_flags` takes it.
fn libc_nofollow() -> i32 {
    OFlags::NOFOLLOW.bits() as i32
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

    /// A student's links at the given files' paths (a file, a folder) are replaced, never
    /// written through: the files they name are untouched (issue 37, item 1).
    #[test]
    fn given_files_replace_a_students_links() {
        use std::os::unix::fs::symlink;
        let root = tempfile::tempdir().unwrap();
        let (given, stage, outside) = (
            root.path().join("given"),
            root.path().join("stage"),
            root.path().join("outside"),
        );
        for dir in [&given, &stage, &outside] {
            std::fs::create_dir(dir).unwrap();
        }
        std::fs::create_dir(given.join("lib")).unwrap();
        std::fs::write(given.join("Given.txt"), "given\n").unwrap();
        std::fs::write(given.join("lib/Helper.class"), "given class\n").unwrap();
        std::fs::write(given.join("Helper.java"), "given source\n").unwrap();
        std::fs::write(outside.join("expected.out"), "the answer\n").unwrap();
        std::fs::write(outside.join("Helper.class"), "elsewhere\n").unwrap();
        symlink(outside.join("expected.out"), stage.join("Given.txt")).unwrap();
        symlink(&outside, stage.join("lib")).unwrap();
        std::fs::write(stage.join("Helper.java"), "the student's\n").unwrap();
        std::fs::write(stage.join("Mine.java"), "mine\n").unwrap();
        assert_eq!(lay_over(&given, &stage).unwrap(), 4);
        let read = |path: &Path| std::fs::read_to_string(path).unwrap();
        assert_eq!(read(&outside.join("expected.out")), "the answer\n");
        assert_eq!(read(&outside.join("Helper.class")), "elsewhere\n");
        assert_eq!(read(&stage.join("Given.txt")), "given\n");
        assert_eq!(read(&stage.join("lib/Helper.class")), "given class\n");
        assert_eq!(read(&stage.join("Helper.java")), "given source\n");
        assert_eq!(read(&stage.join("Mine.java")), "mine\n");
        for path in ["Given.txt", "lib"] {
            let meta = std::fs::symlink_metadata(stage.join(path)).unwrap();
            assert!(!meta.file_type().is_symlink(), "{path}");
        }
        // A given folder whose place holds a student's file, and a given file whose
        // place holds a folder.
        std::fs::remove_dir_all(stage.join("lib")).unwrap();
        std::fs::write(stage.join("lib"), "a file").unwrap();
        std::fs::remove_file(stage.join("Given.txt")).unwrap();
        std::fs::create_dir(stage.join("Given.txt")).unwrap();
        symlink(outside.join("expected.out"), stage.join("Given.txt/x")).unwrap();
        lay_over(&given, &stage).unwrap();
        assert_eq!(read(&stage.join("Given.txt")), "given\n");
        assert_eq!(read(&stage.join("lib/Helper.class")), "given class\n");
        assert_eq!(read(&outside.join("expected.out")), "the answer\n");
        // A given folder holding a link is refused.
        symlink("/etc/passwd", given.join("link")).unwrap();
        assert!(lay_over(&given, &stage).is_err());
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
