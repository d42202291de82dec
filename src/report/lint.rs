//! The lint report as data (the `skills.lint/v1` JSON schema), built once and rendered by the
//! human, JSON, SARIF and GitHub renderers.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::hash::HashMap;
use crate::rules::{Finding, Severity};
use crate::source::Source;

pub const SCHEMA: &str = "skills.lint/v1";

/// Every finding of a run, located, plus counts. It borrows the findings' text: a report is
/// written right after it is built, and copying every message would only cost time.
#[derive(Debug, Serialize)]
pub struct LintReport<'a> {
    pub schema: &'static str,
    pub findings: Vec<FindingRow<'a>>,
    pub summary: Summary,
}

/// One finding with its position resolved. Lines and columns are 1-based; columns count
/// Unicode scalar values; `offset` and `length` are bytes.
#[derive(Debug, Serialize)]
pub struct FindingRow<'a> {
    pub rule: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub message: &'a str,
    /// As shown to the user: relative to the working directory when below it. One string for
    /// all the findings in a file.
    #[serde(serialize_with = "shared_str")]
    pub path: Arc<str>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub end_line: Option<usize>,
    pub end_column: Option<usize>,
    pub offset: Option<usize>,
    pub length: Option<usize>,
    pub label: Option<&'a str>,
    pub help: Option<&'a str>,
    /// Whether `--fix` resolves this finding.
    pub fixable: bool,
    #[serde(skip)]
    pub file: &'a Path,
    /// The skill the finding is about; its file is read only inside it.
    #[serde(skip)]
    pub skill_dir: &'a Path,
}

/// A string shared between rows, written as the string it holds.
fn shared_str<S: serde::Serializer>(value: &Arc<str>, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(value)
}

#[derive(Debug, Default, Serialize)]
pub struct Summary {
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
    pub fixable: usize,
    /// Skills linted.
    pub skills: usize,
}

impl Summary {
    /// `2 errors, 1 warning in 3 skills`.
    pub fn line(&self) -> String {
        let mut line = format!(
            "{}, {} in {}",
            plural(self.errors, "error"),
            plural(self.warnings, "warning"),
            plural(self.skills, "skill")
        );
        if self.infos > 0 {
            line.push_str(&format!(" ({})", plural(self.infos, "note")));
        }
        if self.fixable > 0 {
            line.push_str(&format!("; {} fixable with `--fix`", self.fixable));
        }
        line
    }
}

pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The files findings point into, read once each.
#[derive(Debug, Default)]
pub struct Sources<'a> {
    /// By the path's bytes, which hash in one piece (a path hashes name by name). A path
    /// written another way is only read again.
    files: HashMap<OsString, Option<Cow<'a, Source>>>,
}

impl<'a> Sources<'a> {
    /// Starts with sources already in memory (each skill's `SKILL.md`).
    pub fn new(known: impl IntoIterator<Item = (PathBuf, &'a Source)>) -> Self {
        Self {
            files: known
                .into_iter()
                .map(|(p, s)| (p.into_os_string(), Some(Cow::Borrowed(s))))
                .collect(),
        }
    }

    /// Adds files already read (by the rules), unless a source for the path is known.
    pub fn with_read(mut self, read: Vec<(PathBuf, Source)>) -> Self {
        for (path, source) in read {
            self.files
                .entry(path.into_os_string())
                .or_insert(Some(Cow::Owned(source)));
        }
        self
    }

    /// The contents of a file of the skill in `skill_dir`, read through [`crate::fsafe`];
    /// `None` for a directory, a file outside the skill, or one that cannot be read.
    pub fn get(&mut self, path: &Path, skill_dir: &Path) -> Option<&Source> {
        if self.files.contains_key(path.as_os_str()) {
            return self.files.get(path.as_os_str()).and_then(|s| s.as_deref());
        }
        self.files
            .entry(path.as_os_str().to_owned())
            .or_insert_with(|| read(path, skill_dir).map(Cow::Owned))
            .as_deref()
    }

    /// A file [`Sources::get`] or [`Sources::prefetch`] already asked for.
    fn known(&self, path: &Path) -> Option<&Source> {
        self.files.get(path.as_os_str()).and_then(|s| s.as_deref())
    }

    /// Reads the files of `wanted` (paths with their skill's directory) not yet known, on every
    /// core: what [`Sources::get`] would do for each, in turn.
    fn prefetch<'p>(&mut self, wanted: impl IntoIterator<Item = (&'p Path, &'p Path)>) {
        let mut missing: Vec<(&Path, &Path)> = wanted
            .into_iter()
            .filter(|(path, _)| !self.files.contains_key(path.as_os_str()))
            .collect();
        // The first skill directory asked with a path is the one `get` would have used.
        missing.dedup_by(|a, b| a.0 == b.0);
        let read = crate::parallel::map(missing, |(path, skill_dir)| (path, read(path, skill_dir)));
        for (path, source) in read {
            self.files
                .entry(path.as_os_str().to_owned())
                .or_insert(source.map(Cow::Owned));
        }
    }
}

