//! `trpc-agent-go`: the skills overview tRPC-Agent-Go merges into the system message
//! (`internal/flow/processor/skills.go`) for the default `knowledge_only` tool profile, over an
//! `FSRepository` (`skill/repository.go`), as read from source (runtime-formats.md §12).

use super::catalog::{Admitted, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec};
use super::load::{Call, Lifetime, LoadInput, Mode, Output, Placement, ReadInput, Role, Session};
use super::text::Collation;
use super::{Budget, Confidence, NameCharset, Target};
use crate::frontmatter::{self, Value, Yaml};
use crate::hash::HashMap;
use crate::provider::check_relative;
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "trpc-agent-go",
    display: "tRPC-Agent-Go",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[],
    name_charset: NameCharset::Unicode,
    // The repository checks no length at all.
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "appended to the existing system message after \\n\\n (it becomes the content of an empty one; a new system message is prepended when there is none); skipped when the system message already contains \"Available skills:\"",
    roots,
    roots_summary: "none of its own (NewFSRepository(roots...)); --roots uses $SKILLS_ROOT, else ./skills as in the docs' quickstart; every root is walked recursively",
    collision: Collision::FirstWins,
    admit,
    broken_skill: "never an error: without readable frontmatter the folder name is the name and the description is empty; a block scalar that does not parse is dropped",
    fields_read: &["name", "description"],
    ordering: "by name, Go byte order",
    escaping: "none",
    whitespace: "values are the raw text after `key:`, trimmed, surrounding quotes kept; only | and > block scalars are parsed as YAML, and their newlines are kept",
    budget: Budget::NONE,
    render,
    leave_one_out: None,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::SystemPrompt,
        modes: MODES,
        reload: "`loaded: x` again; loaded skills are a set, so the body is still materialised once (with tool-result materialisation it moves to the newest skill_load result)",
    },
    builtins_note: "",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: None,
    decisions: DECISIONS,

    confidence: Confidence::Source,
    reference: "trpc-group/trpc-agent-go internal/flow/processor/skills.go, internal/skillprofile/profile.go, skill/repository.go, tool/skill/load.go @ 0e352fd; trpc-agent-go's \"Skill\" documentation page",
};

/// What the source leaves to the embedding program, and what we decided.
const DECISIONS: &[&str] = &[
    "--roots: the repository has no directories of its own; we use $SKILLS_ROOT (the variable the examples read; URL values are not fetched) or else ./skills, the docs' quickstart root",
    "the overview is rendered for the default knowledge_only tool profile with the built-in tooling guidance, no path hints and no WithMaxOverviewSkills cap",
    "the per-request re-ranking by the last user message (and its \"Top recommended skill\" line) does not apply: a static catalog has no user message, so the order is the sorted one",
    "raw reading: only unindented `key: value` lines are read (indented lines belong to the key above); a later line with the same key replaces an earlier one",
    "the frontmatter must start with ---\\n and close at the next \\n---\\n (CRLF read as LF); otherwise there is none",
    "the load and read results beyond §12 (the tool-result text, skill_select_docs' output, the error prefix) come from other revisions of internal/flow/processor/skills_tool_result.go, tool/skill/select_docs.go and internal/flow/processor/functioncall.go than the one §12 cites",
    "load modes: turn, once and session (SkillLoadMode; turn is the default) with the legacy materialisation into the system message, and turn-tool-result, once-tool-result and session-tool-result with WithSkillsLoadedContentInToolResults(true); the lifetime follows the SkillLoadMode",
    "skill_load's result is shown as the stub `loaded: <name>` (the source marshals tool results to JSON; §12 and the docs show the stub bare, and we follow them)",
    "legacy materialisation: the system-prompt part is the block the processor appends to the system message (after \\n\\n, which is not shown): \\n[Loaded] <name>\\n\\n<body>\\n then Docs loaded: none\\n; no [Skill dir:]/[Skill file:] lines, since no path hints are configured; an empty body leaves out the [Loaded] lines",
    "tool-result materialisation: the stub is replaced by [Loaded] <name>\\n\\n<body>\\nDocs loaded: none\\n, without the leading newline (skills_tool_result.go starts the text with [Loaded]); a blank body leaves out the [Loaded] lines",
    "an unknown name is the tool error `Error: callable tool execution failed: unknown skill: <name>` (the flow's ErrorCallableToolExecution prefix before the tool's error)",
    "a --file read is `skill_select_docs {skill, docs: [path], mode: add}` for a skill loaded earlier in the turn; its result is the tool's JSON output as Go marshals it ({\"skill\":…,\"selected_docs\":[…],\"mode\":\"add\"}, with < > & escaped as \\u003c \\u003e \\u0026) and the system-prompt part is the doc block \\n[Doc] <path>\\n\\n<content>\\n that follows the skill's block on the next request (whose Docs loaded line then names the doc); an empty doc adds nothing",
    "a read follows the load mode: with tool-result materialisation the doc block follows the selection JSON in the tool result, otherwise it is added to the system message; the doc path is the normalised relative path; docs are read through the provider's guards and cap, the truncation notice on its own line after the content",
    "a file that is not a doc (docs are the .md and .txt files other than SKILL.md) is refused with `\"<path>\" is not a doc of skill \"<name>\": docs are its .md and .txt files other than SKILL.md` (our wording: the runtime would accept the name and materialise nothing); --lines is refused with `skill_select_docs selects whole docs; it has no line range`; other refusals are `Error: <reason>`",
];

