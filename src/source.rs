//! The raw bytes of a `SKILL.md` and the encoding facts about them.
//!
//! Rules judge encoding problems (BOM, CRLF, invalid UTF-8, NUL bytes); this module only records
//! them. Text is decoded lossily so that parsing can go on, and every offset the rest of the crate
//! hands out is a byte offset into the *original* bytes: [`Source::file_offset`] maps an offset in
//! the decoded text back to the file.

use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;

/// A half-open byte range `start..end` in the original file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Self {
        Self { start, end }
    }

    pub const fn len(self) -> usize {
        self.end - self.start
    }

    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The same span moved `by` bytes to the right.
    pub const fn shifted(self, by: usize) -> Self {
        Self::new(self.start + by, self.end + by)
    }
}

/// Line-ending facts: counts and the first offset of each kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct LineEndings {
    pub lf: usize,
    pub crlf: usize,
    pub lone_cr: usize,
    /// Byte offset of the first `\r\n`.
    pub first_crlf: Option<usize>,
    /// Byte offset of the first `\r` not followed by `\n`.
    pub first_lone_cr: Option<usize>,
}

impl LineEndings {
    /// Whether the file holds no `\r` at all: only `\n` ends its lines.
    pub const fn lf_only(&self) -> bool {
        self.crlf == 0 && self.lone_cr == 0
    }
}

/// Encoding facts recorded while reading the file. Nothing here is fixed: the rules decide.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Encoding {
    /// The file starts with the UTF-8 byte order mark `EF BB BF`.
    pub bom: bool,
    pub line_endings: LineEndings,
    /// Byte offset of the first byte that is not valid UTF-8.
    pub invalid_utf8: Option<usize>,
    /// Byte offset of the first NUL byte, and how many there are.
    pub first_nul: Option<usize>,
    pub nul_count: usize,
}

/// Where lines start, and how many characters precede some offsets, so that a line and column
/// cost a binary search and a short count however long the file and however many are asked.
#[derive(Debug, Clone, PartialEq, Eq)]
struct LineIndex {
    /// 0, then the offset after every line ending (`\n`, `\r\n`, lone `\r`).
    starts: Vec<usize>,
    /// (byte offset, characters before it) at decoding boundaries about every [`MARK_EVERY`]
    /// bytes, first (0, 0); empty for an ASCII file, where every byte is a character.
    marks: Vec<(usize, usize)>,
}

/// How far apart the character-count marks are.
const MARK_EVERY: usize = 256;

impl LineIndex {
    fn new(bytes: &[u8]) -> Self {
        let mut starts = vec![0];
        starts.extend(
            memchr::memchr2_iter(b'\n', b'\r', bytes)
                .filter(|&i| bytes[i] == b'\n' || bytes.get(i + 1) != Some(&b'\n'))
                .map(|i| i + 1),
        );
        // Kept as long as the file is: no room for more.
        starts.shrink_to_fit();
        if bytes.is_ascii() {
            return Self {
                starts,
                marks: Vec::new(),
            };
        }
        let mut marks = vec![(0, 0)];
        if std::str::from_utf8(bytes).is_ok() {
            // Valid UTF-8: every byte that is not a continuation byte starts a character.
            let (mut at, mut chars) = (0usize, 0usize);
            while at + MARK_EVERY < bytes.len() {
                let mut next = at + MARK_EVERY;
                while next < bytes.len() && bytes[next] & 0xC0 == 0x80 {
                    next += 1;
                }
                chars += bytes[at..next]
                    .iter()
                    .map(|&b| usize::from(b & 0xC0 != 0x80))
                    .sum::<usize>();
                marks.push((next, chars));
                at = next;
            }
            marks.shrink_to_fit();
            return Self { starts, marks };
        }
        let (mut at, mut chars) = (0usize, 0usize);
        for chunk in bytes.utf8_chunks() {
            for c in chunk.valid().chars() {
                at += c.len_utf8();
                chars += 1;
                if at - marks[marks.len() - 1].0 >= MARK_EVERY {
                    marks.push((at, chars));
                }
            }
            if !chunk.invalid().is_empty() {
                at += chunk.invalid().len();
                chars += 1;
                if at - marks[marks.len() - 1].0 >= MARK_EVERY {
                    marks.push((at, chars));
                }
            }
        }
        marks.shrink_to_fit();
        Self { starts, marks }
    }

