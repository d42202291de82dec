//! Skills on disk: discovery under roots with the `ignore` walker, bounded and deterministic,
//! and guarded reads of bundled files.
//!
//! Every file is read through [`crate::fsafe`]: regular files only, bounded, never through a
//! symlink out of its folder, never a file with several hard links.
//!
//! Symlink policy: a symlink inside a root is followed. A symlinked skill *directory* that
//! resolves outside the root is still loaded, since that is how people install skills from a
//! dotfiles checkout, but the escape is recorded, the target is not searched for more skills, and
//! its files must stay inside the target. A `SKILL.md` that is itself a symlink out of its root is
//! not read (a skill that cannot be read: `skills lint` fails on it). Any other symlink that
//! leaves the root is recorded and not followed.

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use ignore::WalkBuilder;

use super::resource::{self, LineRange, Resource, ResourceError, Resources};
use super::{Note, NoteKind, RipgrepListing, SkillProvider, resolve_shadowing};
use crate::error::{Error, Result};
use crate::fsafe::{self, Event, Flow, Jail, Links, Listings, Recorder, Refusal, WalkOptions};
use crate::hash::HashSet;
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
    unreadable: Vec<UnreadableSkill>,
    options: FsOptions,
}

impl FsProvider {
    /// Searches every root. Fails only when a required root is missing, unreadable, or a file
    /// that is not a `SKILL.md`; everything else becomes a [`Note`].
    pub fn discover(roots: &[Root], options: FsOptions) -> Result<Self> {
        fsafe::forget();
        let mut run = Discovery {
            options: &options,
            read: Vec::new(),
            notes: Vec::new(),
            unreadable: Vec::new(),
            seen: HashSet::default(),
            listing_budget: fsafe::MAX_RECORDED_ENTRIES,
        };
        for (index, root) in roots.iter().enumerate() {
            run.root(index, root)?;
        }
        let Discovery {
            read,
            notes,
            unreadable,
            ..
        } = run;
        let mut skills = parallel::map(read, |r| {
            let mut skill = Skill::parse(r.dir, r.skill_md, r.origin, r.bytes);
            skill.listings = r.listings;
            skill
        });
        resolve_shadowing(&mut skills);
        Ok(Self {
            skills,
            notes,
            unreadable,
            options,
        })
    }

    /// What discovery noticed, in discovery order.
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }

    /// The skills found, moved out (no copy): the provider keeps its notes and unreadable
    /// files, and lists no skills after this.
    pub fn take_skills(&mut self) -> Vec<Skill> {
        std::mem::take(&mut self.skills)
    }

    /// The skill files found that could not be read (each also has a note).
    pub fn unreadable(&self) -> &[UnreadableSkill] {
        &self.unreadable
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
        let jail = Jail::new(&skill.dir).map_err(|source| ResourceError::Io {
            path: skill.dir.display().to_string(),
            source,
        })?;
        let dir = jail.root().to_path_buf();
        let mut files = Vec::new();
        let mut truncated = false;
        let options = WalkOptions {
            jail: &jail,
            max_depth: self.options.max_depth,
            gitignore: self.options.respect_gitignore,
            follow: true,
        };
        fsafe::walk(&dir, options, &mut |event| {
            let Event::Entry(entry) = event else {
                return Flow::Continue;
            };
            if entry.is_dir() {
                let skipped =
                    entry.depth > 0 && SKIPPED_DIRS.iter().any(|d| entry.file_name() == *d);
                return if skipped { Flow::Skip } else { Flow::Continue };
            }
            if !entry.is_file() {
                return Flow::Continue;
            }
            // The skill file itself: the one file right below the folder with its name.
            let name = entry.file_name();
            if entry.depth == 1 && (name == SKILL_MD || Some(name) == skill.skill_md.file_name()) {
                return Flow::Continue;
            }
            if files.len() == self.options.max_resources {
                truncated = true;
                return Flow::Stop;
            }
            files.push(paths::slash_below(&entry.path, &dir));
            Flow::Continue
        });
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
        ignore_files_are_regular(&dir, self.options.max_depth)?;
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
        let jail = Jail::new(&skill.dir).map_err(|source| ResourceError::Io {
            path: shown.clone(),
            source,
        })?;
        let opened = jail
            .open(&skill.dir.join(&rel), Links::Refuse)
            .map_err(|refusal| match refusal {
                Refusal::NotFound => ResourceError::NotFound {
                    path: shown.clone(),
                },
                Refusal::Outside { .. } => ResourceError::SymlinkEscape {
                    path: shown.clone(),
                },
                Refusal::NotRegular(_) => ResourceError::NotAFile {
                    path: shown.clone(),
                },
                other => ResourceError::Io {
                    path: shown.clone(),
                    source: other.into_io(),
                },
            })?;
        let size = opened.len;
        resource::read_text(
            opened.file,
            &shown,
            lines,
            self.options.max_resource_bytes,
            size,
        )
    }
}

