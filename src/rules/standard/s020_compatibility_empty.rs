//! S020 compatibility-empty: `compatibility` is present but has no text.

use super::common::blank_string;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S020",
    name: "compatibility-empty",
    severity: Severity::Warning,
    summary: "`compatibility` is empty",
    docs: r#"## What it does

Reports a `compatibility` key with nothing after it, an empty string, or only whitespace.

## Why

The standard says `compatibility` "must be 1-500 characters if provided", and that it belongs
only in skills with real environment requirements. The reference validator accepts an empty
value, though, and no runtime breaks on it, so this is a warning rather than an error: a
deliberate difference from the text of the standard, kept so that this tool never fails a skill
the reference validator passes for this.

## Example

```yaml
---
name: pdf-processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
compatibility: ""
---
```

## How to fix

Remove the key, or say what the skill needs: `compatibility: Requires poppler-utils`.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(span) = blank_string(cx, "compatibility") else {
        return;
    };
    out.push(
        RULE.finding(cx, "`compatibility` is empty")
            .at(span)
            .label("no requirements here")
            .help("remove the key, or list what the skill needs (tools, runtimes, network access)"),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::Severity;
    use crate::rules::context::testing::check;

    #[test]
    fn fires_on_empty_values() {
        for yaml in [
            "compatibility:",
            "compatibility: ''",
            "compatibility: '   '",
        ] {
            let found = check(&RULE, "x", &format!("---\n{yaml}\n---\n"));
            assert_eq!(found.len(), 1, "{yaml}");
            assert_eq!(found[0].severity, Severity::Warning);
        }
    }

    #[test]
    fn quiet_on_text_and_collections() {
        for yaml in [
            "compatibility: Requires git",
            "compatibility: [a]",
            "name: x",
        ] {
            assert!(
                check(&RULE, "x", &format!("---\n{yaml}\n---\n")).is_empty(),
                "{yaml}"
            );
        }
    }
}
