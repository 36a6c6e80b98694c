//! A Gradescope autograder zip: the `setup.sh` and `run_autograder` scripts, the cases
//! and the grader's binary, written by `ochos-locos gradescope` and `pig gradescope`.
//!
//! The archive is a plain zip of stored (uncompressed) entries, with Unix permissions
//! (the scripts and the binary executable), which every unzip reads, Gradescope's
//! included. A zip of stored entries is a few headers and a CRC-32 per file; writing it
//! here keeps a compression library out of the grader for a file of a few megabytes.
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
                .any(|part| part.is_empty() || part == "." || part == "..")
            || name.len() > 0xffff;
        if bad {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("not a relative path for a zip entry: {name:?}"),
            ));
        }
        if u32::try_from(data.len()).is_err() {
            return Err(io::Error::other(format!(
                "{name}: larger than 4 GiB (a zip without ZIP64)"
            )));
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
        let too_big = || io::Error::other("the archive is larger than 4 GiB (a zip without ZIP64)");
        let mut out = Vec::new();
        let mut central = Vec::new();
        for entry in &self.entries {
            let offset = u32::try_from(out.len()).map_err(|_| too_big())?;
            let crc = crc32(&entry.data);
            let size = u32::try_from(entry.data.len()).map_err(|_| too_big())?;
            let name_len = u16::try_from(entry.name.len()).map_err(|_| too_big())?;
            // Local file header: version 1.0, no flags, stored, a fixed time (1 Jan 2026)
            // so that the same inputs give the same zip.
            let (time, date) = (0u16, ((2026 - 1980) << 9 | 1 << 5 | 1) as u16);
            out.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
            for v in [10u16, 0, 0, time, date] {
                out.extend_from_slice(&v.to_le_bytes());
            }
            for v in [crc, size, size] {
                out.extend_from_slice(&v.to_le_bytes());
            }
            out.extend_from_slice(&name_len.to_le_bytes());
            out.extend_from_slice(&0u16.to_le_bytes());
            out.extend_from_slice(entry.name.as_bytes());
            out.extend_from_slice(&entry.data);
            // Central directory record: made by Unix (3) version 2.0, the mode in the
            // high half of the external attributes.
            let mode: u32 = if entry.executable {
                0o100_755
            } else {
                0o100_644
            };
            central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
            for v in [0x031eu16, 10, 0, 0, time, date] {
                central.extend_from_slice(&v.to_le_bytes());
            }
            for v in [crc, size, size] {
                central.extend_from_slice(&v.to_le_bytes());
            }
            for v in [name_len, 0, 0, 0, 0] {
                central.extend_from_slice(&v.to_le_bytes());
            }
            central.extend_from_slice(&(mode << 16).to_le_bytes());
            central.extend_from_slice(&offset.to_le_bytes());
            central.extend_from_slice(entry.name.as_bytes());
        }
        let start = u32::try_from(out.len()).map_err(|_| too_big())?;
        let count = u16::try_from(self.entries.len()).map_err(|_| too_big())?;
        let central_len = u32::try_from(central.len()).map_err(|_| too_big())?;
        out.extend_from_slice(&central);
        out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
        for v in [0u16, 0, count, count] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&central_len.to_le_bytes());
        out.extend_from_slice(&start.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        Ok(out)
    }
}

/// CRC-32 (IEEE 802.3, the zip format's), a byte at a time from a table.
pub fn crc32(data: &[u8]) -> u32 {
    let mut table = [0u32; 256];
    for (n, slot) in (0u32..).zip(table.iter_mut()) {
        let mut c = n;
        for _ in 0..8 {
            c = if c & 1 == 1 {
                (c >> 1) ^ 0xedb8_8320
            } else {
                c >> 1
            };
        }
        *slot = c;
    }
    let mut crc = !0u32;
    for &byte in data {
        crc = table[((crc ^ u32::from(byte)) & 0xff) as usize] ^ (crc >> 8);
    }
    !crc
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
    /// The grading's arguments after the binary, each already quoted for the shell;
    /// `"$AG/source/cases"` names the cases folder of the zip.
    pub grade: Vec<String>,
    /// The student's command, run in `/autograder/submission`.
    pub command: Vec<String>,
    /// A line `setup.sh` runs after installing bubblewrap (`apt-get install -y
    /// default-jdk`).
    pub setup: Option<String>,
    /// A line `run_autograder` runs in the submission before grading (`javac *.java`).
    pub compile: Option<String>,
    /// The cases folder to pack as `cases/` (its regular files).
    pub cases: Option<std::path::PathBuf>,
}

impl Autograder {
    /// The zip: `setup.sh`, `run_autograder`, the binary, `cases/`.
    pub fn zip(&self) -> io::Result<Vec<u8>> {
        let mut zip = Zip::new();
        let setup = setup_script(self.setup.as_deref().unwrap_or(""));
        zip.add("setup.sh", setup.into_bytes(), true)?;
        let mut line = format!("\"$AG/source/{}\"", self.program);
        for arg in &self.grade {
            line.push(' ');
            line.push_str(arg);
        }
        line.push_str(" --submission \"$AG/submission\" --format gradescope --");
        for word in &self.command {
            line.push(' ');
            line.push_str(&shell_quote(word));
        }
        let compile = self
            .compile
            .as_deref()
            .map_or(String::new(), |c| format!("{c}\n"));
        zip.add(
            "run_autograder",
            run_script(&format!("{compile}{line}")).into_bytes(),
            true,
        )?;
        let binary = std::fs::read(std::env::current_exe()?)?;
        zip.add(&self.program, binary, true)?;
        if let Some(dir) = &self.cases {
            let mut names: Vec<String> = std::fs::read_dir(dir)?
                .map(|entry| entry.map(|e| e.file_name().to_string_lossy().into_owned()))
                .collect::<io::Result<_>>()?;
            names.sort();
            for name in names {
                crate::files::check_case_name(&name).map_err(io::Error::other)?;
                let text =
                    crate::files::read_regular(&dir.join(&name)).map_err(io::Error::other)?;
                zip.add(&format!("cases/{name}"), text.into_bytes(), false)?;
            }
        }
        zip.finish()
    }
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
/// `"$AG/source/…"` paths and `--submission "$AG/submission"`), writing
/// `$AG/results/results.json`, where `AG` is `/autograder` or `$AUTOGRADER_ROOT`.
pub fn run_script(grade: &str) -> String {
    format!(
        "#!/usr/bin/env bash\n\
         # Gradescope runs this as /autograder/run_autograder for each submission, with the\n\
         # student's files in /autograder/submission; it must leave\n\
         # /autograder/results/results.json. AUTOGRADER_ROOT stands for /autograder when\n\
         # trying the autograder elsewhere.\n\
         AG=${{AUTOGRADER_ROOT:-/autograder}}\n\
         mkdir -p \"$AG/results\"\n\
         cd \"$AG/submission\" || exit 1\n\
         {grade} > \"$AG/results/results.json.tmp\"\n\
         status=$?\n\
         # 0: every case passed, 1: some failed; both are a grading. 2: it could not grade.\n\
         if [ \"$status\" -le 1 ]; then\n\
         \x20 mv \"$AG/results/results.json.tmp\" \"$AG/results/results.json\"\n\
         \x20 exit 0\n\
         fi\n\
         exit \"$status\"\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The check value of the CRC-32 in its specification: the digits 1 to 9.
    #[test]
    fn crc32_check_value() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(crc32(b""), 0);
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
