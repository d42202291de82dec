//! S4xx: cross-skill — problems that only show when several skills are read together.

use super::Rule;

/// This family's rules, sorted by ID.
pub(super) const RULES: &[&Rule] = &[];
