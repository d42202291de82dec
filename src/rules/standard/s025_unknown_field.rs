//! S025 unknown-field: a top-level frontmatter key that is not one of the standard's six.

use super::common::{STANDARD_FIELDS, mapping, names, selected};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::targets::{self, Target};

pub const RULE: Rule = Rule {
    id: "S025",
    name: "unknown-field",
    severity: Severity::Error,
    summary: "the frontmatter has a field the standard does not define",
    docs: r#"## What it does

Reports each top-level key other than `name`, `description`, `license`, `compatibility`,
`metadata` and `allowed-tools`. Keys are case-sensitive: `Name:` is unknown (and S006 then says
that `name` is missing). What the finding says depends on the selected targets:

- **error** when a selected target rejects unknown fields: the reference validator
  (`agentskills`, the default) fails the skill;
- **info** when a selected runtime reads the key, with what it does there: Claude Code reads
  `when_to_use`, `argument-hint`, `disable-model-invocation`, `model`, `context`, `hooks`,
  `paths` and more;
- **warning** otherwise: no selected runtime reads it, so it does nothing. A near miss such as
  `desciption` gets a "did you mean".

Keys inside `metadata` are free-form and never reported (Codex reads
`metadata.short-description`).

## Why

The reference validator fails any extra key ("Unexpected fields in frontmatter"), and so does
Anthropic's skill-creator validator. That breaks skills written for Claude
Code, whose own fields are legal there: select `--target claude-code` for such skills. A key no
runtime reads is usually a typo, and the value the author meant to set silently does nothing.

## Example

```yaml
---
name: pdf-processing
desciption: Extracts text and tables from PDF files. Use when working with PDFs.
version: 1.2.0
---
```

## How to fix

Fix the spelling of misspelt keys. Move custom data under `metadata:` (`metadata:` then
`version: "1.2.0"` indented below it). Keep runtime-specific keys only for skills linted for that
runtime.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(fm) = mapping(cx) else {
        return;
    };
    let mut seen: Vec<&str> = Vec::new();
    for field in fm.fields() {
        let key = field.key.as_str();
        if STANDARD_FIELDS.contains(&key) || seen.contains(&key) {
            continue;
        }
        seen.push(key);
        out.push(unknown(cx, key).at(field.key_span));
    }
}

fn unknown(cx: &SkillContext<'_>, key: &str) -> Finding {
    let rejecting = selected(cx, |t| t.rejects_unknown_fields);
    let readers: Vec<(&Target, &str)> = cx
        .targets
        .iter()
        .filter_map(|t| t.extra_field(key).map(|f| (*t, f.meaning)))
        .collect();
    let reader_targets: Vec<&Target> = readers.iter().map(|(t, _)| *t).collect();
    let ignoring = selected(cx, |t| {
        !t.rejects_unknown_fields && t.extra_field(key).is_none()
    });
    let read_by = readers
        .iter()
        .map(|(t, meaning)| format!("read by {}: {meaning}", t.display))
        .collect::<Vec<_>>()
        .join("; ");
    let suggestion = did_you_mean(cx, key);

    if !rejecting.is_empty() {
        let allowed: Vec<String> = STANDARD_FIELDS.iter().map(|f| format!("`{f}`")).collect();
        let allowed = match allowed.split_last() {
            Some((last, init)) => format!("{} and {last}", init.join(", ")),
            None => String::new(),
        };
        let verb = if rejecting.len() == 1 {
            "allows"
        } else {
            "allow"
        };
        let label = if read_by.is_empty() {
            "not a field of the standard".to_owned()
        } else {
            read_by
        };
        let help = match (&suggestion, other_reader(cx, key)) {
            (Some(s), _) => format!("did you mean `{s}`?"),
            (None, Some((t, meaning))) => format!(
                "{} reads it ({meaning}): keep it only in skills linted with `--target {}`, \
                 otherwise move it under `metadata:` as a string value",
                t.display, t.id
            ),
            (None, None) if !reader_targets.is_empty() => format!(
                "keep it only if the skill is meant for {} alone (lint it with `--target {}`); \
                 otherwise remove it",
                names(&reader_targets),
                reader_targets
                    .iter()
                    .map(|t| t.id)
                    .collect::<Vec<_>>()
                    .join(" --target ")
            ),
            (None, None) => "remove it, or move it under `metadata:` as a string value".to_owned(),
        };
        return RULE
            .finding(
                cx,
                format!(
                    "unknown field `{key}`: {} {verb} only {allowed}",
                    names(&rejecting)
                ),
            )
            .label(label)
            .help(help);
    }
    if !readers.is_empty() {
        let mut message = format!("`{key}` is {read_by}");
        if !ignoring.is_empty() {
            message.push_str(&format!("; {} ignores it", names(&ignoring)));
        }
        return RULE
            .finding(cx, message)
            .severity(Severity::Info)
            .label(format!("read by {}", names(&reader_targets)))
            .help(format!(
                "nothing to do if the skill is meant for {}",
                names(&reader_targets)
            ));
    }
    let help = match (&suggestion, other_reader(cx, key)) {
        (Some(s), _) => format!("did you mean `{s}`?"),
        (None, Some((t, meaning))) => format!(
            "{} reads it ({meaning}); for the selected runtimes it does nothing",
            t.display
        ),
        (None, None) => "remove it, or move it under `metadata:` as a string value".to_owned(),
    };
    RULE.finding(
        cx,
        format!("unknown field `{key}` is ignored by {}", names(&ignoring)),
    )
    .severity(Severity::Warning)
    .label("no selected runtime reads this key")
    .help(help)
}

