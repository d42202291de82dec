//! Splitting a `SKILL.md` into frontmatter and body, and reading the YAML with byte spans.
//!
//! The only module that calls a YAML parser. The split is by *lines*: the first line must be
//! `---` and the next line that is `---` closes the block (trailing spaces or tabs allowed, as
//! the reference validator and Codex allow them; a `---` later in the
//! file is body). `\n`, `\r\n` and a lone `\r` all end a line, as in the runtimes that read files
//! with universal newlines; the encoding facts say which endings the file used.
//!
//! Values, types and syntax errors come from `serde_yaml` (the parser Codex uses). Positions come
//! from a second, event-level pass with `saphyr-parser`, which reports where every key and value
//! starts and ends; serde_yaml gives no such spans. When the two passes disagree on the shape of
//! the document the spans fall back to the whole YAML block, so a diagnostic is never misplaced.
//!
//! Blocks of the plain shape most frontmatter has (one-line strings, block scalars, nested
//! mappings, flow lists of strings) are read by hand instead ([`simple`]), with exactly the
//! result of the two passes, at a small fraction of their cost; debug builds check every such
//! reading against the parsers.

use std::fmt;

use serde::Serialize;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::source::{Source, Span, lines};

mod simple;

/// The frontmatter/body split of one file, with every span a byte range in the file.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub frontmatter: FrontmatterState,
    /// The Markdown after the closing delimiter line, untrimmed. Without a closed frontmatter it
    /// is everything after the BOM (missing) or after the opening line (unclosed).
    pub body: Span,
}

/// What the top of the file holds.
#[derive(Debug, Clone, PartialEq)]
pub enum FrontmatterState {
    /// The first line is not a `---` delimiter. `first_line` is that line; `later_delimiter` is
    /// the first later delimiter line, if any (frontmatter not at line 1).
    Missing {
        first_line: Span,
        later_delimiter: Option<Span>,
    },
    /// An opening `---` with no closing line.
    Unclosed {
        open: Span,
    },
    Present(Frontmatter),
}

/// A closed frontmatter block.
#[derive(Debug, Clone, PartialEq)]
pub struct Frontmatter {
    /// The opening and closing delimiter lines (without their line terminators).
    pub open: Span,
    pub close: Span,
    /// The YAML text between the delimiter lines.
    pub yaml: Span,
    pub content: Yaml,
    /// Whether the YAML has the plain shape that is read without a parser (see
    /// [`simple_flow_lists`]).
    pub plain: bool,
}

/// The YAML inside the delimiters.
#[derive(Debug, Clone, PartialEq)]
pub enum Yaml {
    /// A mapping: every top-level entry in document order, duplicates included.
    Mapping(Vec<Field>),
    /// Valid YAML that is not a mapping (empty or comment-only frontmatter is `Null`).
    NotMapping(ValueKind),
    Invalid(YamlError),
}

/// A YAML syntax error. `offset` is a byte offset in the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct YamlError {
    /// The parser's reason, without its own position suffix.
    pub reason: String,
    pub offset: usize,
    /// Set when the YAML was not given to a parser at all: it is over a limit of ours.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<YamlLimit>,
}

/// The limits that keep parsing linear: checked by [`prescan`] before a YAML parser sees the
/// text. (The YAML scanners spend time proportional to the nesting depth on every token, so
/// unbounded flow nesting makes them quadratic: 40 000 `[` took seconds.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum YamlLimit {
    /// The YAML block is larger than [`MAX_YAML_BYTES`].
    Size,
    /// Flow collections (`[`, `{`) may nest deeper than [`MAX_FLOW_DEPTH`].
    Depth,
}

/// The largest frontmatter YAML block parsed (1 MiB; real frontmatter is a few kB).
pub const MAX_YAML_BYTES: usize = 1 << 20;
/// The deepest flow nesting parsed: serde_yaml's own recursion limit.
pub const MAX_FLOW_DEPTH: usize = 128;

/// Checks `yaml` against the limits in one linear pass, before any parser sees it. Returns the
/// limit broken and the offset (in `yaml`) where it was.
///
/// The depth is an upper bound that needs no parsing: every `[` and `{` counts as an opening,
/// and a closing `]` or `}` is only taken off when the text between it and the opening just
/// before it is *simple* — plain words, quoted strings where a token must start, `,` `:` `?` and
/// blanks on one line — so that, if that opening is real, this is its real closing for any YAML
/// scanner. (Brackets in quoted strings, comments and plain text only ever raise the bound.)
pub fn prescan(yaml: &str) -> Result<(), (YamlLimit, usize)> {
    if yaml.len() > MAX_YAML_BYTES {
        return Err((YamlLimit::Size, MAX_YAML_BYTES));
    }
    let bytes = yaml.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    // Only the openings count, and most blocks have none: they are searched for.
    while let Some(found) = memchr::memchr2(b'[', b'{', &bytes[i..]) {
        i += found;
        depth += 1;
        if depth > MAX_FLOW_DEPTH {
            return Err((YamlLimit::Depth, i));
        }
        match simple_collection(bytes, i) {
            Some(close) => {
                depth -= 1;
                i = close + 1;
            }
            None => i += 1,
        }
    }
    Ok(())
}

