//! The one door to the user's trees: every command that reads or writes a skill's files
//! (discovery and resource reads, the lint rules, `package`, `lint --fix`, `unpack`, `new`)
//! goes through this module, which refuses whatever could hang, leave the tree or lose an edit.
//!
//! The policy, in one place (docs/security.md says which test proves each point):
//!
//! - **Regular files only.** A path is checked with `lstat` before it is opened; the open uses
//!   `O_NONBLOCK | O_NOCTTY | O_NOFOLLOW`, so a FIFO, a device or a terminal swapped in meanwhile
//!   cannot block it or become our terminal; then the opened handle's own metadata must show the
//!   same regular file that was checked. A skill file a walk of the same run listed as a regular
//!   file (not a symlink) has had that look already ([`Jail::read_listed`]): it is opened the
//!   same way, and its handle must show a regular file.
//! - **Confined.** Symlinks are resolved and the result must stay under the [`Jail`] the caller
//!   names (the skill directory, or the folder the user gave); anything else is refused as
//!   [`Refusal::Outside`].
//! - **Hard links.** A regular file with more than one link may be a second name of a file
//!   outside the tree, and no cheap check can tell: such files are refused for reading and
//!   archiving ([`Links::Refuse`]). Ignore files, which only decide what is left out, are the
//!   exception ([`Links::Allow`]).
//! - **Bounded.** Reads stop at the caller's cap ([`Jail::read`] fails past it, [`read_head`]
//!   stops at it); nothing scans a file to its end to measure it.
//! - **Writes stay inside.** A file is only replaced under its jail, through a temporary file
//!   beside the real (resolved) file and a rename, and only if the bytes on disk are still the
//!   ones that were read ([`replace_if_unchanged`]). New files are created without following
//!   symlinks, under a folder the caller owns ([`create_new`]).
//!
//! Directory walks ([`walk()`]) follow the same rules, and read `.gitignore` files themselves
//! ([`gitignore`]) so that no third-party walker opens a file behind our back.

mod ahead;
mod entries;
mod folders;
mod gitignore;
mod listing;
mod walk;

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Component, Path, PathBuf};

use entries::Kind;
pub use folders::{canonicalize, forget, holds_skill_md};
pub use listing::{Listings, MAX_RECORDED_ENTRIES, Recorder};
pub use walk::{Entry, EntryKind, Event, Flow, WalkOptions, walk, walk_listed, walk_recording};

/// The largest ignore file (`.gitignore`, `.git/info/exclude`) read; a larger one is refused.
pub const MAX_IGNORE_FILE_BYTES: u64 = 1 << 20;

/// Why a path was not read or written.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    #[error("it does not exist")]
    NotFound,
    #[error("it is a {0}, not a regular file")]
    NotRegular(&'static str),
    #[error("it resolves outside {}, to {}", jail.display(), target.display())]
    Outside { jail: PathBuf, target: PathBuf },
    #[error(
        "it has {0} hard links, so it may be a file from outside the folder; only files with one link are read (copy it instead of linking it)"
    )]
    HardLinked(u64),
    #[error("it is larger than {limit} bytes")]
    TooLarge { limit: u64 },
    #[error("it changed on disk after it was read; nothing was written")]
    Changed,
    #[error("{0}")]
    Io(#[from] io::Error),
}

impl Refusal {
    fn from_io(error: io::Error) -> Self {
        if error.kind() == io::ErrorKind::NotFound {
            Self::NotFound
        } else {
            Self::Io(error)
        }
    }

    /// The refusal as an I/O error, for callers that report those.
    pub fn into_io(self) -> io::Error {
        match self {
            Self::Io(error) => error,
            Self::NotFound => io::Error::new(io::ErrorKind::NotFound, self.to_string()),
            other => io::Error::new(io::ErrorKind::PermissionDenied, other.to_string()),
        }
    }
}

/// Whether a multiply-linked regular file may be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Links {
    /// Refuse it: the safe default for anything whose bytes are shown, counted or archived.
    Refuse,
    /// Read it: for files that only steer what else is read (ignore files).
    Allow,
}

/// A folder that resolved paths must stay under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Jail {
    /// Canonical: symlinks resolved.
    root: PathBuf,
    /// As given, for resolving paths under it with one look-up per name below it.
    given: PathBuf,
}

