//! Shipping skills: which files of a skill go into its `.skill` archive, the upload rules the
//! archive must meet, and the archive itself, byte for byte reproducible. [`unpack`] is the way
//! back, for archives nobody vouches for.

pub mod archive;
pub mod unpack;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use archive::{Member, Timestamp};

use crate::fsafe::{self, Jail, Links};

/// The default limit on the files of a package, uncompressed: 30 MB.
pub const DEFAULT_MAX_SIZE: u64 = 30_000_000;
/// The most entries (files and folders) a package or an unpacked archive may hold.
pub const DEFAULT_MAX_ENTRIES: usize = 10_000;
/// The file that makes a directory a skill.
pub const SKILL_MD: &str = "SKILL.md";
/// The folder of a Claude Code plugin's manifest.
const PLUGIN_DIR: &str = ".claude-plugin";

/// What decides the contents of a package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Leave out what `.gitignore` excludes (inside a git repository, as git does).
    pub respect_gitignore: bool,
    /// The most the files may add up to, uncompressed, in bytes.
    pub max_size: u64,
    pub max_entries: usize,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            respect_gitignore: true,
            max_size: DEFAULT_MAX_SIZE,
            max_entries: DEFAULT_MAX_ENTRIES,
        }
    }
}

/// A file that goes into the package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackFile {
    /// Relative to the skill directory, `/`-separated.
    pub rel: String,
    /// Where its bytes are read from (through any symlink).
    pub source: PathBuf,
    pub size: u64,
    /// Any execute bit set: stored as 0755, else 0644.
    pub executable: bool,
}

/// Something in the skill directory that stays out of the package, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    pub rel: String,
    pub is_dir: bool,
    pub reason: &'static str,
}

/// A reason the package cannot be made or would be refused on upload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub message: String,
    pub help: String,
}

impl Problem {
    pub fn new(message: impl Into<String>, help: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            help: help.into(),
        }
    }
}

/// What packaging a skill directory would do.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Contents {
    /// Sorted by `rel`.
    pub files: Vec<PackFile>,
    pub left_out: Vec<LeftOut>,
    /// Files that cannot be packaged (unreadable, broken links, names that are not UTF-8).
    pub problems: Vec<Problem>,
    /// The skill folder the files were listed from, which they are read from.
    pub jail: Option<Jail>,
}

impl Contents {
    /// The uncompressed size of every file.
    pub fn total_size(&self) -> u64 {
        self.files.iter().map(|f| f.size).sum()
    }

    /// The archive's members for a skill called `name`: its folder, then every folder and file
    /// below it, sorted by path. File members hold no bytes yet; [`Contents::read`] fills them.
    pub fn entries(&self, name: &str) -> Vec<(String, Option<&PackFile>)> {
        let mut all: BTreeMap<String, Option<&PackFile>> = BTreeMap::new();
        all.insert(format!("{name}/"), None);
        for file in &self.files {
            let mut dir = file.rel.as_str();
            while let Some((parent, _)) = dir.rsplit_once('/') {
                all.insert(format!("{name}/{parent}/"), None);
                dir = parent;
            }
            all.insert(format!("{name}/{}", file.rel), Some(file));
        }
        all.into_iter().collect()
    }

    /// Reads every file, within the sizes seen when they were listed.
    pub fn read(&self, name: &str) -> Result<Vec<Member>, Problem> {
        let mut members = Vec::new();
        for (path, file) in self.entries(name) {
            let Some(file) = file else {
                members.push(Member::Dir { path });
                continue;
            };
            let unreadable = |e: std::io::Error| {
                Problem::new(
                    format!("cannot read `{}`: {e}", file.rel),
                    "check the file's permissions, then package again",
                )
            };
            let jail = self.jail.as_ref().ok_or_else(|| {
                Problem::new(
                    format!("`{}` was not listed from disk", file.rel),
                    "list the skill with `package::collect` first",
                )
            })?;
            let opened = jail
                .open(&file.source, Links::Refuse)
                .map_err(|refusal| unreadable(refusal.into_io()))?;
            let (bytes, more) =
                fsafe::read_head(opened.file, file.size, file.size).map_err(unreadable)?;
            if more || bytes.len() as u64 != file.size {
                return Err(Problem::new(
                    format!("`{}` changed while it was being packaged", file.rel),
                    "package again once nothing is writing to the skill",
                ));
            }
            members.push(Member::File {
                path,
                bytes,
                executable: file.executable,
            });
        }
        Ok(members)
    }
}

