//! `goose`: Goose's `summon` extension, whose MCP `instructions` list the skills
//! (runtime-formats.md §10).

use std::path::PathBuf;

use super::catalog::{Admitted, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec};
use super::text::Collation;
use super::{Budget, Confidence, NameCharset, Target};
use crate::frontmatter::{self, Field, Value, Yaml};
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "goose",
    display: "Goose",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[],
    name_charset: NameCharset::Unicode,
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "the `instructions` of the summon extension (MCP), which the system prompt shows under that extension's `### Instructions`; built once when the extension starts, for the session's working directory",
    roots,
    roots_summary: "./.goose/skills, ./.claude/skills, ./.agents/skills, then the config dir's skills ($GOOSE_PATH_ROOT/config, else $XDG_CONFIG_HOME/goose, else ~/.config/goose), ~/.claude/skills, ~/.config/agents/skills; immediate subdirectories only",
    collision: Collision::FirstWins,
    admit,
    broken_skill: "skipped with a warning in the log: a file without two `---`, YAML that does not parse, or a `name` or `description` that is missing or not a scalar",
    fields_read: &["name", "description"],
    ordering: "by name, then by skill directory, in Rust byte order",
    escaping: "none",
    whitespace: "name and description exactly as YAML gives them; newlines are kept",
    budget: Budget::NONE,
    render,
    load: |_| unimplemented_load(),
    read: |_| unimplemented_load(),
    search: None,
    session: super::load::Session {
        catalog: super::load::Placement::SystemPrompt,
        modes: &[],
        reload: "TODO",
    },
    builtins: "Goose's built-in skills (listed after every skill found on disk, and shadowed by them)",
    decisions: &[
        "Recipes and agents share the name space with skills: local recipes are read before local skills, and local agents and global recipes before global skills, so one of those with a skill's name shadows it; recipes and agents are not read here",
        "Within one directory Goose reads entries in the filesystem's order, so which of two same-named skills in one directory wins is not defined; here the first in path order wins",
        "The bytes are the extension's instructions alone; the whitespace the system-prompt template puts around them is not reproduced",
        "`name` and `description` of any scalar type are read as their text, as serde_yaml does for a string field (`name: 123` lists as `123`, an empty value as an empty string)",
        "Goose looks for `SKILL.md` exactly and never treats a skills directory itself as a skill; a path given on the command line may be a skill directory",
    ],

    confidence: Confidence::Source,
    reference: "block/goose crates/goose/src/agents/platform_extensions/summon.rs @ 1270ad7, crates/goose/src/config/paths.rs",
};

/// The local skill directories, then the global ones (`discover_filesystem_sources`).
fn roots(env: &Env) -> Vec<RootSpec> {
    let mut roots: Vec<RootSpec> = [".goose/skills", ".claude/skills", ".agents/skills"]
        .into_iter()
        .map(|rel| RootSpec::one_level(env.cwd.join(rel), Scope::Project))
        .collect();
    let global = [
        config_dir(env).map(|dir| dir.join("skills")),
        env.home_join(".claude/skills"),
        env.home_join(".config/agents/skills"),
    ];
    roots.extend(
        global
            .into_iter()
            .flatten()
            .map(|path| RootSpec::one_level(path, Scope::User)),
    );
    roots
}

/// `Paths::config_dir()`: `$GOOSE_PATH_ROOT/config`, else the XDG config home's `goose`
/// (`$XDG_CONFIG_HOME` when absolute, else `~/.config`).
fn config_dir(env: &Env) -> Option<PathBuf> {
    if let Some(root) = env.var("GOOSE_PATH_ROOT") {
        return Some(env.cwd.join(root).join("config"));
    }
    match env.var("XDG_CONFIG_HOME").map(PathBuf::from) {
        Some(xdg) if xdg.is_absolute() => Some(xdg.join("goose")),
        _ => env.home_join(".config/goose"),
    }
}

