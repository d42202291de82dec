//! Every input the fuzzers ever flagged, kept under `fuzz/regressions/<target>/`, checked again
//! with the same properties the fuzz targets check (`fuzz/src/properties.rs`), plus the inputs
//! of the issues that led to them. scripts/fuzz.sh runs the fuzzers themselves.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../fuzz/src/properties.rs"]
mod properties;

use std::path::Path;

fn replay(target: &str, check: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(target);
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    inputs.retain(|p: &std::path::PathBuf| {
        !p.file_name().unwrap().to_string_lossy().starts_with('.')
    });
    inputs.sort();
    for input in &inputs {
        let bytes = std::fs::read(input).unwrap();
        let name = input.display().to_string();
        let result = std::panic::catch_unwind(|| check(&bytes));
        assert!(result.is_ok(), "{name} breaks the `{target}` property");
    }
    inputs.len()
}

#[test]
fn frontmatter_inputs() {
    replay("frontmatter", properties::frontmatter);
    properties::frontmatter(format!("---\nx: {}\n---\n", "[".repeat(40_000)).as_bytes());
}

#[test]
fn fix_inputs() {
    replay("fix", properties::fix);
    // A tab after `description:` once made --fix fold the line into `name`.
    properties::fix(b"---\nname: x\ndescription:\tDoes X: a\n---\nBody\n");
}

#[test]
fn targets_inputs() {
    replay("targets", properties::targets);
}

#[test]
fn unpack_inputs() {
    replay("unpack", properties::unpack);
}
