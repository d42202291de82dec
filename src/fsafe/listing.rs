//! Folder listings one walk read, kept for a later walk of the same folders: discovery lists
//! every folder of a tree to find the skills, and the checks then walk each skill's folder
//! again. A [`Recorder`] keeps what one walk listed, within a bound on the entries kept;
//! [`Recorder::below`] gives the listings of one folder and of the folders under it as
//! [`Listings`], which travel with what was found there (a skill) to the later walk
//! ([`super::walk_listed`]). Nothing is kept anywhere else: a listing lives as long as the data
//! it came with, and a run never sees another run's.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::{self, Path, PathBuf};
use std::sync::Arc;

use super::Kind;
use crate::hash::HashMap;

/// A folder's entries as read from the disk: names with their kinds, sorted last first (a walk
/// takes them from the end).
pub(super) type Entries = Arc<[(OsString, Kind)]>;

/// The most entries one run records, each folder counting as one more (a few MB at most):
/// folders listed after that are listed again by the later walk.
pub const MAX_RECORDED_ENTRIES: usize = 1 << 18;

/// The folders a walk listed whole (no entry failed to read) that a later walk may want: each
/// folder holding an entry whose name `marks` picks (a skill's folder holds its `SKILL.md`),
/// and every folder under one; by the path the walk reached them under.
pub struct Recorder {
    /// In walk order, which puts the folders under a folder right after it.
    folders: Vec<(PathBuf, Entries)>,
    /// Where each folder holding a marked name is in `folders`, by its path (hashed as bytes:
    /// cheaper than as a path).
    marked: HashMap<OsString, usize>,
    /// The outermost marked folder the walk is in, as a place in `folders`.
    within: Option<usize>,
    marks: fn(&OsStr) -> bool,
    /// How many more entries may be kept.
    left: usize,
}

impl Recorder {
    /// A recorder that keeps at most `budget` entries (see [`MAX_RECORDED_ENTRIES`]) of the
    /// folders `marks` picks out, and of those under them.
    pub fn new(budget: usize, marks: fn(&OsStr) -> bool) -> Self {
        Self {
            folders: Vec::new(),
            marked: HashMap::default(),
            within: None,
            marks,
            left: budget,
        }
    }

    /// How many more entries it may keep: the budget of the run's next walk.
    pub fn left(&self) -> usize {
        self.left
    }

    /// Keeps the listing of the folder reached at `path`, if it is one to keep. Once a listing
    /// does not fit, nothing more is kept.
    pub(super) fn record(&mut self, path: &Path, entries: &Entries) {
        let inside = self
            .within
            .is_some_and(|at| relative(path, &self.folders[at].0).is_some());
        if !inside {
            self.within = None;
        }
        let marked = entries.iter().any(|(name, _)| (self.marks)(name));
        if !inside && !marked {
            return;
        }
        let cost = entries.len() + 1;
        if cost > self.left {
            self.left = 0;
            return;
        }
        self.left -= cost;
        let at = self.folders.len();
        if marked {
            self.marked.insert(path.as_os_str().to_owned(), at);
        }
        if !inside {
            self.within = Some(at);
        }
        self.folders.push((path.to_path_buf(), Arc::clone(entries)));
    }

    /// The listings of `dir` (a folder holding a marked name) and of the folders under it, by
    /// their path relative to `dir`; `None` when that of `dir` was not kept.
    pub fn below(&self, dir: &Path) -> Option<Listings> {
        let &at = self.marked.get(dir.as_os_str())?;
        let mut folders: Vec<(Box<[u8]>, Entries)> = self.folders[at..]
            .iter()
            .map_while(|(path, entries)| Some((relative(path, dir)?.into(), Arc::clone(entries))))
            .collect();
        // Walk order is name order folder by folder, not byte order of the whole path.
        if !folders.is_sorted_by(|a, b| a.0 <= b.0) {
            folders.sort_by(|a, b| a.0.cmp(&b.0));
        }
        Some(Listings {
            folders: folders.into(),
        })
    }
}

