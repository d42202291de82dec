//! The pre-tokenizers: how each encoding splits a text into pieces before byte-pair encoding
//! them one by one. OpenAI's `tiktoken` does it with a regular expression per encoding (run by a
//! backtracking engine, alternatives tried in order, leftmost first); these scanners give the
//! same pieces without a regex engine, so nothing is compiled at start-up.
//!
//! `o200k_base` (tiktoken 0.14.0):
//!
//! ```text
//! [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//! |[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//! |\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
//! ```
//!
//! `cl100k_base` (tiktoken 0.14.0; `++` and `?+` are possessive):
//!
//! ```text
//! '(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+
//! |\s++$|\s*[\r\n]|\s+(?!\S)|\s
//! ```
//!
//! `\s` is Unicode's White_Space, the categories are Unicode 16's (those of the `regex` crate
//! that `tiktoken` uses), and `(?i:'s)` also matches `'ſ` (U+017F folds to `s`). Every position
//! of a text starts a match of one alternative or another, so the pieces cover the whole text.
//!
//! Most pieces of most texts are ASCII, where the classes are plain byte ranges: those are cut
//! with a table of byte classes, and their letters eight bytes at a time. A piece next to a
//! character that is not ASCII goes to the general scan, which classifies characters one by one.

use unicode_general_category::{GeneralCategory as G, get_general_category};

use super::Encoding;

/// What the expressions ask of a character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    /// Lu, Lt.
    Upper,
    /// Ll.
    Lower,
    /// Lm, Lo: in both of `o200k_base`'s letter classes.
    Caseless,
    /// Mn, Mc, Me.
    Mark,
    /// Nd, Nl, No.
    Number,
    /// `\r` and `\n`.
    Newline,
    /// Any other White_Space character.
    Space,
    Other,
    /// Past the end of the text.
    End,
}

impl Class {
    fn of(c: char) -> Self {
        if c.is_ascii() {
            return ASCII[c as usize];
        }
        if is_white_space(c) {
            return Self::Space;
        }
        match get_general_category(c) {
            G::UppercaseLetter | G::TitlecaseLetter => Self::Upper,
            G::LowercaseLetter => Self::Lower,
            G::ModifierLetter | G::OtherLetter => Self::Caseless,
            G::NonspacingMark | G::SpacingMark | G::EnclosingMark => Self::Mark,
            G::DecimalNumber | G::LetterNumber | G::OtherNumber => Self::Number,
            _ => Self::Other,
        }
    }

    /// `\p{L}`.
    fn letter(self) -> bool {
        matches!(self, Self::Upper | Self::Lower | Self::Caseless)
    }

    /// `\s`.
    fn space(self) -> bool {
        matches!(self, Self::Space | Self::Newline)
    }

    /// `[^\r\n\p{L}\p{N}]`, the optional character before a word.
    fn prefix(self) -> bool {
        matches!(self, Self::Space | Self::Mark | Self::Other)
    }

    /// `[^\s\p{L}\p{N}]`.
    fn symbol(self) -> bool {
        matches!(self, Self::Mark | Self::Other)
    }

    /// `o200k_base`'s `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`.
    fn upper(self) -> bool {
        matches!(self, Self::Upper | Self::Caseless | Self::Mark)
    }

    /// `o200k_base`'s `[\p{Ll}\p{Lm}\p{Lo}\p{M}]`.
    fn lower(self) -> bool {
        matches!(self, Self::Lower | Self::Caseless | Self::Mark)
    }
}