/// `scan_skills_from_dir` + `parse_frontmatter`: the file is split on every `---` substring and
/// the text between the first two is YAML for `{name: String, description: String}`. A `---`
/// anywhere in the frontmatter (even inside a value) therefore cuts it short (§10).
fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err(
            "skipped: Goose looks for a file named exactly `SKILL.md` and does not see this one"
                .to_owned(),
        );
    }
    if skill.origin.scope != Scope::Custom && skill.dir == skill.origin.root {
        return Err(
            "skipped: Goose only looks in the subdirectories of a skills directory, not at the directory itself"
                .to_owned(),
        );
    }
    let text = std::str::from_utf8(skill.source.bytes())
        .map_err(|_| "skipped: the file is not valid UTF-8, so Goose cannot read it".to_owned())?;
    let parts: Vec<&str> = text.split("---").collect();
    if parts.len() < 3 {
        return Err(
            "skipped: the file has fewer than two `---`, so Goose finds no frontmatter".to_owned(),
        );
    }
    let yaml = parts[1].trim();
    let fields = match frontmatter::parse_standalone(yaml) {
        Yaml::Mapping(fields) => fields,
        Yaml::NotMapping(kind) => {
            return Err(format!(
                "skipped: the text between the first two `---` is a YAML {kind}, not a mapping"
            ));
        }
        Yaml::Invalid(err) => {
            return Err(format!(
                "skipped: the text between the first two `---` is not valid YAML: {}",
                err.reason
            ));
        }
    };
    Ok(Admitted {
        name: string_field(&fields, yaml, "name")?,
        description: Some(string_field(&fields, yaml, "description")?),
    })
}

/// A field deserialized as a Rust `String` by serde_yaml: any scalar, as its text; a collection
/// or a missing or repeated key is an error.
fn string_field(fields: &[Field], yaml: &str, key: &str) -> Result<String, String> {
    let found: Vec<&Field> = fields
        .iter()
        .filter(|f| f.key == key && f.key_kind == frontmatter::ValueKind::String)
        .collect();
    let field = match found.as_slice() {
        [] => {
            return Err(format!("skipped: no `{key}` between the first two `---`"));
        }
        [one] => *one,
        _ => return Err(format!("skipped: `{key}` appears more than once")),
    };
    scalar_text(&field.value, field, yaml)
        .ok_or_else(|| format!("skipped: `{key}` is a {}, not a string", field.kind()))
}

fn scalar_text(value: &Value, field: &Field, yaml: &str) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        // serde_yaml hands a plain scalar to a string field as written: `1.0`, `true`, `~`, "".
        Value::Null | Value::Bool(_) | Value::Number(_) => Some(
            yaml.get(field.value_span.start..field.value_span.end)
                .unwrap_or_default()
                .trim()
                .to_owned(),
        ),
        Value::Tagged(_, inner) => match inner.as_ref() {
            Value::String(s) => Some(s.clone()),
            Value::Null | Value::Bool(_) | Value::Number(_) => Some(inner.render()),
            _ => None,
        },
        Value::Sequence(_) | Value::Mapping(_) => None,
    }
}

