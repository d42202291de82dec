//! `letta`: Letta Code's `<available_skills>` block at the end of the system prompt, as its
//! local backend compiles it from the `client_skills` the client discovers (one ``- `id`: …``
//! line per skill, sorted, with its bundled skills), and the `Skill` tool, which adds the whole
//! SKILL.md as a `<skill_content>` user message.

use std::path::{Path, PathBuf};

use super::catalog::{Admitted, Change, ChangeKind, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec};
use super::load::{Call, LoadInput, Output, Placement, ReadInput, Role, Session, list_files};
use super::text::{Collation, Unit, js_trim, prefix_within};
use super::{Budget, Builtin, Confidence, ExtraField, Install, NameCharset, Target, Verified};
use crate::paths;
use crate::provider::ResourceError;
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "letta",
    display: "Letta Code",
    rejects_unknown_fields: false,
    extra_fields: &[
        ExtraField {
            key: "id",
            meaning: "the skill's id: the name it is listed and invoked by, before `name`",
        },
        ExtraField {
            key: "title",
            meaning: "the display name when `name` is absent",
        },
        ExtraField {
            key: "when_to_use",
            meaning: "appended to the description as a `When to use:` paragraph (the list shows the description's first line only)",
        },
        ExtraField {
            key: "argument-hint",
            meaning: "shown when the skill is invoked as a command",
        },
        ExtraField {
            key: "disable-model-invocation",
            meaning: "`true` keeps the skill out of the list; the `Skill` tool refuses it",
        },
        ExtraField {
            key: "user-invocable",
            meaning: "whether users may invoke the skill",
        },
        ExtraField {
            key: "category",
            meaning: "groups skills",
        },
        ExtraField {
            key: "tags",
            meaning: "a string or a list, for filtering",
        },
    ],
    metadata_keys: &[],
    name_charset: NameCharset::Unicode,
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "the very end of the system message, after the memory metadata and a blank line; the `Skill` tool lists no skills",
    roots,
    roots_summary: "the bundled skills, ~/.letta/skills (global), ~/.letta/agents/$LETTA_AGENT_ID/memory/skills (agent, when that variable is set), then the project's ./.skills and ./.agents/skills, later ones replacing earlier ones of the same id; all searched recursively, dot-directories included, .gitignore not read",
    collision: Collision::LastWins,
    admit,
    broken_skill: "never left out for its content: without frontmatter the whole file is the body, a missing description falls back to the body's first paragraph, then to `No description available`",
    fields_read: &[
        "id",
        "name",
        "description",
        "when_to_use",
        "disable-model-invocation",
    ],
    ordering: "by id with localeCompare",
    escaping: "none",
    whitespace: "only the description's first line is listed, trimmed",
    budget: Budget::NONE,
    render,
    leave_one_out: None,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::SystemPrompt,
        modes: &[],
        reload: "the same again: `Launching skill: x` and the whole SKILL.md in a new `<skill_content>` user message",
    },
    builtins_note: "Letta Code's bundled skills (source `bundled`; `--no-bundled-skills` leaves them out), replaced by any skill of the same id",
    builtins: BUILTINS,
    builtins_first: true,
    install: Some(Install {
        command: "letta",
        package: "@letta-ai/letta-code",
    }),
    models: &[],
    verified: Some(Verified {
        client: "Letta Code",
        version: "0.32.18",
        captured: "2026-11-24",
        cases: 14,
        recordings: "letta@0.32.18",
    }),
    decisions: &[
        "The local backend (LETTA_LOCAL_BACKEND_EXPERIMENTAL) is what was run: it compiles the block itself from `client_skills`; the cloud backend sends the same `client_skills` to a Letta server, whose rendering is not public",
        "The `<system-reminder>` form of older releases is not kept: 0.32.18 still contains formatSkillsAsSystemReminder, but nothing calls it",
        "The bundled skills are those a local agent gets: image-generation, managing-shared-memory and working-across-computers are for cloud agents only, and generating-mod-envs is hidden by disable-model-invocation; a bundled skill's listed line is kept, its text ships with the client and its load shows only its name and description",
        "The agent directory needs the agent's id: --roots reads it from LETTA_AGENT_ID and leaves it out when that is unset; the agent's memory skills, shared memory repositories and a configured skills directory are not read",
        "Roots are searched 32 directories deep (Letta has no limit); node_modules and .git are not searched",
        "Skills are keyed by id (frontmatter `id`, else `name`, else the skill directory's path under its root, `root` for the root itself); the listed name is the id, and a later root replaces an earlier one's skill of the same id",
        "Skills given as paths count as the project's",
        "The frontmatter is read with Letta's own line reader: `key: value` lines (one pair of surrounding quotes removed), `- item` lists, `|` and `>` blocks; other YAML is not understood",
        "load is the `Skill` tool (`skill`): the tool result `Launching skill: NAME`, then a user message `<skill_content name=\"NAME\">` holding the whole SKILL.md with `<SKILL_DIR>` and `${CLAUDE_SKILL_DIR}` replaced by the skill directory, `Skill directory: DIR`, the relative-paths line and a `<skill_resources>` list of its files (regular files below the directory, dot-files included, each directory's entries in localeCompare order, SKILL.md at the top left out, at most 200, then `<truncated>true</truncated>`); a skill hidden by disable-model-invocation is refused with Letta's message",
        "Reads use Letta Code's `Read` tool: `file_path` absolute, for --lines A:B a 0-based `offset` A-1 and `limit` B-A+1; lines numbered `N\\ttext`, split on \\n (a final newline makes a last, empty line), 2000 lines and 2000 characters a line at most with its notices; its 30000-character cap and the overflow file it may write are not modelled",
        "A read in a skill Letta does not know is `Read` on <cwd>/.agents/skills/<name>/<path>, which does not exist; refusals Letta does not make (outside the skill directory) answer with our message; text that is not UTF-8 is read with replacement characters",
    ],

    confidence: Confidence::Source,
    reference: "letta-ai/letta-code src/agent/skills.ts (discoverSkills, parseSkillFile), src/agent/client-skills.ts (buildClientSkillsPayload), src/backend/local/system-prompt-compilation.ts (compileAvailableSkillsBlock), src/utils/frontmatter.ts, src/tools/impl/skill.ts and read.ts, as bundled in npm @letta-ai/letta-code 0.32.18 (letta.js)",
};

