//! S021 compatibility-too-long: `compatibility` is longer than 500 characters.

use super::common::{field, text};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

/// The standard's limit, in characters (code points) of the raw value.
const MAX: usize = 500;

pub const RULE: Rule = Rule {
    id: "S021",
    name: "compatibility-too-long",
    severity: Severity::Error,
    summary: "`compatibility` is longer than 500 characters",
    docs: r#"## What it does

Counts the characters (code points) of `compatibility` as the reference validator does: the raw
value, untrimmed, including a block scalar's final newline.

## Why

The standard caps `compatibility` at 500 characters and the reference validator fails a longer
one ("Compatibility exceeds 500 character limit"). The field is meant for a short note on
environment requirements, not for installation instructions.

## Example

```yaml
---
name: pdf-processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
compatibility: |
  Install poppler first. On macOS run brew install poppler; on Debian … (600 characters)
---
```

## How to fix

Keep a one-line summary (`Requires poppler-utils and Python 3.11+`) and move installation steps
into the body or a reference file.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(field) = field(cx, "compatibility") else {
        return;
    };
    let value = text(cx.skill, field);
    let Some(compatibility) = value.as_str() else {
        return;
    };
    let count = compatibility.chars().count();
    if count <= MAX {
        return;
    }
    out.push(
        RULE.finding(
            cx,
            format!("`compatibility` is {count} characters long; the limit is {MAX}"),
        )
        .at(field.value_span)
        .label(format!("{count} characters"))
        .help(format!(
            "keep a short summary of the requirements (at most {MAX} characters) and move \
             installation steps into the body"
        )),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    fn run(value: &str) -> usize {
        check(&RULE, "x", &format!("---\ncompatibility: {value}\n---\n")).len()
    }

    #[test]
    fn limit_is_500_code_points_of_the_raw_value() {
        assert_eq!(run(&"a".repeat(500)), 0);
        assert_eq!(run(&"a".repeat(501)), 1);
        assert_eq!(run(&"é".repeat(500)), 0);
        assert_eq!(run(&format!("|\n  {}", "a".repeat(500))), 1);
    }

    #[test]
    fn quiet_on_collections() {
        assert_eq!(run("[a]"), 0);
    }
}
