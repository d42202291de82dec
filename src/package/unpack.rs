//! `skills unpack`'s safety: an archive from anywhere is checked entry by entry before a byte is
//! written (no absolute paths, no `..`, no symlinks or special files, no names that collide when
//! case is ignored, bounded entry count and size, exactly one skill), and extracted into a
//! directory of the caller's choosing, counting the real bytes whatever the archive claims.

use std::collections::BTreeMap;
use std::fs;
use std::io::{Read, Seek};
use std::path::{Path, PathBuf};

use super::archive::{Kind, Reader};
use super::{Problem, SKILL_MD};
use crate::report::escape;
use crate::source::Source;

/// The default limit on an archive's contents, uncompressed: 100 MB, over three times the
/// largest package `skills package` makes by default.
pub const DEFAULT_MAX_SIZE: u64 = 100_000_000;
/// The largest `SKILL.md` read to find the skill's name.
const MAX_SKILL_MD: u64 = 4 * 1024 * 1024;

/// Bounds on what an archive may unpack to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Total uncompressed bytes.
    pub max_size: u64,
    pub max_entries: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_size: DEFAULT_MAX_SIZE,
            max_entries: super::DEFAULT_MAX_ENTRIES,
        }
    }
}

/// One entry to extract.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planned {
    pub index: usize,
    /// Relative to the skill folder, `/`-separated, checked.
    pub rel: String,
    pub is_dir: bool,
    pub executable: bool,
}

/// What an archive holds, once every entry has passed the checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The skill's folder: the archive's one top-level folder, or, when `SKILL.md` sits at the
    /// top of the archive, the skill's `name`.
    pub folder: String,
    pub entries: Vec<Planned>,
    /// Entries left out: macOS metadata (`__MACOSX/`, `.DS_Store`).
    pub skipped: Vec<String>,
    /// The total uncompressed size the archive claims.
    pub declared_size: u64,
}

impl Plan {
    /// How many files (not folders) the skill gets.
    pub fn files(&self) -> usize {
        self.entries.iter().filter(|e| !e.is_dir).count()
    }
}

/// Names Windows reserves for devices, with or without an extension.
const WINDOWS_DEVICES: [&str; 22] = [
    "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8",
    "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9",
];

/// Why a stored name cannot be extracted as it is, or `None` when it is a plain relative path
/// that every system stores as written.
fn unsafe_name(name: &str) -> Option<&'static str> {
    if name.contains('\0') {
        return Some("it contains a NUL byte");
    }
    if name.contains('\\') {
        return Some("it contains `\\`, which Windows reads as a folder separator");
    }
    if name.starts_with('/') || name.as_bytes().get(1) == Some(&b':') {
        return Some("it is an absolute path");
    }
    if name.chars().any(|c| c.is_control()) {
        return Some("it contains a control character");
    }
    if name.contains(['<', '>', ':', '"', '|', '?', '*']) {
        return Some("it contains a character Windows cannot store in a name (< > : \" | ? *)");
    }
    let trimmed = name.strip_suffix('/').unwrap_or(name);
    for part in trimmed.split('/') {
        match part {
            ".." => return Some("it climbs out with `..`"),
            "." | "" => return Some("it has an empty or `.` path component"),
            _ => {}
        }
        if part.ends_with(['.', ' ']) {
            return Some("a name ends with `.` or a space, which Windows drops");
        }
        let stem = part.split('.').next().unwrap_or(part).trim_end();
        if WINDOWS_DEVICES.contains(&stem.to_ascii_lowercase().as_str()) {
            return Some("it uses a name Windows reserves for a device (CON, NUL, COM1…)");
        }
    }
    None
}

/// The form under which two names are the same file somewhere: Unicode-composed (NFC, as
/// macOS stores names), case-folded (macOS and Windows ignore case).
fn folded(path: &str) -> String {
    crate::rules::standard::common::nfc(path).to_lowercase()
}

/// Left out of every unpack: what macOS's Finder adds to the archives it makes.
fn is_macos_metadata(name: &str) -> bool {
    name == "__MACOSX/"
        || name.starts_with("__MACOSX/")
        || name.rsplit('/').find(|p| !p.is_empty()) == Some(".DS_Store")
}

