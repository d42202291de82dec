//! `helix`: the Helix agent framework's filesystem skill provider (`@helix-agents/skill-fs`) and
//! its `## Skills` system-prompt fragment (`generateSkillsSystemPromptFragment`), as its design
//! document pins them. Nothing here is read from source; see `DECISIONS`.

use super::catalog::{Admitted, Collision, Context, Entry, Rendered, admit as common};
use super::env::{Env, RootSpec};
use super::text::{Collation, Escaping};
use super::{Budget, Confidence, NameCharset, Target};
use crate::frontmatter::Value;
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "helix",
    display: "Helix",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[],
    name_charset: NameCharset::Ascii,
    description_limit: MAX_DESCRIPTION,
    reserved_words: RESERVED,
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "appended to the agent's system prompt after the workspace fragment, once per run; the catalog stays in the cached prefix",
    roots,
    roots_summary: "none of its own (the embedding program passes roots to fileSystemSkillProvider); --roots uses ~/.agents/skills, then project .agents/skills",
    collision: Collision::LastWins,
    admit,
    broken_skill: "warned about and skipped: invalid frontmatter, a name or description the skill schema rejects, or a name that differs from the directory",
    fields_read: &[
        "name",
        "description",
        "license",
        "compatibility",
        "metadata",
        "allowed-tools",
    ],
    ordering: "by name, byte order",
    escaping: "& < > in name and description (&amp; &lt; &gt;); quotes are kept",
    whitespace: "name and description as the YAML parser returns them; inner newlines are kept",
    budget: Budget::NONE,
    render,
    load: |_| unimplemented_load(),
    read: |_| unimplemented_load(),
    search: None,
    session: super::load::Session {
        catalog: super::load::Placement::SystemPrompt,
        modes: &[],
        reload: "TODO",
    },
    builtins: "",
    decisions: DECISIONS,

    confidence: Confidence::Docs,
    reference: "Helix design doc \"Skills: progressive disclosure for agent capabilities\" (2026-06-03), seeds/000_82e203531c94c547.txt; seed-runtimes.md § Helix",
};

/// What the design leaves open and we decided. The catalog text itself is pinned by the design
/// document, which is why the confidence is "from docs" rather than "from source".
const DECISIONS: &[&str] = &[
    "confidence \"from docs\" is the closest label: the catalog text, validation and discovery are pinned by Helix's design document, not read from source; the points below are ours",
    "--roots: the provider has no roots of its own; we use ~/.agents/skills then <cwd>/.agents/skills, so with last-root-wins the project copy beats the user copy",
    "the line breaks inside the guardrail paragraph are part of the text, as the design shows it; the dash is U+2014",
    "sort is byte order of the name (names are ASCII after validation, so this equals JavaScript's default sort)",
    "& < > in name and description are escaped because the design's tests require well-formed XML",
    "descriptions keep their inner newlines; no trailing newline after </available_skills>",
    "description must be non-empty and at most 1024 UTF-16 code units (a Zod string's length)",
    "optional fields are type-checked when present and not null: license and compatibility strings, metadata a string-to-string mapping, allowed-tools a string or a list of strings",
];

/// `defineSkill`'s limits.
const MAX_NAME: usize = 64;
const MAX_DESCRIPTION: usize = 1024;
const RESERVED: &[&str] = &["anthropic", "claude"];

/// The guardrail before the XML catalog, one string per line (the lines are joined with `\n`).
const GUARDRAIL: [&str; 8] = [
    "## Skills",
    "",
    "You have specialized Skills available. A Skill is NOT a tool: to use one, call",
    "the `load_skill` tool with its `name` to load its full instructions, then follow",
    "them. Load a Skill proactively whenever a task matches its description \u{2014} you do",
    "not need to ask permission. After loading, use `read_skill_file` to read any",
    "resource files it references (references/, scripts/, assets/) on demand.",
    "",
];

