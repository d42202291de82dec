//! `opencode`: opencode (`anomalyco/opencode`, formerly `sst/opencode`), verified against
//! opencode 1.18.33. The catalog is the last part of the system message: two intro lines and
//! `Skill.fmt(list, {verbose})`, an `<available_skills>` block sorted with `localeCompare`,
//! joined with `\n`, no trailing newline; the skills the default agent's permission rules deny
//! are left out.
//!
//! Clients built from opencode (Kilo) share this code: what differs between them (switch
//! prefix, folder and config file names, default agent, the colon fallback, the skill body) is a
//! [`Profile`].

use std::path::PathBuf;

use super::catalog::{Admitted, Change, ChangeKind, Collision, Context, Entry, Rendered, admit};
use super::env::{Env, RootSpec, is_hidden_below};
use super::load::{Call, LoadInput, Output, Placement, ReadInput, Session};
use super::text::{self, Collation, Unit, is_js_space, js_trim};
use super::{Budget, Builtin, Confidence, NameCharset, Target, Verified};
use crate::frontmatter::{self, Field, FrontmatterState, Value, ValueKind, Yaml};
use crate::provider::{LineRange, Resource, ResourceError, RipgrepListing};
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "opencode",
    display: "opencode",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[],
    name_charset: NameCharset::Unicode,
    // opencode reads any string as a name or description: no length limit is enforced.
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "the last part of the system message, unless the default agent's permission rules deny the `skill` tool; the `skill` tool's own description is static text",
    roots,
    roots_summary: "~/.claude/skills, ~/.agents/skills, then .claude/skills and .agents/skills from the working directory up to the git root, then skill/ and skills/ in $XDG_CONFIG_HOME/opencode, .opencode up to the git root, ~/.opencode and $OPENCODE_CONFIG_DIR; all searched at any depth, .gitignore not applied; OPENCODE_DISABLE_EXTERNAL_SKILLS, OPENCODE_DISABLE_CLAUDE_CODE(_SKILLS) and OPENCODE_DISABLE_PROJECT_CONFIG turn parts off",
    collision: Collision::Unstable,
    admit,
    broken_skill: "YAML that fails to parse is retried with unquoted values holding a colon turned into block scalars; if it still fails the skill is skipped with a session error. A `name` that is not a string, or a `description` that is present but not a string, skips the skill silently",
    fields_read: &["name", "description"],
    ordering: "by name with localeCompare (ICU root collation: case is a tertiary difference and punctuation sorts first, unlike byte order)",
    escaping: "none on name and description; the location goes through escapeHtml (& < > \" ', with ' as &#39;), so the built-in's `<built-in>` shows as `&lt;built-in&gt;`",
    whitespace: "name and description exactly as YAML reads them; inner newlines are kept",
    budget: Budget::NONE,
    render,
    leave_one_out: None,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::SystemPrompt,
        modes: &[],
        reload: "the same result again: the skill tool keeps no state",
    },
    builtins_note: "opencode always lists its own `customize-opencode` skill (location `<built-in>`, shown as `&lt;built-in&gt;`), sorted among the others; a skill of the same name replaces it",
    builtins: &[Builtin {
        name: "customize-opencode",
        description: "Use ONLY when the user is editing or creating opencode's own configuration: opencode.json, opencode.jsonc, files under .opencode/, or files under ~/.config/opencode/. Also use when creating or fixing opencode agents, subagents, skills, plugins, MCP servers, or permission rules. Do not use for the user's own application code, or for any project that is not configuring opencode itself.",
        location: "<built-in>",
    }],
    builtins_first: true,
    install: None,
    models: &[],
    verified: Some(Verified {
        client: "opencode",
        version: "1.18.33",
        captured: "2026-11-24",
        cases: 16,
        recordings: "opencode@1.18.33",
    }),
    decisions: &[
        "On a duplicate name the last skill found wins, with the roots in opencode's scan order. opencode parses the files concurrently and keeps the last one parsed, so its winner changes from run to run (3 of 4 recorded runs of one tree kept the last one found); `catalog --stats` and lint say so.",
        "Outside a git repository opencode's worktree is `/`, so .claude/skills and .agents/skills are looked for in every directory up to the filesystem root.",
        "Roots are searched at any depth (bounded only by --max-dirs) and without .gitignore, as opencode's glob does; `skills.paths` and `skills.urls` from the config are not searched.",
        "The permission rules are those of the default agent (`default_agent`, else `build`): opencode's defaults, the config's `permission` merged with OPENCODE_PERMISSION, then the agent's own `permission`, the last matching rule winning; the config is read from opencode.json, opencode.jsonc and config.json in $XDG_CONFIG_HOME/opencode and from opencode.json(c) in the project folders and .opencode folders up to the git root, comments allowed. Managed preferences and remote configs are not read.",
        "A load is the `skill` tool called with `name`, its output built as tool/skill.ts builds it; the permission prompt is not modelled. The built-in `customize-opencode` is listed with its description, but its body (bundled in the opencode binary) is not reproduced.",
        "`<skill_files>` is ripgrep's listing (`rg --files --hidden` with SKILL.md and .git excluded, symlinks not followed, .ignore, .rgignore and, in a git repository, .gitignore applied) in the order of its parallel walker with one worker; the order depends on how the file system reads directories, as ripgrep's does. The `.gitignore` opencode writes in its config folders on start (node_modules, package.json, package-lock.json, bun.lock, .gitignore) is applied to folders that have none.",
        "An unknown name lists every name opencode knows (skills without a description and the built-in included), sorted by UTF-16 code units, or `none`; the text is the thrown error's message, without an `Error: ` prefix.",
        "A file read is the `read` tool on the absolute `filePath` (with `offset` and `limit` for a line range), formatted as tool/read.ts @ 00937b9 does: `<path>`, `<type>file</type>`, `<content>` with `N: ` line numbers, lines over 2000 UTF-16 units cut, a 50 KB cap and the closing `(End of file - total N lines)` or `(Showing lines …)` line.",
        "Read errors use read.ts's wording for a missing file (without its did-you-mean suggestions), a binary file (a NUL byte or one of its binary extensions; its 30% non-printable test is not applied) and an offset past the end; other refusals are our provider's reason. Images and PDFs, which opencode attaches to the result, are refused as binary.",
        "Lines end at `\\n` (and `\\r\\n`); a lone carriage return, which Node's readline also treats as a line end, is not one. When the provider's 256 KiB read cap ends a read before opencode's own limits do, its notice replaces the closing line.",
    ],

    confidence: Confidence::Source,
    reference: "anomalyco/opencode packages/opencode/src/skill/index.ts, session/system.ts (SystemPrompt.skills), tool/skill.ts, permission/index.ts, agent/agent.ts, config/paths.ts; recordings of opencode-ai 1.18.33 under tests/conformance/opencode@1.18.33",
};

/// opencode's own profile.
const OPENCODE: Profile = Profile {
    client: "opencode",
    env_prefix: "OPENCODE_",
    global_config: "opencode",
    config_folders: &[".opencode"],
    outside_git: OutsideGit::UpToRoot,
    global_config_files: &["config.json", "opencode.json", "opencode.jsonc"],
    project_config_names: &["opencode"],
    folder_config_files: &["opencode.json", "opencode.jsonc"],
    default_agent: "build",
    agent_aliases: &[],
    colon_fallback: ColonFallback::BlockScalar,
    written_gitignore: &[
        "node_modules",
        "package.json",
        "package-lock.json",
        "bun.lock",
        ".gitignore",
    ],
    content: plain_content,
    builtin_load: BuiltinLoad::AsSkill,
};