fn refuse(name: &str, why: impl std::fmt::Display) -> Problem {
    Problem::new(
        format!("entry `{}` is refused: {why}", escape::inline(name)),
        "this archive is unsafe to unpack; ask its author for one made with `skills package`",
    )
}

/// Checks every entry of the archive and works out the skill's folder. Reads nothing but the
/// central directory, and the `SKILL.md` when the archive has no top-level folder.
pub fn plan<R: Read + Seek>(reader: &mut Reader<R>, limits: Limits) -> Result<Plan, Problem> {
    if reader.len() > limits.max_entries {
        return Err(Problem::new(
            format!(
                "the archive lists {} entries, over the limit of {}",
                reader.len(),
                limits.max_entries
            ),
            "raise the limit with --max-entries if you trust the archive",
        ));
    }
    let mut kept = Vec::new();
    let mut skipped = Vec::new();
    let mut declared_size: u64 = 0;
    // Folded path → (path as stored, is a folder).
    let mut seen: BTreeMap<String, (String, bool)> = BTreeMap::new();
    for index in 0..reader.len() {
        let info = reader.entry(index).map_err(|e| {
            Problem::new(
                format!("entry {index} cannot be read: {e}"),
                "the archive is damaged",
            )
        })?;
        if is_macos_metadata(&info.name) {
            skipped.push(info.name);
            continue;
        }
        if let Some(why) = unsafe_name(&info.name) {
            return Err(refuse(&info.name, why));
        }
        match info.kind {
            Kind::Symlink => return Err(refuse(&info.name, "it is a symbolic link")),
            Kind::Special => return Err(refuse(&info.name, "it is not a file or a folder")),
            Kind::File | Kind::Dir => {}
        }
        if info.encrypted {
            return Err(refuse(&info.name, "it is encrypted"));
        }
        declared_size = declared_size.saturating_add(info.declared_size);
        let is_dir = info.kind == Kind::Dir;
        let path = info.name.trim_end_matches('/').to_owned();
        // Every parent is a folder; the entry itself is what it says.
        let mut parents: Vec<&str> = path.match_indices('/').map(|(i, _)| &path[..i]).collect();
        parents.retain(|p| !p.is_empty());
        for (each, each_is_dir) in parents
            .into_iter()
            .map(|p| (p, true))
            .chain([(path.as_str(), is_dir)])
        {
            let folded = folded(each);
            match seen.get(&folded) {
                None => {
                    seen.insert(folded, (each.to_owned(), each_is_dir));
                }
                Some((first, first_is_dir)) => {
                    let clash = if first != each {
                        Some(format!(
                            "it collides with `{}` when case and Unicode normalisation are ignored",
                            escape::inline(first)
                        ))
                    } else if !(*first_is_dir && each_is_dir) {
                        Some(format!(
                            "`{}` appears twice, or as a file and a folder",
                            escape::inline(first)
                        ))
                    } else {
                        None
                    };
                    if let Some(why) = clash {
                        return Err(refuse(&info.name, why));
                    }
                }
            }
        }
        kept.push((info, path));
    }
    if declared_size > limits.max_size {
        return Err(too_large(declared_size, limits.max_size));
    }

    let skill_files: Vec<&str> = kept
        .iter()
        .filter(|(info, path)| {
            info.kind == Kind::File
                && path
                    .rsplit('/')
                    .next()
                    .is_some_and(|n| n.eq_ignore_ascii_case(SKILL_MD))
        })
        .map(|(_, path)| path.as_str())
        .collect();
    let tops: std::collections::BTreeSet<&str> = kept
        .iter()
        .map(|(_, path)| path.split('/').next().unwrap_or(path))
        .collect();
    let single_top = match (tops.len(), tops.iter().next()) {
        (1, Some(top)) => kept
            .iter()
            .any(|(info, path)| info.kind == Kind::File && *path == format!("{top}/{SKILL_MD}"))
            .then(|| (*top).to_owned()),
        _ => None,
    };
    let expected = match &single_top {
        Some(top) => format!("{top}/{SKILL_MD}"),
        None => SKILL_MD.to_owned(),
    };
    match skill_files.as_slice() {
        [] => {
            return Err(Problem::new(
                "the archive holds no skill: it has no SKILL.md",
                "a skill archive holds one folder with a SKILL.md file in it",
            ));
        }
        [one] if *one == expected => {}
        [one] => {
            return Err(Problem::new(
                format!(
                    "`{}` is not at the top of the archive or of its one top-level folder",
                    escape::inline(one)
                ),
                "a skill archive holds one folder with a SKILL.md file in it",
            ));
        }
        [first, second, ..] => {
            return Err(Problem::new(
                format!(
                    "the archive holds more than one skill: `{}` and `{}`{}",
                    escape::inline(first),
                    escape::inline(second),
                    if skill_files.len() > 2 { ", …" } else { "" }
                ),
                "unpack archives that hold exactly one skill",
            ));
        }
    }

    let folder = match &single_top {
        Some(top) => top.clone(),
        None => {
            let index = kept
                .iter()
                .find(|(_, path)| path == SKILL_MD)
                .map(|(info, _)| info.index)
                .unwrap_or_default();
            folder_from_skill_md(reader, index)?
        }
    };
    let entries = kept
        .into_iter()
        .filter_map(|(info, path)| {
            let rel = match &single_top {
                Some(top) if path == *top => return None,
                Some(top) => path[top.len() + 1..].to_owned(),
                None => path,
            };
            Some(Planned {
                index: info.index,
                rel,
                is_dir: info.kind == Kind::Dir,
                executable: info.executable,
            })
        })
        .collect();
    Ok(Plan {
        folder,
        entries,
        skipped,
        declared_size,
    })
}

