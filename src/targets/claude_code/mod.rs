//! `claude-code`: Claude Code 2.1.x and the Anthropic platform rules for uploaded skills. The
//! catalog is the `skill_listing` attachment: a `<system-reminder>` user message listing
//! `- name: description` lines, fitted to a budget measured in terminal columns
//! (runtime-formats.md §4a). Discovery and frontmatter reading are shared with the legacy
//! `claude-code@2.0` target, which lists the same skills in a different shape.

use std::path::PathBuf;

use super::catalog::{Admitted, Change, ChangeKind, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec};
use super::load::{Call, LoadInput, Output, Placement, ReadInput, Role, Session, find};
use super::text::{self, Unit};
use super::{Budget, Confidence, ExtraField, NameCharset, Target};
use crate::frontmatter::{self, Field, Value, Yaml};
use crate::provider::LineRange;
use crate::skill::{Scope, Skill};

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

pub(super) const ROOTS_SUMMARY: &str = "managed (/etc/claude-code/.claude/skills on Linux, /Library/Application Support/ClaudeCode/.claude/skills on macOS), then $CLAUDE_CONFIG_DIR/skills (default ~/.claude/skills), then .claude/skills in the working directory; one level deep (<root>/<name>/SKILL.md)";

pub(super) const BROKEN_SKILL: &str = "frontmatter that is not valid YAML is retried with problem values quoted; if it still fails the skill loads with no frontmatter: the directory name, and the first non-blank body line as description (\"Skill\" if there is none)";

/// The listing's per-entry cap (`skillListingMaxDescChars`; 250 in v2.1.88).
const MAX_LISTING_DESC_CHARS: u64 = 1536;
/// Below this many columns per description the listing shows names only.
const MIN_DESC_LENGTH: f64 = 20.0;
/// The budget without a known context window: 1% of 200k tokens × 4 characters.
const DEFAULT_CHAR_BUDGET: f64 = 8000.0;
/// The environment variable that replaces the budget.
pub(super) const BUDGET_VAR: &str = "SLASH_COMMAND_TOOL_CHAR_BUDGET";

const HEADER: &str = "The following skills are available for use with the Skill tool:";

/// What a second load returns (both eras).
pub(super) const RELOAD: &str =
    "the same tool result and meta message again: Claude Code keeps no state that changes a load";

