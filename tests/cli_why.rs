//! `skills why` end to end: every case under `fixtures/why/<case>/` runs `skills why ARGS…` (the
//! case's `args`) in a copy of its `home/user/proj`, with `HOME=home/user`, a `.git` in the
//! project and nothing else from the environment; what it prints is snapshotted
//! (`tests/snapshots/cli_why__<case>.snap`), with the copy's location written as it is in the
//! case (`/home/user/…`). Refresh with `INSTA_UPDATE=always cargo test --test cli_why`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

fn cases_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/why")
}

/// Copies `from` into `to`, a file named `dot-gitignore` as `.gitignore`.
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        let name = if name == "dot-gitignore" {
            ".gitignore".into()
        } else {
            name
        };
        let target = to.join(name);
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Runs the case with `extra` arguments: (exit code, stdout with the copy's location removed).
fn run(case: &str, extra: &[&str]) -> (i32, String) {
    let dir = cases_root().join(case);
    let scratch = tempfile::tempdir().unwrap();
    let root = fs::canonicalize(scratch.path()).unwrap();
    copy_tree(&dir.join("home"), &root.join("home"));
    let home = root.join("home/user");
    let proj = home.join("proj");
    fs::create_dir_all(proj.join(".git")).unwrap();
    let args = fs::read_to_string(dir.join("args")).unwrap();
    let out = Command::cargo_bin("skills")
        .unwrap()
        .current_dir(&proj)
        .env_clear()
        .env("HOME", &home)
        .env("NO_COLOR", "1")
        .arg("why")
        .args(args.split_whitespace())
        .args(extra)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let shown = stdout.replace(&root.display().to_string(), "");
    (out.status.code().unwrap(), shown)
}

fn snapshot(case: &str, expected_exit: i32) {
    let (code, out) = run(case, &[]);
    assert_eq!(code, expected_exit, "{case}:\n{out}");
    insta::assert_snapshot!(case, out);
}

#[test]
fn a_folder_in_a_root_one_letter_off() {
    snapshot("wrong-root-name", 1);
}

#[test]
fn a_flat_markdown_file_instead_of_a_folder() {
    snapshot("flat-file", 1);
}

#[test]
fn a_folder_deeper_than_the_runtime_looks() {
    snapshot("too-deep", 1);
}

#[test]
fn a_lowercase_skill_file() {
    snapshot("file-name-case", 1);
}

#[test]
fn a_skill_inside_a_hidden_folder() {
    snapshot("hidden-folder", 1);
}

#[test]
fn a_skill_gitignore_hides() {
    snapshot("gitignored", 1);
}

#[test]
fn a_user_copy_and_a_project_copy() {
    snapshot("shadowed", 0);
}

#[test]
fn a_budget_that_cuts_descriptions() {
    snapshot("budget", 0);
}

#[test]
fn listed_under_its_folder_name() {
    snapshot("name-mismatch", 0);
}

#[test]
fn hidden_by_a_field() {
    snapshot("hidden-by-field", 1);
}

#[test]
fn a_folder_given_as_a_path() {
    snapshot("paths-given", 0);
}

#[test]
fn a_workspace_the_runtime_must_trust() {
    snapshot("trusted-workspace", 0);
}

#[test]
fn every_case_has_a_test() {
    let mut cases: Vec<String> = fs::read_dir(cases_root())
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_dir())
        .map(|e| e.file_name().into_string().unwrap())
        .collect();
    cases.sort();
    let source = fs::read_to_string(file!()).unwrap();
    for case in cases {
        assert!(
            source.contains(&format!("snapshot(\"{case}\"")),
            "fixtures/why/{case} has no test"
        );
    }
}

#[test]
fn json_holds_the_same_story() {
    let (code, out) = run("name-mismatch", &["--format", "json"]);
    assert_eq!(code, 0);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["schema"], "skills.why/v1");
    let stories = report["stories"].as_array().unwrap();
    assert_eq!(stories.len(), 2);
    let claude = &stories[0];
    assert_eq!(claude["target"], "claude-code");
    let copy = &claude["copies"][0];
    assert_eq!(copy["state"], "listed");
    assert_eq!(copy["name"], "pdf");
    let loads = |copy: &Value| -> Vec<(String, bool)> {
        copy["loads"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["name"].as_str().unwrap().to_owned(),
                    l["loads"].as_bool().unwrap(),
                )
            })
            .collect()
    };
    // Claude Code lists the folder name and loads either name; opencode knows only `name`.
    assert_eq!(
        loads(copy),
        [
            ("pdf".to_owned(), true),
            ("pdf-processing".to_owned(), true)
        ]
    );
    let opencode = &stories[1]["copies"][0];
    assert_eq!(opencode["name"], "pdf-processing");
    assert_eq!(
        loads(opencode),
        [
            ("pdf-processing".to_owned(), true),
            ("pdf".to_owned(), false)
        ]
    );
}
