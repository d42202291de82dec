//! `gemini-cli`: Gemini CLI (`google-gemini/gemini-cli`), the modern-model system prompt. The
//! catalog is the `# Available Agent Skills` section `renderAgentSkills` writes, `.trim()`med, in
//! the insertion order of the skill manager's `Map` (runtime-formats.md §5).

use std::path::PathBuf;

use super::catalog::{Admitted, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec, is_hidden_below};
use super::text::{is_js_space, js_trim};
use super::{Budget, Confidence, NameCharset, Target};
use crate::frontmatter::{self, Field, Value, ValueKind, Yaml};
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "gemini-cli",
    display: "Gemini CLI",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[],
    // Gemini CLI rewrites characters it cannot use in a file name instead of rejecting a name,
    // and reads descriptions of any length.
    name_charset: NameCharset::Unicode,
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "a section of the system prompt, after the sub-agents section; also substituted into a custom GEMINI_SYSTEM_MD prompt",
    roots,
    roots_summary: "~/.gemini/skills, then ~/.agents/skills (home moved by GEMINI_CLI_HOME), then the workspace's .gemini/skills and .agents/skills (trusted folders only); SKILL.md at a root or one level down",
    collision: Collision::LastWinsInPlace,
    admit,
    broken_skill: "a file that does not open with a `---` line is skipped silently; when the YAML fails to parse or does not give both `name` and `description` as strings, the frontmatter is read again line by line (`name:`, and `description:` with indented continuation lines joined by spaces) and the skill is skipped only if that finds no `name:` or no `description:` line",
    fields_read: &["name", "description"],
    ordering: "the order skills were found, by tier: built-ins, extensions, ~/.gemini/skills, ~/.agents/skills, .gemini/skills, .agents/skills; a skill overriding a name keeps the place of the one it replaces",
    escaping: "none",
    whitespace: "name and description as read (YAML values, or the line parser's trimmed text); newlines in descriptions are kept raw",
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
    builtins: "Gemini CLI ships the built-in skills `skill-creator` and `antigravity-support`, listed first, and active extensions add theirs; the preview includes neither",
    decisions: &[
        "Within one directory skills are listed in sorted path order; Gemini CLI lists them in glob order, which follows the file system.",
        "The workspace is taken to be trusted, so the working directory's .gemini/skills and .agents/skills are searched.",
        "The line parser also runs when the YAML parses but `name` or `description` is missing or not a string, as skillLoader.ts does; a repeated key counts as a YAML error, since js-yaml rejects it.",
        "The `skills.disabled` setting is not applied.",
    ],

    confidence: Confidence::Source,
    reference: "google-gemini/gemini-cli packages/core/src/prompts/snippets.ts (renderAgentSkills) @ 5411f11; skills/skillLoader.ts, skills/skillManager.ts @ 04fbf50",
};

/// The sentence between the heading and the list.
const INTRO: &str = "You have access to the following specialized skills. To activate a skill and receive its detailed instructions, call the `activate_skill` tool with the skill's name.";

/// `SkillManager.discoverSkills` after the built-ins and extensions: user tiers, then workspace
/// tiers, each `.gemini/skills` before `.agents/skills`.
fn roots(env: &Env) -> Vec<RootSpec> {
    // `homedir()`: GEMINI_CLI_HOME replaces the home directory.
    let home: Option<PathBuf> = env
        .var("GEMINI_CLI_HOME")
        .map(|dir| env.cwd.join(dir))
        .or_else(|| env.home.clone());
    let mut roots = Vec::new();
    if let Some(home) = home {
        roots.push(RootSpec::one_level(
            home.join(".gemini/skills"),
            Scope::User,
        ));
        roots.push(RootSpec::one_level(
            home.join(".agents/skills"),
            Scope::User,
        ));
    }
    roots.push(RootSpec::one_level(
        env.cwd.join(".gemini/skills"),
        Scope::Project,
    ));
    roots.push(RootSpec::one_level(
        env.cwd.join(".agents/skills"),
        Scope::Project,
    ));
    roots
}

/// `loadSkillFromFile`: `FRONTMATTER_REGEX` on the raw text, `parseFrontmatter`, then the name
/// sanitized for use as a file name.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err(format!(
            "skipped: Gemini CLI's glob matches SKILL.md exactly, not `{}`",
            skill
                .skill_md
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
        ));
    }
    if skill.origin.scope != Scope::Custom && is_hidden_below(&skill.origin.root, &skill.dir) {
        return Err(
            "skipped: Gemini CLI's `*/SKILL.md` glob does not match a hidden directory".to_owned(),
        );
    }
    let text = String::from_utf8_lossy(skill.source.bytes());
    let Some(yaml) = frontmatter_text(&text) else {
        return Err("skipped: the file does not open with a `---` line and a later `---` (no byte order mark or trailing spaces allowed)".to_owned());
    };
    let Some((name, description)) = parse_frontmatter(yaml) else {
        return Err(
            "skipped: no `name` and `description`, neither as YAML strings nor as `name:` and `description:` lines"
                .to_owned(),
        );
    };
    Ok(Admitted {
        name: sanitize_name(&name),
        description: Some(description),
    })
}

