//! Where skills come from: the [`SkillProvider`] interface, shaped like the runtimes' own
//! (`list`, `get`, `read_resource`), with a filesystem and an in-memory implementation.
//!
//! Providers never drop anything silently. Whatever discovery could not use becomes a [`Note`];
//! two skills with one name are both kept, the loser marked [`Skill::shadowed_by`].

mod fs;
mod memory;
mod resource;

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

use crate::skill::Skill;

pub use fs::{FsOptions, FsProvider, Root, UnreadableSkill};
pub use memory::{MemoryProvider, MemorySkill};
pub use resource::{
    DEFAULT_MAX_RESOURCE_BYTES, DEFAULT_MAX_RESOURCES, LineRange, Resource, ResourceError,
    Resources, Truncation, check_relative,
};

/// The interface every consumer of skills uses.
pub trait SkillProvider: fmt::Debug {
    /// Every skill found, in a deterministic order, shadowed ones included.
    fn list(&self) -> &[Skill];

    /// The skill that wins `name`.
    fn get(&self, name: &str) -> Option<&Skill> {
        self.list()
            .iter()
            .find(|s| s.shadowed_by.is_none() && s.name() == name)
    }

    /// The skill that wins `name`, or the error that names the available ones.
    fn lookup(&self, name: &str) -> Result<&Skill, ResourceError> {
        self.get(name).ok_or_else(|| ResourceError::UnknownSkill {
            name: name.to_owned(),
            available: self.names(),
        })
    }

    /// The files of the skill that wins `name`, other than its `SKILL.md`: relative `/` paths,
    /// sorted, bounded.
    fn resources(&self, name: &str) -> Result<Resources, ResourceError> {
        self.resources_of(self.lookup(name)?)
    }

    /// Reads a file of the skill that wins `name`, with every guard applied: the path must stay
    /// inside the skill directory, binary content is refused, long text is cut with a notice.
    fn read_resource(
        &self,
        name: &str,
        relative_path: &str,
        lines: Option<LineRange>,
    ) -> Result<Resource, ResourceError> {
        self.read_resource_of(self.lookup(name)?, relative_path, lines)
    }

    /// [`SkillProvider::resources`] of one skill of [`SkillProvider::list`], however a runtime
    /// names it.
    fn resources_of(&self, skill: &Skill) -> Result<Resources, ResourceError>;

    /// [`SkillProvider::read_resource`] in one skill of [`SkillProvider::list`].
    fn read_resource_of(
        &self,
        skill: &Skill,
        relative_path: &str,
        lines: Option<LineRange>,
    ) -> Result<Resource, ResourceError>;

    /// The files of `skill` as `rg --files --hidden` run in its directory lists them (see
    /// [`RipgrepListing`]). This default, for skills that are not on disk, gives the sorted
    /// resource list with the exclusions applied.
    fn ripgrep_files(
        &self,
        skill: &Skill,
        listing: &RipgrepListing<'_>,
    ) -> Result<Vec<String>, ResourceError> {
        let files = self.resources_of(skill)?.files;
        let excluded = fs::exclusions(&skill.dir, listing.exclude);
        Ok(files
            .into_iter()
            .filter(|file| !fs::is_excluded(excluded.as_ref(), &skill.dir.join(file)))
            .take(listing.limit)
            .collect())
    }

    /// Every regular file and folder in `skill`'s directory, its `SKILL.md` included, as
    /// relative `/` paths (folders with a final `/`), sorted: symlinks left out, no ignore file
    /// applied, `.git` and `node_modules` listed but not entered. This default, for skills that are not on
    /// disk, gives the resource list and the skill file.
    fn plain_entries(&self, skill: &Skill) -> Result<Vec<String>, ResourceError> {
        let mut entries = self.resources_of(skill)?.files;
        if let Some(name) = skill.skill_md.file_name() {
            entries.push(name.to_string_lossy().into_owned());
        }
        entries.sort();
        Ok(entries)
    }

    /// The names of the winning skills, sorted (for "available skills" messages).
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .list()
            .iter()
            .filter(|s| s.shadowed_by.is_none())
            .map(|s| s.name().into_owned())
            .collect();
        names.sort();
        names.dedup();
        names
    }
}

