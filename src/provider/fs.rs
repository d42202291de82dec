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
use super::{Note, NoteKind, SkillProvider, resolve_shadowing};
use crate::error::{Error, Result};
use crate::parallel;
use crate::paths;
use crate::skill::{Origin, Scope, Skill};

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
    /// Whether `.gitignore` hides skills below this root, when the root's owner decides it (a
    /// runtime that reads no ignore files). `None` uses [`FsOptions::respect_gitignore`].
    pub respect_gitignore: Option<bool>,
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
            respect_gitignore: None,
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
            respect_gitignore: None,
        }
    }

    /// The same root, searched `levels` deep at most.
    #[must_use]
    pub fn with_max_depth(mut self, levels: usize) -> Self {
        self.max_depth = Some(levels);
        self
    }

    /// The same root, searched whatever `.gitignore` says.
    #[must_use]
    pub fn ignoring_gitignore(mut self) -> Self {
        self.respect_gitignore = Some(false);
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

    fn walk(&mut self, root: &Path, origin: &Origin, spec: &Root) {
        let escapes = Arc::new(Mutex::new(Vec::new()));
        let fixed_depth = spec.max_depth;
        let max_depth = fixed_depth.unwrap_or(self.options.max_depth);
        let options = FsOptions {
            respect_gitignore: spec
                .respect_gitignore
                .unwrap_or(self.options.respect_gitignore),
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
