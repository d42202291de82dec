//! `skills package` and `skills unpack` end to end: byte-identical archives, what is left out,
//! every refusal, and hostile archives (zip-slip, symlinks, case collisions, bombs) built here.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::io::{Cursor, Write};
use std::path::Path;

use assert_cmd::Command;
use skills::package::archive::{Kind, Reader};
use tempfile::TempDir;

const DESCRIPTION: &str =
    "Extracts text and tables from PDF files. Use when the user works with PDF documents or forms.";

fn skills(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("skills").unwrap();
    cmd.current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("SOURCE_DATE_EPOCH");
    cmd
}

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    output(skills(dir).args(args))
}

fn output(cmd: &mut Command) -> (i32, String, String) {
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// A skill that lints clean, with a script and a reference.
fn skill(dir: &Path, name: &str) {
    write(
        &dir.join("SKILL.md"),
        &format!(
            "---\nname: {name}\ndescription: {DESCRIPTION}\n---\n# PDF\n\nRun `scripts/extract.py`, then read [the forms guide](references/forms.md).\n"
        ),
    );
    write(&dir.join("scripts/extract.py"), "print('text')\n");
    write(
        &dir.join("references/forms.md"),
        "# Forms\n\nFill them in.\n",
    );
    set_mode(&dir.join("scripts/extract.py"), 0o755);
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

#[cfg(not(unix))]
fn set_mode(_path: &Path, _mode: u32) {}

/// `(name, kind, executable)` of every entry of an archive.
fn entries(bytes: &[u8]) -> Vec<(String, Kind, bool)> {
    let mut reader = Reader::new(Cursor::new(bytes.to_vec())).unwrap();
    (0..reader.len())
        .map(|i| {
            let e = reader.entry(i).unwrap();
            (e.name, e.kind, e.executable)
        })
        .collect()
}

fn names(bytes: &[u8]) -> Vec<String> {
    entries(bytes).into_iter().map(|e| e.0).collect()
}

/// Text without miette's wrapping: frame characters dropped, whitespace runs made one space.
fn flat(text: &str) -> String {
    text.replace(['│', '×'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn packaging_twice_gives_byte_identical_archives() {
    let tmp = TempDir::new().unwrap();
    skill(&tmp.path().join("pdf"), "pdf");
    let (code, stdout, stderr) = run(tmp.path(), &["package", "pdf", "--out", "dist"]);
    assert_eq!(code, 0, "{stderr}");
    let first = fs::read(tmp.path().join("dist/pdf.skill")).unwrap();
    let sha = skills::hash::sha256_hex(&first);
    assert_eq!(
        stdout,
        format!(
            "dist/pdf.skill\n  entries  6 (3 files)\n  size     {} ({} bytes)\n  sha256   {sha}\n",
            skills::package::format_size(first.len() as u64),
            first.len()
        )
    );
    assert_eq!(
        entries(&first),
        [
            ("pdf/".to_owned(), Kind::Dir, true),
            ("pdf/SKILL.md".to_owned(), Kind::File, false),
            ("pdf/references/".to_owned(), Kind::Dir, true),
            ("pdf/references/forms.md".to_owned(), Kind::File, false),
            ("pdf/scripts/".to_owned(), Kind::Dir, true),
            ("pdf/scripts/extract.py".to_owned(), Kind::File, cfg!(unix)),
        ]
    );

    // The same files elsewhere, written later, with other permission bits: the same bytes.
    let copy = tmp.path().join("elsewhere/pdf");
    skill(&copy, "pdf");
    set_mode(&copy.join("references/forms.md"), 0o600);
    let (code, _, stderr) = run(&tmp.path().join("elsewhere"), &["package", "pdf"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        fs::read(tmp.path().join("elsewhere/pdf.skill")).unwrap(),
        first
    );

    // Again with --force over the first: identical.
    let (code, _, _) = run(tmp.path(), &["package", "pdf", "--out", "dist", "--force"]);
    assert_eq!(code, 0);
    assert_eq!(fs::read(tmp.path().join("dist/pdf.skill")).unwrap(), first);

    // SOURCE_DATE_EPOCH sets the timestamps: another archive, itself reproducible.
    let epoch = |value: &str| {
        let (code, _, stderr) = output(
            skills(tmp.path())
                .env("SOURCE_DATE_EPOCH", value)
                .args(["package", "pdf", "--out", "dated", "--force"]),
        );
        assert_eq!(code, 0, "{stderr}");
        fs::read(tmp.path().join("dated/pdf.skill")).unwrap()
    };
    let dated = epoch("1700000000");
    assert_ne!(dated, first);
    assert_eq!(epoch("1700000000"), dated);
    let (code, _, stderr) = output(
        skills(tmp.path())
            .env("SOURCE_DATE_EPOCH", "last tuesday")
            .args(["package", "pdf", "--out", "dated", "--force"]),
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("SOURCE_DATE_EPOCH"), "{stderr}");
}

#[test]
fn junk_evals_and_ignored_files_are_left_out() {
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path().join("pdf");
    skill(&dir, "pdf");
    fs::create_dir_all(dir.join(".git/objects")).unwrap();
    write(&dir.join(".git/HEAD"), "ref: refs/heads/main\n");
    write(&dir.join(".gitignore"), "build/\n*.log\n");
    write(&dir.join("build/out.txt"), "generated");
    write(&dir.join("debug.log"), "log");
    write(&dir.join("node_modules/x/index.js"), "js");
    write(
        &dir.join("scripts/__pycache__/extract.cpython-312.pyc"),
        "pyc",
    );
    write(&dir.join("scripts/old.pyc"), "pyc");
    write(&dir.join(".DS_Store"), "ds");
    write(&dir.join("assets/.DS_Store"), "ds");
    write(&dir.join("evals/evals.json"), "[]");
    write(&dir.join("references/evals/case.md"), "# Case\n");

    let (code, _, stderr) = run(tmp.path(), &["package", "pdf"]);
    assert_eq!(code, 0, "{stderr}");
    let bytes = fs::read(tmp.path().join("pdf.skill")).unwrap();
    assert_eq!(
        names(&bytes),
        [
            "pdf/",
            "pdf/.gitignore",
            "pdf/SKILL.md",
            "pdf/references/",
            "pdf/references/evals/",
            "pdf/references/evals/case.md",
            "pdf/references/forms.md",
            "pdf/scripts/",
            "pdf/scripts/extract.py",
        ]
    );

    let (code, stdout, _) = run(tmp.path(), &["package", "pdf", "--list"]);
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with("pdf.skill would hold 9 entries (5 files, "),
        "{stdout}"
    );
    for line in [
        "  0644   23  pdf/references/forms.md\n",
        "left out:\n",
        "  .DS_Store             macOS Finder metadata\n",
        "  .git/                 version control\n",
        "  assets/.DS_Store      macOS Finder metadata\n",
        "  evals/                evaluation cases, for development only\n",
        "  node_modules/         installed JavaScript dependencies\n",
        "  scripts/__pycache__/  Python bytecode cache\n",
        "  scripts/old.pyc       Python bytecode\n",
    ] {
        assert!(stdout.contains(line), "{line:?} in\n{stdout}");
    }

    // --no-ignore takes what .gitignore excludes, and never the junk.
    let (code, _, _) = run(tmp.path(), &["package", "pdf", "--no-ignore", "--force"]);
    assert_eq!(code, 0);
    let all = names(&fs::read(tmp.path().join("pdf.skill")).unwrap());
    assert!(all.contains(&"pdf/build/out.txt".to_owned()), "{all:?}");
    assert!(all.contains(&"pdf/debug.log".to_owned()), "{all:?}");
    assert!(
        !all.iter()
            .any(|n| n.contains("node_modules") || n.ends_with(".pyc"))
    );
}

#[test]
fn packaging_inside_the_skill_leaves_the_archive_out() {
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path().join("pdf");
    skill(&dir, "pdf");
    assert_eq!(run(&dir, &["package", "."]).0, 0);
    let first = fs::read(dir.join("pdf.skill")).unwrap();
    assert_eq!(run(&dir, &["package", ".", "--force"]).0, 0);
    assert_eq!(fs::read(dir.join("pdf.skill")).unwrap(), first);
    assert!(!names(&first).contains(&"pdf/pdf.skill".to_owned()));
}

#[test]
fn lint_errors_and_broken_upload_rules_refuse_and_write_nothing() {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path();

    // A lint error: the name does not match the folder.
    skill(&root.join("mismatch"), "other-name");
    let (code, stdout, stderr) = run(root, &["package", "mismatch"]);
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert!(stderr.contains("S014(name-directory-mismatch)"), "{stderr}");
    assert!(
        stderr.ends_with("not packaged: fix the errors above first\n"),
        "{stderr}"
    );

    // A plugin manifest and a second skill inside.
    skill(&root.join("plugged"), "plugged");
    write(&root.join("plugged/.claude-plugin/plugin.json"), "{}");
    skill(&root.join("plugged/inner"), "inner");
    let (code, _, stderr) = run(root, &["package", "plugged"]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("error: `.claude-plugin/` is a plugin manifest"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: `inner/SKILL.md` is a second skill file"),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("not packaged: 2 upload rules broken\n"),
        "{stderr}"
    );

    // A reserved word, as Anthropic's platform rules have it.
    skill(&root.join("claude-pdf"), "claude-pdf");
    let (code, _, stderr) = run(root, &["package", "claude-pdf"]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains(
            "error: `name` `claude-pdf` contains `claude`, which the upload rules of Claude Code \
             reserve"
        ),
        "{stderr}"
    );

    // Paths that differ only in case, and the size limit.
    skill(&root.join("big"), "big");
    write(&root.join("big/references/Forms.md"), "# Forms\n");
    let (code, _, stderr) = run(root, &["package", "big", "--max-size", "100"]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains(
            "`big/references/Forms.md` and `big/references/forms.md` differ only in case"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("over the 100 bytes limit"), "{stderr}");

    assert_eq!(
        listing(root),
        ["big", "claude-pdf", "mismatch", "plugged"],
        "no archive and no temporary file"
    );
}

#[test]
fn an_existing_archive_is_kept_without_force() {
    let tmp = TempDir::new().unwrap();
    skill(&tmp.path().join("pdf"), "pdf");
    write(&tmp.path().join("pdf.skill"), "mine");
    let (code, stdout, stderr) = run(tmp.path(), &["package", "pdf"]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.contains("pdf.skill already exists"), "{stderr}");
    assert!(stderr.contains("--force"), "{stderr}");
    assert_eq!(
        fs::read_to_string(tmp.path().join("pdf.skill")).unwrap(),
        "mine"
    );
    assert_eq!(listing(tmp.path()), ["pdf", "pdf.skill"]);
    assert_eq!(run(tmp.path(), &["package", "pdf", "--force"]).0, 0);
    assert_ne!(fs::read(tmp.path().join("pdf.skill")).unwrap(), b"mine");
    assert_eq!(listing(tmp.path()), ["pdf", "pdf.skill"]);
}

#[test]
fn a_path_with_several_skills_is_refused() {
    let tmp = TempDir::new().unwrap();
    skill(&tmp.path().join("skills/a"), "a");
    skill(&tmp.path().join("skills/b"), "b");
    let (code, _, stderr) = run(tmp.path(), &["package", "skills"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("holds 2 skills (a, b), not one"),
        "{stderr}"
    );
    let (code, _, _) = run(tmp.path(), &["package", "skills/a/SKILL.md"]);
    assert_eq!(code, 0);
    assert!(tmp.path().join("a.skill").is_file());
}

// ---- unpack ----

/// An archive built entry by entry: `(name, contents)`; a name ending in `/` is a folder, a
/// contents starting with `->` a symlink to the rest.
fn zip(entries: &[(&str, &str)]) -> Vec<u8> {
    use zip::write::SimpleFileOptions;
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default();
    for (name, contents) in entries {
        if name.ends_with('/') {
            zip.add_directory(*name, options).unwrap();
        } else if let Some(target) = contents.strip_prefix("->") {
            zip.add_symlink(*name, target, options).unwrap();
        } else {
            zip.start_file(*name, options).unwrap();
            zip.write_all(contents.as_bytes()).unwrap();
        }
    }
    zip.finish().unwrap().into_inner()
}

fn skill_md(name: &str) -> String {
    format!("---\nname: {name}\ndescription: {DESCRIPTION}\n---\n# PDF\n")
}

/// Unpacks `bytes` into `into` inside a fresh directory; returns the exit code and stderr, and
/// checks that a refusal leaves nothing behind.
fn unpack(bytes: &[u8], extra: &[&str]) -> (TempDir, i32, String) {
    let tmp = TempDir::new().unwrap();
    fs::write(tmp.path().join("in.skill"), bytes).unwrap();
    let mut args = vec!["unpack", "in.skill", "--into", "into"];
    args.extend(extra);
    let (code, _, stderr) = run(tmp.path(), &args);
    let stderr = flat(&stderr);
    if code == 2 {
        let left = tmp.path().join("into");
        assert!(
            !left.exists() || fs::read_dir(&left).unwrap().next().is_none(),
            "a refusal wrote {:?}",
            listing(&left)
        );
        for name in listing(tmp.path()) {
            assert!(
                name == "in.skill" || name == "into",
                "a refusal left {name}"
            );
        }
    }
    (tmp, code, stderr)
}

#[test]
fn a_packaged_skill_unpacks_to_the_same_files() {
    let tmp = TempDir::new().unwrap();
    skill(&tmp.path().join("pdf"), "pdf");
    assert_eq!(run(tmp.path(), &["package", "pdf"]).0, 0);
    let (code, stdout, stderr) = run(tmp.path(), &["unpack", "pdf.skill", "--into", "installed"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.starts_with("unpacked pdf into installed/pdf/ (3 files, "),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("0 errors, 0 warnings in 1 skill\n"),
        "{stdout}"
    );
    for rel in ["SKILL.md", "scripts/extract.py", "references/forms.md"] {
        assert_eq!(
            fs::read(tmp.path().join("installed/pdf").join(rel)).unwrap(),
            fs::read(tmp.path().join("pdf").join(rel)).unwrap(),
            "{rel}"
        );
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |rel: &str| {
            fs::metadata(tmp.path().join("installed/pdf").join(rel))
                .unwrap()
                .permissions()
                .mode()
                & 0o777
        };
        assert_eq!(mode("scripts/extract.py"), 0o755);
        assert_eq!(mode("SKILL.md"), 0o644);
    }

    // Not again without --force; with it, the folder is replaced whole.
    write(&tmp.path().join("installed/pdf/local.txt"), "mine");
    let (code, _, stderr) = run(tmp.path(), &["unpack", "pdf.skill", "--into", "installed"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("installed/pdf already exists"), "{stderr}");
    assert!(tmp.path().join("installed/pdf/local.txt").exists());
    let (code, _, _) = run(
        tmp.path(),
        &["unpack", "pdf.skill", "--into", "installed", "--force"],
    );
    assert_eq!(code, 0);
    assert!(!tmp.path().join("installed/pdf/local.txt").exists());
    assert_eq!(listing(&tmp.path().join("installed")), ["pdf"]);
}

#[test]
fn zip_slip_symlinks_and_collisions_are_refused() {
    let md = skill_md("pdf");
    let cases: &[(&[(&str, &str)], &str)] = &[
        (
            &[("pdf/SKILL.md", &md), ("pdf/../../evil.txt", "x")],
            "climbs out with `..`",
        ),
        (
            &[("pdf/SKILL.md", &md), ("/tmp/evil.txt", "x")],
            "absolute path",
        ),
        (
            &[("pdf/SKILL.md", &md), ("C:/evil.txt", "x")],
            "absolute path",
        ),
        (&[("pdf/SKILL.md", &md), ("pdf\\..\\evil.txt", "x")], "`\\`"),
        (
            &[("pdf/SKILL.md", &md), ("pdf/link", "->/etc/passwd")],
            "symbolic link",
        ),
        (
            &[
                ("pdf/SKILL.md", &md),
                ("pdf/Notes.md", "a"),
                ("pdf/notes.md", "b"),
            ],
            "collides with `pdf/Notes.md` when case and Unicode normalisation are ignored",
        ),
        (
            &[
                ("pdf/SKILL.md", &md),
                ("pdf/x", "file"),
                ("pdf/x/y", "inside"),
            ],
            "appears twice, or as a file and a folder",
        ),
        (
            &[("pdf/SKILL.md", &md), ("other/SKILL.md", &md)],
            "and `other/SKILL.md`",
        ),
        (&[("pdf/README.md", "# hi")], "holds no skill"),
        (&[("pdf/deep/SKILL.md", &md)], "is not at the top"),
        // One name composed, one decomposed: the same file on macOS.
        (
            &[
                ("pdf/SKILL.md", &md),
                ("pdf/caf\u{e9}.md", "a"),
                ("pdf/cafe\u{301}.md", "b"),
            ],
            "collides with `pdf/café.md`",
        ),
        // Windows drops a trailing dot or space: three names, one file.
        (
            &[("pdf/SKILL.md", &md), ("pdf/a.md", "a"), ("pdf/a.md.", "b")],
            "ends with `.` or a space",
        ),
        (
            &[("pdf/SKILL.md", &md), ("pdf/a.md ", "b")],
            "ends with `.` or a space",
        ),
        (
            &[("pdf/SKILL.md", &md), ("pdf/aux.md", "b")],
            "reserves for a device",
        ),
        // A folder name that would clear the screen when echoed.
        (
            &[("e\x1b[2Jvil/SKILL.md", &md)],
            "entry `e\\x1b[2Jvil/SKILL.md` is refused: it contains a control character",
        ),
    ];
    for (entries, expected) in cases {
        let (_tmp, code, stderr) = unpack(&zip(entries), &[]);
        assert_eq!(code, 2, "{entries:?}");
        assert!(stderr.contains("in.skill not unpacked"), "{stderr}");
        assert!(stderr.contains(expected), "{expected:?} in {stderr}");
    }
    let (_tmp, code, stderr) = unpack(b"PK\x03\x04 not really", &[]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not a ZIP archive"), "{stderr}");
}

/// Two entries with one name: the ZIP library keeps one of them, so the archive is refused
/// before anything is checked or written.
#[test]
fn an_archive_that_names_an_entry_twice_is_refused() {
    let md = skill_md("evil");
    let mut bytes = zip(&[
        ("evil/SKILL.md", &md),
        (
            "evil/SKILL.mX",
            "---\nname: evil\ndescription: the second one\n---\n",
        ),
    ]);
    // Rename the second entry to the first's name, in its local header and the directory.
    let from = b"evil/SKILL.mX";
    let mut at = 0;
    while let Some(found) = bytes[at..].windows(from.len()).position(|w| w == from) {
        bytes[at + found + from.len() - 1] = b'd';
        at += found + from.len();
    }
    let (_tmp, code, stderr) = unpack(&bytes, &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("the entry `evil/SKILL.md` appears twice"),
        "{stderr}"
    );
}

#[test]
fn bombs_and_entry_floods_are_refused() {
    let zeros = "0".repeat(5_000_000);
    let bomb = zip(&[
        ("pdf/SKILL.md", &skill_md("pdf")),
        ("pdf/zeros.txt", &zeros),
    ]);
    assert!(bomb.len() < 100_000, "{} bytes", bomb.len());
    let (_tmp, code, stderr) = unpack(&bomb, &["--max-size", "1MB"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("unpacks to more than 1 MB"), "{stderr}");

    // The same archive lying about its sizes: counted while extracting, refused, nothing kept.
    let mut liar = bomb.clone();
    let claimed = 1000u32.to_le_bytes();
    for (signature, offset) in [(b"PK\x03\x04", 22), (b"PK\x01\x02", 24)] {
        let mut at = 0;
        while let Some(found) = liar[at..].windows(4).position(|w| w == signature) {
            let start = at + found + offset;
            if liar[start..start + 4] == (zeros.len() as u32).to_le_bytes() {
                liar[start..start + 4].copy_from_slice(&claimed);
            }
            at += found + 4;
        }
    }
    assert_ne!(liar, bomb);
    let (tmp, code, stderr) = unpack(&liar, &["--max-size", "1MB"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("unpacks to more than 1 MB, though it claims 1.1 kB"),
        "{stderr}"
    );
    assert!(!tmp.path().join("into/pdf").exists());

    let md = skill_md("pdf");
    let mut many: Vec<(String, String)> = vec![("pdf/SKILL.md".into(), md)];
    many.extend((0..30).map(|i| (format!("pdf/f{i}.txt"), String::new())));
    let refs: Vec<(&str, &str)> = many.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    let (_tmp, code, stderr) = unpack(&zip(&refs), &["--max-entries", "10"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("lists 31 entries, over the limit of 10"),
        "{stderr}"
    );
}

#[test]
fn a_skill_at_the_top_and_macos_metadata() {
    let md = skill_md("notes");
    let archive = zip(&[
        ("SKILL.md", &md),
        ("references/a.md", "# A\n"),
        ("__MACOSX/", ""),
        ("__MACOSX/._SKILL.md", "junk"),
        (".DS_Store", "junk"),
    ]);
    let (tmp, code, stderr) = unpack(&archive, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(listing(&tmp.path().join("into")), ["notes"]);
    assert_eq!(
        listing(&tmp.path().join("into/notes")),
        ["SKILL.md", "references"]
    );

    // Without a folder or a usable name, there is nowhere to put it.
    let (_tmp, code, stderr) = unpack(&zip(&[("SKILL.md", "# no frontmatter\n")]), &[]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no `name` to make one from"), "{stderr}");
}

#[test]
fn an_unpacked_skill_with_errors_is_installed_and_reported() {
    let archive = zip(&[("pdf/SKILL.md", "---\nname: other\ndescription: x\n---\n")]);
    let tmp = TempDir::new().unwrap();
    fs::write(tmp.path().join("in.skill"), &archive).unwrap();
    let (code, stdout, _) = run(tmp.path(), &["unpack", "in.skill"]);
    assert_eq!(code, 1);
    assert!(stdout.contains("S014(name-directory-mismatch)"), "{stdout}");
    assert!(tmp.path().join("pdf/SKILL.md").is_file());
}

/// The `skills package` example in docs/commands.md: the same bytes on every machine, so its
/// SHA-256 is printed there as it is.
#[test]
fn the_documented_example_archive_is_the_same_everywhere() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = fs::read_to_string(repo.join("docs/commands.md")).unwrap();
    let start = readme
        .find("```text\ndist/pdf-processing.skill\n")
        .expect("the example")
        + 8;
    let expected = &readme[start..start + readme[start..].find("```").unwrap()];
    let tmp = TempDir::new().unwrap();
    let fixture = repo.join("fixtures/skills/pdf-processing");
    let (code, stdout, stderr) = run(
        tmp.path(),
        &["package", fixture.to_str().unwrap(), "--out", "dist"],
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout, expected,
        "the docs/commands.md example of `skills package` is out of date"
    );
}
