//! S029 strict-yaml-construct: flow collections, anchors, aliases or tags, which StrictYAML
//! refuses.

use saphyr_parser::{Event, Parser};

use super::common::{mapping, names, selected};
use crate::frontmatter::Field;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::skill::Skill;
use crate::source::Span;

pub const RULE: Rule = Rule {
    id: "S029",
    name: "strict-yaml-construct",
    severity: Severity::Error,
    summary: "the frontmatter uses YAML that StrictYAML refuses (flow style, anchors, tags)",
    docs: r#"## What it does

When a selected target reads frontmatter with StrictYAML (the reference validator,
`agentskills`, the default), reports the YAML features StrictYAML refuses, at the character
that starts each one:

- flow-style lists and mappings: `tags: [pdf, forms]`, `author: {name: Ana}`, `[]`, `{}`;
- anchors and aliases: `&default`, `*default`;
- tags: `!!str`, `!custom`.

Tabs, which StrictYAML also refuses outside quoted text, are S308's business.

Only the outermost of nested flow collections is reported. The check reads the YAML parser's
own events, so brackets inside quoted strings, block scalars and comments are never reported.
With no StrictYAML target selected, the rule is silent: other parsers accept all of these.

## Why

This is the most common reason real skills fail the reference validator: a `tags:` or `labels:`
list written in brackets, often inside `metadata`. The reference validator fails the skill with
"Invalid YAML in frontmatter", citing "ugly disallowed JSONesque flow mapping", "disallowed anchor
token" or "disallowed tag tokens", even though the YAML is valid everywhere else.

## Example

```yaml
---
name: pdf-processing
description: Extracts text and tables from PDF files. Use when working with PDFs.
metadata:
  tags: [pdf, forms]
---
```

## How to fix

Write lists as block lists (one `- item` per line) or as one string (`tags: "pdf forms"`), and
mappings as indented `key: value` lines. Write repeated values out instead of using anchors and
aliases, and drop tags (quote the value if it must stay text).
"#,
    fixable: false,
    check: Check::Skill(check),
};

/// What StrictYAML refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    FlowSequence,
    FlowMapping,
    Anchor,
    Alias,
    Tag,
}

/// One refused construct: its kind and its bytes in the YAML block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Construct {
    kind: Kind,
    start: usize,
    end: usize,
}

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let strict = selected(cx, |t| t.strict_yaml);
    if strict.is_empty() {
        return;
    }
    let Some(fm) = mapping(cx) else {
        return;
    };
    let Some(bytes) = cx.skill.source.bytes().get(fm.yaml.start..fm.yaml.end) else {
        return;
    };
    let Ok(yaml) = std::str::from_utf8(bytes) else {
        return;
    };
    let who = names(&strict);
    for c in constructs(cx.skill, yaml) {
        let span = Span::new(fm.yaml.start + c.start, fm.yaml.start + c.end);
        let token = &yaml[c.start..c.end];
        let owner = owner(fm.fields(), span.start, &mut Vec::new());
        let at = owner.map_or_else(String::new, |key| format!(" in `{key}`"));
        let (what, label, help) = match c.kind {
            Kind::FlowSequence => (
                format!("flow-style list `[…]`{at}"),
                "flow-style list",
                "write it as a block list (one `- item` per line), or quote it if it is meant as text",
            ),
            Kind::FlowMapping => (
                format!("flow-style mapping `{{…}}`{at}"),
                "flow-style mapping",
                "write it as indented `key: value` lines, or quote it if it is meant as text",
            ),
            Kind::Anchor => (
                format!("anchor `{token}`{at}"),
                "anchor",
                "write the value out instead of defining an anchor",
            ),
            Kind::Alias => (
                format!("alias `{token}`{at}"),
                "alias",
                "write the value out instead of referring to an anchor",
            ),
            Kind::Tag => (
                format!("tag `{token}`{at}"),
                "tag",
                "remove the tag; quote the value if it must stay text",
            ),
        };
        out.push(
            RULE.finding(cx, format!("{what}, which StrictYAML refuses"))
                .at(span)
                .label(format!("{label}: {who} fails the skill"))
                .help(help),
        );
    }
}

