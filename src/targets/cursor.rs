//! `cursor`: Cursor's agent (CLI, with the `Read` tool). Closed source: the `<agent_skills>`
//! block is pinned from published request transcripts, the roots and fields from Cursor's docs
//! (runtime-formats.md §7).

use super::catalog::{Admitted, Collision, Context, Entry, Rendered, admit};
use super::env::{Env, RootSpec};
use super::load::{Call, LoadInput, Output, Placement, ReadInput, Session};
use super::{Budget, Confidence, ExtraField, NameCharset, Target};
use crate::provider::ResourceError;
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
    leave_one_out: None,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::UserMessage,
        modes: &[],
        reload: "the same file again: the model reads SKILL.md with Read each time",
    },
    builtins_note: "Cursor lists its own skills from ~/.cursor/skills-cursor/ after the user's; the preview leaves them out",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: None,
    decisions: &[
        "The text is the CLI variant (`Read` tool, two newlines before `<available_skills …>`); the IDE says `ReadFile` and has three.",
        "The block ends at `</agent_skills>`; what separates it from the next section of the message is not part of it. With no skills nothing is written.",
        "Roots: the project is the working directory; .claude/skills and .codex/skills follow .cursor/skills in the order the docs list them, and the community-reported .agents/skills comes last, in the project and in the home directory alike.",
        "Within a folder skills are in path order, as one transcript suggests; no deduplication by name, as another shows the same name twice.",
        "A skill is listed only with a `name` and a `description` (the docs' required fields) and frontmatter that parses; SKILL.md must be named exactly so.",
        "No budget is applied; a third-party clone's claimed 2% budget is unconfirmed.",
        "fullPath is written as found, not escaped.",
        "load is the model reading SKILL.md at its fullPath with the CLI's `Read` tool, which returns the raw file, frontmatter included; the tool's own framing (line numbers, headers), its parameter names (`path`, 1-based `offset`, `limit` here) and its limits are not published and not modelled.",
        "A `/name` invocation attaches the skill as `<manually_attached_skills><agent_skill fullPath=\"...\">...</agent_skill></manually_attached_skills>`; what the element holds is not pinned by the transcripts, so it is not offered as a load mode.",
        "Reads are `Read` on the file's absolute path, --lines A:B as lines A to B with their line breaks; errors read `Error: <message>` (our wording): `Error: File not found: <path>` for a missing file, our message for a path outside the skill directory, a binary file or a range past the end.",
        "An unknown name: the model has no fullPath for it; the answer is Read's missing-file error for .cursor/skills/<name>/SKILL.md in the project, where a guess would look first.",
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

/// The model reads SKILL.md at its fullPath.
fn load(input: &LoadInput<'_>) -> Output {
    let Some(entry) = input.entry() else {
        return not_found(input.cx, input.name, "SKILL.md", None);
    };
    let path = input.cx.paths.show(&entry.skill.skill_md);
    Output::tool(
        read_call(&path, None),
        String::from_utf8_lossy(entry.skill.source.bytes()),
    )
}

/// `Read` on a file of the skill, by its absolute path.
fn read(input: &ReadInput<'_>) -> Output {
    let lines = input.lines.map(|l| (l.start, l.end));
    let Some(entry) = input.entry() else {
        return not_found(input.cx, input.name, input.path, lines);
    };
    let path = input.cx.paths.show(&entry.skill.dir.join(input.path));
    let call = read_call(&path, lines);
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
        Err(ResourceError::NotFound { .. }) => {
            Output::tool_error(call, format!("Error: File not found: {path}"))
        }
        Err(err) => Output::tool_error(call, format!("Error: {err}")),
    }
}

/// `Read`'s arguments: the path, and a 1-based `offset` and `limit` for a range.
fn read_call(path: &str, lines: Option<(usize, Option<usize>)>) -> Call {
    let mut arguments = serde_json::json!({ "path": path });
    if let Some((start, end)) = lines {
        arguments["offset"] = start.into();
        if let Some(end) = end {
            arguments["limit"] = (end - start + 1).into();
        }
    }
    Call {
        tool: "Read".to_owned(),
        arguments: arguments.to_string(),
    }
}

/// A skill Cursor does not list: `Read` where a guess would look, in the project's
/// `.cursor/skills`.
fn not_found(
    cx: &Context<'_>,
    name: &str,
    file: &str,
    lines: Option<(usize, Option<usize>)>,
) -> Output {
    let path = cx
        .paths
        .show(&cx.env.cwd.join(".cursor/skills").join(name).join(file));
    Output::tool_error(
        read_call(&path, lines),
        format!("Error: File not found: {path}"),
    )
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

    fn notes() -> MemorySkill {
        MemorySkill::new(
            "/p/.cursor/skills/a",
            "---\nname: a\ndescription: d\n---\n# A\n",
        )
        .with_file("notes.md", "one\ntwo\nthree\n")
    }

    #[test]
    fn load_is_the_raw_file_at_its_full_path_each_time() {
        let load =
            |earlier| crate::targets::load::testing::load(&TARGET, vec![notes()], "a", earlier);
        let first = load(0);
        assert_eq!(first.display(), "---\nname: a\ndescription: d\n---\n# A\n");
        assert_eq!(
            first.call.as_ref().map(|c| c.arguments.as_str()),
            Some(r#"{"path":"/p/.cursor/skills/a/SKILL.md"}"#)
        );
        assert_eq!(load(1), first);
        let unknown = crate::targets::load::testing::load(&TARGET, vec![notes()], "b", 0);
        assert!(unknown.error);
        assert_eq!(
            unknown.display(),
            "Error: File not found: /p/.cursor/skills/b/SKILL.md"
        );
    }

    #[test]
    fn reads_keep_line_breaks_and_refuse_ranges_past_the_end() {
        let read = |lines| {
            crate::targets::load::testing::read(&TARGET, vec![notes()], "a", "notes.md", lines)
        };
        let out = read(Some("2:3"));
        assert_eq!(out.display(), "two\nthree\n");
        assert_eq!(
            out.call.map(|c| c.arguments),
            Some(r#"{"limit":2,"offset":2,"path":"/p/.cursor/skills/a/notes.md"}"#.to_owned())
        );
        let past = read(Some("7:"));
        assert!(past.error);
        assert!(past.display().starts_with("Error: `notes.md` has 3 lines"));
    }
}
