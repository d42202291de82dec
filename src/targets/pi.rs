//! `pi`: the pi coding agent's `<available_skills>` block near the end of its system prompt,
//! its loader (roots, frontmatter, names) and its `read` tool, which is how a skill is loaded.
//!
//! OpenClaw embeds pi's loader, catalog format and `read` tool; the `pub(super)` items here are
//! pi's own so that a target built on pi can use them rather than a copy.

use std::path::{Path, PathBuf};

use super::catalog::{Admitted, Change, ChangeKind, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec, below_another_skill, is_hidden_below};
use super::load::{
    Call, CutBy, LoadInput, Output, Placement, ReadInput, Session, cut_head, format_size,
};
use super::text::{Escaping, js_trim};
use super::{Budget, Confidence, ExtraField, NameCharset, Target, Verified};
use crate::frontmatter::{Field, Value, Yaml};
use crate::provider::{ResourceError, SkillProvider};
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "pi",
    display: "pi coding agent",
    rejects_unknown_fields: false,
    extra_fields: &[ExtraField {
        key: "disable-model-invocation",
        meaning: "`true` keeps the skill out of the prompt; `/skill:name` still runs it",
    }],
    metadata_keys: &[],
    name_charset: NameCharset::Unicode,
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "the end of the system prompt, after a blank line and before `Current date:`; there is no skill tool: the model reads the listed SKILL.md with `read`",
    roots,
    roots_summary: "./.pi/skills, then .agents/skills in the working directory and each parent up to the git root (up to / outside a repository), then $PI_CODING_AGENT_DIR/skills (default ~/.pi/agent/skills) and ~/.agents/skills; all recursive, a directory holding SKILL.md is not searched further, dot-directories and node_modules are skipped",
    collision: Collision::FirstWins,
    admit,
    broken_skill: "skipped with a warning: no description, frontmatter YAML that does not parse (duplicate keys included), a description that is not a string, or a name that is neither a string nor empty",
    fields_read: &["name", "description", "disable-model-invocation"],
    ordering: "the order found: the roots in turn, each walked depth-first with names in byte order",
    escaping: "& < > \" ' (' as &apos;) on name, description and location",
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
        reload: "the same file again: the model reads SKILL.md with `read` each time",
    },
    builtins_note: "",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: Some(Verified {
        client: "pi",
        version: "0.73.1",
        captured: "2026-11-24",
        cases: 14,
        recordings: "pi@0.73.1",
    }),
    decisions: &[
        "Roots are searched 32 directories deep; pi has no limit",
        "The frontmatter is read with our YAML reader in place of the `yaml` package; as that package does, a block scalar that ends the frontmatter keeps its final line break",
        "`.gitignore`, `.ignore` and `.fdignore` files inside a root, which pi honours, are not read; those above a root are ignored, as pi ignores them",
        "Only SKILL.md files are skills: the other `.md` files pi also loads from the top of ./.pi/skills and ~/.pi/agent/skills are not",
        "Skills given as paths are searched like a root",
        "load is the model reading SKILL.md with `read` at the <location> the catalog gives the name; a name the catalog does not list (a skill hidden by disable-model-invocation included) is read at <cwd>/.agents/skills/<name>/SKILL.md, where a guess would look first: a skill found there is read, else the answer is ENOENT",
        "Reads use `read` with the file's absolute path, and for --lines A:B pi's 1-based `offset` A and `limit` B-A+1; pi splits on \\n, so a final newline makes a last, empty line",
        "A thrown error reaches the model as its message alone; refusals pi does not make (a path outside the skill directory, a binary file) answer with our message",
    ],

    confidence: Confidence::Source,
    reference: "badlogic/pi-mono packages/coding-agent/src/core/skills.ts (loadSkillsFromDir, formatSkillsForPrompt), package-manager.ts (collectSkillEntries, collectAncestorAgentsSkillDirs, addAutoDiscoveredResources), utils/frontmatter.ts, core/tools/read.ts and truncate.ts, as published in npm @mariozechner/pi-coding-agent 0.73.1",
};

/// How deep the roots are searched (pi recurses without a limit).
const DEPTH: usize = 32;

