//! `mastra`: Mastra's `SkillsProcessor`, which adds the skills of an agent's workspace as two
//! system messages on every step, and the `skill` and `skill_read` tools, as `@mastra/core`
//! 1.71.0 sends them (the catalog in its default `xml` format).

use std::path::{Path, PathBuf};

use super::catalog::{Admitted, Collision, Context, Entry, Rendered, canonical};
use super::env::{Env, RootSpec};
use super::load::{Call, LoadInput, Output, Placement, ReadInput, Session};
use super::text::{Collation, Escaping, Unit, js_trim};
use super::{Budget, Confidence, ExtraField, NameCharset, Target, Verified};
use crate::frontmatter::{self, Field, Value, Yaml};
use crate::paths;
use crate::provider::ResourceError;
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "mastra",
    display: "Mastra",
    rejects_unknown_fields: false,
    extra_fields: &[ExtraField {
        key: "user-invocable",
        meaning: "whether users may invoke the skill directly; must be a boolean",
    }],
    metadata_keys: &[],
    name_charset: NameCharset::Ascii,
    description_limit: MAX_DESCRIPTION,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "two separate system messages added on every step by SkillsProcessor: the `<available_skills>` catalog, then fixed instructions for the `skill` and `skill_read` tools; printed here in that order with one blank line (\\n\\n) standing for the boundary between the two messages",
    roots,
    roots_summary: "only the workspace's configured skills paths, relative to the workspace; --roots takes the working directory as the workspace and `skills` as its one skills path (the documented `skills: ['skills']`), or the paths given with --skills-path; a skills path holds <dir>/SKILL.md or is a skill itself",
    collision: Collision::KeepAll,
    admit,
    broken_skill: "skipped with `Failed to load skill`: front matter gray-matter cannot read (invalid YAML, duplicate keys, an unknown language after the opening ---), or metadata that fails validation (validateOnLoad, on by default)",
    fields_read: &[
        "name",
        "description",
        "license",
        "compatibility",
        "metadata",
        "user-invocable",
    ],
    ordering: "by name with localeCompare; same-named skills keep discovery order (skills paths in order, directories in byte order)",
    escaping: "& < > \" ' (' as &apos;) on name, description, location and source",
    whitespace: "the description exactly as YAML gives it; newlines are kept",
    budget: Budget::NONE,
    render,
    leave_one_out: None,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::SystemMessages,
        modes: &[],
        reload: "the same result again: the `skill` tool keeps no state",
    },
    builtins_note: "",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: Some(Verified {
        client: "Mastra",
        version: "1.71.0",
        captured: "2026-11-24",
        cases: 15,
        recordings: "mastra@1.71.0",
    }),
    decisions: &[
        "The two system messages are printed as one text, message 1 then `\\n\\n` then message 2; the runtime sends them as separate messages with no bytes between them (`skills catalog --format json` and `skills targets mastra` say so)",
        "--roots: the workspace is the working directory; its skills paths are `skills` (the documented form) or the --skills-path values, read as plain relative paths (glob patterns are not expanded); a skill's location is the skills path as written, its folder and `/SKILL.md`. A skill given on the command line shows its path relative to the working directory, or its full path when it lies outside",
        "<source> is judged from the skills path as written: `external` when a segment is `node_modules`, `managed` when it contains `.mastra/skills`, else `local`",
        "The `formatLocation` override, `skill_search` and the markdown and json formats are not modelled",
        "YAML is typed by the YAML 1.2 core schema; gray-matter's js-yaml also reads timestamps such as 2024-01-01 as dates, which fail a string check",
        "The folder lists are the bundled files under references/, scripts/ and assets/ in sorted path order (Mastra walks each folder level in directory-listing order, which on Node is byte order); .gitignore'd files are left out",
        "skill_read reads any file of the skill through our provider: a binary file answers Mastra's `Binary file:` line, a file over our read cap is cut",
    ],

    confidence: Confidence::Source,
    reference: "@mastra/core 1.71.0 (recorded under tests/conformance/mastra@1.71.0): packages/core/src/processors/processors/skills.ts, workspace/skills/workspace-skills.ts, schemas.ts, tools.ts, workspace/line-utils.ts",
};

/// `SKILL_LIMITS.MAX_DESCRIPTION_LENGTH` (JavaScript `.length`).
const MAX_DESCRIPTION: usize = 1024;
/// `SKILL_LIMITS.MAX_NAME_LENGTH`.
const MAX_NAME: u64 = 64;
/// The skills path of the documented setup, `new Workspace({ skills: ['skills'] })`.
const DEFAULT_SKILLS_PATH: &str = "skills";
/// The skill file Mastra looks for in each directory of a skills path.
const SKILL_MD: &str = "SKILL.md";

