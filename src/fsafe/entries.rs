//! The entries of one folder: each name with its kind, as the folder lists it (a symlink is a
//! symlink, never resolved here).
//!
//! On Linux a folder is opened and its entries are read with `getdents64` into a buffer the
//! thread keeps (through rustix), so a listing costs an `open`, the `getdents64` calls and a
//! `close`. `std::fs::read_dir` goes through the C library's `opendir`, which also asks `fstat`
//! of every folder and allocates a buffer of its own for each: one system call in five of a
//! walk. Elsewhere the entries come from `std::fs::read_dir`.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::Path;

/// What an entry is, as its folder lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Dir,
    File,
    Symlink,
    Fifo,
    Socket,
    CharDevice,
    BlockDevice,
    /// Something else.
    Other,
}

impl Kind {
    pub fn is_dir(self) -> bool {
        self == Self::Dir
    }

    pub fn is_symlink(self) -> bool {
        self == Self::Symlink
    }

    /// The kind of a file type the standard library read.
    pub fn of(file_type: fs::FileType) -> Self {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if file_type.is_fifo() {
                return Self::Fifo;
            }
            if file_type.is_socket() {
                return Self::Socket;
            }
            if file_type.is_char_device() {
                return Self::CharDevice;
            }
            if file_type.is_block_device() {
                return Self::BlockDevice;
            }
        }
        if file_type.is_dir() {
            Self::Dir
        } else if file_type.is_file() {
            Self::File
        } else if file_type.is_symlink() {
            Self::Symlink
        } else {
            Self::Other
        }
    }

    /// The kind in words ([`super::kind_name`] of a file type).
    pub fn name(self) -> &'static str {
        match self {
            Self::Dir => "directory",
            Self::File => "regular file",
            Self::Symlink => "symbolic link",
            Self::Fifo => "FIFO",
            Self::Socket => "socket",
            Self::CharDevice => "character device",
            Self::BlockDevice => "block device",
            Self::Other => "special file",
        }
    }
}

/// A folder's entries (without `.` and `..`), in the order the folder gives them, and what
/// could not be read: an entry's name with the error that kept its kind unknown, or no name
/// when reading the folder failed part of the way (the entries before it are kept).
#[derive(Debug, Default)]
pub struct Listing {
    pub entries: Vec<(OsString, Kind)>,
    pub errors: Vec<(Option<OsString>, io::Error)>,
}

