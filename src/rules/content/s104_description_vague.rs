//! S104 description-vague: the description is too short or too generic to choose the skill by.

use super::text::{Description, Word, first_words, words};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

/// Descriptions shorter than this many characters are too short.
const MIN_CHARS: usize = 40;
/// Descriptions with fewer words than this are too short.
const MIN_WORDS: usize = 5;

pub const RULE: Rule = Rule {
    id: "S104",
    name: "description-vague",
    severity: Severity::Warning,
    summary: "the description is too short or too generic to choose the skill by",
    docs: r#"## What it does

Warns when the `description` cannot tell the model what the skill is for:

- **too short**: under 40 characters or under 5 words (`Helps with PDFs.`, `Processes data`,
  `Use for invoices.`);
- **generic**: every word is a generic one (`helps`, `with`, `various`, `tasks`, `documents`,
  `files`, `data`, `utility`, `functions`, `tool`, `skill`, `stuff`, `things`…), however long:
  `A helpful skill for doing various things with documents and files.`

The examples come from Anthropic's guidance ("Helps with documents", "Processes data", "Does
stuff with files") and the standard ("Helps with PDFs."). The thresholds sit below every real
description seen in a corpus of 197 published skills (the shortest had 42 characters), so a
short but specific description such as `Structured logging (Pino) and Prometheus metrics.`
passes; whether it says when to use the skill is S102's question. Descriptions that are not in
English are left alone: characters and words measure other scripts differently.

## Why

The description is all the model sees of a skill when it decides which one to load, next to the
descriptions of every other installed skill. A few generic words match everything and nothing:
the skill is picked for the wrong requests or never. The standard asks for a description of what
the skill does and when to use it, with keywords that help agents identify relevant tasks, and
Anthropic's guidance asks for specific key terms.

## Example

```markdown
---
name: pdf-processing
description: Helps with PDFs.
---
```

## How to fix

Name what the skill does, to which files or systems, and when to use it:

```markdown
---
name: pdf-processing
description: Extracts text and tables from PDF files, fills PDF forms and merges documents. Use when working with PDF files or when the user mentions forms or document extraction.
---
```
"#,
    fixable: false,
    check: Check::Skill(check),
};

/// Words that say nothing about what a skill does.
#[rustfmt::skip]
const GENERIC: &[&str] = &[
    "a", "an", "the", "and", "or", "with", "for", "of", "to", "in", "on", "about", "all", "any",
    "some", "other", "more", "many", "kinds", "kind", "sort", "sorts", "various", "misc",
    "miscellaneous", "general", "generic", "common", "basic", "simple", "useful", "helpful",
    "stuff", "things", "thing", "help", "helps", "helper", "helpers", "helping", "assist",
    "assists", "assistant", "do", "does", "doing", "handle", "handles", "handling", "work",
    "works", "working", "process", "processes", "processing", "manage", "manages", "managing",
    "deal", "deals", "dealing", "skill", "skills", "tool", "tools", "toolkit", "utility",
    "utilities", "util", "utils", "function", "functions", "functionality", "data", "file",
    "files", "document", "documents", "doc", "docs", "content", "task", "tasks", "operation",
    "operations", "this", "that", "you", "your", "it", "everything", "anything",
];

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(description) = Description::of(cx) else {
        return;
    };
    let text = description.text;
    if !description.is_english(cx) {
        return;
    }
    let generic = |w: &Word<'_>| GENERIC.iter().any(|g| w.is(g));
    let chars = text.chars().count();
    // Long enough, with a word among the first that says something: most descriptions, told
    // without reading all their words.
    let head = first_words(text, MIN_WORDS);
    if chars >= MIN_CHARS && head.len() == MIN_WORDS && !head.iter().all(generic) {
        return;
    }
    let ws = words(text);
    let message = if !ws.is_empty() && ws.iter().all(generic) {
        format!("the description `{text}` is generic: none of its words says what the skill is for")
    } else if chars < MIN_CHARS || ws.len() < MIN_WORDS {
        let words = match ws.len() {
            1 => "1 word".to_owned(),
            n => format!("{n} words"),
        };
        format!("the description is too short to choose the skill by ({chars} characters, {words})")
    } else {
        return;
    };
    out.push(
        RULE.finding(cx, message)
            .at(description.whole())
            .label("vague")
            .help("say what the skill does, to which files, tools or systems, and when to use it, with the words a user would say"),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    fn messages(description: &str) -> Vec<String> {
        let text = format!("---\nname: x\ndescription: {description}\n---\n");
        check(&RULE, "x", &text)
            .into_iter()
            .map(|f| f.message)
            .collect()
    }

    #[test]
    fn flags_short_descriptions() {
        assert_eq!(
            messages("Helps with PDFs."),
            ["the description is too short to choose the skill by (16 characters, 3 words)"]
        );
        assert_eq!(
            messages("Invoices"),
            ["the description is too short to choose the skill by (8 characters, 1 word)"]
        );
        // Long enough in characters, too few words.
        assert_eq!(
            messages("Internationalization/localization infrastructure.").len(),
            1
        );
        // Enough words, too few characters.
        assert_eq!(messages("Use it on a PDF file.").len(), 1);
    }

    #[test]
    fn flags_generic_descriptions_of_any_length() {
        for d in [
            "Helps with documents",
            "Processes data",
            "Does stuff with files",
            "A helpful skill",
            "Utility functions",
            "A helpful skill for doing various things with documents and files.",
        ] {
            let found = messages(d);
            assert_eq!(found.len(), 1, "{d}");
            assert!(found[0].contains("is generic"), "{d}: {}", found[0]);
        }
    }

    #[test]
    fn leaves_specific_descriptions_alone() {
        for d in [
            "Processes Excel files and generates reports",
            "Structured logging (Pino) and Prometheus metrics.",
            "Principles for maintainable UI components.",
            "Extracts text and tables from PDF files. Use when working with PDFs.",
            "Verarbeitet Rechnungen und Belege für die Buchhaltung.",
        ] {
            assert!(messages(d).is_empty(), "{d}");
        }
    }

    #[test]
    fn quiet_without_a_description() {
        assert!(check(&RULE, "x", "---\nname: x\n---\n").is_empty());
        assert!(check(&RULE, "x", "---\nname: x\ndescription: ''\n---\n").is_empty());
    }
}
