//! S306 block-scalar-description: `description` is written as a `|` or `>` block scalar.

use super::effects::Effects;
use super::one_line_fix;
use crate::frontmatter::ScalarStyle;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S306",
    name: "block-scalar-description",
    severity: Severity::Warning,
    summary: "`description` is a YAML block scalar (`|` or `>`)",
    docs: r#"## What it does

Finds a `description` written as a YAML block scalar: `description: |`, `>`, `|-`, `>-` (or with
other indicators) followed by indented lines.

## Why

Block scalars are valid YAML, but not every reader parses them. A reader that goes through the
frontmatter line by line lists the skill with the indicator as its description, `>-` or `|`, so
the model has nothing to match requests against (reported against Claude Code in
anthropics/claude-code#14064 and #12971). The finding names the runtimes that read the value
differently, from each target's own reader (the skill as it is against the same value written on
one line in quotes). A literal block (`|`) keeps its line breaks, and runtimes that do not fold
whitespace put them into their catalogs unchanged, breaking one-line-per-skill listings. Unless it ends in `-`, a block scalar also keeps a final line break,
which the reference validator counts toward the 1024-character limit.

## Example

```yaml
---
name: comments
description: >-
  Enables inline conversations using markers in the code.
  Use when the user asks to address review markers.
---
```

## How to fix

Write the description on one line, in quotes if it contains `: ` or starts with a character YAML
reserves:

```yaml
description: Enables inline conversations using markers in the code. Use when the user asks to address review markers.
```

`skills check --fix` does this when the value has no line break in it (a `>-` block of one
paragraph, or a `|-` block of one line): it writes the same text on one line and checks that the
file then parses to exactly the same values. A block that keeps line breaks, including the final
one that `|` and `>` add, is left to you, since removing them changes the value.
"#,
    fixable: true,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(field) = cx.skill.field("description") else {
        return;
    };
    let Some(style @ (ScalarStyle::Literal | ScalarStyle::Folded)) = field.style else {
        return;
    };
    let Some(value) = field.as_str() else {
        return;
    };
    let slice = cx.skill.slice(field.value_span);
    let header = slice
        .lines()
        .next()
        .unwrap_or_default()
        .split(" #")
        .next()
        .unwrap_or_default()
        .trim()
        .to_owned();
    let mut effects: Vec<String> = Effects::of_one_line_value(cx.skill, field)
        .map(|e| e.sentence())
        .into_iter()
        .collect();
    if style == ScalarStyle::Literal && value.trim_end_matches('\n').contains('\n') {
        effects.push(
            "its line breaks reach the catalog of every runtime that does not fold whitespace"
                .to_owned(),
        );
    }
    if value.ends_with('\n') {
        effects.push(
            "the reference validator counts its final line break toward the length limit"
                .to_owned(),
        );
    }
    let effects = match effects.as_slice() {
        [one] => one.clone(),
        [init @ .., last] => format!("{}, and {last}", init.join(", ")),
        [] => String::new(),
    };
    let kind = match style {
        ScalarStyle::Literal => "literal",
        _ => "folded",
    };
    let finding = RULE
        .finding(
            cx,
            format!("`description` is a {kind} block scalar (`{header}`): {effects}"),
        )
        .at(field.value_span)
        .label("block scalar")
        .help("write the description on one line, in quotes if it contains `: `");
    out.push(match one_line_fix(cx.skill, field) {
        Some(edit) => finding.fix("write the description on one line", vec![edit]),
        None => finding,
    });
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::{check, skill};
    use crate::rules::encoding::tests::apply_fixes;

    #[test]
    fn folded_strip_is_fixed_to_one_line() {
        let text =
            "---\nname: c\ndescription: >-\n  Enables comments.\n  Use when: asked.\n---\nBody\n";
        let found = check(&RULE, "c", text);
        assert_eq!(found.len(), 1);
        assert!(found[0].message.contains("folded block scalar (`>-`)"));
        // Every modelled runtime reads the block as YAML does.
        assert!(
            found[0].message.contains("none of the "),
            "{}",
            found[0].message
        );
        let fixed = String::from_utf8(apply_fixes(text.as_bytes(), &found)).unwrap();
        assert_eq!(
            fixed,
            "---\nname: c\ndescription: \"Enables comments. Use when: asked.\"\n---\nBody\n"
        );
        assert_eq!(
            skill("c", &fixed).description(),
            Some("Enables comments. Use when: asked.")
        );
        assert!(check(&RULE, "c", &fixed).is_empty(), "idempotent");
    }

    #[test]
    fn literal_with_line_breaks_has_no_fix() {
        let text = "---\nname: c\ndescription: |\n  One.\n  Two.\n---\n";
        let found = check(&RULE, "c", text);
        assert_eq!(found.len(), 1);
        assert!(found[0].fix.is_none());
        assert!(
            found[0]
                .message
                .contains("line breaks reach the catalog of every runtime")
        );
        assert!(found[0].message.contains("final line break"));
        let span = found[0].span.unwrap();
        assert_eq!(&text[span.start..span.end], "|\n  One.\n  Two.");
    }

    #[test]
    fn clip_chomping_keeps_a_line_break_so_no_fix() {
        let found = check(&RULE, "c", "---\nname: c\ndescription: >\n  One.\n---\n");
        assert!(found[0].fix.is_none());
    }

    #[test]
    fn a_header_comment_blocks_the_fix() {
        let found = check(
            &RULE,
            "c",
            "---\nname: c\ndescription: >- # note\n  One.\n---\n",
        );
        assert_eq!(found.len(), 1);
        assert!(found[0].fix.is_none());
        assert!(found[0].message.contains("(`>-`)"));
    }

    #[test]
    fn quiet_on_flow_scalars() {
        assert!(check(&RULE, "c", "---\nname: c\ndescription: One line.\n---\n").is_empty());
        assert!(check(&RULE, "c", "---\nname: |\n  c\ndescription: \"x\"\n---\n").is_empty());
    }
}
