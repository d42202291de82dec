//! `skills why`: the whole story of one skill in one runtime, as data. Where the runtime looks
//! and in which order, where the skill is (or the near misses when it is not there), what the
//! runtime lists it as, what shadows it or what it shadows, whether a budget cuts it, whether it
//! loads by name, and what to change. Every verdict comes from the code `skills catalog` and
//! `skills load` run ([`crate::targets::fate`], the target's roots, admission, render and load);
//! this module only gathers and explains.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::lint::{self, LintOptions};
use crate::paths;
use crate::provider::{FsOptions, FsProvider, Root, SkillProvider};
use crate::report::added_runs;
use crate::rules::Severity;
use crate::skill::{Scope, Skill};
use crate::targets::catalog::{self, Context, Entry};
use crate::targets::env::{Env, RootSpec};
use crate::targets::fate::{self, State};
use crate::targets::load::LoadInput;
use crate::targets::{self, TARGETS, Target};

/// What the user asked about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Query {
    /// A skill name: matched against the frontmatter `name`, the folder name and the name the
    /// runtime lists.
    Name(String),
    /// A skill folder (resolved).
    Folder(PathBuf),
}

impl Query {
    /// A name, or a folder when the text names a path (it holds a `/`, is `.` or `..`, or ends
    /// in `.md`), resolved against `cwd`.
    pub fn parse(text: &str, cwd: &Path) -> Self {
        let looks_like_path = text.contains('/')
            || text.contains(std::path::MAIN_SEPARATOR)
            || text == "."
            || text == ".."
            || text.to_ascii_lowercase().ends_with(".md");
        if !looks_like_path {
            return Self::Name(text.to_owned());
        }
        let path = cwd.join(text);
        let path = std::fs::canonicalize(&path).unwrap_or(path);
        let dir = if path.is_file() || text.to_ascii_lowercase().ends_with(".md") {
            path.parent().map_or(path.clone(), Path::to_path_buf)
        } else {
            path
        };
        Self::Folder(dir)
    }

    /// Whether `skill` is the one asked about (`listed`: the name the runtime lists it under).
    fn matches(&self, skill: &Skill, listed: Option<&str>) -> bool {
        match self {
            Self::Name(name) => {
                skill.declared_name() == Some(name.as_str())
                    || skill.dir_name() == name.as_str()
                    || listed == Some(name.as_str())
            }
            Self::Folder(dir) => catalog::canonical(&skill.dir) == *dir,
        }
    }

    /// The folder name a skill found by this query would have.
    fn folder_name(&self) -> String {
        match self {
            Self::Name(name) => name.clone(),
            Self::Folder(dir) => dir
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        }
    }

    /// What was asked, for sentences: `` `pdf` `` or the folder.
    pub fn shown(&self, env: &Env) -> String {
        match self {
            Self::Name(name) => format!("`{name}`"),
            Self::Folder(dir) => show(dir, env),
        }
    }
}

/// One place the runtime searched.
#[derive(Debug, Clone, Serialize)]
pub struct Place {
    pub path: String,
    pub scope: Scope,
    /// How deep below it the runtime searches (`2` = `<root>/<name>/SKILL.md`); `None` for any
    /// depth.
    pub depth: Option<usize>,
    pub exists: bool,
    /// Whether the runtime's search there honours `.gitignore`.
    pub gitignore: bool,
}

/// One copy of the skill the runtime found, and what it makes of it.
#[derive(Debug, Clone, Serialize)]
pub struct Copy {
    /// Its `SKILL.md` (or the location a built-in has).
    pub path: String,
    /// The place it was found in (an index into the story's places); `None` for a built-in.
    pub place: Option<usize>,
    pub builtin: bool,
    pub state: State,
    /// Why it is not listed in full, in the runtime's words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The name the runtime knows it by, when it admits it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The description as the runtime reads it, before its catalog cuts it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The text its entry adds to the catalog, as cut.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<String>,
    /// The copy that wins its name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shadowed_by: Option<String>,
    /// The copies it wins its name over.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shadows: Vec<String>,
    /// Loading it by name: the listed name, and its own `name` or folder name when different.
    pub loads: Vec<LoadCheck>,
    /// What to change, most useful first.
    pub fixes: Vec<String>,
}

