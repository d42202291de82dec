//! What a rule sees: one skill (or all of them), the selected targets, the thresholds, and the
//! files beside the skill, listed and read lazily and at most once.

use std::any::{Any, TypeId};
use std::cell::{OnceCell, RefCell};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use serde::Serialize;

use crate::fsafe::{self, Event, Flow, Jail, Listings, WalkOptions};
use crate::hash::HashMap;
use crate::paths;
use crate::provider::UnreadableSkill;
use crate::skill::Skill;
use crate::source::Source;
use crate::targets::Target;

/// Thresholds and switches a config file or the command line can change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Settings {
    /// Body lines above which S105 warns.
    pub max_body_lines: usize,
    /// Body o200k tokens above which S106 warns.
    pub max_body_tokens: usize,
    /// Overrides every selected target's description limit when set.
    pub max_description_chars: Option<usize>,
    /// Lines above which a referenced file should open with a table of contents.
    pub toc_min_lines: usize,
    /// Whether `.gitignore` hides files from the layout rules (as it does from packaging).
    #[serde(skip)]
    pub respect_gitignore: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            max_body_lines: 500,
            max_body_tokens: 5000,
            max_description_chars: None,
            toc_min_lines: 100,
            respect_gitignore: true,
        }
    }
}

/// The biggest file a rule reads beside `SKILL.md`; larger files are treated as unreadable.
pub const MAX_READ_BYTES: u64 = 1 << 20;
/// The most entries listed in one skill directory.
pub const MAX_TREE_ENTRIES: usize = 10_000;
/// Directories listed but never entered: they are junk, and can be huge.
const OPAQUE_DIRS: [&str; 3] = [".git", "node_modules", "__pycache__"];

/// How many directory levels below the skill directory are listed.
const MAX_DEPTH: usize = 16;

/// A file or directory inside a skill directory.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    /// Relative to the skill directory, `/`-separated.
    pub path: String,
    pub is_dir: bool,
}

impl Entry {
    /// The last path component.
    pub fn file_name(&self) -> &str {
        self.path.rsplit('/').next().unwrap_or(&self.path)
    }
}

/// Everything in a skill directory (sorted), except what `.gitignore` hides.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tree {
    pub entries: Vec<Entry>,
    /// The listing stopped at [`MAX_TREE_ENTRIES`].
    pub truncated: bool,
}

impl Tree {
    /// Builds a tree from relative paths; a path ending in `/` is a directory. Parent
    /// directories are added.
    pub fn from_paths<'a>(paths: impl IntoIterator<Item = &'a str>) -> Self {
        let mut entries = BTreeMap::new();
        for path in paths {
            let is_dir = path.ends_with('/');
            let path = path.trim_end_matches('/');
            let mut parent = path;
            while let Some((p, _)) = parent.rsplit_once('/') {
                entries.insert(p.to_owned(), true);
                parent = p;
            }
            entries.insert(path.to_owned(), is_dir);
        }
        Self {
            entries: entries
                .into_iter()
                .map(|(path, is_dir)| Entry { path, is_dir })
                .collect(),
            truncated: false,
        }
    }

    /// Lists `dir` on disk through [`fsafe::walk`]: hidden entries included, what `.gitignore`
    /// hides left out (when `respect_gitignore`, inside a repository, as for git itself),
    /// symlinks listed as files and not followed, [`OPAQUE_DIRS`] listed but not entered, at most
    /// [`MAX_DEPTH`] levels and [`MAX_TREE_ENTRIES`] entries. The folders `listings` holds (as
    /// discovery listed them) are not listed again; the tree is the same either way.
    pub fn scan(dir: &Path, respect_gitignore: bool, listings: Option<&Listings>) -> Self {
        let mut tree = Self::default();
        let Ok(jail) = Jail::new(dir) else {
            return tree;
        };
        let options = WalkOptions {
            jail: &jail,
            max_depth: MAX_DEPTH,
            gitignore: respect_gitignore,
            follow: false,
        };
        let mut visit = |event: Event<'_>| {
            let Event::Entry(entry) = event else {
                return Flow::Continue;
            };
            if entry.depth == 0 {
                return Flow::Continue;
            }
            if tree.entries.len() == MAX_TREE_ENTRIES {
                tree.truncated = true;
                return Flow::Stop;
            }
            tree.entries.push(Entry {
                path: paths::slash_below(&entry.path, dir),
                is_dir: entry.is_dir(),
            });
            if OPAQUE_DIRS.iter().any(|d| entry.file_name() == *d) {
                Flow::Skip
            } else {
                Flow::Continue
            }
        };
        match listings {
            Some(listings) => fsafe::walk_listed(dir, options, listings, &mut visit),
            None => fsafe::walk(dir, options, &mut visit),
        }
        tree.entries.sort();
        tree
    }

    /// Whether a file or directory exists at this relative `/` path.
    pub fn contains(&self, path: &str) -> bool {
        let path = path.trim_end_matches('/');
        self.entries
            .binary_search_by(|e| e.path.as_str().cmp(path))
            .is_ok()
    }

    /// The files (not directories).
    pub fn files(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|e| !e.is_dir)
    }
}

