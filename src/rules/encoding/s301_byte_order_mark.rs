//! S301 byte-order-mark: `SKILL.md` starts with a UTF-8 byte order mark.

use super::effects::Effects;
use crate::rules::{Check, Edit, Finding, Rule, Severity, SkillContext};
use crate::source::{BOM, Span};

pub const RULE: Rule = Rule {
    id: "S301",
    name: "byte-order-mark",
    severity: Severity::Warning,
    summary: "SKILL.md starts with a UTF-8 byte order mark",
    docs: r#"## What it does

Checks whether `SKILL.md` starts with the three bytes `EF BB BF`, the UTF-8 byte order mark
(BOM) that some Windows editors write at the top of a file. The mark is invisible in most editors.

## Why

The frontmatter must be the very first thing in the file, and a BOM comes before it. Runtimes
disagree about the mark: some strip it before they look for `---`, others miss the frontmatter
and skip the skill, or load it without its name and description. The finding names the runtimes
the mark changes, read off each target's own reader (the skill as it is against the same file
without the mark), so it stays true as the targets follow new client versions. The reference
validator does not strip the mark and fails the skill with "SKILL.md must start with YAML
frontmatter (---)". `skills` itself reads past the mark, so every other rule still sees the
frontmatter.

## Example

A file whose first bytes are `EF BB BF 2D 2D 2D` (`<BOM>---`):

```markdown
﻿---
name: pdf-processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
---
```

## How to fix

Save the file as UTF-8 without a BOM ("UTF-8" rather than "UTF-8 with BOM" in most editors).
`skills check --fix` removes the three bytes and changes nothing else.
"#,
    fixable: true,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    if !cx.skill.source.encoding().bom {
        return;
    }
    // An editor that adds a mark to a file that already has one can leave several in a row.
    let marks = cx
        .skill
        .source
        .bytes()
        .chunks(BOM.len())
        .take_while(|chunk| *chunk == BOM)
        .count();
    let span = Span::new(0, BOM.len());
    let all = Span::new(0, marks * BOM.len());
    let effects = Effects::of_bytes(cx.skill, cx.skill.source.bytes()[all.end..].to_vec());
    out.push(
        RULE.finding(
            cx,
            format!(
                "SKILL.md starts with a UTF-8 byte order mark (`EF BB BF`): {}",
                effects.sentence()
            ),
        )
        .at(span)
        .label("invisible byte order mark before `---`")
        .help("save the file as UTF-8 without a BOM")
        .fix("remove the byte order mark", vec![Edit::new(all, "")]),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::{check, skill};
    use crate::rules::encoding::tests::apply_fixes;

    const CLEAN: &str = "---\nname: pdf\ndescription: Reads PDFs. Use with PDFs.\n---\n# PDF\n";

    #[test]
    fn fires_on_a_bom_and_the_fix_removes_only_it() {
        let text = format!("\u{FEFF}{CLEAN}");
        let found = check(&RULE, "pdf", &text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((0, 3)));
        let fixed = apply_fixes(text.as_bytes(), &found);
        assert_eq!(fixed, CLEAN.as_bytes());
        let again = String::from_utf8(fixed).unwrap();
        assert!(check(&RULE, "pdf", &again).is_empty());
    }

    #[test]
    fn repeated_marks_all_go() {
        let text = format!("\u{FEFF}\u{FEFF}{CLEAN}");
        let found = check(&RULE, "pdf", &text);
        assert_eq!(apply_fixes(text.as_bytes(), &found), CLEAN.as_bytes());
    }

    #[test]
    fn quiet_without_a_bom_even_with_one_later() {
        assert!(check(&RULE, "pdf", CLEAN).is_empty());
        let later = format!("{CLEAN}\u{FEFF}\n");
        let s = skill("pdf", &later);
        assert!(!s.source.encoding().bom);
        assert!(check(&RULE, "pdf", &later).is_empty());
    }
}
