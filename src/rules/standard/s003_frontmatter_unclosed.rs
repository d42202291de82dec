//! S003 frontmatter-unclosed: the file opens a `---` block and never closes it.

use crate::frontmatter::FrontmatterState;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S003",
    name: "frontmatter-unclosed",
    severity: Severity::Error,
    summary: "the frontmatter has no closing `---` line",
    docs: r#"## What it does

Checks that the `---` line that opens the frontmatter is followed, later in the file, by a line
that is exactly `---`.

## Why

Without the closing line nobody can tell where the YAML ends and the Markdown begins. The
reference validator fails the skill ("frontmatter not properly closed"), Codex skips it, and
Claude Code loads it without metadata. A closing line with trailing spaces or a different
number of dashes (`----`) does not count.

## Example

```markdown
---
name: pdf-processing
description: Extracts text and tables from PDF files. Use when working with PDFs.

# PDF processing
```

## How to fix

Add a line with exactly `---` after the last YAML line, before the Markdown body.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let FrontmatterState::Unclosed { open } = &cx.skill.document.frontmatter else {
        return;
    };
    out.push(
        RULE.finding(cx, "the frontmatter opened here is never closed")
            .at(*open)
            .label("no `---` line closes this block")
            .help(
                "add a line with exactly `---` after the last YAML line, before the Markdown body",
            ),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    #[test]
    fn fires_without_a_closing_line() {
        let found = check(&RULE, "pdf", "---\nname: pdf\ndescription: d\n\n# PDF\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((0, 3)));
        // A closing line with trailing spaces is not a closing line.
        assert_eq!(check(&RULE, "pdf", "---\nname: pdf\n---  \n").len(), 1);
    }

    #[test]
    fn quiet_when_closed_or_missing() {
        assert!(check(&RULE, "pdf", "---\nname: pdf\ndescription: d\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "# PDF\n").is_empty());
    }
}
