//! Walking a folder depth first, entries sorted by name, within a depth bound: symlinks are
//! followed only while they resolve inside the jail, loops are cut, and what `.gitignore` hides
//! is never visited. The walk opens no file except ignore files (read as [`super::gitignore`]
//! says); what to do with each entry is the caller's, through a visitor.
//!
//! A walk can keep the listings it reads ([`walk_recording`]) and a later walk of the same
//! folders take them instead of reading the folders again ([`walk_listed`]); see
//! [`super::listing`].

use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::ahead::Ahead;
use super::gitignore::{Present, Stack};
use super::listing::{Entries, Listings, Recorder};
use super::{Jail, Kind, Refusal};

/// How to walk.
#[derive(Debug, Clone, Copy)]
pub struct WalkOptions<'a> {
    /// Symlinks are followed only when they resolve inside it.
    pub jail: &'a Jail,
    /// How many levels below the root are visited (the root is level 0).
    pub max_depth: usize,
    /// Leave out what `.gitignore` and `.git/info/exclude` hide, inside a repository.
    pub gitignore: bool,
    /// Follow symlinks (inside the jail); without it a symlink is an entry of its own kind,
    /// `symbolic link`, never resolved.
    pub follow: bool,
}

/// What an entry is (after following a symlink).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    Dir,
    File,
    /// A FIFO, socket or device: never read.
    Special(&'static str),
}

/// A file or folder met on the walk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The root joined with the names walked through (not resolved).
    pub path: PathBuf,
    /// 0 for the root.
    pub depth: usize,
    pub kind: EntryKind,
    /// Reached through a symlink (the entry itself is one).
    pub symlink: bool,
    /// How many bytes at the end of `path` are the entry's own name: 0 for the root, whose
    /// name is worked out from its path.
    name_len: usize,
}

impl Entry {
    pub fn is_dir(&self) -> bool {
        self.kind == EntryKind::Dir
    }

    pub fn is_file(&self) -> bool {
        self.kind == EntryKind::File
    }

    /// The entry's own name.
    pub fn file_name(&self) -> &OsStr {
        #[cfg(unix)]
        if self.name_len > 0 {
            use std::os::unix::ffi::OsStrExt;
            let path = self.path.as_os_str().as_bytes();
            // The path ends with the name the walk joined on, whole.
            return OsStr::from_bytes(&path[path.len() - self.name_len..]);
        }
        self.path.file_name().unwrap_or(self.path.as_os_str())
    }
}

/// What the visitor is told.
#[derive(Debug)]
pub enum Event<'a> {
    Entry(&'a Entry),
    /// A symlink that resolves outside the jail: not followed.
    Escape {
        link: &'a Path,
        target: &'a Path,
        is_dir: bool,
    },
    /// A symlink to a folder that holds it: not followed.
    Loop {
        link: &'a Path,
        ancestor: &'a Path,
    },
    /// A symlink that cannot be resolved (dangling, or resolving through itself).
    Broken {
        link: &'a Path,
        error: &'a io::Error,
    },
    /// A folder that cannot be listed.
    Unreadable {
        path: &'a Path,
        error: &'a io::Error,
    },
    /// An ignore file that was not read (not a regular file, too large…): its patterns are
    /// not applied.
    IgnoreFile {
        path: &'a Path,
        refusal: &'a Refusal,
    },
}

/// What the visitor wants next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    /// Do not enter this folder (ignored for files).
    Skip,
    /// End the walk.
    Stop,
}

/// One folder being walked.
struct Frame {
    /// The folder's entries, last first; the first `left` are not visited yet.
    children: Entries,
    left: usize,
    /// The folder as walked, and resolved.
    path: PathBuf,
    real: PathBuf,
    /// Level of the children.
    depth: usize,
    /// Ignore layers in force inside this folder.
    layers: usize,
}