/// What differs between opencode and a client built from it, as data: the code of this module
/// takes a profile, so such a client is a profile plus what only it does.
pub(super) struct Profile {
    /// The client's name in messages.
    pub client: &'static str,
    /// The prefix of its environment switches (`OPENCODE_`, so `OPENCODE_CONFIG_DIR`).
    pub env_prefix: &'static str,
    /// Its folder in `$XDG_CONFIG_HOME` (else `~/.config`).
    pub global_config: &'static str,
    /// Its config folders, looked for in that order in each directory from the working
    /// directory up and in the home directory.
    pub config_folders: &'static [&'static str],
    /// How far up from the working directory `.claude/skills` and `.agents/skills` are looked
    /// for outside a git repository.
    pub outside_git: OutsideGit,
    /// The config files of the global folder, in merge order.
    pub global_config_files: &'static [&'static str],
    /// The names of the config files (`NAME.json`, `NAME.jsonc`) merged from the git root down to
    /// the working directory, one name after the other.
    pub project_config_names: &'static [&'static str],
    /// The config files read in each config folder, in merge order.
    pub folder_config_files: &'static [&'static str],
    /// The agent used when the config names none.
    pub default_agent: &'static str,
    /// Older names of the default agent, read as it in `default_agent` and `agent`.
    pub agent_aliases: &'static [&'static str],
    /// How a `key: value` line whose value holds a colon is rewritten when the YAML fails.
    pub colon_fallback: ColonFallback,
    /// What the client writes into a `.gitignore` of each of its config folders on start.
    pub written_gitignore: &'static [&'static str],
    /// A skill's content as the `skill` tool returns it, before trimming.
    pub content: fn(&Entry<'_>, &Context<'_>) -> String,
    /// What a built-in's load holds.
    pub builtin_load: BuiltinLoad,
}

/// Where the search for `.claude/skills` and `.agents/skills` stops outside a git repository.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum OutsideGit {
    /// Every directory up to `/` (opencode's worktree is then `/`).
    UpToRoot,
    /// The working directory only.
    WorkingDirectory,
}

/// `fallbackSanitization`'s rewrite of a top-level `key: value` line whose value holds a colon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ColonFallback {
    /// `key: |-` and the value on an indented line.
    BlockScalar,
    /// `key: "value"`, with `\` and `"` escaped.
    DoubleQuoted,
}

/// What the `skill` tool returns for a built-in skill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BuiltinLoad {
    /// The same wrapper as any skill, with `.` as its base directory and no files.
    AsSkill,
    /// Only the name and content inside `<skill_content>`.
    ContentOnly,
}

impl Profile {
    /// The switch `<prefix><name>`, read as opencode's `Flag` reads it.
    pub fn flag(&self, env: &Env, name: &str) -> bool {
        truthy(env, &self.var(name))
    }

    /// The environment variable `<prefix><name>`.
    pub fn var(&self, name: &str) -> String {
        format!("{}{name}", self.env_prefix)
    }
}

/// The skill's body as it is in the file.
fn plain_content(entry: &Entry<'_>, _: &Context<'_>) -> String {
    entry.skill.body().into_owned()
}

/// The two lines `SystemPrompt.skills` puts before `Skill.fmt`.
const INTRO: &str = "Skills provide specialized instructions and workflows for specific tasks.\nUse the skill tool to load a skill when a task matches its description.";

/// What `Skill.fmt` returns, instead of the whole block, when no skill has a description.
const NO_SKILLS: &str = "No skills are currently available.";

/// opencode's `Flag` reading of a switch: `true` (any case) or `1`.
fn truthy(env: &Env, key: &str) -> bool {
    env.var(key)
        .is_some_and(|v| v == "1" || v.eq_ignore_ascii_case("true"))
}

/// Whether the working directory is inside a git repository.
fn in_repository(env: &Env) -> bool {
    env.cwd.ancestors().any(|dir| dir.join(".git").exists())
}

/// `fsys.up` from the working directory to the worktree: the working directory first, then each
/// parent up to the git root, or up to `/` outside a repository (opencode's global project).
fn up_to_worktree(env: &Env) -> Vec<PathBuf> {
    if in_repository(env) {
        let mut dirs = env.project_root_to_cwd(".git");
        dirs.reverse();
        dirs
    } else {
        env.cwd.ancestors().map(PathBuf::from).collect()
    }
}

/// The directories searched for `.claude` and `.agents`, from the working directory up.
fn up_for_external(profile: &Profile, env: &Env) -> Vec<PathBuf> {
    match profile.outside_git {
        OutsideGit::WorkingDirectory if !in_repository(env) => vec![env.cwd.clone()],
        _ => up_to_worktree(env),
    }
}

/// One root as opencode globs it: at any depth, `.gitignore` not applied.
fn globbed(path: PathBuf, scope: Scope) -> RootSpec {
    RootSpec::recursive(path, scope, Some(usize::MAX)).without_gitignore()
}

fn roots(env: &Env) -> Vec<RootSpec> {
    roots_of(&OPENCODE, env)
}

/// `discoverSkills`, in scan order: external roots (`skills/**/SKILL.md` under `.claude` and
/// `.agents`, globally then up from the working directory), then the config directories
/// (`{skill,skills}/**/SKILL.md`).
pub(super) fn roots_of(profile: &Profile, env: &Env) -> Vec<RootSpec> {
    let mut roots = Vec::new();
    if !profile.flag(env, "DISABLE_EXTERNAL_SKILLS") {
        let claude_off = profile.flag(env, "DISABLE_CLAUDE_CODE")
            || profile.flag(env, "DISABLE_CLAUDE_CODE_SKILLS");
        let external: &[&str] = if claude_off {
            &[".agents"]
        } else {
            &[".claude", ".agents"]
        };
        for dir in external {
            if let Some(home) = &env.home {
                roots.push(globbed(home.join(dir).join("skills"), Scope::User));
            }
        }
        for base in &up_for_external(profile, env) {
            for dir in external {
                roots.push(globbed(base.join(dir).join("skills"), Scope::Project));
            }
        }
    }
    for (dir, scope) in config_dirs(profile, env) {
        for sub in ["skill", "skills"] {
            roots.push(globbed(dir.join(sub), scope));
        }
    }
    roots
}

/// `ConfigPaths.directories`: the global config folder, the project's config folders up to the
/// worktree, those of the home directory and `<prefix>CONFIG_DIR`, without repeats.
fn config_dirs(profile: &Profile, env: &Env) -> Vec<(PathBuf, Scope)> {
    let mut config: Vec<(PathBuf, Scope)> = Vec::new();
    config.extend(global_config_dir(profile, env).map(|dir| (dir, Scope::User)));
    if !profile.flag(env, "DISABLE_PROJECT_CONFIG") {
        for dir in up_to_worktree(env) {
            for folder in profile.config_folders {
                config.push((dir.join(folder), Scope::Project));
            }
        }
    }
    for folder in profile.config_folders {
        config.extend(env.home_join(folder).map(|dir| (dir, Scope::User)));
    }
    config.extend(
        env.var(&profile.var("CONFIG_DIR"))
            .map(|dir| (env.cwd.join(dir), Scope::User)),
    );
    let mut seen: Vec<(PathBuf, Scope)> = Vec::new();
    for (dir, scope) in config {
        if !seen.iter().any(|(d, _)| *d == dir) {
            seen.push((dir, scope));
        }
    }
    seen
}

