//! The shape most frontmatter has, read without a YAML parser.
//!
//! Most frontmatter is a few `key: value` lines: one-line plain or quoted strings, `|` and `>`
//! block scalars, a `metadata` mapping, flow lists of words. [`read`] reads that subset by hand
//! and returns exactly what the parser passes return for it: the same values, spans and scalar
//! styles. For anything outside the subset it declines and the parsers read the block: scalars
//! that could be anything but a string (numbers, booleans, nulls, anything not starting with a
//! letter), multi-line plain and quoted scalars, quoted keys, block lists, flow mappings, anchors,
//! aliases, tags, comments inside block scalars and flow lists, tabs, carriage returns, control
//! characters, byte order marks and the characters that some parsers take for line breaks.
//!
//! One error is read here too, the commonest in frontmatter: a one-line plain value that holds a
//! `: ` (`description: Use when: asked`), which the parsers reject at that colon. [`read`]
//! gives its place when every entry before it is in the subset, so that such a block, and each
//! runtime's copy of it, is not handed to a parser only to be refused.
//!
//! Spans here are byte offsets in the YAML block, placed in the file by the caller.

use super::{Field, ScalarStyle, Value, ValueKind};
use crate::source::Span;

/// The deepest nesting of block mappings read here; deeper blocks go to the parsers.
const MAX_DEPTH: usize = 8;
/// The longest key read here (parsers give up on simple keys longer than 1024 characters).
const MAX_KEY: usize = 128;
/// The most entries of one mapping read here, which bounds the search for duplicate keys.
const MAX_ENTRIES: usize = 64;

/// What [`read`] makes of a block in the subset.
#[derive(Debug, PartialEq)]
pub(super) enum Block {
    /// A block mapping: its top-level entries.
    Mapping(Vec<Field>),
    /// Not YAML: the entries up to the one at this offset are in the subset, and there a plain
    /// value on one line has a `:` followed by a space or the end of the line. The parsers
    /// take that colon for a mapping value where none may start, and fail on it with
    /// [`MISPLACED_COLON`].
    MisplacedColon(usize),
}

/// The parsers' message for [`Block::MisplacedColon`], as the frontmatter reports it.
pub(super) const MISPLACED_COLON: &str = "mapping values are not allowed in this context";

/// `yaml` as a block mapping in the subset, with every span (an offset range in `yaml`) passed
/// through `place`, or the misplaced colon that makes it invalid; `None` for anything else.
pub(super) fn read(yaml: &str, place: &dyn Fn(Span) -> Span) -> Option<Block> {
    if !printable(yaml) {
        return None;
    }
    let mut reader = Reader {
        text: yaml,
        bytes: yaml.as_bytes(),
        pos: 0,
        place,
        misplaced_colon: None,
    };
    let Some((fields, _)) = reader.mapping(0, 0) else {
        return reader.misplaced_colon.map(Block::MisplacedColon);
    };
    (!fields.is_empty() && reader.pos == yaml.len()).then_some(Block::Mapping(fields))
}

/// Whether every character is one the parsers read as itself: printable ASCII, `\n`, and
/// printable non-ASCII other than the byte order mark and the line and paragraph separators
/// (which some parsers take for line breaks). Tabs and carriage returns are left to the parsers.
fn printable(yaml: &str) -> bool {
    if yaml.is_ascii() {
        // Without an early exit, the test runs on many bytes at a time; blocks are short.
        return yaml.bytes().fold(true, |all, b| {
            all & (b == b'\n' || (b' '..=b'~').contains(&b))
        });
    }
    yaml.chars().all(|c| {
        c == '\n'
            || (' '..='~').contains(&c)
            || (c >= '\u{A0}'
                && !matches!(
                    c,
                    '\u{2028}' | '\u{2029}' | '\u{FEFF}' | '\u{FFFE}' | '\u{FFFF}'
                ))
    })
}

/// A plain scalar that serde_yaml resolves to something other than a string, though it starts
/// with a letter.
fn not_a_string(plain: &str) -> bool {
    matches!(
        plain,
        "null" | "Null" | "NULL" | "true" | "True" | "TRUE" | "false" | "False" | "FALSE"
    )
}

