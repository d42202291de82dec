//! S308 tab-in-frontmatter: tab characters where YAML (or the reference validator) allows only
//! spaces.

use super::{invalid_yaml_effect, mapping, reparse_edited, same_values};
use crate::frontmatter::Yaml;
use crate::rules::{Check, Edit, Finding, Rule, Severity, SkillContext};
use crate::source::{self, Span};

pub const RULE: Rule = Rule {
    id: "S308",
    name: "tab-in-frontmatter",
    severity: Severity::Warning,
    summary: "tab characters in the frontmatter outside quoted text",
    docs: r#"## What it does

Finds tab characters in the frontmatter that are not inside a quoted value, a `|`/`>` block
scalar or a comment:

- a tab that indents a line, or that the YAML parser stops at, makes the frontmatter invalid
  YAML: reported as an error;
- any other such tab (after `key:`, inside an unquoted value, before a comment, at the end of a
  line) is valid YAML for most parsers but not for the reference validator: reported as an error
  when a selected target reads frontmatter with StrictYAML (`agentskills`), otherwise as a warning.

Tabs inside quoted values and block scalars are not reported: every parser reads them as text.

## Why

YAML forbids tabs for indentation, so a tab-indented line makes the whole frontmatter invalid:
strict readers skip the skill and lenient ones recover what they can (the finding names the
runtimes that skip it, from each target's own reader). The reference validator
(StrictYAML) goes further and rejects every tab outside quoted text with "found character '\t'
that cannot start any token", even `description:<TAB>Extracts text`, which other parsers accept.
Tabs are also invisible in most editors, so the cause is hard to spot.

## Example

`⇥` marks a tab:

```yaml
---
name: pdf-processing
description:⇥Extracts text from PDF files. Use when working with PDFs.
metadata:
⇥author: example-org
---
```

## How to fix

Use spaces. `skills check --fix` replaces tabs with spaces when the frontmatter is valid YAML and
the replacement leaves every value exactly as it was (a tab after `key:`, before a comment or at
the end of a line). A tab inside an unquoted value is part of the value: put the value in quotes,
or replace the tab yourself. Tab indentation is never fixed automatically, since only you know how
wide the tab was meant to be.
"#,
    fixable: true,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(fm) = cx.skill.document.frontmatter() else {
        return;
    };
    let bytes = cx.skill.source.bytes();
    let Some(yaml) = bytes
        .get(fm.yaml.start..fm.yaml.end)
        .and_then(|b| std::str::from_utf8(b).ok())
    else {
        return;
    };
    if !yaml.contains('\t') {
        return;
    }
    match &fm.content {
        Yaml::Invalid(err) => {
            // Only when the parser stopped at a tab: anything else is another rule's business.
            if bytes.get(err.offset) != Some(&b'\t') {
                return;
            }
            let (line, _) = cx.skill.source.line_col(err.offset);
            let line_start = bytes[..err.offset]
                .iter()
                .rposition(|&b| b == b'\n' || b == b'\r')
                .map_or(0, |p| p + 1);
            let indents = bytes[line_start..err.offset]
                .iter()
                .all(|&b| b == b' ' || b == b'\t');
            let what = if indents { "indents" } else { "is on" };
            out.push(
                RULE.finding(
                    cx,
                    format!(
                        "a tab character {what} line {line} of the frontmatter, which makes it \
                         invalid YAML: {}",
                        invalid_yaml_effect(cx)
                    ),
                )
                .severity(Severity::Error)
                .at(Span::new(err.offset, err.offset + 1))
                .label("tab")
                .help("indent with spaces; YAML does not allow tabs for indentation"),
            );
        }
        Yaml::Mapping(fields) => {
            let tabs = loose_tabs(yaml, fm.yaml.start);
            let Some(&first) = tabs.first() else {
                return;
            };
            let strict = cx.targets.iter().any(|t| t.strict_yaml);
            let (line, _) = cx.skill.source.line_col(first);
            let count = tabs.len();
            let edits: Vec<Edit> = tabs
                .iter()
                .map(|&at| Edit::new(Span::new(at, at + 1), " "))
                .collect();
            let harmless = reparse_edited(bytes, &edits)
                .is_some_and(|doc| mapping(&doc).is_some_and(|after| same_values(fields, after)));
            let finding = RULE
                .finding(
                    cx,
                    format!(
                        "the frontmatter has {count} tab character{s} outside quoted text (the \
                         first on line {line}), which the reference validator rejects with \
                         \"found character '\\t' that cannot start any token\" although other \
                         YAML parsers accept {them}",
                        s = if count == 1 { "" } else { "s" },
                        them = if count == 1 { "it" } else { "them" },
                    ),
                )
                .severity(if strict {
                    Severity::Error
                } else {
                    Severity::Warning
                })
                .at(Span::new(first, first + 1))
                .label("tab")
                .help("use spaces, or put a value that contains a tab in quotes");
            out.push(if harmless {
                finding.fix("replace the tabs with spaces", edits)
            } else {
                finding
            });
        }
        Yaml::NotMapping(_) => {}
    }
}

/// File offsets of the tabs in `yaml` (which starts at `base`) that are outside quoted scalars,
/// block scalar content and comments. A small line scanner: it errs towards treating text as
/// quoted, so it can miss a tab but never flags one inside quotes.
fn loose_tabs(yaml: &str, base: usize) -> Vec<usize> {
    #[derive(Clone, Copy, PartialEq)]
    enum State {
        Normal,
        Double,
        Single,
        /// Inside a block scalar whose key line is indented this much.
        Block(usize),
    }
    let mut state = State::Normal;
    let mut found = Vec::new();
    for (line, span, _) in source::lines(yaml) {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if let State::Block(parent) = state {
            if line.trim_matches([' ', '\t']).is_empty() || indent > parent {
                continue;
            }
            state = State::Normal;
        }
        let mut node_start = true;
        let mut chars = line.char_indices().peekable();
        let mut prev = None;
        while let Some((i, c)) = chars.next() {
            match state {
                State::Double => match c {
                    '\\' => {
                        chars.next();
                    }
                    '"' => state = State::Normal,
                    _ => {}
                },
                State::Single => {
                    if c == '\'' {
                        if chars.peek().map(|&(_, n)| n) == Some('\'') {
                            chars.next();
                        } else {
                            state = State::Normal;
                        }
                    }
                }
                State::Block(_) => {}
                State::Normal => {
                    let after_space = prev.is_none_or(|p: char| p == ' ' || p == '\t');
                    match c {
                        '\t' => found.push(base + span.start + i),
                        ' ' => {}
                        '#' if after_space => break,
                        '"' if node_start => state = State::Double,
                        '\'' if node_start => state = State::Single,
                        '|' | '>' if node_start => {
                            state = State::Block(indent);
                            break;
                        }
                        '[' | '{' | ',' => node_start = true,
                        ':' | '-' | '?' => {
                            let next_blank =
                                chars.peek().is_none_or(|&(_, n)| n == ' ' || n == '\t');
                            node_start = next_blank && (c == ':' || node_start);
                        }
                        _ => node_start = false,
                    }
                }
            }
            prev = Some(c);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::{RULE, loose_tabs};
    use crate::rules::Severity;
    use crate::rules::context::testing::{check, check_with, skill};
    use crate::rules::encoding::tests::apply_fixes;

    #[test]
    fn tab_indentation_is_an_error_without_a_fix() {
        let text = "---\nname: p\nmetadata:\n\tauthor: me\n---\n";
        let found = check(&RULE, "p", text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Error);
        assert!(
            found[0]
                .message
                .starts_with("a tab character indents line 4")
        );
        assert!(found[0].fix.is_none());
    }

    #[test]
    fn separator_tabs_are_fixed_and_the_fix_is_idempotent() {
        let text = "---\nname:\tp\ndescription: Reads PDFs.\t# note\n---\nBody\twith tab\n";
        let found = check(&RULE, "p", text);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].severity,
            Severity::Error,
            "agentskills reads with StrictYAML"
        );
        assert!(found[0].message.contains("2 tab characters"));
        let fixed = String::from_utf8(apply_fixes(text.as_bytes(), &found)).unwrap();
        assert_eq!(
            fixed,
            "---\nname: p\ndescription: Reads PDFs. # note\n---\nBody\twith tab\n"
        );
        assert!(check(&RULE, "p", &fixed).is_empty());
    }

    #[test]
    fn a_tab_inside_a_plain_value_is_reported_without_a_fix() {
        let s = skill("p", "---\nname: p\ndescription: Reads\tPDFs.\n---\n");
        let found = check_with(&RULE, &s, &["claude-code"], &[]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Warning);
        assert!(found[0].fix.is_none());
    }

    #[test]
    fn quoted_block_and_comment_tabs_are_fine() {
        for yaml in [
            "description: \"a\tb\"\n",
            "description: 'it''s\ta'\n",
            "description: |\n  a\tb\n  \n",
            "# a\tcomment\ndescription: x\n",
            "description: \"multi\n  line\twith tab\"\n",
        ] {
            assert!(loose_tabs(yaml, 0).is_empty(), "{yaml:?}");
            let text = format!("---\nname: p\n{yaml}---\n");
            assert!(check(&RULE, "p", &text).is_empty(), "{yaml:?}");
        }
    }

    #[test]
    fn scanner_finds_loose_tabs() {
        assert_eq!(loose_tabs("a:\tb\n", 10), vec![12]);
        assert_eq!(loose_tabs("a: b\t\n", 0), vec![4]);
        assert_eq!(loose_tabs("a: don't\tx\n", 0), vec![8]);
        assert_eq!(loose_tabs("a: [x,\t\"y\tz\"]\n", 0), vec![6]);
    }
}