/// `$XDG_CONFIG_HOME/<client>`, else `~/.config/<client>`.
fn global_config_dir(profile: &Profile, env: &Env) -> Option<PathBuf> {
    env.var("XDG_CONFIG_HOME")
        .map(|dir| env.cwd.join(dir))
        .or_else(|| env.home_join(".config"))
        .map(|dir| dir.join(profile.global_config))
}

/// Whether a root is one of the external `.claude/skills` or `.agents/skills` roots, which
/// opencode globs with `dot: true`; the config directories are globbed without it.
fn globbed_with_dot(root: &std::path::Path) -> bool {
    root.parent()
        .and_then(|p| p.file_name())
        .is_some_and(|n| n == ".claude" || n == ".agents")
        && root.file_name().is_some_and(|n| n == "skills")
}

fn admit(skill: &Skill) -> Result<Admitted, String> {
    admit_with(&OPENCODE, skill)
}

/// `add`: `ConfigMarkdown.parse` (gray-matter, then the colon fallback), then
/// `isSkillFrontmatter`: `name` a string, `description` absent or a string.
pub(super) fn admit_with(profile: &Profile, skill: &Skill) -> Result<Admitted, String> {
    let client = profile.client;
    if skill.origin.scope != Scope::Builtin && !skill.has_canonical_file_name() {
        return Err(format!(
            "skipped: {client}'s glob matches SKILL.md exactly, not `{}`",
            skill
                .skill_md
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
        ));
    }
    if skill.origin.scope != Scope::Custom
        && !globbed_with_dot(&skill.origin.root)
        && is_hidden_below(&skill.origin.root, &skill.dir)
    {
        return Err(format!(
            "skipped: {client} globs its config directories without dot files, so a skill inside a hidden directory is not found"
        ));
    }
    let fields = frontmatter_fields(profile, skill)?;
    let name = match field(&fields, "name") {
        Some(Value::String(name)) => name.clone(),
        Some(_) => return Err("skipped: `name` is not a string".to_owned()),
        None => return Err("skipped: no `name` in the frontmatter".to_owned()),
    };
    let description = match field(&fields, "description") {
        None => None,
        Some(Value::String(description)) => Some(description.clone()),
        Some(_) => {
            return Err(
                "skipped: `description` is present but not a string (an empty `description:` is null)"
                    .to_owned(),
            );
        }
    };
    Ok(Admitted { name, description })
}

/// The top-level frontmatter entries as the client reads them.
fn frontmatter_fields(profile: &Profile, skill: &Skill) -> Result<Vec<Field>, String> {
    // No frontmatter, an unclosed one or one that is not a mapping gives gray-matter no `name`.
    let FrontmatterState::Present(fm) = &skill.document.frontmatter else {
        return admit::parsed(skill).map(|()| Vec::new());
    };
    // gray-matter closes the frontmatter at the first `\n---`: a file whose lines end in lone
    // carriage returns has no frontmatter for it, hence no `name`.
    let text = skill.source.text();
    if !text.get(3..).is_some_and(|rest| rest.contains("\n---")) {
        return Err(
            "skipped: no `name`: gray-matter finds no `---` closing the frontmatter after a line feed"
                .to_owned(),
        );
    }
    // The line break before that `---` is not part of the YAML, so a keep-chomped block scalar
    // written last keeps one blank line fewer than a YAML parser of the whole block gives it.
    let yaml = skill.slice(fm.yaml);
    let reparsed = yaml
        .strip_suffix('\n')
        .filter(|shorter| shorter.ends_with('\n'))
        .map(frontmatter::parse_standalone);
    let content = reparsed.as_ref().unwrap_or(&fm.content);
    let fields = match content {
        Yaml::Mapping(fields) => fields.clone(),
        Yaml::NotMapping(_) => return admit::parsed(skill).map(|()| Vec::new()),
        // `ConfigMarkdown.parse` retries once with `fallbackSanitization`.
        Yaml::Invalid(_) => {
            let retried = sanitize_colons(profile.colon_fallback, &skill.slice(fm.yaml));
            match frontmatter::parse_standalone(&retried) {
                Yaml::Mapping(fields) => fields,
                Yaml::NotMapping(_) => Vec::new(),
                Yaml::Invalid(_) => {
                    let error = skill.parse_error().unwrap_or_default();
                    return Err(format!(
                        "skipped: {error} (also after quoting values that hold a colon)"
                    ));
                }
            }
        }
    };
    // js-yaml, unlike our parser, fails on a repeated key; the colon fallback cannot fix that.
    if let Some(key) = duplicate_key(&fields) {
        return Err(format!(
            "skipped: invalid YAML: duplicated mapping key `{key}`"
        ));
    }
    Ok(fields)
}

/// A top-level string key's value.
fn field<'a>(fields: &'a [Field], key: &str) -> Option<&'a Value> {
    fields
        .iter()
        .find(|f| f.key == key && f.key_kind == ValueKind::String)
        .map(|f| &f.value)
}

/// The first top-level key that appears twice.
fn duplicate_key(fields: &[Field]) -> Option<&str> {
    fields.iter().enumerate().find_map(|(i, f)| {
        fields[..i]
            .iter()
            .any(|earlier| earlier.key == f.key)
            .then_some(f.key.as_str())
    })
}

/// `fallbackSanitization` on the frontmatter text: a top-level `key: value` line whose value
/// holds a colon (and is not empty, quoted or a block indicator) is rewritten as `style` says.
/// Other lines are kept; the result is joined with `\n`.
fn sanitize_colons(style: ColonFallback, yaml: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    for line in yaml.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let trimmed = js_trim(line);
        if trimmed.starts_with('#') || trimmed.is_empty() || line.starts_with(is_js_space) {
            out.push(line.to_owned());
            continue;
        }
        match key_value(line) {
            Some((key, value))
                if !(value.is_empty()
                    || value == ">"
                    || value == "|"
                    || value.starts_with('"')
                    || value.starts_with('\''))
                    && value.contains(':') =>
            {
                match style {
                    ColonFallback::BlockScalar => {
                        out.push(format!("{key}: |-"));
                        out.push(format!("  {value}"));
                    }
                    ColonFallback::DoubleQuoted => {
                        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
                        out.push(format!("{key}: \"{escaped}\""));
                    }
                }
            }
            _ => out.push(line.to_owned()),
        }
    }
    out.join("\n")
}

/// `/^([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(.*)$/` on one line: the key and the trimmed value.
fn key_value(line: &str) -> Option<(&str, &str)> {
    let key_end = line
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_alphabetic() || c == '_' || (i > 0 && c.is_ascii_digit())))
        .map_or(line.len(), |(i, _)| i);
    if key_end == 0 {
        return None;
    }
    let (key, rest) = line.split_at(key_end);
    let rest = rest.trim_start_matches(is_js_space).strip_prefix(':')?;
    let value = rest.trim_start_matches(is_js_space);
    // `.` does not match a line terminator, and `$` is the end of the line.
    if value.contains(['\r', '\u{2028}', '\u{2029}']) {
        return None;
    }
    Some((key, js_trim(value)))
}

/// `escapeHtml` from opencode's `util/html.ts`.
fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    render_with(&OPENCODE, entries, cx)
}