/// A target that is not selected but reads `key`, with what it does with it.
fn other_reader(cx: &SkillContext<'_>, key: &str) -> Option<(&'static Target, &'static str)> {
    targets::TARGETS
        .iter()
        .filter(|t| !cx.targets_include(t.id))
        .find_map(|t| t.extra_field(key).map(|f| (*t, f.meaning)))
}

/// The standard field or runtime field (of any target) that `key` is a near miss of (never
/// `key` itself).
fn did_you_mean(cx: &SkillContext<'_>, key: &str) -> Option<&'static str> {
    let known = STANDARD_FIELDS.iter().copied().chain(
        targets::TARGETS
            .iter()
            .chain(cx.targets.iter())
            .flat_map(|t| t.extra_fields.iter().map(|f| f.key)),
    );
    let lower = key.to_lowercase().replace('_', "-");
    known
        .map(|candidate| {
            let score = if candidate.replace('_', "-") == lower {
                1.0
            } else {
                strsim::jaro_winkler(&lower, candidate)
            };
            (score, candidate)
        })
        .filter(|(score, candidate)| *score >= 0.9 && *candidate != key)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, candidate)| candidate)
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::Severity;
    use crate::rules::context::testing::{check, check_with, skill};

    const TEXT: &str =
        "---\nname: x\ndescription: d\nmodel: opus\ndesciption: typo\nversion: 1\n---\n";

    #[test]
    fn errors_for_the_reference_validator() {
        let found = check(&RULE, "x", TEXT);
        assert_eq!(found.len(), 3);
        assert!(found.iter().all(|f| f.severity == Severity::Error));
        assert_eq!(
            found[0].message,
            "unknown field `model`: the reference validator (skills-ref) allows only \
             `allowed-tools`, `compatibility`, `description`, `license`, `metadata` and `name`"
        );
        assert_eq!(
            found[1].help.as_deref(),
            Some("did you mean `description`?")
        );
        let span = found[0].span.unwrap();
        assert_eq!(&TEXT[span.start..span.end], "model");
    }

    #[test]
    fn info_when_a_runtime_reads_it_and_warning_when_nobody_does() {
        let found = check_with(&RULE, &skill("x", TEXT), &["claude-code", "codex"], &[]);
        let summary: Vec<(Severity, &str)> = found
            .iter()
            .map(|f| (f.severity, f.message.as_str()))
            .collect();
        assert_eq!(
            summary,
            [
                (
                    Severity::Info,
                    "`model` is read by Claude Code: the model that runs the skill; Codex ignores it"
                ),
                (
                    Severity::Warning,
                    "unknown field `desciption` is ignored by Claude Code and Codex"
                ),
                (
                    Severity::Info,
                    "`version` is read by Claude Code: legacy version field, read and ignored; Codex ignores it"
                ),
            ]
        );
        assert_eq!(
            found[1].help.as_deref(),
            Some("did you mean `description`?")
        );
    }

    #[test]
    fn keys_are_case_sensitive() {
        let found = check(&RULE, "x", "---\nName: x\ndescription: d\n---\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].help.as_deref(), Some("did you mean `name`?"));
    }

    #[test]
    fn quiet_on_standard_fields() {
        let text = "---\nname: x\ndescription: d\nlicense: MIT\ncompatibility: c\nmetadata:\n  any: v\nallowed-tools: Read\n---\n";
        assert!(check(&RULE, "x", text).is_empty());
    }
}
