//! File references in Markdown: the links, images, reference definitions and backticked paths
//! of a `SKILL.md` body or of a Markdown file beside it, each with the byte span of the path as
//! written. The only user of `pulldown-cmark` in the crate.
//!
//! What counts as a reference:
//! - **Links and images** (`[text](target)`, `![alt](target)`) and **reference definitions**
//!   (`[id]: target`). Reference-style uses (`[text][id]`) are not repeated: their definition is
//!   the reference. Autolinks (`<https://…>`) are URLs and are left out.
//! - **Backticked paths**: a code span whose whole content is shaped like a path (see
//!   [`code_span_path`]). Whether it names a file *of the skill* depends on the skill's files, so
//!   rules ask [`Reference::names_skill_path`]. A code span that is a path with wildcards or
//!   placeholders (`shared/managed-agents-*.md`, `{lang}/README.md`) is kept as a
//!   [`Form::Pattern`]: it names no one file, but says which files the text covers.
//!
//! Nothing inside fenced or indented code blocks is a reference: those are examples (shell
//! sessions, sample Markdown), not pointers to the skill's files. HTML (`<img src>`, `<a href>`)
//! is not read.
//!
//! Link targets are taken as CommonMark reads them (backslash escapes and entities resolved,
//! `<angle brackets>` removed, titles dropped), then `#fragment` and `?query` are cut and
//! `%XX` escapes decoded. URLs (`scheme:`), protocol-relative `//host` targets, bare `#anchors`
//! and template placeholders (`{…}`) are not file references. Code spans are taken literally.

use std::borrow::Cow;
use std::ops::Range;

use pulldown_cmark::{CowStr, Event, LinkType, Options, Parser, Tag, TagEnd};

use super::skim::{self, Hit, HitKind};

use crate::rules::Tree;
use crate::source::{Source, Span};

/// The directories the standard names for a skill's files.
pub const CONVENTIONAL_DIRS: [&str; 3] = ["scripts", "references", "assets"];

/// How a reference was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `[text](target)`
    Link,
    /// `![alt](target)`
    Image,
    /// `[id]: target`
    Definition,
    /// `` `scripts/extract.py` ``
    Code,
}

impl Kind {
    /// Whether the reference is Markdown link syntax (a link, an image or a definition).
    pub fn is_link(self) -> bool {
        !matches!(self, Self::Code)
    }
}

/// What kind of path a reference holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Form {
    /// A relative path with `/` separators (decoded, without fragment or query).
    Relative(String),
    /// A relative path written with `\` separators, e.g. `scripts\helper.py`. Holds the path with
    /// `/` separators.
    Backslash(String),
    /// An absolute path: `/…`, `\…`, `C:\…`, `C:/…`, `~/…`, or a `file:` URL.
    Absolute,
    /// A backticked relative path with wildcards or placeholders standing for a set of files:
    /// `shared/managed-agents-*.md`, `{lang}/claude-api/README.md`. See [`Form::matches`].
    Pattern(String),
}

impl Form {
    /// The glob for the files a [`Form::Pattern`] stands for; `None` for other forms.
    fn glob(&self) -> Option<Glob> {
        let Self::Pattern(pattern) = self else {
            return None;
        };
        let pattern = pattern.strip_prefix("./").unwrap_or(pattern);
        // Placeholders become `*`; `code_span_pattern` admits no other glob syntax.
        let mut glob = String::with_capacity(pattern.len());
        let mut in_placeholder = false;
        for c in pattern.chars() {
            match c {
                '{' | '<' => {
                    in_placeholder = true;
                    glob.push('*');
                }
                '}' | '>' => in_placeholder = false,
                c if !in_placeholder => glob.push(c),
                _ => {}
            }
        }
        Some(Glob {
            glob,
            matcher: std::cell::OnceCell::new(),
        })
    }
}

/// A pattern's glob (literal text and `*`), compiled the first time a path could match it.
#[derive(Debug, Clone)]
struct Glob {
    glob: String,
    matcher: std::cell::OnceCell<Option<globset::GlobMatcher>>,
}

impl Glob {
    /// Whether `path` matches. A match starts with the text before the first `*` and ends with
    /// the text after the last, so a path that does not is turned away without compiling the
    /// glob (most paths tried are not near any pattern, and compiling one costs far more).
    fn matches(&self, path: &str) -> bool {
        let (head, tail) = match (self.glob.find('*'), self.glob.rfind('*')) {
            (Some(first), Some(last)) => (&self.glob[..first], &self.glob[last + 1..]),
            _ => (self.glob.as_str(), self.glob.as_str()),
        };
        if !path.starts_with(head) || !path.ends_with(tail) {
            return false;
        }
        self.matcher
            .get_or_init(|| {
                globset::GlobBuilder::new(&self.glob)
                    .literal_separator(true)
                    .build()
                    .ok()
                    .map(|g| g.compile_matcher())
            })
            .as_ref()
            .is_some_and(|m| m.is_match(path))
    }
}

/// The [`Form::Pattern`]s among some references, each compiled once, when first needed, to be
/// tried on many paths.
#[derive(Debug, Clone, Default)]
pub struct Patterns(Vec<Glob>);

impl Patterns {
    /// The patterns among `forms`; other forms are left out.
    pub fn new<'a>(forms: impl IntoIterator<Item = &'a Form>) -> Self {
        Self(forms.into_iter().filter_map(Form::glob).collect())
    }

    /// Whether a skill-relative path is one of the files a pattern stands for: `*` matches
    /// within one path segment, `**` across segments, and a placeholder (`{lang}`, `<name>`)
    /// stands for any part of one segment.
    pub fn matches(&self, path: &str) -> bool {
        self.0.iter().any(|glob| glob.matches(path))
    }
}

/// A path in a Markdown file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    pub kind: Kind,
    /// The path as written in the file: the link destination (without `<>`), or the code span's
    /// content.
    pub written: String,
    /// The bytes of [`Reference::written`] in the file.
    pub span: Span,
    pub form: Form,
}

impl Reference {
    /// The relative path with `/` separators, for [`Form::Relative`] and [`Form::Backslash`].
    pub fn path(&self) -> Option<&str> {
        match &self.form {
            Form::Relative(p) | Form::Backslash(p) => Some(p),
            Form::Absolute | Form::Pattern(_) => None,
        }
    }

    /// Whether a reference written in the file `from` (a skill-relative path; `SKILL.md` for the
    /// skill file) names a path of the skill, not something of the user's project:
    /// - every relative Markdown link does;
    /// - a backticked path does when it resolves to an existing entry of `tree`, or when its first
    ///   component is an existing top-level directory of the skill or one of `scripts/`,
    ///   `references/`, `assets/` (so `src/app.ts`, `docs/adr/`, `path/to/file` do not, unless
    ///   the skill has such a directory).
    pub fn names_skill_path(&self, tree: &Tree, from: &str) -> bool {
        let Some(path) = self.path() else {
            return false;
        };
        if self.kind.is_link() {
            return true;
        }
        let [normal, beside] = candidates(path, from);
        if normal.iter().chain(&beside).any(|c| tree.contains(c)) {
            return true;
        }
        let Some(normal) = normal else {
            return false;
        };
        match normal.split_once('/') {
            Some((first, _)) => {
                CONVENTIONAL_DIRS.contains(&first)
                    || super::files::entry(tree, first).is_some_and(|e| e.is_dir)
            }
            None => false,
        }
    }
}

/// The references in `source` from byte `start` on (the body of a `SKILL.md`, or 0 for a whole
/// file), in file order. Spans are byte offsets in `source`'s file.
pub fn references(source: &Source, start: usize) -> Vec<Reference> {
    scan_from(source, start, None).0
}

/// How many lines from the top a Markdown file's table of contents may start within.
pub const TOC_WITHIN_LINES: usize = 30;

/// The references of a whole Markdown file (as [`references`] gives them) and what tells
/// whether it opens with a table of contents, from one read. A table of contents is, within the
/// first [`TOC_WITHIN_LINES`] lines:
/// - a heading, or a paragraph that is all bold or italic (`**Contents:**`), whose text is or
///   starts with "contents", "table of contents", "toc", "index", "sections", "on this page",
///   "in this document" or "navigation" (any case), or
/// - a list with at least three items that link to `#anchors` in the file.
pub fn references_and_contents(source: &Source) -> (Vec<Reference>, Contents) {
    scan_from(source, 0, Some(TOC_WITHIN_LINES))
}

