//! `openclaw`: OpenClaw's `## Skills (mandatory)` system-prompt section around pi's
//! `formatSkillsForPrompt` catalog, with OpenClaw's tiers, `~/` paths and prompt limits
//! (runtime-formats.md §8), base build.

use std::path::{Path, PathBuf};

use super::catalog::{
    Admitted, BudgetUse, Change, ChangeKind, Collision, Context, Entry, Rendered,
};
use super::env::{Env, RootSpec};
use super::load::{
    Call, CutBy, LoadInput, Output, Placement, ReadInput, Session, cut_head, format_size,
};
use super::text::{Escaping, Unit, js_trim};
use super::{Budget, Confidence, ExtraField, NameCharset, Target};
use crate::frontmatter::Value;
use crate::paths;
use crate::provider::ResourceError;
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "openclaw",
    display: "OpenClaw",
    rejects_unknown_fields: false,
    extra_fields: &[
        ExtraField {
            key: "disable-model-invocation",
            meaning: "`true` keeps the skill out of the prompt catalog",
        },
        ExtraField {
            key: "user-invocable",
            meaning: "whether the skill is offered as a slash command",
        },
        ExtraField {
            key: "command-dispatch",
            meaning: "how a slash command runs the skill",
        },
        ExtraField {
            key: "command-tool",
            meaning: "the tool a dispatched slash command calls",
        },
        ExtraField {
            key: "command-arg-mode",
            meaning: "how slash-command arguments are passed",
        },
    ],
    metadata_keys: &[ExtraField {
        key: "openclaw",
        meaning: "requires (bins, anyBins, env), os, always, primaryEnv, skillKey, emoji, homepage: gate eligibility and describe the skill",
    }],
    name_charset: NameCharset::Unicode,
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "the `## Skills (mandatory)` section of OpenClaw's system prompt (omitted in subagent prompts), holding pi's formatSkillsForPrompt catalog",
    roots,
    roots_summary: "managed $OPENCLAW_STATE_DIR/skills (else ~/.openclaw/skills), ~/.agents/skills, <workspace>/.agents/skills, <workspace>/skills; --roots takes the working directory as the workspace; each root is a skill itself or holds */SKILL.md, or its skills/ subdirectory does",
    collision: Collision::LastWinsInPlace,
    admit,
    broken_skill: "skipped with a warning: no description, frontmatter that does not parse, a name pi cannot check, or a SKILL.md over 256000 bytes",
    fields_read: &["name", "description", "disable-model-invocation"],
    ordering: "tier order (managed, ~/.agents, workspace .agents, workspace skills), directory names sorted within a root; a later tier's skill replaces an earlier one of the same name in its place",
    escaping: "& < > \" ' (' as &apos;) on name, description and location",
    whitespace: "name and description exactly as YAML gives them; newlines are kept; the pi block is trimmed",
    budget: Budget {
        unit: Some(Unit::Utf16),
        summary: "at most 150 skills (maxSkillsInPrompt), then the catalog block within 30000 UTF-16 code units (maxSkillsPromptChars); over that the compact format (names and locations) within 29850, then the longest prefix that fits, with a warning line before the catalog",
    },
    render,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::SystemPrompt,
        modes: &[],
        reload: "the same file again: the model reads SKILL.md with `read` each time",
    },
    builtins_note: "OpenClaw's bundled skills, plugin skills and configured extra skill directories (tiers before the managed one)",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: None,
    decisions: &[
        "Base build: no rate-limit line after `Constraints:`, no `You MUST use the exact <location>` sentences, no `Run `openclaw skills check` to audit.` after the warning",
        "The section ends with `</available_skills>\\n`: its lines are joined with \\n and the trailing empty line is dropped by the prompt's final filter(Boolean) (a9b858e), so one newline separates it from the next section",
        "The character limit is 30000 (some builds use 18000); config limits (skills.limits.*) are not read",
        "--roots takes the working directory as the workspace; OpenClaw's own default workspace is ~/.openclaw/workspace or the configured one",
        "Eligibility gating (metadata.openclaw requires, os, always) and skill filters are not evaluated: every skill counts as eligible",
        "Per-root caps (300 candidates, 200 skills per source) are not modelled",
        "Within a root, directory names are taken in byte order; OpenClaw sorts them in UTF-16 order, which differs only for names mixing characters above U+FFFF with U+E000-U+FFFF",
        "Name and description are kept as pi reads them (untrimmed); newer OpenClaw loaders trim both",
        "Every SKILL.md path under $HOME is written ~/..., the workspace's included, as compactSkillPaths does",
        "BudgetUse reports the catalog block (without the warning line) against 30000, or the compact block against 29850",
        "load is the model reading SKILL.md with pi's `read` tool at its <location> as the catalog writes it (`~/` included): the whole file, raw, frontmatter included; past 2000 lines or 50KB it is cut with pi's note",
        "Reads use the same `read` tool with the file's absolute path, and for --lines A:B pi's 1-based `offset` A and `limit` B-A+1; pi splits on \\n, so a final newline makes a last, empty line",
        "OpenClaw's wrappers around pi's tools (sandbox roots, image handling) are not modelled",
        "An unknown name: the model has no location for it; the answer is `read`'s ENOENT for <workspace>/skills/<name>/SKILL.md, where a guess would look first",
        "A thrown error reaches the model as its message alone; refusals pi does not make (a path outside the skill directory, a binary file) answer with our message; a file over the 256 KiB read cap counts its lines in the part read",
    ],

    confidence: Confidence::Source,
    reference: "openclaw/openclaw src/agents/system-prompt.ts @ a9b858e, src/agents/skills/workspace.ts (limits, compact format); badlogic/pi-mono packages/coding-agent/src/core/skills.ts @ 83378aa, packages/coding-agent/src/core/tools/read.ts",
};

