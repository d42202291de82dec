//! S205 lowercase-skill-md: the skill file is not named exactly `SKILL.md`.

use crate::rules::encoding::Effects;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S205",
    name: "lowercase-skill-md",
    severity: Severity::Warning,
    summary: "the skill file is not named `SKILL.md` in capitals",
    docs: r#"## What it does

Reports a skill whose file is named `skill.md` (or any other casing) instead of `SKILL.md`.

## Why

The standard and the client implementation guide discover skills by a file "named exactly
`SKILL.md`", and most runtimes do the same: on a case-sensitive file system (Linux, and therefore
most CI runners and sandboxes) they never see a `skill.md`, and the skill is silently missing.
The finding names the runtimes that miss it, from each target's own discovery. The reference validator accepts the lowercase name and Anthropic's `quick_validate.py`
rejects it ("SKILL.md not found"), so the two validators disagree about the same folder.

## Example

```text
pdf-processing/
  skill.md
  scripts/fill_form.py
```

## How to fix

Rename the file to `SKILL.md`. On a case-insensitive file system rename it in two steps (`git mv
skill.md tmp.md && git mv tmp.md SKILL.md`), or Git may not record the change.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    if cx.skill.has_canonical_file_name() {
        return;
    }
    let name = cx
        .skill
        .skill_md
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut named = cx.skill.clone();
    named.skill_md = cx.skill.dir.join("SKILL.md");
    let effects = Effects::of(cx.skill, &named);
    let help = match effects.clause() {
        Some(clause) => format!("rename the file to `SKILL.md`: as it is, {clause}"),
        None => "rename the file to `SKILL.md`, the name the standard requires".to_owned(),
    };
    out.push(
        RULE.finding(
            cx,
            format!("the skill file is named `{name}`, not `SKILL.md`"),
        )
        .help(help),
    );
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::RULE;
    use crate::rules::context::testing::{check_with, skill};

    const TEXT: &str = "---\nname: pdf\ndescription: Fills PDF forms. Use for PDFs.\n---\n# PDF\n";

    #[test]
    fn lowercase_file_is_reported_without_a_span() {
        let mut s = skill("pdf", TEXT);
        s.skill_md = PathBuf::from("/skills/pdf/skill.md");
        let found = check_with(&RULE, &s, &["agentskills"], &[]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].span, None);
        assert_eq!(
            found[0].message,
            "the skill file is named `skill.md`, not `SKILL.md`"
        );
    }

    #[test]
    fn canonical_name_passes() {
        assert!(check_with(&RULE, &skill("pdf", TEXT), &["agentskills"], &[]).is_empty());
    }
}
