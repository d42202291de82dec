//! `codex`: OpenAI Codex CLI, verified against 0.169.0. The catalog is one developer message,
//! `<skills_instructions>…</skills_instructions>`: a `### Skill roots` table of `rN` aliases, a
//! `- name: description (file: rN/…)` line per skill (system, admin, repo, user; then name and
//! path), fitted to 2% of the model's context window, and for some models a `### How to use
//! skills` section (`render.rs`). Frontmatter is read leniently (`admit.rs`). Codex has no
//! skill tool: a load is a `$name` mention in the user's message, answered with the whole
//! `SKILL.md` in a `<skill>` user message (`load.rs`).

mod admit;
mod load;
mod render;

use std::path::{Path, PathBuf};

use super::env::{Env, RootSpec};
use super::load::{Mode, Placement, Session};
use super::text::Unit;
use super::{Budget, Builtin, Confidence, ExtraField, Model, NameCharset, Target, Verified};
use crate::skill::Scope;

/// Codex searches directories up to 6 levels below a root, so a `SKILL.md` is at most 7 deep.
const SCAN_LEVELS: usize = 7;

/// The models of Codex 0.169.0's bundled catalog, the default first. Only `gpt-5.5` sets
/// `include_skills_usage_instructions` (see [`usage_instructions`]).
const MODELS: &[Model] = &[
    Model {
        id: "gpt-5.5",
        context_window: 272_000,
        note: "the default; the catalog ends with a `### How to use skills` section",
        catalog: None,
    },
    Model {
        id: "gpt-6-sol",
        context_window: 272_000,
        note: "no `### How to use skills` section (its base prompt carries the guidance)",
        catalog: None,
    },
    Model {
        id: "gpt-6-astra",
        context_window: 272_000,
        note: "no `### How to use skills` section (from the client's bundled model list)",
        catalog: None,
    },
    Model {
        id: "gpt-6-luna",
        context_window: 272_000,
        note: "no `### How to use skills` section (from the client's bundled model list)",
        catalog: None,
    },
    Model {
        id: "gpt-6.1-sol",
        context_window: 272_000,
        note: "no `### How to use skills` section (from the client's bundled model list)",
        catalog: None,
    },
    Model {
        id: "gpt-6.1-terra",
        context_window: 500_000,
        note: "a 10000-token skills budget, no `### How to use skills` section (from the client's bundled model list)",
        catalog: None,
    },
    Model {
        id: "gpt-5.6-sol",
        context_window: 272_000,
        note: "no `### How to use skills` section (from the client's bundled model list)",
        catalog: None,
    },
    Model {
        id: "gpt-5.6-terra",
        context_window: 272_000,
        note: "no `### How to use skills` section (from the client's bundled model list)",
        catalog: None,
    },
    Model {
        id: "gpt-5.6-luna",
        context_window: 272_000,
        note: "no `### How to use skills` section (from the client's bundled model list)",
        catalog: None,
    },
    Model {
        id: "gpt-daybreak-blue-latest",
        context_window: 272_000,
        note: "no `### How to use skills` section (from the client's bundled model list)",
        catalog: None,
    },
    Model {
        id: "gpt-daybreak-red-latest",
        context_window: 372_000,
        note: "a 7440-token skills budget, no `### How to use skills` section (from the client's bundled model list)",
        catalog: None,
    },
    Model {
        id: "codex-auto-review",
        context_window: 272_000,
        note: "no `### How to use skills` section (from the client's bundled model list)",
        catalog: None,
    },
];

/// Whether the model's metadata sets `include_skills_usage_instructions`. An unknown model runs
/// on Codex's fallback metadata, which does not; no model at all means the default one.
fn usage_instructions(model: Option<&str>) -> bool {
    model.is_none_or(|m| m == "gpt-5.5")
}