/// How deep the roots are searched (Letta recurses without a limit).
const DEPTH: usize = 32;
/// Files a `<skill_resources>` list names at most.
const MAX_RESOURCES: usize = 200;

/// The bundled skills a local agent lists in 0.32.18, with their listed (first) line.
const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "acquiring-skills",
        description: "Discover and install skills from Hermes, ClawHub, GitHub, and other registries. Load this skill whenever a user asks for a capability you don't already have — image generation, social media, email, calendar, finance, DevOps, search, browser automation, etc.",
        location: "<install>/skills/acquiring-skills/SKILL.md",
    },
    Builtin {
        name: "browser-use",
        description: "Control a real browser to navigate pages, click, type, fill forms, inspect rendered UI, take screenshots, or record video. Load only when the user asks to open or automate a browser, interact with or test rendered page UI, scrape a site that needs browser execution, or capture a browser screenshot or video. Do not load for backend logs, traces, API or stream events, source-code inspection, or plain HTTP or web research that does not require a browser.",
        location: "<install>/skills/browser-use/SKILL.md",
    },
    Builtin {
        name: "context-doctor",
        description: "Investigate agent behavior and audit memory structure, organization, and skills; make evidence-backed repairs.",
        location: "<install>/skills/context-doctor/SKILL.md",
    },
    Builtin {
        name: "creating-mods",
        description: "Creates and edits trusted local Letta Code mods, including tools, slash commands, local-only model providers, lifecycle/turn events, scoped conversation helpers, panels, and capability-gated behavior. Use when asked to make a mod, add an agent-callable tool, add a slash command, add a local provider/model adapter, transform turns, react to app events, or add lightweight mod UI outside the dedicated /statusline flow.",
        location: "<install>/skills/creating-mods/SKILL.md",
    },
    Builtin {
        name: "creating-skills",
        description: "Guide for creating effective skills. This skill should be used when users want to create a new skill (or update an existing skill) that extends Letta Code's capabilities with specialized knowledge, workflows, or tool integrations.",
        location: "<install>/skills/creating-skills/SKILL.md",
    },
    Builtin {
        name: "customizing-commands",
        description: "Creates, edits, and enables Letta Code mod-provided slash commands. Use when the user asks to add a custom /command, slash command, command shortcut, scoped conversation-backed command, or command-driven panel behavior.",
        location: "<install>/skills/customizing-commands/SKILL.md",
    },
    Builtin {
        name: "customizing-statusline",
        description: "Creates, edits, and migrates Letta Code statusline mods. Use when handling the /statusline command or continuing work started by /statusline.",
        location: "<install>/skills/customizing-statusline/SKILL.md",
    },
    Builtin {
        name: "dispatching-coding-agents",
        description: "Dispatch stateless coding agents through Claude Code or Codex. Model catalog checked 2026-08-25: Claude Code includes Sonnet 5, Opus 5, and Fable 5; Codex includes GPT-5.6 Luna, Terra, and Sol. Use when you're stuck, need a second opinion, or need parallel research on a hard problem. They have no memory, so you must provide all context.",
        location: "<install>/skills/dispatching-coding-agents/SKILL.md",
    },
    Builtin {
        name: "editing-letta-code-desktop-preferences",
        description: "Edits Letta Code Desktop (LCD) preferences by safely reading and updating ~/.letta/desktop_preferences.json. Use only when the user asks to change current Desktop/LCD settings such as theme, default working directory, remote access preference, or remote environment name via the preferences JSON.",
        location: "<install>/skills/editing-letta-code-desktop-preferences/SKILL.md",
    },
    Builtin {
        name: "finding-agents",
        description: "Find other agents on the same server. Use when the user asks about other agents, wants to migrate memory from another agent, or needs to find an agent by name or tags.",
        location: "<install>/skills/finding-agents/SKILL.md",
    },
    Builtin {
        name: "initializing-memory",
        description: "Comprehensive guide for initializing or reorganizing agent memory. Load this skill when running /init, when the user asks you to set up your memory, or when you need guidance on creating effective memory files.",
        location: "<install>/skills/initializing-memory/SKILL.md",
    },
    Builtin {
        name: "letta-guide",
        description: "Read the official Letta documentation (docs.letta.com) through its cached, ETag-checked fetch route. Load before ANY docs.letta.com retrieval — answering how Letta works, what Letta (or you) can do, and looking up Letta API, Agent SDK, or Letta Code reference.",
        location: "<install>/skills/letta-guide/SKILL.md",
    },
    Builtin {
        name: "messaging-agents",
        description: "Send a message to another Letta agent, continue a thread with one, check on it, or reply to a message another agent sent you. Use when you need to ask, inform, or coordinate with another agent, or when a message from another agent arrives.",
        location: "<install>/skills/messaging-agents/SKILL.md",
    },
    Builtin {
        name: "migrating-memory",
        description: "Migrate memory blocks from an existing agent to the current agent. Use when the user wants to copy or share memory from another agent, or during /init when setting up a new agent that should inherit memory from an existing one.",
        location: "<install>/skills/migrating-memory/SKILL.md",
    },
    Builtin {
        name: "scheduling-tasks",
        description: "Schedules reminders and recurring tasks via the letta cron CLI. Use when the user asks to be reminded of something, wants periodic work or check-ins, or needs to list, inspect, replace, or cancel scheduled tasks.",
        location: "<install>/skills/scheduling-tasks/SKILL.md",
    },
    Builtin {
        name: "self-configuration",
        description: "Inspect or modify Letta Code's own memory, model, context window, system prompt, compaction, permissions, toolsets, mods, skills, channels, schedules, agent secrets, and local runtime settings. Use when the user asks how this agent or conversation is configured, asks about account usage, remaining credits, or model quota, asks you to change how you behave or how the harness runs you, or renames you.",
        location: "<install>/skills/self-configuration/SKILL.md",
    },
    Builtin {
        name: "submitting-feedback",
        description: "Submits user-approved product feedback and bug reports about Letta Code to the Letta team. Load when the user reports a Letta Code bug, requests a product or developer change, or explicitly asks to send feedback. Do not load for corrections to the current agent's behavior or preferences; those are memory edits. Works with cloud-hosted and local agents. Ask before submitting unless the user already explicitly requested submission.",
        location: "<install>/skills/submitting-feedback/SKILL.md",
    },
    Builtin {
        name: "syncing-memory-filesystem",
        description: "Diagnose and repair MemFS repository setup, remote sync, authentication failures, optional backup remotes, or merge/rebase conflicts. Do not load for routine memory reads or edits.",
        location: "<install>/skills/syncing-memory-filesystem/SKILL.md",
    },
    Builtin {
        name: "using-mcp-tools",
        description: "Reference for the `letta mcp` CLI, which finds and invokes MCP tools available to this agent. A system reminder already lists your connected MCP servers and the basic search/schema/call commands; invoke this skill when you need more — browsing a server's tools, passing large or file-based arguments, tuning search, or troubleshooting missing servers, tools, and errors.",
        location: "<install>/skills/using-mcp-tools/SKILL.md",
    },
    Builtin {
        name: "workflow-authoring",
        description: "Reference for writing a Workflow tool script (script API and gotchas, pipeline-vs-barrier rules, quality patterns, worked examples). Load before authoring a script for a workflow the user already opted into; it does not itself authorize running one.",
        location: "<install>/skills/workflow-authoring/SKILL.md",
    },
];

