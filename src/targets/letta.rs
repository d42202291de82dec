//! `letta`: Letta Code's skill list as the `<system-reminder>` its client renders
//! (runtime-formats.md §11). Current releases send the skills to the server as `client_skills`
//! and the closed server renders them, so this is the legacy rendering still in the source.

use std::path::{Path, PathBuf};

use super::catalog::{Admitted, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec};
use super::load::{Call, LoadInput, Output, Placement, ReadInput, Role, Session};
use super::text::{Collation, Unit, js_trim, prefix_within};
use super::{Budget, Confidence, ExtraField, NameCharset, Target};
use crate::frontmatter::{FrontmatterState, Value, Yaml};
use crate::paths;
use crate::provider::ResourceError;
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "letta",
    display: "Letta Code (legacy system-reminder)",
    rejects_unknown_fields: false,
    extra_fields: &[
        ExtraField {
            key: "id",
            meaning: "the skill's id in the list, instead of its directory path",
        },
        ExtraField {
            key: "title",
            meaning: "the display name when `name` is absent",
        },
        ExtraField {
            key: "when_to_use",
            meaning: "appended to the description as a `When to use:` paragraph",
        },
        ExtraField {
            key: "argument-hint",
            meaning: "shown when the skill is invoked as a command",
        },
        ExtraField {
            key: "disable-model-invocation",
            meaning: "`true` keeps the skill out of the list",
        },
        ExtraField {
            key: "user-invocable",
            meaning: "whether users may invoke the skill",
        },
        ExtraField {
            key: "category",
            meaning: "groups skills",
        },
        ExtraField {
            key: "tags",
            meaning: "a string or a list, for filtering",
        },
    ],
    metadata_keys: &[],
    name_charset: NameCharset::Unicode,
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "legacy releases: a `<system-reminder>` part of the user message each turn; current releases send the skills as `client_skills` (id, description, location) and the closed server renders them, so these bytes are the legacy rendering",
    roots,
    roots_summary: "~/.letta/skills (global), ~/.letta/agents/$LETTA_AGENT_ID/memory/skills (agent, when that variable is set), ./.agents/skills or else the legacy ./.skills (project); searched recursively",
    collision: Collision::LastWins,
    admit,
    broken_skill: "a frontmatter that does not parse is collected as an error and the skill is skipped; a missing description falls back to the first paragraph of the body, then to `No description available`",
    fields_read: &[
        "id",
        "description",
        "when_to_use",
        "disable-model-invocation",
    ],
    ordering: "by id with localeCompare, then by source, then by path",
    escaping: "none",
    whitespace: "the description is trimmed and one pair of surrounding quotes removed; inner newlines are kept, and `when_to_use` adds a paragraph",
    budget: Budget::NONE,
    render,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::UserMessage,
        modes: &[],
        reload: "the same again: `Launching skill: x` and the whole SKILL.md in a new user message part, whose tags let the model see it was loaded before",
    },
    builtins_note: "Letta Code's bundled skills (source `bundled`, overridden by every other source)",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: None,
    decisions: &[
        "The render is the legacy `<system-reminder>` still in the source (1f4d3e3); what current releases show the model is rendered server-side and unknown",
        "The agent source needs the agent's id: --roots reads it from LETTA_AGENT_ID and leaves the agent directory out when that is unset",
        "The project directory is ./.agents/skills when it exists, else the legacy ./.skills",
        "Skills are keyed by id (the path of the skill directory under its root, `root` for a SKILL.md at the root itself, or the frontmatter `id`), later sources overriding earlier ones",
        "Skills given on the command line are labelled `project`; a root that is ~/.letta/skills is `global` and the agent directory `agent`",
        "The description is trimmed and loses one pair of surrounding quotes before `When to use:` is appended; `when_to_use` itself is kept as written",
        "A file without frontmatter (or with an unclosed one) has no metadata and its whole text is the body",
        "The catalog is the legacy per-turn `<system-reminder>`, a part of the user message: placement UserMessage",
        "load follows the `Skill` tool of the release that wraps the skill in `<id>` tags (before `<skill_content>`): the tool result `Launching skill: id`, then a user message part with the whole SKILL.md, `<SKILL_DIR>` and `${CLAUDE_SKILL_DIR}` replaced by the skill directory, after `# Skill Directory: dir` and a blank line when the directory holds other files; ids that are not XML names (`web/scraper`) are wrapped as `<skill name=\"id\">`",
        "`Skill` reads `<root>/<id>/SKILL.md`: a skill whose frontmatter `id` differs from its directory path, or whose file is not named SKILL.md exactly, is listed but not found; skills given as paths on the command line load whatever their id",
        "Other files are the bundled files as listed: an empty subdirectory, which Letta counts, does not add the `# Skill Directory:` line here",
        "Errors reach the model as the thrown message (`Skill \"x\" not found. Check that ...`); skills hidden by disable-model-invocation are unknown here (Letta names them in its error)",
        "Reads use Letta Code's `Read` tool: `file_path` absolute, for --lines A:B a 0-based `offset` A-1 and `limit` B-A+1; lines numbered `N→text`, split on \\n (a final newline makes a last, empty line), 2000 lines and 2000 characters a line at most, with its notices; the overflow file it may write is not",
        "A read in a skill Letta does not know is `Read` on <cwd>/.agents/skills/<name>/<path>, which does not exist; refusals Letta does not make (outside the skill directory) answer with our message; text that is not UTF-8 is read with replacement characters",
    ],

    confidence: Confidence::Approximated,
    reference: "letta-ai/letta-code src/agent/skills.ts (formatSkillsAsSystemReminder, discovery), src/agent/client-skills.ts @ 1f4d3e3; src/tools/impl/skill.ts (the `<id>`-tag release), src/tools/impl/read.ts",
};

