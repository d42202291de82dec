//! The lint report as data (the `skills.lint/v1` JSON schema), built once and rendered by the
//! human, JSON, SARIF and GitHub renderers.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::error::Result;
use crate::rules::{Finding, Severity};
use crate::source::Source;

pub const SCHEMA: &str = "skills.lint/v1";

/// Every finding of a run, located, plus counts.
#[derive(Debug, Serialize)]
pub struct LintReport {
    pub schema: &'static str,
    pub findings: Vec<FindingRow>,
    pub summary: Summary,
}

/// One finding with its position resolved. Lines and columns are 1-based; columns count
/// Unicode scalar values; `offset` and `length` are bytes.
#[derive(Debug, Serialize)]
pub struct FindingRow {
    pub rule: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub message: String,
    /// As shown to the user: relative to the working directory when below it.
    pub path: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub end_line: Option<usize>,
    pub end_column: Option<usize>,
    pub offset: Option<usize>,
    pub length: Option<usize>,
    pub label: Option<String>,
    pub help: Option<String>,
    /// Whether `--fix` resolves this finding.
    pub fixable: bool,
    #[serde(skip)]
    pub file: PathBuf,
    /// The skill the finding is about; its file is read only inside it.
    #[serde(skip)]
    pub skill_dir: PathBuf,
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
    files: HashMap<PathBuf, Option<Cow<'a, Source>>>,
}

impl<'a> Sources<'a> {
    /// Starts with sources already in memory (each skill's `SKILL.md`).
    pub fn new(known: impl IntoIterator<Item = (PathBuf, &'a Source)>) -> Self {
        Self {
            files: known
                .into_iter()
                .map(|(p, s)| (p, Some(Cow::Borrowed(s))))
                .collect(),
        }
    }

    /// The contents of a file of the skill in `skill_dir`, read through [`crate::fsafe`];
    /// `None` for a directory, a file outside the skill, or one that cannot be read.
    pub fn get(&mut self, path: &Path, skill_dir: &Path) -> Option<&Source> {
        if self.files.contains_key(path) {
            return self.files.get(path).and_then(|s| s.as_deref());
        }
        self.files
            .entry(path.to_path_buf())
            .or_insert_with(|| {
                let jail = crate::fsafe::Jail::new(skill_dir).ok()?;
                jail.read(path, crate::rules::context::MAX_READ_BYTES)
                    .ok()
                    .map(|bytes| Cow::Owned(Source::new(bytes)))
            })
            .as_deref()
    }
}

impl LintReport {
    /// Locates findings in their files. `shown` turns a path into its display form.
    pub fn new(
        findings: &[Finding],
        sources: &mut Sources<'_>,
        skills: usize,
        shown: impl Fn(&Path) -> String,
    ) -> Self {
        let mut summary = Summary {
            skills,
            ..Summary::default()
        };
        // Many findings share a file, and they come sorted by file: a path is turned into its
        // display form when it differs from the last finding's.
        let mut last: Option<(&Path, String)> = None;
        let rows = findings
            .iter()
            .map(|f| {
                match f.severity {
                    Severity::Error => summary.errors += 1,
                    Severity::Warning => summary.warnings += 1,
                    Severity::Info => summary.infos += 1,
                }
                summary.fixable += usize::from(f.fix.is_some());
                let located = f
                    .span
                    .and_then(|span| Some((span, sources.get(&f.path, &f.skill_dir)?)))
                    .map(|(span, source)| {
                        let end = span.end.min(source.bytes().len());
                        let start = span.start.min(end);
                        (start, end, source.line_col(start), source.line_col(end))
                    });
                FindingRow {
                    rule: f.rule.id,
                    name: f.rule.name,
                    severity: f.severity,
                    message: f.message.clone(),
                    path: match &last {
                        Some((path, form)) if *path == f.path => form.clone(),
                        _ => {
                            let form = shown(&f.path);
                            last = Some((&f.path, form.clone()));
                            form
                        }
                    },
                    line: located.map(|l| l.2.0),
                    column: located.map(|l| l.2.1),
                    end_line: located.map(|l| l.3.0),
                    end_column: located.map(|l| l.3.1),
                    offset: located.map(|l| l.0),
                    length: located.map(|l| l.1 - l.0),
                    label: f.label.clone(),
                    help: f.help.clone(),
                    fixable: f.fix.is_some(),
                    file: f.path.clone(),
                    skill_dir: f.skill_dir.clone(),
                }
            })
            .collect();
        Self {
            schema: SCHEMA,
            findings: rows,
            summary,
        }
    }

    pub fn write_json(&self, out: &mut dyn Write) -> Result<()> {
        super::write_json(out, self)
    }
}
