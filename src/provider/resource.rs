//! Reading a skill's bundled files (level 3) safely: path checks, binary sniffing, a size cap
//! with an explicit notice, and 1-based inclusive line ranges. Shared by every provider.

use std::fmt;
use std::io::{self, Read};
use std::path::PathBuf;
use std::str::FromStr;

use serde::Serialize;

/// Text returned by one read is cut at this many bytes.
pub const DEFAULT_MAX_RESOURCE_BYTES: usize = 256 * 1024;
/// A resource listing stops after this many files.
pub const DEFAULT_MAX_RESOURCES: usize = 1000;
/// A NUL byte in this many leading bytes marks a file as binary.
const SNIFF_BYTES: usize = 8 * 1024;
/// How far into a file a read looks for the first line of a range, in multiples of the cap.
const SKIP_FACTOR: u64 = 64;

/// Lines `start..=end`, 1-based; no `end` means to the end of the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LineRange {
    pub start: usize,
    pub end: Option<usize>,
}

impl LineRange {
    pub fn new(start: usize, end: Option<usize>) -> Result<Self, String> {
        if start == 0 {
            return Err("line numbers start at 1".to_owned());
        }
        if let Some(end) = end
            && end < start
        {
            return Err(format!("the range ends ({end}) before it starts ({start})"));
        }
        Ok(Self { start, end })
    }

    fn contains(self, line: usize) -> bool {
        line >= self.start && self.end.is_none_or(|end| line <= end)
    }
}

/// `A:B`, `A:` or `A` (a single line).
impl FromStr for LineRange {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let number = |t: &str| {
            t.trim()
                .parse::<usize>()
                .map_err(|_| format!("`{s}` is not a line range (expected A:B, A: or A)"))
        };
        match s.split_once(':') {
            Some((a, "")) => Self::new(number(a)?, None),
            Some((a, b)) => Self::new(number(a)?, Some(number(b)?)),
            None => {
                let line = number(s)?;
                Self::new(line, Some(line))
            }
        }
    }
}

impl fmt::Display for LineRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.end {
            Some(end) => write!(f, "{}:{end}", self.start),
            None => write!(f, "{}:", self.start),
        }
    }
}

/// The text of one read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Resource {
    /// The path as asked for, normalised, with `/` separators.
    pub path: String,
    pub text: String,
    /// The lines the text covers (1-based, inclusive); `None` for an empty selection.
    pub lines: Option<(usize, usize)>,
    /// Set when the selection was longer than the cap.
    pub truncated: Option<Truncation>,
    /// Some bytes were not valid UTF-8 and show as U+FFFD.
    pub lossy: bool,
}

/// How much of a selection a read returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Truncation {
    pub shown_bytes: usize,
    /// The selection's size; `None` when finding it would mean reading past the cap (a line
    /// range that ends further on).
    pub total_bytes: Option<usize>,
}

impl Resource {
    /// The notice to show after truncated text.
    pub fn truncation_notice(&self) -> Option<String> {
        self.truncated.map(|t| match t.total_bytes {
            Some(total) => format!(
                "[truncated: showing the first {} of {total} bytes]",
                t.shown_bytes
            ),
            None => format!(
                "[truncated: showing the first {} bytes of the selection]",
                t.shown_bytes
            ),
        })
    }
}

/// A resource listing: relative `/` paths, sorted; `truncated` when the bound was hit.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Resources {
    pub files: Vec<String>,
    pub truncated: bool,
}

/// Why a read was refused.
#[derive(Debug, thiserror::Error)]
pub enum ResourceError {
    #[error("unknown skill `{name}`")]
    UnknownSkill {
        name: String,
        available: Vec<String>,
    },
    #[error("`{path}` is an absolute path; give a path relative to the skill directory")]
    Absolute { path: String },
    #[error("`{path}` leaves the skill directory")]
    Traversal { path: String },
    #[error("`{path}` is a symlink that resolves outside the skill directory")]
    SymlinkEscape { path: String },
    #[error("`{path}` does not exist in the skill")]
    NotFound { path: String },
    #[error("`{path}` is not a regular file")]
    NotAFile { path: String },
    #[error("`{path}` is a binary file (NUL byte at offset {offset})")]
    Binary { path: String, offset: usize },
    #[error("`{path}` has {lines} lines; the range {range} starts after the end")]
    RangeOutOfBounds {
        path: String,
        range: LineRange,
        lines: usize,
    },
    #[error("cannot read `{path}`: {source}")]
    Io {
        path: String,
        #[source]
        source: io::Error,
    },
}

/// Checks a skill-relative path lexically and returns it normalised (no `.`, no `..`).
pub fn check_relative(path: &str) -> Result<PathBuf, ResourceError> {
    let err_abs = || ResourceError::Absolute {
        path: path.to_owned(),
    };
    if path.starts_with(['/', '\\']) || has_drive_prefix(path) {
        return Err(err_abs());
    }
    // Both separators count: `..\\secret` is a traversal for a runtime on Windows.
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    return Err(ResourceError::Traversal {
                        path: path.to_owned(),
                    });
                }
            }
            part => parts.push(part),
        }
    }
    if parts.is_empty() {
        return Err(ResourceError::NotAFile {
            path: path.to_owned(),
        });
    }
    Ok(parts.iter().collect())
}

