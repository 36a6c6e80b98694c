//! The `pig` binary's behaviour, from the trycmd cases in `tests/cmd/pig/`.

#[test]
fn cli() {
    trycmd::TestCases::new()
        .register_bin("pig", trycmd::cargo::cargo_bin!("pig"))
        .case("../../tests/cmd/pig/*.toml");
}
