//! `gemini-cli`: Gemini CLI (`google-gemini/gemini-cli`), the modern-model system prompt. The
//! catalog is the `# Available Agent Skills` section `renderAgentSkills` writes, `.trim()`med, in
//! the insertion order of the skill manager's `Map` (runtime-formats.md §5).

use std::path::PathBuf;

use super::catalog::{Admitted, Collision, Context, Entry, Rendered};
use super::env::Order;
use super::env::{Env, RootSpec, is_hidden_below};
use super::load::{Call, LoadInput, Output, Placement, ReadInput, Session};
use super::text::{self, Collation, Unit, is_js_space, js_trim};
use super::{Budget, Builtin, Confidence, Install, Model, NameCharset, Target, Verified};
use crate::frontmatter::{Field, Value, ValueKind, Yaml};
use crate::paths;
use crate::provider::{LineRange, Resource, ResourceError};
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "gemini-cli",
    display: "Gemini CLI",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[],
    // Gemini CLI rewrites characters it cannot use in a file name instead of rejecting a name,
    // and reads descriptions of any length.
    name_charset: NameCharset::Unicode,
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "a section of the system prompt, after the sub-agents section; also substituted into a custom GEMINI_SYSTEM_MD prompt",
    roots,
    roots_summary: "~/.gemini/skills, then ~/.agents/skills (home moved by GEMINI_CLI_HOME), then the workspace's .gemini/skills and .agents/skills (trusted folders only); SKILL.md at a root or one level down",
    collision: Collision::LastWinsInPlace,
    admit,
    broken_skill: "a file that does not open with a `---` line is skipped silently; when the YAML fails to parse or does not give both `name` and `description` as strings, the frontmatter is read again line by line (`name:`, and `description:` with indented continuation lines joined by spaces) and the skill is skipped only if that finds no `name:` or no `description:` line",
    fields_read: &["name", "description"],
    ordering: "the order skills were found, by tier: built-ins, extensions, ~/.gemini/skills, ~/.agents/skills, .gemini/skills, .agents/skills; a skill overriding a name keeps the place of the one it replaces",
    escaping: "none",
    whitespace: "name and description as read (YAML values, or the line parser's trimmed text); newlines in descriptions are kept raw",
    budget: Budget::NONE,
    render,
    leave_one_out: None,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::SystemPrompt,
        modes: &[],
        reload: "the same result again: activating an active skill changes nothing",
    },
    builtins_note: "Gemini CLI ships the built-in skills `skill-creator` and `antigravity-support`, listed first, with locations inside its package; a skill taking a built-in's name replaces it in its slot. Active extensions add theirs, which are not shown",
    builtins: &[
        Builtin {
            name: "skill-creator",
            description: "Guide for creating effective skills. This skill should be used when users want to create a new skill (or update an existing skill) that extends Gemini CLI's capabilities with specialized knowledge, workflows, or tool integrations.",
            location: "<install>/bundle/builtin/skill-creator/SKILL.md",
        },
        Builtin {
            name: "antigravity-support",
            description: "Use when the user asks questions, seeks help, or requests instructions related to installing, setting up, or migrating to Antigravity CLI. This skill provides the latest up to date details, requirements, and commands sourced from the official Antigravity CLI documentation.",
            location: "<install>/bundle/builtin/antigravity-support/SKILL.md",
        },
    ],
    builtins_first: true,
    install: Some(Install {
        command: "gemini",
        package: "@google/gemini-cli",
    }),
    models: &[
        Model {
            id: "auto",
            context_window: 1_048_576,
            note: "the default: routed to a Gemini 3 model (gemini-3.1-pro-preview when the router fails); the current intro wording",
            catalog: None,
        },
        Model {
            id: "gemini-3.1-pro-preview",
            context_window: 1_048_576,
            note: "Gemini 3: the current intro wording",
            catalog: None,
        },
        Model {
            id: "gemini-2.5-pro",
            context_window: 1_048_576,
            note: "Gemini 2.x: the legacy intro wording (`you can call the activate_skill tool`)",
            catalog: None,
        },
    ],
    verified: Some(Verified {
        client: "Gemini CLI",
        version: "0.61.0",
        captured: "2026-11-24",
        cases: 15,
        recordings: "gemini-cli@0.61.0",
    }),
    decisions: &[
        "Within one root, a SKILL.md at the root comes first, then the skill folders in descending byte order of their names: Gemini CLI globs `SKILL.md` and `*/SKILL.md`, Node's readdir returns names sorted, and glob's path cache keeps each folder's children newest first.",
        "An unknown model is taken as Gemini 3 (the current wording) unless its ID starts with `gemini-` and not `gemini-3`, as Gemini CLI's check for modern models does for the models it knows.",
        "The built-ins are listed with the descriptions of Gemini CLI 0.61.0; their bodies live in the installed package, which is read when it is found on PATH.",
        "The workspace is taken to be trusted, so the working directory's .gemini/skills and .agents/skills are searched.",
        "The line parser also runs when the YAML parses but `name` or `description` is missing or not a string, as skillLoader.ts does; a repeated key counts as a YAML error, since js-yaml rejects it.",
        "The `skills.disabled` setting is not applied.",
        "A load is `activate_skill` called with `name`, its llmContent built as activate-skill.ts @ 04fbf50 builds it (only the body's first line is indented); the confirmation prompt is not modelled.",
        "The resource tree is getFolderStructure's over the skill folder as it is on disk: regular files and folders only (symlinks left out), empty folders and files ignored by git included, node_modules, .git, dist and __pycache__ shown as `name/...`.",
        "An unknown name (wrong case included) fails the tool's parameter validation against its enum of names before the tool runs: the function response's error is `params/name must be equal to one of the allowed values`.",
        "A file read is `read_file` on the absolute `file_path` (with `start_line` and `end_line` for a range), as read-file.ts and fileUtils.ts @ 017967b give it: the text as it is, lines split at `\\n` so a final line break counts as an empty last line, the first 2000 lines, lines over 2000 UTF-16 units cut with `... [truncated]`; a partial read gets the notice for Gemini 3 models, the family the modern-model prompt is for.",
        "Read errors use Gemini CLI's texts for a missing file, a folder and a binary file (a NUL byte; Gemini CLI also calls files with over 30% control bytes or a known binary extension binary, and sends images, audio and PDFs as data); other refusals are our provider's reason. A file past the provider's 256 KiB read cap is cut there, its lines counted only up to the cut, and its notice follows.",
    ],

    confidence: Confidence::Source,
    reference: "google-gemini/gemini-cli packages/core/src/prompts/snippets.ts (renderAgentSkills) @ 5411f11; skills/skillLoader.ts, skills/skillManager.ts @ 04fbf50",
};