/// The provider is given its roots; with last-root-wins the later (project) root overrides the
/// earlier (user) one.
fn roots(env: &Env) -> Vec<RootSpec> {
    let mut roots: Vec<RootSpec> = env
        .home_join(".agents/skills")
        .map(|p| RootSpec::one_level(p, Scope::User))
        .into_iter()
        .collect();
    roots.push(RootSpec::one_level(
        env.cwd.join(".agents/skills"),
        Scope::Project,
    ));
    roots
}

/// Discovery globs `<root>/*/SKILL.md`, then validates the frontmatter with the skill schema
/// and requires `name` to equal the directory name; anything else is warned about and skipped.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err("skipped: Helix globs <root>/*/SKILL.md and does not see this file".to_owned());
    }
    common::parsed(skill)?;
    let name = common::required(skill, "name")?;
    let description = common::required(skill, "description")?;
    check_name(&name)?;
    if description.encode_utf16().count() > MAX_DESCRIPTION {
        return Err(format!(
            "skipped: `description` is longer than {MAX_DESCRIPTION} characters"
        ));
    }
    check_optional_fields(skill)?;
    let dir = skill.dir_name();
    if name != dir {
        return Err(format!(
            "skipped: `name` `{name}` does not match the directory name `{dir}`"
        ));
    }
    Ok(Admitted {
        name,
        description: Some(description),
    })
}

/// `[a-z0-9-]`, at most 64, no leading, trailing or double hyphen, no reserved word.
fn check_name(name: &str) -> Result<(), String> {
    if name.len() > MAX_NAME {
        return Err(format!(
            "skipped: `name` is longer than {MAX_NAME} characters"
        ));
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Err("skipped: `name` may contain only a-z, 0-9 and -".to_owned());
    }
    if name.starts_with('-') || name.ends_with('-') || name.contains("--") {
        return Err(
            "skipped: `name` may not start or end with a hyphen or contain `--`".to_owned(),
        );
    }
    if let Some(word) = RESERVED.iter().find(|w| name.contains(*w)) {
        return Err(format!(
            "skipped: `name` may not contain the reserved word `{word}`"
        ));
    }
    Ok(())
}

/// The optional fields of the schema, when present (null counts as absent).
fn check_optional_fields(skill: &Skill) -> Result<(), String> {
    let present = |key: &str| skill.field(key).filter(|f| !matches!(f.value, Value::Null));
    for key in ["license", "compatibility"] {
        if present(key).is_some_and(|f| f.as_str().is_none()) {
            return Err(format!("skipped: `{key}` is not a string"));
        }
    }
    if let Some(field) = present("metadata") {
        let Value::Mapping(pairs) = &field.value else {
            return Err("skipped: `metadata` is not a mapping".to_owned());
        };
        if !pairs
            .iter()
            .all(|(k, v)| matches!((k, v), (Value::String(_), Value::String(_))))
        {
            return Err("skipped: `metadata` must map strings to strings".to_owned());
        }
    }
    if let Some(field) = present("allowed-tools") {
        let ok = match &field.value {
            Value::String(_) => true,
            Value::Sequence(items) => items.iter().all(|v| matches!(v, Value::String(_))),
            _ => false,
        };
        if !ok {
            return Err(
                "skipped: `allowed-tools` is neither a string nor a list of strings".to_owned(),
            );
        }
    }
    Ok(())
}

