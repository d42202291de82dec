//! S302 crlf-line-endings: `SKILL.md` ends lines with CRLF or a lone CR instead of LF.

use super::effects::Effects;
use crate::rules::{Check, Edit, Finding, Rule, Severity, SkillContext};
use crate::source::Span;

pub const RULE: Rule = Rule {
    id: "S302",
    name: "crlf-line-endings",
    severity: Severity::Warning,
    summary: "SKILL.md uses CRLF or CR line endings",
    docs: r#"## What it does

Counts the lines of `SKILL.md` that end with `CR LF` (Windows) or with a lone `CR` (old Mac OS)
instead of a plain `LF`, and reports the file once, at the first `CR`.

## Why

The reference validator reads files with universal newlines, so it accepts CRLF. Other parsers
look for `---\n` exactly, miss the frontmatter of a CRLF file, and then skip the skill or load it
without its name and description; a lone `CR`, which few readers take for a line end at all, is
worse. The finding names the runtimes the line endings change, read off each target's own reader
(the skill as it is against the same file with LF endings), so a CRLF file that passes one tool
is not silently dropped by the next. Git checkouts with `core.autocrlf=true` produce these files
without anyone noticing.

## Example

```text
---\r\n
name: pdf-processing\r\n
description: Extracts text from PDF files. Use when working with PDFs.\r\n
---\r\n
```

## How to fix

Save the file with LF line endings, and keep them LF in git with a `.gitattributes` line such as
`SKILL.md text eol=lf`. `skills check --fix` turns every `CR LF` and every lone `CR` into `LF` and
changes no other byte.
"#,
    fixable: true,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let le = cx.skill.source.encoding().line_endings;
    let Some(first) = [le.first_crlf, le.first_lone_cr]
        .into_iter()
        .flatten()
        .min()
    else {
        return;
    };
    let bytes = cx.skill.source.bytes();
    let mut edits = Vec::with_capacity(le.crlf + le.lone_cr);
    for (i, &b) in bytes.iter().enumerate() {
        if b != b'\r' {
            continue;
        }
        if bytes.get(i + 1) == Some(&b'\n') {
            edits.push(Edit::new(Span::new(i, i + 1), ""));
        } else {
            edits.push(Edit::new(Span::new(i, i + 1), "\n"));
        }
    }
    let total = le.lf + le.crlf + le.lone_cr;
    let what = match (le.crlf, le.lone_cr) {
        (n, 0) => format!("{n} of its {total} line endings are CRLF"),
        (0, n) => format!("{n} of its {total} line endings are a lone CR"),
        (c, r) => format!("{c} of its {total} line endings are CRLF and {r} a lone CR"),
    };
    let width = if bytes.get(first + 1) == Some(&b'\n') {
        2
    } else {
        1
    };
    let effects = super::apply_edits(bytes, &edits)
        .map(|fixed| Effects::of_bytes(cx.skill, fixed).sentence())
        .unwrap_or_default();
    out.push(
        RULE.finding(
            cx,
            format!("SKILL.md does not use LF line endings ({what}): {effects}"),
        )
        .at(Span::new(first, first + width))
        .label("first CR")
        .help(
            "save the file with LF line endings (and add `SKILL.md text eol=lf` to .gitattributes)",
        )
        .fix("convert the line endings to LF", edits),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;
    use crate::rules::encoding::tests::apply_fixes;

    #[test]
    fn fires_once_and_the_fix_only_touches_line_ends() {
        let text = "---\r\nname: pdf\r\ndescription: Reads PDFs.\r\n---\r\nBody\rmore\nend";
        let found = check(&RULE, "pdf", text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((3, 5)));
        assert!(
            found[0]
                .message
                .contains("4 of its 6 line endings are CRLF and 1 a lone CR")
        );
        let fixed = apply_fixes(text.as_bytes(), &found);
        assert_eq!(
            String::from_utf8(fixed.clone()).unwrap(),
            "---\nname: pdf\ndescription: Reads PDFs.\n---\nBody\nmore\nend"
        );
        assert!(check(&RULE, "pdf", &String::from_utf8(fixed).unwrap()).is_empty());
    }

    #[test]
    fn lone_cr_only() {
        let found = check(&RULE, "pdf", "---\rname: pdf\r---\r");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((3, 4)));
        assert!(
            found[0]
                .message
                .contains("3 of its 3 line endings are a lone CR")
        );
    }

    #[test]
    fn quiet_with_lf() {
        assert!(check(&RULE, "pdf", "---\nname: pdf\n---\nBody\n").is_empty());
    }
}