/// The second system message, when locations are resolvable (no `formatLocation` override).
const INSTRUCTIONS: &str = "IMPORTANT: Skills are NOT tools. Do not call skill names directly as tool names. To use a skill, call the `skill` tool with the skill name as the \"name\" parameter. If multiple skills share the same name, use the exact location (shown in the location field) instead of the name to disambiguate. The location field identifies a skill for the `skill` and `skill_read` tools; it is not guaranteed to exist on your workspace filesystem, so read skill files with `skill_read` rather than with filesystem tools. When a user asks about a topic covered by an available skill, activate it immediately without asking for permission first.";

/// The two system messages of a catalog printed as one text.
pub fn messages(text: &str) -> Vec<&str> {
    match text
        .strip_suffix(INSTRUCTIONS)
        .and_then(|head| head.strip_suffix("\n\n"))
    {
        Some(head) => vec![head, &text[text.len() - INSTRUCTIONS.len()..]],
        None => vec![text],
    }
}

/// The workspace's skills paths as configured: `--skills-path`, else `skills`.
fn skills_paths(env: &Env) -> Vec<&str> {
    if env.skills_paths.is_empty() {
        vec![DEFAULT_SKILLS_PATH]
    } else {
        env.skills_paths.iter().map(String::as_str).collect()
    }
}

/// Each skills path in order: a `SKILL.md` path or a directory holding `SKILL.md` is one skill
/// (`#discoverDirectSkill`); any other directory holds skills one level down.
fn roots(env: &Env) -> Vec<RootSpec> {
    skills_paths(env)
        .into_iter()
        .map(|configured| {
            let path = env.cwd.join(configured);
            if path.join(SKILL_MD).is_file() {
                RootSpec::recursive(path, Scope::Project, Some(1))
            } else {
                RootSpec::one_level(path, Scope::Project)
            }
        })
        .collect()
}

/// `#parseSkillFile`: read with gray-matter and validated (`validateSkillMetadata`) before it
/// is kept.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err(
            "skipped: Mastra looks for a file named exactly `SKILL.md` and does not see this one"
                .to_owned(),
        );
    }
    let matter = gray_matter(skill.source.text(), |y| super::file::yaml(skill, y))
        .map_err(|reason| format!("skipped: Failed to load skill: {reason}"))?;
    let errors = validate(&matter.fields, &skill.dir_name());
    if !errors.is_empty() {
        return Err(format!(
            "skipped: Failed to load skill: Invalid skill metadata: {}",
            errors.join("; ")
        ));
    }
    let text = |key: &str| {
        field(&matter.fields, key)
            .and_then(Field::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    Ok(Admitted {
        name: text("name"),
        description: Some(text("description")),
    })
}

/// What gray-matter makes of a `SKILL.md`: the front matter's top-level fields and the content
/// after it.
#[derive(Debug)]
struct Matter<'a> {
    fields: Vec<Field>,
    content: &'a str,
}

impl<'a> Matter<'a> {
    fn without_data(content: &'a str) -> Self {
        Self {
            fields: Vec::new(),
            content,
        }
    }
}

/// gray-matter 4 with Mastra's options: the BOM dropped; no data unless the text opens with
/// `---` not followed by another `-`; a word after the opening `---` names the language; the
/// block ends at the first `\n---` (else at the end of the text, leaving no content); a block
/// of only blank and comment lines is empty; YAML goes to js-yaml, which throws on errors and
/// duplicate keys. `read` reads YAML text as [`frontmatter::parse_standalone`] does (the
/// skill's own parse answers when the block is its frontmatter).
fn gray_matter(text: &str, read: impl Fn(&str) -> Yaml) -> Result<Matter<'_>, String> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let Some(rest) = text.strip_prefix("---") else {
        return Ok(Matter::without_data(text));
    };
    if rest.starts_with('-') {
        return Ok(Matter::without_data(text));
    }
    // `str.slice(0, str.search(/\r?\n/))`: without a line break, all but the last character.
    let raw_language = match rest.find('\n') {
        Some(at) => rest[..at].strip_suffix('\r').unwrap_or(&rest[..at]),
        None => rest
            .char_indices()
            .last()
            .map_or("", |(last, _)| &rest[..last]),
    };
    let language = js_trim(raw_language);
    let rest = if language.is_empty() {
        rest
    } else {
        engine(language)?;
        &rest[raw_language.len()..]
    };
    let (block, content) = match rest.find("\n---") {
        Some(close) => {
            let after = &rest[close + 4..];
            let after = after.strip_prefix('\r').unwrap_or(after);
            (&rest[..close], after.strip_prefix('\n').unwrap_or(after))
        }
        None => (rest, ""),
    };
    let fields = if only_comments(block) {
        Vec::new()
    } else {
        // js-yaml ends the last line at the end of the text as if a line break followed
        // (a clipped block scalar there keeps one); the YAML parser here does not.
        let yaml = if block.ends_with('\n') {
            block.to_owned()
        } else {
            format!("{block}\n")
        };
        match read(&yaml) {
            Yaml::Mapping(fields) => {
                if let Some(key) = duplicate_key(&fields) {
                    return Err(format!("duplicated mapping key `{key}`"));
                }
                fields
            }
            Yaml::NotMapping(frontmatter::ValueKind::Null) => {
                return Err(
                    "the front matter is empty YAML (null), which Mastra cannot read a name from"
                        .to_owned(),
                );
            }
            Yaml::NotMapping(_) => Vec::new(),
            Yaml::Invalid(err) => return Err(err.reason),
        }
    };
    Ok(Matter { fields, content })
}

