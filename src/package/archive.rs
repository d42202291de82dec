//! The ZIP format: the one module that uses the `zip` crate. Writes archives byte for byte
//! reproducibly (the caller gives sorted members, one timestamp and normalised modes), and reads
//! entries' metadata and bounded contents for `skills unpack`.

use std::io::{self, Cursor, Read, Seek, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipArchive, ZipWriter};

/// The deflate level written: fixed, so the bytes do not depend on a library default.
const LEVEL: i64 = 6;

/// A moment as ZIP stores it (MS-DOS time: 1980–2107, two-second steps, no time zone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timestamp {
    pub year: u16,
    pub month: u8,
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
}

impl Timestamp {
    /// 1980-01-01 00:00:00, the earliest time ZIP can store.
    pub const EPOCH: Self = Self {
        year: 1980,
        month: 1,
        day: 1,
        hour: 0,
        minute: 0,
        second: 0,
    };

    /// The UTC time `seconds` after 1970-01-01, clamped to what ZIP can store.
    pub fn from_unix(seconds: i64) -> Self {
        const MIN: i64 = 315_532_800; // 1980-01-01T00:00:00Z
        const MAX: i64 = 4_354_819_198; // 2107-12-31T23:59:58Z
        let seconds = seconds.clamp(MIN, MAX);
        let (days, rest) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
        let (year, month, day) = civil_from_days(days);
        // Every part fits: the clamp keeps the year in 1980..=2107.
        let small = |n: i64| u8::try_from(n).unwrap_or(0);
        Self {
            year: u16::try_from(year).unwrap_or(1980),
            month: small(month),
            day: small(day),
            hour: small(rest / 3600),
            minute: small(rest % 3600 / 60),
            second: small(rest % 60),
        }
    }

    fn to_zip(self) -> DateTime {
        DateTime::from_date_and_time(
            self.year,
            self.month,
            self.day,
            self.hour,
            self.minute,
            self.second,
        )
        .unwrap_or_default()
    }
}

/// Year, month and day of a count of days since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// One entry to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Member {
    /// A directory; the path ends with `/`.
    Dir { path: String },
    File {
        path: String,
        bytes: Vec<u8>,
        executable: bool,
    },
}

/// The archive of `members`, in the order given, every entry stamped with `time` and given mode
/// 0755 (directories, executables) or 0644: the same members always give the same bytes.
pub fn write(members: &[Member], time: Timestamp) -> io::Result<Vec<u8>> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let base = SimpleFileOptions::default()
        .last_modified_time(time.to_zip())
        .large_file(false);
    for member in members {
        match member {
            Member::Dir { path } => {
                zip.add_directory(path.as_str(), base.unix_permissions(0o755))
                    .map_err(io::Error::other)?;
            }
            Member::File {
                path,
                bytes,
                executable,
            } => {
                let options = base
                    .compression_method(CompressionMethod::Deflated)
                    .compression_level(Some(LEVEL))
                    .unix_permissions(if *executable { 0o755 } else { 0o644 });
                zip.start_file(path.as_str(), options)
                    .map_err(io::Error::other)?;
                zip.write_all(bytes)?;
            }
        }
    }
    Ok(zip.finish().map_err(io::Error::other)?.into_inner())
}

/// What an entry of an archive is, by its recorded Unix mode (or, without one, by its name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    File,
    Dir,
    Symlink,
    /// A device, FIFO or socket.
    Special,
}

/// An entry as the archive's central directory describes it. Nothing here is trusted: sizes
/// are what the archive claims.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryInfo {
    pub index: usize,
    /// The stored name, decoded (UTF-8, or CP437 for old archives without the UTF-8 flag).
    pub name: String,
    pub kind: Kind,
    /// Any execute bit in the recorded mode.
    pub executable: bool,
    pub encrypted: bool,
    /// The uncompressed size the archive claims.
    pub declared_size: u64,
}

/// An archive opened for reading.
#[derive(Debug)]
pub struct Reader<R: Read + Seek> {
    archive: ZipArchive<R>,
}

