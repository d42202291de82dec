//! One truth per runtime: for every target, the skills `skills catalog -t T --stats` reports as
//! skipped are exactly the skills `skills lint -t T` fails for a target-admission reason (S309),
//! over the fixtures and, when it is there, the shared corpus of real skills
//! (`../shared/corpus`; skipped with a message when absent).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;
use skills::targets::TARGETS;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn json(args: &[&str]) -> Value {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .current_dir(repo())
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.code().is_some_and(|c| c < 2),
        "skills {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The skill files `catalog -t T` reports as skipped.
fn skipped_by_catalog(target: &str, dir: &str) -> BTreeSet<String> {
    let report = json(&[
        "catalog",
        "-t",
        target,
        "--no-builtins",
        "--stats",
        "--format",
        "json",
        dir,
    ]);
    report["stats"]["changes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["change"] == "skipped")
        .map(|c| c["path"].as_str().unwrap().to_owned())
        .collect()
}

/// The skill files `lint -t T` fails for an admission reason of that target.
fn failed_by_lint(target: &str, dir: &str) -> BTreeSet<String> {
    let report = json(&["lint", "-t", target, "--isolated", "--format", "json", dir]);
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "S309" && f["severity"] == "error")
        .map(|f| f["path"].as_str().unwrap().to_owned())
        .collect()
}

/// Checks every target over `dir` (relative to the repository) and returns the skipped count
/// per target.
fn check(dir: &str) -> Vec<(&'static str, usize)> {
    let mut counts = Vec::new();
    for target in TARGETS {
        let skipped = skipped_by_catalog(target.id, dir);
        let failed = failed_by_lint(target.id, dir);
        assert_eq!(
            skipped,
            failed,
            "{}: catalog skips {:?} but lint fails {:?} over {dir}",
            target.id,
            skipped.difference(&failed).collect::<Vec<_>>(),
            failed.difference(&skipped).collect::<Vec<_>>(),
        );
        counts.push((target.id, skipped.len()));
    }
    counts
}

#[test]
fn lint_fails_exactly_what_each_catalog_skips_in_the_fixtures() {
    let counts = check("fixtures");
    eprintln!("fixtures: skipped = failed for admission, per target: {counts:?}");
    // The fixtures hold skills every runtime skips (no frontmatter, a lowercase file…).
    assert!(counts.iter().all(|(_, n)| *n > 0), "{counts:?}");
}

#[test]
fn lint_fails_exactly_what_each_catalog_skips_in_the_corpus() {
    let corpus = Path::new("../shared/corpus");
    if !repo().join(corpus).is_dir() {
        eprintln!(
            "skipped: {} is not there (the shared corpus of real skills)",
            repo().join(corpus).display()
        );
        return;
    }
    let counts = check("../shared/corpus");
    eprintln!("../shared/corpus: skipped = failed for admission, per target: {counts:?}");
}
