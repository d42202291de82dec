//! The filesystem provider: discovery (layouts, ignore rules, bounds, symlinks, shadowing) and
//! the guards on `read_resource`, on trees built in temporary directories.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};

use skills::error::Error;
use skills::provider::{
    FsOptions, FsProvider, NoteKind, ResourceError, Root, SkillProvider, Truncation,
};
use skills::skill::Scope;
use tempfile::TempDir;

fn skill_md(name: &str) -> String {
    format!("---\nname: {name}\ndescription: Does {name} things. Use when asked.\n---\n# {name}\n")
}

/// Writes `files` (relative path → content) under a new temporary directory.
fn tree(files: &[(&str, &str)]) -> TempDir {
    let dir = TempDir::new().unwrap();
    for (path, content) in files {
        let full = dir.path().join(path);
        fs::create_dir_all(full.parent().unwrap()).unwrap();
        fs::write(full, content).unwrap();
    }
    dir
}

fn discover(roots: &[Root]) -> FsProvider {
    FsProvider::discover(roots, FsOptions::default()).unwrap()
}

/// One explicit root with non-default options.
fn discover_in(root: &Path, options: FsOptions) -> FsProvider {
    FsProvider::discover(&[Root::explicit(root)], options).unwrap()
}

fn names(p: &FsProvider) -> Vec<String> {
    p.list().iter().map(|s| s.name().into_owned()).collect()
}

fn notes(p: &FsProvider, kind: NoteKind) -> Vec<PathBuf> {
    p.notes()
        .iter()
        .filter(|n| n.kind == kind)
        .map(|n| n.path.clone())
        .collect()
}

fn canon(p: &Path) -> PathBuf {
    fs::canonicalize(p).unwrap()
}

#[test]
fn finds_skills_at_any_depth_in_sorted_order() {
    let t = tree(&[
        ("b-skill/SKILL.md", &skill_md("b-skill")),
        ("a-skill/SKILL.md", &skill_md("a-skill")),
        ("skills/python/typing/SKILL.md", &skill_md("typing")),
        (
            "plugin/skills/deep/er/than/that/SKILL.md",
            &skill_md("that"),
        ),
    ]);
    let p = discover(&[Root::explicit(t.path())]);
    assert_eq!(names(&p), ["a-skill", "b-skill", "that", "typing"]);
    assert!(p.notes().is_empty(), "{:?}", p.notes());
}

#[test]
fn hidden_directories_are_searched_but_git_and_node_modules_are_not() {
    let t = tree(&[
        (".claude/skills/one/SKILL.md", &skill_md("one")),
        (".github/skills/two/SKILL.md", &skill_md("two")),
        ("skills/.curated/three/SKILL.md", &skill_md("three")),
        (".git/skills/four/SKILL.md", &skill_md("four")),
        ("node_modules/pkg/skills/five/SKILL.md", &skill_md("five")),
    ]);
    let p = discover(&[Root::explicit(t.path())]);
    assert_eq!(names(&p), ["one", "two", "three"]);
}

#[test]
fn gitignore_is_honoured_unless_turned_off() {
    let t = tree(&[
        (".gitignore", "build/\n"),
        ("build/copied/SKILL.md", &skill_md("copied")),
        ("real/SKILL.md", &skill_md("real")),
    ]);
    fs::create_dir(t.path().join(".git")).unwrap();
    let p = discover(&[Root::explicit(t.path())]);
    assert_eq!(names(&p), ["real"]);
    let options = FsOptions {
        respect_gitignore: false,
        ..FsOptions::default()
    };
    let p = discover_in(t.path(), options);
    assert_eq!(names(&p), ["copied", "real"]);
    // A root of a runtime that reads every directory, whatever .gitignore says.
    let mut every_directory = Root::explicit(t.path());
    every_directory.gitignore = false;
    let p = discover(&[every_directory]);
    assert_eq!(names(&p), ["copied", "real"]);
}

#[test]
fn a_skill_directory_a_skill_file_and_dot_paths_all_resolve() {
    let t = tree(&[("pdf/SKILL.md", &skill_md("pdf"))]);
    let dir = t.path().join("pdf");
    for root in [
        dir.clone(),
        dir.join("SKILL.md"),
        dir.join("."),
        dir.join("references/.."),
    ] {
        if root.ends_with("references/..") {
            fs::create_dir_all(dir.join("references")).unwrap();
        }
        let p = discover(&[Root::explicit(&root)]);
        let skill = &p.list()[0];
        assert_eq!(skill.dir_name(), "pdf", "root {}", root.display());
        assert_eq!(skill.dir, canon(&dir));
    }
}

