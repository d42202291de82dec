//! S002 frontmatter-not-at-start: a frontmatter block exists, but something comes before it.

use super::common::late_frontmatter;
use crate::frontmatter::FrontmatterState;
use crate::rules::{Check, Edit, Finding, Rule, Severity, SkillContext};
use crate::source::Span;

pub const RULE: Rule = Rule {
    id: "S002",
    name: "frontmatter-not-at-start",
    severity: Severity::Error,
    summary: "the frontmatter block does not start on the first line",
    docs: r#"## What it does

Finds a frontmatter block (a `---` line, YAML with a `name:` or `description:` key, and a
closing `---` line) that does not begin on the first line of `SKILL.md`: a blank line, a title
or a comment sits above it. A lone `---` used as a Markdown horizontal rule is not mistaken for
a frontmatter block.

## Why

Every runtime looks for the opening `---` on the very first line and nowhere else. The reference
validator fails the skill ("must start with YAML frontmatter"), Codex skips it, and Claude Code
loads it with no metadata: the block is shown as part of the body and the skill's description
becomes the first body line.

## Example

```markdown

---
name: pdf-processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
---
```

## How to fix

Move the block to the top of the file, so that `---` is the first line. When only blank lines
come before it, `--fix` deletes them.
"#,
    fixable: true,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let FrontmatterState::Missing { first_line, .. } = &cx.skill.document.frontmatter else {
        return;
    };
    let Some(open) = late_frontmatter(cx.skill) else {
        return;
    };
    let (line, _) = cx.skill.source.line_col(open.start);
    let before = Span::new(first_line.start, open.start);
    let finding = RULE
        .finding(
            cx,
            format!("the frontmatter starts on line {line}, not on the first line"),
        )
        .at(*first_line)
        .label(format!(
            "expected `---` here; the block starts on line {line}"
        ));
    let blank_above = cx.skill.slice(before).trim().is_empty();
    out.push(if blank_above {
        finding
            .help("delete the blank lines above the opening `---`")
            .fix(
                "delete the blank lines above the frontmatter",
                vec![Edit::new(before, "")],
            )
    } else {
        finding.help(format!(
            "move the frontmatter block (line {line}) to the top of the file, above everything else"
        ))
    });
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    #[test]
    fn fires_on_blank_lines_above_and_fixes_them() {
        let found = check(
            &RULE,
            "pdf",
            "\n\n---\nname: pdf\ndescription: d\n---\n# PDF\n",
        );
        assert_eq!(found.len(), 1);
        assert!(found[0].message.contains("line 3"));
        let fix = found[0].fix.as_ref().unwrap();
        assert_eq!((fix.edits[0].span.start, fix.edits[0].span.end), (0, 2));
    }

    #[test]
    fn fires_on_a_title_above_without_a_fix() {
        let found = check(&RULE, "pdf", "# PDF\n---\ndescription: d\n---\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((0, 5)));
        assert!(found[0].fix.is_none());
    }

    #[test]
    fn quiet_on_good_frontmatter_and_on_a_markdown_rule() {
        assert!(check(&RULE, "pdf", "---\nname: pdf\ndescription: d\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "# PDF\n\n---\n\nMore.\n").is_empty());
        assert!(check(&RULE, "pdf", "# PDF\n\n---\n\nMore.\n\n---\n").is_empty());
    }
}