/// The sentence between the heading and the list.
const INTRO: &str = "You have access to the following specialized skills. To activate a skill and receive its detailed instructions, call the `activate_skill` tool with the skill's name.";

/// The same sentence in the prompt for Gemini 2.x models (`snippets.legacy.ts`).
const LEGACY_INTRO: &str = "You have access to the following specialized skills. To activate a skill and receive its detailed instructions, you can call the `activate_skill` tool with the skill's name.";

/// Whether `model` gets the legacy prompt: a `gemini-` model that is not Gemini 3 (aliases
/// such as `auto` route to Gemini 3).
fn legacy_model(model: Option<&str>) -> bool {
    model.is_some_and(|m| m.starts_with("gemini-") && !m.starts_with("gemini-3"))
}

/// `SkillManager.discoverSkills` after the built-ins and extensions: user tiers, then workspace
/// tiers, each `.gemini/skills` before `.agents/skills`.
fn roots(env: &Env) -> Vec<RootSpec> {
    in_glob_order(tier_roots(env))
}

/// Each root's skills in the order Gemini CLI's glob returns them.
fn in_glob_order(roots: Vec<RootSpec>) -> Vec<RootSpec> {
    roots
        .into_iter()
        .map(|root| root.in_order(Order::RootThenDescending))
        .collect()
}

/// The user tiers, then the workspace tiers.
fn tier_roots(env: &Env) -> Vec<RootSpec> {
    // `homedir()`: GEMINI_CLI_HOME replaces the home directory.
    let home: Option<PathBuf> = env
        .var("GEMINI_CLI_HOME")
        .map(|dir| env.cwd.join(dir))
        .or_else(|| env.home.clone());
    let mut roots = Vec::new();
    if let Some(home) = home {
        roots.push(RootSpec::one_level(
            home.join(".gemini/skills"),
            Scope::User,
        ));
        roots.push(RootSpec::one_level(
            home.join(".agents/skills"),
            Scope::User,
        ));
    }
    roots.push(RootSpec::one_level(
        env.cwd.join(".gemini/skills"),
        Scope::Project,
    ));
    roots.push(RootSpec::one_level(
        env.cwd.join(".agents/skills"),
        Scope::Project,
    ));
    roots
}

