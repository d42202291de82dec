//! `skills lint` as people use ruff and typos: the concise format, statistics, quiet output, an
//! output file, --exit-zero, rule selection, exclusion, extended configs, per-file ignores,
//! suppression comments, baselines, --watch, stdin, empty runs, what --fix reveals, colour from
//! the environment, SARIF links, and completion candidates.
//!
//! Refresh snapshots with `INSTA_UPDATE=always cargo test --test cli_lint_flags`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use serde_json::Value;

const GOOD: &str = "---\nname: pdf-processing\ndescription: Extracts text and tables from PDF files. Use when the user works with PDF documents.\n---\n# PDF processing\n\nRead the file, then answer.\n";
const NO_FRONTMATTER: &str = "# Meeting notes\n\nSummarises meetings.\n";
const DATED: &str = "---\nname: release-notes\ndescription: Drafts release notes from merged pull requests. Use when the user prepares a release.\n---\n# Release notes\n\nValid as of March 2025.\n";

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn write(dir: &Path, rel: &str, text: &str) {
    let path = dir.join(rel);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// A tree with one clean skill, one without frontmatter and one with dated text (S109).
fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "skills/pdf-processing/SKILL.md", GOOD);
    write(dir.path(), "skills/meeting-notes/SKILL.md", NO_FRONTMATTER);
    write(dir.path(), "skills/release-notes/SKILL.md", DATED);
    dir
}

fn cmd(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("skills").unwrap();
    cmd.current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("FORCE_COLOR")
        .env_remove("CLICOLOR_FORCE");
    cmd
}

