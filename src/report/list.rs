//! What `skills list` shows: one row per skill and the discovery notes, as a table or as the
//! JSON schema `skills.list/v1` (documented in docs/json.md).

use std::io::Write;

use serde::Serialize;

use super::{escape, table, write_json, write_text};
use crate::error::Result;
use crate::provider::NoteKind;
use crate::skill::Scope;

pub const SCHEMA: &str = "skills.list/v1";

/// The whole report; serialised as is for `--format json`.
#[derive(Debug, Clone, Serialize)]
pub struct ListReport {
    pub schema: &'static str,
    pub skills: Vec<SkillRow>,
    pub notes: Vec<NoteRow>,
    pub summary: Summary,
}

#[derive(Debug, Clone, Serialize)]
pub struct SkillRow {
    /// The name the skill is known by (declared name, else directory name).
    pub name: String,
    /// The frontmatter `name` when it is a non-empty string.
    pub declared_name: Option<String>,
    pub description: Option<String>,
    pub scope: Scope,
    /// Paths relative to the working directory, with `/` separators.
    pub root: String,
    pub dir: String,
    pub path: String,
    pub status: Status,
    pub parse_error: Option<String>,
    pub shadowed_by: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Ok,
    ParseError,
    Shadowed,
}

#[derive(Debug, Clone, Serialize)]
pub struct NoteRow {
    pub kind: NoteKind,
    pub path: String,
    pub message: String,
}

#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Summary {
    pub skills: usize,
    pub ok: usize,
    pub parse_errors: usize,
    pub shadowed: usize,
    pub notes: usize,
}

impl SkillRow {
    fn status_text(&self) -> String {
        let mut parts = Vec::new();
        if let Some(error) = &self.parse_error {
            parts.push(format!("parse error: {error}"));
        }
        if let Some(winner) = &self.shadowed_by {
            parts.push(format!("shadowed by {winner}"));
        }
        if parts.is_empty() {
            "ok".to_owned()
        } else {
            parts.join("; ")
        }
    }
}

/// Writes the table to `out` and the notes and summary line to `err`.
pub fn write_table(report: &ListReport, out: &mut dyn Write, err: &mut dyn Write) -> Result<()> {
    if !report.skills.is_empty() {
        let rows = report.skills.iter().map(|s| {
            vec![
                s.name.clone(),
                s.scope.as_str().to_owned(),
                s.path.clone(),
                s.status_text(),
            ]
        });
        write_text(
            out,
            &table::render(&["NAME", "SCOPE", "PATH", "STATUS"], rows),
        )?;
    }
    let mut messages = String::new();
    for note in &report.notes {
        messages.push_str(&format!(
            "note[{}]: {}: {}\n",
            note.kind,
            escape::inline(&note.path),
            escape::text(&note.message)
        ));
    }
    messages.push_str(&summary_line(&report.summary));
    write_text(err, &messages)
}

pub fn write_report_json(report: &ListReport, out: &mut dyn Write) -> Result<()> {
    write_json(out, report)
}

fn summary_line(s: &Summary) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let mut line = plural(s.skills, "skill", "skills");
    let mut details = Vec::new();
    if s.parse_errors > 0 {
        details.push(plural(s.parse_errors, "parse error", "parse errors"));
    }
    if s.shadowed > 0 {
        details.push(format!("{} shadowed", s.shadowed));
    }
    if s.notes > 0 {
        details.push(plural(s.notes, "note", "notes"));
    }
    if !details.is_empty() {
        line.push_str(&format!(" ({})", details.join(", ")));
    }
    line.push('\n');
    line
}