/// What the runtime returns when the model loads a name.
#[derive(Debug, Clone, Serialize)]
pub struct LoadCheck {
    pub name: String,
    pub loads: bool,
    /// The first line of the runtime's answer when it refuses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refusal: Option<String>,
}

/// A folder or file that looks like the skill in a place the runtime does not read as one.
#[derive(Debug, Clone, Serialize)]
pub struct NearMiss {
    pub path: String,
    pub problem: String,
    pub fix: String,
}

/// How full the catalog's budget is.
#[derive(Debug, Clone, Serialize)]
pub struct Budget {
    pub unit: &'static str,
    pub used: u64,
    pub limit: u64,
}

/// The whole story of the skill in one runtime.
#[derive(Debug, Clone, Serialize)]
pub struct Story {
    pub target: &'static str,
    pub runtime: &'static str,
    pub checked: String,
    /// Whether the places are the runtime's own roots (else the paths given).
    pub roots: bool,
    /// The runtime's roots in a line, with what moves them.
    pub roots_summary: &'static str,
    pub places: Vec<Place>,
    pub copies: Vec<Copy>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub near_misses: Vec<NearMiss>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget: Option<Budget>,
    /// Facts about this run worth knowing (the folders the runtime trusts).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The answer in one line.
    pub verdict: String,
}

/// What `explain` works with: one runtime's discovery of the skills, as `skills catalog`
/// makes it.
#[derive(Debug)]
pub struct Run<'a> {
    pub target: &'static Target,
    pub env: &'a Env,
    /// The skills the runtime found, its built-ins included.
    pub provider: &'a dyn SkillProvider,
    /// The places searched: the runtime's roots, or the paths given.
    pub roots: bool,
    pub searched: &'a [Root],
    pub cx: &'a Context<'a>,
    /// The lint configuration, for the fixes.
    pub lint: &'a LintOptions,
}

/// The story of `query` in `run`'s runtime.
pub fn explain(run: &Run<'_>, query: &Query) -> Story {
    let target = run.target;
    let skills = run.provider.list();
    let outcome = fate::of(target, skills, run.cx);
    let places: Vec<Place> = run
        .searched
        .iter()
        .map(|root| Place {
            path: show(&root.path, run.env),
            scope: root.scope,
            depth: root.max_depth,
            exists: root.path.exists(),
            gitignore: root.gitignore,
        })
        .collect();
    let mut copies = Vec::new();
    for (skill, fate) in skills.iter().zip(&outcome.fates) {
        if query.matches(skill, fate.name.as_deref()) {
            copies.push(copy(run, &outcome, skill, fate));
        }
    }
    let mut near_misses = Vec::new();
    if copies.iter().all(|c| c.builtin) {
        if run.roots {
            near_misses = near_misses_in_roots(run, query);
        }
    } else if !run.roots {
        near_misses = outside_the_roots(run, &copies_of(skills, query, &outcome.fates));
    }
    let budget = outcome.catalog.budget.map(|b| Budget {
        unit: b.unit.name(),
        used: b.used,
        limit: b.limit,
    });
    let notes = target
        .decisions
        .iter()
        .filter(|d| d.contains("trust"))
        .map(|d| (*d).to_owned())
        .collect();
    let verdict = verdict(target, query, &copies, &near_misses, run);
    Story {
        target: target.id,
        runtime: target.display,
        checked: target.verification(),
        roots: run.roots,
        roots_summary: target.roots_summary,
        places,
        copies,
        near_misses,
        budget,
        notes,
        verdict,
    }
}

/// The skills the query names, in discovery order.
fn copies_of<'a>(skills: &'a [Skill], query: &Query, fates: &[fate::Fate]) -> Vec<&'a Skill> {
    skills
        .iter()
        .zip(fates)
        .filter(|(s, f)| query.matches(s, f.name.as_deref()))
        .map(|(s, _)| s)
        .collect()
}

