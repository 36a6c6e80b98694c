//! The kits this tool knows ([`KITS`]), the check that a kit's data files are the
//! engines' ([`differences`]), and packaging ([`build`]): from a kit's folder, the
//! student handout and the instructor's archive, as folders and as `.tar` files.
//!
//! Every kit has the same layout (kits/README.md): `handout/` (what the text gives the
//! students, and their README), `solution/` (the reference solution), `tests/` (JUnit 5
//! tests) and `tests/data/` (written by `kits data`), `mutants/*.patch` (students'
//! mistakes), `test.sh` (the kit's check). The handout gets `handout/`'s files at its
//! top and `tests/` beside them; the instructor's archive gets `solution/`, `mutants/`
//! and `cases/RULES/` for the graders.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ochos_locos::Variant;
use ochos_locos::render::Style;

use crate::{DataFile, KitError, ochos_a2, ochos_a4, pig, quattro, war};

/// Where a kit's data files are, in its folder.
pub const DATA_DIR: &str = "tests/data";

/// One kit: its folder's name, its data, and the grading cases its instructor gets.
#[derive(Clone, Copy, Debug)]
pub struct Kit {
    /// The folder's name under `kits/`.
    pub name: &'static str,
    /// Its data files, from the engines.
    pub files: fn() -> Result<Vec<DataFile>, KitError>,
    /// The `ochos-locos` rule sets the instructor's archive has cases for.
    pub ochos_cases: &'static [Variant],
    /// Handout sources the students get as class files with their Javadoc, never as
    /// source (Pig's `PigDice` and `PigPlayer`: the bonus is to write them): compiled
    /// into the handout's `given/` (`given/doc/` for the Javadoc), the sources kept for
    /// the instructor's `given-src/`.
    pub given_as_classes: &'static [&'static str],
}

/// The kits, in the order of the assignments.
pub const KITS: &[Kit] = &[
    Kit {
        name: "ochos-locos-a2",
        files: ochos_a2::files,
        ochos_cases: &[
            Variant::MatchMaking,
            Variant::TakeTwo,
            Variant::GoingWild,
            Variant::MoreTheMerrier,
        ],
        given_as_classes: &[],
    },
    Kit {
        name: "ochos-locos-a4",
        files: ochos_a4::files,
        ochos_cases: &[Variant::Faciles, Variant::Diversidad, Variant::Completos],
        given_as_classes: &[],
    },
    Kit {
        name: "quattro",
        files: quattro::files,
        ochos_cases: &[],
        given_as_classes: &[],
    },
    Kit {
        name: "war",
        files: war::files,
        ochos_cases: &[],
        given_as_classes: &[],
    },
    Kit {
        name: "pig",
        files: pig::files,
        ochos_cases: &[],
        given_as_classes: &["PigDice.java", "PigPlayer.java"],
    },
];

/// The kit of that name, or an error listing the kits.
pub fn kit_named(name: &str) -> Result<&'static Kit, String> {
    KITS.iter().find(|kit| kit.name == name).ok_or_else(|| {
        let names: Vec<&str> = KITS.iter().map(|kit| kit.name).collect();
        format!(
            "no kit {:?} (the kits: {})",
            name.chars().take(40).collect::<String>(),
            names.join(", ")
        )
    })
}

/// What differs between `dir/tests/data/` and `files`: a file missing, a file whose
/// text is not the engines' (with its first differing line), a file the engines do not
/// make. Empty when the data is current.
pub fn differences(dir: &Path, files: &[DataFile]) -> io::Result<Vec<String>> {
    let mut problems = Vec::new();
    for file in files {
        let path = dir.join(&file.path);
        match fs::read_to_string(&path) {
            Ok(text) if text == file.contents => {}
            Ok(text) => {
                let line = text
                    .lines()
                    .zip(file.contents.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or_else(|| text.lines().count().min(file.contents.lines().count()));
                problems.push(format!("{} differs from line {}", file.path, line + 1));
            }
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                problems.push(format!("{} is missing", file.path));
            }
            Err(error) => return Err(error),
        }
    }
    let data = dir.join(DATA_DIR);
    if data.is_dir() {
        for entry in fs::read_dir(&data)? {
            let name = entry?.file_name().to_string_lossy().into_owned();
            let path = format!("{DATA_DIR}/{name}");
            if !files.iter().any(|file| file.path == path) {
                problems.push(format!("{path} is not made by the engines"));
            }
        }
    }
    Ok(problems)
}