/// `generateSkillsSystemPromptFragment`: nothing at all without skills; otherwise the guardrail
/// and the XML catalog, lines joined with `\n`, no trailing newline.
fn render(entries: &[Entry<'_>], _cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let mut sorted: Vec<&Entry<'_>> = entries.iter().collect();
    sorted.sort_by(|a, b| Collation::Bytes.compare(&a.name, &b.name));
    let mut lines: Vec<String> = GUARDRAIL.iter().map(|l| (*l).to_owned()).collect();
    lines.push("<available_skills>".to_owned());
    for entry in &sorted {
        lines.push("  <skill>".to_owned());
        lines.push(format!(
            "    <name>{}</name>",
            Escaping::AmpLtGt.apply(&entry.name)
        ));
        lines.push(format!(
            "    <description>{}</description>",
            Escaping::AmpLtGt.apply(entry.description())
        ));
        lines.push("  </skill>".to_owned());
    }
    lines.push("</available_skills>".to_owned());
    Rendered::complete(lines.join("\n"), sorted.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self, ChangeKind};

    fn skill(dir: &str, frontmatter: &str) -> MemorySkill {
        MemorySkill::new(dir, format!("---\n{frontmatter}\n---\nBody\n"))
    }

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    #[test]
    fn no_skills_is_no_text_at_all() {
        assert_eq!(build(Vec::new()).text, "");
    }

    #[test]
    fn sorted_by_name_escaped_and_without_a_trailing_newline() {
        // A `|` block keeps its final newline, and the catalog keeps it too.
        let built = build(vec![
            skill(
                "/r/b-two",
                "name: b-two\ndescription: \"x < y & \\\"z\\\"\"",
            ),
            skill(
                "/r/a-one",
                "name: a-one\ndescription: |\n  line one\n  line two",
            ),
        ]);
        let tail = "<available_skills>\n  <skill>\n    <name>a-one</name>\n    <description>line one\nline two\n</description>\n  </skill>\n  <skill>\n    <name>b-two</name>\n    <description>x &lt; y &amp; \"z\"</description>\n  </skill>\n</available_skills>";
        assert!(built.text.ends_with(tail), "{}", built.text);
        assert!(built.text.starts_with("## Skills\n\nYou have"));
        assert!(built.text.contains("description \u{2014} you do\nnot need"));
    }

    #[test]
    fn the_schema_and_the_directory_name_decide_admission() {
        let built = build(vec![
            skill("/r/ok", "name: ok\ndescription: fine"),
            skill("/r/other", "name: mismatch\ndescription: d"),
            skill("/r/claude-tools", "name: claude-tools\ndescription: d"),
            skill("/r/a--b", "name: a--b\ndescription: d"),
            skill("/r/Up", "name: Up\ndescription: d"),
            skill("/r/meta", "name: meta\ndescription: d\nmetadata:\n  n: 1"),
            skill(
                "/r/long",
                &format!("name: long\ndescription: {}", "é".repeat(1025)),
            ),
            skill("/r/nodesc", "name: nodesc"),
        ]);
        assert_eq!(built.listed, 1);
        let reasons: Vec<&str> = built.changes.iter().map(|c| c.reason.as_str()).collect();
        assert_eq!(
            reasons,
            [
                "skipped: `name` `mismatch` does not match the directory name `other`",
                "skipped: `name` may not contain the reserved word `claude`",
                "skipped: `name` may not start or end with a hyphen or contain `--`",
                "skipped: `name` may contain only a-z, 0-9 and -",
                "skipped: `metadata` must map strings to strings",
                "skipped: `description` is longer than 1024 characters",
                "skipped: no `description` in the frontmatter",
            ]
        );
        assert!(built.changes.iter().all(|c| c.kind == ChangeKind::Skipped));
    }

    #[test]
    fn the_last_root_wins() {
        let built = build(vec![
            skill("/user/same", "name: same\ndescription: from the user root"),
            skill(
                "/proj/same",
                "name: same\ndescription: from the project root",
            ),
        ]);
        assert!(built.text.contains("from the project root"));
        assert!(!built.text.contains("from the user root"));
        assert_eq!(built.changes[0].kind, ChangeKind::Shadowed);
        assert_eq!(
            built.changes[0].path,
            std::path::Path::new("/user/same/SKILL.md")
        );
    }
}

fn unimplemented_load() -> super::load::Output {
    super::load::Output::tool_error(super::load::Call::with("TODO", "name", ""), "TODO")
}
