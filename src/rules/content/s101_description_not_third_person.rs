//! S101 description-not-third-person: a sentence of the description speaks as "I", "we" or
//! "you" instead of describing the skill.

use std::ops::Range;

use super::text::{Description, Masked, first_words};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S101",
    name: "description-not-third-person",
    severity: Severity::Warning,
    summary: "the description speaks as \"I\", \"we\" or \"you\" instead of in the third person",
    docs: r#"## What it does

Looks at the first word of every sentence of the `description` and warns when a sentence opens
in the first or second person: `I`, `I'm`, `I can`, `We`, `My`, `Our`, `Let me`, `Let's`, `You`,
`You can`, `You should`, `Your`.

It only reads the description's own voice, so these are deliberately not flagged:

- `Use when you need to fill in PDF forms.`: "you" in the middle of a sentence is the
  recommended trigger phrasing, and imperative sentences (`Extract text from PDFs.`) are fine;
- quoted user requests (`Use when the user says "I need a summary"`), in straight, curly or
  single quotes or backticks;
- first person in the middle of a sentence (`A set of resources to help me write updates`),
  because reported speech there is often unquoted and the rule would guess wrong;
- descriptions that are not in English.

Cases that shaped it: `I can help you process Excel files` and `You can use this to process
Excel files` (both from Anthropic's authoring guidance), `You should use this skill when the user
asks for a poster` and `You MUST invoke this skill BEFORE calling the search tool` (real skills).

## Why

The description is injected into the system prompt next to every other skill's description, and
the model reads it to decide which skill to load. Anthropic's skill authoring guidance says to
always write it in the third person, because a description that switches point of view ("I can
help you…") reads as if someone else were talking in the prompt and can cause discovery problems.

## Example

```markdown
---
name: excel-reports
description: I can help you process Excel files and build reports from them.
---
```

## How to fix

Say what the skill does in the third person and when to use it:

```markdown
---
name: excel-reports
description: Processes Excel files and generates reports. Use when the user asks for a report from a spreadsheet.
---
```
"#,
    fixable: false,
    check: Check::Skill(check),
};

/// Sentence openers that are not the third person, lowercased (`’` read as `'`).
const FIRST_PERSON: &[&str] = &[
    "i", "i'm", "i've", "i'll", "i'd", "we", "we're", "we've", "we'll", "we'd", "my", "our",
    "let's",
];
const SECOND_PERSON: &[&str] = &["you", "you're", "you've", "you'll", "you'd", "your"];

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(description) = Description::of(cx) else {
        return;
    };
    if !description.is_english(cx) {
        return;
    }
    let Some((person, opener)) = first_non_third_person(&description.masked(cx)) else {
        return;
    };
    let phrase = &description.text[opener.clone()];
    out.push(
        RULE.finding(cx, format!("the description speaks in the {person} (`{phrase}`)"))
            .at(description.span(opener))
            .label(person)
            .help("describe the skill in the third person (\"Processes Excel files…\", \"Use when…\"): the description is injected into the system prompt"),
    );
}

/// The first sentence opener in the first or second person: which person, and the range of the
/// opener (the pronoun, and the word after it unless the pronoun is a contraction).
fn first_non_third_person(masked: &Masked) -> Option<(&'static str, Range<usize>)> {
    let (sentences, masked) = (&masked.sentences, masked.text.as_str());
    sentences.iter().cloned().find_map(|sentence| {
        // The opener and the word after it.
        let ws = first_words(&masked[sentence.clone()], 2);
        let first = ws.first()?;
        // The sentence must begin with the word itself (or a list bullet), capitalised, and the
        // word must stand alone (`I/O` and `I.` are not pronouns).
        let lead = &masked[sentence.start..sentence.start + first.start];
        let opens = lead
            .chars()
            .all(|c| c.is_whitespace() || matches!(c, '-' | '*' | '•'));
        let after = masked[sentence.start + first.end..].chars().next();
        if !opens
            || !first.text.starts_with(char::is_uppercase)
            || !after.is_some_and(|c| c.is_whitespace() || c == ',')
        {
            return None;
        }
        let lower = first.lower();
        let second = ws.get(1);
        let person = if lower == "let" {
            second
                .filter(|w| w.is("me") || w.is("us"))
                .map(|_| "first person")
        } else if FIRST_PERSON.contains(&lower.as_str()) {
            Some("first person")
        } else if SECOND_PERSON.contains(&lower.as_str()) {
            Some("second person")
        } else {
            None
        }?;
        let end = match second {
            Some(w) if !lower.contains('\'') => w.end,
            _ => first.end,
        };
        Some((person, sentence.start + first.start..sentence.start + end))
    })
}

#[cfg(test)]
mod tests {
    use super::{Masked, RULE, first_non_third_person};
    use crate::rules::context::testing::check;

    fn opener(text: &str) -> Option<(&'static str, &str)> {
        first_non_third_person(&Masked::new(text)).map(|(p, r)| (p, &text[r]))
    }

    #[test]
    fn flags_first_and_second_person_openers() {
        assert_eq!(
            opener("I can help you process Excel files."),
            Some(("first person", "I can"))
        );
        assert_eq!(
            opener("You can use this to process Excel files."),
            Some(("second person", "You can"))
        );
        assert_eq!(
            opener("Creates posters. You should use this skill when asked for art."),
            Some(("second person", "You should"))
        );
        assert_eq!(
            opener("YOU MUST invoke this skill first."),
            Some(("second person", "YOU MUST"))
        );
        assert_eq!(
            opener("I’m your PDF helper."),
            Some(("first person", "I’m"))
        );
        assert_eq!(
            opener("Let me handle your invoices."),
            Some(("first person", "Let me"))
        );
        assert_eq!(
            opener("Our brand guidelines, applied."),
            Some(("first person", "Our brand"))
        );
        assert_eq!(
            opener("We generate reports."),
            Some(("first person", "We generate"))
        );
        assert_eq!(
            opener("Your assistant for slides."),
            Some(("second person", "Your assistant"))
        );
    }

    #[test]
    fn leaves_third_person_imperative_and_quoted_text_alone() {
        for text in [
            "Processes Excel files and generates reports. Use when you need a report.",
            "Extract text from PDFs. Use when the user asks.",
            "Use when the user says \"I need a travel budget\" or 'You can do it'.",
            "Helps you write release notes.",
            "A set of resources to help me write internal communications.",
            "I/O helpers for binary files.",
            "Letters and forms, e.g. You-know-what.",
            "Web tooling. Website checks. Myriad formats.",
            "Let the model pick a layout.",
            "Converts files. i can't tell.",
        ] {
            assert_eq!(opener(text), None, "{text}");
        }
    }

    #[test]
    fn points_at_the_opener_in_the_file() {
        let text = "---\nname: pdf\ndescription: \"Reads PDFs. I can also\n  fill forms.\"\n---\n";
        let found = check(&RULE, "pdf", text);
        assert_eq!(found.len(), 1);
        let span = found[0].span.expect("a span");
        assert_eq!(&text[span.start..span.end], "I can");
        assert_eq!(
            found[0].message,
            "the description speaks in the first person (`I can`)"
        );
    }

    #[test]
    fn quiet_without_a_string_description_or_in_other_languages() {
        assert!(check(&RULE, "pdf", "---\nname: pdf\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "---\nname: pdf\ndescription: [I, can]\n---\n").is_empty());
        let french =
            "---\nname: pdf\ndescription: Je traite les fichiers PDF et des formulaires.\n---\n";
        assert!(check(&RULE, "pdf", french).is_empty());
    }
}
