//! The lint engine: runs the rules over discovered skills, then applies what the user decided
//! (rule severities, inline suppressions ([`crate::suppress`]), ignored paths). Produces data;
//! `report/` renders it.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::hash::HashMap;
use crate::parallel;
use crate::progress::Progress;
use crate::provider::UnreadableSkill;
use crate::rules::{self, Check, Finding, Rule, SetContext, Settings, Severity, SkillContext};
use crate::skill::Skill;
use crate::source::Source;
use crate::suppress::Suppressions;
use crate::targets::Target;

/// A configured severity for a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Off,
    Set(Severity),
}

/// Everything that decides what a lint run reports.
#[derive(Debug, Clone)]
pub struct LintOptions {
    /// At least one target.
    pub targets: Vec<&'static Target>,
    pub settings: Settings,
    /// Per-rule overrides, keyed by rule ID.
    pub levels: HashMap<&'static str, Level>,
}

impl Default for LintOptions {
    fn default() -> Self {
        Self {
            targets: crate::targets::default_targets(),
            settings: Settings::default(),
            levels: HashMap::default(),
        }
    }
}

impl LintOptions {
    fn level(&self, rule: &Rule) -> Option<Level> {
        self.levels.get(rule.id).copied()
    }

    /// Whether a rule runs: not turned off, and on by default or given a level.
    pub fn enabled(&self, rule: &Rule) -> bool {
        match self.level(rule) {
            Some(Level::Off) => false,
            Some(Level::Set(_)) => true,
            None => crate::select::on_by_default(rule),
        }
    }
}

