//! S026 reserved-word-in-name: `name` contains a word a selected platform reserves.

use super::common::{field, names, py_strip, text};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::targets::{Target, fate};

pub const RULE: Rule = Rule {
    id: "S026",
    name: "reserved-word-in-name",
    severity: Severity::Error,
    summary: "`name` contains a word reserved by a selected platform",
    docs: r#"## What it does

When a selected target reserves words in skill names, checks that `name` does not contain one,
anywhere and in any case. `claude-code` reserves `anthropic` and `claude` (Anthropic's platform
rules for skills), so `claude-helper`, `my-anthropic-tools` and `ClaudeDocs` are reported. With
only targets that reserve nothing (the default), the rule is silent.

## Why

Anthropic's platform rejects names that contain "anthropic" or "claude": uploading such a skill
to claude.ai or through the API fails. The open standard and the reference validator have no such
rule, so a skill can pass validation and still be refused on upload.

## Example

```yaml
---
name: claude-pdf-helper
description: Extracts text and tables from PDF files. Use when working with PDFs.
---
```

## How to fix

Pick a name without the reserved word (`pdf-helper`) and rename the directory to match.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(field) = field(cx, "name") else {
        return;
    };
    let value = text(cx.skill, field);
    let Some(name) = value.as_str() else {
        return;
    };
    let name = py_strip(name);
    let lower = name.to_lowercase();
    let mut words: Vec<(&str, Vec<&Target>)> = Vec::new();
    for target in cx.targets {
        for word in target.reserved_words {
            if !lower.contains(word) {
                continue;
            }
            match words.iter_mut().find(|(w, _)| w == word) {
                Some((_, targets)) => targets.push(target),
                None => words.push((word, vec![target])),
            }
        }
    }
    for (word, targets) in words {
        // A runtime that still lists the skill reserves the word for uploads only.
        let (refusing, keeping) = fate::by_admission(&targets, cx.skill);
        let mut who = Vec::new();
        if !refusing.is_empty() {
            let verb = if refusing.len() == 1 {
                "reserves"
            } else {
                "reserve"
            };
            who.push(format!("{} {verb}", names(&refusing)));
        }
        if !keeping.is_empty() {
            who.push(format!(
                "the upload rules of {} reserve (the client lists the skill)",
                names(&keeping)
            ));
        }
        let rest: Vec<&str> = lower
            .split(word)
            .flat_map(|p| p.split('-'))
            .filter(|p| !p.is_empty())
            .collect();
        let help = if rest.is_empty() {
            "choose a name without it, and rename the directory to match".to_owned()
        } else {
            format!(
                "choose a name without it (such as `{}`), and rename the directory to match",
                rest.join("-")
            )
        };
        out.push(
            RULE.finding(
                cx,
                format!(
                    "`name` `{name}` contains `{word}`, which {}",
                    who.join(", and ")
                ),
            )
            .at(field.value_span)
            .label(format!("`{word}` is reserved: the upload is rejected"))
            .help(help),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::{check, check_with, skill};

    fn claude(name: &str) -> Vec<crate::rules::Finding> {
        let text = format!("---\nname: {name}\ndescription: d\n---\n");
        check_with(&RULE, &skill(name, &text), &["claude-code"], &[])
    }

    #[test]
    fn fires_for_claude_code_in_any_case() {
        let found = claude("claude-pdf-helper");
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "`name` `claude-pdf-helper` contains `claude`, which the upload rules of Claude Code \
             reserve (the client lists the skill)"
        );
        assert!(found[0].help.as_deref().unwrap().contains("`pdf-helper`"));
        assert_eq!(claude("MyAnthropicTools").len(), 1);
        assert_eq!(claude("anthropic-claude").len(), 2);
    }

    #[test]
    fn quiet_by_default_and_on_clean_names() {
        assert!(check(&RULE, "claude-helper", "---\nname: claude-helper\n---\n").is_empty());
        assert!(claude("pdf-helper").is_empty());
    }
}
