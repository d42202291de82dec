//! `metis`: the Metis agent's skill loader (`metis_core.skills`) and the `## Available skills`
//! discovery index it puts in the stable half of the system prompt, as its retrospective design
//! document (which documents the shipped implementation) pins them.

use super::catalog::{Admitted, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec};
use super::load::{
    Call, LoadInput, Output, Placement, ReadInput, SearchInput, Session, sha256_hex,
};
use super::text::Collation;
use super::{Budget, Confidence, NameCharset, Target};
use crate::frontmatter::{Field, Value, ValueKind, Yaml};
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "metis",
    display: "Metis",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[],
    name_charset: NameCharset::Ascii,
    description_limit: MAX_DESCRIPTION,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "one block in the stable half of the system prompt (before the prompt-cache breakpoint), built once per session",
    roots,
    roots_summary: "~/.metis/skills (global), then <workspace>/.metis/skills (workspace overrides global); immediate subdirectories only",
    collision: Collision::LastWins,
    admit,
    broken_skill: "an invalid SKILL.md is logged at WARNING and skipped; directories without SKILL.md are skipped silently",
    fields_read: &[
        "name",
        "description",
        "license",
        "compatibility",
        "metadata",
        "allowed-tools",
    ],
    ordering: "by name, code point (byte) order",
    escaping: "none",
    whitespace: "the description as YAML returns it, unstripped; inner newlines are kept raw",
    budget: Budget::NONE,
    render,
    leave_one_out: None,
    load,
    read,
    search: Some(search),
    session: Session {
        catalog: Placement::SystemPrompt,
        modes: &[],
        reload: "a pointer, `Skill \"x\" is already loaded in this session; its instructions appear earlier in the conversation.`, recorded with already_loaded: true; the body is not repeated",
    },
    builtins_note: "",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: None,
    decisions: DECISIONS,

    confidence: Confidence::Docs,
    reference: "the Metis skills specification, draft v1 of 2026-05-13 (a retrospective of packages/metis-core/src/metis_core/skills/)",
};

/// What the design leaves open and we decided.
const DECISIONS: &[&str] = &[
    "confidence \"from docs\" is the closest label: the loader and the index format are pinned by Metis's design document (which documents the shipped code), not read from source; the points below are ours",
    "the workspace is the working directory",
    "the index has no trailing newline (its lines are joined with \\n); the assembler's separators around it are not shown",
    "the [preloaded] marker is not shown: pre-activation depends on the context assembler's padding rule, not on the skill set",
    "the file is read as Python text mode does (UTF-8, universal newlines); it must then start with ---\\n, and the first later line that is exactly --- closes the frontmatter",
    "optional fields, when present and not null: license, compatibility (at most 500 characters) and allowed-tools must be strings; metadata a mapping with string keys and string, number or boolean values",
    "skill_load: the ToolExecutionError for an unknown name reaches the model as its message alone, `no skill registered with name 'x'` (the name as Python's repr writes it)",
    "skill_load: the recorded output metadata is skill_id, skill_version, source and load_size_tokens; over 5000 estimated tokens a `warning` record stands for the loader's WARNING log line (our wording)",
    "skill_load: a second load in the session returns `Skill \"x\" is already loaded in this session; its instructions appear earlier in the conversation.` (our wording; the design says only that a pointer is returned) with already_loaded: true beside the four metadata fields",
    "skill_search: the query is lowercased and stripped, then looked for in the name and in the lowercased description (the design does not say whether the description is lowercased; without it a lowercased query could never match a capital letter)",
    "skill_search: the limit is held to the schema's 1..50; the header shows the normalised query in single quotes, unescaped; the recorded metadata is query, result_count and result_names",
    "skill_search: no match returns `No skills match 'xyz'.` (our wording)",
    "reads: Metis has no skill read tool (the body points at files and the agent uses its general-purpose read_file); we show that read as `read_file {path}` with the path relative to the skill directory, start_line/end_line for a range, the file's text as the result and `Error: <reason>` for a refusal, through the provider's guards",
];

const MAX_NAME: usize = 64;
const MAX_DESCRIPTION: usize = 1024;
const MAX_COMPATIBILITY: usize = 500;

