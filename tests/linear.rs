//! Every command finishes in time linear in its input, on the inputs that used to be quadratic:
//! deep and unclosed YAML flow nesting, thousands of duplicate keys (S028, and the lint report
//! placing each finding), a fix with an edit on every line, many skills. Each command runs on an input and on one 8 times larger;
//! linear work takes about 8 times as long, quadratic 64 times. The check allows 24 times, takes
//! the best of two runs, and passes any large run under a second (start-up time dominates
//! there), so a busy 2-core machine does not make it fail; a quadratic step still does.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use assert_cmd::Command;

const DESCRIPTION: &str =
    "Extracts text and tables from PDF files. Use when the user works with PDF documents.";

/// How many times larger the second input is, and the most its run may take in proportion.
const SCALE: usize = 8;
const MAX_RATIO: f64 = 24.0;
const FLOOR: Duration = Duration::from_secs(1);

fn time(dir: &Path, args: &[&str]) -> Duration {
    (0..2)
        .map(|_| {
            let start = Instant::now();
            Command::cargo_bin("skills")
                .unwrap()
                .current_dir(dir)
                .env("NO_COLOR", "1")
                .args(args)
                .timeout(Duration::from_secs(600))
                .output()
                .unwrap();
            start.elapsed()
        })
        .min()
        .unwrap()
}

/// A folder holding `skills` (name, SKILL.md text).
fn tree(skills: &[(String, String)]) -> tempfile::TempDir {
    let t = tempfile::tempdir().unwrap();
    for (name, text) in skills {
        let dir = t.path().join("skills").join(name);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("SKILL.md"), text).unwrap();
    }
    t
}

fn one(frontmatter_tail: &str) -> Vec<(String, String)> {
    vec![(
        "pdf-processing".to_owned(),
        format!(
            "---\nname: pdf-processing\ndescription: {DESCRIPTION}\n{frontmatter_tail}---\n# PDF\n"
        ),
    )]
}

/// Runs each command on `make(n)` and `make(SCALE * n)` and compares.
fn linear(family: &str, n: usize, make: fn(usize) -> Vec<(String, String)>, commands: &[&[&str]]) {
    let (small, large) = (tree(&make(n)), tree(&make(n * SCALE)));
    let mut failures = Vec::new();
    for args in commands {
        let t_small = time(small.path(), args);
        let t_large = time(large.path(), args);
        let ratio = t_large.as_secs_f64() / t_small.as_secs_f64().max(1e-3);
        if t_large > FLOOR && ratio > MAX_RATIO {
            failures.push(format!(
                "{family}: `skills {}` took {t_small:?} at n={n} and {t_large:?} at n={} ({ratio:.1}x)",
                args.join(" "),
                n * SCALE
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What every command does with one skill.
const ON_ONE_SKILL: &[&[&str]] = &[
    &["lint", "skills"],
    &["lint", "skills", "--format", "json"],
    &["list", "skills"],
    &["catalog", "skills", "-t", "claude-code"],
    &["tokens", "skills"],
    &["load", "pdf-processing", "skills", "-t", "codex"],
    &["package", "skills/pdf-processing", "--list"],
];

#[test]
fn unclosed_flow_sequences() {
    linear(
        "`[` repeated",
        20_000,
        |n| one(&format!("x: {}\n", "[".repeat(n))),
        ON_ONE_SKILL,
    );
}

#[test]
fn nested_flow_mappings() {
    linear(
        "`{a: ` repeated",
        10_000,
        |n| one(&format!("x: {}\n", "{a: ".repeat(n))),
        ON_ONE_SKILL,
    );
}

#[test]
fn duplicate_keys() {
    linear(
        "duplicate keys",
        4_000,
        |n| one(&"a: 1\n".repeat(n)),
        ON_ONE_SKILL,
    );
}

/// A fix with an edit on every line (CRLF line endings): planning the edits and showing the
/// diff once took time in the square of the number of lines.
#[test]
fn an_edit_on_every_line() {
    linear(
        "CRLF lines",
        5_000,
        |n| {
            vec![(
                "pdf-processing".to_owned(),
                format!(
                    "---\r\nname: pdf-processing\r\ndescription: {DESCRIPTION}\r\n---\r\n{}",
                    "line\r\n".repeat(n)
                ),
            )]
        },
        &[
            &["lint", "skills"],
            &["lint", "skills", "--fix", "--dry-run"],
        ],
    );
}

/// Many skills, for the commands that treat each skill once. (`skills tokens` measures each
/// skill's catalog entry as the catalog minus the catalog rendered without it, which is
/// quadratic in the number of skills by design: see the performance issue.)
#[test]
fn many_skills() {
    linear(
        "many skills",
        250,
        |n| {
            (0..n)
                .map(|i| {
                    let name = format!("skill-{i:05}");
                    let text =
                        format!("---\nname: {name}\ndescription: {DESCRIPTION}\n---\n# {name}\n");
                    (name, text)
                })
                .collect()
        },
        &[
            &["lint", "skills"],
            &["list", "skills"],
            &["catalog", "skills", "-t", "claude-code"],
            &["load", "skill-00001", "skills", "-t", "codex"],
        ],
    );
}