/// One copy's story.
fn copy(run: &Run<'_>, outcome: &fate::Outcome<'_>, skill: &Skill, fate: &fate::Fate) -> Copy {
    let builtin = skill.origin.scope == Scope::Builtin;
    let entry = outcome.known.iter().find(|e| std::ptr::eq(e.skill, skill));
    let description = entry.and_then(|e| e.description.clone());
    let listed_text = entry
        .filter(|_| fate.state.is_listed())
        .and_then(|e| entry_text(run, outcome, e));
    let shadowed_by = (fate.state == State::Shadowed)
        .then(|| {
            let name = fate.name.as_deref()?;
            let winner = outcome.known.iter().find(|e| e.name == name)?;
            Some(show(&winner.skill.skill_md, run.env))
        })
        .flatten();
    let shadows = match entry {
        Some(e) => outcome
            .catalog
            .changes
            .iter()
            .filter(|c| {
                c.kind == catalog::ChangeKind::Shadowed
                    && c.name == e.name
                    && c.path != e.skill.skill_md
            })
            .map(|c| show(&c.path, run.env))
            .collect(),
        None => Vec::new(),
    };
    let mut names: Vec<String> = Vec::new();
    if let Some(name) = &fate.name {
        names.push(name.clone());
    }
    for own in [
        skill.declared_name().map(str::to_owned),
        Some(skill.dir_name().into_owned()),
    ]
    .into_iter()
    .flatten()
    {
        if !own.is_empty() && !names.contains(&own) {
            names.push(own);
        }
    }
    // What a built-in's load returns ships inside the client, which `skills` does not reproduce.
    let loads = if builtin {
        Vec::new()
    } else {
        names
            .into_iter()
            .map(|name| load_check(run, &outcome.known, &name))
            .collect()
    };
    let mut fixes = fixes(run, skill, fate, &shadowed_by);
    if builtin {
        fixes.clear();
    }
    Copy {
        path: show(&skill.skill_md, run.env),
        place: (!builtin).then_some(skill.origin.root_index),
        builtin,
        state: fate.state,
        reason: fate.reason.clone(),
        name: fate.name.clone(),
        description,
        entry: listed_text,
        shadowed_by,
        shadows,
        loads,
        fixes,
    }
}

/// The text `entry` adds to the catalog: the catalog with it, against the catalog without it.
fn entry_text(run: &Run<'_>, outcome: &fate::Outcome<'_>, entry: &Entry<'_>) -> Option<String> {
    let without: Vec<Entry<'_>> = outcome
        .known
        .iter()
        .filter(|e| !std::ptr::eq(e.skill, entry.skill))
        .cloned()
        .collect();
    let other = catalog::render(run.target, without.len(), &without, Vec::new(), run.cx);
    let runs = added_runs(&other.text, &outcome.catalog.text);
    let mine: Vec<&String> = runs.iter().filter(|r| r.contains(&entry.name)).collect();
    let text = if mine.is_empty() {
        runs.first()?.clone()
    } else {
        mine.iter()
            .map(|r| r.as_str())
            .collect::<Vec<_>>()
            .join("…\n")
    };
    Some(text.trim_end_matches('\n').to_owned())
}

/// Whether the runtime loads `name`, and its first line when it refuses.
fn load_check(run: &Run<'_>, known: &[Entry<'_>], name: &str) -> LoadCheck {
    let output = (run.target.load)(&LoadInput {
        name,
        known,
        provider: run.provider,
        earlier_loads: 0,
        mode: None,
        cx: run.cx,
    });
    let refusal = output.error.then(|| {
        let text = output.display();
        match text.lines().find(|l| !l.trim().is_empty()) {
            Some(line) => cut(line.trim(), 120),
            // The runtime adds nothing (a `$name` mention that matches no skill): its note says so.
            None => output
                .record
                .get("note")
                .and_then(|n| n.as_str())
                .map_or_else(|| "the runtime adds nothing".to_owned(), |n| cut(n, 120)),
        }
    });
    LoadCheck {
        name: name.to_owned(),
        loads: !output.error,
        refusal,
    }
}

