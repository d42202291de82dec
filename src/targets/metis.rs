//! `metis`: the Metis agent's skill loader (`metis_core.skills`) and the `## Available skills`
//! discovery index it puts in the stable half of the system prompt, as its retrospective design
//! document (which documents the shipped implementation) pins them.

use super::catalog::{Admitted, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec};
use super::text::Collation;
use super::{Budget, Confidence, NameCharset, Target};
use crate::frontmatter::{self, Field, Value, ValueKind, Yaml};
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "metis",
    display: "Metis",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[],
    name_charset: NameCharset::Ascii,
    description_limit: MAX_DESCRIPTION,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "one block in the stable half of the system prompt (before the prompt-cache breakpoint), built once per session",
    roots,
    roots_summary: "~/.metis/skills (global), then <workspace>/.metis/skills (workspace overrides global); immediate subdirectories only",
    collision: Collision::LastWins,
    admit,
    broken_skill: "an invalid SKILL.md is logged at WARNING and skipped; directories without SKILL.md are skipped silently",
    fields_read: &[
        "name",
        "description",
        "license",
        "compatibility",
        "metadata",
        "allowed-tools",
    ],
    ordering: "by name, code point (byte) order",
    escaping: "none",
    whitespace: "the description as YAML returns it, unstripped; inner newlines are kept raw",
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
    reference: "Metis skills spec (draft v1, 2026-05-13, retrospective of packages/metis-core/src/metis_core/skills/), seeds/001_aae5f2702ab3d205.txt; seed-runtimes.md § Metis",
};

/// What the design leaves open and we decided.
const DECISIONS: &[&str] = &[
    "confidence \"from docs\" is the closest label: the loader and the index format are pinned by Metis's design document (which documents the shipped code), not read from source; the points below are ours",
    "the workspace is the working directory",
    "the index has no trailing newline (its lines are joined with \\n); the assembler's separators around it are not shown",
    "the [preloaded] marker is not shown: pre-activation depends on the context assembler's padding rule, not on the skill set",
    "the file is read as Python text mode does (UTF-8, universal newlines); it must then start with ---\\n, and the first later line that is exactly --- closes the frontmatter",
    "optional fields, when present and not null: license, compatibility (at most 500 characters) and allowed-tools must be strings; metadata a mapping with string keys and string, number or boolean values",
];

const MAX_NAME: usize = 64;
const MAX_DESCRIPTION: usize = 1024;
const MAX_COMPATIBILITY: usize = 500;

/// The index header, one string per line.
const HEADER: [&str; 2] = [
    "## Available skills",
    "Use `skill_search(query)` to filter and `skill_load(name)` to read a body.",
];

/// `load_skills(global_dir=~/.metis/skills, workspace_dir=<workspace>/.metis/skills)`: globals
/// first, then the workspace, whose skills replace globals of the same name.
fn roots(env: &Env) -> Vec<RootSpec> {
    let mut roots: Vec<RootSpec> = env
        .home_join(".metis/skills")
        .map(|p| RootSpec::one_level(p, Scope::User))
        .into_iter()
        .collect();
    roots.push(RootSpec::one_level(
        env.cwd.join(".metis/skills"),
        Scope::Project,
    ));
    roots
}

/// The loader's own split and `yaml.safe_load`, then the six-field schema; any violation is a
/// `SkillValidationError`, logged and skipped.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err("skipped: Metis requires the file name SKILL.md exactly".to_owned());
    }
    let yaml = split(skill.source.bytes())?;
    let fields = match frontmatter::parse_standalone(&yaml) {
        Yaml::Mapping(fields) => fields,
        Yaml::NotMapping(kind) => {
            return Err(format!(
                "skipped: the frontmatter is a {kind}, not a YAML mapping"
            ));
        }
        Yaml::Invalid(err) => {
            return Err(format!("skipped: invalid YAML: {}", err.reason));
        }
    };
    // PyYAML keeps the last of duplicate keys.
    let get = |key: &str| {
        fields
            .iter()
            .rev()
            .find(|f| f.key == key && f.key_kind == ValueKind::String)
    };
    let name = check_name(get("name"), &skill.dir_name())?;
    let description = check_description(get("description"))?;
    check_optional(get("license"), get("compatibility"), get("allowed-tools"))?;
    check_metadata(get("metadata"))?;
    Ok(Admitted {
        name,
        description: Some(description),
    })
}

