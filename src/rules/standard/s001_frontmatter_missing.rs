//! S001 frontmatter-missing: the file does not start with a `---` frontmatter block at all.

use super::common::{late_frontmatter, padded_delimiter};
use crate::frontmatter::FrontmatterState;
use crate::rules::{Check, Edit, Finding, Rule, Severity, SkillContext};
use crate::source::Span;

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

A first line of `---` followed by spaces or tabs is a special case, reported as a warning: the
reference validator and Codex accept it as the opening delimiter, but stricter readers
(Anthropic's skill-creator validator, and this tool's other checks) do not, so the frontmatter
goes unchecked. `--fix` removes the trailing whitespace.

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
    fixable: true,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let FrontmatterState::Missing { first_line, .. } = &cx.skill.document.frontmatter else {
        return;
    };
    let line = cx.skill.slice(*first_line);
    if padded_delimiter(&line) {
        let dashes = Span::new(first_line.start + 3, first_line.end);
        out.push(
            RULE.finding(cx, "the opening `---` line has trailing whitespace")
                .severity(Severity::Warning)
                .at(dashes)
                .label("trailing whitespace after `---`")
                .help(
                    "remove it: the reference validator and Codex accept it, but stricter \
                     parsers do not see a frontmatter, and it is not checked here",
                )
                .fix(
                    "remove the whitespace after `---`",
                    vec![Edit::new(dashes, "")],
                ),
        );
        return;
    }
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
    fn trailing_whitespace_on_the_opening_line_is_a_fixable_warning() {
        let found = check(&RULE, "pdf", "--- \t\nname: pdf\ndescription: d\n---\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, crate::rules::Severity::Warning);
        let fix = found[0].fix.as_ref().unwrap();
        assert_eq!((fix.edits[0].span.start, fix.edits[0].span.end), (3, 5));
    }

    #[test]
    fn a_markdown_rule_is_not_a_late_frontmatter() {
        let found = check(&RULE, "pdf", "# PDF\n\n---\n\nMore.\n\n---\n");
        assert_eq!(found.len(), 1);
    }
}
