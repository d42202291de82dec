//! `copilot`: VS Code with GitHub Copilot Chat, agent mode with the `read_file` tool. The catalog
//! is the `<skills>` block of the customizations index attached to every request, ending with
//! `</skills>` and two empty lines (runtime-formats.md §6).

use super::catalog::{Admitted, Change, ChangeKind, Collision, Context, Entry, Rendered, admit};
use super::env::{Env, RootSpec};
use super::load::{Call, LoadInput, Output, Placement, ReadInput, Session};
use super::text::{Unit, prefix_within};
use super::{Budget, Confidence, ExtraField, NameCharset, Target};
use crate::provider::ResourceError;
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
    leave_one_out: None,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::UserMessage,
        modes: &[],
        reload: "the same file again: the model reads SKILL.md with read_file each time",
    },
    builtins_note: "VS Code and extensions can contribute skills of their own (Copilot Chat ships a troubleshooting skill, shown when debug logging is on); the preview includes none",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: None,
    decisions: &[
        "The text is the read_file variant (no dedicated skill tool), as the published request dumps show it: the tool is named `'read_file'` and nothing is escaped, as in Copilot Chat's instructions collector; builds whose core escapes with escapeXml would write `&amp;`.",
        "Admission follows the newer discovery (computeSkillDiscoveryInfo): `name` required and equal to the folder's name after tags are removed and it is cut to 64 characters, first of a name wins, `description` required, `disable-model-invocation: true` still claims its name but is not listed.",
        "Frontmatter VS Code's own tolerant YAML reader would still accept, but which does not parse as YAML, is skipped here.",
        "The workspace is the working directory alone; `chat.agentSkillsLocations` and the `chat.useAgentSkills` switch are not applied.",
        "Within a folder skills are listed by folder name, as the request dumps show; VS Code takes them in directory listing order.",
        "Cuts at 1024 and 64 UTF-16 units never split a character; JavaScript's substring could leave half a surrogate pair.",
        "Placement: the index is part of the request's `<instructions>` context, which agent mode sends with the user's message rather than in the system message, so the catalog counts as a user message.",
        "load is the model calling `read_file` on the `<file>` path with startLine 1 and endLine the file's last line (the tool's first parameter form); the result is the raw file, frontmatter included. The tool wraps it in a Markdown code fence and, for a partial range, puts `File: `path`. Lines A to B (N lines total):` before it; neither is reproduced.",
        "Reads are `read_file` on the file's absolute path (skill folders are allowed for reads), --lines A:B as startLine A and endLine B, clamped to the file and swapped when reversed as the tool does; lines end at \\n, \\r\\n or \\r, and a range that stops before the end leaves out its last line break.",
        "An empty file and a file of whitespace answer with the tool's `(The file ... exists, but is empty)` and `(... contains only whitespace)`.",
        "Errors come back as `ERROR while calling tool: <message>` (as seen in request logs); a missing file says `File <path> does not exist`, refusals VS Code does not make (outside the skill folder, binary) use our message.",
        "An unknown name: the model has no `<file>` for it; the answer is read_file's missing-file error for .github/skills/<name>/SKILL.md in the workspace, where a guess would look first.",
    ],

    confidence: Confidence::Source,
    reference: "microsoft/vscode src/vs/workbench/contrib/chat/common/promptSyntax computeAutomaticInstructions.ts @ e06a3ce, promptsServiceImpl.ts (computeSkillDiscoveryInfo), promptFileLocations.ts; microsoft/vscode-copilot-chat instructions collector, src/extension/tools/node/readFileTool.tsx and toolUtils.ts; published request dumps",
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

/// The model reads SKILL.md at the `<file>` path the catalog gave it.
fn load(input: &LoadInput<'_>) -> Output {
    let Some(entry) = input.entry() else {
        let guess = input
            .cx
            .env
            .cwd
            .join(".github/skills")
            .join(input.name)
            .join("SKILL.md");
        let path = input.cx.paths.show(&guess);
        return Output::tool_error(read_call(&path, None), missing(&path));
    };
    let path = input.cx.paths.show(&entry.skill.skill_md);
    let text = String::from_utf8_lossy(entry.skill.source.bytes());
    let (call, result) = read_file(&text, &path, None);
    Output::tool(call, result)
}