type SkillCheck = fn(&SkillContext<'_>, &mut Vec<Finding>);
type SetCheck = fn(&SetContext<'_>, &mut Vec<Finding>);

/// From this many skills on, the whole-set rules run on a worker thread of their own.
const SET_RULES_BESIDE: usize = 64;

/// Runs every enabled rule over `skills` and returns the findings that survive suppression,
/// sorted by file, position and rule.
pub fn lint(skills: &[Skill], options: &LintOptions) -> Vec<Finding> {
    lint_discovered(skills, &[], options, &Progress::default()).findings
}

/// What a run of the rules gives.
#[derive(Debug)]
pub struct Linted {
    /// As [`lint`] returns them.
    pub findings: Vec<Finding>,
    /// The files other than `SKILL.md` that findings point into, as the rules read them (the
    /// report locates the findings in them without reading them again).
    pub read: Vec<(PathBuf, Source)>,
}

/// [`lint`], with the skill files discovery found and could not read (reported by S030).
/// Each skill is one step of `progress`.
pub fn lint_discovered(
    skills: &[Skill],
    unreadable: &[UnreadableSkill],
    options: &LintOptions,
    progress: &Progress,
) -> Linted {
    let mut checks: Vec<SkillCheck> = Vec::new();
    let mut set_checks: Vec<SetCheck> = Vec::new();
    for rule in rules::all().filter(|r| options.enabled(r)) {
        match rule.check {
            Check::Skill(f) => checks.push(f),
            Check::Set(f) => set_checks.push(f),
            Check::Engine => {}
        }
    }
    progress.expect(skills.len());
    // One context per skill for every check, so what one rule works out (the body, the YAML
    // readers' verdicts, the linked files) the others reuse.
    let per_skill = |skill: &Skill| -> (Vec<Finding>, Suppressions, Vec<(PathBuf, Source)>) {
        let cx = SkillContext::new(skill, &options.targets, &options.settings);
        let mut found = Vec::new();
        for check in &checks {
            check(&cx, &mut found);
        }
        // In order here, so that the final sort mostly meets runs that are in order already;
        // the suppression comments are read while the file is at hand.
        found.sort_by(order);
        let suppressions = Suppressions::of(
            skill,
            Rc::unwrap_or_clone(crate::suppress::comments_of(&cx)),
        );
        let pointed_into = |path: &Path| {
            found
                .iter()
                .any(|f| f.span.is_some() && f.path == path && f.path != skill.skill_md)
        };
        let read = cx
            .into_reads()
            .into_iter()
            .filter(|(path, _)| pointed_into(path))
            .map(|(path, source)| (path, Rc::unwrap_or_clone(source)))
            .collect();
        progress.step();
        (found, suppressions, read)
    };
    // What a skill costs to check grows with its file, much of which the rules read whole.
    let weight = |skill: &Skill| skill.source.bytes().len();
    let set = SetContext {
        skills,
        unreadable,
        targets: &options.targets,
        settings: &options.settings,
    };
    let set_rules = || {
        let mut found = Vec::new();
        for check in &set_checks {
            check(&set, &mut found);
        }
        found
    };
    // The rules over the whole set need nothing the per-skill checks find: on a large tree they
    // run beside them on a worker, which then joins the checks, rather than on one core once
    // those are done. A few skills are done sooner without a worker to wake.
    let (per_skill, set_found) = if skills.len() < SET_RULES_BESIDE {
        (
            parallel::map_heaviest_first(skills, weight, per_skill),
            set_rules(),
        )
    } else {
        let (set_found, per_skill) = parallel::beside(set_rules, || {
            parallel::map_heaviest_first(skills, weight, per_skill)
        });
        (per_skill, set_found)
    };
    let found: usize = per_skill.iter().map(|(f, ..)| f.len()).sum();
    let mut findings = Vec::with_capacity(found + set_found.len());
    let mut suppressions = Vec::with_capacity(per_skill.len());
    let mut read = Vec::with_capacity(per_skill.iter().map(|(.., r)| r.len()).sum());
    for ((found, sup, files), skill) in per_skill.into_iter().zip(skills) {
        findings.extend(found);
        suppressions.push((sup, skill));
        read.extend(files);
    }
    findings.extend(set_found);

    let unused = Some(&rules::meta::UNUSED_SUPPRESSION).filter(|r| options.enabled(r));
    crate::suppress::apply(suppressions, &mut findings, unused);
    // Generic rules a specific finding replaces, per skill.
    let mut superseded: HashMap<PathBuf, Vec<&str>> = HashMap::default();
    for f in &findings {
        for (_, generic) in rules::SUPERSEDES.iter().filter(|(s, _)| *s == f.rule.id) {
            superseded
                .entry(f.skill_dir.clone())
                .or_default()
                .push(generic);
        }
    }
    if !superseded.is_empty() {
        // Only a generic rule's findings can go: the others keep their place without a look-up.
        let is_generic = |id: &str| rules::SUPERSEDES.iter().any(|(_, g)| *g == id);
        findings.retain(|f| {
            !is_generic(f.rule.id)
                || superseded
                    .get(f.skill_dir.as_path())
                    .is_none_or(|generics| !generics.contains(&f.rule.id))
        });
    }
    only_admission_fails_runtimes(&mut findings, &options.targets);
    for finding in &mut findings {
        if let Some(Level::Set(severity)) = options.level(finding.rule) {
            finding.severity = severity;
        }
    }
    findings.sort_by(order);
    Linted { findings, read }
}

/// The order of the report: by file, position, rule and message. Most findings compared share
/// their file, and equal bytes are equal paths: only paths that differ are compared component by
/// component, as `Path` orders them.
fn order(a: &Finding, b: &Finding) -> std::cmp::Ordering {
    let path = if a.path.as_os_str() == b.path.as_os_str() {
        std::cmp::Ordering::Equal
    } else {
        a.path.cmp(&b.path)
    };
    path.then_with(|| {
        (a.span.map(|s| s.start), a.rule.id, &a.message).cmp(&(
            b.span.map(|s| s.start),
            b.rule.id,
            &b.message,
        ))
    })
}

/// The target whose verdict the error-level rules give: the reference validator of the standard.
const STANDARD: &str = "agentskills";

/// The rule that reports what a selected target's own admission drops.
const ADMISSION: &str = "S309";

/// The rule that fails the placeholder description `skills new` writes: an unfinished skill,
/// whatever runtime reads it.
const PLACEHOLDER: &str = "S110";

/// One truth per runtime: error-level findings say the reference validator fails the skill, so
/// without that target selected they are warnings, and a skill is an error only where a
/// selected runtime's own admission skips or hides it (S309, the code its catalog runs) or
/// where it still has the scaffold's placeholder description (S110).
fn only_admission_fails_runtimes(findings: &mut [Finding], targets: &[&'static Target]) {
    if targets.iter().any(|t| t.id == STANDARD) {
        return;
    }
    for finding in findings {
        if finding.severity == Severity::Error
            && ![ADMISSION, PLACEHOLDER].contains(&finding.rule.id)
        {
            finding.severity = Severity::Warning;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn findings_are_ordered_by_path_as_paths_order_then_by_place_rule_and_message() {
        // Paths whose bytes and components order differently (`/` against `.` and `-`), paths
        // equal as components but not as bytes, and equal paths.
        let paths = ["a/b", "a.b", "a-b", "a//b", "a/b/c", "a/./b", "a", "b"];
        let rules = [
            &rules::all().next().expect("a rule"),
            &rules::all().nth(1).expect("rules"),
        ];
        let mut findings = Vec::new();
        for (i, path) in paths.iter().enumerate() {
            for (j, rule) in rules.iter().enumerate() {
                for start in [None, Some(3), Some(1)] {
                    findings.push(Finding {
                        rule,
                        severity: rule.severity,
                        message: format!("m{}", (i + j) % 3),
                        skill_dir: PathBuf::from("a"),
                        path: PathBuf::from(path),
                        span: start.map(|s| crate::source::Span::new(s, s + 1)),
                        label: None,
                        help: None,
                        fix: None,
                    });
                }
            }
        }
        let key = |f: &Finding| {
            (
                f.path.clone(),
                f.span.map(|s| s.start),
                f.rule.id,
                f.message.clone(),
            )
        };
        for a in &findings {
            for b in &findings {
                assert_eq!(order(a, b), key(a).cmp(&key(b)), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn the_files_findings_point_into_come_back_as_the_rules_read_them() {
        let root = tempfile::tempdir().expect("a temp dir");
        let dir = root.path().join("guide");
        std::fs::create_dir_all(dir.join("references")).expect("folders");
        let text = "---\nname: guide\ndescription: Writes guides. Use when asked for a guide.\n---\n\nRead [the notes](references/notes.md) and [more](references/more.md).\n";
        std::fs::write(dir.join("SKILL.md"), text).expect("SKILL.md");
        let notes = "# Notes\n\nSee [gone](missing.md).\n";
        std::fs::write(dir.join("references/notes.md"), notes).expect("notes");
        std::fs::write(dir.join("references/more.md"), "# More\n").expect("more");
        let origin = crate::skill::Origin {
            root: root.path().to_path_buf(),
            scope: crate::skill::Scope::Custom,
            precedence: 0,
            root_index: 0,
        };
        let skill = Skill::parse(
            dir.clone(),
            dir.join("SKILL.md"),
            origin,
            text.as_bytes().to_vec(),
        );
        let linted = lint_discovered(
            std::slice::from_ref(&skill),
            &[],
            &LintOptions::default(),
            &Progress::default(),
        );
        let notes_path = dir.join("references/notes.md");
        assert!(
            linted
                .findings
                .iter()
                .any(|f| f.rule.id == "S201" && f.path == notes_path),
            "{:?}",
            linted.findings
        );
        // Only the file a finding points into, not the skill file or a file without findings.
        let read: Vec<(&Path, &[u8])> = linted
            .read
            .iter()
            .map(|(path, source)| (path.as_path(), source.bytes()))
            .collect();
        assert_eq!(read, [(notes_path.as_path(), notes.as_bytes())]);
    }

    #[test]
    fn a_specific_cause_of_invalid_yaml_replaces_the_generic_finding() {
        let skill = rules::context::testing::skill(
            "notes",
            "---\nname: notes\ndescription: Writes notes. Use when: asked.\n---\n# Notes\n",
        );
        let ids = |options: &LintOptions| -> Vec<&str> {
            lint(std::slice::from_ref(&skill), options)
                .iter()
                .map(|f| f.rule.id)
                .collect()
        };
        let found = ids(&LintOptions::default());
        assert!(
            found.contains(&"S305") && !found.contains(&"S004"),
            "{found:?}"
        );
        let mut off = LintOptions::default();
        off.levels.insert("S305", Level::Off);
        assert!(ids(&off).contains(&"S004"));
    }

    #[test]
    fn suppressed_and_switched_off_rules_report_nothing() {
        let skill = rules::context::testing::skill("pdf", "# PDF\n");
        let options = LintOptions::default();
        let found = lint(std::slice::from_ref(&skill), &options);
        assert!(found.iter().any(|f| f.rule.id == "S001"));

        let quiet =
            rules::context::testing::skill("pdf", "# PDF\n<!-- skills-lint-disable S001 -->\n");
        assert!(lint(&[quiet], &options).iter().all(|f| f.rule.id != "S001"));

        let mut off = LintOptions::default();
        off.levels.insert("S001", Level::Off);
        assert!(
            lint(std::slice::from_ref(&skill), &off)
                .iter()
                .all(|f| f.rule.id != "S001")
        );

        let mut warn = LintOptions::default();
        warn.levels.insert("S001", Level::Set(Severity::Warning));
        let found = lint(&[skill], &warn);
        assert!(
            found
                .iter()
                .any(|f| f.rule.id == "S001" && f.severity == Severity::Warning)
        );
    }
}
