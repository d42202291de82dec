//! `openclaw`: the `## Skills` section of OpenClaw's system prompt and its `read` tool, as
//! OpenClaw 2026.9.6 sends them: its tiers and deep search, its lenient frontmatter, its
//! bundled, custodian and plugin skills, the prompt limits of its config file and the read
//! that loads a skill.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use super::builtin::INSTALL;
use super::catalog::{
    Admitted, BudgetUse, Change, ChangeKind, Collision, Context, Entry, Rendered, canonical,
};
use super::env::{Env, RootSpec};
use super::load::{Call, LoadInput, Output, Placement, ReadInput, Session, format_size};
use super::prefix::largest;
use super::text::{Collation, Escaping, Unit, is_js_space, js_trim, prefix_within};
use super::{Budget, Builtin, Confidence, ExtraField, Install, NameCharset, Target, Verified};
use crate::cost::{LeftOut, Sizer};
use crate::frontmatter::{Field, Value, Yaml};
use crate::hash::HashMap;
use crate::parallel;
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

    placement: "the `## Skills` section of OpenClaw's system prompt (messages[0]): four fixed lines, an optional warning line, then the catalog with its three intro lines",
    roots,
    roots_summary: "configured skills.load.extraDirs, managed $OPENCLAW_STATE_DIR/skills (else ~/.openclaw/skills), ~/.agents/skills (only with the default state directory), <workspace>/.agents/skills, <workspace>/skills, later ones winning a name; the workspace is agents.defaults.workspace of OpenClaw's config ($OPENCLAW_CONFIG_PATH, else <state>/openclaw.json), else the working directory; each root is a skill itself, or its skills/ subdirectory or the root holds skills up to six folders down (dot-folders and node_modules skipped, .gitignore not read)",
    collision: Collision::LastWinsInPlace,
    admit,
    broken_skill: "skipped with `Skipping invalid skill`: frontmatter that does not parse even after OpenClaw's recovery of free-form description lines (duplicate keys, a reserved character), an unclosed frontmatter, no description, or a SKILL.md over 256000 bytes",
    fields_read: &[
        "name",
        "description",
        "disable-model-invocation",
        "user-invocable",
        "metadata",
    ],
    ordering: "by name with localeCompare(…, \"en\"), bundled, custodian and plugin skills among the others",
    escaping: "& < > \" ' (' as &apos;) on name, description and location",
    whitespace: "name and description trimmed; newlines kept in the full format; shortened descriptions have every run of white space as one space",
    budget: Budget {
        unit: Some(Unit::Utf16),
        summary: "at most 150 skills (skills.limits.maxSkillsInPrompt), then the prompt within 18000 UTF-16 code units (maxSkillsPromptChars): over it, the compact format with every description shortened to the longest length from 4 to 220 characters that fits, else names and locations only and the longest prefix of the sorted list that fits, with a warning line; at most 200 skills load per root; with a known context window the prompt is also kept within a fifth of it by shortening descriptions to 64-220 characters",
    },
    render,
    leave_one_out: Some(leave_one_out),
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::SystemPrompt,
        modes: &[],
        reload: "`Skill instructions were already served whole earlier in the current model context…`: a SKILL.md is served whole once per run",
    },
    builtins_note: "OpenClaw's bundled and custodian skills (from its package) and plugin skills (linked into <state>/plugin-skills), those eligible on the recording machine; skills.allowBundled and plugins.enabled in OpenClaw's config filter them as the client does; $OPENCLAW_BUNDLED_SKILLS_DIR moves the bundled ones (and the custodian-skills folder beside it), as it moves OpenClaw's",
    builtins: BUILTINS,
    builtins_first: true,
    install: Some(Install {
        command: "openclaw",
        package: "openclaw",
    }),
    models: &[],
    verified: Some(Verified {
        client: "OpenClaw",
        version: "2026.9.6",
        captured: "2026-11-24",
        cases: 17,
        recordings: "openclaw@2026.9.6",
    }),
    decisions: &[
        "OpenClaw's config (openclaw.json) is read as JSON with // and /* */ comments and trailing commas allowed; a file that does not parse that way counts as no config. Read from it: agents.defaults.workspace, agents.defaults.model.primary (for its contextWindow in models.providers), skills.allowBundled, skills.entries.<name>.enabled, skills.load.extraDirs, skills.limits.maxSkillsInPrompt and maxSkillsPromptChars, plugins.enabled",
        "--roots takes agents.defaults.workspace of the config as the workspace, else the working directory (OpenClaw's own default is ~/.openclaw/workspace)",
        "The built-ins are the 22 skills OpenClaw 2026.9.6 listed on the recording machine; eligibility gating (metadata.openclaw requires, os, always) is not evaluated for skills on disk, which all count as eligible; workshop skills (<agent dir>/workshop-skills) and agent-level limits are not modelled",
        "Skills from extraDirs come after the built-ins in discovery order, so they win a name over a bundled skill (OpenClaw ranks bundled skills above them)",
        "The 200-skills-per-root cap counts the skills each root lists after name collisions, in localeCompare order of their folder paths; OpenClaw counts them before",
        "disable-model-invocation is applied before name collisions: a hidden skill does not hide a same-named one of an earlier tier",
        "The context-window compaction uses --context-window, else the contextWindow the config gives the default model; without either it is not applied",
        "load is the model reading SKILL.md with `read` at its <location> (`~/` paths as the catalog writes them): the file with its BOM dropped and CRLF as LF; a second load in a session gets OpenClaw's `already served` text; a file too big for one read page gets OpenClaw's `cannot be partially served` text. An unknown name reads <workspace>/skills/<name>/SKILL.md, where a guess would look",
        "A read follows the skill's load, so reading its SKILL.md again gets the `already served` text. Reads use `read` with the file's absolute path, and for --lines A:B its 1-based `offset` A and `limit` B-A+1; a page over 2000 lines or 50KB is cut with OpenClaw's `Read output capped` note (its adaptive paging over several pages is not modelled); a binary file is refused with our message (OpenClaw decodes it as text or attaches an image)",
    ],

    confidence: Confidence::Source,
    reference: "openclaw 2026.9.6 (recorded under tests/conformance/openclaw@2026.9.6): dist/ skill-prompt-limits, skill-contract, workspace-skill-loader, skill-root-discovery, local-loader, frontmatter (packages/markdown-core/src/frontmatter.ts), system-prompt-params (buildSkillsSection), tools (read)",
};

/// The skills OpenClaw 2026.9.6 lists by itself, as it listed them: plugin skills (linked into
/// the state directory) first, then the bundled and custodian skills of its package, the order
/// of its tiers.
const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "browser-automation",
        description: "Use when controlling web pages with the OpenClaw browser tool, especially multi-step flows, login checks, tab management, or recovery from stale refs/timeouts.",
        location: "~/.openclaw/plugin-skills/browser-automation/SKILL.md",
    },
    Builtin {
        name: "canvas",
        description: "Present hosted widget documents on a connected macOS panel and control panel visibility or navigation.",
        location: "~/.openclaw/plugin-skills/canvas/SKILL.md",
    },
    Builtin {
        name: "add-model-provider",
        description: "Add and live-prove a model provider with non-interactive config one-liners, without exposing credentials.",
        location: "<install>/custodian-skills/add-model-provider/SKILL.md",
    },
    Builtin {
        name: "clawhub",
        description: "Search ClawHub for skills when a requested capability is not already available; install, verify, update, uninstall, publish, or sync skills.",
        location: "<install>/skills/clawhub/SKILL.md",
    },
    Builtin {
        name: "cloud-image-bake",
        description: "Bake, select, prove, and safely retire a Cloud Worker image with crabbox and config one-liners.",
        location: "<install>/custodian-skills/cloud-image-bake/SKILL.md",
    },
    Builtin {
        name: "configure-channel",
        description: "Configure and prove a chat channel with non-interactive one-liners; secrets only as SecretRefs.",
        location: "<install>/custodian-skills/configure-channel/SKILL.md",
    },
    Builtin {
        name: "control-ui",
        description: "Operate and troubleshoot the OpenClaw Control UI: navigate connected clients, organize sessions, build session dashboards, and handle direct or Tailscale-hosted Gateways.",
        location: "<install>/skills/control-ui/SKILL.md",
    },
    Builtin {
        name: "diagnose-gateway",
        description: "Diagnose Gateway, config, secrets, channels, and port failures with read-only one-liners.",
        location: "<install>/custodian-skills/diagnose-gateway/SKILL.md",
    },
    Builtin {
        name: "diagram-maker",
        description: "Create SVG/HTML or Excalidraw diagrams for concepts, architecture, flows, and whiteboards.",
        location: "<install>/skills/diagram-maker/SKILL.md",
    },
    Builtin {
        name: "healthcheck",
        description: "Audit/harden OpenClaw hosts: SSH, firewall, updates, exposure, backups, disk encryption, gateway security.",
        location: "<install>/skills/healthcheck/SKILL.md",
    },
    Builtin {
        name: "meme-maker",
        description: "Search meme templates, suggest formats, and generate local or hosted image memes.",
        location: "<install>/skills/meme-maker/SKILL.md",
    },
    Builtin {
        name: "node-connect",
        description: "Diagnose OpenClaw Control UI browser and native Android, iOS, or macOS node connection failures across route, auth, pairing, QR/setup-code, and reconnect states.",
        location: "<install>/skills/node-connect/SKILL.md",
    },
    Builtin {
        name: "node-inspect-debugger",
        description: "Debug Node.js with node inspect, --inspect, breakpoints, CDP, heap, and CPU profiles.",
        location: "<install>/skills/node-inspect-debugger/SKILL.md",
    },
    Builtin {
        name: "notion",
        description: "Notion CLI/API for pages, Markdown content, data sources, files, comments, search, Workers, and raw API calls.",
        location: "<install>/skills/notion/SKILL.md",
    },
    Builtin {
        name: "python-debugpy",
        description: "Debug Python with pdb, breakpoint(), post-mortem inspection, and debugpy remote attach.",
        location: "<install>/skills/python-debugpy/SKILL.md",
    },
    Builtin {
        name: "skill-creator",
        description: "Author or review AgentSkills: create, repair, validate, or restructure SKILL.md files and bundled resources.",
        location: "<install>/skills/skill-creator/SKILL.md",
    },
    Builtin {
        name: "spike",
        description: "Run throwaway prototypes to validate feasibility, compare approaches, and report a verdict.",
        location: "<install>/skills/spike/SKILL.md",
    },
    Builtin {
        name: "taskflow",
        description: "Run resumable approval workflows and coordinated subagent recipes with TaskFlow, Swarm, and optional Workboard claims.",
        location: "<install>/skills/taskflow/SKILL.md",
    },
    Builtin {
        name: "taskflow-inbox-triage",
        description: "Preview synthetic inbox routing with a real TaskFlow approval pause, and identify the adapters needed for live triage.",
        location: "<install>/skills/taskflow-inbox-triage/SKILL.md",
    },
    Builtin {
        name: "tmux",
        description: "Control tmux sessions/panes for interactive CLIs: list, capture output, send keys, paste text, monitor prompts.",
        location: "<install>/skills/tmux/SKILL.md",
    },
    Builtin {
        name: "visualize",
        description: "Create inline visuals for code and explanations, or author persistent OpenClaw dashboard widgets with show_widget.",
        location: "<install>/skills/visualize/SKILL.md",
    },
    Builtin {
        name: "weather",
        description: "Current weather and forecasts with web_fetch, falling back to wttr.in curl for locations, rain, temperature, travel planning.",
        location: "<install>/skills/weather/SKILL.md",
    },
];

