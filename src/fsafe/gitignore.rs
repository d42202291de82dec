//! `.gitignore` for our own walker, as git reads it: the ignore files of every folder from the
//! repository's root down, the repository's `info/exclude`, and nothing outside a repository.
//!
//! The `ignore` crate's matcher decides what a line means ([`GitignoreBuilder::add_line`]); the
//! files themselves are read here, through [`super::read_anywhere`]: regular files only, without
//! blocking, at most [`super::MAX_IGNORE_FILE_BYTES`]. (Letting the crate open them would let a
//! `.gitignore` that is a FIFO hang every command.)

use std::path::{Path, PathBuf};

use ignore::Match;
use ignore::gitignore::{Gitignore, GitignoreBuilder};

use super::{Links, MAX_IGNORE_FILE_BYTES, Refusal, read_anywhere};

/// The most a `.git` pointer file or `commondir` file may hold.
const MAX_POINTER_BYTES: u64 = 4096;

/// What one folder contributes.
#[derive(Debug)]
struct Layer {
    /// The folder holds `.git` or `.jj`: a repository's root.
    repository: bool,
    ignore: Option<Gitignore>,
    exclude: Option<Gitignore>,
}

/// Which of the names that matter a folder holds (from its listing, so no extra look-ups).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Present {
    pub gitignore: bool,
    pub git: bool,
    pub jj: bool,
}

impl Present {
    /// Takes note of one name of a folder's listing.
    pub fn note(&mut self, name: &std::ffi::OsStr) {
        match name.to_str() {
            Some(".gitignore") => self.gitignore = true,
            Some(".git") => self.git = true,
            Some(".jj") => self.jj = true,
            _ => {}
        }
    }

    /// Looks the names up in `dir` (for folders whose listing is not at hand).
    fn look(dir: &Path) -> Self {
        let exists = |name: &str| std::fs::symlink_metadata(dir.join(name)).is_ok();
        Self {
            gitignore: exists(".gitignore"),
            git: exists(".git"),
            jj: exists(".jj"),
        }
    }
}

/// The layers from the filesystem root down to the folder being walked.
#[derive(Debug, Default)]
pub(super) struct Stack {
    layers: Vec<Layer>,
    repositories: usize,
}

/// An ignore file that could not be read, reported and left out.
pub(super) type Report<'a> = &'a mut dyn FnMut(PathBuf, Refusal);

impl Stack {
    /// The layers of `root` (canonical) and the folders above it, from the nearest repository
    /// root down: folders above that never count, and outside a repository none do.
    pub fn new(root: &Path, report: Report<'_>) -> Self {
        let mut stack = Self::default();
        let Some(top) = root
            .ancestors()
            .find(|dir| super::folders::is_repository(dir))
        else {
            return stack;
        };
        let mut chain: Vec<&Path> = root.ancestors().take_while(|d| *d != top).collect();
        chain.push(top);
        chain.reverse();
        for dir in chain {
            stack.push(dir, Present::look(dir), report);
        }
        stack
    }

    pub fn len(&self) -> usize {
        self.layers.len()
    }

    /// Adds the layer of `dir`, a folder being entered.
    pub fn push(&mut self, dir: &Path, present: Present, report: Report<'_>) {
        let repository = present.git || present.jj;
        let ignore = present
            .gitignore
            .then(|| matcher(dir, &dir.join(".gitignore"), report))
            .flatten();
        let exclude = if present.git {
            exclude_file(dir, report).and_then(|file| matcher(dir, &file, report))
        } else {
            None
        };
        self.repositories += usize::from(repository);
        self.layers.push(Layer {
            repository,
            ignore,
            exclude,
        });
    }

    /// Drops the layers past the first `len` (folders left).
    pub fn truncate(&mut self, len: usize) {
        while self.layers.len() > len {
            if self.layers.pop().is_some_and(|l| l.repository) {
                self.repositories -= 1;
            }
        }
    }

    /// Whether the walk is inside a repository: outside one, nothing is ignored.
    pub fn in_repository(&self) -> bool {
        self.repositories > 0
    }

    /// Whether `path` (absolute, under the deepest layer's folder) is ignored. As git: inside a
    /// repository only; the deepest file that matches decides; `.gitignore` files win over the
    /// repository's `info/exclude`; folders above the repository's root do not count.
    pub fn ignored(&self, path: &Path, is_dir: bool) -> bool {
        if !self.in_repository() {
            return false;
        }
        let (mut by_ignore, mut by_exclude) = (Match::None, Match::None);
        for layer in self.layers.iter().rev() {
            if by_ignore.is_none()
                && let Some(m) = &layer.ignore
            {
                by_ignore = m.matched(path, is_dir).map(|_| ());
            }
            if by_exclude.is_none()
                && let Some(m) = &layer.exclude
            {
                by_exclude = m.matched(path, is_dir).map(|_| ());
            }
            if layer.repository {
                break;
            }
        }
        by_ignore.or(by_exclude).is_ignore()
    }
}

/// The matcher of one ignore file whose patterns are relative to `dir`.
fn matcher(dir: &Path, file: &Path, report: Report<'_>) -> Option<Gitignore> {
    let bytes = match read_anywhere(file, MAX_IGNORE_FILE_BYTES, Links::Allow) {
        Ok(bytes) => bytes,
        Err(Refusal::NotFound) => return None,
        Err(refusal) => {
            report(file.to_path_buf(), refusal);
            return None;
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut builder = GitignoreBuilder::new(dir);
    for line in text.lines() {
        // A line that is not a valid glob is skipped, as git skips it.
        let _ = builder.add_line(Some(file.to_path_buf()), line);
    }
    builder.build().ok().filter(|m| !m.is_empty())
}

/// The repository's `info/exclude`: in `dir/.git/`, or for a worktree or submodule (whose
/// `.git` is a file saying `gitdir: …`), in the common git folder it points to.
fn exclude_file(dir: &Path, report: Report<'_>) -> Option<PathBuf> {
    let dot_git = dir.join(".git");
    let meta = std::fs::symlink_metadata(&dot_git).ok()?;
    if meta.is_dir() {
        return Some(dot_git.join("info/exclude"));
    }
    let first_line = |path: &Path, report: Report<'_>| -> Option<String> {
        match read_anywhere(path, MAX_POINTER_BYTES, Links::Allow) {
            Ok(bytes) => String::from_utf8_lossy(&bytes)
                .lines()
                .next()
                .map(|l| l.trim().to_owned()),
            Err(Refusal::NotFound) => None,
            Err(refusal) => {
                report(path.to_path_buf(), refusal);
                None
            }
        }
    };
    let line = first_line(&dot_git, report)?;
    let git_dir = dir.join(line.strip_prefix("gitdir:")?.trim());
    let common = match first_line(&git_dir.join("commondir"), report) {
        Some(common) => git_dir.join(common),
        None => git_dir,
    };
    Some(common.join("info/exclude"))
}