/// Why an entry is never packaged, or `None`. `depth` 1 is the skill root.
fn excluded(name: &str, is_dir: bool, depth: usize) -> Option<&'static str> {
    match name {
        ".git" => Some("version control"),
        "node_modules" => Some("installed JavaScript dependencies"),
        "__pycache__" => Some("Python bytecode cache"),
        ".DS_Store" => Some("macOS Finder metadata"),
        "evals" if is_dir && depth == 1 => Some("evaluation cases, for development only"),
        _ if !is_dir && name.ends_with(".pyc") => Some("Python bytecode"),
        _ => None,
    }
}

/// How deep below the skill folder packaging looks (the entry limit usually stops it first).
const MAX_DEPTH: usize = 64;

/// What the walk met at one path, before it is judged.
enum Met<'a> {
    Entry(&'a fsafe::Entry),
    /// A symlink out of the skill: its target, and whether that is a folder.
    Escape(PathBuf, bool),
    /// A problem with the entry, in words.
    Broken(String),
}

/// Lists what packaging `dir` would take: every file, symlinks inside the skill followed, minus
/// the entries that are never packaged ([`excluded`]), what `.gitignore` excludes, and `output`
/// (the archive itself, when it is written inside the skill). Through [`fsafe`]: a symlink out
/// of the skill, a file with several hard links, a FIFO or device is a problem, never packaged;
/// the walk stops past the entry limit.
pub fn collect(dir: &Path, options: &Options, output: Option<&Path>) -> Contents {
    let mut contents = Contents::default();
    let jail = match Jail::new(dir) {
        Ok(jail) => jail,
        Err(error) => {
            contents.problems.push(Problem::new(
                format!("cannot read {}: {error}", dir.display()),
                "check the folder's permissions, then package again",
            ));
            return contents;
        }
    };
    let output = output.and_then(|o| fs::canonicalize(o).ok());
    let mut left_out = Vec::new();
    let mut entries = 0usize;
    let walk_options = fsafe::WalkOptions {
        jail: &jail,
        max_depth: MAX_DEPTH,
        gitignore: options.respect_gitignore,
        follow: true,
    };
    let problems = &mut contents.problems;
    let files = &mut contents.files;
    fsafe::walk(dir, walk_options, &mut |event| {
        let (path, met) = match event {
            fsafe::Event::Entry(entry) if entry.depth == 0 => return fsafe::Flow::Continue,
            fsafe::Event::Entry(entry) => (entry.path.as_path(), Met::Entry(entry)),
            fsafe::Event::Escape {
                link,
                target,
                is_dir,
            } => (link, Met::Escape(target.to_path_buf(), is_dir)),
            fsafe::Event::Loop { link, .. } => (link, Met::Broken("is a symlink loop".to_owned())),
            fsafe::Event::Broken { link, error } => {
                (link, Met::Broken(format!("cannot be read: {error}")))
            }
            fsafe::Event::Unreadable { path, error } => {
                (path, Met::Broken(format!("cannot be read: {error}")))
            }
            fsafe::Event::IgnoreFile { path, refusal } => {
                problems.push(Problem::new(
                    format!(
                        "the ignore file {} cannot be applied: {refusal}",
                        path.display()
                    ),
                    "make it a regular file, or package with --no-ignore",
                ));
                return fsafe::Flow::Continue;
            }
        };
        let rel_path = path.strip_prefix(dir).unwrap_or(path);
        let rel = crate::paths::to_slash(rel_path);
        let depth = rel_path.components().count();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let is_dir = match &met {
            Met::Entry(entry) => entry.is_dir(),
            Met::Escape(_, is_dir) => *is_dir,
            Met::Broken(_) => false,
        };
        if let Some(reason) = excluded(&name, is_dir, depth) {
            left_out.push(LeftOut {
                rel,
                is_dir,
                reason,
            });
            return fsafe::Flow::Skip;
        }
        let entry = match met {
            Met::Entry(entry) => entry,
            Met::Escape(target, is_dir) => {
                problems.push(Problem::new(
                    format!(
                        "`{rel}` is a symlink to {} outside the skill, {}",
                        if is_dir { "a folder" } else { "a file" },
                        target.display()
                    ),
                    "nothing outside the skill goes into a package: copy what it needs into the skill, or remove the link",
                ));
                return fsafe::Flow::Continue;
            }
            Met::Broken(why) => {
                problems.push(Problem::new(
                    format!("`{rel}` {why}"),
                    "fix or remove the entry, then package again",
                ));
                return fsafe::Flow::Continue;
            }
        };
        if rel_path.to_str().is_none() {
            problems.push(Problem::new(
                format!("`{rel}` has a name that is not UTF-8"),
                "rename it: archive entry names are UTF-8",
            ));
            return fsafe::Flow::Skip;
        }
        entries += 1;
        if entries > options.max_entries {
            problems.push(Problem::new(
                format!(
                    "the skill holds more than {} entries; listing stopped",
                    options.max_entries
                ),
                "leave generated files out (.gitignore)",
            ));
            return fsafe::Flow::Stop;
        }
        match entry.kind {
            fsafe::EntryKind::Dir => return fsafe::Flow::Continue,
            fsafe::EntryKind::Special(kind) => {
                problems.push(Problem::new(
                    format!("`{rel}` is a {kind}, not a regular file"),
                    "remove it: a package holds only files and folders",
                ));
                return fsafe::Flow::Continue;
            }
            fsafe::EntryKind::File => {}
        }
        if output.is_some() && fs::canonicalize(&entry.path).ok() == output {
            return fsafe::Flow::Continue;
        }
        match fsafe::inspect(&jail, &entry.path, Links::Refuse) {
            Ok(meta) => files.push(PackFile {
                rel,
                source: entry.path.clone(),
                size: meta.len(),
                executable: executable(&meta),
            }),
            Err(refusal) => problems.push(Problem::new(
                format!("`{rel}` is not packaged: {refusal}"),
                "package only the skill's own regular files",
            )),
        }
        fsafe::Flow::Continue
    });
    contents.files.sort_by(|a, b| a.rel.cmp(&b.rel));
    left_out.sort_by(|a, b| a.rel.cmp(&b.rel));
    contents.left_out = left_out;
    contents.jail = Some(jail);
    contents
}

