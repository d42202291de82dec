//! `skills catalog` and `skills targets` end to end: exact bytes, `--check`, `--stats`, JSON,
//! `--roots`, path rendering and bad input. Per-target renderings are in catalog_golden.rs.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;
use tempfile::TempDir;

fn example() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/catalog/agentskills/example")
}

fn skills(cwd: &Path) -> Command {
    let mut cmd = Command::cargo_bin("skills").unwrap();
    cmd.current_dir(cwd)
        .env("NO_COLOR", "1")
        .env("HOME", example().join("home/user"));
    cmd
}

struct Run {
    code: i32,
    stdout: Vec<u8>,
    stderr: String,
}

fn run(cwd: &Path, args: &[&str]) -> Run {
    let out = skills(cwd).args(args).output().unwrap();
    Run {
        code: out.status.code().unwrap(),
        stdout: out.stdout,
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// The example project directory, and the arguments that list its two skills.
fn project() -> PathBuf {
    example().join("home/user/proj")
}

const PAIR: [&str; 6] = [
    "catalog",
    ".agents/skills/pdf-processing",
    "../.agents/skills/code-review",
    "--path-prefix",
    "/home/user/proj",
    "--target=agentskills",
];

fn expected() -> Vec<u8> {
    fs::read(example().join("expected.txt")).unwrap()
}

fn skill(dir: &Path, name: &str, frontmatter: &str) {
    let skill = dir.join(name);
    fs::create_dir_all(&skill).unwrap();
    fs::write(
        skill.join("SKILL.md"),
        format!("---\n{frontmatter}---\n# {name}\n"),
    )
    .unwrap();
}

#[test]
fn prints_the_exact_bytes_and_nothing_else() {
    let out = run(&project(), &PAIR);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, expected());
    assert_eq!(out.stderr, "");
}

#[test]
fn default_paths_are_real_absolute_paths() {
    let out = run(&project(), &PAIR[..3]);
    let text = String::from_utf8(out.stdout).unwrap();
    let real = fs::canonicalize(project().join(".agents/skills/pdf-processing/SKILL.md")).unwrap();
    assert!(
        text.contains(&format!("<location>\n{}\n", real.display())),
        "{text}"
    );
}

#[test]
fn a_dot_prefix_gives_relative_paths() {
    let out = run(&project(), &[&PAIR[..3], &["--path-prefix", "."]].concat());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("<location>\n.agents/skills/pdf-processing/SKILL.md\n"),
        "{text}"
    );
    assert!(
        text.contains("<location>\n../.agents/skills/code-review/SKILL.md\n"),
        "{text}"
    );
}

#[test]
fn roots_discovers_where_the_runtime_looks() {
    let out = run(
        &project(),
        &["catalog", "--roots", "--path-prefix", "/home/user/proj"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, expected());
}

#[test]
fn roots_and_paths_do_not_mix() {
    let out = run(&project(), &["catalog", "--roots", "."]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("cannot be used with"), "{}", out.stderr);
}

#[test]
fn check_passes_silently_on_stdout_when_equal() {
    let out = run(
        &project(),
        &[
            &PAIR[..],
            &["--check", example().join("expected.txt").to_str().unwrap()],
        ]
        .concat(),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.is_empty());
    assert!(out.stderr.starts_with("catalog matches "), "{}", out.stderr);
}

#[test]
fn check_fails_with_a_unified_diff() {
    let dir = TempDir::new().unwrap();
    let recorded = dir.path().join("catalog.txt");
    let old = String::from_utf8(expected())
        .unwrap()
        .replace("style &amp; security", "style and security");
    fs::write(&recorded, old).unwrap();
    let out = run(
        &project(),
        &[&PAIR[..], &["--check", recorded.to_str().unwrap()]].concat(),
    );
    assert_eq!(out.code, 1);
    let diff = String::from_utf8(out.stdout).unwrap();
    assert!(diff.contains("+++ catalog\n"), "{diff}");
    assert!(
        diff.contains("\n-Review code changes for bugs, style and security issues."),
        "{diff}"
    );
    assert!(
        diff.contains("\n+Review code changes for bugs, style &amp; security issues."),
        "{diff}"
    );
    assert!(
        out.stderr.contains("catalog differs from"),
        "{}",
        out.stderr
    );
}

#[test]
fn check_sees_a_missing_final_newline() {
    let dir = TempDir::new().unwrap();
    let recorded = dir.path().join("catalog.txt");
    let mut bytes = expected();
    bytes.pop();
    fs::write(&recorded, bytes).unwrap();
    let out = run(
        &project(),
        &[&PAIR[..], &["--check", recorded.to_str().unwrap()]].concat(),
    );
    assert_eq!(out.code, 1);
    assert!(!out.stdout.is_empty());
}

#[test]
fn check_against_a_missing_file_is_a_tool_failure() {
    let out = run(&project(), &[&PAIR[..], &["--check", "nope.txt"]].concat());
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("nope.txt"), "{}", out.stderr);
}

