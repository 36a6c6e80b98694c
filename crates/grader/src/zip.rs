//! A Gradescope autograder zip: the `setup.sh` and `run_autograder` scripts, the cases
//! and the grader's binary, written by `ochos-locos gradescope` and `pig gradescope`.
//!
//! The archive is a plain zip of deflated entries with Unix permissions (the scripts
//! and the binary executable) and a fixed time, so that the same inputs give the same
//! zip; the `zip` crate writes it, and every unzip reads it, Gradescope's included.
//!
//! Gradescope unpacks the zip into `/autograder/source`, runs `setup.sh` once when the
//! image is built, and for each submission copies `run_autograder` to
//! `/autograder/run_autograder`, puts the student's files into
//! `/autograder/submission` and reads `/autograder/results/results.json`. The scripts
//! written here take the root `/autograder` from the variable `AUTOGRADER_ROOT` when it
//! is set, so that the same zip can be tried in a directory laid out the same way.

use std::io;

/// One file of the archive.
struct Entry {
    name: String,
    data: Vec<u8>,
    executable: bool,
}

/// A zip archive being built.
#[derive(Default)]
pub struct Zip {
    entries: Vec<Entry>,
}

impl Zip {
    /// An empty archive.
    pub fn new() -> Zip {
        Zip::default()
    }

    /// Adds the file `name` (a relative path with `/`), executable or not.
    pub fn add(&mut self, name: &str, data: Vec<u8>, executable: bool) -> io::Result<()> {
        let bad = name.is_empty()
            || name.starts_with('/')
            || name
                .split('/')
                .any(|part| part.is_empty() || part == "." || part == "..");
        if bad {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("not a relative path for a zip entry: {name:?}"),
            ));
        }
        self.entries.push(Entry {
            name: name.to_owned(),
            data,
            executable,
        });
        Ok(())
    }

    /// The archive's bytes.
    pub fn finish(&self) -> io::Result<Vec<u8>> {
        use std::io::Write;
        let mut writer = zip::ZipWriter::new(io::Cursor::new(Vec::new()));
        // 1 January 2026: a fixed time, so that the same inputs give the same zip.
        let time = zip::DateTime::from_date_and_time(2026, 1, 1, 0, 0, 0)
            .map_err(|e| io::Error::other(format!("the zip's fixed time: {e}")))?;
        for entry in &self.entries {
            let options = zip::write::SimpleFileOptions::default()
                .compression_method(zip::CompressionMethod::Deflated)
                .last_modified_time(time)
                .unix_permissions(if entry.executable { 0o755 } else { 0o644 })
                .large_file(entry.data.len() >= u32::MAX as usize);
            writer
                .start_file(entry.name.as_str(), options)
                .map_err(io::Error::other)?;
            writer.write_all(&entry.data)?;
        }
        Ok(writer.finish().map_err(io::Error::other)?.into_inner())
    }
}

/// The options of `grade` that give `marking`'s marks and visibility again
/// (`--weight`, `--points`, `--visibility`), each word quoted for the shell: what a
/// game's `gradescope` puts on the autograder's grading line, so that Gradescope marks
/// as the instructor asked. The feedback is each game's own (Pig's reports never hold
/// an expected output).
pub fn marking_args(marking: &crate::report::Marking) -> Vec<String> {
    let mut args = Vec::new();
    for (pattern, points) in &marking.weights {
        args.push("--weight".to_owned());
        args.push(shell_quote(&format!("{pattern}={points}")));
    }
    if let Some(points) = marking.points {
        args.push("--points".to_owned());
        args.push(points.to_string());
    }
    for (pattern, visibility) in &marking.visibility {
        args.push("--visibility".to_owned());
        args.push(shell_quote(&match pattern {
            Some(pattern) => format!("{pattern}={}", visibility.name()),
            None => visibility.name().to_owned(),
        }));
    }
    args
}