/// Lists the folder at `path` (a symlink to a folder is followed, as `opendir` follows it);
/// fails when it cannot be opened as a folder.
pub fn read(path: &Path) -> io::Result<Listing> {
    #[cfg(target_os = "linux")]
    {
        linux::read(path)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let mut listing = Listing::default();
        for entry in fs::read_dir(path)? {
            match entry {
                Ok(entry) => match entry.file_type() {
                    Ok(file_type) => listing
                        .entries
                        .push((entry.file_name(), Kind::of(file_type))),
                    Err(error) => listing.errors.push((Some(entry.file_name()), error)),
                },
                Err(error) => listing.errors.push((None, error)),
            }
        }
        Ok(listing)
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use std::cell::RefCell;
    use std::ffi::OsStr;
    use std::io;
    use std::mem::MaybeUninit;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;

    use rustix::fs::{AtFlags, FileType, Mode, OFlags, RawDir};

    use super::{Kind, Listing};

    /// The buffer each thread reads entries into: an entry takes at most 280 bytes (a name is at
    /// most 255), so a folder of a hundred entries comes in one call.
    const BUFFER: usize = 32 * 1024;

    thread_local! {
        static BUF: RefCell<Vec<MaybeUninit<u8>>> = const { RefCell::new(Vec::new()) };
    }

    pub(super) fn read(path: &Path) -> io::Result<Listing> {
        let dir = rustix::fs::open(
            path,
            OFlags::RDONLY | OFlags::NONBLOCK | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        BUF.with(|buf| match buf.try_borrow_mut() {
            Ok(mut buf) => {
                if buf.len() < BUFFER {
                    buf.resize(BUFFER, MaybeUninit::uninit());
                }
                Ok(list(&dir, &mut buf))
            }
            // Never while this thread lists another folder; a buffer of its own if it did.
            Err(_) => Ok(list(&dir, &mut vec![MaybeUninit::uninit(); BUFFER])),
        })
    }

    fn list(dir: &rustix::fd::OwnedFd, buf: &mut [MaybeUninit<u8>]) -> Listing {
        let mut listing = Listing::default();
        let mut entries = RawDir::new(dir, buf);
        // `RawDir` ends when `getdents64` returns nothing; each call returns at least one entry,
        // so the loop is bounded by the folder's entries.
        while let Some(entry) = entries.next() {
            let entry = match entry {
                Ok(entry) => entry,
                Err(error) => {
                    listing.errors.push((None, error.into()));
                    break;
                }
            };
            let name = entry.file_name().to_bytes();
            if name == b"." || name == b".." {
                continue;
            }
            let name = OsStr::from_bytes(name).to_os_string();
            let kind = match entry.file_type() {
                FileType::Unknown => {
                    // The file system does not give kinds in its listings: ask the entry.
                    match rustix::fs::statat(dir, name.as_os_str(), AtFlags::SYMLINK_NOFOLLOW) {
                        Ok(stat) => kind_of(FileType::from_raw_mode(stat.st_mode)),
                        Err(error) => {
                            listing.errors.push((Some(name), error.into()));
                            continue;
                        }
                    }
                }
                known => kind_of(known),
            };
            listing.entries.push((name, kind));
        }
        listing
    }

    fn kind_of(file_type: FileType) -> Kind {
        match file_type {
            FileType::Directory => Kind::Dir,
            FileType::RegularFile => Kind::File,
            FileType::Symlink => Kind::Symlink,
            FileType::Fifo => Kind::Fifo,
            FileType::Socket => Kind::Socket,
            FileType::CharacterDevice => Kind::CharDevice,
            FileType::BlockDevice => Kind::BlockDevice,
            FileType::Unknown => Kind::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listing_holds_what_the_standard_library_lists() {
        let t = tempfile::tempdir().unwrap();
        fs::create_dir(t.path().join("dir")).unwrap();
        fs::write(t.path().join("file.md"), "x").unwrap();
        // More entries than one read of the buffer takes.
        for i in 0..300 {
            fs::write(t.path().join(format!("{i:0>200}")), "").unwrap();
        }
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("file.md", t.path().join("link")).unwrap();
            std::os::unix::fs::symlink("missing", t.path().join("broken")).unwrap();
            let fifo = t.path().join("fifo");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        }
        let mut ours = read(t.path()).unwrap();
        assert!(ours.errors.is_empty());
        let mut std: Vec<(OsString, Kind)> = fs::read_dir(t.path())
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (e.file_name(), Kind::of(e.file_type().unwrap()))
            })
            .collect();
        ours.entries.sort_by(|a, b| a.0.cmp(&b.0));
        std.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(ours.entries, std);
        let kind = |name: &str| ours.entries.iter().find(|(n, _)| n == name).map(|e| e.1);
        assert_eq!(kind("dir"), Some(Kind::Dir));
        assert_eq!(kind("file.md"), Some(Kind::File));
        #[cfg(unix)]
        {
            assert_eq!(kind("link"), Some(Kind::Symlink));
            assert_eq!(kind("broken"), Some(Kind::Symlink));
            assert_eq!(kind("fifo"), Some(Kind::Fifo));
        }
        assert_eq!(ours.entries.len(), 302 + if cfg!(unix) { 3 } else { 0 });
    }

    #[test]
    fn a_path_that_is_no_folder_is_an_error() {
        let t = tempfile::tempdir().unwrap();
        fs::write(t.path().join("file.md"), "x").unwrap();
        assert!(read(&t.path().join("file.md")).is_err());
        assert!(read(&t.path().join("missing")).is_err());
        #[cfg(unix)]
        {
            fs::create_dir(t.path().join("real")).unwrap();
            fs::write(t.path().join("real/a"), "").unwrap();
            std::os::unix::fs::symlink("real", t.path().join("to-real")).unwrap();
            let through = read(&t.path().join("to-real")).unwrap();
            assert_eq!(through.entries, vec![(OsString::from("a"), Kind::File)]);
        }
    }

    #[test]
    fn kinds_are_read_from_file_types_and_named() {
        let t = tempfile::tempdir().unwrap();
        fs::write(t.path().join("f"), "").unwrap();
        for (path, kind, name) in [
            (t.path().to_path_buf(), Kind::Dir, "directory"),
            (t.path().join("f"), Kind::File, "regular file"),
        ] {
            let file_type = fs::symlink_metadata(&path).unwrap().file_type();
            assert_eq!(Kind::of(file_type), kind);
            assert_eq!(crate::fsafe::kind_name(&file_type), name);
        }
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("f", t.path().join("l")).unwrap();
            let file_type = fs::symlink_metadata(t.path().join("l"))
                .unwrap()
                .file_type();
            assert_eq!(Kind::of(file_type), Kind::Symlink);
            assert_eq!(crate::fsafe::kind_name(&file_type), "symbolic link");
        }
    }
}