/// The gray-matter engine for a language named after the opening `---`: YAML (`yaml`, `yml`
/// in any case) and `json` are read; JavaScript is refused by Mastra; anything else is not
/// registered.
fn engine(language: &str) -> Result<(), String> {
    match language {
        "json" => Ok(()),
        _ if matches!(language.to_lowercase().as_str(), "yaml" | "yml") => Ok(()),
        _ if matches!(language.to_lowercase().as_str(), "js" | "javascript") => {
            Err("JavaScript frontmatter is not supported".to_owned())
        }
        _ => Err(format!(
            "gray-matter engine \"{language}\" is not registered"
        )),
    }
}

/// Whether a block holds only blank lines and `#` comment lines (gray-matter's empty check).
fn only_comments(block: &str) -> bool {
    block.split('\n').all(|line| {
        let line = js_trim(line);
        line.is_empty() || (line.starts_with('#') && line.len() > 1)
    })
}

/// The first key that appears twice in a mapping, at any depth.
fn duplicate_key(fields: &[Field]) -> Option<String> {
    for (i, f) in fields.iter().enumerate() {
        if fields[..i].iter().any(|earlier| earlier.key == f.key) {
            return Some(f.key.clone());
        }
        if let Some(key) = duplicate_key(&f.entries) {
            return Some(key);
        }
    }
    None
}

/// A top-level field (keys are unique: duplicates never get this far).
fn field<'a>(fields: &'a [Field], key: &str) -> Option<&'a Field> {
    fields
        .iter()
        .find(|f| f.key == key && f.key_kind == frontmatter::ValueKind::String)
}

/// JavaScript `typeof` of a YAML value (`undefined` when the key is absent).
fn type_of(value: Option<&Value>) -> &'static str {
    match value {
        None => "undefined",
        Some(Value::String(_)) => "string",
        Some(Value::Number(_)) => "number",
        Some(Value::Bool(_)) => "boolean",
        Some(Value::Tagged(_, inner)) => type_of(Some(inner)),
        Some(Value::Null | Value::Sequence(_) | Value::Mapping(_)) => "object",
    }
}

/// `validateSkillMetadata(metadata, dirName)`: every error, in the validator's order.
fn validate(fields: &[Field], dir_name: &str) -> Vec<String> {
    let value = |key: &str| field(fields, key).map(|f| &f.value);
    let mut errors = Vec::new();

    let name = value("name");
    match name {
        Some(Value::String(name)) if name.is_empty() => {
            errors.push("name: Skill name cannot be empty".to_owned());
        }
        Some(Value::String(name)) => {
            if Unit::Utf16.measure(name) > MAX_NAME {
                errors.push(format!(
                    "name: Skill name must be {MAX_NAME} characters or less"
                ));
            }
            if !name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            {
                errors.push(
                    "name: Skill name must contain only lowercase letters, numbers, and hyphens"
                        .to_owned(),
                );
            }
            if name.starts_with('-') || name.ends_with('-') {
                errors.push("name: Skill name must not start or end with a hyphen".to_owned());
            }
            if name.contains("--") {
                errors.push("name: Skill name must not contain consecutive hyphens".to_owned());
            }
        }
        other => errors.push(format!(
            "name: Expected string, received {}",
            type_of(other)
        )),
    }

    match value("description") {
        Some(Value::String(d)) if d.is_empty() => {
            errors.push("description: Skill description cannot be empty".to_owned());
        }
        Some(Value::String(d)) => {
            if Unit::Utf16.measure(d) > MAX_DESCRIPTION as u64 {
                errors.push(format!(
                    "description: Skill description must be {MAX_DESCRIPTION} characters or less"
                ));
            }
            if js_trim(d).is_empty() {
                errors.push("description: Skill description cannot be only whitespace".to_owned());
            }
        }
        other => errors.push(format!(
            "description: Expected string, received {}",
            type_of(other)
        )),
    }

    match value("license") {
        None | Some(Value::Null | Value::String(_)) => {}
        other => errors.push(format!(
            "license: Expected string, received {}",
            type_of(other)
        )),
    }

    match value("user-invocable") {
        None | Some(Value::Bool(_)) => {}
        other => errors.push(format!(
            "user-invocable: Expected boolean, received {}",
            type_of(other)
        )),
    }

    match value("metadata") {
        None | Some(Value::Null | Value::Mapping(_)) => {}
        Some(Value::Sequence(_)) => {
            errors.push("metadata: Expected object, received array".to_owned());
        }
        other => errors.push(format!(
            "metadata: Expected object, received {}",
            type_of(other)
        )),
    }

    if let Some(Value::String(name)) = name
        && name != dir_name
    {
        errors.push(format!(
            "Skill name \"{name}\" must match directory name \"{dir_name}\""
        ));
    }
    errors
}

