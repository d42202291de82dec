//! `skills list` end to end: the bundled fixtures (snapshotted), the JSON schema, bad input, and
//! the real-world corpus in `../shared/corpus` when it is there.
//!
//! Refresh snapshots with `INSTA_UPDATE=always cargo test --test cli_list` and review the diff.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;
use tempfile::TempDir;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn skills() -> Command {
    let mut cmd = Command::cargo_bin("skills").unwrap();
    cmd.current_dir(repo()).env("NO_COLOR", "1");
    cmd
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = skills().args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json(args: &[&str]) -> Value {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

#[test]
fn lists_the_fixtures_as_a_table() {
    let (code, stdout, stderr) = run(&["list", "fixtures/skills"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("list_fixtures_stdout", stdout);
    insta::assert_snapshot!("list_fixtures_stderr", stderr);
}

#[test]
fn lists_the_fixtures_as_json() {
    let (code, stdout, _) = run(&["list", "fixtures/skills", "--format", "json"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("list_fixtures_json", stdout);
}

#[test]
fn json_reports_statuses_and_notes() {
    let v = json(&["list", "fixtures/skills", "--format", "json"]);
    assert_eq!(v["schema"], "skills.list/v1");
    let skills = v["skills"].as_array().unwrap();
    let by_dir = |dir: &str| {
        skills
            .iter()
            .find(|s| s["dir"] == format!("fixtures/skills/{dir}"))
            .unwrap_or_else(|| panic!("no skill in {dir}"))
    };
    assert_eq!(by_dir("pdf-processing")["status"], "ok");
    assert_eq!(by_dir("no-frontmatter")["status"], "parse-error");
    assert_eq!(by_dir("colon-description")["status"], "parse-error");
    assert!(
        by_dir("colon-description")["parse_error"]
            .as_str()
            .unwrap()
            .starts_with("invalid YAML at 3:")
    );
    assert_eq!(by_dir("name-mismatch")["name"], "mismatched-name");
    assert_eq!(
        by_dir("lowercase-file")["path"],
        "fixtures/skills/lowercase-file/skill.md"
    );
    let user = by_dir("roots/user/.agents/skills/release-notes");
    assert_eq!(user["status"], "shadowed");
    assert_eq!(
        user["shadowed_by"],
        "fixtures/skills/roots/project/.agents/skills/release-notes/SKILL.md"
    );
    let kinds: Vec<&str> = v["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["missing-skill-md", "lowercase-skill-md"]);
    assert_eq!(v["summary"]["skills"], skills.len());
}

#[test]
fn two_roots_shadow_across_roots() {
    let v = json(&[
        "list",
        "--format",
        "json",
        "fixtures/skills/roots/user",
        "fixtures/skills/roots/project",
    ]);
    let skills = v["skills"].as_array().unwrap();
    assert_eq!(skills.len(), 2);
    assert_eq!(skills[0]["status"], "ok");
    assert_eq!(skills[0]["root"], "fixtures/skills/roots/user");
    assert_eq!(skills[1]["status"], "shadowed");
}

#[test]
fn a_skill_file_and_dot_paths_work() {
    let v = json(&[
        "list",
        "--format",
        "json",
        "fixtures/skills/pdf-processing/SKILL.md",
    ]);
    assert_eq!(v["skills"][0]["name"], "pdf-processing");

    let out = skills()
        .current_dir(repo().join("fixtures/skills/pdf-processing"))
        .args(["list", "--format", "json", "."])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["skills"][0]["dir"], ".");
    assert_eq!(v["skills"][0]["name"], "pdf-processing");

    let out = skills()
        .current_dir(repo().join("fixtures/skills/pdf-processing/references"))
        .args(["list", "--format", "json", ".."])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["skills"][0]["dir"], "..");
}

#[test]
fn a_missing_path_exits_2_naming_it() {
    let (code, stdout, stderr) = run(&["list", "fixtures/nope"]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(stderr.contains("path not found: fixtures/nope"), "{stderr}");
}

#[test]
fn a_file_that_is_not_a_skill_exits_2_naming_it() {
    let (code, _, stderr) = run(&["list", "Cargo.toml"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("Cargo.toml is a file, not a SKILL.md"),
        "{stderr}"
    );
}

#[test]
fn a_usage_error_exits_2() {
    let (code, _, stderr) = run(&["list", "--format", "yaml"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("invalid value 'yaml'"), "{stderr}");
}

#[test]
fn huge_and_invalid_files_are_reported_not_fatal() {
    let t = TempDir::new().unwrap();
    let big = t.path().join("big");
    fs::create_dir(&big).unwrap();
    let mut content = b"---\nname: big\ndescription: Big. Use when big.\n---\n".to_vec();
    content.resize(50 * 1024 * 1024, b'x');
    fs::write(big.join("SKILL.md"), content).unwrap();
    let bad = t.path().join("bad");
    fs::create_dir(&bad).unwrap();
    fs::write(
        bad.join("SKILL.md"),
        b"---\nname: bad\ndescription: caf\xE9 \xFF\n---\nbody \0\n",
    )
    .unwrap();
    let out = skills()
        .args(["list", "--format", "json"])
        .arg(t.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["skills"].as_array().unwrap().len(), 1);
    assert_eq!(v["skills"][0]["name"], "bad");
    assert_eq!(v["notes"][0]["kind"], "too-large");
    assert!(
        v["notes"][0]["path"]
            .as_str()
            .unwrap()
            .ends_with("big/SKILL.md")
    );
}

/// Every `SKILL.md` (any casing) under `dir`, counted with a plain recursive walk.
fn count_skill_files(dir: &Path) -> usize {
    let mut count = 0;
    for entry in fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let kind = entry.file_type().unwrap();
        if kind.is_dir() {
            count += count_skill_files(&entry.path());
        } else if entry
            .file_name()
            .to_string_lossy()
            .eq_ignore_ascii_case("skill.md")
        {
            count += 1;
        }
    }
    count
}

#[test]
fn discovers_every_skill_of_the_real_world_corpus() {
    let corpus = repo().join("../shared/corpus");
    if !corpus.is_dir() {
        eprintln!("skipped: {} is absent (a plain clone)", corpus.display());
        return;
    }
    let expected = count_skill_files(&corpus);
    assert!(expected > 0);
    let v = json(&["list", "--format", "json", "../shared/corpus"]);
    assert_eq!(v["skills"].as_array().unwrap().len(), expected);
    assert_eq!(v["summary"]["skills"], expected);
    // Discovery on the corpus records only the one lowercase skill.md, nothing unexpected.
    for note in v["notes"].as_array().unwrap() {
        assert_eq!(note["kind"], "lowercase-skill-md", "{note}");
    }
    // And the table form runs too.
    let (code, stdout, _) = run(&["list", "../shared/corpus"]);
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().count(), expected + 2);
}
