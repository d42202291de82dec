//! The Skill and Read tools of Claude Code 2.1.331, as the model sees their results: a load is
//! the tool result `Launching skill: NAME` and the skill's text as a user message (frontmatter
//! and BOM stripped, placeholders filled in); an unknown name gets the client's "Did you mean
//! …?" when one of its command names is within two edits; a read is the file with numbered
//! lines. Depending on the model, a `<total_tokens>` reminder follows each tool result; its
//! number comes from the model API's usage, so the output carries a documented placeholder.

use super::builtins::{self, SUGGESTED, Switches};
use super::listing;
use super::models::{self, Facts, TokensLeft};
use super::{
    declared_name, field, is_conditional, is_js_space, is_true, js_trim, read_frontmatter,
};
use crate::frontmatter::{Field, Value};
use crate::provider::{LineRange, ResourceError};
use crate::skill::{Scope, Skill};
use crate::targets::catalog::{Context, Entry};
use crate::targets::load::{Call, LoadInput, Output, ReadInput, Role, RuntimeValue};

/// What `${CLAUDE_SESSION_ID}` becomes: a fixed id with the shape of a real one (a random UUID),
/// so the text costs what a real load costs and is the same on every run.
pub(in crate::targets) const SESSION_ID_PLACEHOLDER: &str = "00000000-0000-0000-0000-000000000000";

/// Stands for the number in `<total_tokens>N tokens left</total_tokens>`.
pub(in crate::targets) const TOKENS_LEFT_PLACEHOLDER: &str = "{tokens_left}";

const SESSION_ID: RuntimeValue = RuntimeValue::uuid(
    SESSION_ID_PLACEHOLDER,
    "the session id, a random UUID the client makes at start",
);

const TOKENS_LEFT: RuntimeValue = RuntimeValue::digits(
    TOKENS_LEFT_PLACEHOLDER,
    "the tokens left in the session, which Claude Code counts from the model API's usage numbers",
);

/// The `Skill` tool's call: `{"skill": name}` (no `args`: the model loads the skill itself).
fn skill_call(name: &str) -> Call {
    Call::with("Skill", "skill", name)
}

/// A refusal as Claude Code sends a failed `validateInput` to the model.
fn tool_use_error(call: Call, message: &str) -> Output {
    Output::tool_error(call, format!("<tool_use_error>{message}</tool_use_error>"))
}

/// The `Skill` tool. A name is a skill's folder or its frontmatter `name`; both load it, and
/// the tool result repeats the name as asked.
pub(in crate::targets) fn load(input: &LoadInput<'_>) -> Output {
    let facts = models::facts(input.cx.model);
    let call = skill_call(input.name);
    // `validateInput`: the name is trimmed and a leading `/` dropped.
    let trimmed = js_trim(input.name);
    if trimmed.is_empty() {
        return tokens_left(
            tool_use_error(call, &format!("Invalid skill format: {}", input.name)),
            &facts,
        );
    }
    let name = trimmed.strip_prefix('/').unwrap_or(trimmed);
    let switches = Switches::of(input.cx.env);
    let switched_off = |entry: &Entry<'_>| {
        entry.skill.origin.scope == Scope::Builtin
            && builtins::kind(&entry.name).is_some_and(|k| !k.enabled(switches, false))
    };
    if let Some(entry) = resolve(input.known, name).filter(|e| !switched_off(e)) {
        if entry.skill.origin.scope == Scope::Builtin {
            return own_command(call, name);
        }
        let (prompt, session) = skill_prompt(entry, input.cx, &facts);
        let out = Output::tool(call, format!("Launching skill: {name}")).then(Role::User, prompt);
        let out = if session {
            out.filled_at_runtime(SESSION_ID)
        } else {
            out
        };
        return tokens_left(out, &facts);
    }
    if hidden(input.provider.list(), name) {
        return tokens_left(
            tool_use_error(
                call,
                &format!(
                    "Skill {name} cannot be used with Skill tool due to disable-model-invocation. Ask the user to run /{name} themselves — it cannot be invoked via the Skill tool. Do not replicate this skill's workflow by other means — it is reserved for explicit user invocation."
                ),
            ),
            &facts,
        );
    }
    if SUGGESTED
        .iter()
        .any(|(command, kind)| *command == name && kind.enabled(switches, false))
    {
        return own_command(call, name);
    }
    let message = match suggestion(name, input, switches) {
        Some(close) => format!("Unknown skill: {name}. Did you mean {close}?"),
        None => format!("Unknown skill: {name}"),
    };
    tokens_left(tool_use_error(call, &message), &facts)
}

