//! Which runtimes a defect changes, read off the targets' own admission code (the code their
//! catalogs run), never from a hand-written list: the skill as it is against the same skill
//! with only that defect repaired. A runtime that skips the file as it is and admits the repaired
//! one skips it because of the defect; one that admits both but under another name or
//! description reads it differently.

use crate::frontmatter::Field;
use crate::rules::Edit;
use crate::skill::Skill;
use crate::source::Span;
use crate::targets::catalog::Admitted;
use crate::targets::{self, TARGETS, Target};

/// What one defect does, per runtime.
#[derive(Debug, Default)]
pub(crate) struct Effects {
    /// The runtimes that skip the skill because of it.
    pub skip: Vec<&'static Target>,
    /// The runtimes that admit it but read it differently, and how, in a phrase
    /// ("list it as `x`").
    pub differ: Vec<(&'static Target, String)>,
    /// `skip` holds every runtime that skips the skill as it is, for whatever reason (no repair
    /// could be written out to compare with).
    pub as_is: bool,
}

/// How `target` reads `skill`: `None` when it skips it.
fn admission(target: &Target, skill: &Skill) -> Option<Admitted> {
    (target.admit)(skill).ok()
}

/// How each runtime reads `skill`.
fn admissions(skill: &Skill) -> Vec<Option<Admitted>> {
    TARGETS.iter().map(|t| admission(t, skill)).collect()
}

impl Effects {
    /// What repairing `skill` into `repaired` (the same file, only the defect removed) changes
    /// for each runtime.
    pub fn of(skill: &Skill, repaired: &Skill) -> Self {
        let mut effects = Self::default();
        // What the repaired file says, as YAML reads it: a runtime that already reads that from
        // the skill as it is is not misled by the defect (only by the repair's syntax).
        let intended_name = repaired.name();
        let intended_description = repaired.description();
        let as_intended = |a: &Admitted| {
            a.name == intended_name
                && a.description.as_deref().map(str::trim) == intended_description
        };
        for target in TARGETS {
            // A runtime that reads the file as it is as intended is not misled, whatever it
            // makes of the repair: the repaired file is read only when that can matter.
            let before = admission(target, skill);
            if before.as_ref().is_some_and(as_intended) {
                continue;
            }
            match (before, admission(target, repaired)) {
                (None, Some(_)) => effects.skip.push(target),
                (Some(before), Some(after)) if before != after => {
                    effects.differ.push((target, difference(&before, &after)));
                }
                _ => {}
            }
        }
        effects
    }

    /// [`Effects::of`] the same file with other bytes.
    pub fn of_bytes(skill: &Skill, repaired: Vec<u8>) -> Self {
        Self::of(skill, &Self::repaired(skill, repaired))
    }

    /// `skill` with other bytes, in the same folder as discovery listed it.
    fn repaired(skill: &Skill, bytes: Vec<u8>) -> Skill {
        let mut repaired = Skill::parse(
            skill.dir.clone(),
            skill.skill_md.clone(),
            skill.origin.clone(),
            bytes,
        );
        repaired.listings.clone_from(&skill.listings);
        repaired
    }

    /// What writing `field`'s string value as one double-quoted line (the same value, other
    /// syntax) changes: the runtimes that do not read the value as YAML does. `None` when the
    /// value is not a string or the rewritten file would read differently.
    pub fn of_one_line_value(skill: &Skill, field: &Field) -> Option<Self> {
        let value = field.as_str()?;
        let quoted = serde_json::to_string(value).ok()?;
        let edit = Edit::new(
            Span::new(field.key_span.end, field.value_span.end),
            format!(": {quoted}"),
        );
        let fixed = super::apply_edits(skill.source.bytes(), std::slice::from_ref(&edit))?;
        let before = super::mapping(&skill.document)?;
        let repaired = Self::repaired(skill, fixed);
        if !super::same_values(before, super::mapping(&repaired.document)?) {
            return None;
        }
        Some(Self::of(skill, &repaired))
    }

    /// The runtimes that skip `skill` as it is, when no repair can be written out.
    pub fn as_is(skill: &Skill) -> Self {
        Self {
            skip: TARGETS
                .iter()
                .zip(admissions(skill))
                .filter(|(_, a)| a.is_none())
                .map(|(t, _)| *t)
                .collect(),
            differ: Vec::new(),
            as_is: true,
        }
    }

    /// What the frontmatter's YAML problems do: the skill against the same file with every
    /// repair of `plan` (the skill's [`super::repair::plan`]) applied, or as it is when one cannot
    /// be written out.
    pub(super) fn of_yaml_repairs(skill: &Skill, plan: &[super::repair::Repair]) -> Self {
        let edits: Option<Vec<_>> = plan.iter().map(|r| r.edit.clone()).collect();
        edits
            .filter(|edits| !edits.is_empty())
            .and_then(|edits| super::apply_edits(skill.source.bytes(), &edits))
            .map_or_else(|| Self::as_is(skill), |fixed| Self::of_bytes(skill, fixed))
    }

