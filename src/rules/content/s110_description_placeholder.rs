//! S110 description-placeholder: the description is still the placeholder `skills new` wrote.

use super::text::Description;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::scaffold::PLACEHOLDER_MARKER;

pub const RULE: Rule = Rule {
    id: "S110",
    name: "description-placeholder",
    severity: Severity::Error,
    summary: "the description is the placeholder `skills new` wrote",
    docs: r#"## What it does

Fails a skill whose `description` still holds the placeholder text that `skills new` writes
when no `--description` is given (it says "replace this text").

## Why

The description is what every runtime shows the model to decide when to use the skill. A
placeholder describes no task, so the skill is never chosen, or chosen for anything; it must not
ship.

## Example

```markdown
---
name: pdf-tools
description: "Describes in one sentence what this skill does and the result it produces; replace this text. Use when …"
---
```

## How to fix

Write what the skill does and when to use it, or scaffold with
`skills new NAME --description "…"`.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(description) = Description::of(cx) else {
        return;
    };
    if !description.text.to_lowercase().contains(PLACEHOLDER_MARKER) {
        return;
    }
    out.push(
        RULE.finding(cx, "the description is the placeholder `skills new` wrote")
            .at(description.whole())
            .label("replace this text")
            .help("say what the skill does and when to use it, in the words a user would use"),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;
    use crate::scaffold::PLACEHOLDER_DESCRIPTION;

    #[test]
    fn fires_on_the_scaffold_placeholder_only() {
        let text = format!("---\nname: x\ndescription: {PLACEHOLDER_DESCRIPTION}\n---\n# X\n");
        assert_eq!(check(&RULE, "x", &text).len(), 1);
        let real =
            "---\nname: x\ndescription: Extracts tables from PDF files. Use for PDFs.\n---\n";
        assert!(check(&RULE, "x", real).is_empty());
    }
}