/// Our note for one of the client's own skills or commands: its text ships inside Claude Code.
fn own_command(call: Call, name: &str) -> Output {
    let mut out = Output::tool_error(
        call,
        format!(
            "`{name}` is one of Claude Code's own skills or commands: what the Skill tool returns for it ships inside the client and is not reproduced here"
        ),
    );
    out.parts[0].role = Role::User;
    out
}

/// The known skill a name loads: by folder first, then by frontmatter `name`.
fn resolve<'e, 'a>(known: &'e [Entry<'a>], name: &str) -> Option<&'e Entry<'a>> {
    known.iter().find(|e| e.name == name).or_else(|| {
        known.iter().find(|e| {
            e.skill.origin.scope != Scope::Builtin
                && declared_name(e.skill).is_some_and(|declared| declared == name)
        })
    })
}

/// Whether `name` is a skill Claude Code has but keeps from the model
/// (`disable-model-invocation: true`).
fn hidden(skills: &[Skill], name: &str) -> bool {
    skills.iter().any(|skill| {
        skill.origin.scope != Scope::Builtin
            && skill.has_canonical_file_name()
            && (skill.dir_name() == name || declared_name(skill).is_some_and(|d| d == name))
            && is_true(&read_frontmatter(skill).0, "disable-model-invocation")
    })
}

/// The names the Skill tool suggests from, in its order: the user's skills as listed (hidden
/// ones included, each by its frontmatter `name` when it has one), then the client's own.
fn candidates(input: &LoadInput<'_>, switches: Switches) -> Vec<String> {
    let skills: Vec<&Skill> = input
        .provider
        .list()
        .iter()
        .filter(|s| s.origin.scope != Scope::Builtin && super::admit(s).is_ok() || is_hidden(s))
        .collect();
    let skills = listing::in_listing_order(&skills, |s| s);
    let own = SUGGESTED
        .iter()
        .filter(|(_, kind)| kind.enabled(switches, false))
        .map(|(name, _)| (*name).to_owned());
    skills
        .into_iter()
        .map(|s| declared_name(s).unwrap_or_else(|| s.dir_name().into_owned()))
        .chain(own)
        .collect()
}

/// A skill of the user's that only `disable-model-invocation` keeps out of the listing.
fn is_hidden(skill: &Skill) -> bool {
    if skill.origin.scope == Scope::Builtin || !skill.has_canonical_file_name() {
        return false;
    }
    let fields = read_frontmatter(skill).0;
    is_true(&fields, "disable-model-invocation") && !is_conditional(&fields)
}

/// The first candidate at the smallest edit distance (at most 2) from `name`.
fn suggestion(name: &str, input: &LoadInput<'_>, switches: Switches) -> Option<String> {
    let wanted: Vec<u16> = name.encode_utf16().collect();
    let mut best: Option<(usize, String)> = None;
    for candidate in candidates(input, switches) {
        let units: Vec<u16> = candidate.encode_utf16().collect();
        if units.len().abs_diff(wanted.len()) > MAX_EDITS {
            continue;
        }
        let distance = edit_distance(&wanted, &units);
        if distance <= MAX_EDITS && best.as_ref().is_none_or(|(d, _)| distance < *d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, name)| name)
}

/// The most edits a suggestion may be away.
const MAX_EDITS: usize = 2;