fn roots(env: &Env) -> Vec<RootSpec> {
    let root =
        |path: PathBuf, scope| RootSpec::recursive(path, scope, Some(DEPTH)).without_gitignore();
    let mut roots = Vec::new();
    roots.extend(env.home_join(".letta/skills").map(|p| root(p, Scope::User)));
    roots.extend(agent_dir(env).map(|p| root(p, Scope::User)));
    roots.push(root(env.cwd.join(".skills"), Scope::Project));
    roots.push(root(env.cwd.join(".agents/skills"), Scope::Project));
    roots
}

fn agent_dir(env: &Env) -> Option<PathBuf> {
    let id = env.var("LETTA_AGENT_ID")?;
    env.home_join(".letta/agents")
        .map(|dir| dir.join(id).join("memory/skills"))
}

/// A frontmatter value as Letta's line reader keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Fm {
    Text(String),
    List(Vec<String>),
}

/// A SKILL.md as `parseFrontmatter` splits it.
struct Split {
    fields: Vec<(String, Fm)>,
    body: String,
}

impl Split {
    /// `getFrontmatterString`: a text value, trimmed, one pair of surrounding quotes removed.
    fn string(&self, key: &str) -> Option<String> {
        match self.fields.iter().rev().find(|(k, _)| k == key)? {
            (_, Fm::Text(value)) => Some(unquote(js_trim(value)).to_owned()),
            (_, Fm::List(_)) => None,
        }
    }