/// `SystemPrompt.skills`: nothing when the default agent's rules deny the `skill` tool, else
/// the intro lines and `Skill.fmt(available, { verbose: true })`, where `available` leaves out
/// the skills the rules deny.
pub(super) fn render_with(profile: &Profile, entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    let rules = permission::skill_rules(profile, cx.env);
    if permission::tool_disabled(&rules) {
        let reason = format!(
            "skipped: the default agent's permission rules deny the `skill` tool, so {} sends no skills section",
            profile.client
        );
        let changes = entries
            .iter()
            .map(|entry| Change::new(entry, ChangeKind::Skipped, reason.as_str()))
            .collect();
        return Rendered {
            text: String::new(),
            listed: 0,
            budget: None,
            changes,
        };
    }
    let mut changes = Vec::new();
    let mut described: Vec<&Entry<'_>> = Vec::new();
    for entry in entries {
        if permission::denies(&rules, &entry.name) {
            changes.push(Change::new(
                entry,
                ChangeKind::Skipped,
                "skipped: the default agent's permission rules deny this skill",
            ));
        } else if entry.description.is_some() {
            described.push(entry);
        } else {
            changes.push(Change::new(
                entry,
                ChangeKind::Skipped,
                format!(
                    "skipped: no `description`; {} loads the skill but leaves it out of the catalog",
                    profile.client
                ),
            ));
        }
    }
    // `toSorted` is stable: names that collate equal keep discovery order.
    described.sort_by(|a, b| Collation::Locale.compare(&a.name, &b.name));
    let block = if described.is_empty() {
        NO_SKILLS.to_owned()
    } else {
        let mut lines = vec!["<available_skills>".to_owned()];
        for entry in &described {
            // A built-in's location is a word (`<built-in>`, `builtin`), not a path.
            let location = if entry.skill.origin.scope == Scope::Builtin {
                entry.skill.skill_md.to_string_lossy().into_owned()
            } else {
                cx.paths.show(&entry.skill.skill_md)
            };
            lines.extend([
                "  <skill>".to_owned(),
                format!("    <name>{}</name>", entry.name),
                format!("    <description>{}</description>", entry.description()),
                format!("    <location>{}</location>", escape_html(&location)),
                "  </skill>".to_owned(),
            ]);
        }
        lines.push("</available_skills>".to_owned());
        lines.join("\n")
    };
    Rendered {
        text: format!("{INTRO}\n{block}"),
        listed: described.len(),
        budget: None,
        changes,
    }
}

/// How many bundled files the `skill` tool lists.
const SAMPLED_FILES: usize = 10;
/// The `read` tool's defaults and caps (`read.ts`).
const DEFAULT_READ_LIMIT: usize = 2000;
const MAX_LINE_LENGTH: u64 = 2000;
const MAX_BYTES: usize = 50 * 1024;
/// Extensions `read.ts` treats as binary whatever their content.
const BINARY_EXTENSIONS: &[&str] = &[
    "zip", "tar", "gz", "exe", "dll", "so", "class", "jar", "war", "7z", "doc", "docx", "xls",
    "xlsx", "ppt", "pptx", "odt", "ods", "odp", "bin", "dat", "obj", "o", "a", "lib", "wasm",
    "pyc", "pyo",
];

/// The `skill` tool's error for a name it does not know: every known name, sorted by UTF-16
/// code units (JavaScript's default sort), or `none`.
fn not_found(name: &str, known: &[Entry<'_>]) -> String {
    let mut names: Vec<&str> = known.iter().map(|e| e.name.as_str()).collect();
    names.sort_by(|a, b| a.encode_utf16().cmp(b.encode_utf16()));
    names.dedup();
    let available = if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    };
    format!("Skill \"{name}\" not found. Available skills: {available}")
}

fn load(input: &LoadInput<'_>) -> Output {
    load_with(&OPENCODE, input)
}

/// The `skill` tool (`tool/skill.ts`): the trimmed content under `# Skill: name`, the skill's
/// directory and up to ten of its other files as ripgrep lists them, by absolute path.
pub(super) fn load_with(profile: &Profile, input: &LoadInput<'_>) -> Output {
    let call = Call::with("skill", "name", input.name);
    let Some(entry) = input.entry() else {
        return Output::tool_error(call, not_found(input.name, input.known)).record("wire", WIRE);
    };
    let builtin = entry.skill.origin.scope == Scope::Builtin;
    let content = (profile.content)(entry, input.cx);
    let head = [
        format!("<skill_content name=\"{}\">", entry.name),
        format!("# Skill: {}", entry.name),
        String::new(),
        js_trim(&content).to_owned(),
    ];
    if builtin && profile.builtin_load == BuiltinLoad::ContentOnly {
        let text = [&head[..], &["</skill_content>".to_owned()]]
            .concat()
            .join("\n");
        return Output::tool(call, text).record("wire", WIRE);
    }
    // `path.dirname("<built-in>")` is `.`.
    let dir = if builtin {
        ".".to_owned()
    } else {
        input.cx.paths.show(&entry.skill.dir)
    };
    let config: Vec<PathBuf> = config_dirs(profile, input.cx.env)
        .into_iter()
        .map(|(dir, _)| std::fs::canonicalize(&dir).unwrap_or(dir))
        .collect();
    let listing = RipgrepListing {
        exclude: &["**/SKILL.md", "**/.git/**"],
        written_gitignore: (&config, profile.written_gitignore),
        limit: SAMPLED_FILES,
    };
    let files = if builtin {
        Vec::new()
    } else {
        input
            .provider
            .ripgrep_files(entry.skill, &listing)
            .unwrap_or_default()
    };
    let sampled: Vec<String> = files
        .iter()
        .map(|file| format!("<file>{dir}/{file}</file>"))
        .collect();
    let tail = [
        String::new(),
        format!("Base directory for this skill: {dir}"),
        "Relative paths in this skill (e.g., scripts/, reference/) are relative to this base directory.".to_owned(),
        "Note: file list is sampled.".to_owned(),
        String::new(),
        "<skill_files>".to_owned(),
        sampled.join("\n"),
        "</skill_files>".to_owned(),
        "</skill_content>".to_owned(),
    ];
    let text = [&head[..], &tail[..]].concat().join("\n");
    Output::tool(call, text).record("wire", WIRE)
}

/// Where a load sits in the next request.
const WIRE: &str = "the content of the `tool` message answering the skill call";