/// Whether StrictYAML refuses something in `yaml`, a block cut out of `skill`'s file (for
/// targets that read with it).
pub(crate) fn refuses(skill: &Skill, yaml: &str) -> bool {
    !events_in(skill, yaml).is_empty()
}

/// Every refused construct in `yaml`, a block of `skill`'s file, in order. Stops quietly at a
/// syntax error (S004 reports those).
fn constructs(skill: &Skill, yaml: &str) -> Vec<Construct> {
    let mut found = events_in(skill, yaml);
    found.sort_by_key(|c| c.start);
    found
}

/// [`events`] of `yaml`, a block of `skill`'s file, whose flow lists the skill's own reading
/// of its frontmatter may already know.
fn events_in(skill: &Skill, yaml: &str) -> Vec<Construct> {
    events(yaml, |yaml| match skill.document.frontmatter() {
        Some(fm) => crate::frontmatter::flow_lists_in(&skill.source, fm, yaml),
        None => crate::frontmatter::simple_flow_lists(yaml),
    })
}

/// Flow collections, anchors, aliases and tags from the parser's events. `flow_lists` answers
/// [`crate::frontmatter::simple_flow_lists`] for the text.
fn events(yaml: &str, flow_lists: impl FnOnce(&str) -> Option<Vec<usize>>) -> Vec<Construct> {
    // Each refused construct is written with one of these characters (`[`, `{`, `&`, `*`, `!`):
    // a text without any holds none, and is not parsed.
    if !crate::source::contains_any(yaml.as_bytes(), b"[{&*!") {
        return Vec::new();
    }
    // In a block of the plain shape the frontmatter is most often in, the only such constructs
    // are flow lists of strings, which the frontmatter reader finds without a parser.
    if let Some(lists) = flow_lists(yaml) {
        let found: Vec<Construct> = lists
            .into_iter()
            .map(|start| Construct {
                kind: Kind::FlowSequence,
                start,
                end: start + 1,
            })
            .collect();
        debug_assert_eq!(found, parsed_events(yaml), "{yaml:?}");
        return found;
    }
    parsed_events(yaml)
}

/// [`events`], always from the parser.
fn parsed_events(yaml: &str) -> Vec<Construct> {
    let to_byte = char_to_byte(yaml);
    let mut found = Vec::new();
    // For each open collection, whether it is flow style.
    let mut open: Vec<bool> = Vec::new();
    for item in Parser::new_from_str(yaml) {
        let Ok((event, span)) = item else {
            break;
        };
        let start = to_byte(span.start.index());
        let end = to_byte(span.end.index()).max(start);
        let token = yaml.get(start..end).unwrap_or("");
        match event {
            Event::SequenceStart(anchor, ref tag) | Event::MappingStart(anchor, ref tag) => {
                properties(token, start, anchor > 0, tag.is_some(), &mut found);
                // The token of a flow collection runs on over the blanks after its bracket.
                let opening = token.trim_end();
                let flow = opening.ends_with(['[', '{']);
                if flow && !open.contains(&true) {
                    let kind = if opening.ends_with('[') {
                        Kind::FlowSequence
                    } else {
                        Kind::FlowMapping
                    };
                    let bracket = start + opening.len() - 1;
                    found.push(Construct {
                        kind,
                        start: bracket,
                        end: bracket + 1,
                    });
                }
                open.push(flow);
            }
            Event::SequenceEnd | Event::MappingEnd => {
                open.pop();
            }
            Event::Scalar(_, _, anchor, ref tag) => {
                properties(token, start, anchor > 0, tag.is_some(), &mut found);
            }
            Event::Alias(_) => found.push(Construct {
                kind: Kind::Alias,
                start,
                end,
            }),
            _ => {}
        }
    }
    found
}

/// The anchor and tag at the start of a node's text (`&a !!str x`, `!t &a [`).
fn properties(token: &str, base: usize, anchor: bool, tag: bool, found: &mut Vec<Construct>) {
    if !anchor && !tag {
        return;
    }
    let mut offset = 0;
    for word in token.split_inclusive(char::is_whitespace) {
        let trimmed = word.trim_end();
        let kind = match trimmed.chars().next() {
            Some('&') if anchor => Kind::Anchor,
            Some('!') if tag => Kind::Tag,
            None => {
                offset += word.len();
                continue;
            }
            _ => break,
        };
        found.push(Construct {
            kind,
            start: base + offset,
            end: base + offset + trimmed.len(),
        });
        offset += word.len();
    }
}

