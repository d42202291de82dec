//! The README stays true: its two fresh-machine commands are the ones CI and the fixtures use,
//! and every `$ skills …` example shows exactly what the command prints (stdout, then stderr).
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

/// `SKILLS_UPDATE_README=1 cargo test --test readme` rewrites the examples' outputs.
#[test]
fn examples_match_what_the_commands_print() {
    let readme = readme();
    let update = std::env::var_os("SKILLS_UPDATE_README").is_some();
    let mut rewritten = String::new();
    let mut rest = readme.as_str();
    let mut checked = 0;
    for block in readme.split("```text\n").skip(1) {
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
            let at = rest.find(expected).unwrap();
            rewritten.push_str(&rest[..at]);
            rewritten.push_str(&actual);
            rest = &rest[at + expected.len()..];
            continue;
        }
        assert_eq!(
            actual, expected,
            "README example `skills {command}` is out of date: run `SKILLS_UPDATE_README=1 cargo test --test readme`"
        );
    }
    assert!(checked > 0, "the README has no `$ skills …` example");
    if update {
        rewritten.push_str(rest);
        std::fs::write(repo().join("README.md"), rewritten).unwrap();
    }
}

/// The rules table between the markers is `skills explain --all`.
/// `SKILLS_UPDATE_README=1 cargo test --test readme` rewrites it.
#[test]
fn rules_table_is_generated_from_explain() {
    let readme = readme();
    let (start, end) = ("<!-- rules:start -->\n", "<!-- rules:end -->");
    let from = readme.find(start).expect("rules start marker") + start.len();
    let to = readme.find(end).expect("rules end marker");
    let out = Command::cargo_bin("skills")
        .unwrap()
        .args(["explain", "--all"])
        .output()
        .unwrap();
    let table = String::from_utf8(out.stdout).unwrap();
    if std::env::var_os("SKILLS_UPDATE_README").is_some() {
        let updated = format!("{}{table}{}", &readme[..from], &readme[to..]);
        std::fs::write(repo().join("README.md"), updated).unwrap();
        return;
    }
    assert_eq!(
        &readme[from..to],
        table,
        "the README rules table is stale: run `SKILLS_UPDATE_README=1 cargo test --test readme`"
    );
}
