//! S001 frontmatter-missing: the file does not start with a `---` frontmatter block at all.

use super::common::late_frontmatter;
use crate::frontmatter::FrontmatterState;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S001",
    name: "frontmatter-missing",
    severity: Severity::Error,
    summary: "SKILL.md has no YAML frontmatter",
    docs: r#"## What it does

Checks that `SKILL.md` starts with a YAML frontmatter block: a first line that is exactly `---`,
the YAML, and a closing line that is exactly `---`. A frontmatter block that starts later in the
file is reported by S002 instead; a `---` further down that is only a Markdown horizontal rule
does not count as one.

## Why

The frontmatter holds the skill's `name` and `description`, the only parts every runtime reads at
startup. Without it the reference validator fails the skill ("must start with YAML frontmatter"),
Codex and most clients skip it, and Claude Code lists it under its directory name with the first
body line as its description.

## Example

```markdown
# PDF processing

Extract text from PDFs.
```

## How to fix

Add a frontmatter block at the very top of the file:

```markdown
---
name: pdf-processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
---
# PDF processing
```
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let FrontmatterState::Missing { first_line, .. } = &cx.skill.document.frontmatter else {
        return;
    };
    if late_frontmatter(cx.skill).is_some() {
        return;
    }
    out.push(
        RULE.finding(cx, "SKILL.md does not start with YAML frontmatter")
            .at(*first_line)
            .label("expected `---` here")
            .help("start the file with a `---` line, then `name:` and `description:`, then another `---` line"),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    #[test]
    fn fires_without_frontmatter() {
        let found = check(&RULE, "pdf", "# PDF\n\nText.\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((0, 5)));
    }

    #[test]
    fn quiet_with_frontmatter_or_a_late_one() {
        assert!(check(&RULE, "pdf", "---\nname: pdf\ndescription: d\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "\n---\nname: pdf\n---\n").is_empty());
    }

    #[test]
    fn a_markdown_rule_is_not_a_late_frontmatter() {
        let found = check(&RULE, "pdf", "# PDF\n\n---\n\nMore.\n\n---\n");
        assert_eq!(found.len(), 1);
    }
}
