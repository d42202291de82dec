//! Skills on disk: discovery under roots with the `ignore` walker, bounded and deterministic,
//! and guarded reads of bundled files.
//!
//! Symlink policy: a symlink inside a root is followed. A symlinked *skill* (its directory or its
//! `SKILL.md`) that resolves outside the root is still loaded, since that is how people install
//! skills from a dotfiles checkout, but the escape is recorded and the target is not searched for
//! more skills. Any other directory symlink that leaves the root is recorded and not followed.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use ignore::WalkBuilder;

use super::resource::{self, LineRange, Resource, ResourceError, Resources};
use super::{Note, NoteKind, RipgrepListing, SkillProvider, resolve_shadowing};
use crate::error::{Error, Result};
use crate::parallel;
use crate::paths;
use crate::skill::{Origin, Scope, Skill};
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::overrides::{Override, OverrideBuilder};
use ignore::{DirEntry, WalkState};

/// The file that makes a directory a skill.
pub const SKILL_MD: &str = "SKILL.md";

/// Directories never searched.
const SKIPPED_DIRS: [&str; 2] = [".git", "node_modules"];

/// A directory to search for skills.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Root {
    pub path: PathBuf,
    pub scope: Scope,
    /// Higher wins a name collision; equal precedence goes to the root listed first.
    pub precedence: i32,
    /// A required root that does not exist is an error; an optional one is simply empty (the
    /// runtimes' own roots usually do not all exist).
    pub required: bool,
    /// How deep below this root to search, when the root's owner fixes it (a runtime that only
    /// looks at `<root>/*/SKILL.md` searches 2 levels: the skill directory and its file).
    /// `None` uses [`FsOptions::max_depth`].
    pub max_depth: Option<usize>,
    /// `false`: `.gitignore` rules are not applied under this root, whatever the options say
    /// (the root's owner does not apply them).
    pub gitignore: bool,
    /// The skills of this root in descending path order, a `SKILL.md` at the root itself first,
    /// instead of ascending path order.
    pub descending: bool,
}

impl Root {
    /// A path the user named: custom scope, must exist.
    pub fn explicit(path: impl Into<PathBuf>) -> Self {
        Self {
            path: path.into(),
            scope: Scope::Custom,
            precedence: 0,
            required: true,
            max_depth: None,
            gitignore: true,
            descending: false,
        }
    }

    /// A runtime's root: may be missing.
    pub fn optional(path: impl Into<PathBuf>, scope: Scope, precedence: i32) -> Self {
        Self {
            path: path.into(),
            scope,
            precedence,
            required: false,
            max_depth: None,
            gitignore: true,
            descending: false,
        }
    }

    /// The same root, searched `levels` deep at most.
    #[must_use]
    pub fn with_max_depth(mut self, levels: usize) -> Self {
        self.max_depth = Some(levels);
        self
    }
}

/// Bounds and switches for discovery and reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FsOptions {
    /// Honour `.gitignore` and `.git/info/exclude` (inside git repositories, as git does).
    pub respect_gitignore: bool,
    /// How deep below a root to search.
    pub max_depth: usize,
    /// How many directories to visit per root before stopping.
    pub max_dirs: usize,
    /// A larger `SKILL.md` is recorded as too large and not parsed.
    pub max_skill_md_bytes: u64,
    /// The cap on the text one resource read returns.
    pub max_resource_bytes: usize,
    /// The cap on a resource listing.
    pub max_resources: usize,
}

impl Default for FsOptions {
    fn default() -> Self {
        Self {
            respect_gitignore: true,
            max_depth: 8,
            max_dirs: 20_000,
            max_skill_md_bytes: 4 * 1024 * 1024,
            max_resource_bytes: resource::DEFAULT_MAX_RESOURCE_BYTES,
            max_resources: resource::DEFAULT_MAX_RESOURCES,
        }
    }
}

/// Skills discovered on disk.
#[derive(Debug)]
pub struct FsProvider {
    skills: Vec<Skill>,
    notes: Vec<Note>,
    options: FsOptions,
}