/// The offset of the `]` or `}` that closes the flow collection opened at `open`, when the text
/// between them is simple (see [`prescan`]); `None` otherwise.
fn simple_collection(bytes: &[u8], open: usize) -> Option<usize> {
    // Where a token may start: a quote here opens a quoted string for every YAML scanner.
    let mut token_start = true;
    // Just after a quoted string: a `:` here is an indicator even without a blank after it.
    let mut after_quoted = false;
    let mut i = open + 1;
    while let Some(&b) = bytes.get(i) {
        match b {
            b']' | b'}' => return Some(i),
            b' ' | b'\t' => {
                i += 1;
                continue;
            }
            b',' => token_start = true,
            b':' | b'?' => {
                let blank_after = matches!(bytes.get(i + 1), Some(b' ' | b'\t'));
                if blank_after || after_quoted {
                    token_start = true;
                } else if token_start {
                    return None; // `:x` or `?x` starting a token: leave it to the parser
                } else {
                    // part of a plain word (`a:b`)
                }
            }
            b'"' | b'\'' if token_start => {
                i = quoted_end(bytes, i)?;
                token_start = false;
                after_quoted = true;
                i += 1;
                continue;
            }
            b'"' | b'\'' | b'[' | b'{' | b'#' | b'!' | b'&' | b'*' | b'|' | b'>' | b'%' | b'@'
            | b'`' | b'\\' | b'\n' | b'\r' => return None,
            _ => token_start = false,
        }
        after_quoted = false;
        i += 1;
    }
    None
}

/// The offset of the quote that closes the one-line quoted string opened at `open`.
fn quoted_end(bytes: &[u8], open: usize) -> Option<usize> {
    let quote = bytes[open];
    let mut i = open + 1;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\n' | b'\r' => return None,
            b'\\' if quote == b'"' => i += 2,
            b'\'' if quote == b'\'' && bytes.get(i + 1) == Some(&b'\'') => i += 2,
            _ if b == quote => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// One mapping entry: key, value, their spans, and (for mapping values) its own entries.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// The key as text (non-string keys are rendered: `123`, `true`, `null`).
    pub key: String,
    pub key_kind: ValueKind,
    pub key_span: Span,
    pub value: Value,
    pub value_span: Span,
    /// How a scalar value was written; `None` for collections and aliases.
    pub style: Option<ScalarStyle>,
    /// The entries of a mapping value (such as `metadata`), with their own spans.
    pub entries: Vec<Field>,
}

impl Field {
    pub fn kind(&self) -> ValueKind {
        self.value.kind()
    }

    /// The value when it is a YAML string.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
}

/// A YAML value, as serde_yaml resolves it (YAML 1.2 core schema: `true` is a bool, `12` a
/// number, `~` and an empty value are null).
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    /// The number as serde_yaml prints it.
    Number(String),
    String(String),
    Sequence(Vec<Value>),
    Mapping(Vec<(Value, Value)>),
    /// A value with an explicit tag such as `!foo` (the tag includes its `!`).
    Tagged(String, Box<Value>),
}

/// The YAML type of a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ValueKind {
    String,
    Number,
    Bool,
    Null,
    Sequence,
    Mapping,
    Tagged,
}

impl fmt::Display for ValueKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::String => "string",
            Self::Number => "number",
            Self::Bool => "boolean",
            Self::Null => "null",
            Self::Sequence => "sequence",
            Self::Mapping => "mapping",
            Self::Tagged => "tagged value",
        })
    }
}

/// How a scalar is written in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScalarStyle {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    /// `|` block scalar.
    Literal,
    /// `>` block scalar.
    Folded,
}

impl Value {
    pub fn kind(&self) -> ValueKind {
        match self {
            Self::Null => ValueKind::Null,
            Self::Bool(_) => ValueKind::Bool,
            Self::Number(_) => ValueKind::Number,
            Self::String(_) => ValueKind::String,
            Self::Sequence(_) => ValueKind::Sequence,
            Self::Mapping(_) => ValueKind::Mapping,
            Self::Tagged(..) => ValueKind::Tagged,
        }
    }

    /// The value as a short text: scalars as the parser resolved them (`0x1F` is `31`),
    /// collections by kind.
    pub fn render(&self) -> String {
        match self {
            Self::Null => "null".to_owned(),
            Self::Bool(b) => b.to_string(),
            Self::Number(n) | Self::String(n) => n.clone(),
            Self::Tagged(tag, inner) => format!("{tag} {}", inner.render()),
            Self::Sequence(_) | Self::Mapping(_) => self.kind().to_string(),
        }
    }
}

impl Frontmatter {
    /// The top-level entries, or nothing when the YAML is invalid or not a mapping.
    pub fn fields(&self) -> &[Field] {
        match &self.content {
            Yaml::Mapping(fields) => fields,
            _ => &[],
        }
    }