/// Whether a Markdown file opens with a table of contents: known from its read, or worked out
/// when asked ([`Contents::at_top`]) from a parse of the top of the file only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contents {
    Known(bool),
    /// Parse the text up to this offset (see [`skim::Skimmed::cut`]).
    ParseTo(usize),
}

impl Contents {
    /// The verdict for `source`, the file [`references_and_contents`] read.
    pub fn at_top(self, source: &Source) -> bool {
        match self {
            Self::Known(verdict) => verdict,
            Self::ParseTo(to) => has_table_of_contents(source.text(), TOC_WITHIN_LINES, to),
        }
    }
}

fn scan_from(
    source: &Source,
    start: usize,
    toc_within: Option<usize>,
) -> (Vec<Reference>, Contents) {
    let encoding = source.encoding();
    if encoding.invalid_utf8.is_none() {
        let text = source.text().get(start..).unwrap_or_default();
        let screened = encoding.line_endings.lf_only() && encoding.nul_count == 0;
        scan(text, &|offset| start + offset, toc_within, screened)
    } else {
        // Offsets in the lossily decoded text differ from file offsets after an invalid byte:
        // decode the part on its own and map each offset back.
        let part = Source::new(source.bytes().get(start..).unwrap_or_default().to_vec());
        scan(
            part.text(),
            &|offset| start + part.file_offset(offset),
            toc_within,
            false,
        )
    }
}

/// The paths of the skill a reference written in `from` may mean, skill-relative and normalised:
/// relative to the skill directory (as the standard says) and relative to the directory of
/// `from` (as Markdown renderers read it). Paths that leave the skill directory are dropped.
pub fn resolve(path: &str, from: &str) -> Vec<String> {
    candidates(path, from).into_iter().flatten().collect()
}

/// [`resolve`]'s paths apart: relative to the skill directory, then relative to the directory
/// of `from` when that is another path.
fn candidates(path: &str, from: &str) -> [Option<String>; 2] {
    let from_dir = from.rsplit_once('/').map_or("", |(dir, _)| dir);
    let normal = normalize(path, "");
    let beside = Some(from_dir)
        .filter(|dir| !dir.is_empty())
        .and_then(|dir| normalize(path, dir))
        .filter(|p| normal.as_ref() != Some(p));
    [normal, beside]
}

/// `path` joined to `base` with `.` and `..` resolved; `None` when it climbs out of the skill
/// directory or names the directory itself.
pub fn normalize(path: &str, base: &str) -> Option<String> {
    // Most paths have no `.`, `..` or empty name in them: joined as they are.
    if plain_names(path) && (base.is_empty() || plain_names(base)) {
        return Some(if base.is_empty() {
            path.to_owned()
        } else {
            [base, path].join("/")
        });
    }
    resolve_names(path, base)
}

/// Whether `path` is names joined by single `/`, none of them `.` or `..` (so not empty, and
/// with no `/` at either end).
fn plain_names(path: &str) -> bool {
    let bytes = path.as_bytes();
    let mut start = 0;
    loop {
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'/')
            .map_or(bytes.len(), |i| start + i);
        if matches!(&bytes[start..end], b"" | b"." | b"..") {
            return false;
        }
        if end == bytes.len() {
            return true;
        }
        start = end + 1;
    }
}