#[test]
fn stats_go_to_stderr() {
    let out = run(&project(), &[&PAIR[..], &["--stats"]].concat());
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout, expected());
    assert!(
        out.stderr
            .starts_with("agentskills: 2 of 2 skills listed\n"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("size: 542 bytes, 542 characters, "),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("budget: none\n"), "{}", out.stderr);
}

#[test]
fn json_holds_the_text_and_its_statistics() {
    let out = run(&project(), &[&PAIR[..], &["--format", "json"]].concat());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["schema"], "skills.catalog/v1");
    assert_eq!(json["target"], "agentskills");
    assert_eq!(json["text"].as_str().unwrap().as_bytes(), expected());
    let stats = &json["stats"];
    assert_eq!(stats["found"], 2);
    assert_eq!(stats["listed"], 2);
    assert_eq!(stats["bytes"], 542);
    assert_eq!(stats["characters"], 542);
    assert!(stats["o200k_tokens"].as_u64().unwrap() > 100);
    assert_eq!(stats["budget"], Value::Null);
    assert_eq!(stats["changes"], Value::Array(vec![]));
}

#[test]
fn skipped_skills_are_named_with_their_reason() {
    let dir = TempDir::new().unwrap();
    skill(
        dir.path(),
        "good",
        "name: good\ndescription: Does good things. Use for good.\n",
    );
    skill(dir.path(), "broken", "name: [broken\n");
    let out = run(dir.path(), &["catalog", ".", "--path-prefix", "."]);
    assert_eq!(out.code, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("<name>\ngood\n</name>"), "{text}");
    assert!(!text.contains("broken"), "{text}");
    assert_eq!(
        out.stderr,
        "note: 1 skill lost its description or was left out; --stats says which\n"
    );
    let out = run(dir.path(), &["catalog", ".", "--stats"]);
    assert!(
        out.stderr
            .contains("skipped: broken (broken/SKILL.md): invalid YAML"),
        "{}",
        out.stderr
    );
}

#[test]
fn unknown_targets_name_the_known_ones() {
    let out = run(&project(), &["catalog", "--target", "claude"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("unknown target `claude`"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("claude-code"), "{}", out.stderr);
}

#[test]
fn a_missing_path_is_a_tool_failure() {
    let out = run(&project(), &["catalog", "no/such/dir"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("path not found"), "{}", out.stderr);
}

#[test]
fn same_input_same_bytes() {
    let first = run(&project(), &PAIR);
    let second = run(&project(), &PAIR);
    assert_eq!(first.stdout, second.stdout);
}

#[test]
fn targets_lists_every_target() {
    let out = run(&project(), &["targets"]);
    assert_eq!(out.code, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    for target in skills::targets::TARGETS {
        assert!(
            text.lines()
                .any(|l| l.starts_with(&format!("{} — ", target.id))),
            "{} missing from\n{text}",
            target.id
        );
    }
    assert!(text.starts_with("agentskills — "), "{text}");
    assert_eq!(
        text.lines()
            .filter(|l| l.starts_with("  reference  "))
            .count(),
        skills::targets::TARGETS.len()
    );
}

#[test]
fn targets_shows_one_target_in_full() {
    let out = run(&project(), &["targets", "agentskills"]);
    assert_eq!(out.code, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("agentskills — "), "{text}");
    for label in [
        "reference",
        "catalog",
        "roots",
        "collision",
        "broken",
        "fields",
        "ordering",
        "escaping",
        "whitespace",
        "budget",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(label)),
            "{label} missing from\n{text}"
        );
    }
    // The roots as they resolve here (HOME is the example's).
    let home = example().join("home/user/.agents/skills");
    assert!(text.contains(&home.display().to_string()), "{text}");
}

#[test]
fn targets_json_describes_every_target() {
    let out = run(&project(), &["targets", "--format", "json"]);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["schema"], "skills.targets/v1");
    let targets = json["targets"].as_array().unwrap();
    assert_eq!(targets.len(), skills::targets::TARGETS.len());
    for t in targets {
        for key in [
            "id",
            "runtime",
            "confidence",
            "reference",
            "placement",
            "roots",
            "roots_here",
            "collision",
            "broken_skill",
            "fields_read",
            "ordering",
            "escaping",
            "whitespace",
            "budget",
            "decisions",
        ] {
            assert!(t.get(key).is_some(), "{key} missing in {t}");
        }
    }
}