const HEADER: &str =
    "<system-reminder>\nThe following skills are available for use with the Skill tool:\n\n";
const FOOTER: &str = "\n</system-reminder>";

fn roots(env: &Env) -> Vec<RootSpec> {
    let mut roots = Vec::new();
    roots.extend(global_dir(env).map(|p| RootSpec::recursive(p, Scope::User, None)));
    roots.extend(agent_dir(env).map(|p| RootSpec::recursive(p, Scope::User, None)));
    let project = env.cwd.join(".agents/skills");
    let project = if project.is_dir() {
        project
    } else {
        env.cwd.join(".skills")
    };
    roots.push(RootSpec::recursive(project, Scope::Project, None));
    roots
}

fn global_dir(env: &Env) -> Option<PathBuf> {
    env.home_join(".letta/skills")
}

fn agent_dir(env: &Env) -> Option<PathBuf> {
    let id = env.var("LETTA_AGENT_ID")?;
    env.home_join(".letta/agents")
        .map(|dir| dir.join(id).join("memory/skills"))
}

/// `parseSkillFile`: the id, the description with its fallbacks, `when_to_use` appended.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    let (fields, body): (&[crate::frontmatter::Field], String) = match &skill.document.frontmatter {
        FrontmatterState::Present(fm) => match &fm.content {
            Yaml::Mapping(fields) => (fields, skill.body().into_owned()),
            Yaml::NotMapping(_) => (&[], skill.body().into_owned()),
            Yaml::Invalid(_) => {
                let reason = skill.parse_error().unwrap_or_default();
                return Err(format!(
                    "skipped: {reason}; Letta collects the error and skips the skill"
                ));
            }
        },
        FrontmatterState::Missing { .. } => (&[], skill.body().into_owned()),
        FrontmatterState::Unclosed { .. } => {
            let text = String::from_utf8_lossy(skill.source.bytes()).into_owned();
            let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text).to_owned();
            (&[], text)
        }
    };
    let text_field = |key: &str| {
        fields
            .iter()
            .rev()
            .find(|f| f.key == key && f.key_kind == crate::frontmatter::ValueKind::String)
            .and_then(|f| f.as_str())
            .filter(|s| !s.is_empty())
    };
    let hidden = fields
        .iter()
        .rev()
        .find(|f| f.key == "disable-model-invocation");
    if hidden.is_some_and(|f| matches!(f.value, Value::Bool(true))) {
        return Err("skipped: disable-model-invocation: true keeps it out of the list".to_owned());
    }

    let id = match text_field("id") {
        Some(id) => id.to_owned(),
        None => relative_id(&skill.dir, &skill.origin.root),
    };
    let description = match text_field("description") {
        Some(d) => d.to_owned(),
        None => first_paragraph(&body),
    };
    let mut description = unquote(js_trim(&description)).to_owned();
    if let Some(when) = text_field("when_to_use") {
        description.push_str("\n\nWhen to use: ");
        description.push_str(when);
    }
    Ok(Admitted {
        name: id,
        description: Some(description),
    })
}

