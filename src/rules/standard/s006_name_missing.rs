//! S006 name-missing: the frontmatter has no `name` field.

use super::common::mapping;
use crate::frontmatter::ValueKind;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S006",
    name: "name-missing",
    severity: Severity::Error,
    summary: "the frontmatter has no `name` field",
    docs: r#"## What it does

Checks that the frontmatter has a `name` key. Keys are case-sensitive: `Name:` does not count
(S025 reports it as an unknown field, and this rule points at it).

## Why

The standard requires `name`, and the reference validator fails a skill without one ("Missing
required field in frontmatter: name"), and so does Anthropic's skill-creator validator. Claude
Code and current Codex fall back to the directory name, but older Codex releases skipped the
skill.

## Example

```yaml
---
description: Extracts text and tables from PDF files. Use when working with PDFs.
---
```

## How to fix

Add `name:` with the skill's directory name, in lowercase letters, digits and hyphens:

```yaml
---
name: pdf-processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
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
    if fm.get("name").is_some() {
        return;
    }
    let dir = cx.skill.dir_name();
    let near = fm
        .fields()
        .iter()
        .find(|f| f.key_kind == ValueKind::String && f.key.trim().eq_ignore_ascii_case("name"));
    let finding = RULE.finding(cx, "the frontmatter has no `name` field");
    out.push(match near {
        Some(f) => finding
            .at(f.key_span)
            .label(format!(
                "`{}` is not `name`: keys are case-sensitive",
                f.key
            ))
            .help(format!(
                "rename the key to `name`, exactly in lowercase (`name: {dir}`)"
            )),
        None => finding
            .at(fm.open)
            .label("this frontmatter needs `name:`")
            .help(format!(
                "add `name: {dir}` (the directory name) to the frontmatter"
            )),
    });
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    #[test]
    fn fires_without_name() {
        let found = check(&RULE, "pdf", "---\ndescription: d\n---\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((0, 3)));
        assert!(found[0].help.as_deref().unwrap().contains("`name: pdf`"));
    }

    #[test]
    fn points_at_a_wrongly_cased_key() {
        let found = check(&RULE, "pdf", "---\nName: pdf\ndescription: d\n---\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((4, 8)));
    }

    #[test]
    fn quiet_with_any_name_or_without_a_mapping() {
        assert!(check(&RULE, "pdf", "---\nname: pdf\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "---\nname:\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "---\n- a\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "---\nname: [\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "# PDF\n").is_empty());
    }
}
