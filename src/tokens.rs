//! Token counts with OpenAI's BPE encodings, the way agent runtimes budget context.
//!
//! The counts are those of OpenAI's `tiktoken` (`encode_ordinary`), exactly: each encoding's
//! pre-tokenizer ([`split`]) cuts a text into pieces, and each piece is byte-pair encoded
//! ([`merge`]) with the encoding's ranks. The ranks are tables compiled into the binary
//! (`src/tokens/*.bin`, written by `scripts/token-tables.py` from OpenAI's published
//! `o200k_base.tiktoken` and `cl100k_base.tiktoken`) and read where they sit ([`table`]):
//! nothing is decoded, copied or built when an encoding is first used, so using one costs
//! nothing but the pages of the table a count touches.
//!
//! Special-token strings such as `<|endoftext|>` are counted as the ordinary text they are: a
//! skill that contains one is not sending a control token to anybody.
//!
//! [`Variants`] counts many texts that differ from one base text in a small region (a catalog
//! rendered without one of its skills) by tokenizing only that region, exactly.

mod merge;
mod split;
mod table;

use std::fmt;

use table::Table;

/// A BPE encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Encoding {
    /// GPT-4o and later OpenAI models; the default, and what other skill tools report.
    #[default]
    O200kBase,
    /// GPT-4 and GPT-3.5.
    Cl100kBase,
}

impl Encoding {
    /// The encoding's usual name, such as `o200k_base`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::O200kBase => "o200k_base",
            Self::Cl100kBase => "cl100k_base",
        }
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The tables, checked when the binary is built.
static O200K_BASE: Table = match Table::new(include_bytes!("tokens/o200k_base.bin")) {
    Some(table) => table,
    None => panic!("src/tokens/o200k_base.bin is not a token table"),
};
static CL100K_BASE: Table = match Table::new(include_bytes!("tokens/cl100k_base.bin")) {
    Some(table) => table,
    None => panic!("src/tokens/cl100k_base.bin is not a token table"),
};

fn table(encoding: Encoding) -> &'static Table {
    match encoding {
        Encoding::O200kBase => &O200K_BASE,
        Encoding::Cl100kBase => &CL100K_BASE,
    }
}

/// The number of tokens `text` encodes to.
pub fn count(text: &str, encoding: Encoding) -> usize {
    match encoding {
        Encoding::O200kBase => count_in::<split::O200k>(text),
        Encoding::Cl100kBase => count_in::<split::Cl100k>(text),
    }
}

/// [`count`] in one encoding, whose pre-tokenizer is inlined in the loop.
fn count_in<S: split::Scheme>(text: &str) -> usize {
    merge::counting(S::ENCODING, move |counter| {
        let mut total = 0;
        let mut at = 0;
        while at < text.len() {
            let end = split::end(text, at, S::ENCODING);
            total += counter.count(text.as_bytes(), at..end);
            at = end;
        }
        total
    })
}

/// Where token `limit + 1` of `text` is: the byte offset of the piece that holds it, or `None`
/// when `text` has at most `limit` tokens. Counts only as far as it must: a text of N bytes
/// has at most N tokens, so it stops as soon as the tokens seen plus the bytes left are within
/// the limit (and never starts on a text of at most `limit` bytes); every piece is at least one
/// token, so the piece after the limit is not encoded.
pub fn past(text: &str, encoding: Encoding, limit: usize) -> Option<usize> {
    match encoding {
        Encoding::O200kBase => past_in::<split::O200k>(text, limit),
        Encoding::Cl100kBase => past_in::<split::Cl100k>(text, limit),
    }
}

/// [`past`] in one encoding, whose pre-tokenizer is inlined in the loop.
fn past_in<S: split::Scheme>(text: &str, limit: usize) -> Option<usize> {
    merge::counting(S::ENCODING, move |counter| {
        let mut seen = 0;
        let mut at = 0;
        while at < text.len() {
            if seen + (text.len() - at) <= limit {
                return None;
            }
            if seen == limit {
                return Some(at);
            }
            let end = split::end(text, at, S::ENCODING);
            seen += counter.count(text.as_bytes(), at..end);
            if seen > limit {
                return Some(at);
            }
            at = end;
        }
        None
    })
}

