//! S014 name-directory-mismatch: `name` differs from the name of the skill's directory.

use super::common::{checked_name, nfkc, slug};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S014",
    name: "name-directory-mismatch",
    severity: Severity::Error,
    summary: "`name` does not match the skill's directory name",
    docs: r#"## What it does

Compares `name` with the name of the directory that holds `SKILL.md`, both NFKC-normalised as
the reference validator does (so a decomposed `cafe` + combining accent matches a directory
`café`). The directory is the resolved one: checking `.` or `..` compares the real directory
name, where the reference validator compares an empty string and always fails.

## Why

The standard requires the name to match the parent directory, and the reference validator fails
the skill ("Directory name … must match skill name …"). Runtimes disagree about which one they
use: Claude Code names the slash command after the directory, while Codex and the catalogs of
most runtimes use `name`. With a mismatch the same skill goes by two names, depending on where
it runs.

## Example

A skill in `skills/pdf/SKILL.md`:

```yaml
---
name: pdf-processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
---
```

## How to fix

Rename the directory to the name (`skills/pdf-processing/`), or change `name` to the directory
name. Renaming is left to you: other files may refer to either.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some((name, field)) = checked_name(cx) else {
        return;
    };
    let dir = cx.skill.dir_name();
    if nfkc(&dir) == name {
        return;
    }
    out.push(
        RULE.finding(
            cx,
            format!("`name` `{name}` does not match the directory name `{dir}`"),
        )
        .at(field.value_span)
        .label(format!("the directory is `{dir}`"))
        .help(if slug(&name, false).as_deref() == Some(name.as_str()) {
            format!("rename the directory to `{name}`, or change the name to `name: {dir}`")
        } else {
            // The name breaks other naming rules: a directory named after it would too.
            format!("change the name to `name: {dir}`")
        }),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    #[test]
    fn fires_on_a_mismatch() {
        let found = check(&RULE, "template", "---\nname: template-skill\n---\n");
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "`name` `template-skill` does not match the directory name `template`"
        );
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((10, 24)));
        assert_eq!(
            check(&RULE, "upper-case", "---\nname: Upper_Case\n---\n").len(),
            1
        );
    }

    #[test]
    fn compares_after_nfkc_and_trimming() {
        assert!(check(&RULE, "pdf", "---\nname: pdf\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "---\nname: \"ｐｄｆ\"\n---\n").is_empty());
        assert!(check(&RULE, "café", "---\nname: \"cafe\\u0301\"\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "---\nname: \" pdf \"\n---\n").is_empty());
        // The reference reads a typed scalar as written.
        assert!(check(&RULE, "2048", "---\nname: 2048\n---\n").is_empty());
    }

    #[test]
    fn quiet_without_a_usable_name() {
        assert!(check(&RULE, "pdf", "---\nname:\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "---\nname: [a]\n---\n").is_empty());
    }
}