/// `maxSkillsInPrompt`.
const MAX_SKILLS: usize = 150;
/// `maxSkillsPromptChars` (JavaScript `.length`).
const MAX_CHARS: u64 = 30_000;
/// `COMPACT_WARNING_OVERHEAD`: kept free for the warning line in compact mode.
const WARNING_OVERHEAD: u64 = 150;
/// `maxSkillFileBytes`.
const MAX_FILE_BYTES: usize = 256_000;

/// The section's fixed lines before the catalog (base build, `read` as the read tool).
const HEADER: &str = "## Skills (mandatory)\n\
Before replying: scan <available_skills> <description> entries.\n\
- If exactly one skill clearly applies: read its SKILL.md at <location> with `read`, then follow it.\n\
- If multiple could apply: choose the most specific one, then read/follow it.\n\
- If none clearly apply: do not read any SKILL.md.\n\
Constraints: never read more than one skill up front; only read after selecting.";

const INTRO: &str = "\n\nThe following skills provide specialized instructions for specific tasks.";
const USE_FULL: &str =
    "Use the read tool to load a skill's file when the task matches its description.";
const USE_COMPACT: &str =
    "Use the read tool to load a skill's file when the task matches its name.";
const RELATIVE: &str = "When a skill file references a relative path, resolve it against the skill directory (parent of SKILL.md / dirname of the path) and use that absolute path in tool commands.";

/// The tiers in merge order (`loadSkillEntries`): later tiers override earlier ones.
fn roots(env: &Env) -> Vec<RootSpec> {
    let tiers = [
        (
            env.var_dir("OPENCLAW_STATE_DIR", ".openclaw")
                .map(|dir| dir.join("skills")),
            Scope::User,
        ),
        (env.home_join(".agents/skills"), Scope::User),
        (Some(env.cwd.join(".agents/skills")), Scope::Project),
        (Some(env.cwd.join("skills")), Scope::Project),
    ];
    tiers
        .into_iter()
        .filter_map(|(path, scope)| path.map(|p| root_spec(p, scope)))
        .collect()
}

