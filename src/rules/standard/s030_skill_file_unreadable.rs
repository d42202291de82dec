//! S030 skill-file-unreadable: a `SKILL.md` was found that `skills` did not read.

use crate::rules::{Check, Finding, Rule, SetContext, Severity};

pub const RULE: Rule = Rule {
    id: "S030",
    name: "skill-file-unreadable",
    severity: Severity::Error,
    summary: "a skill file was found but could not be read",
    docs: r#"## What it does

Reports every `SKILL.md` that discovery found and did not read: one larger than the size limit
(4 MiB), one that is not a regular file (a FIFO, a socket, a device, a folder), a symlink that
resolves outside the folder being searched, a file with more than one hard link, or a file the
operating system refuses to open.

## Why

A skill whose file cannot be read is a skill no runtime loads: Codex, Claude Code and the others
skip it, so it silently disappears from every catalog. Before this rule, such a file was only a
note and `skills lint` still exited 0, so a CI gate stayed green. `skills` also refuses on
purpose what could make it hang (a FIFO blocks whoever opens it) or show bytes from outside the
skill (a symlink or a hard link to another file).

## Example

```text
skills/release-notes/SKILL.md -> /home/me/notes/release.md   (a symlink out of the tree)
skills/huge/SKILL.md                                         (12 MB of generated text)
```

## How to fix

Make `SKILL.md` a regular file inside the skill folder, under 4 MiB: copy the file instead of
linking it (or symlink the whole skill folder, which is followed), and move long material into
`references/`.
"#,
    fixable: false,
    check: Check::Set(check),
};

fn check(cx: &SetContext<'_>, out: &mut Vec<Finding>) {
    for skill in cx.unreadable {
        out.push(Finding {
            rule: &RULE,
            severity: RULE.severity,
            message: format!("the skill file was not read: {}", skill.reason),
            skill_dir: skill.dir.clone(),
            path: skill.skill_md.clone(),
            span: None,
            label: None,
            help: Some(
                "make SKILL.md a regular file inside the skill folder, under the size limit; runtimes skip a skill they cannot read"
                    .to_owned(),
            ),
            fix: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::RULE;
    use crate::provider::UnreadableSkill;
    use crate::rules::{Check, SetContext, Settings, Severity};
    use crate::targets;

    #[test]
    fn every_unreadable_skill_file_is_an_error() {
        let unreadable = [UnreadableSkill {
            dir: PathBuf::from("/s/big"),
            skill_md: PathBuf::from("/s/big/SKILL.md"),
            reason: "larger than 4194304 bytes; not parsed".to_owned(),
        }];
        let targets = targets::default_targets();
        let settings = Settings::default();
        let cx = SetContext {
            skills: &[],
            unreadable: &unreadable,
            targets: &targets,
            settings: &settings,
        };
        let Check::Set(check) = RULE.check else {
            panic!("a set rule")
        };
        let mut out = Vec::new();
        check(&cx, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].severity, Severity::Error);
        assert_eq!(out[0].path, PathBuf::from("/s/big/SKILL.md"));
        assert!(out[0].message.contains("larger than"));
    }
}
