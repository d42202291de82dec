//! S305 unquoted-colon: a plain value holds `: ` (or starts with a character YAML reserves), so
//! the frontmatter is not valid YAML.

use super::invalid_yaml_effect;
use super::repair::Repair;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S305",
    name: "unquoted-colon",
    severity: Severity::Error,
    summary: "an unquoted `: ` or reserved character makes the frontmatter invalid YAML",
    docs: r#"## What it does

Finds frontmatter values written without quotes that YAML cannot read: a value that contains
`: ` (colon and space) or ends with `:`, and a value that starts with a character YAML reserves
(`@`, `` ` ``, `%`, `*`, `[`, `{`, `,`, `]`, `}`, a `|` or `>` followed by text, or `-`, `?`, `:`
followed by a space). It reports a value only when it is the reason the frontmatter fails to
parse: `skills` quotes every such value in a copy of the file, parses the copy again, and
reports only if the copy parses and every quoted value reads back as exactly the text that was
written. A value that starts with `[` but is a valid list, such as `allowed-tools: [Read, Write]`,
is never reported.

## Why

This is the most common way a skill breaks. After `key: `, YAML reads a second `: ` as the start
of another key, which is not allowed on the same line, so the whole frontmatter is invalid and
every field is lost to a strict YAML reader. Runtimes disagree about what happens next: strict
ones skip the skill (the reference validator fails it with "mapping values are not allowed
here"), others retry with the values quoted, read `name:` and `description:` line by line, or
list the skill under its directory name with the first body line as its description, so the
model never sees the real trigger text. A skill that works in one runtime can be missing in the
next. The finding names the runtimes that skip it or read it differently, from each target's own
reader (the skill as it is against the same file with the values quoted).

## Example

```yaml
---
name: release-notes
description: Drafts release notes. Use when: the user asks for a changelog
---
```

## How to fix

Put the value in quotes:

```yaml
description: "Drafts release notes. Use when: the user asks for a changelog"
```

`skills check --fix` does this for you. It writes the value as one quoted line (single quotes when
the text holds `"` or `\`, so nothing needs escaping), and checks that the result parses to the
same text. The fix is not offered when the value holds ` #`, since YAML would read the rest of the
line as a comment and only you know whether it is one; quote the value by hand then.
"#,
    fixable: true,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    for repair in super::repairs(cx).iter().filter(|r| r.is_quoting_problem()) {
        out.push(finding(cx, repair));
    }
}

fn finding(cx: &SkillContext<'_>, repair: &Repair) -> Finding {
    let key = &repair.key;
    let shown = preview(&repair.text);
    let what = if repair.item.is_some() {
        format!("`{key}` item `{shown}`")
    } else {
        format!("`{key}` value `{shown}`")
    };
    let (what, span, label) = match (repair.colon, repair.indicator) {
        (Some(colon), _) => (
            format!("{what} contains an unquoted `: `"),
            colon,
            "YAML reads this as the start of another key".to_owned(),
        ),
        (None, Some((c, at))) => (
            format!("{what} starts with `{c}`, which YAML reserves"),
            at,
            format!("`{c}` cannot start an unquoted value"),
        ),
        (None, None) => (
            format!("{what} cannot be read"),
            repair.value_span,
            "not valid YAML".to_owned(),
        ),
    };
    let message = format!(
        "{what}, so the frontmatter is invalid YAML: {}",
        invalid_yaml_effect(cx)
    );
    let target = if repair.item.is_some() {
        format!("`{shown}`")
    } else {
        format!("the `{key}` value")
    };
    let finding = RULE.finding(cx, message).at(span).label(label);
    match &repair.edit {
        Some(edit) => finding
            .help(format!("put {target} in quotes"))
            .fix(format!("quote {target}"), vec![edit.clone()]),
        None => finding.help(format!(
            "put {target} in quotes; ` #` starts a comment in an unquoted value, so decide \
             whether the text after it belongs to the value"
        )),
    }
}

/// The value as shown in a message: at most 60 characters.
fn preview(text: &str) -> String {
    const MAX: usize = 60;
    if text.chars().count() <= MAX {
        return text.to_owned();
    }
    let cut: String = text.chars().take(MAX - 1).collect();
    format!("{cut}…")
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;
    use crate::rules::encoding::tests::apply_fixes;
    use crate::skill::Skill;

    fn fixed(text: &str) -> String {
        let found = check(&RULE, "notes", text);
        String::from_utf8(apply_fixes(text.as_bytes(), &found)).unwrap()
    }

    fn parsed(text: &str) -> Skill {
        crate::rules::context::testing::skill("notes", text)
    }

    #[test]
    fn fires_on_a_colon_and_the_fix_quotes_the_value() {
        let text = "---\nname: notes\ndescription: Drafts notes. Use when: asked\n---\n# Notes\n";
        let found = check(&RULE, "notes", text);
        assert_eq!(found.len(), 1);
        let span = found[0].span.unwrap();
        assert_eq!(&text[span.start..span.end], ": ");
        // Read off the targets: Goose's YAML reader skips it, Codex's lenient reader keeps it.
        assert!(found[0].message.contains("Goose"), "{}", found[0].message);
        assert!(!found[0].message.contains("Codex"), "{}", found[0].message);
        let after = fixed(text);
        assert_eq!(
            after,
            "---\nname: notes\ndescription: \"Drafts notes. Use when: asked\"\n---\n# Notes\n"
        );
        assert_eq!(
            parsed(&after).description(),
            Some("Drafts notes. Use when: asked")
        );
        assert!(check(&RULE, "notes", &after).is_empty(), "idempotent");
    }

    #[test]
    fn several_lines_each_get_a_finding_and_the_fixes_combine() {
        let text = "---\nname: notes\ndescription: Use when: asked\ncompatibility: Needs: git\n\
                    metadata:\n  author: Ann: Lee\n---\nBody\n";
        let found = check(&RULE, "notes", text);
        assert_eq!(found.len(), 3);
        let after = fixed(text);
        let s = parsed(&after);
        assert_eq!(s.description(), Some("Use when: asked"));
        assert_eq!(
            s.field("compatibility").and_then(|f| f.as_str()),
            Some("Needs: git")
        );
        assert_eq!(
            s.field("metadata").map(|m| m.entries[0].as_str()),
            Some(Some("Ann: Lee"))
        );
        assert!(check(&RULE, "notes", &after).is_empty());
    }

    #[test]
    fn quotes_and_backslashes_survive() {
        let text = "---\nname: notes\ndescription: Say \"hi\": C:\\tmp\n---\n";
        let after = fixed(text);
        assert!(
            after.contains("description: 'Say \"hi\": C:\\tmp'"),
            "{after}"
        );
        assert_eq!(parsed(&after).description(), Some("Say \"hi\": C:\\tmp"));
        let text = "---\nname: notes\ndescription: It's \"x\": y\n---\n";
        assert_eq!(parsed(&fixed(text)).description(), Some("It's \"x\": y"));
    }

    #[test]
    fn crlf_and_wrapped_values() {
        let text =
            "---\r\nname: notes\r\ndescription: Use when: the user\r\n  asks\r\n---\r\nB\r\n";
        let after = fixed(text);
        assert_eq!(
            after,
            "---\r\nname: notes\r\ndescription: \"Use when: the user asks\"\r\n---\r\nB\r\n"
        );
    }

    #[test]
    fn reserved_first_characters() {
        for (value, c) in [
            ("@team reviews", '@'),
            ("`make` runs", '`'),
            ("%s formats", '%'),
        ] {
            let text = format!("---\nname: notes\ndescription: {value}\n---\n");
            let found = check(&RULE, "notes", &text);
            assert_eq!(found.len(), 1, "{value}");
            assert!(found[0].message.contains(&format!("starts with `{c}`")));
            assert_eq!(parsed(&fixed(&text)).description(), Some(value));
        }
    }

    #[test]
    fn reserved_items_in_a_flow_list_are_quoted() {
        let text = "---\nname: notes\ndescription: Schedules jobs.\nmetadata:\n  keywords: [cron, @Cron]\n---\n";
        let found = check(&RULE, "notes", text);
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .message
                .starts_with("`keywords` item `@Cron` starts with `@`")
        );
        let after = fixed(text);
        assert!(after.contains("keywords: [cron, \"@Cron\"]"), "{after}");
        assert!(check(&RULE, "notes", &after).is_empty());
    }

    #[test]
    fn a_comment_means_no_fix() {
        let text = "---\nname: notes\ndescription: Use when: asked # todo\n---\n";
        let found = check(&RULE, "notes", text);
        assert_eq!(found.len(), 1);
        assert!(found[0].fix.is_none());
    }

    #[test]
    fn quiet_on_valid_or_otherwise_broken_yaml() {
        assert!(
            check(
                &RULE,
                "notes",
                "---\nname: notes\ndescription: \"a: b\"\n---\n"
            )
            .is_empty()
        );
        assert!(
            check(
                &RULE,
                "notes",
                "---\nname: notes\ndescription: a:b http://x\n---\n"
            )
            .is_empty()
        );
        assert!(
            check(
                &RULE,
                "notes",
                "---\nname: [notes\ndescription: a: b\n---\n"
            )
            .is_empty()
        );
        assert!(check(&RULE, "notes", "---\ndescription: a: b\n").is_empty());
    }
}
