//! `codex`: OpenAI Codex (`codex-rs/core-skills`). The catalog is one developer message,
//! `<skills_instructions>…</skills_instructions>`, with a `- name: description (file: path)`
//! line per skill, sorted by scope and name and fitted to a budget in three tiers, with root
//! aliases when they fit more (runtime-formats.md §2; `render.rs` @ 0899b7c).

use std::collections::{BTreeMap, HashMap};
use std::path::{Component, Path, PathBuf};

use super::catalog::{
    Admitted, BudgetUse, Change, ChangeKind, Collision, Context, Entry, Rendered,
};
use super::env::{Env, RootSpec};
use super::load::{
    Call, Lifetime, LoadInput, Mode, Output, Part, Placement, ReadInput, Role, Session,
};
use super::text::{self, Unit};
use super::{Budget, Confidence, ExtraField, NameCharset, Target};
use crate::frontmatter::{self, Field, Value, ValueKind, Yaml};
use crate::skill::{Scope, Skill};

/// Codex searches directories up to 6 levels below a root, so a `SKILL.md` is at most 7 deep.
const SCAN_LEVELS: usize = 7;
const MAX_NAME_LEN: usize = 64;
const MAX_DESCRIPTION_LEN: usize = 1024;
const DEFAULT_CHAR_BUDGET: u64 = 8000;
const CONTEXT_WINDOW_PERCENT: u64 = 2;

const OPEN: &str = "<skills_instructions>";
const CLOSE: &str = "</skills_instructions>";
const INTRO_WITH_ABSOLUTE_PATHS: &str = "A skill is a set of local instructions to follow that is stored in a `SKILL.md` file. Below is the list of skills that can be used. Each entry includes a name, description, and file path so you can open the source for full instructions when using a specific skill.";
const INTRO_WITH_ALIASES: &str = "A skill is a set of local instructions to follow that is stored in a `SKILL.md` file. Below is the list of skills that can be used. Each entry includes a name, description, and a short path that can be expanded into an absolute path using the skill roots table.";
const HOW_TO_USE_WITH_ABSOLUTE_PATHS: &str = "- Discovery: The list above is the skills available in this session (name + description + file path). Skill bodies live on disk at the listed paths.
- Trigger rules: If the user names a skill (with `$SkillName` or plain text) OR the task clearly matches a skill's description shown above, you must use that skill for that turn. Multiple mentions mean use them all. Do not carry skills across turns unless re-mentioned.
- Missing/blocked: If a named skill isn't in the list or the path can't be read, say so briefly and continue with the best fallback.
- How to use a skill (progressive disclosure):
  1) After deciding to use a skill, open its `SKILL.md`. Read only enough to follow the workflow.
  2) When `SKILL.md` references relative paths (e.g., `scripts/foo.py`), resolve them relative to the skill directory listed above first, and only consider other paths if needed.
  3) If `SKILL.md` points to extra folders such as `references/`, load only the specific files needed for the request; don't bulk-load everything.
  4) If `scripts/` exist, prefer running or patching them instead of retyping large code blocks.
  5) If `assets/` or templates exist, reuse them instead of recreating from scratch.
- Coordination and sequencing:
  - If multiple skills apply, choose the minimal set that covers the request and state the order you'll use them.
  - Announce which skill(s) you're using and why (one short line). If you skip an obvious skill, say why.
- Context hygiene:
  - Keep context small: summarize long sections instead of pasting them; only load extra files when needed.
  - Avoid deep reference-chasing: prefer opening only files directly linked from `SKILL.md` unless you're blocked.
  - When variants exist (frameworks, providers, domains), pick only the relevant reference file(s) and note that choice.
- Safety and fallback: If a skill can't be applied cleanly (missing files, unclear instructions), state the issue, pick the next-best approach, and continue.";
const HOW_TO_USE_WITH_ALIASES: &str = "- Discovery: The list above is the skills available in this session (name + description + short path). Skill bodies live on disk at the listed paths after expanding the matching alias from `### Skill roots`.
- Trigger rules: If the user names a skill (with `$SkillName` or plain text) OR the task clearly matches a skill's description shown above, you must use that skill for that turn. Multiple mentions mean use them all. Do not carry skills across turns unless re-mentioned.
- Missing/blocked: If a named skill isn't in the list or the path can't be read, say so briefly and continue with the best fallback.
- How to use a skill (progressive disclosure):
  1) After deciding to use a skill, expand the listed short `path` with the matching alias from `### Skill roots`, then open its `SKILL.md`. Read only enough to follow the workflow.
  2) When `SKILL.md` references relative paths (e.g., `scripts/foo.py`), resolve them relative to the directory containing that expanded `SKILL.md` first, and only consider other paths if needed.
  3) If `SKILL.md` points to extra folders such as `references/`, load only the specific files needed for the request; don't bulk-load everything.
  4) If `scripts/` exist, prefer running or patching them instead of retyping large code blocks.
  5) If `assets/` or templates exist, reuse them instead of recreating from scratch.
- Coordination and sequencing:
  - If multiple skills apply, choose the minimal set that covers the request and state the order you'll use them.
  - Announce which skill(s) you're using and why (one short line). If you skip an obvious skill, say why.
- Context hygiene:
  - Keep context small: summarize long sections instead of pasting them; only load extra files when needed.
  - Avoid deep reference-chasing: prefer opening only files directly linked from `SKILL.md` unless you're blocked.
  - When variants exist (frameworks, providers, domains), pick only the relevant reference file(s) and note that choice.
- Safety and fallback: If a skill can't be applied cleanly (missing files, unclear instructions), state the issue, pick the next-best approach, and continue.";