/// Whether `plain`, a plain scalar, is read here: it starts with a letter or one of a few safe
/// characters and is not one of the words of [`not_a_string`], or it is a version number such
/// as `2.1.0`. Both are strings for serde_yaml. (Digits, signs and dots may start numbers; the
/// other ASCII punctuation is a YAML indicator or rare.)
fn plain_string(plain: &str) -> bool {
    let Some(first) = plain.chars().next() else {
        return false;
    };
    if first.is_ascii_alphabetic() || matches!(first, '_' | '/' | '(' | '$') || !first.is_ascii() {
        return !not_a_string(plain);
    }
    // Neither an integer nor a float has two dots.
    first.is_ascii_digit()
        && plain.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && plain.bytes().filter(|&b| b == b'.').count() >= 2
}

/// Whether `text` starts with a character that can only start a plain scalar: a letter, a
/// digit, one of a few safe characters, or any non-ASCII one. (The others may be indicators.)
fn plain_start(text: &str) -> bool {
    text.chars().next().is_some_and(|first| {
        first.is_ascii_alphanumeric() || matches!(first, '_' | '/' | '(' | '$') || !first.is_ascii()
    })
}

/// How a block scalar treats its final line breaks.
#[derive(Clone, Copy, PartialEq)]
enum Chomp {
    Strip,
    Clip,
    Keep,
}

/// One value as read: what a field holds, and where the parsers' own node for it ends (for
/// block scalars, past their trailing blank lines and the indentation of the line after them),
/// which is where a mapping ending with it ends.
struct Read {
    value: Value,
    span: Span,
    style: Option<ScalarStyle>,
    entries: Vec<Field>,
    end: usize,
}

impl Read {
    fn scalar(value: String, span: Span, style: ScalarStyle) -> Self {
        Self {
            value: Value::String(value),
            span,
            style: Some(style),
            entries: Vec::new(),
            end: span.end,
        }
    }
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    /// The start of the next line to read.
    pos: usize,
    place: &'a dyn Fn(Span) -> Span,
    /// Set, with the colon's offset, when the reader stops at a misplaced colon. Every caller
    /// passes a `None` straight up, so it is only read once the whole read has stopped.
    misplaced_colon: Option<usize>,
}