/// Edits (insert, delete, substitute, swap two neighbours) between two UTF-16 strings: the
/// optimal string alignment distance.
fn edit_distance(a: &[u16], b: &[u16]) -> usize {
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    rows[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

/// The reminder of tokens left after a tool result, where the model gets one.
fn tokens_left(out: Output, facts: &Facts) -> Output {
    let count = format!("<total_tokens>{TOKENS_LEFT_PLACEHOLDER} tokens left</total_tokens>");
    let reminded = match facts.tokens_left {
        TokensLeft::Never => return out,
        TokensLeft::InToolResult => {
            let mut out = out;
            if let Some(first) = out.parts.first_mut() {
                first.text = format!(
                    "{}\n\n<system-reminder>\n{count}\n</system-reminder>",
                    first.text.trim_end_matches(is_js_space)
                );
            }
            out
        }
        TokensLeft::SystemMessage { wrapped: true } => out.then(
            Role::System,
            format!("<system-reminder>\n{count}\n</system-reminder>"),
        ),
        TokensLeft::SystemMessage { wrapped: false } => out.then(Role::System, count),
    };
    reminded.filled_at_runtime(TOKENS_LEFT)
}

/// `Base directory for this skill: <dir>` and the Markdown after the frontmatter, with the
/// placeholders filled in; and whether it holds the session id.
fn skill_prompt(entry: &Entry<'_>, cx: &Context<'_>, facts: &Facts) -> (String, bool) {
    let (fields, body) = read_frontmatter(entry.skill);
    let dir = cx.paths.show(&entry.skill.dir);
    let content = format!("Base directory for this skill: {dir}\n\n{body}");
    let session = content.contains("${CLAUDE_SESSION_ID}");
    let prompt = substitute_empty_arguments(&content, &argument_names(&fields))
        .replace("${CLAUDE_SKILL_DIR}", &dir)
        .replace("${CLAUDE_SESSION_ID}", SESSION_ID_PLACEHOLDER)
        .replace("${CLAUDE_EFFORT}", facts.effort)
        .replace("${CLAUDE_PROJECT_DIR}", &cx.paths.show(&cx.env.cwd));
    (prompt, session)
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

/// Claude Code's argument substitution when the model passes no `args`: a named argument
/// (`$name` not followed by `[` or a word character) and `$ARGUMENTS` become empty, while
/// `$ARGUMENTS[n]` and `$n` stay as written. `\$` before a placeholder (and not after another
/// `\`) keeps it literal and loses the backslash.
pub(super) fn substitute_empty_arguments(content: &str, names: &[String]) -> String {
    let mut out = String::with_capacity(content.len());
    let mut rest = content;
    let mut previous: Option<char> = None;
    while let Some(c) = rest.chars().next() {
        if c == '\\'
            && previous != Some('\\')
            && rest[1..].starts_with('$')
            && placeholder_ahead(&rest[2..], names)
        {
            out.push('$');
            rest = &rest[2..];
            previous = Some('$');
            continue;
        }
        if c == '$' {
            if let Some(len) = empty_placeholder(rest, names) {
                rest = &rest[len..];
                previous = None;
                continue;
            }
            if let Some(len) = kept_placeholder(rest) {
                out.push_str(&rest[..len]);
                previous = rest[..len].chars().next_back();
                rest = &rest[len..];
                continue;
            }
        }
        out.push(c);
        previous = Some(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// Whether an escaped `$` is followed by something a placeholder starts with.
fn placeholder_ahead(after: &str, names: &[String]) -> bool {
    after.starts_with("ARGUMENTS")
        || after.starts_with(|c: char| c.is_ascii_digit())
        || names.iter().any(|n| after.starts_with(n.as_str()))
}

/// The length of a placeholder at the start of `text` that becomes empty: a named argument,
/// else `$ARGUMENTS` (not `$ARGUMENTS[n]`).
fn empty_placeholder(text: &str, names: &[String]) -> Option<usize> {
    let after = &text[1..];
    for name in names {
        if let Some(next) = after.strip_prefix(name.as_str())
            && !next.starts_with(|c: char| c == '[' || is_word_char(c))
        {
            return Some(1 + name.len());
        }
    }
    (after.starts_with("ARGUMENTS") && indexed(after).is_none()).then_some("$ARGUMENTS".len())
}

/// The length of a placeholder at the start of `text` that stays as written without
/// arguments: `$ARGUMENTS[n]`, or `$n` not followed by a word character.
fn kept_placeholder(text: &str) -> Option<usize> {
    let after = &text[1..];
    if let Some(len) = indexed(after) {
        return Some(1 + len);
    }
    let digits = leading_digits(after);
    (digits > 0 && !after[digits..].starts_with(is_word_char)).then_some(1 + digits)
}

/// The length of `ARGUMENTS[n]` at the start of `text`.
fn indexed(text: &str) -> Option<usize> {
    let inside = text.strip_prefix("ARGUMENTS[")?;
    let digits = leading_digits(inside);
    (digits > 0 && inside[digits..].starts_with(']')).then_some("ARGUMENTS[".len() + digits + 1)
}

/// JavaScript's `\w` (without the `u` flag).
fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn leading_digits(text: &str) -> usize {
    text.bytes().take_while(u8::is_ascii_digit).count()
}

/// The `Read` tool on the file's absolute path: `{"file_path"}`, with `offset` and `limit` for a
/// line range. It numbers the lines (`N\t`, from the first one read); an empty file gets the
/// tool's warning, a missing one its message naming the working directory.
pub(in crate::targets) fn read(input: &ReadInput<'_>) -> Output {
    let facts = models::facts(input.cx.model);
    let Some(entry) = resolve(input.known, input.name) else {
        let call = read_call(input.path, input.lines);
        return tokens_left(
            tool_use_error(call, &format!("Unknown skill: {}", input.name)),
            &facts,
        );
    };
    let call = read_call(&file_path(entry, input.path, input.cx), input.lines);
    let out = match input
        .provider
        .read_resource_of(entry.skill, input.path, input.lines)
    {
        Ok(resource) => {
            let mut text = numbered(&resource.text, input.lines);
            if let Some(notice) = resource.truncation_notice() {
                text.push('\n');
                text.push_str(&notice);
            }
            Output::tool(call, text)
        }
        Err(ResourceError::NotFound { .. }) => Output::tool_error(
            call,
            format!(
                "File does not exist. Note: your current working directory is {}.",
                input.cx.paths.show(&input.cx.env.cwd)
            ),
        ),
        Err(err) => tool_use_error(call, &err.to_string()),
    };
    tokens_left(out, &facts)
}

/// The Read tool's text: each line (`\r\n` or `\n` ends one) as `N\tline`; a range ending
/// before the end of the file has no empty line after its last one.
fn numbered(text: &str, lines: Option<LineRange>) -> String {
    if text.is_empty() {
        return "<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>"
            .to_owned();
    }
    let text = match lines {
        Some(LineRange { end: Some(_), .. }) => text.strip_suffix('\n').unwrap_or(text),
        _ => text,
    };
    let first = lines.map_or(1, |r| r.start);
    text.split('\n')
        .enumerate()
        .map(|(i, line)| format!("{}\t{}", first + i, line.strip_suffix('\r').unwrap_or(line)))
        .collect::<Vec<_>>()
        .join("\n")
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
    use super::*;

    #[test]
    fn empty_arguments_as_the_client_fills_them() {
        let names = ["env".to_owned()];
        assert_eq!(
            substitute_empty_arguments(
                "A: $ARGUMENTS| B: $ARGUMENTS[0] $ARGUMENTS[x]| C: $0 $12 $1a| D: $env $env[0] $envs $env-x $env.|",
                &names
            ),
            "A: | B: $ARGUMENTS[0] [x]| C: $0 $12 $1a| D:  $env[0] $envs -x .|"
        );
        assert_eq!(
            substitute_empty_arguments(
                "\\$foo|\\$ |\\\\$ARGUMENTS|x\\$ARGUMENTSy|\\$env|\\$ARGUMENTS[0]|\\$0|$$ARGUMENTS|$ARGUMENTSx",
                &names
            ),
            "\\$foo|\\$ |\\\\|x$ARGUMENTSy|$env|$ARGUMENTS[0]|$0|$|x"
        );
        assert_eq!(
            substitute_empty_arguments("no placeholders $", &[]),
            "no placeholders $"
        );
    }

    #[test]
    fn edit_distances() {
        let d = |a: &str, b: &str| {
            edit_distance(
                &a.encode_utf16().collect::<Vec<_>>(),
                &b.encode_utf16().collect::<Vec<_>>(),
            )
        };
        assert_eq!(d("nope", "copy"), 2);
        assert_eq!(d("nope", "name"), 2);
        assert_eq!(d("ab", "ba"), 1);
        assert_eq!(d("upper-dir", "Upper-Dir"), 2);
        assert_eq!(d("", "abc"), 3);
    }

    #[test]
    fn numbered_lines() {
        assert_eq!(numbered("a\nb\n", None), "1\ta\n2\tb\n3\t");
        assert_eq!(numbered("one\ntwo", None), "1\tone\n2\ttwo");
        assert_eq!(numbered("a\r\nb\r\n", None), "1\ta\n2\tb\n3\t");
        let range = LineRange::new(3, Some(4)).unwrap();
        assert_eq!(numbered("l3\nl4\n", Some(range)), "3\tl3\n4\tl4");
        assert!(numbered("", None).contains("the contents are empty"));
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
}