pub const TARGET: Target = Target {
    id: "codex",
    display: "Codex",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[ExtraField {
        key: "short-description",
        meaning: "shown instead of the description in newer catalogs (at most 1024 characters)",
    }],
    name_charset: NameCharset::Unicode,
    description_limit: 1024,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "one developer-role message `<skills_instructions>…</skills_instructions>` (older releases appended a `## Skills` section to the AGENTS.md user message); nothing follows the closing tag",
    roots,
    roots_summary: ".codex/skills from the working directory up to the project root (found by project_root_markers in config.toml, default .git), $CODEX_HOME/skills (default ~/.codex/skills), ~/.agents/skills, $CODEX_HOME/skills/.system (system), /etc/codex/skills (admin), then .agents/skills in every directory from the project root down to the working directory; each searched 6 directories deep, hidden directories skipped",
    collision: Collision::KeepAll,
    admit,
    broken_skill: "skipped (a warning in the UI): no `---` frontmatter, invalid YAML, a missing or blank description, a name over 64 or a description over 1024 characters",
    fields_read: &["name", "description", "metadata.short-description"],
    ordering: "scope (system, admin, repo, user), then name in byte order, then path",
    escaping: "none",
    whitespace: "every run of whitespace in name and description becomes one space, trimmed; paths are canonical with `/` separators",
    budget: Budget {
        unit: Some(Unit::ApproxTokens),
        summary: "2% of the context window in ceil(bytes/4) tokens, or 8000 characters without one; only the skill lines count, each with its newline. If they do not fit, names and paths stay and the rest is shared one description character at a time in list order (no ellipsis); if even names and paths do not fit, lines without descriptions are listed while they fit. Under pressure, `r0/…` root aliases are used when they list more, cut less or cost less",
    },
    render,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::DeveloperMessage,
        modes: MODES,
        reload: "`read`: the model opens the file again and gets it whole; `mention`: every user message that mentions the skill adds it again",
    },
    builtins_note: "Codex installs system skills (such as skill-creator) under $CODEX_HOME/skills/.system; they are listed only if they are on disk where --roots looks",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: None,
    decisions: &[
        "the System root is searched before its parent $CODEX_HOME/skills, which Codex walks with hidden directories skipped; the order of the catalog and of root aliases is Codex's own",
        "project config layers are taken to be .codex/skills in each directory from the working directory up to the project root; trust settings, plugin and extra roots are not modelled",
        "PATH arguments are read as user-scope roots, like Codex's extra roots",
        "agents/openai.yaml drops a skill when policy.allow_implicit_invocation is false; the rest of that file is not validated",
        "metadata.short-description is checked but not shown: this render lists `description`, as core-skills does",
        "the newer ext/skills renderer (8000-character cap, short descriptions first) and the older ones are not modelled",
        "Codex has no skill tool: a `read` load (the default) is the model calling `shell_command` with `cat <SKILL.md path from the skills list>` and getting the whole file, frontmatter included; the tool output's exit-code and wall-time header is not shown",
        "a `mention` load is an explicit `$name` in the user's message: a user-role `<skill>` message with `<name>`, `<path>` (the canonical SKILL.md path) and the whole file (core/src/context/skill_instructions.rs, core-skills/src/injection.rs @ 0cf1484); the newer 4000-byte cap and the replacement and unavailable notices are not modelled",
        "a plain `$name` selects a skill only when exactly one skill has that name, the name uses only mention characters (ASCII letters, digits, `_`, `-`, `:`) and it is not a common environment variable (PATH, HOME…); otherwise nothing is added and the load is refused with our explanation, as is an unknown name in either mode (Codex itself says nothing)",
        "a file read is `shell_command` with `cat <path>`, or `sed -n 'A,Bp' <path>` for a line range, on the path under the canonical skill directory, returning the text as it is; refusals give our provider's reason",
    ],

    confidence: Confidence::Source,
    reference: "openai/codex codex-rs/core-skills/src/render.rs @ 0899b7c, loader.rs @ 033d1d0",
};

/// `project_root_markers` from the system and then the user `config.toml` (the user's wins; a
/// value that is not a list of strings falls back to the default), else `.git`.
fn project_root_markers(env: &Env) -> Vec<String> {
    let system = cfg!(unix).then(|| PathBuf::from("/etc/codex/config.toml"));
    let user = env
        .var_dir("CODEX_HOME", ".codex")
        .map(|home| home.join("config.toml"));
    let mut markers: Option<Option<Vec<String>>> = None;
    for file in [system, user].into_iter().flatten() {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        if let Some(value) = crate::config::foreign_string_list(&text, "project_root_markers") {
            markers = Some(value);
        }
    }
    markers.flatten().unwrap_or_else(|| vec![".git".to_owned()])
}

/// Every directory from the project root down to the working directory, outermost first. The
/// project root is the nearest directory holding one of the markers; with no markers, or none
/// found, it is the working directory.
fn project_dirs(env: &Env) -> Vec<PathBuf> {
    let markers = project_root_markers(env);
    let root = env
        .cwd
        .ancestors()
        .find(|dir| markers.iter().any(|m| dir.join(m).exists()))
        .unwrap_or(&env.cwd);
    let mut dirs: Vec<PathBuf> = env
        .cwd
        .ancestors()
        .take_while(|dir| dir.starts_with(root))
        .map(Path::to_path_buf)
        .collect();
    dirs.reverse();
    dirs
}

/// The roots in Codex's own search order (`skill_roots_with_home_dir`).
fn search_order(env: &Env) -> Vec<RootSpec> {
    let recursive = |path: PathBuf, scope| RootSpec::recursive(path, scope, Some(SCAN_LEVELS));
    let project = project_dirs(env);
    // Project config layers, highest precedence (nearest the working directory) first.
    let mut roots: Vec<RootSpec> = project
        .iter()
        .rev()
        .map(|dir| recursive(dir.join(".codex/skills"), Scope::Project))
        .collect();
    let codex_home = env.var_dir("CODEX_HOME", ".codex");
    if let Some(home) = &codex_home {
        roots.push(recursive(home.join("skills"), Scope::User));
    }
    roots.extend(
        env.home_join(".agents/skills")
            .map(|dir| recursive(dir, Scope::User)),
    );
    if let Some(home) = &codex_home {
        roots.push(recursive(home.join("skills/.system"), Scope::System));
    }
    if cfg!(unix) {
        roots.push(recursive(PathBuf::from("/etc/codex/skills"), Scope::Admin));
    }
    roots.extend(
        project
            .iter()
            .map(|dir| recursive(dir.join(".agents/skills"), Scope::Project)),
    );
    roots
}

/// The search order with the System root moved ahead of `$CODEX_HOME/skills`: Codex skips the
/// hidden `.system` directory when it walks its parent, and discovery here does not, so the
/// system skills are found from their own root first (and keep their scope).
fn roots(env: &Env) -> Vec<RootSpec> {
    let mut roots = search_order(env);
    let Some(system) = roots.iter().position(|r| r.scope == Scope::System) else {
        return roots;
    };
    let parent = roots[system].path.parent().map(Path::to_path_buf);
    if let Some(at) = roots.iter().position(|r| Some(&r.path) == parent.as_ref())
        && at < system
    {
        let root = roots.remove(system);
        roots.insert(at, root);
    }
    roots
}

