//! What several of this crate's test files need: whether the tests run as root (the
//! dedicated-user fallback needs it), the cases the grading tests grade, and an unzip
//! apart from our zip writer.

// Test support: a failure here is the test's failure.
#![allow(clippy::unwrap_used, dead_code)]

use std::path::Path;
use std::process::Command;

/// Whether this process runs as root.
pub fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    // A file this process creates is owned by its effective user.
    let probe = tempfile::tempfile().unwrap();
    probe.metadata().map(|m| m.uid() == 0).unwrap_or(false)
}

/// Unpacks `zip` into `dir` with Python's zipfile (a reader apart from our writer),
/// keeping the files' modes, as Gradescope's unzip does (the cases 0644).
pub fn unzip(zip: &Path, dir: &Path) {
    let script = "import os,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nfor i in z.infolist():\n    p=z.extract(i,sys.argv[2])\n    os.chmod(p,(i.external_attr>>16)&0o777)\n";
    let status = Command::new("python3")
        .args(["-c", script])
        .arg(zip)
        .arg(dir)
        .status()
        .unwrap();
    assert!(status.success());
}

/// Writes into `dir` the cases the grading tests grade: `ochos-locos cases match-making
/// --seed 1` (4 cases), made by the binary `bin`.
pub fn match_making_cases(bin: &str, dir: &Path) {
    let made = Command::new(bin)
        .args(["cases", "match-making", "--seed", "1", "--out"])
        .arg(dir)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
}