/// What to change for a copy in `fate`.
fn fixes(
    run: &Run<'_>,
    skill: &Skill,
    fate: &fate::Fate,
    shadowed_by: &Option<String>,
) -> Vec<String> {
    let reason = fate.reason.as_deref().unwrap_or("");
    match fate.state {
        State::Listed => Vec::new(),
        State::Shortened | State::NameOnly => vec![format!(
            "shorten this description and the others, or keep fewer skills where {} looks, so its catalog has room for the whole text",
            run.target.display
        )],
        State::Shadowed => vec![format!(
            "remove the copy you no longer use, or give one of them another name (its `name` and folder){}",
            shadowed_by
                .as_deref()
                .map_or_else(String::new, |w| format!("; {w} wins"))
        )],
        State::Hidden => vec![format!(
            "if the model should choose it by itself, remove what hides it ({reason}); a user can still invoke it"
        )],
        State::Dropped if reason.contains("budget") || reason.contains("omitted") => vec![
            "the catalog is over its budget: shorten descriptions, or keep fewer skills where this runtime looks".to_owned(),
        ],
        State::Dropped | State::NotFound => {
            let mut fixes: Vec<String> = Vec::new();
            if let Some(hidden) = hidden_folder(skill) {
                fixes.push(format!(
                    "move it out of the hidden folder `{hidden}`, to {}/{}/",
                    show(&skill.origin.root, run.env),
                    skill.dir_name()
                ));
            }
            fixes.extend(lint_fixes(run, skill));
            if fixes.is_empty() {
                fixes.push(format!("make {} read it: {reason}", run.target.display));
            }
            fixes
        }
    }
}

/// The first folder below the skill's root whose name starts with a dot, when the skill is in
/// one.
fn hidden_folder(skill: &Skill) -> Option<String> {
    let rel = skill.dir.strip_prefix(&skill.origin.root).ok()?;
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .find(|name| name.starts_with('.'))
}

/// The helps of the findings `skills lint -t TARGET` has on the skill that say what to change
/// in the file (S0xx, S2xx, S3xx; S309 itself only repeats the reason).
fn lint_fixes(run: &Run<'_>, skill: &Skill) -> Vec<String> {
    if skill.origin.scope == Scope::Builtin {
        return Vec::new();
    }
    let options = LintOptions {
        targets: vec![run.target],
        ..run.lint.clone()
    };
    let mut findings = lint::lint(std::slice::from_ref(skill), &options);
    findings.retain(|f| {
        f.rule.id != "S309"
            && !f.rule.id.starts_with("S1")
            && !f.rule.id.starts_with("S4")
            && f.severity >= Severity::Warning
    });
    findings.sort_by_key(|f| std::cmp::Reverse(f.severity));
    let mut seen = BTreeSet::new();
    findings
        .into_iter()
        .filter_map(|f| {
            let text = format!(
                "{} ({}): {}{}",
                f.help.as_deref().unwrap_or(&f.message),
                f.rule.id,
                f.message,
                if f.fix.is_some() {
                    "; `skills lint --fix` does it"
                } else {
                    ""
                }
            );
            seen.insert(f.rule.id).then_some(text)
        })
        .take(3)
        .collect()
}