/// One tier's root: its `skills/` subdirectory when that holds `*/SKILL.md`
/// (`resolveNestedSkillsRoot`); the root alone when it is itself a skill; else its children.
fn root_spec(dir: PathBuf, scope: Scope) -> RootSpec {
    let nested = dir.join("skills");
    let base = if child_dirs(&nested)
        .iter()
        .take(300)
        .any(|child| nested.join(child).join("SKILL.md").is_file())
    {
        nested
    } else {
        dir
    };
    if base.join("SKILL.md").is_file() {
        RootSpec::recursive(base, scope, Some(1))
    } else {
        RootSpec::one_level(base, scope)
    }
}

/// `listChildDirectories`: directory names, dot-directories and `node_modules` left out.
fn child_dirs(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.') && name != "node_modules")
        .collect()
}

/// What OpenClaw and pi's loader keep: SKILL.md under the size cap, a description, a name
/// (falling back to the directory's), and not hidden from the model.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    let size = skill.source.bytes().len();
    if size > MAX_FILE_BYTES {
        return Err(format!(
            "skipped: SKILL.md is {size} bytes, over OpenClaw's {MAX_FILE_BYTES} (maxSkillFileBytes)"
        ));
    }
    if !skill.has_canonical_file_name() {
        return Err(
            "skipped: OpenClaw looks for a file named exactly `SKILL.md` and does not see this one"
                .to_owned(),
        );
    }
    if skill.dir != skill.origin.root && skill.dir_name().starts_with('.') {
        return Err("skipped: OpenClaw does not look inside dot-directories".to_owned());
    }
    if let Some(error) = skill.parse_error() {
        return Err(format!(
            "skipped: {error}; pi needs a description in the frontmatter"
        ));
    }
    let description = match skill.field("description").map(|f| &f.value) {
        Some(Value::String(d)) if !js_trim(d).is_empty() => d.clone(),
        Some(Value::String(_)) | None | Some(Value::Null) => {
            return Err("skipped: no description; pi skips a skill without one".to_owned());
        }
        Some(other) => {
            return Err(format!(
                "skipped: `description` is a {}; pi's loader fails on it",
                other.kind()
            ));
        }
    };
    // `frontmatter.name || parentDirName`, then string checks that throw on anything else.
    let name = match skill.field("name").map(|f| &f.value) {
        Some(Value::String(name)) if !name.is_empty() => name.clone(),
        None | Some(Value::Null | Value::Bool(false)) => skill.dir_name().into_owned(),
        Some(Value::String(_)) => skill.dir_name().into_owned(),
        Some(Value::Number(n)) if n.parse::<f64>().is_ok_and(|v| v == 0.0) => {
            skill.dir_name().into_owned()
        }
        Some(other) => {
            return Err(format!(
                "skipped: `name` is a {}; pi's name check fails on it",
                other.kind()
            ));
        }
    };
    if super::catalog::admit::flag(skill, "disable-model-invocation") {
        return Err(
            "skipped: disable-model-invocation: true keeps it out of the prompt".to_owned(),
        );
    }
    Ok(Admitted {
        name,
        description: Some(description),
    })
}

/// A skill as the catalog writes it: escaped, with its `~/`-compacted location.
struct Item {
    name: String,
    description: String,
    location: String,
}

/// `compactSkillPaths`: a path under the home directory as `~/…`.
fn location(path: &Path, cx: &Context<'_>) -> String {
    if let Some(home) = &cx.env.home {
        let homes = [Some(home.clone()), std::fs::canonicalize(home).ok()];
        for home in homes.iter().flatten() {
            if let Ok(rel) = path.strip_prefix(home)
                && !rel.as_os_str().is_empty()
            {
                return format!("~/{}", paths::to_slash(rel));
            }
        }
    }
    cx.paths.show(path)
}