/// `joinPath`: the first segment without trailing slashes, the others without leading or
/// trailing ones, empty ones dropped, joined with `/`.
fn join_path(first: &str, rest: &str) -> String {
    let first = first.trim_end_matches('/');
    let rest = rest.trim_matches('/');
    match (first.is_empty(), rest.is_empty()) {
        (_, true) => first.to_owned(),
        (true, false) => rest.to_owned(),
        (false, false) => format!("{first}/{rest}"),
    }
}

/// `dir` below `root`, with or without symlinks resolved on either side.
fn below(dir: &Path, root: &Path) -> Option<PathBuf> {
    let roots = [root.to_path_buf(), canonical(root)];
    let dirs = [dir.to_path_buf(), canonical(dir)];
    dirs.iter()
        .flat_map(|d| roots.iter().map(move |r| (d, r)))
        .find_map(|(d, r)| d.strip_prefix(r).ok().map(Path::to_path_buf))
}

/// Where a skill lives as Mastra names it: the skills path as written and the folders below it
/// (`skill.path`), and that skills path (for the source type).
fn placed(skill: &Skill, env: &Env) -> (String, String) {
    for configured in skills_paths(env) {
        if let Some(rel) = below(&skill.dir, &env.cwd.join(configured)) {
            let path = join_path(configured, &paths::to_slash(&rel));
            return (path, configured.trim_end_matches('/').to_owned());
        }
    }
    // A skill given on the command line: relative to the working directory when below it.
    let shown = |dir: &Path| match below(dir, &env.cwd) {
        Some(rel) => paths::to_slash(&rel),
        None => paths::to_slash(dir),
    };
    let parent = skill.dir.parent().map(shown).unwrap_or_default();
    (shown(&skill.dir), parent)
}

/// `#determineSource(skillsPath)`.
fn source_type(skills_path: &str) -> &'static str {
    let normalized = skills_path.replace('\\', "/");
    if normalized
        .split('/')
        .any(|segment| segment == "node_modules")
    {
        "external"
    } else if normalized.contains("/.mastra/skills") || normalized.starts_with(".mastra/skills") {
        "managed"
    } else {
        "local"
    }
}

/// `SOURCE_PRIORITY`: local before managed before external.
fn priority(source: &str) -> u8 {
    match source {
        "local" => 0,
        "managed" => 1,
        _ => 2,
    }
}

/// A known skill as Mastra holds it.
struct Held<'e, 'a> {
    entry: &'e Entry<'a>,
    /// `skill.path`: the skills path as written and the folders below it.
    path: String,
    source: &'static str,
}

fn held<'e, 'a>(known: &'e [Entry<'a>], env: &Env) -> Vec<Held<'e, 'a>> {
    known.iter().map(|entry| hold(entry, env)).collect()
}

fn hold<'e, 'a>(entry: &'e Entry<'a>, env: &Env) -> Held<'e, 'a> {
    let (path, skills_path) = placed(entry.skill, env);
    Held {
        entry,
        path,
        source: source_type(&skills_path),
    }
}

/// `formatSkillsCatalog(entries, 'xml')` then the instructions message; nothing at all without
/// skills.
fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let mut sorted = held(entries, cx.env);
    // Array.prototype.sort is stable: equal names keep their order.
    sorted.sort_by(|a, b| Collation::Locale.compare(&a.entry.name, &b.entry.name));
    let esc = |s: &str| Escaping::XmlApos.apply(s);
    let skills: Vec<String> = sorted
        .iter()
        .map(|skill| {
            format!(
                "  <skill>\n    <name>{}</name>\n    <description>{}</description>\n    <location>{}</location>\n    <source>{}</source>\n  </skill>",
                esc(&skill.entry.name),
                esc(skill.entry.description()),
                esc(&format!("{}/{SKILL_MD}", skill.path)),
                esc(skill.source),
            )
        })
        .collect();
    let text = format!(
        "<available_skills>\n{}\n</available_skills>\n\n{INSTRUCTIONS}",
        skills.join("\n")
    );
    Rendered::complete(text, sorted.len())
}

/// What `skills.get(identifier)` gives the tools.
enum Resolved<'e, 'a> {
    Found(&'e Entry<'a>, String),
    /// No skill by that name or path: `Skill "x" not found. Available skills: …`.
    NotFound(String),
    /// Several skills of one source type share the name: the error the registry throws.
    Ambiguous(String),
}