    /// The entry for `key`. With duplicate keys the last one wins, as in PyYAML; most other
    /// parsers reject the file (see [`Frontmatter::duplicate_keys`]).
    pub fn get(&self, key: &str) -> Option<&Field> {
        self.fields()
            .iter()
            .rev()
            .find(|f| f.key == key && f.key_kind == ValueKind::String)
    }

    /// Every entry whose key already appeared earlier, with the first occurrence.
    pub fn duplicate_keys(&self) -> Vec<(&Field, &Field)> {
        let mut first: crate::hash::HashMap<(&str, ValueKind), &Field> =
            crate::hash::HashMap::default();
        let mut out = Vec::new();
        for f in self.fields() {
            match first.entry((f.key.as_str(), f.key_kind)) {
                std::collections::hash_map::Entry::Occupied(e) => out.push((*e.get(), f)),
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(f);
                }
            }
        }
        out
    }
}

impl Document {
    pub fn frontmatter(&self) -> Option<&Frontmatter> {
        match &self.frontmatter {
            FrontmatterState::Present(fm) => Some(fm),
            _ => None,
        }
    }
}

/// Splits and parses a source. Never panics, whatever the bytes.
/// A delimiter line: `---`, perhaps followed by spaces or tabs (which the reference validator
/// and Codex accept; the lint rules warn about them).
fn is_delimiter(line: &str) -> bool {
    line.trim_end_matches([' ', '\t']) == "---"
}

pub fn parse(source: &Source) -> Document {
    let text = source.text();
    let start = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
    let mut iter = lines(&text[start..])
        .map(|(line, content, full)| (line, content.shifted(start), full.shifted(start)));
    let file_span = |s: Span| source.file_span(s);
    let end = Span::new(text.len(), text.len());

    let Some((first, first_content, first_full)) = iter.next() else {
        return Document {
            frontmatter: FrontmatterState::Missing {
                first_line: file_span(Span::new(start, start)),
                later_delimiter: None,
            },
            body: file_span(Span::new(start, text.len())),
        };
    };
    if !is_delimiter(first) {
        let later = iter
            .find(|(line, ..)| is_delimiter(line))
            .map(|(_, c, _)| c);
        return Document {
            frontmatter: FrontmatterState::Missing {
                first_line: file_span(first_content),
                later_delimiter: later.map(file_span),
            },
            body: file_span(Span::new(start, text.len())),
        };
    }
    let yaml_start = first_full.end;
    let Some((_, close_content, close_full)) = iter.find(|(line, ..)| is_delimiter(line)) else {
        return Document {
            frontmatter: FrontmatterState::Unclosed {
                open: file_span(first_content),
            },
            body: file_span(Span::new(yaml_start, end.end)),
        };
    };
    let yaml = Span::new(yaml_start, close_content.start);
    let (content, plain) = parse_yaml(&text[yaml.start..yaml.end], yaml.start, source);
    Document {
        frontmatter: FrontmatterState::Present(Frontmatter {
            open: file_span(first_content),
            close: file_span(close_content),
            yaml: file_span(yaml),
            content,
            plain,
        }),
        body: file_span(Span::new(close_full.end, text.len())),
    }
}

/// Where each flow list (`[…]`) opens in `yaml`, in order, when the block has the plain shape
/// that is read without a parser: then it holds no other flow collection, anchor, alias or tag.
/// `None` for any other block.
pub(crate) fn simple_flow_lists(yaml: &str) -> Option<Vec<usize>> {
    let simple::Block::Mapping(fields) = simple::read(yaml, &|span| span)? else {
        return None;
    };
    let mut out = Vec::new();
    flow_lists(&fields, &mut out);
    Some(out)
}

/// Where the sequences among `fields` (at any depth) start, in order.
fn flow_lists(fields: &[Field], out: &mut Vec<usize>) {
    for field in fields {
        if matches!(field.value, Value::Sequence(_)) {
            out.push(field.value_span.start);
        }
        flow_lists(&field.entries, out);
    }
}

/// [`simple_flow_lists`] of `yaml`, a block a runtime cut out of the file `source` whose
/// frontmatter `fm` [`parse`] already read, or `None` where that is `Some` but the block's
/// constructs must still be found by the parser. When `yaml` is `fm`'s block, that block after
/// one line break, or without its last one, the answer comes from `fm`: its entries' lists when
/// it had the plain shape (a line break before or after the block adds no construct), else
/// `None` without another try.
pub(crate) fn flow_lists_in(source: &Source, fm: &Frontmatter, yaml: &str) -> Option<Vec<usize>> {
    let Some((cut, _)) = cut_of(source, fm, yaml) else {
        return simple_flow_lists(yaml);
    };
    if !fm.plain {
        return None;
    }
    let lead = usize::from(cut == Cut::AfterBreak);
    let mut out = Vec::new();
    flow_lists(fm.fields(), &mut out);
    out.iter_mut()
        .for_each(|at| *at = *at - fm.yaml.start + lead);
    debug_assert_eq!(Some(&out), simple_flow_lists(yaml).as_ref(), "{yaml:?}");
    Some(out)
}