/// `parse_skill_file`: the skill as Codex loads it, or the reason it is skipped.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    if let Some(hidden) = hidden_directory(skill) {
        return Err(format!(
            "skipped: inside the hidden directory `{hidden}`, which Codex does not search"
        ));
    }
    if !skill.has_canonical_file_name() {
        return Err("skipped: Codex reads files named exactly `SKILL.md`".to_owned());
    }
    let contents = std::str::from_utf8(skill.source.bytes()).map_err(|_| {
        "skipped: failed to read file: stream did not contain valid UTF-8".to_owned()
    })?;
    let yaml = extract_frontmatter(contents)
        .ok_or_else(|| "skipped: missing YAML frontmatter delimited by ---".to_owned())?;
    let fields = match frontmatter::parse_standalone(&yaml) {
        Yaml::Mapping(fields) => fields,
        Yaml::NotMapping(ValueKind::Null) => Vec::new(),
        Yaml::NotMapping(kind) => {
            return Err(format!(
                "skipped: invalid YAML: the frontmatter is a {kind}, not a mapping"
            ));
        }
        Yaml::Invalid(err) => return Err(format!("skipped: invalid YAML: {}", err.reason)),
    };
    let name = string_field(&fields, "name", &yaml)?;
    let description = string_field(&fields, "description", &yaml)?;
    let short_description = short_description(&fields, &yaml)?;

    let name = name
        .as_deref()
        .map(text::collapse_whitespace)
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| default_name(skill));
    let description = description
        .as_deref()
        .map(text::collapse_whitespace)
        .unwrap_or_default();
    validate_len(&name, MAX_NAME_LEN, "name")?;
    validate_len(&description, MAX_DESCRIPTION_LEN, "description")?;
    if let Some(short) = short_description
        .as_deref()
        .map(text::collapse_whitespace)
        .filter(|s| !s.is_empty())
    {
        validate_len(&short, MAX_DESCRIPTION_LEN, "metadata.short-description")?;
    }
    if implicit_invocation_disabled(&skill.dir) {
        return Err(
            "skipped: agents/openai.yaml sets policy.allow_implicit_invocation: false, which keeps it out of the catalog"
                .to_owned(),
        );
    }
    Ok(Admitted {
        name,
        description: Some(description),
    })
}

/// The first `.`-prefixed directory between the root and the skill, if any.
fn hidden_directory(skill: &Skill) -> Option<String> {
    let rel = skill.dir.strip_prefix(&skill.origin.root).ok()?;
    rel.components().find_map(|c| match c {
        Component::Normal(name) if name.to_string_lossy().starts_with('.') => {
            Some(name.to_string_lossy().into_owned())
        }
        _ => None,
    })
}

/// `extract_frontmatter`: the lines between a first line that trims to `---` and the next one.
fn extract_frontmatter(contents: &str) -> Option<String> {
    let mut lines = contents.lines();
    if lines.next()?.trim() != "---" {
        return None;
    }
    let mut block = Vec::new();
    for line in lines {
        if line.trim() == "---" {
            return (!block.is_empty()).then(|| block.join("\n"));
        }
        block.push(line);
    }
    None
}

/// An `Option<String>` field as serde_yaml fills it: null is none, any scalar is its text as
/// written, a collection fails the whole file; a repeated key is a duplicate field.
fn string_field(fields: &[Field], key: &str, yaml: &str) -> Result<Option<String>, String> {
    let found: Vec<&Field> = fields.iter().filter(|f| f.key == key).collect();
    match found.as_slice() {
        [] => Ok(None),
        [one] => scalar_text(one, yaml),
        _ => Err(format!("skipped: invalid YAML: duplicate field `{key}`")),
    }
}

fn scalar_text(field: &Field, yaml: &str) -> Result<Option<String>, String> {
    match &field.value {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s.clone())),
        Value::Bool(_) | Value::Number(_) => {
            // serde_yaml hands a plain scalar to a string field as written (`1.50`, `yes`).
            let written = yaml
                .get(field.value_span.start..field.value_span.end)
                .filter(|s| !s.contains('\n'))
                .map_or_else(|| field.value.render(), str::to_owned);
            Ok(Some(written))
        }
        other => Err(format!(
            "skipped: invalid YAML: `{}` is a {}, not a string",
            field.key,
            other.kind()
        )),
    }
}

/// `metadata.short-description`: `metadata` must be a mapping when present.
fn short_description(fields: &[Field], yaml: &str) -> Result<Option<String>, String> {
    let found: Vec<&Field> = fields.iter().filter(|f| f.key == "metadata").collect();
    match found.as_slice() {
        [] => Ok(None),
        [metadata] => match &metadata.value {
            Value::Null => Ok(None),
            Value::Mapping(_) => string_field(&metadata.entries, "short-description", yaml),
            other => Err(format!(
                "skipped: invalid YAML: `metadata` is a {}, not a mapping",
                other.kind()
            )),
        },
        _ => Err("skipped: invalid YAML: duplicate field `metadata`".to_owned()),
    }
}

/// The parent directory's name, whitespace collapsed, or `skill`.
fn default_name(skill: &Skill) -> String {
    Some(text::collapse_whitespace(&skill.dir_name()))
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "skill".to_owned())
}

/// `validate_len`: not empty, at most `max` characters.
fn validate_len(value: &str, max: usize, field: &str) -> Result<(), String> {
    if value.is_empty() {
        return Err(format!("skipped: missing field `{field}`"));
    }
    if value.chars().count() > max {
        return Err(format!(
            "skipped: invalid {field}: exceeds maximum length of {max} characters"
        ));
    }
    Ok(())
}

/// `agents/openai.yaml` next to `SKILL.md` with `policy.allow_implicit_invocation: false`. A
/// missing or unreadable file, or one that is not a mapping, changes nothing (Codex fails open).
fn implicit_invocation_disabled(dir: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(dir.join("agents/openai.yaml")) else {
        return false;
    };
    let Yaml::Mapping(fields) = frontmatter::parse_standalone(&text) else {
        return false;
    };
    let policies: Vec<&Field> = fields.iter().filter(|f| f.key == "policy").collect();
    let [policy] = policies.as_slice() else {
        return false;
    };
    let allows: Vec<&Field> = policy
        .entries
        .iter()
        .filter(|f| f.key == "allow_implicit_invocation")
        .collect();
    matches!(allows.as_slice(), [one] if one.value == Value::Bool(false))
}

/// `SkillMetadataBudget`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SkillBudget {
    Tokens(u64),
    Characters(u64),
}

impl SkillBudget {
    /// `default_skill_metadata_budget`.
    fn of(context_window: Option<u64>) -> Self {
        match context_window {
            Some(window) if window > 0 => {
                Self::Tokens((window.saturating_mul(CONTEXT_WINDOW_PERCENT) / 100).max(1))
            }
            _ => Self::Characters(DEFAULT_CHAR_BUDGET),
        }
    }

    fn limit(self) -> u64 {
        match self {
            Self::Tokens(n) | Self::Characters(n) => n,
        }
    }

    fn with_limit(self, limit: u64) -> Self {
        match self {
            Self::Tokens(_) => Self::Tokens(limit),
            Self::Characters(_) => Self::Characters(limit),
        }
    }

    fn unit(self) -> Unit {
        match self {
            Self::Tokens(_) => Unit::ApproxTokens,
            Self::Characters(_) => Unit::Chars,
        }
    }

    fn cost(self, text: &str) -> u64 {
        self.unit().measure(text)
    }

    fn cost_from_counts(self, chars: u64, bytes: u64) -> u64 {
        match self {
            Self::Tokens(_) => bytes.div_ceil(4),
            Self::Characters(_) => chars,
        }
    }