/// Makes the encoding's tables resident on another core, once, for a caller that will probably
/// count soon and has other work first. The tables are read where the binary holds them, so
/// this only takes their page faults off the caller's path; on a single core it does nothing.
pub fn preload(encoding: Encoding) {
    use std::sync::Once;
    static O200K: Once = Once::new();
    static CL100K: Once = Once::new();
    let once = match encoding {
        Encoding::O200kBase => &O200K,
        Encoding::Cl100kBase => &CL100K,
    };
    // Without a worker thread, the first count takes the page faults itself.
    once.call_once(|| crate::parallel::prepare(move || table(encoding).touch()));
}

/// The ranks of the tokens `text` encodes to: `tiktoken`'s `encode_ordinary`.
#[cfg(test)]
fn encode(text: &str, encoding: Encoding) -> Vec<u32> {
    let table = table(encoding);
    split::pieces(text, encoding)
        .flat_map(|piece| merge::encode(table, piece.as_bytes()))
        .collect()
}

/// Exact token counts of texts that are variants of one base text, tokenizing only the part of
/// each that differs.
///
/// Both encodings first split a text into pieces with a regular expression and count each piece
/// alone, so a text's count is the sum of its pieces' counts. A *cut* is a position right after
/// a line feed where the next character is neither white space nor `/`, or where spaces and
/// tabs come next and then a character that is not white space; or right after a comma that a
/// space follows (lists joined with `, `). No piece runs across a cut (a piece that includes a
/// line feed ends with it unless white space, a line break or, in `o200k_base`, `/` follows; a
/// run of white space that holds line feeds ends with the last of them; a run of punctuation
/// ends before a space, and a space only starts a piece), and no piece before one looks past
/// it. So a text's count is the sum of the counts of
/// its parts between cuts. A variant shares a prefix and a suffix with the base; the cuts inside
/// them are cuts of the variant too (a cut in the prefix when the variant also has the character
/// that makes it one), and only the text between the last shared cut of the prefix and the
/// first of the suffix is tokenized. Indented lines (a catalog of XML elements, say) are cuts,
/// so a catalog without one skill costs the tokens of that skill's neighbourhood only.
#[derive(Debug)]
pub struct Variants<'a> {
    encoding: Encoding,
    base: &'a str,
    /// The cuts of `base`, ascending, from 0 to `base.len()`.
    cuts: Vec<usize>,
    /// `sure[i]`: where the character that makes `cuts[i]` a cut ends (0 for the first): a
    /// variant that shares `base[..sure[i]]` has the cut too.
    sure: Vec<usize>,
    /// `before[i]`: the token count of `base[..cuts[i]]`.
    before: Vec<usize>,
}

impl<'a> Variants<'a> {
    /// Counts `base` (part by part) and keeps what later counts reuse.
    pub fn new(base: &'a str, encoding: Encoding) -> Self {
        let (cuts, sure) = cuts(base);
        let mut before = Vec::with_capacity(cuts.len());
        before.push(0);
        let mut total = 0;
        for pair in cuts.windows(2) {
            total += count(&base[pair[0]..pair[1]], encoding);
            before.push(total);
        }
        Self {
            encoding,
            base,
            cuts,
            sure,
            before,
        }
    }