impl Reader<'_> {
    /// The entries of the block mapping whose keys start at column `indent`, from the current
    /// line to the first line indented less; and where the mapping ends.
    fn mapping(&mut self, indent: usize, depth: usize) -> Option<(Vec<Field>, usize)> {
        let mut fields: Vec<Field> = Vec::new();
        let mut end = self.pos;
        loop {
            self.skip_blank_lines();
            if self.pos == self.bytes.len() {
                break;
            }
            let at = self.indent(self.pos);
            if at < indent {
                break;
            }
            if at > indent {
                return None;
            }
            if fields.len() == MAX_ENTRIES {
                return None;
            }
            let (field, field_end) = self.entry(indent, depth, &fields)?;
            fields.push(field);
            end = field_end;
        }
        Some((fields, end))
    }

    /// The `key: value` entry whose key starts the current line at column `indent`, in a
    /// mapping whose entries so far are `before`.
    fn entry(&mut self, indent: usize, depth: usize, before: &[Field]) -> Option<(Field, usize)> {
        let bytes = self.bytes;
        let eol = self.line_end(self.pos);
        let key_start = self.pos + indent;
        let key_end = key_start + key_len(&bytes[key_start..eol])?;
        let key = &self.text[key_start..key_end];
        if bytes.get(key_end) != Some(&b':') || not_a_string(key) {
            return None;
        }
        // A duplicate is read differently by different readers: the parsers decide. Checked
        // before the value is read, as serde_yaml checks it: a duplicate key is its error even
        // when the value is not YAML.
        if before.iter().any(|f| f.key == key) {
            return None;
        }
        let after = key_end + 1;
        if after < eol && bytes[after] != b' ' {
            return None;
        }
        let v = skip_spaces(bytes, after);
        let read = if v == eol || bytes[v] == b'#' {
            self.pos = next_line(bytes, eol);
            self.below(indent, depth, key_end)?
        } else {
            match bytes[v] {
                b'\'' | b'"' => {
                    let (value, close) = quoted(self.text, v)?;
                    if !line_rest_blank(bytes, close) {
                        return None;
                    }
                    self.pos = next_line(bytes, eol);
                    let style = if bytes[v] == b'"' {
                        ScalarStyle::DoubleQuoted
                    } else {
                        ScalarStyle::SingleQuoted
                    };
                    // The parsers' span of a quoted scalar runs on over blanks and a comment.
                    Read::scalar(value, Span::new(v, eol), style)
                }
                b'|' | b'>' => self.block_scalar(indent, v, eol)?,
                b'[' => self.flow_sequence(indent, v)?,
                _ => {
                    let read = self.plain(v, eol)?;
                    self.pos = next_line(bytes, eol);
                    read
                }
            }
        };
        let field = Field {
            key: key.to_owned(),
            key_kind: ValueKind::String,
            key_span: (self.place)(Span::new(key_start, key_end)),
            value: read.value,
            value_span: (self.place)(read.span),
            style: read.style,
            entries: read.entries,
        };
        Some((field, read.end))
    }

    /// The value of a key with nothing after its colon, read from the lines below: a mapping
    /// indented more, a flow list, or else null (at the key's end, where the parsers put it).
    fn below(&mut self, indent: usize, depth: usize, key_end: usize) -> Option<Read> {
        self.skip_blank_lines();
        let line = self.pos;
        if line < self.bytes.len() {
            let at = self.indent(line);
            if at > indent {
                let start = line + at;
                if self.bytes[start] == b'[' {
                    return self.flow_sequence(indent, start);
                }
                if depth >= MAX_DEPTH {
                    return None;
                }
                let (entries, end) = self.mapping(at, depth + 1)?;
                let pairs = entries
                    .iter()
                    .map(|f| (Value::String(f.key.clone()), f.value.clone()))
                    .collect();
                return Some(Read {
                    value: Value::Mapping(pairs),
                    span: Span::new(start, end),
                    style: None,
                    entries,
                    end,
                });
            }
        }
        Some(Read {
            value: Value::Null,
            span: Span::new(key_end, key_end),
            style: Some(ScalarStyle::Plain),
            entries: Vec::new(),
            end: key_end,
        })
    }

    /// A one-line plain scalar from `v`, up to a comment or the end of the line. When a `:`
    /// followed by a space or the line's end comes first, records it as misplaced.
    fn plain(&mut self, v: usize, eol: usize) -> Option<Read> {
        let line = &self.text[v..eol];
        // A comment starts at the first `#` after a space.
        let comment = memchr::memchr_iter(b'#', line.as_bytes())
            .find(|&at| at > 0 && line.as_bytes()[at - 1] == b' ');
        let text = comment.map_or(line, |at| &line[..at - 1]);
        let colon = memchr::memchr_iter(b':', text.as_bytes())
            .find(|&i| matches!(text.as_bytes().get(i + 1), None | Some(b' ')));
        if let Some(colon) = colon {
            if plain_start(text) {
                self.misplaced_colon = Some(v + colon);
            }
            return None;
        }
        let text = text.trim_end_matches(' ');
        if !plain_string(text) {
            return None;
        }
        let span = Span::new(v, v + text.len());
        Some(Read::scalar(text.to_owned(), span, ScalarStyle::Plain))
    }

    /// A `|` or `>` block scalar whose indicator is at `v`, in a mapping at column `indent`.
    /// Its content lines all start at the same column, except that a literal one's may start
    /// further right.
    fn block_scalar(&mut self, indent: usize, v: usize, eol: usize) -> Option<Read> {
        let bytes = self.bytes;
        let folded = bytes[v] == b'>';
        let chomp = match bytes.get(v + 1) {
            Some(b'-') => Chomp::Strip,
            Some(b'+') => Chomp::Keep,
            _ => Chomp::Clip,
        };
        let header_end = v + 1 + usize::from(chomp != Chomp::Clip);
        if header_end != eol {
            return None;
        }
        let mut line = next_line(bytes, eol);
        if line == bytes.len() {
            return None;
        }
        let content = self.indent(line);
        if content <= indent || line + content == self.line_end(line) {
            return None;
        }
        let mut value = String::new();
        let mut last_end = None;
        let mut blank_lines = 0;
        while line < bytes.len() {
            let end = self.line_end(line);
            let at = self.indent(line);
            if line + at == end {
                if at > content {
                    return None;
                }
                blank_lines += 1;
                line = next_line(bytes, end);
                continue;
            }
            if at < content {
                if bytes[line + at] == b'#' {
                    return None;
                }
                break;
            }
            if at > content && folded {
                return None;
            }
            if last_end.is_some() {
                if folded && blank_lines == 0 {
                    value.push(' ');
                } else {
                    let breaks = blank_lines + usize::from(!folded);
                    value.extend(std::iter::repeat_n('\n', breaks));
                }
            }
            value.push_str(&self.text[line + content..end]);
            blank_lines = 0;
            last_end = Some(end);
            line = next_line(bytes, end);
        }
        let last_end = last_end?;
        let breaks = bytes[last_end..line]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        let kept = match chomp {
            Chomp::Strip => 0,
            Chomp::Clip => breaks.min(1),
            Chomp::Keep => breaks,
        };
        value.extend(std::iter::repeat_n('\n', kept));
        self.pos = line;
        let shown = self.text[v..last_end].trim_end().len();
        Some(Read {
            // The parsers' node ends past the next line's indentation.
            end: line + self.indent(line),
            ..Read::scalar(
                value,
                Span::new(v, v + shown),
                if folded {
                    ScalarStyle::Folded
                } else {
                    ScalarStyle::Literal
                },
            )
        })
    }

    /// A flow list of one-line scalars opened at `open`, in a mapping at column `indent`: items
    /// may sit on lines of their own, indented more than the mapping, and a comma may follow
    /// the last.
    fn flow_sequence(&mut self, indent: usize, open: usize) -> Option<Read> {
        let bytes = self.bytes;
        let mut items = Vec::new();
        let mut i = open + 1;
        let close = loop {
            i = self.flow_gap(i, indent)?;
            if bytes[i] == b']' {
                break i;
            }
            let (item, after) = self.flow_item(i)?;
            items.push(Value::String(item));
            i = skip_spaces(bytes, after);
            match bytes.get(i) {
                Some(b',') => i += 1,
                Some(b']') => break i,
                _ => return None,
            }
        };
        if !line_rest_blank(bytes, close + 1) {
            return None;
        }
        // As for a quoted scalar, the parsers' span runs on over blanks and a comment.
        let end = self.line_end(close);
        self.pos = next_line(bytes, end);
        Some(Read {
            value: Value::Sequence(items),
            span: Span::new(open, end),
            style: None,
            entries: Vec::new(),
            end,
        })
    }

    /// The offset of the next token in a flow list from `i`, past spaces and line breaks; the
    /// lines it moves to must be indented more than `indent` and not be blank.
    fn flow_gap(&self, mut i: usize, indent: usize) -> Option<usize> {
        loop {
            i = skip_spaces(self.bytes, i);
            match self.bytes.get(i)? {
                b'\n' => {
                    i += 1;
                    let at = self.indent(i);
                    if at <= indent {
                        return None;
                    }
                    i += at;
                    if matches!(self.bytes.get(i), None | Some(b'\n')) {
                        return None;
                    }
                }
                b'#' => return None,
                _ => return Some(i),
            }
        }
    }

    /// One item of a flow list at `i`: a quoted string, or a plain one without flow indicators,
    /// colons or comments, on one line; and the offset after it.
    fn flow_item(&self, i: usize) -> Option<(String, usize)> {
        if matches!(self.bytes[i], b'\'' | b'"') {
            return quoted(self.text, i);
        }
        let len = self.bytes[i..]
            .iter()
            .position(|&b| matches!(b, b',' | b']' | b'\n' | b'[' | b'{' | b'}' | b'#' | b':'))?;
        if !matches!(self.bytes[i + len], b',' | b']') {
            return None;
        }
        let text = self.text[i..i + len].trim_end_matches(' ');
        // A `-` just before a `,` or `]` is an error for some parsers.
        if !plain_string(text) || text.ends_with('-') {
            return None;
        }
        Some((text.to_owned(), i + text.len()))
    }

    /// Moves past blank lines and comment lines.
    fn skip_blank_lines(&mut self) {
        while self.pos < self.bytes.len() {
            let start = self.pos + self.indent(self.pos);
            if !matches!(self.bytes.get(start), None | Some(b'\n' | b'#')) {
                break;
            }
            self.pos = next_line(self.bytes, self.line_end(self.pos));
        }
    }

    /// How many spaces start the line at `line`.
    fn indent(&self, line: usize) -> usize {
        skip_spaces(self.bytes, line) - line
    }

    /// The end of the line holding `i`, before its `\n`.
    fn line_end(&self, i: usize) -> usize {
        memchr::memchr(b'\n', &self.bytes[i..]).map_or(self.bytes.len(), |at| i + at)
    }
}