    fn describe(self) -> String {
        match self {
            Self::Tokens(n) => format!("{n} tokens (2% of the context window)"),
            Self::Characters(n) => format!("{n} characters (no context window known)"),
        }
    }
}

/// One skill line before budgeting.
struct Line<'e, 'a> {
    entry: &'e Entry<'a>,
    description: &'e str,
    path: String,
}

impl Line<'_, '_> {
    fn with_chars(&self, chars: usize) -> String {
        if chars == 0 {
            format!("- {}: (file: {})", self.entry.name, self.path)
        } else {
            let end = self
                .description
                .char_indices()
                .nth(chars)
                .map_or(self.description.len(), |(i, _)| i);
            format!(
                "- {}: {} (file: {})",
                self.entry.name,
                &self.description[..end],
                self.path
            )
        }
    }

    fn full(&self) -> String {
        self.with_chars(self.description_chars())
    }

    fn minimum(&self) -> String {
        self.with_chars(0)
    }

    fn description_chars(&self) -> usize {
        self.description.chars().count()
    }
}

/// `line + "\n"` in the budget's unit.
fn line_cost(budget: SkillBudget, line: &str) -> u64 {
    budget.cost(&format!("{line}\n"))
}

/// What the budget left of one skill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fate {
    Full,
    /// Listed with this many description characters (0: none).
    Cut(usize),
    Omitted,
}

/// One render of the skill lines under a budget.
struct Available {
    root_lines: Vec<String>,
    lines: Vec<String>,
    fates: Vec<Fate>,
    included: usize,
    truncated_chars: usize,
}

/// `render_skill_lines_from_lines`: the three tiers.
fn fit(lines: &[Line<'_, '_>], budget: SkillBudget, root_lines: Vec<String>) -> Available {
    let limit = budget.limit();
    let full_cost: u64 = lines.iter().map(|l| line_cost(budget, &l.full())).sum();
    if full_cost <= limit {
        return Available {
            root_lines,
            lines: lines.iter().map(Line::full).collect(),
            fates: vec![Fate::Full; lines.len()],
            included: lines.len(),
            truncated_chars: 0,
        };
    }
    let minimum_cost: u64 = lines.iter().map(|l| line_cost(budget, &l.minimum())).sum();
    if minimum_cost <= limit {
        let allocations = share_descriptions(lines, budget, limit - minimum_cost);
        let truncated_chars = lines
            .iter()
            .zip(&allocations)
            .map(|(l, &kept)| l.description_chars() - kept)
            .sum();
        return Available {
            root_lines,
            lines: lines
                .iter()
                .zip(&allocations)
                .map(|(l, &kept)| l.with_chars(kept))
                .collect(),
            fates: lines
                .iter()
                .zip(&allocations)
                .map(|(l, &kept)| {
                    if kept == l.description_chars() {
                        Fate::Full
                    } else {
                        Fate::Cut(kept)
                    }
                })
                .collect(),
            included: lines.len(),
            truncated_chars,
        };
    }
    // Description-less lines while they fit; a line that does not fit is skipped and the
    // scan goes on.
    let mut used = 0;
    let mut rendered = Vec::new();
    let mut fates = Vec::new();
    for line in lines {
        let cost = line_cost(budget, &line.minimum());
        if used + cost <= limit {
            used += cost;
            rendered.push(line.minimum());
            fates.push(if line.description.is_empty() {
                Fate::Full
            } else {
                Fate::Cut(0)
            });
        } else {
            fates.push(Fate::Omitted);
        }
    }
    Available {
        root_lines,
        included: rendered.len(),
        lines: rendered,
        fates,
        truncated_chars: lines.iter().map(Line::description_chars).sum(),
    }
}

/// `render_lines_with_description_budget`: one description character at a time to each line
/// in turn, while its extra cost fits what is left.
fn share_descriptions(
    lines: &[Line<'_, '_>],
    budget: SkillBudget,
    mut remaining: u64,
) -> Vec<usize> {
    // The extra cost of showing k description characters, for every k.
    let extra_costs: Vec<Vec<u64>> = lines
        .iter()
        .map(|line| {
            let minimum = line.minimum();
            let min_chars = minimum.chars().count() as u64 + 1;
            let min_bytes = minimum.len() as u64 + 1;
            let min_cost = budget.cost_from_counts(min_chars, min_bytes);
            let mut costs = vec![0];
            let (mut chars, mut bytes) = (0u64, 0u64);
            for c in line.description.chars() {
                chars += 1;
                bytes += c.len_utf8() as u64;
                // The description and the space after it.
                let cost = budget.cost_from_counts(min_chars + chars + 1, min_bytes + bytes + 1);
                costs.push(cost.saturating_sub(min_cost));
            }
            costs
        })
        .collect();
    let mut kept = vec![0usize; lines.len()];
    let mut current = vec![0u64; lines.len()];
    loop {
        let mut changed = false;
        for (i, costs) in extra_costs.iter().enumerate() {
            if kept[i] + 1 >= costs.len() {
                continue;
            }
            let next = costs[kept[i] + 1];
            let delta = next.saturating_sub(current[i]);
            if delta <= remaining {
                kept[i] += 1;
                current[i] = next;
                remaining -= delta;
                changed = true;
            }
        }
        if !changed {
            return kept;
        }
    }
}

/// The cost of the catalog's variable part: the lines, and the alias table over the absolute
/// variant.
fn available_cost(budget: SkillBudget, available: &Available) -> u64 {
    let table = if available.root_lines.is_empty() {
        0
    } else {
        alias_overhead(budget, &available.root_lines)
    };
    table
        + available
            .lines
            .iter()
            .map(|l| line_cost(budget, l))
            .sum::<u64>()
}

/// What the alias variant of the fixed text and the root table cost beyond the absolute one.
fn alias_overhead(budget: SkillBudget, root_lines: &[String]) -> u64 {
    budget
        .cost(&body(root_lines, &[]))
        .saturating_sub(budget.cost(&body(&[], &[])))
}

/// `render_available_skills_body`: `\n…\n` between the tags.
fn body(root_lines: &[String], lines: &[String]) -> String {
    let mut out = vec!["## Skills".to_owned()];
    if root_lines.is_empty() {
        out.push(INTRO_WITH_ABSOLUTE_PATHS.to_owned());
    } else {
        out.push(INTRO_WITH_ALIASES.to_owned());
        out.push("### Skill roots".to_owned());
        out.extend(root_lines.iter().cloned());
    }
    out.push("### Available skills".to_owned());
    out.extend(lines.iter().cloned());
    out.push("### How to use skills".to_owned());
    out.push(
        if root_lines.is_empty() {
            HOW_TO_USE_WITH_ABSOLUTE_PATHS
        } else {
            HOW_TO_USE_WITH_ALIASES
        }
        .to_owned(),
    );
    format!("\n{}\n", out.join("\n"))
}