/// `word` quoted for a POSIX shell: as it is when it holds only safe characters, else
/// in single quotes.
pub fn shell_quote(word: &str) -> String {
    let safe = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if safe {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// What goes into an autograder zip.
#[derive(Clone, Debug)]
pub struct Autograder {
    /// The grader binary's name in the zip (`ochos-locos`, `pig`); its bytes are the
    /// running program's own (`std::env::current_exe`).
    pub program: String,
    /// What is graded: one part, or several (the problems of an assignment, each with
    /// its own cases, compile step, program and marks, `grade --part NAME`) whose
    /// gradings add up to one `results.json`.
    pub parts: Vec<Part>,
    /// A line `setup.sh` runs after installing bubblewrap (`apt-get install -y
    /// default-jdk`).
    pub setup: Option<String>,
    /// The files the assignment gives the students (a kit's given classes), packed as
    /// `given/` and handed to the grader (`--given`), which lays them over its copy of
    /// each submission before and after the compile step: the given versions win over
    /// a student's copy.
    pub given: Option<std::path::PathBuf>,
    /// Variables of the autograder's environment passed to the program (`--env NAME`).
    pub env: Vec<String>,
    /// Folders of the autograder's machine shown to the program (`--bind DIR`).
    pub binds: Vec<String>,
}

/// One grading of an autograder: the grade arguments, the compile step, the program,
/// and the cases it packs.
#[derive(Clone, Debug)]
pub struct Part {
    /// The grading's arguments after the binary, each already quoted for the shell;
    /// `"$AG/source/cases"` names the cases folder of the zip.
    pub grade: Vec<String>,
    /// The student's command, run in `/autograder/submission`.
    pub command: Vec<String>,
    /// The compile step (`javac -proc:none ./*.java`): run by the grader in its sandbox
    /// on the grading's copy of the submission (`--compile`), never by the script as
    /// root in the submission.
    pub compile: Option<String>,
    /// The cases folder to pack (its regular files), and the folder of the zip it goes
    /// to (`cases`, `cases/take-two`).
    pub cases: Option<(String, std::path::PathBuf)>,
}

/// The most files a `given/` folder may hold, and their bytes.
const MAX_GIVEN_FILES: usize = 1000;
const MAX_GIVEN_BYTES: u64 = 64 << 20;

impl Autograder {
    /// The zip: `setup.sh`, `run_autograder`, the binary, `cases/`, `given/`.
    pub fn zip(&self) -> io::Result<Vec<u8>> {
        let mut zip = Zip::new();
        let setup = setup_script(self.setup.as_deref().unwrap_or(""));
        zip.add("setup.sh", setup.into_bytes(), true)?;
        let lines: Vec<String> = self
            .parts
            .iter()
            .map(|part| self.grade_line(part))
            .collect();
        zip.add("run_autograder", run_script(&lines).into_bytes(), true)?;
        let binary = std::fs::read(std::env::current_exe()?)?;
        zip.add(&self.program, binary, true)?;
        for (folder, dir) in self.parts.iter().filter_map(|part| part.cases.as_ref()) {
            let mut names: Vec<String> = std::fs::read_dir(dir)?
                .map(|entry| entry.map(|e| e.file_name().to_string_lossy().into_owned()))
                .collect::<io::Result<_>>()?;
            names.sort();
            for name in names {
                crate::files::check_case_name(&name).map_err(io::Error::other)?;
                let text =
                    crate::files::read_regular(&dir.join(&name)).map_err(io::Error::other)?;
                zip.add(&format!("{folder}/{name}"), text.into_bytes(), false)?;
            }
        }
        if let Some(dir) = &self.given {
            let mut files = Vec::new();
            given_files(dir, "", &mut files)?;
            if files.is_empty() {
                return Err(io::Error::other(format!(
                    "--given {}: no files in it",
                    dir.display()
                )));
            }
            let mut bytes = 0;
            for (name, path) in files {
                let data = std::fs::read(&path)?;
                bytes += data.len() as u64;
                if bytes > MAX_GIVEN_BYTES {
                    return Err(io::Error::other(format!(
                        "--given {}: more than {} MiB",
                        dir.display(),
                        MAX_GIVEN_BYTES >> 20
                    )));
                }
                let executable = {
                    use std::os::unix::fs::PermissionsExt;
                    std::fs::metadata(&path)?.permissions().mode() & 0o111 != 0
                };
                zip.add(&format!("given/{name}"), data, executable)?;
            }
        }
        zip.finish()
    }

    /// `run_autograder`'s grading command for `part`: the packed binary, the grade
    /// arguments, the given files, the compile line, `--env` and `--bind`, then the
    /// program, each word quoted.
    fn grade_line(&self, part: &Part) -> String {
        let mut line = format!("\"$AG/source/{}\"", self.program);
        for arg in &part.grade {
            line.push(' ');
            line.push_str(arg);
        }
        if self.given.is_some() {
            // The grader lays them over its own copy, before and after the compile
            // step: the script never copies into the student's folder (as root, a copy
            // would follow the student's links).
            line.push_str(" --given \"$AG/source/given\"");
        }
        if let Some(compile) = &part.compile {
            line.push_str(" --compile ");
            line.push_str(&shell_quote(compile));
        }
        for (flag, values) in [("--env", &self.env), ("--bind", &self.binds)] {
            for value in values {
                line.push_str(&format!(" {flag} {}", shell_quote(value)));
            }
        }
        line.push_str(
            " --submission \"$AG/submission\" --format gradescope --report \
             \"$AG/results/results.json\" --",
        );
        for word in &part.command {
            line.push(' ');
            line.push_str(&shell_quote(word));
        }
        line
    }
}

/// The regular files under `dir`, with their paths from it (`a/B.java`), sorted; links
/// and other files are refused.
fn given_files(
    dir: &std::path::Path,
    prefix: &str,
    files: &mut Vec<(String, std::path::PathBuf)>,
) -> io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| io::Error::other(format!("--given {}: {e}", dir.display())))?
        .collect::<io::Result<_>>()?;
    entries.sort_by_key(|entry| entry.file_name());
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        let kind = entry.file_type()?;
        let shown = format!("{prefix}{name}");
        if kind.is_dir() {
            given_files(&path, &format!("{shown}/"), files)?;
        } else if kind.is_file() {
            files.push((shown, path));
        } else {
            return Err(io::Error::other(format!(
                "--given: {} is not a regular file or folder",
                path.display()
            )));
        }
        if files.len() > MAX_GIVEN_FILES {
            return Err(io::Error::other(format!(
                "--given {}: more than {MAX_GIVEN_FILES} files",
                dir.display()
            )));
        }
    }
    Ok(())
}