fn has_drive_prefix(path: &str) -> bool {
    let bytes = path.as_bytes();
    bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':'
}

/// Reads `reader` (a file of `size` bytes) with the binary check, the line range and the cap.
/// Reading stops once the cap is reached: memory and time stay bounded by the cap whatever the
/// file's size or line lengths. The size of the cut selection comes from `size` when the
/// selection runs to the end of the file; a range that ends further on is reported as cut
/// without a total.
pub fn read_text(
    mut reader: impl Read,
    path: &str,
    range: Option<LineRange>,
    max_bytes: usize,
    size: u64,
) -> Result<Resource, ResourceError> {
    let io_err = |source| ResourceError::Io {
        path: path.to_owned(),
        source,
    };
    let range = range.unwrap_or(LineRange {
        start: 1,
        end: None,
    });
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    (&mut reader)
        .take(SNIFF_BYTES as u64)
        .read_to_end(&mut head)
        .map_err(io_err)?;
    if let Some(offset) = head.iter().position(|&b| b == 0) {
        return Err(ResourceError::Binary {
            path: path.to_owned(),
            offset,
        });
    }

    let mut out: Vec<u8> = Vec::new();
    let skip_limit = (max_bytes as u64).max(SNIFF_BYTES as u64) * SKIP_FACTOR;
    // Bytes of the file before the selection, and whether the cap cut it.
    let mut before = 0u64;
    let mut cut = false;
    let mut line = 1usize;
    let mut first_line = None;
    let mut last_line = None;
    let mut ended_on_newline = true;
    let mut chunk = vec![0u8; 64 * 1024];
    let mut pending: &[u8] = &head;
    'read: loop {
        for &byte in pending {
            if range.end.is_some_and(|end| line > end) {
                break 'read;
            }
            if range.contains(line) {
                if out.len() == max_bytes {
                    cut = true;
                    break 'read;
                }
                first_line.get_or_insert(line);
                last_line = Some(line);
                out.push(byte);
            } else {
                before += 1;
                if before > skip_limit {
                    return Err(ResourceError::Io {
                        path: path.to_owned(),
                        source: io::Error::new(
                            io::ErrorKind::FileTooLarge,
                            format!(
                                "line {} is more than {skip_limit} bytes into the file; reads stop there",
                                range.start
                            ),
                        ),
                    });
                }
            }
            ended_on_newline = byte == b'\n';
            if ended_on_newline {
                line += 1;
            }
        }
        let n = reader.read(&mut chunk).map_err(io_err)?;
        if n == 0 {
            break;
        }
        pending = &chunk[..n];
    }
    let lines_in_file = if ended_on_newline { line - 1 } else { line };
    if first_line.is_none() && range.start > lines_in_file.max(1) {
        return Err(ResourceError::RangeOutOfBounds {
            path: path.to_owned(),
            range,
            lines: lines_in_file,
        });
    }
    let truncated = cut.then(|| {
        cut_at_char_boundary(&mut out);
        let total = match range.end {
            None => usize::try_from(size.saturating_sub(before)).ok(),
            Some(_) => None,
        };
        Truncation {
            shown_bytes: out.len(),
            total_bytes: total.filter(|&t| t > out.len()),
        }
    });
    let (text, lossy) = match String::from_utf8(out) {
        Ok(text) => (text, false),
        Err(err) => (String::from_utf8_lossy(err.as_bytes()).into_owned(), true),
    };
    Ok(Resource {
        path: path.to_owned(),
        text,
        lines: first_line.zip(last_line),
        truncated,
        lossy,
    })
}

