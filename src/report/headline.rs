//! Headlines: a finding's message cut to at most [`MAX`] characters for the one-line formats
//! and the human header, with the rest kept as a detail shown under it. A long message is cut
//! where its first clause ends (`: ` or `; `); a message without one has its longest quoted
//! value shortened (`a-very-long-na…-name`); only then is it cut at a word.

/// The longest headline, in characters.
pub const MAX: usize = 120;

/// The longest quoted value kept whole in a headline.
const MAX_QUOTED: usize = 32;

/// `(headline, detail)`: the detail is the rest of the message, or the whole message when the
/// headline shortened it in place.
pub fn split(message: &str) -> (String, Option<String>) {
    if message.chars().count() <= MAX {
        return (message.to_owned(), None);
    }
    for separator in [": ", "; ", " — ", ", so "] {
        if let Some(at) = message.find(separator) {
            let head = &message[..at];
            let rest = message[at + separator.len()..].trim();
            if head.chars().count() < 20 || inside_code(head) {
                continue;
            }
            if head.chars().count() <= MAX {
                return (head.to_owned(), Some(capitalise(rest)));
            }
            let short = shorten_quoted(head);
            if short.chars().count() <= MAX {
                return (short, Some(message.to_owned()));
            }
        }
    }
    let shortened = shorten_quoted(message);
    if shortened.chars().count() <= MAX {
        return (shortened, Some(message.to_owned()));
    }
    let mut head = String::new();
    for word in shortened.split(' ') {
        if head.chars().count() + word.chars().count() + 2 > MAX {
            break;
        }
        if !head.is_empty() {
            head.push(' ');
        }
        head.push_str(word);
    }
    head.push('…');
    (head, Some(message.to_owned()))
}

/// Whether a cut here would fall inside a `code span`.
fn inside_code(head: &str) -> bool {
    head.matches('`').count() % 2 == 1
}

/// The detail as a sentence of its own: its first letter in upper case, unless it starts with a
/// runtime's name, which keeps its own spelling (`opencode`, `pi coding agent`).
fn capitalise(text: &str) -> String {
    if crate::targets::TARGETS
        .iter()
        .any(|t| !t.display.starts_with("the ") && text.starts_with(t.display))
    {
        return text.to_owned();
    }
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Every `quoted` value longer than [`MAX_QUOTED`] characters, with its middle replaced by `…`.
fn shorten_quoted(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut parts = message.split('`');
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    for (i, part) in parts.enumerate() {
        out.push('`');
        let quoted = i % 2 == 0;
        let n = part.chars().count();
        if quoted && n > MAX_QUOTED {
            let keep = (MAX_QUOTED - 1) / 2;
            out.extend(part.chars().take(keep));
            out.push('…');
            out.extend(part.chars().skip(n - keep));
        } else {
            out.push_str(part);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_messages_stay_whole() {
        assert_eq!(
            split("`name` is missing"),
            ("`name` is missing".to_owned(), None)
        );
    }

    #[test]
    fn long_messages_are_cut_after_their_first_clause() {
        let message = "SKILL.md starts with a UTF-8 byte order mark (`EF BB BF`): the reference validator fails it with \"must start with YAML frontmatter\", Metis skips it, and other clients miss the frontmatter";
        let (head, detail) = split(message);
        assert_eq!(
            head,
            "SKILL.md starts with a UTF-8 byte order mark (`EF BB BF`)"
        );
        assert!(
            detail
                .unwrap()
                .starts_with("The reference validator fails it")
        );
    }

    #[test]
    fn a_detail_starting_with_a_runtime_keeps_its_spelling() {
        let message = "`keywords` item `@Cron` starts with `@`, which YAML reserves, so the frontmatter is invalid YAML: opencode and pi coding agent skip the skill";
        let (_, detail) = split(message);
        assert_eq!(
            detail.as_deref(),
            Some("opencode and pi coding agent skip the skill")
        );
    }

    #[test]
    fn long_quoted_values_are_shortened() {
        let message = "`name` `a-very-long-skill-name-that-goes-on-a-very-long-skill-name-that-goes-on-end` does not match the directory name `long-name`";
        let (head, detail) = split(message);
        assert!(head.chars().count() <= MAX, "{head}");
        assert!(head.contains("a-very-long-ski…hat-goes-on-end"), "{head}");
        assert_eq!(detail.as_deref(), Some(message));
    }

    #[test]
    fn anything_else_is_cut_at_a_word() {
        let message = "word ".repeat(60);
        let (head, _) = split(message.trim());
        assert!(
            head.chars().count() <= MAX && head.ends_with("word…"),
            "{head}"
        );
    }
}