    /// Characters (invalid sequences count one each, as decoded) in `bytes[..offset]`.
    fn chars_before(&self, bytes: &[u8], offset: usize) -> usize {
        if self.marks.is_empty() {
            return offset;
        }
        let i = self.marks.partition_point(|&(at, _)| at <= offset) - 1;
        let (at, chars) = self.marks[i];
        chars + char_count(&bytes[at..offset])
    }
}

/// The line and column just past `part`, in a file where only `\n` ends a line and `part` starts
/// at line and column `at`: each line ending in it moves to the next line's first column, and
/// the characters after the last one move along it.
fn count_on(at: (usize, usize), part: &[u8]) -> (usize, usize) {
    match memchr::memrchr(b'\n', part) {
        None => (at.0, at.1 + char_count(part)),
        Some(last) => (
            at.0 + memchr::memchr_iter(b'\n', part).count(),
            char_count(&part[last + 1..]) + 1,
        ),
    }
}

/// The characters `part` decodes to, an invalid sequence counting one.
fn char_count(part: &[u8]) -> usize {
    if part.is_ascii() {
        return part.len();
    }
    match std::str::from_utf8(part) {
        Ok(text) => text.chars().count(),
        Err(_) => String::from_utf8_lossy(part).chars().count(),
    }
}

/// The bytes of a file, their lossy UTF-8 decoding, and the map between the two.
#[derive(Debug, Clone)]
pub struct Source {
    text: String,
    /// The bytes when they are not valid UTF-8; otherwise they are `text`'s own.
    invalid_bytes: Option<Vec<u8>>,
    /// For each replacement character in `text`: (offset in text, offset in bytes) of the byte
    /// right after it. Empty when the file is valid UTF-8 (then offsets are identical).
    remap: Vec<(usize, usize)>,
    encoding: Encoding,
    /// Built when [`Source::line_starts`] is asked for, or after [`COUNTED`] line/column
    /// look-ups.
    lines: std::sync::OnceLock<LineIndex>,
    /// How many line/column look-ups were answered by counting, without the index.
    counted: Counted,
}

/// A file's first look-ups of a line and column count the line endings before the offset: most
/// files with findings have one or two, and a count costs a pass over the bytes before it,
/// where the index costs more than a pass over the whole file. Past this many, the index is
/// built, so that a file with thousands of findings costs a binary search for each.
const COUNTED: usize = 8;

/// A counter that a shared [`Source`] updates (a clone starts from the same count).
#[derive(Debug, Default)]
struct Counted(AtomicUsize);

impl Clone for Counted {
    fn clone(&self) -> Self {
        Self(AtomicUsize::new(self.0.load(Ordering::Relaxed)))
    }
}

/// Two sources are equal when their bytes are (the line index is only a cache).
impl PartialEq for Source {
    fn eq(&self, other: &Self) -> bool {
        self.bytes() == other.bytes()
    }
}

impl Eq for Source {}

pub const BOM: &[u8] = b"\xEF\xBB\xBF";

impl Source {
    pub fn new(bytes: Vec<u8>) -> Self {
        // Most files hold neither a NUL nor a `\r`: one pass tells, and only a file with one of
        // them is looked at for each.
        let plain = memchr::memchr2(0, b'\r', &bytes).is_none();
        let (first_nul, nul_count) = if plain { (None, 0) } else { nuls(&bytes) };
        let line_endings = line_endings(&bytes, plain);
        let mut encoding = Encoding {
            bom: bytes.starts_with(BOM),
            line_endings,
            invalid_utf8: None,
            first_nul,
            nul_count,
        };
        match String::from_utf8(bytes) {
            Ok(text) => Self {
                text,
                invalid_bytes: None,
                remap: Vec::new(),
                encoding,
                lines: std::sync::OnceLock::new(),
                counted: Counted::default(),
            },
            Err(err) => {
                encoding.invalid_utf8 = Some(err.utf8_error().valid_up_to());
                let bytes = err.into_bytes();
                let (text, remap) = decode_lossy(&bytes);
                Self {
                    text,
                    invalid_bytes: Some(bytes),
                    remap,
                    encoding,
                    lines: std::sync::OnceLock::new(),
                    counted: Counted::default(),
                }
            }
        }
    }

    pub fn bytes(&self) -> &[u8] {
        self.invalid_bytes
            .as_deref()
            .unwrap_or(self.text.as_bytes())
    }

    /// The decoded text; invalid UTF-8 sequences appear as U+FFFD.
    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn encoding(&self) -> &Encoding {
        &self.encoding
    }