/// The frontmatter text: the file must begin with `---\n`; the next line that is `---` closes.
fn split(bytes: &[u8]) -> Result<String, String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| "skipped: SKILL.md is not valid UTF-8".to_owned())?;
    // `Path.read_text()` reads with universal newlines.
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let Some(rest) = text.strip_prefix("---\n") else {
        return Err("skipped: SKILL.md must begin with a --- line".to_owned());
    };
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if line.strip_suffix('\n').unwrap_or(line) == "---" {
            return Ok(rest[..offset].to_owned());
        }
        offset += line.len();
    }
    Err("skipped: the frontmatter has no closing --- line".to_owned())
}

/// 1–64 characters, `^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$`, no `--`, equal to the directory.
fn check_name(field: Option<&Field>, dir: &str) -> Result<String, String> {
    let name = match field.map(|f| &f.value) {
        None | Some(Value::Null) => return Err("skipped: `name` is required".to_owned()),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err("skipped: `name` must be a string".to_owned()),
    };
    let length = name.chars().count();
    if length == 0 || length > MAX_NAME {
        return Err(format!(
            "skipped: `name` must be 1-{MAX_NAME} characters, not {length}"
        ));
    }
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit();
    if !name.chars().all(|c| allowed(c) || c == '-') || name.starts_with('-') || name.ends_with('-')
    {
        return Err(format!(
            "skipped: `name` `{name}` must be lowercase letters, digits and inner hyphens"
        ));
    }
    if name.contains("--") {
        return Err(format!("skipped: `name` `{name}` has consecutive hyphens"));
    }
    if name != dir {
        return Err(format!(
            "skipped: `name` `{name}` does not match the directory name `{dir}`"
        ));
    }
    Ok(name)
}

/// 1–1024 characters and not blank; kept as written.
fn check_description(field: Option<&Field>) -> Result<String, String> {
    let description = match field.map(|f| &f.value) {
        None | Some(Value::Null) => return Err("skipped: `description` is required".to_owned()),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err("skipped: `description` must be a string".to_owned()),
    };
    if description.trim().is_empty() {
        return Err("skipped: `description` is empty".to_owned());
    }
    let length = description.chars().count();
    if length > MAX_DESCRIPTION {
        return Err(format!(
            "skipped: `description` is {length} characters; at most {MAX_DESCRIPTION}"
        ));
    }
    Ok(description)
}

fn present(field: Option<&Field>) -> Option<&Value> {
    field
        .map(|f| &f.value)
        .filter(|v| !matches!(v, Value::Null))
}

fn check_optional(
    license: Option<&Field>,
    compatibility: Option<&Field>,
    allowed_tools: Option<&Field>,
) -> Result<(), String> {
    for (key, field) in [
        ("license", license),
        ("compatibility", compatibility),
        ("allowed-tools", allowed_tools),
    ] {
        if present(field).is_some_and(|v| !matches!(v, Value::String(_))) {
            return Err(format!("skipped: `{key}` must be a string"));
        }
    }
    if let Some(Value::String(text)) = present(compatibility) {
        let length = text.chars().count();
        if length > MAX_COMPATIBILITY {
            return Err(format!(
                "skipped: `compatibility` is {length} characters; at most {MAX_COMPATIBILITY}"
            ));
        }
    }
    Ok(())
}

/// A string-keyed mapping; scalar values are coerced to strings, anything else is rejected.
fn check_metadata(field: Option<&Field>) -> Result<(), String> {
    let Some(value) = present(field) else {
        return Ok(());
    };
    let Value::Mapping(pairs) = value else {
        return Err("skipped: `metadata` must be a mapping".to_owned());
    };
    for (key, value) in pairs {
        if !matches!(key, Value::String(_)) {
            return Err("skipped: `metadata` keys must be strings".to_owned());
        }
        if !matches!(value, Value::String(_) | Value::Number(_) | Value::Bool(_)) {
            return Err(format!(
                "skipped: `metadata` value for `{}` must be a string",
                key.render()
            ));
        }
    }
    Ok(())
}