/// A file of the skill in `skill_dir`, read through [`crate::fsafe`].
fn read(path: &Path, skill_dir: &Path) -> Option<Source> {
    let jail = crate::fsafe::Jail::new(skill_dir).ok()?;
    jail.read(path, crate::rules::context::MAX_READ_BYTES)
        .ok()
        .map(Source::new)
}

impl<'a> LintReport<'a> {
    /// Locates findings in their files. `shown` turns a path into its display form.
    pub fn new(
        findings: &'a [Finding],
        sources: &mut Sources<'_>,
        skills: usize,
        shown: impl Fn(&Path) -> String + Sync,
    ) -> Self {
        let mut summary = Summary {
            skills,
            ..Summary::default()
        };
        for f in findings {
            match f.severity {
                Severity::Error => summary.errors += 1,
                Severity::Warning => summary.warnings += 1,
                Severity::Info => summary.infos += 1,
            }
            summary.fixable += usize::from(f.fix.is_some());
        }
        // Findings come sorted by file: each file's run of findings is located in it, and its
        // path turned into its display form, once, on every core. The file is read through the
        // run's first finding with a span, as it would be when its findings were taken in turn.
        let runs: Vec<(&[Finding], Option<&Finding>)> = findings
            .chunk_by(|a, b| a.path == b.path)
            .map(|run| (run, run.iter().find(|f| f.span.is_some())))
            .collect();
        sources.prefetch(
            runs.iter()
                .filter_map(|(_, spanned)| *spanned)
                .map(|f| (f.path.as_path(), f.skill_dir.as_path())),
        );
        let sources = &*sources;
        let runs = crate::parallel::map(runs, |(run, spanned)| {
            // Prefetched: every file a run needs is known now.
            let source = spanned.and_then(|f| sources.known(&f.path));
            let path: Arc<str> = run
                .first()
                .map(|f| shown(&f.path))
                .unwrap_or_default()
                .into();
            run.iter()
                .map(|f| {
                    let located = f.span.zip(source).map(|(span, source)| {
                        let end = span.end.min(source.bytes().len());
                        let start = span.start.min(end);
                        let (from, to) = source.span_line_cols(start, end);
                        (start, end, from, to)
                    });
                    FindingRow {
                        rule: f.rule.id,
                        name: f.rule.name,
                        severity: f.severity,
                        message: &f.message,
                        path: Arc::clone(&path),
                        line: located.map(|l| l.2.0),
                        column: located.map(|l| l.2.1),
                        end_line: located.map(|l| l.3.0),
                        end_column: located.map(|l| l.3.1),
                        offset: located.map(|l| l.0),
                        length: located.map(|l| l.1 - l.0),
                        label: f.label.as_deref(),
                        help: f.help.as_deref(),
                        fixable: f.fix.is_some(),
                        file: &f.path,
                        skill_dir: &f.skill_dir,
                    }
                })
                .collect::<Vec<_>>()
        });
        let mut rows = Vec::with_capacity(findings.len());
        for run in runs {
            rows.extend(run);
        }
        Self {
            schema: SCHEMA,
            findings: rows,
            summary,
        }
    }