    /// How many lines [`lines`] splits [`Source::text`] into, from the line endings counted when
    /// the file was read (decoding never adds or removes a `\n` or `\r`).
    pub fn line_count(&self) -> usize {
        let endings = &self.encoding.line_endings;
        let unterminated = !self.text.is_empty() && !self.text.ends_with(['\n', '\r']);
        endings.lf + endings.crlf + endings.lone_cr + usize::from(unterminated)
    }

    /// Maps a byte offset in [`Source::text`] to the byte offset in the file.
    pub fn file_offset(&self, text_offset: usize) -> usize {
        if self.remap.is_empty() {
            return text_offset;
        }
        // The last replacement that ends at or before `text_offset` decides the delta.
        let idx = self.remap.partition_point(|&(t, _)| t <= text_offset);
        match idx {
            0 => text_offset,
            i => {
                let (t, b) = self.remap[i - 1];
                b + (text_offset - t)
            }
        }
    }

    /// Maps a span in [`Source::text`] to a span in the file.
    pub fn file_span(&self, text_span: Span) -> Span {
        Span::new(
            self.file_offset(text_span.start),
            self.file_offset(text_span.end),
        )
    }

    /// 1-based line and column (in characters) of a byte offset in the file. Lines end at
    /// `\n`, `\r\n` or a lone `\r`, as in the frontmatter split. The first [`COUNTED`]
    /// look-ups in a file without `\r` count the line endings before the offset; the others
    /// take a binary search and a count of at most a few hundred bytes in the file's line index.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let bytes = self.bytes();
        let offset = offset.min(bytes.len());
        if self.lines.get().is_none()
            && self.encoding.line_endings.lf_only()
            && self.counted.0.fetch_add(1, Ordering::Relaxed) < COUNTED
        {
            return count_on((1, 1), &bytes[..offset]);
        }
        let index = self.lines.get_or_init(|| LineIndex::new(bytes));
        let line = index.starts.partition_point(|&s| s <= offset);
        let line_start = index.starts[line - 1];
        let column = index.chars_before(bytes, offset) - index.chars_before(bytes, line_start) + 1;
        (line, column)
    }

    /// [`Source::line_col`] of both ends of a span (`start <= end`). In a file whose lines end
    /// only at `\n` and that has no line index yet, the end is counted on from the start: a
    /// report locates its findings after the checks, when the files' bytes are no longer in any
    /// cache, and the part before the start is then read once, not twice.
    pub fn span_line_cols(&self, start: usize, end: usize) -> ((usize, usize), (usize, usize)) {
        let bytes = self.bytes();
        let end = end.min(bytes.len());
        let start = start.min(end);
        // Counting on from the start adds up the same only where no character runs across it.
        let splits_a_character = bytes.get(start).is_some_and(|&b| b & 0xC0 == 0x80);
        if self.lines.get().is_some() || !self.encoding.line_endings.lf_only() || splits_a_character
        {
            return (self.line_col(start), self.line_col(end));
        }
        let from = self.line_col(start);
        (from, count_on(from, &bytes[start..end]))
    }

    /// The offsets where lines start: 0, then after every `\n`, `\r\n` and lone `\r`.
    pub fn line_starts(&self) -> &[usize] {
        &self
            .lines
            .get_or_init(|| LineIndex::new(self.bytes()))
            .starts
    }
}

/// Lossy UTF-8 decoding of bytes that are not valid UTF-8, remembering where each replacement
/// went.
fn decode_lossy(bytes: &[u8]) -> (String, Vec<(usize, usize)>) {
    let mut text = String::with_capacity(bytes.len() + 8);
    let mut remap = Vec::new();
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        if !chunk.invalid().is_empty() {
            text.push(char::REPLACEMENT_CHARACTER);
            let byte_end = chunk_end(bytes, chunk.invalid());
            remap.push((text.len(), byte_end));
        }
    }
    (text, remap)
}

/// Where `needle` first occurs in `haystack`, found many bytes at a time.
pub fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(haystack, needle)
}

