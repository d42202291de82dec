//! S012 name-consecutive-hyphens: `name` contains `--`.

use super::common::checked_name;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S012",
    name: "name-consecutive-hyphens",
    severity: Severity::Error,
    summary: "`name` contains consecutive hyphens",
    docs: r#"## What it does

Checks that `name` (trimmed and NFKC-normalised, as the reference validator reads it) has no
`--`.

## Why

The standard forbids consecutive hyphens, and the reference validator fails the skill ("cannot
contain consecutive hyphens"), and so does Anthropic's skill-creator validator.

## Example

```yaml
---
name: pdf--processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
---
```

## How to fix

Use one hyphen between words (`pdf-processing`) and rename the directory to match.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some((name, field)) = checked_name(cx) else {
        return;
    };
    if !name.contains("--") {
        return;
    }
    let single: Vec<&str> = name.split('-').filter(|w| !w.is_empty()).collect();
    out.push(
        RULE.finding(cx, format!("`name` `{name}` contains consecutive hyphens"))
            .at(field.value_span)
            .label("`--`")
            .help(format!(
                "use one hyphen between words (`{}`), and rename the directory to match",
                single.join("-")
            )),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    #[test]
    fn fires_on_double_hyphens() {
        let found = check(&RULE, "x", "---\nname: pdf--processing\n---\n");
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .help
                .as_deref()
                .unwrap()
                .contains("`pdf-processing`")
        );
        assert_eq!(check(&RULE, "x", "---\nname: -lead--\n---\n").len(), 1);
    }

    #[test]
    fn quiet_on_single_hyphens() {
        assert!(check(&RULE, "x", "---\nname: pdf-processing\n---\n").is_empty());
        assert!(check(&RULE, "x", "---\nname: '-pdf-'\n---\n").is_empty());
    }
}
