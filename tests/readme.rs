//! The README stays true: its two fresh-machine commands are the ones CI and the fixtures use,
//! and every `$ skills …` example in it and in docs/ shows exactly what the command prints
//! (stdout, then stderr). tests/docs.rs checks the rest of the documentation.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use assert_cmd::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn readme() -> String {
    std::fs::read_to_string(repo().join("README.md")).unwrap()
}

#[test]
fn names_the_main_job_and_the_test_command() {
    let readme = readme();
    assert!(readme.contains("cargo run --release -- lint fixtures/skills\n"));
    assert!(readme.contains("cargo test --locked\n"));
    let ci = std::fs::read_to_string(repo().join(".ci/run")).unwrap();
    assert!(ci.lines().any(|l| l.trim() == "cargo test --locked"));
}

/// The files whose `$ skills …` examples are checked: the README and the top of docs/.
fn documents() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files.insert(0, repo().join("README.md"));
    files
}

/// `SKILLS_UPDATE_README=1 cargo test --test readme` rewrites the examples' outputs.
#[test]
fn examples_match_what_the_commands_print() {
    let mut checked = 0;
    for file in documents() {
        checked += check_examples(&file);
    }
    assert!(
        checked > 3,
        "the README and docs have almost no `$ skills …` example"
    );
    let readme = readme();
    assert!(
        readme.contains("```text\n$ skills lint ") && readme.contains("```text\n$ skills catalog "),
        "the README shows a lint and a catalog example"
    );
}

/// Checks (or rewrites) the examples of one file; returns how many it has.
fn check_examples(file: &std::path::Path) -> usize {
    let text = std::fs::read_to_string(file).unwrap();
    let update = std::env::var_os("SKILLS_UPDATE_README").is_some();
    let mut rewritten = String::new();
    let mut rest = text.as_str();
    let mut checked = 0;
    for block in text.split("```text\n").skip(1) {
        let block = &block[..block.find("```").unwrap()];
        let Some(command) = block
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("$ skills "))
        else {
            continue;
        };
        let expected = &block[block.find('\n').unwrap() + 1..];
        let out = Command::cargo_bin("skills")
            .unwrap()
            .current_dir(repo())
            .env("NO_COLOR", "1")
            .env_remove("FORCE_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .args(command.split_whitespace())
            .output()
            .unwrap();
        let mut actual = format!(
            "{}{}",
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap()
        );
        // A catalog often ends without a newline, which a Markdown block cannot show.
        if !actual.ends_with('\n') {
            actual.push('\n');
        }
        checked += 1;
        if update {
            let at = rest.find(&format!("{command}\n{expected}")).unwrap() + command.len() + 1;
            rewritten.push_str(&rest[..at]);
            rewritten.push_str(&actual);
            rest = &rest[at + expected.len()..];
            continue;
        }
        assert_eq!(
            actual,
            expected,
            "{}: example `skills {command}` is out of date: run `SKILLS_UPDATE_README=1 cargo test --test readme`",
            file.display()
        );
    }
    if update {
        rewritten.push_str(rest);
        std::fs::write(file, rewritten).unwrap();
    }
    checked
}
