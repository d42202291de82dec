//! Installing without compiling: the GitHub Action downloads a released binary and checks its
//! SHA-256 (scripts/install-release.sh, run here against a release laid out on disk); the
//! release workflow builds Linux, macOS and Windows binaries and the wheels, all `--locked`; the
//! wheel's and the pre-commit hook's Python packages carry the crate's name and version.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_yaml::Value;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    fs::read_to_string(repo().join(rel)).unwrap()
}

fn yaml(rel: &str) -> Value {
    serde_yaml::from_str(&read(rel)).unwrap()
}

fn toml_value(rel: &str) -> toml::Table {
    toml::from_str(&read(rel)).unwrap()
}

#[test]
fn the_action_downloads_a_checked_release_and_lints_for_github() {
    let action = yaml("action.yml");
    assert_eq!(action["runs"]["using"], "composite");
    let steps = action["runs"]["steps"].as_sequence().unwrap();
    let runs: Vec<&str> = steps.iter().map(|s| s["run"].as_str().unwrap()).collect();
    assert_eq!(
        runs[0],
        "bash \"$GITHUB_ACTION_PATH/scripts/install-release.sh\""
    );
    assert!(runs[1].starts_with("skills lint --format github "));
    for step in steps {
        assert_eq!(step["shell"], "bash");
        let run = step["run"].as_str().unwrap();
        assert!(
            !run.contains("${{"),
            "inputs go through env, not into the script"
        );
        assert!(!run.contains("cargo"), "the Action compiles nothing");
    }
    for input in ["paths", "args", "version"] {
        assert!(
            action["inputs"][input]["description"].is_string(),
            "{input}"
        );
    }
    let ci = read("docs/ci.md");
    assert!(
        ci.contains("- uses: skills-lint/skills-lint@v"),
        "docs/ci.md shows the Action"
    );
}

/// A release of version `tag` laid out like GitHub's download URLs, holding a stand-in
/// `skills` that prints its version.
fn fake_release(dir: &Path, tag: &str, triple: &str) -> String {
    let stage = dir.join("stage");
    fs::create_dir_all(&stage).unwrap();
    fs::write(
        stage.join("skills"),
        format!("#!/bin/sh\necho \"skills {}\"\n", &tag[1..]),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(stage.join("skills"), fs::Permissions::from_mode(0o755)).unwrap();
    }
    let release = dir.join("release");
    fs::create_dir_all(&release).unwrap();
    let asset = format!("skills-{tag}-{triple}.tar.gz");
    let status = Command::new("tar")
        .arg("-czf")
        .arg(release.join(&asset))
        .arg("-C")
        .arg(&stage)
        .arg("skills")
        .status()
        .unwrap();
    assert!(status.success());
    let bytes = fs::read(release.join(&asset)).unwrap();
    let sum = skills::hash::sha256_hex(&bytes);
    fs::write(
        release.join("SHA256SUMS"),
        format!("{sum}  {asset}\n0000  other.zip\n"),
    )
    .unwrap();
    asset
}

fn install(dir: &Path, tag: &str, os: &str, arch: &str) -> (bool, String, String) {
    install_with(
        dir,
        os,
        arch,
        &[("SKILLS_REPOSITORY", "owner/skills"), ("SKILLS_REF", tag)],
    )
}

