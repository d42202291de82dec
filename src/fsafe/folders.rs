//! Facts about the folders many skills share, looked up once per discovery: every skill of a
//! tree of 10 000 would otherwise ask the filesystem again about the same ancestors (resolving
//! each of them, probing each for `.git` and `.jj`, or for a `SKILL.md`, or checking with an
//! `lstat` that it is a plain folder and no symlink). What is remembered is only ever a fact
//! about a folder: a file is looked at every time it is opened. [`forget`] starts over, and
//! discovery calls it first, so no run sees what an earlier one found (`lint --watch`).

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use crate::hash::{HashMap, HashSet};

/// Canonical paths of folders, by the absolute path they were asked under.
static CANONICAL: Mutex<Option<HashMap<OsString, PathBuf>>> = Mutex::new(None);
/// Whether a (canonical) folder holds `.git` or `.jj`.
static REPOSITORY: Mutex<Option<HashMap<OsString, bool>>> = Mutex::new(None);
/// Whether a folder holds a `SKILL.md` file.
static SKILL_FILE: Mutex<Option<HashMap<OsString, bool>>> = Mutex::new(None);
/// Folders an `lstat` showed to be directories, not symlinks.
static PLAIN_DIRS: Mutex<Option<HashSet<OsString>>> = Mutex::new(None);

/// Drops everything remembered.
pub fn forget() {
    *CANONICAL.lock().unwrap_or_else(PoisonError::into_inner) = None;
    *REPOSITORY.lock().unwrap_or_else(PoisonError::into_inner) = None;
    *SKILL_FILE.lock().unwrap_or_else(PoisonError::into_inner) = None;
    *PLAIN_DIRS.lock().unwrap_or_else(PoisonError::into_inner) = None;
}

/// `fs::canonicalize(path)`, with the folder above `path` resolved once per run: when `path`
/// is itself no symlink, it resolves to its resolved parent joined with its name (a folder
/// already seen plain in this run is not looked at again), and the parent the same way, so a
/// folder first met deep in a tree costs an `lstat` of each folder above it not yet resolved
/// rather than a `readlink` of every one. A path with `.` or `..` in it, or whose last
/// component is a symlink, is resolved by the system as is.
pub fn canonicalize(path: &Path) -> io::Result<PathBuf> {
    let absolute = std::path::absolute(path)?;
    let plain = absolute
        .components()
        .all(|c| matches!(c, Component::RootDir | Component::Normal(_)));
    let (Some(parent), Some(name)) = (absolute.parent(), absolute.file_name()) else {
        return fs::canonicalize(path);
    };
    if !plain
        || (!known_plain_dir(&absolute)
            && fs::symlink_metadata(&absolute)?.file_type().is_symlink())
    {
        return fs::canonicalize(path);
    }
    let known = CANONICAL
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .as_ref()
        .and_then(|map| map.get(parent.as_os_str()).cloned());
    let parent_real = match known {
        Some(real) => real,
        None => {
            // One level a call, as deep as the path is long.
            let real = canonicalize(parent)?;
            CANONICAL
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get_or_insert_default()
                .insert(parent.as_os_str().to_owned(), real.clone());
            real
        }
    };
    Ok(parent_real.join(name))
}

/// Whether `dir` holds a `.git` or a `.jj` (of any kind), asked once per run.
pub fn is_repository(dir: &Path) -> bool {
    remembered(&REPOSITORY, dir, || {
        [".git", ".jj"]
            .iter()
            .any(|name| fs::symlink_metadata(dir.join(name)).is_ok())
    })
}

/// Whether `dir` holds a `SKILL.md` that is a file (symlinks followed), asked once per run: the
/// runtimes that stop at the first skill folder ask it of every folder above each skill.
pub fn holds_skill_md(dir: &Path) -> bool {
    remembered(&SKILL_FILE, dir, || dir.join("SKILL.md").is_file())
}

/// Whether an `lstat` of `dir` in this run showed a directory that is not a symlink. The
/// checks of the names below a [`super::Jail`] ask it of every folder above the file they
/// open, and only of those: the file's own name is looked at every time.
pub(super) fn known_plain_dir(dir: &Path) -> bool {
    PLAIN_DIRS
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .as_ref()
        .is_some_and(|set| set.contains(dir.as_os_str()))
}

/// Remembers that an `lstat` of `dir` showed a directory that is not a symlink.
pub(super) fn remember_plain_dir(dir: &Path) {
    PLAIN_DIRS
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get_or_insert_default()
        .insert(dir.as_os_str().to_owned());
}

/// What `look` says of `dir`, from `facts` when it was asked before in this run.
fn remembered(
    facts: &Mutex<Option<HashMap<OsString, bool>>>,
    dir: &Path,
    look: impl FnOnce() -> bool,
) -> bool {
    if let Some(&known) = facts
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .as_ref()
        .and_then(|map| map.get(dir.as_os_str()))
    {
        return known;
    }
    let found = look();
    facts
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get_or_insert_default()
        .insert(dir.as_os_str().to_owned(), found);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_as_the_system_does() {
        let tmp = tempfile::tempdir().unwrap();
        let real = tmp.path().join("real");
        fs::create_dir_all(real.join("a/b")).unwrap();
        fs::write(real.join("a/b/f.md"), "x").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(&real, tmp.path().join("link")).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(real.join("a/b"), real.join("a/c")).unwrap();
        let mut paths = vec![
            real.join("a/b"),
            real.join("a/b/f.md"),
            real.join("a/./b"),
            real.join("a/b/../b/f.md"),
        ];
        #[cfg(unix)]
        paths.extend([
            tmp.path().join("link/a/b"),
            real.join("a/c"),
            real.join("a/c/f.md"),
            // A symlink two and four levels up, resolved one level a call.
            tmp.path().join("link/a/c/f.md"),
        ]);
        for _ in 0..2 {
            for path in &paths {
                assert_eq!(
                    canonicalize(path).unwrap(),
                    fs::canonicalize(path).unwrap(),
                    "{path:?}"
                );
            }
        }
        assert!(canonicalize(&real.join("missing")).is_err());
        assert!(canonicalize(&real.join("missing/a/b")).is_err());
        assert!(!is_repository(&real));
        fs::create_dir(real.join(".jj")).unwrap();
        forget();
        assert!(is_repository(&real));
    }
}