/// [`normalize`], name by name.
fn resolve_names(path: &str, base: &str) -> Option<String> {
    let mut out = String::with_capacity(base.len() + path.len() + 1);
    for part in base.split('/').chain(path.split('/')) {
        match part {
            "" | "." => {}
            ".." => {
                if out.is_empty() {
                    return None;
                }
                // Back to the end of the name before the last one, or to nothing.
                out.truncate(out.rfind('/').unwrap_or(0));
            }
            part => {
                if !out.is_empty() {
                    out.push('/');
                }
                out.push_str(part);
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Whether the file name at the end of `path` has an extension (`forms.md`, `x.tar.gz`), i.e. it
/// names a file rather than a directory.
pub fn has_extension(path: &str) -> bool {
    // The extension is the run of letters and digits after the last `.`: read backwards, it
    // must end at a `.` within 11 bytes, and that `.` must not open the file name.
    let bytes = path.as_bytes();
    let mut letter = false;
    for (len, (at, &b)) in bytes.iter().enumerate().rev().enumerate() {
        match b {
            b'.' => return len > 0 && letter && at > 0 && bytes[at - 1] != b'/',
            _ if len == 10 || !b.is_ascii_alphanumeric() => return false,
            _ => letter |= b.is_ascii_alphabetic(),
        }
    }
    false
}

/// File extensions common enough that `name.ext` is taken for a file name where a looser reading
/// would be wrong (`DOMAIN\john.smith` is an account, `scripts\fill.py` a file).
const COMMON_EXTENSIONS: [&str; 45] = [
    "bash", "c", "cfg", "cjs", "conf", "cpp", "css", "csv", "docx", "gif", "go", "h", "html",
    "ini", "ipynb", "java", "jpeg", "jpg", "js", "json", "jsx", "log", "md", "mjs", "pdf", "png",
    "pptx", "py", "rb", "rs", "sh", "sql", "svg", "toml", "ts", "tsv", "tsx", "txt", "webp",
    "xlsx", "xml", "yaml", "yml", "zip", "zsh",
];

/// Whether the file name at the end of `path` has one of the common file extensions.
pub fn has_common_extension(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    has_extension(name)
        && name
            .rsplit_once('.')
            .is_some_and(|(_, ext)| COMMON_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str()))
}

/// Whether the file name at the end of `path` is a Windows program or shell script (`.bat`,
/// `.cmd`, `.exe`, `.ps1`…), which Windows shells run with `\` separators.
pub fn is_windows_program(path: &str) -> bool {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    name.rsplit_once('.').is_some_and(|(_, ext)| {
        ["bat", "cmd", "com", "exe", "ps1", "psm1", "vbs"]
            .contains(&ext.to_ascii_lowercase().as_str())
    })
}

/// Whether the Markdown `text` opens with a table of contents (as [`references_and_contents`]
/// tells) within its first `within_lines` lines, from a parse of `text[..parse_to]`: all of it,
/// or up to a point before which the parse is the same as the whole text's (see
/// [`skim::Skimmed::cut`]).
fn has_table_of_contents(text: &str, within_lines: usize, parse_to: usize) -> bool {
    let mut toc = TocScan::new(text, within_lines);
    for (event, range) in parser(text.get(..parse_to).unwrap_or(text)).into_offset_iter() {
        if let Some(verdict) = toc.step(&event, &range) {
            return verdict;
        }
    }
    false
}

/// The state of the table-of-contents test while it walks the events.
struct TocScan {
    /// Where the line after the first `within_lines` starts.
    limit: usize,
    /// The text of the heading or paragraph being read, and whether all of it was emphasised.
    block: Option<(String, bool)>,
    emphasis: usize,
    /// Anchored items per open list.
    lists: Vec<usize>,
    /// Whether each open list item links to an anchor.
    items: Vec<bool>,
}

impl TocScan {
    fn new(text: &str, within_lines: usize) -> Self {
        Self {
            limit: crate::source::lines(text)
                .nth(within_lines)
                .map_or(text.len(), |(_, content, _)| content.start),
            block: None,
            emphasis: 0,
            lists: Vec::new(),
            items: Vec::new(),
        }
    }

    /// Takes the next event and its range; the verdict once there is one (no table of contents
    /// once the events are past the top and no list that started there is still open).
    fn step(&mut self, event: &Event<'_>, range: &Range<usize>) -> Option<bool> {
        let near_top = range.start < self.limit;
        if !near_top && self.lists.is_empty() {
            return Some(false);
        }
        self.event(event, near_top).then_some(true)
    }

    /// Takes one event; `true` once a table of contents is found.
    fn event(&mut self, event: &Event<'_>, near_top: bool) -> bool {
        match event {
            Event::Start(Tag::Heading { .. } | Tag::Paragraph) if near_top => {
                self.block = Some((String::new(), true));
            }
            Event::Start(Tag::Strong | Tag::Emphasis) => self.emphasis += 1,
            Event::End(TagEnd::Strong | TagEnd::Emphasis) => {
                self.emphasis = self.emphasis.saturating_sub(1);
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some((text, all_emphasised)) = self.block.as_mut() {
                    text.push_str(t);
                    *all_emphasised &= self.emphasis > 0;
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                return self.block.take().is_some_and(|(t, _)| is_toc_heading(&t));
            }
            Event::End(TagEnd::Paragraph) => {
                return self
                    .block
                    .take()
                    .is_some_and(|(t, emphasised)| emphasised && is_toc_heading(&t));
            }
            Event::Start(Tag::List(_)) => self.lists.push(0),
            Event::End(TagEnd::List(_)) => {
                self.lists.pop();
            }
            Event::Start(Tag::Item) => self.items.push(false),
            Event::End(TagEnd::Item) => {
                let anchored = self.items.pop() == Some(true) && near_top;
                if let (true, Some(count)) = (anchored, self.lists.last_mut()) {
                    *count += 1;
                    return *count >= 3;
                }
            }
            Event::Start(Tag::Link { dest_url, .. })
                if near_top && dest_url.starts_with('#') && dest_url.len() > 1 =>
            {
                if let Some(last) = self.items.last_mut() {
                    *last = true;
                }
            }
            _ => {}
        }
        false
    }
}

fn is_toc_heading(text: &str) -> bool {
    const NAMES: [&str; 8] = [
        "contents",
        "table of contents",
        "toc",
        "index",
        "sections",
        "on this page",
        "in this document",
        "navigation",
    ];
    let text = text
        .trim()
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .trim_end_matches([':', ' '])
        .to_lowercase();
    NAMES.iter().any(|name| {
        text.strip_prefix(name)
            .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric()))
    }) || text.ends_with(" contents")
}

fn parser(text: &str) -> Parser<'_> {
    Parser::new_ext(
        text,
        Options::ENABLE_TABLES
            | Options::ENABLE_FOOTNOTES
            | Options::ENABLE_STRIKETHROUGH
            | Options::ENABLE_TASKLISTS,
    )
}

/// The references of `text`; `to_file` maps an offset in `text` to an offset in the file.
/// With `toc_within`, also whether `text` opens with a table of contents within that many lines
/// (see [`references_and_contents`]); `Known(false)` without. `screened`: the text holds no
/// `\r` and no NUL, as its file's encoding facts say (see [`skim::skim`]).
///
/// Most Markdown is read by [`skim`], which finds the links and code spans without a full
/// parse and tells where the text can be cut for the table-of-contents test, left for when it is
/// asked; what it declines is parsed in full. Debug builds check every skim against the full
/// parse.
fn scan(
    text: &str,
    to_file: &dyn Fn(usize) -> usize,
    toc_within: Option<usize>,
    screened: bool,
) -> (Vec<Reference>, Contents) {
    let parsed = match skimmed(text, toc_within, screened) {
        Some(parsed) => {
            #[cfg(debug_assertions)]
            parsed.assert_same(&parse(text, toc_within), text, toc_within);
            parsed
        }
        None => parse(text, toc_within),
    };

    let mut found: Vec<(usize, Reference)> = Vec::new();
    let mut push = |kind: Kind, raw: Range<usize>, form: Form| {
        let span = Span::new(to_file(raw.start), to_file(raw.end));
        let written = text.get(raw.clone()).unwrap_or_default().to_owned();
        found.push((
            raw.start,
            Reference {
                kind,
                written,
                span,
                form,
            },
        ));
    };
    for (raw, form) in parsed.definitions {
        push(Kind::Definition, raw, form);
    }
    for hit in parsed.hits {
        match hit.kind {
            HitKind::Link | HitKind::Image => {
                if let Some(form) = link_form(&hit.text) {
                    let kind = if hit.kind == HitKind::Link {
                        Kind::Link
                    } else {
                        Kind::Image
                    };
                    let raw = inline_destination(text, hit.range.clone()).unwrap_or(hit.range);
                    push(kind, raw, form);
                }
            }
            HitKind::Code => {
                let Some(raw) = code_content(text, hit.range) else {
                    continue;
                };
                // Inside tables `\|` is unescaped: such spans are not paths anyway.
                if text.get(raw.clone()) != Some(&*hit.text) {
                    continue;
                }
                if let Some(form) = code_span_path(&hit.text) {
                    push(Kind::Code, raw, form);
                }
            }
        }
    }
    found.sort_by_key(|(start, _)| *start);
    (found.into_iter().map(|(_, r)| r).collect(), parsed.contents)
}

/// What [`scan`] reads off a text.
#[derive(Debug)]
struct Parsed<'a> {
    /// Inline links, images and code spans.
    hits: Vec<Hit<'a>>,
    /// Reference definitions: the destination's bytes and what it points at.
    definitions: Vec<(Range<usize>, Form)>,
    /// Whether the text opens with a table of contents (`Known(false)` when not asked).
    contents: Contents,
}

#[cfg(any(test, debug_assertions))]
impl Parsed<'_> {
    /// Panics unless `self` (from a skim of `text`) and `full` (from its full parse) found the
    /// same references and table-of-contents verdict.
    fn assert_same(&self, full: &Parsed<'_>, text: &str, toc_within: Option<usize>) {
        // A code span whose content keeps a line break is never a path (`scan` drops it: the
        // full parse gives a space there), and the skim passes over it.
        let kept = |h: &&Hit<'_>| {
            h.kind != HitKind::Code
                || code_content(text, h.range.clone())
                    .is_none_or(|inner| !text[inner].contains('\n'))
        };
        let sorted = |hits: &[Hit<'_>]| {
            let mut hits: Vec<(usize, usize, HitKind, String)> = hits
                .iter()
                .filter(kept)
                .map(|h| (h.range.start, h.range.end, h.kind, h.text.to_string()))
                .collect();
            hits.sort();
            hits
        };
        assert_eq!(sorted(&self.hits), sorted(&full.hits), "hits of {text:?}");
        assert_eq!(
            self.definitions, full.definitions,
            "definitions of {text:?}"
        );
        let verdict = match (self.contents, toc_within) {
            (Contents::ParseTo(to), Some(lines)) => {
                Contents::Known(has_table_of_contents(text, lines, to))
            }
            (contents, _) => contents,
        };
        assert_eq!(verdict, full.contents, "contents of {text:?}");
    }
}

/// What [`skim`] reads off `text` (see [`scan`]); `None` when it declines the text.
fn skimmed(text: &str, toc_within: Option<usize>, screened: bool) -> Option<Parsed<'_>> {
    if !screened && memchr::memchr(b'\r', text.as_bytes()).is_some() {
        return skimmed_crlf(text, toc_within);
    }
    skimmed_lf(text, toc_within, screened)
}

/// [`skimmed`] of a text with `\r\n` line endings, which CommonMark reads as it reads `\n`: the
/// text with the `\r` of each left out is skimmed, and what is found is placed back in `text`.
/// `None` when a `\r` is not before a `\n` (a line ending of its own), or the skim declines.
fn skimmed_crlf(text: &str, toc_within: Option<usize>) -> Option<Parsed<'static>> {
    let bytes = text.as_bytes();
    let mut lf = String::with_capacity(text.len());
    // Where each `\r` was left out: the offset in `lf` of the `\n` after it.
    let mut left_out = Vec::new();
    let mut from = 0;
    for at in memchr::memchr_iter(b'\r', bytes) {
        if bytes.get(at + 1) != Some(&b'\n') {
            return None;
        }
        // `\r` is ASCII: `at` is a character boundary.
        lf.push_str(text.get(from..at)?);
        left_out.push(lf.len());
        from = at + 1;
    }
    lf.push_str(text.get(from..)?);
    let found = skimmed_lf(&lf, toc_within, false)?;
    // An offset in `lf` in `text`: a range that ends right before a `\n` ends before its `\r`.
    let place = |offset: usize| offset + left_out.partition_point(|&at| at < offset);
    Some(Parsed {
        hits: found
            .hits
            .into_iter()
            .map(|hit| Hit {
                kind: hit.kind,
                range: place(hit.range.start)..place(hit.range.end),
                text: Cow::Owned(hit.text.into_owned()),
            })
            .collect(),
        definitions: found.definitions,
        contents: match found.contents {
            Contents::ParseTo(to) => Contents::ParseTo(place(to)),
            known => known,
        },
    })
}

