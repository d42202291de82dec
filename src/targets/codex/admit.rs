//! Which skills Codex loads, by what name and description, and which it hides from the catalog.
//! Frontmatter is read as YAML first. YAML of the wrong shape (a list for a string) skips the
//! skill; text that is not YAML at all (a `: ` in a plain value, bad YAML in another key, a
//! repeated key) does not: `name` and `description` are then each read from their own
//! top-level entry, and the skill is kept whenever those two can still be read (once each).

use std::path::Component;

use crate::frontmatter::{self, Field, Value, ValueKind, Yaml};
use crate::skill::Skill;
use crate::targets::catalog::Admitted;
use crate::targets::text;

const MAX_NAME_LEN: usize = 64;
const MAX_SHORT_DESCRIPTION_LEN: usize = 1024;

/// A skill as Codex loads it, before the catalog decides whether to list it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Loaded {
    pub name: String,
    /// Whitespace collapsed, not yet cut to the catalog's 1024 characters.
    pub description: String,
}

/// `parse_skill_file` and the catalog's filter: the skill as the catalog lists it, or why not.
pub(super) fn admit(skill: &Skill) -> Result<Admitted, String> {
    let loaded = load(skill)?;
    if implicit_invocation_disabled(skill) {
        return Err(
            "hidden: agents/openai.yaml sets policy.allow_implicit_invocation: false, which keeps it out of the catalog (a `$name` mention still loads it)"
                .to_owned(),
        );
    }
    Ok(Admitted {
        name: loaded.name,
        description: Some(loaded.description),
    })
}

/// The skill as Codex loads it (hidden ones included: a mention can still load them), or the
/// reason it is skipped.
pub(super) fn load(skill: &Skill) -> Result<Loaded, String> {
    if let Some(hidden) = hidden_directory(skill) {
        return Err(format!(
            "skipped: inside the hidden directory `{hidden}`, which Codex does not search"
        ));
    }
    if !skill.has_canonical_file_name() {
        return Err("skipped: Codex reads files named exactly `SKILL.md`".to_owned());
    }
    let contents = crate::targets::file::utf8(skill).ok_or_else(|| {
        "skipped: failed to read file: stream did not contain valid UTF-8".to_owned()
    })?;
    let yaml = extract_frontmatter(contents)
        .ok_or_else(|| "skipped: missing YAML frontmatter delimited by ---".to_owned())?;
    let (name, description) = match strict(skill, &yaml) {
        Ok(fields) => fields,
        Err(Strict::Syntax(error)) => lenient(&yaml).map_err(|lenient_error| {
            format!("skipped: invalid YAML: {error}, and {lenient_error}")
        })?,
        Err(Strict::Type(error)) => return Err(format!("skipped: invalid YAML: {error}")),
    };
    let name = name
        .as_deref()
        .map(text::collapse_whitespace)
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| default_name(skill));
    let description = description
        .as_deref()
        .map(text::collapse_whitespace)
        .unwrap_or_default();
    if description.is_empty() {
        return Err("skipped: missing field `description`".to_owned());
    }
    if name.chars().count() > MAX_NAME_LEN {
        return Err(format!(
            "skipped: invalid name: exceeds maximum length of {MAX_NAME_LEN} characters"
        ));
    }
    Ok(Loaded { name, description })
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

/// `name` and `description`.
type NameAndDescription = (Option<String>, Option<String>);

/// Why the whole frontmatter does not read into Codex's struct.
enum Strict {
    /// It is not YAML: the fields are recovered one by one.
    Syntax(String),
    /// It is YAML of the wrong shape (a list for a string): the skill is skipped.
    Type(String),
}

/// The frontmatter as serde reads it into Codex's struct (`name`, `description` and
/// `metadata.short-description`, each an optional string, at most 1024 characters for the
/// last).
fn strict(skill: &Skill, yaml: &str) -> Result<NameAndDescription, Strict> {
    let fields = match crate::targets::file::yaml(skill, yaml) {
        Yaml::Mapping(fields) => fields,
        Yaml::NotMapping(ValueKind::Null) => return Ok((None, None)),
        Yaml::NotMapping(kind) => {
            return Err(Strict::Type(format!(
                "the frontmatter is a {kind}, not a mapping"
            )));
        }
        Yaml::Invalid(err) => return Err(Strict::Syntax(err.reason)),
    };
    let name = string_field(&fields, "name", yaml).map_err(Strict::Type)?;
    let description = string_field(&fields, "description", yaml).map_err(Strict::Type)?;
    let short = short_description(&fields, yaml).map_err(Strict::Type)?;
    if short
        .as_deref()
        .is_some_and(|s| text::collapse_whitespace(s).chars().count() > MAX_SHORT_DESCRIPTION_LEN)
    {
        return Err(Strict::Type(format!(
            "`metadata.short-description` exceeds maximum length of {MAX_SHORT_DESCRIPTION_LEN} characters"
        )));
    }
    Ok((name, description))
}

