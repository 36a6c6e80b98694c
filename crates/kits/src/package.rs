//! The kits this tool knows ([`KITS`]), the check that a kit's data files are the
//! engines' ([`differences`]), and packaging ([`build`]): from a kit's folder, the
//! student handout and the instructor's archive, as folders and as `.tar` files.
//!
//! Every kit has the same layout (kits/README.md): `handout/` (what the text gives the
//! students, and their README), `solution/` (the reference solution), `tests/` (JUnit 5
//! tests) and `tests/data/` (written by `kits data`), `mutants/*.patch` (students'
//! mistakes), `test.sh` (the kit's check). The handout gets `handout/`'s files at its
//! top and `tests/` beside them (but for the tests that would give an answer away); the
//! instructor's archive gets `solution/`, `mutants/`, those tests,
//! `cases/RULES/` for the graders, `given/` for the Gradescope zip, the Gradescope
//! autograder that runs the JUnit tests ([`crate::gradescope`]), a `README.md` written
//! here (the commands, the decisions, the warnings), and every file of the kit's own
//! `instructor/` folder (model answers, notes), its `README.md` appended to the archive's.

use std::fs;
use std::io;
use std::path::Path;
use std::process::ExitCode;

use ochos_locos::Variant;
use ochos_locos::render::Style;

use crate::gradescope::files_under;
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
    /// The `ochos-locos` rule sets the instructor's archive has cases for, each with the
    /// program (class) of the solution that plays it.
    pub ochos_cases: &'static [(Variant, &'static str)],
    /// The JUnit test classes (`tests/CLASS.java`, default package), in the order the
    /// assignment builds the classes: one Gradescope test each in `gradescope-junit.zip`
    /// (none: no such zip).
    pub junit_classes: &'static [&'static str],
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
    /// Test sources, under `tests/`, that would give a task's answer away (Quattro's
    /// `ClassStructureTest` names which class extends or implements which, Task 1): kept
    /// out of the handout, in the instructor's `tests/`.
    pub answer_tests: &'static [&'static str],
}