    /// `getFrontmatterBoolean`: `true` or `false`, in any case, as text.
    fn boolean(&self, key: &str) -> Option<bool> {
        match self.string(key)?.to_lowercase().as_str() {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        }
    }
}

/// One pair of surrounding `"…"` or `'…'` removed (a lone quote becomes empty).
fn unquote(text: &str) -> &str {
    for quote in ['"', '\''] {
        if text.starts_with(quote) && text.ends_with(quote) {
            return text.get(1..text.len().saturating_sub(1)).unwrap_or("");
        }
    }
    text
}

fn js_trim_start(text: &str) -> &str {
    text.trim_start_matches(super::text::is_js_space)
}

/// Letta's `parseFrontmatter`: the byte order mark dropped and line endings made `\n`; a block
/// between a first line `---` and a line `---` that ends the file or a line; `key: value` lines,
/// `- item` lists under an empty key, `|` and `>` blocks. Without a block the whole text is the
/// body.
fn split(content: &str) -> Split {
    let content = content.strip_prefix('\u{FEFF}').unwrap_or(content);
    let normalized = super::file::universal_newlines(content);
    let Some((block, body)) = delimited(&normalized) else {
        return Split {
            fields: Vec::new(),
            body: normalized.into_owned(),
        };
    };
    let lines: Vec<&str> = block.split('\n').collect();
    let mut fields: Vec<(String, Fm)> = Vec::new();
    let mut pending: Option<(String, Vec<String>)> = None;
    let save = |pending: &mut Option<(String, Vec<String>)>, fields: &mut Vec<(String, Fm)>| {
        if let Some((key, items)) = pending.take() {
            let value = if items.is_empty() {
                Fm::Text(String::new())
            } else {
                Fm::List(items)
            };
            fields.push((key, value));
        }
    };
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        index += 1;
        let trimmed = js_trim(line);
        let indentation = line.len() - js_trim_start(line).len();
        if indentation > 0 {
            if let Some((_, items)) = pending.as_mut()
                && indentation <= 2
                && let Some(item) = trimmed.strip_prefix('-')
            {
                items.push(js_trim(item).to_owned());
            }
            continue;
        }
        save(&mut pending, &mut fields);
        let Some(colon) = line.find(':').filter(|&c| c > 0) else {
            continue;
        };
        let key = js_trim(&line[..colon]).to_owned();
        let value = js_trim(&line[colon + 1..]);
        let mut style = value.chars();
        if let (Some(kind @ ('|' | '>')), chomp) = (style.next(), style.as_str())
            && matches!(chomp, "" | "+" | "-")
        {
            let start = index;
            while index < lines.len() {
                let next = lines[index];
                if !js_trim(next).is_empty() && next == js_trim_start(next) {
                    break;
                }
                index += 1;
            }
            fields.push((
                key,
                Fm::Text(block_scalar(&lines[start..index], kind, chomp)),
            ));
            continue;
        }
        if value.is_empty() {
            pending = Some((key, Vec::new()));
        } else {
            fields.push((key, Fm::Text(value.to_owned())));
        }
    }
    save(&mut pending, &mut fields);
    Split {
        fields,
        body: js_trim(body).to_owned(),
    }
}

/// `/^---\n([\s\S]*?)\n---(?:\n([\s\S]*))?$/`: the block and the body.
fn delimited(text: &str) -> Option<(&str, &str)> {
    let rest = text.strip_prefix("---\n")?;
    let mut from = 0;
    while let Some(at) = rest[from..].find("\n---").map(|i| i + from) {
        let after = &rest[at + 4..];
        if after.is_empty() {
            return Some((&rest[..at], ""));
        }
        if let Some(body) = after.strip_prefix('\n') {
            return Some((&rest[..at], body));
        }
        from = at + 1;
    }
    None
}

/// `parseBlockScalar`: the lines de-indented by the smallest indentation, joined (`|`) or
/// folded (`>`), then chomped (`+` keeps one more line break, `-` none, else one).
fn block_scalar(lines: &[&str], style: char, chomp: &str) -> String {
    let indent = lines
        .iter()
        .filter(|l| !js_trim(l).is_empty())
        .map(|l| l.len() - js_trim_start(l).len())
        .min();
    let lines: Vec<&str> = lines
        .iter()
        .map(|l| match indent {
            Some(n) if !js_trim(l).is_empty() => l.get(n..).unwrap_or(""),
            _ => "",
        })
        .collect();
    let mut value = String::new();
    if style == '|' {
        value = lines.join("\n");
    } else {
        let mut breaks = 0;
        for line in lines {
            if line.is_empty() {
                breaks += 1;
                continue;
            }
            if !value.is_empty() {
                value.push_str(&if breaks > 0 {
                    "\n".repeat(breaks)
                } else {
                    " ".to_owned()
                });
            } else if breaks > 0 {
                value.push_str(&"\n".repeat(breaks));
            }
            value.push_str(line);
            breaks = 0;
        }
        value.push_str(&"\n".repeat(breaks));
    }
    if chomp == "+" {
        return format!("{value}\n");
    }
    let stripped = value.trim_end_matches('\n');
    if chomp == "-" {
        stripped.to_owned()
    } else {
        format!("{stripped}\n")
    }
}

