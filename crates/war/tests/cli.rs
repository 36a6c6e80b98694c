//! The `war` binary's behaviour, from the snapshot cases in `tests/cmd/war/`.

#[test]
fn cli() {
    trycmd::TestCases::new()
        .register_bin("war", trycmd::cargo::cargo_bin!("war"))
        .case("../../tests/cmd/war/*.toml");
}