impl Jail {
    /// The jail of `root`, which must exist.
    pub fn new(root: &Path) -> io::Result<Self> {
        Ok(Self {
            root: canonicalize(root)?,
            given: root.to_path_buf(),
        })
    }

    /// The canonical folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Whether a canonical path is inside the jail.
    pub fn contains(&self, canonical: &Path) -> bool {
        canonical.starts_with(&self.root)
    }

    /// `path` with every symlink resolved, when it stays inside the jail.
    pub fn resolve(&self, path: &Path) -> Result<PathBuf, Refusal> {
        match self.plain_below(path, Last::Look) {
            Below::Plain(resolved, _) => return Ok(resolved),
            Below::Missing => return Err(Refusal::NotFound),
            Below::Other => {}
        }
        let target = fs::canonicalize(path).map_err(Refusal::from_io)?;
        if self.contains(&target) {
            Ok(target)
        } else {
            Err(Refusal::Outside {
                jail: self.root.clone(),
                target,
            })
        }
    }

    /// The resolved form of a path under the folder as given whose names below it are all
    /// plain and none a symlink: the canonical root joined with them, found with one `lstat` per
    /// name (resolving the whole path again would look up every folder above too). A folder on
    /// the way that an `lstat` already showed plain in this run is not looked up again (see
    /// [`folders`]); the last name always is, unless `last` says a walk listed it as a regular
    /// file (then its metadata is `None`). A name that is missing after plain folders makes the
    /// path missing, as resolving it would find.
    fn plain_below(&self, path: &Path, last: Last) -> Below {
        let rel = match crate::paths::names_below(path, &self.given) {
            Some(names) => Path::new(names),
            None => match path.strip_prefix(&self.given) {
                Ok(rel) => rel,
                Err(_) => return Below::Other,
            },
        };
        let mut at = self.root.clone();
        let mut last_meta = None;
        let mut parts = rel.components().peekable();
        while let Some(part) = parts.next() {
            let Component::Normal(name) = part else {
                return Below::Other;
            };
            at.push(name);
            let above = parts.peek().is_some();
            if above && folders::known_plain_dir(&at) {
                continue;
            }
            if !above && last == Last::Listed {
                last_meta = None;
                break;
            }
            let meta = match fs::symlink_metadata(&at) {
                Ok(meta) => meta,
                Err(e) if e.kind() == io::ErrorKind::NotFound => return Below::Missing,
                Err(_) => return Below::Other,
            };
            if meta.file_type().is_symlink() {
                return Below::Other;
            }
            if above && meta.is_dir() {
                folders::remember_plain_dir(&at);
            }
            last_meta = Some(meta);
        }
        Below::Plain(at, last_meta)
    }

    /// [`Jail::resolve`] and [`Jail::read`] of a path whose names below the folder as given are
    /// all plain, none a symlink, with the look-ups the two share taken once: the resolved path
    /// (inside the jail, by construction) and the file's bytes. `None` when a name below the
    /// folder is a symlink or missing: the caller then resolves and reads the general way.
    pub fn read_plain(&self, path: &Path, cap: u64) -> Option<(PathBuf, Result<Vec<u8>, Refusal>)> {
        let Below::Plain(resolved, meta) = self.plain_below(path, Last::Look) else {
            return None;
        };
        let read = open_checked(&resolved, meta?, Links::Refuse).and_then(|o| read_whole(o, cap));
        Some((resolved, read))
    }

    /// [`Jail::read_plain`] of a file that a walk of this run listed as a regular file, not a
    /// symlink: that listing is the look before the open, so the file's own name is not looked
    /// up again. It is opened without following a link and checked on the handle as every open
    /// is. `None` where `read_plain` gives `None`, and when the file is gone since the listing.
    /// Where an open cannot refuse to follow a link (not on Unix), this is [`Jail::read_plain`].
    pub fn read_listed(
        &self,
        path: &Path,
        cap: u64,
    ) -> Option<(PathBuf, Result<Vec<u8>, Refusal>)> {
        if cfg!(not(unix)) {
            return self.read_plain(path, cap);
        }
        let Below::Plain(resolved, _) = self.plain_below(path, Last::Listed) else {
            return None;
        };
        let read = match open_handle(&resolved, Links::Refuse) {
            Err(Refusal::NotFound) => return None,
            opened => opened.and_then(|o| read_whole(o, cap)),
        };
        Some((resolved, read))
    }

