//! S102 description-missing-trigger: the description says what the skill is but never when to
//! use it.

use super::text::{Description, Word};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S102",
    name: "description-missing-trigger",
    severity: Severity::Warning,
    summary: "the description never says when to use the skill",
    docs: r#"## What it does

Warns when the `description` has no "when to use" cue at all. Anything that reads as a trigger
counts, anywhere in the text (quotes included):

- `when`, `whenever`, and any form of `trigger`, `invoke` or `activate`;
- `use`/`used`/`useful` followed by `for`, `when`, `if`, `with`, `on`, `in`, `to`, `before`,
  `after`, `during`, `only`, `it`, `this`, `these` or `them` (`Use for…`, `Use this skill…`);
- `if the user…`, `if you…`, `if someone…`, and `for … requests/tasks/questions/prompts`
  (`for PDF form-filling tasks`);
- `during …`, and `while`, `before` or `after` with an `-ing` word (`while writing tests`,
  `before merging`);
- a user doing something: `the user asks`, `users want`, `someone needs`, `they mention`,
  `the user uploads`…;
- `best for`, `ideal for`, `meant for`, `relevant to`, `applies to`, `fires on`.

So it flags only descriptions that are a bare "what", such as `Best practices for React Hooks
usage and custom hook creation.` or `Toolkit for interacting with and testing local web
applications using Playwright.` (both real). Descriptions that are not in English are left
alone: their trigger words are not known here. A trigger kept elsewhere (a `metadata.triggers`
list read by one tool, a "When to use" section in the body) does not count: no runtime shows it
to the model when it chooses a skill.

## Why

At startup a runtime puts only each skill's `name` and `description` in front of the model, and
the model picks a skill from those alone. The standard says the description should say both what
the skill does and when to use it; Anthropic's guidance and its skill-creator put all "when to
use" information in the description ("Use when working with PDF files…"). A description with no
trigger leaves the model to guess, so the skill is loaded too rarely or for the wrong requests.

## Example

```markdown
---
name: react-hooks
description: Best practices for React Hooks usage and custom hook creation.
---
```

## How to fix

Add a sentence that says when to use the skill, naming the requests, files or keywords that
should bring it in:

```markdown
---
name: react-hooks
description: Best practices for React Hooks usage and custom hook creation. Use when writing or reviewing React components that call useEffect, useMemo or custom hooks.
---
```
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(description) = Description::of(cx) else {
        return;
    };
    if !description.is_english(cx) || has_trigger_in(&description.words(cx)) {
        return;
    }
    out.push(
        RULE.finding(cx, "the description says what the skill is but not when to use it")
            .at(description.whole())
            .label("no \"use when…\" here")
            .help("add when to use the skill, e.g. \"Use when the user asks to …\": the model chooses skills from the description alone"),
    );
}

/// Words that are a trigger cue on their own (whole words or prefixes).
const CUE_WORDS: &[&str] = &["when", "whenever"];
const CUE_PREFIXES: &[&str] = &["trigger", "invok", "activat"];
/// `use`, `used`, `useful` followed by one of these.
const AFTER_USE: &[&str] = &[
    "for", "when", "whenever", "if", "with", "on", "in", "to", "before", "after", "during", "only",
    "it", "this", "these", "them",
];
/// `if` followed by one of these.
const AFTER_IF: &[&str] = &[
    "the", "a", "an", "you", "someone", "user", "users", "they", "asked", "needed",
];
/// Someone doing something: a subject, then a verb.
const SUBJECTS: &[&str] = &["user", "users", "someone", "they", "you"];
const REQUEST_VERBS: &[&str] = &[
    "ask", "asks", "want", "wants", "need", "needs", "say", "says", "mention", "mentions",
    "request", "requests", "share", "shares", "upload", "uploads", "provide", "provides", "type",
    "types", "paste", "pastes",
];
/// Two-word cues.
const PAIRS: &[(&str, &str)] = &[
    ("best", "for"),
    ("ideal", "for"),
    ("meant", "for"),
    ("relevant", "to"),
    ("relevant", "for"),
    ("relevant", "when"),
    ("applies", "to"),
    ("applies", "when"),
    ("fires", "on"),
    ("fire", "on"),
];
const REQUEST_NOUNS: &[&str] = &["requests", "tasks", "questions", "prompts"];

