//! `mastra`: Mastra's `SkillsProcessor`, which adds the skills of an agent's workspace as two
//! system messages on every step (runtime-formats.md §9), newest form (sorted, `skill` and
//! `skill_read` tools), default `xml` format.

use std::path::Path;

use super::catalog::{Admitted, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec};
use super::load::{Call, LoadInput, Output, Placement, ReadInput, Session};
use super::text::{Collation, Escaping, Unit, js_trim};
use super::{Budget, Confidence, ExtraField, NameCharset, Target};
use crate::frontmatter::{self, Field, FrontmatterState, Value, Yaml};
use crate::paths;
use crate::provider::{ResourceError, check_relative};
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "mastra",
    display: "Mastra",
    rejects_unknown_fields: false,
    extra_fields: &[
        ExtraField {
            key: "allowedTools",
            meaning: "read as `allowed-tools` when that is absent",
        },
        ExtraField {
            key: "user-invocable",
            meaning: "whether users may invoke the skill directly; must be a boolean",
        },
    ],
    metadata_keys: &[],
    name_charset: NameCharset::Ascii,
    description_limit: MAX_DESCRIPTION,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "two system messages added on every step by SkillsProcessor: the `<available_skills>` catalog, then fixed instructions for the `skill` and `skill_read` tools; printed here in that order with one blank line (\\n\\n) standing for the boundary between the two messages",
    roots,
    roots_summary: "only the workspace's configured skills paths; --roots takes the working directory as the workspace and `/skills` as its one skills path (./skills/*/SKILL.md)",
    collision: Collision::LastWins,
    admit,
    broken_skill: "skipped with console.error: YAML that does not parse, or metadata that fails validation on load (validateOnLoad, on by default)",
    fields_read: &[
        "name",
        "description",
        "license",
        "compatibility",
        "metadata",
        "allowed-tools",
        "allowedTools",
        "user-invocable",
    ],
    ordering: "by name with localeCompare; ties keep discovery order",
    escaping: "& < > \" ' (' as &apos;) on name, description, location and source",
    whitespace: "the description exactly as YAML gives it; newlines are kept",
    budget: Budget::NONE,
    render,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::SystemPrompt,
        modes: &[],
        reload: "the same result again: the `skill` tool keeps no state",
    },
    builtins_note: "",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: None,
    decisions: &[
        "The two system messages are printed as one text, message 1 then `\\n\\n` then message 2; the runtime sends them as separate messages with no bytes between them",
        "--roots: the workspace is the working directory and its skills path is `/skills`, so locations read `/skills/<dir>/SKILL.md`; a skill given on the command line shows its path relative to the working directory with a leading `/`, or its full path when it lies outside",
        "<source> is judged from the directory holding the skill, as a workspace path: `external` when it contains `node_modules`, `managed` when it contains `.mastra/skills`, else `local`",
        "Validation follows the newest plain-function validator: name 1-64 UTF-16 units of a-z, 0-9 and single inner hyphens, equal to its directory name; description a non-blank string of at most 2048 UTF-16 units; license a string; metadata a mapping; user-invocable a boolean (older zod releases capped descriptions at 1024 and required string metadata values)",
        "Two skills with one name: the last one found wins, as the discovery code documents; the newest processor resolves skills by path and its instructions mention same-named skills, so newer releases may list both",
        "YAML is typed by the YAML 1.2 core schema; gray-matter's js-yaml also reads timestamps such as 2024-01-01 as dates, which would fail a string check",
        "The `formatLocation` override and the markdown and json formats are not modelled",
        "load follows the `skill` tool of tools.ts @ b87bd13: `# Skill: name`, the instructions, then `## References`, `## Scripts` and `## Assets` lists of paths relative to each folder, a list only when it has files; the newest tools.ts drops the `# Skill:` line, prefixes each path with its folder and answers a name several skills share with a list of their paths",
        "The instructions are the Markdown after the frontmatter, trimmed as JavaScript trims; an unclosed frontmatter leaves none",
        "The folder lists are the bundled files under references/, scripts/ and assets/ in sorted path order (Mastra walks the folders in directory-listing order); .gitignore'd files are left out",
        "An unknown name: `Skill \"x\" not found. Available skills: ...` with the known names in discovery order; Mastra returns it as an ordinary tool result, here it counts as refused",
        "skill_read takes a path relative to the skill directory: one under references/, scripts/ or assets/ is read as given, any other is tried under references/, then scripts/, then assets/, as the tool's fallback does; a file elsewhere in the skill is not found",
        "skill_read returns text for all three folders (b87bd13 returned assets base64-encoded after `[base64 encoded]`, the newest returns text); a binary file or a path that leaves the skill directory is refused with our message",
        "skill_read's range is extractLines: the text split on \\n, the range clamped to it, a start past the end giving empty text",
    ],

    confidence: Confidence::Source,
    reference: "mastra-ai/mastra packages/core/src/processors/processors/skills.ts (newest), packages/core/src/workspace/skills/workspace-skills.ts @ 8925ed9, schemas.ts (plain validators), packages/core/src/workspace/skills/tools.ts @ b87bd13, packages/core/src/workspace/line-utils.ts",
};