/// Parses YAML text on its own (for runtimes that find their frontmatter differently); the spans
/// of the result are byte ranges in `yaml`.
///
/// The last few results are remembered per thread: the runtimes' readers of one skill cut the
/// same block out of the file more often than not, and its effects are judged by every reader
/// on two versions of the file, one after the other.
pub fn parse_standalone(yaml: &str) -> Yaml {
    /// How many blocks are remembered, and the largest one remembered.
    const RECENT: usize = 8;
    const MAX_REMEMBERED: usize = 64 * 1024;
    thread_local! {
        static PARSED: std::cell::RefCell<std::collections::VecDeque<(Box<str>, Yaml)>> =
            const { std::cell::RefCell::new(std::collections::VecDeque::new()) };
    }
    let known = PARSED.with(|p| {
        p.borrow()
            .iter()
            .find(|(text, _)| **text == *yaml)
            .map(|(_, parsed)| parsed.clone())
    });
    if let Some(parsed) = known {
        return parsed;
    }
    let (parsed, _) = parse_yaml(yaml, 0, &Source::new(yaml.as_bytes().to_vec()));
    if yaml.len() <= MAX_REMEMBERED {
        PARSED.with(|p| {
            let mut p = p.borrow_mut();
            if p.len() == RECENT {
                p.pop_back();
            }
            p.push_front((yaml.into(), parsed.clone()));
        });
    }
    parsed
}

/// [`parse_standalone`] of `yaml`, a block a runtime cut out of the file `source` whose
/// frontmatter `fm` [`parse`] already read. The answer is taken from `fm`, with its spans moved,
/// when `yaml` is that same block; or, when the block is a mapping whose entries the event pass
/// placed, the block with one line break before it (and a first line that starts with a letter
/// or digit) or without its last line break (when no `|` or `>` is anywhere, or the last value
/// is one that line break is not part of): YAML reads a line break before the first token or
/// after the last one as nothing. Anything else is parsed.
pub fn parse_block(source: &Source, fm: &Frontmatter, yaml: &str) -> Yaml {
    let answer = reuse(source, fm, yaml).unwrap_or_else(|| parse_standalone(yaml));
    debug_assert_eq!(answer, parse_standalone(yaml), "{yaml:?}");
    answer
}

/// How a runtime's cut of a file relates to the block of its frontmatter `fm`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cut {
    /// The block itself.
    Same,
    /// The block with one line break before it.
    AfterBreak,
    /// The block without its last line break.
    WithoutLastBreak,
}

/// How `yaml` is cut from `fm`'s block in `source`, and that block; `None` when it is another
/// text, or the file has bytes that are not UTF-8 (offsets in the text are offsets in the file
/// only without replacement characters).
fn cut_of<'s>(source: &'s Source, fm: &Frontmatter, yaml: &str) -> Option<(Cut, &'s str)> {
    if source.encoding().invalid_utf8.is_some() {
        return None;
    }
    let block = source.text().get(fm.yaml.start..fm.yaml.end)?;
    let cut = if yaml == block {
        Cut::Same
    } else if yaml.strip_prefix('\n') == Some(block) {
        Cut::AfterBreak
    } else if block.strip_suffix('\n') == Some(yaml) {
        Cut::WithoutLastBreak
    } else {
        return None;
    };
    Some((cut, block))
}

/// `fm`'s content as [`parse_block`] may reuse it for `yaml`, when it may.
fn reuse(source: &Source, fm: &Frontmatter, yaml: &str) -> Option<Yaml> {
    let (cut, block) = cut_of(source, fm, yaml)?;
    if cut == Cut::Same {
        return fm.content.moved(fm.yaml.start, 0);
    }
    if yaml.len() > MAX_YAML_BYTES {
        // The block with a line break before it may be over the limit the block is not.
        return None;
    }
    let Yaml::Mapping(fields) = &fm.content else {
        return None;
    };
    if !placed(fields, fm.yaml) {
        return None;
    }
    let same_values = match cut {
        Cut::AfterBreak => block.starts_with(|c: char| c.is_ascii_alphanumeric()),
        _ => !block.contains(['|', '>']) || ends_without_its_line_break(block, fields, fm.yaml),
    };
    let lead = usize::from(cut == Cut::AfterBreak);
    same_values.then(|| fm.content.moved(fm.yaml.start, lead))?
}

/// Whether the last value of `block` (whose fields are `fields`, spanning `whole`) reads the
/// same without the line break that ends the block: a plain or quoted scalar, or a block scalar
/// that strips its final line breaks (`|-`, `>-`, with or without an indentation indicator),
/// that ends right before that line break. A block scalar elsewhere in the block ends where a
/// later entry starts, and keeps what it keeps. A collection or an alias is not looked into (a
/// nested mapping's span takes in the line break after it).
fn ends_without_its_line_break(block: &str, fields: &[Field], whole: Span) -> bool {
    let Some(field) = fields.last() else {
        return false;
    };
    if field.value_span.end + 1 != whole.end {
        return false;
    }
    match field.style {
        Some(ScalarStyle::Literal | ScalarStyle::Folded) => {
            // The header: `|` or `>`, then the chomping and indentation indicators.
            let at = field.value_span.start.saturating_sub(whole.start);
            let header = block.get(at..).unwrap_or_default();
            header.starts_with(['|', '>'])
                && header[1..]
                    .bytes()
                    .take_while(|b| matches!(b, b'-' | b'+' | b'1'..=b'9'))
                    .any(|b| b == b'-')
        }
        Some(_) => true,
        None => false,
    }
}

