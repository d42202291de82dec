//! Golden outputs: every case under `tests/golden/<command>/<target>/<case>/` (command `catalog`,
//! `load` or `simulate`) runs `skills <command> --target <target> --path-prefix /home/user/proj ARGS…` on a
//! copy of the
//! case's `home` in a temporary directory, with the working directory `home/user/proj` (which
//! holds a `.git` directory, so project-root searches stop there as in a real checkout) and
//! `HOME=home/user`, nothing else from the environment but what the case's `env` file sets, and
//! must print exactly `expected.txt`.
//!
//! A case holds:
//! - `home/user/…`: the skills, where the runtime (or the arguments) finds them;
//! - `args`: the arguments after the target, split on whitespace (`--roots`, paths relative to
//!   `home/user/proj`, `--context-window N`…);
//! - `env` (optional): `KEY=VALUE` lines; a VALUE starting with `.` is a path relative to
//!   `home/user/proj`, any other is used as written;
//! - `expected.txt`: the exact bytes;
//! - `exit` (optional): the expected exit code, when not 0 (a load the runtime refuses is 1);
//! - `changes.txt` (optional): what `--format json` must report lost, one `kind name` per line,
//!   in the reported order.
//!
//! The documented two-skill examples are copied from runtime-formats.md / seed-runtimes.md with
//! the paths as documented; never regenerate those from the tool's own output.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

mod support;

/// The commands with golden cases.
const COMMANDS: [&str; 3] = ["catalog", "load", "simulate"];

fn golden_root(command: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(command)
}

struct Case {
    command: &'static str,
    target: String,
    dir: PathBuf,
}

fn cases() -> Vec<Case> {
    COMMANDS.iter().flat_map(|c| cases_of(c)).collect()
}

fn cases_of(command: &'static str) -> Vec<Case> {
    let mut cases = Vec::new();
    let Ok(read) = fs::read_dir(golden_root(command)) else {
        return cases;
    };
    let mut targets: Vec<PathBuf> = read
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    targets.sort();
    for target in targets {
        let mut dirs: Vec<PathBuf> = fs::read_dir(&target)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir())
            .collect();
        dirs.sort();
        for dir in dirs {
            cases.push(Case {
                command,
                target: target.file_name().unwrap().to_string_lossy().into_owned(),
                dir,
            });
        }
    }
    cases
}

/// A copy of the case's tree with a `.git` marker in the project, and the command to run there.
fn command(case: &Case, extra: &[&str]) -> (tempfile::TempDir, Command) {
    let scratch = tempfile::tempdir().unwrap();
    copy_tree(&case.dir.join("home"), &scratch.path().join("home"));
    let home = scratch.path().join("home/user");
    let proj = home.join("proj");
    fs::create_dir_all(proj.join(".git")).unwrap();
    let args = fs::read_to_string(case.dir.join("args")).unwrap_or_default();
    let mut cmd = Command::cargo_bin("skills").unwrap();
    cmd.current_dir(&proj)
        .env_clear()
        .env("HOME", &home)
        .env("NO_COLOR", "1")
        .args([case.command, "--target", &case.target])
        .args(["--path-prefix", "/home/user/proj"])
        .args(args.split_whitespace())
        .args(extra);
    if let Ok(env) = fs::read_to_string(case.dir.join("env")) {
        for line in env.lines().filter(|l| !l.trim().is_empty()) {
            let (key, value) = line.split_once('=').expect("KEY=VALUE");
            if value.starts_with('.') {
                cmd.env(key, proj.join(value));
            } else {
                cmd.env(key, value);
            }
        }
    }
    (scratch, cmd)
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Runs `f` on every case, two at a time.
fn each_case<T: Send>(cases: &[Case], f: impl Fn(&Case) -> T + Sync) -> Vec<T> {
    let half = cases.len().div_ceil(2).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = cases
            .chunks(half)
            .map(|chunk| scope.spawn(|| chunk.iter().map(&f).collect::<Vec<T>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    })
}

fn show(case: &Case) -> String {
    format!(
        "{}/{}",
        case.target,
        case.dir.file_name().unwrap().to_string_lossy()
    )
}

#[test]
fn every_case_prints_its_expected_bytes() {
    let cases = cases();
    assert!(!cases.is_empty(), "no golden cases found");
    let update = std::env::var_os("SKILLS_UPDATE_GOLDEN").is_some();
    let failures: Vec<String> = each_case(&cases, |case| {
        let (_scratch, mut cmd) = command(case, &[]);
        let out = cmd.output().unwrap();
        let expected_file = case.dir.join("expected.txt");
        let exit: i32 = fs::read_to_string(case.dir.join("exit"))
            .map_or(0, |text| text.trim().parse().expect("a number in `exit`"));
        if out.status.code() != Some(exit) {
            return Some(format!(
                "{}: exit {:?}\n{}",
                show(case),
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        if update && !expected_file.exists() {
            fs::write(&expected_file, &out.stdout).unwrap();
        }
        let expected =
            fs::read(&expected_file).unwrap_or_else(|_| panic!("{}: no expected.txt", show(case)));
        // Lists in directory-read order (ripgrep's, for opencode) follow the filesystem.
        let reordered = || {
            !support::directory_order_matches_recordings()
                && support::same_lines(&out.stdout, &expected)
        };
        (out.stdout != expected && !reordered()).then(|| {
            format!(
                "{}: catalog differs\n--- expected\n{}\n--- actual\n{}",
                show(case),
                String::from_utf8_lossy(&expected),
                String::from_utf8_lossy(&out.stdout)
            )
        })
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn cases_report_what_was_lost() {
    let with_changes: Vec<Case> = cases()
        .into_iter()
        .filter(|c| c.dir.join("changes.txt").is_file())
        .collect();
    assert!(!with_changes.is_empty(), "no case has a changes.txt");
    each_case(&with_changes, |case| {
        let expected = fs::read_to_string(case.dir.join("changes.txt")).unwrap();
        let (_scratch, mut cmd) = command(case, &["--format", "json"]);
        let out = cmd.output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", show(case));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let expected_text = fs::read(case.dir.join("expected.txt")).unwrap();
        assert_eq!(
            json["text"].as_str().unwrap().as_bytes(),
            expected_text,
            "{}: JSON text differs from the text output",
            show(case)
        );
        let changes: Vec<String> = json["stats"]["changes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                format!(
                    "{} {}",
                    c["change"].as_str().unwrap(),
                    c["name"].as_str().unwrap()
                )
            })
            .collect();
        let expected: Vec<&str> = expected.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(changes, expected, "{}", show(case));
    });
}

#[test]
fn every_target_has_a_documented_example() {
    for command in ["catalog", "load"] {
        let cases = cases_of(command);
        for target in skills::targets::TARGETS {
            assert!(
                cases
                    .iter()
                    .any(|c| c.target == target.id && c.dir.ends_with("example")),
                "{} has no `{command}` golden case `example` (the documented two-skill example)",
                target.id
            );
        }
    }
}
