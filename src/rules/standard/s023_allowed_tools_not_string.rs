//! S023 allowed-tools-not-string: `allowed-tools` is a list or another non-string value.

use super::common::{Text, a_kind, field, text};
use crate::frontmatter::{Value, ValueKind};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S023",
    name: "allowed-tools-not-string",
    severity: Severity::Warning,
    summary: "`allowed-tools` is not a space-separated string",
    docs: r#"## What it does

Checks that the optional, experimental `allowed-tools` field is what the standard defines: "a
space-separated string of tools", such as `Bash(git:*) Bash(jq:*) Read`. It warns on a YAML list
and on any other non-string value (a number, boolean or mapping). An empty value is left alone.

## Why

The standard and the runtimes disagree here, so this is only ever a warning. The reference
validator does not check the field, and Claude Code accepts a list as well as a string. But the
standard says string, and stricter consumers reject a list: `gh skill publish` requires a string.
A string works everywhere.

## Example

```yaml
---
name: pdf-processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
allowed-tools:
  - Read
  - Bash(pdftotext:*)
---
```

## How to fix

Join the tools with spaces: `allowed-tools: Read Bash(pdftotext:*)`.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(field) = field(cx, "allowed-tools") else {
        return;
    };
    let kind = match text(cx.skill, field) {
        Text::Str { typed: None, .. } => return,
        Text::Str {
            typed: Some(ValueKind::Null),
            ..
        } => return,
        Text::Str {
            typed: Some(kind), ..
        }
        | Text::Collection(kind) => kind,
    };
    let help = match joined(&field.value) {
        Some(line) => format!("write one space-separated string: `allowed-tools: {line}`"),
        None => {
            "write the tools as one space-separated string, e.g. `allowed-tools: Read Bash(git:*)`"
                .to_owned()
        }
    };
    let label = if kind == ValueKind::Sequence {
        "the reference validator and Claude Code accept a list; the standard and `gh skill publish` want a string"
    } else {
        "the standard wants a space-separated string of tool names"
    };
    out.push(
        RULE.finding(
            cx,
            format!(
                "`allowed-tools` is {}, not a space-separated string",
                a_kind(kind)
            ),
        )
        .at(field.value_span)
        .label(label)
        .help(help),
    );
}

/// The list's items joined with spaces, when every item is a string without spaces (a tool
/// pattern with a space inside would split into two).
fn joined(value: &Value) -> Option<String> {
    let Value::Sequence(items) = value else {
        return None;
    };
    let words: Option<Vec<&str>> = items
        .iter()
        .map(|item| match item {
            Value::String(s) if !s.is_empty() && !s.contains(char::is_whitespace) => {
                Some(s.as_str())
            }
            _ => None,
        })
        .collect();
    let words = words?;
    (!words.is_empty()).then(|| words.join(" "))
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::Severity;
    use crate::rules::context::testing::check;

    #[test]
    fn a_list_is_a_warning_with_the_joined_string() {
        let found = check(
            &RULE,
            "x",
            "---\nallowed-tools:\n  - Read\n  - Bash(git:*)\n---\n",
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Warning);
        assert_eq!(
            found[0].message,
            "`allowed-tools` is a list, not a space-separated string"
        );
        assert_eq!(
            found[0].help.as_deref(),
            Some("write one space-separated string: `allowed-tools: Read Bash(git:*)`")
        );
        let spaced = check(
            &RULE,
            "x",
            "---\nallowed-tools:\n  - Bash(git commit:*)\n---\n",
        );
        assert!(!spaced[0].help.as_deref().unwrap().contains("git commit"));
    }

    #[test]
    fn other_types_warn_too() {
        assert_eq!(
            check(&RULE, "x", "---\nallowed-tools: true\n---\n").len(),
            1
        );
        assert_eq!(
            check(&RULE, "x", "---\nallowed-tools:\n  Read: yes\n---\n").len(),
            1
        );
    }

    #[test]
    fn quiet_on_strings_and_empty() {
        for yaml in [
            "allowed-tools: Read Grep",
            "allowed-tools:",
            "allowed-tools: ~",
            "name: x",
        ] {
            assert!(
                check(&RULE, "x", &format!("---\n{yaml}\n---\n")).is_empty(),
                "{yaml}"
            );
        }
    }
}
