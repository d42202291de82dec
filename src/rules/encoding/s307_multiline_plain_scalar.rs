//! S307 multiline-plain-scalar: `description` is written over several lines without a block
//! indicator, or continues on a line without indentation.

use super::effects::Effects;
use super::repair::Repair;
use super::{invalid_yaml_effect, one_line_fix, repairs};
use crate::frontmatter::ScalarStyle;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::source::Span;

pub const RULE: Rule = Rule {
    id: "S307",
    name: "multiline-plain-scalar",
    severity: Severity::Warning,
    summary: "a frontmatter value is wrapped over several lines",
    docs: r#"## What it does

Finds a `description` that is not a block scalar but still spans several lines, as Prettier
writes it with `proseWrap` (`description:` followed by indented text, or a long line broken in
the middle), and quoted descriptions broken over lines. It also finds, at error level, a value of
any key that continues on a line written at column 0: that makes the frontmatter invalid YAML,
and it is reported only when joining the lines makes the frontmatter parse.

## Why

The YAML is valid when the continuation lines are indented, but readers that take each
`key: value` line on its own see only the first line, or skip the skill without a word (reported
against Claude Code in anthropics/claude-code#9817 and #11322). When a continuation line is not
indented at all, the frontmatter is invalid YAML: strict readers skip the skill, and lenient ones
recover what they can, some of them the first line of the body as the description, often a
heading such as `## Available tools` (anthropics/claude-code#94301). Each finding names the
runtimes concerned, read off each target's own reader (the skill as it is against the same value
written on one line).

## Example

```yaml
---
name: bash-script-writer
description:
  Writes and modifies bash scripts following our standards. Use when creating or editing shell
  scripts.
---
```

## How to fix

Write the value on one line (your formatter can be told to leave frontmatter alone):

```yaml
description: Writes and modifies bash scripts following our standards. Use when creating or editing shell scripts.
```

`skills check --fix` joins the lines when the value holds no line break of its own (no blank
line inside it), writes it plain when that reads the same and quoted otherwise, and checks that
the file then parses to exactly the same values.
"#,
    fixable: true,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    wrapped_description(cx, out);
    for repair in repairs(cx).iter().filter(|r| !r.is_quoting_problem()) {
        unindented(cx, repair, out);
    }
}

/// A valid `description` that spans lines.
fn wrapped_description(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(field) = cx.skill.field("description") else {
        return;
    };
    let flow = matches!(
        field.style,
        Some(ScalarStyle::Plain | ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted)
    );
    if !flow || field.as_str().is_none() {
        return;
    }
    let starts_below = cx
        .skill
        .slice(Span::new(field.key_span.end, field.value_span.start))
        .contains(['\n', '\r']);
    let value_lines = crate::source::lines(&cx.skill.slice(field.value_span)).count();
    let lines = match (starts_below, value_lines) {
        (false, 0 | 1) => return,
        (false, n) => format!("is wrapped over {n} lines"),
        (true, 0 | 1) => "starts on the line after `description:`".to_owned(),
        (true, n) => format!("starts on the line after `description:` and spans {n} lines"),
    };
    let fix = one_line_fix(cx.skill, field);
    let effects = match &fix {
        Some(edit) => super::apply_edits(cx.skill.source.bytes(), std::slice::from_ref(edit))
            .map(|fixed| Effects::of_bytes(cx.skill, fixed)),
        None => Effects::of_one_line_value(cx.skill, field),
    }
    .map_or_else(
        || "readers that take each `key: value` line on its own see only its first line".to_owned(),
        |e| e.sentence(),
    );
    let finding = RULE
        .finding(cx, format!("`description` {lines}: {effects}"))
        .at(field.value_span)
        .label("wrapped value")
        .help("write the description on one line after `description: `");
    out.push(match fix {
        Some(edit) => finding.fix("write the description on one line", vec![edit]),
        None => finding,
    });
}

/// A value continued at column 0, which breaks the YAML.
fn unindented(cx: &SkillContext<'_>, repair: &Repair, out: &mut Vec<Finding>) {
    let Some(line_span) = repair.unindented else {
        return;
    };
    let key = &repair.key;
    let (line, _) = cx.skill.source.line_col(line_span.start);
    let finding = RULE
        .finding(
            cx,
            format!(
                "line {line} continues the `{key}` value without indentation, so the frontmatter \
                 is invalid YAML: {}",
                invalid_yaml_effect(cx)
            ),
        )
        .severity(Severity::Error)
        .at(line_span)
        .label("continuation at column 0")
        .help(format!("write the `{key}` value on one line"));
    out.push(match &repair.edit {
        Some(edit) => finding.fix(
            format!("join the `{key}` value onto one line"),
            vec![edit.clone()],
        ),
        None => finding,
    });
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::Severity;
    use crate::rules::context::testing::{check, skill};
    use crate::rules::encoding::tests::apply_fixes;

    fn fixed(text: &str) -> String {
        let found = check(&RULE, "b", text);
        String::from_utf8(apply_fixes(text.as_bytes(), &found)).unwrap()
    }

    #[test]
    fn prettier_wrap_is_joined() {
        let text = "---\nname: b\ndescription:\n  Writes bash scripts. Use when\n  editing shell scripts.\n---\nBody\n";
        let found = check(&RULE, "b", text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Warning);
        assert!(
            found[0]
                .message
                .contains("starts on the line after `description:` and spans 2 lines"),
            "{}",
            found[0].message
        );
        let after = fixed(text);
        assert_eq!(
            after,
            "---\nname: b\ndescription: Writes bash scripts. Use when editing shell scripts.\n---\nBody\n"
        );
        assert!(check(&RULE, "b", &after).is_empty(), "idempotent");
    }

    #[test]
    fn value_on_the_next_line_only() {
        let text = "---\nname: b\ndescription:\n  Writes bash scripts.\n---\n";
        let found = check(&RULE, "b", text);
        assert!(found[0].message.contains("starts on the line after"));
        assert_eq!(
            fixed(text),
            "---\nname: b\ndescription: Writes bash scripts.\n---\n"
        );
    }

    #[test]
    fn quoted_wrap_is_joined_and_stays_quoted_when_needed() {
        let text = "---\nname: b\ndescription: \"Writes: bash\n  scripts\"\n---\n";
        let after = fixed(text);
        assert_eq!(
            after,
            "---\nname: b\ndescription: \"Writes: bash scripts\"\n---\n"
        );
        assert_eq!(
            skill("b", &after).description(),
            Some("Writes: bash scripts")
        );
    }

    #[test]
    fn a_paragraph_break_has_no_fix() {
        let found = check(&RULE, "b", "---\nname: b\ndescription: One\n\n  two\n---\n");
        assert_eq!(found.len(), 1);
        assert!(found[0].fix.is_none());
    }

    #[test]
    fn unindented_continuation_is_an_error_with_a_fix() {
        let text = "---\nname: b\ndescription: Runs remote commands over SSH\nwhen the user works on servers.\n---\n## Available tools\n";
        let found = check(&RULE, "b", text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Error);
        assert!(
            found[0]
                .message
                .starts_with("line 4 continues the `description` value")
        );
        let after = fixed(text);
        assert_eq!(
            skill("b", &after).description(),
            Some("Runs remote commands over SSH when the user works on servers.")
        );
        assert!(check(&RULE, "b", &after).is_empty(), "idempotent");
    }

    #[test]
    fn quiet_on_one_line_and_block_scalars() {
        assert!(check(&RULE, "b", "---\nname: b\ndescription: One line.\n---\n").is_empty());
        assert!(check(&RULE, "b", "---\nname: b\ndescription: >-\n  a\n  b\n---\n").is_empty());
        assert!(check(&RULE, "b", "---\nname: b\nmetadata:\n  a: b\n---\n").is_empty());
    }
}