/// The lines before the skills, as `formatSkillsForPrompt` writes them after its leading blank
/// line.
pub(super) const INTRO: [&str; 3] = [
    "The following skills provide specialized instructions for specific tasks.",
    "Use the read tool to load a skill's file when the task matches its description.",
    "When a skill file references a relative path, resolve it against the skill directory (parent of SKILL.md / dirname of the path) and use that absolute path in tool commands.",
];

/// `read`'s limits (`DEFAULT_MAX_LINES`, `DEFAULT_MAX_BYTES`).
pub(super) const READ_MAX_LINES: usize = 2000;
pub(super) const READ_MAX_BYTES: usize = 50 * 1024;

/// `addAutoDiscoveredResources`: the project's `.pi/skills`, `.agents/skills` up from the working
/// directory (the user's own left out), then the agent directory's `skills` and
/// `~/.agents/skills`.
fn roots(env: &Env) -> Vec<RootSpec> {
    let root =
        |path: PathBuf, scope| RootSpec::recursive(path, scope, Some(DEPTH)).without_gitignore();
    let user_agents = env.home_join(".agents/skills");
    let mut roots = vec![root(env.cwd.join(".pi/skills"), Scope::Project)];
    for dir in env.up_to_git_root() {
        let path = dir.join(".agents/skills");
        if Some(&path) != user_agents.as_ref() {
            roots.push(root(path, Scope::Project));
        }
    }
    roots.extend(agent_dir(env).map(|dir| root(dir.join("skills"), Scope::User)));
    roots.extend(user_agents.map(|path| root(path, Scope::User)));
    roots
}

/// `getAgentDir`: `$PI_CODING_AGENT_DIR` (a leading `~` is the home directory), else
/// `~/.pi/agent`.
fn agent_dir(env: &Env) -> Option<PathBuf> {
    match env.var("PI_CODING_AGENT_DIR") {
        Some(dir) => match dir.strip_prefix('~') {
            Some(rest) => env.home_join(rest.trim_start_matches('/')),
            None => Some(env.cwd.join(dir)),
        },
        None => env.home_join(".pi/agent"),
    }
}

/// pi's `parseFrontmatter`: line endings made `\n`; a file starting with `---` has its YAML from
/// the fifth character up to the next `\n---`; `yaml.parse`, which refuses duplicate keys. No
/// frontmatter is an empty mapping; a YAML document that is not a mapping has no fields.
pub(super) fn frontmatter(skill: &Skill) -> Result<Vec<Field>, String> {
    let text = super::file::universal_newlines_of(skill, skill.source.text());
    let Some(rest) = text.strip_prefix("---") else {
        return Ok(Vec::new());
    };
    let Some(end) = rest.find("\n---") else {
        return Ok(Vec::new());
    };
    // `slice(4, end)`: the character after `---` (normally its newline) is not part of it.
    let yaml = rest[..end]
        .char_indices()
        .nth(1)
        .map_or("", |(at, _)| &rest[at..end]);
    // The `yaml` package reads a block scalar that ends the text as if a line break followed.
    let yaml = if yaml.is_empty() || yaml.ends_with('\n') {
        yaml.to_owned()
    } else {
        format!("{yaml}\n")
    };
    match super::file::yaml(skill, &yaml) {
        Yaml::Mapping(fields) => {
            let mut seen: Vec<&str> = Vec::new();
            for field in &fields {
                if seen.contains(&field.key.as_str()) {
                    return Err(format!(
                        "the YAML repeats the key `{}` (Map keys must be unique)",
                        field.key
                    ));
                }
                seen.push(&field.key);
            }
            Ok(fields)
        }
        Yaml::NotMapping(_) => Ok(Vec::new()),
        Yaml::Invalid(err) => Err(format!("the YAML does not parse: {}", err.reason)),
    }
}

fn field<'a>(fields: &'a [Field], key: &str) -> Option<&'a Value> {
    fields.iter().find(|f| f.key == key).map(|f| &f.value)
}

/// JavaScript truthiness of a YAML value.
fn truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::String(s) => !s.is_empty(),
        Value::Number(n) => n.parse::<f64>().map_or(true, |v| v != 0.0 && !v.is_nan()),
        _ => true,
    }
}