/// The skill directory under its root, with `/`; `root` for a SKILL.md at the root itself.
fn relative_id(dir: &Path, root: &Path) -> String {
    match dir.strip_prefix(root) {
        Ok(rel) if !rel.as_os_str().is_empty() => paths::to_slash(rel),
        Ok(_) => "root".to_owned(),
        Err(_) => paths::to_slash(dir),
    }
}

/// `body.trim().split("\n\n")[0] || "No description available"`, with CRLF read as LF.
fn first_paragraph(body: &str) -> String {
    let body = body.replace("\r\n", "\n");
    let first = js_trim(&body).split("\n\n").next().unwrap_or_default();
    if first.is_empty() {
        "No description available".to_owned()
    } else {
        first.to_owned()
    }
}

/// One pair of surrounding `"…"` or `'…'` removed (a lone quote becomes empty).
fn unquote(text: &str) -> &str {
    for quote in ['"', '\''] {
        if text.starts_with(quote) && text.ends_with(quote) {
            return text.get(1..text.len().saturating_sub(1)).unwrap_or("");
        }
    }
    text
}

/// The source label of a skill: by the root it was found in.
fn source(skill: &Skill, cx: &Context<'_>) -> &'static str {
    let same = |dir: Option<PathBuf>| {
        dir.is_some_and(|d| {
            d == skill.origin.root
                || std::fs::canonicalize(&d).is_ok_and(|real| real == skill.origin.root)
        })
    };
    if same(agent_dir(cx.env)) {
        "agent"
    } else if same(global_dir(cx.env)) || skill.origin.scope == Scope::User {
        "global"
    } else {
        "project"
    }
}

/// `formatSkillsAsSystemReminder`: nothing without skills, else the reminder with one
/// `- id (source): description` line per skill, sorted by `compareSkills`.
fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let mut rows: Vec<(&Entry<'_>, &'static str, String)> = entries
        .iter()
        .map(|e| (e, source(e.skill, cx), paths::to_slash(&e.skill.skill_md)))
        .collect();
    let locale = |a: &str, b: &str| Collation::Locale.compare(a, b);
    rows.sort_by(|(a, sa, pa), (b, sb, pb)| {
        locale(&a.name, &b.name)
            .then_with(|| locale(sa, sb))
            .then_with(|| locale(pa, pb))
    });
    let lines: Vec<String> = rows
        .iter()
        .map(|(entry, source, _)| format!("- {} ({source}): {}", entry.name, entry.description()))
        .collect();
    Rendered::complete(format!("{HEADER}{}{FOOTER}", lines.join("\n")), rows.len())
}