/// The system skills Codex 0.169.0 writes to `$CODEX_HOME/skills/.system` on its first start.
const SYSTEM_SKILLS: &[Builtin] = &[
    Builtin {
        name: "imagegen",
        description: "Generate or edit raster images when the task benefits from AI-created bitmap visuals such as photos, illustrations, textures, sprites, mockups, or transparent-background cutouts. Use when Codex should create a brand-new image, transform an existing image, or derive visual variants from references, and the output should be a bitmap asset rather than repo-native code or vector. Do not use when the task is better handled by editing existing SVG/vector/code-native assets, extending an established icon or logo system, or building the visual directly in HTML/CSS/canvas.",
        location: "${CODEX_HOME:-~/.codex}/skills/.system/imagegen/SKILL.md",
    },
    Builtin {
        name: "openai-docs",
        description: "API first-timers, Codex/Work Q&A. If the user already has an OpenAI API integration, skip this skill for API questions and use the developer docs. Read this skill before answering how Codex or ChatGPT Work behaves, where to find a feature, or how to configure or troubleshoot this app or coding agent. This includes conversation history, model and cache behavior, instruction precedence, permissions, and tool availability. Use for API onboarding only when the user is connecting to the OpenAI API for the first time. Skip action requests, such as scheduling an automation, and tasks fully answered by supplied text or data.",
        location: "${CODEX_HOME:-~/.codex}/skills/.system/openai-docs/SKILL.md",
    },
    Builtin {
        name: "skill-creator",
        description: "Create or update a Codex skill with appropriately scoped instructions and any needed supporting resources.",
        location: "${CODEX_HOME:-~/.codex}/skills/.system/skill-creator/SKILL.md",
    },
    Builtin {
        name: "skill-installer",
        description: "Install Codex skills into $CODEX_HOME/skills from a curated list or a GitHub repo path. Use when a user asks to list installable skills, install a curated skill, or install a skill from another repo (including private repos).",
        location: "${CODEX_HOME:-~/.codex}/skills/.system/skill-installer/SKILL.md",
    },
];

/// The system skill Codex 0.169.0 also writes there, whose `agents/openai.yaml` sets
/// `policy.allow_implicit_invocation: false`: never listed, still loaded by a mention once it
/// is on disk (so it is no built-in here).
const UNLISTED_SYSTEM_SKILLS: &[&str] = &["review-agent"];

/// Codex's load modes: it has no skill tool.
const MODES: &[Mode] = &[
    Mode {
        name: "mention",
        meaning: "the user's message mentions skills (`$name`, or `[$name](path/to/SKILL.md)` for one copy): Codex adds each mentioned skill's whole SKILL.md as a user message, in catalog order, once each, with no tool call. NAME is the skill's name, or the whole message when it has a space, `$` or `[`",
    },
    Mode {
        name: "read",
        meaning: "the model opens SKILL.md itself, running `cat` with the path from the skills list through its shell tool",
    },
];

