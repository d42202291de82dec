//! The level-1 catalog: which skills a runtime lists and the exact bytes it injects.
//!
//! [`build`] is the same for every target: each skill goes through the target's `admit`
//! (what it does with broken or hidden skills), name collisions are settled by its
//! [`Collision`] rule, and the survivors, in discovery order, go to its `render`, which sorts,
//! escapes, budgets and writes the text. Everything a skill lost on the way is a [`Change`].

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::Target;
use super::env::Env;
use super::text::Unit;
use crate::paths;
use crate::skill::Skill;

/// What a runtime keeps of a skill it accepts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Admitted {
    /// The name the runtime lists and settles collisions by.
    pub name: String,
    /// The description as the runtime reads it (before its own whitespace handling); `None`
    /// when it has none.
    pub description: Option<String>,
}

/// A skill the runtime lists, before sorting and budgeting.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    pub skill: &'a Skill,
    pub name: String,
    pub description: Option<String>,
}

impl Entry<'_> {
    /// The description, or "" when there is none.
    pub fn description(&self) -> &str {
        self.description.as_deref().unwrap_or("")
    }
}

/// Who wins when two skills have one name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Collision {
    /// The first one found wins; later ones are dropped.
    FirstWins,
    /// The last one found wins, in its own place.
    LastWins,
    /// The last one found wins, in the place of the first (a JavaScript `Map` keyed by name).
    LastWinsInPlace,
    /// No deduplication by name: every skill is listed.
    KeepAll,
    /// The runtime loads the copies concurrently and the last one to finish wins, so the winner
    /// can change from run to run; settled here as [`Collision::LastWins`].
    Unstable,
}

impl Collision {
    pub const fn describe(self) -> &'static str {
        match self {
            Self::FirstWins => "the first skill found with a name wins",
            Self::LastWins => "the last skill found with a name wins",
            Self::LastWinsInPlace => {
                "the last skill found with a name wins, listed where the first one was"
            }
            Self::KeepAll => "no deduplication by name: both are listed",
            Self::Unstable => {
                "the runtime loads same-named skills concurrently and keeps the last one it finishes, so the copy it lists can change from run to run (shown: the last one found)"
            }
        }
    }
}

/// How catalog paths are written.
#[derive(Debug, Clone, Default)]
pub struct Paths {
    /// Render every path relative to this directory, joined onto [`Paths::prefix`].
    base: Option<PathBuf>,
    prefix: String,
    /// The home directory, for runtimes that write `~/…`.
    home: Option<PathBuf>,
}

impl Paths {
    /// Real absolute paths (the default: what the runtime would print on this machine).
    pub fn absolute(home: Option<PathBuf>) -> Self {
        Self {
            base: None,
            prefix: String::new(),
            home,
        }
    }

    /// Paths under `base` rewritten to start with `prefix` instead (`--path-prefix`), so a
    /// catalog renders the same on every machine.
    pub fn rebased(base: PathBuf, prefix: &str, home: Option<PathBuf>) -> Self {
        Self {
            base: Some(base),
            prefix: prefix.to_owned(),
            home,
        }
    }

    /// A path as the catalog shows it, with `/` separators. A location that is not a path (a
    /// built-in's `<built-in>`, `<install>/…`) is shown as it is.
    pub fn show(&self, path: &Path) -> String {
        if path.as_os_str().to_string_lossy().starts_with('<') {
            return paths::to_slash(path);
        }
        match &self.base {
            None => paths::to_slash(path),
            Some(base) => {
                let rel = paths::to_slash(&paths::relative_to(path, base));
                let joined = if rel == "." {
                    self.prefix.clone()
                } else if self.prefix.is_empty() {
                    rel
                } else {
                    format!("{}/{rel}", self.prefix.trim_end_matches('/'))
                };
                normalise(&joined)
            }
        }
    }

    /// The path with symlinks resolved first (runtimes that canonicalise, such as Codex).
    pub fn show_canonical(&self, path: &Path) -> String {
        self.show(&canonical(path))
    }

    /// `~/rel` when the path is under the home directory, else [`Paths::show`].
    pub fn show_home_relative(&self, path: &Path) -> String {
        if let Some(home) = &self.home
            && let Ok(rel) = path.strip_prefix(home)
        {
            return format!("~/{}", paths::to_slash(rel));
        }
        self.show(path)
    }
}

