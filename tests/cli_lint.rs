//! `skills lint` end to end: exit codes, the four formats, config, suppression, ignores and the
//! SKILL.md paths pre-commit passes.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

const GOOD: &str = "---\nname: pdf-processing\ndescription: Extracts text and tables from PDF files. Use when the user works with PDF documents.\n---\n# PDF processing\n\nRead the file, then answer.\n";
const NO_FRONTMATTER: &str = "# Meeting notes\n\nSummarises meetings.\n";

fn write(dir: &Path, rel: &str, text: &str) {
    let path = dir.join(rel);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// A tree with one clean skill and one without frontmatter.
fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "skills/pdf-processing/SKILL.md", GOOD);
    write(dir.path(), "skills/meeting-notes/SKILL.md", NO_FRONTMATTER);
    dir
}

fn skills(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .arg("lint")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json(dir: &Path, args: &[&str]) -> (Option<i32>, Value) {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let (code, out, _) = skills(dir, &all);
    (code, serde_json::from_str(&out).unwrap())
}

fn rules_of(report: &Value) -> Vec<String> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["rule"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn exit_codes_follow_error_findings() {
    let dir = tree();
    let (code, out, _) = skills(dir.path(), &["skills/pdf-processing"]);
    assert_eq!(code, Some(0), "{out}");
    let (code, out, _) = skills(dir.path(), &["skills"]);
    assert_eq!(code, Some(1));
    assert!(out.contains("S001(frontmatter-missing)"), "{out}");
    assert!(out.contains("skills/meeting-notes/SKILL.md:1:1"), "{out}");
    assert!(out.ends_with("in 2 skills\n"), "{out}");
    let (code, _, err) = skills(dir.path(), &["missing"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("path not found: missing"), "{err}");
}

#[test]
fn human_output_has_no_colour_codes_without_a_terminal() {
    let dir = tree();
    let (_, out, _) = skills(dir.path(), &["skills"]);
    assert!(!out.contains('\u{1b}'), "{out}");
    let (_, out, _) = skills(dir.path(), &["skills", "--color", "always"]);
    assert!(out.contains('\u{1b}'));
}

#[test]
fn json_locates_every_finding() {
    let dir = tree();
    let (code, report) = json(dir.path(), &["skills"]);
    assert_eq!(code, Some(1));
    assert_eq!(report["schema"], "skills.lint/v1");
    let f = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["rule"] == "S001")
        .unwrap();
    assert_eq!(f["name"], "frontmatter-missing");
    assert_eq!(f["severity"], "error");
    assert_eq!(f["path"], "skills/meeting-notes/SKILL.md");
    assert_eq!(
        (f["line"].as_u64(), f["column"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(
        (f["offset"].as_u64(), f["length"].as_u64()),
        (Some(0), Some(15))
    );
    assert_eq!(f["fixable"], false);
    assert!(f["help"].as_str().unwrap().contains("---"));
    assert_eq!(report["summary"]["skills"], 2);
    assert!(report["summary"]["errors"].as_u64().unwrap() >= 1);
}

#[test]
fn sarif_has_the_required_properties() {
    let dir = tree();
    let (_, out, _) = skills(dir.path(), &["skills", "--format", "sarif"]);
    let log: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "skills");
    let rules = driver["rules"].as_array().unwrap();
    assert!(rules.iter().all(|r| r["id"].is_string()));
    let results = run["results"].as_array().unwrap();
    assert!(!results.is_empty());
    for r in results {
        assert!(r["message"]["text"].is_string());
        let index = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], r["ruleId"]);
        let location = &r["locations"][0]["physicalLocation"];
        assert!(location["artifactLocation"]["uri"].is_string());
    }
    let s001 = results.iter().find(|r| r["ruleId"] == "S001").unwrap();
    assert_eq!(
        s001["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "skills/meeting-notes/SKILL.md"
    );
    assert_eq!(
        s001["locations"][0]["physicalLocation"]["region"]["startLine"],
        1
    );
}

#[test]
fn github_format_prints_workflow_commands() {
    let dir = tree();
    let (_, out, _) = skills(dir.path(), &["skills", "--format", "github"]);
    let line = out.lines().find(|l| l.contains("S001")).unwrap();
    assert!(
        line.starts_with(
            "::error file=skills/meeting-notes/SKILL.md,line=1,col=1,endLine=1,endColumn=16,title=S001 frontmatter-missing::"
        ),
        "{line}"
    );
}

#[test]
fn config_is_found_by_walking_up_and_flags_win() {
    let dir = tree();
    write(
        dir.path(),
        "skills.toml",
        "[rules]\nfrontmatter-missing = \"warn\"\nskipped-by-target = \"warn\"\n",
    );
    fs::create_dir_all(dir.path().join("sub")).unwrap();
    let (code, report) = json(&dir.path().join("sub"), &["../skills"]);
    assert_eq!(code, Some(0), "{report}");
    let f = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["rule"] == "S001")
        .unwrap();
    assert_eq!(f["severity"].as_str(), Some("warning"));
    let (code, _) = json(&dir.path().join("sub"), &["../skills", "--deny-warnings"]);
    assert_eq!(code, Some(1));
    let (code, _) = json(dir.path(), &["skills", "--isolated"]);
    assert_eq!(code, Some(1));

    write(
        dir.path(),
        "strict.toml",
        "deny-warnings = true\n[rules]\nS001 = \"off\"\nS309 = \"off\"\n",
    );
    let (code, report) = json(dir.path(), &["skills", "--config", "strict.toml"]);
    assert_eq!(code, Some(0));
    assert!(!rules_of(&report).contains(&"S001".to_owned()));
}

#[test]
fn config_mistakes_exit_2_and_point_into_the_file() {
    let dir = tree();
    write(
        dir.path(),
        "skills.toml",
        "[rules]\nS001 = \"warn\"\nS0001 = \"off\"\n",
    );
    let (code, _, err) = skills(dir.path(), &["skills"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown rule `S0001`"), "{err}");
    assert!(err.contains("skills.toml:3:1"), "{err}");
    write(dir.path(), "skills.toml", "target = [\"codex\"]\n");
    let (code, _, err) = skills(dir.path(), &["skills"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown field `target`"), "{err}");
    let (code, _, err) = skills(dir.path(), &["skills", "--config", "nope.toml"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("nope.toml"), "{err}");
}

#[test]
fn print_config_shows_the_effective_settings() {
    let dir = tree();
    write(
        dir.path(),
        "skills.toml",
        "targets = [\"codex\"]\nignore = [\"drafts/**\"]\n[rules]\nS001 = \"off\"\n[thresholds]\nmax-body-lines = 300\n",
    );
    let (code, out, _) = skills(dir.path(), &["--print-config", "--target", "claude-code"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("targets = [\"claude-code\"]\n"), "{out}");
    // `ignore`, the older name of `exclude`, is shown under its current name.
    assert!(out.contains("exclude = [\"drafts/**\"]\n"), "{out}");
    assert!(
        out.contains("S001 = \"off\"  # frontmatter-missing\n"),
        "{out}"
    );
    assert!(out.contains("max-body-lines = 300\n"), "{out}");
}

#[test]
fn ignore_globs_skip_skills() {
    let dir = tree();
    write(
        dir.path(),
        "skills.toml",
        "ignore = [\"skills/meeting-*\"]\n",
    );
    let (code, report) = json(dir.path(), &["skills"]);
    assert_eq!(code, Some(0));
    assert_eq!(report["summary"]["skills"], 1);
}

#[test]
fn inline_comments_turn_rules_off_for_their_skill() {
    let dir = tree();
    write(
        dir.path(),
        "skills/meeting-notes/SKILL.md",
        "# Meeting notes\n<!-- skills-lint-disable frontmatter-missing -->\n",
    );
    // The reference validator still skips the skill: that is S309's to say.
    let (code, report) = json(dir.path(), &["skills"]);
    assert_eq!(code, Some(1), "{report}");
    assert_eq!(rules_of(&report), ["S309"]);
    write(
        dir.path(),
        "skills/meeting-notes/SKILL.md",
        "# Meeting notes\n<!-- skills-lint-disable frontmatter-missing skipped-by-target -->\n",
    );
    let (code, report) = json(dir.path(), &["skills"]);
    assert_eq!(code, Some(0), "{report}");
    assert!(!rules_of(&report).contains(&"S001".to_owned()));
}

#[test]
fn a_runtime_fails_only_what_it_drops() {
    let dir = tree();
    // A byte order mark: Claude Code reads past it, Codex skips the skill.
    write(
        dir.path(),
        "skills/pdf-processing/SKILL.md",
        &format!("\u{FEFF}{GOOD}"),
    );
    let (code, report) = json(dir.path(), &["skills/pdf-processing", "-t", "claude-code"]);
    assert_eq!(code, Some(0), "{report}");
    let (code, report) = json(dir.path(), &["skills/pdf-processing", "-t", "codex"]);
    assert_eq!(code, Some(1), "{report}");
    let errors: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        errors,
        ["Codex skips this skill: missing YAML frontmatter delimited by ---"]
    );
    // A skill without frontmatter breaks the standard, which Claude Code does not require:
    // a warning for it, an error for the reference validator.
    let (code, report) = json(dir.path(), &["skills/meeting-notes", "-t", "claude-code"]);
    assert_eq!(code, Some(0), "{report}");
    assert!(rules_of(&report).contains(&"S001".to_owned()));
}

#[test]
fn accepts_the_skill_md_paths_pre_commit_passes() {
    let dir = tree();
    let (code, report) = json(
        dir.path(),
        &[
            "skills/pdf-processing/SKILL.md",
            "skills/meeting-notes/SKILL.md",
        ],
    );
    assert_eq!(code, Some(1));
    assert_eq!(report["summary"]["skills"], 2);
    let hooks =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(".pre-commit-hooks.yaml"))
            .unwrap();
    assert!(hooks.contains("- id: skills-lint\n"));
    // The hook installs the prebuilt wheel (tests/packaging.rs checks the package).
    assert!(hooks.contains("language: python\n"));
    assert!(hooks.contains("files: (^|/)SKILL\\.md$\n"));
}

#[test]
fn unknown_targets_are_usage_errors() {
    let dir = tree();
    let (code, _, err) = skills(dir.path(), &["skills", "--target", "claude"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown target `claude`"), "{err}");
}

const BROKEN: &[u8] = b"\xef\xbb\xbf---\r\nname: release-notes\r\ndescription: Drafts release notes from merged pull requests. Use when: the user asks for a changelog.\r\n---\r\n# Release notes\r\n\r\nRead the merged pull requests, then write the notes.\r\n";
const FIXED: &str = "---\nname: release-notes\ndescription: \"Drafts release notes from merged pull requests. Use when: the user asks for a changelog.\"\n---\n# Release notes\n\nRead the merged pull requests, then write the notes.\n";

fn broken_tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let skill = dir.path().join("release-notes");
    fs::create_dir_all(&skill).unwrap();
    fs::write(skill.join("SKILL.md"), BROKEN).unwrap();
    dir
}

#[test]
fn fix_dry_run_prints_a_diff_and_writes_nothing() {
    let dir = broken_tree();
    let (code, out, err) = skills(dir.path(), &["release-notes", "--fix", "--dry-run"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        out.starts_with("--- a/release-notes/SKILL.md\n+++ b/release-notes/SKILL.md\n"),
        "{out}"
    );
    assert!(
        out.contains("+description: \"Drafts release notes"),
        "{out}"
    );
    assert!(err.contains("would apply"), "{err}");
    assert_eq!(
        fs::read(dir.path().join("release-notes/SKILL.md")).unwrap(),
        BROKEN
    );
}

#[test]
fn fix_is_exact_atomic_and_idempotent() {
    let dir = broken_tree();
    let file = dir.path().join("release-notes/SKILL.md");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).unwrap();
    }
    let (code, _, err) = skills(dir.path(), &["release-notes", "--fix"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("fixed release-notes/SKILL.md: "), "{err}");
    assert!(
        err.contains("(S301)") && err.contains("(S302)") && err.contains("(S305)"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), FIXED);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            fs::metadata(&file).unwrap().permissions().mode() & 0o777,
            0o640
        );
    }
    let leftovers: Vec<_> = fs::read_dir(file.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        leftovers,
        ["SKILL.md"],
        "no temporary files are left behind"
    );

    let (code, out, err) = skills(dir.path(), &["release-notes", "--fix"]);
    assert_eq!(code, Some(0));
    assert!(
        !err.contains("fixed"),
        "a second run changes nothing: {err}"
    );
    assert!(out.ends_with("0 errors, 0 warnings in 1 skill\n"), "{out}");
    assert_eq!(fs::read_to_string(&file).unwrap(), FIXED);
    let (code, out, _) = skills(dir.path(), &["release-notes", "--fix", "--dry-run"]);
    assert_eq!((code, out.as_str()), (Some(0), ""));
}

#[test]
fn quiet_leaves_the_findings_and_no_progress_line() {
    // stderr is a pipe here, so no progress line is drawn either way.
    let dir = tree();
    let plain = skills(dir.path(), &["skills"]);
    assert_eq!(plain.0, Some(1), "{}", plain.2);
    let quiet = skills(dir.path(), &["skills", "-q"]);
    assert_eq!(quiet.0, Some(1));
    assert!(
        !quiet.1.contains('\r') && !quiet.2.contains('\r'),
        "{quiet:?}"
    );
    let (code, report) = json(dir.path(), &["skills", "-q"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        rules_of(&report),
        rules_of(&json(dir.path(), &["skills"]).1)
    );
}