/// Where the files beside `SKILL.md` come from.
#[derive(Debug)]
enum Files {
    Disk { respect_gitignore: bool },
    Memory(BTreeMap<String, Vec<u8>>),
}

/// One skill, as a per-skill rule sees it.
#[derive(Debug)]
pub struct SkillContext<'a> {
    pub skill: &'a Skill,
    /// The selected targets, at least one.
    pub targets: &'a [&'static Target],
    pub settings: &'a Settings,
    files: Files,
    tree: OnceCell<Tree>,
    /// The skill directory, resolved once, that every read must stay in.
    jail: OnceCell<Option<Jail>>,
    read_cache: RefCell<HashMap<String, Option<Rc<Source>>>>,
    memo: RefCell<HashMap<(TypeId, String), Rc<dyn Any>>>,
}

impl<'a> SkillContext<'a> {
    /// A skill on disk.
    pub fn new(skill: &'a Skill, targets: &'a [&'static Target], settings: &'a Settings) -> Self {
        Self::with_files(
            skill,
            targets,
            settings,
            Files::Disk {
                respect_gitignore: settings.respect_gitignore,
            },
        )
    }

    /// A skill whose other files are given as data (for tests and embedding).
    pub fn in_memory(
        skill: &'a Skill,
        targets: &'a [&'static Target],
        settings: &'a Settings,
        files: BTreeMap<String, Vec<u8>>,
    ) -> Self {
        Self::with_files(skill, targets, settings, Files::Memory(files))
    }

    fn with_files(
        skill: &'a Skill,
        targets: &'a [&'static Target],
        settings: &'a Settings,
        files: Files,
    ) -> Self {
        Self {
            skill,
            targets,
            settings,
            files,
            tree: OnceCell::new(),
            jail: OnceCell::new(),
            read_cache: RefCell::new(HashMap::default()),
            memo: RefCell::new(HashMap::default()),
        }
    }

    /// Whether a target with this ID is selected.
    pub fn targets_include(&self, id: &str) -> bool {
        self.targets.iter().any(|t| t.id == id)
    }

    /// Everything in the skill directory, listed on first use (from what discovery listed, when
    /// the skill came with it).
    pub fn tree(&self) -> &Tree {
        self.tree.get_or_init(|| match &self.files {
            Files::Disk { respect_gitignore } => Tree::scan(
                &self.skill.dir,
                *respect_gitignore,
                self.skill.listings.as_ref(),
            ),
            Files::Memory(files) => Tree::from_paths(files.keys().map(String::as_str)),
        })
    }

    /// A value several rules derive from this skill (the references of a file, say), computed
    /// once per skill and `key`.
    pub fn memo<T: Any>(&self, key: &str, init: impl FnOnce() -> T) -> Rc<T> {
        let id = (TypeId::of::<T>(), key.to_owned());
        if let Some(value) = self.memo.borrow().get(&id) {
            if let Ok(value) = Rc::clone(value).downcast::<T>() {
                return value;
            }
        }
        let value = Rc::new(init());
        self.memo
            .borrow_mut()
            .insert(id, Rc::clone(&value) as Rc<dyn Any>);
        value
    }

    /// The absolute path of a file of the skill.
    pub fn path_of(&self, rel: &str) -> PathBuf {
        self.skill.dir.join(rel)
    }

    /// Reads a file of the skill (a relative `/` path, as listed by [`SkillContext::tree`]),
    /// through [`fsafe`]. `None` when it is missing, not a regular file, resolves outside the
    /// skill, has several hard links, or is over [`MAX_READ_BYTES`]. Each file is read at most
    /// once.
    pub fn read(&self, rel: &str) -> Option<Rc<Source>> {
        if let Some(cached) = self.read_cache.borrow().get(rel) {
            return cached.clone();
        }
        let source = self
            .read_uncached(rel)
            .map(|bytes| Rc::new(Source::new(bytes)));
        self.read_cache
            .borrow_mut()
            .insert(rel.to_owned(), source.clone());
        source
    }

    /// The files [`SkillContext::read`] read, by absolute path, once the rules are done with
    /// them: what they worked out from them is dropped first, so each file is usually the
    /// only holder of its source.
    pub fn into_reads(self) -> Vec<(PathBuf, Rc<Source>)> {
        drop(self.memo);
        let dir = &self.skill.dir;
        self.read_cache
            .into_inner()
            .into_iter()
            .filter_map(|(rel, source)| Some((dir.join(rel), source?)))
            .collect()
    }

    fn read_uncached(&self, rel: &str) -> Option<Vec<u8>> {
        crate::provider::check_relative(rel).ok()?;
        match &self.files {
            Files::Memory(files) => files.get(rel).cloned(),
            Files::Disk { .. } => {
                let jail = self.jail.get_or_init(|| Jail::new(&self.skill.dir).ok());
                jail.as_ref()?
                    .read(&self.skill.dir.join(rel), MAX_READ_BYTES)
                    .ok()
            }
        }
    }
}

