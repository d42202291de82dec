//! What Codex adds when a skill is loaded. It has no skill tool: the user mentions skills in
//! their message (`$name`, or `[$name](path/to/SKILL.md)` for one copy) and Codex adds each
//! mentioned skill's whole `SKILL.md` as a `<skill>` user message, in catalog order, once each;
//! or the model opens `SKILL.md` with its shell tool (`read` mode).

use std::collections::BTreeMap;
use std::path::Path;

use super::render::{order_key, real};
use super::{UNLISTED_SYSTEM_SKILLS, admit};
use crate::hash::HashSet;
use crate::skill::{Scope, Skill};
use crate::targets::catalog::Entry;
use crate::targets::load::{Call, Lifetime, LoadInput, Output, Part, ReadInput, Role};

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

/// Link targets that name an app, an MCP server or a plugin, not a skill.
const OTHER_LINK_PREFIXES: [&str; 3] = ["app://", "mcp://", "plugin://"];

/// A load in the mode asked for (`mention` unless `read` is asked for).
pub(super) fn load(input: &LoadInput<'_>) -> Output {
    match input.mode {
        Some("read") => open_skill_md(input),
        _ => mention(input),
    }
}

/// The user's message a load stands for: NAME itself when it has a space, `$` or `[`, else
/// `$NAME`.
fn message(name: &str) -> String {
    if name.contains([' ', '$', '[']) {
        name.to_owned()
    } else {
        format!("${name}")
    }
}

/// The mentions in a message (`extract_tool_mentions`).
#[derive(Debug, Default, PartialEq, Eq)]
struct Mentions<'m> {
    /// `$name`, in the order written.
    plain: Vec<&'m str>,
    /// The paths of `[$name](path)` links to skills, `skill://` taken off.
    paths: Vec<&'m str>,
    /// `$HOME` and its kind, which are not mentions.
    env_vars: Vec<&'m str>,
}

/// `is_mention_name_char`.
fn is_mention_name_char(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b':')
}

fn is_common_env_var(name: &str) -> bool {
    COMMON_ENV_VARS.contains(&name.to_ascii_uppercase().as_str())
}

/// The name after a `$` at `at`, if one starts there.
fn name_at(text: &str, at: usize) -> Option<&str> {
    let bytes = text.as_bytes();
    if bytes.get(at) != Some(&b'$') {
        return None;
    }
    let len = bytes[at + 1..]
        .iter()
        .take_while(|b| is_mention_name_char(**b))
        .count();
    (len > 0).then(|| &text[at + 1..at + 1 + len])
}

/// `[$name](path)` at `at`: the name, the trimmed path and where the link ends.
fn link_at(text: &str, at: usize) -> Option<(&str, &str, usize)> {
    let bytes = text.as_bytes();
    let name = name_at(text, at + 1)?;
    let mut i = at + 2 + name.len();
    if bytes.get(i) != Some(&b']') {
        return None;
    }
    i += 1;
    while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    if bytes.get(i) != Some(&b'(') {
        return None;
    }
    let close = i + 1 + text[i + 1..].find(')')?;
    let path = text[i + 1..close].trim();
    (!path.is_empty()).then_some((name, path, close + 1))
}

fn mentions(text: &str) -> Mentions<'_> {
    let mut found = Mentions::default();
    let mut i = 0;
    while i < text.len() {
        if text.as_bytes()[i] == b'['
            && let Some((name, path, end)) = link_at(text, i)
        {
            if is_common_env_var(name) {
                found.env_vars.push(name);
            } else if !OTHER_LINK_PREFIXES.iter().any(|p| path.starts_with(p)) {
                found
                    .paths
                    .push(path.strip_prefix("skill://").unwrap_or(path));
            }
            i = end;
            continue;
        }
        if let Some(name) = name_at(text, i) {
            if is_common_env_var(name) {
                found.env_vars.push(name);
            } else {
                found.plain.push(name);
            }
            i += 1 + name.len();
            continue;
        }
        i += 1;
    }
    found
}

/// A skill Codex loaded, hidden ones included.
struct Mentionable<'s> {
    skill: &'s Skill,
    name: String,
    /// The `SKILL.md` path as it is shown, and as it is on disk.
    shown: String,
    real: String,
}

