//! Conformance replay: every recording of a real client under
//! `tests/conformance/<client>@<version>/<case>/` (made by `scripts/conformance/capture`) is
//! rebuilt and `skills` must print the recorded bytes exactly.
//!
//! For each case, `case.json`'s tree (folders, fixture copies, files with `$SANDBOX` standing
//! for the sandbox's path, symlinks; `git init` is an empty `.git`) is laid out in a temporary directory standing for the recording's sandbox, and
//! `skills` runs in the case's working directory with nothing from our environment but the
//! case's own (`$SANDBOX` is the temporary directory), with `--roots` and `--path-prefix` set to
//! the recorded working directory, so every path prints as it did in the sandbox. Per model:
//! - `catalog.txt` (or one of its `catalog.N.txt` variants, for a client that is not
//!   deterministic) must be `skills catalog -t TARGET`'s stdout;
//! - `load.<skill>.json` (or one of its `load.<skill>.N.json` variants) must be `skills load
//!   SKILL --format json`'s parts (role and text) (`$SANDBOX` in SKILL stands for the recorded
//!   sandbox's path); `read.<skill>.<file>.json` the same with `--file`. Where the JSON's
//!   `record.runtime_filled` names a placeholder for a value only the running client knows (the
//!   tokens left, a session id), the recording may hold any value of its documented shape there,
//!   and nothing else may differ.
//!
//! A client version that `skills` does not reproduce yet is listed in [`KNOWN_FAILURES`] with the
//! issue that fixes it; the test fails once every recording under such an entry passes, so the
//! list only shrinks. `SKILLS_CONFORMANCE_REPORT=1` prints the differences of known failures too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

mod support;

/// Whether this filesystem lists directories in the recording machine's order (see
/// `tests/support`); when it does not, outputs that follow directory-read order are compared
/// line by line regardless of order.
static SAME_DIRECTORY_ORDER: std::sync::LazyLock<bool> =
    std::sync::LazyLock::new(support::directory_order_matches_recordings);

/// Recordings `skills` does not reproduce yet: a `client@version` or `client@version/case`
/// prefix, and the issue that makes it exact.
const KNOWN_FAILURES: &[(&str, &str)] = &[];

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn recordings() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let root = repo().join("tests/conformance");
    let Ok(clients) = fs::read_dir(&root) else {
        return out;
    };
    for client in clients {
        let client = client.unwrap().path();
        if !client.is_dir() {
            continue;
        }
        for case in fs::read_dir(&client).unwrap() {
            let case = case.unwrap().path();
            if case.join("case.json").is_file() {
                out.push(case);
            }
        }
    }
    out.sort();
    out
}

fn label(case: &Path) -> String {
    let client = case
        .parent()
        .unwrap()
        .file_name()
        .unwrap()
        .to_string_lossy();
    let name = case.file_name().unwrap().to_string_lossy();
    format!("{client}/{name}")
}

fn known_failure(label: &str) -> Option<&'static str> {
    KNOWN_FAILURES
        .iter()
        .find(|(prefix, _)| label == *prefix || label.starts_with(&format!("{prefix}/")))
        .map(|(_, issue)| *issue)
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Lays out a recording's tree under `root`.
fn build(root: &Path, tree: &Value) {
    for op in tree.as_array().unwrap() {
        let dest = root.join(op["path"].as_str().unwrap());
        match op["op"].as_str().unwrap() {
            "mkdir" => fs::create_dir_all(&dest).unwrap(),
            "git-init" => fs::create_dir_all(dest.join(".git")).unwrap(),
            "copy" => copy_tree(&repo().join(op["from"].as_str().unwrap()), &dest),
            "write" => {
                fs::create_dir_all(dest.parent().unwrap()).unwrap();
                let text = op["text"].as_str().unwrap();
                fs::write(&dest, text.replace("$SANDBOX", &root.to_string_lossy())).unwrap();
            }
            "symlink" => {
                fs::create_dir_all(dest.parent().unwrap()).unwrap();
                symlink(op["target"].as_str().unwrap(), &dest);
            }
            other => panic!("unknown tree operation {other}"),
        }
    }
}

#[cfg(unix)]
fn symlink(target: &str, link: &Path) {
    std::os::unix::fs::symlink(target, link).unwrap();
}

