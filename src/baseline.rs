//! Baselines, for adopting the linter on a tree that already has findings: `--write-baseline`
//! records every finding, `--baseline` reports only those not recorded. A finding is matched on
//! its rule, its skill (the folder, relative to the baseline file) and a fingerprint of what it
//! is about — the file (relative to the skill), the bytes it points at and its message with
//! the numbers taken out — never on its line, so moving text around keeps it matched. Each
//! recorded entry matches as many findings as it counts.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::hash;
use crate::paths;
use crate::rules::Finding;
use crate::skill::Skill;

pub const SCHEMA: &str = "skills.baseline/v1";

/// The largest baseline file read.
const MAX_BYTES: u64 = 64 << 20;

/// A baseline file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Baseline {
    pub schema: String,
    pub findings: Vec<Entry>,
}

/// The findings of one rule in one skill with one fingerprint.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Entry {
    pub rule: String,
    /// The skill's folder relative to the baseline file's folder, `/`-separated.
    pub skill: String,
    pub fingerprint: String,
    /// How many findings share the three.
    pub count: usize,
    /// The message when it was recorded, for people reading the file.
    pub message: String,
}

/// What identifies a finding across edits.
fn key(finding: &Finding, source: Option<&Skill>, base: &Path) -> (String, String, String) {
    let dir =
        std::fs::canonicalize(&finding.skill_dir).unwrap_or_else(|_| finding.skill_dir.clone());
    let skill = paths::to_slash(&paths::relative_to(&dir, base));
    let file = paths::to_slash(&paths::relative_to(&finding.path, &finding.skill_dir));
    let text = match (finding.span, source) {
        (Some(span), Some(skill)) if finding.path == skill.skill_md => {
            skill.slice(span).into_owned()
        }
        _ => String::new(),
    };
    let message: String = finding
        .message
        .chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .collect();
    let fingerprint = hash::sha256_hex(format!("{file}\0{text}\0{message}").as_bytes());
    (
        finding.rule.id.to_owned(),
        skill,
        fingerprint[..16].to_owned(),
    )
}

fn skill_of<'a>(skills: &'a [Skill], finding: &Finding) -> Option<&'a Skill> {
    skills.iter().find(|s| s.dir == finding.skill_dir)
}

impl Baseline {
    /// A baseline of `findings`, with skill folders relative to `base`.
    pub fn record(findings: &[Finding], skills: &[Skill], base: &Path) -> Self {
        let mut entries: BTreeMap<(String, String, String), (usize, String)> = BTreeMap::new();
        for f in findings {
            let entry = entries
                .entry(key(f, skill_of(skills, f), base))
                .or_insert((0, f.message.clone()));
            entry.0 += 1;
        }
        Self {
            schema: SCHEMA.to_owned(),
            findings: entries
                .into_iter()
                .map(|((rule, skill, fingerprint), (count, message))| Entry {
                    rule,
                    skill,
                    fingerprint,
                    count,
                    message,
                })
                .collect(),
        }
    }

    /// Reads a baseline file.
    pub fn load(path: &Path) -> Result<Self> {
        let bytes = crate::fsafe::read_anywhere(path, MAX_BYTES, crate::fsafe::Links::Allow)
            .map_err(|refusal| Error::unreadable(path, refusal.into_io()))?;
        let baseline: Self = serde_json::from_slice(&bytes).map_err(|e| Error::Usage {
            message: format!("{} is not a baseline file: {e}", path.display()),
            help: "write one with `skills lint --write-baseline FILE`".to_owned(),
        })?;
        if baseline.schema != SCHEMA {
            return Err(Error::Usage {
                message: format!(
                    "{} has schema `{}`, not `{SCHEMA}`",
                    path.display(),
                    baseline.schema
                ),
                help: "write it again with `skills lint --write-baseline FILE`".to_owned(),
            });
        }
        Ok(baseline)
    }

    /// The file's text.
    pub fn to_json(&self) -> Result<String> {
        Ok(serde_json::to_string_pretty(self)? + "\n")
    }

    /// Drops the findings the baseline holds; returns how many were dropped.
    pub fn filter(&self, findings: &mut Vec<Finding>, skills: &[Skill], base: &Path) -> usize {
        let mut left: BTreeMap<(String, String, String), usize> = self
            .findings
            .iter()
            .map(|e| {
                (
                    (e.rule.clone(), e.skill.clone(), e.fingerprint.clone()),
                    e.count,
                )
            })
            .collect();
        let before = findings.len();
        findings.retain(|f| match left.get_mut(&key(f, skill_of(skills, f), base)) {
            Some(n) if *n > 0 => {
                *n -= 1;
                false
            }
            _ => true,
        });
        before - findings.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::{LintOptions, lint};
    use crate::rules::context::testing::skill;

    fn findings(text: &str) -> (Vec<Finding>, Skill) {
        let s = skill("notes", text);
        (lint(std::slice::from_ref(&s), &LintOptions::default()), s)
    }

    #[test]
    fn matches_across_line_moves_but_not_new_findings() {
        let head = "---\nname: notes\ndescription: Drafts release notes from merged pull requests. Use when the user prepares a release.\n---\n";
        let (old, s) = findings(&format!("{head}# Notes\nValid as of March 2025.\n"));
        assert!(!old.is_empty());
        let base = Path::new("/");
        let baseline = Baseline::record(&old, std::slice::from_ref(&s), base);
        let text = baseline.to_json().unwrap();
        let back: Baseline = serde_json::from_str(&text).unwrap();
        assert_eq!(back, baseline);

        // The same finding three lines lower is still known.
        let (mut moved, s) = findings(&format!(
            "{head}# Notes\n\nMore.\n\nValid as of March 2025.\n"
        ));
        assert_eq!(
            back.filter(&mut moved, std::slice::from_ref(&s), base),
            old.len()
        );
        assert!(moved.is_empty());

        // A second copy is new: the entry counted one.
        let (mut twice, s) = findings(&format!(
            "{head}# Notes\nValid as of March 2025.\nValid as of March 2025.\n"
        ));
        back.filter(&mut twice, std::slice::from_ref(&s), base);
        assert_eq!(twice.len(), 1);
    }
}
