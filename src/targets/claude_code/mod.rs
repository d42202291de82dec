//! `claude-code`: Claude Code, verified against 2.1.331, and the Anthropic platform rules for
//! uploaded skills. The catalog is the skill listing (`listing.rs`), whose place, wrapper and
//! budget depend on the model (`models.rs`); the client's own skills follow the user's
//! (`builtins.rs`); loads and reads are the Skill and Read tools (`tools.rs`). Discovery and
//! frontmatter reading are here, shared with the legacy `claude-code@2.0` target, which lists
//! the same skills in a different shape.

mod builtins;
mod listing;
mod models;
mod tools;

use std::path::PathBuf;

use super::catalog::{Admitted, Collision};
use super::env::{Env, RootSpec};
use super::load::{Placement, Session};
use super::text::{self, Unit};
use super::{Budget, Confidence, ExtraField, NameCharset, Target, Verified};
use crate::frontmatter::{self, Field, Value, Yaml};
use crate::skill::{Scope, Skill};

pub(super) use tools::{load, read};

/// The frontmatter fields Claude Code reads beyond the standard six (both eras).
pub(super) const EXTRA_FIELDS: &[ExtraField] = &[
    ExtraField {
        key: "when_to_use",
        meaning: "appended to the description in the skill listing",
    },
    ExtraField {
        key: "argument-hint",
        meaning: "shown when the skill is invoked as a slash command",
    },
    ExtraField {
        key: "arguments",
        meaning: "names the arguments of the slash command",
    },
    ExtraField {
        key: "disable-model-invocation",
        meaning: "hides the skill from the model; only the user can invoke it",
    },
    ExtraField {
        key: "user-invocable",
        meaning: "whether the skill is offered as a slash command",
    },
    ExtraField {
        key: "disallowed-tools",
        meaning: "tools the skill may not use",
    },
    ExtraField {
        key: "model",
        meaning: "the model that runs the skill",
    },
    ExtraField {
        key: "effort",
        meaning: "the reasoning effort for the skill",
    },
    ExtraField {
        key: "context",
        meaning: "`fork` runs the skill in a sub-agent context",
    },
    ExtraField {
        key: "agent",
        meaning: "the sub-agent type that runs a forked skill",
    },
    ExtraField {
        key: "hooks",
        meaning: "hooks active while the skill runs",
    },
    ExtraField {
        key: "paths",
        meaning: "globs; the skill is offered only after a matching file is touched",
    },
    ExtraField {
        key: "shell",
        meaning: "the shell for `!` command injection",
    },
    ExtraField {
        key: "version",
        meaning: "legacy version field, read and ignored",
    },
];

/// Words the Anthropic platform refuses in a skill name.
pub(super) const RESERVED_WORDS: &[&str] = &["anthropic", "claude"];

/// The frontmatter fields the listing depends on (both eras).
pub(super) const FIELDS_READ: &[&str] = &[
    "description",
    "when_to_use",
    "disable-model-invocation",
    "paths",
];

pub(super) const ROOTS_SUMMARY: &str = "managed (/etc/claude-code/.claude/skills on Linux, /Library/Application Support/ClaudeCode/.claude/skills on macOS), then $CLAUDE_CONFIG_DIR/skills (default ~/.claude/skills), then .claude/skills in the working directory and each folder above it, nearest first, up to the git root (without git, up to the filesystem root; never the home folder); one level deep (<root>/<name>/SKILL.md)";

pub(super) const BROKEN_SKILL: &str = "frontmatter that is not valid YAML is retried with problem values quoted; if it still fails the skill loads with no frontmatter: the directory name, and the first non-blank body line as description (\"Skill\" if there is none)";

/// The environment variable that replaces the budget.
pub(super) const BUDGET_VAR: &str = "SLASH_COMMAND_TOOL_CHAR_BUDGET";

/// What a second load returns (both eras).
pub(super) const RELOAD: &str =
    "the same tool result and meta message again: Claude Code keeps no state that changes a load";

// Decisions on loads and reads, shared by both eras.
pub(super) const LOAD_CALL: &str = "the model calls the `Skill` tool with `{\"skill\": name}` and no `args`; a leading `/` and surrounding spaces are dropped from the name, and the folder name and the frontmatter `name` both load the skill, as in Claude Code";
pub(super) const NO_ARGUMENTS: &str = "with no `args`, `$ARGUMENTS` and the frontmatter's named `arguments` become empty while `$ARGUMENTS[n]` and `$n` stay as written, and `\\$` before a placeholder keeps it literal, as Claude Code 2.1.331 does; `${CLAUDE_EFFORT}` is the model's default effort and `${CLAUDE_PROJECT_DIR}` the working directory";
pub(super) const SESSION_ID: &str = "`${CLAUDE_SESSION_ID}` becomes the placeholder 00000000-0000-0000-0000-000000000000, and the load's `record.runtime_filled` says so: a real session id is a random UUID of that shape";
pub(super) const NO_SHELL: &str = "inline shell (`` !`command` `` and ```! blocks) is left as written: nothing is run, so where Claude Code would put the command's output the command itself is shown";
pub(super) const NO_COMMAND_MESSAGE: &str = "the visible `<command-message>` user message is left out: the Skill tool filters it from what the model gets, and its wording varies by version";
pub(super) const NO_FORK: &str = "a `context: fork` skill is shown as an inline load; Claude Code runs it in a sub-agent and returns that agent's result instead";
pub(super) const HIDDEN_SKILL: &str = "an unknown name is `<tool_use_error>Unknown skill: x</tool_use_error>`, with `. Did you mean y?` when a skill's command name or one of the client's own command names is within two edits (the first at the smallest distance, the user's skills first, then the client's names in the order observed in 2.1.331); a skill hidden by `disable-model-invocation` gets the tool's refusal; one of the client's own skills or commands gets our note that its text ships inside the client";
pub(super) const READ_CALL: &str = "a file read is the `Read` tool with the absolute `file_path` (and `offset` and `limit` for a line range) returning the lines as `N\\tline` (an empty file gets the tool's warning); the tool's limits on line count and line length are not modelled";
pub(super) const READ_ERRORS: &str = "a missing file is the tool's `File does not exist` message; other refusals are a `<tool_use_error>` result with our provider's reason (the Read tool's own wording is not pinned); a read from an unknown skill answers `Unknown skill: x`";
pub(super) const TOKENS_LEFT: &str = "the `<total_tokens>N tokens left</total_tokens>` reminder some models get after each tool result is written with `{tokens_left}` for N (the client counts it from the model API's usage numbers), and the output's `record.runtime_filled` says so";