impl FsProvider {
    /// Searches every root. Fails only when a required root is missing, unreadable, or a file
    /// that is not a `SKILL.md`; everything else becomes a [`Note`].
    pub fn discover(roots: &[Root], options: FsOptions) -> Result<Self> {
        let mut run = Discovery {
            options: &options,
            read: Vec::new(),
            notes: Vec::new(),
            seen: HashSet::new(),
        };
        for (index, root) in roots.iter().enumerate() {
            run.root(index, root)?;
        }
        let Discovery { read, notes, .. } = run;
        let mut skills =
            parallel::map(read, |r| Skill::parse(r.dir, r.skill_md, r.origin, r.bytes));
        resolve_shadowing(&mut skills);
        Ok(Self {
            skills,
            notes,
            options,
        })
    }

    /// What discovery noticed, in discovery order.
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }

    /// The same skills with a runtime's built-in skills before and after them, in discovery
    /// order (they have no files to read).
    #[must_use]
    pub fn with_builtins(mut self, before: Vec<Skill>, after: Vec<Skill>) -> Self {
        if before.is_empty() && after.is_empty() {
            return self;
        }
        let found = std::mem::take(&mut self.skills);
        self.skills = before.into_iter().chain(found).chain(after).collect();
        self
    }
}

impl SkillProvider for FsProvider {
    fn list(&self) -> &[Skill] {
        &self.skills
    }

    fn resources_of(&self, skill: &Skill) -> Result<Resources, ResourceError> {
        let dir = fs::canonicalize(&skill.dir).map_err(|source| ResourceError::Io {
            path: skill.dir.display().to_string(),
            source,
        })?;
        let mut files = Vec::new();
        let mut truncated = false;
        let walker = walker(
            &dir,
            self.options.max_depth,
            &self.options,
            Arc::new(Mutex::new(Vec::new())),
        );
        for entry in walker.build().flatten() {
            if !entry.file_type().is_some_and(|t| t.is_file()) {
                continue;
            }
            let rel = entry.path().strip_prefix(&dir).unwrap_or(entry.path());
            if rel == Path::new(SKILL_MD) || Some(rel.as_os_str()) == skill.skill_md.file_name() {
                continue;
            }
            if files.len() == self.options.max_resources {
                truncated = true;
                break;
            }
            files.push(paths::to_slash(rel));
        }
        files.sort();
        Ok(Resources { files, truncated })
    }

    fn plain_entries(&self, skill: &Skill) -> Result<Vec<String>, ResourceError> {
        let dir = skill.dir.clone();
        fs::metadata(&dir).map_err(|source| ResourceError::Io {
            path: dir.display().to_string(),
            source,
        })?;
        let mut entries = Vec::new();
        let walker = WalkBuilder::new(&dir)
            .standard_filters(false)
            .follow_links(false)
            .max_depth(Some(self.options.max_depth))
            .filter_entry(|entry| {
                let parent = entry.path().parent().and_then(Path::file_name);
                !SKIPPED_DIRS.iter().any(|d| parent == Some(d.as_ref()))
            })
            .build();
        for entry in walker.flatten() {
            if entry.depth() == 0 {
                continue;
            }
            let Some(kind) = entry.file_type() else {
                continue;
            };
            let rel = paths::to_slash(entry.path().strip_prefix(&dir).unwrap_or(entry.path()));
            if kind.is_dir() {
                entries.push(format!("{rel}/"));
            } else if kind.is_file() {
                entries.push(rel);
            }
            if entries.len() >= self.options.max_resources {
                break;
            }
        }
        entries.sort();
        Ok(entries)
    }

