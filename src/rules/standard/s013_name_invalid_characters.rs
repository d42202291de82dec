//! S013 name-invalid-characters: `name` has characters other than letters, digits and hyphens
//! (or, for a target that allows only ASCII, other than `a-z`, `0-9` and `-`).

use unicode_general_category::{GeneralCategory, get_general_category};

use super::common::{checked_name, field, is_py_alnum, names, py_strip, selected, slug, text};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::targets::{NameCharset, fate};

pub const RULE: Rule = Rule {
    id: "S013",
    name: "name-invalid-characters",
    severity: Severity::Error,
    summary: "`name` has characters other than letters, digits and hyphens",
    docs: r#"## What it does

Checks the characters of `name`. By default it applies the reference validator's rule: after
trimming and NFKC normalisation, every character must be a Unicode letter or number (general
category L or N) or `-`. So `pdf_tools`, `pdf.tools`, `pdf tools` fail, while `技能`, `мой-навык`
and fullwidth `ｐｄｆ` (NFKC turns it into `pdf`) pass. Combining marks fail even inside a word
(`हिन्दी` has vowel signs), and so do invisible format characters such as a zero-width space.

When a selected target accepts only ASCII names (`claude-code`: Anthropic's platform allows only
lowercase letters, numbers and hyphens), any character outside `a-z`, `0-9` and `-` is reported
for that target, without normalisation: `café` and `ｐｄｆ` then fail too. The finding names the
strictest rule that applies.

Uppercase letters are letters: S010 reports them, not this rule.

## Why

The standard allows only letters, digits and hyphens, and the reference validator fails any
other character ("contains invalid characters"). Anthropic's platform and its skill-creator
validator are stricter still: only `a-z`, `0-9` and `-`.

## Example

```yaml
---
name: pdf_processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
---
```

## How to fix

Replace each other character with a hyphen or remove it (`pdf-processing`), and rename the
directory to match.
"#,
    fixable: false,
    check: Check::Skill(check),
};

const ASCII_RULE: &str = "only `a-z`, `0-9` and `-`";

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some((normalized, field)) = checked_name(cx) else {
        return;
    };
    let standard_bad = offending(&normalized, |c| is_py_alnum(c) || c == '-');

    let ascii_targets = selected(cx, |t| t.name_charset == NameCharset::Ascii);
    let raw = raw_name(cx).unwrap_or_default();
    let ascii_bad = if ascii_targets.is_empty() {
        Vec::new()
    } else {
        offending(&raw, |c| {
            c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c.is_ascii_uppercase()
        })
    };

    let (message, label, ascii) = if !ascii_bad.is_empty() {
        // A runtime that still lists the skill applies the rule to uploads only.
        let (refusing, keeping) = fate::by_admission(&ascii_targets, cx.skill);
        let mut who = Vec::new();
        if !refusing.is_empty() {
            let verb = if refusing.len() == 1 {
                "allows"
            } else {
                "allow"
            };
            who.push(format!("{} {verb} {ASCII_RULE}", names(&refusing)));
        }
        if !keeping.is_empty() {
            who.push(format!(
                "the upload rules of {} allow {ASCII_RULE} (the client lists the skill)",
                names(&keeping)
            ));
        }
        (
            format!(
                "`name` `{raw}` contains {}: {}",
                list(&ascii_bad),
                who.join(", and ")
            ),
            format!("{} accepts {ASCII_RULE}", names(&ascii_targets)),
            true,
        )
    } else if !standard_bad.is_empty() {
        (
            format!(
                "`name` `{normalized}` contains {}: only letters, digits and hyphens are allowed",
                list(&standard_bad)
            ),
            "not a letter, digit or hyphen".to_owned(),
            false,
        )
    } else {
        return;
    };
    let suggestion = slug(if ascii { &raw } else { &normalized }, ascii);
    let help = if suggestion.is_none() {
        "use only lowercase letters, digits and hyphens, and rename the directory to match"
            .to_owned()
    } else {
        format!(
            "use a name such as `{}`, and rename the directory to match",
            suggestion.unwrap_or_default()
        )
    };
    out.push(
        RULE.finding(cx, message)
            .at(field.value_span)
            .label(label)
            .help(help),
    );
}

/// The stripped name without normalisation, as an ASCII-only runtime compares it.
fn raw_name(cx: &SkillContext<'_>) -> Option<String> {
    let field = field(cx, "name")?;
    let value = text(cx.skill, field);
    Some(py_strip(value.as_str()?).to_owned())
}