/// `loadSkillFromFile`: a description that is a non-blank string, `name || directory name`
/// (pi's name checks throw on a name that is not a string); and where the walk finds it.
pub(super) fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err(format!(
            "skipped: pi looks for a file named exactly SKILL.md, not `{}`",
            skill
                .skill_md
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
        ));
    }
    if is_hidden_below(&skill.origin.root, &skill.dir) {
        return Err("skipped: pi does not look inside dot-directories".to_owned());
    }
    if below_another_skill(&skill.origin.root, &skill.dir) {
        return Err(
            "skipped: a directory above it holds a SKILL.md, and pi searches no further there"
                .to_owned(),
        );
    }
    let fields = frontmatter(skill).map_err(|e| format!("skipped: {e}"))?;
    let description = match field(&fields, "description") {
        Some(Value::String(d)) if !js_trim(d).is_empty() => d.clone(),
        Some(value) if truthy(value) && !matches!(value, Value::String(_)) => {
            return Err(format!(
                "skipped: `description` is a {}; pi's check fails on it",
                value.kind()
            ));
        }
        _ => return Err("skipped: no description; pi skips a skill without one".to_owned()),
    };
    let name = match field(&fields, "name") {
        Some(Value::String(name)) if !name.is_empty() => name.clone(),
        Some(value) if truthy(value) => {
            return Err(format!(
                "skipped: `name` is a {}; pi's name check fails on it",
                value.kind()
            ));
        }
        _ => skill.dir_name().into_owned(),
    };
    Ok(Admitted {
        name,
        description: Some(description),
    })
}

/// `disable-model-invocation: true` in pi's reading of the frontmatter.
pub(super) fn hidden(skill: &Skill) -> bool {
    frontmatter(skill).is_ok_and(|fields| {
        matches!(
            field(&fields, "disable-model-invocation"),
            Some(Value::Bool(true))
        )
    })
}

/// One skill as `formatSkillsForPrompt` writes it, already escaped.
pub(super) struct Item {
    pub name: String,
    pub description: Option<String>,
    pub location: String,
}

impl Item {
    /// The entry's name, description and location, escaped.
    pub fn of(entry: &Entry<'_>, location: &str) -> Self {
        let esc = |s: &str| Escaping::XmlApos.apply(s);
        Self {
            name: esc(&entry.name),
            description: Some(esc(entry.description())),
            location: esc(location),
        }
    }
}

/// `formatSkillsForPrompt` without its two leading newlines: the intro, a blank line and the
/// `<available_skills>` block; items without a description are written without the element.
/// "" for no items.
pub(super) fn format(intro: &[&str], items: &[Item]) -> String {
    if items.is_empty() {
        return String::new();
    }
    let mut lines: Vec<String> = intro.iter().map(|l| (*l).to_owned()).collect();
    lines.push(String::new());
    lines.push("<available_skills>".to_owned());
    for item in items {
        lines.push("  <skill>".to_owned());
        lines.push(format!("    <name>{}</name>", item.name));
        if let Some(description) = &item.description {
            lines.push(format!("    <description>{description}</description>"));
        }
        lines.push(format!("    <location>{}</location>", item.location));
        lines.push("  </skill>".to_owned());
    }
    lines.push("</available_skills>".to_owned());
    lines.join("\n")
}

/// The skills pi shows the model, in the order found, with their absolute locations.
fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    let mut items = Vec::new();
    let mut changes = Vec::new();
    for entry in entries {
        if hidden(entry.skill) {
            changes.push(Change::new(
                entry,
                ChangeKind::Skipped,
                "disable-model-invocation: true keeps it out of the prompt; /skill:name still runs it",
            ));
        } else {
            items.push(Item::of(entry, &cx.paths.show(&entry.skill.skill_md)));
        }
    }
    let listed = items.len();
    Rendered {
        text: format(&INTRO, &items),
        listed,
        budget: None,
        changes,
    }
}

/// Node's message for a file that is not there, as `read` passes it on.
pub(super) fn enoent(path: &str) -> String {
    format!("ENOENT: no such file or directory, access '{path}'")
}

