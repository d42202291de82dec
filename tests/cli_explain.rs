//! `skills explain`: a rule's page by ID or name, the table of every rule, clear errors.
#![allow(clippy::unwrap_used)]

use assert_cmd::Command;

fn explain(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .arg("explain")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn a_rule_page_by_id_or_name() {
    let (code, by_id, _) = explain(&["S001"]);
    assert_eq!(code, Some(0));
    assert!(by_id.starts_with("# S001 frontmatter-missing\n\nDefault severity: error"));
    for heading in ["## What it does", "## Why", "## Example", "## How to fix"] {
        assert!(by_id.contains(heading), "{heading}");
    }
    assert_eq!(explain(&["frontmatter-missing"]).1, by_id);
    assert_eq!(explain(&["s001"]).1, by_id);
}

#[test]
fn all_rules_as_a_table() {
    let (code, out, _) = explain(&["--all"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("| ID | Name | Default | Fix | Summary |\n"));
    assert!(out.contains("| S001 | `frontmatter-missing` | error |"));
}

#[test]
fn unknown_rules_suggest_the_closest() {
    let (code, _, err) = explain(&["frontmatter-misssing"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("did you mean `frontmatter-missing`"), "{err}");
    let (code, _, _) = explain(&[]);
    assert_eq!(code, Some(2));
}