/// The `read` tool (`tool/read.ts`) on the file's absolute path: numbered lines from `offset`,
/// at most `limit` of them and 50 KB, then where the file ends or how to read on.
pub(super) fn read(input: &ReadInput<'_>) -> Output {
    let Some(entry) = input.entry() else {
        return Output::tool_error(
            read_call(input.path, input.lines),
            not_found(input.name, input.known),
        );
    };
    let path = if std::path::Path::new(input.path).is_absolute() {
        input.path.to_owned()
    } else {
        format!("{}/{}", input.cx.paths.show(&entry.skill.dir), input.path)
    };
    let call = read_call(&path, input.lines);
    let offset = input.lines.map_or(1, |range| range.start.max(1));
    let limit = input
        .lines
        .and_then(|range| range.end)
        .map_or(DEFAULT_READ_LIMIT, |end| {
            end.saturating_add(1).saturating_sub(offset)
        });
    let binary_extension = std::path::Path::new(input.path)
        .extension()
        .is_some_and(|ext| {
            BINARY_EXTENSIONS.contains(&ext.to_string_lossy().to_lowercase().as_str())
        });
    let from_offset = LineRange {
        start: offset,
        end: None,
    };
    let result = if binary_extension {
        // The extension is checked before the content, but only for a file that exists.
        input
            .provider
            .read_resource_of(entry.skill, input.path, Some(from_offset))
            .and_then(|_| {
                Err(ResourceError::Binary {
                    path: input.path.to_owned(),
                    offset: 0,
                })
            })
    } else {
        input
            .provider
            .read_resource_of(entry.skill, input.path, Some(from_offset))
    };
    match result {
        Ok(resource) => Output::tool(call, numbered(&path, offset, limit, &resource)),
        Err(ResourceError::NotFound { .. }) => {
            Output::tool_error(call, format!("File not found: {path}"))
        }
        Err(ResourceError::Binary { .. }) => {
            Output::tool_error(call, format!("Cannot read binary file: {path}"))
        }
        Err(ResourceError::RangeOutOfBounds { lines, .. }) => Output::tool_error(
            call,
            format!("Offset {offset} is out of range for this file ({lines} lines)"),
        ),
        Err(err) => Output::tool_error(call, err.to_string()),
    }
}

/// `read {filePath, offset?, limit?}`.
fn read_call(path: &str, lines: Option<LineRange>) -> Call {
    let mut arguments = vec![("filePath", serde_json::Value::from(path))];
    if let Some(range) = lines {
        arguments.push(("offset", range.start.into()));
        if let Some(end) = range.end {
            arguments.push((
                "limit",
                end.saturating_add(1).saturating_sub(range.start).into(),
            ));
        }
    }
    Call::with_args("read", &arguments)
}

/// `read.ts`'s text output for the lines from `offset` to the end of the file (as the provider
/// returned them): lines split as Node's readline splits them (`\n`, `\r\n`).
fn numbered(path: &str, offset: usize, limit: usize, resource: &Resource) -> String {
    let body = resource.text.strip_suffix('\n').unwrap_or(&resource.text);
    let lines: Vec<&str> = if resource.text.is_empty() {
        Vec::new()
    } else {
        body.split('\n')
            .map(|line| line.strip_suffix('\r').unwrap_or(line))
            .collect()
    };
    let count = offset.saturating_sub(1) + lines.len();
    let mut shown: Vec<String> = Vec::new();
    let mut bytes = 0;
    let mut cut = false;
    for line in &lines {
        if shown.len() >= limit {
            break;
        }
        let line = if Unit::Utf16.measure(line) > MAX_LINE_LENGTH {
            format!(
                "{}... (line truncated to {MAX_LINE_LENGTH} chars)",
                text::prefix_within(line, Unit::Utf16, MAX_LINE_LENGTH)
            )
        } else {
            (*line).to_owned()
        };
        let size = line.len() + usize::from(!shown.is_empty());
        if bytes + size > MAX_BYTES {
            cut = true;
            break;
        }
        bytes += size;
        shown.push(line);
    }
    let more = shown.len() < lines.len();
    let last = (offset + shown.len()).saturating_sub(1);
    let next = last + 1;
    let mut out = format!("<path>{path}</path>\n<type>file</type>\n<content>\n");
    let numbered: Vec<String> = shown
        .iter()
        .enumerate()
        .map(|(i, line)| format!("{}: {line}", i + offset))
        .collect();
    out.push_str(&numbered.join("\n"));
    if cut {
        out.push_str(&format!(
            "\n\n(Output capped at 50 KB. Showing lines {offset}-{last}. Use offset={next} to continue.)"
        ));
    } else if let Some(notice) = resource.truncation_notice() {
        // The file goes on past what the provider read: its length is not known.
        out.push_str(&format!("\n\n{notice}"));
    } else if more {
        out.push_str(&format!(
            "\n\n(Showing lines {offset}-{last} of {count}. Use offset={next} to continue.)"
        ));
    } else {
        out.push_str(&format!("\n\n(End of file - total {count} lines)"));
    }
    out.push_str("\n</content>");
    out
}

/// The default agent's permission rules as far as they concern the `skill` tool
/// (`permission/index.ts`, `agent/agent.ts`, `config/config.ts`).
mod permission {
    use std::fmt;
    use std::path::PathBuf;

    use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

    use super::{Env, Profile, config_dirs, global_config_dir, up_to_worktree};

