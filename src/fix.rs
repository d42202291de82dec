//! `--fix`: applies the edits findings carry, file by file, atomically. Only fixes that cannot
//! change meaning exist (see each rule); the result is checked to parse at least as well as
//! before, and every byte outside the edited spans is kept.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::frontmatter::{self, FrontmatterState, Yaml};
use crate::fsafe::{self, Jail, Refusal};
use crate::hash::HashMap;
use crate::lint::{self, LintOptions};
use crate::rules::{Edit, Finding};
use crate::skill::Skill;
use crate::source::Source;

/// How many rounds of fixes a run applies at most. Fixes whose edits overlap (CRLF inside a
/// value that also gets quoted) land in later rounds; real files settle in two or three.
pub const MAX_ROUNDS: usize = 8;

/// Fixes `skills` in memory, round after round, until no finding offers a fix the file can take.
/// `findings` are the skills' lint findings (the first round's). Returns one change per file,
/// from its bytes on disk to its final bytes, so `--fix` is idempotent: linting the result
/// offers nothing more to fix.
pub fn fix_all(skills: &[Skill], options: &LintOptions, findings: &[Finding]) -> Vec<FileFix> {
    let originals: HashMap<&Path, &Skill> =
        skills.iter().map(|s| (s.skill_md.as_path(), s)).collect();
    // The latest state of each file changed so far.
    let mut fixed: HashMap<PathBuf, Skill> = HashMap::default();
    let mut changes: BTreeMap<PathBuf, FileFix> = BTreeMap::new();
    let mut findings = Cow::Borrowed(findings);
    for _ in 0..MAX_ROUNDS {
        let latest = |path: &Path| fixed.get(path).or_else(|| originals.get(path).copied());
        let plans = plan(&findings, |path| {
            latest(path).map(|s| s.source.bytes().to_vec())
        });
        let mut changed = Vec::new();
        for plan in plans {
            let Some(skill) = latest(&plan.path) else {
                continue; // only SKILL.md files are fixed
            };
            changed.push(Skill::parse(
                skill.dir.clone(),
                skill.skill_md.clone(),
                skill.origin.clone(),
                plan.after.clone(),
            ));
            changes
                .entry(plan.path.clone())
                .and_modify(|c| {
                    c.after.clone_from(&plan.after);
                    c.applied.extend(plan.applied.iter().cloned());
                })
                .or_insert(plan);
        }
        if changed.is_empty() {
            break;
        }
        findings = Cow::Owned(lint::lint(&changed, options));
        fixed.extend(changed.into_iter().map(|s| (s.skill_md.clone(), s)));
    }
    changes.into_values().collect()
}

/// A skill whose frontmatter did not parse before `--fix` and does now: the findings that
/// could not be checked before (their rules need the fields) and now show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Revealed {
    pub skill_md: PathBuf,
    /// How many findings the skill has now that it did not have before.
    pub new: usize,
    /// Their rule IDs, sorted, once each.
    pub rules: Vec<&'static str>,
}

/// The skills whose fixed frontmatter parses now and shows findings it hid.
pub fn revealed(
    before: &[Skill],
    before_findings: &[Finding],
    after: &[Skill],
    after_findings: &[Finding],
) -> Vec<Revealed> {
    let mut out = Vec::new();
    for skill in after {
        let was_broken = before
            .iter()
            .find(|b| b.skill_md == skill.skill_md)
            .is_some_and(|b| b.parse_error().is_some());
        if !was_broken || skill.parse_error().is_some() {
            continue;
        }
        let mut old: Vec<&str> = before_findings
            .iter()
            .filter(|f| f.skill_dir == skill.dir)
            .map(|f| f.rule.id)
            .collect();
        let mut rules = BTreeSet::new();
        let mut new = 0;
        for f in after_findings.iter().filter(|f| f.skill_dir == skill.dir) {
            // A finding of a rule the skill already had, as many times as it had it, is old.
            if let Some(at) = old.iter().position(|id| *id == f.rule.id) {
                old.swap_remove(at);
            } else {
                new += 1;
                rules.insert(f.rule.id);
            }
        }
        if new > 0 {
            out.push(Revealed {
                skill_md: skill.skill_md.clone(),
                new,
                rules: rules.into_iter().collect(),
            });
        }
    }
    out
}

