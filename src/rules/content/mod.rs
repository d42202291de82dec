//! S1xx: content quality — what the description and body say and how long they are.

mod s101_description_not_third_person;
mod s102_description_missing_trigger;
mod s103_description_summarises_workflow;
mod s104_description_vague;
mod s105_body_too_long;
mod s106_body_too_many_tokens;
mod s108_body_when_to_use_section;
mod s109_time_sensitive_text;
mod text;

use super::Rule;

/// This family's rules, sorted by ID.
pub(super) const RULES: &[&Rule] = &[
    &s101_description_not_third_person::RULE,
    &s102_description_missing_trigger::RULE,
    &s103_description_summarises_workflow::RULE,
    &s104_description_vague::RULE,
    &s105_body_too_long::RULE,
    &s106_body_too_many_tokens::RULE,
    &s108_body_when_to_use_section::RULE,
    &s109_time_sensitive_text::RULE,
];