/// Whether the event pass placed every entry: none has the whole block for its span.
fn placed(fields: &[Field], whole: Span) -> bool {
    fields
        .iter()
        .all(|f| f.key_span != whole && placed(&f.entries, whole))
}

impl Yaml {
    /// The same reading with every offset moved from the file, where the block starts at
    /// `base`, to the block itself with `lead` bytes before it.
    fn moved(&self, base: usize, lead: usize) -> Option<Self> {
        let at = |offset: usize| offset.checked_sub(base).map(|o| o + lead);
        let span = |s: Span| Some(Span::new(at(s.start)?, at(s.end)?));
        fn fields(list: &[Field], span: &impl Fn(Span) -> Option<Span>) -> Option<Vec<Field>> {
            list.iter()
                .map(|f| {
                    Some(Field {
                        key: f.key.clone(),
                        key_kind: f.key_kind,
                        key_span: span(f.key_span)?,
                        value: f.value.clone(),
                        value_span: span(f.value_span)?,
                        style: f.style,
                        entries: fields(&f.entries, span)?,
                    })
                })
                .collect()
        }
        Some(match self {
            Self::Mapping(list) => Self::Mapping(fields(list, &span)?),
            Self::NotMapping(kind) => Self::NotMapping(*kind),
            Self::Invalid(err) => Self::Invalid(YamlError {
                offset: at(err.offset)?,
                ..err.clone()
            }),
        })
    }
}

/// Parses the YAML block that starts at text offset `base`, once [`prescan`] allows it, and says
/// whether it had the plain shape.
fn parse_yaml(yaml: &str, base: usize, source: &Source) -> (Yaml, bool) {
    if let Err((limit, at)) = prescan(yaml) {
        let reason = match limit {
            YamlLimit::Size => {
                format!("the frontmatter is larger than {MAX_YAML_BYTES} bytes; it was not parsed")
            }
            YamlLimit::Depth => format!(
                "flow collections (`[`, `{{`) may nest deeper than {MAX_FLOW_DEPTH} levels here; the frontmatter was not parsed"
            ),
        };
        let error = YamlError {
            reason,
            offset: source.file_offset(base + at.min(yaml.len())),
            limit: Some(limit),
        };
        return (Yaml::Invalid(error), false);
    }
    let ctx = Ctx::new(yaml, base, source);
    match simple::read(yaml, &|span| ctx.file_span(span)) {
        Some(simple::Block::Mapping(fields)) => {
            let content = Yaml::Mapping(fields);
            debug_assert_eq!(content, ctx.parsed(), "{yaml:?}");
            (content, true)
        }
        Some(simple::Block::MisplacedColon(at)) => {
            let content = Yaml::Invalid(YamlError {
                reason: simple::MISPLACED_COLON.to_owned(),
                offset: source.file_offset(base + at),
                limit: None,
            });
            debug_assert_eq!(content, ctx.parsed(), "{yaml:?}");
            (content, false)
        }
        None => (ctx.parsed(), false),
    }
}

/// What building fields needs to turn YAML-block offsets into file spans.
struct Ctx<'a> {
    yaml: &'a str,
    base: usize,
    source: &'a Source,
    /// Where every span points when the event pass could not place an entry.
    whole: Span,
}

impl<'a> Ctx<'a> {
    fn new(yaml: &'a str, base: usize, source: &'a Source) -> Self {
        Self {
            yaml,
            base,
            source,
            whole: source.file_span(Span::new(base, base + yaml.len())),
        }
    }

    /// The block as the parsers read it: values from serde_yaml, spans from the event pass.
    fn parsed(&self) -> Yaml {
        let pairs = match serde_yaml::from_str::<Value>(self.yaml) {
            Ok(Value::Mapping(pairs)) => pairs,
            Ok(other) => return Yaml::NotMapping(other.kind()),
            Err(err) => return Yaml::Invalid(yaml_error(&err, self.yaml, self.base, self.source)),
        };
        let nodes = structure(self.yaml).and_then(|node| node.children);
        Yaml::Mapping(self.fields(pairs, nodes))
    }

    /// Fields for mapping entries; `nodes` are the same entries from the event pass, used only
    /// when both passes agree on how many there are.
    fn fields(&self, pairs: Vec<(Value, Value)>, nodes: Option<Vec<(Node, Node)>>) -> Vec<Field> {
        let mut nodes = nodes.filter(|n| n.len() == pairs.len()).map(Vec::into_iter);
        pairs
            .into_iter()
            .map(|pair| self.field(pair, nodes.as_mut().and_then(Iterator::next)))
            .collect()
    }