impl<R: Read + Seek> Reader<R> {
    /// Reads the central directory. Fails on anything that is not a ZIP archive, and on an
    /// archive that names one entry twice (the `zip` crate would keep only one of them, so what
    /// is checked would not be what is there).
    pub fn new(mut reader: R) -> io::Result<Self> {
        let names = raw_names(&mut reader)?;
        let archive = ZipArchive::new(reader).map_err(to_io)?;
        let mut seen = crate::hash::HashSet::default();
        for name in &names {
            if !seen.insert(name.as_slice()) {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "the entry `{}` appears twice",
                        crate::report::escape::inline(&String::from_utf8_lossy(name))
                    ),
                ));
            }
        }
        if names.len() != archive.len() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "the central directory holds {} entries, of which {} can be read",
                    names.len(),
                    archive.len()
                ),
            ));
        }
        Ok(Self { archive })
    }

    /// How many entries the central directory lists.
    pub fn len(&self) -> usize {
        self.archive.len()
    }

    /// Whether the archive has no entries.
    pub fn is_empty(&self) -> bool {
        self.archive.is_empty()
    }

    /// The metadata of entry `index`.
    pub fn entry(&mut self, index: usize) -> io::Result<EntryInfo> {
        let file = self.archive.by_index_raw(index).map_err(to_io)?;
        let name = file.name().to_owned();
        let mode = file.unix_mode();
        let kind = match mode.map(|m| m & 0o170_000) {
            Some(0o120_000) => Kind::Symlink,
            Some(0o040_000) => Kind::Dir,
            Some(0o100_000) => Kind::File,
            Some(0) | None if name.ends_with('/') => Kind::Dir,
            Some(0) | None => Kind::File,
            Some(_) => Kind::Special,
        };
        let kind = if kind == Kind::File && name.ends_with('/') {
            Kind::Dir
        } else {
            kind
        };
        Ok(EntryInfo {
            index,
            name,
            kind,
            executable: mode.is_some_and(|m| m & 0o111 != 0),
            encrypted: file.encrypted(),
            declared_size: file.size(),
        })
    }

    /// Copies the uncompressed contents of entry `index` into `out`, stopping with an error of
    /// kind [`io::ErrorKind::FileTooLarge`] past `limit` bytes, whatever the archive claims.
    /// Returns the number of bytes copied.
    pub fn copy(&mut self, index: usize, out: &mut dyn Write, limit: u64) -> io::Result<u64> {
        let file = self.archive.by_index(index).map_err(to_io)?;
        let copied = io::copy(&mut file.take(limit.saturating_add(1)), out)?;
        if copied > limit {
            return Err(io::Error::new(
                io::ErrorKind::FileTooLarge,
                "the entry is larger than the limit",
            ));
        }
        Ok(copied)
    }
}

/// The largest central directory read to list the raw entry names.
const MAX_CENTRAL_DIRECTORY: u64 = 64 << 20;

/// The entry names as the central directory stores them (raw bytes, in order), read without the
/// `zip` crate so that duplicates can be seen. Handles ZIP64 and data prepended to the archive.
fn raw_names<R: Read + Seek>(reader: &mut R) -> io::Result<Vec<Vec<u8>>> {
    let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_owned());
    let len = reader.seek(io::SeekFrom::End(0))?;
    let tail_len = len.min(22 + 65_535);
    reader.seek(io::SeekFrom::Start(len - tail_len))?;
    let mut tail = vec![0u8; usize::try_from(tail_len).unwrap_or(0)];
    reader.read_exact(&mut tail)?;
    let at = (0..tail.len().saturating_sub(21))
        .rev()
        .find(|&i| tail[i..].starts_with(b"PK\x05\x06"))
        .ok_or_else(|| bad("no end of central directory record"))?;
    let eocd = &tail[at..];
    let u16_at = |b: &[u8], i: usize| u64::from(u16::from_le_bytes([b[i], b[i + 1]]));
    let u32_at =
        |b: &[u8], i: usize| u64::from(u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]));
    let u64_at = |b: &[u8], i: usize| {
        let mut x = [0u8; 8];
        x.copy_from_slice(&b[i..i + 8]);
        u64::from_le_bytes(x)
    };
    let eocd_pos = len - tail_len + at as u64;
    let (mut entries, mut size, mut offset) =
        (u16_at(eocd, 10), u32_at(eocd, 12), u32_at(eocd, 16));
    if (entries == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF)
        && at >= 20
        && tail[at - 20..].starts_with(b"PK\x06\x07")
    {
        let record = u64_at(&tail, at - 20 + 8);
        let mut zip64 = [0u8; 56];
        reader.seek(io::SeekFrom::Start(record))?;
        reader.read_exact(&mut zip64)?;
        if !zip64.starts_with(b"PK\x06\x06") {
            return Err(bad("a damaged ZIP64 end of central directory record"));
        }
        (entries, size, offset) = (u64_at(&zip64, 32), u64_at(&zip64, 40), u64_at(&zip64, 48));
    }
    if size > MAX_CENTRAL_DIRECTORY {
        return Err(bad("the central directory is too large"));
    }
    let mut directory = vec![0u8; usize::try_from(size).unwrap_or(0)];
    // Data may be prepended to the archive: then the directory sits just before the record.
    let mut names = None;
    for start in [offset, eocd_pos.saturating_sub(size)] {
        if reader.seek(io::SeekFrom::Start(start)).is_err()
            || reader.read_exact(&mut directory).is_err()
        {
            continue;
        }
        names = parse_directory(&directory, entries);
        if names.is_some() {
            break;
        }
    }
    names.ok_or_else(|| bad("the central directory cannot be read"))
}