/// `SkillLoadMode` × where the loaded content is materialised.
const MODES: &[Mode] = &[
    Mode {
        name: "turn",
        meaning: "SkillLoadModeTurn (default): loaded bodies are appended to the system message on every request of the current turn, then cleared",
    },
    Mode {
        name: "once",
        meaning: "SkillLoadModeOnce: appended to the system message for the next request only",
    },
    Mode {
        name: "session",
        meaning: "SkillLoadModeSession: appended to the system message on every request until cleared",
    },
    Mode {
        name: "turn-tool-result",
        meaning: "turn, with WithSkillsLoadedContentInToolResults(true): the body replaces the skill_load result and the system message stays stable",
    },
    Mode {
        name: "once-tool-result",
        meaning: "once, materialised into the skill_load result",
    },
    Mode {
        name: "session-tool-result",
        meaning: "session, materialised into the skill_load result",
    },
];

/// The overview's first two lines.
const HEADER: &str = "Available skills:";
const ROUTING: &str = "The short lines below are routing summaries only. If one looks relevant, call skill_load before relying on it or repeating domain-specific tool work.";

/// The built-in "Tooling and workspace guidance:" block for the `knowledge_only` profile.
const GUIDANCE: [&str; 9] = [
    "Tooling and workspace guidance:",
    "- Use skills for progressive disclosure only: load SKILL.md first with skill_load, then inspect only the documentation needed for the current task. The catalog overview elsewhere in this prompt is a routing summary; do not infer commands, script entrypoints, or resource layouts from it.",
    "- Before doing anything attributed to a skill, call skill_load for that skill so the full SKILL.md is in context.",
    "- Prefer loading one plausible skill early over re-reading the same task pattern and repeating the same domain tool calls without new information.",
    "- Beyond SKILL.md itself, extra docs are loaded only on demand. SKILL.md is the entry point and usually references any auxiliary docs that exist, so do not probe for docs before reading SKILL.md and do not treat an empty doc list as a reason to skip skill_load.",
    "- Use the available doc listing and selection helpers only after skill_load, and only when SKILL.md hints at auxiliary docs you still need; if SKILL.md alone is enough, do not call them.",
    "- When one skill is clearly relevant, prefer loading it before repeating the same domain workflow from scratch.",
    "- Avoid include_all_docs unless the user asks or the task genuinely needs the full doc set.",
    "- skill_load returns instructions and bundled resources but does not execute the skill by itself. If the loaded SKILL.md describes shell commands or scripts and a shell-execution tool such as workspace_exec is registered for this agent, invoke that tool to actually run the steps. If no execution tool is registered, treat the loaded content as reference and explain the limitation clearly.",
];

fn roots(env: &Env) -> Vec<RootSpec> {
    match env.var("SKILLS_ROOT").filter(|v| !v.contains("://")) {
        Some(root) => vec![RootSpec::recursive(env.cwd.join(root), Scope::Custom, None)],
        None => vec![RootSpec::recursive(
            env.cwd.join("skills"),
            Scope::Project,
            None,
        )],
    }
}