/// The one-line answer.
fn verdict(
    target: &Target,
    query: &Query,
    copies: &[Copy],
    misses: &[NearMiss],
    run: &Run<'_>,
) -> String {
    let asked = query.shown(run.env);
    let Some(best) = copies.iter().max_by_key(|c| c.state) else {
        let where_ = if run.roots {
            "where it looks"
        } else {
            "under the paths given"
        };
        return match misses.first() {
            Some(miss) => format!(
                "{} does not find {asked} {where_}: {}",
                target.display, miss.problem
            ),
            None => format!("{} does not find {asked} {where_}", target.display),
        };
    };
    let name = best.name.as_deref().unwrap_or("");
    if best.builtin {
        let own = format!("{} lists its own built-in `{name}`", target.display);
        return match misses.first() {
            Some(miss) => format!("{own}; {}: {}", miss.path, miss.problem),
            None => own,
        };
    }
    let loads = best
        .loads
        .iter()
        .find(|l| l.name == name)
        .is_some_and(|l| l.loads);
    match best.state {
        State::Listed => format!("{} lists it as `{name}`", target.display),
        State::Shortened => format!(
            "{} lists it as `{name}` with part of its description",
            target.display
        ),
        State::NameOnly => format!(
            "{} lists it as `{name}` without its description",
            target.display
        ),
        State::Shadowed => format!("{} lists another copy of `{name}` instead", target.display),
        State::Hidden => format!(
            "{} hides it from the model{}",
            target.display,
            if loads {
                "; it still loads by name"
            } else {
                ""
            }
        ),
        State::Dropped if loads => format!(
            "{} leaves it out of the catalog, but loads it as `{name}`",
            target.display
        ),
        State::Dropped => format!("{} skips it", target.display),
        State::NotFound => format!("{} does not find it", target.display),
    }
}

/// Where to look beside the runtime's own roots when it finds nothing: its roots searched
/// deeper and without `.gitignore`, flat `NAME.md` files in them, and folders with similar names
/// and other runtimes' roots.
fn near_misses_in_roots(run: &Run<'_>, query: &Query) -> Vec<NearMiss> {
    let target = run.target;
    let specs = (target.roots)(run.env);
    let mut misses = Vec::new();
    // 1. The runtime's own roots, searched deeper and without .gitignore.
    for spec in &specs {
        for skill in scan(&spec.path, 8) {
            if !query.matches(&skill, None) {
                continue;
            }
            let rel = skill
                .dir
                .strip_prefix(&spec.path)
                .map_or(0, |r| r.components().count());
            let problem = match spec.max_depth {
                Some(levels) if rel + 1 > levels => format!(
                    "its folder is {} below {}, and {} looks {} down{}",
                    levels_text(rel),
                    show(&spec.path, run.env),
                    target.display,
                    levels_text(levels.saturating_sub(1)),
                    if levels == 2 {
                        " (<root>/<name>/SKILL.md)"
                    } else {
                        ""
                    }
                ),
                _ if spec.gitignore => format!(
                    "{} searches {} with .gitignore applied, and it is ignored",
                    target.display,
                    show(&spec.path, run.env)
                ),
                _ => format!(
                    "{} does not reach it in {}",
                    target.display,
                    show(&spec.path, run.env)
                ),
            };
            let fix = if problem.contains(".gitignore") {
                "take it out of .gitignore, or keep it where nothing ignores it".to_owned()
            } else {
                format!(
                    "move it to {}/{}/",
                    show(&spec.path, run.env),
                    skill.dir_name()
                )
            };
            misses.push(NearMiss {
                path: show(&skill.dir, run.env),
                problem,
                fix,
            });
        }
    }
    // 2. Flat `NAME.md` files where a folder should be, in its roots, folders one slip away and
    // the roots of other runtimes.
    let wanted = query.folder_name();
    let own: BTreeSet<PathBuf> = specs.iter().map(|s| s.path.clone()).collect();
    let mut dirs: Vec<PathBuf> = specs.iter().map(|s| s.path.clone()).collect();
    for spec in &specs {
        dirs.extend(variants(&spec.path));
    }
    for other in TARGETS {
        dirs.extend((other.roots)(run.env).into_iter().map(|s| s.path));
    }
    let mut listed = BTreeSet::new();
    dirs.retain(|d| listed.insert(d.clone()));
    for dir in &dirs {
        let Ok(read) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = read
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file())
            .filter(|p| {
                p.extension().is_some_and(|e| e.eq_ignore_ascii_case("md"))
                    && p.file_stem()
                        .is_some_and(|s| s.to_string_lossy().eq_ignore_ascii_case(&wanted))
            })
            .collect();
        files.sort();
        for file in files {
            let stem = file
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            let home = best_root(&specs, &file, run.env).unwrap_or_else(|| dir.clone());
            let where_ = if own.contains(dir) {
                String::new()
            } else {
                format!(
                    " in {}, which {} does not read",
                    show(dir, run.env),
                    target.display
                )
            };
            misses.push(NearMiss {
                path: show(&file, run.env),
                problem: format!(
                    "it is a flat Markdown file{where_}; {} reads folders that hold a SKILL.md",
                    target.display
                ),
                fix: format!("move it to {}/{stem}/SKILL.md", show(&home, run.env)),
            });
        }
    }
    // 3. Skill folders in those other places.
    for dir in dirs {
        if own.iter().any(|o| dir.starts_with(o)) {
            continue;
        }
        for skill in scan(&dir, 3) {
            if !query.matches(&skill, None) {
                continue;
            }
            let readers: Vec<&Target> = TARGETS
                .iter()
                .copied()
                .filter(|t| (t.roots)(run.env).iter().any(|s| s.path == dir))
                .collect();
            let read_by = if readers.is_empty() {
                "no runtime reads".to_owned()
            } else {
                format!(
                    "{} read{}",
                    targets::names(&readers),
                    if readers.len() == 1 { "s" } else { "" }
                )
            };
            let home = best_root(&specs, &dir, run.env);
            misses.push(NearMiss {
                path: show(&skill.dir, run.env),
                problem: format!(
                    "it is in {}, which {} does not read ({read_by} it)",
                    show(&dir, run.env),
                    target.display
                ),
                fix: match home {
                    Some(home) => {
                        format!("move it to {}/{}/", show(&home, run.env), skill.dir_name())
                    }
                    None => format!("{} has no root to move it to", target.display),
                },
            });
        }
    }
    misses
}