#[test]
fn lowercase_skill_md_is_loaded_and_recorded() {
    let t = tree(&[("quiet/skill.md", &skill_md("quiet"))]);
    let p = discover(&[Root::explicit(t.path())]);
    assert_eq!(names(&p), ["quiet"]);
    assert!(!p.list()[0].has_canonical_file_name());
    assert_eq!(
        notes(&p, NoteKind::LowercaseSkillMd),
        [canon(t.path()).join("quiet/skill.md")]
    );
}

#[test]
fn directories_in_a_skills_folder_without_a_skill_are_recorded() {
    let t = tree(&[
        (".agents/skills/good/SKILL.md", &skill_md("good")),
        (".agents/skills/draft/notes.md", "unfinished"),
        (".agents/skills/category/inner/SKILL.md", &skill_md("inner")),
        ("docs/not-a-skill/readme.md", "not under a skills folder"),
    ]);
    let p = discover(&[Root::explicit(t.path())]);
    assert_eq!(
        notes(&p, NoteKind::MissingSkillMd),
        [canon(t.path()).join(".agents/skills/draft")]
    );
}

#[test]
fn the_depth_bound_is_reported() {
    let t = tree(&[
        ("a/b/c/d/SKILL.md", &skill_md("deep")),
        ("a/SKILL.md", &skill_md("shallow")),
    ]);
    let options = FsOptions {
        max_depth: 2,
        ..FsOptions::default()
    };
    let p = discover_in(t.path(), options);
    assert_eq!(names(&p), ["shallow"]);
    assert_eq!(notes(&p, NoteKind::DepthLimit).len(), 1);
}

#[test]
fn the_directory_bound_is_reported() {
    let files: Vec<(String, String)> = (0..10)
        .map(|i| (format!("s{i}/SKILL.md"), skill_md(&format!("s{i}"))))
        .collect();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let t = tree(&refs);
    let options = FsOptions {
        max_dirs: 4,
        ..FsOptions::default()
    };
    let p = discover_in(t.path(), options);
    // The root itself counts as the first directory.
    assert_eq!(names(&p), ["s0", "s1", "s2"]);
    assert_eq!(notes(&p, NoteKind::DirectoryLimit), [canon(t.path())]);
}

#[test]
fn same_name_in_two_roots_shadows_by_precedence() {
    let project = tree(&[(".agents/skills/deploy/SKILL.md", &skill_md("deploy"))]);
    let user = tree(&[(".agents/skills/deploy/SKILL.md", &skill_md("deploy"))]);
    let roots = [
        Root::optional(user.path(), Scope::User, 1),
        Root::optional(project.path(), Scope::Project, 2),
    ];
    let p = discover(&roots);
    let winner = p.get("deploy").unwrap();
    assert_eq!(winner.origin.scope, Scope::Project);
    let loser = p
        .list()
        .iter()
        .find(|s| s.origin.scope == Scope::User)
        .unwrap();
    assert_eq!(
        loser.shadowed_by.as_deref(),
        Some(winner.skill_md.as_path())
    );
    // With equal precedence the first root wins.
    let p = discover(&[Root::explicit(user.path()), Root::explicit(project.path())]);
    assert!(
        p.get("deploy")
            .unwrap()
            .skill_md
            .starts_with(canon(user.path()))
    );
}

#[test]
fn overlapping_paths_list_a_skill_once() {
    let t = tree(&[("one/SKILL.md", &skill_md("one"))]);
    let p = discover(&[
        Root::explicit(t.path()),
        Root::explicit(t.path().join("one")),
    ]);
    assert_eq!(names(&p), ["one"]);
    assert_eq!(notes(&p, NoteKind::SameFile).len(), 1);
}

#[test]
fn missing_required_roots_fail_and_optional_ones_are_empty() {
    let t = TempDir::new().unwrap();
    let missing = t.path().join("nope");
    let err = FsProvider::discover(&[Root::explicit(&missing)], FsOptions::default()).unwrap_err();
    assert!(matches!(err, Error::PathNotFound { path } if path == missing));
    let p = discover(&[Root::optional(&missing, Scope::User, 0)]);
    assert!(p.list().is_empty());
}

