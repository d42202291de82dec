//! What becomes of each skill in one runtime: listed, shortened, listed by name only, hidden,
//! dropped or shadowed. Read off the same admission, collision and render code `skills catalog`
//! runs ([`super::catalog::known`] and the target's `render`), so `lint`, `why` and `matrix`
//! can never tell a story the catalog does not.

use std::path::Path;

use serde::Serialize;

use super::Target;
use super::catalog::{self, Catalog, ChangeKind, Context, Entry};
use crate::hash::HashMap;
use crate::skill::Skill;

/// A skill's fate in one runtime, worst first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum State {
    /// The runtime does not find it where it looks (`--roots` only).
    NotFound,
    /// The runtime skips it (broken, unreadable or not a skill to it), or a budget leaves it out.
    Dropped,
    /// A field keeps it from the model on purpose (`disable-model-invocation`, Codex's
    /// `allow_implicit_invocation: false`, Claude Code's conditional `paths`).
    Hidden,
    /// Another skill with the same name wins.
    Shadowed,
    /// Listed without any description.
    NameOnly,
    /// Listed with part of its description.
    Shortened,
    /// Listed in full.
    Listed,
}

impl State {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::NotFound => "not-found",
            Self::Dropped => "dropped",
            Self::Hidden => "hidden",
            Self::Shadowed => "shadowed",
            Self::NameOnly => "name-only",
            Self::Shortened => "shortened",
            Self::Listed => "listed",
        }
    }

    /// Whether the model sees the skill in the catalog (in full or not).
    pub const fn is_listed(self) -> bool {
        matches!(self, Self::Listed | Self::Shortened | Self::NameOnly)
    }
}

/// What one runtime does with one skill.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fate {
    pub state: State,
    /// The name the runtime knows it by, when it admits it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Why it is not listed in full, in the runtime's words (without a `skipped:` lead).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Whether a refusal from a target's `admit` hides the skill on purpose (a field that keeps it
/// from the model, which the author can remove) rather than failing to read it.
pub fn hides(reason: &str) -> bool {
    reason.starts_with("hidden")
        || reason.contains("disable-model-invocation")
        || reason.contains("allow_implicit_invocation")
        || reason.contains("conditional")
        || reason.contains("disabled in its frontmatter")
}

/// The refusal without the `skipped:`, `hidden:` or `not listed:` that starts most of them.
pub fn plain(reason: &str) -> &str {
    ["skipped: ", "hidden: ", "not listed: "]
        .iter()
        .find_map(|lead| reason.strip_prefix(lead))
        .unwrap_or(reason)
}

/// Why `target` does not admit `skill`, if it does not: the same call the catalog makes.
pub fn refusal(target: &Target, skill: &Skill) -> Option<String> {
    let (_, changes) = catalog::admitted(target, std::slice::from_ref(skill));
    changes.into_iter().next().map(|c| c.reason)
}

/// `targets` split into those whose admission refuses `skill` and those that keep it: a rule
/// that names a runtime's own limit says "skips" only of the first.
pub fn by_admission<'t>(
    targets: &[&'t Target],
    skill: &Skill,
) -> (Vec<&'t Target>, Vec<&'t Target>) {
    targets
        .iter()
        .copied()
        .partition(|t| refusal(t, skill).is_some())
}

/// A target's catalog of `skills` with the fate of each skill in it (in the same order),
/// and the entries it knows (admitted, collisions settled) for loads.
#[derive(Debug)]
pub struct Outcome<'a> {
    pub catalog: Catalog,
    pub fates: Vec<Fate>,
    pub known: Vec<Entry<'a>>,
}