    /// The base text.
    pub fn text(&self) -> &'a str {
        self.base
    }

    /// The token count of the base text.
    pub fn base(&self) -> usize {
        self.before.last().copied().unwrap_or(0)
    }

    /// The token count of `text`, the same as [`count`] gives.
    pub fn count(&self, text: &str) -> usize {
        let (base, other) = (self.base.as_bytes(), text.as_bytes());
        let prefix = base.iter().zip(other).take_while(|(a, b)| a == b).count();
        let room = base.len().min(other.len()) - prefix;
        let suffix = base
            .iter()
            .rev()
            .zip(other.iter().rev())
            .take(room)
            .take_while(|(a, b)| a == b)
            .count();
        // The last cut that the shared prefix makes one (or 0)…
        let head = self
            .sure
            .partition_point(|&sure| sure <= prefix)
            .saturating_sub(1);
        // …and the first whose line feed is in the shared suffix (or the end).
        let tail_from = base.len() - suffix + 1;
        let tail = self
            .cuts
            .partition_point(|&c| c < tail_from)
            .min(self.cuts.len() - 1);
        let start = self.cuts[head];
        let end = self.cuts[tail] + other.len() - base.len();
        self.before[head]
            + count(&text[start..end], self.encoding)
            + (self.base() - self.before[tail])
    }

    /// The token count of the base text without `base[from..to]`, the same as [`count`] gives
    /// for that text, tokenizing only the parts on either side of the gap up to the nearest
    /// cuts. `from..to` must be a range of `base` on character boundaries.
    pub fn count_without(&self, from: usize, to: usize) -> usize {
        // As in `count`: the shared prefix is `from` bytes and the shared suffix `len - to`.
        let head = self
            .sure
            .partition_point(|&sure| sure <= from)
            .saturating_sub(1);
        let tail = self
            .cuts
            .partition_point(|&c| c < to + 1)
            .min(self.cuts.len() - 1);
        let (start, end) = (self.cuts[head], self.cuts[tail]);
        let mut middle = String::with_capacity(from - start + end - to);
        middle.push_str(&self.base[start..from]);
        middle.push_str(&self.base[to..end]);
        self.before[head] + count(&middle, self.encoding) + (self.base() - self.before[tail])
    }
}

