//! The Gradescope autograder that runs a kit's JUnit tests, as Mimir ran them: one
//! Gradescope test per test class, in the order the assignment builds the classes.
//!
//! `kits package NAME` writes it into the instructor's archive as `gradescope-junit/`
//! (to read and adjust: `tests.txt` holds each class's points and the time limit) and
//! `gradescope-junit.zip` (to upload). The zip holds `setup.sh` (installs a JDK, JUnit 5
//! and Python 3, and makes the unprivileged user the tests run as), `run_autograder`,
//! `junit_grade.py` (the grading: compile, run, read JUnit's XML report, write
//! `results.json`; its docstring says what a student's program can and cannot do),
//! `tests.txt`, the kit's `tests/` with their data, and `given/` (the files the students
//! use but do not write, laid over each submission).
//!
//! The whole-program graders (`ochos-locos gradescope`, `pig gradescope`) stay the ones
//! to trust with a program's output: they run it isolated, outside any JVM of theirs. In
//! a JUnit test the student's classes run inside the tests' JVM, so a program written to
//! cheat can forge its own class's report there, as it could on Mimir.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The grading script (Python 3, as Gradescope's images have it).
pub const GRADE_SCRIPT: &str = include_str!("gradescope/junit_grade.py");

/// `setup.sh`: run once, as root, when Gradescope builds the image.
pub const SETUP: &str = "#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image: a JDK,
# JUnit 5's console launcher (Debian's and Ubuntu's junit5 package), Python 3 for
# junit_grade.py, and the unprivileged user the students' code runs as.
set -eu
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends default-jdk-headless junit5 python3
id gsjunit >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin gsjunit
test -f /usr/share/java/junit-platform-console-standalone.jar
";

/// `run_autograder`: run for each submission.
pub const RUN: &str = "#!/usr/bin/env bash
# Gradescope runs this for each submission, as root: the kit's JUnit tests, one class
# at a time, into results/results.json (junit_grade.py). AUTOGRADER_ROOT replaces
# /autograder, to try the zip in a folder laid out the same way.
root=${AUTOGRADER_ROOT:-/autograder}
exec python3 \"$root/source/junit_grade.py\"
";

/// The time one test class may take, in seconds (A4's whole-game classes run 40 games,
/// each a JVM; Gradescope's own limit is set on the assignment's page).
pub const CLASS_TIMEOUT: u32 = 300;

/// `tests.txt`: the test classes, one point each.
pub fn tests_txt(classes: &[&str]) -> String {
    let mut text = format!(
        "# The test classes graded, in order: CLASS POINTS (edit the points; remove a line to\n\
         # leave a class out). A class scores its points when every one of its tests passes.\n\
         # timeout {CLASS_TIMEOUT}\n"
    );
    for class in classes {
        text.push_str(&format!("{class} 1\n"));
    }
    text
}

/// Writes the autograder's files into `dir` (made afresh by the caller) from the kit's
/// folder `source`, and the zip of them at `zip`: the test classes `classes` of its
/// `tests/`, and its handout's files `given`.
pub fn write(
    classes: &[&str],
    given: &[&str],
    source: &Path,
    dir: &Path,
    zip: &Path,
) -> io::Result<()> {
    let mut files: Vec<(String, Vec<u8>, bool)> = vec![
        ("setup.sh".to_owned(), SETUP.as_bytes().to_vec(), true),
        ("run_autograder".to_owned(), RUN.as_bytes().to_vec(), true),
        (
            "junit_grade.py".to_owned(),
            GRADE_SCRIPT.as_bytes().to_vec(),
            false,
        ),
        (
            "tests.txt".to_owned(),
            tests_txt(classes).into_bytes(),
            false,
        ),
    ];
    let tests = source.join("tests");
    for relative in files_under(&tests)? {
        let name = format!("tests/{}", relative.to_string_lossy().replace('\\', "/"));
        files.push((name, fs::read(tests.join(&relative))?, false));
    }
    for name in given {
        files.push((
            format!("given/{name}"),
            fs::read(source.join("handout").join(name))?,
            false,
        ));
    }
    for (name, data, executable) in &files {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(&path, data)?;
        #[cfg(unix)]
        if *executable {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&path, fs::Permissions::from_mode(0o755))?;
        }
    }
    fs::write(zip, zip_bytes(&files)?)
}

/// The files under `dir`, relative to it, sorted (so that packages are the same on any
/// machine); none if there is no `dir`.
pub(crate) fn files_under(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    if !dir.is_dir() {
        return Ok(found);
    }
    let mut pending = vec![PathBuf::new()];
    while let Some(relative) = pending.pop() {
        for entry in fs::read_dir(dir.join(&relative))? {
            let entry = entry?;
            let path = relative.join(entry.file_name());
            if entry.file_type()?.is_dir() {
                pending.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// The zip of `files` (name, bytes, executable): deflated, with Unix permissions and a
/// fixed time, so that the same kit gives the same zip.
fn zip_bytes(files: &[(String, Vec<u8>, bool)]) -> io::Result<Vec<u8>> {
    let mut writer = zip::ZipWriter::new(io::Cursor::new(Vec::new()));
    let time = zip::DateTime::from_date_and_time(2026, 1, 1, 0, 0, 0)
        .map_err(|e| io::Error::other(format!("the zip's fixed time: {e}")))?;
    for (name, data, executable) in files {
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .last_modified_time(time)
            .unix_permissions(if *executable { 0o755 } else { 0o644 });
        writer
            .start_file(name.as_str(), options)
            .map_err(io::Error::other)?;
        writer.write_all(data)?;
    }
    Ok(writer.finish().map_err(io::Error::other)?.into_inner())
}
