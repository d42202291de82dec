//! S007 name-not-string: `name` is a list, a mapping, or a YAML number, boolean or null.

use super::common::{Text, a_kind, field, text, typed_label};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S007",
    name: "name-not-string",
    severity: Severity::Error,
    summary: "`name` is not a string",
    docs: r#"## What it does

Checks the type of the `name` value.

- A list or a mapping is an error: no runtime can use it as a name.
- A plain value that YAML types as a number, boolean or null (`name: 2048`, `name: true`,
  `name: null`, `name: ~`) is a warning.

An empty `name:` is reported by S008 instead.

## Why

The reference validator fails a list or mapping ("Field 'name' must be a non-empty string"), and
Codex skips the skill ("invalid type: sequence, expected a string").

Typed values are a portability trap rather than an error. The reference validator reads
frontmatter with StrictYAML, which has no types, so `name: 2048` is simply the text `2048` for
it, and Codex also reads it as text. But YAML parsers that resolve types see a number:
Anthropic's skill-creator validator rejects it ("Name must be a string, got int"), and
`name: null` or `name: ~` means "no name" to Codex, which then falls back to the directory name,
while the reference validator checks the text `null` or `~`.

## Example

```yaml
---
name: 2048
description: Plays the 2048 puzzle game in the terminal. Use when the user wants to play 2048.
---
```

## How to fix

Write the name as a string: quote it when YAML would read it as something else
(`name: "2048"`), and use a single line of text, not a list.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(field) = field(cx, "name") else {
        return;
    };
    match text(cx.skill, field) {
        Text::Collection(kind) => out.push(
            RULE.finding(cx, format!("`name` is {}, not a string", a_kind(kind)))
                .at(field.value_span)
                .label(format!("{} is not a name", a_kind(kind)))
                .help("write the name as one line of text: lowercase letters, digits and hyphens"),
        ),
        Text::Str {
            text,
            typed: Some(kind),
        } if !text.is_empty() => out.push(
            RULE.finding(
                cx,
                format!("`name` `{text}` is {} in YAML, not a string", a_kind(kind)),
            )
            .severity(Severity::Warning)
            .at(field.value_span)
            .label(typed_label(field, &text, kind))
            .help(format!(
                "quote it so that every parser reads text: `name: \"{text}\"`"
            )),
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
        let found = check(&RULE, "pdf", "---\nname:\n  - pdf\n---\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Error);
        assert_eq!(found[0].message, "`name` is a list, not a string");
        let map = check(&RULE, "pdf", "---\nname:\n  a: b\n---\n");
        assert_eq!(map[0].message, "`name` is a mapping, not a string");
    }

    #[test]
    fn typed_scalars_are_warnings_with_the_text_as_written() {
        for (yaml, shown) in [
            ("name: 2048", "`name` `2048` is a number"),
            ("name: 0x1F", "`name` `0x1F` is a number"),
            ("name: true", "`name` `true` is a boolean"),
            ("name: ~", "`name` `~` is null"),
        ] {
            let found = check(&RULE, "pdf", &format!("---\n{yaml}\n---\n"));
            assert_eq!(found.len(), 1, "{yaml}");
            assert_eq!(found[0].severity, Severity::Warning);
            assert!(found[0].message.starts_with(shown), "{}", found[0].message);
        }
    }

    #[test]
    fn quiet_on_strings_and_empty_values() {
        for yaml in [
            "name: pdf",
            "name: '2048'",
            "name:",
            "name: ''",
            "description: d",
        ] {
            assert!(
                check(&RULE, "pdf", &format!("---\n{yaml}\n---\n")).is_empty(),
                "{yaml}"
            );
        }
    }
}