/// How many random cases each rule set's grading cases have, after one per situation.
pub const RANDOM_CASES: usize = 10;

/// The seed of the instructor's grading cases when none is given.
pub const CASES_SEED: u64 = 1;

/// `kits package NAME --out DIR`: writes `DIR/NAME-handout/` and
/// `DIR/NAME-instructor/` from `kits_dir/NAME/`, and each as a `.tar` beside it; the
/// grading cases are searched with `seed`.
pub fn build(kit: &Kit, kits_dir: &Path, out: &Path, seed: u64) -> Result<ExitCode, String> {
    let source = kits_dir.join(kit.name);
    let at = |path: &Path, error: io::Error| format!("{}: {error}", path.display());
    if !source.is_dir() {
        return Err(format!(
            "no folder {} (run from the workspace's root, or give --kits DIR)",
            source.display()
        ));
    }
    // The packages carry the data the engines give today, whatever the folder holds.
    let files = (kit.files)().map_err(|e| e.to_string())?;
    let stale = differences(&source, &files).map_err(|e| at(&source, e))?;
    if !stale.is_empty() {
        return Err(format!(
            "{}'s data files are not the engines' ({}): run `kits data {}` first",
            kit.name,
            stale.join("; "),
            kit.name
        ));
    }

    let handout = out.join(format!("{}-handout", kit.name));
    fresh(&handout).map_err(|e| at(&handout, e))?;
    copy_tree(&source.join("handout"), &handout).map_err(|e| at(&source, e))?;
    copy_tree(&source.join("tests"), &handout.join("tests")).map_err(|e| at(&source, e))?;

    let instructor = out.join(format!("{}-instructor", kit.name));
    fresh(&instructor).map_err(|e| at(&instructor, e))?;
    for part in ["solution", "mutants"] {
        copy_tree(&source.join(part), &instructor.join(part)).map_err(|e| at(&source, e))?;
    }
    if !kit.given_as_classes.is_empty() {
        give_as_classes(kit, &handout, &instructor.join("given-src"))?;
    }
    for &variant in kit.ochos_cases {
        let set = ochos_locos::cases::make(variant, seed, RANDOM_CASES, Style::default())
            .map_err(|e| format!("cases for {}: {e}", variant.name()))?;
        let dir = instructor.join("cases").join(variant.name());
        set.write(&dir).map_err(|e| at(&dir, e))?;
    }

    for dir in [&handout, &instructor] {
        let tar = dir.with_extension("tar");
        write_tar(dir, &tar).map_err(|e| at(&tar, e))?;
        println!("{}", tar.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Replaces the kit's [`Kit::given_as_classes`] sources in `handout` by their class files
/// and Javadoc (`given/`, `given/doc/`), moving the sources to `sources`.
fn give_as_classes(kit: &Kit, handout: &Path, sources: &Path) -> Result<(), String> {
    let at = |path: &Path, error: io::Error| format!("{}: {error}", path.display());
    fs::create_dir_all(sources).map_err(|e| at(sources, e))?;
    let mut moved = Vec::new();
    for name in kit.given_as_classes {
        let from = handout.join(name);
        let to = sources.join(name);
        fs::copy(&from, &to).map_err(|e| at(&from, e))?;
        fs::remove_file(&from).map_err(|e| at(&from, e))?;
        moved.push(to);
    }
    let given = handout.join("given");
    for (tool, target) in [("javac", given.clone()), ("javadoc", given.join("doc"))] {
        let mut command = std::process::Command::new(tool);
        if tool == "javadoc" {
            command.arg("-quiet");
        }
        let status = command
            .arg("-d")
            .arg(&target)
            .args(&moved)
            .status()
            .map_err(|e| {
                format!(
                    "{}: the handout gives {} as class files, which needs `{tool}` (a JDK 17): {e}",
                    kit.name,
                    kit.given_as_classes.join(" and ")
                )
            })?;
        if !status.success() {
            return Err(format!(
                "{}: `{tool}` of the given classes failed ({status})",
                kit.name
            ));
        }
    }
    Ok(())
}

/// Makes `dir` empty (removing what a previous package left there).
fn fresh(dir: &Path) -> io::Result<()> {
    if dir.exists() {
        fs::remove_dir_all(dir)?;
    }
    fs::create_dir_all(dir)
}

/// The files under `dir`, relative to it, sorted (so that packages are the same on any
/// machine).
fn files_under(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
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

/// Copies the files under `from` (if it exists) to `to`.
fn copy_tree(from: &Path, to: &Path) -> io::Result<()> {
    if !from.is_dir() {
        return Ok(());
    }
    for relative in files_under(from)? {
        let target = to.join(&relative);
        if let Some(parent) = target.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::copy(from.join(&relative), target)?;
    }
    Ok(())
}

/// Writes the files under `dir` into an uncompressed POSIX (ustar) archive at `tar`,
/// each under `DIRNAME/`: a format every `tar` reads, made without a dependency.
fn write_tar(dir: &Path, tar: &Path) -> io::Result<()> {
    let top = dir
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut archive = Vec::new();
    for relative in files_under(dir)? {
        let contents = fs::read(dir.join(&relative))?;
        let name = format!("{top}/{}", relative.to_string_lossy().replace('\\', "/"));
        let executable = name.ends_with(".sh");
        archive.extend_from_slice(&tar_header(&name, contents.len(), executable)?);
        archive.extend_from_slice(&contents);
        archive.resize(archive.len().div_ceil(512) * 512, 0);
    }
    // The end of the archive: two empty blocks.
    archive.resize(archive.len() + 1024, 0);
    fs::write(tar, archive)
}

/// A ustar header block for a regular file (fixed time and owner, so that the same
/// files always give the same archive).
fn tar_header(name: &str, size: usize, executable: bool) -> io::Result<[u8; 512]> {
    let mut header = [0u8; 512];
    let bytes = name.as_bytes();
    // A name longer than 100 bytes is split at a slash into prefix (155) and name (100).
    let (prefix, rest) = if bytes.len() <= 100 {
        (&[][..], bytes)
    } else {
        let split = (0..bytes.len())
            .rev()
            .find(|&i| bytes[i] == b'/' && i <= 155 && bytes.len() - i - 1 <= 100)
            .ok_or_else(|| io::Error::other(format!("{name}: too long a path for a tar")))?;
        (&bytes[..split], &bytes[split + 1..])
    };
    header[..rest.len()].copy_from_slice(rest);
    let octal = |field: &mut [u8], value: u64| {
        let text = format!("{value:0width$o}", width = field.len() - 1);
        field[..text.len()].copy_from_slice(text.as_bytes());
    };
    octal(
        &mut header[100..108],
        if executable { 0o755 } else { 0o644 },
    );
    octal(&mut header[108..116], 0);
    octal(&mut header[116..124], 0);
    octal(&mut header[124..136], size as u64);
    octal(&mut header[136..148], 0);
    header[156] = b'0';
    header[257..263].copy_from_slice(b"ustar\0");
    header[263..265].copy_from_slice(b"00");
    header[345..345 + prefix.len()].copy_from_slice(prefix);
    // The checksum is computed with its own field as eight spaces.
    header[148..156].copy_from_slice(b"        ");
    let sum: u32 = header.iter().map(|&b| u32::from(b)).sum();
    let text = format!("{sum:06o}\0 ");
    header[148..156].copy_from_slice(text.as_bytes());
    Ok(header)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_data_files_are_the_engines() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kits");
        for kit in KITS {
            let files = (kit.files)().unwrap_or_else(|e| panic!("{}: {e}", kit.name));
            let problems = differences(&root.join(kit.name), &files)
                .unwrap_or_else(|e| panic!("{}: {e}", kit.name));
            assert!(
                problems.is_empty(),
                "{}: {problems:?}: run `cargo run -p kits -- data` and commit the files",
                kit.name
            );
        }
    }

    #[test]
    fn kits_are_found_by_name_only() {
        assert!(kit_named("ochos-locos-a4").is_ok());
        let error = kit_named("ochos").err().unwrap_or_default();
        assert!(error.contains("ochos-locos-a2, ochos-locos-a4"), "{error}");
    }

    #[test]
    fn a_tar_header_checks_out() {
        let header = tar_header("kit/README.md", 1234, false).unwrap_or([0; 512]);
        // Size in octal, the ustar magic, and a checksum that sums the block with its
        // own field as spaces (POSIX.1-1988).
        assert_eq!(&header[124..135], b"00000002322");
        assert_eq!(&header[257..263], b"ustar\0");
        let mut copy = header;
        copy[148..156].copy_from_slice(b"        ");
        let sum: u32 = copy.iter().map(|&b| u32::from(b)).sum();
        let field = std::str::from_utf8(&header[148..154]).unwrap_or("");
        assert_eq!(u32::from_str_radix(field, 8).ok(), Some(sum));
    }
}