/// `DEFAULT_MAX_SKILLS_IN_PROMPT`.
const MAX_SKILLS: usize = 150;
/// `DEFAULT_MAX_SKILLS_PROMPT_CHARS` (JavaScript `.length`).
const MAX_CHARS: u64 = 18_000;
/// `DEFAULT_MAX_SKILL_FILE_BYTES`.
const MAX_FILE_BYTES: usize = 256_000;
/// `DEFAULT_MAX_CANDIDATES_PER_ROOT`: the subfolders of a folder that are searched.
const MAX_CANDIDATES: usize = 300;
/// `DEFAULT_MAX_SKILLS_LOADED_PER_SOURCE`.
const MAX_PER_ROOT: usize = 200;
/// `MAX_GROUPED_SKILL_SCAN_DEPTH`: how many folders below its root a skill may be.
const MAX_DEPTH: usize = 6;
/// The compact format's description lengths (`COMPACT_DESCRIPTION_MIN_CHARS`, and 220).
const COMPACT_MIN: usize = 4;
const COMPACT_MAX: usize = 220;
/// `compactSkillsPromptForContext`'s description lengths.
const CONTEXT_MIN: u64 = 64;
/// The file OpenClaw looks for.
const SKILL_MD: &str = "SKILL.md";

/// The section's fixed lines before the catalog (`read` is the read tool).
const HEADER: &str = "## Skills\n\
Scan <available_skills>. Clear match: read exact <location> with `read`; obey.\n\
Several: most specific. None: read none.\n\
Up-front max one. Never invent paths.\n\
External writes: batch safely; no tight loops; honor 429/Retry-After.";

const INTRO: &str = "The following skills provide specialized instructions for specific tasks.";
const USE_FULL: &str =
    "Read a skill's file at its listed location when the task matches its description.";
const USE_SHORTENED: &str =
    "Read a skill's file at its listed location when the task matches its name or description.";
const USE_NAMES: &str =
    "Read a skill's file at its listed location when the task matches its name.";
const RELATIVE: &str = "When a skill file references a relative path, resolve it against the skill directory (parent of SKILL.md / dirname of the path) and use that absolute path in tool commands.";

/// What a second load of the same SKILL.md returns within one run.
const ALREADY_SERVED: &str = "Skill instructions were already served whole earlier in the current model context. Reuse that content; the full document will be served again if compaction removes it.";
/// What a load returns when SKILL.md does not fit one read page.
const TOO_BIG: &str = "Skill instructions cannot be partially served: the whole document exceeds this call's read or model-context budget. Ask the operator to reduce the document or increase the model context.";

// ---------------------------------------------------------------------------------------------
// The machine: state directory, config file, workspace.

/// `~`, `~/rest` or a path relative to the working directory, as `resolveUserPath` reads it.
fn user_path(env: &Env, text: &str) -> Option<PathBuf> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    match text.strip_prefix('~') {
        Some("") => env.home.clone(),
        Some(rest) if rest.starts_with('/') => env.home_join(rest.trim_start_matches('/')),
        _ => Some(env.cwd.join(text)),
    }
}

/// The state directory: `$OPENCLAW_STATE_DIR`, else `~/.openclaw`.
fn state_dir(env: &Env) -> Option<PathBuf> {
    match env
        .var("OPENCLAW_STATE_DIR")
        .and_then(|d| user_path(env, d))
    {
        Some(dir) => Some(dir),
        None => env.home_join(".openclaw"),
    }
}

/// Whether the state directory is the default one (`isDefaultStateDir`), which is when
/// `~/.agents/skills` is read.
fn default_state_dir(env: &Env) -> bool {
    match (env.var("OPENCLAW_STATE_DIR"), env.home_join(".openclaw")) {
        (None, _) => true,
        (Some(_), Some(default)) => state_dir(env).is_some_and(|dir| same_dir(&dir, &default)),
        (Some(_), None) => false,
    }
}

fn same_dir(a: &Path, b: &Path) -> bool {
    a == b || canonical(a) == canonical(b)
}

/// What `skills` reads of OpenClaw's config file.
#[derive(Debug, Clone, PartialEq)]
struct Config {
    workspace: Option<String>,
    /// `skills.allowBundled`: when not empty, the only bundled skills listed.
    allow_bundled: Vec<String>,
    /// `plugins.enabled`.
    plugins: bool,
    /// `skills.entries.<name>.enabled: false`.
    disabled: Vec<String>,
    extra_dirs: Vec<String>,
    max_skills: usize,
    max_chars: u64,
    /// The `contextWindow` of `agents.defaults.model.primary` in `models.providers`.
    context_window: Option<u64>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            workspace: None,
            allow_bundled: Vec::new(),
            plugins: true,
            disabled: Vec::new(),
            extra_dirs: Vec::new(),
            max_skills: MAX_SKILLS,
            max_chars: MAX_CHARS,
            context_window: None,
        }
    }
}

impl Config {
    /// `$OPENCLAW_CONFIG_PATH`, else `<state>/openclaw.json`; defaults when it is missing or
    /// does not parse.
    fn load(env: &Env) -> Self {
        let path = match env.var("OPENCLAW_CONFIG_PATH") {
            Some(path) => user_path(env, path),
            None => state_dir(env).map(|dir| dir.join("openclaw.json")),
        };
        let Some(text) =
            path.and_then(|p| crate::fsafe::read_config_text(&p, crate::fsafe::CONFIG_CAP))
        else {
            return Self::default();
        };
        serde_json::from_str::<serde_json::Value>(&relaxed_json(&text))
            .map(|json| Self::from_json(&json))
            .unwrap_or_default()
    }

    fn from_json(json: &serde_json::Value) -> Self {
        let strings = |value: &serde_json::Value| -> Vec<String> {
            value
                .as_array()
                .map(|items| {
                    items
                        .iter()
                        .filter_map(|v| v.as_str().map(|s| s.trim().to_owned()))
                        .filter(|s| !s.is_empty())
                        .collect()
                })
                .unwrap_or_default()
        };
        let skills = &json["skills"];
        let limits = &skills["limits"];
        let disabled = skills["entries"]
            .as_object()
            .map(|entries| {
                entries
                    .iter()
                    .filter(|(_, entry)| entry["enabled"] == serde_json::Value::Bool(false))
                    .map(|(key, _)| key.clone())
                    .collect()
            })
            .unwrap_or_default();
        let defaults = Self::default();
        Self {
            workspace: json["agents"]["defaults"]["workspace"]
                .as_str()
                .map(str::to_owned),
            allow_bundled: strings(&skills["allowBundled"]),
            plugins: json["plugins"]["enabled"].as_bool().unwrap_or(true),
            disabled,
            extra_dirs: strings(&skills["load"]["extraDirs"]),
            max_skills: limits["maxSkillsInPrompt"]
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .unwrap_or(defaults.max_skills),
            max_chars: limits["maxSkillsPromptChars"]
                .as_u64()
                .unwrap_or(defaults.max_chars),
            context_window: model_window(json),
        }
    }
}

/// The `contextWindow` of the default model (`provider/model`) as `models.providers` declares it.
fn model_window(json: &serde_json::Value) -> Option<u64> {
    let model = &json["agents"]["defaults"]["model"];
    let primary = model.as_str().or_else(|| model["primary"].as_str())?;
    let (provider, id) = primary.split_once('/')?;
    json["models"]["providers"][provider]["models"]
        .as_array()?
        .iter()
        .find(|m| m["id"].as_str() == Some(id))?["contextWindow"]
        .as_u64()
}

/// JSON5 as plain JSON, as far as config files usually need: `//` and `/* */` comments and
/// trailing commas dropped (text inside strings untouched).
fn relaxed_json(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut quote: Option<char> = None;
    while i < chars.len() {
        let c = chars[i];
        if let Some(q) = quote {
            out.push(c);
            if c == '\\' && i + 1 < chars.len() {
                out.push(chars[i + 1]);
                i += 1;
            } else if c == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        match (c, chars.get(i + 1)) {
            ('"', _) => {
                quote = Some('"');
                out.push(c);
            }
            ('/', Some('/')) => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            ('/', Some('*')) => {
                i += 2;
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
                continue;
            }
            (',', _) => {
                let next = chars[i + 1..].iter().find(|c| !c.is_whitespace());
                if !matches!(next, Some('}' | ']')) {
                    out.push(c);
                }
            }
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

/// The agent's workspace: the config's `agents.defaults.workspace`, else the working directory.
fn workspace(env: &Env, config: &Config) -> PathBuf {
    config
        .workspace
        .as_deref()
        .and_then(|w| user_path(env, w))
        .unwrap_or_else(|| env.cwd.clone())
}

// ---------------------------------------------------------------------------------------------
// Discovery.

/// The tiers in merge order (`loadWorkspaceSkillSourceEntries`): extra dirs, managed, personal
/// (with the default state directory only), then the workspace's `.agents/skills` and
/// `skills`; later tiers win a name. The built-ins (plugin, bundled) come before them all.
fn roots(env: &Env) -> Vec<RootSpec> {
    let config = Config::load(env);
    let ws = workspace(env, &config);
    let mut tiers: Vec<(PathBuf, Scope)> = config
        .extra_dirs
        .iter()
        .filter_map(|dir| user_path(env, dir))
        .map(|dir| (dir, Scope::Project))
        .collect();
    if let Some(state) = state_dir(env) {
        tiers.push((state.join("skills"), Scope::User));
    }
    if default_state_dir(env)
        && let Some(personal) = env.home_join(".agents/skills")
    {
        tiers.push((personal, Scope::User));
    }
    tiers.push((ws.join(".agents/skills"), Scope::Project));
    tiers.push((ws.join("skills"), Scope::Project));
    tiers
        .into_iter()
        .map(|(path, scope)| root_spec(path, scope))
        .collect()
}

/// `hasSkillFileCandidate`: anything named SKILL.md, even a dangling link.
fn has_skill_md(dir: &Path) -> bool {
    std::fs::symlink_metadata(dir.join(SKILL_MD)).is_ok()
}

/// `listChildDirectories`: the folders (and links to folders) in `dir` that OpenClaw searches,
/// dot-folders and `node_modules` left out, in UTF-16 order. Remembered per thread: admission
/// asks for the same folders once per skill.
fn child_dirs(dir: &Path) -> Vec<String> {
    thread_local! {
        static LISTED: RefCell<HashMap<PathBuf, Vec<String>>> = RefCell::new(HashMap::default());
    }
    if let Some(names) = LISTED.with(|m| m.borrow().get(dir).cloned()) {
        return names;
    }
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.path().is_dir())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| !name.starts_with('.') && name != "node_modules")
                .collect()
        })
        .unwrap_or_default();
    names.sort_by(|a, b| a.encode_utf16().cmp(b.encode_utf16()));
    LISTED.with(|m| m.borrow_mut().insert(dir.to_path_buf(), names.clone()));
    names
}

fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// Whether a skill folder lies at most six folders below `dir`, links not followed. As
/// `containsDiscoverableSkill` (`itself` false): `dir` itself does not count, `skip` is left out
/// at the top, and any link among the entries counts as a skill. As the search of
/// `resolveNestedSkillsRoot` (`itself` true): `dir` itself counts and links do not.
fn holds_skill(dir: &Path, skip: Option<&str>, itself: bool) -> bool {
    let mut queue = vec![(dir.to_path_buf(), 0usize)];
    let mut i = 0;
    while let Some((candidate, depth)) = queue.get(i).cloned() {
        i += 1;
        if (depth > 0 || itself) && has_skill_md(&candidate) {
            return true;
        }
        if depth >= MAX_DEPTH {
            continue;
        }
        let top_skip = if depth == 0 { skip } else { None };
        if !itself && has_link(&candidate, top_skip) {
            return true;
        }
        for name in child_dirs(&candidate).into_iter().take(MAX_CANDIDATES) {
            let child = candidate.join(&name);
            if Some(name.as_str()) != top_skip && !is_link(&child) {
                queue.push((child, depth + 1));
            }
        }
    }
    false
}

/// `hasCandidateSymlinkChild`: a link among the entries of `dir` (dot-entries, `node_modules`
/// and `skip` left out).
fn has_link(dir: &Path, skip: Option<&str>) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().take(10_000).any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            !name.starts_with('.')
                && name != "node_modules"
                && Some(name.as_str()) != skip
                && e.file_type().is_ok_and(|t| t.is_symlink())
        })
    })
}

/// One tier's root (`discoverSkillCandidates`): the root alone when it is a skill; else its
/// `skills/` subfolder when that holds skills and the root itself does not
/// (`resolveNestedSkillsRoot`); searched eight levels deep (a `skills/` folder, six more
/// folders, the file), whatever `.gitignore` says. Admission applies OpenClaw's other rules.
fn root_spec(dir: PathBuf, scope: Scope) -> RootSpec {
    if has_skill_md(&dir) {
        return RootSpec::recursive(dir, scope, Some(1));
    }
    let nested = dir.join("skills");
    let base = if nested.is_dir()
        && !holds_skill(&dir, Some("skills"), false)
        && holds_skill(&nested, None, true)
    {
        nested
    } else {
        dir
    };
    if has_skill_md(&base) {
        RootSpec::recursive(base, scope, Some(1))
    } else {
        RootSpec::recursive(base, scope, Some(MAX_DEPTH + 2)).without_gitignore()
    }
}

/// Why OpenClaw's search does not reach a skill found below `root`, if it does not: a dot-folder
/// or `node_modules` on the way, a folder past the first 300 of its parent, a skill folder
/// inside another, more than six folders down, or (for the workspace and extra folders) a link
/// out of the root.
fn unreachable(skill: &Skill) -> Option<String> {
    let root = &skill.origin.root;
    let rel = skill.dir.strip_prefix(root).ok()?;
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.is_empty() {
        return None;
    }
    if has_skill_md(root) {
        return Some("the root is a skill itself, so OpenClaw looks no further".to_owned());
    }
    if let Some(part) = parts
        .iter()
        .find(|p| p.starts_with('.') || *p == "node_modules")
    {
        return Some(format!("OpenClaw does not search inside `{part}`"));
    }
    let mut parent = root.clone();
    for (i, part) in parts.iter().enumerate() {
        let siblings = child_dirs(&parent);
        if let Some(at) = siblings.iter().position(|s| s == part)
            && at >= MAX_CANDIDATES
            && !(i == 0 && part == "skills")
        {
            return Some(format!(
                "`{part}` is past the first {MAX_CANDIDATES} folders of {} OpenClaw searches",
                paths::to_slash(&parent)
            ));
        }
        if i + 1 < parts.len() && has_skill_md(&parent.join(part)) {
            return Some(format!(
                "inside the skill folder {}, which OpenClaw does not search",
                paths::to_slash(&parent.join(part))
            ));
        }
        parent = parent.join(part);
    }
    let grouped =
        parts.first().is_some_and(|p| p == "skills") && !has_skill_md(&root.join("skills"));
    let depth = parts.len() - usize::from(grouped);
    if depth > MAX_DEPTH {
        return Some(format!(
            "{depth} folders below its root; OpenClaw searches {MAX_DEPTH}"
        ));
    }
    if skill.origin.scope != Scope::User && !canonical(&skill.dir).starts_with(canonical(root)) {
        return Some("a link out of its root, which OpenClaw skips".to_owned());
    }
    None
}

// ---------------------------------------------------------------------------------------------
// Frontmatter.

/// OpenClaw's frontmatter of a SKILL.md: each top-level key with its value as text.
type Fields = Vec<(String, String)>;

fn get<'a>(fields: &'a Fields, key: &str) -> Option<&'a str> {
    fields
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// `[^\S\n]`: JavaScript white space other than a line feed.
fn is_blank(c: char) -> bool {
    c != '\n' && is_js_space(c)
}

/// `parseSkillFrontmatter`: the block between an opening `---` line and the next `---` line
/// (after BOM removal and CRLF/CR to LF), read with OpenClaw's recovery; no opening line is no
/// frontmatter, an unclosed one an error. `read` reads YAML text as
/// [`crate::frontmatter::parse_standalone`] does (the skill's own parse answers when the block
/// is its frontmatter).
fn parse_frontmatter(text: &str, read: &dyn Fn(&str) -> Yaml) -> Result<Fields, String> {
    let normalized = super::file::universal_newlines(text.strip_prefix('\u{FEFF}').unwrap_or(text));
    let Some(tail) = normalized.strip_prefix("---").and_then(|rest| {
        let after = rest.trim_start_matches(is_blank);
        after.strip_prefix('\n')
    }) else {
        return Ok(Fields::new());
    };
    let Some(end) = closing(tail) else {
        return Err(
            "invalid frontmatter: UNTERMINATED_FRONTMATTER: missing closing --- delimiter"
                .to_owned(),
        );
    };
    let block = &tail[..end];
    if block.is_empty() {
        return Ok(Fields::new());
    }
    parse_yaml_frontmatter(block, read)
}

/// Where the closing delimiter's match starts: `(?:^|\n)---[^\S\n]*(?:\n|$)`.
fn closing(tail: &str) -> Option<usize> {
    let is_close = |at: usize| {
        tail[at..].strip_prefix("---").is_some_and(|rest| {
            let rest = rest.trim_start_matches(is_blank);
            rest.is_empty() || rest.starts_with('\n')
        })
    };
    if is_close(0) {
        return Some(0);
    }
    tail.match_indices('\n')
        .map(|(at, _)| at)
        .find(|&at| is_close(at + 1))
}

/// `stripQuotes`.
fn strip_quotes(value: &str) -> &str {
    for q in ['"', '\''] {
        if value.len() >= 2
            && let Some(inner) = value.strip_prefix(q).and_then(|v| v.strip_suffix(q))
        {
            return inner;
        }
    }
    value
}

/// `^([\w-]+):\s*(.*)$` on one line: the key and the rest.
fn key_line(line: &str) -> Option<(&str, &str)> {
    let (key, rest) = line.split_once(':')?;
    let is_key = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    is_key.then(|| (key, rest.trim_start_matches(is_js_space)))
}

/// `parseLineFrontmatter`: `key: value` lines, the fallback for values YAML cannot give.
fn line_frontmatter(block: &str) -> Fields {
    let lines: Vec<&str> = block.split('\n').collect();
    let mut out = Fields::new();
    let mut i = 0;
    while i < lines.len() {
        if let Some((key, raw)) = key_line(lines[i]) {
            let mut value = js_trim(raw).to_owned();
            let indented = |l: &str| l.starts_with([' ', '\t']);
            if value.is_empty() && lines.get(i + 1).is_some_and(|l| indented(l)) {
                let mut taken = Vec::new();
                while let Some(next) = lines.get(i + 1) {
                    if !next.is_empty() && !indented(next) {
                        break;
                    }
                    taken.push(*next);
                    i += 1;
                }
                value = js_trim(&taken.join("\n")).to_owned();
            } else {
                value = strip_quotes(&value).to_owned();
            }
            if !value.is_empty() {
                match out.iter_mut().find(|(k, _)| k == key) {
                    Some(slot) => slot.1 = value,
                    None => out.push((key.to_owned(), value)),
                }
            }
        }
        i += 1;
    }
    out
}

/// The fields that may hold free-form text OpenClaw rescues from a YAML error.
const FREEFORM: [&str; 3] = ["description", "read_when", "summary"];

/// `parseYamlFrontmatter`: YAML first; on an error in a top-level free-form line (a
/// `description`, or another free-form field whose value holds `: `), that line's value is
/// quoted and the YAML read again, up to three times.
fn parse_yaml_frontmatter(block: &str, read: &dyn Fn(&str) -> Yaml) -> Result<Fields, String> {
    let fallback = line_frontmatter(block);
    let mut current = block.to_owned();
    let mut parsed = yaml_once(&current, &fallback, read);
    for _ in 0..FREEFORM.len() {
        let Err((_, Some(at))) = &parsed else {
            break;
        };
        let next = quote_line_at(&current, *at);
        if next == current {
            break;
        }
        current = next;
        parsed = yaml_once(&current, &fallback, read);
    }
    parsed.map_err(|(message, _)| format!("invalid frontmatter: {message}"))
}