    fn ripgrep_files(
        &self,
        skill: &Skill,
        listing: &RipgrepListing<'_>,
    ) -> Result<Vec<String>, ResourceError> {
        let dir = skill.dir.clone();
        let io = |source| ResourceError::Io {
            path: dir.display().to_string(),
            source,
        };
        fs::metadata(&dir).map_err(io)?;
        let overrides = exclusions(&dir, listing.exclude);
        let written = written_gitignores(&dir, listing);
        let mut builder = WalkBuilder::new(&dir);
        builder
            .hidden(false)
            .follow_links(false)
            .add_custom_ignore_filename(".rgignore")
            .threads(1);
        if let Some(overrides) = overrides {
            builder.overrides(overrides);
        }
        builder.filter_entry(move |entry| {
            let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
            !written.iter().any(|ignore| {
                ignore
                    .matched_path_or_any_parents(entry.path(), is_dir)
                    .is_ignore()
            })
        });
        let found: Arc<Mutex<Vec<String>>> = Arc::new(Mutex::new(Vec::new()));
        let limit = listing.limit;
        builder.build_parallel().run(|| {
            let found = Arc::clone(&found);
            let dir = dir.clone();
            Box::new(move |entry: Result<DirEntry, ignore::Error>| {
                let Ok(entry) = entry else {
                    return WalkState::Continue;
                };
                if !entry.file_type().is_some_and(|t| t.is_file()) {
                    return WalkState::Continue;
                }
                let mut found = found.lock().unwrap_or_else(PoisonError::into_inner);
                if found.len() >= limit {
                    return WalkState::Quit;
                }
                let rel = entry.path().strip_prefix(&dir).unwrap_or(entry.path());
                found.push(paths::to_slash(rel));
                WalkState::Continue
            })
        });
        let found = std::mem::take(&mut *found.lock().unwrap_or_else(PoisonError::into_inner));
        Ok(found)
    }

    fn read_resource_of(
        &self,
        skill: &Skill,
        relative_path: &str,
        lines: Option<LineRange>,
    ) -> Result<Resource, ResourceError> {
        let rel = resource::check_relative(relative_path)?;
        let shown = paths::to_slash(&rel);
        let io = |source| ResourceError::Io {
            path: shown.clone(),
            source,
        };
        let full = skill.dir.join(&rel);
        let target = match fs::canonicalize(&full) {
            Ok(target) => target,
            Err(err) if err.kind() == io::ErrorKind::NotFound => {
                return Err(ResourceError::NotFound { path: shown });
            }
            Err(err) => return Err(io(err)),
        };
        let base = fs::canonicalize(&skill.dir).map_err(io)?;
        if !target.starts_with(&base) {
            return Err(ResourceError::SymlinkEscape { path: shown });
        }
        if !target.is_file() {
            return Err(ResourceError::NotAFile { path: shown });
        }
        let file = File::open(&target).map_err(io)?;
        resource::read_text(file, &shown, lines, self.options.max_resource_bytes)
    }
}

/// A skill file read during the walk, parsed once the walk is over.
struct ReadSkill {
    dir: PathBuf,
    skill_md: PathBuf,
    origin: Origin,
    bytes: Vec<u8>,
}

/// The state of one discovery run.
struct Discovery<'a> {
    options: &'a FsOptions,
    /// The skill files read, in discovery order.
    read: Vec<ReadSkill>,
    notes: Vec<Note>,
    /// Canonical paths of the skill files already loaded.
    seen: HashSet<PathBuf>,
}

