//! S022 metadata-not-string-map: `metadata` is not a mapping of string keys to string values.

use super::common::{Text, a_kind, field, text, typed_label};
use crate::frontmatter::{Field, Value, ValueKind};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use unicode_general_category::{GeneralCategory, get_general_category};

pub const RULE: Rule = Rule {
    id: "S022",
    name: "metadata-not-string-map",
    severity: Severity::Error,
    summary: "`metadata` is not a mapping of strings to strings",
    docs: r#"## What it does

Checks the shape of the optional `metadata` field, which the standard defines as "a map from
string keys to string values".

- `metadata` that is not a mapping (a text, a list, a number) is an error. An empty
  `metadata:` is accepted.
- Inside the mapping, each value that is not a string is a warning, at that value:
  - a number, boolean or null (`version: 1.10`, `beta: true`);
  - a list or a nested mapping (a `tags:` list of `- pdf` items, an `author:` with keys of its
    own).
  Keys that YAML types as numbers or booleans get the same warning.

Codex reads `metadata.short-description` (shown instead of the description in newer catalogs);
other keys are free-form, and no key is reported as unknown.

## Why

Codex reads `metadata` as a mapping and skips the whole skill when it is anything else ("invalid
type: string, expected struct"). The reference validator does not check `metadata` at all, which
is why values inside a mapping are only warnings here: it passes them, but turns each into
Python text. StrictYAML has no types, so `version: 1.10` stays the text `1.10` there, while
parsers that resolve types read the number 1.1; a list of `pdf` and `forms` becomes the text
`['pdf', 'forms']`, and a nested mapping becomes `{'name': 'Ana'}`. A runtime or registry that
expects strings gets something else depending on its parser.

## Example

```yaml
---
name: pdf-processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
metadata:
  version: 1.10
  tags:
    - pdf
    - forms
---
```

## How to fix

Quote values that YAML would type (`version: "1.10"`), and write lists as one string
(`tags: "pdf forms"`).
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(field) = field(cx, "metadata") else {
        return;
    };
    let kind = match text(cx.skill, field) {
        Text::Collection(ValueKind::Mapping) => {
            for entry in &field.entries {
                check_entry(cx, entry, out);
            }
            return;
        }
        Text::Collection(kind) => kind,
        // An empty `metadata:` is read as no metadata by everyone.
        Text::Str {
            typed: Some(ValueKind::Null),
            ..
        } if field.value_span.is_empty() => return,
        Text::Str { typed, .. } => typed.unwrap_or(ValueKind::String),
    };
    out.push(
        RULE.finding(cx, format!("`metadata` is {}, not a mapping", a_kind(kind)))
            .at(field.value_span)
            .label("expected `key: value` lines")
            .help(
                "write metadata as indented `key: \"value\"` lines under `metadata:`; Codex skips \
                 a skill whose metadata is not a mapping",
            ),
    );
}

fn check_entry(cx: &SkillContext<'_>, entry: &Field, out: &mut Vec<Finding>) {
    let key = &entry.key;
    if matches!(
        entry.key_kind,
        ValueKind::Number | ValueKind::Bool | ValueKind::Null
    ) {
        out.push(
            RULE.finding(
                cx,
                format!(
                    "`metadata` key `{key}` is {} in YAML, not a string",
                    a_kind(entry.key_kind)
                ),
            )
            .severity(Severity::Warning)
            .at(entry.key_span)
            .label("typed YAML parsers do not read this key as text")
            .help(format!("quote the key: `\"{key}\": …`")),
        );
    }
    let (message, label, help) = match text(cx.skill, entry) {
        Text::Str { typed: None, .. } => return,
        Text::Str {
            text,
            typed: Some(kind),
        } => (
            format!("`metadata.{key}` is {} in YAML, not a string", a_kind(kind)),
            typed_label(entry, &text, kind),
            format!("quote it: `{key}: \"{text}\"`"),
        ),
        Text::Collection(kind) => (
            format!("`metadata.{key}` is {}, not a string", a_kind(kind)),
            match py_repr(&entry.value) {
                Some(repr) => format!("the reference validator turns it into the text `{repr}`"),
                None => "the reference validator turns it into Python's text for it".to_owned(),
            },
            "write it as one string, e.g. space- or comma-separated".to_owned(),
        ),
    };
    out.push(
        RULE.finding(cx, message)
            .severity(Severity::Warning)
            .at(entry.value_span)
            .label(label)
            .help(help),
    );
}

/// Python's `str()` of a value whose leaves are all strings (what skills-ref does to a nested
/// metadata value); `None` when a leaf is not a string or a string needs escapes this does not
/// reproduce.
fn py_repr(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => py_str_repr(s),
        Value::Sequence(items) => {
            let items: Option<Vec<String>> = items.iter().map(py_repr).collect();
            Some(format!("[{}]", items?.join(", ")))
        }
        Value::Mapping(pairs) => {
            let pairs: Option<Vec<String>> = pairs
                .iter()
                .map(|(k, v)| Some(format!("{}: {}", py_repr(k)?, py_repr(v)?)))
                .collect();
            Some(format!("{{{}}}", pairs?.join(", ")))
        }
        _ => None,
    }
}

