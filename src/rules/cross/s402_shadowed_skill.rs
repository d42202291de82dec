//! S402 shadowed-skill: a skill loses its name to a skill in another root.

use std::path::Path;

use super::{collision_help, name_span, shown};
use crate::hash::HashMap;
use crate::rules::{Check, Finding, Rule, SetContext, Severity};
use crate::skill::Skill;

pub const RULE: Rule = Rule {
    id: "S402",
    name: "shadowed-skill",
    severity: Severity::Warning,
    summary: "a skill in another root with the same name takes precedence",
    docs: r#"## What it does

Finds a skill whose name is also used by a skill in another root that wins it: a root with higher
precedence (a project root over a user root, when `skills` reads a runtime's own directories), or,
at equal precedence, a root listed earlier. Duplicates inside one root are S401's.

## Why

Runtimes that rank their skill directories load only the winning copy, so this skill is never
offered and edits to it have no visible effect. They rank differently, though: Gemini CLI lets
workspace skills override user skills and prints "Skill conflict detected", Metis lets workspace
skills override global ones, Goose keeps the first skill it finds, opencode whichever copy
finishes loading last (so its choice can change from run to run), and Codex removes duplicates
only by path, so it lists both copies under one name. The same pair of folders can therefore
behave differently in every runtime.

## Example

```text
~/.agents/skills/release-notes/SKILL.md       name: release-notes   (user)
./.agents/skills/release-notes/SKILL.md       name: release-notes   (project, wins)
```

## How to fix

Remove the copy you no longer use, or rename one of them (its `name` and its directory) if both
are meant to exist.
"#,
    fixable: false,
    check: Check::Set(check),
};

fn check(cx: &SetContext<'_>, out: &mut Vec<Finding>) {
    let by_file: HashMap<&Path, &Skill> = cx
        .skills
        .iter()
        .map(|s| (s.skill_md.as_path(), s))
        .collect();
    for skill in cx.skills {
        let Some(winner) = skill
            .shadowed_by
            .as_deref()
            .and_then(|path| by_file.get(path))
        else {
            continue;
        };
        if winner.origin.root_index == skill.origin.root_index {
            continue; // S401
        }
        let why = if winner.origin.precedence > skill.origin.precedence {
            format!(
                "its {} root has higher precedence",
                winner.origin.scope.as_str()
            )
        } else {
            "its root is listed first".to_owned()
        };
        let name = skill.name();
        let other = shown(&winner.skill_md, skill);
        let mut finding = Finding::new(
            &RULE,
            skill,
            format!(
                "skill `{name}` is shadowed by `{other}` ({why}): runtimes that rank roots this \
                 way never load this copy, and Codex lists both under one name"
            ),
        )
        .label(format!("`{other}` wins this name"))
        .help(collision_help(
            "remove the copy you no longer use, or give one of them another name",
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
    use crate::provider::{MemoryProvider, MemorySkill, SkillProvider};
    use crate::rules::cross::testing::{run, run_for};
    use crate::skill::Scope;

    fn skill(dir: &str) -> MemorySkill {
        MemorySkill::new(
            dir,
            "---\nname: notes\ndescription: Drafts notes. Use for notes.\n---\nBody\n",
        )
    }

    #[test]
    fn the_losing_copy_is_reported_with_the_winner() {
        let user = skill("/home/u/.agents/skills/notes").in_scope(Scope::User, 1);
        let project = skill("/p/.agents/skills/notes").in_scope(Scope::Project, 2);
        let provider = MemoryProvider::new([user, project]);
        let found = run(&RULE, provider.list());
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].skill_dir.to_str(),
            Some("/home/u/.agents/skills/notes")
        );
        assert!(
            found[0].message.contains(
                "shadowed by `../../../../p/.agents/skills/notes/SKILL.md` (its project root has higher precedence)"
            ),
            "{}",
            found[0].message
        );
        assert!(found[0].span.is_some());
    }

    #[test]
    fn opencode_is_said_to_pick_its_copy_by_a_race() {
        let provider = MemoryProvider::new([skill("/a/notes"), skill("/b/notes")]);
        let plain = run(&RULE, provider.list());
        assert!(
            !plain[0]
                .help
                .as_deref()
                .unwrap_or("")
                .contains("concurrently")
        );
        let opencode = crate::targets::find("opencode").expect("opencode");
        let found = run_for(&RULE, provider.list(), &[opencode]);
        let help = found[0].help.as_deref().unwrap_or("");
        assert!(
            help.contains("in opencode, same-named skills load concurrently")
                && help.contains("can change from run to run"),
            "{help}"
        );
    }

    #[test]
    fn equal_precedence_goes_to_the_first_root() {
        let provider = MemoryProvider::new([skill("/a/notes"), skill("/b/notes")]);
        let found = run(&RULE, provider.list());
        assert_eq!(found.len(), 1);
        assert!(found[0].message.contains("its root is listed first"));
    }

    #[test]
    fn same_root_duplicates_and_unique_names_are_left_to_s401() {
        let provider = MemoryProvider::new([skill("/a/notes")]);
        assert!(run(&RULE, provider.list()).is_empty());
        let mut skills = MemoryProvider::new([skill("/a/x"), skill("/a/y")])
            .list()
            .to_vec();
        for s in &mut skills {
            s.origin.root_index = 0;
        }
        assert!(run(&RULE, &skills).is_empty());
    }
}