/// A byte string to look for in many texts, its searcher built once.
#[derive(Debug)]
pub struct Needle(memchr::memmem::Finder<'static>);

impl Needle {
    pub fn new(needle: &'static [u8]) -> Self {
        Self(memchr::memmem::Finder::new(needle))
    }

    /// Where the needle occurs in `haystack`, in order and without overlaps, found many bytes at
    /// a time.
    pub fn find_all<'h>(&'h self, haystack: &'h [u8]) -> impl Iterator<Item = usize> + 'h {
        self.0.find_iter(haystack)
    }
}

/// Whether any of the bytes of `set` occurs in `haystack`, looked for many bytes at a time.
pub fn contains_any(haystack: &[u8], set: &[u8]) -> bool {
    set.chunks(3).any(|some| match *some {
        [a] => memchr::memchr(a, haystack).is_some(),
        [a, b] => memchr::memchr2(a, b, haystack).is_some(),
        [a, b, c] => memchr::memchr3(a, b, c, haystack).is_some(),
        _ => false,
    })
}

/// Offset just past `part`, a subslice of `whole`.
fn chunk_end(whole: &[u8], part: &[u8]) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize + part.len()
}

/// The offset of the first NUL byte, and how many there are.
fn nuls(bytes: &[u8]) -> (Option<usize>, usize) {
    match memchr::memchr(0, bytes) {
        None => (None, 0),
        Some(first) => (Some(first), memchr::memchr_iter(0, bytes).count()),
    }
}

/// The line-ending facts of `bytes`; `without_cr` when they are already known to hold no `\r`.
fn line_endings(bytes: &[u8], without_cr: bool) -> LineEndings {
    if without_cr || memchr::memchr(b'\r', bytes).is_none() {
        return LineEndings {
            lf: memchr::memchr_iter(b'\n', bytes).count(),
            ..LineEndings::default()
        };
    }
    let mut le = LineEndings::default();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'\n' if i > 0 && bytes[i - 1] == b'\r' => {
                le.crlf += 1;
                le.first_crlf.get_or_insert(i - 1);
            }
            b'\n' => le.lf += 1,
            b'\r' if bytes.get(i + 1) != Some(&b'\n') => {
                le.lone_cr += 1;
                le.first_lone_cr.get_or_insert(i);
            }
            _ => {}
        }
    }
    le
}

/// The lines of `text` with their spans, splitting on `\n`, `\r\n` and lone `\r` (universal
/// newlines). Each item is (content without terminator, span of content, span including the
/// terminator).
pub fn lines(text: &str) -> impl Iterator<Item = (&str, Span, Span)> {
    let bytes = text.as_bytes();
    let mut pos = 0;
    std::iter::from_fn(move || {
        if pos >= bytes.len() {
            return None;
        }
        let start = pos;
        let (end, next) = line_end(bytes, start);
        pos = next;
        Some((
            &text[start..end],
            Span::new(start, end),
            Span::new(start, next),
        ))
    })
}