/// The index header, one string per line.
const HEADER: [&str; 2] = [
    "## Available skills",
    "Use `skill_search(query)` to filter and `skill_load(name)` to read a body.",
];

/// `load_skills(global_dir=~/.metis/skills, workspace_dir=<workspace>/.metis/skills)`: globals
/// first, then the workspace, whose skills replace globals of the same name.
fn roots(env: &Env) -> Vec<RootSpec> {
    RootSpec::user_then_project(env, ".metis/skills")
}

/// The loader's own split and `yaml.safe_load`, then the six-field schema; any violation is a
/// `SkillValidationError`, logged and skipped.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err("skipped: Metis requires the file name SKILL.md exactly".to_owned());
    }
    let yaml = split(skill)?;
    let fields = match super::file::yaml(skill, &yaml) {
        Yaml::Mapping(fields) => fields,
        Yaml::NotMapping(kind) => {
            return Err(format!(
                "skipped: the frontmatter is a {kind}, not a YAML mapping"
            ));
        }
        Yaml::Invalid(err) => {
            return Err(format!("skipped: invalid YAML: {}", err.reason));
        }
    };
    // PyYAML keeps the last of duplicate keys.
    let get = |key: &str| {
        fields
            .iter()
            .rev()
            .find(|f| f.key == key && f.key_kind == ValueKind::String)
    };
    let name = check_name(get("name"), &skill.dir_name())?;
    let description = check_description(get("description"))?;
    check_optional(get("license"), get("compatibility"), get("allowed-tools"))?;
    check_metadata(get("metadata"))?;
    Ok(Admitted {
        name,
        description: Some(description),
    })
}

/// The frontmatter text: the file must begin with `---\n`; the next line that is `---` closes.
fn split(skill: &Skill) -> Result<String, String> {
    let text = super::file::utf8(skill)
        .ok_or_else(|| "skipped: SKILL.md is not valid UTF-8".to_owned())?;
    // `Path.read_text()` reads with universal newlines.
    let text = super::file::universal_newlines_of(skill, text);
    let Some(rest) = text.strip_prefix("---\n") else {
        return Err("skipped: SKILL.md must begin with a --- line".to_owned());
    };
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if line.strip_suffix('\n').unwrap_or(line) == "---" {
            return Ok(rest[..offset].to_owned());
        }
        offset += line.len();
    }
    Err("skipped: the frontmatter has no closing --- line".to_owned())
}

/// 1–64 characters, `^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$`, no `--`, equal to the directory.
fn check_name(field: Option<&Field>, dir: &str) -> Result<String, String> {
    let name = match field.map(|f| &f.value) {
        None | Some(Value::Null) => return Err("skipped: `name` is required".to_owned()),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err("skipped: `name` must be a string".to_owned()),
    };
    let length = name.chars().count();
    if length == 0 || length > MAX_NAME {
        return Err(format!(
            "skipped: `name` must be 1-{MAX_NAME} characters, not {length}"
        ));
    }
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit();
    if !name.chars().all(|c| allowed(c) || c == '-') || name.starts_with('-') || name.ends_with('-')
    {
        return Err(format!(
            "skipped: `name` `{name}` must be lowercase letters, digits and inner hyphens"
        ));
    }
    if name.contains("--") {
        return Err(format!("skipped: `name` `{name}` has consecutive hyphens"));
    }
    if name != dir {
        return Err(format!(
            "skipped: `name` `{name}` does not match the directory name `{dir}`"
        ));
    }
    Ok(name)
}

/// 1–1024 characters and not blank; kept as written.
fn check_description(field: Option<&Field>) -> Result<String, String> {
    let description = match field.map(|f| &f.value) {
        None | Some(Value::Null) => return Err("skipped: `description` is required".to_owned()),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err("skipped: `description` must be a string".to_owned()),
    };
    if description.trim().is_empty() {
        return Err("skipped: `description` is empty".to_owned());
    }
    let length = description.chars().count();
    if length > MAX_DESCRIPTION {
        return Err(format!(
            "skipped: `description` is {length} characters; at most {MAX_DESCRIPTION}"
        ));
    }
    Ok(description)
}

