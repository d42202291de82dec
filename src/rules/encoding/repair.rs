//! Repairs for frontmatter that is invalid YAML only because of plain values written after a
//! `key:`: an unquoted `: ` inside the value, a first character YAML reserves (`@`, `` ` ``,
//! `%`, `[`…), or continuation lines that lost their indentation.
//!
//! Shared by S305 (the first two) and S307 (the last). Nothing is reported unless writing every
//! such value on one line, quoted where needed, makes the whole frontmatter parse *and* each of
//! those values then reads back as exactly the text the author wrote. A value that starts with a
//! reserved character is kept only when leaving it alone still fails (`[a, b]` is a valid list).

use super::{field_at, mapping, one_line_scalar, quoted, reparse_edited};
use crate::frontmatter::{Field, Value, Yaml};
use crate::rules::Edit;
use crate::skill::Skill;
use crate::source::{self, Span};

/// Top-level keys whose value may start on the line after the key (`description:` then indented
/// text, as Prettier writes it). Other keys with an empty value hold a mapping or a list.
const SCALAR_KEYS: [&str; 5] = [
    "name",
    "description",
    "compatibility",
    "license",
    "when_to_use",
];

/// Beyond this many candidate lines the frontmatter is not a skill's: no repair is attempted.
const MAX_CANDIDATES: usize = 64;

/// One value to write on one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Repair {
    pub key: String,
    pub key_span: Span,
    /// From the first to the last character of the value as written (continuations included).
    pub value_span: Span,
    /// The value the author meant: its pieces joined with single spaces.
    pub text: String,
    /// The first `: ` (or `:` ending a line) inside the value.
    pub colon: Option<Span>,
    /// The reserved character the value starts with.
    pub indicator: Option<(char, Span)>,
    /// The first continuation line written at column 0.
    pub unindented: Option<Span>,
    /// For an item of a one-line flow list (`[a, @b]`), its position in the list.
    pub item: Option<usize>,
    /// The edit that writes the value on one line; `None` when the value holds ` #`, which may be
    /// a comment or part of the text.
    pub edit: Option<Edit>,
}

impl Repair {
    /// Broken by an unquoted `: ` or a reserved first character (S305).
    pub fn is_quoting_problem(&self) -> bool {
        self.colon.is_some() || self.indicator.is_some()
    }
}

/// A line of the YAML block, offsets relative to the block.
struct Line<'a> {
    text: &'a str,
    start: usize,
    /// Leading spaces.
    indent: usize,
    blank: bool,
}

/// What one line starts.
enum Entry {
    /// Values that need repairing; the next line to look at.
    Candidates(Vec<Repair>, usize),
    /// A value that is fine, or out of reach; the next line to look at.
    Skip(usize),
}

/// The repairs that make the skill's frontmatter parse, or nothing.
pub(super) fn plan(skill: &Skill) -> Vec<Repair> {
    let Some(fm) = skill.document.frontmatter() else {
        return Vec::new();
    };
    if !matches!(fm.content, Yaml::Invalid(_)) {
        return Vec::new();
    }
    let bytes = skill.source.bytes();
    let Some(yaml) = bytes
        .get(fm.yaml.start..fm.yaml.end)
        .and_then(|b| std::str::from_utf8(b).ok())
    else {
        return Vec::new();
    };
    let lines: Vec<Line<'_>> = source::lines(yaml)
        .map(|(text, span, _)| {
            let indent = text.len() - text.trim_start_matches(' ').len();
            Line {
                text,
                start: span.start,
                indent,
                blank: text.trim_matches([' ', '\t']).is_empty(),
            }
        })
        .collect();
    let mut candidates = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        match entry(&lines, i, fm.yaml.start) {
            Entry::Candidates(repairs, next) => {
                candidates.extend(repairs);
                i = next;
            }
            Entry::Skip(next) => i = next.max(i + 1),
        }
        if candidates.len() > MAX_CANDIDATES {
            return Vec::new();
        }
    }
    if candidates.is_empty() {
        return candidates;
    }
    if !repairs_parse(bytes, &candidates) {
        return Vec::new();
    }
    // A reserved first character may be harmless (`[a, b]`): keep only the ones that fail alone.
    let needed: Vec<bool> = (0..candidates.len())
        .map(|skip| {
            let c = &candidates[skip];
            c.colon.is_some() || c.unindented.is_some() || {
                let others: Vec<Repair> = candidates
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != skip)
                    .map(|(_, r)| r.clone())
                    .collect();
                !parses(bytes, &others)
            }
        })
        .collect();
    let all_needed = needed.iter().all(|&keep| keep);
    let kept: Vec<Repair> = candidates
        .into_iter()
        .zip(needed)
        .filter_map(|(c, keep)| keep.then_some(c))
        .collect();
    // Keeping every candidate asks the question already answered above.
    if kept.is_empty() || !all_needed && !repairs_parse(bytes, &kept) {
        return Vec::new();
    }
    kept
}