/// `normalizeFreeformFieldAtError`: the block with the free-form line at `at` quoted.
fn quote_line_at(block: &str, at: usize) -> String {
    let at = at.min(block.len());
    let start = block[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = block[at..].find('\n').map_or(block.len(), |i| at + i);
    let line = &block[start..end];
    let Some((key, rest)) = line.split_once(':') else {
        return block.to_owned();
    };
    let key = strip_quotes(key);
    let raw = js_trim(rest);
    let is_key = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    let block_scalar = raw.starts_with(['|', '>']) && raw.len() <= 3;
    if !is_key
        || raw.is_empty()
        || !FREEFORM.contains(&key)
        || (key != "description" && !raw.contains(": "))
        || block_scalar
    {
        return block.to_owned();
    }
    let quoted = serde_json::Value::from(strip_quotes(raw)).to_string();
    format!("{}{key}: {quoted}{}", &block[..start], &block[end..])
}

/// One YAML reading (`parseYamlFrontmatterOnce`): the fields as text, or the error and where
/// it is.
fn yaml_once(
    block: &str,
    fallback: &Fields,
    read: &dyn Fn(&str) -> Yaml,
) -> Result<Fields, (String, Option<usize>)> {
    let fields = match read(block) {
        Yaml::Mapping(fields) => fields,
        Yaml::NotMapping(_) => {
            return Err((
                "INVALID_ROOT: frontmatter must be a YAML mapping".to_owned(),
                None,
            ));
        }
        Yaml::Invalid(err) => return Err((err.reason, Some(err.offset))),
    };
    if let Some(dup) = duplicate(&fields) {
        return Err((
            "DUPLICATE_KEY: Map keys must be unique".to_owned(),
            Some(dup.key_span.start),
        ));
    }
    let mut out = Fields::new();
    for f in &fields {
        let key = js_trim(&f.key);
        if key.is_empty() {
            continue;
        }
        let Some((value, structured)) = coerce(&f.value) else {
            continue;
        };
        let inline_colon = block
            .get(f.key_span.start..)
            .and_then(|from| from.split('\n').next())
            .and_then(key_line)
            .is_some_and(|(_, rest)| rest.contains(':'));
        let value = match get(fallback, key) {
            Some(line_value) if structured && inline_colon => line_value.to_owned(),
            _ => value,
        };
        match out.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value,
            None => out.push((key.to_owned(), value)),
        }
    }
    for (key, value) in fallback {
        if get(&out, key).is_none() {
            out.push((key.clone(), value.clone()));
        }
    }
    Ok(out)
}

/// The first entry whose key repeats one before it, at any depth.
fn duplicate(fields: &[Field]) -> Option<&Field> {
    fields.iter().enumerate().find_map(|(i, f)| {
        if fields[..i].iter().any(|e| e.key == f.key) {
            Some(f)
        } else {
            duplicate(&f.entries)
        }
    })
}

/// `coerceYamlFrontmatterValue`: strings trimmed, numbers and booleans as JavaScript prints
/// them, collections as JSON; null is no value. The flag says it was a collection.
fn coerce(value: &Value) -> Option<(String, bool)> {
    match value {
        Value::Null => None,
        Value::String(s) => Some((js_trim(s).to_owned(), false)),
        Value::Bool(b) => Some((b.to_string(), false)),
        Value::Number(n) => Some((js_number(n), false)),
        Value::Tagged(_, inner) => coerce(inner),
        Value::Sequence(_) | Value::Mapping(_) => Some((to_json(value).to_string(), true)),
    }
}

/// A number as JavaScript's `String(n)` writes it.
fn js_number(text: &str) -> String {
    match text.parse::<f64>() {
        Ok(n) if n.is_finite() && n.fract() == 0.0 && n.abs() < 1e21 => format!("{n:.0}"),
        Ok(n) if n.is_finite() => n.to_string(),
        Ok(n) if n.is_nan() => "NaN".to_owned(),
        Ok(n) if n > 0.0 => "Infinity".to_owned(),
        Ok(_) => "-Infinity".to_owned(),
        Err(_) => text.to_owned(),
    }
}

fn to_json(value: &Value) -> serde_json::Value {
    match value {
        Value::Null => serde_json::Value::Null,
        Value::Bool(b) => (*b).into(),
        Value::Number(n) => n
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map_or_else(
                || n.clone().into(),
                |num| {
                    if num
                        .as_f64()
                        .is_some_and(|f| f.fract() == 0.0 && f.abs() < 9e15)
                    {
                        #[allow(clippy::cast_possible_truncation)]
                        let int = num.as_f64().unwrap_or_default() as i64;
                        int.into()
                    } else {
                        serde_json::Value::Number(num)
                    }
                },
            ),
        Value::String(s) => s.clone().into(),
        Value::Tagged(_, inner) => to_json(inner),
        Value::Sequence(items) => items.iter().map(to_json).collect(),
        Value::Mapping(pairs) => {
            let mut map = serde_json::Map::new();
            for (k, v) in pairs {
                map.insert(k.render(), to_json(v));
            }
            serde_json::Value::Object(map)
        }
    }
}

/// `parseBooleanValue` on the coerced text.
fn truthy(value: Option<&str>) -> bool {
    value.is_some_and(|v| {
        matches!(
            js_trim(v).to_lowercase().as_str(),
            "true" | "1" | "yes" | "on"
        )
    })
}

// ---------------------------------------------------------------------------------------------
// Admission.

/// What OpenClaw's loader keeps: a skill its search reaches, SKILL.md under the size cap, a
/// frontmatter it can read, a description, a name (else the folder's), and not hidden from the
/// model.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    // OpenClaw's search rules hold below its own roots (--roots), not below paths given on
    // the command line, which may be any tree that holds skills.
    if !matches!(skill.origin.scope, Scope::Builtin | Scope::Custom)
        && let Some(reason) = unreachable(skill)
    {
        return Err(format!("skipped: {reason}"));
    }
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
    let fields = parse_frontmatter(skill.source.text(), &|yaml| super::file::yaml(skill, yaml))
        .map_err(|error| format!("skipped (Skipping invalid skill): {error}"))?;
    let name = match get(&fields, "name").map(js_trim) {
        Some(name) if !name.is_empty() => name.to_owned(),
        _ => js_trim(&skill.dir_name()).to_owned(),
    };
    if name.is_empty() {
        return Err("skipped (Skipping invalid skill): name is required".to_owned());
    }
    let description = get(&fields, "description").map(js_trim).unwrap_or("");
    if description.is_empty() {
        return Err("skipped (Skipping invalid skill): description is required".to_owned());
    }
    if truthy(get(&fields, "disable-model-invocation")) {
        return Err(
            "skipped: disable-model-invocation keeps it out of the prompt catalog".to_owned(),
        );
    }
    Ok(Admitted {
        name,
        description: Some(description.to_owned()),
    })
}

// ---------------------------------------------------------------------------------------------
// The catalog.

/// Whether a built-in is a plugin skill (linked into the state directory), not a bundled one.
fn is_plugin(skill: &Skill) -> bool {
    skill.origin.scope == Scope::Builtin
        && paths::to_slash(&skill.skill_md).contains("/plugin-skills/")
}

/// Where a built-in's SKILL.md is on this machine, when that is known: a plugin skill in the
/// state directory; a bundled or custodian skill under `$OPENCLAW_BUNDLED_SKILLS_DIR` (and its
/// `custodian-skills` sibling), which OpenClaw reads instead of its package's folders.
fn builtin_file(skill: &Skill, env: &Env) -> Option<PathBuf> {
    let shown = paths::to_slash(&skill.skill_md);
    if let Some(rest) = shown.strip_prefix("~/.openclaw/") {
        return state_dir(env).map(|state| state.join(rest));
    }
    let bundled = env
        .var("OPENCLAW_BUNDLED_SKILLS_DIR")
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|d| env.cwd.join(d))?;
    let parts: Vec<&str> = shown.rsplit('/').take(3).collect();
    match parts.as_slice() {
        [SKILL_MD, name, "skills"] => Some(bundled.join(name).join(SKILL_MD)),
        [SKILL_MD, name, "custodian-skills"] => Some(
            bundled
                .parent()?
                .join("custodian-skills")
                .join(name)
                .join(SKILL_MD),
        ),
        _ => None,
    }
}

/// A SKILL.md path as the catalog writes it (`compactPromptSkills`): under the home directory
/// as `~/…`. A built-in whose file is not known here keeps its `<install>/…` location.
fn location(skill: &Skill, cx: &Context<'_>) -> String {
    if skill.origin.scope == Scope::Builtin {
        return match builtin_file(skill, cx.env) {
            Some(file) => home_relative(&file, cx),
            None if paths::to_slash(&skill.skill_md).starts_with('<') => {
                paths::to_slash(&skill.skill_md)
            }
            None => home_relative(&skill.skill_md, cx),
        };
    }
    home_relative(&skill.skill_md, cx)
}

fn home_relative(path: &Path, cx: &Context<'_>) -> String {
    if let Some(home) = &cx.env.home {
        for home in [home.clone(), canonical(home)] {
            if let Ok(rel) = path.strip_prefix(&home)
                && !rel.as_os_str().is_empty()
            {
                return format!("~/{}", paths::to_slash(rel));
            }
        }
    }
    cx.paths.show(path)
}

fn length(text: &str) -> u64 {
    Unit::Utf16.measure(text)
}

/// `truncateSkillDescription`: white space runs as one space, trimmed, then cut to `max`
/// UTF-16 units with `...`.
fn shorten(description: &str, max: u64) -> String {
    let mut collapsed = String::with_capacity(description.len());
    let mut in_space = false;
    for c in description.chars() {
        if is_js_space(c) {
            in_space = true;
        } else {
            if in_space && !collapsed.is_empty() {
                collapsed.push(' ');
            }
            in_space = false;
            collapsed.push(c);
        }
    }
    if length(&collapsed) <= max {
        return collapsed;
    }
    if max <= 3 {
        return prefix_within(&collapsed, Unit::Utf16, max).to_owned();
    }
    let cut = prefix_within(&collapsed, Unit::Utf16, max - 3);
    format!("{}...", cut.trim_end_matches(is_js_space))
}

/// A listed skill: name, description and location, unescaped.
struct Item<'e, 'a> {
    entry: &'e Entry<'a>,
    location: String,
}

/// How the catalog writes descriptions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Full,
    /// Descriptions shortened to this many characters; 0 leaves them out.
    Compact(u64),
}

/// `formatSkillCatalog`: "" for no skills, else `\n\n` + the intro lines + the XML.
fn catalog_block(items: &[Item<'_, '_>], format: Format) -> String {
    if items.is_empty() {
        return String::new();
    }
    let esc = |s: &str| Escaping::XmlApos.apply(s);
    let use_line = match format {
        Format::Full => USE_FULL,
        Format::Compact(0) => USE_NAMES,
        Format::Compact(_) => USE_SHORTENED,
    };
    let mut out = format!("\n\n{INTRO}\n{use_line}\n{RELATIVE}\n\n<available_skills>");
    for item in items {
        out.push_str("\n  <skill>\n    <name>");
        out.push_str(&esc(&item.entry.name));
        out.push_str("</name>");
        let description = match format {
            Format::Full => Some(item.entry.description().to_owned()),
            Format::Compact(0) => None,
            Format::Compact(max) => {
                Some(shorten(item.entry.description(), max)).filter(|d| !d.is_empty())
            }
        };
        if let Some(description) = description {
            out.push_str("\n    <description>");
            out.push_str(&esc(&description));
            out.push_str("</description>");
        }
        out.push_str("\n    <location>");
        // A location in the client's package as the recordings write it: `<install>` stands
        // for the package folder, which is escaped like the rest when it is known.
        match item.location.strip_prefix(INSTALL) {
            Some(rest) => {
                out.push_str(INSTALL);
                out.push_str(&esc(rest));
            }
            None => out.push_str(&esc(&item.location)),
        }
        out.push_str("</location>\n  </skill>");
    }
    out.push_str("\n</available_skills>");
    out
}

