//! S004 invalid-yaml: the frontmatter block is not valid YAML.

use super::common::char_span;
use crate::frontmatter::Yaml;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S004",
    name: "invalid-yaml",
    severity: Severity::Error,
    summary: "the frontmatter is not valid YAML",
    docs: r#"## What it does

Parses the text between the `---` lines as YAML and reports the first syntax error, with the
parser's reason, at the position where parsing stopped.

## Why

This is the most common way a skill silently disappears. The reference validator fails it
("Invalid YAML in frontmatter"), Codex and the `skills` installer skip it, and Claude Code loads
it with no metadata after a failed repair attempt, so the skill is listed under its directory
name with the first body line as its description. The usual causes are a value that contains
`: ` (YAML reads a second key), a value that starts with a YAML indicator such as `[`, `{`, `*`,
`&`, `!`, `|`, `>`, `%`, `@` or a backtick, a stray quote, and tabs used for indentation.
S305 explains and fixes the `: ` case specifically.

## Example

```yaml
---
name: pdf-processing
description: Extracts PDF text. Use when: the user asks about a PDF.
---
```

## How to fix

Quote the value that breaks the YAML: put it in double quotes (escaping any `"` and `\` inside
it as `\"` and `\\`), or in single quotes (doubling any `'` inside it). Indent with spaces only.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(fm) = cx.skill.document.frontmatter() else {
        return;
    };
    let Yaml::Invalid(err) = &fm.content else {
        return;
    };
    out.push(
        RULE.finding(
            cx,
            format!("the frontmatter is not valid YAML: {}", err.reason),
        )
        .at(char_span(cx.skill, err.offset))
        .label("the YAML parser stopped here")
        .help(
            "quote the value that breaks the YAML (one containing `: ` or starting with `[`, `{`, \
             `*`, `&`, `!`, `|`, `>`, `%`, `@` or a backtick), and indent with spaces only",
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    #[test]
    fn fires_with_the_reason_at_the_error() {
        let text = "---\nname: pdf\ndescription: Use when: a PDF\n---\n";
        let found = check(&RULE, "pdf", text);
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .message
                .starts_with("the frontmatter is not valid YAML: ")
        );
        let span = found[0].span.unwrap();
        assert!(span.len() <= 1);
        assert!(span.start > 4 && span.start < text.len());
    }

    #[test]
    fn quiet_on_valid_yaml_or_without_frontmatter() {
        assert!(check(&RULE, "pdf", "---\nname: pdf\ndescription: d\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "---\n- a\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "# PDF\n").is_empty());
    }
}