/// `read_file` on a file of the skill, by its absolute path.
fn read(input: &ReadInput<'_>) -> Output {
    let (skill, path) = match input.entry() {
        Some(entry) => (
            Some(entry.skill),
            input.cx.paths.show(&entry.skill.dir.join(input.path)),
        ),
        None => (
            None,
            input.cx.paths.show(
                &input
                    .cx
                    .env
                    .cwd
                    .join(".github/skills")
                    .join(input.name)
                    .join(input.path),
            ),
        ),
    };
    let range = input.lines.map(|l| (l.start, l.end));
    // Without a known end, an open range asks for its first line only.
    let asked = range.map(|(start, end)| (start, end.unwrap_or(start)));
    let Some(skill) = skill else {
        return Output::tool_error(read_call(&path, asked), missing(&path));
    };
    match input.provider.read_resource_of(skill, input.path, None) {
        Ok(resource) => {
            let (call, result) = read_file(&resource.text, &path, range);
            Output::tool(call, result)
        }
        Err(err) => {
            let message = match err {
                ResourceError::NotFound { .. } => format!("File {path} does not exist"),
                other => other.to_string(),
            };
            Output::tool_error(
                read_call(&path, asked),
                format!("ERROR while calling tool: {message}"),
            )
        }
    }
}

/// `read_file`'s arguments: the path, and the lines when the model knows them.
fn read_call(path: &str, lines: Option<(usize, usize)>) -> Call {
    let mut arguments = serde_json::json!({ "filePath": path });
    if let Some((start, end)) = lines {
        arguments["startLine"] = start.into();
        arguments["endLine"] = end.into();
    }
    Call {
        tool: "read_file".to_owned(),
        arguments: arguments.to_string(),
    }
}

fn missing(path: &str) -> String {
    format!("ERROR while calling tool: File {path} does not exist")
}

/// `read_file` with `startLine`/`endLine` (the whole file when `range` is `None`, to its end
/// when the range is open), and the text it returns.
fn read_file(text: &str, path: &str, range: Option<(usize, Option<usize>)>) -> (Call, String) {
    let lines = line_spans(text);
    let count = lines.len();
    let (asked_start, asked_end) = match range {
        Some((start, end)) => (start, end.unwrap_or(count)),
        None => (1, count),
    };
    let call = read_call(path, Some((asked_start, asked_end)));
    if text.is_empty() {
        return (call, format!("(The file `{path}` exists, but is empty)"));
    }
    if text.trim().is_empty() {
        return (
            call,
            format!("(The file `{path}` exists, but contains only whitespace)"),
        );
    }
    let mut start = asked_start.clamp(1, count);
    let mut end = asked_end.clamp(1, count);
    if start > end {
        std::mem::swap(&mut start, &mut end);
    }
    let from = lines[start - 1].0;
    let to = lines[end - 1].1;
    (call, text.get(from..to).unwrap_or_default().to_owned())
}

/// Each line of a text as VS Code counts them (ending at `\r\n`, `\n` or `\r`; a text ending
/// in a line break has a last, empty line): byte start and end, line break excluded.
fn line_spans(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                spans.push((start, i));
                start = i + 1;
            }
            b'\r' => {
                spans.push((start, i));
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    spans.push((start, bytes.len()));
    spans
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

    fn with_notes(notes: &str) -> MemorySkill {
        skill("/w/a", "name: a\ndescription: d").with_file("notes.md", notes)
    }

    fn read_of(notes: &str, lines: Option<&str>) -> Output {
        crate::targets::load::testing::read(
            &TARGET,
            vec![with_notes(notes)],
            "a",
            "notes.md",
            lines,
        )
    }

    #[test]
    fn load_is_the_raw_file_read_whole_and_the_same_again() {
        let load = |earlier| {
            crate::targets::load::testing::load(&TARGET, vec![with_notes("x")], "a", earlier)
        };
        let first = load(0);
        assert_eq!(first.display(), "---\nname: a\ndescription: d\n---\nBody\n");
        assert_eq!(
            first.call.as_ref().map(|c| c.arguments.as_str()),
            Some(r#"{"endLine":6,"filePath":"/w/a/SKILL.md","startLine":1}"#)
        );
        assert_eq!(load(1), first);
    }

    #[test]
    fn ranges_follow_vs_code_lines() {
        let text = "one\r\ntwo\rthree\nfour\n";
        assert_eq!(read_of(text, Some("2:3")).display(), "two\rthree");
        assert_eq!(read_of(text, Some("3:")).display(), "three\nfour\n");
        // Past the end is clamped to the last line.
        assert_eq!(read_of(text, Some("9")).display(), "");
        assert_eq!(read_of("a\nb\nc", Some("3:9")).display(), "c");
    }

    #[test]
    fn empty_and_blank_files_are_named_so() {
        assert_eq!(
            read_of("", None).display(),
            "(The file `/w/a/notes.md` exists, but is empty)"
        );
        assert_eq!(
            read_of(" \n\t", None).display(),
            "(The file `/w/a/notes.md` exists, but contains only whitespace)"
        );
    }

    #[test]
    fn line_spans_count_every_kind_of_break() {
        assert_eq!(line_spans("a\r\nb\rc\n"), [(0, 1), (3, 4), (5, 6), (7, 7)]);
        assert_eq!(line_spans(""), [(0, 0)]);
    }
}
