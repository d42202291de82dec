//! `copilot`: VS Code with GitHub Copilot Chat, agent mode with the `read_file` tool. The catalog
//! is the `<skills>` block of the customizations index attached to every request, ending with
//! `</skills>` and two empty lines (runtime-formats.md §6).

use super::catalog::{Admitted, Change, ChangeKind, Collision, Context, Entry, Rendered, admit};
use super::env::{Env, RootSpec};
use super::text::{Unit, prefix_within};
use super::{Budget, Confidence, ExtraField, NameCharset, Target};
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "copilot",
    display: "VS Code + GitHub Copilot Chat",
    rejects_unknown_fields: false,
    extra_fields: &[
        ExtraField {
            key: "disable-model-invocation",
            meaning: "keeps the skill out of the `<skills>` list; it can still be invoked as a slash command",
        },
        ExtraField {
            key: "user-invocable",
            meaning: "`false` hides the skill's slash command",
        },
        ExtraField {
            key: "argument-hint",
            meaning: "the hint shown with the skill's slash command",
        },
    ],
    metadata_keys: &[],
    name_charset: NameCharset::Unicode,
    // VS Code keeps the first 1024 characters of a description and drops the rest.
    description_limit: MAX_DESCRIPTION,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "the `<skills>` block of the customizations index VS Code attaches to every chat request (inside Copilot's `<instructions>` context, after any `<instructions>` block); Copilot Chat adds an `<additional_skills_reminder>` when a skill is listed",
    roots,
    roots_summary: "the workspace's .github/skills, .agents/skills and .claude/skills, then ~/.copilot/skills, ~/.agents/skills and ~/.claude/skills (DEFAULT_SKILL_SOURCE_FOLDERS); each skill is a folder holding SKILL.md directly inside one of them",
    collision: Collision::FirstWins,
    admit,
    broken_skill: "skipped, with an error in the log: a file that does not parse, has no `name`, a `name` that differs from its folder's name, or no `description`",
    fields_read: &["name", "description", "disable-model-invocation"],
    ordering: "the order the folders are searched (workspace folders first, then the user's), each folder's skills in name order",
    escaping: "none; XML-like tags (`<…>`) are removed from names and descriptions",
    whitespace: "name and description as YAML reads them; newlines are kept raw",
    budget: Budget {
        unit: None,
        summary: "none with the read_file tool; with a dedicated skill tool, newer builds list entries while they fit 15000 characters and name the rest in one line of at most 5000 (that variant is not rendered)",
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
    builtins: "VS Code and extensions can contribute skills of their own (Copilot Chat ships a troubleshooting skill, shown when debug logging is on); the preview includes none",
    decisions: &[
        "The text is the read_file variant (no dedicated skill tool), as the published request dumps show it: the tool is named `'read_file'` and nothing is escaped, as in Copilot Chat's instructions collector; builds whose core escapes with escapeXml would write `&amp;`.",
        "Admission follows the newer discovery (computeSkillDiscoveryInfo): `name` required and equal to the folder's name after tags are removed and it is cut to 64 characters, first of a name wins, `description` required, `disable-model-invocation: true` still claims its name but is not listed.",
        "Frontmatter VS Code's own tolerant YAML reader would still accept, but which does not parse as YAML, is skipped here.",
        "The workspace is the working directory alone; `chat.agentSkillsLocations` and the `chat.useAgentSkills` switch are not applied.",
        "Within a folder skills are listed by folder name, as the request dumps show; VS Code takes them in directory listing order.",
        "Cuts at 1024 and 64 UTF-16 units never split a character; JavaScript's substring could leave half a surrogate pair.",
    ],

    confidence: Confidence::Source,
    reference: "microsoft/vscode src/vs/workbench/contrib/chat/common/promptSyntax computeAutomaticInstructions.ts @ e06a3ce, promptsServiceImpl.ts (computeSkillDiscoveryInfo), promptFileLocations.ts; microsoft/vscode-copilot-chat instructions collector; published request dumps",
};

/// The longest description VS Code keeps, in UTF-16 code units.
const MAX_DESCRIPTION: usize = 1024;

/// The longest name VS Code keeps, in UTF-16 code units.
const MAX_NAME: u64 = 64;