/// The length of the plain key that starts `line` (`[A-Za-z_][A-Za-z0-9_-]*`, at most
/// [`MAX_KEY`] bytes).
fn key_len(line: &[u8]) -> Option<usize> {
    let first = *line.first()?;
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    let len = line
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_' || b == b'-'))
        .unwrap_or(line.len());
    (len <= MAX_KEY).then_some(len)
}

/// A one-line quoted string opened at `open` (single quotes with `''` for a quote; double
/// quotes with the escapes `\"`, `\\`, `\/`, `\n` and `\t`): its value and the offset after
/// its closing quote.
fn quoted(text: &str, open: usize) -> Option<(String, usize)> {
    let bytes = text.as_bytes();
    let quote = bytes[open];
    let mut value = String::new();
    let mut run = open + 1;
    let mut i = run;
    loop {
        match *bytes.get(i)? {
            b'\n' => return None,
            b'\'' if quote == b'\'' => {
                value.push_str(&text[run..i]);
                if bytes.get(i + 1) != Some(&b'\'') {
                    return Some((value, i + 1));
                }
                value.push('\'');
                i += 2;
                run = i;
            }
            b'"' if quote == b'"' => {
                value.push_str(&text[run..i]);
                return Some((value, i + 1));
            }
            b'\\' if quote == b'"' => {
                value.push_str(&text[run..i]);
                value.push(match bytes.get(i + 1)? {
                    b'"' => '"',
                    b'\\' => '\\',
                    b'/' => '/',
                    b'n' => '\n',
                    b't' => '\t',
                    _ => return None,
                });
                i += 2;
                run = i;
            }
            _ => i += 1,
        }
    }
}