    fn field(&self, (key, value): (Value, Value), nodes: Option<(Node, Node)>) -> Field {
        let (key_span, value_span, style, children) = match nodes {
            Some((k, v)) => (
                self.file_span(k.span),
                self.file_span(value_span(self.yaml, k.span, &v)),
                v.style,
                v.children,
            ),
            None => (self.whole, self.whole, None, None),
        };
        let entries = match &value {
            Value::Mapping(pairs) => self.fields(pairs.clone(), children),
            _ => Vec::new(),
        };
        Field {
            key: key.render(),
            key_kind: key.kind(),
            key_span,
            value,
            value_span,
            style,
            entries,
        }
    }

    fn file_span(&self, span: Span) -> Span {
        self.source.file_span(span.shifted(self.base))
    }
}

/// The span of a value as the author wrote it: block scalars start at their `|`/`>` indicator
/// and end at their last non-blank character.
fn value_span(yaml: &str, key: Span, value: &Node) -> Span {
    let mut span = value.span;
    if matches!(
        value.style,
        Some(ScalarStyle::Literal | ScalarStyle::Folded)
    ) {
        let between = &yaml[key.end..span.start.max(key.end)];
        if let Some(at) = block_indicator(between) {
            span.start = key.end + at;
        }
        let trimmed = yaml[span.start..span.end].trim_end().len();
        span.end = span.start + trimmed;
    }
    span
}

/// The offset of a block scalar's `|` or `>` in the text between a key and the scalar's
/// content, skipping the colon and comments.
fn block_indicator(between: &str) -> Option<usize> {
    let colon = between.find(':')?;
    let mut offset = colon + 1;
    for line in between[colon + 1..].split_inclusive('\n') {
        let code = match line.find('#') {
            Some(hash) if hash == 0 || line[..hash].ends_with([' ', '\t']) => &line[..hash],
            _ => line,
        };
        if let Some(at) = code.find(['|', '>']) {
            return Some(offset + at);
        }
        offset += line.len();
    }
    None
}

fn yaml_error(err: &serde_yaml::Error, yaml: &str, base: usize, source: &Source) -> YamlError {
    let message = err.to_string();
    // Reader errors (control characters, bad encoding) carry a byte position in the text;
    // scanner and parser errors carry a location. Either is relative to the YAML block.
    let (reason, position) = strip_positions(&message);
    let index = position.or_else(|| err.location().map(|l| l.index()));
    YamlError {
        reason,
        offset: source.file_offset(base + index.unwrap_or(0).min(yaml.len())),
        limit: None,
    }
}

/// Removes serde_yaml's ` at line L column C` and ` at position P` phrases (which count from the
/// YAML block, not the file) and returns the message with the first `position`, if any.
fn strip_positions(message: &str) -> (String, Option<usize>) {
    let mut out = String::with_capacity(message.len());
    let mut position = None;
    let mut rest = message;
    while let Some(at) = rest.find(" at ") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 4..];
        if let Some(after) = phrase(tail, &["line ", " column "]) {
            rest = after;
        } else if let Some(after) = phrase(tail, &["position "]) {
            let digits = &tail["position ".len()..tail.len() - after.len()];
            position = position.or_else(|| digits.parse().ok());
            rest = after;
        } else {
            out.push_str(" at ");
            rest = tail;
        }
    }
    out.push_str(rest);
    (out, position)
}

/// Matches `words[0] N words[1] M …` at the start of `text`; returns what follows.
fn phrase<'t>(text: &'t str, words: &[&str]) -> Option<&'t str> {
    let mut rest = text;
    for word in words {
        rest = rest.strip_prefix(word)?;
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            return None;
        }
        rest = &rest[digits..];
    }
    Some(rest)
}