/// `loadSkillFromFile`: `FRONTMATTER_REGEX` on the raw text, `parseFrontmatter`, then the name
/// sanitized for use as a file name.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    let builtin = skill.origin.scope == Scope::Builtin;
    if !builtin && !skill.has_canonical_file_name() {
        return Err(format!(
            "skipped: Gemini CLI's glob matches SKILL.md exactly, not `{}`",
            skill
                .skill_md
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
        ));
    }
    if skill.origin.scope != Scope::Custom && is_hidden_below(&skill.origin.root, &skill.dir) {
        return Err(
            "skipped: Gemini CLI's `*/SKILL.md` glob does not match a hidden directory".to_owned(),
        );
    }
    let text = skill.source.text();
    let Some(yaml) = frontmatter_text(text) else {
        return Err("skipped: the file does not open with a `---` line and a later `---` (no byte order mark or trailing spaces allowed)".to_owned());
    };
    let Some((name, description)) = parse_frontmatter(yaml, |y| super::file::yaml(skill, y)) else {
        return Err(
            "skipped: no `name` and `description`, neither as YAML strings nor as `name:` and `description:` lines"
                .to_owned(),
        );
    };
    Ok(Admitted {
        name: sanitize_name(&name),
        description: Some(description),
    })
}

/// `/^---\r?\n([\s\S]*?)\r?\n---/` on the whole text: the text between the opening line and the
/// first later `\n---` (which need not end its line).
fn frontmatter_text(text: &str) -> Option<&str> {
    frontmatter_parts(text).map(|(yaml, _)| yaml)
}

/// The same match split in two: the frontmatter text, and the body (`match[2]`): what follows
/// the closing `---` and its line break, or nothing when the `---` is not followed by one.
fn frontmatter_parts(text: &str) -> Option<(&str, &str)> {
    let rest = text.strip_prefix("---")?;
    let rest = rest
        .strip_prefix("\r\n")
        .or_else(|| rest.strip_prefix('\n'))?;
    let start = text.len() - rest.len();
    let bytes = text.as_bytes();
    // `\r` and `\n` are ASCII, so every index found is a character boundary.
    let (end, close) = (start..bytes.len()).find_map(|i| {
        if bytes[i..].starts_with(b"\n---") {
            Some((i, i + 4))
        } else if bytes[i..].starts_with(b"\r\n---") {
            Some((i, i + 5))
        } else {
            None
        }
    })?;
    let after = &text[close..];
    let body = after
        .strip_prefix("\r\n")
        .or_else(|| after.strip_prefix('\n'))
        .unwrap_or("");
    Some((&text[start..end], body))
}

/// `parseFrontmatter`: js-yaml first, the line parser when that throws or does not give string
/// `name` and `description`. `read` reads YAML text as [`crate::frontmatter::parse_standalone`]
/// does (the skill's own parse answers when the block is its frontmatter).
fn parse_frontmatter(yaml: &str, read: impl Fn(&str) -> Yaml) -> Option<(String, String)> {
    // js-yaml ends the last line at the end of the text, so a block scalar written last keeps
    // the line break the regex left out.
    let ended = if yaml.ends_with('\n') {
        yaml.to_owned()
    } else {
        format!("{yaml}\n")
    };
    if let Yaml::Mapping(fields) = read(&ended)
        && !has_duplicate_key(&fields)
        && let (Some(Value::String(name)), Some(Value::String(description))) =
            (field(&fields, "name"), field(&fields, "description"))
    {
        return Some((name.clone(), description.clone()));
    }
    parse_simple_frontmatter(yaml)
}

/// A top-level string key's value.
fn field<'a>(fields: &'a [Field], key: &str) -> Option<&'a Value> {
    fields
        .iter()
        .find(|f| f.key == key && f.key_kind == ValueKind::String)
        .map(|f| &f.value)
}

/// Whether a top-level key appears twice (js-yaml throws on it).
fn has_duplicate_key(fields: &[Field]) -> bool {
    fields
        .iter()
        .enumerate()
        .any(|(i, f)| fields[..i].iter().any(|earlier| earlier.key == f.key))
}

/// `parseSimpleFrontmatter`: the last `name:` line, and the last `description:` line with the
/// indented lines after it, trimmed, empty ones dropped, joined with spaces.
fn parse_simple_frontmatter(yaml: &str) -> Option<(String, String)> {
    let lines: Vec<&str> = yaml
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect();
    let mut name = None;
    let mut description = None;
    let mut i = 0;
    while i < lines.len() {
        if let Some(value) = key_line(lines[i], "name") {
            name = Some(js_trim(value).to_owned());
        } else if let Some(value) = key_line(lines[i], "description") {
            let mut parts = vec![js_trim(value)];
            while let Some(next) = lines.get(i + 1).filter(|next| is_continuation(next)) {
                parts.push(js_trim(next));
                i += 1;
            }
            parts.retain(|part| !part.is_empty());
            description = Some(parts.join(" "));
        }
        i += 1;
    }
    Some((name?, description?))
}