fn present(field: Option<&Field>) -> Option<&Value> {
    field
        .map(|f| &f.value)
        .filter(|v| !matches!(v, Value::Null))
}

fn check_optional(
    license: Option<&Field>,
    compatibility: Option<&Field>,
    allowed_tools: Option<&Field>,
) -> Result<(), String> {
    for (key, field) in [
        ("license", license),
        ("compatibility", compatibility),
        ("allowed-tools", allowed_tools),
    ] {
        if present(field).is_some_and(|v| !matches!(v, Value::String(_))) {
            return Err(format!("skipped: `{key}` must be a string"));
        }
    }
    if let Some(Value::String(text)) = present(compatibility) {
        let length = text.chars().count();
        if length > MAX_COMPATIBILITY {
            return Err(format!(
                "skipped: `compatibility` is {length} characters; at most {MAX_COMPATIBILITY}"
            ));
        }
    }
    Ok(())
}

/// A string-keyed mapping; scalar values are coerced to strings, anything else is rejected.
fn check_metadata(field: Option<&Field>) -> Result<(), String> {
    let Some(value) = present(field) else {
        return Ok(());
    };
    let Value::Mapping(pairs) = value else {
        return Err("skipped: `metadata` must be a mapping".to_owned());
    };
    for (key, value) in pairs {
        if !matches!(key, Value::String(_)) {
            return Err("skipped: `metadata` keys must be strings".to_owned());
        }
        if !matches!(value, Value::String(_) | Value::Number(_) | Value::Bool(_)) {
            return Err(format!(
                "skipped: `metadata` value for `{}` must be a string",
                key.render()
            ));
        }
    }
    Ok(())
}

/// `discovery_index()` rendered: omitted entirely without skills; otherwise the header and one
/// `- {name}: {description}` line per skill, sorted by name, joined with `\n`.
fn render(entries: &[Entry<'_>], _cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let mut sorted: Vec<&Entry<'_>> = entries.iter().collect();
    sorted.sort_by(|a, b| Collation::Bytes.compare(&a.name, &b.name));
    let mut lines: Vec<String> = HEADER.iter().map(|l| (*l).to_owned()).collect();
    lines.extend(
        sorted
            .iter()
            .map(|e| format!("- {}: {}", e.name, e.description())),
    );
    Rendered::complete(lines.join("\n"), sorted.len())
}

/// The loader's warning threshold, in estimated tokens.
const BODY_TOKEN_WARN: usize = 5000;

/// `skill_load { name }`: the header and the body, with the output metadata as records.
fn load(input: &LoadInput<'_>) -> Output {
    let call = Call::with("skill_load", "name", input.name);
    let Some(entry) = input.entry() else {
        return Output::tool_error(call, unknown(input.name));
    };
    let body = body(entry.skill);
    let source = source(entry.skill);
    let tokens = estimated_tokens(&body);
    let version = sha256_hex(body.as_bytes());
    let text = if input.earlier_loads > 0 {
        format!(
            "Skill \"{}\" is already loaded in this session; its instructions appear earlier in the conversation.",
            entry.name
        )
    } else {
        format!("# Skill: {} (source: {source})\n\n{body}", entry.name)
    };
    let mut output = Output::tool(call, text)
        .record("skill_id", entry.name.as_str())
        .record("skill_version", version.get(..16).unwrap_or(&version))
        .record("source", source)
        .record("load_size_tokens", tokens);
    if input.earlier_loads > 0 {
        output = output.record("already_loaded", true);
    } else if tokens > BODY_TOKEN_WARN {
        output = output.record(
            "warning",
            format!(
                "the body is an estimated {tokens} tokens, over the {BODY_TOKEN_WARN}-token warning threshold"
            ),
        );
    }
    output
}

fn unknown(name: &str) -> String {
    format!("no skill registered with name {}", py_repr(name))
}

/// `Skill.body`: the text after the closing `---` line, leading newlines stripped.
fn body(skill: &Skill) -> String {
    let text = String::from_utf8_lossy(skill.source.bytes())
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    let Some(rest) = text.strip_prefix("---\n") else {
        return text.trim_start_matches('\n').to_owned();
    };
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        offset += line.len();
        if line.strip_suffix('\n').unwrap_or(line) == "---" {
            return rest[offset..].trim_start_matches('\n').to_owned();
        }
    }
    String::new()
}

