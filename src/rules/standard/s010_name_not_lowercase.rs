//! S010 name-not-lowercase: `name` has letters that lowercasing would change.

use super::common::{checked_name, slug};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S010",
    name: "name-not-lowercase",
    severity: Severity::Error,
    summary: "`name` is not lowercase",
    docs: r#"## What it does

Checks that `name` is unchanged by full Unicode lowercasing, after trimming and NFKC
normalisation, exactly as the reference validator does. Scripts without case (Chinese, Arabic,
Hindi…) pass; `PDF`, `Pdf` and Cyrillic `НАВЫК` do not. The titlecase letter `ǅ` fails too.

## Why

The standard allows only lowercase names, and the reference validator fails any other ("must be
lowercase"). Anthropic's platform accepts only lowercase letters, digits and hyphens, and its
skill-creator validator rejects uppercase too.

## Example

```yaml
---
name: PDF-Processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
---
```

## How to fix

Write the name in lowercase (`pdf-processing`) and make the directory name match.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some((name, field)) = checked_name(cx) else {
        return;
    };
    let lower = name.to_lowercase();
    if lower == name {
        return;
    }
    out.push(
        RULE.finding(cx, format!("`name` `{name}` is not lowercase"))
            .at(field.value_span)
            .label("uppercase letters")
            .help(match slug(&name, false) {
                Some(lower) => {
                    format!("use `{lower}`, and rename the directory to match if needed")
                }
                None => {
                    "write it in lowercase, and rename the directory to match if needed".to_owned()
                }
            }),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    fn fires(name: &str) -> bool {
        !check(&RULE, "x", &format!("---\nname: \"{name}\"\n---\n")).is_empty()
    }

    #[test]
    fn full_unicode_lowercasing() {
        for bad in ["PDF", "Pdf-tools", "НАВЫК", "ǅ", "ｐｄF"] {
            assert!(fires(bad), "{bad}");
        }
        for good in ["pdf", "技能", "мой-навык", "pdf-2", "ß", "हिन्दी"] {
            assert!(!fires(good), "{good}");
        }
    }

    #[test]
    fn help_gives_the_lowercase_name() {
        let found = check(&RULE, "x", "---\nname: Upper_Case\n---\n");
        assert_eq!(
            found[0].help.as_deref(),
            Some("use `upper-case`, and rename the directory to match if needed")
        );
        let spaced = check(&RULE, "x", "---\nname: Agent Skills\n---\n");
        assert!(
            spaced[0]
                .help
                .as_deref()
                .unwrap()
                .starts_with("use `agent-skills`")
        );
    }
}
