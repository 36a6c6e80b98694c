//! Text as the reports show it: a graded program's lines (and a case's name) escaped so
//! that they cannot act on a terminal or hide ([`printable`]), cut to a length
//! ([`quoted`], [`shorten`]), and the first lines of what a compile step printed
//! ([`first_lines`]).

/// `text` with its control, format (bidirectional, zero-width, tag), separator and
/// other invisible characters escaped (`\u{1b}`, `\u{202e}`, `\u{200b}`, `\u{e0041}`;
/// the list is [`cards_core::invisible::is_hidden`]'s, written once for the games and
/// the grader): a graded program's line (or a
/// case's name) is shown to the grader and the student, and an escape sequence must not
/// act on a terminal, nor an invisible character make two lines look the same or a
/// line read backwards.
pub fn printable(text: &str) -> String {
    cards_core::invisible::printable(text)
}

/// `text` cut to at most `max` characters, with `…` where it was cut.
pub fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

/// The longest quoted line, in characters: far longer than any line of a game, short
/// enough that one endless line cannot flood a report.
pub const QUOTED_CHARS: usize = 200;

/// A line as a verdict quotes it: escaped ([`printable`]) and cut to [`QUOTED_CHARS`]
/// around `column` (where it differs), with `…` where it was cut.
pub fn quoted(line: &str, column: usize) -> String {
    let count = line.chars().count();
    if count <= QUOTED_CHARS {
        return printable(line);
    }
    let start = column
        .saturating_sub(QUOTED_CHARS / 2)
        .min(count - QUOTED_CHARS);
    let window: String = line.chars().skip(start).take(QUOTED_CHARS).collect();
    let before = if start > 0 { "…" } else { "" };
    let after = if start + QUOTED_CHARS < count {
        "…"
    } else {
        ""
    };
    format!("{before}{}{after}", printable(&window))
}

/// The first `count` lines of `text` that are not blank, each cut and escaped, and a
/// line saying how many more there were: what a compile step printed, for the report
/// (a compiler's first error is the one to fix first).
pub fn first_lines(text: &str, count: usize) -> Vec<String> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut shown: Vec<String> = lines
        .iter()
        .take(count)
        .map(|line| quoted(line.trim_end(), 1))
        .collect();
    if lines.len() > count {
        shown.push(format!("(and {} more lines)", lines.len() - count));
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn control_and_invisible_characters_are_escaped() {
        assert_eq!(
            printable("ok\u{202e}ssap\u{200b}\u{1b}[2J"),
            "ok\\u{202e}ssap\\u{200b}\\u{1b}[2J"
        );
        // Issue 37: reports showed tag characters, variation selectors and the Hangul
        // filler raw.
        assert_eq!(
            printable("A\u{e0041}\u{fe0f}\u{3164}\u{115f}B\u{e0100}"),
            "A\\u{e0041}\\u{fe0f}\\u{3164}\\u{115f}B\\u{e0100}"
        );
    }

    #[test]
    fn a_long_line_is_cut_around_its_column() {
        let line = format!("{}X{}", "a".repeat(5000), "b".repeat(5000));
        let shown = quoted(&line, 5001);
        assert_eq!(shown.chars().count(), QUOTED_CHARS + 2);
        assert!(shown.starts_with('…') && shown.ends_with('…'), "{shown}");
        assert!(shown.contains("aX"), "{shown}");
        assert_eq!(shorten("abcdef", 3), "abc…");
        assert_eq!(shorten("abc", 3), "abc");
    }

    #[test]
    fn first_lines_skip_blank_ones_and_count_the_rest() {
        assert_eq!(
            first_lines("\nA.java:1: error: x  \n\n  ^\nB\nC\n", 2),
            ["A.java:1: error: x", "  ^", "(and 2 more lines)"]
        );
    }
}