pub const TARGET: Target = Target {
    id: "codex",
    display: "Codex",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[ExtraField {
        key: "short-description",
        meaning: "shown in Codex's skill pickers; the catalog lists `description`",
    }],
    name_charset: NameCharset::Unicode,
    description_limit: 1024,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "one developer-role message `<skills_instructions>…</skills_instructions>`, after the model's base prompt and before the permissions instructions, in the same message",
    roots,
    roots_summary: ".codex/skills from the working directory up to the project root (found by project_root_markers in config.toml, default .git), $CODEX_HOME/skills (default ~/.codex/skills), ~/.agents/skills, $CODEX_HOME/skills/.system (system), /etc/codex/skills (admin), then .agents/skills in every directory from the project root down to the working directory; each searched 6 directories deep, hidden directories skipped, .gitignore not read",
    collision: super::catalog::Collision::KeepAll,
    admit: admit::admit,
    broken_skill: "skipped (a warning in the UI): no `---` frontmatter, YAML of the wrong shape (a list where a string belongs, `metadata` that is not a mapping), a missing, blank or repeated description, or a name over 64 characters. Text that is not YAML at all does not skip a skill whose name and description can still be read on their own",
    fields_read: &["name", "description"],
    ordering: "scope (system, admin, repo, user), then name in byte order, then the SKILL.md path as a string",
    escaping: "none",
    whitespace: "every run of whitespace in name and description becomes one space, trimmed; paths are canonical with `/` separators",
    budget: Budget {
        unit: Some(Unit::ApproxTokens),
        summary: "2% of the model's context window in ceil(bytes/4) tokens, less what the roots table and its header add over the plain header; only the skill lines count, each with its newline. If they do not fit, names and paths stay and the rest is shared one description character at a time in list order (no ellipsis); if even names and paths do not fit, lines without descriptions are listed while they fit. Descriptions over 1024 characters are cut to 1021 and `...` first",
    },
    render: render::render,
    leave_one_out: Some(render::leave_one_out),
    load: load::load,
    read: load::read,
    search: None,
    session: Session {
        catalog: Placement::DeveloperMessage,
        modes: MODES,
        reload: "`mention`: every user message that mentions the skill adds it again; `read`: the model opens the file again and gets it whole",
    },
    builtins_note: "Codex writes its system skills to $CODEX_HOME/skills/.system on first start; until they are on disk, the four it lists are listed as that first start lists them (the fifth, review-agent, is never listed; a mention loads it once it is on disk)",
    builtins: SYSTEM_SKILLS,
    builtins_first: false,
    install: None,
    models: MODELS,
    verified: Some(Verified {
        client: "Codex CLI",
        version: "0.169.0",
        captured: "2026-11-24",
        cases: 20,
        recordings: "codex@0.169.0",
    }),
    decisions: &[
        "the System root is searched before its parent $CODEX_HOME/skills, which Codex walks with hidden directories skipped; the order of the catalog and of root aliases is Codex's own",
        "project config layers are taken to be .codex/skills in each directory from the working directory up to the project root; trust settings, plugin, remote and extra roots are not modelled",
        "PATH arguments are read as user-scope roots, like Codex's extra roots",
        "agents/openai.yaml hides a skill from the catalog when policy.allow_implicit_invocation is false; the rest of that file is not validated",
        "a system skill that is not on disk yet is listed at $CODEX_HOME/skills/.system, where Codex's first start writes it; its SKILL.md text is Codex's own, so a mention of it cannot be shown until Codex has written it (a system skill already on disk is read from there)",
        "when the frontmatter is not YAML at all, `name` and `description` are each read from their own top-level entry (plain or quoted key, with its indented lines): parsed as YAML on their own when they can be, else the rest of a one-line entry as written; a repeated entry, or one that is still not YAML over several lines, skips the skill",
        "with a context window so small that the roots table does not fit, the catalog falls back to absolute paths and Codex's wording for them",
        "`read` mode: the model runs `shell_command` with `cat <SKILL.md path>` and gets the whole file, frontmatter included; the tool output's exit-code and wall-time header is not shown",
        "a file read is `shell_command` with `cat <path>`, or `sed -n 'A,Bp' <path>` for a line range, on the path under the canonical skill directory, returning the text as it is; refusals give our provider's reason",
        "when a mention adds nothing (an unknown or ambiguous name, an environment variable, no mention at all), Codex says nothing; `skills load` exits 1 and says why on stderr",
    ],

    confidence: Confidence::Source,
    reference: "recordings of Codex CLI 0.169.0 (tests/conformance/codex@0.169.0); openai/codex codex-rs/core-skills (loader.rs, injection.rs, render.rs) for the parts the recordings share with it",
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
        let Some(text) = crate::fsafe::read_config_text(&file, crate::fsafe::CONFIG_CAP) else {
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
    // Codex walks its roots itself: no `.gitignore`.
    let recursive = |path: PathBuf, scope| {
        RootSpec::recursive(path, scope, Some(SCAN_LEVELS)).without_gitignore()
    };
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
        roots.push(recursive(system_root(home), Scope::System));
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

/// `$CODEX_HOME/skills/.system`, where Codex writes its system skills.
fn system_root(codex_home: &Path) -> PathBuf {
    codex_home.join("skills/.system")
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

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
    fn only_the_default_model_asks_for_the_usage_section() {
        assert_eq!(TARGET.default_model().map(|m| m.id), Some("gpt-5.5"));
        assert!(usage_instructions(Some("gpt-5.5")));
        assert!(usage_instructions(None));
        assert!(!usage_instructions(Some("gpt-6-sol")));
        assert!(!usage_instructions(Some("some-unknown-model")));
        for model in MODELS {
            assert!(model.context_window >= 272_000, "{}", model.id);
        }
    }

    #[test]
    fn system_skills_live_under_codex_home() {
        for builtin in SYSTEM_SKILLS {
            assert_eq!(
                builtin.location,
                format!(
                    "${{CODEX_HOME:-~/.codex}}/skills/.system/{}/SKILL.md",
                    builtin.name
                )
            );
        }
        assert!(
            UNLISTED_SYSTEM_SKILLS
                .iter()
                .all(|h| SYSTEM_SKILLS.iter().all(|b| b.name != *h))
        );
    }
}