/// Every skill at once, for cross-skill rules.
#[derive(Debug)]
pub struct SetContext<'a> {
    pub skills: &'a [Skill],
    /// The skill files discovery found and could not read.
    pub unreadable: &'a [UnreadableSkill],
    pub targets: &'a [&'static Target],
    pub settings: &'a Settings,
}

#[cfg(test)]
pub(crate) mod testing {
    //! Running one rule over a skill written inline, and reading the repository's Markdown.

    use std::collections::BTreeMap;
    use std::path::{Path, PathBuf};

    use super::{Settings, SkillContext};
    use crate::rules::{Check, Finding, Rule};
    use crate::skill::{Origin, Scope, Skill};
    use crate::targets::{self, Target};

    /// A skill in `/skills/<dir>` with this `SKILL.md` text.
    pub fn skill(dir: &str, text: &str) -> Skill {
        let dir = PathBuf::from("/skills").join(dir);
        let origin = Origin {
            root: PathBuf::from("/skills"),
            scope: Scope::Custom,
            precedence: 0,
            root_index: 0,
        };
        Skill::parse(
            dir.clone(),
            dir.join("SKILL.md"),
            origin,
            text.as_bytes().to_vec(),
        )
    }

    /// Runs a per-skill rule with the given targets (IDs) and files beside `SKILL.md`.
    pub fn check_with(
        rule: &'static Rule,
        skill: &Skill,
        target_ids: &[&str],
        files: &[(&str, &str)],
    ) -> Vec<Finding> {
        let targets: Vec<&'static Target> = target_ids
            .iter()
            .map(|id| targets::find(id).expect("a known target"))
            .collect();
        let settings = Settings::default();
        let files: BTreeMap<String, Vec<u8>> = files
            .iter()
            .map(|(p, c)| ((*p).to_owned(), c.as_bytes().to_vec()))
            .collect();
        let cx = SkillContext::in_memory(skill, &targets, &settings, files);
        let Check::Skill(check) = rule.check else {
            panic!("{} is not a per-skill rule", rule.id)
        };
        let mut out = Vec::new();
        check(&cx, &mut out);
        out
    }

    /// The text of `SKILL.md` (in a directory named `pdf`) each finding of a rule points at.
    pub fn flagged(rule: &'static Rule, text: &str, files: &[(&str, &str)]) -> Vec<String> {
        check_with(rule, &skill("pdf", text), &["agentskills"], files)
            .into_iter()
            .map(|f| {
                let span = f.span.expect("a span");
                text[span.start..span.end].to_owned()
            })
            .collect()
    }

    /// Runs a per-skill rule with the default target and these settings.
    pub fn check_settings(rule: &'static Rule, skill: &Skill, settings: &Settings) -> Vec<Finding> {
        let targets = [targets::find("agentskills").expect("a known target")];
        let cx = SkillContext::in_memory(skill, &targets, settings, BTreeMap::new());
        let Check::Skill(check) = rule.check else {
            panic!("{} is not a per-skill rule", rule.id)
        };
        let mut out = Vec::new();
        check(&cx, &mut out);
        out
    }

    /// Runs a per-skill rule on `SKILL.md` text in a directory named `dir`, default target.
    pub fn check(rule: &'static Rule, dir: &str, text: &str) -> Vec<Finding> {
        check_with(rule, &skill(dir, text), &["agentskills"], &[])
    }
    /// Every regular file below `dir` (symbolic links not followed) whose path `keep` accepts,
    /// with its bytes, in path order; none when `dir` is missing, as the shared corpus is outside
    /// the repository's own development checkout.
    pub fn files_under(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<(PathBuf, Vec<u8>)> {
        let mut found = Vec::new();
        let mut folders = vec![dir.to_path_buf()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
                let path = entry.path();
                match entry.file_type() {
                    Ok(kind) if kind.is_dir() => folders.push(path),
                    Ok(kind) if kind.is_file() && keep(&path) => {
                        if let Ok(bytes) = std::fs::read(&path) {
                            found.push((path, bytes));
                        }
                    }
                    _ => {}
                }
            }
        }
        found.sort();
        found
    }
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::Path;