/// Every directory with a `SKILL.md` is a skill; nothing is rejected. The name is the trimmed
/// raw `name` value, else the folder name.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    // The walk stats `<dir>/SKILL.md` exactly.
    if !skill.has_canonical_file_name() {
        return Err("skipped: the repository looks for SKILL.md exactly".to_owned());
    }
    let fields = read_frontmatter(skill.source.text());
    let name = fields
        .get("name")
        .map(|n| n.trim())
        .filter(|n| !n.is_empty())
        .map_or_else(|| skill.dir_name().into_owned(), str::to_owned);
    Ok(Admitted {
        name,
        description: Some(fields.get("description").cloned().unwrap_or_default()),
    })
}

/// The frontmatter's values: `---\n` first, closed by the next `\n---\n`, CRLF as LF.
fn read_frontmatter(text: &str) -> HashMap<String, String> {
    let text = super::file::crlf_to_lf(text);
    let block = text
        .strip_prefix("---\n")
        .and_then(|rest| rest.find("\n---\n").map(|end| &rest[..end]));
    block.map(raw_values).unwrap_or_default()
}

/// §12: values are the raw text after `key:`, trimmed, so quotes survive; a value that opens a
/// `|` or `>` block scalar is parsed as YAML together with its indented lines, and dropped when
/// that fails.
fn raw_values(block: &str) -> HashMap<String, String> {
    let lines: Vec<&str> = block.split('\n').collect();
    let indented = |line: &str| line.starts_with([' ', '\t']);
    let mut values = HashMap::default();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        let trimmed = line.trim();
        if indented(line) || trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let Some((key, value)) = trimmed.split_once(':') else {
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        if !value.starts_with(['|', '>']) {
            values.insert(key.to_owned(), value.to_owned());
            continue;
        }
        let start = i;
        while i < lines.len() && (lines[i].trim().is_empty() || indented(lines[i])) {
            i += 1;
        }
        let yaml = format!("{key}: {value}\n{}\n", lines[start..i].join("\n"));
        if let Some(text) = block_scalar(&yaml, key) {
            values.insert(key.to_owned(), text);
        }
    }
    values
}

fn block_scalar(yaml: &str, key: &str) -> Option<String> {
    match frontmatter::parse_standalone(yaml) {
        Yaml::Mapping(fields) => fields.into_iter().find_map(|f| match f.value {
            Value::String(text) if f.key == key => Some(text),
            _ => None,
        }),
        Yaml::NotMapping(_) | Yaml::Invalid(_) => None,
    }
}