#[cfg(unix)]
fn executable(meta: &fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
fn executable(_meta: &fs::Metadata) -> bool {
    false
}

/// The upload rules a package of skill `name` breaks, beyond the lint rules: a folder name that
/// is one plain path component, exactly one skill file at `NAME/SKILL.md`, no plugin manifest,
/// no two paths that differ only in case, the size and entry limits.
pub fn upload_problems(name: &str, contents: &Contents, options: &Options) -> Vec<Problem> {
    let mut problems = contents.problems.clone();
    if name.is_empty() || name == "." || name == ".." || name.contains(['/', '\\', '\0']) {
        problems.push(Problem::new(
            format!("the skill name `{name}` cannot be a folder name"),
            "give the skill a name of letters, digits and hyphens",
        ));
    }
    if !contents.files.iter().any(|f| f.rel == SKILL_MD) {
        let found = contents
            .files
            .iter()
            .find(|f| !f.rel.contains('/') && f.rel.eq_ignore_ascii_case(SKILL_MD));
        problems.push(match found {
            Some(f) => Problem::new(
                format!("the skill file is `{}`; uploads need `{SKILL_MD}`", f.rel),
                format!("rename it to {SKILL_MD}"),
            ),
            None => Problem::new(
                format!("the skill has no `{SKILL_MD}` at its root"),
                format!("a skill is a folder with a {SKILL_MD} file"),
            ),
        });
    }
    for file in contents.files.iter().filter(|f| f.rel.contains('/')) {
        let file_name = file.rel.rsplit('/').next().unwrap_or(&file.rel);
        if file_name.eq_ignore_ascii_case(SKILL_MD) {
            problems.push(Problem::new(
                format!(
                    "`{}` is a second skill file: an upload holds exactly one skill, at `{name}/{SKILL_MD}`",
                    file.rel
                ),
                "move that skill out of this one and package it on its own",
            ));
        }
    }
    let manifests: BTreeSet<&str> = contents
        .files
        .iter()
        .filter_map(|f| {
            let (at, _) = f.rel.match_indices(PLUGIN_DIR).find(|(at, _)| {
                let end = at + PLUGIN_DIR.len();
                (*at == 0 || f.rel[..*at].ends_with('/')) && f.rel[end..].starts_with('/')
            })?;
            Some(&f.rel[..at + PLUGIN_DIR.len()])
        })
        .collect();
    for manifest in manifests {
        problems.push(Problem::new(
            format!("`{manifest}/` is a plugin manifest: a skill upload is refused with one"),
            "package the skill folder alone, without the plugin's files",
        ));
    }
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    for (path, _) in contents.entries(name) {
        let path = path.trim_end_matches('/').to_owned();
        let folded = path.to_lowercase();
        if let Some(first) = seen.get(&folded) {
            if *first != path {
                problems.push(Problem::new(
                    format!("`{first}` and `{path}` differ only in case"),
                    "rename one: on macOS and Windows they are the same file",
                ));
            }
        } else {
            seen.insert(folded, path);
        }
    }
    let total = contents.total_size();
    if total > options.max_size {
        problems.push(Problem::new(
            format!(
                "the files add up to {}, over the {} limit",
                format_size(total),
                format_size(options.max_size)
            ),
            "leave large files out (.gitignore), or raise the limit with --max-size",
        ));
    }
    let entries = contents.entries(name).len();
    if entries > options.max_entries {
        problems.push(Problem::new(
            format!(
                "the package would hold {entries} entries, over the limit of {}",
                options.max_entries
            ),
            "leave generated files out (.gitignore)",
        ));
    }
    problems
}

/// The archive of skill `name`: a folder `name/` holding the files, entries sorted, every
/// timestamp `time`, modes 0644 and 0755.
pub fn build(name: &str, contents: &Contents, time: Timestamp) -> Result<Vec<u8>, Problem> {
    let members = contents.read(name)?;
    archive::write(&members, time).map_err(|e| {
        Problem::new(
            format!("cannot build the archive: {e}"),
            "package again; if it keeps failing, report it",
        )
    })
}

/// The timestamp every entry gets: `SOURCE_DATE_EPOCH` (seconds since 1970, UTC) when given,
/// else 1980-01-01 00:00:00. `Err` holds a value that is not a number.
pub fn timestamp(source_date_epoch: Option<&str>) -> Result<Timestamp, String> {
    match source_date_epoch.map(str::trim) {
        None | Some("") => Ok(Timestamp::EPOCH),
        Some(value) => value
            .parse::<i64>()
            .map(Timestamp::from_unix)
            .map_err(|_| value.to_owned()),
    }
}

/// A size for people: bytes below 1 kB, then kB and MB (powers of 1000) with one decimal.
pub fn format_size(bytes: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1_000_000_000, "GB"), (1_000_000, "MB"), (1_000, "kB")];
    for (unit, suffix) in UNITS {
        if bytes >= unit {
            let tenths = bytes.saturating_mul(10) / unit;
            return match tenths % 10 {
                0 => format!("{} {suffix}", tenths / 10),
                d => format!("{}.{d} {suffix}", tenths / 10),
            };
        }
    }
    if bytes == 1 {
        "1 byte".to_owned()
    } else {
        format!("{bytes} bytes")
    }
}