/// The edits used to check repairs: their own, or for an ambiguous value the whole text quoted.
fn check_edits(repairs: &[Repair]) -> Vec<Edit> {
    repairs
        .iter()
        .map(|r| {
            r.edit.clone().unwrap_or_else(|| {
                Edit::new(
                    Span::new(r.key_span.end + 1, r.value_span.end),
                    format!(" {}", quoted(&r.text)),
                )
            })
        })
        .collect()
}

/// Whether the file with these repairs applied has a frontmatter mapping.
fn parses(bytes: &[u8], repairs: &[Repair]) -> bool {
    reparse_edited(bytes, &check_edits(repairs)).is_some_and(|fixed| mapping(&fixed).is_some())
}

/// Whether the repaired file parses and every repaired value reads back as its text.
fn repairs_parse(bytes: &[u8], repairs: &[Repair]) -> bool {
    let edits = check_edits(repairs);
    let Some(document) = reparse_edited(bytes, &edits) else {
        return false;
    };
    let Some(fields) = mapping(&document) else {
        return false;
    };
    // Where an offset of the old file lands in the new one: moved by the length change of every
    // edit before it.
    let moved = |offset: usize| {
        let shift: isize = edits
            .iter()
            .filter(|e| e.span.start < offset)
            .map(|e| e.replacement.len() as isize - e.span.len() as isize)
            .sum();
        offset.checked_add_signed(shift)
    };
    repairs.iter().zip(&edits).all(|(repair, edit)| {
        let text = Some(repair.text.as_str());
        match repair.item {
            // After the edit's leading space.
            None => moved(edit.span.start)
                .and_then(|s| field_at(fields, s + 1))
                .is_some_and(|f| f.as_str() == text),
            Some(index) => moved(repair.key_span.start)
                .and_then(|s| field_with_key_at(fields, s))
                .is_some_and(|f| match &f.value {
                    Value::Sequence(items) => {
                        items.get(index).and_then(|v| match v {
                            Value::String(s) => Some(s.as_str()),
                            _ => None,
                        }) == text
                    }
                    _ => false,
                }),
        }
    })
}

/// The field (at any depth) whose key starts at byte `offset`.
fn field_with_key_at(fields: &[Field], offset: usize) -> Option<&Field> {
    fields.iter().find_map(|f| {
        if f.key_span.start == offset {
            Some(f)
        } else {
            field_with_key_at(&f.entries, offset)
        }
    })
}

