//! What `skills targets` says about where each target's facts come from names public sources
//! only: documentation and design documents by title, repositories and packages with a commit or
//! version, the client version the recordings verify. Never a leak, and never a file only this
//! repository's authors have (their working notes).
#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use skills::targets::TARGETS;

/// Words that point at something the public cannot read.
const PRIVATE: [&str; 7] = [
    "leak",
    "deobfuscat",
    "seeds/",
    "seed-runtimes",
    "runtime-formats",
    "real-clients",
    "landscape.md",
];

fn private_in(text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    PRIVATE.iter().copied().find(|word| lower.contains(word))
}

#[test]
fn every_reference_is_public() {
    for target in TARGETS {
        for text in [target.reference, target.confidence.as_str()]
            .into_iter()
            .chain(target.decisions.iter().copied())
        {
            assert_eq!(private_in(text), None, "{}: {text}", target.id);
        }
        assert_eq!(private_in(&target.verification()), None, "{}", target.id);
        assert!(!target.reference.trim().is_empty(), "{}", target.id);
    }
}

#[test]
fn the_targets_listing_the_readme_and_the_docs_say_so_too() {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .args(["targets", "--format", "json"])
        .output()
        .unwrap();
    let listing = String::from_utf8(out.stdout).unwrap();
    assert_eq!(private_in(&listing), None);
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut documents = vec![repo.join("README.md")];
    let mut folders = vec![repo.join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                documents.push(path);
            }
        }
    }
    for document in documents {
        let text = std::fs::read_to_string(&document).unwrap();
        assert_eq!(private_in(&text), None, "{}", document.display());
    }
}

#[test]
fn verified_targets_name_the_client_version() {
    for target in TARGETS {
        if let Some(verified) = target.verified {
            let checked = target.verification();
            assert!(checked.contains(verified.client), "{}", target.id);
            assert!(checked.contains(verified.version), "{}", target.id);
        }
    }
}