/// The path with symlinks resolved, or the path itself when it cannot be resolved (a skill
/// given as data). Remembered per thread: one catalog resolves each skill's path, and
/// `skills tokens` renders hundreds of catalogs of the same skills.
pub fn canonical(path: &Path) -> PathBuf {
    resolved(path).unwrap_or_else(|| path.to_path_buf())
}

/// Whether `path` exists (following symlinks), remembered with [`canonical`]: a path exists
/// exactly when it can be resolved.
pub fn exists(path: &Path) -> bool {
    resolved(path).is_some()
}

fn resolved(path: &Path) -> Option<PathBuf> {
    // Keyed by the path's bytes: hashing a `Path` walks its components, which costs more than
    // the look-up when hundreds of catalogs are rendered.
    thread_local! {
        static RESOLVED: std::cell::RefCell<crate::hash::HashMap<std::ffi::OsString, Option<PathBuf>>> =
            std::cell::RefCell::new(crate::hash::HashMap::default());
    }
    if let Some(real) = RESOLVED.with(|m| m.borrow().get(path.as_os_str()).cloned()) {
        return real;
    }
    let real = crate::fsafe::canonicalize(path).ok();
    RESOLVED.with(|m| {
        m.borrow_mut()
            .insert(path.as_os_str().to_owned(), real.clone())
    });
    real
}

/// `a/./b/../c` as `a/c`, keeping a leading `/` and leading `..` steps.
fn normalise(path: &str) -> String {
    let absolute = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            ".." if absolute => {}
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    match (absolute, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".to_owned(),
        (false, false) => joined,
    }
}

/// What a render may depend on besides the entries.
#[derive(Debug, Clone)]
pub struct Context<'a> {
    pub paths: &'a Paths,
    pub env: &'a Env,
    /// The model's context window in tokens, for budgets that scale with it: `--context-window`,
    /// else the model's own.
    pub context_window: Option<u64>,
    /// The model the runtime runs (`--model`, else the runtime's default), for targets whose
    /// output depends on it; `None` for the others.
    pub model: Option<&'a str>,
}

/// How much of its budget a catalog uses, in the runtime's own unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BudgetUse {
    pub unit: Unit,
    pub limit: u64,
    pub used: u64,
}

/// What happened to a skill on its way into the catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChangeKind {
    /// The runtime does not list it at all (broken, hidden, or not a skill to it).
    Skipped,
    /// Another skill with the same name wins.
    Shadowed,
    /// Listed without part of its description.
    Shortened,
    /// Listed without any description.
    DescriptionRemoved,
    /// Left out to fit the budget.
    Omitted,
}

impl ChangeKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Skipped => "skipped",
            Self::Shadowed => "shadowed",
            Self::Shortened => "shortened",
            Self::DescriptionRemoved => "description-removed",
            Self::Omitted => "omitted",
        }
    }
}

/// One skill that lost something, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    pub name: String,
    pub path: PathBuf,
    pub kind: ChangeKind,
    pub reason: String,
}

impl Change {
    pub fn new(entry: &Entry<'_>, kind: ChangeKind, reason: impl Into<String>) -> Self {
        Self {
            name: entry.name.clone(),
            path: entry.skill.skill_md.clone(),
            kind,
            reason: reason.into(),
        }
    }
}

/// What a target's render returns.
#[derive(Debug, Clone, Default)]
pub struct Rendered {
    /// The exact bytes injected.
    pub text: String,
    /// How many skills the text lists (with or without description).
    pub listed: usize,
    pub budget: Option<BudgetUse>,
    /// Descriptions shortened or removed and skills omitted by the budget.
    pub changes: Vec<Change>,
}

impl Rendered {
    /// Every entry listed in full, no budget.
    pub fn complete(text: String, listed: usize) -> Self {
        Self {
            text,
            listed,
            budget: None,
            changes: Vec::new(),
        }
    }
}

/// A target's whole catalog for a set of skills.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub text: String,
    /// Skills discovered (every one passed in).
    pub found: usize,
    /// Skills the text lists.
    pub listed: usize,
    pub budget: Option<BudgetUse>,
    /// Everything lost, skipped and shadowed first, in discovery order, then what the render
    /// reported.
    pub changes: Vec<Change>,
}

/// The catalog `target` injects for `skills` (in discovery order).
pub fn build(target: &Target, skills: &[Skill], cx: &Context<'_>) -> Catalog {
    let (entries, changes) = known(target, skills, cx);
    render(target, skills.len(), &entries, changes, cx)
}

