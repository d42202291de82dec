//! S2xx: layout and references — the files beside SKILL.md and the paths that point at them.

pub(crate) mod files;
pub(crate) mod links;
mod skim;

mod s201_link_target_missing;
mod s202_reference_too_deep;
mod s203_backslash_path;
mod s204_absolute_path;
mod s205_lowercase_skill_md;
mod s206_junk_file;
mod s207_docs_file_in_skill;

use super::Rule;

/// This family's rules, sorted by ID.
pub(super) const RULES: &[&Rule] = &[
    &s201_link_target_missing::RULE,
    &s202_reference_too_deep::RULE,
    &s203_backslash_path::RULE,
    &s204_absolute_path::RULE,
    &s205_lowercase_skill_md::RULE,
    &s206_junk_file::RULE,
    &s207_docs_file_in_skill::RULE,
];
