//! S019 compatibility-not-string: `compatibility` is a list, a mapping, or a YAML number or
//! boolean.

use super::common::{Text, a_kind, field, text, typed_label};
use crate::frontmatter::ValueKind;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S019",
    name: "compatibility-not-string",
    severity: Severity::Error,
    summary: "`compatibility` is not a string",
    docs: r#"## What it does

Checks the type of the optional `compatibility` value, which the standard defines as a short
text about environment requirements (for example `Requires Python 3.11+ and network access`).

- A list or a mapping is an error.
- A plain value that YAML types as a number or boolean (`compatibility: 3.11`) is a warning.

An empty value is S020's business.

## Why

The reference validator fails a list or mapping ("Field 'compatibility' must be a string").
A typed value is text for the reference validator, whose StrictYAML has no types, but parsers
that resolve YAML types see a number: Anthropic's skill-creator validator rejects it
("Compatibility must be a string, got float"), and `3.10` turns into `3.1` along the way.

## Example

```yaml
---
name: pdf-processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
compatibility:
  - python3
  - poppler
---
```

## How to fix

Write the requirements as one line of text:
`compatibility: Requires python3 and poppler-utils`.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(field) = field(cx, "compatibility") else {
        return;
    };
    match text(cx.skill, field) {
        Text::Collection(kind) => out.push(
            RULE.finding(cx, format!("`compatibility` is {}, not a string", a_kind(kind)))
                .at(field.value_span)
                .label(format!("{} is not text", a_kind(kind)))
                .help("write the requirements as one line of text, e.g. `compatibility: Requires python3 and git`"),
        ),
        Text::Str {
            text,
            typed: Some(kind @ (ValueKind::Number | ValueKind::Bool)),
        } => out.push(
            RULE.finding(
                cx,
                format!("`compatibility` `{text}` is {} in YAML, not a string", a_kind(kind)),
            )
            .severity(Severity::Warning)
            .at(field.value_span)
            .label(typed_label(field, &text, kind))
            .help(format!("quote it, or say what it means: `compatibility: \"{text}\"`")),
        ),
        Text::Str { .. } => {}
    }
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::Severity;
    use crate::rules::context::testing::check;

    #[test]
    fn collections_are_errors_and_numbers_warnings() {
        let list = check(&RULE, "x", "---\ncompatibility:\n  - python3\n---\n");
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].severity, Severity::Error);
        let number = check(&RULE, "x", "---\ncompatibility: 3.10\n---\n");
        assert_eq!(number[0].severity, Severity::Warning);
        assert_eq!(
            number[0].message,
            "`compatibility` `3.10` is a number in YAML, not a string"
        );
    }

    #[test]
    fn quiet_on_text_null_and_empty() {
        for yaml in [
            "compatibility: Requires git",
            "compatibility:",
            "compatibility: ~",
            "name: x",
        ] {
            assert!(
                check(&RULE, "x", &format!("---\n{yaml}\n---\n")).is_empty(),
                "{yaml}"
            );
        }
    }
}