/// saphyr reports character indices; this maps them to byte offsets in `text`.
fn char_to_byte(text: &str) -> impl Fn(usize) -> usize + '_ {
    let table: Vec<usize> = text
        .char_indices()
        .map(|(b, _)| b)
        .chain([text.len()])
        .collect();
    move |index| table.get(index).copied().unwrap_or(text.len())
}

/// The dotted key of the innermost field whose value holds `offset`.
fn owner<'f>(fields: &'f [Field], offset: usize, path: &mut Vec<&'f str>) -> Option<String> {
    let field = fields.iter().find(|f| {
        f.value_span.start <= offset
            && offset < f.value_span.end.max(f.value_span.start + 1)
            && f.key_span != f.value_span
    })?;
    path.push(&field.key);
    let inner = owner(&field.entries, offset, path);
    inner.or_else(|| Some(path.join(".")))
}

#[cfg(test)]
mod tests {
    use super::{Construct, Kind, RULE, parsed_events};
    use crate::frontmatter::simple_flow_lists;
    use crate::rules::context::testing::{check, check_with, skill};

    /// The constructs of `yaml` as the frontmatter of a skill.
    fn constructs(yaml: &str) -> Vec<Construct> {
        super::constructs(&skill("a", &format!("---\n{yaml}---\n")), yaml)
    }

    fn events(yaml: &str) -> Vec<Construct> {
        let found = super::events(yaml, simple_flow_lists);
        assert_eq!(
            super::events_in(&skill("a", &format!("---\n{yaml}---\n")), yaml),
            found,
            "{yaml:?}"
        );
        found
    }

    fn kinds(yaml: &str) -> Vec<(Kind, &str)> {
        constructs(yaml)
            .into_iter()
            .map(|Construct { kind, start, end }| (kind, &yaml[start..end]))
            .collect()
    }

    #[test]
    fn finds_flow_anchors_aliases_and_tags() {
        assert_eq!(kinds("a: [x, [y]]\n"), [(Kind::FlowSequence, "[")]);
        assert_eq!(kinds("a: {b: [c]}\n"), [(Kind::FlowMapping, "{")]);
        assert_eq!(
            kinds("a: []\nb: {}\n"),
            [(Kind::FlowSequence, "["), (Kind::FlowMapping, "{")]
        );
        assert_eq!(
            kinds("a: &x v\nb: *x\nc: !!str 1\nd: !t &y\n  - z\n"),
            [
                (Kind::Anchor, "&x"),
                (Kind::Alias, "*x"),
                (Kind::Tag, "!!str"),
                (Kind::Tag, "!t"),
                (Kind::Anchor, "&y"),
            ]
        );
        assert_eq!(
            kinds("é: &ä [ö]\n"),
            [(Kind::Anchor, "&ä"), (Kind::FlowSequence, "[")]
        );
        // Blanks after the bracket, or a line break, do not hide a flow collection.
        assert_eq!(kinds("a: [ x, y]\n"), [(Kind::FlowSequence, "[")]);
        assert_eq!(kinds("a: {  b: c }\n"), [(Kind::FlowMapping, "{")]);
        assert_eq!(kinds("a: [\n  x,\n  y\n]\n"), [(Kind::FlowSequence, "[")]);
        assert_eq!(constructs("a: [ x]\n")[0].start, 3);
    }