/// The skill directory under its root, with `/`; `root` for a SKILL.md at the root itself.
fn relative_id(dir: &Path, root: &Path) -> String {
    match dir.strip_prefix(root) {
        Ok(rel) if !rel.as_os_str().is_empty() => paths::to_slash(rel),
        Ok(_) => "root".to_owned(),
        Err(_) => paths::to_slash(dir),
    }
}

/// `parseSkillFile`: the id and the description the model is given.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    if skill.origin.scope == Scope::Builtin {
        return Ok(Admitted {
            name: skill.name().into_owned(),
            description: skill
                .field("description")
                .and_then(|f| f.as_str())
                .map(str::to_owned),
        });
    }
    let split = split(skill.source.text());
    let nonempty = |key: &str| split.string(key).filter(|s| !s.is_empty());
    let id = nonempty("id")
        .or_else(|| nonempty("name"))
        .unwrap_or_else(|| relative_id(&skill.dir, &skill.origin.root));
    let description = match nonempty("description") {
        Some(description) => description,
        None => {
            let first = split.body.split("\n\n").next().unwrap_or_default();
            if first.is_empty() {
                "No description available".to_owned()
            } else {
                first.to_owned()
            }
        }
    };
    let mut description = js_trim(&description).to_owned();
    if let Some(when) = split.string("when_to_use").map(|w| js_trim(&w).to_owned())
        && !when.is_empty()
    {
        description.push_str("\n\nWhen to use: ");
        description.push_str(&when);
    }
    Ok(Admitted {
        name: id,
        description: Some(description),
    })
}

/// `disable-model-invocation: true` in Letta's reading.
fn hidden(skill: &Skill) -> bool {
    skill.origin.scope != Scope::Builtin
        && split(skill.source.text()).boolean("disable-model-invocation") == Some(true)
}

