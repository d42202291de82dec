//! `kilo`: Kilo CLI (`Kilo-Org/kilocode`, npm `@kilocode/cli`), an opencode fork, verified
//! against Kilo CLI 7.8.1 (whose platform binary is 7.7.9). Its catalog, loads and reads are
//! opencode's (the code is shared through [`opencode::Profile`]); what is Kilo's own: the `KILO_`
//! switches, the `kilo` config folder and `.kilocode`/`.kilo` project folders, the `code`
//! default agent, its built-in `kilo-config` skill, the search for `.claude`/`.agents` stopping
//! at the working directory outside git, and a skill's body read as config text: `{env:…}` and
//! `{file:…}` references replaced (refused in project skills for the environment) and
//! `` !`command` `` lines rendered by the `skill` tool.

use std::path::Path;

use super::catalog::{Admitted, Collision, Context, Entry, Rendered};
use super::env::{Env, RootSpec};
use super::load::{LoadInput, Output, Placement, Session};
use super::opencode::{self, BuiltinLoad, ColonFallback, OutsideGit, Profile};
use super::text::js_trim;
use super::{Budget, Builtin, Confidence, NameCharset, Target, Verified};
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "kilo",
    display: "Kilo",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[],
    name_charset: NameCharset::Unicode,
    // Like opencode, Kilo reads any string as a name or description.
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "the last part of the system message, unless the default agent's permission rules deny the `skill` tool; the `skill` tool's own description is static text",
    roots,
    roots_summary: "~/.claude/skills, ~/.agents/skills, then .claude/skills and .agents/skills from the working directory up to the git root (only the working directory outside a repository), then skill/ and skills/ in $XDG_CONFIG_HOME/kilo, .kilocode and .kilo up to the git root, ~/.kilocode, ~/.kilo and $KILO_CONFIG_DIR; all searched at any depth, .gitignore not applied; KILO_DISABLE_EXTERNAL_SKILLS, KILO_DISABLE_CLAUDE_CODE(_SKILLS) and KILO_DISABLE_PROJECT_CONFIG turn parts off",
    collision: Collision::LastWinsInPlace,
    admit,
    broken_skill: "YAML that fails to parse is retried with unquoted values holding a colon put in double quotes; if it still fails the skill is skipped with a session error, as is a project skill whose body refers to an environment variable (`{env:NAME}`). A `name` that is not a string, or a `description` that is present but not a string, skips the skill silently",
    fields_read: &["name", "description"],
    ordering: "by name with localeCompare (ICU root collation: case is a tertiary difference and punctuation sorts first, unlike byte order)",
    escaping: "none on name and description; the location goes through escapeHtml (& < > \" ', with ' as &#39;); the built-in's location `builtin` has nothing to escape",
    whitespace: "name and description exactly as YAML reads them; inner newlines are kept",
    budget: Budget::NONE,
    render,
    leave_one_out: None,
    load,
    read: opencode::read,
    search: None,
    session: Session {
        catalog: Placement::SystemPrompt,
        modes: &[],
        reload: "the same result again: the skill tool keeps no state",
    },
    builtins_note: "Kilo always lists its own `kilo-config` skill (location `builtin`), sorted among the others; a skill of the same name found on disk replaces it",
    builtins: &[Builtin {
        name: "kilo-config",
        description: "Guide for Kilo configuration: config paths, kilo.json fields, commands, agents, skills, permissions, MCPs, providers, TUI settings, plus Agent Manager worktree setup/run scripts, workflows, and state. Use for Kilo config questions, locating loaded config, changing settings, or Agent Manager questions about run/setup scripts, worktree setup/workflows, apply/merge/PR/conflicts, missing sessions/worktrees, and agent-manager.json recovery.",
        location: "builtin",
    }],
    builtins_first: true,
    install: None,
    models: &[],
    verified: Some(Verified {
        client: "Kilo CLI",
        version: "7.8.1",
        captured: "2026-11-24",
        cases: 17,
        recordings: "kilo@7.8.1",
    }),
    decisions: &[
        "On a duplicate name the last skill found wins, with the roots in Kilo's scan order (the built-in first, then ~/.claude, ~/.agents, .claude and .agents from the working directory up, then the config folders); Kilo adds the parsed skills one after the other, so the winner does not change from run to run.",
        "Outside a git repository .claude/skills and .agents/skills are looked for in the working directory only, while the config folders (.kilocode, .kilo) are still looked for up to the filesystem root. The primary checkout of a linked git worktree, which Kilo also searches, is not.",
        "Roots are searched at any depth (bounded only by --max-dirs) and without .gitignore, as Kilo's glob does; `skills.paths` and `skills.urls` from the config are not searched.",
        "The permission rules are those of the default agent (`default_agent`, else `code`; `build` is read as `code`): the defaults, the config's `permission` merged with KILO_PERMISSION, then the agent's own `permission`, the last matching rule winning; the config is read from config.json, kilo.json(c) and opencode.json(c) in $XDG_CONFIG_HOME/kilo, from kilo.json(c) then opencode.json(c) up to the git root, from the same four in the .kilocode and .kilo folders, and from KILO_CONFIG_CONTENT, comments allowed. Legacy, organization, managed and remote configs are not read.",
        "A skill's body is read as Kilo reads config text: `{env:NAME}` is replaced by the variable (empty when unset) in a user skill and makes a project skill fail to load (not after `$`, nor on a line starting with `//`); `{file:PATH}` is replaced by that file's trimmed text (empty when missing), relative to the skill's folder. Whether a referenced file lies outside the project, which Kilo refuses for project skills, is not checked. A skill under the home directory counts as a project skill only when the home directory is inside the project.",
        "`` !`command` `` in a body, outside fenced code and code spans of two or more backticks, becomes `[skill shell execution disabled for untrusted skill]` in a project skill and `[skill shell execution disabled by policy]` with KILO_DISABLE_SKILL_SHELL; a user skill's commands, which Kilo runs, are shown as written.",
        "A load is the `skill` tool called with `name`, built as opencode's tool/skill.ts builds it; the permission prompt is not modelled. The built-in `kilo-config` loads as its content alone inside `<skill_content>`; that content (bundled in the Kilo binary) is not reproduced.",
        "`<skill_files>` is ripgrep's listing (`rg --files --hidden` with SKILL.md and .git excluded, symlinks not followed, .ignore, .rgignore and, in a git repository, .gitignore applied) in the order of its parallel walker with one worker; the order depends on how the file system reads directories, as ripgrep's does. The `.gitignore` Kilo writes in its config folders on start (node_modules, package.json, package-lock.json, pnpm-lock.yaml, bun.lock, yarn.lock, .gitignore, agent-manager.json) is applied to folders that have none.",
        "An unknown name lists every name Kilo knows (skills without a description and the built-in included), sorted by UTF-16 code units, or `none`; the text is the thrown error's message, without an `Error: ` prefix.",
        "A file read is opencode's `read` tool, on the absolute `filePath` (with `offset` and `limit` for a line range), with its line numbers, caps, closing line and error wording.",
    ],

    confidence: Confidence::Source,
    reference: "Kilo-Org/kilocode packages/opencode/src/skill/index.ts, tool/skill.ts, config/paths.ts, config/markdown.ts, config/variable.ts, kilocode/skills/builtin.ts and inject.ts; the skill tool, agents and config loading of the Kilo CLI 7.7.9 binary; recordings of @kilocode/cli 7.8.1 under tests/conformance/kilo@7.8.1",
};

