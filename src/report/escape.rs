//! The one function that makes text from skills, folders and archives safe to print for a
//! person: control characters that a terminal would act on (ESC and the sequences it starts,
//! OSC titles and hyperlinks, C1 controls, bells, backspaces, carriage returns) are written out
//! visibly instead (`\x1b`, `\u{9b}`). Every human renderer and message that carries such text
//! goes through it, colour or not; JSON and SARIF are escaped by their own formats.

use std::borrow::Cow;

/// Whether `c` must not reach a terminal raw. `keep_newlines` spares `\n` and `\t`.
fn is_unsafe(c: char, keep_newlines: bool) -> bool {
    match c {
        '\n' | '\t' => !keep_newlines,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' => true,
        _ => false,
    }
}

fn escape(s: &str, keep_newlines: bool) -> Cow<'_, str> {
    if !s.chars().any(|c| is_unsafe(c, keep_newlines)) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if !is_unsafe(c, keep_newlines) {
            out.push(c);
        } else if (c as u32) < 0x80 {
            out.push_str(&format!("\\x{:02x}", c as u32));
        } else {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
    }
    Cow::Owned(out)
}

/// `s` with every control character but `\n` and `\t` written out visibly.
pub fn text(s: &str) -> Cow<'_, str> {
    escape(s, true)
}

/// `s` on one line: every control character written out visibly, `\n` and `\t` too (for names,
/// paths and table cells).
pub fn inline(s: &str) -> Cow<'_, str> {
    escape(s, false)
}

/// A file's bytes as text with the same byte offsets, for showing around a span: each invalid
/// UTF-8 byte, and each byte of a control character other than `\n`, `\r` and `\t`, becomes `?`.
pub fn snippet(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c != '\r' && is_unsafe(c, true) {
                text.extend(std::iter::repeat_n('?', c.len_utf8()));
            } else {
                text.push(c);
            }
        }
        text.extend(std::iter::repeat_n('?', chunk.invalid().len()));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_written_out() {
        assert_eq!(text("a\x1b[2Jb\n\tc"), "a\\x1b[2Jb\n\tc");
        assert_eq!(
            text("\x1b]8;;http://x\x07link"),
            "\\x1b]8;;http://x\\x07link"
        );
        assert_eq!(text("csi\u{9b}31m"), "csi\\u{9b}31m");
        assert_eq!(text("del\x7f"), "del\\x7f");
        assert_eq!(inline("a\nb\rc\td"), "a\\x0ab\\x0dc\\x09d");
        assert!(matches!(text("plain é ✓"), Cow::Borrowed(_)));
    }

    #[test]
    fn snippets_keep_offsets() {
        assert_eq!(snippet(b"ab\xffc\xe2\x82"), "ab?c??");
        assert_eq!(snippet("é".as_bytes()), "é");
        assert_eq!(snippet("a\x1bb\u{9b}\r\n".as_bytes()), "a?b??\r\n");
        assert_eq!(snippet("a\u{9b}".as_bytes()).len(), "a\u{9b}".len());
    }
}