/// `metadata.short-description`: `metadata` must be a mapping when present.
fn short_description(fields: &[Field], yaml: &str) -> Result<Option<String>, String> {
    let found: Vec<&Field> = fields.iter().filter(|f| f.key == "metadata").collect();
    match found.as_slice() {
        [] => Ok(None),
        [metadata] => match &metadata.value {
            Value::Null => Ok(None),
            Value::Mapping(_) => string_field(&metadata.entries, "short-description", yaml),
            other => Err(format!("`metadata` is a {}, not a mapping", other.kind())),
        },
        _ => Err("duplicate field `metadata`".to_owned()),
    }
}

/// An `Option<String>` field as serde_yaml fills it: null is none, any scalar is its text as
/// written, a collection fails; a repeated key is a duplicate field.
fn string_field(fields: &[Field], key: &str, yaml: &str) -> Result<Option<String>, String> {
    let found: Vec<&Field> = fields.iter().filter(|f| f.key == key).collect();
    match found.as_slice() {
        [] => Ok(None),
        [one] => scalar_text(one, yaml),
        _ => Err(format!("duplicate field `{key}`")),
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
            "`{}` is a {}, not a string",
            field.key,
            other.kind()
        )),
    }
}

/// The recovery: `name` and `description` from their own top-level entries.
fn lenient(yaml: &str) -> Result<NameAndDescription, String> {
    let entries = top_level_entries(yaml);
    Ok((
        recover(&entries, "name")?,
        recover(&entries, "description")?,
    ))
}

/// One top-level `key: value` entry: its key (unquoted), the text after the key's colon on the
/// first line, and the whole entry (key line and the indented or blank lines under it).
struct Entry<'y> {
    key: String,
    rest: &'y str,
    text: String,
}

impl Entry<'_> {
    /// Whether the value goes on below the key line (a block scalar or a continued scalar).
    fn is_multiline(&self) -> bool {
        self.text.lines().skip(1).any(|l| !l.trim().is_empty())
    }
}

fn top_level_entries(yaml: &str) -> Vec<Entry<'_>> {
    let mut entries: Vec<Entry<'_>> = Vec::new();
    let mut open = false;
    for line in yaml.lines() {
        let continued = line.is_empty() || line.starts_with([' ', '\t']);
        if continued {
            if open && let Some(last) = entries.last_mut() {
                last.text.push('\n');
                last.text.push_str(line);
            }
            continue;
        }
        open = false;
        if let Some((key, rest)) = key_line(line) {
            entries.push(Entry {
                key,
                rest,
                text: line.to_owned(),
            });
            open = true;
        }
    }
    entries
}

/// `key: rest` at the start of a line, the key plain or quoted; `None` for anything else.
fn key_line(line: &str) -> Option<(String, &str)> {
    if line.starts_with([
        '#', '-', '[', '{', '?', '&', '*', '!', '|', '>', '%', '@', '`',
    ]) {
        return None;
    }
    let (key, after) = match line.chars().next()? {
        quote @ ('"' | '\'') => {
            let close = line[1..].find(quote)? + 1;
            let after = line[close + 1..].trim_start_matches([' ', '\t']);
            (line[1..close].to_owned(), after.strip_prefix(':')?)
        }
        _ => {
            let colon = line
                .char_indices()
                .find(|&(i, c)| {
                    c == ':'
                        && line[i + 1..]
                            .chars()
                            .next()
                            .is_none_or(|n| n == ' ' || n == '\t')
                })?
                .0;
            (line[..colon].trim_end().to_owned(), &line[colon + 1..])
        }
    };
    if !(after.is_empty() || after.starts_with([' ', '\t'])) {
        return None;
    }
    Some((key, after))
}

/// One field from its entry: parsed as YAML on its own; when that fails, the rest of a one-line
/// entry as written.
fn recover(entries: &[Entry<'_>], key: &str) -> Result<Option<String>, String> {
    let found: Vec<&Entry<'_>> = entries.iter().filter(|e| e.key == key).collect();
    let entry = match found.as_slice() {
        [] => return Ok(None),
        [one] => *one,
        _ => return Err(format!("`{key}` is given more than once")),
    };
    match frontmatter::parse_standalone(&entry.text) {
        Yaml::Mapping(fields) => match fields.as_slice() {
            [field] => scalar_text(field, &entry.text),
            _ => Err(format!("`{key}` cannot be read on its own")),
        },
        Yaml::NotMapping(_) => Err(format!("`{key}` cannot be read on its own")),
        Yaml::Invalid(err) if entry.is_multiline() => Err(format!(
            "`{key}` spans several lines and is not valid YAML on its own ({})",
            err.reason
        )),
        Yaml::Invalid(_) => Ok(Some(entry.rest.trim_matches([' ', '\t']).to_owned())),
    }
}

/// The parent directory's name, whitespace collapsed, or `skill`.
fn default_name(skill: &Skill) -> String {
    Some(text::collapse_whitespace(&skill.dir_name()))
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "skill".to_owned())
}