/// How a runtime that lists a skill's files with ripgrep runs it: `rg --no-config --files
/// --hidden` in the skill directory, symlinks not followed, with `--glob=!…` exclusions. Files
/// come in the order ripgrep's parallel walker visits them with one worker: a directory's
/// entries are pushed on a stack in the order the file system reads them and popped last first,
/// so the listing depends on the directory order of the file system, as ripgrep's does.
/// `.ignore`, `.rgignore` and (inside a git repository) `.gitignore` files apply, in the skill
/// and above it.
#[derive(Debug, Clone, Copy)]
pub struct RipgrepListing<'a> {
    /// Globs given as `--glob=!GLOB`, relative to the skill directory.
    pub exclude: &'a [&'a str],
    /// `.gitignore` files the runtime writes in directories of its own before it runs ripgrep:
    /// each of these directories gets one with these lines when it has none.
    pub written_gitignore: (&'a [PathBuf], &'a [&'a str]),
    /// How many files the runtime keeps.
    pub limit: usize,
}

/// Something discovery noticed and did not (or could not) turn into an ordinary skill.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Note {
    pub kind: NoteKind,
    pub path: PathBuf,
    pub message: String,
}

/// The kinds of [`Note`]. The kebab-case names are part of the JSON schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoteKind {
    /// The skill file is `skill.md` (or another casing), not `SKILL.md`; it is loaded anyway.
    LowercaseSkillMd,
    /// A directory directly under a `skills` directory holds no skill at any depth.
    MissingSkillMd,
    /// A skill directory or `SKILL.md` reached through a symlink (followed).
    Symlink,
    /// A symlink that resolves outside the root it was found in.
    SymlinkEscape,
    /// A symlink that points back at one of its own ancestors, or that cannot be resolved.
    SymlinkLoop,
    BrokenSymlink,
    /// A file or directory that could not be read.
    Unreadable,
    /// A `SKILL.md` over the size limit; not parsed.
    TooLarge,
    /// The same `SKILL.md` reached twice (overlapping paths or a symlink); kept once.
    SameFile,
    /// The walk stopped at the depth bound; deeper directories were not searched.
    DepthLimit,
    /// The walk stopped at the directory-count bound.
    DirectoryLimit,
}

impl NoteKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::LowercaseSkillMd => "lowercase-skill-md",
            Self::MissingSkillMd => "missing-skill-md",
            Self::Symlink => "symlink",
            Self::SymlinkEscape => "symlink-escape",
            Self::SymlinkLoop => "symlink-loop",
            Self::BrokenSymlink => "broken-symlink",
            Self::Unreadable => "unreadable",
            Self::TooLarge => "too-large",
            Self::SameFile => "same-file",
            Self::DepthLimit => "depth-limit",
            Self::DirectoryLimit => "directory-limit",
        }
    }
}

impl fmt::Display for NoteKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Marks every skill that loses its name to another: the winner has the highest precedence,
/// then the earliest root, then comes first in discovery order.
pub(crate) fn resolve_shadowing(skills: &mut [Skill]) {
    // Each name is worked out once (a name can come from the folder), not at every comparison.
    let names: Vec<String> = skills.iter().map(|s| s.name().into_owned()).collect();
    let mut order: Vec<usize> = (0..skills.len()).collect();
    order.sort_by(|&a, &b| {
        let (sa, sb) = (&skills[a], &skills[b]);
        names[a]
            .cmp(&names[b])
            .then(sb.origin.precedence.cmp(&sa.origin.precedence))
            .then(sa.origin.root_index.cmp(&sb.origin.root_index))
            .then(a.cmp(&b))
    });
    let mut winner: Option<usize> = None;
    for idx in order {
        match winner {
            Some(w) if names[w] == names[idx] => {
                let path = skills[w].skill_md.clone();
                skills[idx].shadowed_by = Some(path);
            }
            _ => {
                skills[idx].shadowed_by = None;
                winner = Some(idx);
            }
        }
    }
}
