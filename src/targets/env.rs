//! The machine a runtime runs on, as far as discovery cares: the working directory, the home
//! directory and the environment variables that move roots (`CODEX_HOME`, `PIXIR_HOME`, …).
//! Captured once, so a target's roots are a pure function of it and tests can make one up.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::provider::Root;
use crate::skill::Scope;

/// The working directory, home and environment a runtime would see.
#[derive(Debug, Clone, Default)]
pub struct Env {
    pub cwd: PathBuf,
    pub home: Option<PathBuf>,
    vars: BTreeMap<String, String>,
    /// The skills paths of a runtime configured in code rather than by files (Mastra's
    /// workspace `skills`), as the user gave them (`--skills-path`); empty for the default.
    pub skills_paths: Vec<String>,
}

impl Env {
    /// A made-up environment: no variables set.
    pub fn new(cwd: impl Into<PathBuf>, home: Option<PathBuf>) -> Self {
        Self {
            cwd: cwd.into(),
            home,
            vars: BTreeMap::new(),
            skills_paths: Vec::new(),
        }
    }

    /// This process's environment. `HOME` (or `USERPROFILE` on Windows) is the home directory.
    pub fn from_process(cwd: PathBuf) -> Self {
        let vars: BTreeMap<String, String> = std::env::vars_os()
            .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
            .collect();
        let home = ["HOME", "USERPROFILE"]
            .iter()
            .find_map(|k| vars.get(*k).filter(|v| !v.is_empty()))
            .map(PathBuf::from);
        Self {
            cwd,
            home,
            vars,
            skills_paths: Vec::new(),
        }
    }

    /// The same environment with one more variable set.
    #[must_use]
    pub fn with_var(mut self, key: &str, value: &str) -> Self {
        self.vars.insert(key.to_owned(), value.to_owned());
        self
    }

    /// The same environment with these skills paths configured.
    #[must_use]
    pub fn with_skills_paths(mut self, paths: Vec<String>) -> Self {
        self.skills_paths = paths;
        self
    }

    /// A variable's value, when it is set and not empty.
    pub fn var(&self, key: &str) -> Option<&str> {
        self.vars
            .get(key)
            .map(String::as_str)
            .filter(|v| !v.is_empty())
    }

    /// `~/rel`, or nothing when the home directory is unknown.
    pub fn home_join(&self, rel: &str) -> Option<PathBuf> {
        self.home.as_ref().map(|h| h.join(rel))
    }

    /// The directory named by `key`, else `~/default`: how `CODEX_HOME`, `PIXIR_HOME` and their
    /// kind work.
    pub fn var_dir(&self, key: &str, default: &str) -> Option<PathBuf> {
        match self.var(key) {
            Some(dir) => Some(self.cwd.join(dir)),
            None => self.home_join(default),
        }
    }

    /// The nearest directory at or above the working directory that holds `marker` (`.git`),
    /// else the working directory itself.
    pub fn project_root(&self, marker: &str) -> PathBuf {
        self.cwd
            .ancestors()
            .find(|dir| dir.join(marker).exists())
            .unwrap_or(&self.cwd)
            .to_path_buf()
    }

    /// The working directory and each parent up to the nearest one holding `.git`, or up to the
    /// filesystem root outside a repository: nearest first.
    pub fn up_to_git_root(&self) -> Vec<PathBuf> {
        let top = self.cwd.ancestors().find(|dir| dir.join(".git").exists());
        let mut dirs = Vec::new();
        for dir in self.cwd.ancestors() {
            dirs.push(dir.to_path_buf());
            if Some(dir) == top {
                break;
            }
        }
        dirs
    }

    /// Every directory from the project root (found by `marker`) down to the working
    /// directory, outermost first.
    pub fn project_root_to_cwd(&self, marker: &str) -> Vec<PathBuf> {
        let root = self.project_root(marker);
        let mut dirs: Vec<PathBuf> = self
            .cwd
            .ancestors()
            .take_while(|dir| dir.starts_with(&root))
            .map(Path::to_path_buf)
            .collect();
        dirs.reverse();
        dirs
    }
}

/// Whether `path` lies below `root` through a directory whose name starts with `.`: a glob
/// without the `dot` option (`*`, `**`) never matches such a directory, so runtimes that glob
/// their roots that way do not see skills inside one. `false` when `path` is not under `root`.
pub fn is_hidden_below(root: &Path, path: &Path) -> bool {
    path.strip_prefix(root).is_ok_and(|rel| {
        rel.components()
            .any(|c| c.as_os_str().as_encoded_bytes().first() == Some(&b'.'))
    })
}

/// Whether a directory from `root` down to `dir`'s parent holds a `SKILL.md`: runtimes that stop
/// at the first skill directory they meet never see `dir`. `false` when `dir` is not below
/// `root`.
pub fn below_another_skill(root: &Path, dir: &Path) -> bool {
    let Ok(rel) = dir.strip_prefix(root) else {
        return false;
    };
    let mut names = rel.components();
    // `dir` itself is not asked about; without a name below `root` it is `root`.
    if names.next_back().is_none() {
        return false;
    }
    let mut above = root.to_path_buf();
    if crate::fsafe::holds_skill_md(&above) {
        return true;
    }
    names.any(|name| {
        above.push(name);
        crate::fsafe::holds_skill_md(&above)
    })
}

/// One place a runtime looks for skills, in the order it looks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RootSpec {
    pub path: PathBuf,
    pub scope: Scope,
    /// How deep below the root the runtime searches (`2` = `<root>/*/SKILL.md`); `None` for an
    /// unbounded (or deep) recursive search.
    pub max_depth: Option<usize>,
    /// Whether the runtime's search honours `.gitignore` (most walk with git's rules; some glob
    /// every file).
    #[serde(skip_serializing_if = "is_true")]
    pub gitignore: bool,
    /// The order the runtime finds the skills of this root in.
    #[serde(skip_serializing_if = "Order::is_sorted")]
    pub order: Order,
}