    /// Opens a regular file inside the jail for reading.
    pub fn open(&self, path: &Path, links: Links) -> Result<Opened, Refusal> {
        match self.plain_below(path, Last::Look) {
            // The `lstat` of the last name is the check before the open.
            Below::Plain(resolved, Some(meta)) => open_checked(&resolved, meta, links),
            Below::Missing => Err(Refusal::NotFound),
            _ => open_resolved(&self.resolve(path)?, links),
        }
    }

    /// The whole file, refused when it is larger than `cap` bytes (checked before reading, and
    /// while reading, so a file that grows meanwhile is not read past the cap either).
    pub fn read(&self, path: &Path, cap: u64) -> Result<Vec<u8>, Refusal> {
        read_whole(self.open(path, Links::Refuse)?, cap)
    }
}

/// What [`Jail::plain_below`] knows of the last name of a path before it looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Last {
    /// Nothing: it is looked up.
    Look,
    /// A walk of this run listed it as a regular file, not a symlink.
    Listed,
}

/// What [`Jail::plain_below`] finds of a path.
enum Below {
    /// Every name below the folder is plain: the resolved path, and the metadata of the last
    /// name (`None` for the folder itself).
    Plain(PathBuf, Option<Metadata>),
    /// A name is missing, each one before it a plain folder: the path does not exist.
    Missing,
    /// A name is a symlink, or the path is not the folder as given joined with plain names.
    Other,
}

/// The metadata of a regular file inside `jail` (symlinks resolved), with the same checks as
/// [`Jail::open`] but without opening it: for listings that read the file later, if at all.
pub fn inspect(jail: &Jail, path: &Path, links: Links) -> Result<Metadata, Refusal> {
    let resolved = jail.resolve(path)?;
    let meta = fs::symlink_metadata(&resolved).map_err(Refusal::from_io)?;
    check_regular(&meta, links)?;
    Ok(meta)
}

/// A small text file of a skill (`rel`, relative to the skill folder `dir`), for what runtimes
/// read beside `SKILL.md` (such as `agents/openai.yaml`): `None` when it is missing, not a
/// regular file, outside the skill, hard-linked, over `cap` bytes or not UTF-8.
pub fn read_skill_text(dir: &Path, rel: &str, cap: u64) -> Option<String> {
    let jail = Jail::new(dir).ok()?;
    String::from_utf8(jail.read(&dir.join(rel), cap).ok()?).ok()
}

/// A configuration file of a runtime (its settings, wherever the user keeps them) as text:
/// `None` when it is missing, not a regular file, over `cap` bytes or not UTF-8. Configuration
/// only steers what is shown, so hard links are allowed.
pub fn read_config_text(path: &Path, cap: u64) -> Option<String> {
    String::from_utf8(read_anywhere(path, cap, Links::Allow).ok()?).ok()
}

/// The most bytes a runtime's configuration file is read to.
pub const CONFIG_CAP: u64 = 1 << 20;

/// An open regular file and what was checked about it.
#[derive(Debug)]
pub struct Opened {
    pub file: File,
    /// The resolved path.
    pub path: PathBuf,
    /// Its size when it was opened.
    pub len: u64,
    #[cfg_attr(not(unix), allow(dead_code))]
    meta: Metadata,
}

/// Opens a regular file anywhere (symlinks resolved), for files outside any skill that steer a
/// walk: ignore files and the `.git` pointers of worktrees.
pub fn open_anywhere(path: &Path, links: Links) -> Result<Opened, Refusal> {
    let resolved = fs::canonicalize(path).map_err(Refusal::from_io)?;
    open_resolved(&resolved, links)
}

/// Reads at most `cap` bytes of a regular file anywhere (see [`open_anywhere`]).
pub fn read_anywhere(path: &Path, cap: u64, links: Links) -> Result<Vec<u8>, Refusal> {
    read_whole(open_anywhere(path, links)?, cap)
}

fn read_whole(opened: Opened, cap: u64) -> Result<Vec<u8>, Refusal> {
    if opened.len > cap {
        return Err(Refusal::TooLarge { limit: cap });
    }
    let (bytes, more) = read_up_to(opened.file, opened.len.min(cap), cap, true)?;
    if more {
        return Err(Refusal::TooLarge { limit: cap });
    }
    Ok(bytes)
}