    /// The effects in one clause: "Codex and Metis skip the skill, and Goose lists it without a
    /// description"; `None` when no runtime is affected.
    pub fn clause(&self) -> Option<String> {
        let mut parts = Vec::new();
        if !self.skip.is_empty() {
            let others: Vec<&Target> = TARGETS
                .iter()
                .copied()
                .filter(|t| !self.skip.iter().any(|s| s.id == t.id))
                .collect();
            let who = if others.is_empty() {
                "every runtime `skills` models skips".to_owned()
            } else if others.len() < self.skip.len() / 2 {
                format!(
                    "every runtime `skills` models but {} skips",
                    targets::names(&others)
                )
            } else {
                format!(
                    "{} {}",
                    targets::names(&self.skip),
                    verb(self.skip.len(), "skips", "skip")
                )
            };
            parts.push(format!(
                "{who} the skill{}",
                if self.as_is { " as it is" } else { "" }
            ));
        }
        let mut groups: Vec<(String, Vec<&Target>)> = Vec::new();
        for (target, how) in &self.differ {
            match groups.iter_mut().find(|(h, _)| h == how) {
                Some((_, members)) => members.push(target),
                None => groups.push((how.clone(), vec![target])),
            }
        }
        for (how, members) in groups {
            let (singular, plural) = how.split_once('|').unwrap_or((&how, &how));
            parts.push(format!(
                "{} {}",
                targets::names(&members),
                verb(members.len(), singular, plural)
            ));
        }
        match parts.as_slice() {
            [] => None,
            [one] => Some(one.clone()),
            [init @ .., last] => Some(format!("{}, and {last}", init.join(", "))),
        }
    }

    /// [`Effects::clause`], or a sentence saying no runtime is affected.
    pub fn sentence(&self) -> String {
        self.clause().unwrap_or_else(|| {
            format!(
                "none of the {} runtimes `skills` models skips the skill or reads it differently",
                TARGETS.len()
            )
        })
    }
}

fn verb<'a>(count: usize, singular: &'a str, plural: &'a str) -> &'a str {
    if count == 1 { singular } else { plural }
}

/// How `before` (the skill as it is) differs from `after` (repaired), as "singular|plural"
/// verb phrases.
fn difference(before: &Admitted, after: &Admitted) -> String {
    if before.name != after.name {
        let name = preview(&before.name);
        return format!("lists it as `{name}`|list it as `{name}`");
    }
    match &before.description {
        None => "lists it without a description|list it without a description".to_owned(),
        Some(text) if text.trim().is_empty() => {
            "lists it with an empty description|list it with an empty description".to_owned()
        }
        Some(text) => {
            let text = preview(text);
            format!("reads its description as `{text}`|read its description as `{text}`")
        }
    }
}

/// At most 40 characters of `text`, line breaks shown as `\n`.
fn preview(text: &str) -> String {
    const MAX: usize = 40;
    let flat = text.replace('\r', "\\r").replace('\n', "\\n");
    if flat.chars().count() <= MAX {
        return flat;
    }
    let cut: String = flat.chars().take(MAX - 1).collect();
    format!("{cut}…")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::context::testing::skill;

    const CLEAN: &str = "---\nname: pdf\ndescription: Reads PDFs. Use with PDFs.\n---\n# PDF\n";

    #[test]
    fn a_byte_order_mark_is_judged_by_each_runtime() {
        let bom = skill("pdf", &format!("\u{FEFF}{CLEAN}"));
        let effects = Effects::of_bytes(&bom, CLEAN.as_bytes().to_vec());
        let skipping: Vec<&str> = effects.skip.iter().map(|t| t.id).collect();
        assert!(skipping.contains(&"codex"), "{skipping:?}");
        assert!(skipping.contains(&"agentskills"), "{skipping:?}");
        // Claude Code strips the mark before it reads the frontmatter.
        assert!(!skipping.contains(&"claude-code"), "{skipping:?}");
        assert!(effects.sentence().contains("Codex"));
    }

    #[test]
    fn no_effect_says_so() {
        let clean = skill("pdf", CLEAN);
        let effects = Effects::of(&clean, &clean);
        assert!(effects.clause().is_none());
        assert!(effects.sentence().starts_with("none of the "));
    }

    #[test]
    fn differences_are_grouped_in_one_clause() {
        let effects = Effects {
            as_is: false,
            skip: vec![targets::find("codex").unwrap()],
            differ: vec![
                (
                    targets::find("goose").unwrap(),
                    "lists it as `x`|list it as `x`".to_owned(),
                ),
                (
                    targets::find("metis").unwrap(),
                    "lists it as `x`|list it as `x`".to_owned(),
                ),
            ],
        };
        assert_eq!(
            effects.clause().unwrap(),
            "Codex skips the skill, and Goose and Metis list it as `x`"
        );
    }
}
