//! The small text operations runtimes disagree on: escaping, sort order, whitespace, and the
//! unit a budget is measured in. ICU collation (`icu_collator`) and terminal width
//! (`unicode-width`) are used here only.

use std::cmp::Ordering;
use std::sync::OnceLock;

use icu_collator::options::CollatorOptions;
use icu_collator::{Collator, CollatorBorrowed};
use serde::Serialize;

/// Which characters a runtime turns into entities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Escaping {
    /// Nothing is escaped.
    None,
    /// Python's `html.escape`: `& < > " '`, with `'` as `&#x27;`.
    PythonHtml,
    /// `& < > " '`, with `'` as `&apos;` (pi, OpenClaw, Mastra).
    XmlApos,
    /// `& < >` only.
    AmpLtGt,
    /// `& < > "`.
    AmpLtGtQuot,
}

impl Escaping {
    pub fn apply(self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        self.push(text, &mut out);
        out
    }

    /// [`Escaping::apply`], written at the end of `out`.
    pub fn push(self, text: &str, out: &mut String) {
        if self == Self::None || !text.contains(['&', '<', '>', '"', '\'']) {
            out.push_str(text);
            return;
        }
        for c in text.chars() {
            // `Escaping::None` wrote the text as it is above.
            let entity = match (self, c) {
                (_, '&') => Some("&amp;"),
                (_, '<') => Some("&lt;"),
                (_, '>') => Some("&gt;"),
                (Self::PythonHtml | Self::XmlApos | Self::AmpLtGtQuot, '"') => Some("&quot;"),
                (Self::PythonHtml, '\'') => Some("&#x27;"),
                (Self::XmlApos, '\'') => Some("&apos;"),
                _ => None,
            };
            match entity {
                Some(entity) => out.push_str(entity),
                None => out.push(c),
            }
        }
    }

    pub const fn describe(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::PythonHtml => "& < > \" ' (Python html.escape: ' as &#x27;)",
            Self::XmlApos => "& < > \" ' (' as &apos;)",
            Self::AmpLtGt => "& < >",
            Self::AmpLtGtQuot => "& < > \"",
        }
    }
}

/// How names are compared when a runtime sorts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Collation {
    /// Byte order of the UTF-8 text (Rust `String`, Go `string`, Python `str` on code points).
    Bytes,
    /// JavaScript `a.localeCompare(b)`: the ICU root collation (case and accents are secondary
    /// differences, punctuation sorts before digits and letters).
    Locale,
}

impl Collation {
    pub fn compare(self, a: &str, b: &str) -> Ordering {
        match self {
            Self::Bytes => a.cmp(b),
            Self::Locale => collator().compare(a, b),
        }
    }

    pub const fn describe(self) -> &'static str {
        match self {
            Self::Bytes => "byte order",
            Self::Locale => "localeCompare (ICU root collation)",
        }
    }
}

fn collator() -> &'static CollatorBorrowed<'static> {
    static COLLATOR: OnceLock<CollatorBorrowed<'static>> = OnceLock::new();
    COLLATOR.get_or_init(|| {
        // The root collation's data is compiled in, so this cannot fail for the default locale.
        Collator::try_new(Default::default(), CollatorOptions::default())
            .unwrap_or_else(|_| unreachable!("the root collation is compiled in"))
    })
}

/// The unit a runtime measures its catalog budget in. Never model tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unit {
    /// UTF-8 bytes.
    Bytes,
    /// Unicode scalar values (Rust `chars().count()`, Python `len`).
    Chars,
    /// UTF-16 code units (JavaScript `.length`).
    Utf16,
    /// Terminal columns (`string-width`: East Asian wide characters count 2).
    DisplayWidth,
    /// ceil(bytes / 4), Codex's `approx_token_count`.
    ApproxTokens,
}

impl Unit {
    /// The size of `text` in this unit.
    pub fn measure(self, text: &str) -> u64 {
        let n = match self {
            Self::Bytes => text.len(),
            Self::Chars => text.chars().count(),
            Self::Utf16 => text.encode_utf16().count(),
            Self::DisplayWidth => display_width(text),
            Self::ApproxTokens => text.len().div_ceil(4),
        };
        n as u64
    }

    /// The plural name, for "1200 of 8000 characters".
    pub const fn name(self) -> &'static str {
        match self {
            Self::Bytes => "bytes",
            Self::Chars => "characters",
            Self::Utf16 => "UTF-16 code units",
            Self::DisplayWidth => "display columns",
            Self::ApproxTokens => "approximate tokens (ceil(bytes/4))",
        }
    }
}

/// Terminal columns: wide (CJK) characters 2, zero-width characters 0, control characters 0
/// (as `string-width` counts them; `unicode-width` alone gives `\n` a column).
pub fn display_width(text: &str) -> usize {
    if text.chars().any(char::is_control) {
        let visible: String = text.chars().filter(|c| !c.is_control()).collect();
        unicode_width::UnicodeWidthStr::width(visible.as_str())
    } else {
        unicode_width::UnicodeWidthStr::width(text)
    }
}