    /// Writes the report as JSON: the bytes `serde_json`'s pretty printer gives for it (a test
    /// holds the two equal), with each key written together with its indentation and quotes as
    /// one piece of text. The pretty printer escapes every key and writes each quote, indent and
    /// separator on its own, which made the JSON most of a large run's serial tail. Only the
    /// values are escaped, by `serde_json`. The text goes out in large writes as it is made.
    pub fn write_json(&self, out: &mut dyn Write) -> Result<()> {
        /// The size at which the text made so far is written out.
        const CHUNK: usize = 1 << 16;
        let mut json = Json(Vec::with_capacity(CHUNK + 4096));
        json.raw(b"{\n  \"schema\": ");
        json.string(self.schema)?;
        json.raw(b",\n  \"findings\": [");
        for (i, row) in self.findings.iter().enumerate() {
            json.raw(if i == 0 { b"\n" } else { b",\n" });
            json.row(row)?;
            if json.0.len() >= CHUNK {
                out.write_all(&json.0).map_err(Error::Output)?;
                json.0.clear();
            }
        }
        if !self.findings.is_empty() {
            json.raw(b"\n  ");
        }
        let summary = &self.summary;
        json.raw(b"],\n  \"summary\": {\n    \"errors\": ");
        json.number(summary.errors)?;
        json.raw(b",\n    \"warnings\": ");
        json.number(summary.warnings)?;
        json.raw(b",\n    \"infos\": ");
        json.number(summary.infos)?;
        json.raw(b",\n    \"fixable\": ");
        json.number(summary.fixable)?;
        json.raw(b",\n    \"skills\": ");
        json.number(summary.skills)?;
        json.raw(b"\n  }\n}\n");
        out.write_all(&json.0).map_err(Error::Output)?;
        out.flush().map_err(Error::Output)
    }
}

/// JSON text being made for [`LintReport::write_json`].
struct Json(Vec<u8>);

impl Json {
    fn raw(&mut self, text: &[u8]) {
        self.0.extend_from_slice(text);
    }

    /// `value` as a JSON string. Most of a report's strings hold nothing JSON escapes, and go
    /// out as they are; the others are escaped by `serde_json`.
    fn string(&mut self, value: &str) -> Result<()> {
        if needs_escaping(value.as_bytes()) {
            return Ok(serde_json::to_writer(&mut self.0, value)?);
        }
        self.0.reserve(value.len() + 2);
        self.0.push(b'"');
        self.0.extend_from_slice(value.as_bytes());
        self.0.push(b'"');
        Ok(())
    }

    fn number(&mut self, value: usize) -> Result<()> {
        Ok(serde_json::to_writer(&mut self.0, &value)?)
    }

    fn optional_string(&mut self, value: Option<&str>) -> Result<()> {
        match value {
            Some(value) => self.string(value),
            None => {
                self.raw(b"null");
                Ok(())
            }
        }
    }

    fn optional_number(&mut self, value: Option<usize>) -> Result<()> {
        match value {
            Some(value) => self.number(value),
            None => {
                self.raw(b"null");
                Ok(())
            }
        }
    }

    /// One finding, as an element of the report's `findings` (at the third level). Each key
    /// after the first comes with the `,`, line break and indentation before it.
    fn row(&mut self, row: &FindingRow<'_>) -> Result<()> {
        self.raw(b"    {\n      \"rule\": ");
        self.string(row.rule)?;
        let texts: [(&[u8], &str); 4] = [
            (b",\n      \"name\": ", row.name),
            (b",\n      \"severity\": ", row.severity.as_str()),
            (b",\n      \"message\": ", row.message),
            (b",\n      \"path\": ", &row.path),
        ];
        for (key, value) in texts {
            self.raw(key);
            self.string(value)?;
        }
        let numbers: [(&[u8], Option<usize>); 6] = [
            (b",\n      \"line\": ", row.line),
            (b",\n      \"column\": ", row.column),
            (b",\n      \"end_line\": ", row.end_line),
            (b",\n      \"end_column\": ", row.end_column),
            (b",\n      \"offset\": ", row.offset),
            (b",\n      \"length\": ", row.length),
        ];
        for (key, value) in numbers {
            self.raw(key);
            self.optional_number(value)?;
        }
        let notes: [(&[u8], Option<&str>); 2] = [
            (b",\n      \"label\": ", row.label),
            (b",\n      \"help\": ", row.help),
        ];
        for (key, value) in notes {
            self.raw(key);
            self.optional_string(value)?;
        }
        self.raw(if row.fixable {
            b",\n      \"fixable\": true\n    }"
        } else {
            b",\n      \"fixable\": false\n    }"
        });
        Ok(())
    }
}

