//! `agentskills`: the open standard as its reference implementation (skills-ref 0.1.1) enforces
//! it, and its `agentskills to-prompt DIR…` catalog, byte for byte.

use std::path::PathBuf;

use super::catalog::{Admitted, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec};
use super::load::{Call, LoadInput, Output, Placement, ReadInput, Session};
use super::text::Escaping;
use super::{Budget, Confidence, NameCharset, Target, file};
use crate::frontmatter::{Field, Value, Yaml};
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
    leave_one_out: None,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::SystemPrompt,
        modes: &[],
        reload: "the same result again (the guide keeps no session state)",
    },
    builtins_note: "",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: None,
    decisions: &[
        "--roots uses the client guide's recommended roots; to-prompt itself has none",
        "load follows the client guide's suggested `<skill_content>` result for an `activate_skill` tool with a `name` argument; the tool name is ours",
        "without bundled files the `<skill_resources>` block is left out",
        "an unknown name returns `Skill \"x\" not found. Available skills: a, b` (our wording)",
        "a file read returns the file's text as a read tool would (`read_file` with `path`), with the provider's guards and their messages",
    ],

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
    let text = file::utf8(skill)
        .ok_or_else(|| "skipped: the file is not valid UTF-8 (the reference crashes)".to_owned())?;
    let text = file::universal_newlines_of(skill, text);
    let Some(rest) = text.strip_prefix("---") else {
        return Err("skipped: SKILL.md must start with YAML frontmatter (---)".to_owned());
    };
    let Some((yaml, _body)) = rest.split_once("---") else {
        return Err("skipped: SKILL.md frontmatter not properly closed with ---".to_owned());
    };
    let fields = match file::yaml(skill, yaml) {
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
    if s029_strict_yaml_construct::refuses(skill, yaml) {
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
    // One string, sized for the whole catalog up front: a catalog of thousands of skills is
    // megabytes, and growing it by doubling would copy it as many times.
    let room: usize = entries
        .iter()
        .map(|e| e.name.len() + e.description().len() + e.skill.skill_md.as_os_str().len() + 128)
        .sum();
    let mut out = String::with_capacity(room + 64);
    out.push_str("<available_skills>\n");
    for entry in entries {
        let dir = super::catalog::canonical(&entry.skill.dir);
        let file: PathBuf = dir.join(entry.skill.skill_md.file_name().unwrap_or_default());
        out.push_str("<skill>\n<name>\n");
        Escaping::PythonHtml.push(&entry.name, &mut out);
        out.push_str("\n</name>\n<description>\n");
        Escaping::PythonHtml.push(entry.description(), &mut out);
        out.push_str("\n</description>\n<location>\n");
        out.push_str(&cx.paths.show(&file));
        out.push_str("\n</location>\n</skill>\n");
    }
    out.push_str("</available_skills>\n");
    Rendered::complete(out, entries.len())
}

/// The client guide's suggested activation result: the body (after the frontmatter, stripped, as
/// the reference parser gives it), the skill directory and its bundled files.
fn load(input: &LoadInput<'_>) -> Output {
    let call = Call::with("activate_skill", "name", input.name);
    let Some(entry) = input.entry() else {
        return Output::tool_error(
            call,
            format!(
                "Skill \"{}\" not found. Available skills: {}",
                input.name,
                input.available().join(", ")
            ),
        );
    };
    let dir = input.cx.paths.show_canonical(&entry.skill.dir);
    let mut text = format!(
        "<skill_content name=\"{}\">\n{}\n\nSkill directory: {dir}\nRelative paths in this skill are relative to the skill directory.\n",
        Escaping::PythonHtml.apply(&entry.name),
        reference_body(entry)
    );
    let files = input.resources(entry).map(|r| r.files).unwrap_or_default();
    if !files.is_empty() {
        text.push_str("\n<skill_resources>\n");
        for file in files {
            text.push_str(&format!("  <file>{file}</file>\n"));
        }
        text.push_str("</skill_resources>\n");
    }
    text.push_str("</skill_content>");
    Output::tool(call, text)
}

/// The body as skills-ref's parser returns it: everything after the second `---` substring,
/// stripped.
fn reference_body(entry: &Entry<'_>) -> String {
    let text = String::from_utf8_lossy(entry.skill.source.bytes()).replace("\r\n", "\n");
    let body = text
        .strip_prefix("---")
        .and_then(|rest| rest.split_once("---"))
        .map_or("", |(_, body)| body);
    body.trim().to_owned()
}

/// A plain file read through the provider's guards.
fn read(input: &ReadInput<'_>) -> Output {
    let call = Call::with("read_file", "path", input.path);
    let Some(entry) = input.entry() else {
        return Output::tool_error(
            call,
            format!(
                "Skill \"{}\" not found. Available skills: {}",
                input.name,
                input.available().join(", ")
            ),
        );
    };
    match input
        .provider
        .read_resource_of(entry.skill, input.path, input.lines)
    {
        Ok(resource) => {
            let mut text = resource.text.clone();
            if let Some(notice) = resource.truncation_notice() {
                text.push('\n');
                text.push_str(&notice);
            }
            Output::tool(call, text)
        }
        Err(err) => Output::tool_error(call, format!("Error: {err}")),
    }
}