pub const TARGET: Target = Target {
    id: "claude-code",
    display: "Claude Code",
    rejects_unknown_fields: false,
    extra_fields: EXTRA_FIELDS,
    metadata_keys: &[],
    name_charset: NameCharset::Ascii,
    description_limit: 1536,
    reserved_words: RESERVED_WORDS,
    rejects_angle_brackets: true,
    strict_yaml: false,

    placement: "depends on the model: one section of a role=system message after the user's first message for the 1M-token models (unwrapped with claude-opus-5-5, claude-fable-5 and a model Claude Code does not know; in `<system-reminder>` with claude-sonnet-5), a `<system-reminder>` text part of the first user message for the 200k ones; never in the system prompt",
    roots,
    roots_summary: ROOTS_SUMMARY,
    collision: Collision::FirstWins,
    admit,
    broken_skill: BROKEN_SKILL,
    fields_read: FIELDS_READ,
    ordering: "managed, then user, then project skills (nearest folder first), then PATH arguments in argument order, each root in locale collation of the folder names (`localeCompare`: `_lead a_under a-dash a.dot a1 a10 a2 aa b-skill B-upper é-accent e-plain`), then Claude Code's own skills",
    escaping: "`<` and `>` in a description become `&lt;` and `&gt;`; nothing else",
    whitespace: "descriptions are trimmed, terminal escape sequences removed, and each run of line breaks, tabs, control, format and other invisible characters becomes one space",
    budget: Budget {
        unit: Some(Unit::DisplayWidth),
        summary: "SLASH_COMMAND_TOOL_CHAR_BUDGET, else context window × bytes per token × 1% (3 bytes for the 1M models: 30000; 4 for the 200k ones: 8000), in terminal columns (CJK 2) plus one per line break. Descriptions are first capped at 1536 characters with `…`. If the lines do not fit, the client's bundled and plugin skills keep their lines, every other entry starts as `- name`, and in list order each gets its description back while the listing still fits",
    },
    render: listing::render,
    leave_one_out: Some(listing::leave_one_out),
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::SystemMessage,
        modes: &[],
        reload: RELOAD,
    },
    builtins_note: "Claude Code lists its bundled skills, its built-in plugin's skill and two built-in commands after yours; CLAUDE_CODE_DISABLE_BUNDLED_SKILLS=1 and `\"enabledPlugins\": {\"cc-plugin-plugin-authoring@builtin\": false}` in the user settings take them out",
    builtins: builtins::BUILTINS,
    builtins_first: false,
    install: None,
    models: models::MODELS,
    verified: Some(Verified {
        client: "Claude Code",
        version: "2.1.331",
        captured: "2026-11-24",
        cases: 15,
        recordings: "claude-code@2.1.331",
    }),
    decisions: &[
        "the managed root (the managed-settings folder's .claude/skills) is searched first, before the user's; it was not observed",
        "a folder name holding `<`, `>` or a tab is not listed by Claude Code; any other invisible character is taken to do the same",
        "skills with a `paths` glob are left out: Claude Code lists them only after a matching file is touched",
        "terminal escape sequences in a description are removed as ECMA-48 defines them (CSI, OSC and other strings, two-character escapes); the common forms were checked against the client",
        "Claude Code orders the listing by how often each skill was used, which is the same for every skill on a fresh machine; usage is not known to a preview, so the order of a fresh machine is shown",
        "only the SLASH_COMMAND_TOOL_CHAR_BUDGET environment variable overrides the budget; the `skillListingBudgetFraction`, `skillListingMaxDescChars` and `skillOverrides` settings are not read",
        "only the user settings are read for `enabledPlugins`; project and managed settings are not",
        "a model the target does not know gets what Claude Code 2.1.331 gives an unknown model (a 1M window, 3 bytes per token, the unwrapped listing, no reminder, effort high); dated model ids and `[1m]` suffixes are not resolved",
        "`${CLAUDE_EFFORT}` is the model's default effort; an effort the user configured is not read",
        "the client's own command names that \"Did you mean …?\" considers, and their order, are those of 2.1.331 in the lab's environment (its settings and feature switches can add or remove commands)",
        "nested .claude/skills folders below the working directory, --add-dir, plugins other than the built-in one and legacy .claude/commands are not searched (PATH arguments stand in for extra directories, each root sorted like one of Claude Code's)",
        "CLAUDE_CONFIG_DIR moves the user root and the user settings, as it moves ~/.claude",
        "a skill file must be named `SKILL.md` exactly (case-sensitive file systems)",
        LOAD_CALL,
        NO_ARGUMENTS,
        SESSION_ID,
        NO_SHELL,
        NO_COMMAND_MESSAGE,
        NO_FORK,
        HIDDEN_SKILL,
        READ_CALL,
        READ_ERRORS,
        TOKENS_LEFT,
    ],

    confidence: Confidence::Approximated,
    reference: "Claude Code 2.1.331 run offline against the conformance lab (tests/conformance/claude-code@2.1.331, docs/conformance.md); code.claude.com/docs/en/skills; platform.claude.com Agent Skills overview",
};

