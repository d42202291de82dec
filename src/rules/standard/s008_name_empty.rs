//! S008 name-empty: `name` is present but has no text.

use super::common::blank_string;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S008",
    name: "name-empty",
    severity: Severity::Error,
    summary: "`name` is empty",
    docs: r#"## What it does

Reports a `name` key with nothing after it (`name:`), an empty string (`name: ""`), or only
whitespace.

## Why

The standard requires a name of 1 to 64 characters, and the reference validator fails the skill
("Field 'name' must be a non-empty string"). Runtimes that accept a missing name fall back to the
directory name, so an empty `name:` only hides what the skill is called.

## Example

```yaml
---
name:
description: Extracts text and tables from PDF files. Use when working with PDFs.
---
```

## How to fix

Fill in the skill's name, the same as its directory name: `name: pdf-processing`.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(span) = blank_string(cx, "name") else {
        return;
    };
    let dir = cx.skill.dir_name();
    out.push(
        RULE.finding(cx, "`name` is empty")
            .at(span)
            .label("no name here")
            .help(format!("set it to the directory name: `name: {dir}`")),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    #[test]
    fn fires_on_empty_values() {
        for yaml in ["name:", "name: ''", "name: \"  \"", "name: \"\\u3000\""] {
            let found = check(&RULE, "pdf", &format!("---\n{yaml}\ndescription: d\n---\n"));
            assert_eq!(found.len(), 1, "{yaml}");
        }
        let found = check(&RULE, "pdf", "---\nname:\n---\n");
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((4, 8)));
    }

    #[test]
    fn quiet_on_text_and_other_types() {
        for yaml in ["name: pdf", "name: ~", "name: [a]", "description: d"] {
            assert!(
                check(&RULE, "pdf", &format!("---\n{yaml}\n---\n")).is_empty(),
                "{yaml}"
            );
        }
    }
}
