//! S001 frontmatter-missing: the file does not start with a `---` frontmatter block at all.

use super::common::{glued, late_frontmatter, padded_delimiter};
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
reference validator and Codex accept it as the opening delimiter, and so does this tool, but
stricter readers (Anthropic's skill-creator validator) do not. `--fix` removes the whitespace.

A first line that glues YAML to the dashes (`---name: pdf`) is an error with its own message:
the reference validator accepts it (it only checks that the file starts with `---`), but Codex
and line-based parsers see no frontmatter. Putting the YAML on its own line changes nothing for
the reference validator.

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
    if let FrontmatterState::Present(fm) = &cx.skill.document.frontmatter {
        if padded_delimiter(&cx.skill.slice(fm.open)) {
            let blanks = Span::new(fm.open.start + 3, fm.open.end);
            out.push(
                RULE.finding(cx, "the opening `---` line has trailing whitespace")
                    .severity(Severity::Warning)
                    .at(blanks)
                    .label("trailing whitespace after `---`")
                    .help(
                        "remove it: the reference validator and Codex accept it, but parsers \
                         that expect exactly `---` see no frontmatter",
                    )
                    .fix(
                        "remove the whitespace after `---`",
                        vec![Edit::new(blanks, "")],
                    ),
            );
        }
        return;
    }
    let FrontmatterState::Missing { first_line, .. } = &cx.skill.document.frontmatter else {
        return;
    };
    let line = cx.skill.slice(*first_line);
    if let Some(rest) = glued(&line) {
        let start = first_line.start + 3;
        out.push(
            RULE.finding(cx, "the opening `---` is not on a line of its own")
                .at(Span::new(first_line.start, start))
                .label(format!("`{rest}` should start on the next line"))
                .help(
                    "break the line after `---`: the reference validator accepts this, but Codex \
                     and other line-based parsers see no frontmatter",
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
    fn trailing_whitespace_on_the_opening_line_is_a_warning() {
        let found = check(&RULE, "pdf", "--- \t\nname: pdf\ndescription: d\n---\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, crate::rules::Severity::Warning);
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((3, 5)));
    }

    #[test]
    fn yaml_glued_to_the_dashes_is_an_error() {
        let found = check(&RULE, "pdf", "---name: pdf\ndescription: d\n---\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, crate::rules::Severity::Error);
        assert_eq!(
            found[0].message,
            "the opening `---` is not on a line of its own"
        );
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((0, 3)));
        let spaced = check(&RULE, "pdf", "--- name: pdf\r\ndescription: d\r\n---\r\n");
        assert_eq!(
            spaced[0].label.as_deref(),
            Some("`name: pdf` should start on the next line")
        );
        // Four dashes are not glued YAML.
        assert_eq!(
            check(&RULE, "pdf", "----\nname: pdf\n----\n")[0].message,
            "SKILL.md does not start with YAML frontmatter"
        );
    }

    #[test]
    fn a_markdown_rule_is_not_a_late_frontmatter() {
        let found = check(&RULE, "pdf", "# PDF\n\n---\n\nMore.\n\n---\n");
        assert_eq!(found.len(), 1);
    }
}
