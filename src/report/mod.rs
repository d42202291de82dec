//! Rendering for people and machines. Only this module and `commands/` write output.

pub mod catalog;
pub mod color;
pub mod concise;
pub mod escape;
pub mod github;
pub mod headline;
pub mod human;
pub mod lint;
pub mod list;
pub mod load;
pub mod matrix;
pub mod progress;
pub mod sarif;
pub mod simulate;
pub mod statistics;
pub mod table;
pub mod targets;
pub mod tokens;
pub mod why;

use std::io::Write;

use serde::Serialize;

use crate::error::{Error, Result};

/// Writes `value` as pretty JSON followed by a newline, as it is serialised (a report of
/// 10 000 skills is megabytes that need not be held whole), in large writes.
pub fn write_json(out: &mut dyn Write, value: &impl Serialize) -> Result<()> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    serde_json::to_writer_pretty(&mut out, value).map_err(|e| {
        if e.is_io() {
            Error::Output(e.into())
        } else {
            e.into()
        }
    })?;
    out.write_all(b"\n").map_err(Error::Output)?;
    out.flush().map_err(Error::Output)
}

/// Writes text exactly as given.
pub fn write_text(out: &mut dyn Write, text: &str) -> Result<()> {
    out.write_all(text.as_bytes()).map_err(Error::Output)
}

/// How long the diff may search for the smallest set of changes. Past it the diff is still
/// exact, only coarser: a file whose every line changed (line endings) would otherwise take
/// time in the square of its length.
const DIFF_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(500);

/// A unified diff from `before` (labelled `old`) to `after` (labelled `new`), with `context`
/// lines around each change; empty when the texts are equal (the one place `similar` is used).
pub fn unified_diff(before: &str, after: &str, old: &str, new: &str, context: usize) -> String {
    similar::TextDiff::configure()
        .timeout(DIFF_TIMEOUT)
        .diff_lines(before, after)
        .unified_diff()
        .context_radius(context)
        .header(old, new)
        .to_string()
}

/// The runs of consecutive lines `after` has and `before` does not, each joined with its line
/// breaks (for the text one entry adds to a catalog).
pub fn added_runs(before: &str, after: &str) -> Vec<String> {
    let diff = similar::TextDiff::from_lines(before, after);
    let mut runs = Vec::new();
    let mut run = String::new();
    for change in diff.iter_all_changes() {
        if change.tag() == similar::ChangeTag::Insert {
            run.push_str(change.value());
        } else if !run.is_empty() {
            runs.push(std::mem::take(&mut run));
        }
    }
    if !run.is_empty() {
        runs.push(run);
    }
    runs
}

/// Lines grouped by a key, each group cut to its first `keep` lines and a
/// `  … and N more like this` line: a note that repeats for every skill is said a few times,
/// not a thousand. Groups keep the order of their first line.
pub fn collapse<K: Eq + std::hash::Hash>(
    lines: impl IntoIterator<Item = (K, String)>,
    keep: usize,
) -> String {
    let mut index: crate::hash::HashMap<K, usize> = crate::hash::HashMap::default();
    let mut groups: Vec<(Vec<String>, usize)> = Vec::new();
    for (key, line) in lines {
        let next = groups.len();
        let group = *index.entry(key).or_insert(next);
        if group == next {
            groups.push((Vec::new(), 0));
        }
        let (kept, more) = &mut groups[group];
        if kept.len() < keep {
            kept.push(line);
        } else {
            *more += 1;
        }
    }
    let mut out = String::new();
    for (kept, more) in groups {
        for line in kept {
            out.push_str(&line);
            if !line.ends_with('\n') {
                out.push('\n');
            }
        }
        if more > 0 {
            out.push_str(&format!("  … and {more} more like this\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    /// Accepts `room` bytes, then fails as a closed pipe does.
    struct ClosedAfter {
        room: usize,
        written: Vec<u8>,
    }

    impl std::io::Write for ClosedAfter {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.written.len() >= self.room {
                return Err(std::io::ErrorKind::BrokenPipe.into());
            }
            let n = buf.len().min(self.room - self.written.len());
            self.written.extend_from_slice(&buf[..n]);
            Ok(n)
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// JSON is written as it is serialised: the bytes are those of the whole document and a
    /// line break, and a reader that goes away makes an output error (which `main` ends on
    /// quietly), not a serialisation error.
    #[test]
    fn json_is_streamed_and_a_closed_pipe_is_an_output_error() {
        let rows: Vec<(String, usize)> = (0..20_000).map(|i| (format!("row {i}"), i)).collect();
        let mut all = ClosedAfter {
            room: usize::MAX,
            written: Vec::new(),
        };
        super::write_json(&mut all, &rows).unwrap();
        let expected = serde_json::to_string_pretty(&rows).unwrap() + "\n";
        assert_eq!(String::from_utf8(all.written).unwrap(), expected);
        let mut closed = ClosedAfter {
            room: 100_000,
            written: Vec::new(),
        };
        match super::write_json(&mut closed, &rows) {
            Err(crate::Error::Output(e)) => assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe),
            other => panic!("{other:?}"),
        }
        assert_eq!(closed.written.len(), 100_000);
    }

    #[test]
    fn repeated_lines_are_collapsed_per_key() {
        let lines = (0..1000)
            .map(|i| ("same", format!("note {i}")))
            .chain([("other", "x".to_owned())]);
        assert_eq!(
            super::collapse(lines, 3),
            "note 0\nnote 1\nnote 2\n  … and 997 more like this\nx\n"
        );
    }
}