    #[test]
    fn texts_the_quick_test_passes_over_hold_nothing() {
        const PIECES: [&str; 16] = [
            "name: a\n",
            "description: ",
            "x",
            " ",
            "\n",
            "  - ",
            "key: ",
            "\"q\"",
            "'s'",
            "# c\n",
            "|\n  ",
            "[1, 2]",
            "{a: 1}",
            "&a ",
            "*a",
            "!t ",
        ];
        let mut seq = crate::sequence::Sequence::new(0x2545_F491_4F6C_DD1D);
        let mut parsed = 0;
        for _ in 0..4000 {
            let mut yaml = String::new();
            for _ in 0..12 {
                let next = seq.next();
                // Mostly the plain pieces, so that many texts skip the parse.
                let n = if next % 4 == 0 { 16 } else { 11 };
                yaml.push_str(PIECES[(next >> 8) as usize % n]);
            }
            let all = parsed_events(&yaml);
            parsed += usize::from(!all.is_empty());
            let kinds = |c: &[Construct]| {
                c.iter()
                    .map(|c| (c.kind, c.start, c.end))
                    .collect::<Vec<_>>()
            };
            assert_eq!(kinds(&events(&yaml)), kinds(&all), "{yaml:?}");
        }
        assert!((100..3900).contains(&parsed), "{parsed}");
    }

    #[test]
    fn plain_blocks_are_read_without_the_parser() {
        for yaml in [
            "name: a\ndescription: x [y] *z* &w !v\n",
            "name: a\nmetadata:\n  labels: [a, 'b']\n  triggers:\n    keywords:\n      [\n        c,\n      ]\n",
            "a: []\nb: |\n  [x] &y *z !w\nc: [d]\n",
            "name: caf\u{e9}\ntags: [\u{e9}t\u{e9}, \"\u{1F600}\"]\n",
            "a: [ x]\nb: [ ]\nc: [x ]\nd: [\n  x]\ne: [  'x', y,\n  ]\n",
        ] {
            assert!(simple_flow_lists(yaml).is_some(), "{yaml:?}");
            assert_eq!(events(yaml), parsed_events(yaml), "{yaml:?}");
        }
    }

    #[test]
    fn plain_blocks_with_generated_lists_agree_with_the_parser() {
        const VALUES: [&str; 16] = [
            "word",
            "x [y] *z* &w !v",
            "[a, b]",
            "[ a]",
            "[a ]",
            "[  'a', \"b\" ]",
            "[]",
            "[ ]",
            "[a,]",
            "[\n    a,\n    b,\n  ]",
            "[ \n    a]",
            "\n  [a, b]",
            "\n    [\n      c,\n    ]",
            "|\n    [x] &y\n",
            "'[x]'",
            "",
        ];
        const KEYS: [&str; 6] = ["name", "tags", "labels", "metadata", "k", "files"];
        let mut seq = crate::sequence::Sequence::new(0x5DEE_CE66_D1CE_4E5B);
        let mut simple = 0;
        for _ in 0..3000 {
            let mut yaml = String::new();
            for _ in 0..1 + seq.below(5) {
                if seq.below(3) == 0 {
                    yaml.push_str("  ");
                }
                yaml.push_str(KEYS[seq.below(KEYS.len())]);
                yaml.push_str(": ");
                yaml.push_str(VALUES[seq.below(VALUES.len())]);
                yaml.push('\n');
            }
            simple += usize::from(simple_flow_lists(&yaml).is_some());
            assert_eq!(events(&yaml), parsed_events(&yaml), "{yaml:?}");
        }
        assert!(simple > 300, "{simple}");
    }

    #[test]
    fn ignores_brackets_in_strings_comments_and_blocks() {
        for yaml in [
            "a: \"[x]\"\n",
            "a: '{x}'\n",
            "a: x [y] z\n",
            "a: b # [c]\n",
            "a: |\n  [x] &y *z !w\n",
            "a:\n  - b\n  - c\n",
            "a: x&y!z\n",
        ] {
            assert!(kinds(yaml).is_empty(), "{yaml}");
        }
    }

    #[test]
    fn reports_for_strictyaml_with_the_key() {
        let text = "---\nname: x\ndescription: d\nmetadata:\n  labels: [a, b]\n---\n";
        let found = check(&RULE, "x", text);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "flow-style list `[…]` in `metadata.labels`, which StrictYAML refuses"
        );
        let span = found[0].span.unwrap();
        assert_eq!(span.start, text.find('[').unwrap());
        assert_eq!(span.len(), 1);
    }

    #[test]
    fn silent_without_a_strictyaml_target() {
        let text = "---\nname: x\nmetadata:\n  labels: [a, b]\n---\n";
        assert!(check_with(&RULE, &skill("x", text), &["claude-code", "codex"], &[]).is_empty());
    }
}