impl Discovery<'_> {
    fn note(&mut self, kind: NoteKind, path: impl Into<PathBuf>, message: impl Into<String>) {
        self.notes.push(Note {
            kind,
            path: path.into(),
            message: message.into(),
        });
    }

    fn root(&mut self, index: usize, root: &Root) -> Result<()> {
        let meta = match fs::metadata(&root.path) {
            Ok(meta) => meta,
            Err(err) if err.kind() == io::ErrorKind::NotFound && root.required => {
                return Err(Error::PathNotFound {
                    path: root.path.clone(),
                });
            }
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(err) => return Err(Error::unreadable(&root.path, err)),
        };
        // Resolve `.` and `..` (and symlinks) before any directory name is taken.
        let path = fs::canonicalize(&root.path).map_err(|e| Error::unreadable(&root.path, e))?;
        let origin = |root_path: PathBuf| Origin {
            root: root_path,
            scope: root.scope,
            precedence: root.precedence,
            root_index: index,
        };
        if meta.is_file() {
            let is_skill_file = path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().eq_ignore_ascii_case(SKILL_MD));
            let Some(dir) = path.parent().filter(|_| is_skill_file) else {
                return Err(Error::NotASkillPath {
                    path: root.path.clone(),
                });
            };
            self.load(dir.to_path_buf(), path.clone(), &origin(dir.to_path_buf()));
            return Ok(());
        }
        fs::read_dir(&path).map_err(|e| Error::unreadable(&root.path, e))?;
        self.walk(&path, &origin(path.clone()), root);
        Ok(())
    }

    fn walk(&mut self, root: &Path, origin: &Origin, settings: &Root) {
        let fixed_depth = settings.max_depth;
        let escapes = Arc::new(Mutex::new(Vec::new()));
        let max_depth = fixed_depth.unwrap_or(self.options.max_depth);
        let options = FsOptions {
            respect_gitignore: self.options.respect_gitignore && settings.gitignore,
            ..self.options.clone()
        };
        let walker = walker(root, max_depth, &options, Arc::clone(&escapes));
        // Skill directory -> its skill files (`SKILL.md` first: names sort uppercase first).
        let mut candidates: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
        let mut symlinked_dirs = BTreeSet::new();
        let mut under_skills_dir = Vec::new();
        let mut dirs = 0usize;
        let mut depth_limited = Vec::new();
        for result in walker.build() {
            let entry = match result {
                Ok(entry) => entry,
                Err(err) => {
                    self.walk_error(err);
                    continue;
                }
            };
            let path = entry.path();
            let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
            if is_dir {
                dirs += 1;
                if dirs > self.options.max_dirs {
                    self.note(
                        NoteKind::DirectoryLimit,
                        root,
                        format!(
                            "stopped after {} directories; skills further on were not searched (raise --max-dirs)",
                            self.options.max_dirs
                        ),
                    );
                    break;
                }
                if entry.path_is_symlink() {
                    symlinked_dirs.insert(path.to_path_buf());
                }
                if entry.depth() > 0
                    && path.parent().and_then(Path::file_name) == Some("skills".as_ref())
                {
                    under_skills_dir.push(path.to_path_buf());
                }
                // A depth the root's owner fixed is how that runtime searches, not a bound hit.
                if fixed_depth.is_none() && entry.depth() == max_depth && has_subdirectory(path) {
                    depth_limited.push(path.to_path_buf());
                }
                continue;
            }
            let is_skill_file = entry
                .file_name()
                .to_string_lossy()
                .eq_ignore_ascii_case(SKILL_MD);
            if is_skill_file && let Some(dir) = path.parent() {
                candidates
                    .entry(dir.to_path_buf())
                    .or_default()
                    .push(path.to_path_buf());
            }
        }
        if let Some(first) = depth_limited.first() {
            self.note(
                NoteKind::DepthLimit,
                first.clone(),
                format!(
                    "{} director{} at depth {} were not searched further (raise --max-depth)",
                    depth_limited.len(),
                    if depth_limited.len() == 1 { "y" } else { "ies" },
                    self.options.max_depth
                ),
            );
        }
        let escapes = std::mem::take(&mut *escapes.lock().unwrap_or_else(PoisonError::into_inner));
        for escape in escapes {
            match escape.target_skill_md {
                Some(skill_md) => {
                    self.note(
                        NoteKind::SymlinkEscape,
                        &escape.link,
                        format!(
                            "symlinked skill resolves outside the root, to {}; loaded, not searched further",
                            escape.target.display()
                        ),
                    );
                    candidates.insert(escape.link.clone(), vec![escape.link.join(skill_md)]);
                }
                None => self.note(
                    NoteKind::SymlinkEscape,
                    &escape.link,
                    format!(
                        "symlink resolves outside the root, to {}; not followed",
                        escape.target.display()
                    ),
                ),
            }
        }
        for dir in under_skills_dir {
            if !candidates.keys().any(|skill| skill.starts_with(&dir)) {
                self.note(
                    NoteKind::MissingSkillMd,
                    &dir,
                    "directory in a skills folder has no SKILL.md; runtimes ignore it",
                );
            }
        }
        let mut candidates: Vec<(PathBuf, Vec<PathBuf>)> = candidates.into_iter().collect();
        if settings.descending {
            // Ascending paths start with the root itself, which stays first.
            let at_root = usize::from(candidates.first().is_some_and(|(dir, _)| dir == root));
            candidates[at_root..].reverse();
        }
        for (dir, files) in candidates {
            if symlinked_dirs.contains(&dir) {
                self.note(
                    NoteKind::Symlink,
                    &dir,
                    "skill directory is a symlink (followed)",
                );
            }
            let exact = files
                .iter()
                .find(|f| f.file_name() == Some(SKILL_MD.as_ref()));
            let file = match exact {
                Some(file) => file.clone(),
                None => {
                    let file = files[0].clone();
                    self.note(
                        NoteKind::LowercaseSkillMd,
                        &file,
                        format!(
                            "skill file is named `{}`, not `SKILL.md`; runtimes that look for SKILL.md exactly do not see this skill",
                            file.file_name().unwrap_or_default().to_string_lossy()
                        ),
                    );
                    file
                }
            };
            self.load(dir, file, origin);
        }
    }

    /// Reads and parses one skill file, recording instead of failing.
    fn load(&mut self, dir: PathBuf, skill_md: PathBuf, origin: &Origin) {
        let canonical = match fs::canonicalize(&skill_md) {
            Ok(path) => path,
            Err(err) => {
                self.note(NoteKind::Unreadable, &skill_md, err.to_string());
                return;
            }
        };
        if !self.seen.insert(canonical.clone()) {
            self.note(
                NoteKind::SameFile,
                &skill_md,
                format!("the same file as {}, already listed", canonical.display()),
            );
            return;
        }
        if fs::symlink_metadata(&skill_md).is_ok_and(|m| m.file_type().is_symlink()) {
            let escapes = !canonical.starts_with(&origin.root);
            self.note(
                if escapes {
                    NoteKind::SymlinkEscape
                } else {
                    NoteKind::Symlink
                },
                &skill_md,
                format!(
                    "skill file is a symlink to {} (followed)",
                    canonical.display()
                ),
            );
        }
        match read_limited(&skill_md, self.options.max_skill_md_bytes) {
            Ok(Some(bytes)) => {
                self.read.push(ReadSkill {
                    dir,
                    skill_md,
                    origin: origin.clone(),
                    bytes,
                });
            }
            Ok(None) => self.note(
                NoteKind::TooLarge,
                &skill_md,
                format!(
                    "larger than {} bytes; not parsed",
                    self.options.max_skill_md_bytes
                ),
            ),
            Err(err) => self.note(NoteKind::Unreadable, &skill_md, err.to_string()),
        }
    }

    fn walk_error(&mut self, err: ignore::Error) {
        let mut path = None;
        let mut err = &err;
        loop {
            match err {
                ignore::Error::WithPath {
                    path: p,
                    err: inner,
                } => {
                    path = Some(p.clone());
                    err = inner;
                }
                ignore::Error::WithDepth { err: inner, .. }
                | ignore::Error::WithLineNumber { err: inner, .. } => err = inner,
                ignore::Error::Loop { ancestor, child } => {
                    self.note(
                        NoteKind::SymlinkLoop,
                        child,
                        format!("symlink loop back to {}; not followed", ancestor.display()),
                    );
                    return;
                }
                ignore::Error::Partial(errors) => {
                    for e in errors {
                        self.walk_error(e.clone());
                    }
                    return;
                }
                other => {
                    let path = path.unwrap_or_default();
                    let is_link =
                        fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
                    let io = other.io_error();
                    let (kind, message) = match io {
                        Some(e) if is_link && e.kind() == io::ErrorKind::NotFound => (
                            NoteKind::BrokenSymlink,
                            "symlink points at nothing".to_owned(),
                        ),
                        // ELOOP: the link resolves through itself.
                        Some(_) if is_link => (
                            NoteKind::SymlinkLoop,
                            format!("symlink cannot be resolved ({other}); not followed"),
                        ),
                        _ => (NoteKind::Unreadable, other.to_string()),
                    };
                    self.note(kind, path, message);
                    return;
                }
            }
        }
    }
}

