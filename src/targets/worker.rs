//! `worker`: the worker/server runtime of the "Skills" documentation page: the worker reads
//! `{workdir}/.agents/skills` (or `.claude/skills` when that does not exist) and the server lists
//! the skills in the description of its `skill` tool as `<skills><skill name="…">…</skill></skills>`.

use super::catalog::{Admitted, Collision, Context, Entry, Rendered, admit as common};
use super::env::{Env, RootSpec};
use super::load::{Call, LoadInput, Output, Placement, ReadInput, Session, available};
use super::text::{Collation, Escaping};
use super::{Budget, Confidence, NameCharset, Target};
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "worker",
    display: "the worker/server runtime",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[],
    name_charset: NameCharset::Unicode,
    // The page documents no limit.
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "the description of the server-side `skill` tool, which is added only when the worker has at least one skill; its `name` parameter is an enum of the skill names",
    roots,
    roots_summary: "{workdir}/.agents/skills; only when that directory does not exist, {workdir}/.claude/skills; one level",
    collision: Collision::KeepAll,
    admit,
    broken_skill: "never skipped: missing or unparsable frontmatter makes the directory name the name and the whole file the body",
    fields_read: &["name", "description"],
    ordering: "by directory name, byte order",
    escaping: "& < > \" in name and description",
    whitespace: "name and description as the YAML parser returns them; inner newlines are kept",
    budget: Budget::NONE,
    render,
    leave_one_out: None,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::ToolDescription,
        modes: &[],
        reload: "the body again; skill results are never pruned from the context",
    },
    builtins_note: "",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: None,
    decisions: DECISIONS,

    confidence: Confidence::Docs,
    reference: "the worker/server runtime's \"Skills\" documentation page",
};

/// What the page leaves open and we decided.
const DECISIONS: &[&str] = &[
    "confidence \"from docs\": the roots, the fallbacks and the <skills> shape come from the documentation page; the points below are ours",
    "sorted by directory name in byte order (the page's example shows no order)",
    "& < > \" are escaped in the name attribute and the description",
    "the catalog is the <skills> block alone, without a trailing newline; no skills: no tool, so nothing at all",
    "a skill with no description is listed with an empty element: <skill name=\"x\"></skill>",
    "a name or description that is not a string counts as absent (the directory name, no description)",
    "two skills declaring the same name are both listed (no deduplication is documented)",
    "the worker's working directory is the current directory",
    "the `skill` tool returns the body: the Markdown after the frontmatter, untrimmed; the page's first paragraph says \"the full content of the SKILL.md file\" is returned, while its tips say the body is the content returned to the LLM, and we follow the tips",
    "missing or unparsable frontmatter (as for the name) makes the whole file the body",
    "two skills with one name: the tool returns the first in directory-name order, the one listed first",
    "an unknown name (which the tool's enum normally prevents) returns the error `Unknown skill: x (available: a, b)` (our wording)",
    "reads: the worker has no skill read tool; a file the body points at is read with its read_file tool, shown as `read_file {path}` with the path relative to the working directory (start_line/end_line for a range, our names), the file's text as the result and `Error: <reason>` for a refusal, through the provider's guards; nested AGENTS.md/CLAUDE.md discovery on reads is not simulated",
    "loaded skill results are never pruned: their lifetime is the session",
];

/// The first of `.agents/skills` and `.claude/skills` that exists is the only root.
fn roots(env: &Env) -> Vec<RootSpec> {
    let agents = env.cwd.join(".agents/skills");
    let root = if agents.exists() {
        agents
    } else {
        env.cwd.join(".claude/skills")
    };
    vec![RootSpec::one_level(root, Scope::Project)]
}

/// `name` defaults to the directory name and `description` is optional; nothing is rejected
/// except a file the worker would not look for.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err("skipped: the worker reads {name}/SKILL.md exactly".to_owned());
    }
    if common::parsed(skill).is_err() {
        return Ok(Admitted {
            name: skill.dir_name().into_owned(),
            description: None,
        });
    }
    let name = common::string(skill, "name")
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| skill.dir_name().into_owned());
    Ok(Admitted {
        name,
        description: common::string(skill, "description"),
    })
}

fn render(entries: &[Entry<'_>], _cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let mut sorted: Vec<&Entry<'_>> = entries.iter().collect();
    sorted.sort_by(|a, b| Collation::Bytes.compare(&a.skill.dir_name(), &b.skill.dir_name()));
    let mut lines = vec!["<skills>".to_owned()];
    for entry in &sorted {
        lines.push(format!(
            "  <skill name=\"{}\">{}</skill>",
            Escaping::AmpLtGtQuot.apply(&entry.name),
            Escaping::AmpLtGtQuot.apply(entry.description())
        ));
    }
    lines.push("</skills>".to_owned());
    Rendered::complete(lines.join("\n"), sorted.len())
}

/// The skill the enum value names: the first of that name in directory order.
fn find<'e, 'a>(known: &'e [Entry<'a>], name: &str) -> Option<&'e Entry<'a>> {
    known
        .iter()
        .filter(|e| e.name == name)
        .min_by(|a, b| Collation::Bytes.compare(&a.skill.dir_name(), &b.skill.dir_name()))
}

