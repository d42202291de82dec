//! S3xx: encoding and portability — bytes and YAML constructs that runtimes read differently.
//!
//! Besides the rules, this module holds what several of them share: the sentence that says what
//! runtimes do with invalid YAML, and the tools every fix here is checked with (apply the edits to
//! a copy of the file, parse the copy again, compare the values).

mod effects;
mod repair;
mod s301_byte_order_mark;
mod s302_crlf_line_endings;
mod s303_invalid_utf8;
mod s304_nul_byte;
mod s305_unquoted_colon;
mod s306_block_scalar_description;
mod s307_multiline_plain_scalar;
mod s308_tab_in_frontmatter;
mod s309_skipped_by_target;

pub(crate) use effects::Effects;

use std::rc::Rc;

use super::{Edit, Rule};
use crate::frontmatter::{self, Document, Field, ScalarStyle, Yaml};
use crate::skill::Skill;
use crate::source::{Source, Span};

/// This family's rules, sorted by ID.
pub(super) const RULES: &[&Rule] = &[
    &s301_byte_order_mark::RULE,
    &s302_crlf_line_endings::RULE,
    &s303_invalid_utf8::RULE,
    &s304_nul_byte::RULE,
    &s305_unquoted_colon::RULE,
    &s306_block_scalar_description::RULE,
    &s307_multiline_plain_scalar::RULE,
    &s308_tab_in_frontmatter::RULE,
    &s309_skipped_by_target::RULE,
];

/// What the runtimes do with a `SKILL.md` whose frontmatter is not valid YAML, read off their own
/// readers (see [`effects`]); worked out once per skill.
fn invalid_yaml_effect(cx: &super::SkillContext<'_>) -> Rc<String> {
    cx.memo("invalid YAML effect", || {
        Effects::of_yaml_repairs(cx.skill, &repairs(cx)).sentence()
    })
}

/// The skill's [`repair::plan`], worked out once per skill for S305, S307 and the effect of
/// invalid YAML.
fn repairs(cx: &super::SkillContext<'_>) -> Rc<Vec<repair::Repair>> {
    cx.memo("YAML repairs", || repair::plan(cx.skill))
}

/// The bytes with `edits` applied, or `None` when two edits overlap or one is out of bounds.
fn apply_edits(bytes: &[u8], edits: &[Edit]) -> Option<Vec<u8>> {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.span.start, e.span.end));
    let added: usize = sorted.iter().map(|e| e.replacement.len()).sum();
    let mut out = Vec::with_capacity(bytes.len() + added);
    let mut pos = 0;
    for edit in sorted {
        if edit.span.start < pos || edit.span.end < edit.span.start {
            return None;
        }
        out.extend_from_slice(bytes.get(pos..edit.span.start)?);
        out.extend_from_slice(edit.replacement.as_bytes());
        pos = edit.span.end;
    }
    out.extend_from_slice(bytes.get(pos..)?);
    Some(out)
}

/// Parses `bytes` as a `SKILL.md`, exactly as discovery does, for its frontmatter: the checks
/// here never look at the body. So only the lines up to the closing delimiter are read when
/// that line can be found, and the body's span is then short.
fn reparse(bytes: Vec<u8>) -> Document {
    head_document(&bytes).unwrap_or_else(|| frontmatter::parse(&Source::new(bytes)))
}

/// The document of `bytes` parsed from their head alone (up to [`head_end`]), when the
/// frontmatter closes on the head's last line; `None` otherwise.
fn head_document(bytes: &[u8]) -> Option<Document> {
    let cut = head_end(bytes)?;
    let document = frontmatter::parse(&Source::new(bytes[..cut].to_vec()));
    // The head holds every line of the file up to the closing one, each with its own line
    // break (or the first byte of it), so the file's first delimiter line after the opening
    // one is the head's.
    let closed_in_head = document
        .frontmatter()
        .is_some_and(|fm| fm.close.end + 1 == cut && matches!(bytes[fm.close.end], b'\n' | b'\r'));
    closed_in_head.then_some(document)
}

/// [`reparse`] of `bytes` with `edits` applied (`None` when two overlap or one is out of
/// bounds), without copying the body: the edits go into the file up to the first delimiter line
/// after the last of them, and when that part holds the head [`reparse`] would cut from the
/// whole edited file, it is parsed as it is. (It does: the whole file starts with that part,
/// and a delimiter line found there is found, and is the first, in the whole file too. Else the
/// whole file is edited and parsed.)
fn reparse_edited(bytes: &[u8], edits: &[Edit]) -> Option<Document> {
    let last = edits.iter().map(|e| e.span.end).max().unwrap_or(0);
    if let Some(part) = bytes
        .get(last..)
        .and_then(head_end)
        .and_then(|cut| bytes.get(..last + cut))
    {
        let edited = apply_edits(part, edits)?;
        if let Some(document) = head_document(&edited) {
            debug_assert_eq!(
                Some(&document),
                apply_edits(bytes, edits).map(reparse).as_ref()
            );
            return Some(document);
        }
    }
    apply_edits(bytes, edits).map(reparse)
}

