//! One line per finding, as compilers and ruff's `concise` print them:
//! `path:line:col: ID severity: headline`. A finding about a whole file is placed at `1:1` (as
//! ruff and SARIF's region do), one about a folder has no position (`path: ID …`).

use std::io::Write;

use super::escape;
use super::headline;
use super::lint::{FindingRow, LintReport};
use crate::error::{Error, Result};

pub fn write(report: &LintReport, out: &mut dyn Write) -> Result<()> {
    let mut text = String::new();
    for f in &report.findings {
        let place = match (f.line, f.column) {
            (Some(line), Some(col)) => format!("{}:{line}:{col}", escape::inline(&f.path)),
            _ if about_a_file(f) => format!("{}:1:1", escape::inline(&f.path)),
            _ => escape::inline(&f.path).into_owned(),
        };
        let (head, _) = headline::split(f.message);
        let fix = if f.fixable { " [*]" } else { "" };
        text.push_str(&format!(
            "{place}: {} {}:{fix} {}\n",
            f.rule,
            f.severity,
            escape::inline(&head)
        ));
    }
    out.write_all(text.as_bytes()).map_err(Error::Output)
}

/// Whether a finding without a span is about a file (a `SKILL.md`, also one read from stdin
/// that is not on disk) rather than a folder.
fn about_a_file(f: &FindingRow) -> bool {
    f.file != f.skill_dir && !f.file.is_dir()
}