/// `buildSkillsLimitNote`.
fn limit_note(included: usize, total: usize, format: Format) -> String {
    let kind = match format {
        Format::Full => {
            return if included < total {
                format!(
                    "\u{26A0}\u{FE0F} Skills truncated: included {included} of {total}. Run `openclaw skills check` to audit."
                )
            } else {
                String::new()
            };
        }
        Format::Compact(0) => "descriptions omitted",
        Format::Compact(_) => "descriptions shortened",
    };
    if included < total {
        format!(
            "\u{26A0}\u{FE0F} Skills truncated: included {included} of {total} (compact format, {kind}). Run `openclaw skills check` to audit."
        )
    } else {
        format!(
            "\u{26A0}\u{FE0F} Skills catalog using compact format ({kind}). Run `openclaw skills check` to audit."
        )
    }
}

/// `buildRenderedSkillsPrompt` within the limit, or nothing.
fn within(
    items: &[Item<'_, '_>],
    total: usize,
    format: Format,
    note: bool,
    max: u64,
) -> Option<String> {
    let note = if note {
        limit_note(items.len(), total, format)
    } else {
        String::new()
    };
    let block = catalog_block(items, format);
    let prompt: Vec<&str> = [note.as_str(), block.as_str()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect();
    let prompt = prompt.join("\n");
    (length(&prompt) <= max).then_some(prompt)
}

/// What `prepareSkillsForPrompt` settles on.
struct Prepared {
    prompt: String,
    listed: usize,
    format: Format,
}

/// `prepareSkillsForPrompt`: the full catalog when it fits; else the longest prefix that fits
/// the compact format without descriptions (with its warning, or without it when only that
/// fits), then descriptions as long as they can be.
fn prepare(by_count: &[Item<'_, '_>], total: usize, max_chars: u64) -> Prepared {
    if let Some(prompt) = within(by_count, total, Format::Full, true, max_chars) {
        return Prepared {
            prompt,
            listed: by_count.len(),
            format: Format::Full,
        };
    }
    let fits = |n: usize, d: u64, note: bool| {
        within(&by_count[..n], total, Format::Compact(d), note, max_chars).is_some()
    };
    let mut selected = by_count.len();
    if !fits(selected, 0, true) {
        selected = largest(0, selected, |n| fits(n, 0, true));
    }
    if selected == 0 && !by_count.is_empty() {
        if let Some(prompt) = within(by_count, total, Format::Full, false, max_chars) {
            return Prepared {
                prompt,
                listed: by_count.len(),
                format: Format::Full,
            };
        }
        selected = largest(0, by_count.len(), |n| fits(n, 0, false));
    }
    let note = fits(selected, 0, true);
    let mut max_description = 0;
    if selected > 0 && fits(selected, COMPACT_MIN as u64, note) {
        max_description =
            largest(COMPACT_MIN, COMPACT_MAX, |d| fits(selected, d as u64, note)) as u64;
    }
    let format = Format::Compact(max_description);
    let prompt = within(&by_count[..selected], total, format, note, max_chars).unwrap_or_default();
    let listed = if prompt.is_empty() { 0 } else { selected };
    Prepared {
        prompt,
        listed,
        format,
    }
}

/// `decodeSkillXml`.
fn decode_xml(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// `compactSkillsPromptForContext`: a prompt over a fifth of the context window gets every
/// description shortened to the longest length from 64 to 220 characters that fits (or 64).
fn fit_context(prompt: &str, window: Option<u64>) -> String {
    let Some(window) = window.filter(|w| *w > 0) else {
        return prompt.to_owned();
    };
    let target = window / 5;
    if length(prompt) <= target {
        return prompt.to_owned();
    }
    let (Some(start), Some(end)) = (
        prompt.find("<available_skills>"),
        prompt.find("</available_skills>"),
    ) else {
        return prompt.to_owned();
    };
    if end < start {
        return prompt.to_owned();
    }
    let render = |max: u64| {
        let catalog = &prompt[start..end];
        let mut out = String::with_capacity(prompt.len());
        out.push_str(&prompt[..start]);
        let mut rest = catalog;
        while let Some(open) = rest.find("<description>") {
            let body = &rest[open + "<description>".len()..];
            let Some(close) = body.find("</description>") else {
                break;
            };
            out.push_str(&rest[..open]);
            out.push_str("<description>");
            out.push_str(&Escaping::XmlApos.apply(&shorten(&decode_xml(&body[..close]), max)));
            out.push_str("</description>");
            rest = &body[close + "</description>".len()..];
        }
        out.push_str(rest);
        out.push_str(&prompt[end..]);
        out
    };
    let mut result = render(CONTEXT_MIN);
    let (mut lo, mut hi) = (CONTEXT_MIN, COMPACT_MAX as u64);
    while lo <= hi {
        let mid = (lo + hi) / 2;
        let candidate = render(mid);
        if length(&candidate) <= target {
            result = candidate;
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    if length(&result) < length(prompt) {
        result
    } else {
        prompt.to_owned()
    }
}

/// The built-ins the config leaves out (`skills.allowBundled`, `plugins.enabled`) and skills
/// it turns off (`skills.entries.<name>.enabled: false`).
fn config_skip(entry: &Entry<'_>, config: &Config) -> Option<String> {
    let skill = entry.skill;
    if config.disabled.contains(&entry.name) {
        return Some(format!(
            "turned off by skills.entries.{}.enabled in OpenClaw's config",
            entry.name
        ));
    }
    if skill.origin.scope != Scope::Builtin {
        return None;
    }
    if is_plugin(skill) {
        return (!config.plugins)
            .then(|| "a plugin skill; plugins.enabled is false in OpenClaw's config".to_owned());
    }
    (!config.allow_bundled.is_empty() && !config.allow_bundled.contains(&entry.name))
        .then(|| "a bundled skill not in skills.allowBundled of OpenClaw's config".to_owned())
}

/// `maxSkillsLoadedPerSource`: the first 200 skills of each of OpenClaw's roots, in
/// localeCompare order of their folder paths below the root (paths given on the command line
/// are not its roots). Returns the kept and the capped.
fn per_root_cap<'e, 'a>(entries: Vec<&'e Entry<'a>>) -> (Vec<&'e Entry<'a>>, Vec<&'e Entry<'a>>) {
    let (over, _) = root_caps(&entries);
    let (mut kept, mut capped) = (Vec::new(), Vec::new());
    for (i, entry) in entries.into_iter().enumerate() {
        if over[i] {
            capped.push(entry);
        } else {
            kept.push(entry);
        }
    }
    (kept, capped)
}

/// Which of `entries` [`per_root_cap`] leaves out, and for each root it caps, the first it
/// leaves out (who comes in when one of the root's first 200 goes).
fn root_caps(entries: &[&Entry<'_>]) -> (Vec<bool>, HashMap<usize, usize>) {
    let mut by_root: HashMap<usize, Vec<usize>> = HashMap::default();
    for (i, entry) in entries.iter().enumerate() {
        if !matches!(entry.skill.origin.scope, Scope::Builtin | Scope::Custom) {
            by_root
                .entry(entry.skill.origin.root_index)
                .or_default()
                .push(i);
        }
    }
    let rel = |e: &Entry<'_>| {
        paths::to_slash(
            e.skill
                .dir
                .strip_prefix(&e.skill.origin.root)
                .unwrap_or(&e.skill.dir),
        )
    };
    let mut over = vec![false; entries.len()];
    let mut first_over = HashMap::default();
    for (&root, group) in &mut by_root {
        if group.len() <= MAX_PER_ROOT {
            continue;
        }
        group.sort_by(|&a, &b| Collation::Locale.compare(&rel(entries[a]), &rel(entries[b])));
        for &i in &group[MAX_PER_ROOT..] {
            over[i] = true;
        }
        first_over.insert(root, group[MAX_PER_ROOT]);
    }
    (over, first_over)
}

/// The prompt kept within the context window, and the section around it.
fn section(prepared: &Prepared, config: &Config, cx: &Context<'_>) -> (String, String) {
    let prompt = fit_context(
        &prepared.prompt,
        cx.context_window.or(config.context_window),
    );
    let trimmed = js_trim(&prompt);
    let text = if trimmed.is_empty() {
        String::new()
    } else {
        format!("{HEADER}\n{trimmed}\n")
    };
    (prompt, text)
}

/// [`render`]'s size for `entries` and without each of them. The catalog depends only on the
/// first skills of the sorted list (up to `maxSkillsInPrompt`) and on how many there are, so
/// leaving out a skill past them gives one catalog shared by all of them: each different
/// catalog is rendered and sized once.
fn leave_one_out(entries: &[Entry<'_>], cx: &Context<'_>, sizer: &Sizer) -> Option<LeftOut> {
    let config = Config::load(cx.env);
    let candidates: Vec<usize> = (0..entries.len())
        .filter(|&i| config_skip(&entries[i], &config).is_none())
        .collect();
    let (over, first_over) =
        root_caps(&candidates.iter().map(|&i| &entries[i]).collect::<Vec<_>>());
    // Every candidate in the order the kept ones are sorted in (a stable sort of a superset
    // orders any subset as sorting it would), and where each falls in it.
    let mut sorted: Vec<usize> = (0..candidates.len()).collect();
    sorted.sort_by(|&a, &b| {
        Collation::Locale.compare(&entries[candidates[a]].name, &entries[candidates[b]].name)
    });
    let mut rank = vec![0; candidates.len()];
    for (r, &c) in sorted.iter().enumerate() {
        rank[c] = r;
    }
    let kept: Vec<usize> = sorted.iter().copied().filter(|&c| !over[c]).collect();
    let most = config.max_skills;
    // The first skills listed and how many there are, without candidate `out` and with the
    // one its root lets in.
    let listing = |out: Option<usize>| -> (Vec<usize>, usize) {
        let coming = out.and_then(|c| {
            let skill = entries[candidates[c]].skill;
            first_over
                .get(&skill.origin.root_index)
                .copied()
                .filter(|_| !matches!(skill.origin.scope, Scope::Builtin | Scope::Custom))
        });
        let mut first = Vec::with_capacity(most.min(kept.len()));
        let mut coming_rank = coming.map(|c| rank[c]);
        for &c in &kept {
            if first.len() == most {
                break;
            }
            if let Some(r) = coming_rank.filter(|&r| r < rank[c]) {
                first.push(sorted[r]);
                coming_rank = None;
                if first.len() == most {
                    break;
                }
            }
            if Some(c) != out {
                first.push(c);
            }
        }
        if let Some(r) = coming_rank.filter(|_| first.len() < most) {
            first.push(sorted[r]);
        }
        let total = kept.len() - usize::from(out.is_some()) + usize::from(coming.is_some());
        (first, total)
    };
    let mut keys = vec![listing(None)];
    let mut key_of = vec![0; entries.len()];
    let mut seen: HashMap<(Vec<usize>, usize), usize> = HashMap::default();
    seen.insert(keys[0].clone(), 0);
    for (c, &i) in candidates.iter().enumerate() {
        if over[c] {
            // Past its root's cap: the rest of the root is kept as it was.
            continue;
        }
        let key = listing(Some(c));
        key_of[i] = *seen.entry(key.clone()).or_insert_with(|| {
            keys.push(key);
            keys.len() - 1
        });
    }
    let locations: HashMap<usize, String> = keys
        .iter()
        .flat_map(|(first, _)| first.iter().copied())
        .map(|c| (c, location(entries[candidates[c]].skill, cx)))
        .collect();
    let sizes = parallel::map(&keys, |(first, total)| {
        let items: Vec<Item<'_, '_>> = first
            .iter()
            .map(|c| Item {
                entry: &entries[candidates[*c]],
                location: locations[c].clone(),
            })
            .collect();
        let prepared = prepare(&items, *total, config.max_chars);
        sizer.of(&section(&prepared, &config, cx).1)
    });
    Some(LeftOut {
        full: sizes[0],
        without: key_of.iter().map(|&k| Some(sizes[k])).collect(),
    })
}

/// `resolveWorkspaceSkillPromptState` then `buildSkillsSection`: the config's filters, the
/// per-root cap, the sort, the prompt limits, the context fit, then the section around the
/// trimmed prompt.
fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    let config = Config::load(cx.env);
    let mut changes = Vec::new();
    let mut kept: Vec<&Entry<'_>> = Vec::new();
    for entry in entries {
        match config_skip(entry, &config) {
            Some(reason) => changes.push(Change::new(entry, ChangeKind::Skipped, reason)),
            None => kept.push(entry),
        }
    }
    let (mut kept, capped) = per_root_cap(kept);
    for entry in capped {
        changes.push(Change::new(
            entry,
            ChangeKind::Omitted,
            format!("past the first {MAX_PER_ROOT} skills of its root (maxSkillsLoadedPerSource)"),
        ));
    }
    // Array.prototype.toSorted is stable.
    kept.sort_by(|a, b| Collation::Locale.compare(&a.name, &b.name));
    let items: Vec<Item<'_, '_>> = kept
        .iter()
        .map(|entry| Item {
            entry,
            location: location(entry.skill, cx),
        })
        .collect();
    let by_count = &items[..items.len().min(config.max_skills)];
    let prepared = prepare(by_count, items.len(), config.max_chars);
    let (prompt, text) = section(&prepared, &config, cx);
    for (i, item) in items.iter().enumerate() {
        let entry = item.entry;
        if i >= prepared.listed {
            changes.push(Change::new(
                entry,
                ChangeKind::Omitted,
                format!(
                    "left out: the catalog keeps {} of {} skills within {} (maxSkillsInPrompt {}, maxSkillsPromptChars {})",
                    prepared.listed,
                    items.len(),
                    config.max_chars,
                    config.max_skills,
                    config.max_chars
                ),
            ));
            continue;
        }
        match prepared.format {
            Format::Full => {}
            Format::Compact(0) => changes.push(Change::new(
                entry,
                ChangeKind::DescriptionRemoved,
                format!(
                    "compact format: the full catalog is over {} UTF-16 code units (maxSkillsPromptChars); names and locations only",
                    config.max_chars
                ),
            )),
            Format::Compact(max) => {
                if shorten(entry.description(), max) != entry.description() {
                    changes.push(Change::new(
                        entry,
                        ChangeKind::Shortened,
                        format!(
                            "compact format: descriptions shortened to {max} characters to fit {} UTF-16 code units (maxSkillsPromptChars)",
                            config.max_chars
                        ),
                    ));
                }
            }
        }
    }
    if prompt != prepared.prompt {
        for item in items.iter().take(prepared.listed) {
            changes.push(Change::new(
                item.entry,
                ChangeKind::Shortened,
                "description shortened to fit a fifth of the model's context window (compactSkillsPromptForContext)",
            ));
        }
    }
    Rendered {
        text,
        listed: prepared.listed,
        budget: Some(BudgetUse {
            unit: Unit::Utf16,
            limit: config.max_chars,
            used: length(&prepared.prompt),
        }),
        changes,
    }
}

// ---------------------------------------------------------------------------------------------
// Loads and reads: OpenClaw's `read` tool.

/// `DEFAULT_MAX_LINES` and the read page's byte limit.
const READ_MAX_LINES: usize = 2000;
const READ_PAGE_BYTES: usize = 50 * 1024;
/// `resolveAdaptiveReadMaxBytes`: a tenth of the context window (4 characters a token), from
/// 32768 to 131072 bytes.
fn adaptive_max_bytes(window: Option<u64>) -> usize {
    const LOW: u64 = 32_768;
    const HIGH: u64 = 131_072;
    let bytes = window.map_or(LOW, |w| (w.saturating_mul(4) / 10).clamp(LOW, HIGH));
    usize::try_from(bytes).unwrap_or(usize::MAX)
}

/// A page of a text as the `read` tool answers: `Ok` text, or `Err` for a page that had to be
/// cut (with the text it answers then).
fn read_page(
    raw: &str,
    bytes_in_file: usize,
    offset: Option<usize>,
    limit: Option<usize>,
    max_bytes: usize,
) -> Result<String, String> {
    let text = raw
        .strip_prefix('\u{FEFF}')
        .unwrap_or(raw)
        .replace("\r\n", "\n");
    // Line starts; a final line feed ends the last line rather than starting another.
    let mut lines: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        lines.push((start, end));
        start = end + 1;
    }
    let total = lines.len();
    if total == 0 {
        return Ok(if bytes_in_file == 0 {
            "File is empty (0 bytes).".to_owned()
        } else {
            format!("File contains no readable text ({bytes_in_file} bytes).")
        });
    }
    let first = offset.map_or(0, |o| o.saturating_sub(1));
    if first >= total {
        return Ok(format!(
            "Offset {} is beyond end of file ({total} lines total). Retry with offset <= {total}.",
            offset.unwrap_or(0)
        ));
    }
    let count = limit.map_or(total - first, |l| l.min(total - first));
    let end_line = first + count;
    let selected = &lines[first..end_line];
    let has_text = selected.iter().any(|(s, e)| e > s);
    let content_end = if end_line == total {
        text.len()
    } else {
        selected.last().map_or(0, |(_, e)| *e)
    };
    let content = &text[selected[0].0..content_end];
    let remaining = total - end_line;
    let notice = if limit.is_some() && remaining > 0 {
        format!(
            "\n\n[{remaining} more line{} in file. Use offset={} to continue.]",
            if remaining == 1 { "" } else { "s" },
            end_line + 1
        )
    } else {
        String::new()
    };
    let fits = count <= READ_MAX_LINES && content.len() + notice.len() <= READ_PAGE_BYTES;
    let page = if fits {
        Ok(format!("{content}{notice}"))
    } else {
        Err(cut_page(
            content,
            first + 1,
            limit.map(|_| end_line),
            max_bytes,
        ))
    };
    if has_text {
        return page;
    }
    let what = if first == 0 && end_line == total {
        "File"
    } else {
        "Selected range"
    };
    let blank = format!(
        "{what} contains {count} blank line{}.",
        if count == 1 { "" } else { "s" }
    );
    Ok(format!("{blank}{notice}"))
}

/// `createBoundedReadTextPage` for a page over its limits: whole lines within the page's bytes
/// (or the start of a first line too long for it), with the note on how to go on.
fn cut_page(content: &str, first: usize, end_line: Option<usize>, max_bytes: usize) -> String {
    let size = format_size(max_bytes).replace(".0KB", "KB");
    let limit_text = |next: usize| {
        end_line.map_or(String::new(), |end| {
            format!(", limit={}", (end + 1).saturating_sub(next).max(1))
        })
    };
    let reserve = format!(
        "\n\n[Read output capped at {size} for this call. Use offset={first}, cursor={}{} to continue.]",
        content.len(),
        limit_text(first)
    )
    .len();
    let budget = READ_PAGE_BYTES.saturating_sub(reserve);
    let mut used = 0;
    let mut kept = 0;
    for line in content.split('\n') {
        let cost = line.len() + usize::from(kept > 0);
        if kept == READ_MAX_LINES || used + cost > budget {
            break;
        }
        used += cost;
        kept += 1;
    }
    if kept == 0 {
        let line = content.split('\n').next().unwrap_or_default();
        let part = prefix_within(line, Unit::Bytes, budget as u64);
        let cursor = Unit::Utf16.measure(part);
        return format!(
            "{part}\n\n[Read output capped at {size} for this call. Use offset={first}, cursor={cursor}{} to continue.]",
            limit_text(first)
        );
    }
    let next = first + kept;
    let shown = content
        .split('\n')
        .take(kept)
        .collect::<Vec<_>>()
        .join("\n");
    format!(
        "{shown}\n\n[Read output capped at {size} for this call. Use offset={next}{} to continue.]",
        limit_text(next)
    )
}

/// A thrown error as OpenClaw hands it to the model.
fn tool_error(call: Call, message: &str) -> Output {
    let text = format!(
        "{{\n  \"status\": \"error\",\n  \"tool\": \"read\",\n  \"error\": {}\n}}",
        serde_json::Value::from(message)
    );
    Output::tool_error(call, text)
}

/// `levenshteinDistance`.
fn levenshtein(a: &str, b: &str) -> usize {
    let a: Vec<u16> = a.encode_utf16().collect();
    let b: Vec<u16> = b.encode_utf16().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(prev + usize::from(ca != cb));
            prev = cur;
        }
    }
    row[b.len()]
}

/// `File not found: <path>.`, with `suggestLocalReadPaths`'s names of the folder when close.
fn not_found(call: Call, path: &Path, shown: &str) -> Output {
    let requested = path
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let own = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let max = (requested.encode_utf16().count() * 2 / 5).max(1);
    let mut near: Vec<(usize, String)> = path
        .parent()
        .and_then(|dir| std::fs::read_dir(dir).ok())
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| Some(name) != own.as_ref())
                .map(|name| (levenshtein(&requested, &name.to_lowercase()), name))
                .filter(|(d, _)| *d <= max)
                .collect()
        })
        .unwrap_or_default();
    near.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then_with(|| Collation::Locale.compare(&a.1, &b.1))
    });
    let suggestion = if near.is_empty() {
        String::new()
    } else {
        let names: Vec<String> = near.into_iter().take(3).map(|(_, n)| n).collect();
        format!(" Did you mean: {}?", names.join(", "))
    };
    tool_error(call, &format!("File not found: {shown}.{suggestion}"))
}