/// Reads a size as given on the command line: bytes, or a number with `kB`, `MB`, `GB`
/// (powers of 1000) or `KiB`, `MiB`, `GiB` (powers of 1024), case-insensitive.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let factor: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "kb" | "k" => 1_000,
        "mb" | "m" => 1_000_000,
        "gb" | "g" => 1_000_000_000,
        "kib" => 1 << 10,
        "mib" => 1 << 20,
        "gib" => 1 << 30,
        _ => {
            return Err(format!(
                "unknown size unit in `{text}` (use kB, MB, GB, KiB, MiB or GiB)"
            ));
        }
    };
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a size (such as 30MB or 500kB)"))?;
    let bytes = value * factor as f64;
    if !bytes.is_finite() || bytes < 1.0 || bytes > u64::MAX as f64 {
        return Err(format!("`{text}` is not a size greater than zero"));
    }
    Ok(bytes as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(rel: &str, size: u64) -> PackFile {
        PackFile {
            rel: rel.into(),
            source: PathBuf::from(rel),
            size,
            executable: false,
        }
    }

    fn contents(files: &[(&str, u64)]) -> Contents {
        Contents {
            files: files.iter().map(|(r, s)| file(r, *s)).collect(),
            ..Contents::default()
        }
    }

    #[test]
    fn entries_add_every_folder_before_its_files() {
        let c = contents(&[("SKILL.md", 1), ("a/b/c.txt", 1), ("a-b.txt", 1)]);
        let paths: Vec<String> = c.entries("pdf").into_iter().map(|(p, _)| p).collect();
        assert_eq!(
            paths,
            [
                "pdf/",
                "pdf/SKILL.md",
                "pdf/a-b.txt",
                "pdf/a/",
                "pdf/a/b/",
                "pdf/a/b/c.txt"
            ]
        );
    }

    #[test]
    fn a_clean_skill_breaks_no_upload_rule() {
        let c = contents(&[("SKILL.md", 10), ("references/REFERENCE.md", 10)]);
        assert_eq!(upload_problems("pdf", &c, &Options::default()), []);
    }

    #[test]
    fn upload_rules_name_what_breaks_them() {
        let c = contents(&[
            ("skill.md", 10),
            ("nested/SKILL.md", 10),
            (".claude-plugin/plugin.json", 10),
            ("Notes.md", 10),
            ("notes.md", 10),
        ]);
        let options = Options {
            max_size: 20,
            max_entries: 5,
            ..Options::default()
        };
        let messages: Vec<String> = upload_problems("pdf", &c, &options)
            .into_iter()
            .map(|p| p.message)
            .collect();
        assert_eq!(
            messages,
            [
                "the skill file is `skill.md`; uploads need `SKILL.md`",
                "`nested/SKILL.md` is a second skill file: an upload holds exactly one skill, at `pdf/SKILL.md`",
                "`.claude-plugin/` is a plugin manifest: a skill upload is refused with one",
                "`pdf/Notes.md` and `pdf/notes.md` differ only in case",
                "the files add up to 50 bytes, over the 20 bytes limit",
                "the package would hold 8 entries, over the limit of 5",
            ]
        );
        let bad_name = upload_problems("../x", &contents(&[("SKILL.md", 1)]), &options);
        assert_eq!(
            bad_name[0].message,
            "the skill name `../x` cannot be a folder name"
        );
    }

    #[test]
    fn never_packaged_entries() {
        assert!(excluded(".git", true, 1).is_some());
        assert!(excluded(".git", false, 3).is_some());
        assert!(excluded("node_modules", true, 2).is_some());
        assert!(excluded("x.pyc", false, 2).is_some());
        assert!(excluded("evals", true, 1).is_some());
        assert!(excluded("evals", true, 2).is_none());
        assert!(excluded("evals", false, 1).is_none());
        assert!(excluded("SKILL.md", false, 1).is_none());
    }

    #[test]
    fn source_date_epoch_sets_the_timestamp() {
        assert_eq!(timestamp(None), Ok(Timestamp::EPOCH));
        assert_eq!(timestamp(Some("")), Ok(Timestamp::EPOCH));
        assert_eq!(timestamp(Some("1700000000")).map(|t| t.year), Ok(2023));
        assert_eq!(timestamp(Some("yesterday")), Err("yesterday".to_owned()));
    }

    #[test]
    fn sizes_read_and_print() {
        assert_eq!(parse_size("30MB"), Ok(30_000_000));
        assert_eq!(parse_size("1.5 mib"), Ok(1_572_864));
        assert_eq!(parse_size("512"), Ok(512));
        assert!(parse_size("0").is_err());
        assert!(parse_size("ten").is_err());
        assert!(parse_size("3 parsecs").is_err());
        assert_eq!(format_size(30_000_000), "30 MB");
        assert_eq!(format_size(2_345), "2.3 kB");
        assert_eq!(format_size(999), "999 bytes");
        assert_eq!(format_size(1), "1 byte");
    }
}
