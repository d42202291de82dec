//! S5xx: lint comments — the suppression comments a skill's body holds.

mod s501_suppression_unknown_rule;
mod s502_unused_suppression;

use super::Rule;

pub use s502_unused_suppression::RULE as UNUSED_SUPPRESSION;

/// This family's rules, sorted by ID.
pub(super) const RULES: &[&Rule] = &[
    &s501_suppression_unknown_rule::RULE,
    &s502_unused_suppression::RULE,
];