/// One byte past the end of the first line after the first one that reads `---` (then spaces or
/// tabs): just into its line break. `None` when there is no such line, or it ends the file.
fn head_end(bytes: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = bytes[from..].iter().position(|&b| b == b'\n' || b == b'\r') {
        let start = from + at + 1;
        if let Some(after) = bytes[start..].strip_prefix(b"---") {
            let blanks = after
                .iter()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .count();
            let end = start + 3 + blanks;
            if matches!(bytes.get(end), Some(b'\n' | b'\r')) {
                return Some(end + 1);
            }
        }
        from = start;
    }
    None
}

/// The top-level fields of a parsed document, when its frontmatter is a valid mapping.
fn mapping(document: &Document) -> Option<&[Field]> {
    match &document.frontmatter()?.content {
        Yaml::Mapping(fields) => Some(fields),
        _ => None,
    }
}

/// Whether two field lists hold the same keys and values at every level (spans and styles aside).
fn same_values(a: &[Field], b: &[Field]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.key == y.key
                && x.key_kind == y.key_kind
                && x.value == y.value
                && same_values(&x.entries, &y.entries)
        })
}

/// The field (at any depth) whose value starts at byte `offset`.
fn field_at(fields: &[Field], offset: usize) -> Option<&Field> {
    fields.iter().find_map(|f| {
        if f.value_span.start == offset && f.style.is_some() {
            Some(f)
        } else {
            field_at(&f.entries, offset)
        }
    })
}

/// An edit that writes a top-level string field on one line (`key: value`), when its value holds
/// no line break and the rewritten file parses to exactly the same values. `None` when a comment
/// sits between the key and the value or in a block scalar header, or when anything would change.
fn one_line_fix(skill: &Skill, field: &Field) -> Option<Edit> {
    let text = field.as_str()?;
    if text.contains('\n') {
        return None;
    }
    let bytes = skill.source.bytes();
    let between = bytes.get(field.key_span.end..field.value_span.start)?;
    if between.first() != Some(&b':') || !between[1..].iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    if matches!(
        field.style,
        Some(ScalarStyle::Literal | ScalarStyle::Folded)
    ) {
        let value = bytes.get(field.value_span.start..field.value_span.end)?;
        let header_end = value
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .unwrap_or(value.len());
        let header = value.get(1..header_end)?;
        let clean = header
            .iter()
            .all(|b| matches!(b, b'+' | b'-' | b'1'..=b'9' | b' ' | b'\t'));
        if !clean {
            return None;
        }
    }
    let edit = Edit::new(
        Span::new(field.key_span.end, field.value_span.end),
        format!(": {}", one_line_scalar(text)?),
    );
    let before = mapping(&skill.document)?;
    let document = reparse_edited(bytes, std::slice::from_ref(&edit))?;
    same_values(before, mapping(&document)?).then_some(edit)
}

/// `text` as a YAML scalar on one line: plain when it starts with a letter and reads back as
/// the same string, otherwise quoted. `None` for text with line breaks or control characters,
/// which no one-line scalar can hold without escapes that change how it reads.
fn one_line_scalar(text: &str) -> Option<String> {
    if text.chars().any(|c| c.is_control() && c != '\t') {
        return None;
    }
    let plain_candidate = text.starts_with(char::is_alphabetic)
        && text.trim() == text
        && !text.contains('\t')
        && reads_back(text, text, ScalarStyle::Plain);
    if plain_candidate {
        return Some(text.to_owned());
    }
    let quoted = quoted(text);
    let style = if quoted.starts_with('\'') {
        ScalarStyle::SingleQuoted
    } else {
        ScalarStyle::DoubleQuoted
    };
    reads_back(&quoted, text, style).then_some(quoted)
}

