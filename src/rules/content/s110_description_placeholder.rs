//! S110 description-placeholder: the description is still the placeholder `skills new` wrote.

use super::text::Description;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::scaffold::PLACEHOLDER_MARKER;

pub const RULE: Rule = Rule {
    id: "S110",
    name: "description-placeholder",
    severity: Severity::Error,
    summary: "the description is the placeholder `skills new` wrote",
    docs: r#"## What it does

Fails a skill whose `description` still holds the placeholder text that `skills new` writes
when no `--description` is given (it says "replace this text").

## Why

The description is what every runtime shows the model to decide when to use the skill. A
placeholder describes no task, so the skill is never chosen, or chosen for anything; it must not
ship.

## Example

```markdown
---
name: pdf-tools
description: "Describes in one sentence what this skill does and the result it produces; replace this text. Use when …"
---
```

## How to fix

Write what the skill does and when to use it, or scaffold with
`skills new NAME --description "…"`.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(description) = Description::of(cx) else {
        return;
    };
    if !holds_marker(description.text) {
        return;
    }
    out.push(
        RULE.finding(cx, "the description is the placeholder `skills new` wrote")
            .at(description.whole())
            .label("replace this text")
            .help("say what the skill does and when to use it, in the words a user would use"),
    );
}

/// Whether `text` lowercased holds the placeholder's marker. The marker is ASCII, and the only
/// characters other than ASCII ones that lowercase to ASCII letters are the Kelvin sign (`k`)
/// and `İ` (`i` and a combining dot, which no letter of the marker is followed by), so the
/// marker is looked for in the text as it is, ASCII letters in either case, at each `r`.
fn holds_marker(text: &str) -> bool {
    let marker = PLACEHOLDER_MARKER.as_bytes();
    let bytes = text.as_bytes();
    memchr::memchr2_iter(marker[0], marker[0].to_ascii_uppercase(), bytes).any(|at| {
        bytes
            .get(at..at + marker.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(marker))
    })
}

#[cfg(test)]
mod tests {
    use super::{RULE, holds_marker};
    use crate::rules::context::testing::check;
    use crate::scaffold::{PLACEHOLDER_DESCRIPTION, PLACEHOLDER_MARKER};

    #[test]
    fn the_marker_is_found_as_lowercasing_finds_it() {
        for text in [
            "replace this text",
            "Replace This TEXT.",
            "x REPLACE THIS TEXT",
            "replace this tex",
            "replace this text\u{212A}",
            "repl\u{0130}ce this text",
            "replace th\u{0130}s text",
            "replace th\u{0131}s text",
            "\u{212A}replace  this text",
            "r\u{e9}place this text",
            "",
        ] {
            assert_eq!(
                holds_marker(text),
                text.to_lowercase().contains(PLACEHOLDER_MARKER),
                "{text:?}"
            );
        }
        // Every character that lowercases to something with an ASCII letter in it.
        for c in (0..=0x10FFFF)
            .filter_map(char::from_u32)
            .filter(|c| !c.is_ascii())
        {
            let lower: String = c.to_lowercase().collect();
            if lower.bytes().any(|b| b.is_ascii_alphabetic()) {
                assert!(matches!(c, '\u{212A}' | '\u{0130}'), "{c:?} -> {lower:?}");
            }
        }
    }

    #[test]
    fn fires_on_the_scaffold_placeholder_only() {
        let text = format!("---\nname: x\ndescription: {PLACEHOLDER_DESCRIPTION}\n---\n# X\n");
        assert_eq!(check(&RULE, "x", &text).len(), 1);
        let real =
            "---\nname: x\ndescription: Extracts tables from PDF files. Use for PDFs.\n---\n";
        assert!(check(&RULE, "x", real).is_empty());
    }
}