/// Values are read with a visitor of our own rather than `serde_yaml::Value`, whose mappings
/// reject duplicate keys: a duplicate is a fact for the rules to report, not a reason to stop.
impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a YAML value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut pairs = Vec::new();
        while let Some(pair) = map.next_entry()? {
            pairs.push(pair);
        }
        Ok(Value::Mapping(pairs))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Sequence(items))
    }

    /// serde_yaml hands a value with a tag such as `!foo` over as an enum variant.
    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<Value, A::Error> {
        let (tag, variant) = data.variant::<String>()?;
        let value = de::VariantAccess::newtype_variant::<Value>(variant)?;
        Ok(Value::Tagged(format!("!{tag}"), Box::new(value)))
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.to_string()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.to_string()))
    }

    fn visit_i128<E>(self, v: i128) -> Result<Value, E> {
        Ok(Value::Number(v.to_string()))
    }

    fn visit_u128<E>(self, v: u128) -> Result<Value, E> {
        Ok(Value::Number(v.to_string()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        let text = if v.is_nan() {
            ".nan".to_owned()
        } else if v.is_infinite() {
            if v > 0.0 { ".inf" } else { "-.inf" }.to_owned()
        } else if v.fract() == 0.0 && v.abs() < 1e16 {
            format!("{v:.1}")
        } else {
            v.to_string()
        };
        Ok(Value::Number(text))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
}

/// A node of the event-level pass: its span (byte offsets in the YAML block), scalar style, and
/// for mappings its key/value pairs.
#[derive(Debug)]
struct Node {
    span: Span,
    style: Option<ScalarStyle>,
    children: Option<Vec<(Node, Node)>>,
}

/// The document's root node from saphyr's event stream, or `None` if that parser fails.
fn structure(yaml: &str) -> Option<Node> {
    use saphyr_parser::{Event, Parser};
    let to_byte = char_to_byte(yaml);
    let mut events = Parser::new_from_str(yaml).map(|r| {
        r.ok().map(|(ev, sp)| {
            let span = Span::new(to_byte(sp.start.index()), to_byte(sp.end.index()));
            (ev, span)
        })
    });
    loop {
        match events.next()?? {
            (Event::StreamStart | Event::DocumentStart(_), _) => continue,
            (ev, span) => return node(ev, span, &mut events, 0),
        }
    }
}

/// A function from saphyr's character indices to byte offsets in `text`.
fn char_to_byte(text: &str) -> impl Fn(usize) -> usize + '_ {
    let table: Option<Vec<usize>> = (!text.is_ascii()).then(|| {
        text.char_indices()
            .map(|(b, _)| b)
            .chain([text.len()])
            .collect()
    });
    move |index| match &table {
        Some(t) => t.get(index).copied().unwrap_or(text.len()),
        None => index.min(text.len()),
    }
}

/// serde_yaml's own nesting limit; deeper input is treated as "no spans", never a crash.
const MAX_DEPTH: usize = 128;

fn node<'a>(
    event: saphyr_parser::Event<'a>,
    span: Span,
    events: &mut impl Iterator<Item = Option<(saphyr_parser::Event<'a>, Span)>>,
    depth: usize,
) -> Option<Node> {
    use saphyr_parser::Event;
    if depth > MAX_DEPTH {
        return None;
    }
    match event {
        Event::Scalar(_, style, ..) => Some(Node {
            span,
            style: Some(scalar_style(style)),
            children: None,
        }),
        Event::Alias(_) => Some(Node {
            span,
            style: None,
            children: None,
        }),
        Event::SequenceStart(..) => {
            let mut end = span.end;
            loop {
                match events.next()?? {
                    (Event::SequenceEnd, close) => {
                        return Some(Node {
                            span: Span::new(span.start, collection_end(end, close)),
                            style: None,
                            children: None,
                        });
                    }
                    (ev, sp) => end = node(ev, sp, events, depth + 1)?.span.end,
                }
            }
        }
        Event::MappingStart(..) => {
            let mut children = Vec::new();
            let mut end = span.end;
            loop {
                match events.next()?? {
                    (Event::MappingEnd, close) => {
                        return Some(Node {
                            span: Span::new(span.start, collection_end(end, close)),
                            style: None,
                            children: Some(children),
                        });
                    }
                    (ev, sp) => {
                        let key = node(ev, sp, events, depth + 1)?;
                        let (ev, sp) = events.next()??;
                        let value = node(ev, sp, events, depth + 1)?;
                        end = value.span.end;
                        children.push((key, value));
                    }
                }
            }
        }
        _ => None,
    }
}

/// Where a collection ends: at its `]`/`}` for flow style; for block style (whose end event is
/// empty and sits at the next token, past blank lines and comments) at its last entry.
fn collection_end(last_entry_end: usize, close: Span) -> usize {
    if close.is_empty() {
        last_entry_end
    } else {
        close.end
    }
}

fn scalar_style(style: saphyr_parser::ScalarStyle) -> ScalarStyle {
    match style {
        saphyr_parser::ScalarStyle::Plain => ScalarStyle::Plain,
        saphyr_parser::ScalarStyle::SingleQuoted => ScalarStyle::SingleQuoted,
        saphyr_parser::ScalarStyle::DoubleQuoted => ScalarStyle::DoubleQuoted,
        saphyr_parser::ScalarStyle::Literal => ScalarStyle::Literal,
        saphyr_parser::ScalarStyle::Folded => ScalarStyle::Folded,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Frontmatter blocks of every shape the runtimes' readers cut differently.
    const BLOCKS: &[&str] = &[
        "name: a\ndescription: Does things.\n",
        "name: a\ndescription: Two\n  lines.\nmetadata:\n  k: v\n  list: [x, y]\n",
        "name: a\ndescription: |\n  kept\n",
        "name: a\ndescription: >-\n  folded\n  text\n\n",
        "name: a\ndescription: |+\n  kept\n\n",
        "name: a\ndescription: >-\n  folded\n  text\n",
        "name: a\ndescription: |2-\n   indented\n  less\n",
        "name: a\ndescription: >\n  clipped\n",
        "name: a\ndescription: |+\n  kept\n",
        "name: a\ndescription: >-  # c\n  folded\n",
        "name: a\ndescription: !!str >-\n  tagged\n",
        "description: >-\n  d\nmetadata:\n  k: |-\n    v\n",
        "description: >-\n  d\nmetadata:\n  k: |\n    v\n",
        "description: >\n  d\nlicense: MIT\n",
        "description: >\n  d\nlicense: 'MIT'\n",
        "description: >\n  d\nlist:\n  - |-\n    v\n",
        "description: >\n  d\nalias: &a x\nb: *a\n",
        "description: >\n  d\nm: {k: |}\n",
        "description: >-\n  d\n  \n",
        "tags: [a, 'b']\nname: x\nmore: [\n  c ]\n",
        "name: é\ntags: [ü]\n",
        "description: a > b | c\nname: x\n",
        "name: caf\u{e9}\ndescription: \u{2028}non-ASCII \u{1F600}\n",
        "name: a # c\n# comment\ndescription: 'q'\n",
        "\"name\": a\ndescription: \"d\"\n",
        "name: a\ndescription: Use when: asked\n",
        "name: a\ndescription: `x`\n",
        "name: a\n\tdescription: tab\n",
        "- a\n- b\n",
        "just text\n",
        "",
        "\n",
        "# only a comment\n",
        "name: a\nname: b\n",
        "name: a\r\ndescription: crlf\r\n",
        "\u{FEFF}name: a\n",
        "name: [a\n",
        "a: &x 1\nb: *x\n",
        "name: a\ndescription: d",
        "name: a\n\n",
        // Invalid from the first token to the last line, at the first byte and past it (their
        // errors are not all placed at the token: more than one document is at offset 0).
        "@x: y\n",
        "a: b: c\nname: x\n",
        "name: 'unclosed\n",
        "name: a\n- b\n",
        "name: \"x\\q\"\n",
        "{a: 1\n",
        "name: *nope\n",
        "name: a\ndescription: x: y",
        "%YAML 1.2\n---\nname: a\n",
        "\u{FEFF}a: b: c\n",
        "name---\n: a\n",
    ];

    #[test]
    fn a_block_is_read_as_on_its_own_whatever_the_runtime_cut_off() {
        let mut reused = [0; 6];
        let mut plain_reused = [0; 6];
        for block in BLOCKS {
            for (head, tail) in [("", ""), ("\u{FEFF}", "\r\n"), ("", "body\n---\n")] {
                for invalid in [false, true] {
                    let mut bytes = format!("{head}---\n{block}---\n{tail}").into_bytes();
                    if invalid {
                        bytes.extend_from_slice(b"\xFF");
                    }
                    let source = Source::new(bytes);
                    let document = parse(&source);
                    let Some(fm) = document.frontmatter() else {
                        continue;
                    };
                    let cuts = [
                        block.to_string(),
                        format!("\n{block}"),
                        block.strip_suffix('\n').unwrap_or(block).to_owned(),
                        block.trim().to_owned(),
                        format!("x{block}"),
                        format!("{block}\n"),
                    ];
                    for (n, yaml) in cuts.iter().enumerate() {
                        reused[n] += usize::from(reuse(&source, fm, yaml).is_some());
                        assert_eq!(
                            parse_block(&source, fm, yaml),
                            parse_standalone(yaml),
                            "{block:?} cut as {yaml:?}"
                        );
                        // Either the same answer, or the parser is asked.
                        let lists = flow_lists_in(&source, fm, yaml);
                        assert!(
                            lists.is_none() || lists == simple_flow_lists(yaml),
                            "{block:?} cut as {yaml:?}"
                        );
                        plain_reused[n] += usize::from(lists.is_some() && fm.plain);
                    }
                }
            }
        }
        // The same block, after a line break, without its last one, trimmed; never another.
        assert!(reused[..4].iter().all(|&n| n > 10), "{reused:?}");
        assert_eq!(reused[4..], [0, 0]);
        assert!(
            plain_reused[..4].iter().all(|&n| n > 10),
            "{plain_reused:?}"
        );
    }

    #[test]
    fn a_cut_over_the_size_limit_is_read_as_over_it() {
        // A block of exactly the largest size parsed, and the same block after a line break.
        let block = format!("a: {}\n", "x".repeat(MAX_YAML_BYTES - 4));
        assert_eq!(block.len(), MAX_YAML_BYTES);
        let source = Source::new(format!("---\n{block}---\n").into_bytes());
        let document = parse(&source);
        let fm = document.frontmatter().expect("a frontmatter block");
        assert!(matches!(fm.content, Yaml::Mapping(_)));
        let after_break = format!("\n{block}");
        let read = parse_block(&source, fm, &after_break);
        assert!(
            matches!(&read, Yaml::Invalid(e) if e.limit == Some(YamlLimit::Size)),
            "{read:?}"
        );
        assert_eq!(read, parse_standalone(&after_break));
    }

    #[test]
    fn remembered_blocks_read_as_new_ones() {
        for _ in 0..2 {
            for block in BLOCKS {
                let (fresh, _) = parse_yaml(block, 0, &Source::new(block.as_bytes().to_vec()));
                assert_eq!(parse_standalone(block), fresh, "{block:?}");
            }
        }
    }
}
