//! `claude-code`: Claude Code 2.1.x and the Anthropic platform rules for uploaded skills.

use super::{Confidence, ExtraField, NameCharset, Target};

pub const TARGET: Target = Target {
    id: "claude-code",
    display: "Claude Code",
    rejects_unknown_fields: false,
    extra_fields: &[
        ExtraField {
            key: "when_to_use",
            meaning: "appended to the description in the skill listing",
        },
        ExtraField {
            key: "argument-hint",
            meaning: "shown when the skill is invoked as a slash command",
        },
        ExtraField {
            key: "arguments",
            meaning: "names the arguments of the slash command",
        },
        ExtraField {
            key: "disable-model-invocation",
            meaning: "hides the skill from the model; only the user can invoke it",
        },
        ExtraField {
            key: "user-invocable",
            meaning: "whether the skill is offered as a slash command",
        },
        ExtraField {
            key: "disallowed-tools",
            meaning: "tools the skill may not use",
        },
        ExtraField {
            key: "model",
            meaning: "the model that runs the skill",
        },
        ExtraField {
            key: "effort",
            meaning: "the reasoning effort for the skill",
        },
        ExtraField {
            key: "context",
            meaning: "`fork` runs the skill in a sub-agent context",
        },
        ExtraField {
            key: "agent",
            meaning: "the sub-agent type that runs a forked skill",
        },
        ExtraField {
            key: "hooks",
            meaning: "hooks active while the skill runs",
        },
        ExtraField {
            key: "paths",
            meaning: "globs; the skill is offered only after a matching file is touched",
        },
        ExtraField {
            key: "shell",
            meaning: "the shell for `!` command injection",
        },
        ExtraField {
            key: "version",
            meaning: "legacy version field, read and ignored",
        },
    ],
    metadata_keys: &[],
    name_charset: NameCharset::Ascii,
    description_limit: 1536,
    reserved_words: &["anthropic", "claude"],
    rejects_angle_brackets: true,
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

    confidence: Confidence::Docs,
    reference: "code.claude.com/docs/en/skills; platform.claude.com Agent Skills overview; v2.1.88 build",
};