/// The model reads SKILL.md at the location the catalog gave it; a name OpenClaw does not list
/// is looked for at `<workspace>/skills/<name>/SKILL.md`.
fn load(input: &LoadInput<'_>) -> Output {
    let cx = input.cx;
    let max_bytes = adaptive_max_bytes(cx.context_window.or(Config::load(cx.env).context_window));
    let Some(entry) = input.entry() else {
        let ws = workspace(cx.env, &Config::load(cx.env));
        let path = ws.join("skills").join(input.name).join(SKILL_MD);
        let shown = cx.paths.show(&path);
        let call = Call::with("read", "path", &shown);
        return match read_file(&path) {
            Some(bytes) => serve(call, &bytes, input.earlier_loads, max_bytes),
            None => not_found(call, &path, &shown),
        };
    };
    let shown = location(entry.skill, cx);
    let call = Call::with("read", "path", &shown);
    if entry.skill.origin.scope == Scope::Builtin {
        // The file in the installed client or where the environment puts it, when there is one.
        let file =
            builtin_file(entry.skill, cx.env).unwrap_or_else(|| entry.skill.skill_md.clone());
        return match read_file(&file) {
            Some(bytes) => serve(call, &bytes, input.earlier_loads, max_bytes),
            None => tool_error(
                call,
                &format!(
                    "{} is a skill of the OpenClaw package, which is not found here",
                    entry.name
                ),
            ),
        };
    }
    serve(
        call,
        entry.skill.source.bytes(),
        input.earlier_loads,
        max_bytes,
    )
}

