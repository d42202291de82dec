//! `goose`: Goose's `summon` extension, whose MCP `instructions` list the skills
//! (runtime-formats.md §10).

use std::path::{Path, PathBuf};

use super::catalog::{Admitted, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec};
use super::load::{
    Call, CutBy, LoadInput, Output, Placement, ReadInput, Session, cut_head, format_size,
};
use super::text::Collation;
use super::{Budget, Confidence, NameCharset, Target};
use crate::frontmatter::{self, Field, Value, Yaml};
use crate::provider::ResourceError;
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "goose",
    display: "Goose",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[],
    name_charset: NameCharset::Unicode,
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "the `instructions` of the summon extension (MCP), which the system prompt shows under that extension's `### Instructions`; built once when the extension starts, for the session's working directory",
    roots,
    roots_summary: "./.goose/skills, ./.claude/skills, ./.agents/skills, then the config dir's skills ($GOOSE_PATH_ROOT/config, else $XDG_CONFIG_HOME/goose, else ~/.config/goose), ~/.claude/skills, ~/.config/agents/skills; immediate subdirectories only",
    collision: Collision::FirstWins,
    admit,
    broken_skill: "skipped with a warning in the log: a file without two `---`, YAML that does not parse, or a `name` or `description` that is missing or not a scalar",
    fields_read: &["name", "description"],
    ordering: "by name, then by skill directory, in Rust byte order",
    escaping: "none",
    whitespace: "name and description exactly as YAML gives them; newlines are kept",
    budget: Budget::NONE,
    render,
    leave_one_out: None,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::SystemPrompt,
        modes: &[],
        reload: "the same text again: `load` keeps no record of what was loaded",
    },
    builtins_note: "Goose's built-in skills (listed after every skill found on disk, and shadowed by them)",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: None,
    decisions: &[
        "Recipes and agents share the name space with skills: local recipes are read before local skills, and local agents and global recipes before global skills, so one of those with a skill's name shadows it; recipes and agents are not read here",
        "Within one directory Goose reads entries in the filesystem's order, so which of two same-named skills in one directory wins is not defined; here the first in path order wins",
        "The bytes are the extension's instructions alone; the whitespace the system-prompt template puts around them is not reproduced",
        "`name` and `description` of any scalar type are read as their text, as serde_yaml does for a string field (`name: 123` lists as `123`, an empty value as an empty string)",
        "Goose looks for `SKILL.md` exactly and never treats a skills directory itself as a skill; a path given on the command line may be a skill directory",
        "load: the summon extension's `load` tool with `source`; its text is the source's, byte for byte, except where listed here",
        "Supporting files are the bundled files as listed (hidden files included; .gitignore'd files, .git, node_modules and __pycache__ left out), at most one directory level down, in sorted path order; Goose takes them in directory-listing order",
        "A Markdown file that resolves outside the skill directory, is not UTF-8, or is refused as binary is listed under `## Other Files` instead of inlined (Goose would inline a file with NUL bytes); one over the 256 KiB read cap is inlined up to the cap with the truncation notice",
        "An unknown name: `Error: Source 'x' not found.` with up to three suggestions among the known skills (recipes, agents and subrecipes, which Goose also suggests, are not read)",
        "A name shaped like a background task id (8 digits, `_`, anything) answers `Error: Task 'x' not found.`, as `load` checks task ids first",
        "Reads use the developer extension's `read` tool of the same release line (goose-mcp developer/read.rs @ cc96ae0): `path` absolute, and for --lines A:B `offset` A-1 and `limit` B-A+1; images are not modelled",
        "Read refusals Goose does not make (a path outside the skill directory, an absolute path, a symlink out of it) answer with our message; a file over the 256 KiB read cap counts its lines in the part read",
        "A read in a skill Goose does not know answers like a `load` of an unknown source",
    ],

    confidence: Confidence::Source,
    reference: "block/goose crates/goose/src/agents/platform_extensions/summon.rs @ 1270ad7, crates/goose/src/config/paths.rs; crates/goose-mcp/src/developer/read.rs @ cc96ae0",
};

/// The local skill directories, then the global ones (`discover_filesystem_sources`).
fn roots(env: &Env) -> Vec<RootSpec> {
    let mut roots: Vec<RootSpec> = [".goose/skills", ".claude/skills", ".agents/skills"]
        .into_iter()
        .map(|rel| RootSpec::one_level(env.cwd.join(rel), Scope::Project))
        .collect();
    let global = [
        config_dir(env).map(|dir| dir.join("skills")),
        env.home_join(".claude/skills"),
        env.home_join(".config/agents/skills"),
    ];
    roots.extend(
        global
            .into_iter()
            .flatten()
            .map(|path| RootSpec::one_level(path, Scope::User)),
    );
    roots
}