/// The kits, in the order of the assignments.
pub const KITS: &[Kit] = &[
    Kit {
        name: "ochos-locos-a2",
        files: ochos_a2::files,
        ochos_cases: &[
            (Variant::MatchMaking, "MatchMaking"),
            (Variant::TakeTwo, "TakeTwo"),
            (Variant::GoingWild, "GoingWild"),
            (Variant::MoreTheMerrier, "MoreTheMerrier"),
        ],
        junit_classes: &[
            "MatchMakingTest",
            "TakeTwoTest",
            "GoingWildTest",
            "MoreTheMerrierTest",
        ],
        given_as_classes: &[],
        given: &[],
        answer_tests: &[],
    },
    Kit {
        name: "ochos-locos-a4",
        files: ochos_a4::files,
        ochos_cases: &[
            (Variant::Faciles, "OchosLocos"),
            (Variant::Diversidad, "OchosLocosDiversity"),
            (Variant::Completos, "OchosLocosComplete"),
        ],
        // As Mimir ran them: class by class, in the order of the text.
        junit_classes: &[
            "CardTest",
            "PlayerTest",
            "GameTest",
            "OchosLocosTest",
            "ColorPlayerTest",
            "NumberPlayerTest",
            "StrategicPlayerTest",
            "GameWithStrategiesTest",
            "OchosLocosDiversityTest",
            "FullGameTest",
            "OchosLocosCompleteTest",
        ],
        given_as_classes: &[],
        given: &[],
        answer_tests: &[],
    },
    Kit {
        name: "quattro",
        files: quattro::files,
        ochos_cases: &[],
        // Its tests are in the package `quattrotest`: not (yet) run by the JUnit zip.
        junit_classes: &[],
        given_as_classes: &[],
        given: &[],
        answer_tests: &["quattrotest/ClassStructureTest.java"],
    },
    Kit {
        name: "war",
        files: war::files,
        ochos_cases: &[],
        junit_classes: &["CardTest", "PlayerTest", "GameTest"],
        given_as_classes: &[],
        given: &[],
        answer_tests: &[],
    },
    Kit {
        name: "pig",
        files: pig::files,
        ochos_cases: &[],
        junit_classes: &["PigDiceTest", "PigPlayerTest", "PigGameTest"],
        given_as_classes: &["PigDice.java", "PigPlayer.java"],
        given: &["Pig.java", "PigDice.java", "PigPlayer.java"],
        answer_tests: &[],
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
    for name in kit.answer_tests {
        let (from, to) = (
            handout.join("tests").join(name),
            instructor.join("tests").join(name),
        );
        if let Some(parent) = to.parent() {
            fs::create_dir_all(parent).map_err(|e| at(parent, e))?;
        }
        fs::rename(&from, &to).map_err(|e| at(&from, e))?;
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
    for &(variant, _) in kit.ochos_cases {
        let set = ochos_locos::cases::make(variant, seed, RANDOM_CASES, Style::default())
            .map_err(|e| format!("cases for {}: {e}", variant.name()))?;
        let dir = instructor.join("cases").join(variant.name());
        set.write(&dir).map_err(|e| at(&dir, e))?;
    }

    if !kit.junit_classes.is_empty() {
        let dir = instructor.join("gradescope-junit");
        let zip = instructor.join("gradescope-junit.zip");
        crate::gradescope::write(kit.junit_classes, kit.given, &source, &dir, &zip)
            .map_err(|e| at(&dir, e))?;
    }
    // The kit's own instructor files (model answers, notes), whatever they are; its
    // README.md goes at the end of the archive's.
    let own = source.join(INSTRUCTOR_DIR);
    let mut notes = None;
    for relative in files_under(&own).map_err(|e| at(&own, e))? {
        let from = own.join(&relative);
        if relative == Path::new("README.md") {
            notes = Some(fs::read_to_string(&from).map_err(|e| at(&from, e))?);
            continue;
        }
        let to = instructor.join(&relative);
        if to.exists() {
            return Err(format!(
                "{}: {} would replace a file the package writes itself; rename it",
                kit.name,
                from.display()
            ));
        }
        if let Some(parent) = to.parent() {
            fs::create_dir_all(parent).map_err(|e| at(parent, e))?;
        }
        fs::copy(&from, &to).map_err(|e| at(&from, e))?;
    }
    let readme = instructor.join("README.md");
    fs::write(&readme, instructor_readme(kit, notes.as_deref())).map_err(|e| at(&readme, e))?;

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

/// The kit's folder of files for the instructor's archive only.
pub const INSTRUCTOR_DIR: &str = "instructor";

/// The instructor archive's `README.md`: what the archive holds, the commands, the
/// decisions the tests and graders share, the warnings; then the kit's own notes.
pub fn instructor_readme(kit: &Kit, notes: Option<&str>) -> String {
    let name = kit.name;
    let mut text = format!(
        "# {name}: the instructor's archive\n\n\
         Keep it from the students. Made by `kits package {name}` from the workspace's\n\
         `kits/{name}/` (whose `README.md` describes the kit).\n\n\
         ## What is here\n\n\
         - `solution/`: the reference solution.\n\
         - `mutants/`: students' typical mistakes, each a patch of `solution/` with the rule it\n  \
         breaks; the tests catch every one (`kits/{name}/test.sh` checks it).\n"
    );
    if !kit.ochos_cases.is_empty() {
        text.push_str(
            "- `cases/RULES/`: the grading cases of each rule set, for `ochos-locos grade` and\n  \
             `ochos-locos gradescope`: one per situation of the rules, then random deals.\n",
        );
    }
    if !kit.given.is_empty() {
        text.push_str(
            "- `given/`: the files the students use but do not write, laid over every\n  \
             submission by the Gradescope zips.\n",
        );
    }
    if !kit.given_as_classes.is_empty() {
        text.push_str("- `given-src/`: the sources of the classes the handout gives compiled.\n");
    }
    if !kit.junit_classes.is_empty() {
        text.push_str(
            "- `gradescope-junit.zip` (and `gradescope-junit/`, the same files to read): the\n  \
             Gradescope autograder that runs the kit's JUnit tests, one Gradescope test per test\n  \
             class, as Mimir ran them.\n",
        );
    }
    text.push_str(
        "\n## Check the kit\n\nFrom the workspace's root (JDK 17 and `junit5`):\n\n```sh\n",
    );
    text.push_str(&format!("KIT_JOBS=2 bash kits/{name}/test.sh\n```\n\n"));
    text.push_str("## Grade on Gradescope\n\n");
    text.push_str(
        "Build the graders in release, with grading, first (`cargo build --release -p ochos-locos\n\
         -p pig --features ochos-locos/grade,pig/grade`) and run these from this folder. Each\n\
         makes a zip to upload in the assignment's \"Configure Autograder\" page\n\
         (`docs/grading.md`, \"Gradescope\").\n\n",
    );
    if !kit.ochos_cases.is_empty() {
        text.push_str("Whole programs, isolated, on the cases (one zip a program):\n\n```sh\n");
        for (variant, class) in kit.ochos_cases {
            let rules = variant.name();
            text.push_str(&format!(
                "ochos-locos gradescope {rules} --cases cases/{rules} --out {rules}.zip \\\n    \
                 --setup 'apt-get install -y default-jdk-headless' \\\n    \
                 --compile 'javac -proc:none ./*.java' -- java {class}\n"
            ));
        }
        text.push_str("```\n\n");
    }
    if name == "pig" {
        text.push_str(
            "Whole games, isolated, each answer checked by the rules:\n\n```sh\n\
             pig gradescope --games 20 --seed 1 --tell-case --timeout 5 --out pig.zip \\\n    \
             --setup 'apt-get install -y default-jdk-headless' --given given \\\n    \
             --compile 'javac -proc:none ./*.java' -- java Pig\n```\n\n\
             `--tell-case` names each game to the program: the given `Pig.java` seeds the \
             dice from that name, so that a regrade plays the same games and gives the same \
             marks (Pig has no expected output to hide).\n\n",
        );
    }
    if !kit.junit_classes.is_empty() {
        text.push_str(&format!(
            "The JUnit tests: upload `gradescope-junit.zip` as it is. `tests.txt` gives each test\n\
             class its points (1 each; a class scores when all its tests pass) and the time one\n\
             class may take ({} s); edit it in `gradescope-junit/` and zip that folder's\n\
             contents again (`cd gradescope-junit && zip -r ../gradescope-junit.zip .`). The\n\
             classes: {}.\n\n",
            crate::gradescope::CLASS_TIMEOUT,
            kit.junit_classes.join(", ")
        ));
    }
    text.push_str(
        "## The decisions\n\n\
         The kit's tests, the graders and the Gradescope zips give a student one verdict:\n\
         where the assignment's text allows several readings, all of them pass everywhere,\n\
         and the handout's `README.md` lists them for the students (\"What the tests expect\n\
         where the assignment is silent\"). Among them: blanks at the end of a line and a\n\
         missing last newline are forgiven (the graders' `--strict` counts them: tell the\n\
         students if you use it), an extra line, blank or not, is wrong; Pig's error message\n\
         may take one line or more. `docs/kits.md` and `docs/grading.md` (\"Readings the\n\
         texts allow\") give the whole list.\n\n",
    );
    text.push_str(
        "## Warnings\n\n\
         - **A `package` line gives 0 on Gradescope.** The tests and the graders look for\n  \
         the classes in the default package, as the handout says; a file that starts with\n  \
         `package something;` (IDEs add it) compiles, but its classes are not found: every\n  \
         test of them fails. The JUnit zip says so in its output; tell the students before\n  \
         the deadline.\n\
         - **`Thread.sleep` in a turn can pass the time limit.** A program that pauses in\n  \
         each turn (to look like a game played by hand) is right when played, but every\n  \
         game of the tests and of the graders has a time limit (10 s a game in the tests,\n  \
         `--timeout`, default 10 s, a case in the graders, and Gradescope's own): it is\n  \
         stopped and fails. Say in the assignment that the program must not pause.\n\
         - **What the JUnit zip can and cannot stop.** It runs the students' classes as an\n  \
         unprivileged user, each test class in a JVM of its own; their code cannot write\n  \
         `results.json`, the tests or another class's report. But a unit test runs their\n  \
         code inside the tests' JVM, so a program written to cheat can forge its own class's\n  \
         report, as it could on Mimir. The whole-program graders run the program isolated\n  \
         and read only its output: trust them for the marks that matter, and read a\n  \
         submission whose JUnit marks and graded marks disagree.\n\
         - The points of each graded case or game, and which the students see: the graders'\n  \
         options in `docs/grading.md`; Gradescope scales the total to the assignment's\n  \
         points.\n",
    );
    if let Some(notes) = notes {
        text.push('\n');
        text.push_str(notes);
        if !notes.ends_with('\n') {
            text.push('\n');
        }
    }
    text
}

/// Makes `dir` empty (removing what a previous package left there).
fn fresh(dir: &Path) -> io::Result<()> {
    if dir.exists() {
        fs::remove_dir_all(dir)?;
    }
    fs::create_dir_all(dir)
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

    fn no_data() -> Result<Vec<DataFile>, KitError> {
        Ok(Vec::new())
    }

    const FAKE: Kit = Kit {
        name: "fake",
        files: no_data,
        ochos_cases: &[],
        junit_classes: &["FakeTest"],
        given_as_classes: &[],
        given: &[],
        answer_tests: &["answers/ShapeTest.java"],
    };

    fn fake_kit(root: &Path) -> io::Result<()> {
        let kit = root.join("fake");
        for (path, text) in [
            ("handout/README.md", "for the students\n"),
            ("solution/A.java", "public class A {}\n"),
            ("tests/FakeTest.java", "class FakeTest {}\n"),
            ("tests/answers/ShapeTest.java", "class ShapeTest {}\n"),
            ("instructor/README.md", "## Model answers\n\nSee model/.\n"),
            ("instructor/model/DESIGN.md", "the design\n"),
        ] {
            let file = kit.join(path);
            fs::create_dir_all(file.parent().unwrap_or(&kit))?;
            fs::write(file, text)?;
        }
        Ok(())
    }

    /// Whatever a kit keeps in `instructor/` reaches the instructor's archive (helpers
    /// add model answers there without touching this code), its README at the end of
    /// the archive's own, which carries the commands and the warnings; and the JUnit
    /// autograder is packed.
    #[test]
    fn the_instructor_archive_has_the_kits_files_a_readme_and_the_junit_zip()
    -> Result<(), Box<dyn std::error::Error>> {
        let scratch = std::env::temp_dir().join(format!("kits-instructor-{}", std::process::id()));
        let _ = fs::remove_dir_all(&scratch);
        fake_kit(&scratch.join("kits"))?;
        let out = scratch.join("dist");
        build(&FAKE, &scratch.join("kits"), &out, 1)?;
        let instructor = out.join("fake-instructor");
        assert_eq!(
            fs::read_to_string(instructor.join("model/DESIGN.md"))?,
            "the design\n"
        );
        // A test that gives an answer away is the instructor's, not the students'.
        let handout = out.join("fake-handout");
        assert!(handout.join("tests/FakeTest.java").is_file());
        assert!(!handout.join("tests/answers/ShapeTest.java").exists());
        assert!(instructor.join("tests/answers/ShapeTest.java").is_file());
        let readme = fs::read_to_string(instructor.join("README.md"))?;
        for needed in [
            "A `package` line gives 0 on Gradescope",
            "`Thread.sleep` in a turn can pass the time limit",
            "gradescope-junit.zip",
            "KIT_JOBS=2 bash kits/fake/test.sh",
        ] {
            assert!(
                readme.contains(needed),
                "{needed:?} missing from:\n{readme}"
            );
        }
        assert!(
            readme.ends_with("## Model answers\n\nSee model/.\n"),
            "{readme}"
        );
        assert!(!instructor.join("instructor").exists());
        let mut zip =
            zip::ZipArchive::new(fs::File::open(instructor.join("gradescope-junit.zip"))?)?;
        let mut names = Vec::new();
        for index in 0..zip.len() {
            let entry = zip.by_index(index)?;
            names.push((
                entry.name()?.into_owned(),
                entry.unix_mode().unwrap_or(0) & 0o777,
            ));
        }
        assert_eq!(
            names,
            [
                ("setup.sh".to_owned(), 0o755),
                ("run_autograder".to_owned(), 0o755),
                ("junit_grade.py".to_owned(), 0o644),
                ("tests.txt".to_owned(), 0o644),
                ("tests/FakeTest.java".to_owned(), 0o644),
                ("tests/answers/ShapeTest.java".to_owned(), 0o644),
            ]
        );
        let tests = fs::read_to_string(instructor.join("gradescope-junit/tests.txt"))?;
        assert!(tests.ends_with("# timeout 300\nFakeTest 1\n"), "{tests}");
        // A file of instructor/ may not replace one the package writes.
        let clash = scratch.join("kits/fake/instructor/solution/A.java");
        fs::create_dir_all(clash.parent().unwrap_or(&scratch))?;
        fs::write(&clash, "class A {}\n")?;
        let error = build(&FAKE, &scratch.join("kits"), &out, 1)
            .err()
            .unwrap_or_default();
        assert!(
            error.contains("would replace a file the package writes itself"),
            "{error}"
        );
        fs::remove_dir_all(&scratch)?;
        Ok(())
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
