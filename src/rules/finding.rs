//! What a rule reports: a message pointing at exact bytes, a help line, and maybe a safe fix.

use std::path::PathBuf;

use super::{Rule, Severity};
use crate::skill::Skill;
use crate::source::Span;

/// One problem (or note) about one skill.
#[derive(Debug, Clone)]
pub struct Finding {
    pub rule: &'static Rule,
    pub severity: Severity,
    /// What is wrong, in one sentence without a trailing period.
    pub message: String,
    /// The skill the finding is about (its directory).
    pub skill_dir: PathBuf,
    /// The file the span points into: the `SKILL.md` unless [`Finding::in_file`] says otherwise.
    pub path: PathBuf,
    /// Bytes of `path` the finding is about; `None` for the whole file or directory.
    pub span: Option<Span>,
    /// A short text shown at the span.
    pub label: Option<String>,
    /// How to fix it.
    pub help: Option<String>,
    pub fix: Option<Fix>,
}

/// Edits that resolve a finding without changing what the file means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// What the fix does, e.g. "quote the description".
    pub description: String,
    /// Non-overlapping byte edits to the finding's file.
    pub edits: Vec<Edit>,
}

/// Replace the bytes of `span` with `replacement`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub span: Span,
    pub replacement: String,
}

impl Finding {
    pub fn new(rule: &'static Rule, skill: &Skill, message: impl Into<String>) -> Self {
        Self {
            rule,
            severity: rule.severity,
            message: message.into(),
            skill_dir: skill.dir.clone(),
            path: skill.skill_md.clone(),
            span: None,
            label: None,
            help: None,
            fix: None,
        }
    }

    /// Points the finding at bytes of its file.
    #[must_use]
    pub fn at(mut self, span: Span) -> Self {
        self.span = Some(span);
        self
    }

    #[must_use]
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    #[must_use]
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Replaces the rule's default severity for this finding (a check may raise or lower it,
    /// e.g. by target).
    #[must_use]
    pub fn severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    /// Points the finding at another file (a referenced file, a junk file) instead of `SKILL.md`.
    #[must_use]
    pub fn in_file(mut self, path: impl Into<PathBuf>) -> Self {
        self.path = path.into();
        self
    }

    /// Attaches a fix. Only for edits that cannot change what the file means.
    #[must_use]
    pub fn fix(mut self, description: impl Into<String>, edits: Vec<Edit>) -> Self {
        debug_assert!(
            self.rule.fixable,
            "{} attaches a fix but is not fixable",
            self.rule.id
        );
        self.fix = Some(Fix {
            description: description.into(),
            edits,
        });
        self
    }
}

impl Edit {
    pub fn new(span: Span, replacement: impl Into<String>) -> Self {
        Self {
            span,
            replacement: replacement.into(),
        }
    }
}
