//! S106 body-too-many-tokens: the Markdown body of `SKILL.md` is more than the recommended
//! number of tokens (5000 by default).

use super::text::Body;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::source::lines;
use crate::tokens::{self, Encoding};

pub const RULE: Rule = Rule {
    id: "S106",
    name: "body-too-many-tokens",
    severity: Severity::Warning,
    summary: "the SKILL.md body is more than the recommended number of tokens",
    docs: r#"## What it does

Counts the tokens of the body of `SKILL.md` (everything after the closing `---`, without leading
and trailing whitespace) with the `o200k_base` encoding and warns when there are more than
`max-body-tokens` (5000 unless `[thresholds]` in `skills.toml` says otherwise). The finding
points at the line that holds the first token past the limit, so you can see how much has to go.

`o200k_base` is OpenAI's current encoding, compiled into `skills`; other skill validators report
the same measure. A model with another tokenizer counts somewhat differently, so treat the number
as an estimate of the size the body adds to the context. Special-token strings such as
`<|endoftext|>` are counted as the plain text they are. Counting stops at the limit (a body of N
bytes has at most N tokens, so short bodies are never tokenized); `skills tokens` gives the
exact size. Files without a closed frontmatter block are left to the S00x rules.

## Why

The body is loaded into the context window each time the skill is activated, and stays there.
The standard recommends keeping the instructions under 5000 tokens, and Anthropic's overview
gives the same budget ("Under 5k tokens") for this level of progressive disclosure: reference
material belongs in separate files that the model reads only when a task needs them.

## Example

A `SKILL.md` whose body pastes a whole API reference inline: 9,600 words, over 18,000 tokens,
loaded in full every time the skill is used.

## How to fix

Keep the workflow and the decisions in `SKILL.md`; move reference tables, long examples and
rarely needed detail into files under `references/`, each linked with a line that says when to
read it.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(body) = Body::of(cx) else {
        return;
    };
    let limit = cx.settings.max_body_tokens;
    let encoding = Encoding::default();
    let text = body.text();
    let lead = text.len() - text.trim_start().len();
    let Some(past) = tokens::past(text.trim(), encoding, limit) else {
        return;
    };
    // The line of the first character at or after the piece that holds token `limit + 1`.
    let rest = &text[lead + past..];
    let point = lead + past + (rest.len() - rest.trim_start().len());
    let place = lines(text)
        .find(|(_, _, full)| full.end > point)
        .map(|(_, content, _)| content.start..content.end);
    let mut finding = RULE
        .finding(
            cx,
            format!("the body is more than the recommended {limit} tokens ({encoding})"),
        )
        .help(format!(
            "move reference material and long examples into files under `references/` and link them from SKILL.md, to get the body to {limit} tokens or fewer; `skills tokens` gives its exact size"
        ));
    if let Some(place) = place {
        finding = finding
            .at(body.span(place))
            .label(format!("token {} is on this line", limit + 1));
    }
    out.push(finding);
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::{check, check_settings, skill};
    use crate::rules::{Finding, Settings};

    fn run(text: &str, max_body_tokens: usize) -> Vec<Finding> {
        let settings = Settings {
            max_body_tokens,
            ..Settings::default()
        };
        check_settings(&RULE, &skill("big", text), &settings)
    }

    const HEAD: &str = "---\nname: big\ndescription: d\n---\n";

    #[test]
    fn counts_o200k_tokens_of_the_trimmed_body() {
        // 8 tokens in o200k_base once trimmed ("hello", " world", "\n", …, "hello",
        // " world"); the frontmatter does not count.
        let text = format!("{HEAD}\nhello world\nhello world\nhello world\n\n");
        assert!(run(&text, 8).is_empty());
        let found = run(&text, 7);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "the body is more than the recommended 7 tokens (o200k_base)"
        );
        let span = found[0].span.expect("a span");
        // Token 8, " world", is on the third line.
        assert_eq!(span.start, HEAD.len() + 1 + 2 * "hello world\n".len());
        assert_eq!(span.end, span.start + "hello world".len());
        assert_eq!(found[0].label.as_deref(), Some("token 8 is on this line"));
        // Token 7 is the third line's "hello"; token 4, the second line's.
        let found = run(&text, 3);
        let span = found[0].span.expect("a span");
        assert_eq!(span.start, HEAD.len() + 1 + "hello world\n".len());
        // Token 3 is the first line's line feed: the next line is shown.
        let found = run(&text, 2);
        let span = found[0].span.expect("a span");
        assert_eq!(span.start, HEAD.len() + 1 + "hello world\n".len());
    }

    #[test]
    fn default_limit_is_5000() {
        let under = "word ".repeat(4000);
        assert!(check(&RULE, "big", &format!("{HEAD}{under}")).is_empty());
        let over = "word ".repeat(5001);
        assert_eq!(check(&RULE, "big", &format!("{HEAD}{over}")).len(), 1);
    }

    #[test]
    fn quiet_without_a_closed_frontmatter() {
        assert!(run(&"word ".repeat(100), 5).is_empty());
    }
}
