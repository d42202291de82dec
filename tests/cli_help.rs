//! What `--help` and `--version` show, snapshotted so every change to the surface is reviewed.
//!
//! Refresh with `INSTA_UPDATE=always cargo test --test cli_help` and review the diff.
#![allow(clippy::unwrap_used)]

use assert_cmd::Command;

fn output(args: &[&str]) -> String {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .args(args)
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn top_level_help() {
    insta::assert_snapshot!("help", output(&["--help"]));
}

#[test]
fn list_help() {
    insta::assert_snapshot!("list_help", output(&["list", "--help"]));
}

#[test]
fn version_names_the_crate_version() {
    assert_eq!(
        output(&["--version"]),
        format!("skills {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn lint_help() {
    insta::assert_snapshot!("lint_help", output(&["lint", "--help"]));
}

#[test]
fn explain_help() {
    insta::assert_snapshot!("explain_help", output(&["explain", "--help"]));
}

#[test]
fn tokens_help() {
    insta::assert_snapshot!("tokens_help", output(&["tokens", "--help"]));
}

#[test]
fn catalog_help() {
    insta::assert_snapshot!("catalog_help", output(&["catalog", "--help"]));
}

#[test]
fn targets_help() {
    insta::assert_snapshot!("targets_help", output(&["targets", "--help"]));
}

#[test]
fn load_help() {
    insta::assert_snapshot!("load_help", output(&["load", "--help"]));
}

#[test]
fn simulate_help() {
    insta::assert_snapshot!("simulate_help", output(&["simulate", "--help"]));
}

#[test]
fn new_help() {
    insta::assert_snapshot!("new_help", output(&["new", "--help"]));
}

#[test]
fn package_help() {
    insta::assert_snapshot!("package_help", output(&["package", "--help"]));
}

#[test]
fn unpack_help() {
    insta::assert_snapshot!("unpack_help", output(&["unpack", "--help"]));
}

#[test]
fn completions_help() {
    insta::assert_snapshot!("completions_help", output(&["completions", "--help"]));
}

#[test]
fn man_help() {
    insta::assert_snapshot!("man_help", output(&["man", "--help"]));
}

#[test]
fn why_help() {
    insta::assert_snapshot!("why_help", output(&["why", "--help"]));
}

#[test]
fn matrix_help() {
    insta::assert_snapshot!("matrix_help", output(&["matrix", "--help"]));
}