/// Kilo's profile of the opencode code.
const KILO: Profile = Profile {
    client: "Kilo",
    env_prefix: "KILO_",
    global_config: "kilo",
    config_folders: &[".kilocode", ".kilo"],
    outside_git: OutsideGit::WorkingDirectory,
    global_config_files: &[
        "config.json",
        "kilo.json",
        "kilo.jsonc",
        "opencode.json",
        "opencode.jsonc",
    ],
    project_config_names: &["kilo", "opencode"],
    folder_config_files: &["kilo.jsonc", "kilo.json", "opencode.jsonc", "opencode.json"],
    default_agent: "code",
    agent_aliases: &["build"],
    colon_fallback: ColonFallback::DoubleQuoted,
    written_gitignore: &[
        "node_modules",
        "package.json",
        "package-lock.json",
        "pnpm-lock.yaml",
        "bun.lock",
        "yarn.lock",
        ".gitignore",
        "agent-manager.json",
    ],
    content,
    builtin_load: BuiltinLoad::ContentOnly,
};

/// Environment variables no skill may read, whoever wrote it.
const SECRET_VARIABLES: &[&str] = &[
    "KILO_SERVER_PASSWORD",
    "KILO_SERVER_USERNAME",
    "KILO_BROWSER_BROKER_URL",
    "KILO_BROWSER_BROKER_TOKEN",
];

