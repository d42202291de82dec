//! S3xx: encoding and portability — bytes and YAML constructs that runtimes read differently.

use super::Rule;

/// This family's rules, sorted by ID.
pub(super) const RULES: &[&Rule] = &[];
