//! Reading prose for the content rules: the description with exact spans, the body without its
//! code, words, sentences and a cautious guess at whether a text is English.
//!
//! Every heuristic here leans towards silence: a rule that cannot read a text with confidence
//! (another language, an escaped YAML string) says nothing or points at the whole value.

use std::borrow::Cow;
use std::cell::OnceCell;
use std::cmp::Ordering;
use std::ops::Range;
use std::rc::Rc;

use crate::frontmatter::{Field, FrontmatterState};
use crate::rules::SkillContext;
use crate::source::{Source, Span, line_end, lines};

/// The `description` of a skill when it is a string with something in it.
#[derive(Debug)]
pub(super) struct Description<'a> {
    /// The value, trimmed (what [`crate::skill::Skill::description`] returns).
    pub text: &'a str,
    field: &'a Field,
    /// Bytes of leading whitespace trimmed from the value.
    lead: usize,
    /// The value as written in the file (with quotes or the block header).
    raw: Cow<'a, str>,
}

impl<'a> Description<'a> {
    pub fn of(cx: &SkillContext<'a>) -> Option<Self> {
        let field = cx.skill.field("description")?;
        let value = field.as_str()?;
        let text = value.trim();
        if text.is_empty() {
            return None;
        }
        Some(Self {
            text,
            field,
            lead: value.len() - value.trim_start().len(),
            raw: cx.skill.slice(field.value_span),
        })
    }

    /// Whether the description reads as English (mostly Latin letters, and no more foreign
    /// function words than English ones), worked out once per skill.
    pub fn is_english(&self, cx: &SkillContext<'_>) -> bool {
        *cx.memo("description is English", || {
            latin_enough(self.text) && english_words(&self.words(cx))
        })
    }

    /// The [`words`] of the text, split once per skill.
    pub fn words(&self, cx: &SkillContext<'_>) -> Vec<Word<'a>> {
        let at = cx.memo("description words", || {
            words(self.text)
                .iter()
                .map(|w| (w.start, w.end))
                .collect::<Vec<_>>()
        });
        at.iter()
            .map(|&(start, end)| Word {
                text: &self.text[start..end],
                start,
                end,
            })
            .collect()
    }

    /// The text with its quotes masked ([`mask_quotes`]) and the sentences of that
    /// ([`sentences`]), worked out once for the rules that read sentence by sentence.
    pub fn masked(&self, cx: &SkillContext<'_>) -> Rc<Masked> {
        cx.memo("description masked", || Masked::new(self.text))
    }

    /// The whole value in the file.
    pub fn whole(&self) -> Span {
        self.field.value_span
    }

    /// The file bytes of `range` of [`Description::text`]; the whole value when the text cannot
    /// be placed exactly (escape sequences, a file that is not valid UTF-8).
    pub fn span(&self, range: Range<usize>) -> Span {
        let Cow::Borrowed(raw) = &self.raw else {
            return self.whole();
        };
        let value = self.field.as_str().unwrap_or_default();
        let start = locate(raw, value, self.lead + range.start);
        let end = locate(raw, value, self.lead + range.end);
        match (start, end) {
            (Some(start), Some(end)) if start <= end => {
                let base = self.field.value_span.start;
                Span::new(base + start, base + end)
            }
            _ => self.whole(),
        }
    }
}

/// The offset in `raw` (a YAML scalar as written) of byte `target` of its parsed `value`.
/// Whitespace runs may differ (line folding, indentation); everything else must match, so an
/// escape sequence or a reordered text gives `None`.
fn locate(raw: &str, value: &str, target: usize) -> Option<usize> {
    let (mut r, quote) = if raw.starts_with(['|', '>']) {
        let content = raw.find('\n')? + 1;
        (
            content + (raw.len() - content - raw[content..].trim_start().len()),
            None,
        )
    } else if raw.starts_with(['"', '\'']) {
        (1, raw.chars().next())
    } else {
        (0, None)
    };
    let mut chars = value.char_indices().peekable();
    while let Some(&(at, c)) = chars.peek() {
        if at >= target {
            return Some(r);
        }
        if c.is_whitespace() {
            while chars
                .peek()
                .is_some_and(|&(at, c)| c.is_whitespace() && at < target)
            {
                chars.next();
            }
            let rest = raw.get(r..)?;
            let skipped = rest.len() - rest.trim_start().len();
            if skipped == 0 {
                return None;
            }
            r += skipped;
            continue;
        }
        let rest = raw.get(r..)?;
        if quote == Some('\'') && c == '\'' {
            r += rest.starts_with("''").then_some(2)?;
        } else if quote == Some('"') && rest.starts_with('\\') {
            return None;
        } else {
            r += rest.starts_with(c).then_some(c.len_utf8())?;
        }
        chars.next();
    }
    (target == value.len()).then_some(r)
}

/// The Markdown body of a skill with a closed frontmatter block, decoded, with a map back to
/// file bytes, and its lines.
#[derive(Debug, Clone)]
pub(super) struct Body<'a> {
    /// The body in the file's text, when the file is valid UTF-8 (offsets are then file offsets).
    file: &'a str,
    facts: Rc<Facts>,
    start: usize,
    /// The file has no `\r` (its encoding facts say so), so only `\n` ends the body's lines.
    lf_only: bool,
    /// When the body is the rest of a valid UTF-8 file without `\r`: the file's text before it,
    /// and the `\n`s the whole file holds (counted when it was read).
    before: Option<(&'a str, usize)>,
}

/// What the rules read from a body, worked out once per skill and only when first asked for.
#[derive(Debug, Default)]
struct Facts {
    /// The body decoded on its own, when the file is not valid UTF-8.
    decoded: Option<Source>,
    /// The parts of [`Body::text`] that [`Body::prose_lines`] gives the lines of.
    prose: OnceCell<Vec<Range<usize>>>,
}

/// A line of [`Body::text`]: its content `start..end` and the offset `next` after its
/// terminator (`\n`, `\r\n` or a lone `\r`), as [`crate::source::lines`] splits them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Line {
    pub start: usize,
    pub end: usize,
    pub next: usize,
}