/// `Skill`: `Launching skill: id`, and the skill's text queued as a user message part.
fn load(input: &LoadInput<'_>) -> Output {
    let call = Call::with("Skill", "skill", input.name);
    let Some(entry) = input.entry().filter(|e| found_by_id(e)) else {
        return Output::tool_error(
            call,
            format!(
                "Skill \"{}\" not found. Check that the skill name is correct and that it appears in the available skills list.",
                input.name
            ),
        );
    };
    let dir = input.cx.paths.show(&entry.skill.dir);
    let text = String::from_utf8_lossy(entry.skill.source.bytes())
        .replace("<SKILL_DIR>", &dir)
        .replace("${CLAUDE_SKILL_DIR}", &dir);
    let others = input.resources(entry).is_ok_and(|r| !r.files.is_empty());
    let content = if others {
        format!("# Skill Directory: {dir}\n\n{text}")
    } else {
        text
    };
    Output::tool(call, format!("Launching skill: {}", input.name))
        .then(Role::User, wrap(&entry.name, &content))
}

/// Whether `readSkillContent` finds the skill: it reads `<root>/<id>/SKILL.md`.
fn found_by_id(entry: &Entry<'_>) -> bool {
    let skill = entry.skill;
    skill.origin.scope == Scope::Custom
        || skill.origin.root.join(&entry.name).join("SKILL.md") == skill.skill_md
}

/// `wrapSkillContent`: `<id>` tags when the id is an XML name, else `<skill name="id">`.
fn wrap(id: &str, content: &str) -> String {
    let mut chars = id.chars();
    let xml_name = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'));
    if xml_name {
        format!("<{id}>\n{content}\n</{id}>")
    } else {
        let escaped = id
            .replace('&', "&amp;")
            .replace('"', "&quot;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        format!("<skill name=\"{escaped}\">\n{content}\n</skill>")
    }
}

/// `Read`'s limits: lines by default, characters (UTF-16 units) per line.
const READ_MAX_LINES: usize = 2000;
const READ_MAX_CHARS_PER_LINE: u64 = 2000;

/// Letta Code's `Read` tool on a file of the skill.
fn read(input: &ReadInput<'_>) -> Output {
    let cwd = input.cx.paths.show(&input.cx.env.cwd);
    let path = match input.entry() {
        Some(entry) => input.cx.paths.show(&entry.skill.dir.join(input.path)),
        None => input.cx.paths.show(
            &input
                .cx
                .env
                .cwd
                .join(".agents/skills")
                .join(input.name)
                .join(input.path),
        ),
    };
    let offset = input.lines.map(|l| l.start - 1);
    let limit = input.lines.and_then(|l| l.end.map(|end| end - l.start + 1));
    let mut arguments = serde_json::json!({ "file_path": path });
    if let Some(offset) = offset {
        arguments["offset"] = offset.into();
    }
    if let Some(limit) = limit {
        arguments["limit"] = limit.into();
    }
    let call = Call {
        tool: "Read".to_owned(),
        arguments: arguments.to_string(),
    };
    let missing =
        || format!("File does not exist. Attempted path: {path}. Current working directory: {cwd}");
    let Some(entry) = input.entry() else {
        return Output::tool_error(call, missing());
    };
    let resource = match input
        .provider
        .read_resource_of(entry.skill, input.path, None)
    {
        Ok(resource) => resource,
        Err(err) => {
            let text = match err {
                ResourceError::NotFound { .. } => missing(),
                ResourceError::NotAFile { .. } => {
                    format!("Path is a directory, not a file: {path}")
                }
                ResourceError::Binary { .. } => format!("Cannot read binary file: {path}"),
                other => other.to_string(),
            };
            return Output::tool_error(call, text);
        }
    };
    if mostly_control(&resource.text) {
        return Output::tool_error(call, format!("Cannot read binary file: {path}"));
    }
    if js_trim(&resource.text).is_empty() {
        return Output::tool(
            call,
            format!(
                "<system-reminder>\nThe file {path} exists but has empty contents.\n</system-reminder>"
            ),
        );
    }
    Output::tool(call, numbered(&resource.text, offset, limit))
}

/// `isBinaryFile` past the NUL check: over 30% of the first 8192 bytes, as UTF-16 units, are
/// control characters other than tab, newline, vertical tab, form feed and carriage return.
fn mostly_control(text: &str) -> bool {
    let head = prefix_within(text, Unit::Bytes, 8192);
    let units: Vec<u16> = head.encode_utf16().collect();
    if units.is_empty() {
        return false;
    }
    let control = units
        .iter()
        .filter(|&&u| u < 9 || (u > 13 && u < 32))
        .count();
    control * 10 > units.len() * 3
}