/// Python's `repr()` of a string, for strings of printable characters, `\n`, `\r` and `\t`.
fn py_str_repr(s: &str) -> Option<String> {
    use GeneralCategory as G;
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            ' ' => out.push(' '),
            c if matches!(
                get_general_category(c),
                G::Control
                    | G::Format
                    | G::Surrogate
                    | G::PrivateUse
                    | G::Unassigned
                    | G::LineSeparator
                    | G::ParagraphSeparator
                    | G::SpaceSeparator
            ) =>
            {
                return None;
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::{RULE, py_str_repr};
    use crate::rules::Severity;
    use crate::rules::context::testing::check;

    #[test]
    fn not_a_mapping_is_an_error() {
        for (yaml, kind) in [
            ("metadata: v1", "a string"),
            ("metadata: [a, b]", "a list"),
            ("metadata: 3", "a number"),
            ("metadata: ~", "null"),
        ] {
            let found = check(&RULE, "x", &format!("---\n{yaml}\n---\n"));
            assert_eq!(found.len(), 1, "{yaml}");
            assert_eq!(found[0].severity, Severity::Error);
            assert_eq!(
                found[0].message,
                format!("`metadata` is {kind}, not a mapping")
            );
        }
    }

    #[test]
    fn values_that_are_not_strings_are_warnings_at_the_value() {
        let text = "---\nmetadata:\n  version: 1.10\n  tags:\n    - pdf\n    - forms\n  author:\n    name: Ana\n  ok: \"1.0\"\n  1: one\n---\n";
        let found = check(&RULE, "x", text);
        let messages: Vec<&str> = found.iter().map(|f| f.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "`metadata.version` is a number in YAML, not a string",
                "`metadata.tags` is a list, not a string",
                "`metadata.author` is a mapping, not a string",
                "`metadata` key `1` is a number in YAML, not a string",
            ]
        );
        assert!(found.iter().all(|f| f.severity == Severity::Warning));
        assert_eq!(
            found[1].label.as_deref(),
            Some("the reference validator turns it into the text `['pdf', 'forms']`")
        );
        assert_eq!(
            found[2].label.as_deref(),
            Some("the reference validator turns it into the text `{'name': 'Ana'}`")
        );
        assert_eq!(
            found[0].label.as_deref(),
            Some(
                "the reference validator keeps the text `1.10`; typed YAML parsers read a number `1.1`"
            )
        );
        let version = found[0].span.unwrap();
        assert_eq!(&text[version.start..version.end], "1.10");
    }

    #[test]
    fn python_string_repr() {
        assert_eq!(py_str_repr("a").as_deref(), Some("'a'"));
        assert_eq!(py_str_repr("it's").as_deref(), Some("\"it's\""));
        assert_eq!(py_str_repr("a'\"").as_deref(), Some("'a\\'\"'"));
        assert_eq!(py_str_repr("a\\b\n").as_deref(), Some("'a\\\\b\\n'"));
        assert_eq!(py_str_repr("a\u{a0}"), None);
    }

    #[test]
    fn quiet_on_string_maps_and_empty_metadata() {
        for yaml in [
            "metadata:",
            "metadata:\n  version: \"1.0\"\n  author: Ana",
            "name: x",
        ] {
            assert!(
                check(&RULE, "x", &format!("---\n{yaml}\n---\n")).is_empty(),
                "{yaml}"
            );
        }
    }
}