/// [`skimmed`] of a text with `\n` line endings only (or, unless `screened`, declined when it
/// holds a `\r`).
fn skimmed_lf(text: &str, toc_within: Option<usize>, screened: bool) -> Option<Parsed<'_>> {
    let limit = toc_within.map(|lines| TocScan::new(text, lines).limit);
    let skimmed = skim::skim(text, limit, screened)?;
    Some(Parsed {
        hits: skimmed.hits,
        definitions: Vec::new(),
        contents: match toc_within {
            Some(_) => Contents::ParseTo(skimmed.cut.unwrap_or(text.len())),
            None => Contents::Known(false),
        },
    })
}

/// The full parse of `text` (see [`scan`]).
fn parse(text: &str, toc_within: Option<usize>) -> Parsed<'_> {
    let mut toc = toc_within.map(|lines| TocScan::new(text, lines));
    let mut contents = false;
    let parser = parser(text);
    let mut definitions = Vec::new();
    for (_, def) in parser.reference_definitions().iter() {
        let Some(form) = link_form(&def.dest) else {
            continue;
        };
        let raw = definition_destination(text, def.span.clone()).unwrap_or(def.span.clone());
        definitions.push((raw, form));
    }
    let mut hits = Vec::new();
    for (event, range) in parser.into_offset_iter() {
        if let Some(verdict) = toc.as_mut().and_then(|t| t.step(&event, &range)) {
            contents = verdict;
            toc = None;
        }
        hits.extend(hit(event, range));
    }
    Parsed {
        hits,
        definitions,
        contents: Contents::Known(contents),
    }
}

/// The inline link, image or code span an event of the full parse stands for, if any.
fn hit(event: Event<'_>, range: Range<usize>) -> Option<Hit<'_>> {
    let (kind, text) = match event {
        Event::Start(Tag::Link {
            link_type: LinkType::Inline,
            dest_url,
            ..
        }) => (HitKind::Link, dest_url),
        Event::Start(Tag::Image {
            link_type: LinkType::Inline,
            dest_url,
            ..
        }) => (HitKind::Image, dest_url),
        Event::Code(content) => (HitKind::Code, content),
        _ => return None,
    };
    let text = match text {
        CowStr::Borrowed(s) => Cow::Borrowed(s),
        other => Cow::Owned(other.to_string()),
    };
    Some(Hit { kind, range, text })
}

/// The links, images and code spans of `text` parsed in full as a document of its own: for
/// [`skim`], which hands over a block quote it does not model. `None` when it holds a reference
/// definition, which could change how links outside it read.
pub(super) fn parsed_alone(text: &str) -> Option<Vec<Hit<'_>>> {
    let parser = parser(text);
    if parser.reference_definitions().iter().next().is_some() {
        return None;
    }
    Some(
        parser
            .into_offset_iter()
            .filter_map(|(event, range)| hit(event, range))
            .collect(),
    )
}

/// What a link destination (as CommonMark resolved it) points at, if it is a path.
fn link_form(dest: &str) -> Option<Form> {
    if dest.is_empty() || dest.starts_with('#') || dest.starts_with("//") {
        return None;
    }
    if let Some(scheme) = scheme(dest) {
        return scheme
            .eq_ignore_ascii_case("file")
            .then_some(Form::Absolute);
    }
    let path = dest.split(['#', '?']).next().unwrap_or_default();
    if path.is_empty() || path.contains(['{', '}']) {
        return None;
    }
    let decoded = percent_encoding::percent_decode_str(path)
        .decode_utf8()
        .map_or_else(|_| path.to_owned(), |p| p.into_owned());
    Some(classify(&decoded))
}

/// The URL scheme of `s` (`https` in `https://…`); a single letter is a drive, not a scheme.
fn scheme(s: &str) -> Option<&str> {
    let (scheme, _) = s.split_once(':')?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    (scheme.len() >= 2
        && first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
    .then_some(scheme)
}

fn classify(path: &str) -> Form {
    let bytes = path.as_bytes();
    let drive = bytes.len() >= 3
        && bytes[0].is_ascii_alphabetic()
        && bytes[1] == b':'
        && matches!(bytes[2], b'/' | b'\\');
    if drive || path.starts_with(['/', '\\', '~']) {
        Form::Absolute
    } else if path.contains('\\') {
        Form::Backslash(path.replace('\\', "/"))
    } else {
        Form::Relative(path.to_owned())
    }
}

/// The path a code span's content holds, if its whole content is shaped like one:
/// - no whitespace, and none of `` *?<>{}[]|"'`$%=,;()!^&+#@ `` (globs, placeholders, calls,
///   shell syntax, scoped packages, anchors);
/// - no `:` except in a drive prefix (`C:\…`), so URLs and `tool:arg` are out;
/// - not starting with `-` (command-line flags) or a lone `\` (regex and LaTeX escapes), no
///   empty segment (`a//b`), not only dots;
/// - and either a separator (`/` or `\`) or a file extension (`forms.md`).
///
/// Whether it is a path *of the skill* is decided later ([`Reference::names_skill_path`]).
pub fn code_span_path(content: &str) -> Option<Form> {
    // All ASCII, so looked for byte by byte: no other character's UTF-8 holds an ASCII byte.
    const NOT_IN_PATHS: [bool; 128] = {
        let chars = b"*?<>{}[]|\"'`$%=,;()!^&+#@";
        let mut table = [false; 128];
        let mut i = 0;
        while i < chars.len() {
            table[chars[i] as usize] = true;
            i += 1;
        }
        table
    };
    if let Some(pattern) = code_span_pattern(content) {
        return Some(pattern);
    }
    if content.is_empty()
        || content.chars().any(char::is_whitespace)
        || content
            .bytes()
            .any(|b| NOT_IN_PATHS.get(usize::from(b)) == Some(&true))
        || content.starts_with('-')
        || content.chars().all(|c| c == '.' || c == '/')
    {
        return None;
    }
    let bytes = content.as_bytes();
    let drive = bytes.len() >= 3 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' && {
        matches!(bytes[2], b'/' | b'\\')
    };
    let rest = if drive { &content[2..] } else { content };
    if rest.contains(':') || (rest.starts_with('\\') && !drive) {
        return None;
    }
    let body = rest.trim_start_matches('~').trim_matches(['/', '\\']);
    if body.split(['/', '\\']).any(str::is_empty) && !body.is_empty() {
        return None;
    }
    if !content.contains(['/', '\\']) && !has_extension(content) {
        return None;
    }
    Some(classify(content))
}

/// A relative path with wildcards or placeholders (`shared/managed-agents-*.md`,
/// `{lang}/claude-api/README.md`): letters, digits, `-_./`, `*`, and placeholders `{name}` or
/// `<name>` made of letters, digits, `-` and `_`, with at least one `/`.
fn code_span_pattern(content: &str) -> Option<Form> {
    let mut wild = false;
    let mut chars = content.chars();
    while let Some(c) = chars.next() {
        match c {
            '*' => wild = true,
            '{' | '<' => {
                let close = if c == '{' { '}' } else { '>' };
                let mut name = 0;
                loop {
                    match chars.next() {
                        Some(n) if n == close && name > 0 => break,
                        Some(n) if n.is_alphanumeric() || n == '-' || n == '_' => name += 1,
                        _ => return None,
                    }
                }
                wild = true;
            }
            c if c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '/') => {}
            _ => return None,
        }
    }
    (wild && content.contains('/') && !content.starts_with('/'))
        .then(|| Form::Pattern(content.to_owned()))
}

/// The bytes of a code span's content inside `range` (its backtick fences and the one space
/// CommonMark strips on each side removed).
pub(super) fn code_content(text: &str, range: Range<usize>) -> Option<Range<usize>> {
    let raw = text.get(range.clone())?;
    let ticks = raw.bytes().take_while(|&b| b == b'`').count();
    let mut start = range.start + ticks;
    let mut end = range.end.checked_sub(ticks)?;
    if end < start {
        return None;
    }
    let inner = text.get(start..end)?;
    if inner.len() >= 2
        && inner.starts_with([' ', '\n'])
        && inner.ends_with([' ', '\n'])
        && !inner.bytes().all(|b| b == b' ')
    {
        start += 1;
        end -= 1;
    }
    Some(start..end)
}