fn lint(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = cmd(dir).arg("lint").args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn rules_of(dir: &Path, args: &[&str]) -> Vec<String> {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let (_, out, err) = lint(dir, &all);
    let report: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["rule"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn concise_prints_one_line_per_finding() {
    let (code, out, _) = lint(&repo(), &["fixtures/skills", "--format", "concise"]);
    assert_eq!(code, Some(1));
    insta::assert_snapshot!("concise_fixtures", out);
    for line in out.lines().filter(|l| l.contains(": S")) {
        let (place, message) = line.split_once(": S").unwrap();
        // `path:line:col`, also for a finding about the whole file (1:1).
        let mut parts = place.rsplitn(3, ':');
        let (col, row) = (parts.next().unwrap(), parts.next().unwrap());
        assert!(
            col.parse::<usize>().is_ok() && row.parse::<usize>().is_ok(),
            "{line}"
        );
        let message = message.split_once(": ").unwrap().1;
        assert!(message.chars().count() <= 124, "{line}");
    }
}

#[test]
fn every_headline_of_the_fixtures_fits_on_a_line() {
    let (_, out, _) = lint(
        &repo(),
        &[
            "fixtures",
            "--format",
            "concise",
            "-q",
            "-t",
            "agentskills",
            "-t",
            "claude-code",
            "-t",
            "codex",
            "-t",
            "opencode",
            "-t",
            "gemini-cli",
        ],
    );
    assert!(out.lines().count() > 100, "{out}");
    for line in out.lines() {
        let (_, rest) = line.split_once(": S").unwrap();
        let message = rest.split_once(": ").unwrap().1.trim_start_matches("[*] ");
        assert!(message.chars().count() <= 120, "{line}");
    }
}

/// A note that repeats for many folders is given three times, then counted.
#[test]
fn repeated_notes_are_collapsed() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "skills/pdf-processing/SKILL.md", GOOD);
    for i in 1..=10 {
        write(dir.path(), &format!("skills/draft{i:02}/notes.md"), "x\n");
    }
    let (code, out, err) = lint(dir.path(), &["skills"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(
        err,
        "note[missing-skill-md]: skills/draft01: directory in a skills folder has no SKILL.md; runtimes ignore it\n\
         note[missing-skill-md]: skills/draft02: directory in a skills folder has no SKILL.md; runtimes ignore it\n\
         note[missing-skill-md]: skills/draft03: directory in a skills folder has no SKILL.md; runtimes ignore it\n\
         \x20 … and 7 more like this\n"
    );
    let (_, _, err) = lint(dir.path(), &["skills", "-q"]);
    assert_eq!(err, "");
}

#[test]
fn statistics_count_findings_per_rule() {
    let (code, out, _) = lint(&repo(), &["fixtures/skills", "--statistics"]);
    assert_eq!(code, Some(1));
    insta::assert_snapshot!("statistics_fixtures", out);
    let (_, out, _) = lint(
        &repo(),
        &["fixtures/skills", "--statistics", "--format", "json"],
    );
    let rows: Value = serde_json::from_str(&out).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows[0]["rule"], "S309");
    assert_eq!(rows[0]["count"], 3);
    assert_eq!(rows[1]["rule"], "S014");
    assert_eq!(rows[1]["count"], 2);
    let counts: Vec<u64> = rows.iter().map(|r| r["count"].as_u64().unwrap()).collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
}

#[test]
fn quiet_prints_the_findings_only() {
    let dir = tree();
    let (code, out, err) = lint(dir.path(), &["skills", "--quiet", "--format", "concise"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        out,
        "skills/meeting-notes/SKILL.md:1:1: S309 error: The reference validator (skills-ref) skips this skill: SKILL.md must start with YAML frontmatter (---)\n\
         skills/meeting-notes/SKILL.md:1:1: S001 error: SKILL.md does not start with YAML frontmatter\n\
         skills/release-notes/SKILL.md:7:7: S109 info: `as of March 2025` depends on the date the skill is read\n"
    );
    assert_eq!(err, "");
    let (_, out, _) = lint(dir.path(), &["skills/pdf-processing", "-q"]);
    assert_eq!(out, "");
}

#[test]
fn output_files_are_written_whole_and_exit_zero_passes() {
    let dir = tree();
    let (code, stdout, _) = lint(dir.path(), &["skills", "--format", "json"]);
    assert_eq!(code, Some(1));
    let (code, out, _) = lint(
        dir.path(),
        &[
            "skills",
            "--format",
            "json",
            "--output-file",
            "out/lint.json",
        ],
    );
    assert_eq!(code, Some(2), "the folder does not exist");
    assert_eq!(out, "");
    fs::create_dir(dir.path().join("out")).unwrap();
    let (code, out, _) = lint(
        dir.path(),
        &[
            "skills",
            "--format",
            "json",
            "-o",
            "out/lint.json",
            "--exit-zero",
        ],
    );
    assert_eq!((code, out.as_str()), (Some(0), ""));
    assert_eq!(
        fs::read_to_string(dir.path().join("out/lint.json")).unwrap(),
        stdout
    );
    let names: Vec<_> = fs::read_dir(dir.path().join("out")).unwrap().collect();
    assert_eq!(names.len(), 1, "no temporary file is left behind");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("target.txt", dir.path().join("out/link.json")).unwrap();
        let (code, _, err) = lint(dir.path(), &["skills", "-o", "out/link.json"]);
        assert_eq!(code, Some(2));
        assert!(err.contains("not a regular file"), "{err}");
        assert!(!dir.path().join("out/target.txt").exists());
    }
}

#[test]
fn select_ignore_and_extend_select_take_ids_names_and_prefixes() {
    let dir = tree();
    // The skill without frontmatter: S001, and S309 because the reference validator skips it.
    assert_eq!(rules_of(dir.path(), &["skills"]), ["S309", "S001", "S109"]);
    assert_eq!(
        rules_of(dir.path(), &["skills", "--select", "S1"]),
        ["S109"]
    );
    assert_eq!(
        rules_of(dir.path(), &["skills", "--select", "frontmatter-missing"]),
        ["S001"]
    );
    assert_eq!(
        rules_of(dir.path(), &["skills", "--ignore", "S1,S001"]),
        ["S309"]
    );
    assert_eq!(
        rules_of(
            dir.path(),
            &["skills", "--ignore", "S1,S001,skipped-by-target"]
        ),
        Vec::<String>::new()
    );
    assert_eq!(
        rules_of(
            dir.path(),
            &["skills", "--select", "S0", "--extend-select", "S109"]
        ),
        ["S001", "S109"]
    );
    let (code, _, err) = lint(dir.path(), &["skills", "--select", "S10l"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown rule `S10l`"), "{err}");
    // The config's select is replaced by the flag's.
    write(dir.path(), "skills.toml", "select = [\"S0\"]\n");
    assert_eq!(rules_of(dir.path(), &["skills"]), ["S001"]);
    assert_eq!(
        rules_of(dir.path(), &["skills", "--select", "S1"]),
        ["S109"]
    );
}

#[test]
fn exclude_globs_and_per_file_ignores() {
    let dir = tree();
    assert_eq!(
        rules_of(dir.path(), &["skills", "--exclude", "meeting-*"]),
        ["S109"]
    );
    write(
        dir.path(),
        "skills.toml",
        "exclude = [\"skills/release-notes\"]\n[per-file-ignores]\n\"skills/meeting-notes/SKILL.md\" = [\"S0\", \"S309\"]\n",
    );
    let (code, out, err) = lint(dir.path(), &["skills", "--format", "concise"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(out, "0 errors, 0 warnings in 2 skills\n");
}

#[test]
fn configs_extend_other_configs() {
    let dir = tree();
    write(
        dir.path(),
        "base/skills.toml",
        "deny-warnings = true\noutput-format = \"concise\"\n[rules]\nS109 = \"warn\"\n",
    );
    write(
        dir.path(),
        "skills.toml",
        "extend = \"base/skills.toml\"\n[rules]\nS001 = \"off\"\nS309 = \"off\"\n",
    );
    let (code, out, _) = lint(dir.path(), &["skills"]);
    assert_eq!(code, Some(1), "warnings are denied by the base");
    assert_eq!(
        out,
        "skills/release-notes/SKILL.md:7:7: S109 warning: `as of March 2025` depends on the date the skill is read\n\
         0 errors, 1 warning in 3 skills\n"
    );
    let (_, printed, _) = lint(dir.path(), &["--print-config"]);
    assert!(
        printed.contains("base/skills.toml\n") && printed.contains("# extends "),
        "{printed}"
    );
    write(
        dir.path(),
        "base/skills.toml",
        "extend = \"../skills.toml\"\n",
    );
    let (code, _, err) = lint(dir.path(), &["skills"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("loop"), "{err}");
}

#[test]
fn suppression_comments_cover_a_line_or_a_block_and_report_mistakes() {
    let dir = tempfile::tempdir().unwrap();
    let head = "---\nname: release-notes\ndescription: Drafts release notes from merged pull requests. Use when the user prepares a release.\n---\n";
    write(
        dir.path(),
        "release-notes/SKILL.md",
        &format!(
            "{head}# Notes\n<!-- skills-lint-disable-next-line S109 -->\nValid as of March 2025.\nValid as of April 2025.\n<!-- skills-lint-disable time-sensitive-text -->\nValid as of May 2025.\n<!-- skills-lint-enable time-sensitive-text -->\n<!-- skills-lint-disable-next-line S1O9 S001 -->\nText.\n"
        ),
    );
    let (_, out, _) = lint(dir.path(), &["release-notes", "--format", "concise", "-q"]);
    assert_eq!(
        out,
        "release-notes/SKILL.md:8:7: S109 info: `as of April 2025` depends on the date the skill is read\n\
         release-notes/SKILL.md:12:36: S501 warning: unknown rule `S1O9` (did you mean `S109`? `skills explain --all` lists them)\n"
    );
    let (_, out, _) = lint(
        dir.path(),
        &[
            "release-notes",
            "--format",
            "concise",
            "-q",
            "--extend-select",
            "S502",
        ],
    );
    assert!(
        out.contains("release-notes/SKILL.md:12:41: S502 warning: the suppression of `S001` suppresses nothing"),
        "{out}"
    );
}

#[test]
fn a_baseline_hides_known_findings_across_line_moves() {
    let dir = tree();
    let (code, _, err) = lint(dir.path(), &["skills", "--write-baseline", "baseline.json"]);
    assert_eq!(code, Some(0));
    assert_eq!(err, "wrote 3 findings to baseline.json\n");
    let saved: Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join("baseline.json")).unwrap())
            .unwrap();
    assert_eq!(saved["schema"], "skills.baseline/v1");
    assert_eq!(saved["findings"][0]["skill"], "skills/meeting-notes");

    let (code, out, err) = lint(dir.path(), &["skills", "--baseline", "baseline.json"]);
    assert_eq!(
        (code, out.as_str()),
        (Some(0), "0 errors, 0 warnings in 3 skills\n")
    );
    assert!(
        err.contains("3 findings in the baseline not shown"),
        "{err}"
    );

    // The same problems, moved down: still known. A new one: reported.
    write(
        dir.path(),
        "skills/release-notes/SKILL.md",
        &DATED.replace("# Release notes\n", "# Release notes\n\nIntro.\n\nMore.\n"),
    );
    write(
        dir.path(),
        "skills/meeting-notes/SKILL.md",
        &format!("{NO_FRONTMATTER}\nMore notes.\n"),
    );
    assert_eq!(
        rules_of(dir.path(), &["skills", "--baseline", "baseline.json"]),
        Vec::<String>::new()
    );
    write(
        dir.path(),
        "skills/release-notes/SKILL.md",
        &format!("{DATED}Valid as of June 2025.\n"),
    );
    assert_eq!(
        rules_of(dir.path(), &["skills", "--baseline", "baseline.json"]),
        ["S109"]
    );
}

#[test]
fn watch_lints_again_when_a_file_changes() {
    let dir = tree();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("skills"))
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .args(["lint", "skills", "--watch", "--format", "concise"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let summary = |rx: &mpsc::Receiver<String>| -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = rx.recv_timeout(left).expect("a summary line in time");
            if line.contains(" in 3 skills") {
                return line;
            }
        }
    };
    assert_eq!(summary(&rx), "2 errors, 0 warnings in 3 skills (1 note)");
    // Give the watcher a moment to be in place, then fix the broken skill.
    std::thread::sleep(Duration::from_millis(500));
    write(
        dir.path(),
        "skills/meeting-notes/SKILL.md",
        &GOOD.replace("pdf-processing", "meeting-notes"),
    );
    let again = summary(&rx);
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(again, "0 errors, 0 warnings in 3 skills (1 note)");
}

#[test]
fn stdin_is_linted_as_the_file_it_names() {
    let dir = tree();
    let mut child = cmd(dir.path())
        .args([
            "lint",
            "-",
            "--stdin-filename",
            "skills/meeting-notes/SKILL.md",
            "--format",
            "concise",
        ])
        .write_stdin(NO_FRONTMATTER)
        .output()
        .unwrap();
    assert_eq!(child.status.code(), Some(1));
    let out = String::from_utf8(std::mem::take(&mut child.stdout)).unwrap();
    assert_eq!(
        out,
        "skills/meeting-notes/SKILL.md:1:1: S309 error: The reference validator (skills-ref) skips this skill: SKILL.md must start with YAML frontmatter (---)\n\
         skills/meeting-notes/SKILL.md:1:1: S001 error: SKILL.md does not start with YAML frontmatter\n\
         2 errors, 0 warnings in 1 skill\n"
    );
    let out = cmd(dir.path())
        .args([
            "lint",
            "-",
            "--stdin-filename",
            "skills/pdf-processing/SKILL.md",
        ])
        .write_stdin(GOOD)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let out = cmd(dir.path())
        .args(["lint", "-", "skills"])
        .write_stdin(GOOD)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn finding_nothing_is_not_success_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "notes/Skill-notes.md", "x");
    write(
        dir.path(),
        "deep/a/b/c/d/e/f/g/h/pdf/SKILL.md",
        &GOOD.replace("pdf-processing", "pdf"),
    );
    let (code, out, err) = lint(dir.path(), &[]);
    assert_eq!(code, Some(1));
    assert_eq!(out, "0 errors, 0 warnings in 0 skills\n");
    assert!(
        err.contains("warning: no skill found under . (a skill is a folder with a SKILL.md; --allow-empty accepts this)"),
        "{err}"
    );
    assert!(
        err.contains("  deep/a/b/c/d/e/f/g/h/pdf/SKILL.md is 10 folders down, deeper than the search goes (--max-depth 8); give its folder, or --max-depth 11"),
        "{err}"
    );
    let (code, _, _) = lint(dir.path(), &["--max-depth", "11"]);
    assert_eq!(code, Some(0));
    let (code, _, _) = lint(dir.path(), &["notes", "--allow-empty"]);
    assert_eq!(code, Some(0));
    write(dir.path(), "misnamed/SKILLS.md", "x");
    let (code, _, err) = lint(dir.path(), &["misnamed"]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains(
            "misnamed/SKILLS.md looks like a skill file, but `SKILLS.md` is not `SKILL.md`"
        ),
        "{err}"
    );
}

#[test]
fn fix_says_what_the_repaired_frontmatter_revealed() {
    let dir = tempfile::tempdir().unwrap();
    // Invalid YAML hides the name that does not match the folder.
    write(
        dir.path(),
        "notes/SKILL.md",
        "---\nname: Meeting-Notes\ndescription: Summarises meeting transcripts. Use when: the user shares a transcript.\n---\n# Notes\n",
    );
    assert_eq!(rules_of(dir.path(), &["notes"]), ["S309", "S305"]);
    let (_, _, err) = lint(dir.path(), &["notes", "--fix"]);
    assert!(
        err.contains("note: notes/SKILL.md: the fixed frontmatter parses now, which revealed 2 more findings the broken YAML hid (S010, S014)"),
        "{err}"
    );
}

#[test]
fn colour_follows_force_color_and_clicolor_force() {
    let dir = tree();
    let coloured = |vars: &[(&str, &str)]| {
        let mut c = Command::cargo_bin("skills").unwrap();
        c.current_dir(dir.path())
            .env_remove("NO_COLOR")
            .env_remove("FORCE_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .args(["lint", "skills"]);
        for (k, v) in vars {
            c.env(k, v);
        }
        String::from_utf8(c.output().unwrap().stdout)
            .unwrap()
            .contains('\u{1b}')
    };
    assert!(!coloured(&[]));
    assert!(coloured(&[("FORCE_COLOR", "1")]));
    assert!(coloured(&[("CLICOLOR_FORCE", "1")]));
    assert!(!coloured(&[("FORCE_COLOR", "1"), ("NO_COLOR", "1")]));
}

#[test]
fn sarif_links_every_rule_and_places_every_result_in_a_file() {
    let (_, out, _) = lint(
        &repo(),
        &[
            "fixtures/skills",
            "fixtures/rules/S206",
            "--format",
            "sarif",
        ],
    );
    let log: Value = serde_json::from_str(&out).unwrap();
    let run = &log["runs"][0];
    for rule in run["tool"]["driver"]["rules"].as_array().unwrap() {
        let id = rule["id"].as_str().unwrap();
        let uri = rule["helpUri"].as_str().unwrap();
        assert!(uri.starts_with("https://") && uri.ends_with(&format!("/docs/rules/{id}.md")));
        assert!(repo().join(format!("docs/rules/{id}.md")).is_file(), "{id}");
    }
    let results = run["results"].as_array().unwrap();
    for id in ["S206", "S205", "S309"] {
        assert!(results.iter().any(|r| r["ruleId"] == id), "{id}");
    }
    for r in results {
        let location = &r["locations"][0]["physicalLocation"];
        let uri = location["artifactLocation"]["uri"].as_str().unwrap();
        if repo().join(uri).is_file() {
            assert!(location["region"]["startLine"].as_u64().is_some(), "{r}");
        }
    }
}

#[test]
fn completion_offers_targets_rules_encodings_and_models() {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .args(["completions", "bash"])
        .output()
        .unwrap();
    let script = String::from_utf8(out.stdout).unwrap();
    for word in [
        "claude-code",
        "gemini-cli",
        "S101",
        "description-not-third-person",
        "o200k_base",
        "cl100k_base",
        "ALL",
        "concise",
    ] {
        assert!(script.contains(word), "{word}");
    }
    let models: Vec<&str> = skills::targets::TARGETS
        .iter()
        .flat_map(|t| t.models.iter().map(|m| m.id))
        .collect();
    assert!(!models.is_empty());
    assert!(models.iter().all(|m| script.contains(m)), "{models:?}");
}
