//! The rule registry and the rule fixtures.
//!
//! Every rule has `fixtures/rules/<ID>/pass/<case>/` and `fixtures/rules/<ID>/fail/<case>/`
//! folders. A fail case must make its rule fire and a pass case must not; what the fail cases
//! print is snapshotted per rule (`tests/snapshots/rules__<ID>.snap`). A `skills.toml` beside
//! `pass/` and `fail/` configures the rule's cases (targets, thresholds). A case holding a
//! `roots` file is discovered from the paths it lists, one per line, in order (for rules about
//! several roots).
//!
//! Refresh snapshots with `INSTA_UPDATE=always cargo test --test rules` and review the diff.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use skills::config::Config;
use skills::lint::{self, LintOptions};
use skills::provider::{FsOptions, FsProvider, Root, SkillProvider};
use skills::report::human::{self, Style};
use skills::report::lint::{LintReport, Sources};
use skills::rules::{self, Finding, Rule};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/rules")
}

fn cases(rule: &Rule, kind: &str) -> Vec<PathBuf> {
    let dir = fixtures().join(rule.id).join(kind);
    let mut cases: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    cases
}

fn options(rule: &Rule) -> LintOptions {
    let config = fixtures().join(rule.id).join("skills.toml");
    if config.is_file() {
        Config::load(&config).unwrap().options
    } else {
        LintOptions::default()
    }
}

fn lint_case(rule: &'static Rule, case: &Path) -> (Vec<Finding>, usize) {
    let roots_file = case.join("roots");
    let roots: Vec<Root> = if roots_file.is_file() {
        fs::read_to_string(&roots_file)
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| Root::explicit(case.join(l.trim())))
            .collect()
    } else {
        vec![Root::explicit(case)]
    };
    let provider = FsProvider::discover(&roots, FsOptions::default()).unwrap();
    let skills = provider.list();
    assert!(
        !skills.is_empty() || !provider.unreadable().is_empty(),
        "no skill in {}",
        case.display()
    );
    let found = lint::lint_discovered(
        skills,
        provider.unreadable(),
        &options(rule),
        &skills::progress::Progress::default(),
    )
    .findings
    .into_iter()
    .filter(|f| f.rule.id == rule.id)
    .collect();
    (found, skills.len())
}

fn render(findings: &[Finding], skills: usize, base: &Path) -> String {
    let mut sources = Sources::default();
    let report = LintReport::new(findings, &mut sources, skills, |p| {
        skills::paths::display(p, base)
    });
    let mut out = Vec::new();
    human::write(
        &report,
        &mut sources,
        Style {
            color: false,
            width: 100,
        },
        &mut out,
    )
    .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn ids_are_unique_sorted_and_well_formed() {
    let all: Vec<&Rule> = rules::all().collect();
    assert!(!all.is_empty());
    let mut ids = HashSet::new();
    let mut names = HashSet::new();
    for pair in all.windows(2) {
        assert!(
            pair[0].id < pair[1].id,
            "{} before {}",
            pair[0].id,
            pair[1].id
        );
    }
    for rule in &all {
        let digits = rule.id.strip_prefix('S').expect("IDs start with S");
        assert!(
            digits.len() == 3 && digits.bytes().all(|b| b.is_ascii_digit()) && digits < "600",
            "{} is not S000–S599",
            rule.id
        );
        assert!(ids.insert(rule.id), "duplicate ID {}", rule.id);
        assert!(names.insert(rule.name), "duplicate name {}", rule.name);
        assert!(
            !rule.name.is_empty()
                && rule.name.split('-').all(|w| !w.is_empty()
                    && w.bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())),
            "{} is not kebab-case",
            rule.name
        );
        assert!(
            !rule.summary.is_empty()
                && !rule.summary.ends_with('.')
                && !rule.summary.contains('\n'),
            "{}: the summary is one line without a trailing period",
            rule.id
        );
    }
}

#[test]
fn every_rule_is_documented_with_the_four_sections() {
    let headings = ["## What it does", "## Why", "## Example", "## How to fix"];
    for rule in rules::all() {
        let mut at = 0;
        for heading in headings {
            let found = rule.docs[at..]
                .find(&format!("{heading}\n"))
                .unwrap_or_else(|| panic!("{}: docs lack `{heading}` (in order)", rule.id));
            at += found + heading.len();
        }
        let body_lengths: Vec<usize> = rule
            .docs
            .split("## ")
            .skip(1)
            .map(|s| s.lines().skip(1).collect::<String>().trim().len())
            .collect();
        assert!(
            body_lengths.iter().all(|&n| n > 20),
            "{}: a docs section is (nearly) empty",
            rule.id
        );
    }
}

#[test]
fn every_rule_has_pass_and_fail_fixtures() {
    for rule in rules::all() {
        for kind in ["pass", "fail"] {
            assert!(
                !cases(rule, kind).is_empty(),
                "{}: no fixtures/rules/{}/{kind}/<case>/",
                rule.id,
                rule.id
            );
        }
    }
    for entry in fs::read_dir(fixtures()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            rules::find(&name).is_some(),
            "fixtures/rules/{name} names no rule"
        );
    }
}

#[test]
fn fail_fixtures_fire_and_pass_fixtures_do_not() {
    let mut problems = Vec::new();
    for rule in rules::all() {
        for case in cases(rule, "pass") {
            let (found, skills) = lint_case(rule, &case);
            if !found.is_empty() {
                problems.push(format!(
                    "{} fires on pass case {}:\n{}",
                    rule.id,
                    case.display(),
                    render(&found, skills, &fixtures())
                ));
            }
        }
        let mut shown = String::new();
        for case in cases(rule, "fail") {
            let (found, skills) = lint_case(rule, &case);
            if found.is_empty() {
                problems.push(format!(
                    "{} is silent on fail case {}",
                    rule.id,
                    case.display()
                ));
            }
            shown.push_str(&render(&found, skills, &fixtures()));
        }
        insta::assert_snapshot!(rule.id, shown);
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