/// `prompt_scope_rank`: PATH arguments count as user roots.
fn scope_rank(scope: Scope) -> u8 {
    match scope {
        Scope::System | Scope::Builtin => 0,
        Scope::Admin => 1,
        Scope::Project => 2,
        Scope::User | Scope::Custom => 3,
    }
}

fn canonical(path: &Path) -> PathBuf {
    super::catalog::canonical(path)
}

/// The `…/plugins/cache/<marketplace>` directory above a path, if there is one.
fn plugin_marketplace_base(path: &Path) -> Option<PathBuf> {
    let mut candidate = path;
    while let Some(parent) = candidate.parent() {
        let name = parent.file_name()?;
        if name == "cache" && parent.parent()?.file_name()? == "plugins" {
            return Some(candidate.to_path_buf());
        }
        candidate = parent;
    }
    None
}

/// `<marketplace>/<plugin>/<version>` above a plugin skill root.
fn plugin_version_base(path: &Path) -> Option<PathBuf> {
    let base = plugin_marketplace_base(path)?;
    let mut parts = path.strip_prefix(&base).ok()?.components();
    let (Some(Component::Normal(plugin)), Some(Component::Normal(version))) =
        (parts.next(), parts.next())
    else {
        return None;
    };
    Some(base.join(plugin).join(version))
}

