//! Token counts with OpenAI's BPE encodings, the way agent runtimes budget context.
//!
//! The only module that calls `bpe-openai`, whose encodings give the same tokens as OpenAI's
//! `tiktoken`. Its tables are compiled into the binary (no network) in a serialized form, but
//! loading one still takes tens of milliseconds and tens of megabytes, so each encoding is loaded
//! on first use and kept for the life of the process. Callers that only need to know whether a
//! text is over a limit should use [`count_over`]: a text of N bytes has at most N tokens (every
//! token covers at least one byte), so short texts never load a table.
//!
//! Special-token strings such as `<|endoftext|>` are counted as the ordinary text they are: a
//! skill that contains one is not sending a control token to anybody.

use std::fmt;
use std::sync::Once;
use std::thread;

use bpe_openai::Tokenizer;

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

/// The number of tokens `text` encodes to.
pub fn count(text: &str, encoding: Encoding) -> usize {
    tokenizer(encoding).count(text)
}

/// Starts loading the encoding's tables on another core, once, for a caller that will probably
/// count soon: the first [`count`] then waits for that load instead of starting its own. Does
/// nothing on a single core, where it would only hold up the caller. A process that ends first
/// simply stops the load.
pub fn preload(encoding: Encoding) {
    static O200K_BASE: Once = Once::new();
    static CL100K_BASE: Once = Once::new();
    let started = match encoding {
        Encoding::O200kBase => &O200K_BASE,
        Encoding::Cl100kBase => &CL100K_BASE,
    };
    started.call_once(|| {
        if thread::available_parallelism().map_or(1, usize::from) < 2 {
            return;
        }
        // If no thread can be started, the first count loads the tables as usual.
        let _ = thread::Builder::new()
            .name("tokens".to_owned())
            .spawn(move || tokenizer(encoding));
    });
}

/// The token count of `text` when it is more than `limit`, else `None`. Texts of at most `limit`
/// bytes are answered without tokenizing (and without loading the tables).
pub fn count_over(text: &str, encoding: Encoding, limit: usize) -> Option<usize> {
    over_with(text, limit, |text| count(text, encoding))
}

fn over_with(text: &str, limit: usize, count: impl FnOnce(&str) -> usize) -> Option<usize> {
    if text.len() <= limit {
        return None;
    }
    Some(count(text)).filter(|&n| n > limit)
}

/// The encoding's tokenizer, loaded on first use.
fn tokenizer(encoding: Encoding) -> &'static Tokenizer {
    match encoding {
        Encoding::O200kBase => bpe_openai::o200k_base(),
        Encoding::Cl100kBase => bpe_openai::cl100k_base(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected counts were computed with OpenAI's Python `tiktoken` (`encode_ordinary`) on the
    // same BPE files.
    const CASES: &[(&str, usize, usize)] = &[
        ("", 0, 0),
        ("hello world", 2, 2),
        ("<|endoftext|>", 7, 7),
        (
            "Processes Excel files and generates reports. Use when working with .xlsx files.",
            15,
            15,
        ),
        ("naïve café 日本語 🎉", 8, 11),
        ("    indented code\n\tx = 1\r\n", 10, 10),
        ("before <|endoftext|> after <|fim_prefix|>", 15, 14),
    ];

    #[test]
    fn counts_match_tiktoken() {
        for &(text, o200k, cl100k) in CASES {
            assert_eq!(
                count(text, Encoding::O200kBase),
                o200k,
                "o200k_base {text:?}"
            );
            assert_eq!(
                count(text, Encoding::Cl100kBase),
                cl100k,
                "cl100k_base {text:?}"
            );
        }
    }

    #[test]
    fn the_default_is_o200k_base() {
        assert_eq!(Encoding::default(), Encoding::O200kBase);
        assert_eq!(Encoding::default().to_string(), "o200k_base");
        assert_eq!(Encoding::Cl100kBase.as_str(), "cl100k_base");
    }

    #[test]
    fn short_texts_are_not_tokenized() {
        let mut called = false;
        assert_eq!(
            over_with("abc", 3, |_| {
                called = true;
                99
            }),
            None
        );
        assert!(!called);
        assert_eq!(over_with("abcd", 3, |_| 4), Some(4));
        assert_eq!(over_with("abcd", 3, |_| 2), None);
    }

    #[test]
    fn counts_wait_for_a_preload() {
        preload(Encoding::Cl100kBase);
        assert_eq!(count("hello world", Encoding::Cl100kBase), 2);
    }

    #[test]
    fn count_over_agrees_with_count() {
        let text = "word ".repeat(50);
        let n = count(&text, Encoding::O200kBase);
        assert_eq!(count_over(&text, Encoding::O200kBase, n - 1), Some(n));
        assert_eq!(count_over(&text, Encoding::O200kBase, n), None);
    }
}
