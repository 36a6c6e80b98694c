//! Small pieces of wording and naming every game needs: rule-set names read from the
//! command line, and plurals.

/// A family of rule sets with one command-line name each (`quattro`, `uno`).
pub trait RuleSet: Copy + 'static {
    /// Every rule set, in the order `--help` lists them.
    const ALL: &'static [Self];

    /// The name on the command line.
    fn name(self) -> &'static str;
}

/// A name that is none of the rule sets.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set '{given}': use {expected}")]
pub struct UnknownRuleSet {
    /// What was given.
    pub given: String,
    /// The names that would do, as a list (`quattro or uno`).
    pub expected: String,
}

/// The rule set named `text` (surrounding spaces and case ignored).
pub fn parse_rule_set<T: RuleSet>(text: &str) -> Result<T, UnknownRuleSet> {
    T::ALL
        .iter()
        .copied()
        .find(|rules| rules.name().eq_ignore_ascii_case(text.trim()))
        .ok_or_else(|| UnknownRuleSet {
            given: text.to_owned(),
            expected: or_list(T::ALL.iter().map(|rules| rules.name())),
        })
}

/// `a`, `a or b`, `a, b or c`.
pub fn or_list<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.into_iter().collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// `a`, `a and b`, `a, b and c`: the players a person plays against.
pub fn and_list<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.into_iter().collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The plural ending for `count` things: `""` for one, `"s"` otherwise.
pub fn plural(count: u64) -> &'static str {
    if count == 1 { "" } else { "s" }
}

/// `count` and its noun, made plural by `s` where needed: `1 game`, `2 games`.
pub fn count_of(count: u64, noun: &str) -> String {
    format!("{count} {noun}{}", plural(count))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn lists_with_and() {
        assert_eq!(and_list([]), "");
        assert_eq!(and_list(["Bob"]), "Bob");
        assert_eq!(and_list(["Bob", "Carol"]), "Bob and Carol");
        assert_eq!(and_list(["Bob", "Carol", "Dave"]), "Bob, Carol and Dave");
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Deck {
        Small,
        Large,
        Huge,
    }

    impl RuleSet for Deck {
        const ALL: &'static [Deck] = &[Deck::Small, Deck::Large, Deck::Huge];
        fn name(self) -> &'static str {
            match self {
                Deck::Small => "small",
                Deck::Large => "large",
                Deck::Huge => "huge",
            }
        }
    }

    #[test]
    fn rule_set_names_parse_and_refusals_list_them() {
        assert_eq!(parse_rule_set::<Deck>(" LARGE "), Ok(Deck::Large));
        assert_eq!(
            parse_rule_set::<Deck>("tiny").map_err(|e| e.to_string()),
            Err("unknown rule set 'tiny': use small, large or huge".to_owned())
        );
        assert_eq!(or_list(["a", "b"]), "a or b");
        assert_eq!(or_list(["a"]), "a");
    }

    #[test]
    fn plurals() {
        assert_eq!(count_of(1, "game"), "1 game");
        assert_eq!(count_of(0, "game"), "0 games");
        assert_eq!(count_of(2, "battle"), "2 battles");
    }
}
