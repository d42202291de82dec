//! Parity with the reference validator (skills-ref 0.1.1, `agentskills validate`): with the
//! `agentskills` target, a skill fails `skills lint` exactly when it fails the reference —
//! except for the deliberate differences in docs/reference-differences.md, each a fixture here.
//!
//! The reference verdicts are recorded in tests/data by `scripts/reference-verdicts.sh`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use skills::lint::{self, LintOptions};
use skills::provider::{FsOptions, FsProvider, Root, SkillProvider};
use skills::rules::Severity;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `dir → (valid, first message)` from a recorded TSV.
fn verdicts(file: &str) -> BTreeMap<String, (bool, String)> {
    let text = std::fs::read_to_string(repo().join("tests/data").join(file)).unwrap();
    text.lines()
        .map(|line| {
            let mut parts = line.splitn(3, '\t');
            let dir = parts.next().unwrap().to_owned();
            let valid = match parts.next().unwrap() {
                "valid" => true,
                "invalid" => false,
                other => panic!("bad verdict {other}"),
            };
            (dir, (valid, parts.next().unwrap_or("").to_owned()))
        })
        .collect()
}

/// Whether `skills lint --target agentskills` passes the skill in `dir` (errors only).
fn passes(dir: &Path) -> (bool, Vec<String>) {
    let provider = FsProvider::discover(&[Root::explicit(dir)], FsOptions::default()).unwrap();
    let canonical = std::fs::canonicalize(dir).unwrap();
    let skills: Vec<_> = provider
        .list()
        .iter()
        .filter(|s| std::fs::canonicalize(&s.dir).is_ok_and(|d| d == canonical))
        .cloned()
        .collect();
    assert_eq!(skills.len(), 1, "{}", dir.display());
    let errors: Vec<String> = lint::lint(&skills, &LintOptions::default())
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| format!("{} {}", f.rule.id, f.message))
        .collect();
    (errors.is_empty(), errors)
}

#[test]
fn agrees_with_the_reference_on_the_corpus() {
    let corpus = repo().join("../shared/corpus");
    if !corpus.is_dir() {
        eprintln!("skipped: ../shared/corpus is absent");
        return;
    }
    let recorded = verdicts("reference-verdicts.tsv");
    assert_eq!(recorded.len(), 197, "the corpus has 197 skills");
    let mut disagreements = Vec::new();
    for (dir, (reference_valid, message)) in &recorded {
        let (ours, errors) = passes(&corpus.join(dir));
        if ours != *reference_valid {
            disagreements.push(format!(
                "{dir}: reference {} ({message}), skills {} {errors:?}",
                if *reference_valid { "valid" } else { "invalid" },
                if ours { "valid" } else { "invalid" },
            ));
        }
    }
    let agree = recorded.len() - disagreements.len();
    eprintln!("agreement with the reference: {agree}/{}", recorded.len());
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}

/// Each deliberate difference: (fixture, reference valid, skills valid).
const DIFFERENCES: &[(&str, bool, bool)] = &[
    ("bom", false, false),
    ("dot-path", false, true),
    ("empty-compatibility", true, true),
    ("glued-delimiter", true, false),
    ("invalid-utf8", false, false),
    ("lowercase-file", true, true),
    ("metadata-string", true, false),
    ("truncated-description", true, true),
    ("unclosed-substring", true, false),
];

#[test]
fn deliberate_differences_are_documented_and_hold() {
    let recorded = verdicts("reference-fixtures.tsv");
    let doc = std::fs::read_to_string(repo().join("docs/reference-differences.md")).unwrap();
    let fixtures = repo().join("fixtures/reference");
    let mut cases: Vec<String> = std::fs::read_dir(&fixtures)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    cases.sort();
    let listed: Vec<&str> = DIFFERENCES.iter().map(|d| d.0).collect();
    assert_eq!(
        cases, listed,
        "every fixture in fixtures/reference is listed here"
    );
    for &(case, reference_valid, ours_valid) in DIFFERENCES {
        assert!(
            doc.contains(&format!("`fixtures/reference/{case}`")),
            "{case} is not in docs/reference-differences.md"
        );
        assert_eq!(
            recorded[case].0, reference_valid,
            "{case}: recorded reference verdict"
        );
        let (ours, errors) = passes(&fixtures.join(case));
        assert_eq!(ours, ours_valid, "{case}: {errors:?}");
    }
}

#[test]
fn dot_is_the_directory_it_names() {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .current_dir(repo().join("fixtures/reference/dot-path"))
        .args(["lint", ".", "--isolated", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// `skills catalog --target agentskills ARGS…` run from the corpus, with the corpus path written
/// as `<CORPUS>` as in the recordings.
fn corpus_catalog(corpus: &Path, args: &[&str]) -> std::process::Output {
    Command::cargo_bin("skills")
        .unwrap()
        .current_dir(corpus)
        .args([
            "catalog",
            "--target",
            "agentskills",
            "--path-prefix",
            "<CORPUS>",
        ])
        .args(args)
        .output()
        .unwrap()
}

/// The reference's `agentskills to-prompt DIR` on every corpus skill, recorded by
/// `scripts/reference-prompts.sh`: where it renders, our bytes are identical; where it fails,
/// we leave the skill out.
#[test]
fn catalog_matches_the_reference_to_prompt_on_the_corpus() {
    let Ok(corpus) = std::fs::canonicalize(repo().join("../shared/corpus")) else {
        eprintln!("skipped: ../shared/corpus is absent");
        return;
    };
    let text =
        std::fs::read_to_string(repo().join("tests/data/reference-to-prompt.jsonl")).unwrap();
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 197, "the corpus has 197 skills");
    let mut rendered = 0;
    let mut failures = Vec::new();
    for row in &rows {
        let dir = row["dir"].as_str().unwrap();
        if row["ok"].as_bool().unwrap() {
            rendered += 1;
            let out = corpus_catalog(&corpus, &[dir]);
            let expected = row["stdout"].as_str().unwrap();
            if out.stdout != expected.as_bytes() {
                failures.push(format!(
                    "{dir}: differs\n--- reference\n{expected}\n--- skills\n{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
        } else {
            let out = corpus_catalog(&corpus, &[dir]);
            if out.stdout != b"<available_skills>\n</available_skills>\n" {
                failures.push(format!(
                    "{dir}: the reference fails ({}), skills lists it",
                    row["error"]
                ));
            }
        }
    }
    eprintln!(
        "byte-identical to `agentskills to-prompt`: {}/{rendered} renderable corpus skills",
        rendered - failures.iter().filter(|f| f.contains(": differs")).count()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert_eq!(
        rendered, 96,
        "skills-ref 0.1.1 renders 96 of the corpus skills"
    );

    // All of them in one run, in reverse path order: the reference keeps argument order.
    let mut dirs: Vec<&str> = rows
        .iter()
        .filter(|r| r["ok"].as_bool().unwrap())
        .map(|r| r["dir"].as_str().unwrap())
        .collect();
    dirs.reverse();
    let out = corpus_catalog(&corpus, &dirs);
    let expected =
        std::fs::read_to_string(repo().join("tests/data/reference-to-prompt-all.txt")).unwrap();
    assert!(
        out.stdout == expected.as_bytes(),
        "the combined catalog differs from the reference"
    );
}