/// Whether the line from `i` on holds nothing but spaces and a comment (which must follow a
/// space).
fn line_rest_blank(bytes: &[u8], i: usize) -> bool {
    let j = skip_spaces(bytes, i);
    match bytes.get(j) {
        None | Some(b'\n') => true,
        Some(b'#') => j > i,
        Some(_) => false,
    }
}

fn skip_spaces(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    i
}

/// The start of the line after the one ending at `eol` (the end of the text after the last).
fn next_line(bytes: &[u8], eol: usize) -> usize {
    (eol + 1).min(bytes.len())
}

#[cfg(test)]
mod tests {
    use super::super::{Ctx, Yaml, YamlError, parse};
    use super::{Block, MISPLACED_COLON, read};
    use crate::sequence::Sequence;
    use crate::source::{Source, Span};

    /// This reader's answer for `yaml`, a block at `base` in the text of `source`, and the
    /// parsers'.
    fn both(source: &Source, base: usize, yaml: &str) -> (Option<Yaml>, Yaml) {
        let ctx = Ctx::new(yaml, base, source);
        let fast = read(yaml, &|span| ctx.file_span(span)).map(|block| match block {
            Block::Mapping(fields) => Yaml::Mapping(fields),
            Block::MisplacedColon(at) => Yaml::Invalid(YamlError {
                reason: MISPLACED_COLON.to_owned(),
                offset: ctx.file_span(Span::new(at, at)).start,
                limit: None,
            }),
        });
        (fast, ctx.parsed())
    }

    /// Whether this reader finds `yaml` invalid on its own, after checking that the parsers
    /// fail on it with the same message at the same place.
    fn refused(yaml: &str) -> bool {
        let (fast, parsed) = both(&Source::new(yaml.as_bytes().to_vec()), 0, yaml);
        if let Some(fast) = &fast {
            assert_eq!(*fast, parsed, "{yaml:?}");
        }
        matches!(fast, Some(Yaml::Invalid(_)))
    }

    /// Whether this reader takes `yaml` on its own, after checking that it then agrees with the
    /// parsers.
    fn taken(yaml: &str) -> bool {
        let (fast, parsed) = both(&Source::new(yaml.as_bytes().to_vec()), 0, yaml);
        if let Some(fast) = &fast {
            assert_eq!(*fast, parsed, "{yaml:?}");
        }
        fast.is_some()
    }