/// The cuts of `text` (see [`Variants`]), from 0 to `text.len()`, and where the character
/// that makes each a cut ends (`usize::MAX` for the end, which no variant shares as a cut).
fn cuts(text: &str) -> (Vec<usize>, Vec<usize>) {
    let (mut cuts, mut sure) = (vec![0], vec![0]);
    for (i, found) in text.match_indices(['\n', ',']) {
        let at = i + 1;
        if found == "," {
            if text.as_bytes().get(at) == Some(&b' ') {
                cuts.push(at);
                sure.push(at + 1);
            }
            continue;
        }
        let rest = &text[at..];
        let indent = rest
            .bytes()
            .take_while(|&b| b == b' ' || b == b'\t')
            .count();
        if let Some(c) = rest[indent..].chars().next()
            && !c.is_whitespace()
            && (indent > 0 || c != '/')
        {
            cuts.push(at);
            sure.push(at + indent + c.len_utf8());
        }
    }
    if !text.is_empty() {
        // The end is no cut of a longer variant.
        cuts.push(text.len());
        sure.push(usize::MAX);
    }
    (cuts, sure)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Texts that take every branch of the pre-tokenizers' ASCII path and every way of leaving
    /// it: seeded mixes of ASCII prose, code, punctuation runs, digits, contractions (with `'S`
    /// and `'ſ`), CR, LF and CRLF, spaces before line breaks, tabs, letters, marks, numbers and
    /// spaces that are not ASCII next to ASCII words, and pieces longer than the cache's 24
    /// bytes and than the longest token's 128.
    pub(super) fn varied_texts() -> Vec<String> {
        let ascii = "the The THE a I of internationalization Internationalization HTTPServerError \
            ABCDEFGHIJKL camelCaseWord x snake_case kebab-case fn ( ) { } [ ] :: -> => != && ; , \
            . ... / // /* ` ``` ** # ## ~ @ $ % * + = < > ? ! \\ | \" 0 7 12 123 1234 3.14 1,000 \
            v2 ' 's 'S 't 'T 're 'RE 've 'm 'M 'll 'LL 'Ll 'd 'D 'ſ 'x ''";
        let spaces = [
            " ", " ", " ", "  ", "   ", "\t", "\t\t", "\n", "\n", "\n\n", "\r", "\r\n", " \n",
            "  \n", " \r\n", "\t\n", "\u{b}", "\u{c}",
        ];
        let others = [
            "\u{0}", "\u{7f}", "\u{1b}", "é", "É", "ß", "ǅ", "ʰ", "日本", "\u{301}", "x\u{301}",
            "\u{a0}", "\u{85}", "\u{2028}", "\u{3000}", "١", "²", "Ⅻ", "🎉", "ſ", "€", "—", "“",
            "’s",
        ];
        let parts: Vec<String> = ascii
            .split_whitespace()
            .chain(spaces)
            .chain(others)
            .map(str::to_owned)
            .chain([
                "a".repeat(30),
                "A".repeat(30),
                " ".repeat(30),
                "-".repeat(30),
                "1".repeat(30),
                "ab".repeat(70),
                "x".repeat(200),
                " ".repeat(150),
                "=".repeat(140),
                "aB".repeat(20),
                "\n".repeat(30),
            ])
            .collect();
        let mut seed = 5u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % n
        };
        let mut texts = vec![String::new()];
        for round in 0..1500 {
            let len = 1 + round % 32;
            texts.push(
                (0..len)
                    .map(|_| parts[next(parts.len())].as_str())
                    .collect(),
            );
        }
        texts
    }

    /// `count` and `past` the plain way: the general scan's pieces, each merged from scratch.
    fn plain_count(text: &str, encoding: Encoding) -> usize {
        split::general_pieces(text, encoding)
            .iter()
            .map(|piece| merge::encode(table(encoding), piece.as_bytes()).len())
            .sum()
    }

    fn plain_past(text: &str, encoding: Encoding, limit: usize) -> Option<usize> {
        let mut seen = 0;
        let mut at = 0;
        for piece in split::general_pieces(text, encoding) {
            if seen + (text.len() - at) <= limit {
                return None;
            }
            if seen == limit {
                return Some(at);
            }
            seen += merge::encode(table(encoding), piece.as_bytes()).len();
            if seen > limit {
                return Some(at);
            }
            at += piece.len();
        }
        None
    }

    #[test]
    fn counts_and_limits_are_those_of_the_plain_way() {
        let fixture: serde_json::Value =
            serde_json::from_str(include_str!("../tests/data/tokens-tiktoken.json"))
                .expect("the fixture is JSON");
        let hard = fixture["cases"]
            .as_array()
            .expect("cases")
            .iter()
            .map(|case| case["text"].as_str().expect("text").to_owned());
        let mut skills = Vec::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
        for folder in ["skills", "reference", "rules"] {
            markdown(&root.join(folder), &mut skills);
        }
        assert!(skills.len() > 100);
        for text in varied_texts().into_iter().chain(hard).chain(skills) {
            for encoding in [Encoding::O200kBase, Encoding::Cl100kBase] {
                let n = plain_count(&text, encoding);
                assert_eq!(count(&text, encoding), n, "{encoding} {text:?}");
                for limit in [0, 1, n / 2, n.saturating_sub(1), n, n + 1, text.len()] {
                    assert_eq!(
                        past(&text, encoding, limit),
                        plain_past(&text, encoding, limit),
                        "{encoding} {limit} {text:?}"
                    );
                }
            }
        }
    }

    /// The Markdown files under `dir`, read as text.
    fn markdown(dir: &std::path::Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                markdown(&path, out);
            } else if path.extension().is_some_and(|e| e == "md")
                && let Ok(text) = std::fs::read_to_string(&path)
            {
                out.push(text);
            }
        }
    }

    /// Text, then its `o200k_base` and `cl100k_base` counts. The counts come from OpenAI's
    /// Python `tiktoken` 0.14.0 (`get_encoding(name).encode_ordinary(text)`, which counts
    /// special-token strings as ordinary text) with the published `o200k_base.tiktoken` and
    /// `cl100k_base.tiktoken` files; they are fixed here so the test needs no network.
    fn cases() -> Vec<(&'static str, String, usize, usize)> {
        vec![
            ("empty", String::new(), 0, 0),
            ("ascii", "hello world".into(), 2, 2),
            (
                "prose",
                "Processes Excel files and generates reports. Use when working with .xlsx files."
                    .into(),
                15,
                15,
            ),
            (
                "contractions",
                "DON'T you're I'LL they'VE HTTPServerError CamelCase snake_case".into(),
                15,
                16,
            ),
            (
                "numbers",
                "1234567890 3.14159 1,000,000 v2.0.1 0x1F".into(),
                26,
                26,
            ),
            (
                "cjk",
                "日本語のテキストを処理します。中文文本处理，한국어 텍스트도 포함합니다。".into(),
                24,
                32,
            ),
            (
                "emoji",
                "🎉🚀 Deploy done ✅👍🏽 👨\u{200d}👩\u{200d}👧\u{200d}👦 family 🇯🇵".into(),
                26,
                40,
            ),
            (
                "accents",
                "naïve café 日本語 🎉 e\u{301} مرحبا بالعالم नमस्ते".into(),
                17,
                30,
            ),
            (
                "rust",
                "fn main() {\n    let x = vec![1, 2, 3];\n    println!(\"{x:?}\");\n}\n".into(),
                25,
                25,
            ),
            (
                "python",
                "def f(a, b):\n\treturn a ** b  # power\n\nif __name__ == \"__main__\":\n    f(2, 10)\n"
                    .into(),
                30,
                30,
            ),
            (
                "markdown",
                "# Title\n\n- item one\n- [link](https://example.com/a/b?c=d)\n\n```bash\nrm -rf /tmp/x\n```\n"
                    .into(),
                33,
                33,
            ),
            (
                "crlf",
                "line one\r\nline two\r\n\r\n  indented\r\n".into(),
                10,
                10,
            ),
            ("spaces", format!("{}x{}", " ".repeat(100), " ".repeat(64)), 4, 4),
            ("newlines", format!("a{}b\n\n\n", "\n".repeat(50)), 7, 6),
            (
                "mixed whitespace",
                format!("{}y   \n\n   \t  \r\n  end  \n  ", "\t".repeat(30)),
                11,
                11,
            ),
            ("long word", "a".repeat(1000), 125, 125),
            ("endoftext", "<|endoftext|>".into(), 7, 7),
            (
                "special strings",
                "before <|endoftext|> after <|fim_prefix|><|im_start|>system<|im_end|>".into(),
                27,
                26,
            ),
        ]
    }

    #[test]
    fn counts_match_tiktoken() {
        for (name, text, o200k, cl100k) in cases() {
            assert_eq!(
                count(&text, Encoding::O200kBase),
                o200k,
                "o200k_base: {name}"
            );
            assert_eq!(
                count(&text, Encoding::Cl100kBase),
                cl100k,
                "cl100k_base: {name}"
            );
        }
    }

    /// Texts where a piece could run across a line feed, or stop before one.
    const EDGES: &[&str] = &[
        "a\n/b\n",
        "}\n/x/y\n",
        "x  \n\ny",
        "line\n line\n\tz\n",
        "a\r\nb\r\n",
        "日本\n語\n",
        "a\n\u{3000}b\n\u{3001}c",
        "pdf\n\n\u{3000}\n</name>",
        "pdf\n \u{a0}\n</name>",
        "<|endoftext|>\nfoo\n",
        "a\n   ",
        "  \n",
        "\n\n\nx",
        "x.\n's\n's",
        "12\n34\n",
        "end\n\u{85}next\n\u{a0}nbsp\n",
        "<a>\n  <b>\n\t<c>\n    </b>\n</a>",
        "x \n  y \n\t z",
        " \n \t \n  z\n  \n  w",
        "a\n \u{a0}b\n  \u{3000}c",
        "a\n  /b\n\t/c\n/d",
        "x.\n  's\n\t'S\n  're",
        "a\n  12\n\t345\n 6789",
        "a\r\n  b\r\n\tc",
        "}\n  }\n\t)\n  ]\n",
        "<x>\n  \n  <y>\n\n\t<z>",
        "a, b, c, 7zip, 'til, ,, x,  y, \u{301}z, \u{3000}w, /x",
        "one,two, three ,  four. , five!, six, \n, seven,\n, eight",
        "a-, -b, c-, 12, 345, 6789, é, Σ, ., …, <a>, </b>, , ,",
        "x ,\ty, \tz, \r\n, \u{a0}, end, ",
    ];

    #[test]
    fn counts_add_up_across_cuts() {
        for encoding in [Encoding::O200kBase, Encoding::Cl100kBase] {
            for text in cases()
                .iter()
                .map(|c| c.1.as_str())
                .chain(EDGES.iter().copied())
            {
                let parts: usize = cuts(text)
                    .0
                    .windows(2)
                    .map(|w| count(&text[w[0]..w[1]], encoding))
                    .sum();
                assert_eq!(parts, count(text, encoding), "{encoding} {text:?}");
            }
        }
    }

    #[test]
    fn variants_count_exactly() {
        let base = "<skills>\n<skill>\n<name>\npdf\n\n、\n</name>\n</skill>\n<skill>\n<name>\n日本語\n</name>\n</skill>\n/tmp\n  indented\n  <skill>\n    <name>a b</name>\n\t  /x\n  </skill>\n</skills>\n";
        let lines: Vec<&str> = base.split_inclusive('\n').collect();
        let mut variants: Vec<String> = vec![
            String::new(),
            base.to_owned(),
            "something else entirely".to_owned(),
            base.replace("日本語", "日本\u{3000}"),
            base.replace("、\n", "\u{3000}\n"),
            base.replace("pdf", "pdf\n/abs"),
            base.replace("  indented", "indented"),
            base.replace("  indented", "  \u{a0}indented"),
            base.replace("    <name>", "     <name>"),
            base.replace("    <name>", "\n    <name>"),
            base.replace("    <name>", "    \n<name>"),
            base.replace("  </skill>", "  /skill>"),
            format!("{base}tail"),
            format!("head{base}"),
        ];
        for skip in 0..lines.len() {
            let mut text: Vec<&str> = lines.clone();
            text.remove(skip);
            variants.push(text.concat());
            let mut text = lines.clone();
            text.insert(skip, " \n");
            variants.push(text.concat());
        }
        for encoding in [Encoding::O200kBase, Encoding::Cl100kBase] {
            let counter = Variants::new(base, encoding);
            assert_eq!(counter.base(), count(base, encoding));
            for text in &variants {
                assert_eq!(
                    counter.count(text),
                    count(text, encoding),
                    "{encoding} {text:?}"
                );
            }
            assert_eq!(
                Variants::new("", encoding).count("a b"),
                count("a b", encoding)
            );
            // Every gap between character boundaries, of every length.
            let bounds: Vec<usize> = (0..=base.len())
                .filter(|&i| base.is_char_boundary(i))
                .collect();
            for (n, &from) in bounds.iter().enumerate() {
                for &to in &bounds[n..] {
                    let text = format!("{}{}", &base[..from], &base[to..]);
                    assert_eq!(
                        counter.count_without(from, to),
                        count(&text, encoding),
                        "{encoding} {from}..{to}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_default_is_o200k_base() {
        assert_eq!(Encoding::default(), Encoding::O200kBase);
        assert_eq!(Encoding::default().to_string(), "o200k_base");
        assert_eq!(Encoding::Cl100kBase.as_str(), "cl100k_base");
    }

    #[test]
    fn past_finds_the_piece_after_the_limit() {
        let text = "hello world\nhello world\n";
        // "hello", " world", "\n", "hello", " world", "\n".
        let n = count(text, Encoding::O200kBase);
        assert_eq!(n, 6);
        assert_eq!(past(text, Encoding::O200kBase, n), None);
        assert_eq!(past(text, Encoding::O200kBase, n + 100), None);
        assert_eq!(past(text, Encoding::O200kBase, 5), Some(23));
        assert_eq!(past(text, Encoding::O200kBase, 3), Some(12));
        assert_eq!(past(text, Encoding::O200kBase, 0), Some(0));
        assert_eq!(past("", Encoding::O200kBase, 0), None);
        // "aaaa…" is one piece of 125 tokens: token 11 is in it, at 0.
        let long = "a".repeat(1000);
        assert_eq!(past(&long, Encoding::O200kBase, 10), Some(0));
        assert_eq!(past(&long, Encoding::O200kBase, 125), None);
        for limit in 0..30 {
            let text = "word ".repeat(8);
            let n = count(&text, Encoding::Cl100kBase);
            assert_eq!(
                past(&text, Encoding::Cl100kBase, limit).is_some(),
                n > limit,
                "{limit}"
            );
        }
    }

    /// Texts made to break a pre-tokenizer or a merge, with `tiktoken`'s tokens for each
    /// (`scripts/tokens-fixture.py`).
    #[test]
    fn tokens_match_tiktoken_on_hard_texts() {
        let fixture: serde_json::Value =
            serde_json::from_str(include_str!("../tests/data/tokens-tiktoken.json"))
                .expect("the fixture is JSON");
        let cases = fixture["cases"].as_array().expect("cases");
        assert!(cases.len() > 800);
        let mut wrong = Vec::new();
        for case in cases {
            let text = case["text"].as_str().expect("text");
            for encoding in [Encoding::O200kBase, Encoding::Cl100kBase] {
                let theirs: Vec<u32> =
                    serde_json::from_value(case[encoding.as_str()].clone()).expect("tokens");
                if encode(text, encoding) != theirs {
                    wrong.push(format!("{encoding} {}: {text:?}", case["group"]));
                } else {
                    assert_eq!(count(text, encoding), theirs.len());
                }
            }
        }
        assert!(
            wrong.is_empty(),
            "{} differ:\n{}",
            wrong.len(),
            wrong.join("\n")
        );
    }

    #[test]
    fn counts_wait_for_a_preload() {
        preload(Encoding::Cl100kBase);
        assert_eq!(count("hello world", Encoding::Cl100kBase), 2);
    }

    #[test]
    fn every_token_of_both_tables_is_found_at_its_rank() {
        for (encoding, tokens) in [
            (Encoding::O200kBase, 199_998),
            (Encoding::Cl100kBase, 100_256),
        ] {
            let table = table(encoding);
            assert_eq!(table.len(), tokens, "{encoding}");
            let mut all = table.tokens();
            for (rank, bytes) in &all {
                assert_eq!(table.rank(bytes), Some(*rank), "{encoding} {bytes:?}");
            }
            all.sort();
            assert!(
                all.iter().map(|(rank, _)| *rank).eq(0..table.len()),
                "{encoding}: every rank once"
            );
            for byte in 0..=255u8 {
                assert!(table.rank(&[byte]).is_some(), "{encoding} {byte}");
            }
            assert_eq!(table.rank(b"not a single token, surely"), None);
            // A prefix or an extension of a token is another key.
            assert_eq!(table.rank(b"hello").map(|_| ()), Some(()), "{encoding}");
            assert_eq!(table.rank(b"hell\0"), None, "{encoding}");
            assert_eq!(table.rank(b""), None, "{encoding}");
            assert_eq!(table.rank(&[b' '; 300]), None, "{encoding}");
        }
    }
}