/// pi's `formatSkillsForPrompt` (or OpenClaw's `formatSkillsCompact`): "" for no skills, else
/// `\n\n` + the intro lines + the XML, no trailing newline.
fn format(items: &[Item], compact: bool) -> String {
    if items.is_empty() {
        return String::new();
    }
    let mut lines = vec![
        INTRO.to_owned(),
        if compact { USE_COMPACT } else { USE_FULL }.to_owned(),
        RELATIVE.to_owned(),
        String::new(),
        "<available_skills>".to_owned(),
    ];
    for item in items {
        lines.push("  <skill>".to_owned());
        lines.push(format!("    <name>{}</name>", item.name));
        if !compact {
            lines.push(format!(
                "    <description>{}</description>",
                item.description
            ));
        }
        lines.push(format!("    <location>{}</location>", item.location));
        lines.push("  </skill>".to_owned());
    }
    lines.push("</available_skills>".to_owned());
    lines.join("\n")
}

fn length(text: &str) -> u64 {
    Unit::Utf16.measure(text)
}

/// `buildSkillsSection(resolveWorkspaceSkillPromptState(…))`: the limits of
/// `applySkillsPromptLimits`, the warning line, then the section around the trimmed block.
fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let esc = |s: &str| Escaping::XmlApos.apply(s);
    let items: Vec<Item> = entries
        .iter()
        .map(|e| Item {
            name: esc(&e.name),
            description: esc(e.description()),
            location: esc(&location(&e.skill.skill_md, cx)),
        })
        .collect();
    let total = items.len();
    let by_count = total.min(MAX_SKILLS);
    let compact_budget = MAX_CHARS - WARNING_OVERHEAD;

    let full_len = length(&format(&items[..by_count], false));
    let mut selected = by_count;
    let mut truncated = total > by_count;
    let mut compact = false;
    let mut compact_len = 0;
    if full_len > MAX_CHARS {
        // Full format over budget: try compact, then the longest prefix that fits compact.
        compact = true;
        compact_len = length(&format(&items[..by_count], true));
        if compact_len > compact_budget {
            let fits = |n: usize| length(&format(&items[..n], true)) <= compact_budget;
            let (mut lo, mut hi) = (0, by_count);
            while lo < hi {
                let mid = (lo + hi).div_ceil(2);
                if fits(mid) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            selected = lo;
            truncated = true;
        }
    }

    let note = if truncated {
        format!(
            "\u{26A0}\u{FE0F} Skills truncated: included {selected} of {total}{}.",
            if compact {
                " (compact format, descriptions omitted)"
            } else {
                ""
            }
        )
    } else if compact {
        "\u{26A0}\u{FE0F} Skills catalog using compact format (descriptions omitted).".to_owned()
    } else {
        String::new()
    };
    let block = format(&items[..selected], compact);
    let prompt: Vec<&str> = [note.as_str(), block.as_str()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect();
    let prompt = prompt.join("\n");
    let trimmed = js_trim(&prompt);
    let text = if trimmed.is_empty() {
        String::new()
    } else {
        format!("{HEADER}\n{trimmed}\n")
    };

    let mut changes = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        if i < selected {
            if compact {
                changes.push(Change::new(
                    entry,
                    ChangeKind::DescriptionRemoved,
                    format!(
                        "compact format: the full catalog of {by_count} skills is {full_len} UTF-16 code units, over OpenClaw's {MAX_CHARS} (maxSkillsPromptChars); names and locations only"
                    ),
                ));
            }
        } else if i >= by_count {
            changes.push(Change::new(
                entry,
                ChangeKind::Omitted,
                format!("beyond OpenClaw's first {MAX_SKILLS} skills (maxSkillsInPrompt)"),
            ));
        } else {
            changes.push(Change::new(
                entry,
                ChangeKind::Omitted,
                format!(
                    "the compact catalog of {by_count} skills is {compact_len} UTF-16 code units, over the compact budget of {compact_budget} ({MAX_CHARS} maxSkillsPromptChars minus {WARNING_OVERHEAD} for the warning); the longest prefix that fits keeps {selected}"
                ),
            ));
        }
    }
    Rendered {
        text,
        listed: selected,
        budget: Some(BudgetUse {
            unit: Unit::Utf16,
            limit: if compact { compact_budget } else { MAX_CHARS },
            used: length(&block),
        }),
        changes,
    }
}

