//! S2xx: layout and references — the files beside SKILL.md and the paths that point at them.

use super::Rule;

/// This family's rules, sorted by ID.
pub(super) const RULES: &[&Rule] = &[];