/// The destination bytes of an inline link or image spanning `range` (`[text](dest "title")`,
/// without the `<>` of `<dest>`): the last `](` after which a destination, an optional title and
/// the closing `)` fill the rest of the range.
fn inline_destination(text: &str, range: Range<usize>) -> Option<Range<usize>> {
    let raw = text.get(range.clone())?;
    let bytes = raw.as_bytes();
    let mut at = raw.len();
    while let Some(pos) = raw.get(..at).and_then(|r| r.rfind("](")) {
        at = pos;
        let Some((dest, after)) = destination(bytes, pos + 2) else {
            continue;
        };
        if closes_link(bytes, after) {
            return Some(range.start + dest.start..range.start + dest.end);
        }
    }
    None
}

/// The destination bytes of a reference definition spanning `range` (`[id]: dest "title"`).
fn definition_destination(text: &str, range: Range<usize>) -> Option<Range<usize>> {
    let raw = text.get(range.clone())?;
    let bytes = raw.as_bytes();
    let mut i = 0;
    // The label: up to the first unescaped `]`, which must be followed by `:`.
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b']' => break,
            _ => i += 1,
        }
    }
    if bytes.get(i + 1) != Some(&b':') {
        return None;
    }
    let (dest, _) = destination(bytes, i + 2)?;
    Some(range.start + dest.start..range.start + dest.end)
}

/// Scans a CommonMark link destination at `i` (after optional whitespace and one line break).
/// Returns the destination's bytes (inside `<>` for the pointy form) and the index after it.
fn destination(bytes: &[u8], mut i: usize) -> Option<(Range<usize>, usize)> {
    let mut newlines = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b' ' | b'\t' => i += 1,
            b'\n' | b'\r' if newlines == 0 => {
                newlines += 1;
                i += 1;
                if b == b'\r' && bytes.get(i) == Some(&b'\n') {
                    i += 1;
                }
            }
            _ => break,
        }
    }
    if bytes.get(i) == Some(&b'<') {
        let start = i + 1;
        let mut j = start;
        while let Some(&b) = bytes.get(j) {
            match b {
                b'\\' => j += 2,
                b'>' => return Some((start..j, j + 1)),
                b'<' | b'\n' | b'\r' => return None,
                _ => j += 1,
            }
        }
        return None;
    }
    let start = i;
    let mut depth = 0usize;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\\' if bytes.get(i + 1).is_some_and(u8::is_ascii_punctuation) => i += 2,
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' if depth == 0 => break,
            b')' => {
                depth -= 1;
                i += 1;
            }
            b if b.is_ascii_whitespace() || b.is_ascii_control() => break,
            _ => i += 1,
        }
    }
    (i > start && depth == 0).then_some((start..i.min(bytes.len()), i))
}