/// `agents/openai.yaml` next to `SKILL.md` with `policy.allow_implicit_invocation: false`. A
/// missing or unreadable file, or one that is not a mapping, changes nothing (Codex fails open).
/// A skill folder that discovery listed without an `agents` entry has no such file: it is not
/// looked for again.
fn implicit_invocation_disabled(skill: &Skill) -> bool {
    if skill
        .listings
        .as_ref()
        .is_some_and(|listings| listings.lacks(std::ffi::OsStr::new("agents")))
    {
        return false;
    }
    let Some(text) =
        crate::fsafe::read_skill_text(&skill.dir, "agents/openai.yaml", crate::fsafe::CONFIG_CAP)
    else {
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::provider::{MemoryProvider, MemorySkill, SkillProvider};

    fn loaded(frontmatter: &str) -> Result<Loaded, String> {
        loaded_at("/r/dir-name", frontmatter)
    }

    fn loaded_at(dir: &str, frontmatter: &str) -> Result<Loaded, String> {
        let provider = MemoryProvider::new(vec![MemorySkill::new(
            dir,
            format!("---\n{frontmatter}\n---\nbody\n"),
        )]);
        load(&provider.list()[0])
    }

    fn pair(name: &str, description: &str) -> Result<Loaded, String> {
        Ok(Loaded {
            name: name.to_owned(),
            description: description.to_owned(),
        })
    }

    #[test]
    fn valid_yaml_is_read_as_written_with_whitespace_collapsed() {
        assert_eq!(
            loaded("name: a\ndescription: |\n  One.\n\n    Two.\n"),
            pair("a", "One. Two.")
        );
        assert_eq!(loaded("name: 1.50\ndescription: yes"), pair("1.50", "yes"));
        // A missing or blank name falls back to the folder.
        assert_eq!(loaded("description: d"), pair("dir-name", "d"));
        assert_eq!(
            loaded("name: \"  \"\ndescription: d"),
            pair("dir-name", "d")
        );
        assert_eq!(
            loaded_at("/r/my  dir", "description: d"),
            pair("my dir", "d")
        );
    }

    #[test]
    fn invalid_yaml_keeps_a_skill_whose_fields_can_be_read_on_their_own() {
        // An unquoted `: ` in the description: the rest of its line, as written.
        assert_eq!(
            loaded("name: c\ndescription: Use when: asked"),
            pair("c", "Use when: asked")
        );
        assert_eq!(
            loaded("name: name: with colon\ndescription: d"),
            pair("name: with colon", "d")
        );
        // Bad YAML under another key: the description is still real YAML.
        let bad = "\nallowed-tools: [@x]";
        assert_eq!(
            loaded(&format!(
                "name: f\ndescription: >\n  Folded\n  text: here.{bad}"
            )),
            pair("f", "Folded text: here.")
        );
        assert_eq!(
            loaded(&format!("name: q\ndescription: 'It''s: odd'{bad}")),
            pair("q", "It's: odd")
        );
        assert_eq!(
            loaded(&format!(
                "name: h\ndescription: Does things # a comment{bad}"
            )),
            pair("h", "Does things")
        );
        assert_eq!(
            loaded(&format!("name: [@x]\ndescription: d{bad}")),
            pair("[@x]", "d")
        );
        // Quoted keys are keys; a missing name is the folder's.
        assert_eq!(
            loaded("\"description\": Quoted: key"),
            pair("dir-name", "Quoted: key")
        );
        assert_eq!(
            loaded("name: t\ndescription:\tTab: first"),
            pair("t", "Tab: first")
        );
    }

    #[test]
    fn invalid_yaml_still_drops_what_cannot_be_read() {
        let bad = "\nallowed-tools: [@x]";
        for frontmatter in [
            // Two descriptions, a list, none, an empty one.
            format!("name: d\ndescription: One.\ndescription: Two.{bad}"),
            format!("name: l\ndescription: [one, two]{bad}"),
            format!("name: n{bad}"),
            format!("name: e\ndescription:{bad}"),
            // A continued plain value that is not YAML on its own.
            "name: m\ndescription: First line\n  second: line".to_owned(),
            // Not a top-level key.
            "name: i\n  description: Indented: odd".to_owned(),
        ] {
            let skipped = loaded(&frontmatter).unwrap_err();
            assert!(skipped.starts_with("skipped: "), "{frontmatter}: {skipped}");
        }
        // Valid YAML of the wrong shape is not recovered.
        for (frontmatter, reason) in [
            (
                "name: [a, b]\ndescription: d",
                "`name` is a sequence, not a string",
            ),
            (
                "name: m\ndescription: d\nmetadata: text",
                "`metadata` is a string, not a mapping",
            ),
            (
                "name: s\ndescription: d\nmetadata:\n  short-description: [a]",
                "`short-description` is a sequence, not a string",
            ),
        ] {
            assert_eq!(
                loaded(frontmatter).unwrap_err(),
                format!("skipped: invalid YAML: {reason}"),
                "{frontmatter}"
            );
        }
        let twice = format!("name: d\ndescription: One.\ndescription: Two.{bad}");
        let skipped = loaded(&twice).unwrap_err();
        assert!(
            skipped.ends_with(", and `description` is given more than once"),
            "{skipped}"
        );
    }

    #[test]
    fn long_names_are_dropped_and_long_descriptions_kept() {
        let name = "n".repeat(65);
        assert_eq!(
            loaded(&format!("name: {name}\ndescription: d")).unwrap_err(),
            "skipped: invalid name: exceeds maximum length of 64 characters"
        );
        let description = "d".repeat(2000);
        assert_eq!(
            loaded(&format!("name: a\ndescription: {description}"))
                .unwrap()
                .description,
            description
        );
    }

    #[test]
    fn files_codex_does_not_read() {
        let provider = MemoryProvider::new(vec![
            MemorySkill::new("/r/none", "no frontmatter\n"),
            MemorySkill::new("/r/empty", "---\n---\n"),
            MemorySkill::new("/r/bom", "\u{feff}---\nname: b\ndescription: d\n---\n"),
            MemorySkill::new(
                "/r/latin1",
                b"---\nname: l\ndescription: \xe9\n---\n".to_vec(),
            ),
            MemorySkill::new("/r/.archive/old", "---\ndescription: d\n---\n"),
        ]);
        let mut skills = provider.list().to_vec();
        skills[4].origin.root = "/r".into();
        let reasons: Vec<String> = skills.iter().map(|s| admit(s).unwrap_err()).collect();
        assert_eq!(
            reasons,
            [
                "skipped: missing YAML frontmatter delimited by ---",
                "skipped: missing YAML frontmatter delimited by ---",
                "skipped: missing YAML frontmatter delimited by ---",
                "skipped: failed to read file: stream did not contain valid UTF-8",
                "skipped: inside the hidden directory `.archive`, which Codex does not search",
            ]
        );
    }

    #[test]
    fn agents_openai_yaml_hides_a_skill_that_still_loads() {
        let dir = tempfile::tempdir().unwrap();
        let skill = dir.path().join("quiet");
        std::fs::create_dir_all(skill.join("agents")).unwrap();
        std::fs::write(
            skill.join("agents/openai.yaml"),
            "policy:\n  allow_implicit_invocation: false\n",
        )
        .unwrap();
        let provider = MemoryProvider::new(vec![MemorySkill::new(
            &skill,
            "---\nname: quiet\ndescription: Q.\n---\n",
        )]);
        let quiet = &provider.list()[0];
        assert!(admit(quiet).unwrap_err().starts_with("hidden: "));
        assert_eq!(load(quiet), pair("quiet", "Q."));
        std::fs::write(skill.join("agents/openai.yaml"), "policy: [broken").unwrap();
        assert!(admit(quiet).is_ok());
    }

    #[test]
    fn discovered_skills_are_hidden_as_their_folders_say() {
        use crate::provider::{FsOptions, FsProvider, Root};
        let dir = tempfile::tempdir().unwrap();
        for name in ["quiet", "plain", "other-agents"] {
            std::fs::create_dir_all(dir.path().join(name)).unwrap();
            std::fs::write(
                dir.path().join(name).join("SKILL.md"),
                format!("---\nname: {name}\ndescription: D.\n---\n"),
            )
            .unwrap();
        }
        std::fs::create_dir_all(dir.path().join("quiet/agents")).unwrap();
        std::fs::write(
            dir.path().join("quiet/agents/openai.yaml"),
            "policy:\n  allow_implicit_invocation: false\n",
        )
        .unwrap();
        std::fs::create_dir_all(dir.path().join("other-agents/agents")).unwrap();
        let provider =
            FsProvider::discover(&[Root::explicit(dir.path())], FsOptions::default()).unwrap();
        let verdicts: Vec<(String, bool)> = provider
            .list()
            .iter()
            .map(|s| {
                assert!(s.listings.is_some(), "{}", s.dir.display());
                (s.dir_name().into_owned(), admit(s).is_ok())
            })
            .collect();
        assert_eq!(
            verdicts,
            [
                ("other-agents".to_owned(), true),
                ("plain".to_owned(), true),
                ("quiet".to_owned(), false)
            ]
        );
    }
}