/// Drops a UTF-8 sequence cut in half at the end of `bytes`.
fn cut_at_char_boundary(bytes: &mut Vec<u8>) {
    let tail_start = bytes.len().saturating_sub(3);
    for i in (tail_start..bytes.len()).rev() {
        let b = bytes[i];
        if b & 0xC0 == 0x80 {
            continue; // continuation byte
        }
        let width = match b {
            0x00..=0x7F => 1,
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
        if i + width > bytes.len() {
            bytes.truncate(i);
        }
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &[u8], range: Option<&str>, cap: usize) -> Result<Resource, ResourceError> {
        let range = range.map(|r| r.parse().unwrap());
        read_text(text, "f.md", range, cap, text.len() as u64)
    }

    #[test]
    fn relative_paths_are_normalised() {
        assert_eq!(
            check_relative("./references/../references/a.md").unwrap(),
            std::path::Path::new("references/a.md")
        );
    }

    #[test]
    fn traversal_and_absolute_paths_are_refused() {
        for path in [
            "../x",
            "a/../../x",
            "references/../../etc/passwd",
            "..\\secret",
        ] {
            assert!(
                matches!(check_relative(path), Err(ResourceError::Traversal { .. })),
                "{path}"
            );
        }
        for path in ["/etc/passwd", "\\\\server\\share", "C:\\x", "c:/x"] {
            assert!(
                matches!(check_relative(path), Err(ResourceError::Absolute { .. })),
                "{path}"
            );
        }
        assert!(matches!(
            check_relative("."),
            Err(ResourceError::NotAFile { .. })
        ));
    }

    #[test]
    fn ranges_are_one_based_and_inclusive() {
        let r = read(b"one\ntwo\nthree\nfour\n", Some("2:3"), 1000).unwrap();
        assert_eq!(r.text, "two\nthree\n");
        assert_eq!(r.lines, Some((2, 3)));
        let r = read(b"one\ntwo\nthree", Some("3:"), 1000).unwrap();
        assert_eq!(r.text, "three");
        let r = read(b"one\ntwo\n", Some("2"), 1000).unwrap();
        assert_eq!(r.text, "two\n");
        let r = read(b"one\ntwo\n", Some("2:99"), 1000).unwrap();
        assert_eq!(r.text, "two\n");
    }

    #[test]
    fn a_range_past_the_end_is_an_error() {
        let err = read(b"one\ntwo\n", Some("5:6"), 1000).unwrap_err();
        assert!(matches!(
            err,
            ResourceError::RangeOutOfBounds { lines: 2, .. }
        ));
        assert_eq!(
            err.to_string(),
            "`f.md` has 2 lines; the range 5:6 starts after the end"
        );
    }

    #[test]
    fn bad_ranges_do_not_parse() {
        assert!("0:3".parse::<LineRange>().is_err());
        assert!("5:2".parse::<LineRange>().is_err());
        assert!("a:b".parse::<LineRange>().is_err());
    }

    #[test]
    fn binary_content_is_refused() {
        let err = read(b"abc\0def", None, 1000).unwrap_err();
        assert!(matches!(err, ResourceError::Binary { offset: 3, .. }));
    }

    #[test]
    fn a_nul_after_the_sniff_window_is_text() {
        let mut data = vec![b'a'; SNIFF_BYTES];
        data.push(0);
        assert!(read(&data, None, 100_000).is_ok());
    }

    #[test]
    fn long_text_is_cut_with_a_notice() {
        let data = "x".repeat(1000);
        let r = read(data.as_bytes(), None, 100).unwrap();
        assert_eq!(r.text.len(), 100);
        assert_eq!(
            r.truncated,
            Some(Truncation {
                shown_bytes: 100,
                total_bytes: Some(1000)
            })
        );
        assert_eq!(
            r.truncation_notice().unwrap(),
            "[truncated: showing the first 100 of 1000 bytes]"
        );
    }

    #[test]
    fn truncation_never_splits_a_character() {
        let data = "é".repeat(10); // 20 bytes
        let r = read(data.as_bytes(), None, 5).unwrap();
        assert_eq!(r.text, "éé");
        assert_eq!(r.truncated.unwrap().shown_bytes, 4);
    }

    /// Looking for a range's first line stops too: a range far into a huge file is refused
    /// instead of scanned for.
    #[test]
    fn looking_for_a_far_range_stops() {
        let data = "x\n".repeat(400_000);
        let err = read(data.as_bytes(), Some("390000:"), 100).unwrap_err();
        assert!(err.to_string().contains("reads stop there"), "{err}");
        assert!(read(data.as_bytes(), Some("390000:"), 20_000).is_ok());
    }

    #[test]
    fn a_truncated_range_counts_only_the_range() {
        let r = read(b"aaaa\nbbbbbbbbbb\ncccc\n", Some("2:2"), 4).unwrap();
        assert_eq!(r.text, "bbbb");
        assert_eq!(r.truncated.unwrap().total_bytes, None);
        assert_eq!(
            r.truncation_notice().unwrap(),
            "[truncated: showing the first 4 bytes of the selection]"
        );
        let r = read(b"aaaa\nbbbbbbbbbb\ncccc\n", Some("2:"), 4).unwrap();
        assert_eq!(r.truncated.unwrap().total_bytes, Some(16));
    }

    /// The reader stops at the cap: it never asks for more than the cap past the sniff window,
    /// however large the file claims to be.
    #[test]
    fn reading_stops_at_the_cap() {
        struct Endless(u64);
        impl Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                buf.fill(b'a');
                self.0 += buf.len() as u64;
                Ok(buf.len())
            }
        }
        let mut endless = Endless(0);
        let r = read_text(&mut endless, "big", None, 1000, 16 << 30).unwrap();
        assert_eq!(r.text.len(), 1000);
        assert_eq!(r.truncated.unwrap().total_bytes, Some(16 << 30));
        assert!(endless.0 < 200_000, "read {} bytes", endless.0);
    }
}