/// The block's opening lines (the `readFile` tool resolves to `'read_file'` in the request).
const INTRO: [&str; 4] = [
    "<skills>",
    "Here is a list of skills that contain domain specific knowledge on a variety of topics.",
    "Each skill comes with a description of the topic and a file path that contains the detailed instructions.",
    "When a user asks you to perform a task that falls within the domain of a skill, use the 'read_file' tool to acquire the full instructions from the file URI.",
];

/// `DEFAULT_SKILL_SOURCE_FOLDERS`: workspace folders sort before the user's.
fn roots(env: &Env) -> Vec<RootSpec> {
    let mut roots: Vec<RootSpec> = [".github/skills", ".agents/skills", ".claude/skills"]
        .iter()
        .map(|dir| RootSpec::one_level(env.cwd.join(dir), Scope::Project))
        .collect();
    for dir in [".copilot/skills", ".agents/skills", ".claude/skills"] {
        roots.extend(
            env.home_join(dir)
                .map(|path| RootSpec::one_level(path, Scope::User)),
        );
    }
    roots
}

/// `<[^>]+>` removed: what VS Code does to names and descriptions before using them.
fn strip_tags(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        let after = &rest[open + 1..];
        match after.find('>') {
            // `[^>]+` needs at least one character between the brackets.
            Some(close) if close > 0 => {
                out.push_str(&rest[..open]);
                rest = &after[close + 1..];
            }
            _ => {
                out.push_str(&rest[..=open]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `computeSkillDiscoveryInfo`: a `name`, equal to the folder's name once sanitized, and a
/// `description`. Duplicates are settled after this, first one wins.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err(format!(
            "skipped: VS Code reads SKILL.md exactly, not `{}`",
            skill
                .skill_md
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
        ));
    }
    if skill.origin.scope != Scope::Custom && skill.dir == skill.origin.root {
        return Err(
            "skipped: VS Code looks for skills in the folders inside a skills folder, not in the skills folder itself"
                .to_owned(),
        );
    }
    admit::parsed(skill)?;
    let name = match admit::string(skill, "name") {
        Some(name) if !name.is_empty() => name,
        _ => return Err("skipped: no `name` string in the frontmatter".to_owned()),
    };
    let name = prefix_within(&strip_tags(&name), Unit::Utf16, MAX_NAME).to_owned();
    let folder = skill.dir_name();
    if name != folder {
        return Err(format!(
            "skipped: `name` `{name}` does not match the folder name `{folder}`"
        ));
    }
    let description = match admit::string(skill, "description") {
        Some(description) if !description.is_empty() => description,
        _ => return Err("skipped: no `description` string in the frontmatter".to_owned()),
    };
    Ok(Admitted {
        name,
        description: Some(description),
    })
}

