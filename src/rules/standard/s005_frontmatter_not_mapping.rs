//! S005 frontmatter-not-mapping: the frontmatter is valid YAML but not `key: value` pairs.

use super::common::a_kind;
use crate::frontmatter::{ValueKind, Yaml};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S005",
    name: "frontmatter-not-mapping",
    severity: Severity::Error,
    summary: "the frontmatter is empty or not a YAML mapping",
    docs: r#"## What it does

Checks that the YAML between the `---` lines is a mapping of `key: value` pairs. It reports an
empty (or comment-only) block, a list and a lone scalar.

## Why

The skill's `name` and `description` can only come from a mapping. The reference validator
fails anything else ("frontmatter must be a YAML mapping"), Codex skips the skill, and Claude
Code loads it with no metadata.

## Example

```markdown
---
- name: pdf-processing
- description: Extracts text and tables from PDF files.
---
```

## How to fix

Write the fields as `key: value` lines at the left margin:

```yaml
---
name: pdf-processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
---
```
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(fm) = cx.skill.document.frontmatter() else {
        return;
    };
    let Yaml::NotMapping(kind) = fm.content else {
        return;
    };
    let (message, span, label) = if kind == ValueKind::Null {
        (
            "the frontmatter is empty".to_owned(),
            fm.open,
            "nothing but blank lines or comments before the closing `---`".to_owned(),
        )
    } else {
        // Trimmed in the file's own bytes: a lossy decoding of invalid UTF-8 has other lengths.
        let bytes = cx
            .skill
            .source
            .bytes()
            .get(fm.yaml.start..fm.yaml.end)
            .unwrap_or_default();
        let (lead, content) = match std::str::from_utf8(bytes) {
            Ok(yaml) => (yaml.len() - yaml.trim_start().len(), yaml.trim().len()),
            Err(_) => (
                bytes.len() - bytes.trim_ascii_start().len(),
                bytes.trim_ascii().len(),
            ),
        };
        let span = crate::source::Span::new(fm.yaml.start + lead, fm.yaml.start + lead + content);
        (
            format!("the frontmatter is {}, not a mapping", a_kind(kind)),
            if span.is_empty() { fm.open } else { span },
            format!("this is {}", a_kind(kind)),
        )
    };
    out.push(
        RULE.finding(cx, message).at(span).label(label).help(
            "write the fields as `key: value` lines, starting with `name:` and `description:`",
        ),
    );
}

#[cfg(test)]
mod tests {
    /// Found by the `frontmatter` fuzz target: invalid UTF-8 made the span run past the file.
    #[test]
    fn the_span_stays_in_a_file_that_is_not_utf8() {
        let text = b"---\n\xe0\xa4\xe0\xa5 \xe0 list\n---\nbody\n";
        let skill = crate::rules::context::testing::skill("x", "");
        let skill = crate::skill::Skill::parse(
            skill.dir.clone(),
            skill.skill_md.clone(),
            skill.origin.clone(),
            text.to_vec(),
        );
        let found =
            crate::rules::context::testing::check_with(&RULE, &skill, &["agentskills"], &[]);
        assert_eq!(found.len(), 1);
        // The 11 bytes of the value, not the 15 of its lossy decoding.
        assert_eq!(found[0].span, Some(crate::source::Span::new(4, 15)));
    }

    use super::RULE;
    use crate::rules::context::testing::check;

    #[test]
    fn fires_on_empty_list_and_scalar() {
        let empty = check(&RULE, "pdf", "---\n# nothing\n---\n");
        assert_eq!(empty.len(), 1);
        assert_eq!(empty[0].message, "the frontmatter is empty");
        let list = check(&RULE, "pdf", "---\n- name: pdf\n---\n");
        assert_eq!(list[0].message, "the frontmatter is a list, not a mapping");
        assert_eq!(list[0].span.map(|s| (s.start, s.end)), Some((4, 15)));
        let scalar = check(&RULE, "pdf", "---\njust text\n---\n");
        assert_eq!(
            scalar[0].message,
            "the frontmatter is a string, not a mapping"
        );
    }

    #[test]
    fn quiet_on_a_mapping_or_invalid_yaml() {
        assert!(check(&RULE, "pdf", "---\nname: pdf\n---\n").is_empty());
        assert!(check(&RULE, "pdf", "---\nname: [\n---\n").is_empty());
    }
}
