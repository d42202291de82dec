//! `cursor`: Cursor's agent (CLI, with the `Read` tool). Closed source: the `<agent_skills>`
//! block is pinned from published request transcripts, the roots and fields from Cursor's docs
//! (runtime-formats.md §7).

use super::catalog::{Admitted, Collision, Context, Entry, Rendered, admit};
use super::env::{Env, RootSpec};
use super::{Budget, Confidence, ExtraField, NameCharset, Target};
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "cursor",
    display: "Cursor",
    rejects_unknown_fields: false,
    extra_fields: &[ExtraField {
        key: "disable-model-invocation",
        meaning: "keeps the skill out of `<available_skills>`; `/name` still invokes it",
    }],
    metadata_keys: &[],
    // No name or length rule is known to be enforced (the docs ask for lowercase letters, digits
    // and hyphens, and a name equal to the folder's).
    name_charset: NameCharset::Unicode,
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "an `<agent_skills>` section of the first user (context) message, after `<rules>`, `<git_status>` and `<agent_transcripts>`, before `<hooks_context>`",
    roots,
    roots_summary: "the project's .cursor/skills, .claude/skills, .codex/skills and .agents/skills, then ~/.cursor/skills, ~/.claude/skills, ~/.codex/skills and ~/.agents/skills; skill folders directly inside them",
    collision: Collision::KeepAll,
    admit,
    broken_skill: "not observed; here a skill whose frontmatter does not parse, or that lacks a `name` or `description`, is left out",
    fields_read: &["name", "description", "disable-model-invocation"],
    ordering: "project skills first, then the user's; alphabetical by path within a folder",
    escaping: "none seen, in descriptions or in the fullPath attribute",
    whitespace: "descriptions raw, newlines kept; entries separated by a blank line",
    budget: Budget {
        unit: None,
        summary: "unknown (none applied)",
    },
    render,
    load: |_| unimplemented_load(),
    read: |_| unimplemented_load(),
    search: None,
    session: super::load::Session {
        catalog: super::load::Placement::SystemPrompt,
        modes: &[],
        reload: "TODO",
    },
    builtins: "Cursor lists its own skills from ~/.cursor/skills-cursor/ after the user's; the preview leaves them out",
    decisions: &[
        "The text is the CLI variant (`Read` tool, two newlines before `<available_skills …>`); the IDE says `ReadFile` and has three.",
        "The block ends at `</agent_skills>`; what separates it from the next section of the message is not part of it. With no skills nothing is written.",
        "Roots: the project is the working directory; .claude/skills and .codex/skills follow .cursor/skills in the order the docs list them, and the community-reported .agents/skills comes last, in the project and in the home directory alike.",
        "Within a folder skills are in path order, as one transcript suggests; no deduplication by name, as another shows the same name twice.",
        "A skill is listed only with a `name` and a `description` (the docs' required fields) and frontmatter that parses; SKILL.md must be named exactly so.",
        "No budget is applied; a third-party clone's claimed 2% budget is unconfirmed.",
        "fullPath is written as found, not escaped.",
    ],

    confidence: Confidence::Approximated,
    reference: "cursor.com/docs/context/skills; two published Cursor agent request transcripts (March-June 2026)",
};

/// The sentences before the list (CLI variant).
const INTRO: &str = "When users ask you to perform tasks, check if any of the available skills below can help complete the task more effectively. Skills provide specialized capabilities and domain knowledge. To use a skill, read the skill file at the provided absolute path using the Read tool, then follow the instructions within. When a skill is relevant, read and follow it IMMEDIATELY as your first action. NEVER just announce or mention a skill without actually reading and following it. Only use skills listed below.";

/// The list's opening tag.
const LIST_OPEN: &str = "<available_skills description=\"Skills the agent can use. Use the Read tool with the provided absolute path to fetch full contents.\">";

/// Project folders first, then the user's, each `.cursor` first.
fn roots(env: &Env) -> Vec<RootSpec> {
    const FOLDERS: [&str; 4] = [
        ".cursor/skills",
        ".claude/skills",
        ".codex/skills",
        ".agents/skills",
    ];
    let mut roots: Vec<RootSpec> = FOLDERS
        .iter()
        .map(|dir| RootSpec::one_level(env.cwd.join(dir), Scope::Project))
        .collect();
    for dir in FOLDERS {
        roots.extend(
            env.home_join(dir)
                .map(|path| RootSpec::one_level(path, Scope::User)),
        );
    }
    roots
}

fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err(format!(
            "skipped: Cursor reads SKILL.md, not `{}`",
            skill
                .skill_md
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
        ));
    }
    let admitted = admit::name_and_description(skill)?;
    if admit::flag(skill, "disable-model-invocation") {
        return Err(
            "skipped: `disable-model-invocation: true` keeps it out of the list; `/name` still works"
                .to_owned(),
        );
    }
    Ok(admitted)
}

/// The `<agent_skills>` block: one `<agent_skill>` per skill, a blank line between them.
fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let skills: Vec<String> = entries
        .iter()
        .map(|entry| {
            format!(
                "<agent_skill fullPath=\"{}\">{}</agent_skill>",
                cx.paths.show(&entry.skill.skill_md),
                entry.description()
            )
        })
        .collect();
    let text = format!(
        "<agent_skills>\n{INTRO}\n\n{LIST_OPEN}\n{}\n</available_skills>\n</agent_skills>",
        skills.join("\n\n")
    );
    Rendered::complete(text, entries.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self, ChangeKind};

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    #[test]
    fn raw_descriptions_blank_line_between_entries_and_no_dedupe() {
        let cat = build(vec![
            MemorySkill::new(
                "/p/.cursor/skills/a",
                "---\nname: a\ndescription: |-\n  Two <lines> &\n  \"raw\"\n---\n",
            ),
            MemorySkill::new(
                "/h/.cursor/skills/a",
                "---\nname: a\ndescription: again\n---\n",
            ),
        ]);
        assert_eq!(cat.listed, 2);
        assert!(cat.changes.is_empty());
        assert!(cat.text.ends_with(
            "<agent_skill fullPath=\"/p/.cursor/skills/a/SKILL.md\">Two <lines> &\n\"raw\"</agent_skill>\n\n\
             <agent_skill fullPath=\"/h/.cursor/skills/a/SKILL.md\">again</agent_skill>\n\
             </available_skills>\n</agent_skills>"
        ));
        assert!(cat.text.starts_with("<agent_skills>\nWhen users ask you"));
    }

    #[test]
    fn hidden_and_incomplete_skills_are_left_out() {
        let cat = build(vec![
            MemorySkill::new(
                "/p/a",
                "---\nname: a\ndescription: d\ndisable-model-invocation: true\n---\n",
            ),
            MemorySkill::new("/p/b", "---\nname: b\n---\n"),
        ]);
        assert_eq!(cat.text, "");
        assert!(cat.changes.iter().all(|c| c.kind == ChangeKind::Skipped));
        assert_eq!(cat.changes.len(), 2);
    }

    #[test]
    fn project_folders_before_user_folders() {
        let env = Env::new("/w", Some("/h".into()));
        let shown: Vec<String> = roots(&env)
            .iter()
            .map(|r| r.path.display().to_string())
            .collect();
        assert_eq!(shown[0], "/w/.cursor/skills");
        assert_eq!(shown[3], "/w/.agents/skills");
        assert_eq!(shown[4], "/h/.cursor/skills");
        assert_eq!(shown.len(), 8);
    }
}

fn unimplemented_load() -> super::load::Output {
    super::load::Output::tool_error(super::load::Call::with("TODO", "name", ""), "TODO")
}