    /// A JSON value with its object keys in file order: rules are matched last first, so the
    /// order is part of their meaning.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Json {
        Object(Vec<(String, Json)>),
        String(String),
        Other,
    }

    impl Json {
        fn get(&self, key: &str) -> Option<&Self> {
            match self {
                Self::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
                _ => None,
            }
        }
    }

    impl<'de> Deserialize<'de> for Json {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_any(JsonVisitor)
        }
    }

    struct JsonVisitor;

    impl<'de> Visitor<'de> for JsonVisitor {
        type Value = Json;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a JSON value")
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Json, E> {
            Ok(Json::String(v.to_owned()))
        }

        fn visit_bool<E: de::Error>(self, _: bool) -> Result<Json, E> {
            Ok(Json::Other)
        }

        fn visit_i64<E: de::Error>(self, _: i64) -> Result<Json, E> {
            Ok(Json::Other)
        }

        fn visit_u64<E: de::Error>(self, _: u64) -> Result<Json, E> {
            Ok(Json::Other)
        }

        fn visit_f64<E: de::Error>(self, _: f64) -> Result<Json, E> {
            Ok(Json::Other)
        }

        fn visit_unit<E: de::Error>(self) -> Result<Json, E> {
            Ok(Json::Other)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
            while seq.next_element::<Json>()?.is_some() {}
            Ok(Json::Other)
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
            let mut fields: Vec<(String, Json)> = Vec::new();
            while let Some((key, value)) = map.next_entry::<String, Json>()? {
                match fields.iter_mut().find(|(k, _)| *k == key) {
                    Some(slot) => slot.1 = value,
                    None => fields.push((key, value)),
                }
            }
            Ok(Json::Object(fields))
        }
    }

    /// `mergeDeep`: objects merge key by key (a key already there keeps its place), anything
    /// else is replaced.
    pub fn merge(into: &mut Json, from: Json) {
        match (into, from) {
            (Json::Object(fields), Json::Object(more)) => {
                for (key, value) in more {
                    match fields.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, slot)) => merge(slot, value),
                        None => fields.push((key, value)),
                    }
                }
            }
            (slot, value) => *slot = value,
        }
    }

    /// JSONC as JSON: `//` and `/* */` comments and commas before `}` or `]` removed, outside
    /// strings.
    pub fn strip_jsonc(text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut chars = text.chars().peekable();
        let mut in_string = false;
        while let Some(c) = chars.next() {
            if in_string {
                out.push(c);
                if c == '\\' {
                    out.extend(chars.next());
                } else if c == '"' {
                    in_string = false;
                }
                continue;
            }
            match (c, chars.peek()) {
                ('"', _) => {
                    in_string = true;
                    out.push(c);
                }
                ('/', Some('/')) => {
                    for next in chars.by_ref() {
                        if next == '\n' {
                            out.push('\n');
                            break;
                        }
                    }
                }
                ('/', Some('*')) => {
                    chars.next();
                    let mut last = ' ';
                    for next in chars.by_ref() {
                        if last == '*' && next == '/' {
                            break;
                        }
                        last = next;
                    }
                }
                (']' | '}', _) => {
                    let kept = out.trim_end().len();
                    if out[..kept].ends_with(',') {
                        out.truncate(kept - 1);
                    }
                    out.push(c);
                }
                _ => out.push(c),
            }
        }
        out
    }

    /// The config files the client merges, in order.
    fn config_files(profile: &Profile, env: &Env) -> Vec<PathBuf> {
        let mut files = Vec::new();
        if let Some(global) = global_config_dir(profile, env) {
            for name in profile.global_config_files {
                files.push(global.join(name));
            }
        }
        if let Some(custom) = env.var(&profile.var("CONFIG")) {
            files.push(env.cwd.join(custom));
        }
        if !profile.flag(env, "DISABLE_PROJECT_CONFIG") {
            for name in profile.project_config_names {
                for dir in up_to_worktree(env).iter().rev() {
                    for ext in ["json", "jsonc"] {
                        files.push(dir.join(format!("{name}.{ext}")));
                    }
                }
            }
        }
        let custom = env.var(&profile.var("CONFIG_DIR")).map(|d| env.cwd.join(d));
        for (dir, _) in config_dirs(profile, env) {
            let is_folder = dir
                .file_name()
                .is_some_and(|name| profile.config_folders.iter().any(|f| name == *f));
            if is_folder || Some(&dir) == custom.as_ref() {
                for name in profile.folder_config_files {
                    files.push(dir.join(name));
                }
            }
        }
        files
    }

    /// The merged config: every config file, then `<prefix>CONFIG_CONTENT`, then
    /// `<prefix>PERMISSION` merged into `permission`.
    fn config(profile: &Profile, env: &Env) -> Json {
        let mut merged = Json::Object(Vec::new());
        let mut seen: Vec<PathBuf> = Vec::new();
        for file in config_files(profile, env) {
            if seen.contains(&file) {
                continue;
            }
            if let Some(text) = crate::fsafe::read_config_text(&file, crate::fsafe::CONFIG_CAP)
                && let Ok(json) = serde_json::from_str::<Json>(&strip_jsonc(&text))
            {
                merge(&mut merged, json);
            }
            seen.push(file);
        }
        if let Some(text) = env.var(&profile.var("CONFIG_CONTENT"))
            && let Ok(json) = serde_json::from_str::<Json>(&strip_jsonc(text))
        {
            merge(&mut merged, json);
        }
        if let Some(text) = env.var(&profile.var("PERMISSION"))
            && let Ok(json) = serde_json::from_str::<Json>(text)
        {
            merge(
                &mut merged,
                Json::Object(vec![("permission".to_owned(), json)]),
            );
        }
        merged
    }

    /// One rule: a pattern for the permission, a pattern for the subject, an action.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Rule {
        pub permission: String,
        pub pattern: String,
        pub action: String,
    }

    /// `Permission.fromConfig`: a string is a rule for every subject; an object gives one rule
    /// per pattern (`~/` and `$HOME` expanded).
    pub fn from_config(config: Option<&Json>, home: Option<&str>) -> Vec<Rule> {
        let Some(Json::Object(fields)) = config else {
            return Vec::new();
        };
        let mut rules = Vec::new();
        for (permission, value) in fields {
            match value {
                Json::String(action) => rules.push(Rule {
                    permission: permission.clone(),
                    pattern: "*".to_owned(),
                    action: action.clone(),
                }),
                Json::Object(patterns) => {
                    for (pattern, action) in patterns {
                        if let Json::String(action) = action {
                            rules.push(Rule {
                                permission: permission.clone(),
                                pattern: expand_home(pattern, home),
                                action: action.clone(),
                            });
                        }
                    }
                }
                Json::Other => {}
            }
        }
        rules
    }

    fn expand_home(pattern: &str, home: Option<&str>) -> String {
        let Some(home) = home else {
            return pattern.to_owned();
        };
        if let Some(rest) = pattern.strip_prefix("~/") {
            format!("{home}/{rest}")
        } else if pattern == "~" {
            home.to_owned()
        } else if let Some(rest) = pattern.strip_prefix("$HOME") {
            format!("{home}{rest}")
        } else {
            pattern.to_owned()
        }
    }

    /// The default agent's rules for the `skill` permission: the client's defaults (of which
    /// only `"*": "allow"` matches it), the config's `permission`, then the agent's own.
    pub fn skill_rules(profile: &Profile, env: &Env) -> Vec<Rule> {
        let config = config(profile, env);
        let home = env.home.as_ref().map(|h| h.to_string_lossy().into_owned());
        // An older name of the default agent stands for it.
        let canonical = |name: &str| {
            if profile.agent_aliases.contains(&name) {
                profile.default_agent.to_owned()
            } else {
                name.to_owned()
            }
        };
        let agent = match config.get("default_agent") {
            Some(Json::String(name)) => canonical(name),
            _ => profile.default_agent.to_owned(),
        };
        let mut rules = vec![Rule {
            permission: "*".to_owned(),
            pattern: "*".to_owned(),
            action: "allow".to_owned(),
        }];
        rules.extend(from_config(config.get("permission"), home.as_deref()));
        // Renamed entries replace one another: the last one of the agent's names counts.
        let own = match config.get("agent") {
            Some(Json::Object(agents)) => agents
                .iter()
                .rev()
                .find(|(name, _)| canonical(name) == agent)
                .and_then(|(_, settings)| settings.get("permission")),
            _ => None,
        };
        rules.extend(from_config(own, home.as_deref()));
        rules.retain(|rule| matches(&rule.permission, "skill"));
        rules
    }

    /// `Permission.disabled(["skill"], rules)`: the last rule for `skill` denies every subject.
    pub fn tool_disabled(rules: &[Rule]) -> bool {
        rules
            .last()
            .is_some_and(|rule| rule.pattern == "*" && rule.action == "deny")
    }

    /// `Permission.evaluate("skill", name, rules).action === "deny"`.
    pub fn denies(rules: &[Rule], name: &str) -> bool {
        rules
            .iter()
            .rev()
            .find(|rule| matches(&rule.pattern, name))
            .is_some_and(|rule| rule.action == "deny")
    }

    /// `Wildcard.match`: `*` any text, `?` any one character, a final ` *` also matching
    /// nothing; the whole subject must match; `\` counts as `/`.
    pub fn matches(pattern: &str, subject: &str) -> bool {
        let pattern: Vec<char> = pattern.replace('\\', "/").chars().collect();
        let subject: Vec<char> = subject.replace('\\', "/").chars().collect();
        if let [head @ .., ' ', '*'] = pattern.as_slice()
            && glob(head, &subject)
        {
            return true;
        }
        glob(&pattern, &subject)
    }

    /// Wildcard matching, backtracking to the last `*`.
    fn glob(pattern: &[char], subject: &[char]) -> bool {
        let (mut p, mut s) = (0, 0);
        let mut star: Option<(usize, usize)> = None;
        while s < subject.len() {
            match pattern.get(p) {
                Some('*') => {
                    star = Some((p, s));
                    p += 1;
                }
                Some(c) if *c == '?' || *c == subject[s] => {
                    p += 1;
                    s += 1;
                }
                _ => match star {
                    Some((sp, ss)) => {
                        p = sp + 1;
                        s = ss + 1;
                        star = Some((sp, ss + 1));
                    }
                    None => return false,
                },
            }
        }
        pattern[p..].iter().all(|c| *c == '*')
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self};

    fn md(name: &str, description: &str) -> String {
        format!("---\nname: {name}\ndescription: {description}\n---\nBody\n")
    }

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    fn with_skills<T>(skills: Vec<MemorySkill>, f: impl FnOnce(&LoadInput<'_>) -> T) -> T {
        use crate::provider::{MemoryProvider, SkillProvider};
        let provider = MemoryProvider::new(skills);
        let env = catalog::testing::env();
        let paths = catalog::Paths::absolute(None);
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: None,
            model: None,
        };
        let (known, _) = catalog::known(&TARGET, provider.list(), &cx);
        f(&LoadInput {
            name: "",
            known: &known,
            provider: &provider,
            earlier_loads: 0,
            mode: None,
            cx: &cx,
        })
    }

    fn loaded(skills: Vec<MemorySkill>, name: &str, earlier_loads: usize) -> Output {
        with_skills(skills, |input| {
            load(&LoadInput {
                name,
                earlier_loads,
                ..*input
            })
        })
    }

    fn resource(text: &str) -> Resource {
        Resource {
            path: "f.md".to_owned(),
            text: text.to_owned(),
            lines: None,
            truncated: None,
            lossy: false,
        }
    }

    #[test]
    fn ten_files_are_sampled_without_any_skill_md() {
        let mut skill = MemorySkill::new("/s/big", md("big", "Big."));
        for i in 0..12 {
            skill = skill.with_file(&format!("f{i:02}.txt"), "x");
        }
        skill = skill
            .with_file(".hidden", "x")
            .with_file("nested/SKILL.md", "x")
            .with_file("OLD_SKILL.md.bak", "x");
        let out = loaded(vec![skill], "big", 0);
        let files: Vec<&str> = out.parts[0]
            .text
            .lines()
            .filter(|l| l.starts_with("<file>"))
            .collect();
        assert_eq!(files.len(), 10);
        assert_eq!(files[0], "<file>/s/big/.hidden</file>");
        assert_eq!(files[1], "<file>/s/big/OLD_SKILL.md.bak</file>");
        assert_eq!(files[9], "<file>/s/big/f07.txt</file>");
        assert!(!out.parts[0].text.contains("SKILL.md<"));
    }

    #[test]
    fn a_second_load_is_the_same_and_unknown_names_list_the_rest() {
        let skills = || {
            vec![
                MemorySkill::new("/s/b", md("b", "B.")),
                MemorySkill::new("/s/a", md("a", "A.")),
            ]
        };
        let first = loaded(skills(), "a", 0);
        assert!(
            first.parts[0]
                .text
                .contains("\n# Skill: a\n\nBody\n\nBase directory for this skill: /s/a\n")
        );
        assert_eq!(loaded(skills(), "a", 1), first);
        let unknown = loaded(skills(), "c", 0);
        assert!(unknown.error);
        // Sorted by UTF-16 code units: uppercase before lowercase.
        assert_eq!(
            unknown.display(),
            "Skill \"c\" not found. Available skills: a, b"
        );
        assert_eq!(
            loaded(Vec::new(), "c", 0).display(),
            "Skill \"c\" not found. Available skills: none"
        );
    }

    #[test]
    fn wildcards_match_like_opencode() {
        assert!(permission::matches("pdf-*", "pdf-processing"));
        assert!(!permission::matches("pdf-*", "my-pdf-tool"));
        assert!(permission::matches("?b*", "ab"));
        assert!(permission::matches("git *", "git"));
        assert!(permission::matches("a.b", "a.b"));
        assert!(!permission::matches("a.b", "axb"));
        assert!(permission::matches("*", ""));
    }

    #[test]
    fn rules_come_from_the_config_the_environment_and_the_agent() {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("config/opencode");
        std::fs::create_dir_all(&config).unwrap();
        std::fs::write(
            config.join("opencode.jsonc"),
            "{\n  // comment\n  \"permission\": {\"skill\": {\"secret-*\": \"deny\",}},\n  \"agent\": {\"build\": {\"permission\": {\"skill\": {\"pdf-*\": \"deny\"}}}}\n}\n",
        )
        .unwrap();
        let env = Env::new(dir.path(), Some(dir.path().join("home"))).with_var(
            "XDG_CONFIG_HOME",
            &dir.path().join("config").display().to_string(),
        );
        let rules = permission::skill_rules(&OPENCODE, &env);
        assert!(permission::denies(&rules, "secret-notes"));
        assert!(permission::denies(&rules, "pdf-processing"));
        assert!(!permission::denies(&rules, "code-review"));
        assert!(!permission::tool_disabled(&rules));
        // OPENCODE_PERMISSION is merged into the config's `permission`: its `*` comes after
        // the config's own rules and wins over them, but not over the agent's.
        let env = env.with_var("OPENCODE_PERMISSION", r#"{"*":"allow"}"#);
        let rules = permission::skill_rules(&OPENCODE, &env);
        assert!(!permission::denies(&rules, "secret-notes"));
        assert!(permission::denies(&rules, "pdf-processing"));
        let env = env.with_var(
            "OPENCODE_CONFIG_CONTENT",
            r#"{"agent":{"build":{"permission":{"skill":"deny"}}}}"#,
        );
        assert!(permission::tool_disabled(&permission::skill_rules(
            &OPENCODE, &env
        )));
    }

    #[test]
    fn jsonc_comments_and_trailing_commas_are_dropped() {
        assert_eq!(
            permission::strip_jsonc("{\"a\": \"x // y\", // c\n /* d */ \"b\": [1, 2,],}"),
            "{\"a\": \"x // y\", \n  \"b\": [1, 2]}"
        );
    }

    #[test]
    fn reads_number_lines_and_say_where_the_file_ends() {
        let all = numbered("/f", 1, 2000, &resource("a\r\n\nc\n"));
        assert_eq!(
            all,
            "<path>/f</path>\n<type>file</type>\n<content>\n1: a\n2: \n3: c\n\n(End of file - total 3 lines)\n</content>"
        );
        // From line 2, at most one line, of a file of 4.
        assert!(numbered("/f", 2, 1, &resource("b\nc\nd")).ends_with(
            "<content>\n2: b\n\n(Showing lines 2-2 of 4. Use offset=3 to continue.)\n</content>"
        ));
        assert!(
            numbered("/f", 1, 2000, &resource(""))
                .ends_with("<content>\n\n\n(End of file - total 0 lines)\n</content>")
        );
    }

    #[test]
    fn long_lines_are_cut_and_output_is_capped_at_50_kb() {
        let long = "é".repeat(2001);
        let out = numbered("/f", 1, 2000, &resource(&long));
        assert!(out.contains(&format!(
            "1: {}... (line truncated to 2000 chars)\n",
            "é".repeat(2000)
        )));
        // 40 lines of 2000 ASCII characters: 25 fit in 50 KB.
        let text = format!("{}\n", "x".repeat(2000)).repeat(40);
        let out = numbered("/f", 1, 2000, &resource(&text));
        assert!(out.contains("\n25: x"));
        assert!(!out.contains("\n26: x"));
        assert!(out.ends_with(
            "(Output capped at 50 KB. Showing lines 1-25. Use offset=26 to continue.)\n</content>"
        ));
    }

    #[test]
    fn read_errors_use_the_read_tools_words() {
        let skills = || {
            vec![
                MemorySkill::new("/s/a", md("a", "A."))
                    .with_file("notes.md", "one\ntwo\n")
                    .with_file("archive.zip", "PK text"),
            ]
        };
        let read_with = |path: &str, lines: Option<LineRange>| {
            with_skills(skills(), |input| {
                read(&ReadInput {
                    name: "a",
                    path,
                    lines,
                    known: input.known,
                    provider: input.provider,
                    mode: None,
                    cx: input.cx,
                })
            })
        };
        let missing = read_with("nope.md", None);
        assert!(missing.error);
        assert_eq!(missing.display(), "File not found: /s/a/nope.md");
        assert_eq!(
            read_with("archive.zip", None).display(),
            "Cannot read binary file: /s/a/archive.zip"
        );
        let past = read_with("notes.md", Some(LineRange::new(5, Some(6)).unwrap()));
        assert_eq!(
            past.display(),
            "Offset 5 is out of range for this file (2 lines)"
        );
        assert_eq!(
            past.call.unwrap().arguments,
            r#"{"filePath":"/s/a/notes.md","offset":5,"limit":2}"#
        );
    }

    #[test]
    fn sorts_with_locale_compare_not_bytes() {
        let cat = build(vec![
            MemorySkill::new("/s/beta", md("Beta", "b")),
            MemorySkill::new("/s/alpha", md("alpha", "a")),
            MemorySkill::new("/s/x", md("_x", "x")),
            MemorySkill::new("/s/ab", md("a-b", "ab")),
        ]);
        let names: Vec<&str> = cat
            .text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("<name>"))
            .filter_map(|l| l.strip_suffix("</name>"))
            .collect();
        // Byte order would be `Beta`, `_x`, `a-b`, `alpha`.
        assert_eq!(names, ["_x", "a-b", "alpha", "Beta"]);
    }

    #[test]
    fn exact_text_with_no_trailing_newline() {
        let cat = build(vec![MemorySkill::new(
            "/s/r&d's",
            md("r-and-d", "Plans <research> & \"development\"."),
        )]);
        assert_eq!(
            cat.text,
            "Skills provide specialized instructions and workflows for specific tasks.\n\
             Use the skill tool to load a skill when a task matches its description.\n\
             <available_skills>\n  <skill>\n    <name>r-and-d</name>\n    \
             <description>Plans <research> & \"development\".</description>\n    \
             <location>/s/r&amp;d&#39;s/SKILL.md</location>\n  </skill>\n</available_skills>"
        );
    }

    #[test]
    fn skills_without_description_are_hidden_and_the_empty_block_says_so() {
        let cat = build(vec![MemorySkill::new(
            "/s/quiet",
            "---\nname: quiet\n---\nBody\n",
        )]);
        assert_eq!(cat.listed, 0);
        assert!(
            cat.text
                .ends_with("its description.\nNo skills are currently available.")
        );
        assert_eq!(cat.changes.len(), 1);
        assert_eq!(cat.changes[0].kind, ChangeKind::Skipped);
    }

    #[test]
    fn null_or_non_string_fields_skip_the_skill() {
        let cat = build(vec![
            MemorySkill::new("/s/a", "---\nname: a\ndescription:\n---\n"),
            MemorySkill::new("/s/b", "---\nname: b\ndescription: 3\n---\n"),
            MemorySkill::new("/s/c", "---\nname: 12\ndescription: c\n---\n"),
            MemorySkill::new("/s/d", "---\ndescription: d\n---\n"),
        ]);
        assert_eq!(cat.listed, 0);
        assert!(
            cat.changes
                .iter()
                .all(|c| c.kind == ChangeKind::Skipped && c.reason.starts_with("skipped: "))
        );
        assert_eq!(cat.changes.len(), 4);
    }

    #[test]
    fn colons_in_values_are_rescued_but_duplicate_keys_are_not() {
        let cat = build(vec![
            MemorySkill::new(
                "/s/colon",
                "---\nname: colon\ndescription: Use when: the user asks\n---\n",
            ),
            MemorySkill::new(
                "/s/twice",
                "---\nname: twice\nname: again\ndescription: d\n---\n",
            ),
        ]);
        assert!(
            cat.text
                .contains("<description>Use when: the user asks</description>")
        );
        assert_eq!(cat.listed, 1);
        assert!(
            cat.changes[0]
                .reason
                .contains("duplicated mapping key `name`")
        );
    }

    #[test]
    fn sanitizing_matches_the_fallback() {
        let yaml =
            "name: a\ndescription: x: y\n  cont: z\nq: \"a: b\"\nallowed-tools: a:b\r\n# c: d";
        assert_eq!(
            sanitize_colons(ColonFallback::BlockScalar, yaml),
            "name: a\ndescription: |-\n  x: y\n  cont: z\nq: \"a: b\"\nallowed-tools: a:b\n# c: d"
        );
        assert_eq!(
            sanitize_colons(ColonFallback::DoubleQuoted, "d: say \"a: b\" \\ c"),
            "d: \"say \\\"a: b\\\" \\\\ c\""
        );
        assert_eq!(key_value("k1 : v"), Some(("k1", "v")));
        assert_eq!(key_value("1k: v"), None);
    }

    #[test]
    fn last_duplicate_wins_and_says_it_is_unstable() {
        let cat = build(vec![
            MemorySkill::new("/u/dup", md("dup", "first")),
            MemorySkill::new("/p/dup", md("dup", "second")),
        ]);
        assert!(cat.text.contains("<description>second</description>"));
        assert_eq!(cat.changes[0].kind, ChangeKind::Shadowed);
        assert!(cat.changes[0].reason.contains("can change from run to run"));
    }

    #[test]
    fn roots_follow_the_scan_order_and_switches() {
        let env = Env::new("/nowhere/proj", Some("/h".into()));
        let shown: Vec<String> = roots(&env)
            .iter()
            .map(|r| r.path.display().to_string())
            .collect();
        assert_eq!(
            shown,
            [
                "/h/.claude/skills",
                "/h/.agents/skills",
                "/nowhere/proj/.claude/skills",
                "/nowhere/proj/.agents/skills",
                "/nowhere/.claude/skills",
                "/nowhere/.agents/skills",
                "/.claude/skills",
                "/.agents/skills",
                "/h/.config/opencode/skill",
                "/h/.config/opencode/skills",
                "/nowhere/proj/.opencode/skill",
                "/nowhere/proj/.opencode/skills",
                "/nowhere/.opencode/skill",
                "/nowhere/.opencode/skills",
                "/.opencode/skill",
                "/.opencode/skills",
                "/h/.opencode/skill",
                "/h/.opencode/skills",
            ]
        );
        let env = Env::new("/nowhere", Some("/h".into()))
            .with_var("OPENCODE_DISABLE_EXTERNAL_SKILLS", "TRUE")
            .with_var("OPENCODE_DISABLE_PROJECT_CONFIG", "1")
            .with_var("XDG_CONFIG_HOME", "/x")
            .with_var("OPENCODE_CONFIG_DIR", "/c");
        let shown: Vec<String> = roots(&env)
            .iter()
            .map(|r| r.path.display().to_string())
            .collect();
        assert_eq!(
            shown,
            [
                "/x/opencode/skill",
                "/x/opencode/skills",
                "/h/.opencode/skill",
                "/h/.opencode/skills",
                "/c/skill",
                "/c/skills",
            ]
        );
        let env = Env::new("/nowhere", Some("/h".into()))
            .with_var("OPENCODE_DISABLE_CLAUDE_CODE_SKILLS", "yes");
        assert!(
            roots(&env)
                .iter()
                .any(|r| r.path.ends_with(".claude/skills"))
        );
    }
}
