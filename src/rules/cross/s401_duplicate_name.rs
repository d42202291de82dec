//! S401 duplicate-name: two skills in the same root share a name.

use std::collections::hash_map::Entry;
use std::path::{Path, PathBuf};

use super::{collision_help, name_span, shown};
use crate::hash::HashMap;
use crate::rules::{Check, Finding, Rule, SetContext, Severity};
use crate::skill::Skill;

pub const RULE: Rule = Rule {
    id: "S401",
    name: "duplicate-name",
    severity: Severity::Warning,
    summary: "two skills in the same root have the same name",
    docs: r#"## What it does

Finds skills in the same skills directory that have the same name: the `name` in their
frontmatter, or their directory name when they have none. A skills directory is the first folder
named `skills` below the root (one path given to `skills`, or one runtime directory), or the root
itself, with everything nested under it. The first skill in discovery order (sorted by path) is
left alone; every other one is reported, pointing at its `name` and naming the first one's path.

Copies in different skills directories of one repository, such as `.claude/skills/x` and
`.github/skills/x`, are not compared: they are installs for different runtimes. When `skills`
reads the runtimes' own directories as separate roots, S402 reports the clashes between them.

## Why

A name is how a runtime lists, picks and invokes a skill, and the runtimes do not agree on what
to do with two skills that share one. Codex removes duplicates only by path, so it lists both
and the model sees two entries with one name. Goose and trpc-agent-go keep the first one they
find, and opencode the last one it loads, with a warning; since opencode loads skills
concurrently, which one that is can change from run to run. The same folder can therefore run
different instructions in different runtimes, and edits to the copy that loses have no effect.

## Example

```text
skills/
  release-notes/SKILL.md        name: release-notes
  changelog-writer/SKILL.md     name: release-notes
```

## How to fix

Give each skill its own name (and rename its directory to match), or delete the copy you no
longer want.
"#,
    fixable: false,
    check: Check::Set(check),
};

/// The `skills` directory a skill sits in below its root (the first path component named
/// `skills`), or the root itself. Skills in different ones are installs for different runtimes.
fn collection(skill: &Skill) -> PathBuf {
    let rel = skill
        .dir
        .strip_prefix(&skill.origin.root)
        .unwrap_or(&skill.dir);
    let mut out = PathBuf::new();
    for part in rel.parent().into_iter().flat_map(Path::components) {
        out.push(part);
        if part.as_os_str() == "skills" {
            return out;
        }
    }
    PathBuf::new()
}

fn check(cx: &SetContext<'_>, out: &mut Vec<Finding>) {
    let mut first_by_name = HashMap::with_capacity_and_hasher(cx.skills.len(), Default::default());
    for (index, skill) in cx.skills.iter().enumerate() {
        let name = skill.name();
        if name.is_empty() {
            continue;
        }
        let key = (skill.origin.root_index, collection(skill), name);
        let first = match first_by_name.entry(key) {
            Entry::Vacant(slot) => {
                slot.insert(index);
                continue;
            }
            Entry::Occupied(slot) => &cx.skills[*slot.get()],
        };
        let name = skill.name();
        let other = shown(&first.skill_md, skill);
        let mut finding = Finding::new(
            &RULE,
            skill,
            format!(
                "skill name `{name}` is also used by `{other}` in the same skills directory: Codex lists both, \
                 Goose and trpc-agent-go keep the first one found and opencode whichever \
                 finishes loading last, so which instructions run depends on the runtime"
            ),
        )
        .label(format!("also the name of `{other}`"))
        .help(collision_help(
            "give each skill its own name, or remove the copy you no longer want",
            cx.targets,
        ));
        if let Some(span) = name_span(skill) {
            finding = finding.at(span);
        }
        out.push(finding);
    }
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::cross::testing::{run, run_for, skill};

    #[test]
    fn a_runtime_that_races_is_named_in_the_help() {
        let skills = [skill("/r", 0, "a", "notes"), skill("/r", 0, "b", "notes")];
        let codex = crate::targets::find("codex").expect("codex");
        let found = run_for(&RULE, &skills, &[codex]);
        assert!(!found[0].help.as_deref().unwrap_or("").contains("opencode"));
        let opencode = crate::targets::find("opencode").expect("opencode");
        let found = run_for(&RULE, &skills, &[codex, opencode]);
        assert!(
            found[0]
                .help
                .as_deref()
                .unwrap_or("")
                .contains("(in opencode, same-named skills load concurrently"),
            "{:?}",
            found[0].help
        );
    }

    #[test]
    fn every_extra_skill_is_reported_once() {
        let skills = [
            skill("/r", 0, "a", "notes"),
            skill("/r", 0, "b", "notes"),
            skill("/r", 0, "c", "other"),
            skill("/r", 0, "d", "notes"),
        ];
        let found = run(&RULE, &skills);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].skill_dir, skills[1].dir);
        assert_eq!(found[1].skill_dir, skills[3].dir);
        assert!(found[0].message.contains("also used by `a/SKILL.md`"));
        let span = found[0].span.unwrap();
        assert_eq!(skills[1].slice(span), "notes");
    }

    #[test]
    fn other_roots_and_other_skills_directories_are_left_alone() {
        let skills = [skill("/r", 0, "a", "notes"), skill("/u", 1, "a", "notes")];
        assert!(run(&RULE, &skills).is_empty());
        let skills = [
            skill("/r", 0, ".claude/skills/a", "notes"),
            skill("/r", 0, ".github/skills/a", "notes"),
        ];
        assert!(run(&RULE, &skills).is_empty());
    }

    #[test]
    fn nested_skills_in_one_skills_directory_clash() {
        let skills = [
            skill("/r", 0, "skills/python/security", "security"),
            skill("/r", 0, "skills/typescript/security", "security"),
        ];
        let found = run(&RULE, &skills);
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .message
                .contains("`skills/python/security/SKILL.md`")
        );
    }

    #[test]
    fn linear_on_many_skills() {
        let skills: Vec<_> = (0..5000)
            .map(|i| skill("/r", 0, &format!("s{i}"), &format!("n{}", i % 2500)))
            .collect();
        assert_eq!(run(&RULE, &skills).len(), 2500);
    }
}