/// A SKILL.md served whole by the skill-aware `read` (`wrapReadToolWithSkillContent`).
fn serve(call: Call, bytes: &[u8], earlier_loads: usize, max_bytes: usize) -> Output {
    if earlier_loads > 0 {
        return Output::tool(call, ALREADY_SERVED);
    }
    let text = String::from_utf8_lossy(bytes);
    match read_page(&text, bytes.len(), None, None, max_bytes) {
        Ok(text) => Output::tool(call, text),
        Err(_) => Output::tool(call, TOO_BIG),
    }
}

/// `read` of a file of the skill, by its absolute path.
fn read(input: &ReadInput<'_>) -> Output {
    let cx = input.cx;
    let max_bytes = adaptive_max_bytes(cx.context_window.or(Config::load(cx.env).context_window));
    let offset = input.lines.map(|l| l.start);
    let limit = input.lines.and_then(|l| l.end.map(|end| end + 1 - l.start));
    let call_for = |shown: &str| {
        let mut args: Vec<(&str, serde_json::Value)> = vec![("path", shown.into())];
        if let Some(offset) = offset {
            args.push(("offset", offset.into()));
        }
        if let Some(limit) = limit {
            args.push(("limit", limit.into()));
        }
        Call::with_args("read", &args)
    };
    let Some(entry) = input.entry() else {
        let ws = workspace(cx.env, &Config::load(cx.env));
        let path = ws.join("skills").join(input.name).join(input.path);
        let shown = cx.paths.show(&path);
        return not_found(call_for(&shown), &path, &shown);
    };
    let path = entry.skill.dir.join(input.path);
    let shown = cx.paths.show(&path);
    let call = call_for(&shown);
    // A read follows the skill's load: its SKILL.md was served whole already.
    if crate::provider::check_relative(input.path).is_ok_and(|rel| rel == Path::new(SKILL_MD)) {
        return Output::tool(call, ALREADY_SERVED);
    }
    let resource = match input
        .provider
        .read_resource_of(entry.skill, input.path, None)
    {
        Ok(resource) => resource,
        Err(ResourceError::NotFound { .. }) => return not_found(call, &path, &shown),
        Err(ResourceError::NotAFile { .. }) => {
            return tool_error(
                call,
                &format!(
                    "Read requires a file path, but {shown} is a directory. List the directory, then read a specific file."
                ),
            );
        }
        Err(err) => return Output::tool_error(call, err.to_string()),
    };
    let size = resource.text.len();
    match read_page(&resource.text, size, offset, limit, max_bytes) {
        Ok(text) | Err(text) => Output::tool(call, text),
    }
}