/// `/^---\r?\n([\s\S]*?)\r?\n---/` on the whole text: the text between the opening line and the
/// first later `\n---` (which need not end its line).
fn frontmatter_text(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("---")?;
    let rest = rest
        .strip_prefix("\r\n")
        .or_else(|| rest.strip_prefix('\n'))?;
    let start = text.len() - rest.len();
    let bytes = text.as_bytes();
    // `\r` and `\n` are ASCII, so every index found is a character boundary.
    (start..bytes.len())
        .find(|&i| bytes[i..].starts_with(b"\n---") || bytes[i..].starts_with(b"\r\n---"))
        .map(|end| &text[start..end])
}

/// `parseFrontmatter`: js-yaml first, the line parser when that throws or does not give string
/// `name` and `description`.
fn parse_frontmatter(yaml: &str) -> Option<(String, String)> {
    if let Yaml::Mapping(fields) = frontmatter::parse_standalone(yaml)
        && !has_duplicate_key(&fields)
        && let (Some(Value::String(name)), Some(Value::String(description))) =
            (field(&fields, "name"), field(&fields, "description"))
    {
        return Some((name.clone(), description.clone()));
    }
    parse_simple_frontmatter(yaml)
}

/// A top-level string key's value.
fn field<'a>(fields: &'a [Field], key: &str) -> Option<&'a Value> {
    fields
        .iter()
        .find(|f| f.key == key && f.key_kind == ValueKind::String)
        .map(|f| &f.value)
}

/// Whether a top-level key appears twice (js-yaml throws on it).
fn has_duplicate_key(fields: &[Field]) -> bool {
    fields
        .iter()
        .enumerate()
        .any(|(i, f)| fields[..i].iter().any(|earlier| earlier.key == f.key))
}

/// `parseSimpleFrontmatter`: the last `name:` line, and the last `description:` line with the
/// indented lines after it, trimmed, empty ones dropped, joined with spaces.
fn parse_simple_frontmatter(yaml: &str) -> Option<(String, String)> {
    let lines: Vec<&str> = yaml
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect();
    let mut name = None;
    let mut description = None;
    let mut i = 0;
    while i < lines.len() {
        if let Some(value) = key_line(lines[i], "name") {
            name = Some(js_trim(value).to_owned());
        } else if let Some(value) = key_line(lines[i], "description") {
            let mut parts = vec![js_trim(value)];
            while let Some(next) = lines.get(i + 1).filter(|next| is_continuation(next)) {
                parts.push(js_trim(next));
                i += 1;
            }
            parts.retain(|part| !part.is_empty());
            description = Some(parts.join(" "));
        }
        i += 1;
    }
    Some((name?, description?))
}

/// `/^\s*key:\s*(.*)$/` on one line: what follows the colon and its spaces. JavaScript's `.`
/// stops at a line terminator and `$` needs the end of the line, so one left in the value
/// (a lone `\r`, U+2028, U+2029) means no match.
fn key_line<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let value = line
        .trim_start_matches(is_js_space)
        .strip_prefix(key)?
        .strip_prefix(':')?
        .trim_start_matches(is_js_space);
    (!value.contains(['\r', '\u{2028}', '\u{2029}'])).then_some(value)
}

/// `/^[ \t]+\S/`: indented by spaces or tabs, then something that is not white space.
fn is_continuation(line: &str) -> bool {
    let rest = line.trim_start_matches([' ', '\t']);
    rest.len() < line.len() && rest.chars().next().is_some_and(|c| !is_js_space(c))
}

/// `name.replace(/[:\\/<>*?"|]/g, '-')`.
fn sanitize_name(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            ':' | '\\' | '/' | '<' | '>' | '*' | '?' | '"' | '|' => '-',
            c => c,
        })
        .collect()
}