/// Unicode's White_Space outside ASCII.
fn is_white_space(c: char) -> bool {
    matches!(
        c,
        '\u{85}' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

const ASCII: [Class; 128] = {
    let mut table = [Class::Other; 128];
    let mut b = 0;
    while b < 128 {
        table[b] = match b as u8 {
            b'A'..=b'Z' => Class::Upper,
            b'a'..=b'z' => Class::Lower,
            b'0'..=b'9' => Class::Number,
            b'\r' | b'\n' => Class::Newline,
            b'\t' | 0x0b | 0x0c | b' ' => Class::Space,
            _ => Class::Other,
        };
        b += 1;
    }
    table
};

/// What the ASCII fast path asks of a byte, one bit per class; 0 past the end of the text.
mod byte {
    /// `A-Z`.
    pub(super) const UPPER: u8 = 1;
    /// `a-z`.
    pub(super) const LOWER: u8 = 2;
    pub(super) const DIGIT: u8 = 4;
    /// `\r` and `\n`.
    pub(super) const NEWLINE: u8 = 8;
    /// Tab, vertical tab, form feed, space.
    pub(super) const SPACE: u8 = 16;
    /// Any other ASCII byte: punctuation, symbols, control characters.
    pub(super) const SYMBOL: u8 = 32;
    /// A byte of a character that is not ASCII.
    pub(super) const HIGH: u8 = 64;
    pub(super) const LETTER: u8 = UPPER | LOWER;
    /// `[^\r\n\p{L}\p{N}]` in ASCII, the optional character before a word.
    pub(super) const PREFIX: u8 = SPACE | SYMBOL;
}

/// The [`byte`] class of every byte, the same as [`Class`] gives an ASCII character.
const BYTES: [u8; 256] = {
    let mut table = [byte::HIGH; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = match ASCII[b] {
            Class::Upper => byte::UPPER,
            Class::Lower => byte::LOWER,
            Class::Number => byte::DIGIT,
            Class::Newline => byte::NEWLINE,
            Class::Space => byte::SPACE,
            _ => byte::SYMBOL,
        };
        b += 1;
    }
    table
};

/// An encoding as a type, for code that is compiled once for each encoding.
pub(super) trait Scheme {
    const ENCODING: Encoding;
}

pub(super) struct O200k;

impl Scheme for O200k {
    const ENCODING: Encoding = Encoding::O200kBase;
}

pub(super) struct Cl100k;

impl Scheme for Cl100k {
    const ENCODING: Encoding = Encoding::Cl100kBase;
}

/// The top bit of each byte of a word.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The top bit of each byte of `word` that is an ASCII character in `low..=high` (both between
/// 1 and 0x7e), and no other bit. Each byte is summed on its own low seven bits, so no carry
/// crosses into the next byte.
const fn in_range(word: u64, low: u8, high: u8) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let seven = word & !HIGH_BITS;
    let from_low = seven + ONES * (0x80 - low as u64);
    let past_high = seven + ONES * (0x7f - high as u64);
    from_low & !past_high & !word & HIGH_BITS
}

/// The number of bytes before the first one whose top bit is clear in `found` (which has no
/// other bits), 8 when there is none.
fn run(found: u64) -> usize {
    (!found & HIGH_BITS).trailing_zeros() as usize / 8
}

/// The end of the piece of `text` in `encoding` that starts at byte `at`, a character boundary
/// before the end of `text`; always past `at`. A piece that can be told from ASCII characters
/// alone is cut with [`BYTES`] (and its letters eight at a time); any other by the general scan.
#[inline(always)]
pub(super) fn end(text: &str, at: usize, encoding: Encoding) -> usize {
    let text = Text(text);
    let end = match text.ascii(at, encoding) {
        Some(end) => end,
        None => match encoding {
            Encoding::O200kBase => text.o200k_general(at),
            Encoding::Cl100kBase => text.cl100k_general(at),
        },
    };
    // Every branch moves on by at least one character; the guard keeps that true.
    if end > at {
        end
    } else {
        at + text.class(at).1.max(1)
    }
}

/// The pieces of `text` in `encoding`, in order; together they are `text`.
#[cfg(test)]
pub(super) fn pieces(text: &str, encoding: Encoding) -> impl Iterator<Item = &str> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let start = at;
        if start >= text.len() {
            return None;
        }
        at = end(text, start, encoding);
        text.get(start..at)
    })
}

/// The pieces of `text` in `encoding` as the character-by-character scanners alone cut them.
#[cfg(test)]
pub(super) fn general_pieces(text: &str, encoding: Encoding) -> Vec<&str> {
    let scan = Text(text);
    let mut pieces = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let end = match encoding {
            Encoding::O200kBase => scan.o200k_general(at),
            Encoding::Cl100kBase => scan.cl100k_general(at),
        };
        let end = end.max(at + scan.class(at).1);
        pieces.push(&text[at..end]);
        at = end;
    }
    pieces
}

/// A text, with the scanners that find where a piece starting at a byte offset ends.
#[derive(Debug, Clone, Copy)]
struct Text<'a>(&'a str);