/// The catalog of skills already settled by [`known`] (of `found` discovered), for callers that
/// also need the known skills themselves: admission runs once.
pub fn render(
    target: &Target,
    found: usize,
    entries: &[Entry<'_>],
    mut changes: Vec<Change>,
    cx: &Context<'_>,
) -> Catalog {
    let rendered = (target.render)(entries, cx);
    changes.extend(rendered.changes);
    Catalog {
        text: rendered.text,
        found,
        listed: rendered.listed,
        budget: rendered.budget,
        changes,
    }
}

/// The skills `target` knows, in discovery order: admitted, with name collisions settled; and
/// what was skipped or shadowed on the way. Loading and reading work on these (a budget may
/// leave a skill out of the catalog, but the runtime can still load it).
pub fn known<'a>(
    target: &Target,
    skills: &'a [Skill],
    cx: &Context<'_>,
) -> (Vec<Entry<'a>>, Vec<Change>) {
    let (entries, mut changes) = admitted(target, skills);
    let entries = settle_collisions(entries, target.collision, &cx.env.cwd, &mut changes);
    (entries, changes)
}

/// The skills `target` admits, in discovery order, before name collisions are settled; and a
/// `skipped` change for each one it does not.
pub fn admitted<'a>(target: &Target, skills: &'a [Skill]) -> (Vec<Entry<'a>>, Vec<Change>) {
    let mut changes = Vec::new();
    let mut entries: Vec<Entry<'_>> = Vec::new();
    // Each skill is read on its own, so on every core; the order stays the skills' order.
    let verdicts = crate::parallel::map(skills, |skill| (skill, (target.admit)(skill)));
    for (skill, verdict) in verdicts {
        match verdict {
            Ok(Admitted { name, description }) => entries.push(Entry {
                skill,
                name,
                description,
            }),
            Err(reason) => changes.push(Change {
                name: skill.name().into_owned(),
                path: skill.skill_md.clone(),
                kind: ChangeKind::Skipped,
                reason,
            }),
        }
    }
    (entries, changes)
}

/// Admitted skills with name collisions settled by `rule`, as [`known`] settles them (without
/// recording the losers).
pub fn settle<'a>(entries: Vec<Entry<'a>>, rule: Collision) -> Vec<Entry<'a>> {
    settle_collisions(entries, rule, Path::new(""), &mut Vec::new())
}

/// Keeps the winner of each name by `rule`; each loser becomes a change naming the winner's path
/// (relative to `cwd`, like every path in the statistics).
fn settle_collisions<'a>(
    entries: Vec<Entry<'a>>,
    rule: Collision,
    cwd: &Path,
    changes: &mut Vec<Change>,
) -> Vec<Entry<'a>> {
    if rule == Collision::KeepAll {
        return entries;
    }
    let mut kept: Vec<Option<Entry<'a>>> = Vec::with_capacity(entries.len());
    let mut slot_of: crate::hash::HashMap<String, usize> = crate::hash::HashMap::default();
    let mut shadowed = |loser: &Entry<'_>, winner: &Entry<'_>| {
        changes.push(Change::new(
            loser,
            ChangeKind::Shadowed,
            format!(
                "shadowed by {}: {}",
                paths::display(&winner.skill.skill_md, cwd),
                rule.describe()
            ),
        ));
    };
    for entry in entries {
        match slot_of.get(&entry.name).copied() {
            None => {
                slot_of.insert(entry.name.clone(), kept.len());
                kept.push(Some(entry));
            }
            Some(slot) => {
                let Some(previous) = kept[slot].take() else {
                    continue;
                };
                match rule {
                    Collision::FirstWins | Collision::KeepAll => {
                        shadowed(&entry, &previous);
                        kept[slot] = Some(previous);
                    }
                    Collision::LastWinsInPlace => {
                        shadowed(&previous, &entry);
                        kept[slot] = Some(entry);
                    }
                    Collision::LastWins | Collision::Unstable => {
                        shadowed(&previous, &entry);
                        slot_of.insert(entry.name.clone(), kept.len());
                        kept.push(Some(entry));
                    }
                }
            }
        }
    }
    kept.into_iter().flatten().collect()
}

/// Admission helpers shared by targets.
pub mod admit {
    use super::Admitted;
    use crate::skill::Skill;

    /// The frontmatter must parse as a mapping.
    pub fn parsed(skill: &Skill) -> Result<(), String> {
        match skill.parse_error() {
            Some(error) => Err(format!("skipped: {error}")),
            None => Ok(()),
        }
    }

