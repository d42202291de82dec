//! S031 yaml-too-complex: the frontmatter is over a parsing limit and was not parsed.

use super::common::char_span;
use crate::frontmatter::{MAX_FLOW_DEPTH, MAX_YAML_BYTES, Yaml, YamlLimit};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S031",
    name: "yaml-too-complex",
    severity: Severity::Error,
    summary: "the frontmatter is too large or too deeply nested to parse",
    docs: r#"## What it does

Before any YAML parser sees a frontmatter block, `skills` checks it in one pass: it must be at
most 1 MiB, and its flow collections (`[…]`, `{…}`) must not nest deeper than 128 levels (the
check counts every `[` and `{`, and takes off those closed by simple one-line text, so brackets
inside quoted strings can only make it stricter). A block over a limit is not parsed, and this
rule reports it.

## Why

YAML scanners spend time in proportion to the nesting depth on every token, so a frontmatter of
a few hundred kilobytes of `[` or `{a: ` keeps a parser busy for minutes; serde_yaml (which
Codex uses) refuses nesting deeper than 128 anyway. No real skill comes near these limits: a
frontmatter this large or deep is broken or hostile, and runtimes that try to parse it hang or
skip the skill.

## Example

```yaml
---
name: pdf-processing
description: Extracts text from PDFs.
metadata: [[[[[[[[[[[[[[[[ … thousands more … ]]]]]]]]]]]]]]]]
---
```

## How to fix

Keep the frontmatter to the fields a skill needs, written as plain `key: value` lines; move long
material into the body or `references/`, and write nested data as indented block YAML.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(fm) = cx.skill.document.frontmatter() else {
        return;
    };
    let Yaml::Invalid(err) = &fm.content else {
        return;
    };
    let Some(limit) = err.limit else {
        return;
    };
    let (message, label) = match limit {
        YamlLimit::Size => (
            format!("the frontmatter is larger than {MAX_YAML_BYTES} bytes and was not parsed"),
            "the frontmatter starts here",
        ),
        YamlLimit::Depth => (
            format!(
                "flow collections may nest deeper than {MAX_FLOW_DEPTH} levels; the frontmatter was not parsed"
            ),
            "this bracket is past the limit",
        ),
    };
    let at = match limit {
        YamlLimit::Size => fm.yaml.start,
        YamlLimit::Depth => err.offset,
    };
    out.push(
        RULE.finding(cx, message)
            .at(char_span(cx.skill, at))
            .label(label)
            .help("write the frontmatter as plain `key: value` lines and move long material into the body"),
    );
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    #[test]
    fn deep_flow_nesting_is_reported_where_it_passes_the_limit() {
        let text = format!(
            "---\nname: x\ndescription: d\nx: {}\n---\n",
            "[".repeat(200)
        );
        let found = check(&RULE, "x", &text);
        assert_eq!(found.len(), 1);
        let at = text.find('[').unwrap() + 128;
        assert_eq!(found[0].span.unwrap().start, at);
    }

    #[test]
    fn quiet_on_ordinary_flow_lists_and_quoted_brackets() {
        let lists = "[a, b], ".repeat(300);
        let text = format!(
            "---\nname: x\ndescription: \"{}\"\nx: [{lists} \"[\", '{{']\n---\n",
            "[".repeat(10)
        );
        assert!(check(&RULE, "x", &text).is_empty());
    }
}