#[cfg(not(unix))]
fn symlink(_target: &str, _link: &Path) {}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    let mut entries: Vec<_> = fs::read_dir(from).unwrap().map(|e| e.unwrap()).collect();
    entries.sort_by_key(fs::DirEntry::file_name);
    for entry in entries {
        let target = to.join(entry.file_name());
        let kind = entry.file_type().unwrap();
        if kind.is_dir() {
            copy_tree(&entry.path(), &target);
        } else if kind.is_symlink() {
            let link = fs::read_link(entry.path()).unwrap();
            symlink(&link.to_string_lossy(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// One recorded case, laid out and ready to run `skills` in.
struct Replay {
    _scratch: tempfile::TempDir,
    root: PathBuf,
    case: Value,
}

impl Replay {
    fn new(dir: &Path) -> Self {
        let case = read_json(&dir.join("case.json"));
        let scratch = tempfile::tempdir().unwrap();
        let root = scratch.path().join("sandbox");
        fs::create_dir_all(&root).unwrap();
        build(&root, &case["tree"]);
        Self {
            _scratch: scratch,
            root,
            case,
        }
    }

    fn skills(&self, args: &[&str], extra: &[String]) -> std::process::Output {
        let cwd = self.root.join(self.case["cwd"].as_str().unwrap());
        let recorded_cwd = format!(
            "{}/{}",
            self.case["sandbox"].as_str().unwrap(),
            self.case["cwd"].as_str().unwrap()
        );
        let mut cmd = Command::cargo_bin("skills").unwrap();
        cmd.current_dir(&cwd).env_clear().env("NO_COLOR", "1");
        let sandbox = self.root.to_string_lossy();
        for (key, value) in self.case["env"].as_object().unwrap() {
            cmd.env(key, value.as_str().unwrap().replace("$SANDBOX", &sandbox));
        }
        cmd.args(args)
            .args(["--target", self.case["target"].as_str().unwrap()])
            .args(["--roots", "--path-prefix", &recorded_cwd])
            .args(extra);
        cmd.output().unwrap()
    }
}

/// Every difference between `skills` and one recorded case.
fn replay(dir: &Path) -> Vec<String> {
    let run = Replay::new(dir);
    let mut problems = Vec::new();
    let mut models: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("meta.json").is_file())
        .collect();
    models.sort();
    for model_dir in models {
        let model = model_dir
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let meta = read_json(&model_dir.join("meta.json"));
        let extra: Vec<String> = meta["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_owned())
            .collect();
        if !meta["catalog"].is_null() {
            let out = run.skills(&["catalog"], &extra);
            let variants = variants(&model_dir);
            let reordered = || {
                !*SAME_DIRECTORY_ORDER
                    && variants.iter().any(|v| support::same_lines(v, &out.stdout))
            };
            if !variants.contains(&out.stdout) && !reordered() {
                problems.push(format!(
                    "{model}/catalog.txt: {}",
                    differs(&variants[0], &out)
                ));
            }
        }
        let mut loads: Vec<PathBuf> = fs::read_dir(&model_dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .filter(|p| p.file_name().is_some_and(|n| n != "meta.json"))
            .collect();
        loads.sort();
        // `load.X.2.json`… are other results of the same load, recorded when a client that is
        // not deterministic answered differently on another run: matching any one is enough.
        let is_variant = |file: &Path| load_variant_of(file).is_some_and(|base| base.is_file());
        for file in loads.iter().filter(|f| !is_variant(f)) {
            let file = file.clone();
            let recorded = read_json(&file);
            // A load may be a whole message naming recorded paths (a Codex `[$name](path)`).
            let skill = recorded["skill"]
                .as_str()
                .unwrap()
                .replace("$SANDBOX", run.case["sandbox"].as_str().unwrap());
            let mut args = vec!["load", skill.as_str(), "--format", "json"];
            if let Some(path) = recorded["file"].as_str() {
                args.extend(["--file", path]);
            }
            let out = run.skills(&args, &extra);
            let name = file.file_name().unwrap().to_string_lossy().into_owned();
            let variants: Vec<Value> = loads
                .iter()
                .filter(|f| load_variant_of(f).as_deref() == Some(file.as_path()))
                .map(|f| read_json(f))
                .collect();
            if let Some(problem) = compare_load(&recorded, &out)
                && variants.iter().all(|v| compare_load(v, &out).is_some())
            {
                problems.push(format!("{model}/{name}: {problem}"));
            }
        }
    }
    problems
}

/// `load.X.json` for a variant `load.X.N.json`.
fn load_variant_of(file: &Path) -> Option<PathBuf> {
    let name = file.file_name()?.to_str()?.strip_suffix(".json")?;
    let (base, n) = name.rsplit_once('.')?;
    (n.parse::<usize>().is_ok_and(|n| n >= 2)).then(|| file.with_file_name(format!("{base}.json")))
}

fn variants(model_dir: &Path) -> Vec<Vec<u8>> {
    let mut out = vec![fs::read(model_dir.join("catalog.txt")).unwrap()];
    for n in 2.. {
        match fs::read(model_dir.join(format!("catalog.{n}.txt"))) {
            Ok(bytes) => out.push(bytes),
            Err(_) => break,
        }
    }
    out
}

fn differs(expected: &[u8], out: &std::process::Output) -> String {
    if out.status.code() != Some(0) {
        return format!(
            "skills exited {:?}: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    let expected = String::from_utf8_lossy(expected);
    let actual = String::from_utf8_lossy(&out.stdout);
    diff(&expected, &actual)
}

/// A short unified diff, recording first.
fn diff(expected: &str, actual: &str) -> String {
    let text = similar::TextDiff::from_lines(expected, actual)
        .unified_diff()
        .context_radius(2)
        .header("recorded", "skills")
        .to_string();
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() > 60 {
        format!(
            "differs\n{}\n… ({} more diff lines)",
            lines[..60].join("\n"),
            lines.len() - 60
        )
    } else {
        format!("differs\n{text}")
    }
}

/// The recorded parts against `skills load --format json`'s. A placeholder that the JSON lists
/// under `record.runtime_filled` (a value only the running client knows, such as a count from
/// the model API's usage numbers) matches any value of its documented shape in the recording.
fn compare_load(recorded: &Value, out: &std::process::Output) -> Option<String> {
    let Ok(json) = serde_json::from_slice::<Value>(&out.stdout) else {
        return Some(format!(
            "skills exited {:?} without JSON: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    };
    let ours: Vec<(String, String)> = json["parts"]
        .as_array()
        .map(|parts| {
            parts
                .iter()
                .map(|p| {
                    (
                        p["role"].as_str().unwrap_or_default().to_owned(),
                        p["text"].as_str().unwrap_or_default().to_owned(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let theirs: Vec<(String, String)> = recorded["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["role"].as_str().unwrap().to_owned(),
                p["text"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let filled: Vec<(String, String)> = json["record"]["runtime_filled"]
        .as_array()
        .map(|values| {
            values
                .iter()
                .map(|v| {
                    (
                        v["placeholder"].as_str().unwrap_or_default().to_owned(),
                        v["shape"].as_str().unwrap_or_default().to_owned(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let same = ours.len() == theirs.len()
        && ours
            .iter()
            .zip(&theirs)
            .all(|((role, text), (their_role, their_text))| {
                role == their_role && matches_filled(text, their_text, &filled)
            });
    if same {
        return None;
    }
    let reordered = !*SAME_DIRECTORY_ORDER
        && ours.len() == theirs.len()
        && ours.iter().zip(&theirs).all(|((r1, t1), (r2, t2))| {
            r1 == r2 && support::same_lines(t1.as_bytes(), t2.as_bytes())
        });
    if reordered {
        return None;
    }
    let show = |parts: &[(String, String)]| {
        parts
            .iter()
            .map(|(role, text)| format!("==> {role} <==\n{text}\n"))
            .collect::<String>()
    };
    Some(diff(&show(&theirs), &show(&ours)))
}

/// Whether `recorded` is `ours` with each runtime-filled placeholder replaced by a value of its
/// shape: `digits` (one or more ASCII digits) or `uuid` (lowercase `8-4-4-4-12` hexadecimal).
fn matches_filled(ours: &str, recorded: &str, filled: &[(String, String)]) -> bool {
    let next = filled
        .iter()
        .filter(|(placeholder, _)| !placeholder.is_empty())
        .filter_map(|(placeholder, shape)| {
            ours.find(placeholder.as_str())
                .map(|at| (at, placeholder, shape))
        })
        .min_by_key(|(at, _, _)| *at);
    let Some((at, placeholder, shape)) = next else {
        return ours == recorded;
    };
    let Some(rest) = recorded.strip_prefix(&ours[..at]) else {
        return false;
    };
    let len = match shape.as_str() {
        "digits" => rest.bytes().take_while(u8::is_ascii_digit).count(),
        "uuid" => {
            let groups = [8, 4, 4, 4, 12];
            let candidate = rest.get(..36).unwrap_or("");
            let ok = candidate.split('-').map(str::len).eq(groups)
                && candidate
                    .chars()
                    .all(|c| c == '-' || c.is_ascii_digit() || ('a'..='f').contains(&c));
            if ok { 36 } else { 0 }
        }
        _ => 0,
    };
    len > 0 && matches_filled(&ours[at + placeholder.len()..], &rest[len..], filled)
}

#[test]
fn every_recording_replays_byte_for_byte() {
    let all = recordings();
    assert!(!all.is_empty(), "no recordings under tests/conformance");
    let results: Vec<(String, Vec<String>)> = std::thread::scope(|scope| {
        let half = all.len().div_ceil(2);
        let handles: Vec<_> = all
            .chunks(half)
            .map(|chunk| {
                scope.spawn(|| {
                    chunk
                        .iter()
                        .map(|dir| (label(dir), replay(dir)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    if !*SAME_DIRECTORY_ORDER {
        eprintln!(
            "note: this filesystem lists directories in another order than the machine that made the recordings; lists in directory-read order were compared regardless of order"
        );
    }
    let mut failures = Vec::new();
    for (label, problems) in &results {
        if known_failure(label).is_none() && !problems.is_empty() {
            failures.push(format!("{label}:\n  {}", problems.join("\n  ")));
        }
    }
    // A known failure whose every case replays exactly must leave the list.
    let stale: Vec<String> = KNOWN_FAILURES
        .iter()
        .filter(|(prefix, _)| {
            results
                .iter()
                .filter(|(label, _)| label == prefix || label.starts_with(&format!("{prefix}/")))
                .all(|(_, problems)| problems.is_empty())
        })
        .map(|(prefix, issue)| {
            format!("{prefix} replays exactly now: remove it from KNOWN_FAILURES ({issue})")
        })
        .collect();
    if std::env::var_os("SKILLS_CONFORMANCE_REPORT").is_some() {
        for (label, problems) in &results {
            if known_failure(label).is_some() && !problems.is_empty() {
                eprintln!("{label} (known failure):\n  {}", problems.join("\n  "));
            }
        }
        let exact = results.iter().filter(|(_, p)| p.is_empty()).count();
        eprintln!("{exact} of {} recorded cases replay exactly", results.len());
    }
    assert!(
        failures.is_empty() && stale.is_empty(),
        "{}\n{}\n{} of {} recorded cases differ",
        failures.join("\n\n"),
        stale.join("\n"),
        failures.len(),
        results.len()
    );
}

#[test]
fn known_failures_name_their_issue_and_a_recording() {
    let labels: Vec<String> = recordings().iter().map(|d| label(d)).collect();
    for (prefix, issue) in KNOWN_FAILURES {
        assert!(
            issue.starts_with("issue "),
            "{prefix}: say which issue fixes it"
        );
        assert!(
            labels
                .iter()
                .any(|l| l == prefix || l.starts_with(&format!("{prefix}/"))),
            "{prefix}: no such recording"
        );
    }
}

#[test]
fn verified_targets_name_their_recordings_and_replay_them_all() {
    for target in skills::targets::TARGETS {
        let Some(verified) = target.verified else {
            continue;
        };
        let dir = repo().join("tests/conformance").join(verified.recordings);
        assert!(
            dir.is_dir(),
            "{}: no recordings at {}",
            target.id,
            dir.display()
        );
        let cases: Vec<PathBuf> = recordings()
            .into_iter()
            .filter(|c| c.parent() == Some(dir.as_path()))
            .collect();
        assert_eq!(
            cases.len(),
            verified.cases,
            "{}: says {} cases, {} are recorded",
            target.id,
            verified.cases,
            cases.len()
        );
        assert!(
            verified.recordings == format!("{}@{}", client_folder(&dir), verified.version),
            "{}: the folder names another version than {}",
            target.id,
            verified.version
        );
        let newest = cases
            .iter()
            .flat_map(|c| fs::read_dir(c).unwrap())
            .map(|e| e.unwrap().path().join("meta.json"))
            .filter(|m| m.is_file())
            .map(|m| read_json(&m)["captured"].as_str().unwrap().to_owned())
            .max()
            .unwrap();
        assert_eq!(
            verified.captured, newest,
            "{}: the newest recording was captured {newest}",
            target.id
        );
        for case in &cases {
            assert_eq!(
                read_json(&case.join("case.json"))["target"],
                target.id,
                "{}: replayed by another target",
                case.display()
            );
            assert!(
                known_failure(&label(case)).is_none(),
                "{} is verified but {} is a known failure",
                target.id,
                label(case)
            );
        }
    }
}

fn client_folder(dir: &Path) -> String {
    let name = dir.file_name().unwrap().to_string_lossy();
    name.split('@').next().unwrap().to_owned()
}