impl<'a> Body<'a> {
    /// `None` when the file has no closed frontmatter block: the S00x rules report that, and
    /// the split into frontmatter and body is not known.
    pub fn of(cx: &SkillContext<'a>) -> Option<Self> {
        if !matches!(cx.skill.document.frontmatter, FrontmatterState::Present(_)) {
            return None;
        }
        let source = &cx.skill.source;
        let span = cx.skill.document.body;
        let bytes = source.bytes().get(span.start..span.end)?;
        let file = source
            .encoding()
            .invalid_utf8
            .is_none()
            .then(|| source.text().get(span.start..span.end))
            .flatten();
        let facts = cx.memo("body", || Facts {
            decoded: file.is_none().then(|| Source::new(bytes.to_vec())),
            ..Facts::default()
        });
        let endings = &source.encoding().line_endings;
        let before = file
            .filter(|_| endings.lf_only() && span.end == source.text().len())
            .and_then(|_| source.text().get(..span.start))
            .map(|before| (before, endings.lf));
        Some(Self {
            file: file.unwrap_or_default(),
            facts,
            start: span.start,
            lf_only: endings.lf_only(),
            before,
        })
    }

    pub fn text(&self) -> &str {
        self.facts.decoded.as_ref().map_or(self.file, Source::text)
    }

    /// The file bytes of a range of [`Body::text`].
    pub fn span(&self, range: Range<usize>) -> Span {
        let span = Span::new(range.start, range.end);
        match &self.facts.decoded {
            Some(decoded) => decoded.file_span(span),
            None => span,
        }
        .shifted(self.start)
    }

    /// How many lines [`crate::source::lines`] splits [`Body::text`] into, blank lines and
    /// code included.
    pub fn line_count(&self) -> usize {
        let text = self.text();
        let bytes = text.as_bytes();
        if !self.lf_only && memchr::memchr(b'\r', bytes).is_some() {
            return lines(text).count();
        }
        // The file's line feeds were counted when it was read: only the frontmatter's, a few
        // lines, are counted here.
        let line_feeds = match self.before {
            Some((before, in_file)) => {
                in_file.saturating_sub(memchr::memchr_iter(b'\n', before.as_bytes()).count())
            }
            None => memchr::memchr_iter(b'\n', bytes).count(),
        };
        line_feeds + usize::from(bytes.last().is_some_and(|&b| b != b'\n'))
    }

    /// Line `n` (counted from 0) of [`Body::text`], as [`crate::source::lines`] splits it.
    pub fn line(&self, n: usize) -> Option<Line> {
        lines(self.text()).nth(n).map(|(_, content, full)| Line {
            start: content.start,
            end: content.end,
            next: full.end,
        })
    }

    /// The lines that are prose or headings, not inside a fenced code block: (line without its
    /// terminator, its range in [`Body::text`]). Fence lines themselves are skipped too.
    pub fn prose_lines(&self) -> impl Iterator<Item = (&str, Range<usize>)> {
        part_lines(self.text(), self.prose_parts())
    }