/// `injectOverview`: nothing without skills; otherwise the header, the routing line, one
/// `- name: description` line per skill, then a blank line and the guidance, each line ending
/// in `\n`.
fn render(entries: &[Entry<'_>], _cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let mut sorted: Vec<&Entry<'_>> = entries.iter().collect();
    sorted.sort_by(|a, b| Collation::Bytes.compare(&a.name, &b.name));
    let mut text = format!("{HEADER}\n{ROUTING}\n");
    for entry in &sorted {
        text.push_str(&format!("- {}: {}\n", entry.name, entry.description()));
    }
    text.push('\n');
    for line in GUIDANCE {
        text.push_str(line);
        text.push('\n');
    }
    Rendered::complete(text, sorted.len())
}

/// How long loaded content lasts, and whether it goes into the tool result.
fn materialisation(mode: Option<&str>) -> (Lifetime, bool) {
    let mode = mode.unwrap_or("turn");
    let (lifetime, rest) = if let Some(rest) = mode.strip_prefix("once") {
        (Lifetime::Once, rest)
    } else if let Some(rest) = mode.strip_prefix("session") {
        (Lifetime::Session, rest)
    } else {
        (Lifetime::Turn, mode.strip_prefix("turn").unwrap_or(mode))
    };
    (lifetime, rest == "-tool-result")
}

fn unknown(name: &str) -> String {
    format!("Error: callable tool execution failed: unknown skill: {name}")
}

/// `skill_load { skill }`: the stub result, and the body materialised on the next request.
fn load(input: &LoadInput<'_>) -> Output {
    let call = Call::with("skill_load", "skill", input.name);
    let Some(entry) = input.entry() else {
        return Output::tool_error(call, unknown(input.name));
    };
    let (lifetime, in_tool_result) = materialisation(input.mode);
    let body = body(entry.skill);
    let name = &entry.name;
    let output = if in_tool_result {
        let mut text = String::new();
        if !body.trim().is_empty() {
            text.push_str(&format!("[Loaded] {name}\n\n{body}\n"));
        }
        text.push_str("Docs loaded: none\n");
        Output::tool(call, text)
    } else {
        let mut block = String::new();
        if !body.is_empty() {
            block.push_str(&format!("\n[Loaded] {name}\n\n{body}\n"));
        }
        block.push_str("Docs loaded: none\n");
        Output::tool(call, format!("loaded: {name}")).then(Role::System, block)
    };
    output.lasting(lifetime)
}

/// `skill.Body`: the raw text after the closing `\n---\n`, untrimmed; the whole file without
/// frontmatter. CRLF is read as LF.
fn body(skill: &Skill) -> String {
    let text = String::from_utf8_lossy(skill.source.bytes()).replace("\r\n", "\n");
    text.strip_prefix("---\n")
        .and_then(|rest| rest.find("\n---\n").map(|end| rest[end + 5..].to_owned()))
        .unwrap_or(text)
}

/// A doc: a `.md` or `.txt` file (any case) other than `SKILL.md`.
fn is_doc(path: &str) -> bool {
    let file = path.rsplit('/').next().unwrap_or(path);
    let lower = file.to_lowercase();
    !lower.eq("skill.md") && (lower.ends_with(".md") || lower.ends_with(".txt"))
}

/// A string as Go's `json.Marshal` writes it: `<`, `>`, `&`, U+2028 and U+2029 escaped.
fn go_string(text: &str) -> String {
    serde_json::Value::from(text)
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

/// `skill_select_docs { skill, docs: [path], mode: "add" }`: the selection as JSON, and the
/// doc materialised after the skill's body on the next request.
fn read(input: &ReadInput<'_>) -> Output {
    let call = Call::with_args(
        "skill_select_docs",
        &[
            ("skill", input.name.into()),
            ("docs", serde_json::json!([input.path])),
            ("mode", "add".into()),
        ],
    );
    let Some(entry) = input.entry() else {
        return Output::tool_error(call, unknown(input.name));
    };
    if input.lines.is_some() {
        return Output::tool_error(
            call,
            "skill_select_docs selects whole docs; it has no line range",
        );
    }
    let rel = match check_relative(input.path) {
        Ok(rel) => crate::paths::to_slash(&rel),
        Err(err) => return Output::tool_error(call, format!("Error: {err}")),
    };
    if !is_doc(&rel) {
        return Output::tool_error(
            call,
            format!(
                "\"{}\" is not a doc of skill \"{}\": docs are its .md and .txt files other than SKILL.md",
                input.path, entry.name
            ),
        );
    }
    let resource = match input.provider.read_resource_of(entry.skill, &rel, None) {
        Ok(resource) => resource,
        Err(err) => return Output::tool_error(call, format!("Error: {err}")),
    };
    let result = format!(
        "{{\"skill\":{},\"selected_docs\":[{}],\"mode\":\"add\"}}",
        go_string(&entry.name),
        go_string(&rel)
    );
    let (lifetime, in_tool_result) = materialisation(input.mode);
    if resource.text.is_empty() {
        return Output::tool(call, result).lasting(lifetime);
    }
    let mut block = format!("\n[Doc] {rel}\n\n{}", resource.text);
    if let Some(notice) = resource.truncation_notice() {
        block.push('\n');
        block.push_str(&notice);
    }
    block.push('\n');
    let output = if in_tool_result {
        // Materialised with the skill in tool results: the doc follows the selection there.
        Output::tool(call, format!("{result}\n{block}"))
    } else {
        Output::tool(call, result).then(Role::System, block)
    };
    output.lasting(lifetime)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::provider::{MemoryProvider, SkillProvider};
    use crate::targets::catalog::{self, ChangeKind};
    use crate::targets::load::testing::Machine;

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    fn values(block: &str) -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = raw_values(block).into_iter().collect();
        v.sort();
        v
    }

    #[test]
    fn values_are_raw_except_block_scalars() {
        let v = values(
            "name: \"quoted\"\ndescription: 'single' # kept\nurl: http://x:1\n# comment\nmetadata:\n  name: nested\nlist: [a, b]",
        );
        assert_eq!(
            v,
            [
                ("description".into(), "'single' # kept".into()),
                ("list".into(), "[a, b]".into()),
                ("metadata".into(), String::new()),
                ("name".into(), "\"quoted\"".into()),
                ("url".into(), "http://x:1".into()),
            ]
        );
        let v = values("description: |\n  one\n\n  two\nname: n\nother: >-\n  folded\n  text");
        assert_eq!(
            v,
            [
                ("description".into(), "one\n\ntwo\n".into()),
                ("name".into(), "n".into()),
                ("other".into(), "folded text".into()),
            ]
        );
        // A block scalar that does not parse is dropped; the rest stays.
        let v = values("description: |\n  ok\n\tbad\nname: n");
        assert_eq!(v, [("name".into(), "n".into())]);
    }

    #[test]
    fn the_split_wants_the_exact_delimiters() {
        assert_eq!(
            read_frontmatter("---\r\nname: a\r\n---\r\nbody")["name"],
            "a"
        );
        assert!(read_frontmatter("---\nname: a\n---").is_empty());
        assert!(read_frontmatter("\u{feff}---\nname: a\n---\n").is_empty());
        assert!(read_frontmatter("--- \nname: a\n---\n").is_empty());
    }

    #[test]
    fn folder_name_fallback_empty_description_byte_order_first_wins() {
        let built = build(vec![
            MemorySkill::new("/r/plain", "# no frontmatter\n"),
            MemorySkill::new("/r/b", "---\nname: Beta\ndescription: \"first\"\n---\n"),
            MemorySkill::new("/r/a", "---\nname: alpha\ndescription: x & <y>\n---\n"),
            MemorySkill::new("/s/b", "---\nname: Beta\ndescription: second\n---\n"),
            MemorySkill::new("/r/blank", "---\nname:   \n---\n"),
        ]);
        let lines: Vec<&str> = built.text.lines().skip(2).take(4).collect();
        assert_eq!(
            lines,
            [
                "- Beta: \"first\"",
                "- alpha: x & <y>",
                "- blank: ",
                "- plain: "
            ]
        );
        assert_eq!(built.changes.len(), 1);
        assert_eq!(built.changes[0].kind, ChangeKind::Shadowed);
        assert!(built.text.ends_with("explain the limitation clearly.\n"));
        assert!(
            built
                .text
                .contains("- plain: \n\nTooling and workspace guidance:\n")
        );
        assert_eq!(build(Vec::new()).text, "");
    }

    #[test]
    fn skills_root_replaces_the_default_root() {
        let env = Env::new("/p", None);
        assert_eq!(roots(&env)[0].path, std::path::Path::new("/p/skills"));
        let env = env.with_var("SKILLS_ROOT", "/srv/skills");
        assert_eq!(roots(&env)[0].path, std::path::Path::new("/srv/skills"));
        let env = Env::new("/p", None).with_var("SKILLS_ROOT", "https://x/skills.zip");
        assert_eq!(roots(&env)[0].path, std::path::Path::new("/p/skills"));
    }

    fn machine() -> Machine {
        Machine::new(vec![
            MemorySkill::new(
                "/p/skills/pdf",
                "---\r\nname: pdf\r\ndescription: d\r\n---\r\n\r\n# PDF\r\n",
            )
            .with_file("references/forms.md", "# Forms\n")
            .with_file("notes/A&B.TXT", "x")
            .with_file("empty.md", "")
            .with_file("scripts/run.py", "print(1)\n")
            .with_file("sub/skill.md", "nested"),
            MemorySkill::new("/p/skills/blank", "---\nname: blank\n---\n"),
            MemorySkill::new("/p/skills/spaces", "---\nname: spaces\n---\n  \n"),
        ])
    }

    #[test]
    fn legacy_load_is_a_stub_and_a_system_block() {
        let out = machine().load(&TARGET, "pdf", 0, None);
        assert_eq!(out.call.as_ref().unwrap().arguments, r#"{"skill":"pdf"}"#);
        assert_eq!(out.parts[0].role, Role::Tool);
        assert_eq!(out.parts[0].text, "loaded: pdf");
        assert_eq!(out.parts[1].role, Role::System);
        // The body is raw: it keeps the blank line after the frontmatter.
        assert_eq!(
            out.parts[1].text,
            "\n[Loaded] pdf\n\n\n# PDF\n\nDocs loaded: none\n"
        );
        assert_eq!(out.lifetime, Lifetime::Turn);
        assert_eq!(machine().load(&TARGET, "pdf", 1, None), out);
        let blank = machine().load(&TARGET, "blank", 0, Some("session"));
        assert_eq!(blank.parts[1].text, "Docs loaded: none\n");
        assert_eq!(blank.lifetime, Lifetime::Session);
    }

    #[test]
    fn tool_result_modes_replace_the_stub() {
        let out = machine().load(&TARGET, "pdf", 0, Some("once-tool-result"));
        assert_eq!(out.parts.len(), 1);
        assert_eq!(
            out.parts[0].text,
            "[Loaded] pdf\n\n\n# PDF\n\nDocs loaded: none\n"
        );
        assert_eq!(out.lifetime, Lifetime::Once);
        // A blank body counts as none here, unlike in the system message.
        let spaces = machine().load(&TARGET, "spaces", 0, Some("turn-tool-result"));
        assert_eq!(spaces.parts[0].text, "Docs loaded: none\n");
        let legacy = machine().load(&TARGET, "spaces", 0, Some("turn"));
        assert_eq!(
            legacy.parts[1].text,
            "\n[Loaded] spaces\n\n  \n\nDocs loaded: none\n"
        );
        for mode in MODES {
            let (lifetime, in_result) = materialisation(Some(mode.name));
            assert_eq!(
                in_result,
                mode.name.ends_with("-tool-result"),
                "{}",
                mode.name
            );
            assert_eq!(
                lifetime,
                match mode.name.split('-').next() {
                    Some("once") => Lifetime::Once,
                    Some("session") => Lifetime::Session,
                    _ => Lifetime::Turn,
                }
            );
        }
    }

    #[test]
    fn unknown_skills_carry_the_flow_prefix() {
        let out = machine().load(&TARGET, "nope", 0, None);
        assert!(out.error);
        assert_eq!(
            out.display(),
            "Error: callable tool execution failed: unknown skill: nope"
        );
        let read = machine().read(&TARGET, "nope", "a.md", None);
        assert_eq!(read.display(), out.display());
    }

    #[test]
    fn a_read_selects_a_doc() {
        let out = machine().read(&TARGET, "pdf", "./references/forms.md", None);
        assert_eq!(
            out.call.as_ref().unwrap().arguments,
            r#"{"skill":"pdf","docs":["./references/forms.md"],"mode":"add"}"#
        );
        assert_eq!(
            out.parts[0].text,
            r#"{"skill":"pdf","selected_docs":["references/forms.md"],"mode":"add"}"#
        );
        assert_eq!(out.parts[1].role, Role::System);
        assert_eq!(
            out.parts[1].text,
            "\n[Doc] references/forms.md\n\n# Forms\n\n"
        );
        let upper = machine().read(&TARGET, "pdf", "notes/A&B.TXT", None);
        assert!(upper.parts[0].text.contains(r#""notes/A\u0026B.TXT""#));
        assert_eq!(upper.parts[1].text, "\n[Doc] notes/A&B.TXT\n\nx\n");
        let empty = machine().read(&TARGET, "pdf", "empty.md", None);
        assert_eq!(empty.parts.len(), 1);
    }

    #[test]
    fn reads_of_non_docs_and_ranges_are_refused() {
        for path in ["scripts/run.py", "sub/skill.md", "SKILL.md"] {
            let out = machine().read(&TARGET, "pdf", path, None);
            assert!(out.error, "{path}");
            assert_eq!(
                out.display(),
                format!(
                    "\"{path}\" is not a doc of skill \"pdf\": docs are its .md and .txt files other than SKILL.md"
                )
            );
        }
        let ranged = machine().read(&TARGET, "pdf", "references/forms.md", Some("1"));
        assert!(ranged.error);
        let out = machine().read(&TARGET, "pdf", "../blank/SKILL.md", None);
        assert_eq!(
            out.display(),
            "Error: `../blank/SKILL.md` leaves the skill directory"
        );
        let missing = machine().read(&TARGET, "pdf", "nope.md", None);
        assert_eq!(
            missing.display(),
            "Error: `nope.md` does not exist in the skill"
        );
    }

    #[test]
    fn bodies_follow_the_repository_split() {
        let split =
            |text: &str| body(&MemoryProvider::new(vec![MemorySkill::new("/s/x", text)]).list()[0]);
        assert_eq!(split("---\nname: a\n---\nB\n"), "B\n");
        assert_eq!(split("no frontmatter\n"), "no frontmatter\n");
        assert_eq!(split("---\nname: a\n---"), "---\nname: a\n---");
        assert_eq!(split("---\r\na: b\r\n---\r\n\r\nx"), "\nx");
    }
}
