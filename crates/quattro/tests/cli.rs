//! The command line's behaviour, from the trycmd cases in `tests/cmd/quattro/`.

#[test]
fn cli() {
    trycmd::TestCases::new()
        .register_bin("quattro", trycmd::cargo::cargo_bin!("quattro"))
        .case("../../tests/cmd/quattro/*.toml");
}
