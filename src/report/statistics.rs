//! `lint --statistics`: how many findings each rule has, most first (ties by ID), like ruff's
//! `--statistics`; a table for people, or JSON.

use std::io::Write;

use serde::Serialize;

use super::lint::LintReport;
use crate::error::{Error, Result};
use crate::rules::Severity;

/// One rule's count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    pub rule: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub count: usize,
    /// How many of them `--fix` resolves.
    pub fixable: usize,
}

pub fn rows(report: &LintReport) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    for f in &report.findings {
        match rows.iter_mut().find(|r| r.rule == f.rule) {
            Some(row) => {
                row.count += 1;
                row.fixable += usize::from(f.fixable);
                row.severity = row.severity.max(f.severity);
            }
            None => rows.push(Row {
                rule: f.rule,
                name: f.name,
                severity: f.severity,
                count: 1,
                fixable: usize::from(f.fixable),
            }),
        }
    }
    rows.sort_by(|a, b| b.count.cmp(&a.count).then(a.rule.cmp(b.rule)));
    rows
}

/// `  12  S101  warning  [*] description-not-third-person` lines.
pub fn write_text(report: &LintReport, out: &mut dyn Write) -> Result<()> {
    let rows = rows(report);
    let width = rows
        .iter()
        .map(|r| r.count.to_string().len())
        .max()
        .unwrap_or(1);
    let mut text = String::new();
    for r in &rows {
        let fix = if r.fixable > 0 { "[*] " } else { "    " };
        text.push_str(&format!(
            "{:>width$}  {}  {:<7}  {fix}{}\n",
            r.count,
            r.rule,
            r.severity.as_str(),
            r.name
        ));
    }
    out.write_all(text.as_bytes()).map_err(Error::Output)
}

pub fn write_json(report: &LintReport, out: &mut dyn Write) -> Result<()> {
    super::write_json(out, &rows(report))
}