/// What a project skill's `` !`command` `` becomes.
const UNTRUSTED_SHELL: &str = "[skill shell execution disabled for untrusted skill]";
/// What every `` !`command` `` becomes with KILO_DISABLE_SKILL_SHELL.
const DISABLED_SHELL: &str = "[skill shell execution disabled by policy]";

fn roots(env: &Env) -> Vec<RootSpec> {
    opencode::roots_of(&KILO, env)
}

fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    opencode::render_with(&KILO, entries, cx)
}

fn load(input: &LoadInput<'_>) -> Output {
    opencode::load_with(&KILO, input)
}

/// opencode's admission, then the references Kilo refuses in a body.
fn admit(skill: &Skill) -> Result<Admitted, String> {
    let admitted = opencode::admit_with(&KILO, skill)?;
    if skill.origin.scope != Scope::Builtin
        && let Some(reason) = refused_reference(&skill.body(), skill.origin.scope != Scope::User)
    {
        return Err(format!("skipped: {reason}"));
    }
    Ok(admitted)
}

/// Why `ConfigMarkdown.parse` fails on this body, if it does: an environment reference in an
/// untrusted (project) skill, or one to a variable no skill may read.
fn refused_reference(body: &str, untrusted: bool) -> Option<String> {
    let references = references(body, "env", untrusted);
    if untrusted && let Some(reference) = references.first() {
        return Some(format!(
            "Kilo refuses `{}` in a project skill: environment references are not allowed in project config",
            &body[reference.start..reference.end]
        ));
    }
    references
        .iter()
        .find(|r| {
            SECRET_VARIABLES
                .iter()
                .any(|v| v.eq_ignore_ascii_case(&body[r.inner.clone()]))
        })
        .map(|r| {
            format!(
                "Kilo refuses the environment reference `{}`",
                &body[r.start..r.end]
            )
        })
}

/// One `{kind:…}` reference in a text: where it is, and where its argument is.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Reference {
    start: usize,
    end: usize,
    inner: std::ops::Range<usize>,
}

/// The `{kind:ARG}` references of `text` (ARG: one or more characters other than `}`) that are
/// not on a line starting with `//`, left to right; in untrusted text, not right after `$`.
fn references(text: &str, kind: &str, untrusted: bool) -> Vec<Reference> {
    let open = format!("{{{kind}:");
    let mut found = Vec::new();
    let mut from = 0;
    // Found by its `{`, which is rare in prose, rather than by the whole pattern.
    while let Some(at) = memchr::memchr_iter(b'{', &text.as_bytes()[from..])
        .map(|i| from + i)
        .find(|&at| text[at..].starts_with(&open))
    {
        let inner_start = at + open.len();
        let close = text[inner_start..].find('}').map(|i| inner_start + i);
        let Some(close) = close.filter(|&c| c > inner_start) else {
            from = at + 1;
            continue;
        };
        let after_dollar = untrusted && text[..at].ends_with('$');
        if !after_dollar && !commented(text, at) {
            found.push(Reference {
                start: at,
                end: close + 1,
                inner: inner_start..close,
            });
        }
        from = if after_dollar { at + 1 } else { close + 1 };
    }
    found
}