/// Runs the install script as the Action does, with `vars` for the Action's own environment.
fn install_with(dir: &Path, os: &str, arch: &str, vars: &[(&str, &str)]) -> (bool, String, String) {
    let out = Command::new("bash")
        .arg(repo().join("scripts/install-release.sh"))
        .env_remove("SKILLS_REPOSITORY")
        .env_remove("SKILLS_REF")
        .env_remove("GITHUB_ACTION_PATH")
        .envs(vars.iter().copied())
        .env_remove("SKILLS_VERSION")
        .env("RUNNER_OS", os)
        .env("RUNNER_ARCH", arch)
        .env("RUNNER_TEMP", dir.join("tmp"))
        .env("GITHUB_PATH", dir.join("github_path"))
        .env(
            "SKILLS_DOWNLOAD_BASE",
            format!("file://{}", dir.join("release").display()),
        )
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[cfg(unix)]
#[test]
fn the_install_script_checks_the_sha256_before_unpacking() {
    let has = |tool: &str| {
        Command::new(tool)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !(has("curl") && has("tar")) {
        eprintln!("skipped: curl and tar are needed");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let asset = fake_release(dir, "v0.1.0", "x86_64-unknown-linux-musl");
    let (ok, out, err) = install(dir, "v0.1.0", "Linux", "X64");
    assert!(ok, "{err}");
    assert_eq!(out, "skills 0.1.0\n");
    let installed = dir.join("tmp/skills-v0.1.0");
    assert!(installed.join("skills").is_file());
    assert_eq!(
        fs::read_to_string(dir.join("github_path")).unwrap(),
        format!("{}\n", installed.display())
    );

    // Where the runner leaves the Action's ref empty, its folder names the release.
    let action_path = dir.join("_actions/owner/skills/v0.1.0");
    let (ok, out, err) = install_with(
        dir,
        "Linux",
        "X64",
        &[
            ("SKILLS_REF", ""),
            ("GITHUB_ACTION_PATH", action_path.to_str().unwrap()),
        ],
    );
    assert!(ok, "{err}");
    assert_eq!(out, "skills 0.1.0\n");

    // A branch is not a release; a runner without a binary is told what to do instead.
    let (ok, _, err) = install(dir, "main", "Linux", "X64");
    assert!(!ok && err.contains("use it at a release tag"), "{err}");
    let (ok, _, err) = install(dir, "v0.1.0", "FreeBSD", "X64");
    assert!(!ok && err.contains("pip install skills-lint"), "{err}");

    // A tampered archive is refused.
    let path = dir.join("release").join(&asset);
    let mut bytes = fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    fs::write(&path, bytes).unwrap();
    fs::remove_dir_all(dir.join("tmp")).unwrap();
    let (ok, _, err) = install(dir, "v0.1.0", "Linux", "X64");
    assert!(!ok && err.contains("SHA-256 is"), "{err}");
    assert!(!dir.join("tmp/skills-v0.1.0/skills").exists());
}

#[test]
fn the_release_builds_every_platform_and_the_wheels_locked() {
    let workflow = yaml(".github/workflows/release.yml");
    let jobs = &workflow["jobs"];
    let targets = |job: &str| -> Vec<String> {
        jobs[job]["strategy"]["matrix"]["include"]
            .as_sequence()
            .unwrap()
            .iter()
            .map(|m| {
                format!(
                    "{} {}",
                    m["os"].as_str().unwrap(),
                    m["target"].as_str().unwrap()
                )
            })
            .collect()
    };
    for job in ["binaries", "wheels"] {
        let all = targets(job).join(" ");
        for os in ["ubuntu", "macos", "windows"] {
            assert!(all.contains(os), "{job} builds on {os}: {all}");
        }
    }
    let binaries = targets("binaries").join(" ");
    for triple in [
        "x86_64-unknown-linux-musl",
        "aarch64-apple-darwin",
        "x86_64-pc-windows-msvc",
    ] {
        assert!(binaries.contains(triple), "{triple}");
        // The Action asks for exactly these names.
        assert!(
            read("scripts/install-release.sh").contains(triple),
            "{triple}"
        );
    }
    let text = read(".github/workflows/release.yml");
    for line in text
        .lines()
        .filter(|l| l.contains("cargo build") || l.contains("args: --release"))
    {
        assert!(line.contains("--locked"), "{line}");
    }
    assert!(text.contains("PyO3/maturin-action"));
    assert!(text.contains("sha256sum * > SHA256SUMS"));
}

#[test]
fn the_python_packages_carry_the_crate_name_and_version() {
    let cargo = toml_value("Cargo.toml");
    let name = cargo["package"]["name"].as_str().unwrap();
    let version = cargo["package"]["version"].as_str().unwrap();
    assert_eq!(name, "skills-lint");

    let wheel = toml_value("python/pyproject.toml");
    assert_eq!(wheel["project"]["name"].as_str(), Some(name));
    assert_eq!(wheel["tool"]["maturin"]["bindings"].as_str(), Some("bin"));
    assert_eq!(
        wheel["tool"]["maturin"]["manifest-path"].as_str(),
        Some("../Cargo.toml")
    );

    let shim = toml_value("pyproject.toml");
    assert_eq!(shim["project"]["version"].as_str(), Some(version));
    let deps: Vec<&str> = shim["project"]["dependencies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect();
    assert_eq!(deps, [format!("{name}=={version}")]);

    let hooks = yaml(".pre-commit-hooks.yaml");
    let hook = &hooks[0];
    assert_eq!(hook["id"], "skills-lint");
    assert_eq!(hook["language"], "python");
    assert!(hook["entry"].as_str().unwrap().starts_with("skills lint"));

    let script = read("scripts/wheel.sh");
    assert!(script.contains("maturin\" build --release --locked"));
    assert!(script.contains("pip install -q dist/*.whl"));
}

/// Every command in the repository's scripts, CI and workflows that makes cargo build, and every
/// `cargo install`/`cargo build` the docs show, builds exactly the locked dependencies.
#[test]
fn every_cargo_build_is_locked() {
    let builds = |line: &str| {
        let line = line.trim_start();
        !line.starts_with('#')
            && !line.starts_with("echo ")
            && [
                "cargo build",
                "cargo afl build",
                "cargo install",
                "cargo run",
                "cargo test",
                "cargo clippy",
            ]
            .iter()
            .any(|c| line.contains(c))
    };
    let mut files: Vec<PathBuf> = vec![repo().join(".ci/run"), repo().join("action.yml")];
    for folder in ["scripts", ".github/workflows"] {
        for entry in fs::read_dir(repo().join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                files.push(path);
            }
        }
    }
    let mut checked = 0;
    for file in &files {
        for line in fs::read_to_string(file)
            .unwrap()
            .lines()
            .filter(|l| builds(l))
        {
            checked += 1;
            assert!(line.contains("--locked"), "{}: {line}", file.display());
        }
    }
    assert!(checked >= 8, "only {checked} cargo commands found");
    // What the docs tell people to run.
    for rel in ["README.md", "docs/ci.md", "docs/commands.md"] {
        for line in read(rel).lines() {
            if line.contains("cargo install") || line.contains("cargo build") {
                assert!(line.contains("--locked"), "{rel}: {line}");
            }
        }
    }
}
