//! S018 description-too-long: `description` is longer than a selected target allows.

use super::common::{field, names, text};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::targets::Target;

pub const RULE: Rule = Rule {
    id: "S018",
    name: "description-too-long",
    severity: Severity::Error,
    summary: "`description` is longer than a selected target allows",
    docs: r#"## What it does

Counts the characters (code points) of `description` and compares them with the limit of each
selected target: 1024 for the reference validator (`agentskills`) and Codex, 1536 for Claude
Code. `max-description-chars` in `[thresholds]` replaces every target's limit.

Each target is measured the way it measures:

- the reference validator counts the raw value, untrimmed: a `|` or `>` block scalar's final
  newline counts, and so do spaces inside quotes;
- Codex first collapses every run of whitespace into one space.

## Why

The standard caps descriptions at 1024 characters. The reference validator fails a longer one
("Description exceeds 1024 character limit"), Codex skips the skill, and Claude Code cuts the
description in its skill listing, so the end of it (often the "use when" part) never reaches the
model. Every character is also paid for in the context of every conversation.

## Example

```yaml
---
name: pdf-processing
description: Extracts text and tables from PDF files … (1,100 characters in all)
---
```

## How to fix

Keep the description to what the skill does and when to use it, and move details, examples and
edge cases into the body or a reference file.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(field) = field(cx, "description") else {
        return;
    };
    let value = text(cx.skill, field);
    let Some(description) = value.as_str() else {
        return;
    };
    let raw = description.chars().count();

    if let Some(limit) = cx.settings.max_description_chars {
        if raw > limit {
            out.push(finding(
                cx,
                field.value_span,
                raw,
                limit,
                format!("`description` is {raw} characters long; the configured limit is {limit}"),
            ));
        }
        return;
    }

    let over: Vec<(&Target, usize)> = cx
        .targets
        .iter()
        .map(|t| (*t, counted(t, description)))
        .filter(|(t, count)| *count > t.description_limit)
        .collect();
    let Some(limit) = over.iter().map(|(t, _)| t.description_limit).min() else {
        return;
    };
    let targets: Vec<&Target> = over.iter().map(|(t, _)| *t).collect();
    let limits: Vec<usize> = over.iter().map(|(t, _)| t.description_limit).collect();
    let allowed = if limits.iter().all(|&l| l == limit) {
        let verb = if targets.len() == 1 {
            "allows"
        } else {
            "allow"
        };
        format!("{} {verb} at most {limit}", names(&targets))
    } else {
        let each: Vec<String> = over
            .iter()
            .map(|(t, _)| format!("{} allows {}", t.display, t.description_limit))
            .collect();
        each.join(", ")
    };
    let mut message = format!("`description` is {raw} characters long; {allowed}");
    for (t, count) in &over {
        if *count != raw {
            message.push_str(&format!(
                " ({} counts {count} after collapsing whitespace)",
                t.display
            ));
        }
    }
    out.push(finding(cx, field.value_span, raw, limit, message));
}

/// The description's length as a target measures it. Codex collapses whitespace first
/// (`sanitize_single_line` in codex-rs/core-skills/src/loader.rs); the reference validator
/// counts the raw value.
fn counted(target: &Target, description: &str) -> usize {
    if target.id == "codex" {
        let words: Vec<&str> = description.split_whitespace().collect();
        words.iter().map(|w| w.chars().count()).sum::<usize>() + words.len().saturating_sub(1)
    } else {
        description.chars().count()
    }
}

fn finding(
    cx: &SkillContext<'_>,
    span: crate::source::Span,
    count: usize,
    limit: usize,
    message: String,
) -> Finding {
    RULE.finding(cx, message)
        .at(span)
        .label(format!("{count} characters"))
        .help(format!(
            "shorten it to at most {limit} characters: keep what the skill does and when to use \
             it, and move details into the body"
        ))
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::{check, check_with, skill};

    fn text(description: &str) -> String {
        format!("---\nname: x\ndescription: {description}\n---\n")
    }

    #[test]
    fn reference_limit_counts_code_points_unstripped() {
        assert!(check(&RULE, "x", &text(&"a".repeat(1024))).is_empty());
        let found = check(&RULE, "x", &text(&"a".repeat(1025)));
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "`description` is 1025 characters long; the reference validator (skills-ref) allows at most 1024"
        );
        assert!(check(&RULE, "x", &text(&"é".repeat(1024))).is_empty());
        // Quoted trailing spaces count.
        let quoted = format!("\"{}  \"", "x".repeat(1023));
        assert_eq!(check(&RULE, "x", &text(&quoted)).len(), 1);
        // A block scalar keeps its final newline: 1024 characters of text are 1025.
        let block = format!("|\n  {}", "y".repeat(1024));
        assert!(check(&RULE, "x", &text(&block))[0].message.contains("1025"));
    }

    #[test]
    fn per_target_limits_and_counts() {
        let long = text(&"a".repeat(1200));
        let claude = check_with(&RULE, &skill("x", &long), &["claude-code"], &[]);
        assert!(claude.is_empty());
        let both = check_with(
            &RULE,
            &skill("x", &long),
            &["agentskills", "claude-code"],
            &[],
        );
        assert_eq!(both.len(), 1);
        assert!(both[0].message.ends_with("allows at most 1024"));
        // Codex collapses runs of spaces before counting.
        let spaced = text(&format!("\"{}\"", "a  ".repeat(400)));
        assert!(check_with(&RULE, &skill("x", &spaced), &["codex"], &[]).is_empty());
        assert_eq!(check(&RULE, "x", &spaced).len(), 1);
    }

    #[test]
    fn the_configured_limit_replaces_the_targets() {
        use crate::rules::{Settings, SkillContext};
        let s = skill("x", &text(&"a".repeat(300)));
        let settings = Settings {
            max_description_chars: Some(200),
            ..Settings::default()
        };
        let targets = [crate::targets::find("claude-code").unwrap()];
        let cx = SkillContext::in_memory(&s, &targets, &settings, Default::default());
        let mut found = Vec::new();
        super::check(&cx, &mut found);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "`description` is 300 characters long; the configured limit is 200"
        );
    }

    #[test]
    fn quiet_without_a_text_description() {
        assert!(check(&RULE, "x", "---\nname: x\n---\n").is_empty());
        assert!(check(&RULE, "x", "---\ndescription: [a]\n---\n").is_empty());
    }
}