/// Whether the bytes from `i` are optional whitespace, an optional title, optional whitespace
/// and a final `)`.
fn closes_link(bytes: &[u8], mut i: usize) -> bool {
    let skip_ws = |i: &mut usize| {
        while bytes.get(*i).is_some_and(u8::is_ascii_whitespace) {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    if let Some(&open) = bytes.get(i) {
        let close = match open {
            b'"' => Some(b'"'),
            b'\'' => Some(b'\''),
            b'(' => Some(b')'),
            _ => None,
        };
        if let Some(close) = close {
            i += 1;
            while let Some(&b) = bytes.get(i) {
                i += 1;
                if b == b'\\' {
                    i += 1;
                } else if b == close {
                    break;
                }
            }
            skip_ws(&mut i);
        }
    }
    i + 1 == bytes.len() && bytes.get(i) == Some(&b')')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refs(text: &str) -> Vec<(Kind, String, Form)> {
        let source = Source::new(text.as_bytes().to_vec());
        references(&source, 0)
            .into_iter()
            .map(|r| {
                assert_eq!(&text[r.span.start..r.span.end], r.written, "span of {r:?}");
                (r.kind, r.written, r.form)
            })
            .collect()
    }

    /// The table-of-contents verdict from a parse of the whole text.
    fn contents(text: &str, within_lines: usize) -> bool {
        has_table_of_contents(text, within_lines, text.len())
    }

    fn rel(p: &str) -> Form {
        Form::Relative(p.to_owned())
    }

    #[test]
    fn links_images_and_definitions_with_exact_spans() {
        let got = refs(
            "See [forms](references/forms.md \"Forms\") and ![chart](<assets/my chart.png>).\n\n\
             [![badge](a.png)](b.md)\n\n[api]: ./references/api.md#auth 'API'\n",
        );
        assert_eq!(
            got,
            vec![
                (
                    Kind::Link,
                    "references/forms.md".into(),
                    rel("references/forms.md")
                ),
                (
                    Kind::Image,
                    "assets/my chart.png".into(),
                    rel("assets/my chart.png")
                ),
                (Kind::Image, "a.png".into(), rel("a.png")),
                (Kind::Link, "b.md".into(), rel("b.md")),
                (
                    Kind::Definition,
                    "./references/api.md#auth".into(),
                    rel("./references/api.md")
                ),
            ]
        );
    }

    #[test]
    fn urls_anchors_and_placeholders_are_not_paths() {
        let got = refs(
            "[a](https://x.io/a.md) [b](#setup) [c](mailto:a@b.c) [d](//cdn.io/x.js) \
             <https://x.io> [e]({path}) [f]() [g](data:text/plain,x)\n",
        );
        assert!(got.is_empty(), "{got:?}");
    }

    #[test]
    fn fragments_queries_and_percent_escapes() {
        let got = refs("[a](docs/my%20file.md?raw=1#top) [b](a\\_b.md)\n");
        assert_eq!(got[0].2, rel("docs/my file.md"));
        assert_eq!(got[0].1, "docs/my%20file.md?raw=1#top");
        assert_eq!(got[1].2, rel("a_b.md"));
    }

    #[test]
    fn fenced_and_indented_code_is_skipped() {
        let got = refs(
            "```bash\ncat [x](y.md) `scripts/a.py`\n```\n\n    [z](w.md) `scripts/b.py`\n\nok `scripts/c.py`\n",
        );
        assert_eq!(
            got,
            vec![(Kind::Code, "scripts/c.py".into(), rel("scripts/c.py"))]
        );
    }

    #[test]
    fn code_spans_shaped_like_paths() {
        for yes in [
            "scripts/extract.py",
            "./assets/x.png",
            "references/",
            "forms.md",
            "../shared/a.md",
        ] {
            assert!(code_span_path(yes).is_some(), "{yes}");
        }
        for no in [
            "@scope/pkg",
            "https://x.io/a",
            "*.py",
            "{a b}/x.md",
            "npm run build",
            "--out=dist/x",
            "a//b",
            "fetch('/api')",
            "\\d+\\.\\w+",
            "\\frac",
            "async",
            "Bash(git:*)",
            "...",
            "C#",
        ] {
            assert!(code_span_path(no).is_none(), "{no}");
        }
        assert_eq!(
            code_span_path("scripts\\helper.py"),
            Some(Form::Backslash("scripts/helper.py".into()))
        );
        assert_eq!(code_span_path("C:\\Users\\me\\x.md"), Some(Form::Absolute));
        assert_eq!(code_span_path("~/.claude/skills"), Some(Form::Absolute));
        assert_eq!(code_span_path("/etc/hosts"), Some(Form::Absolute));
    }

    #[test]
    fn patterns_stand_for_sets_of_files() {
        let pattern = |p: &str| Patterns::new([&code_span_path(p).expect("a pattern")]);
        assert_eq!(
            code_span_path("path/to/<file>"),
            Some(Form::Pattern("path/to/<file>".into()))
        );
        assert!(pattern("shared/managed-agents-*.md").matches("shared/managed-agents-core.md"));
        assert!(!pattern("shared/managed-agents-*.md").matches("shared/x/managed-agents-a.md"));
        assert!(pattern("{lang}/claude-api/README.md").matches("python/claude-api/README.md"));
        assert!(!pattern("{lang}/claude-api/README.md").matches("claude-api/README.md"));
        assert!(pattern("./references/**/*.md").matches("references/a/b/c.md"));
        assert!(pattern("references/**/*.md").matches("references/c.md"));
        assert!(pattern("projects/<slug>.md").matches("projects/acme.md"));
        // The text before the first `*` and after the last may overlap in a match.
        assert!(pattern("docs/**/guide.md").matches("docs/guide.md"));
        assert!(pattern("docs/**/guide.md").matches("docs/a/b/guide.md"));
        // Right start and end, but a `*` does not cross a `/`.
        assert!(!pattern("docs/*-guide.md").matches("docs/a/b-guide.md"));
        assert!(!pattern("docs/*-guide.md").matches("notes/a-guide.md"));
        let two = [
            code_span_path("a/*.md").expect("a pattern"),
            Form::Relative("b/c.md".into()),
            code_span_path("b/<x>.md").expect("a pattern"),
        ];
        assert!(Patterns::new(&two).matches("b/c.md"));
        assert!(Patterns::new(&two).matches("a/c.md"));
        assert!(!Patterns::new(&two).matches("c.md"));
        assert!(!Patterns::default().matches("c.md"));
        assert_eq!(code_span_path("/tmp/*.log"), None);
        assert_eq!(code_span_path("*.py"), None);
    }

    #[test]
    fn absolute_and_backslash_links() {
        let got =
            refs("[a](/Users/me/a.md) [b](C:\\x\\a.md) [c](file:///tmp/a.md) [d](refs\\a.md)\n");
        let forms: Vec<Form> = got.into_iter().map(|(_, _, f)| f).collect();
        assert_eq!(
            forms,
            vec![
                Form::Absolute,
                Form::Absolute,
                Form::Absolute,
                Form::Backslash("refs/a.md".into())
            ]
        );
    }

    #[test]
    fn code_span_spans_skip_fences_and_padding() {
        let got = refs("x `` `a/b.md` `` y ` c/d.py ` z\n");
        // The first has backticks inside: not a path. The second is padded by single spaces.
        assert_eq!(got, vec![(Kind::Code, "c/d.py".into(), rel("c/d.py"))]);
    }

    #[test]
    fn spans_are_file_offsets_from_the_start_and_after_invalid_utf8() {
        let source = Source::new(b"---\nname: x\n---\n\xFF see `scripts/a.py`\n".to_vec());
        let found = references(&source, 16);
        assert_eq!(found.len(), 1);
        assert_eq!(
            &source.bytes()[found[0].span.start..found[0].span.end],
            b"scripts/a.py"
        );
    }

    #[test]
    fn odd_input_never_panics_and_spans_stay_in_bounds() {
        const PIECES: [&[u8]; 22] = [
            b"[",
            b"]",
            b"(",
            b")",
            b"<",
            b">",
            b"`",
            b"``",
            b"\\",
            b"\n",
            b"\r",
            b" ",
            b"a/b.md",
            b"![",
            b"]:",
            b"\"t\"",
            b"#x",
            b"\xC3\xA9",
            b"\xFF",
            b"```\n",
            b"    ",
            b"- ",
        ];
        let mut seq = crate::sequence::Sequence::new(0x2545_F491_4F6C_DD1D);
        for _ in 0..2000 {
            let mut bytes = Vec::new();
            for _ in 0..24 {
                bytes.extend_from_slice(PIECES[seq.below(PIECES.len())]);
            }
            let source = Source::new(bytes);
            for start in [0, 3] {
                for r in references(&source, start.min(source.bytes().len())) {
                    assert!(r.span.start <= r.span.end && r.span.end <= source.bytes().len());
                }
            }
            let _ = contents(source.text(), 5);
        }
    }

    #[test]
    fn one_parse_gives_the_references_and_the_contents_verdict() {
        // Pieces of documents with and without a table of contents near the top, and lists
        // that run past it.
        const PIECES: [&str; 16] = [
            "# Guide\n",
            "## Contents\n",
            "**Table of contents:**\n",
            "- [Setup](#setup)\n",
            "  - [Deep](#deep)\n",
            "- plain item\n",
            "text with [a link](references/a.md) and `scripts/b.py`\n",
            "\n",
            "line\n",
            "```\n",
            "[id]: forms.md\n",
            "> quoted [x](#x)\n",
            "1. [One](#one)\n",
            "\r\n",
            "\u{e9}t\u{e9}\n",
            "*Index*\n",
        ];
        let mut seq = crate::sequence::Sequence::new(0x9E37_79B9_7F4A_7C15);
        let mut with_contents = 0;
        for _ in 0..3000 {
            let mut text = String::new();
            for _ in 0..40 {
                text.push_str(PIECES[seq.below(PIECES.len())]);
            }
            let mut bytes = text.clone().into_bytes();
            if seq.below(5) == 0 {
                bytes.push(0xFF);
            }
            let source = Source::new(bytes);
            let (found, toc) = references_and_contents(&source);
            let verdict = toc.at_top(&source);
            with_contents += usize::from(verdict);
            assert_eq!(
                (found, verdict),
                (
                    references(&source, 0),
                    contents(source.text(), TOC_WITHIN_LINES)
                ),
                "{text:?}"
            );
        }
        // Both verdicts come up.
        assert!((300..2700).contains(&with_contents), "{with_contents}");
    }

    /// Whether [`skim`] read `text` (and, when it did, that it found what the full parse finds).
    fn skims_the_same(text: &str) -> bool {
        let Some(parsed) = skimmed(text, Some(TOC_WITHIN_LINES), false) else {
            return false;
        };
        parsed.assert_same(
            &parse(text, Some(TOC_WITHIN_LINES)),
            text,
            Some(TOC_WITHIN_LINES),
        );
        true
    }

    #[test]
    fn crlf_text_is_skimmed_with_its_offsets_in_the_text() {
        let text = "# Guide\r\n\r\nSee [the API](references/api.md) and `scripts/run.py`.\r\n\r\n- [x](a/b.md)\r\n";
        let parsed = skimmed(text, Some(TOC_WITHIN_LINES), false).expect("skimmed");
        let found: Vec<&str> = parsed.hits.iter().map(|h| &text[h.range.clone()]).collect();
        assert_eq!(
            found,
            [
                "[the API](references/api.md)",
                "`scripts/run.py`",
                "[x](a/b.md)"
            ]
        );
        assert!(skims_the_same(text));
        // A `\r` that ends a line alone is left to the full parse.
        assert!(skimmed("a\rb [x](y.md)\r\n", None, false).is_none());
        let refs = refs("See [api](references/api.md).\r\nThen `x/y.py`.\r\n");
        assert_eq!(
            refs.iter().map(|(_, w, _)| w.as_str()).collect::<Vec<_>>(),
            ["references/api.md", "x/y.py"]
        );
    }

    #[test]
    fn skims_find_what_the_full_parse_finds() {
        // Lists, tables, code blocks, headings and inline constructs, each at random
        // indentation: the shapes the skim reads and some it declines.
        const PIECES: [&str; 103] = [
            "Text with `code/x.md` and [a link](a/b.md).\n",
            "\n",
            "\n",
            "- item [x](y.md)\n",
            "  - nested `a.py`\n",
            "1. one\n",
            "2. two `b/c.md`\n",
            "   continued line\n",
            "    indented [z](w.md) `q.md`\n",
            "```\n",
            "```bash\n",
            "~~~\n",
            "````\n",
            "# Heading `h.md` #\n",
            "## Contents\n",
            "Setext\n",
            "===\n",
            "---\n",
            "***\n",
            "- - -\n",
            "| a | b |\n",
            "|---|:-:|\n",
            "| `x.md` | [y](z.md) | extra `e.md` |\n",
            "a | b\n",
            "--|--\n",
            "text ``double `tick` `` more\n",
            "![img](assets/i.png)\n",
            "[![b](a.png)](b.md)\n",
            "[a [b](c.md)](d.md)\n",
            "[e](a\\_b.md) [p](a(b)c.md) [u](https://x.io)\n",
            "[ref][id] and [short]\n",
            "`unclosed\n",
            "x ` y\n",
            "[open\n",
            "](close.md)\n",
            "* star item\n",
            "+ plus `p/q.md`\n",
            "- - nested dash\n",
            "10. ten\n",
            "1) paren\n",
            "    \n",
            "  * [Setup](#setup)\n",
            "**Contents:**\n",
            "word \\[not\\](link.md)\n",
            "[a](\n",
            "next.md)\n",
            "- [A](#a)\n",
            "- [B](#b)\n",
            "`a/b.md` `` c/d.md `` `e.md`\n",
            "| only | pipes\n",
            "|\n",
            "| | |\n",
            "|   \n",
            "plain | row, more | cells | than | the head\n",
            "||\n",
            "| wow! | ok! |\n",
            "![img](i.png) wow! !![two](t.png) ![^n] \\![e](e.md)\n",
            "`c!`[d](d.md) a!`b`[f](f.md)!\n",
            "[x ![y](y.png)](z.md) !\n",
            "#nohash `n.md`\n",
            "=\n",
            "]] [[ ![ ]( `` ` `\n",
            "7. seven\n",
            "        deep `d.md`\n",
            "\u{e9}t\u{e9} [\u{e9}](\u{e9}.md)\n",
            "a <b>tag</b> and <https://x.io> `c.md` < d\n",
            "<name> [x](<y.md) `<z>`\n",
            "f> [g](h.md) <1@x.io> 1 < 2 <3\n",
            "> quoted [q](q.md) `r.md`\n",
            ">\n",
            "   > indented quote\n",
            "| a\\|b | `c\\|d.md` |\n",
            "- [ ] task [t](t.md) `u.md`\n",
            "  - [x] done `d/e.md`\n",
            "* [X]  loud [l](l.md)\n",
            "1. [ ] [first](f.md) step\n",
            "- [x]no space [n](n.md)\n",
            "- - [ ] nested task\n",
            "- [ ] ===\n",
            "- [ ] #tag and [s](s.md)\n",
            "> - quoted item [i](i.md)\n\n",
            "> ```\n",
            "> 1. one `o.md`\n\n",
            "> > nested [n](n.md)\n\n",
            "> # quoted heading `q/h.md`\n",
            ">     quoted code [c](c.md)\n\n",
            "- > quoted in an item [q](q.md)\n",
            "  > more of it `m/n.md`\n\n",
            "1. > - listed in a quote [l](l.md)\n\n",
            "<!-- a comment [x](x.md) `y.md` -->\n",
            "  <!-- indented --> [after](a.md)\n",
            "<= 4 words `w.md`\n",
            "<span>x</span> [s](s.md)\n",
            "</em> closing `c.md`\n",
            "<tablet> not a block tag\n",
            "<sourcery> [q](q.md)\n",
            // Code spans across lines, and what they may hide.
            "a `span\n",
            "ends` here [l](m.md)\n",
            "``\n",
            "`scripts/run.sh\n",
            "[label `x\n",
            "y]: def.md `\n",
            "    `in code\n",
        ];
        // Shapes the skim declines, mixed in now and then.
        const DECLINED: [&str; 25] = [
            "-\n",
            "- [ ]\n",
            "- [ ] > not a quote\n",
            "- [ ] # not a heading\n",
            "- [ ] | not | a row |\n",
            "- [ ] 1. not a list\n",
            "- [ ] ```\n",
            "<div>\n",
            "[id]: def.md\n",
            "[t](a.md \"title\")\n",
            "[x](<y z.md>)\n",
            "a\tb\n",
            "x <a href=\"[q](r.md)\">s</a>\n",
            "<!-- [c](d.md) -->\n",
            "<i [j](k.md)>\n",
            "<e\n",
            "> > nested\n",
            ">  two spaces [s](\n",
            "> - list in quote\n",
            "<!-- open [o](o.md)\n",
            "<!-->\n",
            "<details>\n",
            "</pre>\n",
            "<textarea\n",
            "<?php [p](p.md) ?>\n",
        ];
        const INDENTS: [&str; 6] = ["", "", "", " ", "  ", "   "];
        let mut seq = crate::sequence::Sequence::new(0x5DEE_CE66_D1CE_4E5B);
        // (texts, texts skimmed) with `\n` line endings, and with `\r\n` ones.
        let (mut lf, mut crlf) = ((0, 0), (0, 0));
        for _ in 0..20_000 {
            let mut text = String::new();
            for _ in 0..1 + seq.below(40) {
                if seq.below(3) == 0 {
                    text.push_str(INDENTS[seq.below(INDENTS.len())]);
                }
                if seq.below(80) == 0 {
                    text.push_str(DECLINED[seq.below(DECLINED.len())]);
                } else {
                    text.push_str(PIECES[seq.below(PIECES.len())]);
                }
            }
            if seq.below(4) == 0 {
                text.pop();
            }
            // A text in five with `\r\n` line endings, which the skim reads with the `\r` left
            // out; now and then one `\r` alone, a line ending of its own, which it declines.
            if seq.below(5) == 0 {
                text = text.replace('\n', "\r\n");
                if seq.below(10) == 0 {
                    let at = seq.below(text.len() + 1);
                    if text.is_char_boundary(at) {
                        text.insert(at, '\r');
                    }
                }
            }
            let (texts, read) = if text.contains('\r') {
                &mut crlf
            } else {
                &mut lf
            };
            *texts += 1;
            *read += usize::from(skims_the_same(&text));
        }
        // Over a third of these are read by the skim, and over a quarter of those with `\r\n`
        // endings (a tenth of them hold a lone `\r`); the rest exercise its declining.
        assert!(lf.1 * 3 > lf.0, "{lf:?}");
        assert!(crlf.1 * 4 > crlf.0, "{crlf:?}");
    }

    #[test]
    fn task_list_items_are_skimmed_unless_a_block_could_follow_the_marker() {
        for text in [
            "- [ ] read [the guide](guide.md)\n- [x] run `scripts/a.py`\n",
            "1. [X]  [first](f.md)\n   continued [c](c.md)\n",
            "- - [ ] nested [n](n.md)\n",
            "- [ ] #tag [t](t.md)\n",
            "- [x]no space [n](n.md)\n",
            "- [ ]",
        ] {
            assert!(skims_the_same(text), "{text:?}");
        }
        for text in [
            "- [ ]\n",
            "- [ ] \n",
            "- [ ] > quote\n",
            "- [ ] # heading\n",
            "- [ ] | a | b |\n",
            "- [ ] 1. one\n",
            "- [x] ```\n",
        ] {
            // Declined, so read in full: the answer is the full parse's.
            assert!(!skims_the_same(text), "{text:?}");
        }
    }

    #[test]
    fn a_comment_on_one_line_is_skimmed_over() {
        for text in [
            "Intro [x](x.md).\n\n<!-- note [n](n.md) `n.md` -->\nAfter `y.md`.\n",
            "# Title\n<!-- a --> trailing [t](t.md)\n\n[after](a.md)\n",
            "  <!-- indented -->\n- item [i](i.md)\n",
        ] {
            assert!(skims_the_same(text), "{text:?}");
            let found = refs(text);
            assert!(
                found
                    .iter()
                    .all(|(_, w, _)| !["n.md", "t.md"].contains(&w.as_str()))
            );
        }
        for text in [
            // Still open at the end of its line: it may run on over blank lines.
            "<!-- open\n\n[x](x.md) -->\n",
            // Right after a paragraph line, and inside a list.
            "Text\n<!-- c -->\n",
            "- item\n  <!-- c -->\n",
        ] {
            assert!(!skims_the_same(text), "{text:?}");
        }
    }

    #[test]
    fn a_line_opening_with_html_that_cannot_end_a_paragraph_goes_on_with_it() {
        for text in [
            "Reply with\n<one-sentence summary> and [the form](f.md).\n",
            "Use `--top`\n<number>` only` when asked; see [x](x.md).\n",
            "- item [i](i.md)\n  <= 4 words per line `w.md`\n",
            "Text\n</em> and <tablet> [t](t.md)\n",
        ] {
            assert!(skims_the_same(text), "{text:?}");
        }
        let written: Vec<String> =
            refs("Reply with\n<one-sentence summary> and [the form](f.md).\n")
                .into_iter()
                .map(|(_, w, _)| w)
                .collect();
        assert_eq!(written, ["f.md"]);
        for text in [
            // Block tags, raw text tags, comments, declarations and processing instructions
            // may end the paragraph: the full parse decides.
            "Text\n<div>\n[d](d.md)\n",
            "Text\n</P>\n",
            "Text\n<pre>\n[p](p.md)\n",
            "Text\n<Script src=x>\n",
            "Text\n<!-- c -->\n",
            "Text\n<?php ?>\n",
            "Text\n<!DOCTYPE html>\n",
        ] {
            assert!(!skims_the_same(text), "{text:?}");
        }
    }

    #[test]
    fn block_quotes_holding_blocks_are_parsed_on_their_own() {
        let quote = "> 1. Every `a.md`\n> 2. Just [b](b.md)\n>\n> ```\n> [c](c.md)\n> ```\n";
        for text in [
            format!("Intro [x](x.md).\n\n{quote}\nAfter `y.md`.\n"),
            format!("Intro [x](x.md).\n{quote}\n- item [z](z.md)\n"),
            quote.to_owned(),
            format!("> plain [p](p.md)\n{quote}"),
            "> > nested [n](n.md)\n> > - item `i.md`\n\n[after](a.md)\n".to_owned(),
        ] {
            assert!(skims_the_same(&text), "{text:?}");
        }
        let found = refs(&format!("Intro [x](x.md).\n\n{quote}\nAfter `y.md`.\n"));
        let written: Vec<&str> = found.iter().map(|(_, w, _)| w.as_str()).collect();
        assert_eq!(written, ["x.md", "a.md", "b.md", "y.md"]);
        let listed = "- step one\n\n  > 1. quoted [q](q.md)\n  > 2. `r/s.md`\n\n  more [m](m.md)\n- > [first](f.md)\n  > x\n";
        assert!(skims_the_same(listed), "{listed:?}");
        let written: Vec<String> = refs(listed).into_iter().map(|(_, w, _)| w).collect();
        assert_eq!(written, ["q.md", "r/s.md", "m.md", "f.md"]);
        for text in [
            // A line without `>` may continue the quote's paragraph lazily.
            format!("{quote}lazy [l](l.md)\n"),
            "> - item\ncontinued [c](c.md)\n".to_owned(),
            // A definition in the quote could change how links elsewhere read.
            "> - item\n>\n> [y]: y.md\n\n[x][y](z.md)\n".to_owned(),
            // In a list item, a line whose `>` is not in the item's content.
            "- > quoted\n> outside [o](o.md)\n".to_owned(),
            "- > quoted\n      > deeper [d](d.md)\n".to_owned(),
        ] {
            assert!(!skims_the_same(&text), "{text:?}");
        }
    }

    #[test]
    fn skims_of_the_corpus_find_what_the_full_parse_finds() {
        let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
        let files = crate::rules::context::testing::files_under(&corpus, |path| {
            path.extension().is_some_and(|e| e == "md")
        });
        let seen = files
            .iter()
            .filter_map(|(_, bytes)| std::str::from_utf8(bytes).ok())
            .filter(|text| skims_the_same(text))
            .count();
        // The corpus sits beside the repository in development; without it there is nothing
        // to compare.
        if corpus.is_dir() {
            assert!(seen > 0);
        }
    }

    #[test]
    fn resolution_relative_to_the_skill_and_to_the_file() {
        assert_eq!(
            resolve("forms.md", "references/guide.md"),
            vec!["forms.md".to_owned(), "references/forms.md".to_owned()]
        );
        assert_eq!(
            resolve("../scripts/a.py", "references/guide.md"),
            vec!["scripts/a.py".to_owned()]
        );
        assert_eq!(resolve("./a.md", "SKILL.md"), vec!["a.md".to_owned()]);
        assert!(resolve("../other/SKILL.md", "SKILL.md").is_empty());
    }

    #[test]
    fn extensions_are_short_ascii_and_hold_a_letter() {
        for (path, expected) in [
            ("forms.md", true),
            ("x.tar.gz", true),
            ("dir/file.md", true),
            ("\u{e9}t\u{e9}.md", true),
            ("a/b.c/d.py", true),
            (".env", false),
            ("dir/.env", false),
            ("a.", false),
            ("a.12", false),
            ("a.mp3", true),
            ("a.abcdefghij", true),
            ("a.abcdefghijk", false),
            ("dir.d/file", false),
            ("a.m\u{e9}", false),
            ("", false),
        ] {
            assert_eq!(has_extension(path), expected, "{path:?}");
        }
    }

    #[test]
    fn normalising_joins_names_and_resolves_dots() {
        let cases = [
            ("a/b.md", "", Some("a/b.md")),
            ("./a//b/./c.md", "", Some("a/b/c.md")),
            ("../c.md", "refs", Some("c.md")),
            ("../../c.md", "refs/deep", Some("c.md")),
            ("../../c.md", "refs", None),
            ("x/../y/../z", "", Some("z")),
            ("a/..", "", None),
            ("", "", None),
            (".", "refs", Some("refs")),
            ("..", "refs", None),
            ("../refs2/a", "refs/x", Some("refs/refs2/a")),
            ("/abs/p", "", Some("abs/p")),
            ("d/", "b", Some("b/d")),
        ];
        for (path, base, expected) in cases {
            assert_eq!(
                normalize(path, base).as_deref(),
                expected,
                "{path:?} in {base:?}"
            );
        }
        // Paths made of these names, with and without a base, come out as name by name.
        let names = ["a", "b.md", ".", "..", "", ".x", "..y", "c d"];
        let mut sequence = crate::sequence::Sequence::new(3);
        let mut next = |below: usize| sequence.below(below);
        let mut plain = 0;
        for _ in 0..5000 {
            let mut join = |more: usize| {
                (0..next(4) + more)
                    .map(|_| names[next(names.len())])
                    .collect::<Vec<_>>()
                    .join("/")
            };
            let path = join(1);
            let base = join(0);
            let fast = normalize(&path, &base);
            assert_eq!(fast, resolve_names(&path, &base), "{path:?} in {base:?}");
            plain += usize::from(!path.split('/').any(|n| matches!(n, "" | "." | "..")));
        }
        assert!(plain > 500, "{plain} plain paths of 5000");
    }

    #[test]
    fn names_skill_path_needs_a_known_first_directory() {
        let tree = Tree::from_paths(["SKILL.md", "references/forms.md", "templates/"]);
        let code = |p: &str| Reference {
            kind: Kind::Code,
            written: p.to_owned(),
            span: Span::default(),
            form: code_span_path(p).expect("a path"),
        };
        assert!(code("references/missing.md").names_skill_path(&tree, "SKILL.md"));
        assert!(code("scripts/run.py").names_skill_path(&tree, "SKILL.md"));
        assert!(code("templates/a.html").names_skill_path(&tree, "SKILL.md"));
        assert!(code("forms.md").names_skill_path(&tree, "references/x.md"));
        assert!(!code("src/app.ts").names_skill_path(&tree, "SKILL.md"));
        assert!(!code("report.pdf").names_skill_path(&tree, "SKILL.md"));
        assert!(!code("path/to/file.md").names_skill_path(&tree, "SKILL.md"));
    }

    #[test]
    fn tables_of_contents() {
        let long = "text\n".repeat(50);
        assert!(contents(
            &format!("# API\n\n## Contents\n- Setup\n- Calls\n\n{long}"),
            30
        ));
        assert!(contents(
            &format!(
                "# API\n\n- [Setup](#setup)\n- [Calls](#calls)\n  - [Errors](#errors)\n- [End](#end)\n{long}"
            ),
            30
        ));
        assert!(contents("# Guide\n\n**Table of Contents:**\n- Setup\n", 30));
        assert!(!contents("# Guide\n\nThe **contents** of the box.\n", 30));
        assert!(contents("## Table of Contents\n", 30));
        assert!(!contents(&format!("# API\n\n## Setup\n{long}"), 30));
        assert!(!contents(&format!("{long}## Contents\n- [a](#a)\n"), 30));
        assert!(!contents("## Indexing strategy\n", 30));
        assert!(!contents("- [a](a.md)\n- [b](b.md)\n- [c](c.md)\n", 30));
    }
}