#[test]
fn a_file_root_must_be_a_skill_file() {
    let t = tree(&[("notes.txt", "hello")]);
    let err = FsProvider::discover(
        &[Root::explicit(t.path().join("notes.txt"))],
        FsOptions::default(),
    )
    .unwrap_err();
    assert!(matches!(err, Error::NotASkillPath { .. }));
    assert!(err.to_string().contains("notes.txt"));
}

#[test]
fn an_oversized_skill_file_is_recorded_not_read() {
    let big = format!("{}{}", skill_md("big"), "x".repeat(2000));
    let t = tree(&[
        ("big/SKILL.md", &big),
        ("small/SKILL.md", &skill_md("small")),
    ]);
    let options = FsOptions {
        max_skill_md_bytes: 1000,
        ..FsOptions::default()
    };
    let p = discover_in(t.path(), options);
    assert_eq!(names(&p), ["small"]);
    assert_eq!(
        notes(&p, NoteKind::TooLarge),
        [canon(t.path()).join("big/SKILL.md")]
    );
}

#[test]
fn resources_are_listed_sorted_without_the_skill_file() {
    let t = tree(&[
        ("pdf/SKILL.md", &skill_md("pdf")),
        ("pdf/scripts/z.py", "print()"),
        ("pdf/references/b.md", "b"),
        ("pdf/references/a.md", "a"),
        ("pdf/.hidden/x.txt", "x"),
    ]);
    let p = discover(&[Root::explicit(t.path())]);
    let r = p.resources("pdf").unwrap();
    assert_eq!(
        r.files,
        [
            ".hidden/x.txt",
            "references/a.md",
            "references/b.md",
            "scripts/z.py"
        ]
    );
    assert!(!r.truncated);
}

#[test]
fn resource_listings_are_bounded() {
    let t = tree(&[
        ("pdf/SKILL.md", &skill_md("pdf")),
        ("pdf/a.md", "a"),
        ("pdf/b.md", "b"),
        ("pdf/c.md", "c"),
    ]);
    let options = FsOptions {
        max_resources: 2,
        ..FsOptions::default()
    };
    let p = discover_in(t.path(), options);
    let r = p.resources("pdf").unwrap();
    assert_eq!(r.files, ["a.md", "b.md"]);
    assert!(r.truncated);
}

#[test]
fn read_resource_applies_every_guard() {
    let t = tree(&[
        ("pdf/SKILL.md", &skill_md("pdf")),
        ("pdf/references/forms.md", "one\ntwo\nthree\n"),
        ("secret.txt", "top secret"),
    ]);
    fs::write(t.path().join("pdf/logo.png"), b"\x89PNG\r\n\x1a\n\0\0\0").unwrap();
    let p = discover(&[Root::explicit(t.path().join("pdf"))]);

    let r = p
        .read_resource("pdf", "references/forms.md", Some("2:3".parse().unwrap()))
        .unwrap();
    assert_eq!(r.text, "two\nthree\n");
    assert_eq!(r.path, "references/forms.md");

    let err = |path: &str| p.read_resource("pdf", path, None).unwrap_err();
    assert!(matches!(
        err("../secret.txt"),
        ResourceError::Traversal { .. }
    ));
    let abs = t.path().join("secret.txt");
    assert!(matches!(
        err(abs.to_str().unwrap()),
        ResourceError::Absolute { .. }
    ));
    assert!(matches!(
        err("logo.png"),
        ResourceError::Binary { offset: 8, .. }
    ));
    assert!(matches!(err("references"), ResourceError::NotAFile { .. }));
    assert!(matches!(err("nope.md"), ResourceError::NotFound { .. }));
    assert!(matches!(
        p.read_resource("zip", "x", None).unwrap_err(),
        ResourceError::UnknownSkill { available, .. } if available == ["pdf"]
    ));
}

#[test]
fn read_resource_truncates_with_a_notice() {
    let long = "0123456789\n".repeat(100); // 1100 bytes
    let t = tree(&[("pdf/SKILL.md", &skill_md("pdf")), ("pdf/big.txt", &long)]);
    let options = FsOptions {
        max_resource_bytes: 100,
        ..FsOptions::default()
    };
    let p = discover_in(t.path(), options);
    let r = p.read_resource("pdf", "big.txt", None).unwrap();
    assert_eq!(r.text.len(), 100);
    assert_eq!(
        r.truncated,
        Some(Truncation {
            shown_bytes: 100,
            total_bytes: Some(1100)
        })
    );
    assert_eq!(
        r.truncation_notice().unwrap(),
        "[truncated: showing the first 100 of 1100 bytes]"
    );
}

#[cfg(unix)]
mod symlinks {
    use std::os::unix::fs::symlink;