    /// The [`Body::prose_lines`] whose first character other than a space is `#`: every line
    /// [`heading`] reads as a heading is one of them. Only the lines with a `#` are looked at.
    pub fn heading_lines(&self) -> impl Iterator<Item = (&str, Range<usize>)> {
        part_headings(self.text(), self.prose_parts())
    }

    fn prose_parts(&self) -> &[Range<usize>] {
        self.facts.prose.get_or_init(|| prose(self.text()))
    }
}

/// The lines of `parts` of `text` (each from a line start to a line's end), with their ranges in
/// `text`.
fn part_lines<'t>(
    text: &'t str,
    parts: &'t [Range<usize>],
) -> impl Iterator<Item = (&'t str, Range<usize>)> {
    parts.iter().flat_map(move |part| {
        lines(&text[part.clone()]).map(move |(line, content, _)| {
            (line, part.start + content.start..part.start + content.end)
        })
    })
}

/// The lines of [`part_lines`] whose first character other than a space is `#`.
fn part_headings<'t>(
    text: &'t str,
    parts: &'t [Range<usize>],
) -> impl Iterator<Item = (&'t str, Range<usize>)> {
    parts.iter().flat_map(move |part| {
        let bytes = &text.as_bytes()[..part.end];
        let mut at = part.start;
        std::iter::from_fn(move || {
            loop {
                let hit = at + memchr::memchr(b'#', &bytes[at..])?;
                let (start, first) = line_start(bytes, part.start, hit);
                let (end, _) = line_end(bytes, hit);
                at = end;
                if first {
                    return Some((&text[start..end], start..end));
                }
            }
        })
    })
}

/// Where the line holding `hit` starts when only spaces come before `hit` on it, and whether
/// they do; no further back than `from`, a line start.
fn line_start(bytes: &[u8], from: usize, hit: usize) -> (usize, bool) {
    let start = bytes[from..hit]
        .iter()
        .rposition(|&b| b != b' ')
        .map_or(from, |i| from + i + 1);
    let first = start == from || matches!(bytes[start - 1], b'\n' | b'\r');
    (start, first)
}

/// The parts of `text` outside fenced code blocks, fence lines left out, in order: each runs
/// from the start of a line to the end of a line's terminator (or of the text). Only the lines
/// that start, after spaces, with a `` ` `` or a `~` can open or close a fence, and only they
/// are looked at.
fn prose(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut parts = Vec::new();
    let mut fence: Option<(u8, usize)> = None;
    // Where the part being read started, outside a fence.
    let mut from = 0;
    let mut at = 0;
    while let Some(hit) = memchr::memchr2(b'`', b'~', &bytes[at..]).map(|i| at + i) {
        let (start, first) = line_start(bytes, 0, hit);
        let (end, next) = line_end(bytes, hit);
        at = next;
        if !first {
            continue;
        }
        let marker = bytes[hit];
        let run = bytes[hit..end].iter().take_while(|&&b| b == marker).count();
        match fence {
            None if hit - start <= 3 && run >= 3 => {
                if from < start {
                    parts.push(from..start);
                }
                fence = Some((marker, run));
            }
            Some((m, n)) if marker == m && run >= n && text[hit + run..end].trim().is_empty() => {
                fence = None;
                from = next;
            }
            _ => {}
        }
    }
    if fence.is_none() && from < bytes.len() {
        parts.push(from..bytes.len());
    }
    parts
}

/// An ATX heading: its level and its text (without the `#`s, trimmed).
pub(super) fn heading(line: &str) -> Option<(usize, &str)> {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return None;
    }
    let level = trimmed.chars().take_while(|&c| c == '#').count();
    let rest = &trimmed[level..];
    if !(1..=6).contains(&level) || !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
        return None;
    }
    let text = rest.trim();
    let text = text.trim_end_matches('#');
    Some((level, text.trim_end()))
}

/// A word of prose and where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Word<'a> {
    pub text: &'a str,
    pub start: usize,
    pub end: usize,
}