/// Whether the line holding `at` starts (after leading whitespace) with `//` before it.
fn commented(text: &str, at: usize) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    text[line_start..at]
        .trim_start_matches(super::text::is_js_space)
        .starts_with("//")
}

/// Whether Kilo trusts a skill: found under a user root and not inside the project (the git
/// root, else the working directory).
fn trusted(skill: &Skill, env: &Env) -> bool {
    if skill.origin.scope != Scope::User {
        return false;
    }
    let project = env.project_root(".git");
    let real = |path: &Path| std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    !real(&skill.skill_md).starts_with(real(&project))
}

/// A skill's content as Kilo's `skill` tool returns it: references replaced as
/// `ConfigMarkdown.parse` replaces them, then `` !`command` `` as `SkillInject.render` renders it.
fn content(entry: &Entry<'_>, cx: &Context<'_>) -> String {
    let body = entry.skill.body().into_owned();
    if entry.skill.origin.scope == Scope::Builtin {
        return body;
    }
    let trusted = trusted(entry.skill, cx.env);
    let substituted = substitute(&body, entry.skill, !trusted, cx.env);
    let disabled = KILO.flag(cx.env, "DISABLE_SKILL_SHELL");
    match (disabled, trusted) {
        (true, _) => shell(&substituted, DISABLED_SHELL),
        (false, false) => shell(&substituted, UNTRUSTED_SHELL),
        (false, true) => substituted,
    }
}

/// `ConfigVariable.substitute` for markdown: `{env:NAME}` by the variable (an untrusted skill
/// with one never gets here), then `{file:PATH}` by the file's trimmed text, relative to the
/// skill's folder, `~/` being the home directory; a file that cannot be read gives nothing.
fn substitute(body: &str, skill: &Skill, untrusted: bool, env: &Env) -> String {
    let mut text = String::with_capacity(body.len());
    let mut last = 0;
    for r in references(body, "env", untrusted) {
        text.push_str(&body[last..r.start]);
        text.push_str(env.var(&body[r.inner.clone()]).unwrap_or(""));
        last = r.end;
    }
    text.push_str(&body[last..]);
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for r in references(&text, "file", untrusted) {
        out.push_str(&text[last..r.start]);
        let path = &text[r.inner.clone()];
        // Inside the skill through its jail; a `~/` path (or one leaving the skill) the way
        // Kilo reads it, but only a regular file and never more than the cap.
        let read = match (path.strip_prefix("~/"), &env.home) {
            (Some(rest), Some(home)) => {
                crate::fsafe::read_config_text(&home.join(rest), crate::fsafe::CONFIG_CAP)
            }
            _ => crate::fsafe::read_skill_text(&skill.dir, path, crate::fsafe::CONFIG_CAP).or_else(
                || crate::fsafe::read_config_text(&skill.dir.join(path), crate::fsafe::CONFIG_CAP),
            ),
        }
        .unwrap_or_default();
        out.push_str(js_trim(&read));
        last = r.end;
    }
    out.push_str(&text[last..]);
    out
}