/// A directory symlink found leaving its root.
#[derive(Debug)]
struct Escape {
    link: PathBuf,
    target: PathBuf,
    /// The skill file in the target, when the target is a skill directory.
    target_skill_md: Option<&'static str>,
}

/// The walker shared by discovery and resource listings: sorted, hidden entries included,
/// `.git` and `node_modules` skipped, symlinks followed only while they stay under `root`.
fn walker(
    root: &Path,
    max_depth: usize,
    options: &FsOptions,
    escapes: Arc<Mutex<Vec<Escape>>>,
) -> WalkBuilder {
    let mut builder = WalkBuilder::new(root);
    let respect = options.respect_gitignore;
    let base = root.to_path_buf();
    builder
        .hidden(false)
        .ignore(false)
        .parents(respect)
        .git_ignore(respect)
        .git_exclude(respect)
        .git_global(false)
        .follow_links(true)
        .max_depth(Some(max_depth))
        .sort_by_file_name(|a, b| a.cmp(b))
        .filter_entry(move |entry| {
            let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
            if is_dir && SKIPPED_DIRS.iter().any(|d| entry.file_name() == *d) {
                return false;
            }
            if !(is_dir && entry.path_is_symlink()) {
                return true;
            }
            let Ok(target) = fs::canonicalize(entry.path()) else {
                return true; // the walker reports it
            };
            if target.starts_with(&base) {
                return true;
            }
            let target_skill_md = ["SKILL.md", "skill.md"]
                .into_iter()
                .find(|name| target.join(name).is_file());
            escapes
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(Escape {
                    link: entry.path().to_path_buf(),
                    target,
                    target_skill_md,
                });
            false
        });
    builder
}