/// `build_aliased_available_skills`: paths as `rN/<rel>` under a `### Skill roots` table, with
/// the table's cost taken off the budget first. `None` when it cannot fit.
fn aliased(
    ordered: &[&Entry<'_>],
    descriptions: &[String],
    budget: SkillBudget,
    cx: &Context<'_>,
) -> Option<Available> {
    // The roots in Codex's search order, then (for PATH arguments) in discovery order.
    let order: Vec<PathBuf> = search_order(cx.env)
        .iter()
        .map(|r| canonical(&r.path))
        .collect();
    let rank = |root: &Path, index: usize| {
        (
            order.iter().position(|o| o == root).unwrap_or(usize::MAX),
            index,
        )
    };
    let mut used: Vec<(&Path, usize)> = Vec::new();
    for entry in ordered {
        let origin = &entry.skill.origin;
        if !used.iter().any(|(root, _)| *root == origin.root) {
            used.push((&origin.root, origin.root_index));
        }
    }
    if used.is_empty() {
        return None;
    }
    used.sort_by_key(|&(root, index)| rank(root, index));
    // A plugin version with a single skill is aliased at its marketplace directory.
    let mut per_version: HashMap<PathBuf, usize> = HashMap::new();
    for entry in ordered {
        if let Some(base) = plugin_version_base(&entry.skill.origin.root) {
            *per_version.entry(base).or_default() += 1;
        }
    }
    let alias_root = |root: &Path| -> PathBuf {
        match plugin_version_base(root) {
            Some(base) if per_version.get(&base).copied().unwrap_or(0) <= 1 => {
                plugin_marketplace_base(root).unwrap_or_else(|| root.to_path_buf())
            }
            _ => root.to_path_buf(),
        }
    };
    let mut alias_roots: Vec<PathBuf> = Vec::new();
    for (root, _) in &used {
        let alias = alias_root(root);
        if !alias_roots.contains(&alias) {
            alias_roots.push(alias);
        }
    }
    let root_lines: Vec<String> = alias_roots
        .iter()
        .enumerate()
        .map(|(i, root)| format!("- `r{i}` = `{}`", cx.paths.show(root)))
        .collect();
    let table_cost = alias_overhead(budget, &root_lines);
    if table_cost >= budget.limit() {
        return None;
    }
    let lines: Vec<Line<'_, '_>> = ordered
        .iter()
        .zip(descriptions)
        .map(|(entry, description)| {
            let file = canonical(&entry.skill.skill_md);
            let alias = alias_root(&entry.skill.origin.root);
            let index = alias_roots.iter().position(|r| *r == alias);
            let path = match (index, file.strip_prefix(&alias)) {
                (Some(i), Ok(rel)) => format!("r{i}/{}", crate::paths::to_slash(rel)),
                _ => cx.paths.show(&file),
            };
            Line {
                entry,
                description,
                path,
            }
        })
        .collect();
    Some(fit(
        &lines,
        budget.with_limit(budget.limit() - table_cost),
        root_lines,
    ))
}

/// `aliased_render_is_better`: more skills, then fewer characters cut, then cheaper.
fn aliased_is_better(aliased: &Available, absolute: &Available, budget: SkillBudget) -> bool {
    if aliased.included != absolute.included {
        return aliased.included > absolute.included;
    }
    if aliased.truncated_chars != absolute.truncated_chars {
        return aliased.truncated_chars < absolute.truncated_chars;
    }
    available_cost(budget, aliased) < available_cost(budget, absolute)
}

/// `build_available_skills` wrapped in its tags.
fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    let budget = SkillBudget::of(cx.context_window);
    let budget_use = |used| {
        Some(BudgetUse {
            unit: budget.unit(),
            limit: budget.limit(),
            used,
        })
    };
    if entries.is_empty() {
        // No skills, no message.
        return Rendered {
            budget: budget_use(0),
            ..Rendered::default()
        };
    }
    // `ordered_skills_for_budget`: scope rank, name bytes, canonical path.
    let mut ordered: Vec<(&Entry<'_>, PathBuf)> = entries
        .iter()
        .map(|e| (e, canonical(&e.skill.skill_md)))
        .collect();
    ordered.sort_by(|(a, pa), (b, pb)| {
        scope_rank(a.skill.origin.scope)
            .cmp(&scope_rank(b.skill.origin.scope))
            .then_with(|| a.name.cmp(&b.name))
            .then_with(|| pa.cmp(pb))
    });
    let descriptions: Vec<String> = ordered
        .iter()
        .map(|(e, _)| text::collapse_whitespace(e.description()))
        .collect();
    let lines: Vec<Line<'_, '_>> = ordered
        .iter()
        .zip(&descriptions)
        .map(|((entry, file), description)| Line {
            entry,
            description,
            path: cx.paths.show(file),
        })
        .collect();
    let absolute = fit(&lines, budget, Vec::new());
    let pressed = absolute.included < lines.len() || absolute.truncated_chars > 0;
    let selected = if pressed {
        let entries: Vec<&Entry<'_>> = ordered.iter().map(|(e, _)| *e).collect();
        match aliased(&entries, &descriptions, budget, cx) {
            Some(aliased) if aliased_is_better(&aliased, &absolute, budget) => aliased,
            _ => absolute,
        }
    } else {
        absolute
    };

    let changes = lines
        .iter()
        .zip(&selected.fates)
        .filter_map(|(line, fate)| change(line, *fate, budget))
        .collect();
    Rendered {
        text: format!(
            "{OPEN}{}{CLOSE}",
            body(&selected.root_lines, &selected.lines)
        ),
        listed: selected.included,
        budget: budget_use(available_cost(budget, &selected)),
        changes,
    }
}

/// What the budget took from one skill, as a change.
fn change(line: &Line<'_, '_>, fate: Fate, budget: SkillBudget) -> Option<Change> {
    let limit = budget.describe();
    let (kind, reason) = match fate {
        Fate::Full => return None,
        Fate::Cut(0) => (
            ChangeKind::DescriptionRemoved,
            format!(
                "listed without its description: the skills budget of {limit} has no room left for it"
            ),
        ),
        Fate::Cut(kept) => (
            ChangeKind::Shortened,
            format!(
                "description cut to {kept} of {} characters: what the skills budget of {limit} leaves after every name and path is shared out one character at a time",
                line.description_chars()
            ),
        ),
        Fate::Omitted => (
            ChangeKind::Omitted,
            format!("left out: the skills budget of {limit} is used up even without descriptions"),
        ),
    };
    Some(Change::new(line.entry, kind, reason))
}

/// Codex's load modes: it has no skill tool.
const MODES: &[Mode] = &[
    Mode {
        name: "read",
        meaning: "the model opens SKILL.md itself, running `cat` with the path the skills list gives through its shell tool (the default: Codex has no skill tool)",
    },
    Mode {
        name: "mention",
        meaning: "the user writes `$name`: Codex adds the whole SKILL.md as a user message, with no tool call",
    },
];

/// Environment variables a `$NAME` mention is taken to be instead (`is_common_env_var`).
const COMMON_ENV_VARS: [&str; 11] = [
    "PATH",
    "HOME",
    "USER",
    "SHELL",
    "PWD",
    "TMPDIR",
    "TEMP",
    "TMP",
    "LANG",
    "TERM",
    "XDG_CONFIG_HOME",
];

/// A load in the mode asked for.
fn load(input: &LoadInput<'_>) -> Output {
    match input.mode {
        Some("mention") => mention(input),
        _ => open_skill_md(input),
    }
}

/// Our explanation when nothing is loaded: Codex itself says nothing.
fn nothing_loaded(text: String) -> Output {
    Output {
        call: None,
        parts: vec![Part {
            role: Role::User,
            text,
        }],
        error: true,
        lifetime: Lifetime::Session,
        record: BTreeMap::new(),
    }
}

/// The names Codex knows, for our explanations.
fn skill_names(known: &[Entry<'_>]) -> String {
    let mut names: Vec<&str> = known.iter().map(|e| e.name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

/// The `read` mode: the model runs `cat` on the SKILL.md path of the skills list and gets the
/// whole file.
fn open_skill_md(input: &LoadInput<'_>) -> Output {
    let Some(entry) = input.entry() else {
        return nothing_loaded(format!(
            "no skill is named \"{}\": Codex has no skill tool and its skills list gives no file to open (skills: {})",
            input.name,
            skill_names(input.known)
        ));
    };
    let path = input.cx.paths.show(&canonical(&entry.skill.skill_md));
    Output::tool(
        shell_call(&format!("cat {}", shell_quote(&path))),
        String::from_utf8_lossy(entry.skill.source.bytes()),
    )
}

/// The `mention` mode (`collect_explicit_skill_mentions`, `build_skill_injections`): a plain
/// `$name` selects the one skill with that name, and its whole file goes in a `<skill>` user
/// message.
fn mention(input: &LoadInput<'_>) -> Output {
    let name = input.name;
    if name.is_empty() || !name.bytes().all(is_mention_name_char) {
        return nothing_loaded(format!(
            "`${name}` is not a skill mention: after `$` Codex reads only ASCII letters, digits, `_`, `-` and `:`, so nothing is added"
        ));
    }
    if COMMON_ENV_VARS.contains(&name.to_ascii_uppercase().as_str()) {
        return nothing_loaded(format!(
            "`${name}` is read as an environment variable, not a skill mention, so nothing is added"
        ));
    }
    let named: Vec<&Entry<'_>> = input.known.iter().filter(|e| e.name == name).collect();
    let entry = match named.as_slice() {
        [entry] => entry,
        [] => {
            return nothing_loaded(format!(
                "no skill is named \"{name}\": `${name}` stays plain text and nothing is added (skills: {})",
                skill_names(input.known)
            ));
        }
        several => {
            return nothing_loaded(format!(
                "{} skills are named \"{name}\": Codex adds none for a plain `${name}` (a linked `[${name}](path)` picks one)",
                several.len()
            ));
        }
    };
    let path = input.cx.paths.show(&canonical(&entry.skill.skill_md));
    Output {
        call: None,
        parts: vec![Part {
            role: Role::User,
            text: format!(
                "<skill>\n<name>{name}</name>\n<path>{path}</path>\n{}\n</skill>",
                String::from_utf8_lossy(entry.skill.source.bytes())
            ),
        }],
        error: false,
        lifetime: Lifetime::Session,
        record: BTreeMap::new(),
    }
}

/// `is_mention_name_char`.
fn is_mention_name_char(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b':')
}

/// The `shell_command` tool with one command line.
fn shell_call(command: &str) -> Call {
    Call::with("shell_command", "command", command)
}

/// A word for a POSIX shell: as it is when it holds only safe characters, else single-quoted.
fn shell_quote(word: &str) -> String {
    let safe = !word.is_empty()
        && word.bytes().all(|b| {
            b.is_ascii_alphanumeric()
                || matches!(
                    b,
                    b'/' | b'.' | b'_' | b'-' | b'+' | b',' | b':' | b'@' | b'%' | b'='
                )
        });
    if safe {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// A file read: the model runs `cat` on the file under the skill's directory, or `sed -n` for a
/// line range, and gets the text as it is.
fn read(input: &ReadInput<'_>) -> Output {
    let Some(entry) = input.entry() else {
        return nothing_loaded(format!(
            "no skill is named \"{}\": its skills list gives no directory to read from (skills: {})",
            input.name,
            skill_names(input.known)
        ));
    };
    let path = if Path::new(input.path).is_absolute() {
        input.path.to_owned()
    } else {
        format!(
            "{}/{}",
            input.cx.paths.show(&canonical(&entry.skill.dir)),
            input.path
        )
    };
    let quoted = shell_quote(&path);
    let command = match input.lines {
        None => format!("cat {quoted}"),
        Some(range) => {
            let end = range
                .end
                .map_or_else(|| "$".to_owned(), |end| end.to_string());
            format!("sed -n '{},{end}p' {quoted}", range.start)
        }
    };
    let call = shell_call(&command);
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
        Err(err) => Output::tool_error(call, err.to_string()),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::provider::{MemoryProvider, MemorySkill, SkillProvider};
    use crate::targets::catalog::{self, Catalog};

    fn skill(dir: &str, frontmatter: &str, scope: Scope) -> MemorySkill {
        MemorySkill::new(dir, format!("---\n{frontmatter}\n---\nbody\n")).in_scope(scope, 0)
    }

    fn build(skills: Vec<MemorySkill>, window: Option<u64>) -> Catalog {
        catalog::testing::catalog_in(&TARGET, skills, &catalog::testing::env(), window)
    }

    fn loaded(
        skills: Vec<MemorySkill>,
        name: &str,
        mode: Option<&str>,
        earlier_loads: usize,
    ) -> Output {
        crate::targets::load::testing::Machine::new(skills).load(&TARGET, name, earlier_loads, mode)
    }

    fn pdf() -> MemorySkill {
        skill("/r/pdf", "name: pdf\ndescription: PDFs.", Scope::Project)
    }

    #[test]
    fn reading_skill_md_is_cat_and_the_whole_file_every_time() {
        let out = loaded(vec![pdf()], "pdf", None, 0);
        let call = out.call.as_ref().unwrap();
        assert_eq!(call.tool, "shell_command");
        assert_eq!(call.arguments, r#"{"command":"cat /r/pdf/SKILL.md"}"#);
        assert_eq!(
            out.display(),
            "---\nname: pdf\ndescription: PDFs.\n---\nbody\n"
        );
        assert_eq!(loaded(vec![pdf()], "pdf", Some("read"), 1), out);
    }

    #[test]
    fn a_mention_injects_a_user_message_without_a_call() {
        let out = loaded(vec![pdf()], "pdf", Some("mention"), 1);
        assert!(out.call.is_none());
        assert_eq!(out.parts[0].role, Role::User);
        assert_eq!(
            out.parts[0].text,
            "<skill>\n<name>pdf</name>\n<path>/r/pdf/SKILL.md</path>\n---\nname: pdf\ndescription: PDFs.\n---\nbody\n\n</skill>"
        );
    }

    #[test]
    fn mentions_that_select_nothing_are_refused() {
        let twins = || {
            vec![
                skill("/r/a/pdf", "name: pdf\ndescription: One.", Scope::Project),
                skill("/u/b/pdf", "name: pdf\ndescription: Two.", Scope::User),
                skill("/u/home", "name: home\ndescription: Home.", Scope::User),
                skill("/u/odd", "name: odd name\ndescription: Odd.", Scope::User),
            ]
        };
        for (name, says) in [
            ("pdf", "2 skills are named \"pdf\""),
            ("home", "environment variable"),
            ("odd name", "is not a skill mention"),
            ("nope", "(skills: home, odd name, pdf)"),
        ] {
            let out = loaded(twins(), name, Some("mention"), 0);
            assert!(out.error && out.call.is_none(), "{name}");
            assert!(out.display().contains(says), "{}", out.display());
        }
        // Reading picks the first skill found with the name.
        assert!(!loaded(twins(), "pdf", None, 0).error);
    }

    #[test]
    fn file_reads_are_cat_or_sed_with_quoting() {
        let provider = MemoryProvider::new(vec![pdf().with_file("my notes.md", "a\nb\nc\n")]);
        let env = catalog::testing::env();
        let paths = catalog::Paths::absolute(None);
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: None,
            model: None,
        };
        let (known, _) = catalog::known(&TARGET, provider.list(), &cx);
        let read_lines = |lines| {
            read(&ReadInput {
                name: "pdf",
                path: "my notes.md",
                lines,
                known: &known,
                provider: &provider,
                mode: None,
                cx: &cx,
            })
        };
        let all = read_lines(None);
        assert_eq!(
            all.call.as_ref().unwrap().arguments,
            r#"{"command":"cat '/r/pdf/my notes.md'"}"#
        );
        assert_eq!(all.display(), "a\nb\nc\n");
        let tail = read_lines(Some(crate::provider::LineRange::new(2, None).unwrap()));
        assert_eq!(
            tail.call.as_ref().unwrap().arguments,
            r#"{"command":"sed -n '2,$p' '/r/pdf/my notes.md'"}"#
        );
        assert_eq!(tail.display(), "b\nc\n");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
    }

    fn skill_lines(catalog: &Catalog) -> Vec<&str> {
        catalog
            .text
            .lines()
            .filter(|l| l.starts_with("- ") && l.contains("(file: "))
            .collect()
    }

    #[test]
    fn scope_rank_then_name_bytes() {
        let catalog = build(
            vec![
                skill("/u/beta", "description: b", Scope::User),
                skill("/u/Zed", "description: z", Scope::User),
                skill("/r/alpha", "description: a", Scope::Project),
                skill("/s/sys", "description: s", Scope::System),
                skill("/a/adm", "description: d", Scope::Admin),
            ],
            None,
        );
        assert_eq!(
            skill_lines(&catalog),
            [
                "- sys: s (file: /s/sys/SKILL.md)",
                "- adm: d (file: /a/adm/SKILL.md)",
                "- alpha: a (file: /r/alpha/SKILL.md)",
                "- Zed: z (file: /u/Zed/SKILL.md)",
                "- beta: b (file: /u/beta/SKILL.md)",
            ]
        );
        assert!(
            catalog
                .text
                .starts_with("<skills_instructions>\n## Skills\n")
        );
        assert!(
            catalog
                .text
                .ends_with("and continue.\n</skills_instructions>")
        );
    }

    #[test]
    fn whitespace_collapses_and_names_default_to_the_directory() {
        let catalog = build(
            vec![skill(
                "/u/my  skill",
                "description: |\n  Line one.\n\n    Line   two.\n",
                Scope::User,
            )],
            None,
        );
        assert_eq!(
            skill_lines(&catalog),
            ["- my skill: Line one. Line two. (file: /u/my  skill/SKILL.md)"]
        );
    }

    #[test]
    fn broken_skills_are_skipped_with_codex_messages() {
        let reasons: Vec<String> = build(
            vec![
                skill("/u/none", "name: none", Scope::User),
                skill("/u/blank", "description: \"   \"", Scope::User),
                skill(
                    "/u/long",
                    &format!("description: {}", "x".repeat(1025)),
                    Scope::User,
                ),
                skill("/u/seq", "description: [a, b]", Scope::User),
                skill("/u/dup", "description: a\ndescription: b", Scope::User),
                MemorySkill::new("/u/nofm", "no frontmatter\n"),
                MemorySkill::new("/u/empty", "---\n---\n"),
            ],
            None,
        )
        .changes
        .into_iter()
        .map(|c| c.reason)
        .collect();
        assert_eq!(
            reasons,
            [
                "skipped: missing field `description`",
                "skipped: missing field `description`",
                "skipped: invalid description: exceeds maximum length of 1024 characters",
                "skipped: invalid YAML: `description` is a sequence, not a string",
                "skipped: invalid YAML: duplicate field `description`",
                "skipped: missing YAML frontmatter delimited by ---",
                "skipped: missing YAML frontmatter delimited by ---",
            ]
        );
    }

    #[test]
    fn plain_scalars_are_read_as_written() {
        let catalog = build(
            vec![skill("/u/n", "name: 1.50\ndescription: yes", Scope::User)],
            None,
        );
        assert_eq!(skill_lines(&catalog), ["- 1.50: yes (file: /u/n/SKILL.md)"]);
    }

    /// Entries for skills admitted by hand, for tests of `fit` on its own.
    fn entries(provider: &MemoryProvider) -> Vec<Entry<'_>> {
        provider
            .list()
            .iter()
            .map(|s| {
                let admitted = admit(s).unwrap();
                Entry {
                    skill: s,
                    name: admitted.name,
                    description: admitted.description,
                }
            })
            .collect()
    }

    #[test]
    fn tier_two_shares_description_characters_round_robin() {
        let provider = MemoryProvider::new(vec![
            skill("/u/aa", "description: abcdefghij", Scope::User),
            skill("/u/b", "description: xy", Scope::User),
        ]);
        let entries = entries(&provider);
        let lines: Vec<Line<'_, '_>> = entries
            .iter()
            .map(|entry| Line {
                entry,
                description: entry.description(),
                path: format!("/u/{}/SKILL.md", entry.name),
            })
            .collect();
        // "- aa: (file: /u/aa/SKILL.md)\n" is 29 characters and "- b: …" 27. With 7 more,
        // "aa" gets a (2: the character and its space), "b" gets x (2), then b, y, c (1 each);
        // nothing is left for d.
        let available = fit(&lines, SkillBudget::Characters(29 + 27 + 7), Vec::new());
        assert_eq!(
            available.lines,
            [
                "- aa: abc (file: /u/aa/SKILL.md)",
                "- b: xy (file: /u/b/SKILL.md)"
            ]
        );
        assert_eq!(available.fates, [Fate::Cut(3), Fate::Full]);
        assert_eq!(available.truncated_chars, 7);
    }

    #[test]
    fn tier_three_keeps_scanning_after_a_line_that_does_not_fit() {
        let provider = MemoryProvider::new(vec![
            skill("/u/a-very-long-skill-name", "description: d", Scope::User),
            skill("/u/s", "description: d", Scope::User),
        ]);
        let entries = entries(&provider);
        let lines: Vec<Line<'_, '_>> = entries
            .iter()
            .map(|entry| Line {
                entry,
                description: entry.description(),
                path: "p".to_owned(),
            })
            .collect();
        // "- s: (file: p)\n" is 15 characters; the long one is 36.
        let available = fit(&lines, SkillBudget::Characters(20), Vec::new());
        assert_eq!(available.lines, ["- s: (file: p)"]);
        assert_eq!(available.fates, [Fate::Omitted, Fate::Cut(0)]);
    }

    #[test]
    fn token_budgets_come_from_the_context_window() {
        assert_eq!(SkillBudget::of(Some(200_000)), SkillBudget::Tokens(4000));
        assert_eq!(SkillBudget::of(Some(10)), SkillBudget::Tokens(1));
        assert_eq!(SkillBudget::of(None), SkillBudget::Characters(8000));
        assert_eq!(SkillBudget::Tokens(1).cost("- a\n"), 1);
        assert_eq!(SkillBudget::Tokens(1).cost("- ab\n"), 2);
    }

    #[test]
    fn aliases_replace_long_roots_when_they_fit_more() {
        let root = "/very/long/shared/root/directory/that/costs/a/lot/of/characters";
        let skills: Vec<MemorySkill> = (0..12)
            .map(|i| {
                skill(
                    &format!("{root}/skill-{i:02}"),
                    "description: d",
                    Scope::User,
                )
            })
            .collect();
        // MemoryProvider roots each skill at its parent: one shared root.
        let catalog = build(skills, Some(40_000));
        // 800 tokens: every absolute line is ~21 tokens (about 255 in all), so nothing is cut.
        assert!(!catalog.text.contains("### Skill roots"));
        let tight: Vec<MemorySkill> = (0..40)
            .map(|i| {
                skill(
                    &format!("{root}/skill-{i:02}"),
                    &format!("description: {}", "word ".repeat(20)),
                    Scope::User,
                )
            })
            .collect();
        let catalog = build(tight, Some(40_000));
        assert!(
            catalog.text.contains(&format!(
                "### Skill roots\n- `r0` = `{root}`\n### Available skills\n"
            )),
            "{}",
            catalog.text
        );
        assert!(catalog.text.contains("(file: r0/skill-00/SKILL.md)"));
        assert!(catalog.text.contains(HOW_TO_USE_WITH_ALIASES));
    }

    #[test]
    fn no_skills_no_message() {
        assert_eq!(build(Vec::new(), None).text, "");
    }

    #[test]
    fn roots_in_search_order_with_the_system_root_first_among_codex_home() {
        let env = Env::new("/p", Some("/h".into())).with_var("CODEX_HOME", "/c");
        let searched: Vec<PathBuf> = roots(&env).into_iter().map(|r| r.path).collect();
        let expected: Vec<PathBuf> = [
            "/p/.codex/skills",
            "/c/skills/.system",
            "/c/skills",
            "/h/.agents/skills",
        ]
        .iter()
        .map(PathBuf::from)
        .collect();
        assert_eq!(searched[..4], expected[..]);
        assert_eq!(searched.last(), Some(&PathBuf::from("/p/.agents/skills")));
        assert_eq!(search_order(&env)[1].path, PathBuf::from("/c/skills"));
    }

    #[test]
    fn project_root_markers_come_from_config_toml() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        std::fs::create_dir_all(repo.join(".git")).unwrap();
        std::fs::create_dir_all(repo.join("a/b")).unwrap();
        let home = dir.path().join("codex-home");
        std::fs::create_dir_all(&home).unwrap();
        let env = Env::new(repo.join("a/b"), None).with_var("CODEX_HOME", home.to_str().unwrap());
        assert_eq!(
            project_dirs(&env),
            [repo.clone(), repo.join("a"), repo.join("a/b")]
        );
        std::fs::write(home.join("config.toml"), "project_root_markers = []\n").unwrap();
        assert_eq!(project_dirs(&env), [repo.join("a/b")]);
        std::fs::write(home.join("config.toml"), "project_root_markers = [\"b\"]\n").unwrap();
        assert_eq!(project_dirs(&env), [repo.join("a"), repo.join("a/b")]);
        std::fs::write(home.join("config.toml"), "project_root_markers = 3\n").unwrap();
        assert_eq!(project_dirs(&env).len(), 3);
    }

    #[test]
    fn hidden_directories_are_not_searched() {
        let provider = MemoryProvider::new(vec![skill(
            "/r/.archive/old",
            "description: d",
            Scope::User,
        )]);
        let mut skill = provider.list()[0].clone();
        skill.origin.root = PathBuf::from("/r");
        assert_eq!(
            admit(&skill).unwrap_err(),
            "skipped: inside the hidden directory `.archive`, which Codex does not search"
        );
    }
}