/// `SkillInject.render` when the commands are not run: each `` !`command` `` outside fenced
/// code and code spans becomes `placeholder`.
fn shell(text: &str, placeholder: &str) -> String {
    let protected = protected_ranges(text);
    let inside = |at: usize| protected.iter().any(|r| r.contains(&at));
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    let mut from = 0;
    while let Some(at) = text[from..].find("!`").map(|i| from + i) {
        let command_start = at + 2;
        let close = text[command_start..].find('`').map(|i| command_start + i);
        let Some(close) = close.filter(|&c| c > command_start) else {
            from = at + 1;
            continue;
        };
        if !inside(at) {
            out.push_str(&text[last..at]);
            out.push_str(placeholder);
            last = close + 1;
        }
        from = close + 1;
    }
    out.push_str(&text[last..]);
    out
}

/// The byte ranges of fenced code blocks (a line of three or more backticks or tildes, closed by
/// a line of at least as many of the same; an unclosed one runs to the end) and of code spans
/// (two or more backticks, closed by a run of the same length in the same paragraph).
fn protected_ranges(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut fences: Vec<std::ops::Range<usize>> = Vec::new();
    let mut open: Option<(usize, char, usize)> = None;
    let mut line_start = 0;
    for line in text.split('\n') {
        let end = line_start + line.len();
        let marker = line.trim_start_matches([' ', '\t']);
        let fence = marker
            .chars()
            .next()
            .filter(|c| *c == '`' || *c == '~')
            .map(|c| (c, marker.chars().take_while(|x| *x == c).count()))
            .filter(|(_, n)| *n >= 3);
        if let Some((c, n)) = fence {
            match open {
                None => open = Some((line_start, c, n)),
                Some((start, oc, on)) if oc == c && n >= on => {
                    fences.push(start..end);
                    open = None;
                }
                Some(_) => {}
            }
        }
        line_start = end + 1;
    }
    if let Some((start, _, _)) = open {
        fences.push(start..text.len());
    }
    let mut spans = Vec::new();
    let mut from = 0;
    let mut gaps: Vec<std::ops::Range<usize>> = Vec::new();
    for fence in &fences {
        if fence.start > from {
            gaps.push(from..fence.start);
        }
        from = fence.end;
    }
    if from < text.len() {
        gaps.push(from..text.len());
    }
    for gap in gaps {
        for paragraph in paragraphs(text, gap) {
            spans.extend(code_spans(text, paragraph));
        }
    }
    fences.extend(spans);
    fences
}

/// A stretch of text cut at blank lines (`\n`, spaces or tabs, `\n`).
fn paragraphs(text: &str, range: std::ops::Range<usize>) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = range.start;
    let mut i = range.start;
    while i < range.end {
        if bytes[i] == b'\n' {
            let mut j = i + 1;
            while j < range.end && (bytes[j] == b' ' || bytes[j] == b'\t') {
                j += 1;
            }
            if j < range.end && bytes[j] == b'\n' {
                out.push(start..i);
                start = j + 1;
                i = j + 1;
                continue;
            }
        }
        i += 1;
    }
    out.push(start..range.end);
    out
}

