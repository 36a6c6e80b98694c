//! The `cardgames-web` binary's command line: the trycmd cases in
//! `tests/cmd/cardgames-web/` (its name and version, help, completions and man page, a
//! bad option). Serving itself is tried in `tests/loopback.rs`.

#[test]
fn cli() {
    trycmd::TestCases::new()
        .register_bin("cardgames-web", trycmd::cargo::cargo_bin!("cardgames-web"))
        .case("../../tests/cmd/cardgames-web/*.toml");
}