/// `/^\s*key:\s*(.*)$/` on one line: what follows the colon and its spaces. JavaScript's `.`
/// stops at a line terminator and `$` needs the end of the line, so one left in the value
/// (a lone `\r`, U+2028, U+2029) means no match.
fn key_line<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let value = line
        .trim_start_matches(is_js_space)
        .strip_prefix(key)?
        .strip_prefix(':')?
        .trim_start_matches(is_js_space);
    (!value.contains(['\r', '\u{2028}', '\u{2029}'])).then_some(value)
}

/// `/^[ \t]+\S/`: indented by spaces or tabs, then something that is not white space.
fn is_continuation(line: &str) -> bool {
    let rest = line.trim_start_matches([' ', '\t']);
    rest.len() < line.len() && rest.chars().next().is_some_and(|c| !is_js_space(c))
}

/// `name.replace(/[:\\/<>*?"|]/g, '-')`.
fn sanitize_name(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            ':' | '\\' | '/' | '<' | '>' | '*' | '?' | '"' | '|' => '-',
            c => c,
        })
        .collect()
}

/// `renderAgentSkills`: nothing without skills; otherwise the section, trimmed.
fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let skills: Vec<String> = entries
        .iter()
        .map(|entry| {
            format!(
                "  <skill>\n    <name>{}</name>\n    <description>{}</description>\n    <location>{}</location>\n  </skill>",
                entry.name,
                entry.description(),
                cx.paths.show(&entry.skill.skill_md)
            )
        })
        .collect();
    let section = format!(
        "\n# Available Agent Skills\n\n{}\n\n<available_skills>\n{}\n</available_skills>",
        if legacy_model(cx.model) {
            LEGACY_INTRO
        } else {
            INTRO
        },
        skills.join("\n")
    );
    Rendered::complete(js_trim(&section).to_owned(), entries.len())
}

/// `getFolderStructure`'s item limit.
const MAX_ITEMS: usize = 200;
/// Folders `getFolderStructure` shows as `name/...` without looking inside.
const IGNORED_FOLDERS: [&str; 4] = ["node_modules", ".git", "dist", "__pycache__"];
/// `read_file`'s defaults (`fileUtils.ts`).
const DEFAULT_MAX_LINES: usize = 2000;
const MAX_LINE_LENGTH: u64 = 2000;

/// The validation error for a name outside the tool's enum (every known name, exactly).
const NOT_IN_ENUM: &str = "params/name must be equal to one of the allowed values";

/// Where the load sits in the next request.
const WIRE_OUTPUT: &str =
    "functionResponse.response.output of activate_skill, in the next user content";
const WIRE_ERROR: &str =
    "functionResponse.response.error of activate_skill, in the next user content";

/// `activate_skill` (`activate-skill.ts`): the trimmed body, then the skill directory's tree.
fn load(input: &LoadInput<'_>) -> Output {
    let call = Call::with("activate_skill", "name", input.name);
    let Some(entry) = input.known.iter().find(|e| e.name == input.name) else {
        return Output::tool_error(call, NOT_IN_ENUM).record("wire", WIRE_ERROR);
    };
    let text = String::from_utf8_lossy(entry.skill.source.bytes());
    let body = frontmatter_parts(&text).map_or("", |(_, body)| js_trim(body));
    let files = input
        .provider
        .plain_entries(entry.skill)
        .unwrap_or_default();
    let structure = folder_structure(&input.cx.paths.show(&entry.skill.dir), &files);
    Output::tool(
        call,
        format!(
            "<activated_skill name=\"{}\">\n  <instructions>\n    {body}\n  </instructions>\n\n  <available_resources>\n    {structure}\n  </available_resources>\n</activated_skill>",
            input.name
        ),
    )
    .record("wire", WIRE_OUTPUT)
}

/// A directory as the skill's file list implies it.
#[derive(Default)]
struct Tree {
    files: Vec<String>,
    dirs: std::collections::BTreeMap<String, Tree>,
}

impl Tree {
    fn of(files: &[String]) -> Self {
        let mut root = Self::default();
        for file in files {
            let folder = file.ends_with('/');
            let mut parts: Vec<&str> = file.split('/').filter(|p| !p.is_empty()).collect();
            let Some(name) = parts.pop() else {
                continue;
            };
            let mut dir = &mut root;
            for part in parts {
                dir = dir.dirs.entry(part.to_owned()).or_default();
            }
            if folder {
                dir.dirs.entry(name.to_owned()).or_default();
            } else {
                dir.files.push(name.to_owned());
            }
        }
        root
    }
}