    use super::*;

    #[test]
    fn a_symlinked_skill_inside_the_root_is_followed_and_recorded() {
        let t = tree(&[("store/real/SKILL.md", &skill_md("real"))]);
        fs::create_dir_all(t.path().join("skills")).unwrap();
        symlink(t.path().join("store/real"), t.path().join("skills/real")).unwrap();
        let p = discover(&[Root::explicit(t.path().join("skills"))]);
        // The link lives in the `skills` root but its target does not: an escape.
        assert_eq!(names(&p), ["real"]);
        assert_eq!(p.list()[0].dir, canon(t.path()).join("skills/real"));
        assert_eq!(notes(&p, NoteKind::SymlinkEscape).len(), 1);

        // Walked from the parent, the same link stays inside the root.
        let p = discover(&[Root::explicit(t.path())]);
        assert_eq!(names(&p), ["real"]);
        assert_eq!(notes(&p, NoteKind::SameFile).len(), 1);
        assert_eq!(
            notes(&p, NoteKind::Symlink),
            [canon(t.path()).join("skills/real")]
        );
    }

    #[test]
    fn a_symlinked_directory_leaving_the_root_is_not_searched() {
        let outside = tree(&[("nested/deep/SKILL.md", &skill_md("deep"))]);
        let t = tree(&[("here/SKILL.md", &skill_md("here"))]);
        symlink(outside.path(), t.path().join("elsewhere")).unwrap();
        let p = discover(&[Root::explicit(t.path())]);
        assert_eq!(names(&p), ["here"]);
        assert_eq!(
            notes(&p, NoteKind::SymlinkEscape),
            [canon(t.path()).join("elsewhere")]
        );
    }

    #[test]
    fn symlink_loops_and_broken_links_are_recorded() {
        let t = tree(&[("a/SKILL.md", &skill_md("a"))]);
        symlink(t.path().join("a"), t.path().join("a/loop")).unwrap();
        symlink(t.path().join("missing"), t.path().join("broken")).unwrap();
        let p = discover(&[Root::explicit(t.path())]);
        assert_eq!(names(&p), ["a"]);
        assert_eq!(notes(&p, NoteKind::SymlinkLoop).len(), 1, "{:?}", p.notes());
        assert_eq!(
            notes(&p, NoteKind::BrokenSymlink).len(),
            1,
            "{:?}",
            p.notes()
        );
    }

    #[test]
    fn a_symlinked_skill_file_is_recorded() {
        let t = tree(&[("shared.md", &skill_md("linked"))]);
        fs::create_dir(t.path().join("linked")).unwrap();
        symlink(t.path().join("shared.md"), t.path().join("linked/SKILL.md")).unwrap();
        let p = discover(&[Root::explicit(t.path())]);
        assert_eq!(names(&p), ["linked"]);
        assert_eq!(notes(&p, NoteKind::Symlink).len(), 1);
    }

    #[test]
    fn read_resource_refuses_a_symlink_that_leaves_the_skill() {
        let t = tree(&[
            ("pdf/SKILL.md", &skill_md("pdf")),
            ("pdf/references/a.md", "inside"),
            ("secret.txt", "top secret"),
        ]);
        symlink(t.path().join("secret.txt"), t.path().join("pdf/leak.md")).unwrap();
        symlink(
            t.path().join("pdf/references/a.md"),
            t.path().join("pdf/alias.md"),
        )
        .unwrap();
        let p = discover(&[Root::explicit(t.path().join("pdf"))]);
        assert!(matches!(
            p.read_resource("pdf", "leak.md", None).unwrap_err(),
            ResourceError::SymlinkEscape { .. }
        ));
        assert_eq!(
            p.read_resource("pdf", "alias.md", None).unwrap().text,
            "inside"
        );
    }

    #[test]
    fn unreadable_directories_are_recorded() {
        use std::os::unix::fs::PermissionsExt;
        let t = tree(&[
            ("ok/SKILL.md", &skill_md("ok")),
            ("locked/x/SKILL.md", &skill_md("x")),
        ]);
        let locked = t.path().join("locked");
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
        if fs::read_dir(&locked).is_ok() {
            // Running as root: permissions are not enforced, nothing to observe.
            fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
            eprintln!("skipped: permissions are not enforced for this user");
            return;
        }
        let p = discover(&[Root::explicit(t.path())]);
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(names(&p), ["ok"]);
        assert_eq!(notes(&p, NoteKind::Unreadable).len(), 1);
    }
}
