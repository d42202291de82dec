//! S105 body-too-long: the Markdown body of `SKILL.md` has more lines than the recommended
//! maximum (500 by default).

use super::text::Body;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S105",
    name: "body-too-long",
    severity: Severity::Warning,
    summary: "the SKILL.md body is longer than the recommended number of lines",
    docs: r#"## What it does

Counts the lines of the body of `SKILL.md` and warns when there are more than
`max-body-lines` (500 unless `[thresholds]` in `skills.toml` says otherwise). The finding points
at the first line past the limit.

A line of the body is every line after the closing `---` of the frontmatter, blank lines and code
blocks included; a line ends at `\n`, `\r\n` or a lone `\r`, and a last line without a line break
counts too. So a body of 500 lines followed by a final newline is within the limit, and the
frontmatter never counts. Files without a closed frontmatter block are left to the S00x rules.

## Why

The whole body is loaded into the context window each time the skill is activated, and stays
there while the conversation goes on. The standard says "Keep your main `SKILL.md` under 500
lines" and Anthropic's authoring guidance says to keep the body under 500 lines for optimal
performance, moving details into separate files that the model reads only when it needs them
(progressive disclosure).

## Example

A `SKILL.md` whose body runs on for 700 lines: API reference tables, every edge case, long
examples, all inline.

## How to fix

Keep the core workflow in `SKILL.md` and move the rest into files one level below it, each linked
from the body with a line that says when to read it:

```markdown
## Reference

- Form fields and their validation rules: [references/forms.md](references/forms.md)
- Every API endpoint: [references/api.md](references/api.md)
```
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(body) = Body::of(cx) else {
        return;
    };
    let limit = cx.settings.max_body_lines;
    let count = body.line_count();
    if count <= limit {
        return;
    }
    let Some(first_over) = body.line(limit).map(|line| {
        if line.start == line.end {
            line.start..line.next
        } else {
            line.start..line.end
        }
    }) else {
        return;
    };
    out.push(
        RULE.finding(
            cx,
            format!("the body is {count} lines long, more than the recommended {limit}"),
        )
        .at(body.span(first_over))
        .label(format!("body line {}", limit + 1))
        .help(format!(
            "move reference material and long examples into files under `references/` and link them from SKILL.md, to get the body to {limit} lines or fewer"
        )),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::{check, check_settings, skill};
    use crate::rules::{Finding, Settings};

    fn run(text: &str, max_body_lines: usize) -> Vec<Finding> {
        let settings = Settings {
            max_body_lines,
            ..Settings::default()
        };
        check_settings(&RULE, &skill("long", text), &settings)
    }

    const HEAD: &str = "---\nname: long\ndescription: d\n---\n";

    #[test]
    fn counts_body_lines_only() {
        // Three body lines, the last without a newline; the frontmatter does not count.
        let text = format!("{HEAD}one\ntwo\nthree");
        assert!(run(&text, 3).is_empty());
        let found = run(&text, 2);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "the body is 3 lines long, more than the recommended 2"
        );
        assert_eq!(found[0].label.as_deref(), Some("body line 3"));
        let span = found[0].span.expect("a span");
        assert_eq!(&text[span.start..span.end], "three");
    }

    #[test]
    fn a_final_newline_ends_the_last_line_and_blank_lines_count() {
        assert!(run(&format!("{HEAD}one\ntwo\n"), 2).is_empty());
        let text = format!("{HEAD}one\n\n\r\nfour\r\n");
        let found = run(&text, 2);
        assert_eq!(
            found[0].message,
            "the body is 4 lines long, more than the recommended 2"
        );
        // The third line is blank: the span is its line break.
        let span = found[0].span.expect("a span");
        assert_eq!(&text[span.start..span.end], "\r\n");
    }

    #[test]
    fn default_limit_is_500() {
        let body: String = (1..=500).map(|i| format!("line {i}\n")).collect();
        assert!(check(&RULE, "long", &format!("{HEAD}{body}")).is_empty());
        let found = check(&RULE, "long", &format!("{HEAD}{body}line 501"));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].label.as_deref(), Some("body line 501"));
    }

    #[test]
    fn quiet_without_a_closed_frontmatter() {
        let lines = "x\n".repeat(10);
        assert!(run(&lines, 2).is_empty());
        assert!(run(&format!("---\nname: long\n{lines}"), 2).is_empty());
    }
}