/// `text` in quotes: single quotes when it holds `"` or `\` but no `'` (nothing to escape then),
/// double quotes otherwise, with `\`, `"` and tab escaped.
fn quoted(text: &str) -> String {
    if text.contains(['"', '\\']) && !text.contains('\'') {
        return format!("'{text}'");
    }
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether `scalar` written as a mapping value parses as the string `expected` in `style`.
fn reads_back(scalar: &str, expected: &str, style: ScalarStyle) -> bool {
    let document = reparse(format!("---\nk: {scalar}\n---\n").into_bytes());
    matches!(
        mapping(&document),
        Some([field]) if field.as_str() == Some(expected) && field.style == Some(style)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Finding;

    /// Applies every fix of `findings` to `text` at once, as `--fix` does.
    pub(super) fn apply_fixes(text: &[u8], findings: &[Finding]) -> Vec<u8> {
        let edits: Vec<Edit> = findings
            .iter()
            .filter_map(|f| f.fix.as_ref())
            .flat_map(|fix| fix.edits.iter().cloned())
            .collect();
        apply_edits(text, &edits).expect("fix edits do not overlap")
    }

    #[test]
    fn a_file_edited_in_its_head_parses_as_the_whole_edited_file() {
        let files: &[&[u8]] = &[
            b"---\nname: a\ndescription: b: c\n---\nbody\n---\nmore\n",
            b"---\nname: a\n--- \t\nbody\n---\n",
            b"---\r\nname: a\r\n---\r\nbody",
            b"---\rname: a\r---\rbody",
            b"---\nname: a\n---",
            b"---\nname: a\n",
            b"---\nd: |\n  ---\n---\nbody\n---\n",
            b"# T\n---\nname: a\n---\n",
        ];
        let replacements = ["", " ", "\n---\n", "---", "\n", "\r", "x: 'y'", "\"q\""];
        let mut sequence = crate::sequence::Sequence::new(7);
        let mut next = |below: usize| sequence.below(below.max(1));
        for bytes in files {
            for _ in 0..300 {
                let edits: Vec<Edit> = (0..1 + next(3))
                    .map(|_| {
                        let start = next(bytes.len() + 2);
                        let end = start + next(4);
                        Edit::new(
                            Span::new(start, end),
                            replacements[next(replacements.len())],
                        )
                    })
                    .collect();
                assert_eq!(
                    reparse_edited(bytes, &edits),
                    apply_edits(bytes, &edits).map(reparse),
                    "{:?} {edits:?}",
                    String::from_utf8_lossy(bytes)
                );
            }
        }
    }

    #[test]
    fn the_frontmatter_read_from_the_head_is_the_whole_files() {
        let files: &[&[u8]] = &[
            b"---\nname: a\n---\nbody\n",
            b"---\nname: a\n--- \t\nbody\n---\n",
            b"---\nname: a\n----\nb: ---\n---",
            b"---\nname: a\n---",
            b"---\r\nname: a\r\n---\r\nbody",
            b"---\rname: a\r---\rbody",
            b"---\r\nname: a\r\n---\r",
            b"\xEF\xBB\xBF---\nname: a\n---\n",
            b"---\nname: \xFF\n---\n\xC3",
            b"---\nname: a\n",
            b"---\n---\n",
            b"--- x\nname: a\n---\n",
            b"# T\n---\nname: a\n---\n",
            b"",
            b"---\nd: |\n  ---\n---\nbody",
            b"---\nname: [a\n---\n\n",
        ];
        for bytes in files {
            let whole = frontmatter::parse(&Source::new(bytes.to_vec()));
            assert_eq!(
                reparse(bytes.to_vec()).frontmatter,
                whole.frontmatter,
                "{:?}",
                String::from_utf8_lossy(bytes)
            );
        }
    }

    #[test]
    fn edits_apply_in_any_order_and_refuse_overlaps() {
        let edits = [
            Edit::new(Span::new(4, 5), "E"),
            Edit::new(Span::new(0, 1), ""),
        ];
        assert_eq!(apply_edits(b"abcdef", &edits).unwrap(), b"bcdEf");
        let overlapping = [
            Edit::new(Span::new(0, 3), ""),
            Edit::new(Span::new(2, 4), ""),
        ];
        assert_eq!(apply_edits(b"abcdef", &overlapping), None);
        assert_eq!(apply_edits(b"ab", &[Edit::new(Span::new(1, 9), "")]), None);
    }

    #[test]
    fn one_line_scalars_are_plain_only_when_they_read_back() {
        assert_eq!(one_line_scalar("Does things").unwrap(), "Does things");
        assert_eq!(one_line_scalar("Use when: x").unwrap(), "\"Use when: x\"");
        assert_eq!(one_line_scalar("true").unwrap(), "\"true\"");
        assert_eq!(one_line_scalar("Say \"hi\"").unwrap(), "Say \"hi\"");
        assert_eq!(one_line_scalar("\"Hi\" x").unwrap(), "'\"Hi\" x'");
        assert_eq!(one_line_scalar("It's \"x\"").unwrap(), "It's \"x\"");
        assert_eq!(one_line_scalar("\"It's\" x").unwrap(), "\"\\\"It's\\\" x\"");
        assert_eq!(one_line_scalar("a\tb").unwrap(), "\"a\\tb\"");
        assert_eq!(one_line_scalar("Note #1 here").unwrap(), "\"Note #1 here\"");
        assert_eq!(one_line_scalar("Issue#1 here").unwrap(), "Issue#1 here");
        assert_eq!(
            one_line_scalar("Note #1: here").unwrap(),
            "\"Note #1: here\""
        );
        assert_eq!(one_line_scalar("Two # parts").unwrap(), "\"Two # parts\"");
        assert_eq!(one_line_scalar("a\nb"), None);
    }
}