/// A `SKILL.md` outside the skills found (one the model names by path, or one of the installed
/// client's own): a regular file only, never through more than one hard link, and at most 4 MiB.
fn read_file(path: &Path) -> Option<Vec<u8>> {
    crate::fsafe::read_anywhere(path, 4 << 20, crate::fsafe::Links::Refuse).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog;

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
    fn leaving_one_out_follows_the_root_cap_and_the_count_cap() {
        use crate::cost::Sizer;
        use crate::provider::{MemoryProvider, SkillProvider};
        use crate::tokens::Encoding;
        // 206 skills in one root, their folders in the reverse order of their names, and two in
        // another: the root keeps the first 200 folders, whose names come last, and the prompt
        // 150 of what is kept; leaving one of those out lets a name from the top in.
        let mut skills: Vec<MemorySkill> = (0..206)
            .map(|i| {
                skill(
                    &format!("/p/skills/d{i:03}"),
                    &format!("n{:03}{}", 205 - i, "x".repeat(i % 5)),
                    &format!("Does {i}{}.", "!".repeat(i % 7)),
                )
            })
            .collect();
        for name in ["a-first", "zz-last"] {
            skills.push(
                MemorySkill::new(
                    format!("/h/.agents/skills/{name}"),
                    format!("---\nname: {name}\ndescription: Mine.\n---\n"),
                )
                .in_scope(Scope::User, 1),
            );
        }
        let provider = MemoryProvider::new(skills);
        let mut list = provider.list().to_vec();
        for skill in &mut list {
            skill.origin.root_index = usize::from(skill.origin.scope == Scope::User);
        }
        let env = catalog::testing::env();
        let paths = catalog::Paths::absolute(None);
        let sizer = Sizer::new(Encoding::O200kBase);
        for window in [None, Some(30_000)] {
            let cx = catalog::testing::context(&paths, &env, window);
            let (known, _) = catalog::known(&TARGET, &list, &cx);
            let whole = render(&known, &cx);
            assert!(
                whole
                    .changes
                    .iter()
                    .any(|c| c.reason.contains("maxSkillsLoadedPerSource"))
            );
            let left_out = leave_one_out(&known, &cx, &sizer).unwrap();
            assert_eq!(left_out.full, sizer.of(&whole.text));
            let mut changed = 0;
            for k in (0..known.len()).filter(|k| k % 6 == 0 || (195..=207).contains(k)) {
                let mut rest = known.clone();
                rest.remove(k);
                let size = sizer.of(&render(&rest, &cx).text);
                assert_eq!(left_out.without[k], Some(size), "{window:?} without {k}");
                changed += usize::from(size != left_out.full);
            }
            assert!(changed > 10, "{changed}");
        }
    }

    #[test]
    fn the_section_sorts_by_name_and_escapes() {
        let cat = build(vec![
            skill("/p/skills/b", "b-tool", "It's <b> & \"c\""),
            skill("/h/.agents/skills/a", "A-tool", "  padded  "),
        ]);
        let expected = format!(
            "{HEADER}\n{INTRO}\n{USE_FULL}\n{RELATIVE}\n\n<available_skills>\n  <skill>\n    <name>A-tool</name>\n    <description>padded</description>\n    <location>~/.agents/skills/a/SKILL.md</location>\n  </skill>\n  <skill>\n    <name>b-tool</name>\n    <description>It&apos;s &lt;b&gt; &amp; &quot;c&quot;</description>\n    <location>/p/skills/b/SKILL.md</location>\n  </skill>\n</available_skills>\n"
        );
        assert_eq!(cat.text, expected);
        let budget = cat.budget.expect("a budget");
        assert_eq!((budget.unit, budget.limit), (Unit::Utf16, MAX_CHARS));
        assert_eq!(build(Vec::new()).text, "");
    }

    #[test]
    fn lenient_frontmatter() {
        let fields = |text: &str| parse_frontmatter(text, &crate::frontmatter::parse_standalone);
        // An unquoted `: ` in a description is rescued; elsewhere it is an error.
        let colon = fields("---\nname: c\ndescription: Formats. Use when: asked\n---\n").unwrap();
        assert_eq!(get(&colon, "description"), Some("Formats. Use when: asked"));
        assert!(fields("---\nname: x\ndescription: d\nallowed-tools: [@x]\n---\n").is_err());
        assert!(fields("---\nname: x\ndescription: a\ndescription: b\n---\n").is_err());
        // Collections become JSON; numbers and booleans text; values are trimmed.
        let typed = fields("---\ndescription: [\"a\", 'b']\nn: 1.0\nflag: true\ns: \" x \"\n---\n")
            .unwrap();
        assert_eq!(get(&typed, "description"), Some("[\"a\",\"b\"]"));
        assert_eq!(get(&typed, "n"), Some("1"));
        assert_eq!(get(&typed, "flag"), Some("true"));
        assert_eq!(get(&typed, "s"), Some("x"));
        // BOM, CRLF and lone CR are line endings; `----` opens nothing; unclosed is an error.
        assert!(
            get(
                &fields("\u{FEFF}---\r\nname: a\r\n---\r\n").unwrap(),
                "name"
            ) == Some("a")
        );
        assert_eq!(
            get(&fields("---\rname: a\r---\r").unwrap(), "name"),
            Some("a")
        );
        assert!(fields("----\nname: a\n----\n").unwrap().is_empty());
        assert!(fields("---\nname: a\n").is_err());
    }

    #[test]
    fn names_fall_back_and_descriptions_are_required() {
        let cat = build(vec![
            MemorySkill::new("/p/skills/dir-name", "---\ndescription: d\n---\n"),
            MemorySkill::new(
                "/p/skills/upper",
                "---\nname: Title Case\ndescription: d\n---\n",
            ),
            MemorySkill::new("/p/skills/none", "---\nname: none\n---\n"),
            MemorySkill::new(
                "/p/skills/empty",
                "---\nname: empty\ndescription: \"\"\n---\n",
            ),
            MemorySkill::new(
                "/p/skills/hidden",
                "---\nname: hidden\ndescription: d\ndisable-model-invocation: true\n---\n",
            ),
        ]);
        assert_eq!(cat.listed, 2);
        assert!(cat.text.contains("<name>dir-name</name>"));
        assert!(cat.text.contains("<name>Title Case</name>"));
        let skipped: Vec<&str> = cat.changes.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(skipped, ["none", "empty", "hidden"]);
    }

    #[test]
    fn later_tiers_replace_earlier_ones() {
        let cat = build(vec![
            skill("/h/.openclaw/skills/b", "b", "managed"),
            skill("/p/skills/b", "b", "workspace"),
        ]);
        assert!(cat.text.contains("<description>workspace</description>"));
        assert!(!cat.text.contains("managed"));
    }

    #[test]
    fn descriptions_are_shortened_then_dropped_then_the_list_is_cut() {
        // 60 skills of 300-character descriptions: over 18000 in full, fits shortened.
        let cat = build(many(60, &"word ".repeat(60)));
        assert_eq!(cat.listed, 60);
        assert!(cat.text.contains("\u{26A0}\u{FE0F} Skills catalog using compact format (descriptions shortened). Run `openclaw skills check` to audit.\n\n\nThe following"));
        assert!(cat.text.contains(USE_SHORTENED));
        assert!(cat.text.contains("...</description>"));
        assert!(cat.changes.iter().all(|c| c.kind == ChangeKind::Shortened));
        // 200 skills: no room for descriptions, and the list is cut.
        let cut = build(many(200, "d"));
        assert_eq!(cut.listed, 150.min(cut.listed));
        assert!(cut.text.contains(USE_NAMES));
        assert!(cut.text.contains("Skills truncated: included "));
        assert!(
            cut.text
                .contains(" of 200 (compact format, descriptions omitted).")
        );
        assert!(cut.changes.iter().any(|c| c.kind == ChangeKind::Omitted));
        let prompt_start = cut.text.find("\u{26A0}").unwrap();
        let prompt = &cut.text[prompt_start..cut.text.len() - 1];
        assert!(length(prompt) <= MAX_CHARS);
    }

    #[test]
    fn shortening_collapses_white_space() {
        assert_eq!(shorten("  a \n b  ", 220), "a b");
        assert_eq!(shorten("abcdefgh", 7), "abcd...");
        assert_eq!(shorten("abcd  efgh", 8), "abcd...");
        assert_eq!(shorten("abcdefgh", 3), "abc");
        assert_eq!(shorten("\u{1F600}\u{1F600}\u{1F600}", 5), "\u{1F600}...");
        assert_eq!(shorten("\u{1F600}\u{1F600}\u{1F600}", 4), "...");
    }

    #[test]
    fn a_small_context_window_shortens_descriptions() {
        let skills: Vec<MemorySkill> = many(20, &"long words ".repeat(20));
        let env = catalog::testing::env();
        let wide = catalog::testing::catalog_in(&TARGET, skills.clone(), &env, None);
        let narrow = catalog::testing::catalog_in(&TARGET, skills, &env, Some(20_000));
        assert!(narrow.text.len() < wide.text.len());
        assert!(narrow.text.contains("...</description>"));
        assert!(length(&narrow.text) > 4000, "64 characters at least");
    }

    fn config_env(json: &str) -> (tempfile::TempDir, Env) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("openclaw.json");
        std::fs::write(&file, json).unwrap();
        let env = catalog::testing::env().with_var("OPENCLAW_CONFIG_PATH", &file.to_string_lossy());
        (dir, env)
    }

    fn builtins() -> Vec<MemorySkill> {
        vec![
            skill("/h/.openclaw/plugin-skills/canvas", "canvas", "Plugin.")
                .in_scope(Scope::Builtin, 0),
            skill("<install>/skills/weather", "weather", "Bundled.").in_scope(Scope::Builtin, 0),
            skill("/p/skills/mine", "mine", "Mine."),
        ]
    }

    #[test]
    fn the_config_turns_bundled_and_plugin_skills_off_and_sets_limits() {
        let (_dir, env) = config_env(
            "{\n  // JSON5 comments and trailing commas\n  \"skills\": {\"allowBundled\": [\"none-such\"],},\n  \"plugins\": {\"enabled\": false},\n}",
        );
        let cat = catalog::testing::catalog_in(&TARGET, builtins(), &env, None);
        assert_eq!(cat.listed, 1);
        assert!(cat.text.contains("<name>mine</name>"));
        let skipped: Vec<&str> = cat.changes.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(skipped, ["canvas", "weather"]);

        let (_dir, env) = config_env(
            r#"{"skills": {"limits": {"maxSkillsInPrompt": 2}, "entries": {"mine": {"enabled": false}}}}"#,
        );
        let cat = catalog::testing::catalog_in(&TARGET, builtins(), &env, None);
        assert!(!cat.text.contains("<name>mine</name>"));
        assert_eq!(cat.listed, 2);
        let (_dir, env) = config_env(r#"{"skills": {"limits": {"maxSkillsInPrompt": 1}}}"#);
        let cat = catalog::testing::catalog_in(&TARGET, builtins(), &env, None);
        assert!(
            cat.text.contains(
                "Skills truncated: included 1 of 3. Run `openclaw skills check` to audit."
            )
        );
    }

    #[test]
    fn plugin_skills_live_in_the_state_directory() {
        let env = catalog::testing::env().with_var("OPENCLAW_STATE_DIR", "/srv/state");
        let canvas = MemorySkill::new(
            "~/.openclaw/plugin-skills/canvas",
            "---\nname: canvas\ndescription: d\n---\n",
        )
        .in_scope(Scope::Builtin, 0);
        let cat = catalog::testing::catalog_in(&TARGET, vec![canvas.clone()], &env, None);
        assert!(
            cat.text
                .contains("<location>/srv/state/plugin-skills/canvas/SKILL.md</location>")
        );
        let home = catalog::testing::catalog(&TARGET, vec![canvas]);
        assert!(
            home.text
                .contains("<location>~/.openclaw/plugin-skills/canvas/SKILL.md</location>")
        );
    }

    #[test]
    fn the_config_names_the_workspace_and_the_state_directory_the_personal_root() {
        let (_dir, env) = config_env(r#"{"agents": {"defaults": {"workspace": "~/ws"}}}"#);
        let paths: Vec<PathBuf> = roots(&env).into_iter().map(|r| r.path).collect();
        assert_eq!(
            paths,
            [
                PathBuf::from("/h/.openclaw/skills"),
                PathBuf::from("/h/.agents/skills"),
                PathBuf::from("/h/ws/.agents/skills"),
                PathBuf::from("/h/ws/skills"),
            ]
        );
        let moved = catalog::testing::env().with_var("OPENCLAW_STATE_DIR", "/srv/state");
        let paths: Vec<PathBuf> = roots(&moved).into_iter().map(|r| r.path).collect();
        assert_eq!(paths[0], PathBuf::from("/srv/state/skills"));
        assert!(!paths.contains(&PathBuf::from("/h/.agents/skills")));
    }

    #[test]
    fn the_search_goes_six_folders_deep_and_not_into_skills_or_dot_folders() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("skills");
        let make = |rel: &str| {
            let d = root.join(rel);
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join(SKILL_MD), format!("---\ndescription: {rel}\n---\n")).unwrap();
        };
        for rel in [
            "top",
            "top/inner",
            "a/b/c/d/e/six",
            "a/b/c/d/e/f/seven",
            ".hidden/x",
            "node_modules/y",
        ] {
            make(rel);
        }
        let spec = root_spec(root.clone(), Scope::Project);
        assert!(!spec.gitignore);
        let provider = crate::provider::FsProvider::discover(
            &[spec.to_root()],
            crate::provider::FsOptions::default(),
        )
        .unwrap();
        let env = Env::new(dir.path(), None);
        let paths = catalog::Paths::absolute(None);
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: None,
            model: None,
        };
        use crate::provider::SkillProvider;
        let cat = catalog::build(&TARGET, provider.list(), &cx);
        let listed: Vec<&str> = ["top", "six"]
            .into_iter()
            .filter(|n| cat.text.contains(&format!("<name>{n}</name>")))
            .collect();
        assert_eq!(listed, ["top", "six"]);
        assert_eq!(cat.listed, 2);
        let reasons: Vec<&str> = cat.changes.iter().map(|c| c.reason.as_str()).collect();
        assert!(
            reasons
                .iter()
                .any(|r| r.contains("inside the skill folder"))
        );
        assert!(
            reasons
                .iter()
                .any(|r| r.contains("7 folders below its root"))
        );
        assert!(reasons.iter().any(|r| r.contains("`.hidden`")));
    }

    #[test]
    fn a_root_holding_a_skills_folder_is_searched_there() {
        let dir = tempfile::tempdir().unwrap();
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
        let spec = root_spec(itself.clone(), Scope::User);
        assert_eq!((spec.path, spec.max_depth), (itself, Some(1)));
    }

    #[test]
    fn relaxed_json_keeps_strings() {
        assert_eq!(
            relaxed_json("{\"a\": \"x // y, }\", /* c */ \"b\": [1, 2,],}"),
            "{\"a\": \"x // y, }\",  \"b\": [1, 2]}"
        );
    }

    #[test]
    fn read_pages() {
        let page = |text: &str, offset, limit| read_page(text, text.len(), offset, limit, 80_000);
        assert_eq!(page("a\nb\nc\n", None, None), Ok("a\nb\nc\n".to_owned()));
        assert_eq!(page("\u{FEFF}a\r\nb", None, None), Ok("a\nb".to_owned()));
        assert_eq!(
            page("a\nb\nc\n", Some(2), Some(1)),
            Ok("b\n\n[1 more line in file. Use offset=3 to continue.]".to_owned())
        );
        assert_eq!(
            page("a\nb\n", Some(3), None),
            Ok(
                "Offset 3 is beyond end of file (2 lines total). Retry with offset <= 2."
                    .to_owned()
            )
        );
        assert_eq!(
            page("", None, None),
            Ok("File is empty (0 bytes).".to_owned())
        );
        assert_eq!(
            page("\n\n", None, None),
            Ok("File contains 2 blank lines.".to_owned())
        );
        let long: String = (1..=2100).map(|i| format!("{i}\n")).collect();
        let cut = page(&long, None, None).unwrap_err();
        assert!(cut.ends_with(
            "2000\n\n[Read output capped at 78.1KB for this call. Use offset=2001 to continue.]"
        ));
    }

    #[test]
    fn loads_serve_skill_md_once_and_unknown_names_are_missing_files() {
        let skills = || {
            vec![
                MemorySkill::new(
                    "/h/.agents/skills/a",
                    "\u{FEFF}---\r\nname: a\r\ndescription: d\r\n---\r\n# A\r\n",
                )
                .in_scope(Scope::User, 0),
            ]
        };
        let first = crate::targets::load::testing::load(&TARGET, skills(), "a", 0);
        assert_eq!(first.display(), "---\nname: a\ndescription: d\n---\n# A\n");
        assert_eq!(
            first.call.as_ref().map(|c| c.arguments.as_str()),
            Some(r#"{"path":"~/.agents/skills/a/SKILL.md"}"#)
        );
        let again = crate::targets::load::testing::load(&TARGET, skills(), "a", 1);
        assert_eq!(again.display(), ALREADY_SERVED);
        let unknown = crate::targets::load::testing::load(&TARGET, skills(), "b", 0);
        assert!(unknown.error);
        assert_eq!(
            unknown.display(),
            "{\n  \"status\": \"error\",\n  \"tool\": \"read\",\n  \"error\": \"File not found: /p/skills/b/SKILL.md.\"\n}"
        );
    }

    #[test]
    fn reads_take_offsets_and_limits() {
        let skill = MemorySkill::new("/p/skills/a", "---\nname: a\ndescription: d\n---\n")
            .in_scope(Scope::Project, 0)
            .with_file("notes.md", "one\ntwo\nthree\n");
        let again = crate::targets::load::testing::read(
            &TARGET,
            vec![skill.clone()],
            "a",
            "SKILL.md",
            None,
        );
        assert_eq!(again.display(), ALREADY_SERVED);
        let out =
            crate::targets::load::testing::read(&TARGET, vec![skill], "a", "notes.md", Some("2:2"));
        assert_eq!(
            out.display(),
            "two\n\n[1 more line in file. Use offset=3 to continue.]"
        );
        assert_eq!(
            out.call.map(|c| c.arguments),
            Some(r#"{"path":"/p/skills/a/notes.md","offset":2,"limit":1}"#.to_owned())
        );
    }
}
