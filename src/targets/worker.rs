//! `worker`: the worker/server runtime of the "Skills" documentation page: the worker reads
//! `{workdir}/.agents/skills` (or `.claude/skills` when that does not exist) and the server lists
//! the skills in the description of its `skill` tool as `<skills><skill name="…">…</skill></skills>`.

use super::catalog::{Admitted, Collision, Context, Entry, Rendered, admit as common};
use super::env::{Env, RootSpec};
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

    confidence: Confidence::Docs,
    reference: "the worker/server runtime's \"Skills\" documentation page, seeds/004_a8dde8479966cf9c.txt; seed-runtimes.md § Worker/server runtime",
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self};

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
}

fn unimplemented_load() -> super::load::Output {
    super::load::Output::tool_error(super::load::Call::with("TODO", "name", ""), "TODO")
}
