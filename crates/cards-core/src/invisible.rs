//! Characters a person cannot see, or that change how the text around them shows, and
//! text with them escaped: what every place that shows a person text from a file or
//! another program (a name in a recorded game, a graded program's line, a refused
//! token) writes instead of the text itself.
//!
//! Without it, an escape sequence acts on the terminal, a right-to-left override makes
//! a line read backwards (`ssap` shown as `pass`), and a zero-width space, a tag
//! character (`U+E0041`), a variation selector or a Hangul filler makes two different
//! lines, or names, look the same.
//!
//! The grader's reports use the same list (`grader::text::printable`), so that it is
//! written once.

/// Whether `c` is shown escaped: a control character (category Cc), a format character
/// (Cf: the bidirectional marks, embeddings, overrides and isolates, zero-width spaces
/// and joiners, the word joiner and invisible operators, the byte-order mark, the tags
/// `U+E0000` to `U+E007F`, and the rest of Cf), a line or paragraph separator, a
/// variation selector (and the combining grapheme joiner), a Hangul filler
/// (`U+115F`, `U+1160`, `U+3164`, `U+FFA0`), or another code point Unicode sets aside
/// as "default ignorable": shown as nothing.
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c,
            // Category Cf (Unicode 15), and the format characters to come in its blocks.
            '\u{00ad}' | '\u{0600}'..='\u{0605}' | '\u{061c}' | '\u{06dd}' | '\u{070f}'
            | '\u{0890}'..='\u{0891}' | '\u{08e2}' | '\u{180e}' | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}' | '\u{110bd}' | '\u{110cd}' | '\u{13430}'..='\u{1343f}'
            | '\u{1bca0}'..='\u{1bca3}' | '\u{1d173}'..='\u{1d17a}'
            // The tags, the variation selectors supplement, and the plane's unassigned
            // default-ignorable rest.
            | '\u{e0000}'..='\u{e0fff}'
            // A line break that a line-by-line comparison does not see as one.
            | '\u{2028}' | '\u{2029}'
            // Variation selectors, Mongolian's, and the combining grapheme joiner.
            | '\u{034f}' | '\u{180b}'..='\u{180d}' | '\u{180f}' | '\u{fe00}'..='\u{fe0f}'
            // Hangul fillers (blank letters), Khmer's silent inherent vowels, and the
            // specials' unassigned default-ignorable code points.
            | '\u{115f}' | '\u{1160}' | '\u{3164}' | '\u{ffa0}' | '\u{17b4}' | '\u{17b5}'
            | '\u{fff0}'..='\u{fff8}')
}

/// `text` with every [`is_hidden`] character escaped as Rust writes it (`\u{202e}`,
/// `\u{1b}`, `\n`), the rest as it is. A backslash is left alone: this is for showing,
/// not for reading back.
pub fn printable(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if is_hidden(c) {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The characters of the reports of issue 37, and their neighbours.
    #[test]
    fn what_shows_as_nothing_is_escaped() {
        assert_eq!(
            printable("ok\u{202e}ssap\u{200b}\u{1b}[2J"),
            "ok\\u{202e}ssap\\u{200b}\\u{1b}[2J"
        );
        assert_eq!(printable("A\u{e0041}B"), "A\\u{e0041}B");
        assert_eq!(printable("x\u{fe0f}\u{e0100}"), "x\\u{fe0f}\\u{e0100}");
        for filler in ['\u{115f}', '\u{1160}', '\u{3164}', '\u{ffa0}'] {
            assert!(is_hidden(filler), "{filler:?}");
        }
        for format in ['\u{00ad}', '\u{2066}', '\u{2069}', '\u{feff}', '\u{e0001}'] {
            assert!(is_hidden(format), "{format:?}");
        }
        // Letters, accents, spaces and symbols a name or a line may hold are left alone.
        let plain = "Zoë Lee, 10♥ → Ñandú ½ 東京 \u{a0}\\u{1b}";
        assert_eq!(printable(plain), plain);
    }

    /// Every character of category Cf of Unicode 14 (as Python's `unicodedata` lists
    /// them, an implementation apart from this one) is hidden.
    #[test]
    fn every_format_character_is_hidden() {
        let cf = [
            (0x00ad, 0x00ad),
            (0x0600, 0x0605),
            (0x061c, 0x061c),
            (0x06dd, 0x06dd),
            (0x070f, 0x070f),
            (0x0890, 0x0891),
            (0x08e2, 0x08e2),
            (0x180e, 0x180e),
            (0x200b, 0x200f),
            (0x202a, 0x202e),
            (0x2060, 0x2064),
            (0x2066, 0x206f),
            (0xfeff, 0xfeff),
            (0xfff9, 0xfffb),
            (0x110bd, 0x110bd),
            (0x110cd, 0x110cd),
            (0x13430, 0x13438),
            (0x1bca0, 0x1bca3),
            (0x1d173, 0x1d17a),
            (0xe0001, 0xe0001),
            (0xe0020, 0xe007f),
        ];
        for (first, last) in cf {
            for code in first..=last {
                let Some(c) = char::from_u32(code) else {
                    panic!("U+{code:04X} is no character");
                };
                assert!(is_hidden(c), "U+{code:04X}");
            }
        }
    }
}
