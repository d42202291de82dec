//! `codex`: OpenAI Codex (`codex-rs/core-skills`).

use super::{Confidence, ExtraField, NameCharset, Target};

pub const TARGET: Target = Target {
    id: "codex",
    display: "Codex",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[ExtraField {
        key: "short-description",
        meaning: "shown instead of the description in newer catalogs (at most 1024 characters)",
    }],
    name_charset: NameCharset::Unicode,
    description_limit: 1024,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,
    placement: "TODO",
    roots: |_| Vec::new(),
    roots_summary: "TODO",
    collision: super::catalog::Collision::FirstWins,
    admit: super::catalog::admit::name_and_description,
    broken_skill: "TODO",
    fields_read: &[],
    ordering: "TODO",
    escaping: "TODO",
    whitespace: "TODO",
    budget: super::Budget::NONE,
    render: |_, _| super::catalog::Rendered::default(),
    builtins: "",
    decisions: &[],

    confidence: Confidence::Source,
    reference: "openai/codex codex-rs/core-skills/src/loader.rs @ 033d1d0",
};