/// A skill file that was found and could not be read: over the size limit, not a regular
/// file, a symlink out of its root, a file with several hard links, or unreadable. Runtimes
/// skip such a skill; `skills lint` reports it as an error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnreadableSkill {
    pub dir: PathBuf,
    pub skill_md: PathBuf,
    pub reason: String,
}

/// A skill file read during the walk, parsed once the walk is over.
struct ReadSkill {
    dir: PathBuf,
    skill_md: PathBuf,
    origin: Origin,
    bytes: Vec<u8>,
    /// The skill directory and the folders in it as the walk listed them.
    listings: Option<Listings>,
}

/// A skill directory found by the walk: its skill files (`SKILL.md` first: names sort
/// uppercase first), and the folder they must resolve into.
struct Candidate {
    files: Vec<PathBuf>,
    /// Set for a symlinked skill directory that leaves the root: its own (resolved) folder.
    jail: Option<PathBuf>,
    /// The walk listed every one of `files` as a regular file, not a symlink.
    listed: bool,
}

/// The skill files the walk found, grouped by folder, the folders in path order and each
/// folder's files in the order found. The walk lists folders in path order, so the sort is
/// mostly a check that they are. Each file comes with whether the walk listed it as a regular
/// file, not a symlink.
fn by_folder(mut found: Vec<(PathBuf, PathBuf, bool)>) -> Vec<(PathBuf, Candidate)> {
    if !found.is_sorted_by(|a, b| a.0 <= b.0) {
        found.sort_by(|a, b| a.0.cmp(&b.0));
    }
    let mut folders: Vec<(PathBuf, Candidate)> = Vec::new();
    for (dir, file, listed) in found {
        match folders.last_mut() {
            Some((last, candidate)) if *last == dir => {
                candidate.files.push(file);
                candidate.listed &= listed;
            }
            _ => folders.push((
                dir,
                Candidate {
                    files: vec![file],
                    jail: None,
                    listed,
                },
            )),
        }
    }
    folders
}

/// What the file system says about one skill file, found before it is recorded.
struct Fetch {
    /// Where the file resolves to, or why it cannot be resolved inside its jail.
    canonical: Result<PathBuf, Refusal>,
    /// The file itself is a symlink.
    is_link: bool,
    /// The resolved file is inside the jail.
    inside: bool,
    /// Its bytes, up to the size limit (read when it resolves, inside or out: the jail decides).
    read: Result<Vec<u8>, Refusal>,
    /// The folder the file must stay in.
    jail_root: PathBuf,
}

impl Fetch {
    /// What the file system says about `skill_md`; `listed` when the walk listed it as a regular
    /// file, not a symlink (its own name is then not looked up again before it is opened).
    fn of(skill_md: &Path, jail: &Jail, limit: u64, listed: bool) -> Self {
        let plain = if listed {
            jail.read_listed(skill_md, limit)
        } else {
            jail.read_plain(skill_md, limit)
        };
        if let Some((resolved, read)) = plain {
            // No name below the jail's folder is a symlink, the file's own name included.
            return Self {
                canonical: Ok(resolved),
                is_link: false,
                inside: true,
                read,
                jail_root: jail.root().to_path_buf(),
            };
        }
        let canonical = jail.resolve(skill_md);
        let resolved = match &canonical {
            Ok(path) | Err(Refusal::Outside { target: path, .. }) => Some(path),
            Err(_) => None,
        };
        let is_link = fs::symlink_metadata(skill_md).is_ok_and(|m| m.file_type().is_symlink());
        let inside = resolved.is_some_and(|path| jail.contains(path));
        let read = match resolved {
            Some(_) => jail.read(skill_md, limit),
            None => Err(Refusal::NotFound),
        };
        Self {
            canonical,
            is_link,
            inside,
            read,
            jail_root: jail.root().to_path_buf(),
        }
    }
}

