//! S011 name-hyphen-edge: `name` starts or ends with a hyphen.

use super::common::checked_name;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S011",
    name: "name-hyphen-edge",
    severity: Severity::Error,
    summary: "`name` starts or ends with a hyphen",
    docs: r#"## What it does

Checks that `name` (trimmed and NFKC-normalised, as the reference validator reads it) neither
starts nor ends with `-`.

## Why

The standard forbids a leading or trailing hyphen, and the reference validator fails the skill
("cannot start or end with a hyphen"), and so does Anthropic's skill-creator validator. A
leading hyphen also makes the name look like an option wherever it is typed on a command line.

## Example

```yaml
---
name: -pdf
description: Extracts text and tables from PDF files. Use when working with PDFs.
---
```

## How to fix

Remove the hyphen at the edge (`pdf`) and rename the directory to match.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some((name, field)) = checked_name(cx) else {
        return;
    };
    let edge = match (name.starts_with('-'), name.ends_with('-')) {
        (true, true) => "starts and ends",
        (true, false) => "starts",
        (false, true) => "ends",
        (false, false) => return,
    };
    let trimmed = name.trim_matches('-');
    let help = if trimmed.is_empty() {
        "use letters or digits in the name, with hyphens only between words".to_owned()
    } else {
        format!("use `{trimmed}`, and rename the directory to match")
    };
    out.push(
        RULE.finding(cx, format!("`name` `{name}` {edge} with a hyphen"))
            .at(field.value_span)
            .label("hyphens may only join words")
            .help(help),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    fn messages(name: &str) -> Vec<String> {
        check(&RULE, "x", &format!("---\nname: \"{name}\"\n---\n"))
            .into_iter()
            .map(|f| f.message)
            .collect()
    }

    #[test]
    fn fires_on_either_edge() {
        assert_eq!(messages("-pdf"), ["`name` `-pdf` starts with a hyphen"]);
        assert_eq!(messages("pdf-"), ["`name` `pdf-` ends with a hyphen"]);
        assert_eq!(
            messages("-lead--"),
            ["`name` `-lead--` starts and ends with a hyphen"]
        );
    }

    #[test]
    fn quiet_inside_or_after_trimming() {
        assert!(messages("pdf-tools").is_empty());
        assert!(messages(" pdf ").is_empty());
    }
}