/// `Paths::config_dir()`: `$GOOSE_PATH_ROOT/config`, else the XDG config home's `goose`
/// (`$XDG_CONFIG_HOME` when absolute, else `~/.config`).
fn config_dir(env: &Env) -> Option<PathBuf> {
    if let Some(root) = env.var("GOOSE_PATH_ROOT") {
        return Some(env.cwd.join(root).join("config"));
    }
    match env.var("XDG_CONFIG_HOME").map(PathBuf::from) {
        Some(xdg) if xdg.is_absolute() => Some(xdg.join("goose")),
        _ => env.home_join(".config/goose"),
    }
}

/// `scan_skills_from_dir` + `parse_frontmatter`: the file is split on every `---` substring and
/// the text between the first two is YAML for `{name: String, description: String}`. A `---`
/// anywhere in the frontmatter (even inside a value) therefore cuts it short (§10).
fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err(
            "skipped: Goose looks for a file named exactly `SKILL.md` and does not see this one"
                .to_owned(),
        );
    }
    if skill.origin.scope != Scope::Custom && skill.dir == skill.origin.root {
        return Err(
            "skipped: Goose only looks in the subdirectories of a skills directory, not at the directory itself"
                .to_owned(),
        );
    }
    let text = super::file::utf8(skill).ok_or_else(|| {
        "skipped: the file is not valid UTF-8, so Goose cannot read it".to_owned()
    })?;
    // Only the first two pieces are read: the rest of the file is not split.
    let parts: Vec<&str> = text.splitn(3, "---").collect();
    if parts.len() < 3 {
        return Err(
            "skipped: the file has fewer than two `---`, so Goose finds no frontmatter".to_owned(),
        );
    }
    let yaml = parts[1].trim();
    let fields = match super::file::yaml(skill, yaml) {
        Yaml::Mapping(fields) => fields,
        Yaml::NotMapping(kind) => {
            return Err(format!(
                "skipped: the text between the first two `---` is a YAML {kind}, not a mapping"
            ));
        }
        Yaml::Invalid(err) => {
            return Err(format!(
                "skipped: the text between the first two `---` is not valid YAML: {}",
                err.reason
            ));
        }
    };
    Ok(Admitted {
        name: string_field(&fields, yaml, "name")?,
        description: Some(string_field(&fields, yaml, "description")?),
    })
}

/// A field deserialized as a Rust `String` by serde_yaml: any scalar, as its text; a collection
/// or a missing or repeated key is an error.
fn string_field(fields: &[Field], yaml: &str, key: &str) -> Result<String, String> {
    let found: Vec<&Field> = fields
        .iter()
        .filter(|f| f.key == key && f.key_kind == frontmatter::ValueKind::String)
        .collect();
    let field = match found.as_slice() {
        [] => {
            return Err(format!("skipped: no `{key}` between the first two `---`"));
        }
        [one] => *one,
        _ => return Err(format!("skipped: `{key}` appears more than once")),
    };
    scalar_text(&field.value, field, yaml)
        .ok_or_else(|| format!("skipped: `{key}` is a {}, not a string", field.kind()))
}

fn scalar_text(value: &Value, field: &Field, yaml: &str) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        // serde_yaml hands a plain scalar to a string field as written: `1.0`, `true`, `~`, "".
        Value::Null | Value::Bool(_) | Value::Number(_) => Some(
            yaml.get(field.value_span.start..field.value_span.end)
                .unwrap_or_default()
                .trim()
                .to_owned(),
        ),
        Value::Tagged(_, inner) => match inner.as_ref() {
            Value::String(s) => Some(s.clone()),
            Value::Null | Value::Bool(_) | Value::Number(_) => Some(inner.render()),
            _ => None,
        },
        Value::Sequence(_) | Value::Mapping(_) => None,
    }
}

