//! S0xx: frontmatter and the standard (agentskills.io), with the platform limits of targets.

pub(crate) mod common;
mod s001_frontmatter_missing;
mod s002_frontmatter_not_at_start;
mod s003_frontmatter_unclosed;
mod s004_invalid_yaml;
mod s005_frontmatter_not_mapping;
mod s006_name_missing;
mod s007_name_not_string;
mod s008_name_empty;
mod s009_name_too_long;
mod s010_name_not_lowercase;
mod s011_name_hyphen_edge;
mod s012_name_consecutive_hyphens;
mod s013_name_invalid_characters;
mod s014_name_directory_mismatch;
mod s015_description_missing;
mod s016_description_not_string;
mod s017_description_empty;
mod s018_description_too_long;
mod s019_compatibility_not_string;
mod s020_compatibility_empty;
mod s021_compatibility_too_long;
mod s022_metadata_not_string_map;
mod s023_allowed_tools_not_string;
mod s024_license_not_string;
mod s025_unknown_field;
mod s026_reserved_word_in_name;
mod s027_angle_brackets;
mod s028_duplicate_field;
pub(crate) mod s029_strict_yaml_construct;
mod s030_skill_file_unreadable;
mod s031_yaml_too_complex;

use super::Rule;

/// This family's rules, sorted by ID.
pub(super) const RULES: &[&Rule] = &[
    &s001_frontmatter_missing::RULE,
    &s002_frontmatter_not_at_start::RULE,
    &s003_frontmatter_unclosed::RULE,
    &s004_invalid_yaml::RULE,
    &s005_frontmatter_not_mapping::RULE,
    &s006_name_missing::RULE,
    &s007_name_not_string::RULE,
    &s008_name_empty::RULE,
    &s009_name_too_long::RULE,
    &s010_name_not_lowercase::RULE,
    &s011_name_hyphen_edge::RULE,
    &s012_name_consecutive_hyphens::RULE,
    &s013_name_invalid_characters::RULE,
    &s014_name_directory_mismatch::RULE,
    &s015_description_missing::RULE,
    &s016_description_not_string::RULE,
    &s017_description_empty::RULE,
    &s018_description_too_long::RULE,
    &s019_compatibility_not_string::RULE,
    &s020_compatibility_empty::RULE,
    &s021_compatibility_too_long::RULE,
    &s022_metadata_not_string_map::RULE,
    &s023_allowed_tools_not_string::RULE,
    &s024_license_not_string::RULE,
    &s025_unknown_field::RULE,
    &s026_reserved_word_in_name::RULE,
    &s027_angle_brackets::RULE,
    &s028_duplicate_field::RULE,
    &s029_strict_yaml_construct::RULE,
    &s030_skill_file_unreadable::RULE,
    &s031_yaml_too_complex::RULE,
];