/// The state of one discovery run.
struct Discovery<'a> {
    options: &'a FsOptions,
    /// The skill files read, in discovery order.
    read: Vec<ReadSkill>,
    notes: Vec<Note>,
    unreadable: Vec<UnreadableSkill>,
    /// Canonical paths of the skill files already loaded, as bytes (canonical paths are equal
    /// exactly when their bytes are, and bytes hash in one piece).
    seen: HashSet<std::ffi::OsString>,
    /// How many more folder entries the walks may keep for the checks.
    listing_budget: usize,
}

/// `SKILL.md` in any case. The name is ASCII, so a name that is not UTF-8 never matches and its
/// bytes can be compared as they are.
fn is_skill_file(name: &std::ffi::OsStr) -> bool {
    name.as_encoded_bytes()
        .eq_ignore_ascii_case(SKILL_MD.as_bytes())
}

impl Discovery<'_> {
    fn note(&mut self, kind: NoteKind, path: impl Into<PathBuf>, message: impl Into<String>) {
        self.notes.push(Note {
            kind,
            path: path.into(),
            message: message.into(),
        });
    }

    /// A skill file that was not read: a note, and an entry for `lint` to fail on.
    fn refuse(&mut self, kind: NoteKind, dir: &Path, skill_md: &Path, reason: String) {
        self.note(kind, skill_md, reason.clone());
        self.unreadable.push(UnreadableSkill {
            dir: dir.to_path_buf(),
            skill_md: skill_md.to_path_buf(),
            reason,
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
        if !meta.is_dir() {
            let is_skill = path.file_name().is_some_and(is_skill_file);
            let Some(dir) = path.parent().filter(|_| is_skill) else {
                return Err(Error::NotASkillPath {
                    path: root.path.clone(),
                });
            };
            let jail = Jail::new(dir).map_err(|e| Error::unreadable(&root.path, e))?;
            self.load(
                dir.to_path_buf(),
                path.clone(),
                &origin(dir.to_path_buf()),
                Fetch::of(&path, &jail, self.options.max_skill_md_bytes, false),
                None,
            );
            return Ok(());
        }
        fs::read_dir(&path).map_err(|e| Error::unreadable(&root.path, e))?;
        self.walk(&path, &origin(path.clone()), root);
        Ok(())
    }

    fn walk(&mut self, root: &Path, origin: &Origin, settings: &Root) {
        let fixed_depth = settings.max_depth;
        let max_depth = fixed_depth.unwrap_or(self.options.max_depth);
        let jail = match Jail::new(root) {
            Ok(jail) => jail,
            Err(err) => {
                self.note(NoteKind::Unreadable, root, err.to_string());
                return;
            }
        };
        // (folder, skill file, listed as a regular file), in the order the walk finds them.
        let mut found: Vec<(PathBuf, PathBuf, bool)> = Vec::new();
        let mut symlinked_dirs = BTreeSet::new();
        let mut under_skills_dir = Vec::new();
        let mut dirs = 0usize;
        let mut depth_limited = Vec::new();
        let mut escapes = Vec::new();
        let mut notes = Vec::new();
        let mut escaped_files = Vec::new();
        let max_dirs = self.options.max_dirs;
        let options = WalkOptions {
            jail: &jail,
            max_depth,
            gitignore: self.options.respect_gitignore && settings.gitignore,
            follow: true,
        };
        let skipped = |name: &std::ffi::OsStr| SKIPPED_DIRS.iter().any(|d| name == *d);
        // The listings of the skills' folders are kept for the checks, which walk them again.
        let mut recorder = Recorder::new(self.listing_budget, is_skill_file);
        fsafe::walk_recording(root, options, &mut recorder, &skipped, &mut |event| {
            match event {
                Event::Entry(entry) if entry.is_dir() => {
                    if entry.depth > 0 && skipped(entry.file_name()) {
                        return Flow::Skip;
                    }
                    dirs += 1;
                    if dirs > max_dirs {
                        notes.push(Note {
                            kind: NoteKind::DirectoryLimit,
                            path: root.to_path_buf(),
                            message: format!(
                                "stopped after {max_dirs} directories; skills further on were not searched (raise --max-dirs)"
                            ),
                        });
                        return Flow::Stop;
                    }
                    let path = &entry.path;
                    if entry.symlink {
                        symlinked_dirs.insert(path.clone());
                    }
                    if entry.depth > 0
                        && path.parent().and_then(Path::file_name) == Some("skills".as_ref())
                    {
                        under_skills_dir.push(path.clone());
                    }
                    // A depth the root's owner fixed is how that runtime searches, not a bound.
                    if fixed_depth.is_none() && entry.depth == max_depth && has_subdirectory(path) {
                        depth_limited.push(path.clone());
                    }
                }
                Event::Entry(entry) => {
                    if is_skill_file(entry.file_name())
                        && let Some(dir) = entry.path.parent()
                    {
                        let listed = entry.is_file() && !entry.symlink;
                        found.push((dir.to_path_buf(), entry.path.clone(), listed));
                    }
                }
                Event::Escape {
                    link,
                    target,
                    is_dir,
                } => {
                    let name = link.file_name().unwrap_or_default();
                    if is_dir && !skipped(name) {
                        let target_skill_md = [SKILL_MD, "skill.md"]
                            .into_iter()
                            .find(|n| target.join(n).is_file());
                        escapes.push((link.to_path_buf(), target.to_path_buf(), target_skill_md));
                    } else if !is_dir && is_skill_file(name) {
                        escaped_files.push((link.to_path_buf(), target.to_path_buf()));
                    }
                }
                Event::Loop { link, ancestor } => notes.push(Note {
                    kind: NoteKind::SymlinkLoop,
                    path: link.to_path_buf(),
                    message: format!("symlink loop back to {}; not followed", ancestor.display()),
                }),
                Event::Broken { link, error } => {
                    notes.push(if error.kind() == io::ErrorKind::NotFound {
                        Note {
                            kind: NoteKind::BrokenSymlink,
                            path: link.to_path_buf(),
                            message: "symlink points at nothing".to_owned(),
                        }
                    } else {
                        // ELOOP: the link resolves through itself.
                        Note {
                            kind: NoteKind::SymlinkLoop,
                            path: link.to_path_buf(),
                            message: format!("symlink cannot be resolved ({error}); not followed"),
                        }
                    })
                }
                Event::Unreadable { path, error } => notes.push(Note {
                    kind: NoteKind::Unreadable,
                    path: path.to_path_buf(),
                    message: error.to_string(),
                }),
                Event::IgnoreFile { path, refusal } => notes.push(Note {
                    kind: NoteKind::Unreadable,
                    path: path.to_path_buf(),
                    message: format!("ignore file not applied: {refusal}"),
                }),
            }
            Flow::Continue
        });
        self.notes.extend(notes);
        self.listing_budget = recorder.left();
        let mut candidates = by_folder(found);
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
        for (link, target, target_skill_md) in escapes {
            match target_skill_md {
                Some(skill_md) => {
                    self.note(
                        NoteKind::SymlinkEscape,
                        &link,
                        format!(
                            "symlinked skill resolves outside the root, to {}; loaded, not searched further",
                            target.display()
                        ),
                    );
                    let candidate = Candidate {
                        files: vec![link.join(skill_md)],
                        jail: Some(target),
                        listed: false,
                    };
                    match candidates.binary_search_by(|(dir, _)| dir.as_path().cmp(&link)) {
                        Ok(at) => candidates[at].1 = candidate,
                        Err(at) => candidates.insert(at, (link.clone(), candidate)),
                    }
                }
                None => self.note(
                    NoteKind::SymlinkEscape,
                    &link,
                    format!(
                        "symlink resolves outside the root, to {}; not followed",
                        target.display()
                    ),
                ),
            }
        }
        for (link, target) in escaped_files {
            let dir = link.parent().unwrap_or(root).to_path_buf();
            self.refuse(
                NoteKind::SymlinkEscape,
                &dir,
                &link,
                format!(
                    "skill file is a symlink to {}, outside the folder searched; not read (link the skill's folder instead)",
                    paths::to_slash(&paths::relative_to(&target, root))
                ),
            );
        }
        for dir in under_skills_dir {
            // Skill folders at or below `dir` sort right after it: one look-up, not a scan.
            let at = candidates.partition_point(|(skill, _)| *skill < dir);
            let holds_a_skill = candidates
                .get(at)
                .is_some_and(|(skill, _)| skill.starts_with(&dir));
            if !holds_a_skill {
                self.note(
                    NoteKind::MissingSkillMd,
                    &dir,
                    "directory in a skills folder has no SKILL.md; runtimes ignore it",
                );
            }
        }
        if settings.descending {
            // Ascending paths start with the root itself, which stays first.
            let at_root = usize::from(candidates.first().is_some_and(|(dir, _)| dir == root));
            candidates[at_root..].reverse();
        }
        // Resolving and reading the files is the slow part (a few system calls each): it runs on
        // every core, and what it found is recorded below in discovery order, as if each file
        // had been read in turn.
        let limit = self.options.max_skill_md_bytes;
        let fetched = parallel::map_waiting(candidates, |(dir, candidate)| {
            let exact = candidate
                .files
                .iter()
                .position(|f| f.file_name() == Some(SKILL_MD.as_ref()));
            let file = candidate.files[exact.unwrap_or(0)].clone();
            let fetch = match candidate.jail.map(|target| Jail::new(&target)) {
                None => Ok(Fetch::of(&file, &jail, limit, candidate.listed)),
                Some(Ok(own)) => Ok(Fetch::of(&file, &own, limit, false)),
                Some(Err(err)) => Err(err.to_string()),
            };
            let listings = recorder.below(&dir);
            (dir, file, exact.is_none(), fetch, listings)
        });
        self.read.reserve(fetched.len());
        for (dir, file, lowercase, fetch, listings) in fetched {
            if symlinked_dirs.contains(&dir) {
                self.note(
                    NoteKind::Symlink,
                    &dir,
                    "skill directory is a symlink (followed)",
                );
            }
            if lowercase {
                self.note(
                    NoteKind::LowercaseSkillMd,
                    &file,
                    format!(
                        "skill file is named `{}`, not `SKILL.md`; runtimes that look for SKILL.md exactly do not see this skill",
                        file.file_name().unwrap_or_default().to_string_lossy()
                    ),
                );
            }
            match fetch {
                Ok(fetch) => self.load(dir, file, origin, fetch, listings),
                Err(err) => self.refuse(NoteKind::Unreadable, &dir, &file, err),
            }
        }
    }

    /// Reads and parses one skill file, recording instead of failing. The file must resolve
    /// inside `jail` (the root, or the folder of a symlinked skill); `listings` go with the
    /// skill.
    fn load(
        &mut self,
        dir: PathBuf,
        skill_md: PathBuf,
        origin: &Origin,
        fetch: Fetch,
        listings: Option<Listings>,
    ) {
        let canonical = match fetch.canonical {
            Ok(path) | Err(Refusal::Outside { target: path, .. }) => path,
            Err(err) => {
                self.refuse(NoteKind::Unreadable, &dir, &skill_md, err.to_string());
                return;
            }
        };
        if !self.seen.insert(canonical.as_os_str().to_owned()) {
            self.note(
                NoteKind::SameFile,
                &skill_md,
                format!("the same file as {}, already listed", canonical.display()),
            );
            return;
        }
        if fetch.is_link && fetch.inside {
            self.note(
                NoteKind::Symlink,
                &skill_md,
                format!(
                    "skill file is a symlink to {} (followed)",
                    canonical.display()
                ),
            );
        }
        let limit = self.options.max_skill_md_bytes;
        match fetch.read {
            Ok(bytes) => {
                self.read.push(ReadSkill {
                    dir,
                    skill_md,
                    origin: origin.clone(),
                    bytes,
                    listings,
                });
            }
            Err(Refusal::TooLarge { .. }) => self.refuse(
                NoteKind::TooLarge,
                &dir,
                &skill_md,
                format!("larger than {limit} bytes; not parsed"),
            ),
            Err(Refusal::Outside { target, .. }) => self.refuse(
                NoteKind::SymlinkEscape,
                &dir,
                &skill_md,
                format!(
                    "skill file is a symlink to {}, outside the folder searched; not read (link the skill's folder instead)",
                    paths::to_slash(&paths::relative_to(&target, &fetch.jail_root))
                ),
            ),
            Err(refusal) => self.refuse(
                NoteKind::Unreadable,
                &dir,
                &skill_md,
                format!("skill file not read: {refusal}"),
            ),
        }
    }
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

/// The ignore files ripgrep reads (below `dir` and in every directory above it), which the
/// `ignore` walker opens itself: each must be a regular file of at most
/// [`fsafe::MAX_IGNORE_FILE_BYTES`], or the listing is refused (a FIFO or a device named
/// `.gitignore` would block or feed it without end; a sparse one of gigabytes would be read
/// whole).
fn ignore_files_are_regular(dir: &Path, max_depth: usize) -> Result<(), ResourceError> {
    const NAMES: [&str; 3] = [".gitignore", ".ignore", ".rgignore"];
    let check = |path: &Path| -> Result<(), ResourceError> {
        let refuse = |why: &str| ResourceError::Io {
            path: path.display().to_string(),
            source: io::Error::new(io::ErrorKind::InvalidInput, why.to_owned()),
        };
        match fs::metadata(path) {
            Ok(meta) if !meta.is_file() => Err(refuse(
                "an ignore file that is not a regular file; not read",
            )),
            Ok(meta) if meta.len() > fsafe::MAX_IGNORE_FILE_BYTES => {
                Err(refuse("an ignore file larger than 1 MiB; not read"))
            }
            _ => Ok(()),
        }
    };
    for above in dir.ancestors() {
        for name in NAMES {
            check(&above.join(name))?;
        }
        check(&above.join(".git/info/exclude"))?;
    }
    let walker = WalkBuilder::new(dir)
        .standard_filters(false)
        .follow_links(false)
        .max_depth(Some(max_depth))
        .build();
    for entry in walker.flatten() {
        if NAMES.iter().any(|n| entry.file_name() == *n) {
            check(entry.path())?;
        }
    }
    Ok(())
}

fn has_subdirectory(dir: &Path) -> bool {
    fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.file_type().is_ok_and(|t| t.is_dir()))
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::PathBuf;

    use super::{by_folder, is_skill_file};

    #[test]
    fn skill_files_are_named_skill_md_in_any_case() {
        for name in ["SKILL.md", "skill.md", "Skill.MD", "sKiLl.Md"] {
            assert!(is_skill_file(name.as_ref()), "{name}");
        }
        for name in [
            "SKILL.md.bak",
            "SKILL",
            "SKILL.mdx",
            "xSKILL.md",
            "SKILL\u{2024}md",
            "",
        ] {
            assert!(!is_skill_file(name.as_ref()), "{name}");
        }
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            // Not UTF-8: read lossily it would hold a replacement character, never `SKILL.md`.
            let name = std::ffi::OsStr::from_bytes(b"SKILL.m\xe4");
            assert!(!is_skill_file(name));
        }
    }

    #[test]
    fn skill_files_group_by_folder_in_path_order() {
        // A folder's `skill.md` can come after a nested skill's folder, and folders out of order.
        let walks: [&[(&str, &str)]; 3] = [
            &[
                ("/r/a", "/r/a/SKILL.md"),
                ("/r/a/b", "/r/a/b/SKILL.md"),
                ("/r/a", "/r/a/skill.md"),
                ("/r/a-b", "/r/a-b/SKILL.md"),
            ],
            &[
                ("/r/z", "/r/z/SKILL.md"),
                ("/r/a", "/r/a/SKILL.md"),
                ("/r/a/", "/r/a/skill.md"),
            ],
            &[],
        ];
        for walk in walks {
            let found: Vec<(PathBuf, PathBuf, bool)> = walk
                .iter()
                .map(|(d, f)| (PathBuf::from(d), PathBuf::from(f), true))
                .collect();
            let mut expected: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
            for (dir, file, _) in &found {
                expected.entry(dir.clone()).or_default().push(file.clone());
            }
            let grouped: Vec<(PathBuf, Vec<PathBuf>)> = by_folder(found)
                .into_iter()
                .map(|(dir, candidate)| (dir, candidate.files))
                .collect();
            assert_eq!(grouped, expected.into_iter().collect::<Vec<_>>());
        }
    }
}