/// Up to `cap` bytes from `reader` (`hint` sizes the buffer), and whether more followed: reads
/// one byte past the cap at most, never to the end of a large file.
///
/// The buffer starts at `hint` bytes and one more, so a file of the size its metadata gave is
/// read in one call and its end seen in the next; it grows (doubling, to the cap and one byte
/// past it) only for a reader that holds more.
pub fn read_head(reader: impl Read, hint: u64, cap: u64) -> io::Result<(Vec<u8>, bool)> {
    read_up_to(reader, hint, cap, false)
}

/// [`read_head`]; with `regular`, `reader` is an open regular file whose metadata gave `hint`
/// bytes, and a first read that returns exactly `hint` bytes, one short of the buffer, ends the
/// reading: a read of a regular file returns fewer bytes than it asks for only at the file's
/// end, so the next read would return nothing. (The file can still change after that read, as
/// after any other; a file that grew before it fills the buffer, and is read on.)
fn read_up_to(
    mut reader: impl Read,
    hint: u64,
    cap: u64,
    regular: bool,
) -> io::Result<(Vec<u8>, bool)> {
    let past_cap = usize::try_from(cap.saturating_add(1)).unwrap_or(usize::MAX);
    let first = usize::try_from(hint.min(cap).saturating_add(1)).unwrap_or(past_cap);
    let mut bytes = vec![0; first.min(past_cap)];
    let mut filled = 0;
    loop {
        if filled == bytes.len() {
            if filled == past_cap {
                break;
            }
            let grown = filled.saturating_mul(2).max(8192).min(past_cap);
            bytes.resize(grown, 0);
        }
        match reader.read(&mut bytes[filled..]) {
            Ok(0) => break,
            Ok(n) => {
                let first_read = filled == 0;
                filled += n;
                if regular && first_read && filled as u64 == hint && filled < bytes.len() {
                    break;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    bytes.truncate(filled);
    let more = filled as u64 > cap;
    if more {
        bytes.truncate(usize::try_from(cap).unwrap_or(usize::MAX));
    }
    Ok((bytes, more))
}

/// Opens `resolved` (a path without symlinks) when it is a regular file: checked before the
/// open, opened without blocking or following a link, and checked again on the handle.
fn open_resolved(resolved: &Path, links: Links) -> Result<Opened, Refusal> {
    let before = fs::symlink_metadata(resolved).map_err(Refusal::from_io)?;
    open_checked(resolved, before, links)
}

/// [`open_resolved`] with the `lstat` of `resolved` already taken.
fn open_checked(resolved: &Path, before: Metadata, links: Links) -> Result<Opened, Refusal> {
    check_regular(&before, links)?;
    let opened = open_handle(resolved, links)?;
    if !same_file(&before, &opened.meta) {
        return Err(Refusal::Changed);
    }
    Ok(opened)
}

/// Opens `resolved` without blocking or following a link, and checks on the handle that it is a
/// regular file (with one link, unless `links` allows more).
fn open_handle(resolved: &Path, links: Links) -> Result<Opened, Refusal> {
    let file = open_options().open(resolved).map_err(|e| {
        if is_symlink_error(&e) {
            Refusal::Changed
        } else {
            Refusal::from_io(e)
        }
    })?;
    let meta = file.metadata()?;
    check_regular(&meta, links)?;
    Ok(Opened {
        file,
        path: resolved.to_path_buf(),
        len: meta.len(),
        meta,
    })
}

fn check_regular(meta: &Metadata, links: Links) -> Result<(), Refusal> {
    if !meta.is_file() {
        return Err(Refusal::NotRegular(kind_name(&meta.file_type())));
    }
    let count = link_count(meta);
    if links == Links::Refuse && count > 1 {
        return Err(Refusal::HardLinked(count));
    }
    Ok(())
}

/// What a file that is not a regular file is, in words.
pub fn kind_name(kind: &fs::FileType) -> &'static str {
    Kind::of(*kind).name()
}

#[cfg(unix)]
fn open_options() -> OpenOptions {
    use std::os::unix::fs::OpenOptionsExt;
    let mut options = OpenOptions::new();
    options
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY | libc::O_NOFOLLOW);
    options
}

#[cfg(not(unix))]
fn open_options() -> OpenOptions {
    let mut options = OpenOptions::new();
    options.read(true);
    options
}

#[cfg(unix)]
fn is_symlink_error(error: &io::Error) -> bool {
    error.raw_os_error() == Some(libc::ELOOP)
}

#[cfg(not(unix))]
fn is_symlink_error(_error: &io::Error) -> bool {
    false
}

#[cfg(unix)]
fn link_count(meta: &Metadata) -> u64 {
    use std::os::unix::fs::MetadataExt;
    meta.nlink()
}

#[cfg(not(unix))]
fn link_count(_meta: &Metadata) -> u64 {
    1
}

#[cfg(unix)]
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    a.len() == b.len() && a.modified().ok() == b.modified().ok()
}

/// Replaces the file at `path` (inside `jail`) with `after`, if it still holds exactly
/// `before`: through a temporary file beside the resolved file and a rename, keeping its
/// permissions. The bytes on disk are compared with `before` just before the rename; if anyone
/// changed them, nothing is replaced and [`Refusal::Changed`] says so.
pub fn replace_if_unchanged(
    jail: &Jail,
    path: &Path,
    before: &[u8],
    after: &[u8],
) -> Result<(), Refusal> {
    let resolved = jail.resolve(path)?;
    let dir = resolved.parent().unwrap_or(Path::new("."));
    let current = open_resolved(&resolved, Links::Refuse)?;
    let permissions = current.meta.permissions();
    drop(current);
    let mut tmp = tempfile::Builder::new()
        .prefix(".skills-fix-")
        .tempfile_in(dir)?;
    tmp.write_all(after)?;
    tmp.as_file().sync_all()?;
    tmp.as_file().set_permissions(permissions)?;
    // The last look before the rename: the same file, with the same bytes.
    let now = open_resolved(&resolved, Links::Refuse)?;
    let len = before.len() as u64;
    let (bytes, more) = read_head(&now.file, len, len)?;
    if more || bytes != before {
        return Err(Refusal::Changed);
    }
    tmp.persist(&resolved).map_err(|e| Refusal::Io(e.error))?;
    Ok(())
}

/// Writes a report or baseline the user named (`--output-file`, `--write-baseline`) whole or
/// not at all: into a temporary file beside it, then a rename over it. What is there must be a
/// regular file (or nothing): a symlink, a folder or a FIFO is refused, never written through.
pub fn write_output(path: &Path, bytes: &[u8]) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if !meta.is_file() => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{} is a {}, not a regular file",
                    path.display(),
                    kind_name(&meta.file_type())
                ),
            ));
        }
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut tmp = tempfile::Builder::new()
        .prefix(".skills-out-")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// A relative path made only of plain names (no root, `.`, `..` or prefix).
