//! The lint rules: plain data ([`Rule`]) plus one check function each, one file per rule.
//!
//! A rule never prints. It reads a [`SkillContext`] (one skill, the selected targets, the
//! thresholds) or a [`SetContext`] (every skill, for cross-skill rules) and pushes [`Finding`]s.
//! The engine in [`crate::lint`] decides what is reported: config severities, suppressions, ignores.
//!
//! Families (IDs are stable forever; a retired ID is never reused):
//! - **S0xx** frontmatter and the standard, platform limits;
//! - **S1xx** content quality;
//! - **S2xx** layout and references;
//! - **S3xx** encoding and portability;
//! - **S4xx** cross-skill;
//! - **S5xx** lint comments (suppressions).
//!
//! Adding a rule: one file in its family folder, one line in that family's `RULES`, and
//! `fixtures/rules/<ID>/{pass,fail}/<case>/` folders.

pub(crate) mod context;
mod finding;

pub mod content;
pub mod cross;
pub mod encoding;
pub mod layout;
pub mod meta;
pub mod standard;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use context::{Entry, SetContext, Settings, SkillContext, Tree};
pub use finding::{Edit, Finding, Fix};

/// How serious a finding is. Only `Error` fails a lint run (unless warnings are denied).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing, never a problem by itself (e.g. a field a selected runtime reads).
    Info,
    Warning,
    Error,
}

impl Severity {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Warning => "warning",
            Self::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a rule looks at.
#[derive(Clone, Copy)]
pub enum Check {
    /// One skill at a time (run in parallel).
    Skill(fn(&SkillContext<'_>, &mut Vec<Finding>)),
    /// Every discovered skill at once (cross-skill rules).
    Set(fn(&SetContext<'_>, &mut Vec<Finding>)),
    /// Reported by the lint engine itself, from what the other rules found (S502).
    Engine,
}

impl fmt::Debug for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Skill(_) => "Check::Skill",
            Self::Set(_) => "Check::Set",
            Self::Engine => "Check::Engine",
        })
    }
}

/// A lint rule: identity, documentation and its check.
#[derive(Debug)]
pub struct Rule {
    /// `S` + three digits; the family is the first digit.
    pub id: &'static str,
    /// kebab-case, unique; usable wherever an ID is.
    pub name: &'static str,
    /// The severity findings get unless the check lowers it or the config overrides it.
    pub severity: Severity,
    /// One line, no trailing period.
    pub summary: &'static str,
    /// Markdown with the sections `## What it does`, `## Why`, `## Example`, `## How to fix`.
    pub docs: &'static str,
    /// Whether some of its findings carry a fix that `--fix` applies.
    pub fixable: bool,
    pub check: Check,
}

impl Rule {
    /// A finding of this rule in the skill's `SKILL.md`, at the rule's default severity.
    pub fn finding(&'static self, cx: &SkillContext<'_>, message: impl Into<String>) -> Finding {
        Finding::new(self, cx.skill, message)
    }
}

/// `(specific, generic)`: when a skill has a finding of the specific rule, the generic rule's
/// findings on that skill say the same thing less well and are dropped. Each specific rule names
/// the exact cause of invalid YAML that S004 (invalid-yaml) reports in general terms.
pub const SUPERSEDES: &[(&str, &str)] = &[
    ("S031", "S004"),
    ("S305", "S004"),
    ("S307", "S004"),
    ("S308", "S004"),
];

/// Every rule, sorted by ID.
pub fn all() -> impl Iterator<Item = &'static Rule> {
    standard::RULES
        .iter()
        .chain(content::RULES)
        .chain(layout::RULES)
        .chain(encoding::RULES)
        .chain(cross::RULES)
        .chain(meta::RULES)
        .copied()
}

/// The rule with this ID or name (IDs are matched case-insensitively).
pub fn find(key: &str) -> Option<&'static Rule> {
    all().find(|r| r.id.eq_ignore_ascii_case(key) || r.name == key)
}

/// A rule ID or name as written in config or on the command line.
#[derive(Debug, Clone, Copy)]
pub struct RuleRef(pub &'static Rule);

impl FromStr for RuleRef {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        find(s).map(RuleRef).ok_or_else(|| unknown_rule(s))
    }
}

/// The message for a rule key that names no rule, with the closest one when there is one.
pub fn unknown_rule(key: &str) -> String {
    let close = all()
        .flat_map(|r| [r.id, r.name])
        .map(|candidate| (strsim::jaro_winkler(key, candidate), candidate))
        .filter(|(score, _)| *score > 0.85)
        .max_by(|a, b| a.0.total_cmp(&b.0));
    match close {
        Some((_, candidate)) => {
            format!(
                "unknown rule `{key}` (did you mean `{candidate}`? `skills explain --all` lists them)"
            )
        }
        None => format!("unknown rule `{key}` (`skills explain --all` lists them)"),
    }
}
