//! S4xx: cross-skill — problems that only show when several skills are read together.

mod s401_duplicate_name;
mod s402_shadowed_skill;

use std::path::Path;

use super::Rule;
use crate::paths;
use crate::skill::Skill;
use crate::source::Span;

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
        let targets = targets::default_targets();
        let settings = Settings::default();
        let cx = SetContext {
            skills,
            unreadable: &[],
            targets: &targets,
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
