//! S027 angle-brackets: `<` or `>` in `name` or `description`.

use super::common::{field, names, selected, text};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::source::Span;

pub const RULE: Rule = Rule {
    id: "S027",
    name: "angle-brackets",
    severity: Severity::Error,
    summary: "`name` or `description` contains `<` or `>`",
    docs: r#"## What it does

Looks for `<` and `>` in `name` and `description` and points at the first one.

- **error** when a selected target forbids them: `claude-code` (Anthropic's platform: name and
  description "cannot contain XML tags"; Anthropic's skill-creator validator rejects any angle
  bracket in the description);
- **warning** otherwise.

## Why

Several runtimes paste the description, unescaped, into an XML-like skill catalog in the system
prompt: Claude Code's older `<available_skills>` listing, Gemini CLI, Cursor, and older VS Code
builds. A `<tag>` or a stray `<` there can close or open elements, so the model sees a broken
catalog entry, or text that looks like instructions. Uploads to claude.ai and the API are
rejected outright.

## Example

```yaml
---
name: html-cleanup
description: Removes <script> and <style> tags from HTML files. Use when cleaning HTML.
---
```

## How to fix

Describe the markup in words ("script and style tags") or drop the brackets; write comparisons
out ("more than 5").
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let rejecting = selected(cx, |t| t.rejects_angle_brackets);
    for key in ["name", "description"] {
        let Some(field) = field(cx, key) else {
            continue;
        };
        let value = text(cx.skill, field);
        let Some(value) = value.as_str() else {
            continue;
        };
        let Some(c) = value.chars().find(|c| matches!(c, '<' | '>')) else {
            continue;
        };
        let span = first_bracket(cx, field.value_span).unwrap_or(field.value_span);
        let finding = RULE.finding(cx, format!("`{key}` contains `{c}`"));
        let finding = if rejecting.is_empty() {
            finding
                .severity(Severity::Warning)
                .label("runtimes that paste descriptions into XML catalogs read this as markup")
        } else {
            finding.label(format!(
                "{} forbids XML tags and angle brackets here",
                names(&rejecting)
            ))
        };
        out.push(finding.at(span).help(
            "describe markup in words (\"script tags\") and write comparisons out (\"more than\")",
        ));
    }
}

/// The first `<` or `>` in the value as written, when it is there.
fn first_bracket(cx: &SkillContext<'_>, value: Span) -> Option<Span> {
    let written = cx.skill.slice(value);
    let at = written.find(['<', '>'])?;
    (written.len() == value.len()).then(|| Span::new(value.start + at, value.start + at + 1))
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::Severity;
    use crate::rules::context::testing::{check, check_with, skill};

    const TEXT: &str =
        "---\nname: html\ndescription: Removes <script> tags. Use when cleaning HTML.\n---\n";

    #[test]
    fn warning_by_default_at_the_first_bracket() {
        let found = check(&RULE, "html", TEXT);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Warning);
        assert_eq!(found[0].message, "`description` contains `<`");
        let span = found[0].span.unwrap();
        assert_eq!(&TEXT[span.start..span.end], "<");
        assert_eq!(span.start, TEXT.find('<').unwrap());
    }

    #[test]
    fn error_for_claude_code_and_in_names() {
        let found = check_with(
            &RULE,
            &skill("html", TEXT),
            &["agentskills", "claude-code"],
            &[],
        );
        assert_eq!(found[0].severity, Severity::Error);
        let name = check(&RULE, "x", "---\nname: a>b\ndescription: d\n---\n");
        assert_eq!(name[0].message, "`name` contains `>`");
    }

    #[test]
    fn quiet_without_brackets() {
        assert!(check(&RULE, "x", "---\nname: x\ndescription: Plain text.\n---\n").is_empty());
        assert!(check(&RULE, "x", "---\nname: x\ndescription: [<a>]\n---\n").is_empty());
    }
}