/// `compileAvailableSkillsBlock`: ``- `id`: first line of the description`` per skill, by id.
fn render(entries: &[Entry<'_>], _cx: &Context<'_>) -> Rendered {
    let mut changes = Vec::new();
    let mut shown: Vec<&Entry<'_>> = Vec::new();
    for entry in entries {
        if hidden(entry.skill) {
            changes.push(Change::new(
                entry,
                ChangeKind::Skipped,
                "disable-model-invocation: true keeps it out of the list",
            ));
        } else {
            shown.push(entry);
        }
    }
    if shown.is_empty() {
        return Rendered {
            text: String::new(),
            listed: 0,
            budget: None,
            changes,
        };
    }
    shown.sort_by(|a, b| Collation::Locale.compare(&a.name, &b.name));
    let mut lines = vec!["<available_skills>".to_owned()];
    for entry in &shown {
        let description = entry.description();
        let first = js_trim(description).split('\n').next().unwrap_or_default();
        if first.is_empty() {
            lines.push(format!("- `{}`", entry.name));
        } else {
            lines.push(format!("- `{}`: {first}", entry.name));
            if first.len() < js_trim(description).len() {
                changes.push(Change::new(
                    entry,
                    ChangeKind::Shortened,
                    "only the first line of the description is listed",
                ));
            }
        }
    }
    lines.push("</available_skills>".to_owned());
    Rendered {
        text: lines.join("\n"),
        listed: shown.len(),
        budget: None,
        changes,
    }
}

/// `escapeXmlAttribute`: `& < > "`.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The `Skill` tool: `Launching skill: NAME`, and the skill as a `<skill_content>` user message.
fn load(input: &LoadInput<'_>) -> Output {
    let call = Call::with("Skill", "skill", input.name);
    let Some(entry) = input.entry() else {
        return Output::tool_error(
            call,
            format!(
                "Skill \"{}\" not found. Check that the skill name is correct and that it appears in the available skills list.",
                input.name
            ),
        );
    };
    if hidden(entry.skill) {
        return Output::tool_error(
            call,
            format!(
                "Skill \"{}\" is marked disable-model-invocation and can only be invoked directly by the user.",
                input.name
            ),
        );
    }
    let dir = input.cx.paths.show(&entry.skill.dir);
    let text = String::from_utf8_lossy(entry.skill.source.bytes())
        .replace("<SKILL_DIR>", &dir)
        .replace("${CLAUDE_SKILL_DIR}", &dir);
    let mut content = format!(
        "{text}\n\nSkill directory: {dir}\nRelative paths in this skill are relative to the skill directory."
    );
    if entry.skill.origin.scope != Scope::Builtin {
        let (files, truncated) = resources(input, entry);
        if !files.is_empty() || truncated {
            content.push_str("\n\n<skill_resources>\n");
            for file in &files {
                let file = file
                    .replace('&', "&amp;")
                    .replace('<', "&lt;")
                    .replace('>', "&gt;");
                content.push_str(&format!("  <file>{file}</file>\n"));
            }
            if truncated {
                content.push_str("  <truncated>true</truncated>\n");
            }
            content.push_str("</skill_resources>");
        }
    }
    Output::tool(call, format!("Launching skill: {}", input.name)).then(
        Role::User,
        format!(
            "<skill_content name=\"{}\">\n{content}\n</skill_content>",
            attribute(input.name)
        ),
    )
}

/// `listSkillResources`: the skill's files, each directory's entries in localeCompare order,
/// SKILL.md and ROOT_MEMORY.md at the top left out, at most 200.
fn resources(input: &LoadInput<'_>, entry: &Entry<'_>) -> (Vec<String>, bool) {
    let keep = |rel: &str| {
        let upper = rel.to_uppercase();
        upper != "SKILL.MD" && upper != "ROOT_MEMORY.MD"
    };
    let locale = |a: &str, b: &str| Collation::Locale.compare(a, b);
    if let Some(listed) = list_files(&entry.skill.dir, &locale, &keep, MAX_RESOURCES) {
        return (listed.files, listed.truncated);
    }
    let files: Vec<String> = input
        .resources(entry)
        .map(|r| r.files)
        .unwrap_or_default()
        .into_iter()
        .filter(|f| keep(f))
        .collect();
    let truncated = files.len() > MAX_RESOURCES;
    (files.into_iter().take(MAX_RESOURCES).collect(), truncated)
}

/// `Read`'s limits: lines by default, characters (UTF-16 units) per line.
const READ_MAX_LINES: usize = 2000;
const READ_MAX_CHARS_PER_LINE: u64 = 2000;

/// Letta Code's `Read` tool on a file of the skill.
fn read(input: &ReadInput<'_>) -> Output {
    let cwd = input.cx.paths.show(&input.cx.env.cwd);
    let dir = input.entry().map_or_else(
        || input.cx.env.cwd.join(".agents/skills").join(input.name),
        |e| e.skill.dir.clone(),
    );
    let path = input.cx.paths.show(&dir.join(input.path));
    let offset = input.lines.map(|l| l.start - 1);
    let limit = input.lines.and_then(|l| l.end.map(|end| end - l.start + 1));
    let mut args = vec![("file_path", serde_json::Value::from(path.as_str()))];
    args.extend(offset.map(|o| ("offset", o.into())));
    args.extend(limit.map(|l| ("limit", l.into())));
    let call = Call::with_args("Read", &args);
    let missing =
        || format!("File does not exist. Attempted path: {path}. Current working directory: {cwd}");
    let Some(entry) = input.entry() else {
        return Output::tool_error(call, missing());
    };
    let resource = match input
        .provider
        .read_resource_of(entry.skill, input.path, None)
    {
        Ok(resource) => resource,
        Err(err) => {
            let text = match err {
                ResourceError::NotFound { .. } => missing(),
                ResourceError::NotAFile { .. } => {
                    format!("Path is a directory, not a file: {path}")
                }
                ResourceError::Binary { .. } => format!("Cannot read binary file: {path}"),
                other => other.to_string(),
            };
            return Output::tool_error(call, text);
        }
    };
    if mostly_control(&resource.text) {
        return Output::tool_error(call, format!("Cannot read binary file: {path}"));
    }
    if js_trim(&resource.text).is_empty() {
        return Output::tool(
            call,
            format!(
                "<system-reminder>\nThe file {path} exists but has empty contents.\n</system-reminder>"
            ),
        );
    }
    Output::tool(call, numbered(&resource.text, offset, limit))
}

/// `isBinaryFile` past the NUL check: over 30% of the first 8192 bytes, as UTF-16 units, are
/// control characters other than tab, newline, vertical tab, form feed and carriage return.
fn mostly_control(text: &str) -> bool {
    let head = prefix_within(text, Unit::Bytes, 8192);
    let units: Vec<u16> = head.encode_utf16().collect();
    if units.is_empty() {
        return false;
    }
    let control = units
        .iter()
        .filter(|&&u| u < 9 || (u > 13 && u < 32))
        .count();
    control * 10 > units.len() * 3
}

/// `formatWithLineNumbers`: `N\tline`, long lines cut, with Letta's notices.
fn numbered(text: &str, offset: Option<usize>, limit: Option<usize>) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let total = lines.len();
    let start = offset.unwrap_or(0).min(total);
    let end = offset
        .unwrap_or(0)
        .saturating_add(limit.unwrap_or(READ_MAX_LINES))
        .min(total);
    let selected = lines.get(start..end).unwrap_or_default();
    let mut cut_lines = false;
    let shown: Vec<String> = selected
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let number = start + i + 1;
            if Unit::Utf16.measure(line) > READ_MAX_CHARS_PER_LINE {
                cut_lines = true;
                let kept = prefix_within(line, Unit::Utf16, READ_MAX_CHARS_PER_LINE);
                format!("{number}\t{kept}... [line truncated]")
            } else {
                format!("{number}\t{line}")
            }
        })
        .collect();
    let mut out = shown.join("\n");
    if end < total && limit.is_none() {
        out.push_str(&format!(
            "\n\n[File truncated: showing lines {}-{end} of {total} total lines. Use offset and limit parameters to read other sections.]",
            start + 1
        ));
    }
    if cut_lines {
        out.push_str("\n\n[Some lines exceeded 2,000 characters and were truncated.]");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::{FsOptions, FsProvider, MemorySkill, SkillProvider};
    use crate::skill::Origin;
    use crate::targets::catalog::{self, Paths};
    use crate::targets::load::testing::{load as load_of, read as read_of};

    /// A skill found under `root`, as discovery would record it.
    fn found(root: &str, rel: &str, scope: Scope, md: &str) -> Skill {
        let dir = if rel.is_empty() {
            PathBuf::from(root)
        } else {
            Path::new(root).join(rel)
        };
        let origin = Origin {
            root: root.into(),
            scope,
            precedence: 0,
            root_index: 0,
        };
        Skill::parse(
            dir.clone(),
            dir.join("SKILL.md"),
            origin,
            md.as_bytes().to_vec(),
        )
    }

    fn build(skills: &[Skill]) -> catalog::Catalog {
        catalog::testing::catalog_of(&TARGET, skills, &catalog::testing::env(), None)
    }

    #[test]
    fn ids_sort_and_only_first_lines_are_listed() {
        let skills = [
            found(
                "/p/.agents/skills",
                "web/scraper",
                Scope::Project,
                "---\ndescription: Scrape & <parse>.\n---\n",
            ),
            found(
                "/h/.letta/skills",
                "Beta",
                Scope::User,
                "---\ndescription: |\n  B one\n  B two\n---\n",
            ),
            found(
                "/p/.skills",
                "alpha",
                Scope::Project,
                "---\nname: alpha\ndescription: A\nwhen_to_use: Often.\n---\n",
            ),
            found(
                "/p/.skills",
                "x",
                Scope::Project,
                "---\nid: _x\nname: Ex\ndescription: \"'X'\"\n---\n",
            ),
            found(
                "/p/.skills",
                "",
                Scope::Project,
                "---\nlicense: MIT\n---\nAt the root\n\nMore.",
            ),
            found(
                "/p/.skills",
                "blank",
                Scope::Project,
                "---\ndescription: '   '\n---\nBody",
            ),
            found(
                "/p/.skills",
                "quiet",
                Scope::Project,
                "---\ndescription: Q\ndisable-model-invocation: TRUE\n---\n",
            ),
        ];
        let cat = build(&skills);
        assert_eq!(
            cat.text,
            "<available_skills>\n- `_x`: 'X'\n- `alpha`: A\n- `Beta`: B one\n- `blank`\n- `root`: At the root\n- `web/scraper`: Scrape & <parse>.\n</available_skills>"
        );
        assert!(
            cat.changes
                .iter()
                .any(|c| c.kind == ChangeKind::Skipped && c.name == "quiet")
        );
        assert_eq!(build(&[]).text, "");
    }

    #[test]
    fn the_line_reader_takes_what_yaml_would_refuse() {
        let text = "\u{FEFF}---\r\nname: a\r\ndescription: Use when: asked\r\ndescription: [one, two]\r\ntags:\r\n  - x\r\n  - y\r\nfolded: >-\r\n  one\r\n  two\r\n\r\n  three\r\n---\r\n\r\nBody\r\n";
        let split = split(text);
        assert_eq!(split.string("description").as_deref(), Some("[one, two]"));
        assert_eq!(
            split
                .fields
                .iter()
                .find(|(k, _)| k == "tags")
                .map(|(_, v)| v.clone()),
            Some(Fm::List(vec!["x".to_owned(), "y".to_owned()]))
        );
        assert_eq!(split.string("folded").as_deref(), Some("one two\nthree"));
        assert_eq!(split.body, "Body");
        assert_eq!(block_scalar(&["  a", "  b", ""], '|', ""), "a\nb\n");
        assert_eq!(block_scalar(&["  a", ""], '|', "+"), "a\n\n");
        let none = self::split("----\nname: x\n----\nbody");
        assert!(none.fields.is_empty());
        assert_eq!(none.body, "----\nname: x\n----\nbody");
    }

    #[test]
    fn later_roots_replace_a_skill_of_the_same_id() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        let write = |rel: &str, description: &str| {
            let path = home.join(rel);
            std::fs::create_dir_all(&path).unwrap();
            std::fs::write(
                path.join("SKILL.md"),
                format!("---\ndescription: {description}\n---\n"),
            )
            .unwrap();
        };
        write(".letta/skills/deploy", "global");
        write("proj/.skills/deploy", "legacy");
        write("proj/.agents/skills/deploy", "project");
        write("proj/.agents/skills/.hidden/inner", "hidden but found");
        let env = Env::new(home.join("proj"), Some(home.clone()));
        let roots: Vec<crate::provider::Root> = roots(&env).iter().map(RootSpec::to_root).collect();
        let provider = FsProvider::discover(&roots, FsOptions::default()).unwrap();
        let paths = Paths::absolute(None);
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: None,
            model: None,
        };
        let cat = catalog::build(&TARGET, provider.list(), &cx);
        assert_eq!(
            cat.text,
            "<available_skills>\n- `.hidden/inner`: hidden but found\n- `deploy`: project\n</available_skills>"
        );
        assert_eq!(
            cat.changes
                .iter()
                .filter(|c| c.kind == ChangeKind::Shadowed)
                .count(),
            2
        );
    }

    fn project(dir: &str, md: &str) -> MemorySkill {
        MemorySkill::new(dir, md).in_scope(Scope::Project, 0)
    }

    #[test]
    fn a_load_is_the_whole_file_with_its_directory_and_files() {
        let skill = || {
            project(
                "/p/.agents/skills/a",
                "---\ndescription: d\n---\nRun <SKILL_DIR>/x.sh or ${CLAUDE_SKILL_DIR}/y.sh\n",
            )
            .with_file("x.sh", "echo")
            .with_file("b&c.md", "x")
        };
        let out = load_of(&TARGET, vec![skill()], "a", 0);
        assert_eq!(out.parts[0].text, "Launching skill: a");
        assert_eq!(
            out.parts[1].text,
            "<skill_content name=\"a\">\n---\ndescription: d\n---\nRun /p/.agents/skills/a/x.sh or /p/.agents/skills/a/y.sh\n\n\nSkill directory: /p/.agents/skills/a\nRelative paths in this skill are relative to the skill directory.\n\n<skill_resources>\n  <file>b&amp;c.md</file>\n  <file>x.sh</file>\n</skill_resources>\n</skill_content>"
        );
        assert_eq!(out.parts[1].role, Role::User);
        assert_eq!(load_of(&TARGET, vec![skill()], "a", 1), out);
        let missing = load_of(&TARGET, vec![skill()], "nope", 0);
        assert!(missing.error);
        assert!(
            missing
                .display()
                .starts_with("Skill \"nope\" not found. Check")
        );
        let quiet = project(
            "/p/s/q",
            "---\ndescription: d\ndisable-model-invocation: true\n---\n",
        );
        assert_eq!(
            load_of(&TARGET, vec![quiet], "q", 0).display(),
            "Skill \"q\" is marked disable-model-invocation and can only be invoked directly by the user."
        );
    }

    #[test]
    fn reads_number_their_lines_with_tabs() {
        let text: String = (1..=12).map(|i| format!("l{i}\n")).collect();
        assert_eq!(numbered(&text, Some(8), Some(3)), "9\tl9\n10\tl10\n11\tl11");
        assert_eq!(numbered("a\n", None, None), "1\ta\n2\t");
        let long = format!("{}\nshort", "é".repeat(2001));
        assert_eq!(
            numbered(&long, None, None),
            format!(
                "1\t{}... [line truncated]\n2\tshort\n\n[Some lines exceeded 2,000 characters and were truncated.]",
                "é".repeat(2000)
            )
        );
        let skill = project("/p/.agents/skills/a", "---\ndescription: d\n---\n")
            .with_file("blank.md", " \n\n")
            .with_file("ctl.bin", "\u{1}\u{2}\u{3}x");
        let read = |path| read_of(&TARGET, vec![skill.clone()], "a", path, None);
        assert_eq!(
            read("blank.md").display(),
            "<system-reminder>\nThe file /p/.agents/skills/a/blank.md exists but has empty contents.\n</system-reminder>"
        );
        assert!(read("ctl.bin").error);
        assert_eq!(
            read("none.md").display(),
            "File does not exist. Attempted path: /p/.agents/skills/a/none.md. Current working directory: /p"
        );
    }

    #[test]
    fn the_agent_directory_needs_an_agent_id() {
        let env = Env::new("/p", Some("/h".into()));
        assert_eq!(roots(&env).len(), 3);
        let env = env.with_var("LETTA_AGENT_ID", "agent-1");
        let paths: Vec<PathBuf> = roots(&env).into_iter().map(|r| r.path).collect();
        assert_eq!(
            paths,
            [
                PathBuf::from("/h/.letta/skills"),
                PathBuf::from("/h/.letta/agents/agent-1/memory/skills"),
                PathBuf::from("/p/.skills"),
                PathBuf::from("/p/.agents/skills"),
            ]
        );
    }
}
