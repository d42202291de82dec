//! S028 duplicate-field: the same key twice in the frontmatter or in one of its mappings.

use super::common::{mapping, selected};
use crate::frontmatter::{Field, Value, ValueKind};
use crate::hash::HashMap;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::targets::Target;

pub const RULE: Rule = Rule {
    id: "S028",
    name: "duplicate-field",
    severity: Severity::Error,
    summary: "a key appears twice in the frontmatter",
    docs: r#"## What it does

Finds a key that appears more than once in the same mapping: at the top level of the
frontmatter, or inside `metadata` or any other nested mapping. The finding points at the repeated
key and gives the line of the first one.

- **error** for the reference validator (`agentskills`): its StrictYAML parser fails the whole
  file ("Duplicate key");
- **error** for Codex when the key is one it reads (`name`, `description`, `metadata`,
  `metadata.short-description`): its parser refuses the frontmatter ("duplicate field") and the
  skill is skipped;
- **warning** otherwise.

## Why

YAML says keys are unique, and parsers handle a repeated key in different ways: strict ones
reject the file, lenient ones such as PyYAML silently keep the last value. Either way, one of the
two values is not what some reader sees, and which one depends on the runtime.

## Example

```yaml
---
name: pdf-processing
description: Extracts text and tables from PDF files.
description: Extracts text and tables from PDF files. Use when working with PDFs.
---
```

## How to fix

Keep one of the two entries and delete the other.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(fm) = mapping(cx) else {
        return;
    };
    let strict = selected(cx, |t| t.strict_yaml);
    let mut path = Vec::new();
    walk(cx, fm.fields(), &mut path, &strict, out);
}

fn walk<'f>(
    cx: &SkillContext<'_>,
    fields: &'f [Field],
    path: &mut Vec<&'f str>,
    strict: &[&'static Target],
    out: &mut Vec<Finding>,
) {
    // Each key's first and last entry, found in one pass: linear in the number of keys.
    // StrictYAML has no types: `1` and `'1'` are the same key there.
    let untyped = !strict.is_empty();
    let identity = |f: &'f Field| (f.key.as_str(), (!untyped).then_some(f.key_kind));
    let mut first: HashMap<(&str, Option<ValueKind>), &Field> = HashMap::default();
    let mut last: HashMap<&str, &Field> = HashMap::default();
    for field in fields {
        first.entry(identity(field)).or_insert(field);
        last.insert(field.key.as_str(), field);
    }
    for field in fields {
        let earliest = first[&identity(field)];
        if !std::ptr::eq(earliest, field) {
            path.push(&field.key);
            let winner = last[field.key.as_str()];
            out.push(duplicate(cx, path, earliest, winner, strict).at(field.key_span));
            path.pop();
        }
    }
    for field in fields {
        if !field.entries.is_empty() {
            path.push(&field.key);
            walk(cx, &field.entries, path, strict, out);
            path.pop();
        }
    }
}

