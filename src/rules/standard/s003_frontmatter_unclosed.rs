//! S003 frontmatter-unclosed: the file opens a `---` block and never closes it.

use super::common::padded_delimiter;
use crate::frontmatter::FrontmatterState;
use crate::rules::{Check, Edit, Finding, Rule, Severity, SkillContext};
use crate::source::Span;

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
Claude Code finds no metadata in it. A closing line with a different number of dashes (`----`)
does not count.

A closing line of `---` followed by spaces or tabs is a special case, reported as a warning: the
reference validator and Codex accept it, and so does this tool, but stricter readers
(Anthropic's skill-creator validator) do not. `--fix` removes the trailing whitespace.

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
    fixable: true,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    if let FrontmatterState::Present(fm) = &cx.skill.document.frontmatter {
        if padded_delimiter(&cx.skill.slice(fm.close)) {
            let spaces = Span::new(fm.close.start + 3, fm.close.end);
            out.push(
                RULE.finding(cx, "the closing `---` line has trailing whitespace")
                    .severity(Severity::Warning)
                    .at(spaces)
                    .label("trailing whitespace after `---`")
                    .help(
                        "remove it: the reference validator and Codex accept it, but parsers \
                         that expect exactly `---` do not see the end of the frontmatter",
                    )
                    .fix(
                        "remove the whitespace after `---`",
                        vec![Edit::new(spaces, "")],
                    ),
            );
        }
        return;
    }
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
    }

    #[test]
    fn trailing_whitespace_on_the_closing_line_is_a_fixable_warning() {
        let found = check(&RULE, "pdf", "---\nname: pdf\n---  \n# PDF\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, crate::rules::Severity::Warning);
        let fix = found[0].fix.as_ref().unwrap();
        assert_eq!((fix.edits[0].span.start, fix.edits[0].span.end), (17, 19));
    }

    #[test]
    fn quiet_when_closed_or_missing() {
        assert!(check(&RULE, "pdf", "---\nname: pdf\ndescription: d\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "# PDF\n").is_empty());
    }
}