/// A folder as `getFolderStructure` shows it.
struct Shown {
    name: String,
    files: Vec<String>,
    folders: Vec<usize>,
    ignored: bool,
    more_files: bool,
    more_folders: bool,
}

impl Shown {
    fn new(name: &str, ignored: bool) -> Self {
        Self {
            name: name.to_owned(),
            files: Vec::new(),
            folders: Vec::new(),
            ignored,
            more_files: false,
            more_folders: false,
        }
    }
}

/// `getFolderStructure(dir)`: a breadth-first walk of at most 200 files and folders, entries
/// sorted with `localeCompare` and files before folders, drawn with `├───`, `└───` and `│   `.
fn folder_structure(root: &str, files: &[String]) -> String {
    let tree = Tree::of(files);
    let root_name = root.rsplit('/').next().unwrap_or(root);
    let mut shown = vec![Shown::new(root_name, false)];
    let mut queue = std::collections::VecDeque::from([(0, &tree)]);
    let mut count = 0;
    while let Some((at, dir)) = queue.pop_front() {
        if count >= MAX_ITEMS {
            continue;
        }
        let mut names: Vec<&String> = dir.files.iter().collect();
        names.sort_by(|a, b| Collation::Locale.compare(a, b));
        for name in names {
            if count >= MAX_ITEMS {
                shown[at].more_files = true;
                break;
            }
            shown[at].files.push(name.clone());
            count += 1;
        }
        let mut folders: Vec<(&String, &Tree)> = dir.dirs.iter().collect();
        folders.sort_by(|a, b| Collation::Locale.compare(a.0, b.0));
        for (name, sub) in folders {
            if count >= MAX_ITEMS {
                shown[at].more_folders = true;
                break;
            }
            let ignored = IGNORED_FOLDERS.contains(&name.as_str());
            let index = shown.len();
            shown.push(Shown::new(name, ignored));
            shown[at].folders.push(index);
            count += 1;
            if !ignored {
                queue.push_back((index, sub));
            }
        }
    }
    let mut lines = Vec::new();
    draw(&shown, 0, "", true, true, &mut lines);
    let mut summary = format!("Showing up to {MAX_ITEMS} items (files + folders).");
    if shown
        .iter()
        .any(|f| f.more_files || f.more_folders || f.ignored)
    {
        summary.push_str(&format!(" Folders or files indicated with ... contain more items not shown, were ignored, or the display limit ({MAX_ITEMS} items) was reached."));
    }
    format!("{summary}\n\n{root}/\n{}", lines.join("\n"))
}

/// `formatStructure`: the folder's line (not for the root), its files, then its folders.
fn draw(
    shown: &[Shown],
    at: usize,
    indent: &str,
    last: bool,
    is_root: bool,
    lines: &mut Vec<String>,
) {
    let Some(folder) = shown.get(at) else {
        return;
    };
    let connector = if last { "└───" } else { "├───" };
    if !is_root || folder.ignored {
        let dots = if folder.ignored { "..." } else { "" };
        lines.push(format!("{indent}{connector}{}/{dots}", folder.name));
    }
    let inner = if is_root {
        String::new()
    } else {
        format!("{indent}{}", if last { "    " } else { "│   " })
    };
    let no_folders_after = folder.folders.is_empty() && !folder.more_folders;
    for (i, file) in folder.files.iter().enumerate() {
        let last_file = i + 1 == folder.files.len() && no_folders_after;
        let connector = if last_file {
            "└───"
        } else {
            "├───"
        };
        lines.push(format!("{inner}{connector}{file}"));
    }
    if folder.more_files {
        let connector = if no_folders_after {
            "└───"
        } else {
            "├───"
        };
        lines.push(format!("{inner}{connector}..."));
    }
    for (i, &sub) in folder.folders.iter().enumerate() {
        let last_folder = i + 1 == folder.folders.len() && !folder.more_folders;
        draw(shown, sub, &inner, last_folder, false, lines);
    }
    if folder.more_folders {
        lines.push(format!("{inner}└───..."));
    }
}