fn too_large(size: u64, limit: u64) -> Problem {
    Problem::new(
        format!(
            "the archive unpacks to more than {} (it claims {})",
            super::format_size(limit),
            super::format_size(size)
        ),
        "raise the limit with --max-size if you trust the archive",
    )
}

/// The skill's `name` from a `SKILL.md` at the top of the archive, as a folder name.
fn folder_from_skill_md<R: Read + Seek>(
    reader: &mut Reader<R>,
    index: usize,
) -> Result<String, Problem> {
    let mut bytes = Vec::new();
    reader.copy(index, &mut bytes, MAX_SKILL_MD).map_err(|e| {
        Problem::new(
            format!("`{SKILL_MD}` cannot be read: {e}"),
            "the archive is damaged or its SKILL.md is too large",
        )
    })?;
    let document = crate::frontmatter::parse(&Source::new(bytes));
    let name = document
        .frontmatter()
        .and_then(|fm| fm.get("name"))
        .and_then(|field| field.as_str())
        .map(str::trim)
        .unwrap_or_default()
        .to_owned();
    if name.is_empty() || unsafe_name(&name).is_some() || name.contains('/') {
        return Err(Problem::new(
            "the archive has no top-level folder, and its SKILL.md has no `name` to make one from",
            "put the skill in a folder named after it, or give SKILL.md a `name`",
        ));
    }
    Ok(name)
}

/// Extracts the planned entries into `dir` (which must exist and be empty): folders 0755,
/// files 0644 or 0755. Stops at the size limit however much the archive claimed. Returns the
/// bytes written.
pub fn extract<R: Read + Seek>(
    reader: &mut Reader<R>,
    plan: &Plan,
    dir: &Path,
    limits: Limits,
) -> Result<u64, Problem> {
    let io = |path: &Path, e: std::io::Error| {
        Problem::new(
            format!("cannot write {}: {e}", path.display()),
            "check the destination's permissions and free space",
        )
    };
    let mut written: u64 = 0;
    for entry in &plan.entries {
        let path: PathBuf = dir.join(&entry.rel);
        if entry.is_dir {
            crate::fsafe::create_dirs(dir, Path::new(&entry.rel)).map_err(|e| io(&path, e))?;
            continue;
        }
        let mut file =
            crate::fsafe::create_new(dir, Path::new(&entry.rel)).map_err(|e| io(&path, e))?;
        let left = limits.max_size.saturating_sub(written);
        match reader.copy(entry.index, &mut file, left) {
            Ok(n) => written += n,
            Err(e) if e.kind() == std::io::ErrorKind::FileTooLarge => {
                return Err(Problem::new(
                    format!(
                        "the archive unpacks to more than {}, though it claims {}",
                        super::format_size(limits.max_size),
                        super::format_size(plan.declared_size)
                    ),
                    "the archive lies about its sizes: do not trust it",
                ));
            }
            Err(e) => {
                return Err(Problem::new(
                    format!("`{}` cannot be extracted: {e}", escape::inline(&entry.rel)),
                    "the archive is damaged",
                ));
            }
        }
        set_mode(&file, entry.executable).map_err(|e| io(&path, e))?;
    }
    Ok(written)
}