/// The distinct characters of `name` that `allowed` rejects, in order of appearance.
fn offending(name: &str, allowed: impl Fn(char) -> bool) -> Vec<char> {
    let mut bad = Vec::new();
    for c in name.chars() {
        if !allowed(c) && !bad.contains(&c) {
            bad.push(c);
        }
    }
    bad
}

/// The characters for a message: `` `_` and `.` ``, a space, and invisible ones by code point
/// grouped by what they are (`the combining marks U+093F and U+094D`).
fn list(chars: &[char]) -> String {
    let mut groups: Vec<(&str, Vec<String>)> = Vec::new();
    for &c in chars {
        let (what, item) = show(c);
        match groups.iter_mut().find(|(w, _)| *w == what) {
            Some((_, items)) => items.push(item),
            None => groups.push((what, vec![item])),
        }
    }
    let parts: Vec<String> = groups
        .into_iter()
        .map(|(what, items)| {
            let joined = and_list(&items);
            match (what, items.len()) {
                ("", _) => joined,
                (what, 1) => format!("the {what} {joined}"),
                (what, _) => format!("the {what}s {joined}"),
            }
        })
        .collect();
    and_list(&parts)
}

fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// What kind of character `c` is ("" for a visible one) and how to show it.
fn show(c: char) -> (&'static str, String) {
    use GeneralCategory as G;
    let what = match get_general_category(c) {
        _ if c == ' ' => return ("", "a space".to_owned()),
        G::NonspacingMark | G::SpacingMark | G::EnclosingMark => "combining mark",
        G::Format => "invisible format character",
        G::Control => "control character",
        G::SpaceSeparator | G::LineSeparator | G::ParagraphSeparator => "space character",
        G::PrivateUse | G::Surrogate | G::Unassigned => "unassigned character",
        _ => return ("", format!("`{c}`")),
    };
    (what, format!("U+{:04X}", u32::from(c)))
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::Finding;
    use crate::rules::context::testing::{check_with, skill};

    fn run(name: &str, targets: &[&str]) -> Vec<Finding> {
        let text = format!("---\nname: \"{name}\"\n---\n");
        check_with(&RULE, &skill("x", &text), targets, &[])
    }

    #[test]
    fn the_reference_rule_by_general_category_after_nfkc() {
        for good in [
            "pdf",
            "技能",
            "мой-навык",
            "ｐｄｆ",
            "a²",
            "ⅷ",
            "café",
            "cafe\\u0301",
            "Upper",
        ] {
            assert!(run(good, &["agentskills"]).is_empty(), "{good}");
        }
        for bad in [
            "pdf_tools",
            "pdf.tools",
            "pdf tools",
            "हिन्दी",
            "x\\u200by",
            "Upper_Case",
        ] {
            assert_eq!(run(bad, &["agentskills"]).len(), 1, "{bad}");
        }
    }

    #[test]
    fn names_the_characters_and_suggests_a_name() {
        let found = run("Upper_Case", &["agentskills"]);
        assert_eq!(
            found[0].message,
            "`name` `Upper_Case` contains `_`: only letters, digits and hyphens are allowed"
        );
        assert_eq!(
            found[0].help.as_deref(),
            Some("use a name such as `upper-case`, and rename the directory to match")
        );
        let invisible = run("x\\u200by", &["agentskills"]);
        assert!(
            invisible[0]
                .message
                .contains("the invisible format character U+200B"),
            "{}",
            invisible[0].message
        );
        let hindi = run("हिन्दी", &["agentskills"]);
        assert!(
            hindi[0]
                .message
                .contains("contains the combining marks U+093F, U+094D and U+0940:"),
            "{}",
            hindi[0].message
        );
        assert!(!hindi[0].help.as_deref().unwrap().contains("such as"));
        let spaced = run("pdf tools", &["agentskills"]);
        assert!(
            spaced[0].message.contains("contains a space:"),
            "{}",
            spaced[0].message
        );
    }

    #[test]
    fn ascii_targets_are_stricter_and_named() {
        let found = run("café", &["agentskills", "claude-code"]);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "`name` `café` contains `é`: the upload rules of Claude Code allow only `a-z`, `0-9` \
             and `-` (the client lists the skill)"
        );
        assert!(found[0].help.as_deref().unwrap().contains("`cafe`"));
        // Fullwidth letters pass the reference (NFKC) but not an ASCII-only runtime.
        assert_eq!(run("ｐｄｆ", &["claude-code"]).len(), 1);
        // Uppercase ASCII is S010's business.
        assert!(run("PDF", &["claude-code"]).is_empty());
        let both = run("Café_x", &["agentskills", "claude-code"]);
        assert!(
            both[0].message.contains("`é` and `_`"),
            "{}",
            both[0].message
        );
    }
}