/// The names of `entries` central directory records, or `None` if they are not all there.
fn parse_directory(directory: &[u8], entries: u64) -> Option<Vec<Vec<u8>>> {
    let mut names = Vec::new();
    let mut at = 0usize;
    for _ in 0..entries {
        let record = directory.get(at..at + 46)?;
        if !record.starts_with(b"PK\x01\x02") {
            return None;
        }
        let field = |i: usize| usize::from(u16::from_le_bytes([record[i], record[i + 1]]));
        let (name_len, extra_len, comment_len) = (field(28), field(30), field(32));
        names.push(directory.get(at + 46..at + 46 + name_len)?.to_vec());
        at += 46 + name_len + extra_len + comment_len;
    }
    Some(names)
}

fn to_io(error: zip::result::ZipError) -> io::Error {
    match error {
        zip::result::ZipError::Io(e) => e,
        other => io::Error::new(io::ErrorKind::InvalidData, other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members() -> Vec<Member> {
        vec![
            Member::Dir {
                path: "pdf/".into(),
            },
            Member::File {
                path: "pdf/SKILL.md".into(),
                bytes: b"---\nname: pdf\n---\n".to_vec(),
                executable: false,
            },
            Member::File {
                path: "pdf/run.sh".into(),
                bytes: b"#!/bin/sh\n".to_vec(),
                executable: true,
            },
        ]
    }

    #[test]
    fn unix_times_become_utc_dates_clamped_to_zip_range() {
        assert_eq!(Timestamp::from_unix(0), Timestamp::EPOCH);
        assert_eq!(
            Timestamp::from_unix(1_700_000_000),
            Timestamp {
                year: 2023,
                month: 11,
                day: 14,
                hour: 22,
                minute: 13,
                second: 20
            }
        );
        assert_eq!(Timestamp::from_unix(951_782_400).day, 29); // 2000-02-29
        assert_eq!(Timestamp::from_unix(i64::MAX).year, 2107);
        assert_eq!(Timestamp::from_unix(i64::MIN), Timestamp::EPOCH);
    }

    #[test]
    fn the_same_members_give_the_same_bytes_and_read_back() {
        let one = write(&members(), Timestamp::EPOCH).unwrap();
        let two = write(&members(), Timestamp::EPOCH).unwrap();
        assert_eq!(one, two);
        let later = write(&members(), Timestamp::from_unix(1_700_000_000)).unwrap();
        assert_ne!(one, later);

        let mut reader = Reader::new(Cursor::new(one)).unwrap();
        assert_eq!(reader.len(), 3);
        let infos: Vec<EntryInfo> = (0..3).map(|i| reader.entry(i).unwrap()).collect();
        assert_eq!(infos[0].kind, Kind::Dir);
        assert_eq!(infos[1].name, "pdf/SKILL.md");
        assert!(!infos[1].executable && infos[2].executable);
        let mut out = Vec::new();
        assert_eq!(reader.copy(1, &mut out, 100).unwrap(), 18);
        assert_eq!(out, b"---\nname: pdf\n---\n");
        let err = reader.copy(1, &mut Vec::new(), 10).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(Reader::new(Cursor::new(b"not a zip".to_vec())).is_err());
        assert!(Reader::new(Cursor::new(Vec::new())).is_err());
    }
}