/// Managed, then user, then the project roots: the order skills are registered in, and so the
/// order of precedence on a name clash (enterprise > personal > project, nearer > farther).
pub(super) fn roots(env: &Env) -> Vec<RootSpec> {
    let mut roots = vec![RootSpec::one_level(managed_skills_dir(), Scope::Admin)];
    roots.extend(
        env.var_dir("CLAUDE_CONFIG_DIR", ".claude")
            .map(|dir| RootSpec::one_level(dir.join("skills"), Scope::User)),
    );
    roots.extend(
        project_dirs(env)
            .into_iter()
            .map(|dir| RootSpec::one_level(dir.join(".claude/skills"), Scope::Project)),
    );
    roots
}

/// The working directory and each folder above it, nearest first: up to and including the git
/// root (the nearest folder holding `.git`), else up to the filesystem root; the home folder
/// (whose `.claude/skills` is the user root) ends the walk without being included.
fn project_dirs(env: &Env) -> Vec<PathBuf> {
    let git_root = env.cwd.ancestors().find(|dir| dir.join(".git").exists());
    let mut dirs = Vec::new();
    for dir in env.cwd.ancestors() {
        if env.home.as_deref() == Some(dir) {
            break;
        }
        dirs.push(dir.to_path_buf());
        if Some(dir) == git_root {
            break;
        }
    }
    dirs
}

/// The managed-settings directory's `.claude/skills`.
fn managed_skills_dir() -> PathBuf {
    let base = if cfg!(target_os = "macos") {
        "/Library/Application Support/ClaudeCode"
    } else if cfg!(windows) {
        r"C:\Program Files\ClaudeCode"
    } else {
        "/etc/claude-code"
    };
    PathBuf::from(base).join(".claude").join("skills")
}

/// What Claude Code lists for a skill: its directory name, and `description` (or the first
/// body line) with ` - when_to_use` appended. Hidden and conditional skills are left out; a
/// built-in is listed as the client has it.
pub(super) fn admit(skill: &Skill) -> Result<Admitted, String> {
    if skill.origin.scope == Scope::Builtin {
        return Ok(Admitted {
            name: declared_name(skill).unwrap_or_default(),
            description: skill.description().map(str::to_owned),
        });
    }
    if !skill.has_canonical_file_name() {
        return Err("skipped: Claude Code reads a file named exactly `SKILL.md`".to_owned());
    }
    let (fields, body) = read_frontmatter(skill);
    if is_true(&fields, "disable-model-invocation") {
        return Err(
            "skipped: `disable-model-invocation: true` hides it from the model (only the user can invoke it)"
                .to_owned(),
        );
    }
    if is_conditional(&fields) {
        return Err(
            "skipped: `paths` makes it conditional: Claude Code lists it only after a matching file is touched"
                .to_owned(),
        );
    }
    let name = match skill.dir_name() {
        dir if !dir.is_empty() => dir.into_owned(),
        _ => skill.name().into_owned(),
    };
    if name.contains(['<', '>']) || name.chars().any(listing::is_invisible) {
        return Err(
            "skipped: Claude Code does not list a skill whose folder name holds `<`, `>` or an invisible character"
                .to_owned(),
        );
    }
    let description = declared_description(&fields).unwrap_or_else(|| description_from_body(body));
    let description = match when_to_use(&fields) {
        Some(when) => format!("{description} - {when}"),
        None => description,
    };
    Ok(Admitted {
        name,
        description: Some(description),
    })
}

/// The frontmatter `name` as text (a number as written), when there is a non-empty one: the
/// name of the skill's command.
pub(super) fn declared_name(skill: &Skill) -> Option<String> {
    let (fields, _) = read_frontmatter(skill);
    field(&fields, "name")
        .and_then(|f| scalar(&f.value))
        .map(|name| js_trim(&name).to_owned())
        .filter(|name| !name.is_empty())
}

/// A name the listing shows beside the folder: letters, digits, `_`, `.`, `:` and `-` only.
pub(super) fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | ':' | '-'))
}