    use super::{MAX_DEPTH, MAX_TREE_ENTRIES, Tree};
    use crate::fsafe::{self, Flow, Jail, MAX_RECORDED_ENTRIES, Recorder, WalkOptions};
    use crate::provider::{FsOptions, FsProvider, Root, SkillProvider};

    fn write(root: &Path, rel: &str, text: &str) {
        let path = root.join(rel);
        fs::create_dir_all(path.parent().expect("a parent")).expect("a directory");
        fs::write(path, text).expect("a file");
    }

    fn paths(tree: &Tree) -> Vec<String> {
        tree.entries
            .iter()
            .map(|e| format!("{}{}", e.path, if e.is_dir { "/" } else { "" }))
            .collect()
    }

    /// A skill with hidden files, opaque directories, a `.gitignore` and a deep tree.
    fn skill(root: &Path) {
        write(root, "SKILL.md", "---\nname: s\n---\n");
        write(root, ".hidden/notes.md", "");
        write(root, ".gitignore", "*.log\nbuild/\n");
        write(root, "debug.log", "");
        write(root, "build/out.txt", "");
        write(root, "node_modules/pkg/index.js", "");
        write(root, "scripts/__pycache__/x.pyc", "");
        write(root, "scripts/run.py", "");
        let deep: String = (0..MAX_DEPTH + 2).map(|i| format!("d{i}/")).collect();
        write(root, &format!("{deep}leaf.md"), "");
        #[cfg(unix)]
        std::os::unix::fs::symlink(root.join("scripts"), root.join("linked")).expect("a link");
    }

    #[test]
    fn outside_a_repository_gitignore_does_not_count() {
        let dir = tempfile::tempdir().expect("a temp dir");
        skill(dir.path());
        let tree = Tree::scan(dir.path(), true, None);
        assert_eq!(tree, Tree::scan(dir.path(), false, None));
        let listed = paths(&tree);
        for expected in [
            ".gitignore",
            ".hidden/notes.md",
            "build/out.txt",
            "debug.log",
            "node_modules/",
            "scripts/__pycache__/",
        ] {
            assert!(listed.iter().any(|p| p == expected), "{expected}");
        }
        assert!(!listed.iter().any(|p| p.starts_with("node_modules/pkg")));
        assert!(!listed.iter().any(|p| p.ends_with("leaf.md")));
        #[cfg(unix)]
        assert!(listed.iter().any(|p| p == "linked"));
    }

    #[test]
    fn inside_a_repository_gitignore_hides_files() {
        let dir = tempfile::tempdir().expect("a temp dir");
        fs::create_dir(dir.path().join(".git")).expect("a repository");
        let skill_dir = dir.path().join("skill");
        skill(&skill_dir);
        let tree = Tree::scan(&skill_dir, true, None);
        let listed = paths(&tree);
        assert!(
            !listed
                .iter()
                .any(|p| p == "debug.log" || p.starts_with("build"))
        );
        assert!(
            paths(&Tree::scan(&skill_dir, false, None))
                .iter()
                .any(|p| p == "debug.log")
        );

        // A repository inside the skill directory counts as well.
        let nested = tempfile::tempdir().expect("a temp dir");
        skill(nested.path());
        write(nested.path(), "vendor/.git/HEAD", "");
        write(nested.path(), "vendor/.gitignore", "*.tmp\n");
        write(nested.path(), "vendor/a.tmp", "");
        let tree = Tree::scan(nested.path(), true, None);
        assert!(!paths(&tree).iter().any(|p| p == "vendor/a.tmp"));
    }