/// `read_file` (`read-file.ts`, `processSingleFileContent`) on the file's absolute path.
fn read(input: &ReadInput<'_>) -> Output {
    let Some(entry) = input.entry() else {
        return Output::tool_error(read_call(input.path, input.lines), NOT_IN_ENUM);
    };
    let path = if std::path::Path::new(input.path).is_absolute() {
        input.path.to_owned()
    } else {
        format!("{}/{}", input.cx.paths.show(&entry.skill.dir), input.path)
    };
    let call = read_call(&path, input.lines);
    match input
        .provider
        .read_resource_of(entry.skill, input.path, None)
    {
        Ok(resource) => Output::tool(call, file_content(&path, input.lines, &resource)),
        Err(ResourceError::NotFound { .. }) => Output::tool_error(
            call,
            "Could not read file because no file was found at the specified path.",
        ),
        Err(ResourceError::NotAFile { .. }) => Output::tool_error(
            call,
            "Could not read file because the provided path is a directory, not a file.",
        ),
        Err(ResourceError::Binary { .. }) => {
            let project = input.cx.paths.show(&input.cx.env.cwd);
            let relative = paths::to_slash(&paths::relative_to(
                std::path::Path::new(&path),
                std::path::Path::new(&project),
            ));
            Output::tool_error(
                call,
                format!("Cannot display content of binary file: {relative}"),
            )
        }
        Err(err) => Output::tool_error(call, err.to_string()),
    }
}

/// `read_file {file_path, start_line?, end_line?}`.
fn read_call(path: &str, lines: Option<LineRange>) -> Call {
    let mut arguments = vec![("file_path", serde_json::Value::from(path))];
    if let Some(range) = lines {
        arguments.push(("start_line", range.start.into()));
        if let Some(end) = range.end {
            arguments.push(("end_line", end.into()));
        }
    }
    Call::with_args("read_file", &arguments)
}

