//! S502 unused-suppression: a suppression comment covers no finding (off by default).

use crate::rules::{Check, Rule, Severity};

pub const RULE: Rule = Rule {
    id: "S502",
    name: "unused-suppression",
    severity: Severity::Warning,
    summary: "a suppression comment covers no finding",
    docs: r#"## What it does

Reports each rule a `skills-lint-disable` or `skills-lint-disable-next-line` comment names
that had no finding to suppress in this run, and each bare `skills-lint-disable` that
suppressed nothing. Off by default: turn it on with `--extend-select S502` or
`[rules] S502 = "warn"`.

## Why

A suppression outlives the problem it was written for: once the text is fixed it hides nothing,
until a new problem of the same kind appears and is hidden without anyone deciding so.

## Example

```markdown
<!-- skills-lint-disable-next-line S109 -->
Use the current API.
```

## How to fix

Remove the comment, or the rules in it that no longer fire.
"#,
    fixable: false,
    // Whether a suppression was used is known only once every other rule has run.
    check: Check::Engine,
};
