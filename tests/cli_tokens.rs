//! `skills tokens` end to end: the table, the JSON schema and its sums, the definitions checked
//! against `skills catalog` and `skills load`, binary files, the budget view, the `--max-*`
//! gates and their exit codes, and the real-world corpus in `../shared/corpus` when it is there.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;
use skills::tokens::{self, Encoding};
use tempfile::TempDir;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run_in(cwd: &Path, args: &[&str]) -> Run {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .unwrap();
    Run {
        code: out.status.code().unwrap(),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

fn run(args: &[&str]) -> Run {
    run_in(&repo(), args)
}

fn json(args: &[&str]) -> Value {
    let out = run(args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    serde_json::from_str(&out.stdout).unwrap()
}

const PAIR: [&str; 5] = [
    "tokens",
    "fixtures/skills/pdf-processing",
    "fixtures/skills/code-review",
    "--path-prefix",
    ".",
];

fn with(extra: &[&'static str]) -> Vec<&'static str> {
    PAIR.iter().chain(extra).copied().collect()
}

fn tokens_of(size: &Value) -> i64 {
    size["tokens"].as_i64().unwrap()
}

fn size_sum<'v>(sizes: impl IntoIterator<Item = &'v Value>) -> [i64; 3] {
    let mut sum = [0; 3];
    for size in sizes {
        for (total, key) in sum.iter_mut().zip(["tokens", "characters", "bytes"]) {
            *total += size[key].as_i64().unwrap();
        }
    }
    sum
}

fn size(value: &Value) -> [i64; 3] {
    size_sum([value])
}

#[test]
fn quiet_changes_nothing_but_the_progress_line() {
    // stderr is a pipe here, so no progress line is drawn either way.
    let (quiet, plain) = (run(&with(&["--quiet"])), run(&PAIR));
    assert_eq!(quiet.code, 0, "{}", quiet.stderr);
    assert_eq!((quiet.stdout, quiet.stderr), (plain.stdout, plain.stderr));
    assert_eq!(run(&with(&["-q", "--format", "json"])).code, 0);
}

#[test]
fn the_table_shows_each_level_with_characters_and_bytes() {
    let out = run(&PAIR);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stderr, "");
    insta::assert_snapshot!("tokens_pair", out.stdout);
}

#[test]
fn the_json_adds_up() {
    let v = json(&with(&["--format", "json"]));
    assert_eq!(v["schema"], "skills.tokens/v1");
    assert_eq!(v["target"], "agentskills");
    assert_eq!(v["encoding"], "o200k_base");
    assert_eq!(v["context_window"], 200_000);
    let skills = v["skills"].as_array().unwrap();
    assert_eq!(skills.len(), 2);
    for skill in skills {
        let files: Vec<&Value> = skill["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| &f["size"])
            .collect();
        assert_eq!(size(&skill["resources"]), size_sum(files));
        assert_eq!(
            size(&skill["total"]),
            size_sum([&skill["catalog"], &skill["body"], &skill["resources"]])
        );
        assert_eq!(skill["status"], "listed");
        assert_eq!(skill["body_status"], "loaded");
    }
    let catalog = &v["catalog"];
    assert_eq!(
        size(&catalog["size"]),
        size_sum(
            skills
                .iter()
                .map(|s| &s["catalog"])
                .chain([&catalog["overhead"]])
        )
    );
    let totals = &v["totals"];
    assert_eq!(size(&totals["catalog"]), size(&catalog["size"]));
    assert_eq!(
        size(&totals["bodies"]),
        size_sum(skills.iter().map(|s| &s["body"]))
    );
    assert_eq!(
        size(&totals["all"]),
        size_sum([&totals["catalog"], &totals["bodies"], &totals["resources"]])
    );
    assert_eq!(catalog["budget"], Value::Null);
    assert_eq!(v["offences"], serde_json::json!([]));
    // Stable across machines with --path-prefix.
    let pdf = &skills[0];
    assert_eq!(pdf["name"], "pdf-processing");
    assert_eq!(pdf["path"], "fixtures/skills/pdf-processing/SKILL.md");
    assert_eq!(size(&pdf["catalog"]), [60, 247, 247]);
    assert_eq!(size(&pdf["body"]), [538, 2300, 2300]);
    assert_eq!(
        pdf["files"][2],
        serde_json::json!({
            "path": "scripts/extract.py",
            "size": {"tokens": 252, "characters": 1073, "bytes": 1073},
            "truncated": null,
            "skipped": null
        })
    );
}

/// The catalog entry is the catalog minus the catalog without the skill, as `skills catalog`
/// prints them; the body is what `skills load` returns.
#[test]
fn entries_and_bodies_are_what_catalog_and_load_print() {
    for encoding in [Encoding::O200kBase, Encoding::Cl100kBase] {
        let v = json(&with(&[
            "--format",
            "json",
            "--encoding",
            encoding.as_str(),
        ]));
        assert_eq!(v["encoding"], encoding.as_str());
        let catalog = |paths: &[&str]| -> i64 {
            let mut args = vec!["catalog", "--path-prefix", "."];
            args.extend(paths);
            let text = run(&args).stdout;
            i64::try_from(tokens::count(&text, encoding)).unwrap()
        };
        let (pdf, review) = (
            "fixtures/skills/pdf-processing",
            "fixtures/skills/code-review",
        );
        let full = catalog(&[pdf, review]);
        assert_eq!(tokens_of(&v["catalog"]["size"]), full);
        assert_eq!(
            tokens_of(&v["skills"][0]["catalog"]),
            full - catalog(&[review])
        );
        assert_eq!(
            tokens_of(&v["skills"][1]["catalog"]),
            full - catalog(&[pdf])
        );
        let load = run(&["load", "code-review", review, "--path-prefix", "."]).stdout;
        assert_eq!(
            tokens_of(&v["skills"][1]["body"]),
            i64::try_from(tokens::count(&load, encoding)).unwrap()
        );
    }
}

#[test]
fn the_encodings_count_differently() {
    let o200k = json(&with(&["--format", "json"]));
    let cl100k = json(&with(&["--format", "json", "--encoding", "cl100k_base"]));
    assert_ne!(
        tokens_of(&o200k["totals"]["all"]),
        tokens_of(&cl100k["totals"]["all"])
    );
    assert_eq!(
        o200k["totals"]["all"]["bytes"],
        cl100k["totals"]["all"]["bytes"]
    );
    let out = run(&with(&["--encoding", "p50k_base"]));
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("o200k_base"), "{}", out.stderr);
}

fn write_skill(root: &Path, name: &str, description: &str, body: &str) -> PathBuf {
    let dir = root.join(name);
    fs::create_dir_all(&dir).unwrap();
    fs::write(
        dir.join("SKILL.md"),
        format!("---\nname: {name}\ndescription: {description}\n---\n{body}"),
    )
    .unwrap();
    dir
}

#[test]
fn binary_files_are_listed_as_skipped() {
    let tmp = TempDir::new().unwrap();
    let dir = write_skill(
        tmp.path(),
        "logo",
        "Draws the logo. Use for logos.",
        "# Logo\n",
    );
    fs::create_dir_all(dir.join("assets")).unwrap();
    fs::write(
        dir.join("assets/logo.png"),
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
    )
    .unwrap();
    fs::write(dir.join("assets/notes.txt"), "Colours: blue.\n").unwrap();
    let v = serde_json::from_str::<Value>(
        &run_in(tmp.path(), &["tokens", ".", "--format", "json"]).stdout,
    )
    .unwrap();
    let files = &v["skills"][0]["files"];
    assert_eq!(files[0]["path"], "assets/logo.png");
    assert_eq!(files[0]["size"], Value::Null);
    assert_eq!(files[0]["skipped"], "binary (a NUL byte at offset 8)");
    assert_eq!(files[1]["path"], "assets/notes.txt");
    assert_eq!(size(&files[1]["size"]), [4, 15, 15]);
    assert_eq!(size(&v["skills"][0]["resources"]), [4, 15, 15]);

    let out = run_in(tmp.path(), &["tokens", "."]);
    assert_eq!(out.code, 0);
    assert!(
        out.stdout.lines().any(|l| l.contains("assets/logo.png")
            && l.contains("skipped: binary (a NUL byte at offset 8)")),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("1 file read, 1 skipped"),
        "{}",
        out.stdout
    );
}

#[test]
fn skills_the_target_skips_cost_nothing_and_say_why() {
    let v = json(&[
        "tokens",
        "fixtures/skills/pdf-processing",
        "fixtures/skills/no-frontmatter",
        "--format",
        "json",
    ]);
    let broken = &v["skills"][1];
    assert_eq!(broken["status"], "skipped");
    assert_eq!(size(&broken["catalog"]), [0, 0, 0]);
    assert_eq!(broken["body"], Value::Null);
    assert_eq!(broken["body_status"], "not-loadable");
    assert_eq!(v["catalog"]["found"], 2);
    assert_eq!(v["catalog"]["listed"], 1);
}

#[test]
fn sorting_puts_the_largest_first() {
    let order = |sort: &'static str| -> Vec<String> {
        let v = json(&with(&["--format", "json", "--sort", sort]));
        v["skills"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(order("path"), ["pdf-processing", "code-review"]);
    assert_eq!(order("name"), ["code-review", "pdf-processing"]);
    assert_eq!(order("body"), ["pdf-processing", "code-review"]);
    assert_eq!(order("total"), ["pdf-processing", "code-review"]);
    let out = run(&with(&["--sort", "name"]));
    let review = out.stdout.find(" code-review ").unwrap();
    let pdf = out.stdout.find(" pdf-processing ").unwrap();
    assert!(review < pdf, "{}", out.stdout);
}

#[test]
fn gates_name_each_offender_and_by_how_much() {
    let out = run(&with(&["--max-body-tokens", "500"]));
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stderr,
        "error: pdf-processing (fixtures/skills/pdf-processing/SKILL.md): body is 538 tokens, 38 over --max-body-tokens 500\n1 skill over a limit\n"
    );
    let out = run(&with(&[
        "--max-catalog-tokens",
        "59",
        "--max-skill-tokens",
        "1200",
    ]));
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stderr,
        "error: pdf-processing (fixtures/skills/pdf-processing/SKILL.md): catalog entry is 60 tokens, 1 over --max-catalog-tokens 59\n\
         error: pdf-processing (fixtures/skills/pdf-processing/SKILL.md): total is 1429 tokens, 229 over --max-skill-tokens 1200\n\
         error: code-review (fixtures/skills/code-review/SKILL.md): catalog entry is 60 tokens, 1 over --max-catalog-tokens 59\n\
         2 skills over a limit\n"
    );
    let v: Value =
        serde_json::from_str(&run(&with(&["--max-body-tokens", "500", "--format", "json"])).stdout)
            .unwrap();
    assert_eq!(
        v["offences"],
        serde_json::json!([{
            "name": "pdf-processing",
            "path": "fixtures/skills/pdf-processing/SKILL.md",
            "gate": "max-body-tokens",
            "limit": 500,
            "tokens": 538,
            "over": 38
        }])
    );
    assert_eq!(run(&with(&["--max-body-tokens", "538"])).code, 0);
}

#[test]
fn the_budget_view_names_who_loses_their_description() {
    // 1000 tokens × 3 bytes × 1%: 30 columns, the two names alone. Claude Code's own skills
    // keep their lines whatever the budget, so they are left out here.
    let out = run(&with(&[
        "-t",
        "claude-code",
        "--context-window",
        "1000",
        "--no-builtins",
    ]));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let budget: Vec<&str> = out
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("budget:"))
        .collect();
    assert_eq!(
        budget[0],
        "budget: 30 of 30 display columns at a 1000-token context window (100.0%)"
    );
    assert_eq!(budget.len(), 4, "{}", out.stdout);
    assert_eq!(
        budget[1],
        "  the budget binds: leaving a skill out gives its room to the others, so catalog entries are small or negative"
    );
    assert!(budget[2].starts_with("  pdf-processing: description-removed: "));
    assert!(budget[3].starts_with("  code-review: description-removed: "));
    assert!(
        out.stdout
            .contains("the catalog without any skill's entry, and the room the budget shares out"),
        "{}",
        out.stdout
    );
    let v = json(&with(&[
        "-t",
        "claude-code",
        "--context-window",
        "1000",
        "--no-builtins",
        "--format",
        "json",
    ]));
    assert_eq!(
        v["catalog"]["budget"],
        serde_json::json!({"unit": "display-width", "limit": 30, "used": 30})
    );
    assert_eq!(v["skills"][0]["status"], "description-removed");
}

/// A budget that drops forty descriptions says why once in the table and three times under the
/// budget, then counts the rest: the 200-character sentence is not repeated forty times.
#[test]
fn a_note_shared_by_many_skills_is_said_once() {
    let tmp = TempDir::new().unwrap();
    for i in 1..=40 {
        write_skill(
            tmp.path(),
            &format!("s{i:02}"),
            &format!("Does thing number {i} with care and attention to detail, when asked."),
            "body\n",
        );
    }
    let out = run_in(
        tmp.path(),
        &[
            "tokens",
            "-t",
            "claude-code",
            "--context-window",
            "2000",
            "--no-builtins",
        ],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let sentence = "has no room for its description after the skills before it";
    let (table, budget) = out.stdout.split_once("\nbudget: ").unwrap();
    assert_eq!(table.matches(sentence).count(), 1, "{table}");
    assert_eq!(
        table.matches("description-removed (as above)").count(),
        39,
        "{table}"
    );
    assert_eq!(budget.matches(sentence).count(), 3, "{budget}");
    assert!(budget.ends_with("  … and 37 more like this\n"), "{budget}");
    // The JSON keeps every skill's reason whole.
    let json_out = run_in(
        tmp.path(),
        &[
            "tokens",
            "-t",
            "claude-code",
            "--context-window",
            "2000",
            "--no-builtins",
            "--format",
            "json",
        ],
    );
    let v: Value = serde_json::from_str(&json_out.stdout).unwrap();
    let reasons = v["skills"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["reason"].as_str().unwrap_or_default().contains(sentence))
        .count();
    assert_eq!(reasons, 40);
}

#[test]
fn nothing_to_count_is_not_an_error() {
    let tmp = TempDir::new().unwrap();
    let out = run_in(tmp.path(), &["tokens"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("0 of 0 skills listed"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_missing_path_is_a_tool_failure() {
    let out = run(&["tokens", "fixtures/skills/no-such-skill"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("path not found"), "{}", out.stderr);
}

#[test]
fn the_corpus_adds_up_for_every_target() {
    let corpus = repo().join("../shared/corpus");
    if !corpus.is_dir() {
        eprintln!("skipped: {} is absent (a plain clone)", corpus.display());
        return;
    }
    // The runtimes' own skills are not the corpus: they are left out throughout.
    for target in ["agentskills", "claude-code", "codex", "openclaw"] {
        // The corpus alone: the runtimes' own skills are left out.
        let v = json(&[
            "tokens",
            "../shared/corpus",
            "-t",
            target,
            "--context-window",
            "200000",
            "--no-builtins",
            "--format",
            "json",
        ]);
        let skills = v["skills"].as_array().unwrap();
        assert_eq!(skills.len(), 197, "{target}");
        let text = run(&[
            "catalog",
            "../shared/corpus",
            "-t",
            target,
            "--context-window",
            "200000",
            "--no-builtins",
        ])
        .stdout;
        assert_eq!(
            tokens_of(&v["catalog"]["size"]),
            i64::try_from(tokens::count(&text, Encoding::O200kBase)).unwrap(),
            "{target}"
        );
        assert_eq!(
            size(&v["catalog"]["size"]),
            size_sum(
                skills
                    .iter()
                    .map(|s| &s["catalog"])
                    .chain([&v["catalog"]["overhead"]])
            ),
            "{target}"
        );
        assert_eq!(
            size(&v["totals"]["resources"]),
            size_sum(skills.iter().map(|s| &s["resources"])),
            "{target}"
        );
        // Some entries against the catalog of every other skill, given one by one in
        // discovery order: a listed skill, the first shadowed one and the skill it loses to.
        // (Codex names roots in its catalog, and Claude Code sorts the skills of one root: here
        // every skill would be a root of its own.)
        if matches!(target, "codex" | "claude-code") {
            continue;
        }
        let dirs: Vec<String> = skills
            .iter()
            .map(|s| {
                let path = s["path"].as_str().unwrap();
                path[..path.rfind('/').unwrap()].to_owned()
            })
            .collect();
        let mut sample = vec![0, skills.len() / 2];
        if let Some(loser) = skills.iter().position(|s| s["status"] == "shadowed") {
            let name = &skills[loser]["name"];
            sample.push(loser);
            sample.extend(
                skills
                    .iter()
                    .position(|s| &s["name"] == name && s["status"] != "shadowed"),
            );
        }
        for i in sample {
            let mut args = vec![
                "catalog",
                "-t",
                target,
                "--context-window",
                "200000",
                "--no-builtins",
            ];
            args.extend(
                dirs.iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, d)| d.as_str()),
            );
            let without = run(&args).stdout;
            assert_eq!(
                tokens_of(&skills[i]["catalog"]),
                tokens_of(&v["catalog"]["size"])
                    - i64::try_from(tokens::count(&without, Encoding::O200kBase)).unwrap(),
                "{target}: {}",
                skills[i]["path"]
            );
        }
    }
}
