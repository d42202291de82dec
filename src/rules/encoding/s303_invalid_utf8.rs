//! S303 invalid-utf8: `SKILL.md` holds bytes that are not valid UTF-8.

use super::effects::Effects;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::source::Span;

pub const RULE: Rule = Rule {
    id: "S303",
    name: "invalid-utf8",
    severity: Severity::Error,
    summary: "SKILL.md is not valid UTF-8",
    docs: r#"## What it does

Finds bytes in `SKILL.md` that are not valid UTF-8, such as a file saved as Latin-1 or
Windows-1252 (`é` as the single byte `E9`), a UTF-16 file (named as such), or a file cut in the
middle of a character. It points at the first bad byte and counts the bad sequences.

## Why

The standard expects UTF-8 text. The reference validator decodes the file as UTF-8 and crashes with
a `UnicodeDecodeError` traceback instead of a verdict; other readers skip the file, and readers that
do neither replace each bad sequence with U+FFFD (`�`), so a name or description with such a byte
reaches the model garbled. The finding names the runtimes the bytes change, read off each target's
own reader (the skill as it is against the same text re-saved as UTF-8). A
UTF-16 file (what some Windows tools call "Unicode") is worse: its `---` is stored as `2D 00 2D 00
2D 00`, so a UTF-8 reader finds no frontmatter at all. `skills` decodes the same way so that the
other rules can still run.

## Example

A description saved as Latin-1: `description: Résumé builder` is stored with the bytes
`52 E9 73 75 6D E9`, and `E9` alone is not UTF-8.

## How to fix

Re-save the file as UTF-8 (in most editors: "Save with encoding", then "UTF-8"). There is no
automatic fix: only you know which encoding the file was written in.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(first) = cx.skill.source.encoding().invalid_utf8 else {
        return;
    };
    let bytes = cx.skill.source.bytes();
    let count = bytes
        .utf8_chunks()
        .filter(|c| !c.invalid().is_empty())
        .count();
    let utf16 = bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF");
    let repaired = if utf16 {
        utf16_to_utf8(bytes)
    } else {
        String::from_utf8_lossy(bytes).into_owned().into_bytes()
    };
    let effects = Effects::of_bytes(cx.skill, repaired).sentence();
    let message = if utf16 {
        format!(
            "SKILL.md is encoded as UTF-16 (it starts with a UTF-16 byte order mark), not UTF-8: \
             {effects}"
        )
    } else {
        let (line, column) = cx.skill.source.line_col(first);
        let byte = bytes.get(first).copied().unwrap_or_default();
        format!(
            "SKILL.md is not valid UTF-8 (byte `{byte:02X}` at {line}:{column}, {count} bad \
             sequence{s} in all): {effects}",
            s = if count == 1 { "" } else { "s" }
        )
    };
    out.push(
        RULE.finding(cx, message)
            .at(Span::new(first, (first + 1).min(bytes.len())))
            .label("not UTF-8")
            .help("re-save the file as UTF-8"),
    );
}

/// The text of a UTF-16 file (its byte order mark says which end first) as UTF-8, bad units
/// replaced: the file as it would be re-saved.
fn utf16_to_utf8(bytes: &[u8]) -> Vec<u8> {
    let little = bytes.starts_with(b"\xFF\xFE");
    let units = bytes[2..].chunks_exact(2).map(|pair| {
        if little {
            u16::from_le_bytes([pair[0], pair[1]])
        } else {
            u16::from_be_bytes([pair[0], pair[1]])
        }
    });
    char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect::<String>()
        .into_bytes()
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check_with;
    use crate::rules::{Check, Finding, Settings, SkillContext};
    use crate::skill::{Origin, Scope, Skill};
    use crate::targets;

    fn run(bytes: &[u8]) -> Vec<Finding> {
        let origin = Origin {
            root: "/skills".into(),
            scope: Scope::Custom,
            precedence: 0,
            root_index: 0,
        };
        let skill = Skill::parse(
            "/skills/pdf".into(),
            "/skills/pdf/SKILL.md".into(),
            origin,
            bytes.to_vec(),
        );
        let targets = targets::default_targets();
        let settings = Settings::default();
        let cx = SkillContext::in_memory(&skill, &targets, &settings, Default::default());
        let Check::Skill(check) = RULE.check else {
            unreachable!()
        };
        let mut out = Vec::new();
        check(&cx, &mut out);
        out
    }

    #[test]
    fn points_at_the_first_bad_byte_and_counts() {
        let found = run(b"---\nname: pdf\ndescription: R\xE9sum\xE9\n---\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((28, 29)));
        assert!(
            found[0]
                .message
                .contains("byte `E9` at 3:15, 2 bad sequences"),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn names_utf16() {
        let found = run(b"\xFF\xFE-\0-\0-\0\n\0");
        assert_eq!(found.len(), 1);
        assert!(found[0].message.contains("UTF-16"));
    }

    #[test]
    fn quiet_on_valid_utf8() {
        let skill = crate::rules::context::testing::skill("pdf", "---\nname: pdf\n---\nÉté\n");
        assert!(check_with(&RULE, &skill, &["agentskills"], &[]).is_empty());
    }
}