/// `--glob=!GLOB` for each of `globs`, rooted at `dir`; `None` when there are none (or one
/// does not parse).
pub(super) fn exclusions(dir: &Path, globs: &[&str]) -> Option<Override> {
    if globs.is_empty() {
        return None;
    }
    let mut builder = OverrideBuilder::new(dir);
    for glob in globs {
        builder.add(&format!("!{glob}")).ok()?;
    }
    builder.build().ok()
}

/// Whether the exclusions leave out the file at `path`.
pub(super) fn is_excluded(exclusions: Option<&Override>, path: &Path) -> bool {
    exclusions.is_some_and(|o| o.matched(path, false).is_ignore())
}

/// The `.gitignore` files a runtime would write, in the directories at or above `dir` it picks
/// that have none yet, and only inside a git repository (ripgrep applies `.gitignore` only
/// there).
fn written_gitignores(dir: &Path, listing: &RipgrepListing<'_>) -> Vec<Gitignore> {
    let (dirs, lines) = listing.written_gitignore;
    dir.ancestors()
        .filter(|at| dirs.iter().any(|d| d == at) && !at.join(".gitignore").exists())
        .filter(|at| at.ancestors().any(|up| up.join(".git").exists()))
        .filter_map(|at| {
            let mut builder = GitignoreBuilder::new(at);
            for line in lines {
                builder.add_line(None, line).ok()?;
            }
            builder.build().ok()
        })
        .collect()
}

fn has_subdirectory(dir: &Path) -> bool {
    fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.file_type().is_ok_and(|t| t.is_dir()))
    })
}

/// The file's bytes, or `None` when it is larger than `limit`. Never reads more than
/// `limit + 1` bytes.
fn read_limited(path: &Path, limit: u64) -> io::Result<Option<Vec<u8>>> {
    let file = File::open(path)?;
    let hint = file.metadata().map(|m| m.len()).unwrap_or(0);
    if hint > limit {
        return Ok(None);
    }
    let mut bytes = Vec::with_capacity(usize::try_from(hint).unwrap_or(0));
    file.take(limit + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}