/// Every skill Codex loaded that `found` could pick, in catalog order: the ones it lists, and
/// the ones the catalog leaves out that it loaded all the same (hidden by
/// `agents/openai.yaml`). Without linked paths only the skills with a mentioned name can be
/// picked, so only their paths are resolved (a load of one skill among thousands stays cheap).
fn mentionable<'s>(input: &LoadInput<'s>, found: &Mentions<'_>) -> Vec<Mentionable<'s>> {
    // The known skills are some of the provider's, each once: as many means all of them, and
    // none is hidden.
    let unlisted = match input.provider.list() {
        all if all.len() == input.known.len() => &[],
        all => all,
    };
    let listed: HashSet<&std::ffi::OsStr> = if unlisted.is_empty() {
        HashSet::default()
    } else {
        input
            .known
            .iter()
            .map(|e| e.skill.skill_md.as_os_str())
            .collect()
    };
    let hidden = unlisted
        .iter()
        .filter(|skill| !listed.contains(skill.skill_md.as_os_str()))
        .filter_map(|skill| Some((skill, admit::load(skill).ok()?.name)));
    let wanted = |name: &str| !found.paths.is_empty() || found.plain.contains(&name);
    let mut skills: Vec<Mentionable<'s>> = input
        .known
        .iter()
        .filter(|e| wanted(&e.name))
        .map(|e| (e.skill, e.name.clone()))
        .chain(hidden)
        .filter(|(_, name)| wanted(name))
        .map(|(skill, name)| {
            let file = real(&skill.skill_md);
            Mentionable {
                skill,
                name,
                shown: input.cx.paths.show(&file),
                real: file.to_string_lossy().into_owned(),
            }
        })
        .collect();
    skills.sort_by_cached_key(|m| order_key(m.skill, &m.name));
    skills
}

/// `collect_explicit_skill_mentions`: linked paths first, then plain names that only one skill
/// has, each skill once, both in catalog order.
fn select<'a, 's>(skills: &'a [Mentionable<'s>], found: &Mentions<'_>) -> Vec<&'a Mentionable<'s>> {
    let mut selected: Vec<&Mentionable<'s>> = Vec::new();
    let mut seen_paths: HashSet<&str> = HashSet::default();
    let mut seen_names: HashSet<&str> = HashSet::default();
    for skill in skills {
        if found
            .paths
            .iter()
            .any(|p| *p == skill.real || *p == skill.shown)
            && seen_paths.insert(&skill.real)
        {
            seen_names.insert(&skill.name);
            selected.push(skill);
        }
    }
    for skill in skills {
        if seen_paths.contains(skill.real.as_str()) || !found.plain.contains(&skill.name.as_str()) {
            continue;
        }
        let count = skills.iter().filter(|s| s.name == skill.name).count();
        if count == 1 && seen_names.insert(&skill.name) {
            seen_paths.insert(&skill.real);
            selected.push(skill);
        }
    }
    selected
}