fn unknown(name: &str, known: &[Entry<'_>]) -> String {
    format!(
        "Unknown skill: {name} (available: {})",
        available(known).join(", ")
    )
}

/// `skill { name }`: the body, or the whole file when the frontmatter is missing or does not
/// parse.
fn load(input: &LoadInput<'_>) -> Output {
    let call = Call::with("skill", "name", input.name);
    let Some(entry) = find(input.known, input.name) else {
        return Output::tool_error(call, unknown(input.name, input.known));
    };
    let skill = entry.skill;
    let body = if common::parsed(skill).is_err() {
        String::from_utf8_lossy(skill.source.bytes()).into_owned()
    } else {
        skill.body().into_owned()
    };
    Output::tool(call, body)
}

/// The worker's `read_file` of a file in the skill, through the provider's guards.
fn read(input: &ReadInput<'_>) -> Output {
    let file = match find(input.known, input.name) {
        Some(entry) if !input.path.starts_with(['/', '\\']) => {
            let dir = match entry.skill.dir.strip_prefix(&input.cx.env.cwd) {
                Ok(rel) => crate::paths::to_slash(rel),
                Err(_) => input.cx.paths.show(&entry.skill.dir),
            };
            format!("{dir}/{}", input.path)
        }
        _ => input.path.to_owned(),
    };
    let mut args = vec![("path", serde_json::Value::from(file))];
    if let Some(lines) = input.lines {
        args.push(("start_line", lines.start.into()));
        if let Some(end) = lines.end {
            args.push(("end_line", end.into()));
        }
    }
    let call = Call::with_args("read_file", &args);
    let Some(entry) = find(input.known, input.name) else {
        return Output::tool_error(call, unknown(input.name, input.known));
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
    use crate::targets::catalog::{self};
    use crate::targets::load::testing::Machine;

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    #[test]
    fn sorted_by_directory_escaped_with_fallbacks() {
        let built = build(vec![
            MemorySkill::new(
                "/w/c-dir",
                "---\nname: alpha\ndescription: 'a \"b\" & <c>'\n---\n",
            ),
            MemorySkill::new("/w/b-plain", "Just text, no frontmatter.\n"),
            MemorySkill::new("/w/a-broken", "---\nname: [unclosed\n---\n"),
            MemorySkill::new("/w/d-dir", "---\nname: alpha\n---\n"),
        ]);
        assert_eq!(
            built.text,
            "<skills>\n  <skill name=\"a-broken\"></skill>\n  <skill name=\"b-plain\"></skill>\n  <skill name=\"alpha\">a &quot;b&quot; &amp; &lt;c&gt;</skill>\n  <skill name=\"alpha\"></skill>\n</skills>"
        );
        assert!(built.changes.is_empty());
        assert_eq!(build(Vec::new()).text, "");
    }

    #[test]
    fn claude_skills_only_when_agents_skills_is_missing() {
        let dir = tempfile::tempdir().unwrap();
        let env = Env::new(dir.path(), None);
        assert_eq!(roots(&env)[0].path, dir.path().join(".claude/skills"));
        std::fs::create_dir_all(dir.path().join(".agents/skills")).unwrap();
        assert_eq!(roots(&env)[0].path, dir.path().join(".agents/skills"));
        assert_eq!(roots(&env).len(), 1);
    }

    fn machine() -> Machine {
        Machine::new(vec![
            MemorySkill::new(
                "/p/.agents/skills/deploy",
                "---\nname: deploy\ndescription: d\n---\n\n## Steps\n",
            )
            .with_file("references/forms.md", "one\ntwo\n"),
            MemorySkill::new("/p/.agents/skills/plain", "Just text.\n---\nname: x\n"),
            MemorySkill::new(
                "/p/.agents/skills/broken",
                "---\nname: [unclosed\n---\nBody\n",
            ),
            MemorySkill::new("/p/.agents/skills/z-twin", "---\nname: twin\n---\nsecond\n"),
            MemorySkill::new("/p/.agents/skills/a-twin", "---\nname: twin\n---\nfirst\n"),
        ])
    }

    #[test]
    fn the_skill_tool_returns_the_body_untrimmed() {
        let out = machine().load(&TARGET, "deploy", 0, None);
        assert_eq!(out.call.as_ref().unwrap().arguments, r#"{"name":"deploy"}"#);
        assert_eq!(out.display(), "\n## Steps\n");
        assert_eq!(out.lifetime, crate::targets::load::Lifetime::Session);
        assert_eq!(machine().load(&TARGET, "deploy", 1, None), out);
    }

    #[test]
    fn without_usable_frontmatter_the_whole_file_is_the_body() {
        assert_eq!(
            machine().load(&TARGET, "plain", 0, None).display(),
            "Just text.\n---\nname: x\n"
        );
        assert_eq!(
            machine().load(&TARGET, "broken", 0, None).display(),
            "---\nname: [unclosed\n---\nBody\n"
        );
    }

    #[test]
    fn twins_resolve_to_the_first_directory_and_unknown_names_list_the_enum() {
        assert_eq!(
            machine().load(&TARGET, "twin", 0, None).display(),
            "first\n"
        );
        let out = machine().load(&TARGET, "nope", 0, None);
        assert!(out.error);
        assert_eq!(
            out.display(),
            "Unknown skill: nope (available: broken, deploy, plain, twin)"
        );
    }

    #[test]
    fn reads_use_workdir_paths() {
        let out = machine().read(&TARGET, "deploy", "references/forms.md", Some("2:"));
        assert_eq!(
            out.call.as_ref().unwrap().arguments,
            r#"{"path":".agents/skills/deploy/references/forms.md","start_line":2}"#
        );
        assert_eq!(out.display(), "two\n");
        let abs = machine().read(&TARGET, "deploy", "/etc/passwd", None);
        assert_eq!(
            abs.call.as_ref().unwrap().arguments,
            r#"{"path":"/etc/passwd"}"#
        );
        assert!(abs.error);
        assert_eq!(
            abs.display(),
            "Error: `/etc/passwd` is an absolute path; give a path relative to the skill directory"
        );
    }
}