fn duplicate(
    cx: &SkillContext<'_>,
    path: &[&str],
    first: &Field,
    last: &Field,
    strict: &[&'static Target],
) -> Finding {
    let dotted = path.join(".");
    let (line, _) = cx.skill.source.line_col(first.key_span.start);
    let codex = cx.targets_include("codex") && codex_reads(path);
    let mut rejecting: Vec<&str> = strict.iter().map(|t| t.display).collect();
    if codex {
        rejecting.extend(
            cx.targets
                .iter()
                .filter(|t| t.id == "codex")
                .map(|t| t.display),
        );
    }
    let finding = RULE
        .finding(
            cx,
            format!("`{dotted}` appears more than once (first on line {line})"),
        )
        .label(format!("`{}` is already set on line {line}", first.key));
    let winner = match &last.value {
        Value::String(s) if s.chars().count() <= 40 && !s.contains('\n') => {
            format!("the last value (`{s}`)")
        }
        _ => "the last value".to_owned(),
    };
    if rejecting.is_empty() {
        finding.severity(Severity::Warning).help(format!(
            "keep one entry: strict YAML parsers reject the file, lenient ones such as PyYAML \
             keep {winner}"
        ))
    } else {
        let verb = if rejecting.len() == 1 {
            "rejects"
        } else {
            "reject"
        };
        let who = match rejecting.split_last() {
            Some((last, [])) => (*last).to_owned(),
            Some((last, init)) => format!("{} and {last}", init.join(", ")),
            None => String::new(),
        };
        finding.help(format!(
            "keep one entry: {who} {verb} the skill, lenient parsers keep {winner}"
        ))
    }
}

/// Whether Codex's loader fails on this key repeated: it deserializes `name`, `description`,
/// `metadata` and `metadata.short-description` into struct fields, and serde refuses a
/// duplicate field (codex-rs/core-skills/src/loader.rs, `SkillFrontmatter`).
fn codex_reads(path: &[&str]) -> bool {
    matches!(
        path,
        ["name" | "description" | "metadata"] | ["metadata", "short-description"]
    )
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::Severity;
    use crate::rules::context::testing::{check, check_with, skill};

    const TEXT: &str =
        "---\nname: x\ndescription: one\ndescription: two\nmetadata:\n  a: 1\n  a: 2\n---\n";

    #[test]
    fn errors_for_the_reference_validator_at_the_second_key() {
        let found = check(&RULE, "x", TEXT);
        assert_eq!(found.len(), 2);
        assert_eq!(
            found[0].message,
            "`description` appears more than once (first on line 3)"
        );
        assert_eq!(found[0].severity, Severity::Error);
        let span = found[0].span.unwrap();
        assert_eq!(span.start, TEXT.find("description: two").unwrap());
        assert_eq!(
            found[1].message,
            "`metadata.a` appears more than once (first on line 6)"
        );
        assert!(found[0].help.as_deref().unwrap().contains("(`two`)"));
    }

    #[test]
    fn codex_rejects_only_the_keys_it_reads() {
        let found = check_with(&RULE, &skill("x", TEXT), &["codex"], &[]);
        assert_eq!(found[0].severity, Severity::Error);
        assert_eq!(found[1].severity, Severity::Warning);
        let claude = check_with(&RULE, &skill("x", TEXT), &["claude-code"], &[]);
        assert!(claude.iter().all(|f| f.severity == Severity::Warning));
    }

    #[test]
    fn quiet_without_duplicates() {
        assert!(check(&RULE, "x", "---\nname: x\nmetadata:\n  name: y\n---\n").is_empty());
    }

    /// 100 000 duplicate keys are checked in well under a second (comparing every key with every
    /// earlier one took 16 s): the work grows with the number of keys, not its square.
    #[test]
    fn many_duplicates_take_linear_time() {
        let small = format!("---\nname: x\n{}---\n", "a: 1\n".repeat(10_000));
        let large = format!("---\nname: x\n{}---\n", "a: 1\n".repeat(100_000));
        let skill_small = skill("x", &small);
        let skill_large = skill("x", &large);
        let time = |s: &crate::skill::Skill| {
            let start = std::time::Instant::now();
            let found = check_with(&RULE, s, &["agentskills"], &[]);
            (start.elapsed(), found.len())
        };
        let (t_small, n_small) = time(&skill_small);
        let (t_large, n_large) = time(&skill_large);
        assert_eq!((n_small, n_large), (9_999, 99_999));
        // Ten times the keys: linear is 10x, quadratic 100x; allow for a busy machine.
        assert!(
            t_large < t_small * 40 + std::time::Duration::from_millis(200),
            "{t_small:?} then {t_large:?}"
        );
    }

    #[test]
    fn typed_and_quoted_keys_are_the_same_key_only_for_strictyaml() {
        let text = "---\n1: a\n'1': b\n---\n";
        assert_eq!(check(&RULE, "x", text).len(), 1);
        assert!(check_with(&RULE, &skill("x", text), &["claude-code"], &[]).is_empty());
    }
}