/// `SKILL_LIMITS.MAX_DESCRIPTION_LENGTH` in the newest validator (JavaScript `.length`).
const MAX_DESCRIPTION: usize = 2048;
/// `SKILL_LIMITS.MAX_NAME_LENGTH`.
const MAX_NAME: u64 = 64;

/// The second system message, when locations are resolvable (no `formatLocation` override).
const INSTRUCTIONS: &str = "IMPORTANT: Skills are NOT tools. Do not call skill names directly as tool names. To use a skill, call the `skill` tool with the skill name as the \"name\" parameter. If multiple skills share the same name, use the exact location (shown in the location field) instead of the name to disambiguate. The location field identifies a skill for the `skill` and `skill_read` tools; it is not guaranteed to exist on your workspace filesystem, so read skill files with `skill_read` rather than with filesystem tools. When a user asks about a topic covered by an available skill, activate it immediately without asking for permission first.";

fn roots(env: &Env) -> Vec<RootSpec> {
    vec![RootSpec::one_level(env.cwd.join("skills"), Scope::Project)]
}

/// `#discoverSkillsInPath` + `#parseSkillFile`: `<skillsPath>/<dir>/SKILL.md`, read with
/// gray-matter and validated (`validateSkillMetadata`) before it is kept.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err(
            "skipped: Mastra looks for a file named exactly `SKILL.md` and does not see this one"
                .to_owned(),
        );
    }
    if skill.origin.scope != Scope::Custom && skill.dir == skill.origin.root {
        return Err(
            "skipped: Mastra loads the subdirectories of a skills path, not the path itself"
                .to_owned(),
        );
    }
    let fields = gray_matter(skill)?;
    let errors = validate(&fields, &skill.dir_name());
    if !errors.is_empty() {
        return Err(format!(
            "skipped: invalid skill metadata (validated on load): {}",
            errors.join("; ")
        ));
    }
    let text = |key: &str| {
        field(&fields, key)
            .and_then(Field::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    Ok(Admitted {
        name: text("name"),
        description: Some(text("description")),
    })
}

/// The frontmatter as gray-matter returns it: no opening `---` gives no data; an opening `---`
/// without a closing one makes the rest of the file the YAML; invalid YAML throws.
fn gray_matter(skill: &Skill) -> Result<Vec<Field>, String> {
    let yaml = match &skill.document.frontmatter {
        FrontmatterState::Missing { .. } => return Ok(Vec::new()),
        FrontmatterState::Unclosed { open } => {
            let rest = skill.slice(crate::source::Span::new(
                open.end,
                skill.source.bytes().len(),
            ));
            frontmatter::parse_standalone(&rest)
        }
        FrontmatterState::Present(fm) => fm.content.clone(),
    };
    match yaml {
        Yaml::Mapping(fields) => Ok(fields),
        Yaml::NotMapping(_) => Ok(Vec::new()),
        Yaml::Invalid(err) => Err(format!(
            "skipped: the frontmatter does not parse: {}",
            err.reason
        )),
    }
}

/// A top-level field; with duplicate keys the last one wins, as in js-yaml's object building.
fn field<'a>(fields: &'a [Field], key: &str) -> Option<&'a Field> {
    fields
        .iter()
        .rev()
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