/// `#resolveByName` (one candidate, else the best source type, else an error), then
/// `#resolveByPath` (the path with or without `/SKILL.md`).
fn resolve<'e, 'a>(identifier: &str, known: &'e [Entry<'a>], env: &Env) -> Resolved<'e, 'a> {
    // The skills of that name, placed; the others only when none has it (placing a skill
    // resolves its folders, which a load of one skill should not do for every other).
    let mut named: Vec<Held<'e, 'a>> = known
        .iter()
        .filter(|e| e.name == identifier)
        .map(|e| hold(e, env))
        .collect();
    if named.len() > 1 {
        named.sort_by(|a, b| {
            priority(a.source)
                .cmp(&priority(b.source))
                .then_with(|| Collation::Locale.compare(&a.path, &b.path))
        });
        let (winner, runner_up) = (&named[0], &named[1]);
        if winner.source == runner_up.source {
            let paths: Vec<String> = named
                .iter()
                .filter(|h| h.source == winner.source)
                .map(|h| format!("\"{}\"", h.path))
                .collect();
            return Resolved::Ambiguous(format!(
                "[WorkspaceSkills] Cannot resolve skill \"{}\": multiple {} skills found at {}. Rename one or move it to a different source type.",
                winner.entry.name,
                winner.source,
                paths.join(", ")
            ));
        }
    }
    if let Some(winner) = named.into_iter().next() {
        return Resolved::Found(winner.entry, winner.path);
    }
    let all = held(known, env);
    let as_path = identifier
        .strip_suffix(&format!("/{SKILL_MD}"))
        .unwrap_or(identifier);
    if let Some(h) = all.iter().find(|h| h.path == as_path) {
        return Resolved::Found(h.entry, h.path.clone());
    }
    // `list()`: grouped by name in the order names were first found.
    let mut names: Vec<&str> = Vec::new();
    for h in &all {
        if !names.contains(&h.entry.name.as_str()) {
            names.push(&h.entry.name);
        }
    }
    let listed: Vec<String> = names
        .iter()
        .flat_map(|name| {
            all.iter()
                .filter(move |h| h.entry.name == *name)
                .map(|h| format!("{} ({})", h.entry.name, h.path))
        })
        .collect();
    Resolved::NotFound(format!(
        "Skill \"{identifier}\" not found. Available skills: {}",
        listed.join(", ")
    ))
}

/// A thrown error as the model receives it.
fn thrown(call: Call, message: &str) -> Output {
    Output::tool_error(call, message.to_owned())
}

/// The folders whose files the `skill` tool lists, with their section titles.
const FOLDERS: [(&str, &str); 3] = [
    ("references", "References"),
    ("scripts", "Scripts"),
    ("assets", "Assets"),
];

/// The files of a skill's resource folders, each with its folder (`references/forms.md`).
fn folder_files(input_files: &[String]) -> Vec<(&'static str, Vec<&str>)> {
    FOLDERS
        .iter()
        .map(|(folder, title)| {
            let listed: Vec<&str> = input_files
                .iter()
                .filter(|f| {
                    f.strip_prefix(folder)
                        .is_some_and(|rest| rest.starts_with('/'))
                })
                .map(String::as_str)
                .collect();
            (*title, listed)
        })
        .collect()
}

/// The `skill` tool (`formatSkillActivation`): the instructions, then the files of each
/// resource folder.
fn load(input: &LoadInput<'_>) -> Output {
    let call = Call::with("skill", "name", input.name);
    let entry = match resolve(input.name, input.known, input.cx.env) {
        Resolved::Found(entry, _) => entry,
        Resolved::NotFound(text) => return Output::tool_error(call, text),
        Resolved::Ambiguous(message) => return thrown(call, &message),
    };
    let instructions = gray_matter(entry.skill.source.text(), |y| {
        super::file::yaml(entry.skill, y)
    })
    .map(|m| js_trim(m.content).to_owned())
    .unwrap_or_default();
    let files = input
        .provider
        .resources_of(entry.skill)
        .map(|r| r.files)
        .unwrap_or_default();
    let mut text = instructions;
    for (title, listed) in folder_files(&files) {
        if !listed.is_empty() {
            let lines: Vec<String> = listed.iter().map(|f| format!("- {f}")).collect();
            text.push_str(&format!("\n\n## {title}\n{}", lines.join("\n")));
        }
    }
    Output::tool(call, text)
}