/// For copies found under paths given on the command line: the ones the runtime's own search
/// would not reach from here, and where to put them.
fn outside_the_roots(run: &Run<'_>, found: &[&Skill]) -> Vec<NearMiss> {
    let target = run.target;
    let specs = (target.roots)(run.env);
    let mut misses = Vec::new();
    for skill in found {
        if skill.origin.scope == Scope::Builtin {
            continue;
        }
        let dir = catalog::canonical(&skill.dir);
        let covered = specs.iter().any(|spec| {
            let root = catalog::canonical(&spec.path);
            dir.strip_prefix(&root).is_ok_and(|rel| {
                let depth = rel.components().count() + 1;
                spec.max_depth.is_none_or(|levels| depth <= levels)
            })
        });
        if covered {
            continue;
        }
        misses.push(NearMiss {
            path: show(&skill.dir, run.env),
            problem: format!("it is not in a folder {} reads from here", target.display),
            fix: match best_root(&specs, &skill.dir, run.env) {
                Some(home) => format!(
                    "for {} to find it, put it in {}/{}/",
                    target.display,
                    show(&home, run.env),
                    skill.dir_name()
                ),
                None => format!("{} has no root here", target.display),
            },
        });
    }
    misses
}

/// The root of `specs` to move something found at `from` to: the same scope (project when it
/// is under the working directory, else user), read by the most runtimes, the most similar path.
fn best_root(specs: &[RootSpec], from: &Path, env: &Env) -> Option<PathBuf> {
    let scope = if from.starts_with(&env.cwd) {
        Scope::Project
    } else {
        Scope::User
    };
    let from = show(from, env);
    // The same scope first, then a root more runtimes read (the skill then works in more of
    // them), then the most similar path.
    let score = |spec: &RootSpec| {
        let same = spec.scope == scope;
        let readers = TARGETS
            .iter()
            .filter(|t| (t.roots)(env).iter().any(|r| r.path == spec.path))
            .count();
        let similar = strsim::normalized_levenshtein(&show(&spec.path, env), &from);
        (same, readers, (similar * 1000.0) as i64)
    };
    specs
        .iter()
        .filter(|s| matches!(s.scope, Scope::Project | Scope::User))
        .max_by_key(|s| score(s))
        .map(|s| s.path.clone())
}

