//! The GitHub Action stays what the README says: a composite action that installs `skills` with
//! cargo from its own checkout and runs `skills lint --format github`, with inputs passed
//! through the environment.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use serde_yaml::Value;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_action_installs_with_cargo_and_lints_for_github() {
    let text = std::fs::read_to_string(repo().join("action.yml")).unwrap();
    let action: Value = serde_yaml::from_str(&text).unwrap();
    assert_eq!(action["runs"]["using"], "composite");
    let steps = action["runs"]["steps"].as_sequence().unwrap();
    let runs: Vec<&str> = steps.iter().map(|s| s["run"].as_str().unwrap()).collect();
    assert!(runs[0].contains("cargo install --locked --path \"$GITHUB_ACTION_PATH\""));
    assert!(runs[1].starts_with("skills lint --format github "));
    for step in steps {
        assert_eq!(step["shell"], "bash");
        assert!(
            !step["run"].as_str().unwrap().contains("${{"),
            "inputs go through env, not into the script"
        );
    }
    for input in ["paths", "args"] {
        assert!(
            action["inputs"][input]["description"].is_string(),
            "{input}"
        );
    }
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    assert!(
        readme.contains("/skills@REF"),
        "the README shows the Action"
    );
}