/// `read`'s call: `path`, then `offset` and `limit` when given.
pub(super) fn read_call(path: &str, offset: Option<usize>, limit: Option<usize>) -> Call {
    let mut args = vec![("path", serde_json::Value::from(path))];
    args.extend(offset.map(|o| ("offset", o.into())));
    args.extend(limit.map(|l| ("limit", l.into())));
    Call::with_args("read", &args)
}

/// The model reads SKILL.md at the location the catalog gives the name, or where a guess would
/// look for a name it does not list.
fn load(input: &LoadInput<'_>) -> Output {
    let listed = input.entry().filter(|e| !hidden(e.skill));
    let file = match listed {
        Some(entry) => entry.skill.skill_md.clone(),
        None => guess(input.cx, input.name).join("SKILL.md"),
    };
    let path = input.cx.paths.show(&file);
    let call = read_call(&path, None, None);
    let found = listed
        .map(|e| e.skill)
        .or_else(|| skill_at(input.provider, &file));
    match found {
        Some(skill) => match read_tool(
            &String::from_utf8_lossy(skill.source.bytes()),
            &path,
            None,
            None,
        ) {
            Ok(text) => Output::tool(call, text),
            Err(text) => Output::tool_error(call, text),
        },
        None => Output::tool_error(call, enoent(&path)),
    }
}

/// `<cwd>/.agents/skills/<name>`: where a model without a location would look.
fn guess(cx: &Context<'_>, name: &str) -> PathBuf {
    cx.env.cwd.join(".agents/skills").join(name)
}

/// The skill found on disk whose SKILL.md is `file`.
fn skill_at<'p>(provider: &'p dyn SkillProvider, file: &Path) -> Option<&'p Skill> {
    provider.list().iter().find(|s| s.skill_md == file)
}

/// `read` of a file of the skill, by its absolute path.
fn read(input: &ReadInput<'_>) -> Output {
    let skill = match input.entry() {
        Some(entry) => Some(entry.skill),
        None => skill_at(
            input.provider,
            &guess(input.cx, input.name).join("SKILL.md"),
        ),
    };
    let dir = skill.map_or_else(|| guess(input.cx, input.name), |s| s.dir.clone());
    let path = input.cx.paths.show(&dir.join(input.path));
    let offset = input.lines.map(|l| l.start);
    let limit = input.lines.and_then(|l| l.end.map(|end| end - l.start + 1));
    let call = read_call(&path, offset, limit);
    let Some(skill) = skill else {
        return Output::tool_error(call, enoent(&path));
    };
    let resource = match input.provider.read_resource_of(skill, input.path, None) {
        Ok(resource) => resource,
        Err(ResourceError::NotFound { .. }) => return Output::tool_error(call, enoent(&path)),
        Err(ResourceError::NotAFile { .. }) => {
            return Output::tool_error(call, "EISDIR: illegal operation on a directory, read");
        }
        Err(err) => return Output::tool_error(call, err.to_string()),
    };
    match read_tool(&resource.text, &path, offset, limit) {
        Ok(text) => Output::tool(call, text),
        Err(text) => Output::tool_error(call, text),
    }
}