/// `SummonClient::new`: nothing at all without skills, else `\n\n` + the header + one
/// `\n• name - description` per skill; no trailing newline.
fn render(entries: &[Entry<'_>], _cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let mut sorted: Vec<&Entry<'_>> = entries.iter().collect();
    sorted.sort_by(|a, b| {
        Collation::Bytes
            .compare(&a.name, &b.name)
            .then_with(|| a.skill.dir.cmp(&b.skill.dir))
    });
    let mut text = String::from(
        "\n\nYou have these skills at your disposal, when it is clear they can help you solve a problem or you are asked to use them:",
    );
    for entry in &sorted {
        text.push_str("\n\u{2022} ");
        text.push_str(&entry.name);
        text.push_str(" - ");
        text.push_str(entry.description());
    }
    Rendered::complete(text, sorted.len())
}

/// `handle_load_source`: the skill's text, then each Markdown file of the skill directory and of
/// its immediate subdirectories inlined, then the other files listed, then the closing line.
fn load(input: &LoadInput<'_>) -> Output {
    let call = Call::with("load", "source", input.name);
    if is_task_id(input.name) {
        return Output::tool_error(call, format!("Error: Task '{}' not found.", input.name));
    }
    let Some(entry) = input.entry() else {
        return Output::tool_error(call, unknown_source(input.name, &input.available()));
    };
    let name = &entry.name;
    let mut text = format!(
        "# Loaded: {name} (skill)\n\n## {name} (skill)\n\n{}\n\n### Content\n\n{}\n",
        entry.description(),
        body(entry)
    );
    let files: Vec<String> = input
        .resources(entry)
        .map(|r| r.files)
        .unwrap_or_default()
        .into_iter()
        .filter(|rel| rel.matches('/').count() <= 1)
        .collect();
    let mut others: Vec<&str> = Vec::new();
    for rel in &files {
        match inlined(input, entry, rel) {
            Some(content) => text.push_str(&format!("\n## {rel}\n\n{content}\n")),
            None => others.push(rel),
        }
    }
    if !others.is_empty() {
        text.push_str(&format!(
            "\n## Other Files\n\nSkill directory: {}\n\n",
            input.cx.paths.show(&entry.skill.dir)
        ));
        for rel in others {
            text.push_str(&format!("- {rel}\n"));
        }
        text.push_str("\nUse the file tools to read these files or run scripts as directed.\n");
    }
    text.push_str("\n---\nThis knowledge is now available in your context.");
    Output::tool(call, text)
}

/// `is_session_id`: `load` takes a name of eight digits, `_` and one more part for a background
/// task, whatever skills exist.
fn is_task_id(name: &str) -> bool {
    let parts: Vec<&str> = name.split('_').collect();
    matches!(parts.as_slice(), [day, _] if day.len() == 8 && day.bytes().all(|b| b.is_ascii_digit()))
}

/// The error for a name no source has, with up to three names that contain it or that it
/// contains (case-insensitively), in `(kind, name)` order.
fn unknown_source(name: &str, available: &[String]) -> String {
    let wanted = name.to_lowercase();
    let suggestions: Vec<&str> = available
        .iter()
        .filter(|s| {
            let s = s.to_lowercase();
            s.contains(&wanted) || wanted.contains(&s)
        })
        .take(3)
        .map(String::as_str)
        .collect();
    if suggestions.is_empty() {
        format!("Error: Source '{name}' not found. Use load() to see available sources.")
    } else {
        format!(
            "Error: Source '{name}' not found. Did you mean: {}?",
            suggestions.join(", ")
        )
    }
}

/// `parse_frontmatter`'s body: everything after the second `---`, trimmed.
fn body(entry: &Entry<'_>) -> String {
    let text = String::from_utf8_lossy(entry.skill.source.bytes());
    let parts: Vec<&str> = text.split("---").collect();
    parts
        .get(2..)
        .map_or_else(String::new, |rest| rest.join("---").trim().to_owned())
}

/// A Markdown (`.md`, `.mdx`) file's trimmed text when Goose inlines it: one that resolves
/// inside the skill directory and reads as UTF-8. Anything else is listed instead.
fn inlined(input: &LoadInput<'_>, entry: &Entry<'_>, rel: &str) -> Option<String> {
    let markdown = Path::new(rel)
        .extension()
        .is_some_and(|ext| ext == "md" || ext == "mdx");
    if !markdown {
        return None;
    }
    let resource = input
        .provider
        .read_resource_of(entry.skill, rel, None)
        .ok()
        .filter(|r| !r.lossy)?;
    let mut content = resource.text.trim().to_owned();
    if let Some(notice) = resource.truncation_notice() {
        content.push('\n');
        content.push_str(&notice);
    }
    Some(content)
}

/// The developer extension's `read` tool limits.
const READ_MAX_LINES: usize = 2000;
const READ_MAX_BYTES: usize = 50 * 1024;

/// The developer extension's `read` tool on a file of the skill: 0-indexed `offset`, `limit`,
/// the lines joined with `\n`, cut at 2000 lines or 50KB with a note on how to go on.
fn read(input: &ReadInput<'_>) -> Output {
    let shown = |entry: Option<&Entry<'_>>| match entry {
        Some(entry) => input.cx.paths.show(&entry.skill.dir.join(input.path)),
        None => input.path.to_owned(),
    };
    let offset = input.lines.map(|l| l.start - 1);
    let limit = input.lines.and_then(|l| l.end.map(|end| end - l.start + 1));
    let mut arguments = serde_json::json!({ "path": shown(input.entry()) });
    if let Some(offset) = offset {
        arguments["offset"] = offset.into();
    }
    if let Some(limit) = limit {
        arguments["limit"] = limit.into();
    }
    let call = Call {
        tool: "read".to_owned(),
        arguments: arguments.to_string(),
    };
    let Some(entry) = input.entry() else {
        return Output::tool_error(call, unknown_source(input.name, &input.available()));
    };
    let path = shown(Some(entry));
    let resource = match input
        .provider
        .read_resource_of(entry.skill, input.path, None)
    {
        Ok(resource) => resource,
        Err(err) => {
            let text = match err {
                ResourceError::NotFound { .. } => format!("File not found: {path}"),
                ResourceError::NotAFile { .. } => format!("Path is not a file: {path}"),
                ResourceError::Binary { .. } => {
                    format!("Refusing to read binary file as text: {path}")
                }
                other => other.to_string(),
            };
            return Output::tool_error(call, text);
        }
    };
    if resource.text.is_empty() {
        return Output::tool(call, "File is empty.");
    }
    if mostly_control(resource.text.as_bytes()) {
        return Output::tool_error(
            call,
            format!("Refusing to read binary file as text: {path}"),
        );
    }
    match read_text(&resource.text, &path, offset, limit) {
        Ok(text) => Output::tool(call, text),
        Err(text) => Output::tool_error(call, text),
    }
}