/// Builds `target`'s catalog of `skills` and says what became of each one.
pub fn of<'a>(target: &Target, skills: &'a [Skill], cx: &Context<'_>) -> Outcome<'a> {
    let (known, changes) = catalog::known(target, skills, cx);
    let index: HashMap<*const Skill, usize> = skills
        .iter()
        .enumerate()
        .map(|(i, s)| (std::ptr::from_ref(s), i))
        .collect();
    let mut names: Vec<Option<String>> = vec![None; skills.len()];
    for entry in &known {
        if let Some(&i) = index.get(&std::ptr::from_ref(entry.skill)) {
            names[i] = Some(entry.name.clone());
        }
    }
    let catalog = catalog::render(target, skills.len(), &known, changes, cx);
    // Changes name a skill by its file; built-ins can share one location, so the name the
    // change carries tells them apart.
    let mut by_file: HashMap<&Path, Vec<usize>> = HashMap::default();
    for (i, skill) in skills.iter().enumerate() {
        by_file.entry(skill.skill_md.as_path()).or_default().push(i);
    }
    let mut worst: Vec<Option<(State, String, String)>> = vec![None; skills.len()];
    for change in &catalog.changes {
        let Some(candidates) = by_file.get(change.path.as_path()) else {
            continue;
        };
        let Some(&i) = candidates.iter().find(|&&i| {
            candidates.len() == 1
                || names[i].as_deref() == Some(change.name.as_str())
                || skills[i].name() == change.name
        }) else {
            continue;
        };
        let state = match change.kind {
            ChangeKind::Skipped if hides(&change.reason) => State::Hidden,
            ChangeKind::Skipped | ChangeKind::Omitted => State::Dropped,
            ChangeKind::Shadowed => State::Shadowed,
            ChangeKind::DescriptionRemoved => State::NameOnly,
            ChangeKind::Shortened => State::Shortened,
        };
        if worst[i].as_ref().is_none_or(|held| state < held.0) {
            worst[i] = Some((state, plain(&change.reason).to_owned(), change.name.clone()));
        }
    }
    let fates = names
        .into_iter()
        .zip(worst)
        .map(|(name, worst)| match worst {
            Some((state, reason, changed)) => Fate {
                state,
                name: name.or_else(|| (state == State::Shadowed).then_some(changed)),
                reason: Some(reason),
            },
            None => Fate {
                state: State::Listed,
                name,
                reason: None,
            },
        })
        .collect();
    Outcome {
        catalog,
        fates,
        known,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::{MemoryProvider, MemorySkill, SkillProvider};
    use crate::targets::catalog::Paths;
    use crate::targets::catalog::testing::env;
    use crate::targets::find;

    fn outcome_states(target: &str, skills: Vec<MemorySkill>) -> Vec<(String, State)> {
        let provider = MemoryProvider::new(skills);
        let env = env();
        let paths = Paths::absolute(None);
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: None,
            model: None,
        };
        let target = find(target).expect("a target");
        let outcome = of(target, provider.list(), &cx);
        provider
            .list()
            .iter()
            .zip(&outcome.fates)
            .map(|(s, f)| (s.dir_name().into_owned(), f.state))
            .collect()
    }

    #[test]
    fn every_kind_of_fate_comes_from_the_catalog() {
        let ok = |dir: &str, name: &str| {
            MemorySkill::new(
                format!("/p/.agents/skills/{dir}"),
                format!(
                    "---\nname: {name}\ndescription: Does {name} things. Use for {name}.\n---\nBody\n"
                ),
            )
        };
        let states = outcome_states(
            "codex",
            vec![
                ok("a", "a"),
                MemorySkill::new("/p/.agents/skills/b", "# no frontmatter\n"),
                ok("c", "a"),
            ],
        );
        assert_eq!(states[0].1, State::Listed);
        assert_eq!(states[1].1, State::Dropped);
        // Codex keeps both copies of a name.
        assert_eq!(states[2].1, State::Listed);

        let states = outcome_states(
            "claude-code",
            vec![MemorySkill::new(
                "/p/.claude/skills/quiet",
                "---\nname: quiet\ndescription: Q.\ndisable-model-invocation: true\n---\nBody\n",
            )],
        );
        assert_eq!(states[0].1, State::Hidden);
    }

    #[test]
    fn refusals_read_plainly() {
        assert_eq!(plain("skipped: no frontmatter"), "no frontmatter");
        assert_eq!(plain("hidden: x"), "x");
        assert!(hides("hidden: agents/openai.yaml sets policy"));
        assert!(!hides("skipped: no frontmatter"));
    }
}
