//! Generated files stay in step with the CLI: `completions/` holds what `skills completions
//! SHELL` prints for every shell, and `man/` what `skills man [COMMAND]` prints for `skills` and
//! each command, and nothing else.
//!
//! Refresh them with `SKILLS_UPDATE_GENERATED=1 cargo test --test generated`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use clap::ValueEnum;
use skills::cli::Shell;
use skills::commands::{completions, man};

const REFRESH: &str = "SKILLS_UPDATE_GENERATED=1 cargo test --test generated";

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn print(args: &[&str]) -> Vec<u8> {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{args:?}");
    out.stdout
}

/// Compares (or, when refreshing, writes) every expected file of `dir`, and fails on files
/// nothing generates any more.
fn check(dir: &Path, expected: &[(String, Vec<u8>)]) {
    let update = std::env::var_os("SKILLS_UPDATE_GENERATED").is_some();
    if update {
        if dir.exists() {
            fs::remove_dir_all(dir).unwrap();
        }
        fs::create_dir_all(dir).unwrap();
    }
    let mut stale = Vec::new();
    for (name, bytes) in expected {
        let path = dir.join(name);
        if update {
            fs::write(&path, bytes).unwrap();
        } else if fs::read(&path).ok().as_ref() != Some(bytes) {
            stale.push(name.clone());
        }
    }
    let mut extra: Vec<String> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| !expected.iter().any(|(e, _)| e == n))
                .collect()
        })
        .unwrap_or_default();
    extra.sort();
    let shown = dir.file_name().unwrap().to_string_lossy();
    assert!(
        stale.is_empty() && extra.is_empty(),
        "{shown}/ is out of date (differs: {stale:?}; nothing generates: {extra:?}): run `{REFRESH}` and commit the result"
    );
}

#[test]
fn completions_are_committed_for_every_shell() {
    let expected: Vec<(String, Vec<u8>)> = Shell::value_variants()
        .iter()
        .map(|shell| {
            let name = shell.to_possible_value().unwrap().get_name().to_owned();
            (
                completions::file_name(*shell).to_owned(),
                print(&["completions", &name]),
            )
        })
        .collect();
    assert_eq!(expected.len(), 5);
    check(&repo().join("completions"), &expected);
}

#[test]
fn man_pages_are_committed_for_skills_and_every_command() {
    let mut expected = vec![("skills.1".to_owned(), print(&["man"]))];
    for command in man::commands() {
        expected.push((format!("skills-{command}.1"), print(&["man", &command])));
    }
    assert!(expected.len() > 5);
    check(&repo().join("man"), &expected);
}

#[test]
fn an_unknown_command_has_no_page() {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .args(["man", "nope"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown command `nope`"));
}