impl fmt::Debug for Recorder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Recorder")
            .field("folders", &self.folders.len())
            .field("left", &self.left)
            .finish()
    }
}

/// Folders as an earlier walk listed them, by their path relative to the folder they were
/// given for (empty for that folder itself). Clones share the listings.
#[derive(Clone)]
pub struct Listings {
    /// By the bytes of the relative path.
    folders: Arc<[(Box<[u8]>, Entries)]>,
}

impl Listings {
    /// The entries of the folder a walk of `root` reached at `path`, when they were recorded.
    pub(super) fn get(&self, path: &Path, root: &Path) -> Option<&Entries> {
        let rel = relative(path, root)?;
        let at = self
            .folders
            .binary_search_by(|(key, _)| key.as_ref().cmp(rel))
            .ok()?;
        Some(&self.folders[at].1)
    }

    /// Whether the folder itself was listed with no entry called `name` in any ASCII case: then
    /// nothing by that name was there when the walk listed it, even for a file system that
    /// ignores case. `false` when it was not listed.
    pub fn lacks(&self, name: &OsStr) -> bool {
        let name = name.as_encoded_bytes();
        self.folders.first().is_some_and(|(key, entries)| {
            key.is_empty()
                && !entries
                    .iter()
                    .any(|(n, _)| n.as_encoded_bytes().eq_ignore_ascii_case(name))
        })
    }

    /// How many folders it holds.
    #[cfg(test)]
    pub(crate) fn folders(&self) -> usize {
        self.folders.len()
    }
}

impl fmt::Debug for Listings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Listings")
            .field("folders", &self.folders.len())
            .finish()
    }
}