fn is_true(value: &bool) -> bool {
    *value
}

/// The order a runtime finds the skills of one root in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    /// By path, byte order.
    #[default]
    Sorted,
    /// A `SKILL.md` at the root itself first, then the skill directories in descending byte
    /// order of their paths: Node's `readdir` sorts names, and glob's path cache keeps each
    /// directory's children newest first.
    RootThenDescending,
}

impl Order {
    fn is_sorted(&self) -> bool {
        *self == Self::Sorted
    }
}

impl RootSpec {
    /// `<root>/*/SKILL.md`: the skill directories right under the root.
    pub fn one_level(path: PathBuf, scope: Scope) -> Self {
        Self {
            path,
            scope,
            max_depth: Some(2),
            gitignore: true,
            order: Order::Sorted,
        }
    }

    /// A recursive search, `levels` deep at most (`None`: our default bound).
    pub fn recursive(path: PathBuf, scope: Scope, levels: Option<usize>) -> Self {
        Self {
            path,
            scope,
            max_depth: levels,
            gitignore: true,
            order: Order::Sorted,
        }
    }

    /// The same root, searched without `.gitignore` rules.
    #[must_use]
    pub fn without_gitignore(mut self) -> Self {
        self.gitignore = false;
        self
    }

    /// The same root, its skills found in `order`.
    #[must_use]
    pub fn in_order(mut self, order: Order) -> Self {
        self.order = order;
        self
    }

    /// `~/<rel>` (user) then `<cwd>/<rel>` (project), each searched one level deep: the shape of
    /// runtimes with one user and one project root.
    pub fn user_then_project(env: &Env, rel: &str) -> Vec<Self> {
        let mut roots: Vec<Self> = env
            .home_join(rel)
            .map(|p| Self::one_level(p, Scope::User))
            .into_iter()
            .collect();
        roots.push(Self::one_level(env.cwd.join(rel), Scope::Project));
        roots
    }

    /// The provider root for it: optional, since most of a runtime's roots do not exist on a
    /// given machine.
    pub fn to_root(&self) -> Root {
        let mut root = Root::optional(self.path.clone(), self.scope, 0);
        root.gitignore = self.gitignore;
        root.descending = self.order == Order::RootThenDescending;
        match self.max_depth {
            Some(levels) => root.with_max_depth(levels),
            None => root,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_move_roots_and_empty_ones_do_not() {
        let env = Env::new("/p", Some("/h".into())).with_var("CODEX_HOME", "/c");
        assert_eq!(
            env.var_dir("CODEX_HOME", ".codex"),
            Some(PathBuf::from("/c"))
        );
        assert_eq!(
            env.var_dir("PIXIR_HOME", ".pixir"),
            Some(PathBuf::from("/h/.pixir"))
        );
        let empty = Env::new("/p", Some("/h".into())).with_var("CODEX_HOME", "");
        assert_eq!(
            empty.var_dir("CODEX_HOME", ".codex"),
            Some(PathBuf::from("/h/.codex"))
        );
    }

    #[test]
    fn hidden_directories_below_a_root() {
        let root = Path::new("/r/.agents/skills");
        assert!(!is_hidden_below(root, Path::new("/r/.agents/skills/a")));
        assert!(is_hidden_below(root, Path::new("/r/.agents/skills/.a/b")));
        assert!(is_hidden_below(root, Path::new("/r/.agents/skills/a/.b")));
        assert!(!is_hidden_below(root, Path::new("/elsewhere/.a")));
        assert!(!is_hidden_below(root, root));
    }

    #[test]
    fn the_walk_up_stops_at_the_git_root_or_the_filesystem_root() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("repo");
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::create_dir_all(root.join("a/b")).unwrap();
        let env = Env::new(root.join("a/b"), None);
        assert_eq!(
            env.up_to_git_root(),
            vec![root.join("a/b"), root.join("a"), root.clone()]
        );
        let plain = Env::new("/no-such-dir/x/y", None);
        let up: Vec<String> = plain
            .up_to_git_root()
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        assert_eq!(
            up,
            ["/no-such-dir/x/y", "/no-such-dir/x", "/no-such-dir", "/"]
        );
    }

    #[test]
    fn skills_inside_skills() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("skills");
        std::fs::create_dir_all(root.join("outer/inner/deep")).unwrap();
        std::fs::write(root.join("outer/SKILL.md"), "---\n---\n").unwrap();
        assert!(below_another_skill(&root, &root.join("outer/inner")));
        assert!(below_another_skill(&root, &root.join("outer/inner/deep")));
        assert!(!below_another_skill(&root, &root.join("outer")));
        assert!(!below_another_skill(&root, &root));
        std::fs::write(root.join("SKILL.md"), "---\n---\n").unwrap();
        // What a run found is remembered for the run; the next one looks again.
        crate::fsafe::forget();
        assert!(below_another_skill(&root, &root.join("outer")));
        assert!(!below_another_skill(&root, Path::new("/elsewhere/x")));
    }

    #[test]
    fn project_root_to_cwd_walks_down_from_the_marker() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("repo");
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::create_dir_all(root.join("a/b")).unwrap();
        let env = Env::new(root.join("a/b"), None);
        assert_eq!(
            env.project_root_to_cwd(".git"),
            vec![root.clone(), root.join("a"), root.join("a/b")]
        );
        let outside = Env::new(dir.path(), None);
        assert_eq!(outside.project_root_to_cwd(".git"), vec![dir.path()]);
    }
}