// Decisions on loads and reads, shared by both eras.
pub(super) const LOAD_CALL: &str = "the model calls the `Skill` tool with `{\"skill\": name}` and no `args`; a leading `/` and surrounding spaces are dropped from the name, as Claude Code does";
pub(super) const NO_ARGUMENTS: &str = "with no `args` the arguments are the empty string: `$ARGUMENTS`, `$ARGUMENTS[n]`, `$n` and the frontmatter's named `arguments` become empty and nothing is appended; a named argument is matched literally (Claude Code builds a regular expression from the name)";
pub(super) const SESSION_ID: &str = "`${CLAUDE_SESSION_ID}` becomes the placeholder 00000000-0000-0000-0000-000000000000 (a real session id is a random UUID of that shape)";
pub(super) const NO_SHELL: &str = "inline shell (`` !`command` `` and ```! blocks) is left as written: nothing is run, so where Claude Code would put the command's output the command itself is shown";
pub(super) const NO_COMMAND_MESSAGE: &str = "the visible `<command-message>` user message is left out: the Skill tool filters it from what the model gets, and its wording varies by version";
pub(super) const NO_FORK: &str = "a `context: fork` skill is shown as an inline load; Claude Code runs it in a sub-agent and returns that agent's result instead";
pub(super) const HIDDEN_SKILL: &str = "an unknown name is `<tool_use_error>Unknown skill: x</tool_use_error>` (the Skill tool's own check); a skill hidden by `disable-model-invocation` gets the tool's `cannot be used with Skill tool` refusal";
pub(super) const READ_CALL: &str = "a file read is the `Read` tool with the absolute `file_path` (and `offset` and `limit` for a line range) returning the file's raw text; Claude Code's own line-numbered output format is not reproduced";
pub(super) const READ_ERRORS: &str = "a refused read is a `<tool_use_error>` result with our provider's reason (the Read tool's own wording is not pinned); a read from an unknown skill answers `Unknown skill: x`";

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

    placement: "a `skill_listing` attachment: a user-role meta message `<system-reminder>\\n…\\n</system-reminder>` near the start of the conversation (skills found later are sent as deltas); not in the system prompt",
    roots,
    roots_summary: ROOTS_SUMMARY,
    collision: Collision::FirstWins,
    admit,
    broken_skill: BROKEN_SKILL,
    fields_read: FIELDS_READ,
    ordering: "registration order: managed, then user, then project skills, then PATH arguments in argument order; within a root, directory-name order; not sorted by name",
    escaping: "none",
    whitespace: "descriptions are trimmed; inner newlines are kept raw (they count 0 columns in the budget)",
    budget: Budget {
        unit: Some(Unit::DisplayWidth),
        summary: "SLASH_COMMAND_TOOL_CHAR_BUDGET, else 1% of the context window × 4 (8000 without one), in terminal columns (CJK 2) plus one per line break. Descriptions are first capped at 1536 characters. If the lines do not fit, each description is cut to an equal share, floor((budget − Σ(name + 4) − (n − 1)) / n) columns ending in `…`; under 20 columns only names are listed",
    },
    render,
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::UserMessage,
        modes: &[],
        reload: RELOAD,
    },
    builtins_note: "Claude Code lists its bundled skills (and built-in plugin skills) before yours; they keep their full descriptions under budget pressure and are not included here",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: None,
    decisions: &[
        "the registration order is UNC beyond managed, user, project, --add-dir; the documented example puts user before project",
        "the name listed is the skill's directory name, which is the command; a different frontmatter `name` is only the display name (docs: \"the directory name is the command\")",
        "skills with a `paths` glob are left out: Claude Code lists them only after a matching file is touched",
        "the per-entry cap is the current 1536 (v2.1.88 had 250), measured in UTF-16 code units as JavaScript `.length`",
        "budget truncation keeps the widest prefix that fits one column short of the limit and adds `…`; the v2.1.88 `truncate()` helper itself is unpinned (UNC)",
        "later builds drop the descriptions of the least-used skills first; usage is not known to a preview, so the v2.1.88 algorithm is modelled instead",
        "only the SLASH_COMMAND_TOOL_CHAR_BUDGET environment variable overrides the budget; the `skillListingBudgetFraction`, `skillListingMaxDescChars` and `skillOverrides` settings are not read",
        "the managed root is the managed-settings directory's .claude/skills; nested .claude/skills folders, --add-dir, plugins and legacy .claude/commands are not searched (PATH arguments stand in for extra directories)",
        "CLAUDE_CONFIG_DIR moves the user root, as it moves ~/.claude",
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
    ],

    confidence: Confidence::Leak,
    reference: "code.claude.com/docs/en/skills; platform.claude.com Agent Skills overview; v2.1.88 build (src/tools/SkillTool/prompt.ts, src/skills/loadSkillsDir.ts, src/utils/frontmatterParser.ts, markdownConfigLoader.ts)",
};

/// Managed, then user, then project: the order skills are registered in, and so the order of
/// precedence on a name clash (enterprise > personal > project).
pub(super) fn roots(env: &Env) -> Vec<RootSpec> {
    let mut roots = vec![RootSpec::one_level(managed_skills_dir(), Scope::Admin)];
    roots.extend(
        env.var_dir("CLAUDE_CONFIG_DIR", ".claude")
            .map(|dir| RootSpec::one_level(dir.join("skills"), Scope::User)),
    );
    roots.push(RootSpec::one_level(
        env.cwd.join(".claude/skills"),
        Scope::Project,
    ));
    roots
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
/// body line) with ` - when_to_use` appended. Hidden and conditional skills are left out.
pub(super) fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err("skipped: Claude Code reads a file named exactly `SKILL.md`".to_owned());
    }
    let text = String::from_utf8_lossy(skill.source.bytes());
    let (fields, body) = read_frontmatter(&text);
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