/// A directory as a workspace path: `/` + its path under the working directory (the workspace
/// root), or the path as shown when it lies outside.
fn workspace_path(dir: &Path, cx: &Context<'_>) -> String {
    let cwd = &cx.env.cwd;
    let canonical = std::fs::canonicalize(cwd).ok();
    let under = dir
        .strip_prefix(cwd)
        .ok()
        .or_else(|| canonical.as_deref().and_then(|c| dir.strip_prefix(c).ok()));
    match under {
        Some(rel) => format!("/{}", paths::to_slash(rel)),
        None => cx.paths.show(dir),
    }
}

/// `#determineSource(skillsPath)`, on the directory that holds the skill.
fn source_type(skill: &Skill, cx: &Context<'_>) -> &'static str {
    let skills_path = skill
        .dir
        .parent()
        .map(|parent| workspace_path(parent, cx))
        .unwrap_or_default();
    if skills_path.contains("node_modules") {
        "external"
    } else if skills_path.contains(".mastra/skills") {
        "managed"
    } else {
        "local"
    }
}

/// `formatSkillsCatalog(entries, 'xml')` then the instructions message; nothing at all without
/// skills.
fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let mut sorted: Vec<&Entry<'_>> = entries.iter().collect();
    // Array.prototype.sort is stable: equal names keep their order.
    sorted.sort_by(|a, b| Collation::Locale.compare(&a.name, &b.name));
    let esc = |s: &str| Escaping::XmlApos.apply(s);
    let skills: Vec<String> = sorted
        .iter()
        .map(|entry| {
            let location = format!("{}/SKILL.md", workspace_path(&entry.skill.dir, cx));
            format!(
                "  <skill>\n    <name>{}</name>\n    <description>{}</description>\n    <location>{}</location>\n    <source>{}</source>\n  </skill>",
                esc(&entry.name),
                esc(entry.description()),
                esc(&location),
                esc(source_type(entry.skill, cx)),
            )
        })
        .collect();
    let text = format!(
        "<available_skills>\n{}\n</available_skills>\n\n{INSTRUCTIONS}",
        skills.join("\n")
    );
    Rendered::complete(text, sorted.len())
}

/// The folders whose files the `skill` tool lists, with their section titles.
const FOLDERS: [(&str, &str); 3] = [
    ("references", "References"),
    ("scripts", "Scripts"),
    ("assets", "Assets"),
];

/// The `skill` tool: the instructions, then the files of each resource folder.
fn load(input: &LoadInput<'_>) -> Output {
    let call = Call::with("skill", "name", input.name);
    let Some(entry) = input.entry() else {
        let names: Vec<&str> = input.known.iter().map(|e| e.name.as_str()).collect();
        return Output::tool_error(
            call,
            format!(
                "Skill \"{}\" not found. Available skills: {}",
                input.name,
                names.join(", ")
            ),
        );
    };
    let mut text = format!("# Skill: {}\n\n{}", entry.name, instructions(entry.skill));
    let files = input.resources(entry).map(|r| r.files).unwrap_or_default();
    for (folder, title) in FOLDERS {
        let listed: Vec<String> = files
            .iter()
            .filter_map(|f| f.strip_prefix(folder)?.strip_prefix('/'))
            .map(|rel| format!("- {rel}"))
            .collect();
        if !listed.is_empty() {
            text.push_str(&format!("\n\n## {title}\n{}", listed.join("\n")));
        }
    }
    Output::tool(call, text)
}

/// gray-matter's `content`, trimmed: the Markdown after the frontmatter.
fn instructions(skill: &Skill) -> String {
    match &skill.document.frontmatter {
        FrontmatterState::Unclosed { .. } => String::new(),
        _ => js_trim(&skill.body()).to_owned(),
    }
}

