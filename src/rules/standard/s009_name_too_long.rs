//! S009 name-too-long: `name` has more than 64 characters.

use super::common::checked_name;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

/// The standard's limit, in characters (code points) after NFKC normalisation.
const MAX: usize = 64;

pub const RULE: Rule = Rule {
    id: "S009",
    name: "name-too-long",
    severity: Severity::Error,
    summary: "`name` is longer than 64 characters",
    docs: r#"## What it does

Counts the characters of `name` the way the reference validator does: after trimming
surrounding whitespace and applying Unicode NFKC normalisation, in code points (so `é` is one
character, and the ligature `ﬁ` counts as the two characters `fi`).

## Why

The standard limits names to 64 characters. The reference validator fails a longer one ("exceeds
64 character limit"), Codex skips the skill, and Anthropic's platform rejects the upload. The
name is also the slash command and the catalog key, so a long one costs context on every
request.

## Example

```yaml
---
name: extract-text-and-tables-from-pdf-files-and-fill-in-forms-and-merge-them
description: Extracts text and tables from PDF files. Use when working with PDFs.
---
```

## How to fix

Shorten the name to at most 64 characters, and rename the skill's directory to match. Put the
detail in the description instead.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some((name, field)) = checked_name(cx) else {
        return;
    };
    let count = name.chars().count();
    if count <= MAX {
        return;
    }
    out.push(
        RULE.finding(
            cx,
            format!("`name` `{name}` is {count} characters long; the limit is {MAX}"),
        )
        .at(field.value_span)
        .label(format!("{count} characters"))
        .help(format!(
            "shorten the name to at most {MAX} characters and rename the directory to match"
        )),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    fn run(name: &str) -> Vec<crate::rules::Finding> {
        check(&RULE, "x", &format!("---\nname: \"{name}\"\n---\n"))
    }

    #[test]
    fn counts_code_points_after_nfkc() {
        assert!(run(&"a".repeat(64)).is_empty());
        let found = run(&"a".repeat(65));
        assert_eq!(found.len(), 1);
        assert!(found[0].message.contains("65 characters"));
        assert!(run(&"é".repeat(64)).is_empty());
        // The ligature ﬁ becomes `fi` under NFKC: 33 of them are 66 characters.
        assert!(run(&"ﬁ".repeat(33))[0].message.contains("66 characters"));
        // Surrounding whitespace does not count.
        assert!(run(&format!("  {}  ", "a".repeat(64))).is_empty());
    }

    #[test]
    fn quiet_without_a_usable_name() {
        assert!(check(&RULE, "x", "---\nname: [a]\n---\n").is_empty());
        assert!(check(&RULE, "x", "---\ndescription: d\n---\n").is_empty());
    }
}
