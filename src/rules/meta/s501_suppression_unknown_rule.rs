//! S501 suppression-unknown-rule: a suppression comment names a rule that does not exist.

use crate::rules::{self, Check, Finding, Rule, Severity, SkillContext};
use crate::suppress;

pub const RULE: Rule = Rule {
    id: "S501",
    name: "suppression-unknown-rule",
    severity: Severity::Warning,
    summary: "a suppression comment names a rule that does not exist",
    docs: r#"## What it does

Checks every `skills-lint-disable`, `skills-lint-disable-next-line` and `skills-lint-enable`
comment in the body: each rule it names must be a rule ID (`S101`) or a rule name
(`description-not-third-person`).

## Why

A misspelt key suppresses nothing, so the finding it was meant to hide keeps coming back, or a
later reader believes a rule is off when it is not.

## Example

```markdown
<!-- skills-lint-disable-next-line S1O1 -->
```

## How to fix

Write the rule's ID or name; `skills explain --all` lists them.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    for comment in suppress::comments_of(cx).iter() {
        for (key, span) in &comment.keys {
            if rules::find(key).is_none() {
                out.push(
                    RULE.finding(cx, rules::unknown_rule(key))
                        .at(*span)
                        .label("no rule has this ID or name")
                        .help("name a rule by its ID or name; `skills explain --all` lists them"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::check;

    #[test]
    fn fires_on_unknown_keys_only() {
        let found = check(
            &RULE,
            "x",
            "# X\n<!-- skills-lint-disable-next-line S1O1 S101 body-too-long -->\n",
        );
        assert_eq!(found.len(), 1);
        assert!(
            found[0].message.contains("unknown rule `S1O1`"),
            "{}",
            found[0].message
        );
        assert!(check(&RULE, "x", "# X\n<!-- skills-lint-enable S101 -->\n").is_empty());
        assert!(check(&RULE, "x", "# X\n<!-- nothing S1O1 -->\n").is_empty());
    }
}