/// The code spans of one paragraph: a run of two or more backticks up to the next run of the
/// same length.
fn code_spans(text: &str, paragraph: std::ops::Range<usize>) -> Vec<std::ops::Range<usize>> {
    let bytes = &text.as_bytes()[paragraph.clone()];
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'`' {
            let start = i;
            while i < bytes.len() && bytes[i] == b'`' {
                i += 1;
            }
            runs.push((paragraph.start + start, i - start));
        } else {
            i += 1;
        }
    }
    let mut spans = Vec::new();
    let mut k = 0;
    while k < runs.len() {
        let (start, len) = runs[k];
        let close = runs[k + 1..].iter().position(|r| r.1 == len);
        match close {
            Some(offset) if len >= 2 => {
                let (close_start, close_len) = runs[k + 1 + offset];
                spans.push(start..close_start + close_len);
                k += offset + 2;
            }
            _ => k += 1,
        }
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::{MemoryProvider, MemorySkill, SkillProvider};
    use crate::targets::builtin;
    use crate::targets::catalog::{self, ChangeKind};
    use crate::targets::load::testing::Machine;

    fn md(name: &str, description: &str) -> String {
        format!("---\nname: {name}\ndescription: {description}\n---\nBody\n")
    }

    /// The built-in, then `skills`, as the runtime commands put them together.
    fn with_builtin(skills: Vec<MemorySkill>) -> Vec<Skill> {
        let mut all = builtin::skills(&TARGET, &catalog::testing::env(), false).before;
        all.extend(MemoryProvider::new(skills).list().iter().cloned());
        all
    }

    fn catalog_with_builtin(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog_of(
            &TARGET,
            &with_builtin(skills),
            &catalog::testing::env(),
            None,
        )
    }

    fn load_with_builtin(name: &str) -> Output {
        let skills = with_builtin(Vec::new());
        let provider = MemoryProvider::new(Vec::new());
        let env = catalog::testing::env();
        let paths = catalog::Paths::absolute(None);
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: None,
            model: None,
        };
        let (known, _) = catalog::known(&TARGET, &skills, &cx);
        load(&LoadInput {
            name,
            known: &known,
            provider: &provider,
            earlier_loads: 0,
            mode: None,
            cx: &cx,
        })
    }

    #[test]
    fn roots_follow_kilos_folders_and_stop_at_the_working_directory_outside_git() {
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
                "/h/.config/kilo/skill",
                "/h/.config/kilo/skills",
                "/nowhere/proj/.kilocode/skill",
                "/nowhere/proj/.kilocode/skills",
                "/nowhere/proj/.kilo/skill",
                "/nowhere/proj/.kilo/skills",
                "/nowhere/.kilocode/skill",
                "/nowhere/.kilocode/skills",
                "/nowhere/.kilo/skill",
                "/nowhere/.kilo/skills",
                "/.kilocode/skill",
                "/.kilocode/skills",
                "/.kilo/skill",
                "/.kilo/skills",
                "/h/.kilocode/skill",
                "/h/.kilocode/skills",
                "/h/.kilo/skill",
                "/h/.kilo/skills",
            ]
        );
        let env = Env::new("/nowhere", Some("/h".into()))
            .with_var("KILO_DISABLE_EXTERNAL_SKILLS", "1")
            .with_var("KILO_DISABLE_PROJECT_CONFIG", "true")
            .with_var("KILO_CONFIG_DIR", "/c")
            .with_var("OPENCODE_DISABLE_PROJECT_CONFIG", "1");
        let shown: Vec<String> = roots(&env)
            .iter()
            .map(|r| r.path.display().to_string())
            .collect();
        assert_eq!(
            shown,
            [
                "/h/.config/kilo/skill",
                "/h/.config/kilo/skills",
                "/h/.kilocode/skill",
                "/h/.kilocode/skills",
                "/h/.kilo/skill",
                "/h/.kilo/skills",
                "/c/skill",
                "/c/skills",
            ]
        );
    }

    #[test]
    fn the_builtin_is_listed_unescaped_and_replaced_by_a_skill_of_its_name() {
        let cat = catalog_with_builtin(vec![MemorySkill::new("/s/a", md("a", "A."))]);
        assert!(cat.text.contains(
            "    <name>kilo-config</name>\n    <description>Guide for Kilo configuration: "
        ));
        assert!(cat.text.contains("    <location>builtin</location>\n"));
        let cat = catalog_with_builtin(vec![MemorySkill::new(
            "/s/kilo-config",
            md("kilo-config", "Ours."),
        )]);
        assert!(cat.text.contains("<description>Ours.</description>"));
        assert!(!cat.text.contains("<location>builtin</location>"));
        assert_eq!(cat.changes[0].kind, ChangeKind::Shadowed);
    }

    #[test]
    fn the_builtin_loads_as_its_content_alone() {
        let out = load_with_builtin("kilo-config");
        assert_eq!(
            out.parts[0].text,
            "<skill_content name=\"kilo-config\">\n# Skill: kilo-config\n\n\n</skill_content>"
        );
        let unknown = load_with_builtin("nope");
        assert!(unknown.error);
        assert_eq!(
            unknown.display(),
            "Skill \"nope\" not found. Available skills: kilo-config"
        );
    }

    #[test]
    fn a_project_skill_that_reads_the_environment_is_skipped() {
        let cat = catalog::testing::catalog(
            &TARGET,
            vec![
                MemorySkill::new(
                    "/s/env",
                    "---\nname: env\ndescription: E.\n---\nKey: {env:API_KEY}\n",
                ),
                MemorySkill::new(
                    "/s/dollar",
                    "---\nname: dollar\ndescription: D.\n---\nShell: ${env:API_KEY}\n// {env:API_KEY}\n",
                ),
            ],
        );
        assert!(!cat.text.contains("<name>env</name>"));
        assert!(cat.text.contains("<name>dollar</name>"));
        let skipped = cat.changes.iter().find(|c| c.name == "env").unwrap();
        assert_eq!(
            skipped.reason,
            "skipped: Kilo refuses `{env:API_KEY}` in a project skill: environment references are not allowed in project config"
        );
    }

    #[test]
    fn secret_variables_are_refused_even_to_user_skills() {
        assert!(refused_reference("x {env:kilo_server_password} y", false).is_some());
        assert_eq!(refused_reference("x {env:HOME} y", false), None);
        assert_eq!(refused_reference("x ${env:HOME} y", true), None);
        assert!(refused_reference("x ${env:HOME} y", false).is_none());
    }

    #[test]
    fn references_skip_comment_lines_and_dollars_only_when_untrusted() {
        let text = "a {env:A} b\n  // {env:B}\n${env:C} {env:} {env:D";
        let found: Vec<&str> = references(text, "env", true)
            .iter()
            .map(|r| &text[r.inner.clone()])
            .collect();
        assert_eq!(found, ["A"]);
        let found: Vec<&str> = references(text, "env", false)
            .iter()
            .map(|r| &text[r.inner.clone()])
            .collect();
        assert_eq!(found, ["A", "C"]);
    }

    #[test]
    fn shell_commands_outside_code_become_the_placeholder() {
        let text =
            "Run !`date` now.\n\n```\n!`inside fence`\n```\n\nSpan ``!`kept` `` and `!`single`.";
        assert_eq!(
            shell(text, UNTRUSTED_SHELL),
            "Run [skill shell execution disabled for untrusted skill] now.\n\n```\n!`inside fence`\n```\n\nSpan ``!`kept` `` and `[skill shell execution disabled for untrusted skill].",
        );
        // An unclosed fence protects the rest.
        assert_eq!(shell("~~~~\n!`x`\n~~~\n!`y`", "P"), "~~~~\n!`x`\n~~~\n!`y`");
        assert_eq!(shell("!`` and !`", "P"), "!`` and !`");
    }

    #[test]
    fn loads_render_shell_lines_and_files_by_trust() {
        let dir = tempfile::tempdir().unwrap();
        let proj = dir.path().join("proj");
        let home = dir.path().join("home");
        let skill_dir = proj.join(".agents/skills/ops");
        std::fs::create_dir_all(proj.join(".git")).unwrap();
        std::fs::create_dir_all(&skill_dir).unwrap();
        std::fs::write(skill_dir.join("notes.txt"), "\n  noted  \n").unwrap();
        let body = "---\nname: ops\ndescription: O.\n---\nNow: !`date`\nNotes: {file:notes.txt}|{file:gone.txt}|\n";
        let env = Env::new(&proj, Some(home.clone()));
        let machine = Machine::with_env(
            vec![MemorySkill::new(skill_dir.to_str().unwrap(), body)],
            env.clone(),
        );
        let out = machine.load(&TARGET, "ops", 0, None);
        assert!(out.parts[0].text.contains(
            "\n\nNow: [skill shell execution disabled for untrusted skill]\nNotes: noted||\n\nBase directory"
        ));
        let machine = Machine::with_env(
            vec![MemorySkill::new(skill_dir.to_str().unwrap(), body)],
            env.with_var("KILO_DISABLE_SKILL_SHELL", "1"),
        );
        assert!(
            machine.load(&TARGET, "ops", 0, None).parts[0]
                .text
                .contains("Now: [skill shell execution disabled by policy]\n")
        );
    }

    #[test]
    fn user_skills_outside_the_project_are_trusted() {
        let dir = tempfile::tempdir().unwrap();
        let proj = dir.path().join("proj");
        std::fs::create_dir_all(proj.join(".git")).unwrap();
        let env = Env::new(&proj, Some(dir.path().join("home"))).with_var("TOKEN", "t0k");
        let user = Skill::parse(
            dir.path().join("home/.agents/skills/u"),
            dir.path().join("home/.agents/skills/u/SKILL.md"),
            crate::skill::Origin {
                root: dir.path().join("home/.agents/skills"),
                scope: Scope::User,
                precedence: 0,
                root_index: 0,
            },
            b"---\nname: u\ndescription: U.\n---\nToken {env:TOKEN}, ${env:TOKEN}, {env:UNSET}. !`date`\n"
                .to_vec(),
        );
        assert!(trusted(&user, &env));
        assert!(admit(&user).is_ok());
        let entry = Entry {
            skill: &user,
            name: "u".to_owned(),
            description: Some("U.".to_owned()),
        };
        let paths = catalog::Paths::absolute(None);
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: None,
            model: None,
        };
        assert_eq!(content(&entry, &cx), "Token t0k, $t0k, . !`date`\n");
    }

    #[test]
    fn rules_read_kilo_files_and_the_code_agent() {
        let dir = tempfile::tempdir().unwrap();
        let proj = dir.path().join("proj");
        std::fs::create_dir_all(proj.join(".git")).unwrap();
        std::fs::create_dir_all(proj.join(".kilo")).unwrap();
        std::fs::write(
            proj.join("kilo.jsonc"),
            "{\"permission\": {\"skill\": {\"secret-*\": \"deny\"}}}",
        )
        .unwrap();
        std::fs::write(
            proj.join(".kilo/kilo.json"),
            "{\"agent\": {\"build\": {\"permission\": {\"skill\": {\"pdf-*\": \"deny\"}}}}}",
        )
        .unwrap();
        let env = Env::new(&proj, Some(dir.path().join("home")));
        let skills = || {
            vec![
                MemorySkill::new("/s/secret-notes", md("secret-notes", "S.")),
                MemorySkill::new("/s/pdf-tools", md("pdf-tools", "P.")),
                MemorySkill::new("/s/code-review", md("code-review", "C.")),
            ]
        };
        let listed = |env: Env| {
            let cat = catalog::testing::catalog_in(&TARGET, skills(), &env, None);
            ["secret-notes", "pdf-tools", "code-review"]
                .into_iter()
                .filter(|n| cat.text.contains(&format!("<name>{n}</name>")))
                .collect::<Vec<_>>()
        };
        assert_eq!(listed(env.clone()), ["code-review"]);
        // KILO_PERMISSION's `*` comes after the config's own rules, not after the agent's.
        let env = env.with_var("KILO_PERMISSION", r#"{"*":"allow"}"#);
        assert_eq!(listed(env.clone()), ["secret-notes", "code-review"]);
        // opencode's switches mean nothing to Kilo.
        let env = env
            .with_var("OPENCODE_PERMISSION", r#"{"skill":"deny"}"#)
            .with_var(
                "KILO_CONFIG_CONTENT",
                r#"{"default_agent":"ask","agent":{"ask":{"permission":{"skill":"deny"}}}}"#,
            );
        assert_eq!(listed(env), Vec::<&str>::new());
    }
}