/// `parseFrontmatter`: `/^---\s*\n([\s\S]*?)---\s*\n?/`, so the block ends at the first `---`
/// anywhere (not only on a line of its own). Invalid YAML is retried with problem values
/// quoted, then read as `{}`. Returns the entries and the Markdown after the block.
fn read_frontmatter(skill: &Skill) -> (Vec<Field>, &str) {
    let text = skill.source.text();
    // A UTF-8 byte order mark goes first.
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let Some((yaml, body)) = split_frontmatter(text) else {
        return (Vec::new(), text);
    };
    let fields = match super::file::yaml(skill, yaml) {
        Yaml::Mapping(fields) => fields,
        Yaml::NotMapping(_) => Vec::new(),
        Yaml::Invalid(_) => match frontmatter::parse_standalone(&quote_problematic_values(yaml)) {
            Yaml::Mapping(fields) => fields,
            _ => Vec::new(),
        },
    };
    (fields, body)
}

/// The YAML text and the body, as the frontmatter regex splits them.
fn split_frontmatter(text: &str) -> Option<(&str, &str)> {
    let rest = text.strip_prefix("---")?;
    // `\s*\n`: the whitespace run after the dashes, back to its last line break.
    let run = leading_js_space(rest);
    let yaml_start = rest[..run].rfind('\n')? + 1;
    let after = &rest[yaml_start..];
    // `([\s\S]*?)---`: up to the first three dashes.
    let close = after.find("---")?;
    let tail = &after[close + 3..];
    // `\s*\n?`: every whitespace character after them.
    Some((&after[..close], &tail[leading_js_space(tail)..]))
}

/// The byte length of the leading run of JavaScript whitespace.
fn leading_js_space(text: &str) -> usize {
    text.char_indices()
        .find(|&(_, c)| !is_js_space(c))
        .map_or(text.len(), |(i, _)| i)
}

/// JavaScript's `\s` (and what `trim()` removes): Unicode spaces and line terminators plus
/// U+FEFF, but not U+0085.
fn is_js_space(c: char) -> bool {
    c != '\u{85}' && (c.is_whitespace() || c == '\u{FEFF}')
}

/// JavaScript's `.`: anything but a line terminator.
fn is_js_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
}

fn js_trim(text: &str) -> &str {
    text.trim_matches(is_js_space)
}