/// `discovery_index()` rendered: omitted entirely without skills; otherwise the header and one
/// `- {name}: {description}` line per skill, sorted by name, joined with `\n`.
fn render(entries: &[Entry<'_>], _cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let mut sorted: Vec<&Entry<'_>> = entries.iter().collect();
    sorted.sort_by(|a, b| Collation::Bytes.compare(&a.name, &b.name));
    let mut lines: Vec<String> = HEADER.iter().map(|l| (*l).to_owned()).collect();
    lines.extend(
        sorted
            .iter()
            .map(|e| format!("- {}: {}", e.name, e.description())),
    );
    Rendered::complete(lines.join("\n"), sorted.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self, ChangeKind};

    fn skill(dir: &str, text: &str) -> MemorySkill {
        MemorySkill::new(dir, text)
    }

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    #[test]
    fn index_lines_sorted_raw_and_unterminated() {
        let built = build(vec![
            skill("/w/zeta", "---\nname: zeta\ndescription: a & <b>\n---\n"),
            skill(
                "/w/alpha",
                "---\r\nname: alpha\r\ndescription: |\r\n  two\r\n  lines\r\n---\r\n",
            ),
        ]);
        assert_eq!(
            built.text,
            "## Available skills\nUse `skill_search(query)` to filter and `skill_load(name)` to read a body.\n- alpha: two\nlines\n\n- zeta: a & <b>"
        );
        assert_eq!(build(Vec::new()).text, "");
    }

    #[test]
    fn the_split_is_strict_about_the_opening_line_and_exact_about_the_closing_one() {
        assert!(split(b"---\nname: a\n---\nbody").is_ok());
        assert_eq!(split(b"---\nname: a\n---").as_deref(), Ok("name: a\n"));
        assert!(split(b"--- \nname: a\n---\n").is_err());
        assert!(split(b"\xEF\xBB\xBF---\nname: a\n---\n").is_err());
        // `--- ` and `----` do not close; the later `---` does.
        assert_eq!(
            split(b"---\na: b\n----\n--- \n---\nbody").as_deref(),
            Ok("a: b\n----\n--- \n")
        );
        assert!(split(b"---\nname: a\n").is_err());
    }

    #[test]
    fn the_schema_skips_what_it_rejects() {
        let ok = "description: d\n---\n";
        let built = build(vec![
            skill("/w/ok", &format!("---\nname: ok\n{ok}")),
            skill("/w/other", &format!("---\nname: mismatch\n{ok}")),
            skill("/w/a--b", &format!("---\nname: a--b\n{ok}")),
            skill("/w/-a", &format!("---\nname: -a\n{ok}")),
            skill("/w/blank", "---\nname: blank\ndescription: '   '\n---\n"),
            skill(
                "/w/compat",
                &format!(
                    "---\nname: compat\ncompatibility: {}\n{ok}",
                    "x".repeat(501)
                ),
            ),
            skill(
                "/w/meta",
                &format!("---\nname: meta\nmetadata:\n  v: 1.0\n  ok: true\n{ok}"),
            ),
            skill(
                "/w/bad-meta",
                &format!("---\nname: bad-meta\nmetadata:\n  v: [1]\n{ok}"),
            ),
            skill("/w/list", "---\n- a\n---\n"),
        ]);
        assert_eq!(built.listed, 2, "{}", built.text);
        let reasons: Vec<&str> = built.changes.iter().map(|c| c.reason.as_str()).collect();
        assert_eq!(
            reasons,
            [
                "skipped: `name` `mismatch` does not match the directory name `other`",
                "skipped: `name` `a--b` has consecutive hyphens",
                "skipped: `name` `-a` must be lowercase letters, digits and inner hyphens",
                "skipped: `description` is empty",
                "skipped: `compatibility` is 501 characters; at most 500",
                "skipped: `metadata` value for `v` must be a string",
                "skipped: the frontmatter is a sequence, not a YAML mapping",
            ]
        );
    }

    #[test]
    fn the_workspace_overrides_the_global_library() {
        let built = build(vec![
            skill(
                "/h/.metis/skills/s",
                "---\nname: s\ndescription: global\n---\n",
            ),
            skill(
                "/p/.metis/skills/s",
                "---\nname: s\ndescription: workspace\n---\n",
            ),
        ]);
        assert!(built.text.ends_with("\n- s: workspace"));
        assert_eq!(built.changes.len(), 1);
        assert_eq!(built.changes[0].kind, ChangeKind::Shadowed);
    }
}

fn unimplemented_load() -> super::load::Output {
    super::load::Output::tool_error(super::load::Call::with("TODO", "name", ""), "TODO")
}
