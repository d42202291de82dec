//! S108 body-when-to-use-section: the body has a "When to use this skill" section, which the
//! model reads only after it has already chosen the skill.

use super::text::{Body, heading};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S108",
    name: "body-when-to-use-section",
    severity: Severity::Warning,
    summary: "the body has a \"When to use\" section that is never seen when the skill is chosen",
    docs: r#"## What it does

Warns about a heading in the body of `SKILL.md` that introduces trigger conditions: `When to use
this skill`, `When to Use`, `When to activate this skill`, `When this skill applies`, `Usage
triggers`, `Trigger conditions`, `When to use pdf-processing` (the skill's own name). Emphasis,
a leading number and anything after a dash, colon or parenthesis are ignored, so `When to Use —
fire on ANY of these` and `When this applies (and when it does not)` count.

Headings that name no object (`When to use`, `When to use it`, `When this applies`, `When to
invoke`) count only at levels 1 and 2, where they speak about the skill; deeper, they usually
belong to a tool or option described above them. Deliberately not flagged:

- `When to use X` for anything but the skill itself, such as `When to Use WebFetch` or `When
  to use pdfplumber vs pypdf`: choosing between tools is body material;
- `When NOT to use`: once the skill is loaded it still helps the model back out;
- a bare `Trigger` or `Triggers` heading, which in real skills also documents Power Automate,
  CI or webhook triggers;
- headings inside fenced code blocks, and bold lines that only look like headings.

## Why

A runtime shows the model only each skill's name and description when it decides which skill to
load; the body is read after that decision. Trigger conditions written in the body are never seen
when they matter. Anthropic's skill-creator guidance says all "when to use" information belongs
in the description, and that a "When to Use This Skill" section in the body does not help.

## Example

```markdown
---
name: internal-comms
description: Resources for writing internal communications in the company's formats.
---
## When to use this skill

Use it for status reports, leadership updates, newsletters and incident reports.
```

## How to fix

Move the trigger conditions into the description and delete the section:

```markdown
---
name: internal-comms
description: Writes internal communications in the company's formats. Use when asked for a status report, leadership update, newsletter or incident report.
---
```
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(body) = Body::of(cx) else {
        return;
    };
    let name = cx
        .skill
        .declared_name()
        .map(|n| n.replace(['-', '_'], " ").to_lowercase());
    for (line, range) in body.heading_lines() {
        let Some((level, text)) = heading(line) else {
            continue;
        };
        if !may_be_when_to_use(text) || !is_when_to_use(&normalize(text), level, name.as_deref()) {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let span = body.span(range.start + indent..range.end);
        out.push(
            RULE.finding(
                cx,
                format!("the body has a `{text}` section, which the model reads only after choosing the skill"),
            )
            .at(span)
            .label("not seen when the skill is chosen")
            .help("move these trigger conditions into the `description` (\"Use when …\") and remove the section"),
        );
    }
}

/// A heading reduced to its words: lowercase, no emphasis, no leading number, nothing after a
/// dash, colon, parenthesis or question mark.
fn normalize(text: &str) -> String {
    let plain: String = text
        .chars()
        .filter(|c| !matches!(c, '*' | '_' | '`'))
        .collect::<String>()
        .to_lowercase();
    let unnumbered = plain
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_start_matches(['.', ')']);
    let unnumbered = if unnumbered.len() < plain.len() && unnumbered.starts_with(' ') {
        unnumbered
    } else {
        &plain
    };
    unnumbered[..cut(unnumbered)]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .trim_end_matches(['.', '!'])
        .to_owned()
}

/// Where a heading's words end: at the first dash between spaces, colon, parenthesis or question
/// mark (found in one pass), else at its end.
fn cut(text: &str) -> usize {
    text.char_indices()
        .find(|&(at, c)| {
            matches!(c, ':' | '(' | '?')
                || (c == ' '
                    && [" — ", " – ", " - "]
                        .iter()
                        .any(|dash| text[at..].starts_with(dash)))
        })
        .map_or(text.len(), |(at, _)| at)
}

/// Whether a heading can pass [`is_when_to_use`]: every heading it takes has "when", "trigger"
/// or "activation" in it. A quick test for plain ASCII headings, which [`normalize`] only
/// lowercases and cuts; other headings always pass it.
fn may_be_when_to_use(text: &str) -> bool {
    let bytes = text.as_bytes();
    if !text.is_ascii() || bytes.iter().any(|b| matches!(b, b'*' | b'_' | b'`')) {
        return true;
    }
    let at = |i: usize, word: &[u8]| {
        bytes
            .get(i..i + word.len())
            .is_some_and(|b| b.eq_ignore_ascii_case(word))
    };
    // Each place is first tested by its four bytes, lowercased in one step (`| 0x20` lowercases
    // a letter, and no other byte becomes one of these letters): a test that branched on the
    // first byte would stop at every `t` and `a`, and mispredict there.
    const STARTS: [u32; 3] = [
        u32::from_le_bytes(*b"when"),
        u32::from_le_bytes(*b"trig"),
        u32::from_le_bytes(*b"acti"),
    ];
    bytes.windows(4).enumerate().any(|(i, four)| {
        let word = u32::from_le_bytes([four[0], four[1], four[2], four[3]]) | 0x2020_2020;
        STARTS.contains(&word) && (at(i, b"when") || at(i, b"trigger") || at(i, b"activation"))
    })
}

/// Verbs of "when to … this skill".
const VERBS: &[&str] = &["use", "invoke", "activate", "trigger", "apply", "load"];
/// Headings that are about the skill at any level.
const ABOUT_THE_SKILL: &[&str] = &[
    "when this skill applies",
    "when this skill is used",
    "when should this skill be used",
    "when should i use this skill",
    "when should you use this skill",
    "use this skill when",
    "usage triggers",
    "trigger conditions",
    "triggering conditions",
    "activation triggers",
    "activation conditions",
    "skill triggers",
];
/// Headings with no object: about the skill only near the top of the outline.
const BARE: &[&str] = &[
    "when to use",
    "when to use it",
    "when to use this",
    "when to invoke",
    "when to activate",
    "when to trigger",
    "when this applies",
    "when it applies",
];

fn is_when_to_use(heading: &str, level: usize, name: Option<&str>) -> bool {
    if ABOUT_THE_SKILL.contains(&heading) || (level <= 2 && BARE.contains(&heading)) {
        return true;
    }
    let Some(object) = VERBS.iter().find_map(|v| {
        heading
            .strip_prefix("when to ")?
            .strip_prefix(v)?
            .strip_prefix(' ')
    }) else {
        return false;
    };
    let object = object.strip_prefix("the ").unwrap_or(object);
    let object = object.strip_prefix("this ").unwrap_or(object);
    let object = object.strip_suffix(" skill").unwrap_or(object);
    object == "skill" || name.is_some_and(|n| object.replace('-', " ") == n)
}

#[cfg(test)]
mod tests {
    use super::{RULE, cut, is_when_to_use, normalize};
    use crate::rules::context::testing::check;

    fn flagged(heading: &str, level: usize) -> bool {
        is_when_to_use(&normalize(heading), level, Some("pdf processing"))
    }

    #[test]
    fn a_heading_is_cut_where_its_first_mark_starts() {
        let pieces = [
            "When", " to", " use", " — ", " – ", " - ", ":", "(", "?", "-", " ", "—", "–", "x", "é",
        ];
        for text in crate::rules::content::text::mixed(&pieces, 3000) {
            let first = [" — ", " – ", " - ", ":", "(", "?"]
                .iter()
                .filter_map(|mark| text.find(mark))
                .min()
                .unwrap_or(text.len());
            assert_eq!(cut(&text), first, "{text:?}");
        }
    }

    #[test]
    fn normalizes_headings() {
        assert_eq!(
            normalize("**When to Use** — fire on ANY of these"),
            "when to use"
        );
        assert_eq!(
            normalize("When this applies (and when it does not)"),
            "when this applies"
        );
        assert_eq!(
            normalize("2. When to use this Skill:"),
            "when to use this skill"
        );
        assert_eq!(
            normalize("When should I use this skill?"),
            "when should i use this skill"
        );
        assert_eq!(normalize("3D models"), "3d models");
    }

    #[test]
    fn flags_trigger_sections() {
        for (heading, level) in [
            ("When to use this skill", 2),
            ("When to Use", 2),
            ("When to use", 1),
            ("When to activate this skill", 3),
            ("When this skill applies", 4),
            ("Usage triggers", 3),
            ("When to use PDF processing", 3),
            ("When to use the pdf-processing skill", 3),
            ("When to Use — fire on ANY of these", 2),
        ] {
            assert!(flagged(heading, level), "{heading}");
        }
    }

    #[test]
    fn the_quick_test_misses_no_heading() {
        const PIECES: &[&str] = &[
            " ",
            "When",
            "when ",
            "WHEN",
            "to ",
            "use ",
            "Use ",
            "this ",
            "the ",
            "skill",
            "Skill ",
            "it",
            "applies",
            "pdf",
            "-",
            "processing ",
            "trigger",
            "Triggering ",
            "conditions",
            "Activation ",
            "usage ",
            "should ",
            "i ",
            "you ",
            "be ",
            "used",
            "*",
            "_",
            "`",
            "2. ",
            "1)",
            ":",
            " — ",
            "(",
            "?",
            "!",
            ".",
            "é",
            "\u{212A}",
            "wh",
            "en",
        ];
        for heading in super::super::text::mixed(PIECES, 5000) {
            for level in [1, 3] {
                if is_when_to_use(&normalize(&heading), level, Some("pdf processing")) {
                    assert!(super::may_be_when_to_use(&heading), "{heading:?}");
                }
            }
        }
        assert!(!super::may_be_when_to_use("Usage"));
        assert!(super::may_be_when_to_use("**Usage**"));
    }

    /// The quick test takes exactly the headings that hold "when", "trigger" or "activation" in
    /// any case (or that it cannot read quickly), as a look at each byte in turn finds them.
    #[test]
    fn the_quick_test_finds_the_words_in_any_case() {
        const PIECES: &[&str] = &[
            " ",
            "when",
            "WHEN",
            "wHeN",
            "whe",
            "n",
            "trigger",
            "TRIGGER",
            "trig",
            "ger",
            "activation",
            "ACTIVATION",
            "acti",
            "vation",
            "a",
            "t",
            "w",
            "W",
            "@",
            "7",
            "x",
        ];
        let by_byte = |text: &str| {
            let bytes = text.as_bytes();
            !text.is_ascii()
                || bytes.iter().any(|b| matches!(b, b'*' | b'_' | b'`'))
                || (0..bytes.len()).any(|i| {
                    ["when", "trigger", "activation"].iter().any(|word| {
                        bytes
                            .get(i..i + word.len())
                            .is_some_and(|b| b.eq_ignore_ascii_case(word.as_bytes()))
                    })
                })
        };
        let mut taken = 0;
        for heading in super::super::text::mixed(PIECES, 5000) {
            assert_eq!(
                super::may_be_when_to_use(&heading),
                by_byte(&heading),
                "{heading:?}"
            );
            taken += usize::from(by_byte(&heading));
        }
        // Both verdicts come up.
        assert!((100..4900).contains(&taken), "{taken}");
    }

    #[test]
    fn leaves_other_sections_alone() {
        for (heading, level) in [
            ("When to Use WebFetch", 2),
            ("When to use pdfplumber vs pypdf", 3),
            ("When to use", 3),
            ("When NOT to use", 2),
            ("Trigger", 2),
            ("Triggers", 2),
            ("Bundled files and when to load them", 2),
            ("Usage", 2),
            ("How skill triggering works", 3),
        ] {
            assert!(!flagged(heading, level), "{heading}");
        }
    }

    #[test]
    fn points_at_each_heading_outside_code() {
        let text = "---\nname: pdf-processing\ndescription: d\n---\n# PDF\n\n## When to use this skill\n\nFor PDFs.\n\n```markdown\n## When to use\n```\n\n  ## When to use pdf-processing ##\n";
        let found = check(&RULE, "pdf-processing", text);
        let shown: Vec<&str> = found
            .iter()
            .map(|f| f.span.map_or("", |s| &text[s.start..s.end]))
            .collect();
        assert_eq!(
            shown,
            [
                "## When to use this skill",
                "## When to use pdf-processing ##"
            ]
        );
        assert_eq!(
            found[0].message,
            "the body has a `When to use this skill` section, which the model reads only after choosing the skill"
        );
    }

    #[test]
    fn quiet_without_a_closed_frontmatter() {
        assert!(check(&RULE, "x", "## When to use this skill\n").is_empty());
    }
}