/// `is_probably_binary` beyond the NUL check: more than 30% of the first 8KB are control bytes.
fn mostly_control(bytes: &[u8]) -> bool {
    let sample = &bytes[..bytes.len().min(8 * 1024)];
    let control = sample
        .iter()
        .filter(|b| !matches!(b, b'\n' | b'\r' | b'\t' | 0x20..=0x7e | 0x80..=0xff))
        .count();
    control * 10 > sample.len() * 3
}

/// `read_text` from the selection on: the lines as Rust's `str::lines` splits them.
fn read_text(
    text: &str,
    path: &str,
    offset: Option<usize>,
    limit: Option<usize>,
) -> Result<String, String> {
    let all: Vec<&str> = text.lines().collect();
    let total = all.len();
    let start = offset.unwrap_or(0);
    if start >= total {
        return Err(format!(
            "Offset {start} is beyond end of file ({total} lines total). Offsets are 0-indexed."
        ));
    }
    let end = limit.map_or(total, |limit| start.saturating_add(limit).min(total));
    let selected = all[start..end].join("\n");
    let cut = cut_head(&selected, READ_MAX_LINES, READ_MAX_BYTES);
    if cut.first_line_too_long {
        let line = start + 1;
        let size = all.get(start).map_or(0, |l| l.len());
        return Ok(format!(
            "[Line {line} is {}, exceeds {} limit. Use shell: sed -n '{line}p' {path} | head -c {READ_MAX_BYTES}]",
            format_size(size),
            format_size(READ_MAX_BYTES)
        ));
    }
    let mut out = if cut.content.is_empty() {
        "(no output)".to_owned()
    } else {
        cut.content
    };
    match cut.by {
        Some(by) => {
            let last = start + cut.lines.saturating_sub(1);
            let (first, shown_last, next) = (start + 1, last + 1, last + 1);
            out.push_str(&match by {
                CutBy::Lines => format!(
                    "\n\n[Showing lines {first}-{shown_last} of {total}. Offsets are 0-indexed; use offset={next} to continue.]"
                ),
                CutBy::Bytes => format!(
                    "\n\n[Showing lines {first}-{shown_last} of {total} ({} limit). Offsets are 0-indexed; use offset={next} to continue.]",
                    format_size(READ_MAX_BYTES)
                ),
            });
        }
        None if limit.is_some() && end < total => {
            out.push_str(&format!(
                "\n\n[{} more lines in file. Offsets are 0-indexed; use offset={end} to continue.]",
                total - end
            ));
        }
        None => {}
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self, ChangeKind};

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    fn skill(dir: &str, md: &str) -> MemorySkill {
        MemorySkill::new(dir, md).in_scope(Scope::Project, 0)
    }

    #[test]
    fn sorted_by_byte_order_with_bullets_and_no_trailing_newline() {
        let cat = build(vec![
            skill("/p/s/b", "---\nname: beta\ndescription: B & <b>\n---\n"),
            skill("/p/s/a", "---\nname: Zed\ndescription: Z\n---\n"),
            skill("/p/s/c", "---\nname: _x\ndescription: X\n---\n"),
        ]);
        assert_eq!(
            cat.text,
            "\n\nYou have these skills at your disposal, when it is clear they can help you solve a problem or you are asked to use them:\n\u{2022} Zed - Z\n\u{2022} _x - X\n\u{2022} beta - B & <b>"
        );
    }

    #[test]
    fn nothing_without_skills() {
        assert_eq!(build(Vec::new()).text, "");
    }

    #[test]
    fn a_dash_run_inside_the_yaml_cuts_the_frontmatter() {
        // The YAML seen is `name: a\ndescription: before`: the description is cut short.
        let cut = build(vec![skill(
            "/p/s/a",
            "---\nname: a\ndescription: before---after\n---\n",
        )]);
        assert!(cut.text.ends_with("\u{2022} a - before"));
        // Here the cut leaves an unclosed quote: the skill is skipped.
        let broken = build(vec![skill(
            "/p/s/a",
            "---\nname: a\ndescription: \"x --- y\"\n---\n",
        )]);
        assert_eq!(broken.listed, 0);
        assert_eq!(broken.changes[0].kind, ChangeKind::Skipped);
        let intro = build(vec![skill(
            "/p/s/a",
            "intro\n---\nname: a\ndescription: before\n---\n",
        )]);
        assert_eq!(intro.listed, 1, "text before the first `---` is ignored");
    }

    #[test]
    fn scalars_are_read_as_written_and_collections_skip() {
        let cat = build(vec![
            skill("/p/s/a", "---\nname: 1.50\ndescription: true\n---\n"),
            skill("/p/s/b", "---\nname: b\ndescription:\n---\n"),
            skill("/p/s/c", "---\nname: c\ndescription: [x]\n---\n"),
            skill("/p/s/d", "---\nname: d\nname: e\ndescription: x\n---\n"),
        ]);
        assert!(cat.text.contains("\u{2022} 1.50 - true"));
        assert!(cat.text.ends_with("\u{2022} b - "));
        assert_eq!(cat.listed, 2);
        let skipped: Vec<&str> = cat.changes.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(skipped, ["c", "e"]);
    }

    #[test]
    fn first_name_found_wins() {
        let cat = build(vec![
            skill(
                "/p/.goose/skills/a",
                "---\nname: a\ndescription: local\n---\n",
            ),
            skill(
                "/h/.claude/skills/a",
                "---\nname: a\ndescription: global\n---\n",
            ),
        ]);
        assert!(cat.text.ends_with("\u{2022} a - local"));
        assert_eq!(cat.changes[0].kind, ChangeKind::Shadowed);
    }

    #[test]
    fn config_dir_follows_the_environment() {
        let env = Env::new("/p", Some("/h".into()));
        assert_eq!(config_dir(&env), Some(PathBuf::from("/h/.config/goose")));
        let xdg = env.clone().with_var("XDG_CONFIG_HOME", "/x");
        assert_eq!(config_dir(&xdg), Some(PathBuf::from("/x/goose")));
        let relative = env.clone().with_var("XDG_CONFIG_HOME", "x");
        assert_eq!(
            config_dir(&relative),
            Some(PathBuf::from("/h/.config/goose"))
        );
        let root = xdg.with_var("GOOSE_PATH_ROOT", "/r");
        assert_eq!(config_dir(&root), Some(PathBuf::from("/r/config")));
    }

    fn pdf() -> MemorySkill {
        skill(
            "/p/.goose/skills/pdf",
            "---\nname: pdf\ndescription: PDFs.\n---\n\n# PDF\n---\nafter a rule\n\n",
        )
    }

    fn loaded(skills: Vec<MemorySkill>, name: &str, earlier: usize) -> Output {
        crate::targets::load::testing::load(&TARGET, skills, name, earlier)
    }

    fn read_of(text: &str, lines: Option<&str>) -> Output {
        let skills = vec![pdf().with_file("notes.txt", text)];
        crate::targets::load::testing::read(&TARGET, skills, "pdf", "notes.txt", lines)
    }

    #[test]
    fn markdown_is_inlined_one_level_down_and_a_reload_is_the_same() {
        let skills = || {
            vec![
                pdf()
                    .with_file("references/a.md", "\n# A\n\n")
                    .with_file("references/deep/b.md", "# B")
                    .with_file("guide.mdx", "G")
                    .with_file("references/bad.md", b"\xff".to_vec()),
            ]
        };
        let first = loaded(skills(), "pdf", 0);
        assert_eq!(
            first.display(),
            "# Loaded: pdf (skill)\n\n## pdf (skill)\n\nPDFs.\n\n### Content\n\n# PDF\n---\nafter a rule\n\n## guide.mdx\n\nG\n\n## references/a.md\n\n# A\n\n## Other Files\n\nSkill directory: /p/.goose/skills/pdf\n\n- references/bad.md\n\nUse the file tools to read these files or run scripts as directed.\n\n---\nThis knowledge is now available in your context."
        );
        assert_eq!(
            first.call.as_ref().map(|c| c.arguments.as_str()),
            Some(r#"{"source":"pdf"}"#)
        );
        assert_eq!(loaded(skills(), "pdf", 1), first);
    }

    #[test]
    fn only_markdown_files_leave_out_the_other_files_section() {
        let out = loaded(vec![pdf().with_file("references/a.md", "A")], "pdf", 0);
        assert!(out.display().ends_with(
            "## references/a.md\n\nA\n\n---\nThis knowledge is now available in your context."
        ));
    }

    #[test]
    fn task_ids_and_unknown_sources() {
        let out = loaded(vec![pdf()], "20260204_1", 0);
        assert!(out.error);
        assert_eq!(out.display(), "Error: Task '20260204_1' not found.");
        let many = vec![
            pdf(),
            skill(
                "/p/.goose/skills/b",
                "---\nname: pdf-b\ndescription: B\n---\n",
            ),
            skill(
                "/p/.goose/skills/c",
                "---\nname: pdf-c\ndescription: C\n---\n",
            ),
            skill(
                "/p/.goose/skills/d",
                "---\nname: pdf-d\ndescription: D\n---\n",
            ),
        ];
        assert_eq!(
            loaded(many, "PDF-", 0).display(),
            "Error: Source 'PDF-' not found. Did you mean: pdf, pdf-b, pdf-c?"
        );
    }

    #[test]
    fn reads_cut_long_files_and_say_how_to_go_on() {
        let long: String = (1..=2500).map(|i| format!("{i}\n")).collect();
        let out = read_of(&long, None);
        assert!(out.display().ends_with(
            "1999\n2000\n\n[Showing lines 1-2000 of 2500. Offsets are 0-indexed; use offset=2000 to continue.]"
        ));
        let wide = format!("{}\nnext", "x".repeat(60 * 1024));
        assert_eq!(
            read_of(&wide, None).display(),
            "[Line 1 is 60.0KB, exceeds 50.0KB limit. Use shell: sed -n '1p' /p/.goose/skills/pdf/notes.txt | head -c 51200]"
        );
        let out = read_of("a\nb\nc\n", Some("2:"));
        assert_eq!(out.display(), "b\nc");
        assert_eq!(
            out.call.map(|c| c.arguments),
            Some(r#"{"offset":1,"path":"/p/.goose/skills/pdf/notes.txt"}"#.to_owned())
        );
    }

    #[test]
    fn reads_refuse_what_the_read_tool_refuses() {
        let past = read_of("a\n", Some("5:6"));
        assert!(past.error);
        assert_eq!(
            past.display(),
            "Offset 4 is beyond end of file (1 lines total). Offsets are 0-indexed."
        );
        assert_eq!(read_of("", None).display(), "File is empty.");
        let control = read_of("\u{1}\u{2}\u{3}ab", None);
        assert!(control.error);
        assert!(
            control
                .display()
                .starts_with("Refusing to read binary file as text: ")
        );
        assert_eq!(read_of("\n", None).display(), "(no output)");
    }
}
