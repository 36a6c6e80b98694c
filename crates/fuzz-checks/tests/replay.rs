//! Replays every checked-in fuzz input through its check: the seed inputs each target
//! starts from (`fuzz/seeds/TARGET/`) and every input a fuzzer found to break a
//! promise, kept after the fix (`fuzz/regressions/TARGET/`), so that `cargo test`
//! guards what fuzzing found without a fuzzer.

use std::fs;
use std::path::{Path, PathBuf};

/// A target's check of one input.
type Check = fn(&[u8]);

/// Each target's name (its folder) and check, as in `fuzz/fuzz_targets/`.
const TARGETS: [(&str, Check); 10] = [
    ("ochos_locos_deal", fuzz_checks::ochos_locos_deal),
    ("war_deck", fuzz_checks::war_deck),
    ("quattro_deck", fuzz_checks::quattro_deck),
    ("pig_dice", fuzz_checks::pig_dice),
    ("pig_transcript", fuzz_checks::pig_transcript),
    ("card_codes", fuzz_checks::card_codes),
    ("war_answers", fuzz_checks::war_answers),
    ("quattro_answers", fuzz_checks::quattro_answers),
    ("pig_answers", fuzz_checks::pig_answers),
    ("ochos_locos_answers", fuzz_checks::ochos_locos_answers),
];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files in `dir`, sorted; none if it does not exist.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.is_file())
            .collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

#[test]
fn every_target_has_a_fuzz_target_and_seeds() {
    for (name, _) in TARGETS {
        let source = fuzz_dir().join("fuzz_targets").join(format!("{name}.rs"));
        let text = fs::read_to_string(&source).unwrap();
        assert!(
            text.contains(&format!("fuzz_checks::{name}(data)")),
            "{source:?}"
        );
        assert!(
            !inputs(&fuzz_dir().join("seeds").join(name)).is_empty(),
            "no seeds for {name}"
        );
    }
    let targets = fs::read_dir(fuzz_dir().join("fuzz_targets"))
        .unwrap()
        .count();
    assert_eq!(
        targets,
        TARGETS.len(),
        "a fuzz target this test does not replay"
    );
}

#[test]
fn seeds_and_regressions_pass_their_checks() {
    let mut replayed = 0;
    for (name, check) in TARGETS {
        for folder in ["seeds", "regressions"] {
            for path in inputs(&fuzz_dir().join(folder).join(name)) {
                let data = fs::read(&path).unwrap();
                let outcome = std::panic::catch_unwind(|| check(&data));
                assert!(outcome.is_ok(), "{name} fails on {}", path.display());
                replayed += 1;
            }
        }
    }
    assert!(replayed >= TARGETS.len(), "only {replayed} inputs replayed");
}
