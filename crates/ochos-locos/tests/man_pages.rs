//! `ochos-locos man --out DIR` writes every page the main page points to: each
//! `ochos-locos-SUBCOMMAND(1)` its SUBCOMMANDS section names is a file in DIR, every
//! file written is listed on stdout, and the options of play (`--human`, `--seed`) are
//! in the rule sets' pages. `ochos-locos` has the most subcommands of the four games;
//! the pages are written by one function for all of them (`cards_core::cli`).

use std::collections::BTreeSet;
use std::fs;
use std::process::Command;

fn references(page: &str) -> BTreeSet<String> {
    // clap_mangen escapes a dash as `\-` in roff.
    let page = page.replace("\\-", "-");
    let section = page
        .split_once(".SH SUBCOMMANDS")
        .map_or("", |(_, rest)| rest.split(".SH ").next().unwrap_or(""));
    section
        .lines()
        .filter_map(|line| line.strip_suffix("(1)"))
        .map(|name| format!("{name}.1"))
        .collect()
}

#[test]
fn man_out_writes_every_page_the_main_page_names() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("man1");
    let run = Command::new(env!("CARGO_BIN_EXE_ochos-locos"))
        .args(["man", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(run.status.success(), "{run:?}");
    assert!(run.stderr.is_empty(), "{run:?}");
    let listed: BTreeSet<String> = String::from_utf8(run.stdout)
        .unwrap()
        .lines()
        .map(|line| line.rsplit('/').next().unwrap().to_owned())
        .collect();
    let files: BTreeSet<String> = fs::read_dir(&out)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(listed, files);

    let main = fs::read_to_string(out.join("ochos-locos.1")).unwrap();
    let named = references(&main);
    assert!(named.contains("ochos-locos-completos.1"), "{named:?}");
    assert!(named.contains("ochos-locos-simulate.1"), "{named:?}");
    let missing: Vec<&String> = named.difference(&files).collect();
    assert!(missing.is_empty(), "named but not written: {missing:?}");

    let completos = fs::read_to_string(out.join("ochos-locos-completos.1")).unwrap();
    for option in ["\\-\\-human", "\\-\\-seed"] {
        assert!(
            completos.contains(option),
            "{option} not in completos' page"
        );
    }
}

#[test]
fn man_takes_only_out_dir() {
    for args in [
        &["man", "--out"][..],
        &["man", "pages"],
        &["man", "--out", "a", "b"],
    ] {
        let run = Command::new(env!("CARGO_BIN_EXE_ochos-locos"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(run.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("man [--out DIR]"), "{stderr}");
    }
}
