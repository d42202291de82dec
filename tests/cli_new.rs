//! `skills new` end to end: the scaffold lints clean for every target, it is snapshotted, bad
//! names are refused with the lint rules' own messages, and nothing existing is touched.
//!
//! Refresh snapshots with `INSTA_UPDATE=always cargo test --test cli_new` and review the diff.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use tempfile::TempDir;

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Every file under `dir`, sorted, as `== path (mode) ==` headers followed by the text.
fn tree(dir: &Path) -> String {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut out = String::new();
    for path in files {
        let rel = path
            .strip_prefix(dir)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        out.push_str(&format!("== {rel}{} ==\n", mode(&path)));
        out.push_str(&fs::read_to_string(&path).unwrap());
    }
    out
}

#[cfg(unix)]
fn mode(path: &Path) -> String {
    use std::os::unix::fs::PermissionsExt;
    let mode = fs::metadata(path).unwrap().permissions().mode();
    if mode & 0o111 != 0 {
        " (executable)".to_owned()
    } else {
        String::new()
    }
}

#[cfg(not(unix))]
fn mode(path: &Path) -> String {
    if path.extension().is_some_and(|e| e == "py") {
        " (executable)".to_owned()
    } else {
        String::new()
    }
}

/// Text without miette's wrapping: frame characters dropped, whitespace runs made one space.
fn flat(text: &str) -> String {
    text.replace(['│', '×'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn target_ids() -> Vec<String> {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .args(["targets", "--format", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap().to_owned())
        .collect()
}

const DESCRIPTION: &str =
    "Extracts text and tables from PDF files. Use when the user asks about the contents of a PDF.";

#[test]
fn the_scaffold_with_a_description_lints_clean_for_every_target() {
    let targets = target_ids();
    assert!(targets.len() > 3, "{targets:?}");
    for with in [None, Some("scripts,references,assets")] {
        for target in &targets {
            let tmp = TempDir::new().unwrap();
            let mut args = vec![
                "new",
                "pdf-tools",
                "--target",
                target,
                "--description",
                DESCRIPTION,
            ];
            if let Some(with) = with {
                args.extend(["--with", with]);
            }
            let (code, _, stderr) = run(tmp.path(), &args);
            assert_eq!(code, 0, "{target}: {stderr}");
            assert_eq!(stderr, "", "{target}: the scaffold has findings");
            let (code, stdout, stderr) = run(tmp.path(), &["lint", "pdf-tools", "-t", target]);
            assert_eq!(code, 0, "{target}: {stdout}{stderr}");
            assert_eq!(
                stdout, "0 errors, 0 warnings in 1 skill\n",
                "{target} with {with:?}"
            );
            assert_eq!(stderr, "", "{target}");
        }
    }
}

#[test]
fn the_default_scaffold_fails_lint_until_its_placeholder_is_replaced() {
    let tmp = TempDir::new().unwrap();
    let (code, stdout, stderr) = run(tmp.path(), &["new", "pdf-tools"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "created pdf-tools/\n  pdf-tools/SKILL.md\nnext: replace the placeholder description in pdf-tools/SKILL.md: `skills lint` fails on it (S110 description-placeholder) until you do; then run `skills lint pdf-tools`\n"
    );
    insta::assert_snapshot!("new_default", tree(&tmp.path().join("pdf-tools")));
    for target in target_ids() {
        let (code, stdout, _) = run(
            tmp.path(),
            &[
                "lint",
                "pdf-tools",
                "-t",
                &target,
                "--format",
                "concise",
                "--quiet",
            ],
        );
        assert_eq!(code, 1, "{target}: {stdout}");
        assert_eq!(
            stdout,
            "pdf-tools/SKILL.md:3:14: S110 error: the description is the placeholder `skills new` wrote\n",
            "{target}"
        );
    }
    // Replaced, it lints clean.
    let path = tmp.path().join("pdf-tools/SKILL.md");
    let text = fs::read_to_string(&path).unwrap();
    let start = text.find("description: ").unwrap() + "description: ".len();
    let end = start + text[start..].find('\n').unwrap();
    fs::write(
        &path,
        format!("{}{DESCRIPTION}{}", &text[..start], &text[end..]),
    )
    .unwrap();
    let (code, stdout, _) = run(tmp.path(), &["lint", "pdf-tools"]);
    assert_eq!(
        (code, stdout.as_str()),
        (0, "0 errors, 0 warnings in 1 skill\n")
    );
}

#[test]
fn the_full_scaffold() {
    let tmp = TempDir::new().unwrap();
    let (code, _, stderr) = run(
        tmp.path(),
        &[
            "new",
            "form-filling",
            "--dir",
            "skills",
            "--with",
            "assets,scripts,references",
            "--license",
            "Apache-2.0",
            "--description",
            "Fills in PDF forms from a JSON file: \"field\": value. Use when the user asks to fill a PDF form.",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let dir = tmp.path().join("skills/form-filling");
    insta::assert_snapshot!("new_full", tree(&dir));
    let (code, stdout, _) = run(tmp.path(), &["lint", "skills"]);
    assert_eq!(
        (code, stdout.as_str()),
        (0, "0 errors, 0 warnings in 1 skill\n")
    );
    // Nothing else is left beside it.
    let names: Vec<String> = fs::read_dir(tmp.path().join("skills"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["form-filling"]);
}

#[test]
fn bad_names_are_refused_with_the_rules_messages() {
    let tmp = TempDir::new().unwrap();
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["new", "PDF--Tools"],
            &["is not lowercase (S010)", "consecutive hyphens (S012)"],
        ),
        (&["new", "--", "-pdf"], &["(S011)"]),
        (&["new", "a/b"], &["contains `/`", "(S013)"]),
        (&["new", ""], &["(S008)"]),
        (
            &["new", &"a".repeat(65)],
            &["is 65 characters long; the limit is 64 (S009)"],
        ),
        (&["new", " pdf"], &["spaces around it"]),
    ];
    for (args, expected) in cases {
        let (code, stdout, stderr) = run(tmp.path(), args);
        let stderr = flat(&stderr);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(stdout, "");
        assert!(stderr.contains("invalid skill name"), "{args:?}: {stderr}");
        for e in *expected {
            assert!(stderr.contains(e), "{args:?}: {stderr}");
        }
    }
    // `claude-helper` is a fine name where nobody reserves the word.
    let (code, _, _) = run(tmp.path(), &["new", "claude-helper"]);
    assert_eq!(code, 0);
    let left: Vec<String> = fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["claude-helper"]);
}

#[test]
fn names_the_claude_code_client_lists_are_created_with_a_warning() {
    // Claude Code lists both (by folder name); Anthropic's upload rules, which `skills package`
    // checks, refuse them.
    let tmp = TempDir::new().unwrap();
    for (name, rule) in [("claude-helper", "S026"), ("café", "S013")] {
        let (code, stdout, stderr) = run(tmp.path(), &["new", name, "-t", "claude-code"]);
        assert_eq!(code, 0, "{name}: {stdout}{stderr}");
        let all = flat(&format!("{stdout}{stderr}"));
        assert!(all.contains(rule), "{name}: {all}");
        assert!(tmp.path().join(name).join("SKILL.md").is_file());
    }
}

#[test]
fn an_existing_folder_is_never_written_into() {
    let tmp = TempDir::new().unwrap();
    fs::create_dir(tmp.path().join("pdf")).unwrap();
    fs::write(tmp.path().join("pdf/notes.txt"), "mine").unwrap();
    let (code, stdout, stderr) = run(tmp.path(), &["new", "pdf"]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.contains("pdf already exists"), "{stderr}");
    assert!(
        stderr.contains("never writes into an existing folder"),
        "{stderr}"
    );
    assert_eq!(
        fs::read_to_string(tmp.path().join("pdf/notes.txt")).unwrap(),
        "mine"
    );
    assert_eq!(fs::read_dir(tmp.path().join("pdf")).unwrap().count(), 1);
    // A file of that name counts too.
    fs::write(tmp.path().join("notes"), "x").unwrap();
    assert_eq!(run(tmp.path(), &["new", "notes"]).0, 2);
}

#[test]
fn a_description_that_breaks_a_rule_is_refused_and_a_weak_one_warned_about() {
    let tmp = TempDir::new().unwrap();
    let long = "Extracts text. ".repeat(80);
    let (code, _, stderr) = run(tmp.path(), &["new", "pdf", "--description", &long]);
    assert_eq!(code, 2);
    assert!(stderr.contains("would not pass `skills lint`"), "{stderr}");
    assert!(stderr.contains("(S018)"), "{stderr}");
    assert_eq!(
        fs::read_dir(tmp.path()).unwrap().count(),
        0,
        "nothing is left"
    );

    let (code, stdout, stderr) = run(tmp.path(), &["new", "pdf", "--description", "I help you"]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("created pdf/"));
    assert!(stderr.contains("warning[S101]"), "{stderr}");
    let text = fs::read_to_string(tmp.path().join("pdf/SKILL.md")).unwrap();
    assert!(text.contains("description: \"I help you\"\n"), "{text}");
}
