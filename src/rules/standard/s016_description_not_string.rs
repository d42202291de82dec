//! S016 description-not-string: `description` is a list, a mapping, or a YAML number, boolean
//! or null.

use super::common::{Text, a_kind, field, text, typed_label};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S016",
    name: "description-not-string",
    severity: Severity::Error,
    summary: "`description` is not a string",
    docs: r#"## What it does

Checks the type of the `description` value.

- A list or a mapping is an error. The classic case is an unquoted placeholder that starts with
  `[`: `description: [TODO: say what this does]` is a YAML list, not text.
- A plain value that YAML types as a number, boolean or null (`description: 42`,
  `description: yes`, `description: null`) is a warning.

An empty `description:` is reported by S017 instead.

## Why

The reference validator fails a list or mapping ("Field 'description' must be a non-empty
string"), and Codex skips the skill ("invalid type: sequence, expected a string").

A typed value is text for the reference validator, whose StrictYAML has no types, and for
Codex. But parsers that resolve YAML types see a number or a boolean: Anthropic's skill-creator
validator rejects it ("Description must be a string, got int"), and `description: null` means no
description at all to Codex, which then skips the skill.

## Example

```yaml
---
name: pdf-processing
description: [TODO: describe the skill]
---
```

## How to fix

Write the description as text, and quote it when it starts with a character YAML treats
specially: `description: "[Beta] Extracts text from PDF files. Use when working with PDFs."`.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(field) = field(cx, "description") else {
        return;
    };
    match text(cx.skill, field) {
        Text::Collection(kind) => out.push(
            RULE.finding(
                cx,
                format!("`description` is {}, not a string", a_kind(kind)),
            )
            .at(field.value_span)
            .label(format!("{} is not text", a_kind(kind)))
            .help(
                "write the description as text; quote it if it starts with `[` or `{` \
                     (`description: \"[Beta] Extracts…\"`)",
            ),
        ),
        Text::Str {
            text,
            typed: Some(kind),
        } if !text.is_empty() => out.push(
            RULE.finding(
                cx,
                format!(
                    "`description` `{text}` is {} in YAML, not a string",
                    a_kind(kind)
                ),
            )
            .severity(Severity::Warning)
            .at(field.value_span)
            .label(typed_label(field, &text, kind))
            .help("write a real description, quoted if YAML would read it as something else"),
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
    fn collections_are_errors() {
        let found = check(
            &RULE,
            "pdf",
            "---\nname: pdf\ndescription: [TODO, x]\n---\n",
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Error);
        assert_eq!(found[0].message, "`description` is a list, not a string");
    }

    #[test]
    fn typed_scalars_are_warnings() {
        let found = check(&RULE, "pdf", "---\ndescription: 42\n---\n");
        assert_eq!(found[0].severity, Severity::Warning);
        assert_eq!(
            found[0].message,
            "`description` `42` is a number in YAML, not a string"
        );
        assert_eq!(
            check(&RULE, "pdf", "---\ndescription: null\n---\n").len(),
            1
        );
    }

    #[test]
    fn quiet_on_text_and_empty_values() {
        for yaml in [
            "description: d",
            "description: '42'",
            "description:",
            "description: |\n  x",
        ] {
            assert!(
                check(&RULE, "pdf", &format!("---\n{yaml}\n---\n")).is_empty(),
                "{yaml}"
            );
        }
    }
}