/// `max(1, len(body) // 4)`, `len` counting code points.
fn estimated_tokens(body: &str) -> usize {
    (body.chars().count() / 4).max(1)
}

/// The root that served the skill.
fn source(skill: &Skill) -> &'static str {
    match skill.origin.scope {
        Scope::Project => "workspace",
        _ => "global",
    }
}

/// Python's `repr` of a string: single quotes unless the text holds a single quote and no
/// double one; backslashes, the quote and control characters escaped.
fn py_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => {
                let code = u32::from(c);
                if code <= 0xff {
                    out.push_str(&format!("\\x{code:02x}"));
                } else {
                    out.push_str(&format!("\\u{code:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// `skill_search { query, limit=10 }`: substring scoring over name and description.
fn search(input: &SearchInput<'_>) -> Output {
    let mut args = vec![("query", serde_json::Value::from(input.query))];
    if let Some(limit) = input.limit {
        args.push(("limit", limit.into()));
    }
    let call = Call::with_args("skill_search", &args);
    let query = input.query.trim().to_lowercase();
    let limit = input.limit.unwrap_or(10).clamp(1, 50);
    let mut sorted: Vec<&Entry<'_>> = input.known.iter().collect();
    sorted.sort_by(|a, b| Collation::Bytes.compare(&a.name, &b.name));
    let mut hits: Vec<(u8, &Entry<'_>)> = if query.is_empty() {
        sorted.into_iter().map(|e| (0, e)).collect()
    } else {
        sorted
            .into_iter()
            .map(|e| (score(&query, e), e))
            .filter(|(score, _)| *score > 0)
            .collect()
    };
    // A stable sort keeps the name order among equal scores.
    hits.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
    hits.truncate(limit);
    let names: Vec<&str> = hits.iter().map(|(_, e)| e.name.as_str()).collect();
    let text = if hits.is_empty() {
        format!("No skills match '{query}'.")
    } else {
        let mut lines = vec![format!("Skills matching '{query}' ({}):", hits.len())];
        lines.extend(hits.iter().map(|(_, e)| {
            format!(
                "- {} [{}] \u{2014} {}",
                e.name,
                source(e.skill),
                e.description()
            )
        }));
        lines.join("\n")
    };
    Output::tool(call, text)
        .record("query", query.as_str())
        .record("result_count", names.len())
        .record("result_names", names)
}

/// +2 when the query is in the name, +1 when it is in the description.
fn score(query: &str, entry: &Entry<'_>) -> u8 {
    let mut score = 0;
    if entry.name.to_lowercase().contains(query) {
        score += 2;
    }
    if entry.description().to_lowercase().contains(query) {
        score += 1;
    }
    score
}

/// A general-purpose `read_file` of a file the body points at, through the provider's guards.
fn read(input: &ReadInput<'_>) -> Output {
    let mut args = vec![("path", serde_json::Value::from(input.path))];
    if let Some(lines) = input.lines {
        args.push(("start_line", lines.start.into()));
        if let Some(end) = lines.end {
            args.push(("end_line", end.into()));
        }
    }
    let call = Call::with_args("read_file", &args);
    let Some(entry) = input.entry() else {
        return Output::tool_error(call, unknown(input.name));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self, ChangeKind};
    use crate::targets::load::testing::Machine;

    fn skill(dir: &str, text: &str) -> MemorySkill {
        MemorySkill::new(dir, text)
    }

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    #[test]
    fn index_lines_sorted_raw_and_unterminated() {
        let built = build(vec![
            skill("/w/zeta", "---\nname: zeta\ndescription: a & <b>\n---\n"),
            skill(
                "/w/alpha",
                "---\r\nname: alpha\r\ndescription: |\r\n  two\r\n  lines\r\n---\r\n",
            ),
        ]);
        assert_eq!(
            built.text,
            "## Available skills\nUse `skill_search(query)` to filter and `skill_load(name)` to read a body.\n- alpha: two\nlines\n\n- zeta: a & <b>"
        );
        assert_eq!(build(Vec::new()).text, "");
    }

    #[test]
    fn the_split_is_strict_about_the_opening_line_and_exact_about_the_closing_one() {
        let split = |text: &[u8]| {
            let text = std::str::from_utf8(text).unwrap();
            split(&crate::rules::context::testing::skill("a", text))
        };
        assert!(split(b"---\nname: a\n---\nbody").is_ok());
        assert_eq!(split(b"---\nname: a\n---").as_deref(), Ok("name: a\n"));
        assert!(split(b"--- \nname: a\n---\n").is_err());
        assert!(split(b"\xEF\xBB\xBF---\nname: a\n---\n").is_err());
        // `--- ` and `----` do not close; the later `---` does.
        assert_eq!(
            split(b"---\na: b\n----\n--- \n---\nbody").as_deref(),
            Ok("a: b\n----\n--- \n")
        );
        assert!(split(b"---\nname: a\n").is_err());
    }

    #[test]
    fn the_schema_skips_what_it_rejects() {
        let ok = "description: d\n---\n";
        let built = build(vec![
            skill("/w/ok", &format!("---\nname: ok\n{ok}")),
            skill("/w/other", &format!("---\nname: mismatch\n{ok}")),
            skill("/w/a--b", &format!("---\nname: a--b\n{ok}")),
            skill("/w/-a", &format!("---\nname: -a\n{ok}")),
            skill("/w/blank", "---\nname: blank\ndescription: '   '\n---\n"),
            skill(
                "/w/compat",
                &format!(
                    "---\nname: compat\ncompatibility: {}\n{ok}",
                    "x".repeat(501)
                ),
            ),
            skill(
                "/w/meta",
                &format!("---\nname: meta\nmetadata:\n  v: 1.0\n  ok: true\n{ok}"),
            ),
            skill(
                "/w/bad-meta",
                &format!("---\nname: bad-meta\nmetadata:\n  v: [1]\n{ok}"),
            ),
            skill("/w/list", "---\n- a\n---\n"),
        ]);
        assert_eq!(built.listed, 2, "{}", built.text);
        let reasons: Vec<&str> = built.changes.iter().map(|c| c.reason.as_str()).collect();
        assert_eq!(
            reasons,
            [
                "skipped: `name` `mismatch` does not match the directory name `other`",
                "skipped: `name` `a--b` has consecutive hyphens",
                "skipped: `name` `-a` must be lowercase letters, digits and inner hyphens",
                "skipped: `description` is empty",
                "skipped: `compatibility` is 501 characters; at most 500",
                "skipped: `metadata` value for `v` must be a string",
                "skipped: the frontmatter is a sequence, not a YAML mapping",
            ]
        );
    }

    fn machine() -> Machine {
        Machine::new(vec![
            skill(
                "/h/.metis/skills/pdf-tools",
                "---\nname: pdf-tools\ndescription: Merge files.\n---\nTools body\n",
            )
            .in_scope(Scope::User, 0),
            skill(
                "/p/.metis/skills/pdf",
                "---\r\nname: pdf\r\ndescription: Read PDF forms.\r\n---\r\n\r\n\r\n# PDF\r\n\r\nSteps é\r\n",
            )
            .with_file("references/forms.md", "one\ntwo\n")
            .in_scope(Scope::Project, 1),
            skill(
                "/p/.metis/skills/review",
                "---\nname: review\ndescription: Review code; not for pdf.\n---\nReview\n",
            )
            .in_scope(Scope::Project, 1),
        ])
    }

    #[test]
    fn load_is_the_header_and_the_body_with_its_metadata() {
        let out = machine().load(&TARGET, "pdf", 0, None);
        assert_eq!(
            out.display(),
            "# Skill: pdf (source: workspace)\n\n# PDF\n\nSteps é\n"
        );
        let body = "# PDF\n\nSteps é\n";
        assert_eq!(out.record["skill_id"], "pdf");
        assert_eq!(
            out.record["skill_version"],
            sha256_hex(body.as_bytes())[..16]
        );
        assert_eq!(out.record["source"], "workspace");
        // 14 code points, not 15 bytes.
        assert_eq!(out.record["load_size_tokens"], 3);
        assert!(!out.record.contains_key("warning"));
        let global = machine().load(&TARGET, "pdf-tools", 0, None);
        assert!(
            global
                .display()
                .starts_with("# Skill: pdf-tools (source: global)\n\nTools")
        );
    }

    #[test]
    fn reload_is_a_pointer_and_unknown_names_are_repr_quoted() {
        let again = machine().load(&TARGET, "pdf", 2, None);
        assert_eq!(
            again.display(),
            "Skill \"pdf\" is already loaded in this session; its instructions appear earlier in the conversation."
        );
        assert_eq!(again.record["already_loaded"], true);
        assert_eq!(again.record["skill_id"], "pdf");
        let unknown = machine().load(&TARGET, "it's", 0, None);
        assert!(unknown.error);
        assert_eq!(unknown.display(), "no skill registered with name \"it's\"");
        assert_eq!(py_repr("a\\b\n'\""), "'a\\\\b\\n\\'\"'");
        assert_eq!(py_repr("\u{7}"), "'\\x07'");
    }

    #[test]
    fn a_long_body_is_warned_about() {
        let long = format!(
            "---\nname: big\ndescription: d\n---\n{}",
            "x".repeat(20_004)
        );
        let m = Machine::new(vec![skill("/p/.metis/skills/big", &long)]);
        let out = m.load(&TARGET, "big", 0, None);
        assert_eq!(out.record["load_size_tokens"], 5001);
        assert!(out.record.contains_key("warning"));
        assert_eq!(estimated_tokens(""), 1);
    }

    #[test]
    fn search_scores_names_over_descriptions() {
        let out = machine().search(&TARGET, "  PDF ", None);
        assert_eq!(
            out.call.as_ref().unwrap().arguments,
            r#"{"query":"  PDF "}"#
        );
        assert_eq!(
            out.display(),
            "Skills matching 'pdf' (3):\n- pdf [workspace] \u{2014} Read PDF forms.\n- pdf-tools [global] \u{2014} Merge files.\n- review [workspace] \u{2014} Review code; not for pdf."
        );
        assert_eq!(out.record["result_count"], 3);
        assert_eq!(out.record["query"], "pdf");
        let limited = machine().search(&TARGET, "pdf", Some(1));
        assert_eq!(limited.record["result_names"], serde_json::json!(["pdf"]));
        let none = machine().search(&TARGET, "xyz", None);
        assert_eq!(none.display(), "No skills match 'xyz'.");
        assert!(!none.error);
        let all = machine().search(&TARGET, "", Some(2));
        assert_eq!(
            all.record["result_names"],
            serde_json::json!(["pdf", "pdf-tools"])
        );
    }

    #[test]
    fn reads_are_plain_file_reads() {
        let out = machine().read(&TARGET, "pdf", "references/forms.md", Some("2"));
        assert_eq!(
            out.call.as_ref().unwrap().arguments,
            r#"{"path":"references/forms.md","start_line":2,"end_line":2}"#
        );
        assert_eq!(out.display(), "two\n");
        let refused = machine().read(&TARGET, "pdf", "../review/SKILL.md", None);
        assert!(refused.error);
        assert_eq!(
            refused.display(),
            "Error: `../review/SKILL.md` leaves the skill directory"
        );
    }

    #[test]
    fn the_workspace_overrides_the_global_library() {
        let built = build(vec![
            skill(
                "/h/.metis/skills/s",
                "---\nname: s\ndescription: global\n---\n",
            ),
            skill(
                "/p/.metis/skills/s",
                "---\nname: s\ndescription: workspace\n---\n",
            ),
        ]);
        assert!(built.text.ends_with("\n- s: workspace"));
        assert_eq!(built.changes.len(), 1);
        assert_eq!(built.changes[0].kind, ChangeKind::Shadowed);
    }
}
