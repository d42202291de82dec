//! Folder listings read ahead of a walk, on another core. Listing a folder is a few system
//! calls (open, read the entries, close), and a tree of thousands of folders spends most of its
//! walk in them, one folder after the other. A helper thread lists the same tree from the other
//! end (names last first) while the walk goes on from the first name; the walk takes each
//! listing the helper has read instead of reading the folder, and the two stop when they meet.
//!
//! The helper only reads: it follows no symlink, opens no ignore file and reports nothing. A
//! folder it could not list whole is simply not handed over, and the walk lists it itself, with
//! its own reports; a folder the walk never enters (ignored, or past a limit) costs the helper
//! a listing that is dropped. So the walk meets exactly what it would meet without it.

use std::collections::hash_map::Entry;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use super::listing::Entries;
use crate::hash::HashMap;

/// The most entries the helper reads in one walk, each folder counting as one more: what the
/// walk does not take is memory held until it ends.
const MAX_ENTRIES: usize = 1 << 18;

/// What the helper has read and the walk has taken.
#[derive(Default)]
pub(super) struct Ahead {
    /// By the folder's path as the walk reaches it (hashed as bytes: cheaper than as a path):
    /// `Some` for a listing the helper read whole, `None` for a folder the walk listed itself
    /// (where the helper stops).
    folders: Mutex<HashMap<OsString, Option<Entries>>>,
    /// Set when the walk is over.
    done: AtomicBool,
}

impl Ahead {
    /// The listing of `path` if the helper read it; otherwise marks `path` as the walk's own.
    pub(super) fn take(&self, path: &Path) -> Option<Entries> {
        let mut folders = self.folders.lock().unwrap_or_else(PoisonError::into_inner);
        match folders.get_mut(path.as_os_str()) {
            Some(listing @ Some(_)) => listing.take(),
            Some(None) => None,
            None => {
                folders.insert(path.as_os_str().to_owned(), None);
                None
            }
        }
    }

    /// Tells the helper to stop.
    pub(super) fn finish(&self) {
        self.done.store(true, Ordering::Relaxed);
    }

    /// The helper: lists the folders under `root` depth first, the last name first, down to
    /// folders at `max_depth - 1` below it (whose entries are at `max_depth`), leaving out the
    /// folders `skip` names (below the root) and symlinks, until it reaches a folder the walk
    /// has listed, the walk ends or [`MAX_ENTRIES`] are read.
    pub(super) fn read(&self, root: &Path, max_depth: usize, skip: &dyn Fn(&OsStr) -> bool) {
        let mut budget = MAX_ENTRIES;
        // (folder, the depth of its entries). The root is the walk's first folder: it is read
        // here too, for what is under it, and not handed over.
        let mut stack = vec![(root.to_path_buf(), 1)];
        let mut first = true;
        while let Some((dir, depth)) = stack.pop() {
            if self.done.load(Ordering::Relaxed) || (!first && self.walked(&dir)) {
                return;
            }
            let Some(entries) = self.list(&dir, &mut budget) else {
                if budget == 0 || self.done.load(Ordering::Relaxed) {
                    return;
                }
                continue;
            };
            if depth < max_depth {
                // Sorted last first: pushed from the first name on, the last is taken first.
                for (name, file_type) in entries.iter().rev() {
                    if file_type.is_dir() && !skip(name) {
                        stack.push((dir.join(name), depth + 1));
                    }
                }
            }
            if !std::mem::take(&mut first) && !self.hand_over(dir, entries) {
                return;
            }
        }
    }

    /// Whether the walk has listed `dir` itself.
    fn walked(&self, dir: &Path) -> bool {
        let folders = self.folders.lock().unwrap_or_else(PoisonError::into_inner);
        folders.contains_key(dir.as_os_str())
    }

    /// Leaves the listing of `dir` for the walk; `false` when the walk got there first.
    fn hand_over(&self, dir: PathBuf, entries: Entries) -> bool {
        let mut folders = self.folders.lock().unwrap_or_else(PoisonError::into_inner);
        match folders.entry(dir.into_os_string()) {
            Entry::Occupied(_) => false,
            Entry::Vacant(slot) => {
                slot.insert(Some(entries));
                true
            }
        }
    }

    /// The entries of `dir`, sorted as a walk lists them, when every one could be read before
    /// the walk ended and within `budget`.
    fn list(&self, dir: &Path, budget: &mut usize) -> Option<Entries> {
        let listing = super::entries::read(dir).ok()?;
        if listing.entries.len() > *budget {
            *budget = 0;
            return None;
        }
        if !listing.errors.is_empty() || self.done.load(Ordering::Relaxed) {
            return None;
        }
        *budget = budget.saturating_sub(listing.entries.len() + 1);
        Some(super::walk::sorted(listing.entries))
    }
}
