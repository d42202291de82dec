//! Hostile skills, trees and archives, end to end: each test is one row of the reliability and
//! security issue, and docs/security.md names it as the proof of a guarantee. Nothing leaves the
//! skill, nothing hangs, `--fix` never changes meaning or loses an edit, and what reaches the
//! terminal carries no control bytes from the input.
#![cfg(unix)]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::time::{Duration, Instant};

use assert_cmd::Command;

const SKILL: &str = "---\nname: pdf-processing\ndescription: Extracts text and tables from PDF files. Use when the user works with PDF documents.\n---\n# PDF processing\n\nRead the file, then answer.\n";

fn write(dir: &Path, rel: &str, text: &str) {
    let path = dir.join(rel);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// Runs `skills ARGS` in `dir`, failing the test if it takes longer than `limit`.
fn run(dir: &Path, args: &[&str], limit: Duration) -> (i32, Vec<u8>, String) {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .args(args)
        .timeout(limit)
        .output()
        .unwrap();
    let code = out
        .status
        .code()
        .unwrap_or_else(|| panic!("`skills {}` did not finish in {limit:?}", args.join(" ")));
    (
        code,
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success());
}

/// Row 1: a symlink to a file or folder outside the skill, and a hard link to an outside file,
/// never go into an archive: `package` refuses and names them.
#[test]
fn package_refuses_links_out_of_the_skill() {
    let t = tempfile::tempdir().unwrap();
    write(t.path(), "pdf-processing/SKILL.md", SKILL);
    write(t.path(), "secret.txt", "top secret\n");
    write(t.path(), "outside/notes.md", "outside\n");
    let skill = t.path().join("pdf-processing");
    fs::create_dir(skill.join("references")).unwrap();
    symlink("/etc/passwd", skill.join("references/passwd.md")).unwrap();
    symlink("../../outside", skill.join("references/out")).unwrap();
    fs::hard_link(
        t.path().join("secret.txt"),
        skill.join("references/hard.md"),
    )
    .unwrap();
    let (code, _, stderr) = run(
        t.path(),
        &["package", "pdf-processing", "--out", "dist"],
        Duration::from_secs(60),
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(!t.path().join("dist/pdf-processing.skill").exists());
    for named in [
        "`references/passwd.md` is a symlink to a file outside the skill",
        "`references/out` is a symlink to a folder outside the skill",
        "`references/hard.md` is not packaged: it has 2 hard links",
    ] {
        assert!(stderr.contains(named), "{named} in {stderr}");
    }
}

/// Row 2: a symlink to `/` in the skill is refused at once, not walked.
#[test]
fn a_link_to_the_root_of_the_filesystem_is_not_walked() {
    let t = tempfile::tempdir().unwrap();
    write(t.path(), "pdf-processing/SKILL.md", SKILL);
    symlink("/", t.path().join("pdf-processing/rootlink")).unwrap();
    let start = Instant::now();
    let (code, stdout, stderr) = run(
        t.path(),
        &["package", "pdf-processing", "--list"],
        Duration::from_secs(60),
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(start.elapsed() < Duration::from_secs(30));
    assert!(
        stderr.contains("`rootlink` is a symlink to a folder outside the skill, /"),
        "{stderr}"
    );
    assert!(!String::from_utf8_lossy(&stdout).contains("rootlink/"));
}

/// Row 3: a `SKILL.md` or a `.gitignore` that is a FIFO hangs no command; the FIFO skill is
/// an error for `lint` (S030).
#[test]
fn fifos_hang_no_command() {
    let t = tempfile::tempdir().unwrap();
    fs::create_dir(t.path().join(".git")).unwrap();
    write(t.path(), "skills/pdf-processing/SKILL.md", SKILL);
    fs::create_dir_all(t.path().join("skills/blocked")).unwrap();
    mkfifo(&t.path().join("skills/blocked/SKILL.md"));
    mkfifo(&t.path().join("skills/pdf-processing/.gitignore"));
    let limit = Duration::from_secs(60);
    let (code, stdout, _) = run(t.path(), &["lint", "skills", "--format", "json"], limit);
    assert_eq!(code, 1);
    let report = String::from_utf8(stdout).unwrap();
    assert!(report.contains("\"S030\""), "{report}");
    assert!(report.contains("FIFO"), "{report}");
    for args in [
        &["list", "skills"][..],
        &["catalog", "skills", "-t", "claude-code"],
        &["tokens", "skills"],
        &["package", "skills/pdf-processing", "--list"],
    ] {
        run(t.path(), args, limit);
    }
    // Every target's load lists or reads the skill's files; opencode's and Kilo's list them as
    // ripgrep does, which reads ignore files: a FIFO one is refused, never opened.
    for target in skills::targets::TARGETS {
        run(
            t.path(),
            &["load", "pdf-processing", "skills", "-t", target.id],
            limit,
        );
    }
}

/// Row 3, for ripgrep-style listings (opencode, Kilo), whose walker opens ignore files itself:
/// a `.gitignore` that is a FIFO, or one of gigabytes, makes the listing refused, not hang.
#[test]
fn ripgrep_listings_refuse_ignore_files_that_block_or_flood() {
    use skills::provider::{FsOptions, FsProvider, RipgrepListing, Root, SkillProvider};
    let t = tempfile::tempdir().unwrap();
    write(t.path(), "pdf-processing/SKILL.md", SKILL);
    let ignore = t.path().join("pdf-processing/.gitignore");
    mkfifo(&ignore);
    let p = FsProvider::discover(
        &[Root::explicit(t.path().join("pdf-processing"))],
        FsOptions::default(),
    )
    .unwrap();
    let listing = RipgrepListing {
        exclude: &[],
        written_gitignore: (&[], &[]),
        limit: 100,
    };
    let skill = &p.list()[0];
    let err = p.ripgrep_files(skill, &listing).unwrap_err();
    assert!(err.to_string().contains("not a regular file"), "{err}");
    fs::remove_file(&ignore).unwrap();
    fs::File::create(&ignore).unwrap().set_len(4 << 30).unwrap();
    let err = p.ripgrep_files(skill, &listing).unwrap_err();
    assert!(err.to_string().contains("larger than 1 MiB"), "{err}");
}

/// Row 4: `--fix` never writes through a skill folder that is a symlink to a folder outside the
/// paths given; it says so and fails.
#[test]
fn fix_does_not_write_outside_the_paths_given() {
    let t = tempfile::tempdir().unwrap();
    let broken = "---\nname: pdf-processing\ndescription: Use when: the user asks\n---\nBody\n";
    write(t.path(), "elsewhere/pdf-processing/SKILL.md", broken);
    fs::create_dir(t.path().join("skills")).unwrap();
    symlink(
        t.path().join("elsewhere/pdf-processing"),
        t.path().join("skills/pdf-processing"),
    )
    .unwrap();
    let (code, _, stderr) = run(
        t.path(),
        &["lint", "skills", "--fix"],
        Duration::from_secs(60),
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("not fixed"), "{stderr}");
    assert_eq!(
        fs::read_to_string(t.path().join("elsewhere/pdf-processing/SKILL.md")).unwrap(),
        broken
    );
}

/// Row 5: a tab after `description:` once made `--fix` fold the line into `name`; now the fix
/// keeps both keys and the description's text.
#[test]
fn fix_keeps_a_key_written_with_a_tab() {
    let t = tempfile::tempdir().unwrap();
    let text = "---\nname: pdf-processing\ndescription:\tExtracts text: tables too. Use with PDFs.\n---\nBody\n";
    write(t.path(), "pdf-processing/SKILL.md", text);
    run(
        t.path(),
        &["lint", "pdf-processing", "--fix"],
        Duration::from_secs(60),
    );
    let fixed = fs::read_to_string(t.path().join("pdf-processing/SKILL.md")).unwrap();
    assert!(fixed.contains("\nname: pdf-processing\n"), "{fixed}");
    assert!(
        fixed.contains("Extracts text: tables too. Use with PDFs."),
        "{fixed}"
    );
    let doc = skills::frontmatter::parse(&skills::source::Source::new(fixed.into_bytes()));
    let fm = doc.frontmatter().unwrap();
    assert_eq!(
        fm.get("description").and_then(|f| f.as_str()),
        Some("Extracts text: tables too. Use with PDFs.")
    );
    assert_eq!(
        fm.get("name").and_then(|f| f.as_str()),
        Some("pdf-processing")
    );
}

/// Row 6: a file edited after `--fix` read it is not overwritten.
#[test]
fn an_edit_made_meanwhile_is_never_lost() {
    use skills::lint::{self, LintOptions};
    use skills::provider::{FsOptions, FsProvider, Root, SkillProvider};
    let t = tempfile::tempdir().unwrap();
    let path = t.path().join("pdf-processing/SKILL.md");
    write(
        t.path(),
        "pdf-processing/SKILL.md",
        "\u{feff}---\nname: pdf-processing\ndescription: Extracts PDF text. Use with PDFs.\n---\n",
    );
    let provider = FsProvider::discover(&[Root::explicit(t.path())], FsOptions::default()).unwrap();
    let options = LintOptions::default();
    let findings = lint::lint(provider.list(), &options);
    let plans = skills::fix::fix_all(provider.list(), &options, &findings);
    assert_eq!(plans.len(), 1);
    fs::write(&path, "edited by someone else\n").unwrap();
    let jails = skills::fix::jails(&[t.path().to_path_buf()]);
    let refused = skills::fix::write(&plans[0], &jails).unwrap_err();
    assert!(refused.to_string().contains("changed on disk"), "{refused}");
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        "edited by someone else\n"
    );
}

/// Row 9: reading a 16 GiB sparse file stops at the cap instead of scanning it.
#[test]
fn a_huge_sparse_file_is_read_only_up_to_the_cap() {
    let t = tempfile::tempdir().unwrap();
    write(t.path(), "pdf-processing/SKILL.md", SKILL);
    let big = t.path().join("pdf-processing/references/big.md");
    write(
        t.path(),
        "pdf-processing/references/big.md",
        &"line of text\n".repeat(1000),
    );
    fs::OpenOptions::new()
        .write(true)
        .open(&big)
        .unwrap()
        .set_len(16 << 30)
        .unwrap();
    let (code, stdout, stderr) = run(
        t.path(),
        &[
            "load",
            "pdf-processing",
            "pdf-processing",
            "--file",
            "references/big.md",
            "-t",
            "agentskills",
        ],
        Duration::from_secs(20),
    );
    assert_eq!(code, 0, "{stderr}");
    let shown = String::from_utf8_lossy(&stdout);
    assert!(
        shown.contains(&format!("of {} bytes]", 16u64 << 30)),
        "{}",
        &shown[shown.len().saturating_sub(300)..]
    );
}

/// Row 10: a hard link inside the skill to a file outside it is not read.
#[test]
fn a_hard_link_out_of_the_skill_is_not_read() {
    use skills::provider::{FsOptions, FsProvider, Root, SkillProvider};
    let t = tempfile::tempdir().unwrap();
    write(t.path(), "pdf-processing/SKILL.md", SKILL);
    write(t.path(), "secret.txt", "top secret\n");
    fs::hard_link(
        t.path().join("secret.txt"),
        t.path().join("pdf-processing/notes.md"),
    )
    .unwrap();
    let p = FsProvider::discover(
        &[Root::explicit(t.path().join("pdf-processing"))],
        FsOptions::default(),
    )
    .unwrap();
    let err = p
        .read_resource("pdf-processing", "notes.md", None)
        .unwrap_err();
    assert!(err.to_string().contains("2 hard links"), "{err}");
}

/// Row 11: ESC, OSC and C1 bytes from a description, a name or a folder name are written out
/// visibly in human `lint` (with or without colour), `--format github`, `list`, `tokens` and
/// `new`.
#[test]
fn control_bytes_never_reach_the_terminal() {
    let t = tempfile::tempdir().unwrap();
    let folder = "pdf\x1b[2J-processing";
    let text = "---\nname: pdf\x1b]0;owned\x07-processing\ndescription: Extracts \u{9b}31mtext. Use with PDFs.\n---\nBody\n";
    write(t.path(), &format!("{folder}/SKILL.md"), text);
    let limit = Duration::from_secs(60);
    for args in [
        &["lint", ".", "--color", "never"][..],
        &["lint", ".", "--color", "always"],
        &["lint", ".", "--format", "github"],
        &["list", "."],
        &["tokens", "."],
    ] {
        let (_, stdout, stderr) = run(t.path(), args, limit);
        for (stream, bytes) in [("stdout", stdout.as_slice()), ("stderr", stderr.as_bytes())] {
            let text = String::from_utf8_lossy(bytes);
            assert!(
                !text.contains("\x1b[2J") && !text.contains("\x1b]0") && !text.contains('\u{9b}'),
                "`skills {}` {stream}: {text:?}",
                args.join(" ")
            );
        }
        let all = format!("{}{stderr}", String::from_utf8_lossy(&stdout));
        assert!(all.contains("\\x1b"), "`skills {}`: {all}", args.join(" "));
    }
    let (code, _, stderr) = run(t.path(), &["new", "e\x1b[2Jvil"], limit);
    assert_eq!(code, 2);
    assert!(
        !stderr.contains('\x1b') && stderr.contains("e\\x1b[2Jvil"),
        "{stderr}"
    );
}

/// Row 13: SIGTERM during `unpack` removes the half-written folder.
#[test]
fn an_interrupted_unpack_leaves_nothing_behind() {
    use std::io::Write;
    let t = tempfile::tempdir().unwrap();
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().large_file(true);
    zip.start_file("pdf-processing/SKILL.md", options).unwrap();
    zip.write_all(SKILL.as_bytes()).unwrap();
    zip.start_file("pdf-processing/assets/zeros.bin", options)
        .unwrap();
    let block = vec![b'a'; 1 << 20];
    for _ in 0..300 {
        zip.write_all(&block).unwrap();
    }
    let bytes = zip.finish().unwrap().into_inner();
    fs::write(t.path().join("big.skill"), bytes).unwrap();
    let into = t.path().join("into");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("skills"))
        .current_dir(t.path())
        .args(["unpack", "big.skill", "--into", "into", "--max-size", "2GB"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let staging = || {
        fs::read_dir(&into).ok().and_then(|d| {
            d.flatten().find(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with(".skills-unpack-")
            })
        })
    };
    let start = Instant::now();
    while staging().is_none() && start.elapsed() < Duration::from_secs(60) {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    if child.try_wait().unwrap().is_some() {
        // Finished before the signal could be sent (a very fast disk): nothing to observe.
        eprintln!("skipped: the unpack finished before it could be interrupted");
        return;
    }
    std::thread::sleep(Duration::from_millis(50));
    let status = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let code = child.wait().unwrap().code();
    assert_eq!(code, Some(143));
    assert!(staging().is_none(), "the staging folder is left behind");
    assert!(!into.join("pdf-processing").exists());
}

/// Row 14: a `SKILL.md` over the size limit is an error (S030), not a note with exit 0.
#[test]
fn a_skill_file_over_the_limit_fails_lint() {
    let t = tempfile::tempdir().unwrap();
    write(t.path(), "pdf-processing/SKILL.md", SKILL);
    let huge = format!("{SKILL}{}", "filler line\n".repeat(400_000));
    write(t.path(), "huge/SKILL.md", &huge);
    let (code, stdout, stderr) = run(t.path(), &["lint", "."], Duration::from_secs(60));
    assert_eq!(code, 1, "{stderr}");
    let shown = String::from_utf8_lossy(&stdout);
    assert!(shown.contains("S030(skill-file-unreadable)"), "{shown}");
    assert!(shown.contains("larger than 4194304 bytes"), "{shown}");
}