/// `formatWithLineNumbers`: `N→line`, numbers padded to the widest shown, long lines cut.
fn numbered(text: &str, offset: Option<usize>, limit: Option<usize>) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let total = lines.len();
    let start = offset.unwrap_or(0).min(total);
    let end = offset
        .unwrap_or(0)
        .saturating_add(limit.unwrap_or(READ_MAX_LINES))
        .min(total);
    let selected = lines.get(start..end).unwrap_or_default();
    let width = (start + selected.len()).to_string().len().max(1);
    let mut cut_lines = false;
    let shown: Vec<String> = selected
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let number = format!("{:>width$}", start + i + 1);
            if Unit::Utf16.measure(line) > READ_MAX_CHARS_PER_LINE {
                cut_lines = true;
                let kept = prefix_within(line, Unit::Utf16, READ_MAX_CHARS_PER_LINE);
                format!("{number}→{kept}... [line truncated]")
            } else {
                format!("{number}→{line}")
            }
        })
        .collect();
    let mut out = shown.join("\n");
    if end < total && limit.is_none() {
        out.push_str(&format!(
            "\n\n[File truncated: showing lines {}-{end} of {total} total lines. Use offset and limit parameters to read other sections.]",
            start + 1
        ));
    }
    if cut_lines {
        out.push_str("\n\n[Some lines exceeded 2,000 characters and were truncated.]");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::{MemoryProvider, MemorySkill, SkillProvider};
    use crate::skill::Origin;
    use crate::targets::catalog::{self, ChangeKind, Paths};

    fn build_skills(skills: &[Skill]) -> catalog::Catalog {
        catalog::testing::catalog_of(&TARGET, skills, &catalog::testing::env(), None)
    }

    /// A skill found under `root`, as discovery would record it.
    fn found(root: &str, rel: &str, scope: Scope, md: &str) -> Skill {
        let dir = if rel.is_empty() {
            PathBuf::from(root)
        } else {
            Path::new(root).join(rel)
        };
        let origin = Origin {
            root: root.into(),
            scope,
            precedence: 0,
            root_index: 0,
        };
        Skill::parse(
            dir.clone(),
            dir.join("SKILL.md"),
            origin,
            md.as_bytes().to_vec(),
        )
    }

    #[test]
    fn ids_order_and_sources() {
        let skills = [
            found(
                "/p/.agents/skills",
                "web/scraper",
                Scope::Project,
                "---\ndescription: Scrape & parse.\n---\n",
            ),
            found(
                "/h/.letta/skills",
                "Beta",
                Scope::User,
                "---\ndescription: B\n---\n",
            ),
            found(
                "/p/.agents/skills",
                "alpha",
                Scope::Project,
                "---\ndescription: A\nwhen_to_use: Often.\n---\n",
            ),
            found(
                "/p/.agents/skills",
                "x",
                Scope::Project,
                "---\nid: _x\ndescription: X\n---\n",
            ),
            found(
                "/p/.agents/skills",
                "",
                Scope::Project,
                "---\ndescription: At the root\n---\n",
            ),
        ];
        let cat = build_skills(&skills);
        assert_eq!(
            cat.text,
            "<system-reminder>\nThe following skills are available for use with the Skill tool:\n\n- _x (project): X\n- alpha (project): A\n\nWhen to use: Often.\n- Beta (global): B\n- root (project): At the root\n- web/scraper (project): Scrape & parse.\n</system-reminder>"
        );
    }

    #[test]
    fn description_fallbacks_and_quotes() {
        let skills = [
            found(
                "/p/s",
                "a",
                Scope::Project,
                "---\nname: a\n---\n\n# Title\n\nSecond paragraph.\n",
            ),
            found(
                "/p/s",
                "b",
                Scope::Project,
                "no frontmatter at all\r\n\r\nmore",
            ),
            found("/p/s", "c", Scope::Project, "---\nname: c\n---\n   \n"),
            found(
                "/p/s",
                "d",
                Scope::Project,
                "---\ndescription: '\"Quoted\"  '\n---\n",
            ),
        ];
        let cat = build_skills(&skills);
        assert!(cat.text.contains("- a (project): # Title\n"));
        assert!(cat.text.contains("- b (project): no frontmatter at all\n"));
        assert!(
            cat.text
                .contains("- c (project): No description available\n")
        );
        assert!(cat.text.contains("- d (project): Quoted\n"));
    }

    #[test]
    fn hidden_and_broken_skills_are_skipped() {
        let skills = [
            found(
                "/p/s",
                "a",
                Scope::Project,
                "---\ndescription: A\ndisable-model-invocation: true\n---\n",
            ),
            found(
                "/p/s",
                "b",
                Scope::Project,
                "---\ndescription: [unclosed\n---\n",
            ),
        ];
        let cat = build_skills(&skills);
        assert_eq!(cat.text, "");
        assert!(cat.changes.iter().all(|c| c.kind == ChangeKind::Skipped));
        assert_eq!(cat.changes.len(), 2);
    }

    #[test]
    fn later_sources_override_by_id() {
        let provider = MemoryProvider::new([
            MemorySkill::new("/h/.letta/skills/a", "---\ndescription: global\n---\n")
                .in_scope(Scope::User, 0),
            MemorySkill::new("/p/.agents/skills/a", "---\ndescription: project\n---\n")
                .in_scope(Scope::Project, 0),
        ]);
        let cat = build_skills(provider.list());
        assert!(cat.text.contains("- a (project): project\n"));
        assert_eq!(cat.changes[0].kind, ChangeKind::Shadowed);
    }

    #[test]
    fn agent_skills_are_labelled_and_override_global_ones() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        let write = |rel: &str, description: &str| {
            let path = home.join(rel);
            std::fs::create_dir_all(&path).unwrap();
            std::fs::write(
                path.join("SKILL.md"),
                format!("---\ndescription: {description}\n---\n"),
            )
            .unwrap();
        };
        write(".letta/skills/deploy", "global");
        write(".letta/agents/agent-42/memory/skills/deploy", "agent");
        write(".letta/agents/agent-42/memory/skills/notes", "notes");
        write("proj/.skills/build", "legacy");
        let env =
            Env::new(home.join("proj"), Some(home.clone())).with_var("LETTA_AGENT_ID", "agent-42");
        let roots: Vec<crate::provider::Root> = roots(&env).iter().map(RootSpec::to_root).collect();
        let provider =
            crate::provider::FsProvider::discover(&roots, crate::provider::FsOptions::default())
                .unwrap();
        let paths = Paths::absolute(None);
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: None,
            model: None,
        };
        let cat = catalog::build(&TARGET, provider.list(), &cx);
        assert_eq!(
            cat.text,
            format!(
                "{HEADER}- build (project): legacy\n- deploy (agent): agent\n- notes (agent): notes{FOOTER}"
            )
        );
        assert_eq!(cat.changes[0].kind, ChangeKind::Shadowed);
    }

    #[test]
    fn agent_roots_need_an_agent_id() {
        let env = Env::new("/p", Some("/h".into()));
        assert_eq!(roots(&env).len(), 2);
        let env = env.with_var("LETTA_AGENT_ID", "agent-1");
        let paths: Vec<PathBuf> = roots(&env).into_iter().map(|r| r.path).collect();
        assert_eq!(
            paths,
            [
                PathBuf::from("/h/.letta/skills"),
                PathBuf::from("/h/.letta/agents/agent-1/memory/skills"),
                PathBuf::from("/p/.skills"),
            ]
        );
    }

    fn project(dir: &str, md: &str) -> MemorySkill {
        MemorySkill::new(dir, md).in_scope(Scope::Project, 0)
    }

    #[test]
    fn load_injects_the_whole_file_with_its_directory_and_again_on_a_reload() {
        let skill = || {
            project(
                "/p/.agents/skills/a",
                "---\ndescription: d\n---\nRun <SKILL_DIR>/x.sh or ${CLAUDE_SKILL_DIR}/y.sh\n",
            )
            .with_file("x.sh", "echo")
        };
        let first = crate::targets::load::testing::load(&TARGET, vec![skill()], "a", 0);
        assert_eq!(first.parts.len(), 2);
        assert_eq!(first.parts[0].text, "Launching skill: a");
        assert_eq!(
            first.parts[1].text,
            "<a>\n# Skill Directory: /p/.agents/skills/a\n\n---\ndescription: d\n---\nRun /p/.agents/skills/a/x.sh or /p/.agents/skills/a/y.sh\n\n</a>"
        );
        assert_eq!(first.parts[1].role, Role::User);
        let again = crate::targets::load::testing::load(&TARGET, vec![skill()], "a", 1);
        assert_eq!(again, first);
    }

    #[test]
    fn an_id_other_than_the_directory_is_listed_but_not_found() {
        let md = "---\nid: other\ndescription: d\n---\n";
        let out =
            crate::targets::load::testing::load(&TARGET, vec![project("/p/s/a", md)], "other", 0);
        assert!(out.error);
        assert!(
            out.display()
                .starts_with("Skill \"other\" not found. Check")
        );
        let given = MemorySkill::new("/x/a", md);
        let out = crate::targets::load::testing::load(&TARGET, vec![given], "other", 0);
        assert!(!out.error);
        assert_eq!(out.parts[1].text, format!("<other>\n{md}\n</other>"));
    }

    #[test]
    fn ids_that_are_not_xml_names_use_a_skill_tag() {
        assert_eq!(
            wrap("web/scraper", "x"),
            "<skill name=\"web/scraper\">\nx\n</skill>"
        );
        assert_eq!(
            wrap("9a&\"", "x"),
            "<skill name=\"9a&amp;&quot;\">\nx\n</skill>"
        );
        assert_eq!(wrap("_a.b-c9", "x"), "<_a.b-c9>\nx\n</_a.b-c9>");
    }

    #[test]
    fn reads_number_their_lines_and_cut_long_ones() {
        let text: String = (1..=12).map(|i| format!("l{i}\n")).collect();
        assert_eq!(numbered(&text, Some(8), Some(3)), " 9→l9\n10→l10\n11→l11");
        let long = format!("{}\nshort", "é".repeat(2001));
        assert_eq!(
            numbered(&long, None, None),
            format!(
                "1→{}... [line truncated]\n2→short\n\n[Some lines exceeded 2,000 characters and were truncated.]",
                "é".repeat(2000)
            )
        );
        let many: String = (1..=2500).map(|i| format!("{i}\n")).collect();
        assert!(numbered(&many, None, None).ends_with(
            "2000→2000\n\n[File truncated: showing lines 1-2000 of 2501 total lines. Use offset and limit parameters to read other sections.]"
        ));
        assert_eq!(numbered("a\n", Some(5), None), "");
    }

    #[test]
    fn empty_and_control_files_are_named_so() {
        let skill = project("/p/.agents/skills/a", "---\ndescription: d\n---\n")
            .with_file("blank.md", " \n\n")
            .with_file("ctl.bin", "\u{1}\u{2}\u{3}x");
        let read = |path| {
            crate::targets::load::testing::read(&TARGET, vec![skill.clone()], "a", path, None)
        };
        assert_eq!(
            read("blank.md").display(),
            "<system-reminder>\nThe file /p/.agents/skills/a/blank.md exists but has empty contents.\n</system-reminder>"
        );
        let control = read("ctl.bin");
        assert!(control.error);
        assert_eq!(
            control.display(),
            "Cannot read binary file: /p/.agents/skills/a/ctl.bin"
        );
    }
}