    #[test]
    fn reads_the_common_shapes_as_the_parsers_do() {
        for yaml in [
            "name: a\ndescription: Does things. Use when asked.\n",
            "name: a\ndescription: Does things.",
            "\n\nname: a\n\n# note\ndescription: d   \n\n",
            "name: a # the name\ndescription: x#y, [z] {w} a-b a:b c > d | e\n",
            "name: 'it''s'\ndescription: \"say \\\"hi\\\" \\\\ \\/ \\n \\t\"  # c\n",
            "name: ''\ndescription: \"\"\n",
            "name: a\ndescription: |\n  line one\n    indented\n\n  after a blank\n",
            "name: a\ndescription: >-\n  folded\n  text\n\n  paragraph\n\n\nlicense: MIT\n",
            "description: |+\n  kept\n\n\n",
            "description: >+\n  kept\n  ",
            "description: |\n  no final break",
            "description: >\n  trailing spaces  \n  kept\n",
            "metadata:\n  author: me\n  tags: [a, 'b c', \"d\",]\n  nested:\n    deeper: x\n",
            "metadata:\n  changelog: >-\n    one\n    two\n\nname: a\n",
            "metadata:\n  n:\n    a: |\n      x\n  b: c\n",
            "metadata:\n\n  # comment\n  a: b\n",
            "labels:\n  [a, b]\nkeywords:\n  [\n    one,\n    two words,\n  ]\n",
            "empty:\nalso-empty:   # c\nlist: []\n",
            "version: 2.1.0\nname: _x\npath: /a/b\nnote: (x)\nvar: $HOME\n",
            "name: caf\u{e9}\ndescription: \u{a0}non-ASCII \u{1F600}\u{a0}\n",
            "description: >-\n  caf\u{e9}\u{3000}\n",
        ] {
            assert!(taken(yaml), "declined {yaml:?}");
        }
    }

    #[test]
    fn declines_what_it_does_not_model() {
        for yaml in [
            "",
            "# only a comment\n",
            "just text\n",
            "- a\n- b\n",
            "name: a\nname: b\n",
            "name: 12\n",
            "name: 1.0\n",
            "name: -x\n",
            "name: .inf\n",
            "name: true\n",
            "name: Null\n",
            "true: x\n",
            "name: ~\n",
            "name: a\n  continued\n",
            "name: 'a\n  b'\n",
            "name: \"a\\x41\"\n",
            "name: `x`\n",
            "\"name\": a\n",
            "name : a\n",
            "name:a\n",
            "name: a\r\n",
            "name: a\tb\n",
            "\u{FEFF}name: a\n",
            "name: a\u{2028}b\n",
            "name: a\u{85}b\n",
            "name: a\u{7f}\n",
            "name: &x a\n",
            "name: !t a\n",
            "name: *x\n",
            "name: {a: b}\n",
            "name: [a, [b]]\n",
            "name: [a: b]\n",
            "name: [a\n  , b]\n",
            "name: [1, 2]\n",
            "name: [,]\n",
            "name: [a] x\n",
            "name: 'a' x\n",
            "name: 'a'# c\n",
            "list:\n  - a\n",
            "list:\n- a\n",
            "name: |2\n   x\n",
            "name: | # c\n  x\n",
            "name: |\n\n  x\n",
            "name: |\n  x\n  # in the block\n# after it\n",
            "name: >\n  x\n    more\n",
            "name: |\n  x\n     \n",
            "name: |\n",
            "---\nname: a\n",
            "name: a\n...\n",
            "  name: a\n",
            "metadata:\n  a: b\n c: d\n",
            "metadata:\n    a: b\n  c: d\n",
            "a:\n b:\n  c:\n   d:\n    e:\n     f:\n      g:\n       h:\n        i:\n         j: x\n",
        ] {
            assert!(!taken(yaml), "took {yaml:?}");
        }
        assert!(!taken(&format!("{}: x\n", "k".repeat(129))));
        let many = |n: usize| (0..n).map(|i| format!("k{i}: x\n")).collect::<String>();
        assert!(taken(&many(64)));
        assert!(!taken(&many(65)));
    }