/// pi's `read` tool limits (`DEFAULT_MAX_LINES`, `DEFAULT_MAX_BYTES`).
const READ_MAX_LINES: usize = 2000;
const READ_MAX_BYTES: usize = 50 * 1024;

/// The model reads SKILL.md at the location the catalog gave it.
fn load(input: &LoadInput<'_>) -> Output {
    let Some(entry) = input.entry() else {
        return not_found(input.cx, input.name, "SKILL.md");
    };
    let path = location(&entry.skill.skill_md, input.cx);
    let call = Call::with("read", "path", &path);
    let text = String::from_utf8_lossy(entry.skill.source.bytes());
    match pi_read(&text, &path, None, None) {
        Ok(text) => Output::tool(call, text),
        Err(text) => Output::tool_error(call, text),
    }
}

/// `read` of a file of the skill, by its absolute path.
fn read(input: &ReadInput<'_>) -> Output {
    let Some(entry) = input.entry() else {
        return not_found(input.cx, input.name, input.path);
    };
    let path = input.cx.paths.show(&entry.skill.dir.join(input.path));
    let offset = input.lines.map(|l| l.start);
    let limit = input.lines.and_then(|l| l.end.map(|end| end - l.start + 1));
    let mut arguments = serde_json::json!({ "path": path });
    if let Some(offset) = offset {
        arguments["offset"] = offset.into();
    }
    if let Some(limit) = limit {
        arguments["limit"] = limit.into();
    }
    let call = Call {
        tool: "read".to_owned(),
        arguments: arguments.to_string(),
    };
    let resource = match input
        .provider
        .read_resource_of(entry.skill, input.path, None)
    {
        Ok(resource) => resource,
        Err(ResourceError::NotFound { .. }) => {
            return Output::tool_error(call, enoent(&path));
        }
        Err(ResourceError::NotAFile { .. }) => {
            return Output::tool_error(call, "EISDIR: illegal operation on a directory, read");
        }
        Err(err) => return Output::tool_error(call, err.to_string()),
    };
    match pi_read(&resource.text, &path, offset, limit) {
        Ok(text) => Output::tool(call, text),
        Err(text) => Output::tool_error(call, text),
    }
}

/// A skill OpenClaw does not list: `read` on the path under the workspace's `skills/` a guess
/// would take.
fn not_found(cx: &Context<'_>, name: &str, file: &str) -> Output {
    let guess = cx
        .paths
        .show(&cx.env.cwd.join("skills").join(name).join(file));
    Output::tool_error(Call::with("read", "path", &guess), enoent(&guess))
}

fn enoent(path: &str) -> String {
    format!("ENOENT: no such file or directory, access '{path}'")
}