/// `SummonClient::new`: nothing at all without skills, else `\n\n` + the header + one
/// `\n• name - description` per skill; no trailing newline.
fn render(entries: &[Entry<'_>], _cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let mut sorted: Vec<&Entry<'_>> = entries.iter().collect();
    sorted.sort_by(|a, b| {
        Collation::Bytes
            .compare(&a.name, &b.name)
            .then_with(|| a.skill.dir.cmp(&b.skill.dir))
    });
    let mut text = String::from(
        "\n\nYou have these skills at your disposal, when it is clear they can help you solve a problem or you are asked to use them:",
    );
    for entry in &sorted {
        text.push_str("\n\u{2022} ");
        text.push_str(&entry.name);
        text.push_str(" - ");
        text.push_str(entry.description());
    }
    Rendered::complete(text, sorted.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self, ChangeKind};

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    fn skill(dir: &str, md: &str) -> MemorySkill {
        MemorySkill::new(dir, md).in_scope(Scope::Project, 0)
    }

    #[test]
    fn sorted_by_byte_order_with_bullets_and_no_trailing_newline() {
        let cat = build(vec![
            skill("/p/s/b", "---\nname: beta\ndescription: B & <b>\n---\n"),
            skill("/p/s/a", "---\nname: Zed\ndescription: Z\n---\n"),
            skill("/p/s/c", "---\nname: _x\ndescription: X\n---\n"),
        ]);
        assert_eq!(
            cat.text,
            "\n\nYou have these skills at your disposal, when it is clear they can help you solve a problem or you are asked to use them:\n\u{2022} Zed - Z\n\u{2022} _x - X\n\u{2022} beta - B & <b>"
        );
    }

    #[test]
    fn nothing_without_skills() {
        assert_eq!(build(Vec::new()).text, "");
    }

    #[test]
    fn a_dash_run_inside_the_yaml_cuts_the_frontmatter() {
        // The YAML seen is `name: a\ndescription: before`: the description is cut short.
        let cut = build(vec![skill(
            "/p/s/a",
            "---\nname: a\ndescription: before---after\n---\n",
        )]);
        assert!(cut.text.ends_with("\u{2022} a - before"));
        // Here the cut leaves an unclosed quote: the skill is skipped.
        let broken = build(vec![skill(
            "/p/s/a",
            "---\nname: a\ndescription: \"x --- y\"\n---\n",
        )]);
        assert_eq!(broken.listed, 0);
        assert_eq!(broken.changes[0].kind, ChangeKind::Skipped);
        let intro = build(vec![skill(
            "/p/s/a",
            "intro\n---\nname: a\ndescription: before\n---\n",
        )]);
        assert_eq!(intro.listed, 1, "text before the first `---` is ignored");
    }

    #[test]
    fn scalars_are_read_as_written_and_collections_skip() {
        let cat = build(vec![
            skill("/p/s/a", "---\nname: 1.50\ndescription: true\n---\n"),
            skill("/p/s/b", "---\nname: b\ndescription:\n---\n"),
            skill("/p/s/c", "---\nname: c\ndescription: [x]\n---\n"),
            skill("/p/s/d", "---\nname: d\nname: e\ndescription: x\n---\n"),
        ]);
        assert!(cat.text.contains("\u{2022} 1.50 - true"));
        assert!(cat.text.ends_with("\u{2022} b - "));
        assert_eq!(cat.listed, 2);
        let skipped: Vec<&str> = cat.changes.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(skipped, ["c", "e"]);
    }

    #[test]
    fn first_name_found_wins() {
        let cat = build(vec![
            skill(
                "/p/.goose/skills/a",
                "---\nname: a\ndescription: local\n---\n",
            ),
            skill(
                "/h/.claude/skills/a",
                "---\nname: a\ndescription: global\n---\n",
            ),
        ]);
        assert!(cat.text.ends_with("\u{2022} a - local"));
        assert_eq!(cat.changes[0].kind, ChangeKind::Shadowed);
    }

    #[test]
    fn config_dir_follows_the_environment() {
        let env = Env::new("/p", Some("/h".into()));
        assert_eq!(config_dir(&env), Some(PathBuf::from("/h/.config/goose")));
        let xdg = env.clone().with_var("XDG_CONFIG_HOME", "/x");
        assert_eq!(config_dir(&xdg), Some(PathBuf::from("/x/goose")));
        let relative = env.clone().with_var("XDG_CONFIG_HOME", "x");
        assert_eq!(
            config_dir(&relative),
            Some(PathBuf::from("/h/.config/goose"))
        );
        let root = xdg.with_var("GOOSE_PATH_ROOT", "/r");
        assert_eq!(config_dir(&root), Some(PathBuf::from("/r/config")));
    }
}

fn unimplemented_load() -> super::load::Output {
    super::load::Output::tool_error(super::load::Call::with("TODO", "name", ""), "TODO")
}