/// `renderAgentSkills`: nothing without skills; otherwise the section, trimmed.
fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let skills: Vec<String> = entries
        .iter()
        .map(|entry| {
            format!(
                "  <skill>\n    <name>{}</name>\n    <description>{}</description>\n    <location>{}</location>\n  </skill>",
                entry.name,
                entry.description(),
                cx.paths.show(&entry.skill.skill_md)
            )
        })
        .collect();
    let section = format!(
        "\n# Available Agent Skills\n\n{INTRO}\n\n<available_skills>\n{}\n</available_skills>",
        skills.join("\n")
    );
    Rendered::complete(js_trim(&section).to_owned(), entries.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self, ChangeKind};

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    #[test]
    fn exact_section_trimmed_without_escaping() {
        // The regex leaves the newline before the closing `---` out of the YAML, so a block
        // scalar written last has no final newline.
        let cat = build(vec![MemorySkill::new(
            "/s/a",
            "---\nname: a\ndescription: |\n  Tags <b> & \"quotes\"\n  stay raw.\n---\n",
        )]);
        assert_eq!(
            cat.text,
            "# Available Agent Skills\n\nYou have access to the following specialized skills. \
             To activate a skill and receive its detailed instructions, call the \
             `activate_skill` tool with the skill's name.\n\n<available_skills>\n  <skill>\n    \
             <name>a</name>\n    <description>Tags <b> & \"quotes\"\nstay raw.</description>\n    \
             <location>/s/a/SKILL.md</location>\n  </skill>\n</available_skills>"
        );
    }

    #[test]
    fn no_skills_no_section() {
        let cat = build(Vec::new());
        assert_eq!(cat.text, "");
    }

    #[test]
    fn frontmatter_must_open_the_file_exactly() {
        assert_eq!(frontmatter_text("---\na: b\n---\nx"), Some("a: b"));
        assert_eq!(frontmatter_text("---\r\na: b\r\n---"), Some("a: b"));
        assert_eq!(
            frontmatter_text("---\na: b\n----- not a line"),
            Some("a: b")
        );
        assert_eq!(frontmatter_text("\u{FEFF}---\na: b\n---\n"), None);
        assert_eq!(frontmatter_text("--- \na: b\n---\n"), None);
        assert_eq!(frontmatter_text("---\n---\n"), None);
        assert_eq!(frontmatter_text("---\n\n---\n"), Some(""));
    }

    #[test]
    fn the_line_parser_takes_over_from_yaml() {
        // Invalid YAML: a colon in a plain value, continuation lines, quotes kept.
        assert_eq!(
            parse_frontmatter(
                "name: \"tool\"\ndescription: Fixes things: fast\n  and well\n\n  later"
            ),
            Some((
                "\"tool\"".to_owned(),
                "Fixes things: fast and well".to_owned()
            ))
        );
        // Valid YAML but not a string: the line parser reads the text.
        assert_eq!(
            parse_frontmatter("name: 42\ndescription: true"),
            Some(("42".to_owned(), "true".to_owned()))
        );
        // A repeated key: js-yaml throws, the last lines win.
        assert_eq!(
            parse_frontmatter("name: a\nname: b\ndescription: d"),
            Some(("b".to_owned(), "d".to_owned()))
        );
        // An empty description line still counts.
        assert_eq!(
            parse_frontmatter("name: e\ndescription:"),
            Some(("e".to_owned(), String::new()))
        );
        // Indented keys match too, and a block list becomes text.
        assert_eq!(
            parse_frontmatter("metadata:\n  name: inner\ndescription:\n  - one\n  - two"),
            Some(("inner".to_owned(), "- one - two".to_owned()))
        );
        // White space before the value may hold line terminators; the value may not.
        assert_eq!(
            parse_frontmatter("name:\r\ndescription: \u{2028}x"),
            Some((String::new(), "x".to_owned()))
        );
        assert_eq!(parse_frontmatter("name: only"), None);
        assert_eq!(
            parse_frontmatter("name: x\rdescription: y\ndescription: z"),
            None
        );
    }

    #[test]
    fn continuation_lines_are_indented_by_spaces_or_tabs() {
        assert!(is_continuation("  x"));
        assert!(is_continuation("\tx"));
        assert!(!is_continuation("x"));
        assert!(!is_continuation("   "));
        assert!(!is_continuation(" \u{3000}x"));
    }

    #[test]
    fn names_are_sanitized_and_overrides_keep_their_place() {
        let cat = build(vec![
            MemorySkill::new("/u/a", "---\nname: \"ns:tool\"\ndescription: first\n---\n"),
            MemorySkill::new("/u/b", "---\nname: b\ndescription: second\n---\n"),
            MemorySkill::new("/w/a", "---\nname: ns/tool\ndescription: override\n---\n"),
        ]);
        let text = &cat.text;
        let first = text.find("<name>ns-tool</name>").unwrap_or(usize::MAX);
        let second = text.find("<name>b</name>").unwrap_or(0);
        assert!(first < second, "{text}");
        assert!(text.contains("<description>override</description>"));
        assert_eq!(cat.changes.len(), 1);
        assert_eq!(cat.changes[0].kind, ChangeKind::Shadowed);
    }

    #[test]
    fn roots_by_tier_and_gemini_home() {
        let env = Env::new("/w", Some("/h".into())).with_var("GEMINI_CLI_HOME", "/g");
        let shown: Vec<String> = roots(&env)
            .iter()
            .map(|r| r.path.display().to_string())
            .collect();
        assert_eq!(
            shown,
            [
                "/g/.gemini/skills",
                "/g/.agents/skills",
                "/w/.gemini/skills",
                "/w/.agents/skills"
            ]
        );
    }
}

fn unimplemented_load() -> super::load::Output {
    super::load::Output::tool_error(super::load::Call::with("TODO", "name", ""), "TODO")
}