/// pi's `read` tool on a text: split on `\n`, from the 1-based `offset`, `limit` lines, cut by
/// `truncateHead`, with pi's note on how to go on. `path` is the path as the model gave it.
pub(super) fn read_tool(
    text: &str,
    path: &str,
    offset: Option<usize>,
    limit: Option<usize>,
) -> Result<String, String> {
    let all: Vec<&str> = text.split('\n').collect();
    let total = all.len();
    let start = offset.map_or(0, |o| o.saturating_sub(1));
    if start >= total {
        return Err(format!(
            "Offset {} is beyond end of file ({total} lines total)",
            offset.unwrap_or(0)
        ));
    }
    let end = limit.map_or(total, |limit| start.saturating_add(limit).min(total));
    let selected = all[start..end].join("\n");
    let cut = cut_head(&selected, READ_MAX_LINES, READ_MAX_BYTES);
    let first = start + 1;
    if cut.first_line_too_long {
        let size = all.get(start).map_or(0, |line| line.len());
        return Ok(format!(
            "[Line {first} is {}, exceeds {} limit. Use bash: sed -n '{first}p' {path} | head -c {READ_MAX_BYTES}]",
            format_size(size),
            format_size(READ_MAX_BYTES)
        ));
    }
    let mut out = cut.content;
    match cut.by {
        Some(by) => {
            let last = first + cut.lines - 1;
            let next = last + 1;
            out.push_str(&match by {
                CutBy::Lines => format!(
                    "\n\n[Showing lines {first}-{last} of {total}. Use offset={next} to continue.]"
                ),
                CutBy::Bytes => format!(
                    "\n\n[Showing lines {first}-{last} of {total} ({} limit). Use offset={next} to continue.]",
                    format_size(READ_MAX_BYTES)
                ),
            });
        }
        None if limit.is_some() && end < total => {
            out.push_str(&format!(
                "\n\n[{} more lines in file. Use offset={} to continue.]",
                total - end,
                end + 1
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
    use crate::targets::catalog;
    use crate::targets::load::testing::{load as load_of, read as read_of};

    fn skill(dir: &str, md: &str) -> MemorySkill {
        MemorySkill::new(dir, md).in_scope(Scope::Project, 0)
    }

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    #[test]
    fn the_block_escapes_and_keeps_the_order_found() {
        let cat = build(vec![
            skill(
                "/p/.pi/skills/zeta",
                "---\nname: zeta\ndescription: Z & 'q'\n---\nBody\n",
            ),
            skill(
                "/p/.agents/skills/alpha",
                "---\ndescription: \"<A>\"\n---\n",
            ),
        ]);
        assert_eq!(
            cat.text,
            format!(
                "{}\n\n<available_skills>\n  <skill>\n    <name>zeta</name>\n    <description>Z &amp; &apos;q&apos;</description>\n    <location>/p/.pi/skills/zeta/SKILL.md</location>\n  </skill>\n  <skill>\n    <name>alpha</name>\n    <description>&lt;A&gt;</description>\n    <location>/p/.agents/skills/alpha/SKILL.md</location>\n  </skill>\n</available_skills>",
                INTRO.join("\n")
            )
        );
        assert_eq!(build(Vec::new()).text, "");
    }

    #[test]
    fn what_pi_skips_and_what_it_keeps() {
        let cat = build(vec![
            skill("/p/s/none", "---\nname: none\n---\n"),
            skill("/p/s/blank", "---\ndescription: '  '\n---\n"),
            skill("/p/s/list", "---\ndescription: [a, b]\n---\n"),
            skill("/p/s/dup", "---\ndescription: a\ndescription: b\n---\n"),
            skill("/p/s/bad", "---\ndescription: a: b\n---\n"),
            skill("/p/s/numbered", "---\nname: 12\ndescription: d\n---\n"),
            skill("/p/s/bom", "\u{FEFF}---\ndescription: d\n---\n"),
            skill("/p/s/four", "----\ndescription: four\n----\n"),
            skill("/p/s/cr", "---\rname: Lone CR\rdescription: cr\r---\r"),
            skill("/p/s/empty-name", "---\nname: ''\ndescription: e\n---\n"),
            skill(
                "/p/s/hidden",
                "---\ndescription: h\ndisable-model-invocation: true\n---\n",
            ),
        ]);
        let names: Vec<&str> = cat
            .text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("<name>"))
            .map(|l| l.trim_end_matches("</name>"))
            .collect();
        assert_eq!(names, ["four", "Lone CR", "empty-name"]);
        let skipped: Vec<&str> = cat
            .changes
            .iter()
            .filter(|c| c.kind == ChangeKind::Skipped)
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(
            skipped,
            [
                "none", "blank", "list", "dup", "bad", "numbered", "bom", "hidden"
            ]
        );
        assert!(cat.text.contains("<description>four</description>"));
    }

    #[test]
    fn a_block_scalar_at_the_end_keeps_its_line_break() {
        let cat = build(vec![
            skill(
                "/p/s/lit",
                "---\nname: lit\ndescription: |\n  One.\n  Two.\n---\n",
            ),
            skill(
                "/p/s/keep",
                "---\nname: keep\ndescription: |+\n  Keep.\n\n---\n",
            ),
        ]);
        assert!(cat.text.contains("<description>One.\nTwo.\n</description>"));
        assert!(cat.text.contains("<description>Keep.\n</description>"));
    }

    #[test]
    fn a_load_reads_the_listed_file_or_where_a_guess_would_look() {
        let skills = || {
            vec![
                skill(
                    "/p/.agents/skills/folder",
                    "---\nname: other\ndescription: d\n---\nBody\n",
                ),
                skill(
                    "/p/.agents/skills/quiet",
                    "---\ndescription: q\ndisable-model-invocation: true\n---\n",
                ),
            ]
        };
        let out = load_of(&TARGET, skills(), "other", 0);
        assert_eq!(
            out.call.as_ref().map(|c| c.arguments.as_str()),
            Some(r#"{"path":"/p/.agents/skills/folder/SKILL.md"}"#)
        );
        assert_eq!(
            out.display(),
            "---\nname: other\ndescription: d\n---\nBody\n"
        );
        // Not a name the catalog lists, but a guess by folder name finds the file.
        let guessed = load_of(&TARGET, skills(), "folder", 0);
        assert!(!guessed.error);
        assert_eq!(guessed.display(), out.display());
        let missing = load_of(&TARGET, skills(), "nope", 0);
        assert!(missing.error);
        assert_eq!(
            missing.display(),
            "ENOENT: no such file or directory, access '/p/.agents/skills/nope/SKILL.md'"
        );
        let quiet = load_of(&TARGET, skills(), "quiet", 0);
        assert!(!quiet.error);
        assert!(quiet.display().contains("disable-model-invocation: true"));
    }

    #[test]
    fn reads_take_offset_and_limit_and_say_what_is_left() {
        let text: String = (1..=10).map(|i| format!("line {i}\n")).collect();
        let md = skill("/p/.agents/skills/a", "---\ndescription: d\n---\n").with_file("r.md", text);
        let part = read_of(&TARGET, vec![md.clone()], "a", "r.md", Some("3:4"));
        assert_eq!(
            part.call.as_ref().map(|c| c.arguments.as_str()),
            Some(r#"{"path":"/p/.agents/skills/a/r.md","offset":3,"limit":2}"#)
        );
        assert_eq!(
            part.display(),
            "line 3\nline 4\n\n[7 more lines in file. Use offset=5 to continue.]"
        );
        let missing = read_of(&TARGET, vec![md], "a", "nope.md", None);
        assert!(missing.error);
        assert_eq!(
            missing.display(),
            "ENOENT: no such file or directory, access '/p/.agents/skills/a/nope.md'"
        );
        assert_eq!(
            read_tool("a\nb", "/x", Some(5), None),
            Err("Offset 5 is beyond end of file (2 lines total)".to_owned())
        );
        let long: String = (1..=2100).map(|i| format!("{i}\n")).collect();
        assert!(
            read_tool(&long, "/x", None, None)
                .unwrap()
                .ends_with("2000\n\n[Showing lines 1-2000 of 2101. Use offset=2001 to continue.]")
        );
    }

    #[test]
    fn roots_walk_up_and_leave_out_the_users_own_agents_directory() {
        let env = Env::new("/no-such-home/u", Some("/no-such-home/u".into()));
        let paths: Vec<String> = roots(&env)
            .iter()
            .map(|r| r.path.display().to_string())
            .collect();
        assert_eq!(
            paths,
            [
                "/no-such-home/u/.pi/skills",
                "/no-such-home/.agents/skills",
                "/.agents/skills",
                "/no-such-home/u/.pi/agent/skills",
                "/no-such-home/u/.agents/skills",
            ]
        );
        let moved = Env::new("/p", Some("/h".into())).with_var("PI_CODING_AGENT_DIR", "~/agent");
        assert!(
            roots(&moved)
                .iter()
                .any(|r| r.path == Path::new("/h/agent/skills"))
        );
        assert!(roots(&moved).iter().all(|r| !r.gitignore));
    }
}