/// `quoteProblematicValues`: every top-level `key: value` line whose unquoted value holds a
/// YAML indicator (`{}[]*&#!|>%@` and backtick, or `: `) is rewritten as `key: "value"`.
fn quote_problematic_values(yaml: &str) -> String {
    yaml.split('\n')
        .map(|line| match key_value(line) {
            Some((key, value)) if needs_quotes(value) => {
                let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
                format!("{key}: \"{escaped}\"")
            }
            _ => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `^([a-zA-Z_-]+):\s+(.+)$` on one line.
fn key_value(line: &str) -> Option<(&str, &str)> {
    let key_len = line
        .find(|c: char| !(c.is_ascii_alphabetic() || c == '_' || c == '-'))
        .unwrap_or(line.len());
    let rest = line[key_len..].strip_prefix(':')?;
    if key_len == 0 {
        return None;
    }
    let run = leading_js_space(rest);
    if run == 0 {
        return None;
    }
    let mut value = &rest[run..];
    if value.is_empty() {
        // `\s+` gives back its last character so that `.+` has one.
        let last = rest[..run].chars().next_back()?;
        if rest[..run].chars().count() < 2 {
            return None;
        }
        value = &rest[run - last.len_utf8()..];
    }
    if value.chars().any(is_js_line_terminator) {
        return None;
    }
    Some((&line[..key_len], value))
}

fn needs_quotes(value: &str) -> bool {
    let quoted = |q: char| value.starts_with(q) && value.ends_with(q);
    if quoted('"') || quoted('\'') {
        return false;
    }
    value.contains(": ")
        || value.contains([
            '{', '}', '[', ']', '*', '&', '#', '!', '|', '>', '%', '@', '`',
        ])
}

/// The last entry with this key (later keys win).
fn field<'a>(fields: &'a [Field], key: &str) -> Option<&'a Field> {
    fields.iter().rev().find(|f| f.key == key)
}

/// A scalar as JavaScript's `String(value)` writes it.
fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(s) | Value::Number(s) => Some(s.clone()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// `coerceDescriptionToString`: strings trimmed (blank is none), numbers and booleans as text.
fn declared_description(fields: &[Field]) -> Option<String> {
    let value = &field(fields, "description")?.value;
    match value {
        Value::String(s) => Some(js_trim(s))
            .filter(|s| !s.is_empty())
            .map(str::to_owned),
        other => scalar(other),
    }
}

/// `extractDescriptionFromMarkdown(body, 'Skill')`: the first non-blank line, without a heading's
/// `#`s, cut to 97 UTF-16 units and `...` when longer than 100.
fn description_from_body(body: &str) -> String {
    for line in body.split('\n') {
        let trimmed = js_trim(line);
        if trimmed.is_empty() {
            continue;
        }
        let text = heading_text(trimmed).unwrap_or(trimmed);
        return if Unit::Utf16.measure(text) > 100 {
            format!("{}...", text::prefix_within(text, Unit::Utf16, 97))
        } else {
            text.to_owned()
        };
    }
    "Skill".to_owned()
}

/// `^#+\s+(.+)$` on a trimmed line.
fn heading_text(line: &str) -> Option<&str> {
    let rest = line.trim_start_matches('#');
    if rest.len() == line.len() {
        return None;
    }
    let text = rest.trim_start_matches(is_js_space);
    let valid =
        text.len() < rest.len() && !text.is_empty() && !text.chars().any(is_js_line_terminator);
    valid.then_some(text)
}

/// `when_to_use`, when it is a non-empty scalar (appended as written).
fn when_to_use(fields: &[Field]) -> Option<String> {
    scalar(&field(fields, "when_to_use")?.value).filter(|s| !s.is_empty())
}

/// `parseBooleanFrontmatter`: only `true` or the string `"true"`.
fn is_true(fields: &[Field], key: &str) -> bool {
    field(fields, key).is_some_and(|f| match &f.value {
        Value::Bool(b) => *b,
        Value::String(s) => s == "true",
        _ => false,
    })
}

/// `parseSkillPaths`: a `paths` value with at least one pattern that is not `**` (after a
/// trailing `/**` is removed) makes the skill conditional.
fn is_conditional(fields: &[Field]) -> bool {
    let Some(paths) = field(fields, "paths") else {
        return false;
    };
    let mut patterns = Vec::new();
    match &paths.value {
        Value::String(s) => patterns.extend(split_patterns(s)),
        Value::Sequence(items) => {
            for item in items {
                if let Value::String(s) = item {
                    patterns.extend(split_patterns(s));
                }
            }
        }
        _ => {}
    }
    patterns
        .iter()
        .map(|p| p.strip_suffix("/**").unwrap_or(p))
        .any(|p| !p.is_empty() && p != "**")
}

/// Comma-separated patterns, commas inside `{…}` kept.
fn split_patterns(text: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    parts.push(current);
    parts
        .into_iter()
        .map(|p| js_trim(&p).to_owned())
        .filter(|p| !p.is_empty())
        .collect()
}

/// JavaScript `Number(text)`: `None` for `NaN`.
fn js_number(text: &str) -> Option<f64> {
    let t = js_trim(text);
    if t.is_empty() {
        return Some(0.0);
    }
    let radix = [
        ("0x", 16),
        ("0X", 16),
        ("0o", 8),
        ("0O", 8),
        ("0b", 2),
        ("0B", 2),
    ]
    .iter()
    .find_map(|&(prefix, radix)| t.strip_prefix(prefix).map(|digits| (digits, radix)));
    if let Some((digits, radix)) = radix {
        if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        return Some(
            digits
                .chars()
                .filter_map(|c| c.to_digit(radix))
                .fold(0.0, |n, d| n * f64::from(radix) + f64::from(d)),
        );
    }
    let unsigned = t.strip_prefix(['+', '-']).unwrap_or(t);
    if unsigned == "Infinity" {
        return Some(if t.starts_with('-') {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        });
    }
    // Rust also reads `inf` and `NaN`; JavaScript does not.
    if !unsigned
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
    {
        return None;
    }
    t.parse::<f64>().ok()
}

/// `if (Number(process.env.SLASH_COMMAND_TOOL_CHAR_BUDGET))`: the variable's value when it is
/// a number other than 0.
pub(super) fn env_budget(env: &Env) -> Option<f64> {
    env.var(BUDGET_VAR)
        .and_then(js_number)
        .filter(|n| *n != 0.0 && !n.is_nan())
}

/// A budget as a count for reports: negative and fractional parts dropped.
pub(super) fn as_count(value: f64) -> u64 {
    if value.is_nan() || value <= 0.0 {
        0
    } else {
        // Saturates at u64::MAX for an infinite budget.
        value.floor() as u64
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use std::path::Path;

    use super::*;
    use crate::provider::{MemoryProvider, MemorySkill, SkillProvider};
    use crate::targets::catalog::{self, Catalog, ChangeKind, Context, Paths};
    use crate::targets::load::{Output, Part, RUNTIME_FILLED, Role};

    fn skill(dir: &str, frontmatter: &str, body: &str) -> MemorySkill {
        MemorySkill::new(dir, format!("---\n{frontmatter}\n---\n{body}"))
    }

    fn env() -> Env {
        Env::new("/p", Some("/h".into()))
    }

    /// The catalog of these skills (no built-ins) for `model`.
    fn listing(skills: Vec<MemorySkill>, env: &Env, model: Option<&str>) -> Catalog {
        let provider = MemoryProvider::new(skills);
        let paths = Paths::absolute(None);
        let cx = Context {
            paths: &paths,
            env,
            context_window: None,
            model,
        };
        catalog::build(&TARGET, provider.list(), &cx)
    }

    fn build(skills: Vec<MemorySkill>) -> Catalog {
        listing(skills, &env(), None)
    }

    fn kinds(catalog: &Catalog) -> Vec<(ChangeKind, String)> {
        catalog
            .changes
            .iter()
            .map(|c| (c.kind, c.name.clone()))
            .collect()
    }

    fn loaded(skills: Vec<MemorySkill>, name: &str) -> Output {
        crate::targets::load::testing::load(&TARGET, skills, name, 0)
    }

    #[test]
    fn a_load_is_the_launch_line_and_a_meta_message_every_time() {
        let skills = || {
            vec![skill(
                "/u/pdf",
                "name: pdf-tools\ndescription: PDFs.",
                "\n\n# PDF\nUse it.\n",
            )]
        };
        let first = loaded(skills(), "pdf");
        assert_eq!(first.call.as_ref().unwrap().arguments, r#"{"skill":"pdf"}"#);
        assert_eq!(
            first.parts,
            [
                Part {
                    role: Role::Tool,
                    text: "Launching skill: pdf".to_owned()
                },
                Part {
                    role: Role::User,
                    text: "Base directory for this skill: /u/pdf\n\n# PDF\nUse it.\n".to_owned()
                },
            ]
        );
        assert_eq!(loaded(skills(), " /pdf ").parts, first.parts);
        // The frontmatter name loads it too, and the result repeats the name asked for.
        let by_name = loaded(skills(), "pdf-tools");
        assert_eq!(by_name.parts[0].text, "Launching skill: pdf-tools");
        assert_eq!(by_name.parts[1], first.parts[1]);
    }

    #[test]
    fn refusals_are_tool_use_errors() {
        let skills = || {
            vec![
                skill("/u/pdf", "description: PDFs.", ""),
                skill(
                    "/u/secret",
                    "description: Manual only.\ndisable-model-invocation: true",
                    "",
                ),
            ]
        };
        let unknown = loaded(skills(), "zzzzzzzzzz");
        assert!(unknown.error);
        assert_eq!(
            unknown.display(),
            "<tool_use_error>Unknown skill: zzzzzzzzzz</tool_use_error>"
        );
        assert_eq!(
            loaded(skills(), "secret").display(),
            "<tool_use_error>Skill secret cannot be used with Skill tool due to disable-model-invocation. Ask the user to run /secret themselves — it cannot be invoked via the Skill tool. Do not replicate this skill's workflow by other means — it is reserved for explicit user invocation.</tool_use_error>"
        );
        assert_eq!(
            loaded(skills(), "  ").display(),
            "<tool_use_error>Invalid skill format:   </tool_use_error>"
        );
    }

    #[test]
    fn near_misses_get_the_clients_suggestion() {
        let skills = || {
            vec![
                skill("/u/pdf", "description: PDFs.", ""),
                skill("/u/Upper-Dir", "description: Up.", ""),
                skill(
                    "/u/secret",
                    "description: Manual only.\ndisable-model-invocation: true",
                    "",
                ),
            ]
        };
        let suggested = |name: &str| loaded(skills(), name).display();
        assert_eq!(
            suggested("nope"),
            "<tool_use_error>Unknown skill: nope. Did you mean copy?</tool_use_error>"
        );
        assert_eq!(
            suggested("upper-dir"),
            "<tool_use_error>Unknown skill: upper-dir. Did you mean Upper-Dir?</tool_use_error>"
        );
        // The user's skills come first, hidden ones included.
        assert!(suggested("pdg").ends_with("Did you mean pdf?</tool_use_error>"));
        assert!(suggested("secrex").ends_with("Did you mean secret?</tool_use_error>"));
        assert!(suggested("loo").ends_with("Did you mean loop?</tool_use_error>"));
    }

    #[test]
    fn the_clients_own_skills_are_not_reproduced() {
        let out = loaded(Vec::new(), "clear");
        assert!(out.error);
        assert!(
            out.display().contains("one of Claude Code's own"),
            "{}",
            out.display()
        );
    }

    #[test]
    fn placeholders_are_filled_and_shell_is_not_run() {
        let out = loaded(
            vec![skill(
                "/u/ops",
                "description: Ops.\narguments: env",
                "${CLAUDE_SKILL_DIR}/run.sh ${CLAUDE_SESSION_ID} $env $0 $ARGUMENTS ${CLAUDE_EFFORT} ${CLAUDE_PROJECT_DIR} !`date`",
            )],
            "ops",
        );
        assert_eq!(
            out.parts[1].text,
            "Base directory for this skill: /u/ops\n\n/u/ops/run.sh 00000000-0000-0000-0000-000000000000  $0  medium /p !`date`"
        );
        assert_eq!(
            out.record[RUNTIME_FILLED][0]["placeholder"],
            "00000000-0000-0000-0000-000000000000"
        );
    }

    #[test]
    fn a_bom_and_the_frontmatter_are_stripped() {
        let bom = MemorySkill::new(
            "/u/bom",
            "\u{feff}---\ndescription: With a BOM.\n---\n# Body\n",
        );
        assert_eq!(
            loaded(vec![bom.clone()], "bom").parts[1].text,
            "Base directory for this skill: /u/bom\n\n# Body\n"
        );
        assert!(build(vec![bom]).text.contains("- bom: With a BOM."));
    }

    #[test]
    fn the_default_listing_is_an_unwrapped_section_in_collation_order() {
        let catalog = build(vec![
            skill("/u/zeta", "description: Last letter.", ""),
            skill("/u/B-upper", "description: Upper.", ""),
            skill("/u/b-skill", "description: Lower.", ""),
            skill(
                "/u/alpha",
                "description: First letter.\nwhen_to_use: When asked for A.",
                "",
            ),
        ]);
        assert_eq!(
            catalog.text,
            "The following skills are available for use with the Skill tool:\n\n- alpha: First letter. - When asked for A.\n- b-skill: Lower.\n- B-upper: Upper.\n- zeta: Last letter."
        );
        assert_eq!(catalog.budget.unwrap().limit, 30000);
    }

    #[test]
    fn the_model_decides_the_wrapper_and_the_budget() {
        let skills = || vec![skill("/u/a", "description: A.", "")];
        for (model, wrapped, limit) in [
            ("claude-sonnet-5", true, 30000),
            ("claude-sonnet-4-5", true, 8000),
            ("claude-fable-5", false, 30000),
            ("claude-unknown-9", false, 30000),
        ] {
            let catalog = listing(skills(), &env(), Some(model));
            assert_eq!(
                catalog.text.starts_with("<system-reminder>\n"),
                wrapped,
                "{model}"
            );
            assert_eq!(catalog.budget.unwrap().limit, limit, "{model}");
        }
    }

    #[test]
    fn entry_text_and_names() {
        let catalog = build(vec![
            skill("/u/xml", "description: \"a <b> & c\\n\\nd\"", ""),
            skill("/u/folder", "name: Other-Name\ndescription: Named.", ""),
            skill("/u/spaced", "name: Has Space\ndescription: Spaced.", ""),
            skill("/u/same", "name: same\ndescription: Same.", ""),
        ]);
        let lines: Vec<&str> = catalog.text.lines().skip(2).collect();
        assert_eq!(
            lines,
            [
                "- folder (Other-Name): Named.",
                "- same: Same.",
                "- spaced: Spaced.",
                "- xml: a &lt;b&gt; & c d"
            ]
        );
    }

    #[test]
    fn hidden_conditional_and_broken_skills() {
        let catalog = build(vec![
            skill(
                "/u/hidden",
                "description: x\ndisable-model-invocation: true",
                "",
            ),
            skill(
                "/u/quoted",
                "description: y\ndisable-model-invocation: \"true\"",
                "",
            ),
            skill("/u/globbed", "description: z\npaths: \"src/**/*.ts\"", ""),
            skill("/u/everywhere", "description: w\npaths: \"**\"", ""),
            skill(
                "/u/broken",
                "description: [unclosed",
                "\n\n# Broken heading\nmore",
            ),
            skill("/u/colon", "description: Use when: the user asks", ""),
            MemorySkill::new("/u/bare", "Just text.\n"),
            skill("/u/a<b", "description: angle", ""),
        ]);
        assert_eq!(
            kinds(&catalog),
            [
                (ChangeKind::Skipped, "hidden".to_owned()),
                (ChangeKind::Skipped, "quoted".to_owned()),
                (ChangeKind::Skipped, "globbed".to_owned()),
                (ChangeKind::Skipped, "a<b".to_owned()),
            ]
        );
        // `[unclosed` gains quotes on the retry and then parses.
        assert_eq!(
            catalog.text.lines().skip(2).collect::<Vec<_>>(),
            [
                "- bare: Just text.",
                "- broken: [unclosed",
                "- colon: Use when: the user asks",
                "- everywhere: w",
            ]
        );
    }

    #[test]
    fn frontmatter_that_never_parses_loads_with_defaults() {
        let catalog = build(vec![skill(
            "/u/bad",
            "name: other\n  description: bad indent\n- list",
            "\n## Does a thing\n",
        )]);
        assert!(
            catalog.text.ends_with("- bad: Does a thing"),
            "{}",
            catalog.text
        );
    }

    #[test]
    fn frontmatter_split_follows_the_regex() {
        assert_eq!(
            split_frontmatter("---\n\nname: a\n---\n\n  body"),
            Some(("name: a\n", "body"))
        );
        // The block ends at the first `---`, even mid-line.
        assert_eq!(
            split_frontmatter("---\ndescription: a---b\n---\nx"),
            Some(("description: a", "b\n---\nx"))
        );
        assert_eq!(split_frontmatter("---no newline"), None);
        assert_eq!(split_frontmatter("text"), None);
    }

    #[test]
    fn body_descriptions() {
        assert_eq!(description_from_body("\n\n# Title\ntext"), "Title");
        assert_eq!(description_from_body("#NoSpace"), "#NoSpace");
        assert_eq!(description_from_body("  plain line  \nnext"), "plain line");
        assert_eq!(description_from_body(""), "Skill");
        let long = "x".repeat(120);
        assert_eq!(
            description_from_body(&long),
            format!("{}...", "x".repeat(97))
        );
    }

    #[test]
    fn quoting_problem_values() {
        assert_eq!(
            quote_problematic_values("a: b: c\nb: 'ok: x'\nc: plain\n  d: {x}"),
            "a: \"b: c\"\nb: 'ok: x'\nc: plain\n  d: {x}"
        );
        assert_eq!(
            quote_problematic_values("k: say \"hi\" & \\go"),
            "k: \"say \\\"hi\\\" & \\\\go\""
        );
    }

    #[test]
    fn env_budget_reads_like_javascript_number() {
        let with = |v: &str| env_budget(&env().with_var(BUDGET_VAR, v));
        assert_eq!(with("300"), Some(300.0));
        assert_eq!(with(" 1e3 "), Some(1000.0));
        assert_eq!(with("0x10"), Some(16.0));
        assert_eq!(with("-5"), Some(-5.0));
        assert_eq!(with("0"), None);
        assert_eq!(with("abc"), None);
        assert_eq!(with("inf"), None);
        assert_eq!(with("Infinity"), Some(f64::INFINITY));
    }

    fn three(description_lengths: [usize; 3]) -> Vec<MemorySkill> {
        ["aa", "bb", "cc"]
            .iter()
            .zip(description_lengths)
            .map(|(n, len)| {
                skill(
                    &format!("/u/{n}"),
                    &format!("description: {}", "d".repeat(len)),
                    "",
                )
            })
            .collect()
    }

    #[test]
    fn over_budget_names_first_then_descriptions_back_in_order() {
        // Names: 3 × 4 columns + 2 breaks = 14. `aa` needs 60 more, `bb` 10, `cc` 10.
        let env = env().with_var(BUDGET_VAR, "40");
        let catalog = listing(three([58, 8, 8]), &env, None);
        assert!(
            catalog
                .text
                .ends_with("\n\n- aa\n- bb: dddddddd\n- cc: dddddddd"),
            "{}",
            catalog.text
        );
        assert_eq!(
            kinds(&catalog),
            [(ChangeKind::DescriptionRemoved, "aa".to_owned())]
        );
        let used = catalog.budget.unwrap();
        assert_eq!((used.limit, used.used), (40, 34));
        // Exactly at the budget still fits.
        let exact = listing(three([58, 8, 8]), &env.with_var(BUDGET_VAR, "74"), None);
        assert!(exact.text.contains("- aa: d"), "{}", exact.text);
    }

    #[test]
    fn a_description_cut_to_the_cap_and_then_removed_is_one_change() {
        // `aa` and `cc` are cut to the cap (1536 UTF-16 units); the budget has room for one of
        // them after the names: `aa` keeps its cut description, `cc` loses it, and its cut is
        // not reported as well.
        let env = env().with_var(BUDGET_VAR, "2000");
        let catalog = listing(three([2000, 8, 2000]), &env, None);
        assert!(catalog.text.contains("\n- aa: ddd"), "{}", catalog.text);
        assert!(
            catalog.text.ends_with("\n- bb: dddddddd\n- cc"),
            "{}",
            catalog.text
        );
        assert_eq!(
            kinds(&catalog),
            [
                (ChangeKind::Shortened, "aa".to_owned()),
                (ChangeKind::DescriptionRemoved, "cc".to_owned())
            ]
        );
        // With no room for either, both lose them, in list order, and neither is reported cut.
        let tight = listing(
            three([2000, 8, 2000]),
            &env.with_var(BUDGET_VAR, "40"),
            None,
        );
        assert_eq!(
            kinds(&tight),
            [
                (ChangeKind::DescriptionRemoved, "aa".to_owned()),
                (ChangeKind::DescriptionRemoved, "cc".to_owned())
            ]
        );
    }

    #[test]
    fn wide_characters_count_double() {
        let skills = || {
            vec![
                skill("/u/a", "description: 漢字漢字", ""),
                skill("/u/b", "description: x", ""),
            ]
        };
        // Full: 13 + 1 + 6 = 20 columns (16 UTF-16 units).
        let tight = listing(skills(), &env().with_var(BUDGET_VAR, "16"), None);
        assert!(tight.text.ends_with("\n\n- a\n- b: x"), "{}", tight.text);
        let fits = listing(skills(), &env().with_var(BUDGET_VAR, "20"), None);
        assert!(
            fits.text.ends_with("- a: 漢字漢字\n- b: x"),
            "{}",
            fits.text
        );
    }

    #[test]
    fn long_descriptions_are_capped_first() {
        let catalog = build(vec![skill(
            "/u/big",
            &format!("description: {}", "a".repeat(1600)),
            "",
        )]);
        assert!(
            catalog
                .text
                .ends_with(&format!("- big: {}…", "a".repeat(1535)))
        );
        assert_eq!(kinds(&catalog), [(ChangeKind::Shortened, "big".to_owned())]);
    }

    #[test]
    fn the_directory_name_is_listed_and_the_first_root_wins() {
        let catalog = build(vec![
            skill("/m/deploy", "name: Deploy it\ndescription: managed", "")
                .in_scope(Scope::Admin, 0),
            skill("/u/deploy", "description: personal", "").in_scope(Scope::User, 0),
        ]);
        assert!(catalog.text.ends_with("- deploy: managed"));
        assert_eq!(
            kinds(&catalog),
            [(ChangeKind::Shadowed, "deploy".to_owned())]
        );
    }

    #[test]
    fn no_skills_no_listing() {
        assert_eq!(build(Vec::new()).text, "");
    }

    #[test]
    fn roots_walk_up_to_the_git_root() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        std::fs::create_dir_all(repo.join(".git")).unwrap();
        std::fs::create_dir_all(repo.join("app/web")).unwrap();
        let env = Env::new(repo.join("app/web"), Some(dir.path().join("home")))
            .with_var("CLAUDE_CONFIG_DIR", "/cfg");
        let paths: Vec<PathBuf> = roots(&env).into_iter().map(|r| r.path).collect();
        assert_eq!(
            paths[1..],
            [
                PathBuf::from("/cfg/skills"),
                repo.join("app/web/.claude/skills"),
                repo.join("app/.claude/skills"),
                repo.join(".claude/skills"),
            ]
        );
        // Without git the walk goes on up, but never into the home folder.
        let plain = dir.path().join("plain/sub");
        std::fs::create_dir_all(&plain).unwrap();
        let env = Env::new(&plain, Some(dir.path().to_path_buf()));
        let dirs = project_dirs(&env);
        assert_eq!(dirs, [plain.clone(), dir.path().join("plain")]);
        let env = Env::new(&plain, None);
        assert_eq!(
            project_dirs(&env).last().map(PathBuf::as_path),
            Some(Path::new("/"))
        );
    }
}