    /// A root of skills with a bit of everything a walk meets: hidden entries, ignored files,
    /// opaque and empty folders, folders deeper than discovery and the checks look, a folder
    /// past [`MAX_TREE_ENTRIES`], a nested skill and symlinks of every kind.
    fn varied(root: &Path, outside: &Path) {
        skill(&root.join("skill"));
        write(root, "skill/vendor/.git/HEAD", "");
        write(root, "skill/vendor/.gitignore", "*.tmp\n");
        write(root, "skill/vendor/a.tmp", "");
        write(root, "skill/.github/workflows/ci.yml", "");
        fs::create_dir_all(root.join("skill/empty/deeper")).expect("a directory");
        write(root, "skill/nested/SKILL.md", "---\nname: n\n---\n");
        write(root, "skill/nested/references/guide.md", "");
        write(root, "skill/inner/skill.md", "---\nname: i\n---\n");
        write(root, "skill/inner/.hidden", "");
        for i in 0..MAX_TREE_ENTRIES + 50 {
            write(root, &format!("skill/many/f{i:05}.md"), "");
        }
        write(root, "other/notes.md", "");
        write(outside, "elsewhere/SKILL.md", "---\nname: e\n---\n");
        write(outside, "elsewhere/scripts/x.sh", "");
        #[cfg(unix)]
        {
            use std::os::unix::fs::symlink;
            symlink(root.join("skill/scripts/run.py"), root.join("skill/run.py")).expect("a link");
            symlink(root.join("other"), root.join("skill/other")).expect("a link");
            symlink(outside, root.join("skill/outside")).expect("a link");
            symlink(root.join("skill"), root.join("skill/scripts/again")).expect("a link");
            symlink(root.join("skill/missing"), root.join("skill/dangling")).expect("a link");
            symlink(root.join("skill/nested"), root.join("alias")).expect("a link");
            symlink(outside.join("elsewhere"), root.join("elsewhere")).expect("a link");
        }
    }

    #[test]
    fn what_discovery_listed_gives_the_same_tree() {
        for repository in [false, true] {
            let dir = tempfile::tempdir().expect("a temp dir");
            let outside = tempfile::tempdir().expect("a temp dir");
            if repository {
                fs::create_dir(dir.path().join(".git")).expect("a repository");
                write(dir.path(), ".gitignore", "other/\n*.md.bak\n");
            }
            let root = dir.path().join("root");
            varied(&root, outside.path());
            for respect_gitignore in [false, true] {
                let options = FsOptions {
                    respect_gitignore,
                    ..FsOptions::default()
                };
                let provider =
                    FsProvider::discover(&[Root::explicit(&root)], options).expect("discovered");
                let mut listed = 0;
                for skill in provider.list() {
                    let listings = skill.listings.as_ref();
                    if let Some(listings) = listings {
                        listed += 1;
                        assert!(listings.folders() > 0);
                    }
                    for gitignore in [false, true] {
                        let tree = Tree::scan(&skill.dir, gitignore, None);
                        assert_eq!(
                            Tree::scan(&skill.dir, gitignore, listings),
                            tree,
                            "{} (repository {repository}, gitignore {gitignore})",
                            skill.dir.display()
                        );
                        if skill.dir.ends_with("skill") {
                            assert!(tree.truncated);
                        }
                    }
                }
                // `skill`, `skill/inner`, and `alias`, through which `skill/nested` is met
                // first (and then not again); `elsewhere` leaves the root and is not walked, so
                // it has none.
                let dirs: Vec<_> = provider.list().iter().map(|s| s.dir.clone()).collect();
                let expected = if cfg!(unix) {
                    vec![
                        root.join("alias"),
                        root.join("elsewhere"),
                        root.join("skill"),
                        root.join("skill/inner"),
                    ]
                } else {
                    vec![
                        root.join("skill"),
                        root.join("skill/inner"),
                        root.join("skill/nested"),
                    ]
                };
                assert_eq!(dirs, expected);
                assert_eq!(listed, 3);
            }
        }
    }

    #[test]
    fn listings_cut_short_by_the_budget_give_the_same_tree() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let outside = tempfile::tempdir().expect("a temp dir");
        let root = dir.path().join("root");
        varied(&root, outside.path());
        let skill = root.join("skill");
        let jail = Jail::new(&root).expect("a jail");
        for budget in [0, 1, 4, 12, 30, 100, MAX_TREE_ENTRIES, MAX_RECORDED_ENTRIES] {
            let mut recorder = Recorder::new(budget, |name| name == "SKILL.md");
            let options = WalkOptions {
                jail: &jail,
                max_depth: 8,
                gitignore: true,
                follow: true,
            };
            fsafe::walk_recording(&root, options, &mut recorder, &|_| false, &mut |_| {
                Flow::Continue
            });
            let Some(listings) = recorder.below(&skill) else {
                assert!(budget < 100, "{budget}");
                continue;
            };
            for gitignore in [false, true] {
                assert_eq!(
                    Tree::scan(&skill, gitignore, Some(&listings)),
                    Tree::scan(&skill, gitignore, None),
                    "budget {budget}"
                );
            }
        }
    }
}