/// The longest prefix of `text` at most `limit` wide in `unit` (never splitting a character).
pub fn prefix_within(text: &str, unit: Unit, limit: u64) -> &str {
    let mut used = 0u64;
    for (i, c) in text.char_indices() {
        let cost = match unit {
            Unit::Bytes => c.len_utf8() as u64,
            Unit::Chars => 1,
            Unit::Utf16 => c.len_utf16() as u64,
            Unit::DisplayWidth => unicode_width::UnicodeWidthChar::width(c).unwrap_or(0) as u64,
            Unit::ApproxTokens => {
                return prefix_within(text, Unit::Bytes, limit.saturating_mul(4));
            }
        };
        if used + cost > limit {
            return &text[..i];
        }
        used += cost;
    }
    text
}

/// Every run of whitespace as one space, trimmed: Codex's `sanitize_single_line`.
pub fn collapse_whitespace(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether JavaScript's `\s` (and `String.prototype.trim`) counts `c` as white space: the
/// Unicode `Zs` spaces, tab, vertical tab, form feed, BOM and the four line terminators. Unlike
/// Rust's `char::is_whitespace` it includes U+FEFF and excludes U+0085.
pub fn is_js_space(c: char) -> bool {
    let line_terminator_or_control = matches!(
        c,
        '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r' | '\u{2028}' | '\u{2029}' | '\u{FEFF}'
    );
    let space_separator = matches!(
        c,
        ' ' | '\u{A0}' | '\u{1680}' | '\u{202F}' | '\u{205F}' | '\u{3000}'
    ) || ('\u{2000}'..='\u{200A}').contains(&c);
    line_terminator_or_control || space_separator
}

/// JavaScript's `s.trim()`.
pub fn js_trim(text: &str) -> &str {
    text.trim_matches(is_js_space)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_sets() {
        let s = r#"a & <b> "c" 'd'"#;
        assert_eq!(Escaping::None.apply(s), s);
        assert_eq!(
            Escaping::PythonHtml.apply(s),
            "a &amp; &lt;b&gt; &quot;c&quot; &#x27;d&#x27;"
        );
        assert_eq!(
            Escaping::XmlApos.apply(s),
            "a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos;"
        );
        assert_eq!(Escaping::AmpLtGt.apply(s), r#"a &amp; &lt;b&gt; "c" 'd'"#);
        assert_eq!(
            Escaping::AmpLtGtQuot.apply(s),
            "a &amp; &lt;b&gt; &quot;c&quot; 'd'"
        );
    }

    #[test]
    fn escaping_onto_a_string_appends_what_apply_gives() {
        let plain = "plain text, no entities";
        let marked = r#"a & <b> "c" 'd'"#;
        for escaping in [
            Escaping::None,
            Escaping::PythonHtml,
            Escaping::XmlApos,
            Escaping::AmpLtGt,
            Escaping::AmpLtGtQuot,
        ] {
            for text in [plain, marked, "", "é & ü"] {
                let mut out = "kept|".to_owned();
                escaping.push(text, &mut out);
                assert_eq!(
                    out,
                    format!("kept|{}", escaping.apply(text)),
                    "{escaping:?} {text:?}"
                );
            }
        }
    }

    #[test]
    fn locale_order_is_not_byte_order() {
        // Checked against Node's `localeCompare`.
        let mut names = vec![
            "b",
            "B",
            "a",
            "_x",
            "-y",
            "1",
            "é",
            "e",
            "z",
            "code-review",
            "code_review",
            "codeReview",
        ];
        names.sort_by(|a, b| Collation::Locale.compare(a, b));
        assert_eq!(
            names,
            [
                "_x",
                "-y",
                "1",
                "a",
                "b",
                "B",
                "code_review",
                "code-review",
                "codeReview",
                "e",
                "é",
                "z"
            ]
        );
        names.sort_by(|a, b| Collation::Bytes.compare(a, b));
        assert_eq!(names[..3], ["-y", "1", "B"]);
    }

    #[test]
    fn units_measure_differently() {
        let s = "日本 ok😀";
        assert_eq!(Unit::Bytes.measure(s), 13);
        assert_eq!(Unit::Chars.measure(s), 6);
        assert_eq!(Unit::Utf16.measure(s), 7);
        assert_eq!(Unit::DisplayWidth.measure(s), 9);
        assert_eq!(Unit::DisplayWidth.measure("a\nb\r\n\t"), 2);
        assert_eq!(Unit::ApproxTokens.measure(s), 4);
    }

    #[test]
    fn prefixes_respect_the_unit_and_char_boundaries() {
        assert_eq!(prefix_within("日本語", Unit::DisplayWidth, 5), "日本");
        assert_eq!(prefix_within("日本語", Unit::Chars, 2), "日本");
        assert_eq!(prefix_within("日本語", Unit::Bytes, 4), "日");
        assert_eq!(prefix_within("a😀b", Unit::Utf16, 2), "a");
        assert_eq!(prefix_within("abc", Unit::Chars, 9), "abc");
    }

    #[test]
    fn javascript_trim_differs_from_rust_trim() {
        assert_eq!(js_trim("\u{FEFF} a \u{3000}"), "a");
        assert_eq!(js_trim("\u{85}a"), "\u{85}a");
        assert_eq!("\u{85}a".trim(), "a");
    }

    #[test]
    fn whitespace_collapses() {
        assert_eq!(collapse_whitespace("  a\n\tb   c \n"), "a b c");
    }
}