    #[test]
    fn finds_a_misplaced_colon_where_the_parsers_fail() {
        for yaml in [
            "name: x\ndescription: Foo bar: Use when\n",
            "name: x\ndescription: Foo bar:\n",
            "name: x\ndescription: Foo bar:",
            "name: x\ndescription: Foo bar:  \n",
            "name: x\ndescription: Foo: bar # c\n",
            "name: x\ndescription: Foo bar: # c\n",
            "name: x\ndescription: Foo :bar: c\n",
            "name: x\ndescription: Foo bar:: c\n",
            "name: x\ndescription: b:c#: d\n",
            "name: x\ndescription: caf\u{e9} \u{1F600}: c\n",
            "name: x\ndescription: 1.2: x\n",
            "name: x\ndescription: null: x\n",
            "name: x\ndescription: (x) /y $z: w\n",
            "metadata:\n  a: b: c\n",
            "metadata:\n  a: x\n  b: y\nn: c: d\n",
            "a: |\n  x: y\nb: c: d\n",
            "a: [x, y]\nb: c: d\n",
            "a: 'q'\nb: c: d\n",
            // What follows the colon is never read: the parsers stop there.
            "name: x\ndescription: Foo bar: Use when\n  more: text\n",
            "name: x\ndescription: Foo bar: Use when\nname: y\n",
            "name: x\ndescription: Foo bar: Use when\n- [\n",
            "name: x\ndescription: Foo bar: Use when\n  - x\n",
        ] {
            assert!(refused(yaml), "did not find {yaml:?} invalid");
        }
        // Not a misplaced colon, or one after something the parsers see first: a duplicate key
        // (serde_yaml's error), an indicator that starts the value, an entry not read here.
        for yaml in [
            "name: x\ndescription: Foo bar #: c\n",
            "name: x\ndescription: Foo:bar\n",
            "name: x\ndescription: b :c\n",
            "a: x\na: b: c\n",
            "m: 1\nm:\n  a: b: c\n",
            "m:\n  a: x\n  a: b: c\n",
            "name: x\ndescription: -x: y\n",
            "name: x\ndescription: ~: y\n",
            "name: x\ndescription: &a b: c\n",
            "name: x\ndescription: `b`: c\n",
            "name: 12\ndescription: b: c\n",
            "name: x\n  description: Foo bar: Use when\n",
            "a:\n  b: c\n d: e: f\n",
            "name: a\tb\ndescription: b: c\n",
        ] {
            assert!(!refused(yaml), "found {yaml:?} invalid");
        }
    }

    #[test]
    fn places_spans_in_the_file() {
        // A BOM, invalid UTF-8 inside the block and after it: text offsets are not file offsets.
        for bytes in [
            &b"\xEF\xBB\xBF---\nname: a\ndescription: >-\n  x\n---\r\nbody \xFF\n"[..],
            b"---\nname: a\xFF\xFEb\ndescription: 'c\xC3'\nmetadata:\n  k: [\xFF, v]\n---\n",
        ] {
            let source = Source::new(bytes.to_vec());
            let text = source.text();
            let start = text.find("---\n").unwrap() + 4;
            let yaml = &text[start..start + text[start..].find("---").unwrap()];
            let (fast, parsed) = both(&source, start, yaml);
            assert_eq!(fast.as_ref(), Some(&parsed), "{yaml:?}");
            let fm = parse(&source).frontmatter().cloned().unwrap();
            assert_eq!(fm.content, parsed);
        }
    }