/// The bytes of `path` after `base` and the separator that follows it, when a walk of `base`
/// reaches `path` (each step a `join`); empty for `base` itself. Bytes rather than components:
/// this runs for every folder walked, and both sides build their paths the same way.
fn relative<'p>(path: &'p Path, base: &Path) -> Option<&'p [u8]> {
    let base = base.as_os_str().as_encoded_bytes();
    let rest = path.as_os_str().as_encoded_bytes().strip_prefix(base)?;
    let separator = |byte: &u8| path::is_separator(char::from(*byte));
    match rest.split_first() {
        None => Some(rest),
        Some((first, rel)) if separator(first) => Some(rel),
        Some(_) if base.last().is_some_and(separator) => Some(rest),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn entries(dir: &Path) -> Entries {
        let mut entries: Vec<(OsString, Kind)> = fs::read_dir(dir)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (e.file_name(), Kind::of(e.file_type().unwrap()))
            })
            .collect();
        entries.sort_by(|a, b| b.0.cmp(&a.0));
        entries.into()
    }

    fn skill_md(name: &OsStr) -> bool {
        name == "SKILL.md"
    }

    /// Records `dirs` (relative to `root`, in walk order) as a walk would.
    fn record(recorder: &mut Recorder, root: &Path, dirs: &[&str]) {
        recorder.record(root, &entries(root));
        for dir in dirs {
            let path = root.join(dir);
            recorder.record(&path, &entries(&path));
        }
    }

    #[test]
    fn marked_folders_are_kept_with_the_folders_under_them() {
        let t = tempfile::tempdir().unwrap();
        for dir in ["a/b", "a-b", "ab/c", "z/s"] {
            fs::create_dir_all(t.path().join(dir)).unwrap();
        }
        for file in ["a/SKILL.md", "ab/SKILL.md", "z/s/SKILL.md", "a-b/other.md"] {
            fs::write(t.path().join(file), "").unwrap();
        }
        let mut recorder = Recorder::new(MAX_RECORDED_ENTRIES, skill_md);
        let walked = ["a", "a/b", "a-b", "ab", "ab/c", "z", "z/s"];
        record(&mut recorder, t.path(), &walked);
        let a = t.path().join("a");
        let under_a = recorder.below(&a).unwrap();
        assert_eq!(under_a.folders(), 2);
        assert_eq!(under_a.get(&a, &a).unwrap().len(), 2);
        assert!(under_a.get(&a.join("b"), &a).unwrap().is_empty());
        assert!(under_a.get(&t.path().join("a-b"), &a).is_none());
        assert!(under_a.get(&a.join("c"), &a).is_none());
        assert_eq!(recorder.below(&t.path().join("ab")).unwrap().folders(), 2);
        assert_eq!(recorder.below(&t.path().join("z/s")).unwrap().folders(), 1);
        // Not marked: kept or not, not given.
        for dir in ["", "a/b", "a-b", "z", "missing"] {
            assert!(recorder.below(&t.path().join(dir)).is_none(), "{dir}");
        }
        // The root, `a-b` and `z` are not kept at all.
        assert_eq!(recorder.folders.len(), walked.len() + 1 - 3);
    }

    #[test]
    fn a_listed_folder_lacks_only_the_names_it_did_not_hold() {
        let t = tempfile::tempdir().unwrap();
        fs::create_dir_all(t.path().join("s/agents")).unwrap();
        fs::create_dir_all(t.path().join("bare")).unwrap();
        fs::write(t.path().join("s/SKILL.md"), "").unwrap();
        fs::write(t.path().join("bare/SKILL.md"), "").unwrap();
        let mut recorder = Recorder::new(MAX_RECORDED_ENTRIES, skill_md);
        record(&mut recorder, t.path(), &["bare", "s", "s/agents"]);
        let with = recorder.below(&t.path().join("s")).unwrap();
        assert!(!with.lacks(OsStr::new("agents")));
        assert!(!with.lacks(OsStr::new("SKILL.md")));
        // A file system that ignores case would open `Agents` for `agents`.
        assert!(!with.lacks(OsStr::new("Agents")));
        assert!(with.lacks(OsStr::new("references")));
        let bare = recorder.below(&t.path().join("bare")).unwrap();
        assert!(bare.lacks(OsStr::new("agents")));
        // A folder whose own listing did not fit gives no listings: nothing is taken as lacking.
        let mut small = Recorder::new(1, skill_md);
        record(&mut small, &t.path().join("s"), &["agents"]);
        assert!(small.below(&t.path().join("s")).is_none());
    }

    #[test]
    fn nothing_more_is_kept_past_the_budget() {
        let t = tempfile::tempdir().unwrap();
        for dir in ["a/x", "a/y", "b"] {
            fs::create_dir_all(t.path().join(dir)).unwrap();
        }
        fs::write(t.path().join("SKILL.md"), "").unwrap();
        // The root (3 entries) costs 4 and `a` (2 entries) 3, one too many: `a/x` (empty,
        // costing 1) would fit in what is left, but once one listing does not, none is kept.
        let mut recorder = Recorder::new(6, skill_md);
        record(&mut recorder, t.path(), &["a", "a/x", "b"]);
        assert_eq!(recorder.left(), 0);
        let all = recorder.below(t.path()).unwrap();
        assert_eq!(all.folders(), 1);
        assert!(all.get(t.path(), t.path()).is_some());
        assert!(all.get(&t.path().join("a"), t.path()).is_none());
        assert!(all.get(&t.path().join("a/x"), t.path()).is_none());
    }

    #[test]
    fn relative_paths_are_what_follows_the_base_and_a_separator() {
        let cases = [
            ("/r/skill", "/r/skill", Some("")),
            ("/r/skill/a", "/r/skill", Some("a")),
            ("/r/skill/a/b", "/r/skill", Some("a/b")),
            ("/r/skill-2/a", "/r/skill", None),
            ("/r/skil", "/r/skill", None),
            ("/a", "/", Some("a")),
            ("/r/x/a", "/r/x/", Some("a")),
        ];
        for (path, base, expected) in cases {
            assert_eq!(
                relative(Path::new(path), Path::new(base)),
                expected.map(str::as_bytes),
                "{path} under {base}"
            );
        }
    }
}