/// The `skill_read` tool: any file of the skill by its path relative to the skill root, or a
/// range of its lines.
fn read(input: &ReadInput<'_>) -> Output {
    let mut args: Vec<(&str, serde_json::Value)> = vec![
        ("skillName", input.name.into()),
        ("path", input.path.into()),
    ];
    if let Some(lines) = input.lines {
        args.push(("startLine", lines.start.into()));
        if let Some(end) = lines.end {
            args.push(("endLine", end.into()));
        }
    }
    let call = Call::with_args("skill_read", &args);
    let (entry, skill_path) = match resolve(input.name, input.known, input.cx.env) {
        Resolved::Found(entry, path) => (entry, path),
        Resolved::NotFound(text) => return Output::tool_error(call, text),
        Resolved::Ambiguous(message) => return thrown(call, &message),
    };
    // `#assertRelativePath`: no leading `/`, no `..` segment.
    let normalized = input.path.replace('\\', "/");
    let segments: Vec<&str> = normalized
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect();
    if normalized.starts_with('/') || segments.contains(&"..") {
        return thrown(call, &format!("Invalid asset path: {}", input.path));
    }
    let rel = segments.join("/");
    let not_found = || {
        let files = input
            .provider
            .resources_of(entry.skill)
            .map(|r| r.files)
            .unwrap_or_default();
        let all: Vec<&str> = folder_files(&files)
            .into_iter()
            .flat_map(|(_, listed)| listed)
            .collect();
        let list = if all.is_empty() {
            String::new()
        } else {
            format!("\nAvailable files: {}", all.join(", "))
        };
        Output::tool_error(
            call.clone(),
            format!(
                "File \"{}\" not found in skill \"{}\".{list}",
                input.path, input.name
            ),
        )
    };
    if rel.is_empty() {
        return not_found();
    }
    let resource = match input.provider.read_resource_of(entry.skill, &rel, None) {
        Ok(resource) if !resource.lossy => resource,
        Ok(_) | Err(ResourceError::Binary { .. }) => {
            let size = std::fs::metadata(entry.skill.dir.join(&rel)).map(|m| m.len());
            return match size {
                Ok(size) => Output::tool(
                    call,
                    format!("Binary file: {skill_path}/{} ({size} bytes)", input.path),
                ),
                Err(_) => Output::tool_error(call, format!("`{rel}` is a binary file")),
            };
        }
        Err(ResourceError::NotFound { .. } | ResourceError::NotAFile { .. }) => {
            return not_found();
        }
        Err(err) => return Output::tool_error(call, err.to_string()),
    };
    let (start, end) = input.lines.map_or((None, None), |l| (Some(l.start), l.end));
    Output::tool(call, extract(&resource.text, input.path, start, end))
}