/// pi's `read` tool on a text: split on `\n`, from the 1-based `offset`, `limit` lines, cut by
/// `truncateHead`, with pi's note on how to go on. `path` is the path as the model gave it.
fn pi_read(
    text: &str,
    path: &str,
    offset: Option<usize>,
    limit: Option<usize>,
) -> Result<String, String> {
    let all: Vec<&str> = text.split('\n').collect();
    let total = all.len();
    let start = offset.map_or(0, |o| o.saturating_sub(1));
    if start >= total {
        return Err(format!(
            "Offset {} is beyond end of file ({total} lines total)",
            offset.unwrap_or(0)
        ));
    }
    let end = limit.map_or(total, |limit| start.saturating_add(limit).min(total));
    let selected = all[start..end].join("\n");
    let cut = cut_head(&selected, READ_MAX_LINES, READ_MAX_BYTES);
    let first = start + 1;
    if cut.first_line_too_long {
        let size = all.get(start).map_or(0, |line| line.len());
        return Ok(format!(
            "[Line {first} is {}, exceeds {} limit. Use bash: sed -n '{first}p' {path} | head -c {READ_MAX_BYTES}]",
            format_size(size),
            format_size(READ_MAX_BYTES)
        ));
    }
    let mut out = cut.content;
    match cut.by {
        Some(by) => {
            let last = first + cut.lines - 1;
            let next = last + 1;
            out.push_str(&match by {
                CutBy::Lines => format!(
                    "\n\n[Showing lines {first}-{last} of {total}. Use offset={next} to continue.]"
                ),
                CutBy::Bytes => format!(
                    "\n\n[Showing lines {first}-{last} of {total} ({} limit). Use offset={next} to continue.]",
                    format_size(READ_MAX_BYTES)
                ),
            });
        }
        None if limit.is_some() && end < total => {
            out.push_str(&format!(
                "\n\n[{} more lines in file. Use offset={} to continue.]",
                total - end,
                end + 1
            ));
        }
        None => {}
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self};

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    fn skill(dir: &str, name: &str, description: &str) -> MemorySkill {
        MemorySkill::new(
            dir,
            format!("---\nname: {name}\ndescription: {description}\n---\n"),
        )
        .in_scope(Scope::Project, 0)
    }

    fn many(n: usize, description: &str) -> Vec<MemorySkill> {
        (0..n)
            .map(|i| {
                skill(
                    &format!("/p/skills/s{i:03}"),
                    &format!("s{i:03}"),
                    description,
                )
            })
            .collect()
    }

    #[test]
    fn section_around_the_trimmed_block() {
        let cat = build(vec![skill("/h/.agents/skills/a", "a", "It's <b> & \"c\"")]);
        let expected = format!(
            "{HEADER}\nThe following skills provide specialized instructions for specific tasks.\n{USE_FULL}\n{RELATIVE}\n\n<available_skills>\n  <skill>\n    <name>a</name>\n    <description>It&apos;s &lt;b&gt; &amp; &quot;c&quot;</description>\n    <location>~/.agents/skills/a/SKILL.md</location>\n  </skill>\n</available_skills>\n"
        );
        assert_eq!(cat.text, expected);
        let budget = cat.budget.expect("a budget");
        assert_eq!((budget.unit, budget.limit), (Unit::Utf16, MAX_CHARS));
    }

    #[test]
    fn nothing_without_visible_skills() {
        assert_eq!(build(Vec::new()).text, "");
        let hidden = build(vec![MemorySkill::new(
            "/p/skills/h",
            "---\nname: h\ndescription: d\ndisable-model-invocation: true\n---\n",
        )]);
        assert_eq!(hidden.text, "");
    }

    #[test]
    fn names_fall_back_and_descriptions_are_required() {
        let cat = build(vec![
            MemorySkill::new("/p/skills/dir-name", "---\ndescription: d\n---\n"),
            MemorySkill::new("/p/skills/n", "---\nname: 7\ndescription: d\n---\n"),
            MemorySkill::new("/p/skills/none", "---\nname: none\n---\n"),
            MemorySkill::new("/p/skills/.hidden", "---\nname: x\ndescription: d\n---\n"),
        ]);
        assert_eq!(cat.listed, 1);
        assert!(cat.text.contains("<name>dir-name</name>"));
        let skipped: Vec<&str> = cat.changes.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(skipped, ["n", "none", "x"]);
    }

    #[test]
    fn later_tiers_replace_in_place() {
        let cat = build(vec![
            skill("/h/.openclaw/skills/b", "b", "managed"),
            skill("/h/.openclaw/skills/z", "z", "z"),
            skill("/p/skills/b", "b", "workspace"),
        ]);
        let b = cat.text.find("<name>b</name>").expect("b listed");
        let z = cat.text.find("<name>z</name>").expect("z listed");
        assert!(b < z);
        assert!(cat.text.contains("<description>workspace</description>"));
    }

    #[test]
    fn count_cut_first() {
        let cat = build(many(152, "d"));
        assert_eq!(cat.listed, 150);
        assert!(cat.text.contains(
            "\n\u{26A0}\u{FE0F} Skills truncated: included 150 of 152.\n\n\nThe following"
        ));
        let omitted: Vec<&str> = cat.changes.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(omitted, ["s150", "s151"]);
        assert!(cat.changes[0].reason.contains("maxSkillsInPrompt"));
    }

    #[test]
    fn compact_when_full_is_over_the_limit() {
        // 100 skills of ~400 units each: ~40000 in full, ~8000 compact.
        let cat = build(many(100, &"x".repeat(300)));
        assert_eq!(cat.listed, 100);
        assert!(cat.text.contains(
            "\n\u{26A0}\u{FE0F} Skills catalog using compact format (descriptions omitted).\n\n\nThe following"
        ));
        assert!(cat.text.contains(USE_COMPACT));
        assert!(!cat.text.contains("    <description>"));
        assert_eq!(cat.changes.len(), 100);
        assert!(
            cat.changes
                .iter()
                .all(|c| c.kind == ChangeKind::DescriptionRemoved)
        );
        let budget = cat.budget.expect("a budget");
        assert_eq!(budget.limit, MAX_CHARS - WARNING_OVERHEAD);
        assert!(budget.used <= budget.limit);
    }

    #[test]
    fn longest_compact_prefix_that_fits() {
        // Names of 5000 units: each compact entry is about 5060; the block header about 330.
        let skills: Vec<MemorySkill> = (0..8)
            .map(|i| {
                let name = format!("{i}{}", "n".repeat(4999));
                skill(&format!("/p/skills/s{i}"), &name, "d")
            })
            .collect();
        let cat = build(skills);
        // 5 entries: ~25300 + 330 <= 29850; 6: ~30360 > 29850.
        assert_eq!(cat.listed, 5);
        assert!(
            cat.text.contains(
                "Skills truncated: included 5 of 8 (compact format, descriptions omitted)."
            )
        );
        let kinds: Vec<ChangeKind> = cat.changes.iter().map(|c| c.kind).collect();
        assert_eq!(kinds[..5], [ChangeKind::DescriptionRemoved; 5]);
        assert_eq!(kinds[5..], [ChangeKind::Omitted; 3]);
        let block_start = cat.text.find("\n\nThe following").expect("block");
        let block_end = cat.text.len() - 1;
        assert!(length(&cat.text[block_start..block_end]) <= MAX_CHARS - WARNING_OVERHEAD);
    }

    #[test]
    fn nothing_fits_leaves_the_warning_alone() {
        let skills = vec![skill("/p/skills/a", &"n".repeat(31_000), "d")];
        let cat = build(skills);
        assert_eq!(cat.listed, 0);
        assert_eq!(
            cat.text,
            format!(
                "{HEADER}\n\u{26A0}\u{FE0F} Skills truncated: included 0 of 1 (compact format, descriptions omitted).\n"
            )
        );
    }

    #[test]
    fn roots_may_be_skills_or_hold_a_skills_directory() {
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain");
        std::fs::create_dir_all(plain.join("a")).unwrap();
        std::fs::write(plain.join("a/SKILL.md"), "x").unwrap();
        assert_eq!(root_spec(plain.clone(), Scope::User).path, plain);
        assert_eq!(root_spec(plain.clone(), Scope::User).max_depth, Some(2));

        let nesting = dir.path().join("nesting");
        std::fs::create_dir_all(nesting.join("skills/b")).unwrap();
        std::fs::write(nesting.join("skills/b/SKILL.md"), "x").unwrap();
        assert_eq!(
            root_spec(nesting.clone(), Scope::User).path,
            nesting.join("skills")
        );

        let itself = dir.path().join("itself");
        std::fs::create_dir_all(itself.join("c")).unwrap();
        std::fs::write(itself.join("SKILL.md"), "x").unwrap();
        std::fs::write(itself.join("c/SKILL.md"), "x").unwrap();
        let spec = root_spec(itself.clone(), Scope::User);
        assert_eq!((spec.path, spec.max_depth), (itself, Some(1)));
    }

    #[test]
    fn units_are_utf16() {
        // 15000 astral characters are 30000 UTF-16 units, far over with the markup.
        let cat = build(vec![skill("/p/skills/a", "a", &"\u{1F600}".repeat(14_900))]);
        assert_eq!(cat.changes[0].kind, ChangeKind::DescriptionRemoved);
        let bytes = build(vec![skill("/p/skills/a", "a", &"\u{E9}".repeat(14_900))]);
        assert!(bytes.changes.is_empty(), "2-byte characters are one unit");
    }

    fn home_skill() -> MemorySkill {
        MemorySkill::new(
            "/h/.agents/skills/a",
            "---\nname: a\ndescription: d\n---\n# A\n",
        )
        .in_scope(Scope::User, 0)
        .with_file("notes.md", "one\ntwo\nthree\n")
    }

    fn read_of(lines: Option<&str>) -> Output {
        crate::targets::load::testing::read(&TARGET, vec![home_skill()], "a", "notes.md", lines)
    }

    #[test]
    fn load_reads_the_raw_file_at_its_catalog_location_every_time() {
        let load = |earlier| {
            crate::targets::load::testing::load(&TARGET, vec![home_skill()], "a", earlier)
        };
        let first = load(0);
        assert_eq!(first.display(), "---\nname: a\ndescription: d\n---\n# A\n");
        assert_eq!(
            first.call.as_ref().map(|c| c.arguments.as_str()),
            Some(r#"{"path":"~/.agents/skills/a/SKILL.md"}"#)
        );
        assert_eq!(load(1), first);
    }

    #[test]
    fn an_unknown_name_is_a_missing_file_where_a_guess_would_look() {
        let out = crate::targets::load::testing::load(&TARGET, vec![home_skill()], "b", 0);
        assert!(out.error);
        assert_eq!(
            out.display(),
            "ENOENT: no such file or directory, access '/p/skills/b/SKILL.md'"
        );
    }

    #[test]
    fn reads_take_pi_offsets_and_say_what_is_left() {
        let out = read_of(Some("2:3"));
        assert_eq!(
            out.display(),
            "two\nthree\n\n[1 more lines in file. Use offset=4 to continue.]"
        );
        assert_eq!(
            out.call.map(|c| c.arguments),
            Some(r#"{"limit":2,"offset":2,"path":"/h/.agents/skills/a/notes.md"}"#.to_owned())
        );
        assert_eq!(read_of(Some("4:")).display(), "");
        let past = read_of(Some("6:"));
        assert!(past.error);
        assert_eq!(
            past.display(),
            "Offset 6 is beyond end of file (4 lines total)"
        );
        assert_eq!(read_of(None).display(), "one\ntwo\nthree\n");
    }

    #[test]
    fn long_files_are_cut_by_lines_or_bytes() {
        let long: String = (1..=2100).map(|i| format!("{i}\n")).collect();
        let cut = pi_read(&long, "f", None, None).unwrap();
        assert!(
            cut.ends_with("2000\n\n[Showing lines 1-2000 of 2101. Use offset=2001 to continue.]")
        );
        let wide = format!("{}\n{}\n", "x".repeat(30 * 1024), "y".repeat(30 * 1024));
        let cut = pi_read(&wide, "f", None, None).unwrap();
        assert!(
            cut.ends_with(
                "x\n\n[Showing lines 1-1 of 3 (50.0KB limit). Use offset=2 to continue.]"
            )
        );
        let huge = "z".repeat(51 * 1024);
        assert_eq!(
            pi_read(&huge, "~/f", Some(1), None).unwrap(),
            "[Line 1 is 51.0KB, exceeds 50.0KB limit. Use bash: sed -n '1p' ~/f | head -c 51200]"
        );
    }
}