/// Folders whose name is one slip away from `root`: `skills` for `skill` and the other way
/// round, other case, and the parent with or without its leading dot.
fn variants(root: &Path) -> Vec<PathBuf> {
    let (Some(parent), Some(leaf)) = (root.parent(), root.file_name()) else {
        return Vec::new();
    };
    let leaf = leaf.to_string_lossy();
    let mut leaves: Vec<String> = vec![
        leaf.to_lowercase(),
        format!("{}s", leaf.trim_end_matches('s')),
        leaf.trim_end_matches('s').to_owned(),
        capitalised(&leaf),
    ];
    leaves.retain(|l| !l.is_empty() && *l != leaf);
    let mut out: Vec<PathBuf> = leaves.iter().map(|l| parent.join(l)).collect();
    if let (Some(grand), Some(name)) = (parent.parent(), parent.file_name()) {
        let name = name.to_string_lossy();
        let other = match name.strip_prefix('.') {
            Some(bare) => bare.to_owned(),
            None => format!(".{name}"),
        };
        out.push(grand.join(other).join(leaf.as_ref()));
    }
    out.sort();
    out.dedup();
    out
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The skills under `dir`, `levels` deep, `.gitignore` not applied.
fn scan(dir: &Path, levels: usize) -> Vec<Skill> {
    if !dir.is_dir() {
        return Vec::new();
    }
    let mut root = Root::optional(dir, Scope::Custom, 0).with_max_depth(levels);
    root.gitignore = false;
    let options = FsOptions {
        respect_gitignore: false,
        max_dirs: 2_000,
        ..FsOptions::default()
    };
    FsProvider::discover(&[root], options)
        .map(|p| p.list().to_vec())
        .unwrap_or_default()
}

/// `1 level`, `2 levels`.
fn levels_text(levels: usize) -> String {
    if levels == 1 {
        "1 level".to_owned()
    } else {
        format!("{levels} levels")
    }
}

/// A path as people read it here: relative to the working directory below it, `~/…` below the
/// home folder, else absolute.
pub fn show(path: &Path, env: &Env) -> String {
    if path.as_os_str().to_string_lossy().starts_with('<') {
        return paths::to_slash(path);
    }
    if let Ok(rel) = path.strip_prefix(&env.cwd) {
        let rel = paths::to_slash(rel);
        return if rel.is_empty() { ".".to_owned() } else { rel };
    }
    if let Some(home) = &env.home
        && let Ok(rel) = path.strip_prefix(home)
    {
        let rel = paths::to_slash(rel);
        return if rel.is_empty() {
            "~".to_owned()
        } else {
            format!("~/{rel}")
        };
    }
    paths::to_slash(path)
}

/// At most `max` characters of `text`, with `…` when cut.
fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let kept: String = text.chars().take(max - 1).collect();
    format!("{kept}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_paths_are_told_apart() {
        let cwd = Path::new("/nowhere");
        assert_eq!(Query::parse("pdf", cwd), Query::Name("pdf".into()));
        assert_eq!(
            Query::parse("skills/pdf", cwd),
            Query::Folder("/nowhere/skills/pdf".into())
        );
        assert_eq!(
            Query::parse("skills/pdf/SKILL.md", cwd),
            Query::Folder("/nowhere/skills/pdf".into())
        );
    }

    #[test]
    fn slips_of_a_root_name() {
        let found = variants(Path::new("/p/.opencode/skills"));
        let shown: Vec<String> = found.iter().map(|p| paths::to_slash(p)).collect();
        assert_eq!(
            shown,
            [
                "/p/.opencode/Skills",
                "/p/.opencode/skill",
                "/p/opencode/skills"
            ]
        );
    }

    #[test]
    fn paths_read_from_here() {
        let env = Env::new("/h/u/proj", Some("/h/u".into()));
        assert_eq!(
            show(Path::new("/h/u/proj/.claude/skills"), &env),
            ".claude/skills"
        );
        assert_eq!(
            show(Path::new("/h/u/.claude/skills"), &env),
            "~/.claude/skills"
        );
        assert_eq!(show(Path::new("/etc/x"), &env), "/etc/x");
        assert_eq!(show(Path::new("<built-in>"), &env), "<built-in>");
    }
}