#[cfg(unix)]
fn set_mode(file: &fs::File, executable: bool) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = if executable { 0o755 } else { 0o644 };
    file.set_permissions(fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn set_mode(_file: &fs::File, _executable: bool) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsafe_names_are_named() {
        for (name, why) in [
            ("/etc/passwd", "absolute"),
            ("C:/x", "absolute"),
            ("a/../../x", "`..`"),
            ("..", "`..`"),
            ("a\\b", "`\\`"),
            ("a//b", "empty"),
            ("./a", "`.`"),
            ("a\0b", "NUL"),
            ("e\x1b[2Jvil/SKILL.md", "control"),
            ("pdf/a\u{9b}b.md", "control"),
            ("pdf/a.md.", "ends with"),
            ("pdf/a.md ", "ends with"),
            ("pdf/con.txt", "device"),
            ("pdf/NUL", "device"),
            ("pdf/a:b.md", "Windows"),
        ] {
            assert!(unsafe_name(name).is_some_and(|w| w.contains(why)), "{name}");
        }
        for name in ["pdf/", "pdf/SKILL.md", "pdf/a..b/c.txt", "pdf/.hidden"] {
            assert_eq!(unsafe_name(name), None, "{name}");
        }
    }

    /// Every truncation and many one-byte corruptions of a real archive: errors, never panics,
    /// and never a file outside the folder given.
    #[test]
    fn damaged_archives_fail_cleanly() {
        use super::super::archive::{self, Member, Timestamp};
        let members = vec![
            Member::Dir {
                path: "pdf/".into(),
            },
            Member::File {
                path: "pdf/SKILL.md".into(),
                bytes: b"---\nname: pdf\ndescription: d\n---\n# PDF\n".repeat(20),
                executable: false,
            },
            Member::File {
                path: "pdf/scripts/run.sh".into(),
                bytes: b"#!/bin/sh\necho hi\n".to_vec(),
                executable: true,
            },
        ];
        let good = archive::write(&members, Timestamp::EPOCH).unwrap();
        let mut variants: Vec<Vec<u8>> = (0..good.len()).map(|n| good[..n].to_vec()).collect();
        for at in (0..good.len()).step_by(3) {
            for flip in [0x01, 0x80, 0xff] {
                let mut bad = good.clone();
                bad[at] ^= flip;
                variants.push(bad);
            }
        }
        let root = tempfile::tempdir().unwrap();
        for (i, bytes) in variants.iter().enumerate() {
            let Ok(mut reader) = Reader::new(std::io::Cursor::new(bytes.clone())) else {
                continue;
            };
            let limits = Limits {
                max_size: 10_000,
                max_entries: 10,
            };
            let Ok(plan) = plan(&mut reader, limits) else {
                continue;
            };
            let dir = root.path().join(i.to_string()).join("skill");
            fs::create_dir_all(&dir).unwrap();
            let _ = extract(&mut reader, &plan, &dir, limits);
        }
        let escaped: Vec<_> = fs::read_dir(root.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .filter(|n| n.to_string_lossy().parse::<usize>().is_err())
            .collect();
        assert!(escaped.is_empty(), "{escaped:?}");
    }

    #[test]
    fn macos_metadata_is_recognised() {
        assert!(is_macos_metadata("__MACOSX/"));
        assert!(is_macos_metadata("__MACOSX/pdf/._SKILL.md"));
        assert!(is_macos_metadata("pdf/.DS_Store"));
        assert!(!is_macos_metadata("pdf/SKILL.md"));
    }
}