/// Where the line holding byte `at` of `bytes` ends, before its terminator (`\n`, `\r\n` or a
/// lone `\r`, as [`lines`] splits them), and where the next line starts.
pub fn line_end(bytes: &[u8], at: usize) -> (usize, usize) {
    let end = memchr::memchr2(b'\n', b'\r', &bytes[at..]).map_or(bytes.len(), |i| at + i);
    let next = match bytes.get(end) {
        Some(b'\r') if bytes.get(end + 1) == Some(&b'\n') => end + 2,
        Some(_) => end + 1,
        None => end,
    };
    (end, next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_starts_are_where_each_kind_of_line_ending_ends() {
        let pieces: [&[u8]; 8] = [
            b"a",
            b"\xC3\xA9",
            b"\n",
            b"\r\n",
            b"\r",
            b"\xFF",
            b"  ",
            b"\n\n",
        ];
        let mut seed = 5u64;
        for round in 0..500 {
            let mut bytes = Vec::new();
            for _ in 0..round % 40 {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                // Half the texts without `\r` or invalid bytes, so both ways of indexing run.
                let choices = if round % 2 == 0 { 8 } else { 3 };
                let piece = pieces[[0, 1, 2, 6, 7, 3, 4, 5][(seed >> 33) as usize % choices]];
                bytes.extend_from_slice(piece);
            }
            let mut want = vec![0];
            for (i, &b) in bytes.iter().enumerate() {
                if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
                    want.push(i + 1);
                }
            }
            assert_eq!(Source::new(bytes.clone()).line_starts(), want, "{bytes:?}");
        }
    }

    #[test]
    fn valid_utf8_maps_offsets_to_themselves() {
        let s = Source::new(b"abc\ndef".to_vec());
        assert_eq!(s.file_offset(5), 5);
        assert_eq!(s.encoding().invalid_utf8, None);
        assert_eq!(s.line_col(5), (2, 2));
    }

    #[test]
    fn invalid_utf8_is_recorded_and_offsets_map_back() {
        // "ab" + two invalid bytes (each its own replacement) + "cd"
        let s = Source::new(b"ab\xFF\xFEcd".to_vec());
        assert_eq!(s.bytes(), b"ab\xFF\xFEcd");
        assert_eq!(s.encoding().invalid_utf8, Some(2));
        assert_eq!(s.text(), "ab\u{FFFD}\u{FFFD}cd");
        // "c" is at text offset 8 (2 + 3 + 3) and byte offset 4.
        assert_eq!(s.file_offset(8), 4);
        assert_eq!(s.file_offset(2), 2);
        assert_eq!(s.file_offset(9), 5);
    }

    #[test]
    fn truncated_multibyte_sequence_is_one_replacement() {
        let s = Source::new(b"x\xE2\x82y".to_vec());
        assert_eq!(s.text(), "x\u{FFFD}y");
        assert_eq!(s.file_offset(4), 3);
    }

    #[test]
    fn bom_and_nul_are_recorded() {
        let s = Source::new(b"\xEF\xBB\xBF---\n\0x\0".to_vec());
        assert!(s.encoding().bom);
        assert_eq!(s.encoding().first_nul, Some(7));
        assert_eq!(s.encoding().nul_count, 2);
    }

    #[test]
    fn the_line_count_is_what_lines_gives() {
        let pieces: [&[u8]; 6] = [b"a", b"\n", b"\r\n", b"\r", b"\xFF", b"\xC3"];
        let mut seq = crate::sequence::Sequence::new(11);
        for _ in 0..2000 {
            let mut bytes = Vec::new();
            for _ in 0..seq.below(16) {
                bytes.extend_from_slice(pieces[seq.below(pieces.len())]);
            }
            let source = Source::new(bytes.clone());
            assert_eq!(
                source.line_count(),
                lines(source.text()).count(),
                "lines of {bytes:?}"
            );
        }
    }

    #[test]
    fn line_endings_are_counted_by_kind() {
        let s = Source::new(b"a\r\nb\nc\rd\r\n".to_vec());
        let le = s.encoding().line_endings;
        assert_eq!((le.lf, le.crlf, le.lone_cr), (1, 2, 1));
        assert_eq!(le.first_crlf, Some(1));
        assert_eq!(le.first_lone_cr, Some(6));
        assert_eq!(s.line_col(3), (2, 1));
        assert_eq!(s.line_col(8), (4, 2));
        let unix = Source::new(b"a\nb\n\nc".to_vec());
        assert_eq!(unix.bytes(), b"a\nb\n\nc");
        assert_eq!(
            unix.encoding().line_endings,
            LineEndings {
                lf: 3,
                ..LineEndings::default()
            }
        );
        assert_eq!(unix.encoding().nul_count, 0);
        assert_eq!(unix.line_col(0), (1, 1));
        assert_eq!(unix.line_col(4), (3, 1));
        assert_eq!(unix.line_col(6), (4, 2));
        assert_eq!(unix.line_col(99), (4, 2));
    }

    #[test]
    fn find_gives_the_first_occurrence() {
        let plain = |h: &[u8], n: &[u8]| h.windows(n.len()).position(|w| w == n);
        for haystack in [
            &b""[..],
            b"<",
            b"<!-",
            b"<!--",
            b"<<!--",
            b"a <!- <!-- -->",
            b"\xFF<!\xFF<!--",
            b"--> -->",
            b"-->",
        ] {
            for needle in [&b"<!--"[..], b"-->"] {
                assert_eq!(
                    find(haystack, needle),
                    plain(haystack, needle),
                    "{haystack:?}"
                );
            }
        }
    }

    #[test]
    fn byte_searches_agree_with_plain_ones() {
        assert!(contains_any(b"a: b\r\n", b"\r"));
        assert!(!contains_any(b"a: b\n", b"\r"));
        for set in [&b"[{&*!"[..], b"!", b"*!", b"[{&"] {
            for hay in [
                &b""[..],
                b"x",
                b"a [b]",
                b"&a",
                b"*a",
                b"!t x",
                b"plain text",
            ] {
                assert_eq!(contains_any(hay, set), hay.iter().any(|b| set.contains(b)));
            }
        }
        let hay = b"wr 19 WR wrwr 1920";
        let found = |needle| Needle::new(needle).find_all(hay).collect::<Vec<_>>();
        assert_eq!(found(b"wr"), [0, 9, 11]);
        assert_eq!(found(b"19"), [3, 14]);
        assert_eq!(found(b"20"), [16]);
    }

    /// The index gives what counting from the start of the file gives, for every offset of
    /// files with long lines, every line ending and invalid UTF-8.
    #[test]
    fn line_and_column_match_a_count_from_the_start() {
        let slow = |bytes: &[u8], offset: usize| {
            let before = &bytes[..offset];
            let (mut line, mut start) = (1, 0);
            for (i, &b) in before.iter().enumerate() {
                if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
                    line += 1;
                    start = i + 1;
                }
            }
            (
                line,
                String::from_utf8_lossy(&before[start..]).chars().count() + 1,
            )
        };
        let valid = "é\u{1F600}a\r\nb\rc\n".repeat(40) + &"ü".repeat(300);
        let mut invalid = valid.clone().into_bytes();
        invalid.extend(b"\xff\xfe\xe2\x82x".repeat(100));
        let ascii = "word, line\r\nnext\rend\n".repeat(60).into_bytes();
        // Without `\r`, the first look-ups count instead of building the index.
        let lf = valid.replace('\r', "").into_bytes();
        let mut lf_invalid = lf.clone();
        lf_invalid.extend(b"\n\xff\xfe\xe2\x82x\n".repeat(50));
        let lf_ascii = "word, line\nnext\n\nend\n".repeat(60).into_bytes();
        for text in [valid.into_bytes(), invalid, ascii, lf, lf_invalid, lf_ascii] {
            // Offsets from the end first, so that the counted ones are the longest counts.
            let s = Source::new(text.clone());
            for offset in (0..=text.len()).rev() {
                assert_eq!(s.line_col(offset), slow(&text, offset), "offset {offset}");
            }
            let index = s.lines.get().unwrap();
            // An ASCII file needs no character marks: every byte is one character.
            assert_eq!(index.marks.is_empty(), text.is_ascii());
            assert_eq!(index.starts.len(), index.starts.capacity());
            // And from the start, every offset counted (each with a source of its own).
            for offset in 0..=text.len() {
                let fresh = Source::new(text.clone());
                assert_eq!(
                    fresh.line_col(offset),
                    slow(&text, offset),
                    "offset {offset}"
                );
            }
        }
    }

    /// Both ends of a span are where [`Source::line_col`] puts them, whether the end is counted
    /// on from the start or looked up on its own: spans within a line and across lines, ends in
    /// the middle of a character, and files with `\r` and invalid UTF-8.
    #[test]
    fn span_ends_are_where_line_col_puts_them() {
        let lf = "é\u{1F600}a\nb c\n\n".repeat(12) + &"ü".repeat(30);
        let mut lf_invalid = lf.clone().into_bytes();
        lf_invalid.extend(b"\n\xff\xfe\xe2\x82x\n".repeat(6));
        let crlf = "word, line\r\nnext\rend\n".repeat(6).into_bytes();
        let ascii = "word, line\nnext\n\nend\n".repeat(6).into_bytes();
        for text in [lf.into_bytes(), lf_invalid, crlf, ascii] {
            let reference = Source::new(text.clone());
            let wanted: Vec<_> = (0..=text.len() + 2)
                .map(|offset| reference.line_col(offset))
                .collect();
            for start in 0..=text.len() {
                // A fresh source for each start: its look-ups are counted, not indexed.
                let s = Source::new(text.clone());
                for end in (start..=text.len() + 2).step_by(7) {
                    assert_eq!(
                        s.span_line_cols(start, end),
                        (wanted[start], wanted[end.min(text.len())]),
                        "{start}..{end} of {text:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_files_first_look_ups_count_and_later_ones_use_the_index() {
        let text = "a\nbé\n".repeat(100);
        let s = Source::new(text.into_bytes());
        for _ in 0..COUNTED {
            assert_eq!(s.line_col(9), (4, 2));
        }
        assert!(s.lines.get().is_none());
        assert_eq!(s.line_col(9), (4, 2));
        assert!(s.lines.get().is_some());
        // A file with `\r` in it always uses the index.
        let crlf = Source::new(b"a\r\nb\n".to_vec());
        assert_eq!(crlf.line_col(3), (2, 1));
        assert!(crlf.lines.get().is_some());
    }

    #[test]
    fn lines_split_on_every_terminator() {
        let got: Vec<_> = lines("a\r\nb\nc\rd")
            .map(|(l, _, full)| (l, full))
            .collect();
        assert_eq!(
            got,
            vec![
                ("a", Span::new(0, 3)),
                ("b", Span::new(3, 5)),
                ("c", Span::new(5, 7)),
                ("d", Span::new(7, 8)),
            ]
        );
    }
}
