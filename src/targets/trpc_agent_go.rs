//! `trpc-agent-go`: the skills overview tRPC-Agent-Go merges into the system message
//! (`internal/flow/processor/skills.go`) for the default `knowledge_only` tool profile, over an
//! `FSRepository` (`skill/repository.go`), as read from source (runtime-formats.md §12).

use std::collections::HashMap;

use super::catalog::{Admitted, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec};
use super::text::Collation;
use super::{Budget, Confidence, NameCharset, Target};
use crate::frontmatter::{self, Value, Yaml};
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
    load: |_| unimplemented_load(),
    read: |_| unimplemented_load(),
    search: None,
    session: super::load::Session {
        catalog: super::load::Placement::SystemPrompt,
        modes: &[],
        reload: "TODO",
    },
    builtins: "",
    decisions: DECISIONS,

    confidence: Confidence::Source,
    reference: "trpc-group/trpc-agent-go internal/flow/processor/skills.go, internal/skillprofile/profile.go, skill/repository.go, tool/skill/load.go @ 0e352fd (runtime-formats.md §12)",
};

/// What the source leaves to the embedding program, and what we decided.
const DECISIONS: &[&str] = &[
    "--roots: the repository has no directories of its own; we use $SKILLS_ROOT (the variable the examples read; URL values are not fetched) or else ./skills, the docs' quickstart root",
    "the overview is rendered for the default knowledge_only tool profile with the built-in tooling guidance, no path hints and no WithMaxOverviewSkills cap",
    "the per-request re-ranking by the last user message (and its \"Top recommended skill\" line) does not apply: a static catalog has no user message, so the order is the sorted one",
    "raw reading: only unindented `key: value` lines are read (indented lines belong to the key above); a later line with the same key replaces an earlier one",
    "the frontmatter must start with ---\\n and close at the next \\n---\\n (CRLF read as LF); otherwise there is none",
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
    let text = String::from_utf8_lossy(skill.source.bytes());
    let fields = read_frontmatter(&text);
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
    let text = text.replace("\r\n", "\n");
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
    let mut values = HashMap::new();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self, ChangeKind};

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
}

fn unimplemented_load() -> super::load::Output {
    super::load::Output::tool_error(super::load::Call::with("TODO", "name", ""), "TODO")
}