/// The planned change to one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileFix {
    pub path: PathBuf,
    pub before: Vec<u8>,
    pub after: Vec<u8>,
    /// `(rule ID, what the fix does)` for every fix applied.
    pub applied: Vec<(&'static str, String)>,
    /// The edits of the first round, sorted, in `before`'s offsets: every byte outside them is
    /// kept (later rounds, in [`fix_all`], edit the result of the one before).
    pub edits: Vec<Edit>,
}

/// Plans the fixes of `findings`. `read` gives a file's current bytes. A fix whose edits overlap
/// an earlier one is left for the next run; a file whose result would parse worse is left alone.
pub fn plan(findings: &[Finding], read: impl Fn(&Path) -> Option<Vec<u8>>) -> Vec<FileFix> {
    let mut by_file: BTreeMap<&Path, Vec<&Finding>> = BTreeMap::new();
    for f in findings.iter().filter(|f| f.fix.is_some()) {
        by_file.entry(f.path.as_path()).or_default().push(f);
    }
    let mut plans = Vec::new();
    for (path, findings) in by_file {
        let Some(before) = read(path) else { continue };
        let mut edits: Vec<&Edit> = Vec::new();
        // The spans taken so far, by start: they never overlap, so an edit can only overlap the
        // nearest one on each side (one look-up each, however many edits a fix has).
        let mut taken: BTreeSet<(usize, usize)> = BTreeSet::new();
        let mut applied = Vec::new();
        for f in findings {
            let Some(fix) = &f.fix else { continue };
            let clashes = |e: &Edit| {
                let span = (e.span.start, e.span.end);
                let before_it = taken.range(..=(e.span.start, usize::MAX)).next_back();
                let after_it = taken.range((e.span.start, 0)..).next();
                before_it
                    .into_iter()
                    .chain(after_it)
                    .any(|&(start, end)| overlaps_spans((start, end), span))
            };
            // A fix's own edits must not overlap each other either.
            let mut own: Vec<(usize, usize)> = fix
                .edits
                .iter()
                .map(|e| (e.span.start, e.span.end))
                .collect();
            own.sort_unstable();
            let disjoint = own.windows(2).all(|w| !overlaps_spans(w[0], w[1]));
            let fits = disjoint
                && fix.edits.iter().all(|e| {
                    e.span.start <= e.span.end && e.span.end <= before.len() && !clashes(e)
                });
            if fits {
                edits.extend(&fix.edits);
                taken.extend(fix.edits.iter().map(|e| (e.span.start, e.span.end)));
                applied.push((f.rule.id, fix.description.clone()));
            }
        }
        if applied.is_empty() {
            continue;
        }
        edits.sort_by_key(|e| (e.span.start, e.span.end));
        let after = apply(&before, &edits);
        if after != before && parses_no_worse(&before, &after) {
            plans.push(FileFix {
                path: path.to_path_buf(),
                before,
                after,
                applied,
                edits: edits.into_iter().cloned().collect(),
            });
        }
    }
    plans
}

#[cfg(test)]
fn overlaps(a: &Edit, b: &Edit) -> bool {
    overlaps_spans((a.span.start, a.span.end), (b.span.start, b.span.end))
}

fn overlaps_spans(a: (usize, usize), b: (usize, usize)) -> bool {
    // Two insertions at one point would be ambiguous; edits that merely touch are fine.
    (a.0 < b.1 && b.0 < a.1) || (a.0 == b.0 && (a.0 == a.1 || b.0 == b.1))
}