/// Whether JSON escapes any byte of `bytes`: a control character (below 0x20), `"` or `\\`.
/// Eight bytes at a time: in each word, the high bit of every byte below 0x20, and of every
/// byte equal to `"` or `\\` (those xor-ed to zero), survives the subtraction below; a borrow
/// can mark a byte above a match too, but only when there is a match, so the answer is exact.
fn needs_escaping(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = |x: u64, n: u64| x.wrapping_sub(ONES * n) & !x;
    let mut words = bytes.chunks_exact(8);
    for word in words.by_ref() {
        let mut eight = [0; 8];
        eight.copy_from_slice(word);
        let x = u64::from_le_bytes(eight);
        let quote = x ^ (ONES * u64::from(b'"'));
        let backslash = x ^ (ONES * u64::from(b'\\'));
        if (below(x, 0x20) | below(quote, 1) | below(backslash, 1)) & HIGH != 0 {
            return true;
        }
    }
    words
        .remainder()
        .iter()
        .any(|&b| b < 0x20 || b == b'"' || b == b'\\')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::Sequence;

    #[test]
    fn escaping_is_needed_exactly_where_json_escapes() {
        let mut seq = Sequence::new(0x00E5_CA9E);
        for _ in 0..20_000 {
            let len = seq.below(40);
            let bytes: Vec<u8> = (0..len)
                .map(|_| match seq.below(4) {
                    0 => [b'"', b'\\', 0x1F, 0x00, 0x20, 0x21, 0x7F, 0x5B, 0x5D][seq.below(9)],
                    1 => 0x80 + seq.below(0x80) as u8,
                    _ => 0x20 + seq.below(0x60) as u8,
                })
                .collect();
            let escaped = bytes.iter().any(|&b| b < 0x20 || b == b'"' || b == b'\\');
            assert_eq!(needs_escaping(&bytes), escaped, "{bytes:?}");
        }
    }

    /// A string of up to 29 characters drawn from ones JSON escapes in every way it can (quotes,
    /// backslashes, each short escape, other control characters), ASCII and beyond.
    fn text(seq: &mut Sequence) -> String {
        const CHARS: [char; 16] = [
            'a', ' ', '"', '\\', '/', '\n', '\r', '\t', '\u{8}', '\u{c}', '\u{1}', '\u{1f}',
            '\u{7f}', 'é', '\u{2028}', '🦀',
        ];
        (0..seq.below(30))
            .map(|_| CHARS[seq.below(CHARS.len())])
            .collect()
    }

    fn maybe<T>(seq: &mut Sequence, value: impl FnOnce(&mut Sequence) -> T) -> Option<T> {
        (seq.below(3) > 0).then(|| value(seq))
    }

    #[test]
    fn the_json_is_what_the_pretty_printer_writes() {
        let mut seq = Sequence::new(0x5EED_F15E);
        let file = Path::new("a/SKILL.md");
        for findings in [0, 1, 2, 7, 40, 600] {
            let strings: Vec<[String; 4]> = (0..findings)
                .map(|_| std::array::from_fn(|_| text(&mut seq)))
                .collect();
            let rows = strings
                .iter()
                .map(|[message, path, label, help]| FindingRow {
                    rule: ["S001", "S3\"09"][seq.below(2)],
                    name: ["name-missing", "a\\b"][seq.below(2)],
                    severity: [Severity::Error, Severity::Warning, Severity::Info][seq.below(3)],
                    message,
                    path: Arc::from(path.as_str()),
                    line: maybe(&mut seq, |s| s.below(100_000)),
                    column: maybe(&mut seq, |s| s.below(300)),
                    end_line: maybe(&mut seq, |s| s.below(10)),
                    end_column: maybe(&mut seq, |_| usize::MAX),
                    offset: maybe(&mut seq, |s| s.below(2)),
                    length: maybe(&mut seq, |s| s.below(1 << 20)),
                    label: maybe(&mut seq, |_| label.as_str()),
                    help: maybe(&mut seq, |_| help.as_str()),
                    fixable: seq.below(2) == 0,
                    file,
                    skill_dir: file,
                })
                .collect();
            let report = LintReport {
                schema: SCHEMA,
                findings: rows,
                summary: Summary {
                    errors: seq.below(1000),
                    warnings: 0,
                    infos: seq.below(5),
                    fixable: usize::MAX,
                    skills: findings,
                },
            };
            let mut written = Vec::new();
            report.write_json(&mut written).unwrap();
            let mut pretty = serde_json::to_vec_pretty(&report).unwrap();
            pretty.push(b'\n');
            assert_eq!(
                String::from_utf8(written).unwrap(),
                String::from_utf8(pretty).unwrap(),
                "{findings} findings"
            );
        }
    }
}