/// [`has_trigger_in`] the words of `text`.
#[cfg(test)]
fn has_trigger(text: &str) -> bool {
    has_trigger_in(&super::text::words(text))
}

/// Whether a description, split into its words `ws`, has any "when to use" cue.
fn has_trigger_in(ws: &[Word<'_>]) -> bool {
    let is_in = |w: Option<&Word<'_>>, set: &[&str]| w.is_some_and(|w| set.iter().any(|s| w.is(s)));
    ws.iter().enumerate().any(|(i, w)| {
        let next = ws.get(i + 1);
        let lower = w.lower();
        CUE_WORDS.contains(&lower.as_str())
            || CUE_PREFIXES.iter().any(|p| lower.starts_with(p))
            || (matches!(lower.as_str(), "use" | "used" | "useful") && is_in(next, AFTER_USE))
            || (lower == "if" && is_in(next, AFTER_IF))
            || (SUBJECTS.contains(&lower.as_str()) && is_in(next, REQUEST_VERBS))
            || PAIRS.iter().any(|(a, b)| lower == *a && is_in(next, &[b]))
            || (lower == "for"
                && ws[i + 1..]
                    .iter()
                    .take(4)
                    .any(|w| is_in(Some(w), REQUEST_NOUNS)))
            || (lower == "during" && next.is_some())
            || (matches!(lower.as_str(), "while" | "before" | "after")
                && next.is_some_and(|w| w.text.len() > 4 && w.lower().ends_with("ing")))
    })
}

#[cfg(test)]
mod tests {
    use super::{RULE, has_trigger};
    use crate::rules::context::testing::check;

    #[test]
    fn finds_every_kind_of_cue() {
        for text in [
            "Extracts text from PDFs. Use when working with PDF files.",
            "Guidance for visual design when building new UI.",
            "Fills PDF forms. Use for intake sheets and applications.",
            "Use this skill to visualise routes on a map.",
            "Trigger on requests like \"make a GIF\".",
            "Charts from CSV files; invoke before writing matplotlib by hand.",
            "Formats reports if the user wants a PDF.",
            "Answers questions the user asks about Dataverse tables.",
            "Slide templates, best for quarterly business reviews.",
            "Fires on: \"summarize my inbox\".",
            "Helpers for requests like exporting a board.",
            "Guidance for frontend design tasks.",
            "Conventions to follow while writing React components.",
            "A checklist to run before merging a pull request.",
            "Review rules applied during code review.",
            "Reviews drafts. Useful for blog posts and newsletters.",
        ] {
            assert!(has_trigger(text), "{text}");
        }
    }

    #[test]
    fn bare_what_descriptions_have_no_cue() {
        for text in [
            "Best practices for React Hooks usage and custom hook creation.",
            "RSC usage, \"use client\" directive, and Component Purity.",
            "Toolkit for interacting with and testing local web applications using Playwright.",
            "Processes Excel files and generates reports.",
            "Typed routing, nested routes, and guards using auto_route.",
            "Security practices for React (XSS, Auth, Dependencies).",
            "Pagination before the string thing.",
        ] {
            assert!(!has_trigger(text), "{text}");
        }
    }

    #[test]
    fn flags_the_whole_value() {
        let text = "---\nname: hooks\ndescription: Best practices for React Hooks usage.\n---\n";
        let found = check(&RULE, "hooks", text);
        assert_eq!(found.len(), 1);
        let span = found[0].span.expect("a span");
        assert_eq!(
            &text[span.start..span.end],
            "Best practices for React Hooks usage."
        );
    }

    #[test]
    fn quiet_when_missing_or_not_english() {
        assert!(check(&RULE, "x", "---\nname: x\n---\n").is_empty());
        assert!(check(&RULE, "x", "---\nname: x\ndescription: 12\n---\n").is_empty());
        let pt = "---\nname: x\ndescription: Responde dúvidas de legislação trabalhista para equipes de RH e calcula verbas.\n---\n";
        assert!(check(&RULE, "x", pt).is_empty());
    }
}
