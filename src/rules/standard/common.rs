//! What the S0xx rules share: the parsed frontmatter mapping, field values read the way the
//! reference validator reads them, the reference's Unicode name normalisation, and target lists
//! for messages.
//!
//! The reference validator (skills-ref) loads frontmatter with StrictYAML, which has no types:
//! every scalar is a string exactly as written (`name: 123` is the text `123`, `true` and `~`
//! stay text, an empty value is `""`). Our parser resolves YAML 1.2 types, so [`text`] turns a
//! typed plain scalar back into the text the reference sees.

use std::borrow::Cow;

use unicode_general_category::{GeneralCategory, get_general_category};
use unicode_normalization::UnicodeNormalization;

use crate::frontmatter::{Field, Frontmatter, FrontmatterState, Value, ValueKind, Yaml};
use crate::rules::SkillContext;
use crate::skill::Skill;
use crate::source::{Span, lines};
use crate::targets::{self, Target};

/// The six top-level fields of the standard, sorted.
pub(super) const STANDARD_FIELDS: [&str; 6] = [
    "allowed-tools",
    "compatibility",
    "description",
    "license",
    "metadata",
    "name",
];

/// The frontmatter when it parsed as a YAML mapping. Every other state is reported by S001–S005,
/// and the field rules stay silent.
pub(super) fn mapping<'a>(cx: &SkillContext<'a>) -> Option<&'a Frontmatter> {
    let fm = cx.skill.document.frontmatter()?;
    matches!(fm.content, Yaml::Mapping(_)).then_some(fm)
}

/// A top-level field of a parsed mapping (the last one when the key repeats).
pub(super) fn field<'a>(cx: &SkillContext<'a>, key: &str) -> Option<&'a Field> {
    mapping(cx)?.get(key)
}

/// A field value as the reference validator reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Text<'a> {
    /// Text: a YAML string, or a plain scalar that YAML 1.2 types as a number, boolean or null,
    /// as written (`typed` says which; an empty value is `""` with `typed` null).
    Str {
        text: Cow<'a, str>,
        typed: Option<ValueKind>,
    },
    /// A sequence or mapping: not text for anyone.
    Collection(ValueKind),
}

impl Text<'_> {
    /// The text, unless the value is a collection.
    pub(super) fn as_str(&self) -> Option<&str> {
        match self {
            Self::Str { text, .. } => Some(text),
            Self::Collection(_) => None,
        }
    }
}

/// Reads a field's value as StrictYAML does. A tag (`!!str x`) is looked through: S029 reports it.
pub(super) fn text<'a>(skill: &'a Skill, field: &'a Field) -> Text<'a> {
    let mut value = &field.value;
    while let Value::Tagged(_, inner) = value {
        value = inner;
    }
    match value {
        Value::String(s) => Text::Str {
            text: Cow::Borrowed(s),
            typed: None,
        },
        Value::Sequence(_) | Value::Mapping(_) => Text::Collection(value.kind()),
        Value::Number(_) | Value::Bool(_) | Value::Null => Text::Str {
            text: written(skill, field, value),
            typed: Some(value.kind()),
        },
        // Unreachable after the loop above; a tag on its own is not text.
        Value::Tagged(..) => Text::Collection(ValueKind::Tagged),
    }
}

/// A typed scalar as written in the file. When the parser could not place the value (its spans
/// fall back to the whole block), the resolved value stands in.
fn written<'a>(skill: &'a Skill, field: &Field, value: &Value) -> Cow<'a, str> {
    let placed = field.key_span != field.value_span;
    if placed {
        let raw = skill.slice(field.value_span);
        let raw_trimmed = raw.trim();
        if !raw_trimmed.contains(['\n', '\r']) {
            return Cow::Owned(raw_trimmed.to_owned());
        }
    }
    match value {
        Value::Null => Cow::Borrowed(""),
        other => Cow::Owned(other.render()),
    }
}

/// Where a blank string `key` is (its value, or its key when the value is empty), if it is one:
/// present, a string, and nothing but whitespace (Python's `strip()` rules, like the reference).
pub(super) fn blank_string(cx: &SkillContext<'_>, key: &str) -> Option<Span> {
    let field = field(cx, key)?;
    let value = text(cx.skill, field);
    if !py_strip(value.as_str()?).is_empty() {
        return None;
    }
    Some(if field.value_span.is_empty() {
        field.key_span
    } else {
        field.value_span
    })
}

