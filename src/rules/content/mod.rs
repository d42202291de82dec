//! S1xx: content quality — what the description and body say and how long they are.

mod s101_description_not_third_person;
mod s102_description_missing_trigger;
mod s103_description_summarises_workflow;
mod s104_description_vague;
mod s105_body_too_long;
mod s106_body_too_many_tokens;
mod s107_long_reference_without_toc;
mod s108_body_when_to_use_section;
mod s109_time_sensitive_text;
mod s110_description_placeholder;
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
    &s107_long_reference_without_toc::RULE,
    &s108_body_when_to_use_section::RULE,
    &s109_time_sensitive_text::RULE,
    &s110_description_placeholder::RULE,
];

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::RULES;
    use crate::rules::context::testing::{check, skill};
    use crate::rules::{Check, Settings, SkillContext};
    use crate::skill::Skill;
    use crate::targets;

    /// Odd input must never make a content rule panic.
    #[test]
    fn odd_input_never_panics() {
        let descriptions = [
            "\"“I” ‘you’ \\\"q\\\" \\u00e9 1) 2) → -> =>\"",
            "'It''s ''I'' — You: 1. 2. Step 1 Step 2'",
            "|\n  I can\n\n  You\u{0} then\r\n  first",
            ">-\n  Reads the é, parses the 日本, then writes\n  🎉.",
            "I",
            "…",
            "\"\"",
            "Let",
            "as of",
        ];
        let bodies = [
            "",
            "\r",
            "\n\n\n",
            "```\n## When to use\n",
            "~~~~\n```\n## When to use\n~~~~\n## When to use\n",
            "# \n## \u{FFFD}\nas of 2024 (currently (2025\ncurrently (2025)\nbefore May 31st",
            "<details>\n</details\nbefore August 2025",
        ];
        for description in descriptions {
            for body in bodies {
                let text = format!("---\nname: odd\ndescription: {description}\n---\n{body}");
                for rule in RULES {
                    let _ = check(rule, "odd", &text);
                }
            }
        }
        let mut bytes = b"---\nname: odd\ndescription: I can \xFF\xFE then reads the x, parses the y, then writes z\n---\nas of 2024 \xC3\n## When to use\n".to_vec();
        bytes.extend_from_slice(&[0xE2, 0x82]);
        let mut skill = skill("odd", "");
        skill = Skill::parse(skill.dir, skill.skill_md, skill.origin, bytes);
        let targets = [targets::find("agentskills").expect("a target")];
        let settings = Settings {
            max_body_lines: 1,
            max_body_tokens: 1,
            ..Settings::default()
        };
        let cx = SkillContext::in_memory(&skill, &targets, &settings, BTreeMap::new());
        let mut out = Vec::new();
        for rule in RULES {
            if let Check::Skill(check) = rule.check {
                check(&cx, &mut out);
            }
        }
        let len = skill.source.bytes().len();
        for finding in &out {
            let span = finding.span.expect("every content finding has a span");
            assert!(span.start <= span.end && span.end <= len, "{finding:?}");
        }
        assert!(out.len() >= 4, "{out:#?}");
    }
}
