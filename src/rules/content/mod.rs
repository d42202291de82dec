//! S1xx: content quality — what the description and body say and how long they are.

use super::Rule;

/// This family's rules, sorted by ID.
pub(super) const RULES: &[&Rule] = &[];