fn plain_relative(rel: &Path) -> io::Result<()> {
    let plain = rel.components().all(|c| matches!(c, Component::Normal(_)));
    if plain && rel.components().next().is_some() {
        Ok(())
    } else {
        Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("`{}` is not a plain relative path", rel.display()),
        ))
    }
}

/// Creates the folder `dir/rel` and its missing parents, refusing to go through anything that
/// is not a real folder (a symlink planted in `dir` cannot redirect the writes).
pub fn create_dirs(dir: &Path, rel: &Path) -> io::Result<PathBuf> {
    plain_relative(rel)?;
    let mut at = dir.to_path_buf();
    for part in rel.components() {
        at.push(part);
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => {
                return Err(io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    format!("{} exists and is not a folder", at.display()),
                ));
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => fs::create_dir(&at)?,
            Err(e) => return Err(e),
        }
    }
    Ok(at)
}

/// Creates the new file `dir/rel` (its parent folders too) for writing; fails if anything is
/// already there, and never follows a symlink.
pub fn create_new(dir: &Path, rel: &Path) -> io::Result<File> {
    plain_relative(rel)?;
    if let Some(parent) = rel.parent().filter(|p| !p.as_os_str().is_empty()) {
        create_dirs(dir, parent)?;
    }
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NOCTTY);
    }
    options.open(dir.join(rel))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_stop_at_the_cap() {
        let data = vec![b'x'; 100];
        let (head, more) = read_head(data.as_slice(), 100, 10).unwrap();
        assert_eq!((head.len(), more), (10, true));
        let (head, more) = read_head(data.as_slice(), 100, 100).unwrap();
        assert_eq!((head.len(), more), (100, false));
    }

    /// Hands out a few bytes per call, and fails once with `Interrupted`, as a slow pipe may.
    struct Trickle<'a> {
        data: &'a [u8],
        interrupted: bool,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if !self.interrupted {
                self.interrupted = true;
                return Err(io::ErrorKind::Interrupted.into());
            }
            let n = buf.len().min(self.data.len()).min(7);
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    #[test]
    fn reads_past_a_wrong_size_hint_up_to_the_cap() {
        let data: Vec<u8> = (0..30_000u32).map(|i| (i % 251) as u8).collect();
        for (hint, cap) in [(0, 100_000), (10, 100_000), (40_000, 100_000), (0, 20_000)] {
            let reader = Trickle {
                data: &data,
                interrupted: false,
            };
            let (head, more) = read_head(reader, hint, cap).unwrap();
            let kept = data.len().min(cap as usize);
            assert_eq!(head, data[..kept], "hint {hint}, cap {cap}");
            assert_eq!(more, data.len() > kept);
        }
        let (head, more) = read_head(&b""[..], 0, 0).unwrap();
        assert_eq!((head.len(), more), (0, false));
        let (head, more) = read_head(&b"a"[..], 5, 0).unwrap();
        assert_eq!((head.len(), more), (0, true));
    }

    /// Counts the reads made of the bytes it holds.
    struct Counted<'a> {
        data: &'a [u8],
        reads: usize,
    }

    impl Read for &mut Counted<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.reads += 1;
            self.data.read(buf)
        }
    }

    #[test]
    fn a_regular_file_of_the_size_its_metadata_gave_is_read_in_one_call() {
        let data = vec![b'x'; 5000];
        for (hint, cap, regular, reads, kept, more) in [
            // The end is met by the first read, one byte short of the buffer.
            (5000, 10_000, true, 1, 5000, false),
            // A reader that may stop short anywhere is read until it returns nothing.
            (5000, 10_000, false, 2, 5000, false),
            // Longer than the metadata said (it grew): read on to the end.
            (4000, 10_000, true, 3, 5000, false),
            // Shorter (it shrank): the end is seen by a read that returns nothing.
            (6000, 10_000, true, 2, 5000, false),
            // Past the cap: one byte more than the cap is read, and no more.
            (4000, 4000, true, 1, 4000, true),
            // No size given: one byte, then a buffer of 8 KiB, then the end.
            (0, 10_000, true, 3, 5000, false),
        ] {
            let mut counted = Counted {
                data: &data,
                reads: 0,
            };
            let (head, past) = read_up_to(&mut counted, hint, cap, regular).unwrap();
            assert_eq!(
                (counted.reads, head.len(), past),
                (reads, kept, more),
                "hint {hint}, cap {cap}, regular {regular}"
            );
        }
        let t = tempfile::tempdir().unwrap();
        for len in [0, 1, 4096, 70_000] {
            let path = t.path().join(format!("{len}.md"));
            let bytes: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
            fs::write(&path, &bytes).unwrap();
            let jail = Jail::new(t.path()).unwrap();
            assert_eq!(jail.read(&path, 100_000).unwrap(), bytes);
            match jail.read(&path, 10) {
                Ok(read) => assert!(len <= 10 && read == bytes),
                Err(refusal) => {
                    assert!(len > 10 && matches!(refusal, Refusal::TooLarge { limit: 10 }));
                }
            }
        }
    }

    #[test]
    fn paths_must_stay_inside_the_jail() {
        let t = tempfile::tempdir().unwrap();
        fs::create_dir(t.path().join("in")).unwrap();
        fs::write(t.path().join("in/a.md"), "a").unwrap();
        fs::write(t.path().join("out.md"), "secret").unwrap();
        let jail = Jail::new(&t.path().join("in")).unwrap();
        assert_eq!(jail.read(&t.path().join("in/a.md"), 10).unwrap(), b"a");
        assert!(matches!(
            jail.read(&t.path().join("in/../out.md"), 10),
            Err(Refusal::Outside { .. })
        ));
        assert!(matches!(
            jail.read(&t.path().join("in/a.md"), 0),
            Err(Refusal::TooLarge { limit: 0 })
        ));
        assert!(matches!(
            jail.read(&t.path().join("in/none.md"), 10),
            Err(Refusal::NotFound)
        ));
        assert!(matches!(
            jail.read(&t.path().join("in"), 10),
            Err(Refusal::NotRegular("directory"))
        ));
    }

    #[cfg(unix)]
    #[test]
    fn missing_paths_are_not_found_however_they_are_resolved() {
        let t = tempfile::tempdir().unwrap();
        let dir = t.path().join("in");
        fs::create_dir_all(dir.join("sub")).unwrap();
        fs::write(dir.join("file"), "x").unwrap();
        std::os::unix::fs::symlink(dir.join("gone"), dir.join("dangling")).unwrap();
        std::os::unix::fs::symlink(dir.join("sub"), dir.join("link")).unwrap();
        let jail = Jail::new(&dir).unwrap();
        // A missing name after plain folders, and the same through a symlink (resolved the
        // general way): both not found, as resolving the whole path says.
        for missing in [
            "none/x.yaml",
            "sub/none",
            "sub/none/x",
            "link/none/x",
            "dangling/x",
        ] {
            let path = dir.join(missing);
            assert!(fs::canonicalize(&path).is_err(), "{missing}");
            assert!(
                matches!(jail.read(&path, 10), Err(Refusal::NotFound)),
                "{missing}"
            );
            assert!(
                matches!(jail.resolve(&path), Err(Refusal::NotFound)),
                "{missing}"
            );
        }
        // Below a file is not "missing": that error is the system's own.
        let below_file = dir.join("file/x");
        assert!(matches!(jail.read(&below_file, 10), Err(Refusal::Io(_))));
    }

    #[cfg(unix)]
    #[test]
    fn a_file_is_looked_at_at_every_open_and_its_folders_at_every_discovery() {
        let t = tempfile::tempdir().unwrap();
        let dir = t.path().join("in");
        let outside = t.path().join("out");
        fs::create_dir_all(dir.join("sub")).unwrap();
        fs::create_dir_all(&outside).unwrap();
        fs::write(dir.join("sub/f.md"), "inside").unwrap();
        fs::write(outside.join("f.md"), "secret").unwrap();
        let jail = Jail::new(&dir).unwrap();
        let file = dir.join("sub/f.md");
        for _ in 0..2 {
            assert_eq!(jail.read(&file, 100).unwrap(), b"inside");
        }
        // The folder `sub` is remembered as plain; the file itself is not, so a symlink put in
        // its place is seen at once.
        fs::remove_file(&file).unwrap();
        std::os::unix::fs::symlink(outside.join("f.md"), &file).unwrap();
        assert!(matches!(
            jail.read(&file, 100),
            Err(Refusal::Outside { .. })
        ));
        // A folder swapped for a symlink is seen from the next discovery on.
        fs::remove_file(&file).unwrap();
        fs::remove_dir(dir.join("sub")).unwrap();
        std::os::unix::fs::symlink(&outside, dir.join("sub")).unwrap();
        forget();
        assert!(matches!(
            jail.read(&file, 100),
            Err(Refusal::Outside { .. })
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_listed_file_is_checked_on_its_handle_whatever_took_its_place() {
        use std::os::unix::fs::symlink;
        let t = tempfile::tempdir().unwrap();
        let dir = t.path().join("in");
        let outside = t.path().join("out.md");
        fs::create_dir_all(dir.join("sub")).unwrap();
        fs::write(&outside, "secret").unwrap();
        let file = dir.join("sub/f.md");
        fs::write(&file, "inside").unwrap();
        let jail = Jail::new(&dir).unwrap();
        let (resolved, read) = jail.read_listed(&file, 100).unwrap();
        assert_eq!(resolved, jail.root().join("sub/f.md"));
        assert_eq!(read.unwrap(), b"inside");
        assert!(matches!(
            jail.read_listed(&file, 3).unwrap().1,
            Err(Refusal::TooLarge { limit: 3 })
        ));
        // Each of these took the place of the file after a walk listed it as a regular file.
        fs::remove_file(&file).unwrap();
        symlink(&outside, &file).unwrap();
        assert!(matches!(
            jail.read_listed(&file, 100).unwrap().1,
            Err(Refusal::Changed)
        ));
        fs::remove_file(&file).unwrap();
        fs::write(&outside, "secret").unwrap();
        fs::hard_link(&outside, &file).unwrap();
        assert!(matches!(
            jail.read_listed(&file, 100).unwrap().1,
            Err(Refusal::HardLinked(2))
        ));
        fs::remove_file(&file).unwrap();
        let status = std::process::Command::new("mkfifo")
            .arg(&file)
            .status()
            .unwrap();
        assert!(status.success());
        assert!(matches!(
            jail.read_listed(&file, 100).unwrap().1,
            Err(Refusal::NotRegular("FIFO"))
        ));
        // Gone: left to the general resolution, which says why.
        fs::remove_file(&file).unwrap();
        assert!(jail.read_listed(&file, 100).is_none());
        // A folder on the way that is a symlink: left to the general resolution too.
        forget();
        fs::remove_dir(dir.join("sub")).unwrap();
        symlink(t.path(), dir.join("sub")).unwrap();
        assert!(jail.read_listed(&dir.join("sub/out.md"), 100).is_none());
    }

    #[test]
    fn creation_refuses_paths_that_climb_out() {
        let t = tempfile::tempdir().unwrap();
        for bad in ["../x", "/etc/x", "a/../../x", ""] {
            assert!(create_new(t.path(), Path::new(bad)).is_err(), "{bad}");
        }
        create_new(t.path(), Path::new("a/b/c.txt")).unwrap();
        assert!(t.path().join("a/b/c.txt").is_file());
        assert!(create_new(t.path(), Path::new("a/b/c.txt")).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn fifos_sockets_and_hard_links_are_refused_without_blocking() {
        use std::os::unix::fs::symlink;
        let t = tempfile::tempdir().unwrap();
        let fifo = t.path().join("fifo");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(status.success());
        let jail = Jail::new(t.path()).unwrap();
        assert!(matches!(
            jail.read(&fifo, 10),
            Err(Refusal::NotRegular("FIFO"))
        ));
        symlink(&fifo, t.path().join("to-fifo")).unwrap();
        assert!(matches!(
            jail.read(&t.path().join("to-fifo"), 10),
            Err(Refusal::NotRegular("FIFO"))
        ));
        fs::write(t.path().join("one"), "x").unwrap();
        fs::hard_link(t.path().join("one"), t.path().join("two")).unwrap();
        assert!(matches!(
            jail.read(&t.path().join("two"), 10),
            Err(Refusal::HardLinked(2))
        ));
        assert!(read_anywhere(&t.path().join("two"), 10, Links::Allow).is_ok());
        assert!(matches!(
            read_anywhere(Path::new("/dev/null"), 10, Links::Allow),
            Err(Refusal::NotRegular("character device"))
        ));
    }

    #[test]
    fn a_file_changed_after_it_was_read_is_not_replaced() {
        let t = tempfile::tempdir().unwrap();
        let path = t.path().join("SKILL.md");
        fs::write(&path, "old").unwrap();
        let jail = Jail::new(t.path()).unwrap();
        replace_if_unchanged(&jail, &path, b"old", b"new").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        fs::write(&path, "edited").unwrap();
        assert!(matches!(
            replace_if_unchanged(&jail, &path, b"new", b"fixed"),
            Err(Refusal::Changed)
        ));
        assert_eq!(fs::read(&path).unwrap(), b"edited");
        let stray: Vec<_> = fs::read_dir(t.path()).unwrap().collect();
        assert_eq!(stray.len(), 1, "no temporary file is left behind");
    }

    #[test]
    fn outputs_are_replaced_whole_and_never_through_a_link() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("report.txt");
        write_output(&out, b"one").unwrap();
        write_output(&out, b"two").unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"two");
        assert!(write_output(tmp.path(), b"x").is_err());
        #[cfg(unix)]
        {
            let target = tmp.path().join("target.txt");
            fs::write(&target, b"keep").unwrap();
            let link = tmp.path().join("link.txt");
            std::os::unix::fs::symlink(&target, &link).unwrap();
            assert!(write_output(&link, b"x").is_err());
            assert_eq!(fs::read(&target).unwrap(), b"keep");
        }
        let names: Vec<_> = fs::read_dir(tmp.path()).unwrap().collect();
        assert!(names.len() <= 3, "no temporary file is left");
    }
}