/// A text file as `read_file` gives it to a Gemini 3 model: the lines asked for (or the first
/// 2000), each cut at 2000 characters, after a notice when that is not the whole file.
fn file_content(path: &str, range: Option<LineRange>, resource: &Resource) -> String {
    let content = resource
        .text
        .strip_prefix('\u{FEFF}')
        .unwrap_or(&resource.text);
    // `content.split('\n')`: a final line break leaves an empty last line.
    let lines: Vec<&str> = content.split('\n').collect();
    let count = lines.len();
    let (start, end) = match range {
        None => (0, DEFAULT_MAX_LINES.min(count)),
        Some(range) => (
            range.start.saturating_sub(1),
            range.end.map_or(count, |end| end.min(count)),
        ),
    };
    let start = start.min(count);
    let selected = if end > start {
        &lines[start..end]
    } else {
        &[][..]
    };
    let mut shortened = false;
    let formatted: Vec<String> = selected
        .iter()
        .map(|line| {
            if Unit::Utf16.measure(line) > MAX_LINE_LENGTH {
                shortened = true;
                format!(
                    "{}... [truncated]",
                    text::prefix_within(line, Unit::Utf16, MAX_LINE_LENGTH)
                )
            } else {
                (*line).to_owned()
            }
        })
        .collect();
    let mut out = formatted.join("\n");
    if start > 0 || end < count || shortened {
        out = format!(
            "\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines {}-{end} of {count} total lines.\nAction: \n- To find specific patterns, use the 'grep_search' tool.\n- For surgical extraction of code blocks (especially ranges larger than 2,000 lines), prefer 'run_shell_command' with 'sed'. For example: 'sed -n \"500,600p\" {path}'.\n- You can also use other Unix utilities like 'awk', 'head', or 'tail' via 'run_shell_command'.\n\n--- FILE CONTENT (truncated) ---\n{out}",
            start + 1
        );
    }
    if let Some(notice) = resource.truncation_notice() {
        out.push('\n');
        out.push_str(&notice);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self, ChangeKind};

    fn parse_alone(yaml: &str) -> Option<(String, String)> {
        parse_frontmatter(yaml, crate::frontmatter::parse_standalone)
    }

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    fn loaded(skills: Vec<MemorySkill>, name: &str, earlier_loads: usize) -> Output {
        crate::targets::load::testing::load(&TARGET, skills, name, earlier_loads)
    }

    fn text(content: &str) -> Resource {
        Resource {
            path: "f".to_owned(),
            text: content.to_owned(),
            lines: None,
            truncated: None,
            lossy: false,
        }
    }

    #[test]
    fn only_the_first_body_line_is_indented_and_a_reload_is_the_same() {
        let skills = || {
            vec![
                MemorySkill::new(
                    "/u/ops",
                    "---\nname: ops\ndescription: Ops.\n---\n\nStep one.\n  Step two.\n\n",
                )
                .with_file("run.sh", "echo"),
            ]
        };
        let out = loaded(skills(), "ops", 0);
        assert_eq!(
            out.parts[0].text,
            "<activated_skill name=\"ops\">\n  <instructions>\n    Step one.\n  Step two.\n  </instructions>\n\n  <available_resources>\n    Showing up to 200 items (files + folders).\n\n/u/ops/\n├───run.sh\n└───SKILL.md\n  </available_resources>\n</activated_skill>"
        );
        assert_eq!(loaded(skills(), "ops", 1), out);
        assert_eq!(
            loaded(skills(), "nope", 0).display(),
            "params/name must be equal to one of the allowed values"
        );
        // The enum is exact: another case is unknown too.
        assert!(loaded(skills(), "OPS", 0).error);
    }

    #[test]
    fn the_body_follows_the_closing_line() {
        assert_eq!(
            frontmatter_parts("---\na: b\n---\r\nx\n"),
            Some(("a: b", "x\n"))
        );
        assert_eq!(frontmatter_parts("---\na: b\n----\nx"), Some(("a: b", "")));
        assert_eq!(frontmatter_parts("---\na: b\n---"), Some(("a: b", "")));
    }

    #[test]
    fn the_tree_puts_files_first_and_ignores_build_folders() {
        let files: Vec<String> = [
            "b.md",
            "A.md",
            "dist/x.js",
            "refs/z/deep.md",
            "refs/a.md",
            "SKILL.md",
            ".env",
        ]
        .iter()
        .map(|f| (*f).to_owned())
        .collect();
        assert_eq!(
            folder_structure("/s/x", &files),
            "Showing up to 200 items (files + folders). Folders or files indicated with ... contain more items not shown, were ignored, or the display limit (200 items) was reached.\n\n/s/x/\n├───.env\n├───A.md\n├───b.md\n├───SKILL.md\n├───dist/...\n└───refs/\n    ├───a.md\n    └───z/\n        └───deep.md"
        );
    }

    #[test]
    fn the_tree_stops_at_200_items() {
        let mut files: Vec<String> = (0..201).map(|i| format!("f{i:03}")).collect();
        files.push("sub/x".to_owned());
        let tree = folder_structure("/s/x", &files);
        assert!(tree.ends_with("├───f199\n├───...\n└───..."), "{tree}");
        assert!(!tree.contains("f200"));
        // Folders count too; a queued folder past the limit is shown empty.
        let mut files: Vec<String> = (0..199).map(|i| format!("f{i:03}")).collect();
        files.extend(["a/in".to_owned(), "b/in".to_owned()]);
        let tree = folder_structure("/s/x", &files);
        assert!(tree.ends_with("├───f198\n├───a/\n└───..."), "{tree}");
    }

    #[test]
    fn reads_split_like_javascript() {
        let file = text("\u{FEFF}one\r\ntwo\n");
        assert_eq!(file_content("/f", None, &file), "one\r\ntwo\n");
        let range = |a, b| Some(LineRange::new(a, b).unwrap());
        let out = file_content("/f", range(2, None), &file);
        assert!(out.starts_with("\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines 2-3 of 3 total lines.\nAction: \n"));
        assert!(out.ends_with("'sed -n \"500,600p\" /f'.\n- You can also use other Unix utilities like 'awk', 'head', or 'tail' via 'run_shell_command'.\n\n--- FILE CONTENT (truncated) ---\ntwo\n"));
        let past = file_content("/f", range(9, Some(12)), &file);
        assert!(past.contains("Status: Showing lines 4-3 of 3 total lines."));
        assert!(past.ends_with("---\n"));
        let long = text(&"x".repeat(2001));
        assert!(
            file_content("/f", None, &long)
                .ends_with(&format!("---\n{}... [truncated]", "x".repeat(2000)))
        );
        let many = text(&"l\n".repeat(2500));
        assert!(
            file_content("/f", None, &many).contains("Showing lines 1-2000 of 2501 total lines.")
        );
    }

    #[test]
    fn gemini_2_models_get_the_legacy_wording() {
        assert!(legacy_model(Some("gemini-2.5-pro")));
        assert!(legacy_model(Some("gemini-2.0-flash")));
        assert!(!legacy_model(Some("auto")));
        assert!(!legacy_model(Some("gemini-3.1-pro-preview")));
        assert!(!legacy_model(None));
    }

    #[test]
    fn exact_section_trimmed_without_escaping() {
        // The regex leaves the newline before the closing `---` out of the YAML, but js-yaml
        // ends a block scalar written last at the end of the text with a newline all the same.
        let cat = build(vec![MemorySkill::new(
            "/s/a",
            "---\nname: a\ndescription: |\n  Tags <b> & \"quotes\"\n  stay raw.\n---\n",
        )]);
        assert_eq!(
            cat.text,
            "# Available Agent Skills\n\nYou have access to the following specialized skills. \
             To activate a skill and receive its detailed instructions, call the \
             `activate_skill` tool with the skill's name.\n\n<available_skills>\n  <skill>\n    \
             <name>a</name>\n    <description>Tags <b> & \"quotes\"\nstay raw.\n</description>\n    \
             <location>/s/a/SKILL.md</location>\n  </skill>\n</available_skills>"
        );
    }

    #[test]
    fn no_skills_no_section() {
        let cat = build(Vec::new());
        assert_eq!(cat.text, "");
    }

    #[test]
    fn frontmatter_must_open_the_file_exactly() {
        assert_eq!(frontmatter_text("---\na: b\n---\nx"), Some("a: b"));
        assert_eq!(frontmatter_text("---\r\na: b\r\n---"), Some("a: b"));
        assert_eq!(
            frontmatter_text("---\na: b\n----- not a line"),
            Some("a: b")
        );
        assert_eq!(frontmatter_text("\u{FEFF}---\na: b\n---\n"), None);
        assert_eq!(frontmatter_text("--- \na: b\n---\n"), None);
        assert_eq!(frontmatter_text("---\n---\n"), None);
        assert_eq!(frontmatter_text("---\n\n---\n"), Some(""));
    }

    #[test]
    fn the_line_parser_takes_over_from_yaml() {
        // Invalid YAML: a colon in a plain value, continuation lines, quotes kept.
        assert_eq!(
            parse_alone("name: \"tool\"\ndescription: Fixes things: fast\n  and well\n\n  later"),
            Some((
                "\"tool\"".to_owned(),
                "Fixes things: fast and well".to_owned()
            ))
        );
        // Valid YAML but not a string: the line parser reads the text.
        assert_eq!(
            parse_alone("name: 42\ndescription: true"),
            Some(("42".to_owned(), "true".to_owned()))
        );
        // A repeated key: js-yaml throws, the last lines win.
        assert_eq!(
            parse_alone("name: a\nname: b\ndescription: d"),
            Some(("b".to_owned(), "d".to_owned()))
        );
        // An empty description line still counts.
        assert_eq!(
            parse_alone("name: e\ndescription:"),
            Some(("e".to_owned(), String::new()))
        );
        // Indented keys match too, and a block list becomes text.
        assert_eq!(
            parse_alone("metadata:\n  name: inner\ndescription:\n  - one\n  - two"),
            Some(("inner".to_owned(), "- one - two".to_owned()))
        );
        // White space before the value may hold line terminators; the value may not.
        assert_eq!(
            parse_alone("name:\r\ndescription: \u{2028}x"),
            Some((String::new(), "x".to_owned()))
        );
        assert_eq!(parse_alone("name: only"), None);
        assert_eq!(parse_alone("name: x\rdescription: y\ndescription: z"), None);
    }

    #[test]
    fn continuation_lines_are_indented_by_spaces_or_tabs() {
        assert!(is_continuation("  x"));
        assert!(is_continuation("\tx"));
        assert!(!is_continuation("x"));
        assert!(!is_continuation("   "));
        assert!(!is_continuation(" \u{3000}x"));
    }

    #[test]
    fn names_are_sanitized_and_overrides_keep_their_place() {
        let cat = build(vec![
            MemorySkill::new("/u/a", "---\nname: \"ns:tool\"\ndescription: first\n---\n"),
            MemorySkill::new("/u/b", "---\nname: b\ndescription: second\n---\n"),
            MemorySkill::new("/w/a", "---\nname: ns/tool\ndescription: override\n---\n"),
        ]);
        let text = &cat.text;
        let first = text.find("<name>ns-tool</name>").unwrap_or(usize::MAX);
        let second = text.find("<name>b</name>").unwrap_or(0);
        assert!(first < second, "{text}");
        assert!(text.contains("<description>override</description>"));
        assert_eq!(cat.changes.len(), 1);
        assert_eq!(cat.changes[0].kind, ChangeKind::Shadowed);
    }

    #[test]
    fn roots_by_tier_and_gemini_home() {
        let env = Env::new("/w", Some("/h".into())).with_var("GEMINI_CLI_HOME", "/g");
        let shown: Vec<String> = roots(&env)
            .iter()
            .map(|r| r.path.display().to_string())
            .collect();
        assert_eq!(
            shown,
            [
                "/g/.gemini/skills",
                "/g/.agents/skills",
                "/w/.gemini/skills",
                "/w/.agents/skills"
            ]
        );
    }
}