impl Word<'_> {
    /// Whether the word is `lower` in any ASCII case, with `’` read as `'`.
    pub fn is(&self, lower: &str) -> bool {
        // `’` takes three bytes and `'` one: only a longer word can match once it is replaced.
        match self.text.len().cmp(&lower.len()) {
            Ordering::Equal => self.text.eq_ignore_ascii_case(lower),
            // Without a `’` (0xE2 0x80 0x99) every character stands for itself, and the lengths would
            // have to match.
            Ordering::Greater if self.text.bytes().any(|b| b == 0xE2) => {
                let straight = self.text.chars().map(|c| if c == '’' { '\'' } else { c });
                straight
                    .map(|c| c.to_ascii_lowercase())
                    .eq(lower.chars().map(|c| c.to_ascii_lowercase()))
            }
            Ordering::Greater | Ordering::Less => false,
        }
    }

    pub fn lower(&self) -> String {
        if self.text.is_ascii() {
            return self.text.to_ascii_lowercase();
        }
        self.text.replace('’', "'").to_lowercase()
    }
}

/// Runs of letters and digits; an apostrophe or hyphen between two of them stays in the word
/// (`I'm`, `first-pass`, `AI-first` are one word each).
pub(super) fn words(text: &str) -> Vec<Word<'_>> {
    first_words(text, usize::MAX)
}

/// The first `n` of [`words`]: the reading stops there.
pub(super) fn first_words(text: &str, n: usize) -> Vec<Word<'_>> {
    let bytes = text.as_bytes();
    // Words of prose take six bytes or so with their space: room for most texts at once.
    let mut out = Vec::with_capacity((bytes.len() / 4 + 1).min(n));
    let mut start = None;
    let mut at = 0;
    while at < bytes.len() && out.len() < n {
        // A run of ASCII letters and digits, the most of any word, is taken whole.
        if bytes[at].is_ascii_alphanumeric() {
            start.get_or_insert(at);
            at += 1;
            while at < bytes.len() && bytes[at].is_ascii_alphanumeric() {
                at += 1;
            }
            continue;
        }
        let (alphanumeric, joiner, len) = match bytes[at] {
            b if b.is_ascii() => (b.is_ascii_alphanumeric(), b == b'\'' || b == b'-', 1),
            _ => class(text, at),
        };
        let next = at + len;
        let joins = joiner
            && start.is_some()
            && bytes.get(next).is_some_and(|&b| {
                if b.is_ascii() {
                    b.is_ascii_alphanumeric()
                } else {
                    class(text, next).0
                }
            });
        if alphanumeric || joins {
            start.get_or_insert(at);
        } else if let Some(s) = start.take() {
            out.push(Word {
                text: &text[s..at],
                start: s,
                end: at,
            });
        }
        at = next;
    }
    if let Some(s) = start {
        out.push(Word {
            text: &text[s..],
            start: s,
            end: text.len(),
        });
    }
    out
}

/// Whether the character at byte `at` of `text` is alphanumeric, whether it is `’` (which may join
/// two parts of a word), and its length.
fn class(text: &str, at: usize) -> (bool, bool, usize) {
    text.get(at..)
        .and_then(|rest| rest.chars().next())
        .map_or((false, false, 1), |c| {
            (c.is_alphanumeric(), c == '’', c.len_utf8())
        })
}

/// Function words found only in English (not in French, Spanish, Portuguese, German, Dutch or
/// Italian as common words).
const ENGLISH: &[&str] = &[
    "the", "and", "for", "with", "of", "to", "from", "this", "that", "when", "whenever", "your",
    "you", "into", "using", "use", "is", "are", "or", "by", "it", "its", "which", "should",
];

/// Common function words of other languages written in Latin script.
const FOREIGN: &[&str] = &[
    "de", "la", "le", "les", "des", "du", "et", "el", "los", "las", "y", "para", "con", "com",
    "que", "und", "der", "das", "für", "mit", "ein", "eine", "het", "een", "en", "il", "della",
    "dos", "não", "uma", "ou", "sur", "pour", "avec", "zu", "von", "nicht", "ist", "um", "pelo",
];

/// Whether a text reads as English, as far as a few function words tell: more English ones than
/// French, Spanish, Portuguese, German, Dutch or Italian ones, and mostly Latin letters. Texts
/// with no function word at all count as English. ([`Description::is_english`] asks it of a
/// description with the words it splits once.)
#[cfg(test)]
pub(super) fn looks_english(text: &str) -> bool {
    latin_enough(text) && english_words(&words(text))
}

/// Whether most letters of `text` are Latin ones (every letter of ASCII text is).
fn latin_enough(text: &str) -> bool {
    text.is_ascii() || mostly_latin(text)
}