/// The autograder's `setup.sh`: installs bubblewrap (the sandbox) when it is missing,
/// then `extra` (a line such as `apt-get install -y default-jdk`, or nothing).
pub fn setup_script(extra: &str) -> String {
    format!(
        "#!/usr/bin/env bash\n\
         # Gradescope runs this once, as root, when it builds the autograder's image.\n\
         set -euo pipefail\n\
         if ! command -v bwrap >/dev/null; then\n\
         \x20 apt-get update\n\
         \x20 DEBIAN_FRONTEND=noninteractive apt-get install -y bubblewrap\n\
         fi\n\
         {extra}\n"
    )
}

/// The autograder's `run_autograder`: runs `grade` (the grading command, with
/// `"$AG/source/…"` paths, `--submission "$AG/submission"` and `--report
/// "$AG/results/results.json"`), where `AG` is `/autograder` or `$AUTOGRADER_ROOT`. A
/// `results.json` is always left: the grading's, the grader's own account of why it
/// could not grade, or (if the grader could not even start) a line saying so.
///
/// The script writes nothing into the submission: it runs as root, and the student's
/// files may be links to anywhere. The given files reach the grading through the
/// grader's `--given`, which lays them over its own copy.
pub fn run_script(grade: &[String]) -> String {
    // Each part's grading in turn (one for most autograders); the status kept is the
    // worst (2 over 1 over 0), which the comment below reads.
    let grade: String = grade
        .iter()
        .map(|line| {
            format!(
                "{line}\n\
                 part=$?\n\
                 if [ \"$part\" -gt \"$status\" ]; then status=$part; fi\n"
            )
        })
        .collect();
    format!(
        "#!/usr/bin/env bash\n\
         # Gradescope runs this as /autograder/run_autograder for each submission, with the\n\
         # student's files in /autograder/submission; it must leave\n\
         # /autograder/results/results.json. AUTOGRADER_ROOT stands for /autograder when\n\
         # trying the autograder elsewhere.\n\
         AG=${{AUTOGRADER_ROOT:-/autograder}}\n\
         mkdir -p \"$AG/results\"\n\
         rm -f \"$AG/results/results.json\"\n\
         # The cases and the results are for root only: where bubblewrap cannot run (no user\n\
         # namespaces, as in Docker) the graded programs run as a dedicated user, and the\n\
         # grader refuses to start while they could read the cases.\n\
         chmod -R go-rwx \"$AG/source\" \"$AG/results\"\n\
         cd \"$AG/submission\" || exit 1\n\
         # The compile step, if any, runs inside the grader's sandbox (--compile).\n\
         status=0\n\
         {grade}\
         # 0: every case passed, 1: some failed; 2: it could not grade, and said why in\n\
         # results.json. Anything else, or no results.json: the grader did not run.\n\
         if [ ! -s \"$AG/results/results.json\" ]; then\n\
         \x20 printf '%s\\n' '{{\"score\": 0, \"output\": \"The autograder could not run its grader (exit status '\"$status\"'); its log says why.\", \"output_format\": \"text\", \"tests\": []}}' > \"$AG/results/results.json\"\n\
         fi\n\
         exit 0\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The marking comes back as the options that give it, quoted where the shell would
    /// read a pattern's `*`.
    #[test]
    fn the_marking_comes_back_as_its_options() {
        use crate::report::{Marking, Visibility};
        let marking = Marking {
            weights: vec![("*-random".into(), 0.5), ("01-win".into(), 3.0)],
            points: Some(40.0),
            visibility: vec![
                (None, Visibility::AfterDueDate),
                (Some("02-*".into()), Visibility::Hidden),
            ],
            ..Marking::default()
        };
        assert_eq!(
            marking_args(&marking),
            [
                "--weight",
                "'*-random=0.5'",
                "--weight",
                "01-win=3",
                "--points",
                "40",
                "--visibility",
                "after_due_date",
                "--visibility",
                "'02-*=hidden'",
            ]
        );
        assert!(marking_args(&Marking::default()).is_empty());
    }

    /// The grading line passes each `--env` and `--bind` on, quoted, before the
    /// submission; the compile line is one quoted word; the program comes after `--`.
    #[test]
    fn the_grade_line_carries_env_bind_and_compile_quoted() {
        let part = Part {
            grade: vec!["--games".into(), "20".into()],
            command: vec!["java".into(), "Pig".into()],
            compile: Some("javac -proc:none ./*.java".into()),
            cases: None,
        };
        let autograder = Autograder {
            program: "pig".into(),
            parts: vec![part.clone()],
            setup: None,
            given: None,
            env: vec!["PIG_SEED".into()],
            binds: vec!["/opt/my jdk".into()],
        };
        assert_eq!(
            autograder.grade_line(&part),
            "\"$AG/source/pig\" --games 20 --compile 'javac -proc:none ./*.java' --env PIG_SEED \
             --bind '/opt/my jdk' --submission \"$AG/submission\" --format gradescope --report \
             \"$AG/results/results.json\" -- java Pig"
        );
        // The given files go to the grader, which lays them over its own copy: the
        // script, run as root, never copies into the student's folder.
        let given = Autograder {
            given: Some("given".into()),
            ..autograder
        };
        assert!(
            given.grade_line(&part).starts_with(
                "\"$AG/source/pig\" --games 20 --given \"$AG/source/given\" --compile"
            ),
            "{}",
            given.grade_line(&part)
        );
        let script = run_script(&[given.grade_line(&part)]);
        assert!(!script.contains("cp "), "{script}");
    }

    /// The archive reads back with Info-ZIP's `unzip`, modes and contents intact.
    #[test]
    fn unzip_reads_it() {
        let mut zip = Zip::new();
        zip.add("setup.sh", b"#!/bin/sh\necho hi\n".to_vec(), true)
            .unwrap();
        zip.add("cases/a.in", b"R5\n".to_vec(), false).unwrap();
        assert!(zip.add("../x", Vec::new(), false).is_err());
        assert!(zip.add("/x", Vec::new(), false).is_err());
        let bytes = zip.finish().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.zip");
        std::fs::write(&path, bytes).unwrap();
        let unzipped = std::process::Command::new("python3")
            .args(["-c", "import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; z.extractall(sys.argv[2]); print(' '.join(f'{i.filename}:{i.external_attr>>16:o}' for i in z.infolist()))"])
            .arg(&path)
            .arg(dir.path().join("out"))
            .output()
            .unwrap();
        assert!(unzipped.status.success(), "{unzipped:?}");
        assert_eq!(
            String::from_utf8_lossy(&unzipped.stdout).trim(),
            "setup.sh:100755 cases/a.in:100644"
        );
        assert_eq!(
            std::fs::read(dir.path().join("out/cases/a.in")).unwrap(),
            b"R5\n"
        );
    }
}