    #[test]
    fn agrees_with_the_parsers_on_generated_blocks() {
        // Entries of the shapes read here; `K` is a key and `V` a one-line value.
        const ENTRIES: [&str; 22] = [
            "K: V",
            "K: V",
            "K: V",
            "K:  V  # c",
            "K:",
            "K: |\n  V\n  V",
            "K: >-\n  V\n\n  V\n",
            "K: |+\n  V\n    V\n\n",
            "K: >\n   V\n   V",
            "K: |-\n  V\n  \n  V",
            "K:\n  K: V\n  K: V",
            "K:\n  K:\n    K: V\n  K: [V, V]",
            "K:\n  K: >\n    V\n",
            "K:\n    K: V\n\n    K: |\n      V\n",
            "K: [V, 'V', \"V\",]",
            "K:\n  [\n    V,\n    V,\n  ]",
            "K:\n  [V, V]",
            "K: []",
            "# comment",
            "  # comment",
            "",
            "   ",
        ];
        const KEYS: [&str; 12] = [
            "name",
            "description",
            "metadata",
            "license",
            "a_b",
            "x-y",
            "k",
            "_z",
            "tags",
            "when",
            "a1",
            "Name",
        ];
        const VALUES: [&str; 16] = [
            "Use when: asked",
            "ends:",
            "word",
            "two words",
            "a#b [c] {d} e:f",
            "'s'",
            "'it''s'",
            "\"d\"",
            "\"a\\\"b\\\\c\\n\"",
            "2.1.0",
            "x\u{a0}",
            "caf\u{e9} \u{1F600}",
            "(x) /y $z",
            "x  ",
            "\"\"",
            "''",
        ];
        // What may be put anywhere into such a block.
        const ODD: [&str; 42] = [
            "\n", " ", "  ", "\t", "\r", "\r\n", ":", ": ", " #", "#", "'", "\"", "\\", "-", "- ",
            " -", "? ", "%", "@", "[", "]", ",", "{", "&a ", "*a", "!t ", "|", ">", "12", "1.0",
            "null", "true", "~", "`", "---\n", "...", "\u{FEFF}", "\u{2028}", "\u{85}", "\u{3000}",
            "\u{a0}", "\u{FFFD}",
        ];
        const BREAKS: [&str; 3] = ["\n", "\n", ""];
        let mut seq = Sequence::new(0x9E37_79B9_7F4A_7C15);
        let (mut fast, mut invalid, mut total) = (0, 0, 0);
        for _ in 0..6000 {
            let mut yaml = String::new();
            for _ in 0..1 + seq.below(6) {
                for c in ENTRIES[seq.below(ENTRIES.len())].chars() {
                    match c {
                        'K' => yaml.push_str(KEYS[seq.below(KEYS.len())]),
                        'V' => yaml.push_str(VALUES[seq.below(VALUES.len())]),
                        c => yaml.push(c),
                    }
                }
                yaml.push('\n');
            }
            yaml.pop();
            yaml.push_str(BREAKS[seq.below(BREAKS.len())]);
            for _ in 0..seq.below(3) {
                let mut at = seq.below(yaml.len() + 1);
                while !yaml.is_char_boundary(at) {
                    at -= 1;
                }
                yaml.insert_str(at, ODD[seq.below(ODD.len())]);
            }
            total += 1;
            fast += usize::from(taken(&yaml));
            invalid += usize::from(refused(&yaml));
        }
        assert!(
            fast > total / 10 && fast < total * 3 / 4 && invalid > total / 20,
            "{fast} ({invalid} invalid) of {total}"
        );
    }

    /// The offset in `source`'s text of the byte at `offset` in the file (they differ after
    /// invalid UTF-8).
    fn text_offset(source: &Source, offset: usize) -> Option<usize> {
        let text = source.text();
        (0..=text.len()).find(|&t| text.is_char_boundary(t) && source.file_offset(t) == offset)
    }

    /// The fixtures' frontmatter, and the shared corpus of real skills' when it is there.
    #[test]
    fn agrees_with_the_parsers_on_the_fixtures_and_the_corpus() {
        let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for (dir, at_least) in [("fixtures", 400), ("../shared/corpus", 150)] {
            let files = crate::rules::context::testing::files_under(&repo.join(dir), |path| {
                path.file_name()
                    .is_some_and(|n| n.eq_ignore_ascii_case("SKILL.md"))
            });
            if files.is_empty() {
                continue;
            }
            let mut fast = 0;
            for (path, bytes) in &files {
                let source = Source::new(bytes.clone());
                let Some(fm) = parse(&source).frontmatter().cloned() else {
                    continue;
                };
                let (Some(start), Some(end)) = (
                    text_offset(&source, fm.yaml.start),
                    text_offset(&source, fm.yaml.end),
                ) else {
                    continue;
                };
                let yaml = &source.text()[start..end];
                if let (Some(read), parsed) = both(&source, start, yaml) {
                    assert_eq!(read, parsed, "{}", path.display());
                    assert_eq!(fm.content, read, "{}", path.display());
                    fast += 1;
                }
            }
            assert!(
                fast >= at_least,
                "{dir}: {fast} of {} read here",
                files.len()
            );
        }
    }
}