fn apply(before: &[u8], edits: &[&Edit]) -> Vec<u8> {
    let mut out = Vec::with_capacity(before.len());
    let mut at = 0;
    for edit in edits {
        out.extend_from_slice(&before[at..edit.span.start]);
        out.extend_from_slice(edit.replacement.as_bytes());
        at = edit.span.end;
    }
    out.extend_from_slice(&before[at..]);
    out
}

/// How far a file gets: 0 nothing, 1 frontmatter found, 2 valid YAML, 3 a mapping.
fn parse_rank(bytes: &[u8]) -> u8 {
    match frontmatter::parse(&Source::new(bytes.to_vec())).frontmatter {
        FrontmatterState::Present(fm) => match fm.content {
            Yaml::Mapping(_) => 3,
            Yaml::NotMapping(_) => 2,
            Yaml::Invalid(_) => 1,
        },
        _ => 0,
    }
}

fn parses_no_worse(before: &[u8], after: &[u8]) -> bool {
    parse_rank(after) >= parse_rank(before)
}

/// The folders `--fix` may write in: the paths the user gave (a `SKILL.md` path gives its
/// folder), resolved. Paths that do not resolve are left out.
pub fn jails(paths: &[PathBuf]) -> Vec<Jail> {
    paths
        .iter()
        .filter_map(|path| {
            let meta = std::fs::metadata(path).ok()?;
            let dir = if meta.is_dir() {
                path.as_path()
            } else {
                path.parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .unwrap_or(Path::new("."))
            };
            Jail::new(dir).ok()
        })
        .collect()
}

/// Writes the fixed file through [`fsafe::replace_if_unchanged`]: only inside one of `jails`
/// (a skill folder symlinked from elsewhere is not written through), only if the file still
/// holds the bytes the fix was planned on, through a temporary file and a rename, keeping its
/// permissions.
pub fn write(fix: &FileFix, jails: &[Jail]) -> Result<(), Refusal> {
    let resolved = std::fs::canonicalize(&fix.path).map_err(Refusal::Io)?;
    let Some(jail) = jails.iter().find(|j| j.contains(&resolved)) else {
        let jail = jails
            .first()
            .map_or_else(PathBuf::new, |j| j.root().to_path_buf());
        return Err(Refusal::Outside {
            jail,
            target: resolved,
        });
    };
    fsafe::replace_if_unchanged(jail, &fix.path, &fix.before, &fix.after)
}

/// A unified diff of the change, with `a/` and `b/` headers.
pub fn diff(fix: &FileFix, shown: &str) -> String {
    let before = String::from_utf8_lossy(&fix.before);
    let after = String::from_utf8_lossy(&fix.after);
    crate::report::unified_diff(
        &before,
        &after,
        &format!("a/{shown}"),
        &format!("b/{shown}"),
        2,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Span;

    fn edit(start: usize, end: usize, r: &str) -> Edit {
        Edit::new(Span::new(start, end), r)
    }

    #[test]
    fn edits_apply_in_order_and_keep_other_bytes() {
        let e = [edit(0, 3, ""), edit(5, 7, "\n"), edit(9, 9, "!")];
        let refs: Vec<&Edit> = e.iter().collect();
        assert_eq!(apply(b"\xef\xbb\xbfab\r\ncd", &refs), b"ab\ncd!");
    }

    #[test]
    fn overlapping_edits_are_detected() {
        assert!(overlaps(&edit(0, 4, ""), &edit(3, 5, "")));
        assert!(!overlaps(&edit(0, 3, ""), &edit(3, 5, "")));
        assert!(overlaps(&edit(3, 3, "a"), &edit(3, 3, "b")));
    }

    #[test]
    fn a_fix_that_breaks_the_yaml_is_refused() {
        let good = b"---\nname: a\n---\n";
        let bad = b"---\nname: a: b\n---\n";
        assert!(!parses_no_worse(good, bad));
        assert!(parses_no_worse(bad, good));
    }
}
