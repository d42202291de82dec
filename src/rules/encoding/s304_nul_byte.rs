//! S304 nul-byte: `SKILL.md` contains NUL bytes.

use super::effects::Effects;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::source::Span;

pub const RULE: Rule = Rule {
    id: "S304",
    name: "nul-byte",
    severity: Severity::Error,
    summary: "SKILL.md contains NUL bytes",
    docs: r#"## What it does

Finds NUL bytes (`00`) in `SKILL.md`, points at the first one and counts them. A UTF-16 file is
left to S303, which names the encoding.

## Why

A NUL byte is the usual sign of a binary file: git, grep, editors and skill readers that sniff for
binary content treat the whole file as binary and refuse or skip it. Inside the frontmatter it
also makes the YAML invalid (control characters are not allowed), and runtimes that need valid
YAML skip the skill: the finding names them, read off each target's own reader (the skill as it is
against the same file without the NUL bytes). A NUL byte never belongs in Markdown; it
is left over from a bad copy, a broken conversion or a corrupted download.

## Example

```text
description: Extracts text from PDFs.\0\0\0
```

## How to fix

Delete the NUL bytes (an editor's "show invisibles" mode or `tr -d '\000'` finds them), then
check that the text around them is complete.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let encoding = cx.skill.source.encoding();
    let Some(first) = encoding.first_nul else {
        return;
    };
    let bytes = cx.skill.source.bytes();
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return; // UTF-16: S303 says so.
    }
    let in_frontmatter = cx
        .skill
        .document
        .frontmatter()
        .is_some_and(|fm| fm.yaml.start <= first && first < fm.yaml.end);
    let count = encoding.nul_count;
    let (line, column) = cx.skill.source.line_col(first);
    let effect = if in_frontmatter {
        let clean: Vec<u8> = bytes.iter().copied().filter(|&b| b != 0).collect();
        format!(
            "it is in the frontmatter, which makes the YAML invalid: {}",
            Effects::of_bytes(cx.skill, clean).sentence()
        )
    } else {
        "git, grep and skill readers that sniff for binary content treat the whole file as binary \
         and refuse to show or read it"
            .to_owned()
    };
    out.push(
        RULE.finding(
            cx,
            format!(
                "SKILL.md contains {count} NUL byte{s}, the first at {line}:{column}: {effect}",
                s = if count == 1 { "" } else { "s" }
            ),
        )
        .at(Span::new(first, first + 1))
        .label("NUL byte")
        .help("delete the NUL bytes and check the text around them"),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    #[test]
    fn counts_and_points_at_the_first() {
        let found = check(&RULE, "pdf", "---\nname: pdf\n---\nBody\0\0\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((22, 23)));
        assert!(found[0].message.contains("2 NUL bytes, the first at 4:5"));
        assert!(found[0].message.contains("binary"));
    }

    #[test]
    fn says_when_it_breaks_the_yaml() {
        let found = check(&RULE, "pdf", "---\nname: p\0df\n---\nBody\n");
        assert!(found[0].message.contains("frontmatter"));
    }

    #[test]
    fn quiet_without_nul() {
        assert!(check(&RULE, "pdf", "---\nname: pdf\n---\nBody\n").is_empty());
    }
}