/// Whether no more of `words` are foreign function words (French, Spanish, Portuguese, German,
/// Dutch or Italian) than English ones; words with none count as English.
fn english_words(words: &[Word<'_>]) -> bool {
    let (mut english, mut foreign) = (0, 0);
    for word in words {
        if word.text.is_ascii() {
            // Lowercased into one word of memory; one longer than every listed word is none of
            // them.
            let Some(key) = key_of(word.text.as_bytes()) else {
                continue;
            };
            english += usize::from(ENGLISH_KEYS.binary_search(&key).is_ok());
            foreign += usize::from(FOREIGN_KEYS.binary_search(&key).is_ok());
        } else {
            let lower = word.lower();
            english += usize::from(ENGLISH.contains(&lower.as_str()));
            foreign += usize::from(FOREIGN.contains(&lower.as_str()));
        }
    }
    foreign <= english
}

/// Whether at least 70 % of the letters of `text` are Latin ones.
fn mostly_latin(text: &str) -> bool {
    let letters = text.chars().filter(|c| c.is_alphabetic()).count();
    let latin = text
        .chars()
        .filter(|c| c.is_ascii_alphabetic() || ('\u{C0}'..='\u{24F}').contains(c))
        .count();
    latin * 10 >= letters * 7
}

/// The bytes of a word of at most 8 bytes, lowercased (ASCII), as one little-endian number with
/// zeros past its end: two words are equal exactly when their numbers are (words hold no zero
/// byte).
const fn key_of(word: &[u8]) -> Option<u64> {
    if word.len() > 8 {
        return None;
    }
    let mut key = 0;
    let mut i = 0;
    while i < word.len() {
        key |= (word[i].to_ascii_lowercase() as u64) << (8 * i);
        i += 1;
    }
    Some(key)
}

/// The keys ([`key_of`]) of a list of lowercase words of at most 8 bytes, ascending (for a
/// binary search).
const fn keys<const N: usize>(words: &[&str]) -> [u64; N] {
    let mut keys = [0; N];
    let mut i = 0;
    while i < N {
        keys[i] = match key_of(words[i].as_bytes()) {
            Some(key) => key,
            None => panic!("a listed word is longer than 8 bytes"),
        };
        // Insertion into the sorted part before it.
        let mut j = i;
        while j > 0 && keys[j - 1] > keys[j] {
            let swap = keys[j - 1];
            keys[j - 1] = keys[j];
            keys[j] = swap;
            j -= 1;
        }
        i += 1;
    }
    keys
}

const ENGLISH_KEYS: [u64; ENGLISH.len()] = keys(ENGLISH);
const FOREIGN_KEYS: [u64; FOREIGN.len()] = keys(FOREIGN);

/// `text` with quoted passages (`"…"`, `“…”`, `'…'`, `` `…` ``) blanked out byte for byte, so
/// that offsets still match. Quotes in a description are examples of what users say, not the
/// description's own voice.
pub(super) fn mask_quotes(text: &str) -> String {
    let mut out = text.as_bytes().to_vec();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // Only `"`, `` ` ``, `'` and `“` (0xE2 0x80 0x9C) open a quote: skip to the next one.
        let Some(skip) = bytes[i..]
            .iter()
            .position(|b| matches!(b, b'"' | b'`' | b'\'' | 0xE2))
        else {
            break;
        };
        i += skip;
        let rest = &text[i..];
        let Some(open) = rest.chars().next() else {
            break;
        };
        let close = match open {
            '"' => Some('"'),
            '“' => Some('”'),
            '`' => Some('`'),
            '\'' if i == 0 || !prev_char(text, i).is_some_and(char::is_alphanumeric) => Some('\''),
            _ => None,
        };
        let end = close.and_then(|close| {
            let body = &rest[open.len_utf8()..];
            body.char_indices()
                .filter(|&(_, c)| c == close)
                .map(|(at, _)| i + open.len_utf8() + at + close.len_utf8())
                .find(|&end| {
                    close != '\''
                        || !text[end..]
                            .chars()
                            .next()
                            .is_some_and(char::is_alphanumeric)
                })
                .filter(|&end| open != '\'' || !text[i..end].contains('\n'))
        });
        match end {
            Some(end) => {
                out[i..end].fill(b' ');
                i = end;
            }
            None => i += open.len_utf8(),
        }
    }
    // Only ASCII spaces replaced whole characters, so the bytes are still UTF-8.
    String::from_utf8(out).unwrap_or_else(|_| text.to_owned())
}

fn prev_char(text: &str, at: usize) -> Option<char> {
    text[..at].chars().next_back()
}

/// Words after which a period does not end a sentence.
const ABBREVIATIONS: &[&str] = &[
    "e.g", "i.e", "vs", "cf", "etc", "approx", "incl", "eg", "ie",
];

