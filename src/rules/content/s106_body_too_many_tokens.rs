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
points at the line where the running count passes the limit, so you can see how much has to go.

`o200k_base` is OpenAI's current encoding, compiled into `skills`; other skill validators report
the same measure. A model with another tokenizer counts somewhat differently, so treat the number
as an estimate of the size the body adds to the context. Special-token strings such as
`<|endoftext|>` are counted as the plain text they are. A body of N bytes has at most N tokens,
so short bodies are never tokenized. Files without a closed frontmatter block are left to the
S00x rules.

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
    let Some(count) = tokens::count_over(body.text().trim(), encoding, limit) else {
        return;
    };
    // Where the running count passes the limit; lines are counted one by one, which can differ
    // from the whole by a token here and there, so this is "about here".
    let mut running = 0;
    let mut place = None;
    for (line, content, full) in lines(body.text()) {
        if line.trim().is_empty() {
            continue;
        }
        running += tokens::count(&body.text()[full.start..full.end], encoding);
        place = Some(content.start..content.end);
        if running > limit {
            break;
        }
    }
    let mut finding = RULE
        .finding(
            cx,
            format!(
                "the body is {count} tokens long ({encoding}), more than the recommended {limit}"
            ),
        )
        .help(format!(
            "move reference material and long examples into files under `references/` and link them from SKILL.md, to get the body to {limit} tokens or fewer"
        ));
    if let Some(place) = place {
        finding = finding
            .at(body.span(place))
            .label(format!("about token {} here", limit + 1));
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
        // 8 tokens in o200k_base once trimmed ("hello", " world", "\n"…); the frontmatter does
        // not count. Line by line, "hello world\n" is 3 tokens.
        let text = format!("{HEAD}\nhello world\nhello world\nhello world\n\n");
        assert!(run(&text, 8).is_empty());
        let found = run(&text, 7);
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .message
                .starts_with("the body is 8 tokens long (o200k_base)"),
            "{}",
            found[0].message
        );
        let span = found[0].span.expect("a span");
        // The third line is where the running count (3, 6, 9) passes 7.
        assert_eq!(span.start, HEAD.len() + 1 + 2 * "hello world\n".len());
        assert_eq!(found[0].label.as_deref(), Some("about token 8 here"));
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
