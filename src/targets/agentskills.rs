//! `agentskills`: the open standard as its reference validator (skills-ref 0.1.1) enforces it.

use super::{Confidence, NameCharset, Target};

pub const TARGET: Target = Target {
    id: "agentskills",
    display: "the reference validator (skills-ref)",
    rejects_unknown_fields: true,
    extra_fields: &[],
    metadata_keys: &[],
    name_charset: NameCharset::Unicode,
    description_limit: 1024,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: true,
    confidence: Confidence::Source,
    reference: "agentskills/agentskills skills-ref/src/skills_ref/validator.py @ 69ef37e; PyPI skills-ref 0.1.1",
};
