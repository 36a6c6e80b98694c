//! The kits this tool knows ([`KITS`]), the check that a kit's data files are the
//! engines' ([`differences`]), and packaging ([`build`]): from a kit's folder, the
//! student handout and the instructor's archive, as folders and as `.tar` files.
//!
//! Every kit has the same layout (kits/README.md): `handout/` (what the text gives the
//! students, and their README), `solution/` (the reference solution), `tests/` (JUnit 5
//! tests) and `tests/data/` (written by `kits data`), `mutants/*.patch` (students'
//! mistakes), `test.sh` (the kit's check). The handout gets `handout/`'s files at its
//! top and `tests/` beside them; the instructor's archive gets `solution/`, `mutants/`,
//! `cases/RULES/` for the graders and `given/` for the Gradescope zip.

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
    /// Handout sources the students use but do not write (Pig's `Pig`, `PigDice` and
    /// `PigPlayer`): copied into the instructor's `given/`, what the Gradescope zip lays
    /// over every submission (`pig gradescope --given DIR`), so that a student who
    /// submits only the file they wrote is graded whole.
    pub given: &'static [&'static str],
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
        given: &[],
    },
    Kit {
        name: "ochos-locos-a4",
        files: ochos_a4::files,
        ochos_cases: &[Variant::Faciles, Variant::Diversidad, Variant::Completos],
        given_as_classes: &[],
        given: &[],
    },
    Kit {
        name: "quattro",
        files: quattro::files,
        ochos_cases: &[],
        given_as_classes: &[],
        given: &[],
    },
    Kit {
        name: "war",
        files: war::files,
        ochos_cases: &[],
        given_as_classes: &[],
        given: &[],
    },
    Kit {
        name: "pig",
        files: pig::files,
        ochos_cases: &[],
        given_as_classes: &["PigDice.java", "PigPlayer.java"],
        given: &["Pig.java", "PigDice.java", "PigPlayer.java"],
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
    if !kit.given.is_empty() {
        let given = instructor.join("given");
        fs::create_dir_all(&given).map_err(|e| at(&given, e))?;
        for name in kit.given {
            let from = source.join("handout").join(name);
            fs::copy(&from, given.join(name)).map_err(|e| at(&from, e))?;
        }
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
/// each under `DIRNAME/`, with a fixed time and owner, so that the same files always
/// give the same archive (the `tar` crate writes it; every `tar` reads it).
fn write_tar(dir: &Path, tar: &Path) -> io::Result<()> {
    let top = dir
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .ok_or_else(|| io::Error::other(format!("{}: a folder without a name", dir.display())))?;
    let mut archive = tar::Builder::new(Vec::new());
    for relative in files_under(dir)? {
        let contents = fs::read(dir.join(&relative))?;
        let name = format!("{top}/{}", relative.to_string_lossy().replace('\\', "/"));
        let mut header = tar::Header::new_ustar();
        header.set_size(contents.len() as u64);
        header.set_mode(if name.ends_with(".sh") { 0o755 } else { 0o644 });
        header.set_mtime(0);
        header.set_uid(0);
        header.set_gid(0);
        header.set_entry_type(tar::EntryType::Regular);
        archive.append_data(&mut header, &name, contents.as_slice())?;
    }
    fs::write(tar, archive.into_inner()?)
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

    /// The archive reads back (with the `tar` crate's reader) as the folder it was made
    /// from: every file under `DIRNAME/`, its contents, and `.sh` files executable.
    #[test]
    fn a_tar_holds_the_folder() -> Result<(), Box<dyn std::error::Error>> {
        let scratch = std::env::temp_dir().join(format!("kits-tar-{}", std::process::id()));
        let dir = scratch.join("kit-handout");
        fs::create_dir_all(dir.join("tests/data"))?;
        fs::write(dir.join("README.md"), "read me\n")?;
        fs::write(dir.join("test.sh"), "#!/bin/sh\n")?;
        let long = format!("tests/data/{}.txt", "x".repeat(120));
        fs::write(dir.join(&long), "data\n")?;
        let path = scratch.join("kit-handout.tar");
        write_tar(&dir, &path)?;
        let mut found = Vec::new();
        let mut archive = tar::Archive::new(fs::File::open(&path)?);
        for entry in archive.entries()? {
            let mut entry = entry?;
            let name = entry.path()?.to_string_lossy().into_owned();
            let mode = entry.header().mode()?;
            let mut text = String::new();
            io::Read::read_to_string(&mut entry, &mut text)?;
            found.push((name, mode, text));
        }
        fs::remove_dir_all(&scratch)?;
        let expected = vec![
            (
                "kit-handout/README.md".to_owned(),
                0o644,
                "read me\n".to_owned(),
            ),
            (
                "kit-handout/test.sh".to_owned(),
                0o755,
                "#!/bin/sh\n".to_owned(),
            ),
            (format!("kit-handout/{long}"), 0o644, "data\n".to_owned()),
        ];
        assert_eq!(found, expected);
        Ok(())
    }
}
