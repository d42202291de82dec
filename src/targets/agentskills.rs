//! `agentskills`: the open standard as its reference implementation (skills-ref 0.1.1) enforces
//! it, and its `agentskills to-prompt DIR…` catalog, byte for byte.

use std::path::PathBuf;

use super::catalog::{Admitted, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec};
use super::text::Escaping;
use super::{Budget, Confidence, NameCharset, Target};
use crate::frontmatter::{self, Field, Value, Yaml};
use crate::rules::standard::s029_strict_yaml_construct;
use crate::skill::{Scope, Skill};

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

    placement: "stdout of `agentskills to-prompt DIR…`; the standard suggests the system prompt or an activation tool's description",
    roots,
    roots_summary: "none of its own (the skill directories given); --roots uses the guide's recommendation: project .agents/skills, then ~/.agents/skills",
    collision: Collision::KeepAll,
    admit,
    broken_skill: "the whole command fails (exit 1, no output); here the skill is left out and reported",
    fields_read: &["name", "description"],
    ordering: "the order of the arguments; a directory of skills lists them in path order",
    escaping: "Python html.escape on name and description (& < > \" ', ' as &#x27;); the location is raw",
    whitespace: "name and description are stripped; inner newlines are kept",
    budget: Budget::NONE,
    render,
    builtins: "",
    decisions: &["--roots uses the client guide's recommended roots; to-prompt itself has none"],

    confidence: Confidence::Source,
    reference: "agentskills/agentskills skills-ref/src/skills_ref/prompt.py, parser.py, cli.py @ 69ef37e; PyPI skills-ref 0.1.1",
};

fn roots(env: &Env) -> Vec<RootSpec> {
    let mut roots = vec![RootSpec::recursive(
        env.cwd.join(".agents/skills"),
        Scope::Project,
        Some(6),
    )];
    roots.extend(
        env.home_join(".agents/skills")
            .map(|p| RootSpec::recursive(p, Scope::User, Some(6))),
    );
    roots
}

/// `read_properties`: the file as Python reads it (UTF-8, universal newlines), split on the first
/// two `---` *substrings*, the middle read with StrictYAML, `name` and `description` required.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    let text = std::str::from_utf8(skill.source.bytes())
        .map_err(|_| "skipped: the file is not valid UTF-8 (the reference crashes)".to_owned())?;
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let Some(rest) = text.strip_prefix("---") else {
        return Err("skipped: SKILL.md must start with YAML frontmatter (---)".to_owned());
    };
    let Some((yaml, _body)) = rest.split_once("---") else {
        return Err("skipped: SKILL.md frontmatter not properly closed with ---".to_owned());
    };
    let fields = match frontmatter::parse_standalone(yaml) {
        Yaml::Mapping(fields) => fields,
        Yaml::NotMapping(_) => {
            return Err("skipped: SKILL.md frontmatter must be a YAML mapping".to_owned());
        }
        Yaml::Invalid(err) => {
            return Err(format!(
                "skipped: invalid YAML in frontmatter: {}",
                err.reason
            ));
        }
    };
    if s029_strict_yaml_construct::refuses(yaml) {
        return Err(
            "skipped: invalid YAML in frontmatter: StrictYAML refuses flow style, anchors and tags"
                .to_owned(),
        );
    }
    let field = |key: &str| -> Result<String, String> {
        let found: Vec<&Field> = fields.iter().filter(|f| f.key == key).collect();
        match found.as_slice() {
            [] => Err(format!(
                "skipped: missing required field in frontmatter: {key}"
            )),
            [one] => match scalar_text(one, yaml) {
                Some(value) if !value.trim().is_empty() => Ok(value.trim().to_owned()),
                _ => Err(format!("skipped: field '{key}' must be a non-empty string")),
            },
            _ => Err(format!(
                "skipped: invalid YAML in frontmatter: duplicate key `{key}`"
            )),
        }
    };
    Ok(Admitted {
        name: field("name")?,
        description: Some(field("description")?),
    })
}

/// A scalar as StrictYAML returns it: every scalar is a string, written as in the file.
fn scalar_text(field: &Field, yaml: &str) -> Option<String> {
    match &field.value {
        Value::String(s) => Some(s.clone()),
        Value::Null | Value::Bool(_) | Value::Number(_) => yaml
            .get(field.value_span.start..field.value_span.end)
            .map(str::to_owned),
        _ => None,
    }
}

/// `to_prompt` plus the newline `click.echo` adds.
fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    let mut lines = vec!["<available_skills>".to_owned()];
    for entry in entries {
        let dir =
            std::fs::canonicalize(&entry.skill.dir).unwrap_or_else(|_| entry.skill.dir.clone());
        let file: PathBuf = dir.join(entry.skill.skill_md.file_name().unwrap_or_default());
        lines.extend([
            "<skill>".to_owned(),
            "<name>".to_owned(),
            Escaping::PythonHtml.apply(&entry.name),
            "</name>".to_owned(),
            "<description>".to_owned(),
            Escaping::PythonHtml.apply(entry.description()),
            "</description>".to_owned(),
            "<location>".to_owned(),
            cx.paths.show(&file),
            "</location>".to_owned(),
            "</skill>".to_owned(),
        ]);
    }
    lines.push("</available_skills>".to_owned());
    Rendered::complete(lines.join("\n") + "\n", entries.len())
}