/// A text with its quotes masked, and its sentences.
#[derive(Debug)]
pub struct Masked {
    pub text: String,
    pub sentences: Vec<Range<usize>>,
}

impl Masked {
    pub fn new(text: &str) -> Self {
        let text = mask_quotes(text);
        let sentences = sentences(&text);
        Self { text, sentences }
    }
}

/// The sentences of a (masked) text as byte ranges. A sentence ends at `.`, `!` or `?` followed
/// by whitespace (not after an abbreviation such as `e.g.`), at a blank line, or before a line
/// that starts a list item.
pub(super) fn sentences(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let next_is_space = bytes.get(i + 1).is_none_or(u8::is_ascii_whitespace);
        let ends = match b {
            b'.' => next_is_space && !after_abbreviation(&text[..i]),
            b'!' | b'?' => next_is_space,
            b'\n' => {
                let rest = text[i + 1..].trim_start_matches([' ', '\t']);
                rest.starts_with('\n')
                    || rest.starts_with("- ")
                    || rest.starts_with("* ")
                    || rest.starts_with("• ")
            }
            _ => false,
        };
        if ends {
            out.push(start..i + 1);
            start = i + 1;
        }
        i += 1;
    }
    if start < text.len() {
        out.push(start..text.len());
    }
    out.retain(|r| !text[r.clone()].trim().is_empty());
    out
}

fn after_abbreviation(before: &str) -> bool {
    let word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    ABBREVIATIONS.contains(&word.as_str())
}

