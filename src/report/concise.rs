//! One line per finding, as compilers and ruff's `concise` print them:
//! `path:line:col: ID severity: headline` (`path: ID …` for a finding about a whole file).

use std::io::Write;

use super::escape;
use super::headline;
use super::lint::LintReport;
use crate::error::{Error, Result};

pub fn write(report: &LintReport, out: &mut dyn Write) -> Result<()> {
    let mut text = String::new();
    for f in &report.findings {
        let place = match (f.line, f.column) {
            (Some(line), Some(col)) => format!("{}:{line}:{col}", escape::inline(&f.path)),
            _ => escape::inline(&f.path).into_owned(),
        };
        let (head, _) = headline::split(&f.message);
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
