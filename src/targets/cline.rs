//! `cline`: Cline's `skills` tool, whose description ends with the skill names in one sentence,
//! in the order the directories were read; and the `<command-name>` text the tool returns.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::catalog::{Admitted, Change, ChangeKind, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec};
use super::load::{Call, LoadInput, Output, Placement, ReadInput, Session};
use super::text::{Collation, Unit, js_trim, prefix_within};
use super::{Budget, Confidence, ExtraField, NameCharset, Target, Verified};
use crate::frontmatter::{Field, Value, Yaml};
use crate::hash::HashMap;
use crate::provider::ResourceError;
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "cline",
    display: "Cline",
    rejects_unknown_fields: false,
    extra_fields: &[
        ExtraField {
            key: "disabled",
            meaning: "`true` keeps the skill out of the list; the tool says it is disabled",
        },
        ExtraField {
            key: "enabled",
            meaning: "`false` disables the skill like `disabled: true`",
        },
    ],
    metadata_keys: &[],
    name_charset: NameCharset::Unicode,
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "the description of the `skills` tool (no tool without skills); the system prompt lists none",
    roots,
    roots_summary: ".clinerules/skills, .cline/skills and .agents/skills in the workspace (the git root, else the working directory), then $CLINE_DIR/skills (default ~/.cline/skills) and ~/.agents/skills; each skill is a folder holding SKILL.md directly inside one of them, or the root itself",
    collision: Collision::LastWinsInPlace,
    admit,
    broken_skill: "left out: frontmatter YAML that does not parse (a repeated key included), `name` or `description` that is not a string, `disabled` or `enabled` that is not a boolean, or no body",
    fields_read: &["name", "description", "disabled", "enabled"],
    ordering: "the order the directories were read (not sorted): the roots in turn, each root's entries as the file system returns them",
    escaping: "none",
    whitespace: "names are trimmed; the list is one sentence, `Available skills: a, b.`",
    budget: Budget::NONE,
    render,
    leave_one_out: None,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::ToolDescription,
        modes: &[],
        reload: "the same text again (only a skill still running is refused)",
    },
    builtins_note: "",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: Some(Verified {
        client: "Cline CLI",
        version: "3.0.65",
        captured: "2026-11-24",
        cases: 14,
        recordings: "cline@3.0.65",
    }),
    decisions: &[
        "Directories are read with std::fs::read_dir, which returns entries in the order the file system keeps them, as Cline's readdir does: on the same file system the order is Cline's, and it may differ on another",
        "Collisions are settled by exact name (Cline compares names lowercased) and the winner is listed at its own place in the read order, not at the place of the skill it replaced",
        "The catalog is the whole `skills` tool description: Cline's fixed text, a space and `Available skills: …`; with skills that are all disabled it is the fixed text alone, and with none at all there is no tool, so nothing",
        "Agent-plugin skills and the workspace's .cline plugin folders are not listed",
        "load is the `skills` tool (`skill`, `args` null): the name is trimmed, stripped of leading `/` and matched without regard to case; the result is `<command-name>NAME</command-name>`, then `<command-instructions>`, `Description: …` and a blank line when there is a description, the trimmed body and the closing tag, each on its own line",
        "Reads use `read_files` with one entry ({path, start_line, end_line}); the result is the tool's JSON list with one object: the lines numbered `N | text` (numbers padded to the widest shown), at most 2000 lines of at most 2000 characters each and about 48000 characters in all, with Cline's note when lines were left; a failed read is `Error reading file: …` with success false",
    ],

    confidence: Confidence::Source,
    reference: "npm @cline/core 0.0.86 (bundled in cline 3.0.65): skill discovery (resolveSkillsConfigSearchPaths in @cline/shared, the unified config watcher), frontmatter parsing, the `skills` tool and `read_files`",
};

/// The `skills` tool's fixed description.
const TOOL: &str = "Execute a skill within the main conversation. When users ask you to perform tasks, check if any available skills match. When users reference a slash command, invoke it with this tool. Input: `skill` (required) and optional `args`. Example: `skill: \"pdf\"`, `skill: \"commit\", args: \"-m \\\"Fix bug\\\"\"`, `skill: \"review-pr\", args: \"123\"`, `skill: \"ms-office-suite:pdf\"`. When a skill matches the user's request, invoking this tool is a blocking requirement before any other response. Never mention a skill without invoking this tool.";