/// `count` texts of up to 40 `pieces` each, picked by a fixed pseudo-random sequence: varied
/// input for the tests that hold a fast path to the plain reading it replaces.
#[cfg(test)]
pub(super) fn mixed(pieces: &[&str], count: usize) -> Vec<String> {
    let mut seq = crate::sequence::Sequence::new(0x2545_F491_4F6C_DD1D);
    (0..count)
        .map(|_| {
            (0..seq.below(41))
                .map(|_| pieces[seq.below(pieces.len())])
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PIECES: &[&str] = &[
        "\n",
        "\r",
        "\r\n",
        " ",
        "  ",
        "    ",
        "\t",
        "```",
        "~~~",
        "``",
        "`",
        "#",
        "## ",
        "a",
        "Word",
        "the",
        "WITH",
        "de",
        "für",
        "Für",
        "não",
        "don’t",
        "I'm",
        "-",
        "'",
        "’",
        "\"",
        "“",
        "”",
        "é",
        "日本",
        "2025",
        "19",
        "1",
        "x-y",
        "İ",
        "\u{212A}",
        "\u{FFFD}",
        ".",
        "e.g.",
        "!",
        "? ",
        "- ",
        "* ",
        "• ",
        "(",
        "whenever",
        "reading",
        "\u{1F389}",
    ];

    /// The plain readings the fast paths above replace.
    mod plain {
        use std::cmp::Ordering;
        use std::ops::Range;

        use super::super::{Word, prev_char};
        use crate::source::lines;

        pub fn prose_lines(text: &str) -> Vec<(&str, Range<usize>)> {
            let mut fence: Option<(char, usize)> = None;
            lines(text)
                .filter_map(move |(line, span, _)| {
                    let trimmed = line.trim_start_matches(' ');
                    let indent = line.len() - trimmed.len();
                    let marker = trimmed.chars().next().filter(|c| matches!(c, '`' | '~'));
                    let run = marker.map_or(0, |m| trimmed.chars().take_while(|&c| c == m).count());
                    match (fence, marker) {
                        (None, Some(m)) if indent <= 3 && run >= 3 => {
                            fence = Some((m, run));
                            None
                        }
                        (Some((m, n)), Some(c))
                            if c == m && run >= n && trimmed[run..].trim().is_empty() =>
                        {
                            fence = None;
                            None
                        }
                        (Some(_), _) => None,
                        (None, _) => Some((line, span.start..span.end)),
                    }
                })
                .collect()
        }

        pub fn words(text: &str) -> Vec<Word<'_>> {
            let mut out = Vec::new();
            let mut start = None;
            let mut chars = text.char_indices().peekable();
            while let Some((at, c)) = chars.next() {
                let joins = matches!(c, '\'' | '’' | '-')
                    && start.is_some()
                    && chars.peek().is_some_and(|&(_, n)| n.is_alphanumeric());
                if c.is_alphanumeric() || joins {
                    start.get_or_insert(at);
                } else if let Some(s) = start.take() {
                    out.push(Word {
                        text: &text[s..at],
                        start: s,
                        end: at,
                    });
                }
            }
            if let Some(s) = start {
                out.push(Word {
                    text: &text[s..],
                    start: s,
                    end: text.len(),
                });
            }
            out
        }

        pub fn is(word: &Word<'_>, lower: &str) -> bool {
            match word.text.len().cmp(&lower.len()) {
                Ordering::Equal => word.text.eq_ignore_ascii_case(lower),
                Ordering::Greater => {
                    let straight = word.text.chars().map(|c| if c == '’' { '\'' } else { c });
                    straight
                        .map(|c| c.to_ascii_lowercase())
                        .eq(lower.chars().map(|c| c.to_ascii_lowercase()))
                }
                Ordering::Less => false,
            }
        }

        pub fn looks_english(text: &str) -> bool {
            use super::super::{ENGLISH, FOREIGN, mostly_latin};
            if !mostly_latin(text) {
                return false;
            }
            let (mut english, mut foreign) = (0, 0);
            for word in words(text) {
                let lower = word.lower();
                english += usize::from(ENGLISH.contains(&lower.as_str()));
                foreign += usize::from(FOREIGN.contains(&lower.as_str()));
            }
            foreign <= english
        }

        pub fn mask_quotes(text: &str) -> String {
            let mut out = text.as_bytes().to_vec();
            let bytes = text.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                let rest = &text[i..];
                let Some(open) = rest.chars().next() else {
                    break;
                };
                let close = match open {
                    '"' => Some('"'),
                    '“' => Some('”'),
                    '`' => Some('`'),
                    '\'' if i == 0 || !prev_char(text, i).is_some_and(char::is_alphanumeric) => {
                        Some('\'')
                    }
                    _ => None,
                };
                let end = close.and_then(|close| {
                    let body = &rest[open.len_utf8()..];
                    body.char_indices()
                        .filter(|&(_, c)| c == close)
                        .map(|(at, _)| i + open.len_utf8() + at + close.len_utf8())
                        .find(|&end| {
                            close != '\''
                                || !text[end..]
                                    .chars()
                                    .next()
                                    .is_some_and(char::is_alphanumeric)
                        })
                        .filter(|&end| open != '\'' || !text[i..end].contains('\n'))
                });
                match end {
                    Some(end) => {
                        out[i..end].fill(b' ');
                        i = end;
                    }
                    None => i += open.len_utf8(),
                }
            }
            String::from_utf8(out).unwrap_or_else(|_| text.to_owned())
        }
    }

    #[test]
    fn prose_lines_read_as_before() {
        let (mut headings, mut parts) = (0, 0);
        for text in mixed(PIECES, 3000) {
            let prose = prose(&text);
            let want = plain::prose_lines(&text);
            let got: Vec<(&str, Range<usize>)> = part_lines(&text, &prose).collect();
            assert_eq!(got, want, "{text:?}");
            let want: Vec<_> = want
                .into_iter()
                .filter(|(line, _)| line.trim_start_matches(' ').starts_with('#'))
                .collect();
            let got: Vec<(&str, Range<usize>)> = part_headings(&text, &prose).collect();
            assert_eq!(got, want, "{text:?}");
            headings += got.len();
            parts += prose.len();
        }
        // The texts hold headings, and fences that cut them into several parts.
        assert!(headings > 100 && parts > 1000, "{headings} {parts}");
    }

    #[test]
    fn a_body_counts_and_finds_its_lines_as_lines_splits_them() {
        let settings = crate::rules::Settings::default();
        for text in mixed(PIECES, 3000) {
            let file = format!("---\nname: a\n---\n{text}");
            let skill = crate::rules::context::testing::skill("a", &file);
            let cx = SkillContext::new(&skill, &[], &settings);
            let body = Body::of(&cx).unwrap();
            let all: Vec<Line> = lines(&text)
                .map(|(_, content, full)| Line {
                    start: content.start,
                    end: content.end,
                    next: full.end,
                })
                .collect();
            assert_eq!(body.line_count(), all.len(), "{text:?}");
            for (n, line) in all.iter().enumerate() {
                assert_eq!(body.line(n), Some(*line), "{text:?}");
            }
            assert_eq!(body.line(all.len()), None, "{text:?}");
        }
    }

    #[test]
    fn words_quotes_and_language_read_as_before() {
        let lists = ENGLISH.iter().chain(FOREIGN);
        assert!(lists.filter(|w| w.is_ascii()).all(|w| w.len() <= 8));
        for text in mixed(PIECES, 3000) {
            let got = words(&text);
            assert_eq!(got, plain::words(&text), "{text:?}");
            for word in &got {
                for lower in ["don't", "i'm", "the", "with", "a", "x-y", "word", "für"] {
                    assert_eq!(word.is(lower), plain::is(word, lower), "{word:?} {lower}");
                }
            }
            assert_eq!(mask_quotes(&text), plain::mask_quotes(&text), "{text:?}");
            assert_eq!(
                looks_english(&text),
                plain::looks_english(&text),
                "{text:?}"
            );
        }
    }

    #[test]
    fn locate_maps_plain_quoted_and_folded_values() {
        assert_eq!(locate("Reads PDFs.", "Reads PDFs.", 6), Some(6));
        assert_eq!(locate("\"Reads PDFs.\"", "Reads PDFs.", 6), Some(7));
        assert_eq!(locate("'It''s here'", "It's here", 5), Some(7));
        assert_eq!(locate("Reads\n  PDFs.", "Reads PDFs.", 6), Some(8));
        assert_eq!(locate(">-\n  Reads\n  PDFs.", "Reads PDFs.", 6), Some(13));
        assert_eq!(
            locate("|\n  Reads\n  PDFs.\n", "Reads\nPDFs.\n", 6),
            Some(12)
        );
        assert_eq!(locate("\"a\\tb c\"", "a\tb c", 4), None);
        assert_eq!(locate("other", "Reads", 2), None);
        assert_eq!(locate("Reads", "Reads", 5), Some(5));
    }

    #[test]
    fn the_first_words_are_the_first_of_all_words() {
        for text in mixed(PIECES, 500) {
            let all = words(&text);
            for n in [0, 1, 2, 5] {
                assert_eq!(
                    first_words(&text, n),
                    all[..n.min(all.len())],
                    "{text:?} {n}"
                );
            }
        }
    }

    #[test]
    fn words_keep_apostrophes_and_hyphens_inside() {
        let got: Vec<&str> = words("I'm an AI-first tool (v2); don’t - stop")
            .iter()
            .map(|w| w.text)
            .collect();
        assert_eq!(
            got,
            ["I'm", "an", "AI-first", "tool", "v2", "don’t", "stop"]
        );
        assert!(words("don’t")[0].is("don't"));
        assert!(words("Don’t")[0].is("don't"));
        assert!(words("DON'T")[0].is("don't"));
        assert!(!words("don’t")[0].is("dont"));
        assert!(!words("don")[0].is("don't"));
    }

    #[test]
    fn english_is_told_from_other_latin_languages() {
        assert!(looks_english(
            "Processes Excel files and generates reports."
        ));
        assert!(looks_english("Helps with PDFs."));
        assert!(looks_english("Processes data"));
        assert!(!looks_english(
            "Responde dúvidas de legislação trabalhista para equipes de RH e calcula verbas."
        ));
        assert!(!looks_english(
            "Erstellt Berichte und Tabellen für Excel mit Diagrammen."
        ));
        assert!(!looks_english(
            "Traite les fichiers PDF et génère des rapports."
        ));
        assert!(!looks_english(
            "处理 PDF 文件并生成报告。在用户需要时使用。"
        ));
    }

    #[test]
    fn quotes_are_masked_byte_for_byte() {
        let text = "Use when asked \"I need “this”\" or 'can you help' but keep user's and `you`.";
        let masked = mask_quotes(text);
        assert_eq!(masked.len(), text.len());
        assert!(!masked.contains("I need"));
        assert!(!masked.contains("can you"));
        assert!(masked.contains("user's"));
        assert!(!masked.contains("`you`"));
    }

    #[test]
    fn sentences_split_on_stops_not_abbreviations() {
        let text = "Reads files, e.g. PDFs. You can use it! Ask? Yes.\n\n- item one\nmore";
        let got: Vec<&str> = sentences(text)
            .into_iter()
            .map(|r| text[r].trim())
            .collect();
        assert_eq!(
            got,
            [
                "Reads files, e.g. PDFs.",
                "You can use it!",
                "Ask?",
                "Yes.",
                "- item one\nmore"
            ]
        );
    }

    #[test]
    fn headings_are_atx_only() {
        assert_eq!(heading("## When to use ##"), Some((2, "When to use")));
        assert_eq!(heading("   # Title"), Some((1, "Title")));
        assert_eq!(heading("#hashtag"), None);
        assert_eq!(heading("    # code"), None);
        assert_eq!(heading("####### seven"), None);
    }
}