    /// A top-level string field, untrimmed, when present.
    pub fn string(skill: &Skill, key: &str) -> Option<String> {
        skill.field(key).and_then(|f| f.as_str()).map(str::to_owned)
    }

    /// A field that must be a string with something in it.
    pub fn required(skill: &Skill, key: &str) -> Result<String, String> {
        match skill.field(key) {
            None => Err(format!("skipped: no `{key}` in the frontmatter")),
            Some(field) => match field.as_str() {
                Some(value) if !value.trim().is_empty() => Ok(value.to_owned()),
                Some(_) => Err(format!("skipped: `{key}` is empty")),
                None => Err(format!("skipped: `{key}` is not a string")),
            },
        }
    }

    /// Whether a boolean field is `true`.
    pub fn flag(skill: &Skill, key: &str) -> bool {
        skill
            .field(key)
            .is_some_and(|f| matches!(f.value, crate::frontmatter::Value::Bool(true)))
    }

    /// Valid frontmatter with a non-empty `name` and `description` (both as written).
    pub fn name_and_description(skill: &Skill) -> Result<Admitted, String> {
        parsed(skill)?;
        let name = required(skill, "name")?;
        let description = required(skill, "description")?;
        Ok(Admitted {
            name,
            description: Some(description),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rebased_paths_are_lexically_normal() {
        let paths = Paths::rebased("/tmp/x/home/user/proj".into(), "/home/user/proj", None);
        assert_eq!(
            paths.show(Path::new("/tmp/x/home/user/proj/.agents/skills/a/SKILL.md")),
            "/home/user/proj/.agents/skills/a/SKILL.md"
        );
        assert_eq!(
            paths.show(Path::new("/tmp/x/home/user/.agents/skills/b/SKILL.md")),
            "/home/user/.agents/skills/b/SKILL.md"
        );
        let relative = Paths::rebased("/w".into(), "", None);
        assert_eq!(relative.show(Path::new("/w/a/SKILL.md")), "a/SKILL.md");
        assert_eq!(relative.show(Path::new("/v/a")), "../v/a");
    }

    #[test]
    fn home_relative_paths() {
        let paths = Paths::absolute(Some("/home/u".into()));
        assert_eq!(
            paths.show_home_relative(Path::new("/home/u/.agents/skills/a/SKILL.md")),
            "~/.agents/skills/a/SKILL.md"
        );
        assert_eq!(paths.show_home_relative(Path::new("/srv/a")), "/srv/a");
    }

    #[test]
    fn normalising() {
        assert_eq!(normalise("/a/./b/../c"), "/a/c");
        assert_eq!(normalise("../a/../../b"), "../../b");
        assert_eq!(normalise("/.."), "/");
        assert_eq!(normalise("a/.."), ".");
    }
}

/// Building catalogs in unit tests: a made-up machine (`/p` the working directory, `/h` home),
/// real absolute paths.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Catalog, Context, Paths, build};
    use crate::provider::{MemoryProvider, MemorySkill, SkillProvider};
    use crate::skill::Skill;
    use crate::targets::Target;
    use crate::targets::env::Env;

    pub fn env() -> Env {
        Env::new("/p", Some("/h".into()))
    }

    /// A context in `env` with `paths`, no model and this context window.
    pub fn context<'c>(paths: &'c Paths, env: &'c Env, window: Option<u64>) -> Context<'c> {
        Context {
            paths,
            env,
            context_window: window,
            model: None,
        }
    }

    /// `target`'s catalog of parsed skills in `env`.
    pub fn catalog_of(
        target: &Target,
        skills: &[Skill],
        env: &Env,
        window: Option<u64>,
    ) -> Catalog {
        let paths = Paths::absolute(None);
        let cx = Context {
            paths: &paths,
            env,
            context_window: window,
            model: None,
        };
        build(target, skills, &cx)
    }

    /// `target`'s catalog of in-memory skills in `env`.
    pub fn catalog_in(
        target: &Target,
        skills: Vec<MemorySkill>,
        env: &Env,
        window: Option<u64>,
    ) -> Catalog {
        catalog_of(target, MemoryProvider::new(skills).list(), env, window)
    }

    /// `target`'s catalog of in-memory skills on the made-up machine, without a context window.
    pub fn catalog(target: &Target, skills: Vec<MemorySkill>) -> Catalog {
        catalog_in(target, skills, &env(), None)
    }
}