/// The `<skills>` block: every model-invocable skill in discovery order, descriptions cleaned
/// and cut to 1024 characters, then `</skills>` and two empty lines. Nothing without skills.
fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    let mut changes = Vec::new();
    let mut lines: Vec<String> = INTRO.iter().map(|line| (*line).to_owned()).collect();
    let mut listed = 0;
    for entry in entries {
        if admit::flag(entry.skill, "disable-model-invocation") {
            changes.push(Change::new(
                entry,
                ChangeKind::Skipped,
                "skipped: `disable-model-invocation: true` keeps it out of the list (its name is still taken)",
            ));
            continue;
        }
        let cleaned = strip_tags(entry.description());
        if cleaned.is_empty() {
            changes.push(Change::new(
                entry,
                ChangeKind::Skipped,
                "skipped: nothing is left of the description once VS Code removes its tags",
            ));
            continue;
        }
        let description = prefix_within(&cleaned, Unit::Utf16, MAX_DESCRIPTION as u64);
        if description.len() < cleaned.len() {
            changes.push(Change::new(
                entry,
                ChangeKind::Shortened,
                format!(
                    "VS Code keeps the first {MAX_DESCRIPTION} characters (UTF-16 units) of a description; this one has {}",
                    Unit::Utf16.measure(&cleaned)
                ),
            ));
        } else if cleaned != entry.description() {
            changes.push(Change::new(
                entry,
                ChangeKind::Shortened,
                "VS Code removes XML-like tags (`<…>`) from descriptions",
            ));
        }
        lines.extend([
            "<skill>".to_owned(),
            format!("<name>{}</name>", entry.name),
            format!("<description>{description}</description>"),
            format!("<file>{}</file>", cx.paths.show(&entry.skill.skill_md)),
            "</skill>".to_owned(),
        ]);
        listed += 1;
    }
    if listed == 0 {
        return Rendered {
            changes,
            ..Rendered::default()
        };
    }
    lines.extend(["</skills>".to_owned(), String::new(), String::new()]);
    Rendered {
        text: lines.join("\n"),
        listed,
        budget: None,
        changes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self};

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    fn skill(dir: &str, front: &str) -> MemorySkill {
        MemorySkill::new(dir, format!("---\n{front}\n---\nBody\n"))
    }

    #[test]
    fn exact_block_ends_with_two_empty_lines() {
        let cat = build(vec![skill(
            "/w/a",
            "name: a\ndescription: Uses & <raw>\n  text",
        )]);
        assert_eq!(
            cat.text,
            "<skills>\nHere is a list of skills that contain domain specific knowledge on a \
             variety of topics.\nEach skill comes with a description of the topic and a file \
             path that contains the detailed instructions.\nWhen a user asks you to perform a \
             task that falls within the domain of a skill, use the 'read_file' tool to acquire \
             the full instructions from the file URI.\n<skill>\n<name>a</name>\n\
             <description>Uses &  text</description>\n<file>/w/a/SKILL.md</file>\n</skill>\n\
             </skills>\n\n"
        );
        assert_eq!(cat.changes[0].kind, ChangeKind::Shortened);
    }

    #[test]
    fn nothing_without_listed_skills() {
        let cat = build(vec![skill(
            "/w/a",
            "name: a\ndescription: d\ndisable-model-invocation: true",
        )]);
        assert_eq!(cat.text, "");
        assert_eq!(cat.changes[0].kind, ChangeKind::Skipped);
    }

    #[test]
    fn tags_are_removed() {
        assert_eq!(strip_tags("a <b>c</b> <> d < e > f<"), "a c <> d  f<");
        assert_eq!(strip_tags("x <y"), "x <y");
    }

    #[test]
    fn admission_needs_a_matching_name_and_a_description() {
        let cat = build(vec![
            skill("/w/a", "description: no name"),
            skill("/w/b", "name: other\ndescription: wrong folder"),
            skill("/w/c", "name: c"),
            skill("/w/d", "name: <i>d</i>\ndescription: tags in the name"),
        ]);
        assert_eq!(cat.listed, 1);
        assert!(cat.text.contains("<name>d</name>"));
        let reasons: Vec<&str> = cat.changes.iter().map(|c| c.reason.as_str()).collect();
        assert_eq!(reasons.len(), 3, "{reasons:?}");
        assert!(reasons[1].contains("does not match the folder name `b`"));
    }

    #[test]
    fn first_of_a_name_wins_and_a_hidden_skill_keeps_its_name() {
        let cat = build(vec![
            skill(
                "/w/a",
                "name: a\ndescription: hidden\ndisable-model-invocation: true",
            ),
            skill("/u/a", "name: a\ndescription: user copy"),
        ]);
        assert_eq!(cat.text, "");
        let kinds: Vec<ChangeKind> = cat.changes.iter().map(|c| c.kind).collect();
        assert_eq!(kinds, [ChangeKind::Shadowed, ChangeKind::Skipped]);
    }

    #[test]
    fn long_descriptions_are_cut_in_utf16_units() {
        let long = "😀".repeat(600);
        let cat = build(vec![skill(
            "/w/a",
            &format!("name: a\ndescription: {long}"),
        )]);
        let kept = "😀".repeat(512);
        assert!(
            cat.text
                .contains(&format!("<description>{kept}</description>"))
        );
        assert!(cat.changes[0].reason.ends_with("this one has 1200"));
    }
}

fn unimplemented_load() -> super::load::Output {
    super::load::Output::tool_error(super::load::Call::with("TODO", "name", ""), "TODO")
}
