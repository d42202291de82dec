//! The skill file as runtimes read it: the text their decoders give and the line endings their
//! readers normalise, taken from what the skill already holds. Nothing is copied when nothing
//! changes (most files are valid UTF-8 without a `\r`), so each runtime's reader costs what its
//! own parsing costs, not a pass over the whole file.

use std::borrow::Cow;

use crate::frontmatter::{self, Yaml};
use crate::skill::Skill;

/// `yaml`, a block the runtime cut out of the skill's file, read as
/// [`frontmatter::parse_standalone`] reads it; the skill's own reading of its frontmatter
/// answers when it can ([`frontmatter::parse_block`]).
pub fn yaml(skill: &Skill, yaml: &str) -> Yaml {
    match skill.document.frontmatter() {
        Some(fm) => frontmatter::parse_block(&skill.source, fm, yaml),
        None => frontmatter::parse_standalone(yaml),
    }
}

/// The file as UTF-8 text, or `None` when it is not valid UTF-8 (what a strict decoder, such as
/// Rust's `str::from_utf8` or Python's `read_text()`, refuses).
pub fn utf8(skill: &Skill) -> Option<&str> {
    skill
        .source
        .encoding()
        .invalid_utf8
        .is_none()
        .then(|| skill.source.text())
}

/// `text` with every `\r\n` as `\n` (`text.replace("\r\n", "\n")`).
pub fn crlf_to_lf(text: &str) -> Cow<'_, str> {
    if crate::source::contains_any(text.as_bytes(), b"\r") {
        Cow::Owned(text.replace("\r\n", "\n"))
    } else {
        Cow::Borrowed(text)
    }
}

/// `text`, the skill's text or a part of it, with universal newlines: borrowed without a look
/// at it when the file has no `\r` at all, which its encoding facts already say.
pub fn universal_newlines_of<'t>(skill: &Skill, text: &'t str) -> Cow<'t, str> {
    if skill.source.encoding().line_endings.lf_only() {
        Cow::Borrowed(text)
    } else {
        universal_newlines(text)
    }
}

/// `text` with `\r\n` and a lone `\r` as `\n`: universal newlines.
pub fn universal_newlines(text: &str) -> Cow<'_, str> {
    if !crate::source::contains_any(text.as_bytes(), b"\r") {
        return Cow::Borrowed(text);
    }
    // One pass: each `\r` becomes `\n`, and one right before a `\n` is dropped.
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = memchr::memchr(b'\r', rest.as_bytes()) {
        out.push_str(&rest[..at]);
        out.push('\n');
        let skip = if rest.as_bytes().get(at + 1) == Some(&b'\n') {
            2
        } else {
            1
        };
        rest = &rest[at + skip..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::context::testing::skill;

    #[test]
    fn the_text_is_what_the_decoders_give() {
        let inputs: [&[u8]; 8] = [
            b"",
            b"---\nname: a\n---\n",
            b"---\r\nname: a\r\n---\r\nbody\r\n",
            b"---\rname: a\r---\rbody",
            b"\xEF\xBB\xBF---\nname: a\n---\n",
            b"---\nname: \xFF\xFEa\n---\n\xC3",
            "---\nname: caf\u{e9}\r\r\n\n---\n\u{2028}".as_bytes(),
            b"\r\n\r\r\n\n\r",
        ];
        for bytes in inputs {
            let parsed = skill("a", "");
            let parsed = Skill::parse(
                parsed.dir.clone(),
                parsed.skill_md.clone(),
                parsed.origin.clone(),
                bytes.to_vec(),
            );
            assert_eq!(utf8(&parsed), std::str::from_utf8(bytes).ok());
            let lossy = String::from_utf8_lossy(bytes);
            assert_eq!(parsed.source.text(), lossy);
            assert_eq!(crlf_to_lf(&lossy), lossy.replace("\r\n", "\n"));
            let universal = lossy.replace("\r\n", "\n").replace('\r', "\n");
            assert_eq!(universal_newlines(&lossy), universal);
            assert_eq!(
                universal_newlines_of(&parsed, parsed.source.text()),
                universal
            );
        }
    }
}
