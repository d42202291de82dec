//! S017 description-empty: `description` is present but has no text.

use super::common::blank_string;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S017",
    name: "description-empty",
    severity: Severity::Error,
    summary: "`description` is empty",
    docs: r#"## What it does

Reports a `description` key with nothing after it (`description:`), an empty string, or only
whitespace (a `|` block with blank lines counts as empty too).

## Why

The standard requires a non-empty description, and the reference validator fails the skill
("Field 'description' must be a non-empty string"). Codex skips it, and in every runtime a skill
without a description is one the agent has no reason to pick.

## Example

```yaml
---
name: pdf-processing
description: ""
---
```

## How to fix

Say what the skill does and when to use it, with the words a user would say:
`description: Extracts text and tables from PDF files. Use when the user works with PDFs.`
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(span) = blank_string(cx, "description") else {
        return;
    };
    out.push(
        RULE.finding(cx, "`description` is empty")
            .at(span)
            .label("no description here")
            .help("say what the skill does and when to use it"),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    #[test]
    fn fires_on_empty_values() {
        for yaml in [
            "description:",
            "description: ''",
            "description: \"  \"",
            "description: |\n\n",
        ] {
            let found = check(&RULE, "pdf", &format!("---\nname: pdf\n{yaml}\n---\n"));
            assert_eq!(found.len(), 1, "{yaml}");
        }
    }

    #[test]
    fn quiet_on_text_and_other_types() {
        for yaml in [
            "description: d",
            "description: ~",
            "description: [a]",
            "name: pdf",
        ] {
            assert!(
                check(&RULE, "pdf", &format!("---\n{yaml}\n---\n")).is_empty(),
                "{yaml}"
            );
        }
    }
}
