//! S0xx: frontmatter and the standard (agentskills.io), with the platform limits of targets.

mod s001_frontmatter_missing;

use super::Rule;

/// This family's rules, sorted by ID.
pub(super) const RULES: &[&Rule] = &[&s001_frontmatter_missing::RULE];
