//! S015 description-missing: the frontmatter has no `description` field.

use super::common::mapping;
use crate::frontmatter::ValueKind;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S015",
    name: "description-missing",
    severity: Severity::Error,
    summary: "the frontmatter has no `description` field",
    docs: r#"## What it does

Checks that the frontmatter has a `description` key. Keys are case-sensitive: `Description:`
does not count (S025 reports it as an unknown field, and this rule points at it).

## Why

The description is how an agent decides to use a skill: it is the only text about the skill in
the catalog every runtime loads at startup. The standard requires it; the reference validator
fails a skill without one ("Missing required field in frontmatter: description"), Codex skips
it, and Claude Code makes one up from the first paragraph of the body, which rarely says when to
use the skill.

## Example

```yaml
---
name: pdf-processing
---
```

## How to fix

Add a `description:` that says what the skill does and when to use it:

```yaml
---
name: pdf-processing
description: Extracts text and tables from PDF files and fills in forms. Use when the user works with PDFs.
---
```
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(fm) = mapping(cx) else {
        return;
    };
    if fm.get("description").is_some() {
        return;
    }
    let near = fm.fields().iter().find(|f| {
        f.key_kind == ValueKind::String && f.key.trim().eq_ignore_ascii_case("description")
    });
    let finding = RULE.finding(cx, "the frontmatter has no `description` field");
    out.push(match near {
        Some(f) => finding
            .at(f.key_span)
            .label(format!(
                "`{}` is not `description`: keys are case-sensitive",
                f.key
            ))
            .help("rename the key to `description`, exactly in lowercase"),
        None => finding
            .at(fm.open)
            .label("this frontmatter needs `description:`")
            .help("add `description:` saying what the skill does and when to use it"),
    });
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    #[test]
    fn fires_without_description() {
        let found = check(&RULE, "pdf", "---\nname: pdf\n---\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((0, 3)));
        let cased = check(&RULE, "pdf", "---\nname: pdf\nDescription: d\n---\n");
        assert_eq!(cased[0].span.map(|s| (s.start, s.end)), Some((14, 25)));
    }

    #[test]
    fn quiet_with_any_description_or_without_a_mapping() {
        assert!(check(&RULE, "pdf", "---\nname: pdf\ndescription:\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "---\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "# PDF\n").is_empty());
    }
}