impl Text<'_> {
    /// The class of the character at byte `at` and its length in bytes (`End`, 0 past the end).
    fn class(self, at: usize) -> (Class, usize) {
        let bytes = self.0.as_bytes();
        match bytes.get(at) {
            None => (Class::End, 0),
            Some(&b) if b < 0x80 => (ASCII[usize::from(b)], 1),
            Some(_) => match self.0.get(at..).and_then(|rest| rest.chars().next()) {
                Some(c) => (Class::of(c), c.len_utf8()),
                None => (Class::End, 0),
            },
        }
    }

    /// The end of the run of characters from `at` that `keep` accepts.
    fn run(self, mut at: usize, keep: impl Fn(Class) -> bool) -> usize {
        loop {
            let (class, len) = self.class(at);
            if !keep(class) {
                return at;
            }
            at += len;
        }
    }

    /// The end of `\p{N}{1,3}` at `at` (a number).
    fn digits(self, mut at: usize) -> usize {
        for _ in 0..3 {
            let (class, len) = self.class(at);
            if class != Class::Number {
                break;
            }
            at += len;
        }
        at
    }

    /// The end of `(?i:'s|'t|'re|'ve|'m|'ll|'d)` at `at`, or `at` when there is none.
    fn contraction(self, at: usize) -> usize {
        let rest = &self.0.as_bytes()[at.min(self.0.len())..];
        let Some((b'\'', rest)) = rest.split_first() else {
            return at;
        };
        let lower = |i: usize| rest.get(i).map(u8::to_ascii_lowercase);
        match (lower(0), lower(1)) {
            (Some(b's' | b't' | b'm' | b'd'), _) => at + 2,
            (Some(b'r'), Some(b'e')) | (Some(b'v'), Some(b'e')) | (Some(b'l'), Some(b'l')) => {
                at + 3
            }
            // U+017F LATIN SMALL LETTER LONG S, which folds to `s`.
            (Some(0xc5), Some(0xbf)) => at + 3,
            _ => at,
        }
    }

    /// The [`byte`] class of the byte at `at`; 0 past the end.
    #[inline(always)]
    fn byte(self, at: usize) -> u8 {
        self.0
            .as_bytes()
            .get(at)
            .map_or(0, |&b| BYTES[usize::from(b)])
    }

    /// The end of the run of bytes from `at` whose class is in `keep`, or `None` when the run
    /// stops at a byte that is not ASCII (a letter, a mark, a number or white space there could
    /// extend the piece).
    fn ascii_run(self, mut at: usize, keep: u8) -> Option<usize> {
        loop {
            let class = self.byte(at);
            if class & keep == 0 {
                return (class != byte::HIGH).then_some(at);
            }
            at += 1;
        }
    }

    /// The end of the piece at `at` when the expressions can be decided from ASCII characters
    /// alone; `None` when a character it has to look at (one of the piece, the one after it, or
    /// the second from `at`) is not ASCII, and the general scan decides.
    ///
    /// In ASCII the classes are plain: `\p{L}` is `[A-Za-z]`, `o200k_base`'s two word classes
    /// are `[A-Z]` and `[a-z]` (which do not overlap, so its expression takes the upper-case run,
    /// then the lower-case run, and gives nothing back), `\p{N}` is `[0-9]`, and there are no
    /// marks.
    #[inline(always)]
    fn ascii(self, at: usize, encoding: Encoding) -> Option<usize> {
        let o200k = encoding == Encoding::O200kBase;
        let first = self.byte(at);
        if first & byte::LETTER != 0 {
            return self.ascii_word(at, first, o200k);
        }
        if first & byte::HIGH != 0 {
            return None;
        }
        if !o200k {
            // `cl100k_base` tries a contraction before anything else.
            let end = self.contraction(at);
            if end > at {
                return Some(end);
            }
        }
        let second = self.byte(at + 1);
        if second & byte::HIGH != 0 {
            return None;
        }
        if first & byte::PREFIX != 0 && second & byte::LETTER != 0 {
            return self.ascii_word(at + 1, second, o200k);
        }
        if first & byte::DIGIT != 0 {
            // `\p{N}{1,3}`: a third digit, or whatever ends the number, must be ASCII too.
            if second & byte::DIGIT == 0 {
                return Some(at + 1);
            }
            let third = self.byte(at + 2);
            return match third {
                byte::HIGH => None,
                byte::DIGIT => Some(at + 3),
                _ => Some(at + 2),
            };
        }
        // ` ?[^\s\p{L}\p{N}]+`, then `[\r\n/]*` (`o200k_base`) or `[\r\n]*`.
        let symbols = if first & byte::SYMBOL != 0 {
            Some(at)
        } else if self.0.as_bytes().get(at) == Some(&b' ') && second & byte::SYMBOL != 0 {
            Some(at + 1)
        } else {
            None
        };
        if let Some(from) = symbols {
            let end = self.ascii_run(from, byte::SYMBOL)?;
            return Some(if o200k {
                self.o200k_symbol_tail(end)
            } else {
                self.run(end, |c| c == Class::Newline)
            });
        }
        self.ascii_spaces(at, encoding)
    }

    /// The end of a word of ASCII letters that starts at `at` with a letter of class `first`
    /// (its prefix, if any, is before `at`), or `None` when a byte that is not ASCII follows the
    /// letters.
    #[inline(always)]
    fn ascii_word(self, at: usize, first: u8, o200k: bool) -> Option<usize> {
        if !o200k {
            return self.letters(at, byte::LETTER);
        }
        // Most words are found in the eight bytes from `at`: both runs and the byte after.
        if let Some(eight) = self
            .0
            .as_bytes()
            .get(at..)
            .and_then(|rest| rest.first_chunk::<8>())
        {
            let word = u64::from_le_bytes(*eight);
            let upper = if first == byte::LOWER {
                0
            } else {
                run(in_range(word, b'A', b'Z'))
            };
            if upper < 8 {
                // Shifting brings in zero bytes, which end the run by the eighth byte.
                let letters = upper + run(in_range(word, b'a', b'z') >> (8 * upper));
                if letters < 8 {
                    return match (word >> (8 * letters)) as u8 {
                        0x80.. => None,
                        b'\'' => Some(self.contraction(at + letters)),
                        _ => Some(at + letters),
                    };
                }
                let end = self.letters(at + letters, byte::LOWER)?;
                return Some(self.contraction(end));
            }
        }
        let upper = self.letters(at, byte::UPPER)?;
        let end = self.letters(upper, byte::LOWER)?;
        Some(self.contraction(end))
    }

    /// The end of the run of ASCII letters from `at` whose [`byte`] class is in `keep` (upper
    /// case, lower case or both), found eight bytes at a time; `None` when the run stops at a
    /// byte that is not ASCII.
    #[inline(always)]
    fn letters(self, mut at: usize, keep: u8) -> Option<usize> {
        let bytes = self.0.as_bytes();
        while let Some(eight) = bytes.get(at..).and_then(|rest| rest.first_chunk::<8>()) {
            let word = u64::from_le_bytes(*eight);
            let mut found = 0;
            if keep & byte::UPPER != 0 {
                found |= in_range(word, b'A', b'Z');
            }
            if keep & byte::LOWER != 0 {
                found |= in_range(word, b'a', b'z');
            }
            let run = run(found);
            at += run;
            if run < 8 {
                return (self.byte(at) != byte::HIGH).then_some(at);
            }
        }
        self.ascii_run(at, keep)
    }

    /// [`Text::spaces`] for a run of ASCII white space, or `None` when the run stops at a byte
    /// that is not ASCII.
    fn ascii_spaces(self, at: usize, encoding: Encoding) -> Option<usize> {
        let mut end = at;
        let mut after_newline = None;
        loop {
            match self.byte(end) {
                byte::NEWLINE => after_newline = Some(end + 1),
                byte::SPACE => {}
                byte::HIGH => return None,
                _ => break,
            }
            end += 1;
        }
        let at_end = end == self.0.len();
        if at_end && encoding == Encoding::Cl100kBase {
            return Some(end);
        }
        if let Some(after) = after_newline {
            return Some(after);
        }
        Some(if at_end || end - at < 2 { end } else { end - 1 })
    }

    /// The end of the piece of `o200k_base` that starts at `at`, character by character.
    #[inline(never)]
    fn o200k_general(self, at: usize) -> usize {
        let (first, len) = self.class(at);
        // The two word alternatives, each with and then without the optional prefix; each
        // needs a character of one of the word classes first, here or after the prefix.
        let wordy = |class: Class| class.upper() || class.lower();
        if wordy(first) || (first.prefix() && wordy(self.class(at + len).0)) {
            if first.prefix()
                && let Some(end) = self.o200k_lower_word(at + len)
            {
                return end;
            }
            if let Some(end) = self.o200k_lower_word(at) {
                return end;
            }
            if first.prefix()
                && let Some(end) = self.o200k_upper_word(at + len)
            {
                return end;
            }
            if let Some(end) = self.o200k_upper_word(at) {
                return end;
            }
        }
        if first == Class::Number {
            return self.digits(at);
        }
        if let Some(end) = self.symbols(at) {
            return self.o200k_symbol_tail(end);
        }
        self.spaces(at, Encoding::O200kBase)
    }

    /// `[\r\n/]*` after symbols, in `o200k_base`.
    fn o200k_symbol_tail(self, mut at: usize) -> usize {
        while let Some(b'\r' | b'\n' | b'/') = self.0.as_bytes().get(at) {
            at += 1;
        }
        at
    }

    /// The end of ` ?[^\s\p{L}\p{N}]+` at `at`, if it matches.
    fn symbols(self, at: usize) -> Option<usize> {
        let from = if self.0.as_bytes().get(at) == Some(&b' ') {
            at + 1
        } else {
            at
        };
        self.class(from)
            .0
            .symbol()
            .then(|| self.run(from, Class::symbol))
    }

    /// `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+` and the optional contraction
    /// at `at`, backtracking as the regex engine does: the first class takes as much as it can;
    /// if no character of the second follows, it gives back up to its last character that the
    /// second class also accepts.
    fn o200k_lower_word(self, at: usize) -> Option<usize> {
        let mut end = at;
        let mut last_lower = None;
        loop {
            let (class, len) = self.class(end);
            if !class.upper() {
                break;
            }
            end += len;
            if class.lower() {
                last_lower = Some(end);
            }
        }
        let end = if self.class(end).0.lower() {
            self.run(end, Class::lower)
        } else {
            last_lower?
        };
        Some(self.contraction(end))
    }

    /// `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*` and the optional contraction
    /// at `at`.
    fn o200k_upper_word(self, at: usize) -> Option<usize> {
        let end = self.run(at, Class::upper);
        (end > at).then(|| self.contraction(self.run(end, Class::lower)))
    }

    /// The end of the piece of `cl100k_base` that starts at `at`, character by character.
    #[inline(never)]
    fn cl100k_general(self, at: usize) -> usize {
        let contraction = self.contraction(at);
        if contraction > at {
            return contraction;
        }
        let (first, len) = self.class(at);
        if first.letter() {
            return self.run(at, Class::letter);
        }
        if first.prefix() && self.class(at + len).0.letter() {
            return self.run(at + len, Class::letter);
        }
        if first == Class::Number {
            return self.digits(at);
        }
        if let Some(end) = self.symbols(at) {
            return self.run(end, |c| c == Class::Newline);
        }
        self.spaces(at, Encoding::Cl100kBase)
    }

    /// The end of the white space alternatives at `at`. `o200k_base`: `\s*[\r\n]+`, `\s+(?!\S)`,
    /// `\s+`; `cl100k_base`: `\s++$`, `\s*[\r\n]`, `\s+(?!\S)`, `\s`.
    fn spaces(self, at: usize, encoding: Encoding) -> usize {
        let mut end = at;
        let mut after_newline = None;
        let mut last = at;
        let mut chars = 0;
        loop {
            let (class, len) = self.class(end);
            if !class.space() {
                break;
            }
            if class == Class::Newline {
                after_newline = Some(end + len);
            }
            last = end;
            end += len;
            chars += 1;
        }
        let at_end = end == self.0.len();
        if at_end && encoding == Encoding::Cl100kBase {
            return end;
        }
        if let Some(after) = after_newline {
            return after;
        }
        if at_end || chars < 2 { end } else { last }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str, encoding: Encoding) -> Vec<&str> {
        pieces(text, encoding).collect()
    }

    #[test]
    fn o200k_base_splits_words_cases_and_contractions() {
        let o200k = |text| split(text, Encoding::O200kBase);
        assert_eq!(
            o200k("HTTPServerError CamelCase DON'T you're"),
            ["HTTPServer", "Error", " Camel", "Case", " DON'T", " you're"]
        );
        assert_eq!(o200k("x'ſ y's"), ["x'ſ", " y's"]);
        assert_eq!(o200k("e\u{301}\u{301}!"), ["e\u{301}\u{301}", "!"]);
        assert_eq!(o200k("(\u{301} "), ["(\u{301}", " "]);
        assert_eq!(o200k("1234567"), ["123", "456", "7"]);
    }

    #[test]
    fn o200k_base_splits_symbols_and_space() {
        let o200k = |text| split(text, Encoding::O200kBase);
        assert_eq!(o200k("}\n/x/y\n"), ["}\n/", "x", "/y", "\n"]);
        assert_eq!(o200k("a   b"), ["a", "  ", " b"]);
        assert_eq!(o200k("a \n\n  b  "), ["a", " \n\n", " ", " b", "  "]);
        assert_eq!(o200k("\thello \t("), ["\thello", " ", "\t", "("]);
    }

    #[test]
    fn cl100k_base_splits() {
        let cl100k = |text| split(text, Encoding::Cl100kBase);
        assert_eq!(
            cl100k("'Ll DON'T e\u{301}x"),
            ["'Ll", " DON", "'T", " e", "\u{301}x"]
        );
        assert_eq!(cl100k("a \n\n  b  \n "), ["a", " \n\n", " ", " b", "  \n "]);
        assert_eq!(cl100k("}\n/x 12345"), ["}\n", "/x", " ", "123", "45"]);
    }

    #[test]
    fn the_ascii_path_cuts_as_the_general_scan_cuts() {
        for text in crate::tokens::tests::varied_texts() {
            for encoding in [Encoding::O200kBase, Encoding::Cl100kBase] {
                assert_eq!(
                    split(&text, encoding),
                    general_pieces(&text, encoding),
                    "{encoding} {text:?}"
                );
                // From every character, not only where a piece starts.
                let scan = Text(&text);
                for (at, _) in text.char_indices() {
                    if let Some(end) = scan.ascii(at, encoding) {
                        let general = match encoding {
                            Encoding::O200kBase => scan.o200k_general(at),
                            Encoding::Cl100kBase => scan.cl100k_general(at),
                        };
                        assert_eq!(end, general, "{encoding} {at} {text:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_ascii_path_decides_plain_ascii() {
        // Prose, code and white space in ASCII never need the general scan.
        let text = "The HTTPServer's 3 files (don't) end\r\n  here:\tx = [1, 22, 333]; // ok\n\n";
        let scan = Text(text);
        for encoding in [Encoding::O200kBase, Encoding::Cl100kBase] {
            for (at, _) in text.char_indices() {
                assert!(scan.ascii(at, encoding).is_some(), "{encoding} {at}");
            }
        }
        // Next to a character that is not ASCII, it leaves the piece to the general scan.
        for (text, at) in [
            ("caf\u{e9}", 0),
            (" \u{301}", 0),
            ("1\u{661}", 0),
            (" \u{a0}", 0),
        ] {
            assert_eq!(Text(text).ascii(at, Encoding::O200kBase), None, "{text:?}");
        }
    }

    #[test]
    fn in_range_marks_ascii_bytes_only() {
        for low in [b'A', b'a'] {
            let high = low + 25;
            for b in 0..=255u8 {
                let word = u64::from_le_bytes([b'x', b, 0xff, b, 0, b'Z', b, 0x80]);
                let found = in_range(word, low, high);
                let expect = [b'x', b, 0xff, b, 0, b'Z', b, 0x80]
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| (low..=high).contains(c))
                    .fold(0u64, |bits, (i, _)| bits | 0x80 << (8 * i));
                assert_eq!(found, expect, "{low} {b}");
            }
        }
        assert_eq!(run(0), 0);
        assert_eq!(run(HIGH_BITS), 8);
        assert_eq!(run(0x8080), 2);
    }

    #[test]
    fn pieces_cover_the_text() {
        let texts = [
            "",
            "a",
            " ",
            "\u{301}",
            "日本語のテキスト、한국어",
            "🎉👍🏽 x\r\n\r\n  y",
            "\u{85}\u{a0}\u{3000}z",
        ];
        for encoding in [Encoding::O200kBase, Encoding::Cl100kBase] {
            for text in texts {
                let pieces = split(text, encoding);
                assert_eq!(pieces.concat(), text);
                assert!(pieces.iter().all(|p| !p.is_empty()));
            }
        }
    }
}