/// Reads the entry that line `i` starts, if it is a `key: value` line.
fn entry(lines: &[Line<'_>], i: usize, base: usize) -> Entry {
    let line = &lines[i];
    let rest = &line.text[line.indent..];
    let key_len = rest
        .char_indices()
        .take_while(|&(n, c)| {
            c.is_ascii_alphanumeric() || c == '_' || (n > 0 && (c == '-' || c == '.'))
        })
        .count();
    let after_key = &rest[key_len..];
    let Some(after_colon) = after_key.strip_prefix(':') else {
        return Entry::Skip(i + 1);
    };
    if key_len == 0 || !(after_colon.is_empty() || after_colon.starts_with([' ', '\t'])) {
        return Entry::Skip(i + 1);
    }
    let key = &rest[..key_len];
    let key_start = base + line.start + line.indent;
    let key_span = Span::new(key_start, key_start + key_len);
    let value = after_colon.trim_start_matches([' ', '\t']);
    let value_start = line.start + line.text.len() - value.len();
    let continuation_past = |from: usize| {
        (from..lines.len())
            .find(|&j| !(lines[j].blank || lines[j].indent > line.indent))
            .unwrap_or(lines.len())
    };

    let mut pieces: Vec<(usize, &str)> = Vec::new();
    let mut indicator = None;
    if value.is_empty() || value.starts_with('#') {
        // The value starts on the next line (only for string fields; or a comment: leave it).
        let next = lines.get(i + 1);
        let next_is_text = next.is_some_and(|l| !l.blank && l.indent > 0);
        if value.starts_with('#') || line.indent > 0 || !SCALAR_KEYS.contains(&key) || !next_is_text
        {
            // A mapping or list below: its own lines are entries to look at.
            return Entry::Skip(i + 1);
        }
    } else {
        let first = value.chars().next().unwrap_or(' ');
        match first {
            '"' | '\'' | '&' | '!' => return Entry::Skip(continuation_past(i + 1)),
            '|' | '>' if is_block_header(value) => return Entry::Skip(continuation_past(i + 1)),
            '[' if value.trim_end().ends_with(']') => {
                let items = flow_items(key, key_span, value, base + value_start);
                return if items.is_empty() {
                    Entry::Skip(i + 1)
                } else {
                    Entry::Candidates(items, i + 1)
                };
            }
            // A flow collection is text only when it closes and more text follows (`[WIP] x`);
            // `[a, b` is a list with a typo, not a sentence.
            '[' | '{' if !closes_before_text(value) => return Entry::Skip(i + 1),
            '@' | '`' | '%' | '*' | '[' | '{' | ',' | ']' | '}' | '|' | '>' => {
                indicator = Some(first);
            }
            '-' | '?' | ':' if value[1..].is_empty() || value[1..].starts_with([' ', '\t']) => {
                indicator = Some(first);
            }
            _ => {}
        }
        pieces.push((value_start, value.trim_end_matches([' ', '\t'])));
    }

    let mut unindented = None;
    let mut j = i + 1;
    while let Some(next) = lines.get(j) {
        if next.blank {
            break;
        }
        let text = next.text.trim_matches([' ', '\t']);
        let indented = next.indent > line.indent;
        if indented && !text.starts_with('#') && !next.text.starts_with('\t') {
            pieces.push((next.start + next.text.find(text).unwrap_or(0), text));
        } else if line.indent == 0 && next.indent == 0 && is_loose_text(next.text) {
            unindented.get_or_insert(Span::new(
                base + next.start,
                base + next.start + next.text.len(),
            ));
            pieces.push((next.start, text));
        } else {
            break;
        }
        j += 1;
    }
    let Some(&(first_start, _)) = pieces.first() else {
        return Entry::Skip(j);
    };
    let colon = pieces.iter().find_map(|&(start, piece)| {
        let at = piece
            .find(": ")
            .or_else(|| piece.find(":\t"))
            .or_else(|| piece.ends_with(':').then(|| piece.len() - 1))?;
        let end = (at + 2).min(piece.len());
        Some(Span::new(base + start + at, base + start + end))
    });
    if colon.is_none() && indicator.is_none() && unindented.is_none() {
        return Entry::Skip(j);
    }
    let text = pieces.iter().map(|&(_, p)| p).collect::<Vec<_>>().join(" ");
    let last = pieces.last().map_or(first_start, |&(s, p)| s + p.len());
    let value_span = Span::new(base + first_start, base + last);
    let colon_end = key_span.end + 1;
    let ambiguous = pieces
        .iter()
        .any(|&(_, p)| p.contains(" #") || p.contains("\t#"));
    let edit = if ambiguous {
        None
    } else {
        one_line_scalar(&text)
            .map(|scalar| Edit::new(Span::new(colon_end, value_span.end), format!(" {scalar}")))
    };
    if edit.is_none() && !ambiguous {
        return Entry::Skip(j);
    }
    Entry::Candidates(
        vec![Repair {
            key: key.to_owned(),
            key_span,
            value_span,
            text,
            colon,
            indicator: indicator.map(|c| {
                let at = base + value_start;
                (c, Span::new(at, at + c.len_utf8()))
            }),
            unindented,
            item: None,
            edit,
        }],
        j,
    )
}

/// The items of a one-line flow list `[a, @b, c]` (at file offset `at`) that start with a
/// character YAML reserves and no plain scalar may start with (`@`, `` ` ``, `%`). Lists with
/// nested brackets, quotes or comments are left alone.
fn flow_items(key: &str, key_span: Span, value: &str, at: usize) -> Vec<Repair> {
    let inner_end = value.trim_end().len() - 1;
    let inner = &value[1..inner_end];
    if inner.contains(['[', ']', '{', '}', '"', '\'', '#']) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut offset = 1;
    for (index, raw) in inner.split(',').enumerate() {
        let text = raw.trim_matches([' ', '\t']);
        let start = at + offset + (raw.len() - raw.trim_start_matches([' ', '\t']).len());
        offset += raw.len() + 1;
        let Some(first) = text.chars().next().filter(|c| matches!(c, '@' | '`' | '%')) else {
            continue;
        };
        let span = Span::new(start, start + text.len());
        out.push(Repair {
            key: key.to_owned(),
            key_span,
            value_span: span,
            text: text.to_owned(),
            colon: None,
            indicator: Some((first, Span::new(start, start + 1))),
            unindented: None,
            item: Some(index),
            edit: Some(Edit::new(span, quoted(text))),
        });
    }
    out
}

/// Whether a value starting with `[` or `{` closes that bracket and then goes on with text.
fn closes_before_text(value: &str) -> bool {
    let close = if value.starts_with('[') { ']' } else { '}' };
    value
        .find(close)
        .is_some_and(|at| !value[at + 1..].trim().is_empty())
}

/// Whether `value` is a block scalar header: `|` or `>`, indicators, then at most a comment.
fn is_block_header(value: &str) -> bool {
    let tail =
        value[1..].trim_start_matches(['+', '-', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    let trimmed = tail.trim_start_matches([' ', '\t']);
    trimmed.is_empty() || (trimmed.starts_with('#') && trimmed.len() < tail.len())
}

/// Whether a column-0 line reads as text that continues the value above rather than as YAML of
/// its own: not a comment, list item, document marker, quoted or simple key (`word: …`).
fn is_loose_text(line: &str) -> bool {
    let Some(first) = line.chars().next() else {
        return false;
    };
    if matches!(
        first,
        '#' | '-' | '?' | ':' | '"' | '\'' | '\t' | ' ' | '[' | '{' | '&' | '*' | '!' | '|' | '>'
    ) || line.starts_with("...")
    {
        return false;
    }
    // `word: …` (no space before the colon; a tab after it counts as a blank) is a key,
    // however odd.
    let bytes = line.as_bytes();
    let key_like = (0..bytes.len())
        .find(|&at| bytes[at] == b':' && matches!(bytes.get(at + 1), None | Some(b' ' | b'\t')))
        .is_some_and(|at| !line[..at].contains([' ', '\t']));
    !key_like
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::context::testing::skill;

    fn plan_of(yaml: &str) -> Vec<Repair> {
        plan(&skill("x", &format!("---\n{yaml}---\nBody\n")))
    }

    #[test]
    fn an_unquoted_colon_is_repaired_by_quoting() {
        let found = plan_of("name: x\ndescription: Use when: the user asks\n");
        assert_eq!(found.len(), 1);
        let r = &found[0];
        assert_eq!(r.key, "description");
        assert_eq!(r.text, "Use when: the user asks");
        assert!(r.colon.is_some() && r.unindented.is_none());
        assert_eq!(
            r.edit.as_ref().map(|e| e.replacement.as_str()),
            Some(" \"Use when: the user asks\"")
        );
    }

    #[test]
    fn nothing_when_another_error_remains() {
        assert!(plan_of("description: Use when: x\nname: [a\n").is_empty());
        assert!(plan_of("description: ok\nname: x\n").is_empty());
        assert!(plan_of("description: a\nallowed-tools: [Read, Write\n").is_empty());
    }

    #[test]
    fn a_valid_flow_list_is_left_alone() {
        let found = plan_of("allowed-tools: [Read, Write]\ndescription: Use: x\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].key, "description");
    }

    #[test]
    fn an_invalid_flow_start_is_repaired() {
        let found = plan_of("description: [WIP] Builds things\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].indicator.map(|(c, _)| c), Some('['));
    }

    #[test]
    fn unindented_continuations_are_joined() {
        let found = plan_of("name: x\ndescription: Does things\nwhen asked to\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].text, "Does things when asked to");
        assert!(found[0].unindented.is_some());
        assert_eq!(
            found[0].edit.as_ref().map(|e| e.replacement.as_str()),
            Some(" Does things when asked to")
        );
    }

    #[test]
    fn a_comment_makes_the_fix_ambiguous() {
        let found = plan_of("description: Use when: x # note\n");
        assert_eq!(found.len(), 1);
        assert!(found[0].edit.is_none());
    }

    #[test]
    fn block_scalars_and_quoted_values_are_not_touched() {
        assert!(plan_of("description: |\n  Use when: x\nname: [a\n").is_empty());
        assert!(plan_of("description: \"a\" b: c\n").is_empty());
    }

    #[test]
    fn reserved_items_of_a_flow_list() {
        let found = plan_of("name: x\nmetadata:\n  keywords: [riverpod, @riverpod, `x`]\n");
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].text, "@riverpod");
        assert_eq!(found[0].item, Some(1));
        assert_eq!(
            found[1].edit.as_ref().map(|e| e.replacement.as_str()),
            Some("\"`x`\"")
        );
        assert!(plan_of("keywords: [a, \"@b\", @c]\n").is_empty());
    }

    /// A key written with a tab after its colon is a key, not text that continues the value
    /// above: joining it would drop the key and change the value before it.
    #[test]
    fn a_key_with_a_tab_after_its_colon_is_not_a_continuation() {
        let found = plan_of("name: x\ndescription:\tDoes X: a\n");
        assert!(found.iter().all(|r| r.key == "description"), "{found:?}");
        assert!(found.iter().all(|r| r.unindented.is_none()), "{found:?}");
    }

    #[test]
    fn prettier_style_values_on_the_next_line() {
        let found = plan_of("description:\n  Use when: the user\n  asks\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].text, "Use when: the user asks");
    }
}
