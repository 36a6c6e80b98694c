//! What a first `cargo run -p GAME` builds, read from cargo's own resolution
//! (`cargo tree`, offline, from Cargo.lock): playing builds none of the tools' crates, and
//! each crate it does build has the features `cargo test --workspace` gives it, so that
//! a run after the tests reuses the tests' builds of every dependency.

// Test code: a failure here is the test's failure.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

const GAMES: [&str; 4] = ["ochos-locos", "quattro", "war", "pig"];

/// The crates of grading (the grader, its zip writer and its compressor, its sandbox's
/// temporary folders) and of Pig's picture: a game's binary needs them only with the
/// features `grade` and `plot`.
const TOOLS: [&str; 6] = ["grader", "zip", "zopfli", "flate2", "tempfile", "plotters"];

/// Each package of the graph `args` selects, by name and version, with its features;
/// the workspace's own crates (with a path) only with `ours`.
fn resolved(args: &[&str], ours: bool) -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml");
    let output = Command::new(env!("CARGO"))
        .args(["tree", "--offline", "--locked", "--manifest-path"])
        .arg(&root)
        .args(args)
        .args(["--prefix", "none", "--format", "{p}|{f}"])
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo tree {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("cargo tree writes UTF-8");
    let mut packages = BTreeMap::new();
    for line in text.lines() {
        // Blank lines between the roots, and the `[dev-dependencies]` headings, carry no
        // package.
        let Some((package, features)) = line.split_once('|') else {
            continue;
        };
        // The workspace's crates are built again anyway when their features differ (the
        // tests turn on their own test-only features): what matters is the rest.
        if package.contains("(/") && !ours {
            continue;
        }
        let name = package
            .split(" (")
            .next()
            .unwrap_or(package)
            .trim()
            .to_owned();
        let features = features
            .split(" (")
            .next()
            .unwrap_or(features)
            .trim()
            .to_owned();
        packages.insert(name, features);
    }
    packages
}

#[test]
fn playing_builds_no_grader_zip_writer_or_plotter() {
    for game in GAMES {
        let graph = resolved(&["-p", game, "--edges", "normal,build"], true);
        let tools: Vec<&String> = graph
            .keys()
            .filter(|package| {
                TOOLS
                    .iter()
                    .any(|tool| package.split(' ').next() == Some(tool))
            })
            .collect();
        assert!(
            tools.is_empty(),
            "cargo run -p {game} builds {tools:?}: put them behind a feature (grade, plot)"
        );
    }
}

#[test]
fn playing_after_the_tests_reuses_every_dependency_build() {
    let tests = resolved(&["--workspace", "--edges", "normal,build,dev"], false);
    // Grading too: `cargo run -p pig --features grade -- grade …` after the tests.
    let builds = GAMES
        .iter()
        .map(|game| (*game, "cli"))
        .chain(GAMES.iter().map(|game| (*game, "grade")))
        .chain([("pig", "grade,plot")]);
    for (game, features) in builds {
        let play = resolved(
            &[
                "-p",
                game,
                "--features",
                features,
                "--edges",
                "normal,build",
            ],
            false,
        );
        let differ: Vec<String> = play
            .iter()
            .filter_map(|(package, in_play)| {
                let in_tests = tests.get(package)?;
                (in_tests != in_play)
                    .then(|| format!("{package}: playing [{in_play}], the tests [{in_tests}]"))
            })
            .collect();
        assert!(
            differ.is_empty(),
            "cargo run -p {game} --features {features} builds these with other features than cargo test \
             --workspace, so it builds them (and all above them) again; ask for the tests' \
             features in crates/workspace-hack/Cargo.toml:\n{}",
            differ.join("\n")
        );
    }
}