/// `read_files` limits: lines, characters a line, characters in all.
const READ_MAX_LINES: usize = 2000;
const READ_MAX_LINE: u64 = 2000;
const READ_MAX_CHARS: usize = 48_000;
/// How far past the cap lines are still counted for the total.
const READ_COUNT_AHEAD: usize = 50_000;

fn roots(env: &Env) -> Vec<RootSpec> {
    let workspace = env.project_root(".git");
    let mut dirs: Vec<(PathBuf, Scope)> = [".clinerules", ".cline", ".agents"]
        .iter()
        .map(|d| (workspace.join(d).join("skills"), Scope::Project))
        .collect();
    dirs.extend(
        env.var_dir("CLINE_DIR", ".cline")
            .map(|dir| (dir.join("skills"), Scope::User)),
    );
    dirs.extend(env.home_join(".agents/skills").map(|d| (d, Scope::User)));
    let mut roots: Vec<RootSpec> = Vec::new();
    for (path, scope) in dirs {
        if roots.iter().all(|r| r.path != path) {
            roots.push(RootSpec::one_level(path, scope).without_gitignore());
        }
    }
    roots
}

/// A skill as Cline reads it.
struct Parsed<'a> {
    name: String,
    description: Option<String>,
    disabled: bool,
    body: &'a str,
}

/// The frontmatter block and the body: `^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$` on the
/// text without its byte order mark; `None` when it does not match.
fn split(text: &str) -> Option<(&str, &str)> {
    let rest = text
        .strip_prefix("---\r\n")
        .or_else(|| text.strip_prefix("---\n"))?;
    let at = rest.find("\n---")?;
    let yaml_end = if rest[..at].ends_with('\r') {
        at - 1
    } else {
        at
    };
    let after = &rest[at + 4..];
    let after = after.strip_prefix('\r').unwrap_or(after);
    let after = after.strip_prefix('\n').unwrap_or(after);
    Some((&rest[..yaml_end], after))
}

/// `SZ`: a string field trimmed, `None` when absent, null or blank; an error for another type.
fn string(fields: &[Field], key: &str) -> Result<Option<String>, String> {
    match fields.iter().find(|f| f.key == key).map(|f| &f.value) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => {
            let s = js_trim(s);
            Ok((!s.is_empty()).then(|| s.to_owned()))
        }
        Some(other) => Err(format!(
            "Frontmatter field '{key}' must be a string, not a {}",
            other.kind()
        )),
    }
}

/// `Z8`: a boolean field, `None` when absent or null; an error for another type.
fn boolean(fields: &[Field], key: &str) -> Result<Option<bool>, String> {
    match fields.iter().find(|f| f.key == key).map(|f| &f.value) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(other) => Err(format!(
            "Frontmatter field '{key}' must be a boolean, not a {}",
            other.kind()
        )),
    }
}

fn parse(skill: &Skill) -> Result<Parsed<'_>, String> {
    let text = skill.source.text();
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let (fields, body) = match split(text) {
        None => (Vec::new(), text),
        Some((yaml, body)) => match super::file::yaml(skill, yaml) {
            Yaml::Mapping(fields) => {
                if let Some((_, f)) = fields
                    .iter()
                    .enumerate()
                    .find(|(i, f)| fields[..*i].iter().any(|g| g.key == f.key))
                {
                    return Err(format!(
                        "Failed to parse YAML frontmatter: Map keys must be unique (`{}`)",
                        f.key
                    ));
                }
                (fields, body)
            }
            Yaml::NotMapping(_) => (Vec::new(), body),
            Yaml::Invalid(err) => {
                return Err(format!("Failed to parse YAML frontmatter: {}", err.reason));
            }
        },
    };
    let body = js_trim(body);
    if body.is_empty() {
        return Err("Missing instructions body in skill file.".to_owned());
    }
    let name = match string(&fields, "name")? {
        Some(name) => name,
        None => js_trim(&skill.dir_name()).to_owned(),
    };
    if name.is_empty() {
        return Err("Missing skill name.".to_owned());
    }
    let description = string(&fields, "description")?;
    let disabled = match boolean(&fields, "disabled")? {
        Some(disabled) => disabled,
        None => boolean(&fields, "enabled")? == Some(false),
    };
    Ok(Parsed {
        name,
        description,
        disabled,
        body,
    })
}

fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err("skipped: Cline reads <folder>/SKILL.md exactly".to_owned());
    }
    let parsed = parse(skill).map_err(|e| format!("skipped: {e}"))?;
    Ok(Admitted {
        name: parsed.name,
        description: parsed.description,
    })
}

fn disabled(skill: &Skill) -> bool {
    parse(skill).is_ok_and(|p| p.disabled)
}

/// The entries in the order Cline reads them: by root, then by each root's `read_dir` order
/// (a skill given as data, with no directory to read, keeps its place).
fn read_order<'e, 'a>(entries: &'e [Entry<'a>]) -> Vec<&'e Entry<'a>> {
    if entries.len() < 2 {
        return entries.iter().collect();
    }
    let mut listings: HashMap<PathBuf, Option<HashMap<OsString, usize>>> = HashMap::default();
    let mut position = |skill: &Skill| -> usize {
        let (parent, name) = if skill.dir == skill.origin.root {
            (skill.dir.as_path(), OsString::from("SKILL.md"))
        } else {
            match (skill.dir.parent(), skill.dir.file_name()) {
                (Some(parent), Some(name)) => (parent, name.to_owned()),
                _ => return usize::MAX,
            }
        };
        let listing = listings
            .entry(parent.to_path_buf())
            .or_insert_with(|| read_dir_names(parent));
        listing
            .as_ref()
            .and_then(|names| names.get(&name).copied())
            .unwrap_or(usize::MAX)
    };
    let mut keyed: Vec<(usize, usize, usize, &Entry<'_>)> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| (e.skill.origin.root_index, position(e.skill), i, e))
        .collect();
    keyed.sort_by_key(|(root, pos, i, _)| (*root, *pos, *i));
    keyed.into_iter().map(|(.., e)| e).collect()
}

/// Where each of a directory's entry names comes in `read_dir` order.
fn read_dir_names(dir: &Path) -> Option<HashMap<OsString, usize>> {
    let entries = std::fs::read_dir(dir).ok()?;
    let mut names = HashMap::default();
    for (i, entry) in entries.flatten().enumerate() {
        names.entry(entry.file_name()).or_insert(i);
    }
    Some(names)
}

/// How the tool names a skill: its name, or for a name with `:` the lowercased id.
fn listed_name(name: &str) -> String {
    if name.contains(':') {
        js_trim(name).to_lowercase()
    } else {
        js_trim(name).to_owned()
    }
}

fn render(entries: &[Entry<'_>], _cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let mut names = Vec::new();
    let mut changes = Vec::new();
    for entry in read_order(entries) {
        if disabled(entry.skill) {
            changes.push(Change::new(
                entry,
                ChangeKind::Skipped,
                "disabled in its frontmatter: not named in the tool description",
            ));
        } else {
            names.push(listed_name(&entry.name));
        }
    }
    let text = if names.is_empty() {
        TOOL.to_owned()
    } else {
        format!("{TOOL} Available skills: {}.", names.join(", "))
    };
    Rendered {
        text,
        listed: names.len(),
        budget: None,
        changes,
    }
}

/// `O7`: trimmed, leading slashes removed, lowercased.
fn normal(name: &str) -> String {
    js_trim(name).trim_start_matches('/').to_lowercase()
}

/// Whether `name` is `wanted` (already [`normal`]) once made normal: ASCII names compared in
/// place, since a load looks through every skill.
fn normal_is(name: &str, wanted: &str) -> bool {
    // Ends that are printable ASCII other than `/` are neither trimmed nor taken off, and an
    // ASCII name keeps its length in lower case.
    if let (Some(&first), Some(&last)) = (name.as_bytes().first(), name.as_bytes().last())
        && (b'!'..=b'~').contains(&first)
        && (b'!'..=b'~').contains(&last)
        && first != b'/'
        && name.len() != wanted.len()
        && name.is_ascii()
    {
        return false;
    }
    let name = js_trim(name).trim_start_matches('/');
    if name.is_ascii() {
        name.len() == wanted.len()
            && name
                .bytes()
                .zip(wanted.bytes())
                .all(|(a, b)| a.to_ascii_lowercase() == b)
    } else {
        name.to_lowercase() == wanted
    }
}

fn load(input: &LoadInput<'_>) -> Output {
    let call = Call::with_args(
        "skills",
        &[
            ("skill", input.name.into()),
            ("args", serde_json::Value::Null),
        ],
    );
    let wanted = normal(input.name);
    let Some(entry) = input.known.iter().find(|e| normal_is(&e.name, &wanted)) else {
        let mut enabled: Vec<String> = input
            .known
            .iter()
            .filter(|e| !disabled(e.skill))
            .map(|e| js_trim(&e.name).to_owned())
            .filter(|n| !n.is_empty())
            .collect();
        enabled.sort_by(|a, b| Collation::Locale.compare(a, b));
        let text = if enabled.is_empty() {
            "No skills are currently available.".to_owned()
        } else {
            format!(
                "Skill \"{}\" not found. Available skills: {}",
                input.name,
                enabled.join(", ")
            )
        };
        return Output::tool_error(call, text);
    };
    let Ok(parsed) = parse(entry.skill) else {
        return Output::tool_error(call, format!("Skill \"{}\" could not be read.", entry.name));
    };
    if parsed.disabled {
        return Output::tool_error(
            call,
            format!("Skill \"{}\" is configured but disabled.", parsed.name),
        );
    }
    let description = parsed
        .description
        .as_deref()
        .map_or_else(String::new, |d| format!("Description: {d}\n\n"));
    Output::tool(
        call,
        format!(
            "<command-name>{}</command-name>\n<command-instructions>\n{description}{}\n</command-instructions>",
            parsed.name, parsed.body
        ),
    )
}

/// A JSON string literal, as `JSON.stringify` writes one.
fn json(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

fn read(input: &ReadInput<'_>) -> Output {
    let dir = input.entry().map_or_else(
        || {
            input
                .cx
                .env
                .project_root(".git")
                .join(".agents/skills")
                .join(input.name)
        },
        |e| e.skill.dir.clone(),
    );
    let path = input.cx.paths.show(&dir.join(input.path));
    let start = input.lines.map(|l| l.start);
    let end = input.lines.and_then(|l| l.end);
    let number = |n: Option<usize>| n.map_or(serde_json::Value::Null, serde_json::Value::from);
    let file = format!(
        "{{\"path\":{},\"start_line\":{},\"end_line\":{}}}",
        json(&path),
        number(start),
        number(end)
    );
    let call = Call {
        tool: "read_files".to_owned(),
        arguments: format!("{{\"files\":[{file}]}}"),
    };
    let query = if start.is_none() && end.is_none() {
        path.clone()
    } else {
        format!(
            "{path}:{}-{}",
            start.unwrap_or(1),
            end.map_or_else(|| "EOF".to_owned(), |e| e.to_string())
        )
    };
    let failed = |message: String| {
        Output::tool_error(
            call.clone(),
            format!(
                "[{{\"query\":{},\"result\":\"\",\"error\":{},\"success\":false}}]",
                json(&query),
                json(&format!("Error reading file: {message}"))
            ),
        )
    };
    let Some(entry) = input.entry() else {
        return failed(format!("ENOENT: no such file or directory, stat '{path}'"));
    };
    let text = match input
        .provider
        .read_resource_of(entry.skill, input.path, None)
    {
        Ok(resource) => resource.text,
        Err(ResourceError::NotFound { .. }) => {
            return failed(format!("ENOENT: no such file or directory, stat '{path}'"));
        }
        Err(ResourceError::NotAFile { .. }) => {
            return failed(format!("Path is not a file: {path}"));
        }
        Err(err) => return failed(err.to_string()),
    };
    let result = numbered(&text, start, end);
    Output::tool(
        call,
        format!(
            "[{{\"query\":{},\"result\":{},\"success\":true}}]",
            json(&query),
            json(&result)
        ),
    )
}

/// Lines as Node's `readline` yields them: split at `\r\n`, `\n` or `\r`, no empty last line
/// after a final break.
fn readline(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        match rest.find(['\n', '\r']) {
            Some(at) => {
                lines.push(&rest[..at]);
                let skip = if rest[at..].starts_with("\r\n") { 2 } else { 1 };
                rest = &rest[at + skip..];
            }
            None => {
                lines.push(rest);
                rest = "";
            }
        }
    }
    lines
}

/// `read_files` on a text: numbered lines from `start` to `end` within its caps, and the note
/// that says which lines were shown.
fn numbered(text: &str, start: Option<usize>, end: Option<usize>) -> String {
    let first = start.unwrap_or(1).max(1);
    let bounded = end.is_some();
    let last_wanted = end.unwrap_or(usize::MAX);
    let count_to = end.unwrap_or(first + READ_COUNT_AHEAD - 1);
    let cap = end.map_or(first + READ_MAX_LINES - 1, |e| {
        e.min(first + READ_MAX_LINES - 1)
    });
    let width_cost = cap.to_string().len() + 3;
    let mut kept: Vec<(usize, String)> = Vec::new();
    let mut chars = 0;
    let mut seen = 0;
    let mut full = false;
    let mut more = false;
    for line in readline(text) {
        seen += 1;
        if seen > last_wanted {
            seen = last_wanted;
            break;
        }
        if !bounded && full && seen >= count_to {
            more = true;
            break;
        }
        if seen < first || full {
            continue;
        }
        if kept.len() >= READ_MAX_LINES {
            full = true;
            continue;
        }
        let shown = if Unit::Utf16.measure(line) > READ_MAX_LINE {
            format!(
                "{} [line truncated]",
                prefix_within(line, Unit::Utf16, READ_MAX_LINE)
            )
        } else {
            line.to_owned()
        };
        let cost = chars + Unit::Utf16.measure(&shown) as usize + width_cost + 1;
        if cost > READ_MAX_CHARS && !kept.is_empty() {
            full = true;
            continue;
        }
        kept.push((seen, shown));
        chars = cost;
    }
    let Some(&(last, _)) = kept.last() else {
        return String::new();
    };
    let width = last.to_string().len();
    let lines: Vec<String> = kept
        .iter()
        .map(|(n, line)| format!("{n:>width$} | {line}"))
        .collect();
    let out = lines.join("\n");
    let total = last_wanted.min(seen);
    if last >= total {
        return out;
    }
    let of = if more {
        format!("{seen}+ lines")
    } else {
        total.to_string()
    };
    format!(
        "{out}\n\n[Showing lines {first}-{last} of {of}. Use start_line/end_line to read other sections.]"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog;
    use crate::targets::load::testing::{load as load_of, read as read_of};

    fn skill(dir: &str, md: &str) -> MemorySkill {
        MemorySkill::new(dir, md).in_scope(Scope::Project, 0)
    }

    #[test]
    fn normal_names_compare_as_the_normal_forms_do() {
        let names = [
            "pdf",
            " /PDF ",
            "//Pdf",
            "pdfs",
            "ΣΑΣ",
            "σας",
            "Straße",
            "STRASSE",
            "",
            "/",
            "İx",
            "xİx",
            "xi\u{307}x",
        ];
        for a in names {
            for b in names {
                assert_eq!(
                    normal_is(a, &normal(b)),
                    normal(a) == normal(b),
                    "{a:?} {b:?}"
                );
            }
        }
    }

    #[test]
    fn names_end_the_tool_description() {
        let cat = catalog::testing::catalog(
            &TARGET,
            vec![
                skill(
                    "/p/.agents/skills/b",
                    "---\nname: b\ndescription: B\n---\nBody\n",
                ),
                skill("/p/.agents/skills/a", "---\ndescription: A\n---\nBody\n"),
                skill(
                    "/p/.agents/skills/off",
                    "---\ndescription: O\nenabled: false\n---\nBody\n",
                ),
            ],
        );
        // Not sorted: the order found (skills given as data keep theirs).
        assert_eq!(cat.text, format!("{TOOL} Available skills: b, a."));
        assert_eq!(cat.changes[0].kind, ChangeKind::Skipped);
        assert_eq!(catalog::testing::catalog(&TARGET, Vec::new()).text, "");
    }

    #[test]
    fn what_cline_keeps() {
        let cat = catalog::testing::catalog(
            &TARGET,
            vec![
                skill("/p/s/plain", "no frontmatter, just text\n"),
                skill("/p/s/four", "----\nname: x\n----\nbody\n"),
                skill("/p/s/list", "---\ndescription: [a]\n---\nbody\n"),
                skill("/p/s/dup", "---\nname: a\nname: b\n---\nbody\n"),
                skill("/p/s/bad", "---\ndescription: a: b\n---\nbody\n"),
                skill("/p/s/empty", "---\nname: empty\n---\n  \n"),
                skill(
                    "/p/s/odd",
                    "---\nname: odd\ndisabled: yes please\n---\nbody\n",
                ),
                skill("/p/s/spaced", "---\nname: '  Spaced Name  '\n---\nbody\n"),
            ],
        );
        assert_eq!(
            cat.text,
            format!("{TOOL} Available skills: plain, four, Spaced Name.")
        );
    }

    #[test]
    fn a_load_is_the_command_text() {
        let skills = || {
            vec![
                skill(
                    "/p/s/Kit",
                    "---\nname: Kit\ndescription: ' Does it. '\n---\n\n# Kit\r\n\r\nGo.\n\n",
                ),
                skill("/p/s/off", "---\ndisabled: true\n---\nbody\n"),
            ]
        };
        let out = load_of(&TARGET, skills(), " /kit", 0);
        assert_eq!(
            out.display(),
            "<command-name>Kit</command-name>\n<command-instructions>\nDescription: Does it.\n\n# Kit\r\n\r\nGo.\n</command-instructions>"
        );
        assert_eq!(
            out.call.unwrap().arguments,
            r#"{"skill":" /kit","args":null}"#
        );
        assert_eq!(
            load_of(&TARGET, skills(), "off", 0).display(),
            "Skill \"off\" is configured but disabled."
        );
        assert_eq!(
            load_of(&TARGET, skills(), "nope", 0).display(),
            "Skill \"nope\" not found. Available skills: Kit"
        );
    }

    #[test]
    fn reads_number_lines_and_return_the_tools_json() {
        let md = skill("/p/s/a", "---\ndescription: d\n---\nbody\n")
            .with_file("r.md", "one\r\ntwo\n")
            .with_file(
                "long.md",
                (1..=12).map(|i| format!("l{i}\n")).collect::<String>(),
            );
        let out = read_of(&TARGET, vec![md.clone()], "a", "r.md", None);
        assert_eq!(
            out.display(),
            r#"[{"query":"/p/s/a/r.md","result":"1 | one\n2 | two","success":true}]"#
        );
        let part = read_of(&TARGET, vec![md.clone()], "a", "long.md", Some("9:10"));
        assert_eq!(
            part.display(),
            r#"[{"query":"/p/s/a/long.md:9-10","result":" 9 | l9\n10 | l10","success":true}]"#
        );
        let missing = read_of(&TARGET, vec![md], "a", "none.md", None);
        assert!(missing.error);
        assert!(
            missing
                .display()
                .contains(r#""result":"","error":"Error reading file: ENOENT"#)
        );
        let many: String = (1..=2100).map(|i| format!("{i}\n")).collect();
        assert!(numbered(&many, None, None).ends_with(
            "2000 | 2000\n\n[Showing lines 1-2000 of 2100. Use start_line/end_line to read other sections.]"
        ));
        assert_eq!(readline("a\rb\r\nc"), ["a", "b", "c"]);
    }

    #[test]
    fn roots_follow_the_workspace_and_cline_dir() {
        let env = Env::new("/no-such-dir/p", Some("/h".into())).with_var("CLINE_DIR", "/c");
        let paths: Vec<String> = roots(&env)
            .iter()
            .map(|r| r.path.display().to_string())
            .collect();
        assert_eq!(
            paths,
            [
                "/no-such-dir/p/.clinerules/skills",
                "/no-such-dir/p/.cline/skills",
                "/no-such-dir/p/.agents/skills",
                "/c/skills",
                "/h/.agents/skills",
            ]
        );
    }
}
