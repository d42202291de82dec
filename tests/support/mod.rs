//! What the replay and golden tests share: whether this machine's filesystem lists directory
//! entries in the same order as the machine that made the recordings.
//!
//! Some clients list files in directory-read order (ripgrep's walker for opencode's
//! `<skill_files>`, Cline's skill list), and `skills` reads directories the same way, so on one
//! filesystem its output matches theirs byte for byte. ext4 orders entries by a hash with a
//! per-filesystem seed: on another filesystem the same names come back in another order, for
//! the client as for `skills`. The lab records the order of a probe directory
//! (`tests/conformance/readdir-order.json`); when this machine lists it differently, tests
//! compare such outputs line by line regardless of order and say so.
#![allow(dead_code, clippy::unwrap_used)]

use std::fs;
use std::path::PathBuf;

/// Whether a directory of the probe names lists in the recorded order here.
pub fn directory_order_matches_recordings() -> bool {
    let probe: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/readdir-order.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    for name in probe["created"].as_array().unwrap() {
        fs::write(dir.path().join(name.as_str().unwrap()), "").unwrap();
    }
    let listed: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let recorded: Vec<&str> = probe["listed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    listed == recorded
}

/// The same lines, in any order.
pub fn same_lines(a: &[u8], b: &[u8]) -> bool {
    sorted_lines(a) == sorted_lines(b)
}

fn sorted_lines(bytes: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = bytes.split(|&c| c == b'\n').collect();
    lines.sort_unstable();
    lines
}
