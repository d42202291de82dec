//! S024 license-not-string: `license` is a list, a mapping, or a YAML number or boolean.

use super::common::{Text, a_kind, field, text};
use crate::frontmatter::ValueKind;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S024",
    name: "license-not-string",
    severity: Severity::Warning,
    summary: "`license` is not a string",
    docs: r#"## What it does

Checks that the optional `license` field is text: a license name such as `Apache-2.0`, or a
pointer to a bundled file such as `Complete terms in LICENSE.txt`. It warns on a list, a
mapping, and a plain value that YAML types as a number or boolean. An empty value is left alone.

## Why

The standard defines `license` as a license name or a reference to a bundled license file: one
short text. The reference validator does not check the field and no runtime fails on it, hence
a warning; but anything that reads the field as the standard defines it gets a list or a
mapping where it expects a name.

## Example

```yaml
---
name: pdf-processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
license:
  - MIT
  - Apache-2.0
---
```

## How to fix

Write one string, such as an SPDX expression: `license: MIT OR Apache-2.0`.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(field) = field(cx, "license") else {
        return;
    };
    let kind = match text(cx.skill, field) {
        Text::Collection(kind) => kind,
        Text::Str {
            typed: Some(kind @ (ValueKind::Number | ValueKind::Bool)),
            ..
        } => kind,
        Text::Str { .. } => return,
    };
    out.push(
        RULE.finding(cx, format!("`license` is {}, not a string", a_kind(kind)))
            .at(field.value_span)
            .label("the standard wants a license name or a file reference")
            .help("write one string, such as an SPDX expression (`license: MIT OR Apache-2.0`) or `license: Complete terms in LICENSE.txt`"),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::Severity;
    use crate::rules::context::testing::check;

    #[test]
    fn fires_on_lists_mappings_and_typed_scalars() {
        for yaml in [
            "license:\n  - MIT",
            "license:\n  name: MIT",
            "license: 2024",
            "license: true",
        ] {
            let found = check(&RULE, "x", &format!("---\n{yaml}\n---\n"));
            assert_eq!(found.len(), 1, "{yaml}");
            assert_eq!(found[0].severity, Severity::Warning);
        }
    }

    #[test]
    fn quiet_on_text_and_empty() {
        for yaml in [
            "license: MIT",
            "license: '2024'",
            "license:",
            "license: ~",
            "name: x",
        ] {
            assert!(
                check(&RULE, "x", &format!("---\n{yaml}\n---\n")).is_empty(),
                "{yaml}"
            );
        }
    }
}