/// What a typed scalar means to a parser that resolves YAML types, for a label: the reference
/// validator keeps `text` as written; `1.10` is the number `1.1` elsewhere.
pub(super) fn typed_label(field: &Field, text: &str, kind: ValueKind) -> String {
    let mut value = &field.value;
    while let Value::Tagged(_, inner) = value {
        value = inner;
    }
    let resolved = value.render();
    if text.is_empty() {
        "the reference validator reads an empty text; typed YAML parsers see null".to_owned()
    } else if matches!(kind, ValueKind::Number | ValueKind::Bool) && resolved != text {
        format!(
            "the reference validator keeps the text `{text}`; typed YAML parsers read {} `{resolved}`",
            a_kind(kind)
        )
    } else {
        format!(
            "the reference validator reads the text `{text}`; typed YAML parsers see {}",
            a_kind(kind)
        )
    }
}

/// `"a number"`, `"a list"`, … for messages.
pub(super) fn a_kind(kind: ValueKind) -> &'static str {
    match kind {
        ValueKind::String => "a string",
        ValueKind::Number => "a number",
        ValueKind::Bool => "a boolean",
        ValueKind::Null => "null",
        ValueKind::Sequence => "a list",
        ValueKind::Mapping => "a mapping",
        ValueKind::Tagged => "a tagged value",
    }
}

/// Python's `str.strip()`: strips what `str.isspace()` accepts, which is Unicode whitespace plus
/// the information separators U+001C..U+001F.
pub(super) fn py_strip(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c))
}

/// The name as the reference validator checks it: stripped, then NFKC-normalised. ASCII text is
/// its own NFKC form (every normal form leaves it as it is), so only other text is normalised.
pub(super) fn nfkc(s: &str) -> String {
    if s.is_ascii() {
        return s.to_owned();
    }
    s.nfkc().collect()
}

/// Unicode canonical composition (NFC): the form two names that look the same share, whatever
/// their bytes (`café` composed or with a combining accent). The one other use of the
/// normalisation crate, for `unpack`'s name checks.
pub(crate) fn nfc(s: &str) -> String {
    s.nfc().collect()
}

/// Python's `str.isalnum()` for one character: general category L* (letters) or N* (numbers).
/// Not Rust's `char::is_alphanumeric`, which uses the Alphabetic property and so accepts
/// combining vowel signs (U+093F) and circled letters (U+24B6).
pub(super) fn is_py_alnum(c: char) -> bool {
    use GeneralCategory as G;
    matches!(
        get_general_category(c),
        G::UppercaseLetter
            | G::LowercaseLetter
            | G::TitlecaseLetter
            | G::ModifierLetter
            | G::OtherLetter
            | G::DecimalNumber
            | G::LetterNumber
            | G::OtherNumber
    )
}

/// The skill's `name` as the reference validator checks it, `NFKC(strip(name))`, when the name is
/// text with something in it. Collections and empty names are S007's and S008's.
pub(super) fn checked_name<'a>(cx: &SkillContext<'a>) -> Option<(String, &'a Field)> {
    let field = field(cx, "name")?;
    let raw = text(cx.skill, field);
    let stripped = py_strip(raw.as_str()?);
    if stripped.is_empty() {
        return None;
    }
    Some((nfkc(stripped), field))
}

/// A valid name close to `name`, when one follows mechanically: lowercase, with spaces and ASCII
/// punctuation turned into hyphens (runs collapsed). For ASCII, accents are dropped first
/// (`café` → `cafe`). `None` when that would mangle the name (a combining vowel sign, a letter
/// of another script).
pub(super) fn slug(name: &str, ascii: bool) -> Option<String> {
    let base: String = if ascii {
        name.nfkd()
            .filter(|&c| get_general_category(c) != GeneralCategory::NonspacingMark)
            .collect()
    } else {
        name.to_owned()
    };
    let mut out = String::new();
    for c in base.to_lowercase().chars() {
        let keep = if ascii {
            c.is_ascii_lowercase() || c.is_ascii_digit()
        } else {
            is_py_alnum(c)
        };
        if keep {
            out.push(c);
        } else if c.is_ascii() {
            if !out.ends_with('-') {
                out.push('-');
            }
        } else {
            return None;
        }
    }
    let out = out.trim_matches('-');
    (!out.is_empty()).then(|| out.to_owned())
}

/// The selected targets for which `pred` holds.
pub(super) fn selected(
    cx: &SkillContext<'_>,
    pred: impl Fn(&Target) -> bool,
) -> Vec<&'static Target> {
    cx.targets.iter().copied().filter(|t| pred(t)).collect()
}

/// The display names of some targets, joined for a sentence (`"Claude Code and Codex"`).
pub(super) fn names(targets: &[&Target]) -> String {
    targets::names(targets)
}