/// The `skill_read` tool: a file of the skill's resource folders, or a range of its lines.
fn read(input: &ReadInput<'_>) -> Output {
    let mut arguments = serde_json::json!({ "skillName": input.name, "path": input.path });
    if let Some(lines) = input.lines {
        arguments["startLine"] = lines.start.into();
        if let Some(end) = lines.end {
            arguments["endLine"] = end.into();
        }
    }
    let call = Call {
        tool: "skill_read".to_owned(),
        arguments: arguments.to_string(),
    };
    let Some(entry) = input.entry() else {
        return Output::tool_error(call, format!("Skill \"{}\" not found.", input.name));
    };
    let rel = match check_relative(input.path) {
        Ok(rel) => paths::to_slash(&rel),
        Err(err) => return Output::tool_error(call, err.to_string()),
    };
    let in_folder = FOLDERS
        .iter()
        .any(|(folder, _)| rel.split('/').next() == Some(folder));
    let candidates: Vec<String> = if in_folder {
        vec![rel]
    } else {
        FOLDERS
            .iter()
            .map(|(folder, _)| format!("{folder}/{rel}"))
            .collect()
    };
    for candidate in &candidates {
        match input
            .provider
            .read_resource_of(entry.skill, candidate, None)
        {
            Ok(resource) => {
                let (start, end) = input.lines.map_or((None, None), |l| (Some(l.start), l.end));
                return Output::tool(call, extract_lines(&resource.text, start, end));
            }
            Err(ResourceError::NotFound { .. } | ResourceError::NotAFile { .. }) => {}
            Err(err) => return Output::tool_error(call, err.to_string()),
        }
    }
    let files = input
        .provider
        .resources_of(entry.skill)
        .map(|r| r.files)
        .unwrap_or_default();
    let available: Vec<&str> = FOLDERS
        .iter()
        .flat_map(|(folder, _)| {
            files
                .iter()
                .filter(move |f| f.strip_prefix(folder).is_some_and(|r| r.starts_with('/')))
        })
        .map(String::as_str)
        .collect();
    let list = if available.is_empty() {
        String::new()
    } else {
        format!("\nAvailable files: {}", available.join(", "))
    };
    Output::tool_error(
        call,
        format!(
            "File \"{}\" not found in skill \"{}\".{list}",
            input.path, input.name
        ),
    )
}