/// `extractLines` and what `skill_read` makes of it: the whole text; a range under a
/// `path (lines A-B of N)` header; an empty range as a sentence.
fn extract(text: &str, path: &str, start_line: Option<usize>, end_line: Option<usize>) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let total = lines.len();
    let start = start_line.unwrap_or(1).max(1);
    let end = end_line.unwrap_or(total).min(total);
    let show = |n: Option<usize>| n.map_or_else(|| "undefined".to_owned(), |n| n.to_string());
    if start > end {
        let reason = if start_line.unwrap_or(1) > total {
            format!(
                "Requested startLine {} is past the end of the file. The file has been fully read; stop paginating.",
                show(start_line)
            )
        } else {
            format!(
                "Requested range {}-{} is empty because startLine is greater than endLine.",
                show(start_line),
                show(end_line)
            )
        };
        return format!("File \"{path}\" has {total} lines (valid range 1-{total}). {reason}");
    }
    let content = lines[start - 1..end].join("\n");
    if start_line.is_some() || end_line.is_some() {
        format!("{path} (lines {start}-{end} of {total})\n{content}")
    } else {
        content
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self, ChangeKind};

    fn gray_matter_alone(text: &str) -> Result<Matter<'_>, String> {
        gray_matter(text, frontmatter::parse_standalone)
    }

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    fn skill(dir: &str, name: &str, description: &str) -> MemorySkill {
        MemorySkill::new(
            dir,
            format!("---\nname: {name}\ndescription: {description}\n---\n# Body\n"),
        )
        .in_scope(Scope::Project, 0)
    }

    fn env_with(paths: &[&str]) -> Env {
        catalog::testing::env().with_skills_paths(paths.iter().map(|p| (*p).to_owned()).collect())
    }

    #[test]
    fn locale_order_escaping_relative_locations_and_sources() {
        let env = env_with(&["skills", ".mastra/skills", "node_modules/pkg/skills"]);
        let cat = catalog::testing::catalog_in(
            &TARGET,
            vec![
                skill("/p/skills/b-tool", "b-tool", "Say 'B' & \"b\""),
                skill("/p/.mastra/skills/a-tool", "a-tool", "<a>"),
                skill("/p/node_modules/pkg/skills/c", "c", "C"),
            ],
            &env,
            None,
        );
        let expected = "<available_skills>\n  <skill>\n    <name>a-tool</name>\n    <description>&lt;a&gt;</description>\n    <location>.mastra/skills/a-tool/SKILL.md</location>\n    <source>managed</source>\n  </skill>\n  <skill>\n    <name>b-tool</name>\n    <description>Say &apos;B&apos; &amp; &quot;b&quot;</description>\n    <location>skills/b-tool/SKILL.md</location>\n    <source>local</source>\n  </skill>\n  <skill>\n    <name>c</name>\n    <description>C</description>\n    <location>node_modules/pkg/skills/c/SKILL.md</location>\n    <source>external</source>\n  </skill>\n</available_skills>\n\n";
        assert_eq!(cat.text, format!("{expected}{INSTRUCTIONS}"));
    }

    #[test]
    fn skills_outside_the_configured_paths_show_where_they_are() {
        let cat = build(vec![
            skill("/p/other/a", "a", "A"),
            skill("/elsewhere/b", "b", "B"),
        ]);
        assert!(cat.text.contains("<location>other/a/SKILL.md</location>"));
        assert!(
            cat.text
                .contains("<location>/elsewhere/b/SKILL.md</location>")
        );
    }

    #[test]
    fn nothing_without_skills() {
        assert_eq!(build(Vec::new()).text, "");
    }

    #[test]
    fn validation_on_load() {
        let cat = build(vec![
            skill("/p/skills/Bad", "Bad", "x"),
            skill("/p/skills/other", "mismatch", "x"),
            skill("/p/skills/blank", "blank", "\"  \""),
            MemorySkill::new(
                "/p/skills/meta",
                "---\nname: meta\ndescription: x\nmetadata: [a]\nlicense: 2\n---\n",
            ),
            MemorySkill::new("/p/skills/none", "no frontmatter\n"),
            skill("/p/skills/ok", "ok", "fine"),
        ]);
        assert_eq!(cat.listed, 1);
        let reasons: Vec<&str> = cat.changes.iter().map(|c| c.reason.as_str()).collect();
        assert!(reasons[0].contains("only lowercase letters"));
        assert!(reasons[1].contains("must match directory name \"other\""));
        assert!(reasons[2].contains("cannot be only whitespace"));
        assert!(reasons[3].contains("license: Expected string, received number"));
        assert!(reasons[3].contains("metadata: Expected object, received array"));
        assert!(reasons[4].contains("name: Expected string, received undefined"));
        assert!(cat.changes.iter().all(|c| c.kind == ChangeKind::Skipped));
    }

    #[test]
    fn descriptions_over_1024_utf16_units_are_dropped() {
        // 512 astral characters are 1024 UTF-16 units: still allowed.
        let ok = "\u{1F600}".repeat(512);
        assert_eq!(build(vec![skill("/p/skills/e", "e", &ok)]).listed, 1);
        let over = format!("{ok}x");
        let cat = build(vec![skill("/p/skills/e", "e", &over)]);
        assert_eq!(cat.listed, 0);
        assert!(cat.changes[0].reason.contains("1024 characters or less"));
        let name = "a".repeat(65);
        let cat = build(vec![skill(&format!("/p/skills/{name}"), &name, "x")]);
        assert!(cat.changes[0].reason.contains("64 characters or less"));
    }

    #[test]
    fn gray_matter_reads_the_block_as_gray_matter_does() {
        // No closing line: everything is YAML and there is no content.
        let open =
            gray_matter_alone("---\nname: open\ndescription: Still read.\n# Title\n").unwrap();
        assert_eq!(open.fields.len(), 2);
        assert_eq!(open.content, "");
        // The line break before the closing `---` is not part of the YAML: `|+` keeps one.
        let keep = gray_matter_alone("---\nd: |+\n  Keep.\n\n---\nBody").unwrap();
        assert_eq!(keep.fields[0].as_str(), Some("Keep.\n"));
        assert_eq!(keep.content, "Body");
        // A clipped block scalar on the last line keeps its line break, as in js-yaml.
        let clip = gray_matter_alone("---\nd: |\n  Clip.\n---\n").unwrap();
        assert_eq!(clip.fields[0].as_str(), Some("Clip.\n"));
        // A lone CR never ends the language line, so the whole rest names a language.
        let lone_cr = gray_matter_alone("---\rname: x\r---\r").unwrap_err();
        assert!(lone_cr.starts_with("gray-matter engine \""));
        assert_eq!(
            gray_matter_alone("---js\nname: x\n---\n").unwrap_err(),
            "JavaScript frontmatter is not supported"
        );
        assert_eq!(
            gray_matter_alone("---YAML\nname: x\n---\n")
                .unwrap()
                .fields
                .len(),
            1
        );
        // `----` is not a delimiter; a BOM is dropped.
        assert!(
            gray_matter_alone("----\nname: x\n----\n")
                .unwrap()
                .fields
                .is_empty()
        );
        assert_eq!(
            gray_matter_alone("\u{FEFF}---\nname: x\n---\nB")
                .unwrap()
                .content,
            "B"
        );
        // Duplicate keys throw; comments alone are no data.
        assert!(
            gray_matter_alone("---\nd: 1\nd: 2\n---\n")
                .unwrap_err()
                .contains("duplicated")
        );
        assert!(
            gray_matter_alone("---\n# only a comment\n---\n")
                .unwrap()
                .fields
                .is_empty()
        );
        // CRLF: one `\r` and one `\n` are taken off the content.
        assert_eq!(
            gray_matter_alone("---\r\nn: 1\r\n---\r\n\r\nB")
                .unwrap()
                .content,
            "\r\nB"
        );
    }

    #[test]
    fn same_named_skills_are_all_listed_in_discovery_order() {
        let env = env_with(&["skills", "more"]);
        let cat = catalog::testing::catalog_in(
            &TARGET,
            vec![
                skill("/p/skills/a", "a", "first"),
                skill("/p/more/a", "a", "second"),
            ],
            &env,
            None,
        );
        let first = cat.text.find("first").unwrap();
        let second = cat.text.find("second").unwrap();
        assert!(first < second);
        assert!(cat.changes.is_empty());
    }

    fn bundled() -> MemorySkill {
        skill("/p/skills/a", "a", "A")
            .with_file("references/deep/b.md", "B")
            .with_file("assets/logo.svg", "<svg/>")
            .with_file("notes.md", "not in a folder")
            .with_file("scripts/run.sh", "one\ntwo\nthree")
    }

    fn load_in(skills: Vec<MemorySkill>, env: Env, name: &str) -> Output {
        crate::targets::load::testing::Machine::with_env(skills, env).load(&TARGET, name, 0, None)
    }

    fn load(skills: Vec<MemorySkill>, name: &str) -> Output {
        load_in(skills, catalog::testing::env(), name)
    }

    fn read(path: &str, lines: Option<&str>) -> Output {
        crate::targets::load::testing::read(&TARGET, vec![bundled()], "a", path, lines)
    }

    #[test]
    fn folders_are_listed_with_their_folder_and_a_reload_is_the_same() {
        let first = load(vec![bundled()], "a");
        assert_eq!(
            first.display(),
            "# Body\n\n## References\n- references/deep/b.md\n\n## Scripts\n- scripts/run.sh\n\n## Assets\n- assets/logo.svg"
        );
        let again = crate::targets::load::testing::load(&TARGET, vec![bundled()], "a", 1);
        assert_eq!(again, first);
    }

    #[test]
    fn an_unclosed_frontmatter_leaves_no_instructions() {
        let open = MemorySkill::new(
            "/p/skills/open",
            "---\nname: open\ndescription: d\n# Title\n",
        );
        assert_eq!(load(vec![open], "open").display(), "");
    }

    #[test]
    fn unknown_names_list_every_skill_with_its_path() {
        let skills = vec![
            skill("/p/skills/b", "b", "B"),
            skill("/p/skills/a", "a", "A"),
        ];
        let out = load(skills, "c");
        assert!(out.error);
        assert_eq!(
            out.display(),
            "Skill \"c\" not found. Available skills: b (skills/b), a (skills/a)"
        );
    }

    #[test]
    fn loads_prefer_local_then_managed_then_external_and_refuse_a_tie() {
        let env = env_with(&["node_modules/x/skills", ".mastra/skills", "skills", "more"]);
        let copies = || {
            vec![
                skill("/p/node_modules/x/skills/d", "d", "external"),
                skill("/p/.mastra/skills/d", "d", "managed"),
                skill("/p/node_modules/x/skills/e", "e", "external"),
                skill("/p/.mastra/skills/e", "e", "managed"),
                skill("/p/skills/d", "d", "local"),
                skill("/p/skills/t", "t", "one"),
                skill("/p/more/t", "t", "two"),
            ]
        };
        let d = load_in(copies(), env.clone(), "d");
        assert!(!d.error);
        let e = load_in(copies(), env.clone(), "e");
        assert!(!e.error);
        let tie = load_in(copies(), env.clone(), "t");
        assert!(tie.error);
        assert_eq!(
            tie.display(),
            "[WorkspaceSkills] Cannot resolve skill \"t\": multiple local skills found at \"more/t\", \"skills/t\". Rename one or move it to a different source type."
        );
        // A path picks one copy.
        let by_path = load_in(copies(), env, "more/t/SKILL.md");
        assert!(!by_path.error);
    }

    #[test]
    fn reads_take_any_file_by_its_path_and_range() {
        assert_eq!(read("notes.md", None).display(), "not in a folder");
        let out = read("scripts/run.sh", Some("2:9"));
        assert_eq!(out.display(), "scripts/run.sh (lines 2-3 of 3)\ntwo\nthree");
        assert_eq!(
            out.call.map(|c| c.arguments),
            Some(
                r#"{"skillName":"a","path":"scripts/run.sh","startLine":2,"endLine":9}"#.to_owned()
            )
        );
        assert_eq!(
            read("scripts/run.sh", Some("7:")).display(),
            "File \"scripts/run.sh\" has 3 lines (valid range 1-3). Requested startLine 7 is past the end of the file. The file has been fully read; stop paginating."
        );
        assert_eq!(
            extract("a\nb\nc", "f", Some(3), Some(2)),
            "File \"f\" has 3 lines (valid range 1-3). Requested range 3-2 is empty because startLine is greater than endLine."
        );
        let missing = read("run.sh", None);
        assert!(missing.error);
        assert_eq!(
            missing.display(),
            "File \"run.sh\" not found in skill \"a\".\nAvailable files: references/deep/b.md, scripts/run.sh, assets/logo.svg"
        );
        assert_eq!(read("../x", None).display(), "Invalid asset path: ../x");
        let unknown =
            crate::targets::load::testing::read(&TARGET, vec![bundled()], "x", "run.sh", None);
        assert_eq!(
            unknown.display(),
            "Skill \"x\" not found. Available skills: a (skills/a)"
        );
    }
}
