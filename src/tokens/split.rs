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

/// The pieces of `text` in `encoding`, in order; together they are `text`.
pub(super) fn pieces(text: &str, encoding: Encoding) -> Pieces<'_> {
    Pieces {
        text: Text(text),
        at: 0,
        encoding,
    }
}

/// The iterator [`pieces`] returns.
#[derive(Debug, Clone)]
pub(super) struct Pieces<'a> {
    text: Text<'a>,
    at: usize,
    encoding: Encoding,
}

impl<'a> Iterator for Pieces<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let start = self.at;
        if start >= self.text.0.len() {
            return None;
        }
        let end = match self.encoding {
            Encoding::O200kBase => self.text.o200k(start),
            Encoding::Cl100kBase => self.text.cl100k(start),
        };
        // Every branch moves on by at least one character; the guard keeps that true.
        let end = if end > start {
            end
        } else {
            start + self.text.class(start).1
        };
        self.at = end;
        self.text.0.get(start..end)
    }
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

    /// The start of a word of ASCII letters at `at`: `at` itself when a letter is there, the
    /// next byte when the character there is ASCII and may come before a word
    /// (`[^\r\n\p{L}\p{N}]`, and not the `'` that starts a `cl100k_base` contraction); `None`
    /// otherwise.
    fn ascii_word_start(self, at: usize) -> Option<usize> {
        let first = *self.0.as_bytes().get(at)?;
        if first.is_ascii_alphabetic() {
            Some(at)
        } else if first.is_ascii() && first != b'\'' && ASCII[usize::from(first)].prefix() {
            Some(at + 1)
        } else {
            None
        }
    }

    /// The end of the run of bytes from `at` that `keep` accepts, or `None` when the run stops at
    /// a byte that is not ASCII (a letter or a mark there could extend the word).
    fn ascii_run(self, mut at: usize, keep: impl Fn(u8) -> bool) -> Option<usize> {
        let bytes = self.0.as_bytes();
        while let Some(&b) = bytes.get(at) {
            if !keep(b) {
                return b.is_ascii().then_some(at);
            }
            at += 1;
        }
        Some(at)
    }

    /// The piece of `o200k_base` at `at` when it is a word of ASCII letters (with its optional
    /// prefix and contraction), without classifying characters one by one; `None` when it is
    /// not, or when a byte that is not ASCII follows the letters, and the general scan decides.
    /// In ASCII the two word classes are `[A-Z]` and `[a-z]`, which do not overlap, so the
    /// expression takes the upper-case run and then the lower-case run, and gives nothing back.
    fn o200k_ascii_word(self, at: usize) -> Option<usize> {
        let word = self.ascii_word_start(at)?;
        let upper = self.ascii_run(word, |b| b.is_ascii_uppercase())?;
        let end = self.ascii_run(upper, |b| b.is_ascii_lowercase())?;
        (end > word).then(|| self.contraction(end))
    }

    /// The end of the piece of `o200k_base` that starts at `at`.
    fn o200k(self, at: usize) -> usize {
        self.o200k_ascii_word(at)
            .unwrap_or_else(|| self.o200k_general(at))
    }

    /// [`Text::o200k`] character by character.
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

    /// The end of the piece of `cl100k_base` that starts at `at`.
    fn cl100k(self, at: usize) -> usize {
        self.cl100k_ascii_word(at)
            .unwrap_or_else(|| self.cl100k_general(at))
    }

    /// The piece of `cl100k_base` at `at` when it is a word of ASCII letters with its optional
    /// prefix, found as [`Text::o200k_ascii_word`] finds one (`\p{L}` is `[A-Za-z]` in ASCII).
    fn cl100k_ascii_word(self, at: usize) -> Option<usize> {
        let word = self.ascii_word_start(at)?;
        let end = self.ascii_run(word, |b| b.is_ascii_alphabetic())?;
        (end > word).then_some(end)
    }

    /// [`Text::cl100k`] character by character.
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

    /// The pieces as the character-by-character scanners alone cut them.
    fn split_general(text: &str, encoding: Encoding) -> Vec<&str> {
        let text = Text(text);
        let mut pieces = Vec::new();
        let mut at = 0;
        while at < text.0.len() {
            let end = match encoding {
                Encoding::O200kBase => text.o200k_general(at),
                Encoding::Cl100kBase => text.cl100k_general(at),
            };
            let end = end.max(at + text.class(at).1);
            pieces.push(&text.0[at..end]);
            at = end;
        }
        pieces
    }

    #[test]
    fn ascii_words_are_cut_as_the_general_scan_cuts_them() {
        let alphabet: Vec<&str> = vec![
            "a", "z", "A", "Z", "q", "Q", " ", "  ", "\t", "\n", "\r\n", "\r", "'", "'s", "'T",
            "'re", "'LL", "'ve", "'d", "'m", "'ſ", "-", "_", "/", ".", "(", "0", "7", "é", "É",
            "ß", "ǅ", "ʰ", "日", "\u{301}", "\u{a0}", "\u{3000}", "١", "🎉", "x\u{301}",
        ];
        let mut seed = 11u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % n
        };
        for round in 0..3000 {
            let len = 1 + round % 24;
            let text: String = (0..len).map(|_| alphabet[next(alphabet.len())]).collect();
            for encoding in [Encoding::O200kBase, Encoding::Cl100kBase] {
                assert_eq!(
                    split(&text, encoding),
                    split_general(&text, encoding),
                    "{encoding} {text:?}"
                );
            }
        }
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