/// `parseFrontmatter`: `/^---\s*\n([\s\S]*?)---\s*\n?/`, so the block ends at the first `---`
/// anywhere (not only on a line of its own). Invalid YAML is retried with problem values
/// quoted, then read as `{}`. Returns the entries and the Markdown after the block.
fn read_frontmatter(text: &str) -> (Vec<Field>, &str) {
    let Some((yaml, body)) = split_frontmatter(text) else {
        return (Vec::new(), text);
    };
    let fields = match frontmatter::parse_standalone(yaml) {
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

/// `getCharBudget`, and a phrase saying where it comes from.
fn char_budget(cx: &Context<'_>) -> (f64, String) {
    if let Some(budget) = env_budget(cx.env) {
        return (budget, format!("{BUDGET_VAR}={budget}"));
    }
    match cx.context_window {
        Some(window) if window > 0 => {
            // JavaScript arithmetic: contextWindowTokens * CHARS_PER_TOKEN * 0.01.
            let budget = (window as f64 * 4.0 * 0.01).floor();
            (
                budget,
                format!("1% of the {window}-token context window × 4 characters"),
            )
        }
        _ => (
            DEFAULT_CHAR_BUDGET,
            "the default without a known context window".to_owned(),
        ),
    }
}

/// `stringWidth` of the lines plus the `\n` between them.
fn listing_width(lines: &[String]) -> f64 {
    let widths: usize = lines.iter().map(|l| text::display_width(l)).sum();
    (widths + lines.len().saturating_sub(1)) as f64
}

/// The `skill_listing` attachment for the admitted skills, in registration order.
fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    let (budget, source) = char_budget(cx);
    let budget_of = |used: f64| {
        Some(super::catalog::BudgetUse {
            unit: Unit::DisplayWidth,
            limit: as_count(budget),
            used: as_count(used),
        })
    };
    if entries.is_empty() {
        // No skills, no attachment.
        return Rendered {
            budget: budget_of(0.0),
            ..Rendered::default()
        };
    }
    // One change at most per skill: a budget cut replaces the per-entry cap's.
    let mut changes: Vec<Option<Change>> = vec![None; entries.len()];
    let descriptions: Vec<String> = entries
        .iter()
        .zip(changes.iter_mut())
        .map(|(entry, change)| {
            let description = entry.description();
            if Unit::Utf16.measure(description) <= MAX_LISTING_DESC_CHARS {
                return description.to_owned();
            }
            *change = Some(Change::new(
                entry,
                ChangeKind::Shortened,
                format!(
                    "description cut to {} characters and `…`: Claude Code caps each listing entry at {MAX_LISTING_DESC_CHARS}",
                    MAX_LISTING_DESC_CHARS - 1
                ),
            ));
            format!(
                "{}…",
                text::prefix_within(description, Unit::Utf16, MAX_LISTING_DESC_CHARS - 1)
            )
        })
        .collect();
    let full: Vec<String> = entries
        .iter()
        .zip(&descriptions)
        .map(|(entry, description)| format!("- {}: {description}", entry.name))
        .collect();

    let lines = if listing_width(&full) <= budget {
        full
    } else {
        let n = entries.len() as f64;
        let overhead: f64 = entries
            .iter()
            .map(|e| (text::display_width(&e.name) + 4) as f64)
            .sum::<f64>()
            + (n - 1.0);
        let max_desc = ((budget - overhead) / n).floor();
        let limit = format!(
            "the listing budget of {} display columns ({source})",
            as_count(budget)
        );
        if max_desc < MIN_DESC_LENGTH {
            for (entry, change) in entries.iter().zip(changes.iter_mut()) {
                *change = Some(Change::new(
                    entry,
                    ChangeKind::DescriptionRemoved,
                    format!(
                        "listed as `- name` only: {limit} leaves under {MIN_DESC_LENGTH} columns per description"
                    ),
                ));
            }
            entries.iter().map(|e| format!("- {}", e.name)).collect()
        } else {
            let width = as_count(max_desc);
            entries
                .iter()
                .zip(&descriptions)
                .zip(changes.iter_mut())
                .map(|((entry, description), change)| {
                    if text::display_width(description) as f64 <= max_desc {
                        return format!("- {}: {description}", entry.name);
                    }
                    *change = Some(Change::new(
                        entry,
                        ChangeKind::Shortened,
                        format!(
                            "description cut to {width} columns with `…` to fit {limit}: every description gets an equal share"
                        ),
                    ));
                    let kept = text::prefix_within(description, Unit::DisplayWidth, width - 1);
                    format!("- {}: {kept}…", entry.name)
                })
                .collect()
        }
    };
    Rendered {
        text: format!(
            "<system-reminder>\n{HEADER}\n\n{}\n</system-reminder>",
            lines.join("\n")
        ),
        listed: lines.len(),
        budget: budget_of(listing_width(&lines)),
        changes: changes.into_iter().flatten().collect(),
    }
}

/// What `${CLAUDE_SESSION_ID}` becomes: a fixed id with the shape of a real one (a random UUID),
/// so the text costs what a real load costs and is the same on every run.
pub(super) const SESSION_ID_PLACEHOLDER: &str = "00000000-0000-0000-0000-000000000000";

/// The `Skill` tool's call: `{"skill": name}` (no `args`: the model loads the skill itself).
fn skill_call(name: &str) -> Call {
    Call::with("Skill", "skill", name)
}

/// A refusal as Claude Code sends a failed `validateInput` to the model.
fn tool_use_error(call: Call, message: &str) -> Output {
    Output::tool_error(call, format!("<tool_use_error>{message}</tool_use_error>"))
}

/// `SkillTool` for an inline skill: the tool result `Launching skill: <name>`, then the skill's
/// prompt as a hidden (meta) user message. The visible `<command-message>` message is not part
/// of what the model gets: the tool filters it out. Both eras.
pub(super) fn load(input: &LoadInput<'_>) -> Output {
    let call = skill_call(input.name);
    // `validateInput`: the name is trimmed and a leading `/` dropped.
    let trimmed = js_trim(input.name);
    if trimmed.is_empty() {
        return tool_use_error(call, &format!("Invalid skill format: {}", input.name));
    }
    let name = trimmed.strip_prefix('/').unwrap_or(trimmed);
    let Some(entry) = find(input.known, name) else {
        if hidden_from_the_model(input.provider.list(), name) {
            return tool_use_error(
                call,
                &format!(
                    "Skill {name} cannot be used with Skill tool due to disable-model-invocation"
                ),
            );
        }
        return tool_use_error(call, &format!("Unknown skill: {name}"));
    };
    Output::tool(call, format!("Launching skill: {}", entry.name))
        .then(Role::User, skill_prompt(entry, input.cx))
}

/// Whether `name` is a skill Claude Code has but keeps from the model
/// (`disable-model-invocation: true`).
fn hidden_from_the_model(skills: &[Skill], name: &str) -> bool {
    skills.iter().any(|skill| {
        skill.has_canonical_file_name()
            && skill.dir_name() == name
            && is_true(
                &read_frontmatter(&String::from_utf8_lossy(skill.source.bytes())).0,
                "disable-model-invocation",
            )
    })
}

/// `getPromptForCommand` with no arguments: `Base directory for this skill: <dir>` and the
/// Markdown after the frontmatter, `$ARGUMENTS`-style placeholders replaced by the empty
/// arguments, `${CLAUDE_SKILL_DIR}` by the directory and `${CLAUDE_SESSION_ID}` by
/// [`SESSION_ID_PLACEHOLDER`]. `` !`command` `` is left as written: nothing is run.
fn skill_prompt(entry: &Entry<'_>, cx: &Context<'_>) -> String {
    let text = String::from_utf8_lossy(entry.skill.source.bytes());
    let (fields, body) = read_frontmatter(&text);
    let dir = cx.paths.show(&entry.skill.dir);
    let content = format!("Base directory for this skill: {dir}\n\n{body}");
    substitute_empty_arguments(&content, &argument_names(&fields))
        .replace("${CLAUDE_SKILL_DIR}", &dir)
        .replace("${CLAUDE_SESSION_ID}", SESSION_ID_PLACEHOLDER)
}

/// `parseArgumentNames`: `arguments` as a whitespace-separated string or a list of strings,
/// without blank or all-digit names (those would clash with `$0`, `$1`…).
fn argument_names(fields: &[Field]) -> Vec<String> {
    let valid = |name: &str| !js_trim(name).is_empty() && !name.chars().all(|c| c.is_ascii_digit());
    match field(fields, "arguments").map(|f| &f.value) {
        Some(Value::String(names)) => names
            .split(is_js_space)
            .filter(|n| valid(n))
            .map(str::to_owned)
            .collect(),
        Some(Value::Sequence(items)) => items
            .iter()
            .filter_map(|item| match item {
                Value::String(name) if valid(name) => Some(name.clone()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// `substituteArguments(content, '')`: the model calls the tool without `args`, so every
/// placeholder becomes empty, in Claude Code's order: named arguments (`$name` not followed by
/// `[` or a word character), `$ARGUMENTS[n]`, `$n` (not followed by a word character), then
/// `$ARGUMENTS`. Nothing is appended, since the arguments are empty.
fn substitute_empty_arguments(content: &str, names: &[String]) -> String {
    let mut text = content.to_owned();
    for name in names {
        let needle = format!("${name}");
        text = remove_matches(&text, |rest| {
            let after = rest.strip_prefix(needle.as_str())?;
            let next = after.chars().next();
            (!next.is_some_and(|c| c == '[' || is_word_char(c))).then_some(needle.len())
        });
    }
    text = remove_matches(&text, |rest| {
        let after = rest.strip_prefix("$ARGUMENTS[")?;
        let digits = leading_digits(after);
        (digits > 0 && after[digits..].starts_with(']')).then_some("$ARGUMENTS[".len() + digits + 1)
    });
    text = remove_matches(&text, |rest| {
        let after = rest.strip_prefix('$')?;
        let digits = leading_digits(after);
        let next = after[digits..].chars().next();
        (digits > 0 && !next.is_some_and(is_word_char)).then_some(1 + digits)
    });
    text.replace("$ARGUMENTS", "")
}

/// `text` without the matches of a global regular expression: `matched` gives the length of a
/// match starting at the beginning of its argument, if there is one. Every match starts at a `$`.
fn remove_matches(text: &str, matched: impl Fn(&str) -> Option<usize>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let candidate = &rest[at..];
        match matched(candidate) {
            Some(len) => rest = &candidate[len..],
            None => {
                out.push('$');
                rest = &candidate[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// JavaScript's `\w` (without the `u` flag).
fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn leading_digits(text: &str) -> usize {
    text.bytes().take_while(u8::is_ascii_digit).count()
}

/// The `Read` tool on the file's absolute path: `{"file_path"}`, with `offset` and `limit` for a
/// line range. It returns the selected text as it is in the file; refusals are tool-use errors
/// with the provider's reason. Both eras.
pub(super) fn read(input: &ReadInput<'_>) -> Output {
    let Some(entry) = find(input.known, input.name) else {
        let call = read_call(input.path, input.lines);
        return tool_use_error(call, &format!("Unknown skill: {}", input.name));
    };
    let call = read_call(&file_path(entry, input.path, input.cx), input.lines);
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
        Err(err) => tool_use_error(call, &err.to_string()),
    }
}

/// `Read {file_path, offset?, limit?}`.
fn read_call(path: &str, lines: Option<LineRange>) -> Call {
    let mut arguments = vec![("file_path", serde_json::Value::from(path))];
    if let Some(range) = lines {
        arguments.push(("offset", range.start.into()));
        if let Some(end) = range.end {
            arguments.push((
                "limit",
                end.saturating_add(1).saturating_sub(range.start).into(),
            ));
        }
    }
    Call::with_args("Read", &arguments)
}

/// The absolute path the model asks for: the skill directory joined with the relative path (an
/// absolute path as given).
fn file_path(entry: &Entry<'_>, path: &str, cx: &Context<'_>) -> String {
    if path.starts_with('/') || std::path::Path::new(path).is_absolute() {
        path.to_owned()
    } else {
        format!("{}/{path}", cx.paths.show(&entry.skill.dir))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self, Catalog};
    use crate::targets::load::Part;

    fn skill(dir: &str, frontmatter: &str, body: &str) -> MemorySkill {
        MemorySkill::new(dir, format!("---\n{frontmatter}\n---\n{body}"))
    }

    fn build(skills: Vec<MemorySkill>, env: &Env, window: Option<u64>) -> Catalog {
        catalog::testing::catalog_in(&TARGET, skills, env, window)
    }

    fn env() -> Env {
        Env::new("/p", Some("/h".into()))
    }

    fn kinds(catalog: &Catalog) -> Vec<(ChangeKind, String)> {
        catalog
            .changes
            .iter()
            .map(|c| (c.kind, c.name.clone()))
            .collect()
    }

    fn loaded(skills: Vec<MemorySkill>, name: &str, earlier_loads: usize) -> Output {
        crate::targets::load::testing::load(&TARGET, skills, name, earlier_loads)
    }

    #[test]
    fn a_load_is_the_launch_line_and_a_meta_message_every_time() {
        let skills = || {
            vec![skill(
                "/u/pdf",
                "description: PDFs.",
                "\n\n# PDF\nUse it.\n",
            )]
        };
        let first = loaded(skills(), "pdf", 0);
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
        assert_eq!(loaded(skills(), " /pdf ", 1).parts, first.parts);
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
        let unknown = loaded(skills(), "nope", 0);
        assert!(unknown.error);
        assert_eq!(
            unknown.display(),
            "<tool_use_error>Unknown skill: nope</tool_use_error>"
        );
        assert_eq!(
            loaded(skills(), "secret", 0).display(),
            "<tool_use_error>Skill secret cannot be used with Skill tool due to disable-model-invocation</tool_use_error>"
        );
        assert_eq!(
            loaded(skills(), "  ", 0).display(),
            "<tool_use_error>Invalid skill format:   </tool_use_error>"
        );
    }

    #[test]
    fn empty_arguments_replace_every_placeholder_kind() {
        let names = ["env".to_owned(), "all".to_owned()];
        assert_eq!(
            substitute_empty_arguments(
                "$env $env[0] $envs $all. $ARGUMENTS[12]$ARGUMENTS[x] $0 $12 $1a $1_ $$1 $ARGUMENTS!",
                &names
            ),
            " $env[0] $envs . [x]   $1a $1_ $ !"
        );
        assert_eq!(
            substitute_empty_arguments("no placeholders $", &[]),
            "no placeholders $"
        );
    }

    #[test]
    fn argument_names_from_a_string_or_a_list() {
        let fields = |yaml: &str| match frontmatter::parse_standalone(yaml) {
            Yaml::Mapping(fields) => fields,
            _ => Vec::new(),
        };
        assert_eq!(
            argument_names(&fields("arguments: env  region 2")),
            ["env", "region"]
        );
        assert_eq!(
            argument_names(&fields("arguments: [a, 7, '', b]")),
            ["a", "b"]
        );
        assert!(argument_names(&fields("arguments: 3")).is_empty());
    }

    #[test]
    fn skill_dir_and_session_id_are_replaced_and_shell_is_not_run() {
        let out = loaded(
            vec![skill(
                "/u/ops",
                "description: Ops.",
                "${CLAUDE_SKILL_DIR}/run.sh ${CLAUDE_SESSION_ID} !`date`",
            )],
            "ops",
            0,
        );
        assert_eq!(
            out.parts[1].text,
            "Base directory for this skill: /u/ops\n\n/u/ops/run.sh 00000000-0000-0000-0000-000000000000 !`date`"
        );
    }

    #[test]
    fn reads_name_the_absolute_path_and_the_range() {
        assert_eq!(
            read_call("/u/pdf/a.md", Some(LineRange::new(3, Some(5)).unwrap())).arguments,
            r#"{"file_path":"/u/pdf/a.md","offset":3,"limit":3}"#
        );
        assert_eq!(
            read_call("/u/pdf/a.md", Some(LineRange::new(3, None).unwrap())).arguments,
            r#"{"file_path":"/u/pdf/a.md","offset":3}"#
        );
    }

    #[test]
    fn lists_in_registration_order_with_when_to_use() {
        let catalog = build(
            vec![
                skill("/u/zeta", "description: Last letter.", ""),
                skill(
                    "/u/alpha",
                    "description: First letter.\nwhen_to_use: When asked for A.",
                    "",
                ),
            ],
            &env(),
            None,
        );
        assert_eq!(
            catalog.text,
            "<system-reminder>\nThe following skills are available for use with the Skill tool:\n\n- zeta: Last letter.\n- alpha: First letter. - When asked for A.\n</system-reminder>"
        );
        assert_eq!(catalog.budget.unwrap().limit, 8000);
    }

    #[test]
    fn hidden_conditional_and_broken_skills() {
        let catalog = build(
            vec![
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
            ],
            &env(),
            None,
        );
        assert_eq!(
            kinds(&catalog),
            [
                (ChangeKind::Skipped, "hidden".to_owned()),
                (ChangeKind::Skipped, "quoted".to_owned()),
                (ChangeKind::Skipped, "globbed".to_owned()),
            ]
        );
        assert!(catalog.text.contains("- everywhere: w\n"));
        // `[unclosed` gains quotes on the retry and then parses.
        assert!(catalog.text.contains("- broken: [unclosed\n"));
        assert!(catalog.text.contains("- colon: Use when: the user asks\n"));
        assert!(catalog.text.contains("- bare: Just text.\n"));
    }

    #[test]
    fn frontmatter_that_never_parses_loads_with_defaults() {
        let catalog = build(
            vec![skill(
                "/u/bad",
                "name: other\n  description: bad indent\n- list",
                "\n## Does a thing\n",
            )],
            &env(),
            None,
        );
        assert!(
            catalog.text.contains("- bad: Does a thing\n"),
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

    fn long_skills() -> Vec<MemorySkill> {
        ["aa", "bb", "cc"]
            .iter()
            .map(|n| {
                skill(
                    &format!("/u/{n}"),
                    &format!("description: {}", "d".repeat(60)),
                    "",
                )
            })
            .collect()
    }

    #[test]
    fn budget_cuts_descriptions_to_an_equal_share() {
        // Full: 3 × (2 + 4 + 60) + 2 = 200 > 150. Share: (150 − 3 × 6 − 2) / 3 = 43.
        let env = env().with_var(BUDGET_VAR, "150");
        let catalog = build(long_skills(), &env, None);
        let expected = format!("- aa: {}…", "d".repeat(42));
        assert!(catalog.text.contains(&expected), "{}", catalog.text);
        assert_eq!(
            catalog.changes.iter().map(|c| c.kind).collect::<Vec<_>>(),
            [ChangeKind::Shortened; 3]
        );
        let used = catalog.budget.unwrap();
        assert_eq!((used.limit, used.used), (150, 3 * 49 + 2));
    }

    #[test]
    fn budget_below_twenty_columns_lists_names_only() {
        // Share: (70 − 18 − 2) / 3 = 16 < 20.
        let env = env().with_var(BUDGET_VAR, "70");
        let catalog = build(long_skills(), &env, None);
        assert!(
            catalog
                .text
                .ends_with("\n\n- aa\n- bb\n- cc\n</system-reminder>")
        );
        assert!(
            catalog
                .changes
                .iter()
                .all(|c| c.kind == ChangeKind::DescriptionRemoved)
        );
    }

    #[test]
    fn the_context_window_sets_the_budget_and_cjk_counts_double() {
        // 1% of 2000 tokens × 4 = 80 columns. Each line is 6 + 2 × 20 = 46 columns wide.
        let skills = ["aa", "bb"]
            .iter()
            .map(|n| {
                skill(
                    &format!("/u/{n}"),
                    &format!("description: {}", "漢".repeat(20)),
                    "",
                )
            })
            .collect();
        let catalog = build(skills, &env(), Some(2000));
        // Share: (80 − 12 − 1) / 2 = 33 columns: 16 wide characters and `…`.
        let expected = format!("- aa: {}…\n", "漢".repeat(16));
        assert!(catalog.text.contains(&expected), "{}", catalog.text);
        assert_eq!(catalog.budget.unwrap().limit, 80);
    }

    #[test]
    fn long_descriptions_are_capped_first() {
        let catalog = build(
            vec![skill(
                "/u/big",
                &format!("description: {}", "a".repeat(1600)),
                "",
            )],
            &env().with_var(BUDGET_VAR, "100000"),
            None,
        );
        let expected = format!("- big: {}…\n", "a".repeat(1535));
        assert!(catalog.text.contains(&expected));
        assert_eq!(kinds(&catalog), [(ChangeKind::Shortened, "big".to_owned())]);
    }

    #[test]
    fn the_directory_name_is_listed_and_the_first_root_wins() {
        let catalog = build(
            vec![
                skill("/m/deploy", "name: Deploy it\ndescription: managed", "")
                    .in_scope(Scope::Admin, 0),
                skill("/u/deploy", "description: personal", "").in_scope(Scope::User, 0),
            ],
            &env(),
            None,
        );
        assert!(catalog.text.contains("- deploy: managed\n"));
        assert_eq!(
            kinds(&catalog),
            [(ChangeKind::Shadowed, "deploy".to_owned())]
        );
    }

    #[test]
    fn no_skills_no_attachment() {
        assert_eq!(build(Vec::new(), &env(), None).text, "");
    }

    #[test]
    fn roots_follow_claude_config_dir() {
        let roots = roots(&env().with_var("CLAUDE_CONFIG_DIR", "/cfg"));
        let paths: Vec<_> = roots.iter().map(|r| r.path.clone()).collect();
        assert_eq!(paths[1], PathBuf::from("/cfg/skills"));
        assert_eq!(paths[2], PathBuf::from("/p/.claude/skills"));
        assert_eq!(
            roots.iter().map(|r| r.scope).collect::<Vec<_>>(),
            [Scope::Admin, Scope::User, Scope::Project]
        );
    }
}