/// Why a mention added nothing, for people (Codex itself says nothing).
fn unmatched(
    skills: &[Mentionable<'_>],
    found: &Mentions<'_>,
    added: &[&Mentionable<'_>],
) -> Vec<String> {
    let mut notes = Vec::new();
    for name in &found.env_vars {
        notes.push(format!(
            "`${name}` is read as an environment variable, not a skill mention"
        ));
    }
    let mut named: Vec<&str> = found.plain.clone();
    named.sort_unstable();
    named.dedup();
    for name in named {
        if added.iter().any(|s| s.name == name) {
            continue;
        }
        match skills.iter().filter(|s| s.name == name).count() {
            0 if UNLISTED_SYSTEM_SKILLS.contains(&name) => notes.push(format!(
                "{name} is one of Codex's system skills, never listed but loaded by a mention once Codex has written it to $CODEX_HOME/skills/.system on first start; it is not there yet"
            )),
            0 => notes.push(format!("no skill is named \"{name}\"")),
            1 => {}
            n => notes.push(format!(
                "{n} skills are named \"{name}\": a plain `${name}` adds none of them (a linked `[${name}](path/to/SKILL.md)` picks one)"
            )),
        }
    }
    for path in &found.paths {
        if !added.iter().any(|s| s.real == *path || s.shown == *path) {
            notes.push(format!("no skill's SKILL.md is at {path}"));
        }
    }
    if found.plain.is_empty() && found.paths.is_empty() && found.env_vars.is_empty() {
        notes.push(
            "the message mentions no skill: a mention is `$name` or `[$name](path/to/SKILL.md)`"
                .to_owned(),
        );
    }
    notes
}

/// The `mention` mode (`collect_explicit_skill_mentions`, `build_skill_injections`).
fn mention(input: &LoadInput<'_>) -> Output {
    let text = message(input.name);
    let found = mentions(&text);
    let skills = mentionable(input, &found);
    let selected = select(&skills, &found);
    let mut notes = unmatched(&skills, &found, &selected);
    let mut parts = Vec::new();
    for skill in &selected {
        if skill.skill.origin.scope == Scope::Builtin {
            notes.push(format!(
                "{} is one of Codex's system skills: Codex writes its SKILL.md to {} on first start, and until it is there its text cannot be shown",
                skill.name, skill.shown
            ));
            continue;
        }
        parts.push(Part {
            role: Role::User,
            text: format!(
                "<skill>\n<name>{}</name>\n<path>{}</path>\n{}\n</skill>",
                skill.name,
                skill.shown,
                String::from_utf8_lossy(skill.skill.source.bytes())
            ),
        });
    }
    let mut record = BTreeMap::new();
    if !notes.is_empty() {
        record.insert("note".to_owned(), notes.join("; ").into());
    }
    Output {
        call: None,
        error: parts.is_empty(),
        parts,
        lifetime: Lifetime::Session,
        record,
    }
}

/// Our explanation when the model finds nothing to open.
fn nothing_to_open(text: String) -> Output {
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

/// The names Codex lists, for our explanations.
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
        return nothing_to_open(format!(
            "no skill is named \"{}\": Codex has no skill tool and its skills list gives no file to open (skills: {})",
            input.name,
            skill_names(input.known)
        ));
    };
    let path = input.cx.paths.show(&real(&entry.skill.skill_md));
    Output::tool(
        shell_call(&format!("cat {}", shell_quote(&path))),
        String::from_utf8_lossy(entry.skill.source.bytes()),
    )
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
pub(super) fn read(input: &ReadInput<'_>) -> Output {
    let Some(entry) = input.entry() else {
        return nothing_to_open(format!(
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
            input.cx.paths.show(&real(&entry.skill.dir)),
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
    use crate::targets::catalog::{self, Context, Paths};
    use crate::targets::env::Env;
    use crate::targets::load::testing::Machine;

    fn skill(dir: &str, frontmatter: &str, scope: Scope) -> MemorySkill {
        MemorySkill::new(dir, format!("---\n{frontmatter}\n---\nbody\n")).in_scope(scope, 0)
    }

    fn injected(name: &str, path: &str) -> String {
        format!("<skill>\n<name>{name}</name>\n<path>{path}</path>\n")
    }

    fn texts(out: &Output) -> Vec<&str> {
        out.parts.iter().map(|p| p.text.as_str()).collect()
    }

    fn machine() -> Machine {
        Machine::new(vec![
            skill("/u/gamma", "description: G.", Scope::User),
            skill("/r/alpha", "description: A.", Scope::Project),
            skill("/r/one/dup", "description: One.", Scope::Project),
            skill("/u/two/dup", "description: Two.", Scope::User),
        ])
    }

    fn mention_of(name: &str) -> Output {
        machine().load(&super::super::TARGET, name, 0, None)
    }

    #[test]
    fn mentions_are_found_as_codex_reads_them() {
        let found = mentions(
            "$a, [$b](/x/SKILL.md) $HOME [$c] $ $d-e:f. [$g]( skill:///y/SKILL.md ) [$h](app://h)",
        );
        // `[$c]` is no link, so `$c` is a plain mention.
        assert_eq!(found.plain, ["a", "c", "d-e:f"]);
        assert_eq!(found.paths, ["/x/SKILL.md", "/y/SKILL.md"]);
        assert_eq!(found.env_vars, ["HOME"]);
        assert_eq!(message("pdf"), "$pdf");
        assert_eq!(message("use pdf"), "use pdf");
        assert_eq!(message("[$pdf](p)"), "[$pdf](p)");
    }

    #[test]
    fn a_mention_adds_the_whole_file_as_a_user_message() {
        let out = mention_of("alpha");
        assert!(out.call.is_none() && !out.error);
        assert_eq!(out.parts[0].role, Role::User);
        assert_eq!(
            out.parts[0].text,
            format!(
                "{}---\ndescription: A.\n---\nbody\n\n</skill>",
                injected("alpha", "/r/alpha/SKILL.md")
            )
        );
    }

    #[test]
    fn several_mentions_come_in_catalog_order_once_each() {
        let out = mention_of("$gamma then $alpha and $gamma again");
        let texts = texts(&out);
        assert_eq!(texts.len(), 2);
        assert!(texts[0].starts_with(&injected("alpha", "/r/alpha/SKILL.md")));
        assert!(texts[1].starts_with(&injected("gamma", "/u/gamma/SKILL.md")));
    }

    #[test]
    fn an_ambiguous_name_adds_nothing_unless_a_link_picks_one() {
        let out = mention_of("dup");
        assert!(out.error && out.parts.is_empty());
        assert_eq!(
            out.record["note"],
            "2 skills are named \"dup\": a plain `$dup` adds none of them (a linked `[$dup](path/to/SKILL.md)` picks one)"
        );
        let linked = mention_of("[$dup](/u/two/dup/SKILL.md) and $dup");
        assert_eq!(texts(&linked).len(), 1);
        assert!(texts(&linked)[0].contains("description: Two."));
        // A link to no skill's file adds nothing, not even by its name.
        let astray = mention_of("[$alpha](/nowhere/SKILL.md)");
        assert!(astray.parts.is_empty());
        assert_eq!(
            astray.record["note"],
            "no skill's SKILL.md is at /nowhere/SKILL.md"
        );
    }

    #[test]
    fn what_adds_nothing_says_why() {
        for (message, note) in [
            ("nope", "no skill is named \"nope\""),
            (
                "$HOME",
                "`$HOME` is read as an environment variable, not a skill mention",
            ),
            (
                "alpha without a sigil",
                "the message mentions no skill: a mention is `$name` or `[$name](path/to/SKILL.md)`",
            ),
            (
                "review-agent",
                "review-agent is one of Codex's system skills, never listed but loaded by a mention once Codex has written it to $CODEX_HOME/skills/.system on first start; it is not there yet",
            ),
        ] {
            let out = mention_of(message);
            assert!(out.error && out.parts.is_empty(), "{message}");
            assert_eq!(out.record["note"], note, "{message}");
        }
    }

    #[test]
    fn hidden_and_system_skills_can_be_mentioned() {
        let dir = tempfile::tempdir().unwrap();
        let quiet = dir.path().join("quiet");
        std::fs::create_dir_all(quiet.join("agents")).unwrap();
        std::fs::write(
            quiet.join("agents/openai.yaml"),
            "policy:\n  allow_implicit_invocation: false\n",
        )
        .unwrap();
        let machine = Machine::new(vec![
            MemorySkill::new(&quiet, "---\nname: quiet\ndescription: Q.\n---\n"),
            skill(
                "/c/skills/.system/maker",
                "name: maker\ndescription: M.",
                Scope::Builtin,
            ),
        ]);
        let out = machine.load(&super::super::TARGET, "$quiet $maker", 0, None);
        assert_eq!(texts(&out).len(), 1);
        assert!(texts(&out)[0].starts_with("<skill>\n<name>quiet</name>"));
        assert_eq!(
            out.record["note"],
            "maker is one of Codex's system skills: Codex writes its SKILL.md to /c/skills/.system/maker/SKILL.md on first start, and until it is there its text cannot be shown"
        );
        assert!(!out.error);
    }

    #[test]
    fn read_mode_is_cat_and_the_whole_file() {
        let out = machine().load(&super::super::TARGET, "alpha", 0, Some("read"));
        let call = out.call.as_ref().unwrap();
        assert_eq!(call.tool, "shell_command");
        assert_eq!(call.arguments, r#"{"command":"cat /r/alpha/SKILL.md"}"#);
        assert_eq!(out.display(), "---\ndescription: A.\n---\nbody\n");
        let unknown = machine().load(&super::super::TARGET, "nope", 0, Some("read"));
        assert!(unknown.error && unknown.display().contains("(skills: alpha, dup, gamma)"));
    }

    #[test]
    fn file_reads_are_cat_or_sed_with_quoting() {
        let provider = MemoryProvider::new(vec![
            skill("/r/pdf", "description: PDFs.", Scope::Project)
                .with_file("my notes.md", "a\nb\nc\n"),
        ]);
        let env = Env::new("/p", Some("/h".into()));
        let paths = Paths::absolute(None);
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: None,
            model: None,
        };
        let (known, _) = catalog::known(&super::super::TARGET, provider.list(), &cx);
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
}
