//! S4xx: cross-skill — problems that only show when several skills are read together.

mod s401_duplicate_name;
mod s402_shadowed_skill;

use std::path::Path;

use super::Rule;
use crate::paths;
use crate::skill::Skill;
use crate::source::Span;
use crate::targets::Target;
use crate::targets::catalog::Collision;

/// This family's rules, sorted by ID.
pub(super) const RULES: &[&Rule] = &[&s401_duplicate_name::RULE, &s402_shadowed_skill::RULE];

/// Where a finding about a skill's name points: its `name` value, or the whole file when the name
/// comes from the directory.
fn name_span(skill: &Skill) -> Option<Span> {
    skill
        .declared_name()
        .and_then(|_| skill.field("name"))
        .map(|f| f.value_span)
}

/// `path` as shown in a message about `skill`: relative to the root `skill` was found in.
fn shown(path: &Path, skill: &Skill) -> String {
    paths::to_slash(&paths::relative_to(path, &skill.origin.root))
}

/// The help of a finding about two skills with one name, with a warning when a selected runtime
/// picks the winner by a race (opencode): no copy of the pair is reliably the one it lists.
fn collision_help(base: &str, targets: &[&'static Target]) -> String {
    let racing: Vec<&str> = targets
        .iter()
        .filter(|t| t.collision == Collision::Unstable)
        .map(|t| t.display)
        .collect();
    if racing.is_empty() {
        return base.to_owned();
    }
    format!(
        "{base} (in {}, same-named skills load concurrently and the one that finishes last is \
         kept, so which copy is listed can change from run to run)",
        racing.join(" and ")
    )
}

#[cfg(test)]
mod testing {
    //! Running a cross-skill rule over skills given inline.

    use std::path::PathBuf;

    use crate::rules::{Check, Finding, Rule, SetContext, Settings};
    use crate::skill::{Origin, Scope, Skill};
    use crate::targets;

    /// A skill at `<root>/<rel>` with `name:` set to `name`, found in root number `root_index`.
    pub fn skill(root: &str, root_index: usize, rel: &str, name: &str) -> Skill {
        let dir = PathBuf::from(root).join(rel);
        let origin = Origin {
            root: PathBuf::from(root),
            scope: Scope::Custom,
            precedence: 0,
            root_index,
        };
        let text = format!(
            "---\nname: {name}\ndescription: Does {name} work. Use for {name}.\n---\n# {rel}\n"
        );
        Skill::parse(dir.clone(), dir.join("SKILL.md"), origin, text.into_bytes())
    }

    pub fn run(rule: &'static Rule, skills: &[Skill]) -> Vec<Finding> {
        run_for(rule, skills, &targets::default_targets())
    }

    /// [`run`] with these targets selected.
    pub fn run_for(
        rule: &'static Rule,
        skills: &[Skill],
        targets: &[&'static targets::Target],
    ) -> Vec<Finding> {
        let settings = Settings::default();
        let cx = SetContext {
            skills,
            unreadable: &[],
            targets,
            settings: &settings,
        };
        let Check::Set(check) = rule.check else {
            panic!("{} is not a cross-skill rule", rule.id)
        };
        let mut out = Vec::new();
        check(&cx, &mut out);
        out
    }
}