/// `extractLines`: lines `start..=end` (1-based) of the text split on `\n`, clamped to it.
fn extract_lines(text: &str, start: Option<usize>, end: Option<usize>) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let total = lines.len();
    let start = start.unwrap_or(1).max(1);
    let end = end.unwrap_or(total).min(total);
    if start > end {
        return String::new();
    }
    lines[start - 1..end].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self, ChangeKind};

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

    #[test]
    fn locale_order_escaping_and_sources() {
        let cat = build(vec![
            skill("/p/skills/b-tool", "b-tool", "Say 'B' & \"b\""),
            skill("/p/.mastra/skills/a-tool", "a-tool", "<a>"),
            skill("/p/node_modules/pkg/skills/c", "c", "C"),
        ]);
        let expected = "<available_skills>\n  <skill>\n    <name>a-tool</name>\n    <description>&lt;a&gt;</description>\n    <location>/.mastra/skills/a-tool/SKILL.md</location>\n    <source>managed</source>\n  </skill>\n  <skill>\n    <name>b-tool</name>\n    <description>Say &apos;B&apos; &amp; &quot;b&quot;</description>\n    <location>/skills/b-tool/SKILL.md</location>\n    <source>local</source>\n  </skill>\n  <skill>\n    <name>c</name>\n    <description>C</description>\n    <location>/node_modules/pkg/skills/c/SKILL.md</location>\n    <source>external</source>\n  </skill>\n</available_skills>\n\n";
        assert_eq!(cat.text, format!("{expected}{INSTRUCTIONS}"));
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
    fn long_names_and_descriptions_count_utf16_units() {
        let name = "a".repeat(65);
        let cat = build(vec![skill(&format!("/p/skills/{name}"), &name, "x")]);
        assert!(cat.changes[0].reason.contains("64 characters or less"));
        // 1024 astral characters are 2048 UTF-16 units: still allowed.
        let ok = "\u{1F600}".repeat(1024);
        let cat = build(vec![skill("/p/skills/e", "e", &ok)]);
        assert_eq!(cat.listed, 1);
        let over = format!("{ok}x");
        let cat = build(vec![skill("/p/skills/e", "e", &over)]);
        assert_eq!(cat.listed, 0);
    }

    #[test]
    fn an_unclosed_frontmatter_is_all_yaml() {
        let cat = build(vec![MemorySkill::new(
            "/p/skills/open",
            "---\nname: open\ndescription: Still read.\n",
        )]);
        assert_eq!(cat.listed, 1);
    }

    #[test]
    fn last_name_wins() {
        let cat = build(vec![
            skill("/p/skills/a", "a", "first"),
            skill("/p/more/a", "a", "second"),
        ]);
        assert!(cat.text.contains("<description>second</description>"));
        assert_eq!(cat.changes[0].kind, ChangeKind::Shadowed);
    }

    fn bundled() -> MemorySkill {
        skill("/p/skills/a", "a", "A")
            .with_file("references/deep/b.md", "B")
            .with_file("assets/logo.svg", "<svg/>")
            .with_file("notes.md", "not in a folder")
            .with_file("scripts/run.sh", "one\ntwo\nthree")
    }

    fn load(skills: Vec<MemorySkill>, name: &str, earlier: usize) -> Output {
        crate::targets::load::testing::load(&TARGET, skills, name, earlier)
    }

    fn read(path: &str, lines: Option<&str>) -> Output {
        crate::targets::load::testing::read(&TARGET, vec![bundled()], "a", path, lines)
    }

    #[test]
    fn folders_are_listed_relative_to_themselves_and_a_reload_is_the_same() {
        let first = load(vec![bundled()], "a", 0);
        assert_eq!(
            first.display(),
            "# Skill: a\n\n# Body\n\n## References\n- deep/b.md\n\n## Scripts\n- run.sh\n\n## Assets\n- logo.svg"
        );
        assert_eq!(load(vec![bundled()], "a", 1), first);
    }

    #[test]
    fn an_unclosed_frontmatter_leaves_no_instructions() {
        let open = MemorySkill::new(
            "/p/skills/open",
            "---\nname: open\ndescription: d\n# Title\n",
        );
        assert_eq!(load(vec![open], "open", 0).display(), "# Skill: open\n\n");
    }

    #[test]
    fn unknown_names_list_the_skills_in_discovery_order() {
        let skills = vec![
            skill("/p/skills/b", "b", "B"),
            skill("/p/skills/a", "a", "A"),
        ];
        let out = load(skills, "c", 0);
        assert!(out.error);
        assert_eq!(
            out.display(),
            "Skill \"c\" not found. Available skills: b, a"
        );
    }

    #[test]
    fn reads_fall_back_through_the_folders_and_clamp_their_ranges() {
        let out = read("run.sh", Some("2:9"));
        assert_eq!(out.display(), "two\nthree");
        assert_eq!(
            out.call.map(|c| c.arguments),
            Some(r#"{"endLine":9,"path":"run.sh","skillName":"a","startLine":2}"#.to_owned())
        );
        assert_eq!(read("scripts/run.sh", Some("7:")).display(), "");
        let elsewhere = read("notes.md", None);
        assert!(elsewhere.error);
        assert_eq!(
            elsewhere.display(),
            "File \"notes.md\" not found in skill \"a\".\nAvailable files: references/deep/b.md, scripts/run.sh, assets/logo.svg"
        );
        let unknown =
            crate::targets::load::testing::read(&TARGET, vec![bundled()], "x", "run.sh", None);
        assert_eq!(unknown.display(), "Skill \"x\" not found.");
    }
}