/// Where a walk's listings come from and go.
enum Listed<'a> {
    /// Every folder is read.
    Read,
    /// Every folder is read, or taken from what `ahead` read, and what was read is kept.
    Record {
        recorder: &'a mut Recorder,
        ahead: Option<&'a Ahead>,
    },
    /// The folders `listings` holds (by their path relative to `root`) are not read.
    Reuse {
        root: &'a Path,
        listings: &'a Listings,
    },
}

/// Walks `root` (a folder), calling `visit` for the root, then for everything below it.
pub fn walk(root: &Path, options: WalkOptions<'_>, visit: &mut dyn FnMut(Event<'_>) -> Flow) {
    run(root, options, Listed::Read, visit);
}

/// [`walk`], keeping in `recorder` the listing of each folder read whole, for a later walk of
/// the same folders. On more than one core the folders are listed ahead of the walk on another
/// one too ([`super::ahead`]), leaving out those `skip` names, which the visitor skips.
pub fn walk_recording(
    root: &Path,
    options: WalkOptions<'_>,
    recorder: &mut Recorder,
    skip: &(dyn Fn(&OsStr) -> bool + Sync),
    visit: &mut dyn FnMut(Event<'_>) -> Flow,
) {
    let ahead = crate::parallel::cores() > 1;
    record(root, options, recorder, ahead.then_some(skip), visit);
}

/// [`walk_recording`], with the folders listed ahead on another thread when `ahead` says what
/// to skip.
fn record(
    root: &Path,
    options: WalkOptions<'_>,
    recorder: &mut Recorder,
    ahead: Option<&(dyn Fn(&OsStr) -> bool + Sync)>,
    visit: &mut dyn FnMut(Event<'_>) -> Flow,
) {
    let Some(skip) = ahead.filter(|_| options.max_depth > 0) else {
        let listed = Listed::Record {
            recorder,
            ahead: None,
        };
        return run(root, options, listed, visit);
    };
    let ahead = Ahead::default();
    crate::parallel::beside(
        || ahead.read(root, options.max_depth, skip),
        || {
            let listed = Listed::Record {
                recorder,
                ahead: Some(&ahead),
            };
            run(root, options, listed, visit);
            ahead.finish();
        },
    );
}

/// [`walk`], taking the entries of each folder `listings` holds (by its path relative to
/// `root`, as [`super::Recorder::below`] gives them for `root`) instead of reading it; the
/// walk is otherwise the same, and so is what it meets, as long as the folders did not change
/// since they were listed.
pub fn walk_listed(
    root: &Path,
    options: WalkOptions<'_>,
    listings: &Listings,
    visit: &mut dyn FnMut(Event<'_>) -> Flow,
) {
    run(root, options, Listed::Reuse { root, listings }, visit);
}

fn run(
    root: &Path,
    options: WalkOptions<'_>,
    mut listed: Listed<'_>,
    visit: &mut dyn FnMut(Event<'_>) -> Flow,
) {
    let resolved = if root == options.jail.given {
        Ok(options.jail.root.clone())
    } else {
        super::folders::canonicalize(root)
    };
    let real = match resolved {
        Ok(real) => real,
        Err(error) => {
            visit(Event::Unreadable {
                path: root,
                error: &error,
            });
            return;
        }
    };
    let mut ignores = Stack::default();
    if options.gitignore
        && let Some(parent) = real.parent()
    {
        ignores = Stack::new(parent, &mut |path, refusal| {
            visit(Event::IgnoreFile {
                path: &path,
                refusal: &refusal,
            });
        });
    }
    let top = Entry {
        path: root.to_path_buf(),
        depth: 0,
        kind: EntryKind::Dir,
        symlink: false,
        name_len: 0,
    };
    if visit(Event::Entry(&top)) != Flow::Continue || options.max_depth == 0 {
        return;
    }
    let mut stack: Vec<Frame> = Vec::new();
    if let Some(frame) = open(root, real, 1, &mut ignores, options, &mut listed, visit) {
        stack.push(frame);
    }
    while let Some(frame) = stack.last_mut() {
        let Some(left) = frame.left.checked_sub(1) else {
            stack.pop();
            if let Some(parent) = stack.last() {
                ignores.truncate(parent.layers);
            }
            continue;
        };
        frame.left = left;
        let (name, file_type) = &frame.children[left];
        let path = frame.path.join(name);
        let depth = frame.depth;
        let (kind, real, symlink) = if file_type.is_symlink() && !options.follow {
            (kind_of(*file_type), frame.real.join(name), true)
        } else if file_type.is_symlink() {
            let target = match fs::canonicalize(&path) {
                Ok(target) => target,
                Err(error) => {
                    if visit(Event::Broken {
                        link: &path,
                        error: &error,
                    }) == Flow::Stop
                    {
                        return;
                    }
                    continue;
                }
            };
            let meta = match fs::metadata(&target) {
                Ok(meta) => meta,
                Err(error) => {
                    if visit(Event::Broken {
                        link: &path,
                        error: &error,
                    }) == Flow::Stop
                    {
                        return;
                    }
                    continue;
                }
            };
            if !options.jail.contains(&target) {
                let flow = visit(Event::Escape {
                    link: &path,
                    target: &target,
                    is_dir: meta.is_dir(),
                });
                if flow == Flow::Stop {
                    return;
                }
                continue;
            }
            (kind_of(Kind::of(meta.file_type())), target, true)
        } else {
            let kind = kind_of(*file_type);
            // A plain file's resolved path only matters to the ignore files.
            let real = if kind == EntryKind::Dir || ignores.in_repository() {
                frame.real.join(name)
            } else {
                PathBuf::new()
            };
            (kind, real, false)
        };
        let is_dir = kind == EntryKind::Dir;
        if options.gitignore && ignores.in_repository() {
            // Matched where the entry is, not where a symlink leads.
            let here = if symlink {
                Cow::Owned(frame.real.join(name))
            } else {
                Cow::Borrowed(real.as_path())
            };
            if ignores.ignored(&here, is_dir) {
                continue;
            }
        }
        if is_dir && symlink && frame.real.starts_with(&real) {
            if visit(Event::Loop {
                link: &path,
                ancestor: &real,
            }) == Flow::Stop
            {
                return;
            }
            continue;
        }
        let entry = Entry {
            path,
            depth,
            kind,
            symlink,
            name_len: name.len(),
        };
        match visit(Event::Entry(&entry)) {
            Flow::Stop => return,
            Flow::Skip => continue,
            Flow::Continue => {}
        }
        if is_dir && depth < options.max_depth {
            // The listing above said this is a folder, not a symlink: what an `lstat` of it
            // would say, so the reads below the jail need not ask again (a walk of listings
            // read before has told it already).
            if !symlink && !matches!(listed, Listed::Reuse { .. }) {
                super::folders::remember_plain_dir(&real);
            }
            let child = open(
                &entry.path,
                real,
                depth + 1,
                &mut ignores,
                options,
                &mut listed,
                visit,
            );
            if let Some(child) = child {
                stack.push(child);
            }
        }
    }
}

fn kind_of(kind: Kind) -> EntryKind {
    match kind {
        Kind::Dir => EntryKind::Dir,
        Kind::File => EntryKind::File,
        other => EntryKind::Special(other.name()),
    }
}

/// Lists a folder about to be entered (or takes its listing) and adds its ignore layer.
fn open(
    path: &Path,
    real: PathBuf,
    depth: usize,
    ignores: &mut Stack,
    options: WalkOptions<'_>,
    listed: &mut Listed<'_>,
    visit: &mut dyn FnMut(Event<'_>) -> Flow,
) -> Option<Frame> {
    let known = match listed {
        Listed::Reuse { root, listings } => listings.get(path, root).cloned(),
        Listed::Record {
            ahead: Some(ahead), ..
        } => ahead.take(path),
        Listed::Read | Listed::Record { .. } => None,
    };
    let (children, present, whole) = match known {
        Some(children) => {
            let mut present = Present::default();
            for (name, _) in children.iter() {
                present.note(name);
            }
            (children, present, true)
        }
        None => read(path, visit)?,
    };
    if whole && let Listed::Record { recorder, .. } = listed {
        recorder.record(path, &children);
    }
    if options.gitignore {
        ignores.push(&real, present, &mut |file, refusal| {
            visit(Event::IgnoreFile {
                path: &file,
                refusal: &refusal,
            });
        });
    }
    Some(Frame {
        left: children.len(),
        children,
        path: path.to_path_buf(),
        real,
        depth,
        layers: ignores.len(),
    })
}

/// Reads the folder at `path`: its entries, last first, which of the names an ignore layer
/// looks for it holds, and whether every entry could be read.
fn read(path: &Path, visit: &mut dyn FnMut(Event<'_>) -> Flow) -> Option<(Entries, Present, bool)> {
    let listing = match super::entries::read(path) {
        Ok(listing) => listing,
        Err(error) => {
            visit(Event::Unreadable {
                path,
                error: &error,
            });
            return None;
        }
    };
    let mut present = Present::default();
    for (name, _) in &listing.entries {
        present.note(name);
    }
    let whole = listing.errors.is_empty();
    for (name, error) in &listing.errors {
        let at = match name {
            Some(name) => {
                present.note(name);
                Cow::Owned(path.join(name))
            }
            None => Cow::Borrowed(path),
        };
        visit(Event::Unreadable { path: &at, error });
    }
    Some((sorted(listing.entries), present, whole))
}

/// A folder's entries as a walk takes them: from the end, so sorted last first.
pub(super) fn sorted(mut children: Vec<(OsString, Kind)>) -> Entries {
    children.sort_by(|a, b| b.0.cmp(&a.0));
    children.into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fsafe::MAX_RECORDED_ENTRIES;

    fn names(root: &Path, gitignore: bool) -> Vec<String> {
        names_by(root, gitignore, 8, &mut |options, visit| {
            walk(root, options, visit)
        })
    }

    type Visit<'a> = &'a mut dyn FnMut(Event<'_>) -> Flow;

    /// What a walk of `root` meets, the walk made by `how`.
    fn names_by(
        root: &Path,
        gitignore: bool,
        max_depth: usize,
        how: &mut dyn FnMut(WalkOptions<'_>, Visit<'_>),
    ) -> Vec<String> {
        let jail = Jail::new(root).unwrap();
        let mut seen = Vec::new();
        let options = WalkOptions {
            jail: &jail,
            max_depth,
            gitignore,
            follow: true,
        };
        how(options, &mut |event| {
            match event {
                // What discovery does with `.git` and `node_modules`.
                Event::Entry(e) if e.is_dir() && e.file_name() == "skipped" => {
                    return Flow::Skip;
                }
                Event::Entry(e) if e.depth > 0 => seen.push(
                    crate::paths::to_slash(e.path.strip_prefix(root).unwrap())
                        + if e.is_dir() { "/" } else { "" },
                ),
                Event::Escape { link, .. } => seen.push(format!(
                    "escape {}",
                    crate::paths::to_slash(link.strip_prefix(root).unwrap())
                )),
                Event::Loop { link, .. } => seen.push(format!(
                    "loop {}",
                    crate::paths::to_slash(link.strip_prefix(root).unwrap())
                )),
                _ => {}
            }
            Flow::Continue
        });
        seen
    }

    #[cfg(unix)]
    #[test]
    fn listing_ahead_meets_what_the_walk_meets() {
        use std::os::unix::fs::symlink;
        let t = tempfile::tempdir().unwrap();
        let root = t.path().join("root");
        // Folders at several depths, some the visitor skips, some a `.gitignore` hides inside
        // a repository, and symlinks that the walk follows (or not) and the helper never does.
        for i in 0..60 {
            let dir = root.join(format!("d{i:02}"));
            fs::create_dir_all(dir.join("refs/deep/deeper")).unwrap();
            fs::write(dir.join("SKILL.md"), "x").unwrap();
            fs::write(dir.join("refs/deep/deeper/f.md"), "x").unwrap();
            if i % 7 == 0 {
                fs::create_dir_all(dir.join("skipped/inner")).unwrap();
            }
            if i % 11 == 0 {
                fs::create_dir_all(dir.join("build/out")).unwrap();
                fs::write(dir.join(".gitignore"), "build/\n").unwrap();
            }
        }
        fs::create_dir(root.join(".git")).unwrap();
        symlink(root.join("d01"), root.join("d02/link")).unwrap();
        symlink(t.path(), root.join("d03/out")).unwrap();
        let skip = |name: &OsStr| name == "skipped";
        for gitignore in [false, true] {
            for max_depth in [1, 2, 3, 8] {
                let plain = names_by(&root, gitignore, max_depth, &mut |options, visit| {
                    walk(&root, options, visit);
                });
                assert!(plain.len() > 60, "{plain:?}");
                // The helper and the walk race: the meeting point differs from run to run.
                for _ in 0..20 {
                    let mut recorder = Recorder::new(MAX_RECORDED_ENTRIES, |n| n == "SKILL.md");
                    let ahead = names_by(&root, gitignore, max_depth, &mut |options, visit| {
                        record(&root, options, &mut recorder, Some(&skip), visit);
                    });
                    assert_eq!(ahead, plain, "gitignore {gitignore}, depth {max_depth}");
                    // What it recorded serves a later walk of a skill's folder as well.
                    let dir = root.join("d44");
                    let Some(listed) = recorder.below(&dir) else {
                        assert_eq!(max_depth, 1, "the skill's SKILL.md is two levels down");
                        continue;
                    };
                    let again = names_by(&dir, gitignore, 8, &mut |options, visit| {
                        walk_listed(&dir, options, &listed, visit);
                    });
                    let fresh = names_by(&dir, gitignore, 8, &mut |options, visit| {
                        walk(&dir, options, visit);
                    });
                    assert_eq!(again, fresh, "gitignore {gitignore}, depth {max_depth}");
                }
            }
        }
    }

    #[test]
    fn entries_come_sorted_depth_first() {
        let t = tempfile::tempdir().unwrap();
        for f in ["b/x.md", "a/y/z.md", "c.md"] {
            let path = t.path().join(f);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, "x").unwrap();
        }
        assert_eq!(
            names(t.path(), false),
            ["a/", "a/y/", "a/y/z.md", "b/", "b/x.md", "c.md"]
        );
    }

    #[test]
    fn each_entry_knows_its_own_name() {
        let t = tempfile::tempdir().unwrap();
        for f in ["b/x.md", "a/y/z.md", "c.md", "é ü/ñ.md", ".hidden/..x"] {
            let path = t.path().join(f);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, "x").unwrap();
        }
        let jail = Jail::new(t.path()).unwrap();
        let options = WalkOptions {
            jail: &jail,
            max_depth: 8,
            gitignore: false,
            follow: true,
        };
        // The root as given, in the forms a user types: its name is what its path says.
        let slashed = PathBuf::from(format!("{}/", t.path().display()));
        let dotted = t.path().join("a/..");
        for root in [t.path(), slashed.as_path(), dotted.as_path()] {
            let mut names = Vec::new();
            walk(root, options, &mut |event| {
                if let Event::Entry(e) = event {
                    let expected = e.path.file_name().unwrap_or(e.path.as_os_str());
                    assert_eq!(e.file_name(), expected, "{}", e.path.display());
                    names.push(e.file_name().to_string_lossy().into_owned());
                }
                Flow::Continue
            });
            assert_eq!(names.len(), 11, "{names:?}");
            assert!(names.contains(&"ñ.md".to_owned()) && names.contains(&"..x".to_owned()));
        }
    }

    #[test]
    fn gitignore_counts_inside_a_repository_only() {
        let t = tempfile::tempdir().unwrap();
        fs::write(t.path().join(".gitignore"), "*.log\n!keep.log\nbuild/\n").unwrap();
        fs::create_dir_all(t.path().join("build")).unwrap();
        fs::create_dir_all(t.path().join("sub")).unwrap();
        fs::write(t.path().join("sub/.gitignore"), "!*.log\n").unwrap();
        for f in ["a.log", "keep.log", "build/x", "sub/b.log", "c.md"] {
            fs::write(t.path().join(f), "x").unwrap();
        }
        let all = names(t.path(), true);
        assert!(all.contains(&"a.log".to_owned()), "no repository: {all:?}");
        fs::create_dir(t.path().join(".git")).unwrap();
        assert_eq!(
            names(t.path(), true),
            [
                ".git/",
                ".gitignore",
                "c.md",
                "keep.log",
                "sub/",
                "sub/.gitignore",
                "sub/b.log"
            ]
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_folder_is_never_remembered_plain() {
        use std::os::unix::fs::symlink;
        let t = tempfile::tempdir().unwrap();
        let root = fs::canonicalize(t.path()).unwrap().join("root");
        fs::create_dir_all(root.join("a/b")).unwrap();
        fs::write(root.join("a/b/f.md"), "x").unwrap();
        symlink(root.join("a"), root.join("link")).unwrap();
        assert_eq!(
            names(&root, false),
            ["a/", "a/b/", "a/b/f.md", "link/", "link/b/", "link/b/f.md"]
        );
        for through_link in [root.join("link"), root.join("link/b")] {
            assert!(!super::super::folders::known_plain_dir(&through_link));
        }
        // A read through the link is still told the path is not plain all the way.
        let jail = Jail::new(&root).unwrap();
        assert!(jail.read_plain(&root.join("link/b/f.md"), 10).is_none());
        assert_eq!(jail.read(&root.join("link/b/f.md"), 10).unwrap(), b"x");
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_leaving_the_jail_and_loops_are_not_followed() {
        use std::os::unix::fs::symlink;
        let t = tempfile::tempdir().unwrap();
        let root = t.path().join("root");
        fs::create_dir_all(root.join("a")).unwrap();
        fs::write(root.join("a/f.md"), "x").unwrap();
        fs::write(t.path().join("secret"), "x").unwrap();
        symlink("/", root.join("everything")).unwrap();
        symlink(t.path().join("secret"), root.join("secret.md")).unwrap();
        symlink(root.join("a"), root.join("a/again")).unwrap();
        symlink(root.join("a/f.md"), root.join("same.md")).unwrap();
        assert_eq!(
            names(&root, false),
            [
                "a/",
                "loop a/again",
                "a/f.md",
                "escape everything",
                "same.md",
                "escape secret.md"
            ]
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_gitignore_that_is_a_fifo_is_reported_not_read() {
        let t = tempfile::tempdir().unwrap();
        fs::create_dir(t.path().join(".git")).unwrap();
        let status = std::process::Command::new("mkfifo")
            .arg(t.path().join(".gitignore"))
            .status()
            .unwrap();
        assert!(status.success());
        fs::write(t.path().join("a.md"), "x").unwrap();
        let jail = Jail::new(t.path()).unwrap();
        let mut refused = Vec::new();
        let options = WalkOptions {
            jail: &jail,
            max_depth: 2,
            gitignore: true,
            follow: true,
        };
        walk(t.path(), options, &mut |event| {
            if let Event::IgnoreFile { path, refusal } = event {
                refused.push((path.to_path_buf(), refusal.to_string()));
            }
            Flow::Continue
        });
        assert_eq!(refused.len(), 1);
        assert!(refused[0].1.contains("FIFO"), "{refused:?}");
    }
}