/// A one-character span at `offset` of the file, or an empty span there when the offset is at
/// a line end or past the end.
pub(super) fn char_span(skill: &Skill, offset: usize) -> Span {
    let text = skill.slice(Span::new(offset, offset.saturating_add(4)));
    match text.chars().next() {
        Some(c) if c != '\n' && c != '\r' && c != char::REPLACEMENT_CHARACTER => {
            Span::new(offset, offset + c.len_utf8())
        }
        _ => Span::new(offset, offset),
    }
}

/// Whether a line is `---` followed by spaces or tabs: not a delimiter for this tool's parser
/// (nor for Anthropic's skill-creator validator), but one for the reference validator, which
/// only checks that the file starts with `---`, and for Codex, which trims the line.
pub(super) fn padded_delimiter(line: &str) -> bool {
    line != "---" && line.trim_end_matches([' ', '\t']) == "---"
}

/// The text glued to an opening `---` (`---name: pdf` gives `name: pdf`), if the line is that.
pub(super) fn glued(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("---")?;
    if rest.starts_with('-') {
        return None;
    }
    let text = rest.trim_start_matches([' ', '\t']);
    (!text.trim_end().is_empty()).then_some(text)
}

/// The first `---` line after the first line when it opens what looks like a frontmatter block
/// (it is closed by another `---` line and has a `name:` or `description:` line). A `---` that
/// is only a Markdown rule in a file without frontmatter does not count.
pub(super) fn late_frontmatter(skill: &Skill) -> Option<Span> {
    let FrontmatterState::Missing {
        first_line,
        later_delimiter: Some(open),
    } = &skill.document.frontmatter
    else {
        return None;
    };
    let first = skill.slice(*first_line);
    if padded_delimiter(&first) || glued(&first).is_some() {
        return None;
    }
    let end = skill.source.bytes().len();
    let rest = skill.slice(Span::new(open.end, end));
    let mut has_key = false;
    for (line, ..) in lines(&rest).skip(1) {
        if line == "---" {
            return has_key.then_some(*open);
        }
        let key = line.split(':').next().unwrap_or("").trim_end();
        has_key |= line.contains(':') && (key == "name" || key == "description");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::context::testing::skill;

    #[test]
    fn python_alnum_is_by_general_category() {
        for c in ['a', 'É', '技', 'ǅ', 'ʰ', '5', 'Ⅷ', '²', '٣'] {
            assert!(is_py_alnum(c), "{c}");
        }
        // Combining marks, format characters, symbols and punctuation are not.
        for c in [
            '\u{93f}', '\u{345}', '\u{301}', '\u{200b}', 'Ⓐ', '_', '.', ' ', '-',
        ] {
            assert!(!is_py_alnum(c), "{c:?}");
        }
    }

    #[test]
    fn strip_and_nfkc_match_python() {
        assert_eq!(py_strip("\u{1c} a \u{3000}"), "a");
        assert_eq!(py_strip("\u{200b}a"), "\u{200b}a");
        assert_eq!(nfkc("ｐｄｆ"), "pdf");
        assert_eq!(nfkc("a²"), "a2");
        assert_eq!(nfkc("cafe\u{301}"), "café");
        // ASCII is taken as it is: the same as normalising it.
        let ascii: String = (0..=0x7f_u8).map(char::from).collect();
        assert_eq!(nfkc(&ascii), ascii.nfkc().collect::<String>());
    }

    #[test]
    fn typed_scalars_read_as_written() {
        let s = skill(
            "x",
            "---\nname: 0x1F\ndescription: ~\nlicense:\ncompatibility: 'a'\nmetadata: [a]\n---\n",
        );
        let fm = s.document.frontmatter().unwrap();
        let get = |k| text(&s, fm.get(k).unwrap());
        assert_eq!(
            get("name"),
            Text::Str {
                text: Cow::Borrowed("0x1F"),
                typed: Some(ValueKind::Number)
            }
        );
        assert_eq!(get("description").as_str(), Some("~"));
        assert_eq!(get("license").as_str(), Some(""));
        assert_eq!(
            get("compatibility"),
            Text::Str {
                text: Cow::Borrowed("a"),
                typed: None
            }
        );
        assert_eq!(get("metadata"), Text::Collection(ValueKind::Sequence));
    }

    #[test]
    fn late_frontmatter_needs_a_closed_block_with_a_name_or_description() {
        let late = skill("x", "\n---\nname: x\n---\n# X\n");
        assert!(late_frontmatter(&late).is_some());
        let rule = skill("x", "# X\n\n---\n\nmore\n\n---\n");
        assert!(late_frontmatter(&rule).is_none());
        let unclosed = skill("x", "# X\n---\nname: x\n");
        assert!(late_frontmatter(&unclosed).is_none());
    }
}
