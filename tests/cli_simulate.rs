//! `skills load` and `skills simulate` end to end with the `agentskills` target: exact output,
//! exit codes, JSON, step order, turns and modes. Per-target load texts are in golden.rs.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

fn example() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/load/agentskills/example/home/user")
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .current_dir(example().join("proj"))
        .env("HOME", example())
        .env("NO_COLOR", "1")
        .args(args)
        .args(["--roots", "--path-prefix", "/home/user/proj"])
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json(args: &[&str]) -> Value {
    let (_, stdout, stderr) = run(args);
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}{stderr}"))
}

#[test]
fn load_json_has_the_call_the_parts_and_sizes() {
    let json = json(&["load", "pdf-processing", "--format", "json"]);
    assert_eq!(json["schema"], "skills.load/v1");
    assert_eq!(json["target"], "agentskills");
    assert_eq!(json["file"], Value::Null);
    assert_eq!(json["call"]["tool"], "activate_skill");
    assert_eq!(json["call"]["arguments"], r#"{"name":"pdf-processing"}"#);
    assert_eq!(json["error"], false);
    let text = json["parts"][0]["text"].as_str().unwrap();
    assert!(text.starts_with("<skill_content name=\"pdf-processing\">\n# PDF Processing\n"));
    assert_eq!(json["parts"][0]["role"], "tool");
    assert_eq!(json["sizes"]["bytes"], text.len());
    assert!(json["sizes"]["o200k_tokens"].as_u64().unwrap() > 20);
}

#[test]
fn a_refused_load_exits_1_with_the_runtime_text() {
    let (code, stdout, _) = run(&["load", "nope"]);
    assert_eq!(code, 1);
    assert_eq!(
        stdout,
        "Skill \"nope\" not found. Available skills: code-review, pdf-processing"
    );
}

#[test]
fn lines_need_a_file_and_a_mode_must_exist() {
    let (code, _, stderr) = run(&["load", "pdf-processing", "--lines", "1:2"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--file"), "{stderr}");
    let (code, _, stderr) = run(&["load", "pdf-processing", "--mode", "turn"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("agentskills has no load mode `turn`"),
        "{stderr}"
    );
    assert!(stderr.contains("single way of loading"), "{stderr}");
}

#[test]
fn simulate_shows_the_last_request_and_a_row_per_step() {
    let (code, stdout, stderr) = run(&[
        "simulate",
        "--load",
        "pdf-processing",
        "--read",
        "pdf-processing:references/forms.md@3",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.starts_with(
            "==> system: system prompt <==\nYou are a helpful agent.\n\n<available_skills>\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "==> assistant: tool call <==\nactivate_skill {\"name\":\"pdf-processing\"}\n"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("==> assistant: tool call <==\nread_file {\"path\":\"references/forms.md\"}\n\n==> tool: tool result <==\nFill the fields in order.\n"), "{stdout}");
    let rows: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with(' ') && l.contains("stable"))
        .collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    assert!(stdout.ends_with(
        "The cached prefix stays byte-identical at every step: loading is purely additive.\n"
    ));
}

#[test]
fn simulate_keeps_the_order_of_mixed_steps_and_counts_cumulative_input() {
    let json = json(&[
        "simulate",
        "--read",
        "pdf-processing:scripts/extract.py",
        "--load",
        "code-review",
        "--read",
        "pdf-processing:references/forms.md",
        "--load",
        "pdf-processing",
        "--turns",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(json["schema"], "skills.simulate/v1");
    let steps = json["steps"].as_array().unwrap();
    let actions: Vec<&str> = steps
        .iter()
        .map(|s| s["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        [
            "system prompt, catalog and user message",
            "read pdf-processing:scripts/extract.py",
            "load code-review",
            "read pdf-processing:references/forms.md",
            "load pdf-processing",
            "turn 2"
        ]
    );
    let mut cumulative = 0;
    for step in steps {
        cumulative += step["request_tokens"].as_u64().unwrap();
        assert_eq!(
            step["cumulative_input_tokens"].as_u64().unwrap(),
            cumulative
        );
    }
    assert_eq!(steps[0]["prefix_stable"], Value::Null);
    assert!(steps[1..].iter().all(|s| s["prefix_stable"] == true));
    assert_eq!(steps[5]["turn"], 2);
    let last = json["messages"].as_array().unwrap().last().unwrap();
    assert_eq!(last["role"], "user");
}

#[test]
fn a_refused_step_exits_1_and_is_marked() {
    let (code, stdout, _) = run(&["simulate", "--load", "nope"]);
    assert_eq!(code, 1);
    assert!(stdout.contains("load nope (refused)"), "{stdout}");
}

#[test]
fn a_bad_read_step_is_a_usage_error() {
    let (code, _, stderr) = run(&["simulate", "--read", "no-colon"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("is not SKILL:PATH"), "{stderr}");
}

#[test]
fn search_without_a_search_tool_is_refused() {
    let (code, stdout, _) = run(&["simulate", "--search", "pdf"]);
    assert_eq!(code, 1);
    assert!(stdout.contains("has no search tool"), "{stdout}");
}
