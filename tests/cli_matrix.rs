//! `skills matrix` end to end: the table of the fixture skills (snapshotted), `--roots` with a
//! runtime that does not look where a skill is, the JSON schema, and the shared corpus of real
//! skills (every line within 100 columns; skipped with a message when the corpus is absent).
//! Refresh with `INSTA_UPDATE=always cargo test --test cli_matrix`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `skills matrix ARGS` in `cwd` with `HOME=home` and nothing else from the environment.
fn matrix(cwd: &Path, home: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .current_dir(cwd)
        .env_clear()
        .env("HOME", home)
        .env("NO_COLOR", "1")
        .arg("matrix")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

fn fits(text: &str) {
    for line in text.lines() {
        assert!(line.chars().count() <= 100, "over 100 columns: {line}");
    }
}

#[test]
fn the_fixture_skills_in_every_runtime() {
    let home = tempfile::tempdir().unwrap();
    let (code, out) = matrix(&repo(), home.path(), &["fixtures/skills"]);
    assert_eq!(code, 0, "{out}");
    fits(&out);
    insta::assert_snapshot!("fixture_skills", out);
}

#[test]
fn with_roots_a_runtime_that_does_not_look_there_does_not_find_the_skill() {
    let scratch = tempfile::tempdir().unwrap();
    let home = scratch.path().join("home/user");
    let proj = home.join("proj");
    let skill = proj.join(".agents/skills/pdf-processing");
    fs::create_dir_all(&skill).unwrap();
    fs::create_dir_all(proj.join(".git")).unwrap();
    fs::write(
        skill.join("SKILL.md"),
        "---\nname: pdf-processing\ndescription: Extracts text from PDF files. Use with PDFs.\n---\n# PDF\n",
    )
    .unwrap();
    let (code, out) = matrix(
        &proj,
        &home,
        &[
            "--roots",
            "-t",
            "codex",
            "-t",
            "claude-code",
            "--format",
            "json",
        ],
    );
    assert_eq!(code, 0, "{out}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["schema"], "skills.matrix/v1");
    assert_eq!(report["roots"], true);
    let rows = report["skills"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{out}");
    assert_eq!(rows[0]["path"], ".agents/skills/pdf-processing/SKILL.md");
    let cells: Vec<(&str, &str)> = rows[0]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["target"].as_str().unwrap(), c["state"].as_str().unwrap()))
        .collect();
    assert_eq!(
        cells,
        [("codex", "listed"), ("claude-code", "not-found")],
        "{out}"
    );
    let targets: Vec<&str> = report["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["abbreviation"].as_str().unwrap())
        .collect();
    assert_eq!(targets, ["cx", "cc"]);
}

#[test]
fn renders_on_the_corpus() {
    let corpus = repo().join("../shared/corpus");
    if !corpus.is_dir() {
        eprintln!("skipped: {} is not there", corpus.display());
        return;
    }
    let home = tempfile::tempdir().unwrap();
    let (code, out) = matrix(&corpus, home.path(), &["."]);
    assert_eq!(code, 0);
    fits(&out);
    let rows = out.lines().skip(2).take_while(|l| !l.is_empty()).count();
    let (_, json) = matrix(&corpus, home.path(), &[".", "--format", "json"]);
    let report: Value = serde_json::from_str(&json).unwrap();
    let skills = report["skills"].as_array().unwrap();
    assert_eq!(rows, skills.len());
    assert!(skills.len() >= 197, "{}", skills.len());
    let targets = report["targets"].as_array().unwrap().len();
    assert!(
        skills
            .iter()
            .all(|s| s["cells"].as_array().unwrap().len() == targets)
    );
    eprintln!("{out}");
}
