//! What `new`, `package` and `unpack` share: the user's lint configuration, the one skill a
//! path names, showing findings and problems, and installing a finished folder atomically.

use std::io::Write;
use std::path::{Component, Path, PathBuf};

use crate::config::Config;
use crate::error::{Error, Result};
use crate::lint::{self, Level, LintOptions};
use crate::package::Problem;
use crate::paths;
use crate::provider::{FsOptions, FsProvider, Root, SkillProvider};
use crate::report::lint::{LintReport, Sources};
use crate::report::{self, escape, human};
use crate::rules::{self, Finding, Severity};
use crate::skill::Skill;
use crate::targets::{self, TargetRef};

/// The configuration `skills lint` would use here: the nearest `skills.toml`, else defaults;
/// `targets`, when given, replace the configured ones.
pub fn config(cwd: &Path, targets: &[TargetRef], respect_gitignore: bool) -> Result<Config> {
    let mut config = match Config::find(cwd) {
        Some(path) => Config::load(&path)?,
        None => Config::defaults(cwd),
    };
    if !targets.is_empty() {
        let mut chosen: Vec<&'static targets::Target> = Vec::new();
        for t in targets {
            if !chosen.iter().any(|c| c.id == t.0.id) {
                chosen.push(t.0);
            }
        }
        config.options.targets = chosen;
    }
    config.options.settings.respect_gitignore = respect_gitignore;
    Ok(config)
}

/// The one skill at `path` (a skill directory or its `SKILL.md`).
pub fn one_skill(path: &Path, respect_gitignore: bool) -> Result<Skill> {
    let options = FsOptions {
        respect_gitignore,
        ..FsOptions::default()
    };
    let provider = FsProvider::discover(&[Root::explicit(path)], options)?;
    // A skill directory (or its SKILL.md) names that skill, whatever else is below it.
    let named = std::fs::canonicalize(path).ok().map(|p| {
        if p.is_file() {
            p.parent().map(Path::to_path_buf).unwrap_or(p)
        } else {
            p
        }
    });
    let own = provider
        .list()
        .iter()
        .find(|s| named.is_some() && std::fs::canonicalize(&s.dir).ok() == named);
    if let Some(skill) = own {
        return Ok(skill.clone());
    }
    match provider.list() {
        [skill] => Ok(skill.clone()),
        [] if !provider.unreadable().is_empty() => {
            let unread = &provider.unreadable()[0];
            Err(Error::Refused {
                message: format!(
                    "the skill file {} was not read: {}",
                    escape::inline(&unread.skill_md.display().to_string()),
                    escape::text(&unread.reason)
                ),
                help: "make SKILL.md a regular file inside the skill folder, under the size limit"
                    .to_owned(),
            })
        }
        [] => Err(Error::Refused {
            message: format!("no skill at {}", path.display()),
            help: "give a skill directory: a folder with a SKILL.md file".to_owned(),
        }),
        many => {
            let names: Vec<String> = many.iter().map(|s| s.name().into_owned()).collect();
            Err(Error::Refused {
                message: format!(
                    "{} holds {} skills ({}), not one",
                    path.display(),
                    many.len(),
                    names.join(", ")
                ),
                help: "give the directory of the one skill to work on".to_owned(),
            })
        }
    }
}

/// The rules Anthropic's platform applies to an upload, as the `claude-code` target checks
/// them: names of ASCII letters, digits and hyphens (S013), no reserved words (S026), no XML
/// tags (S027).
pub const UPLOAD_RULES: [&str; 3] = ["S013", "S026", "S027"];

/// Runs only [`UPLOAD_RULES`], for the `claude-code` target, over `skill`.
pub fn upload_findings(skill: &Skill, base: &LintOptions) -> Vec<Finding> {
    let Some(claude) = targets::find("claude-code") else {
        return Vec::new();
    };
    let options = LintOptions {
        targets: vec![claude],
        settings: base.settings.clone(),
        // The platform refuses the upload whatever the Claude Code client would list.
        levels: rules::all()
            .map(|r| {
                if UPLOAD_RULES.contains(&r.id) {
                    (r.id, Level::Set(Severity::Error))
                } else {
                    (r.id, Level::Off)
                }
            })
            .collect(),
    };
    lint::lint(std::slice::from_ref(skill), &options)
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .collect()
}

/// `1 entry`, `2 entries`.
pub fn entry_count(n: usize) -> String {
    if n == 1 {
        "1 entry".to_owned()
    } else {
        format!("{n} entries")
    }
}

/// Whether any finding is an error.
pub fn has_errors(findings: &[Finding]) -> bool {
    findings.iter().any(|f| f.severity == Severity::Error)
}

/// Writes findings as `skills lint` shows them, with its summary line.
pub fn write_findings(
    findings: &[Finding],
    skills: &[Skill],
    cwd: &Path,
    out: &mut dyn Write,
) -> Result<()> {
    let mut sources = Sources::new(skills.iter().map(|s| (s.skill_md.clone(), &s.source)));
    let report = LintReport::new(findings, &mut sources, skills.len(), |p| {
        paths::display(p, cwd)
    });
    let style = human::Style {
        color: false,
        width: 100,
    };
    human::write(&report, &mut sources, style, out)
}

/// Writes problems one per line, each with its help.
pub fn write_problems(problems: &[Problem], out: &mut dyn Write) -> Result<()> {
    let mut text = String::new();
    for p in problems {
        text.push_str(&format!(
            "error: {}\n  help: {}\n",
            escape::text(&p.message),
            escape::text(&p.help)
        ));
    }
    report::write_text(out, &text)
}

/// `path` made absolute against `cwd`, with `.` and `..` steps resolved lexically.
pub fn absolute(path: &Path, cwd: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in cwd.join(path).components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `path` as the user should read it in a message: relative to `cwd`.
pub fn shown(path: &Path, cwd: &Path) -> PathBuf {
    PathBuf::from(paths::display(path, cwd))
}

/// Moves the finished folder `ready` to `dest` (both on one filesystem). With `replace`, an
/// existing `dest` is first moved aside, put back if the move fails, and deleted once the new
/// folder is in place. Without it, an existing `dest` is an error and nothing moves.
pub fn install(ready: &Path, dest: &Path, replace: bool) -> Result<()> {
    let exists = std::fs::symlink_metadata(dest).is_ok();
    if exists && !replace {
        return Err(Error::Exists {
            path: dest.to_path_buf(),
            help: "pass --force to replace it, or choose another destination".to_owned(),
        });
    }
    if !exists {
        return std::fs::rename(ready, dest).map_err(|e| Error::unwritable(dest, e));
    }
    let parent = dest.parent().unwrap_or(Path::new("."));
    let aside = tempfile::Builder::new()
        .prefix(".skills-replaced-")
        .tempdir_in(parent)
        .map_err(|e| Error::unwritable(parent, e))?
        .keep();
    let old = aside.join("old");
    std::fs::rename(dest, &old).map_err(|e| Error::unwritable(dest, e))?;
    if let Err(e) = std::fs::rename(ready, dest) {
        // Put the old folder back; if even that fails, say where it is.
        if let Err(back) = std::fs::rename(&old, dest) {
            return Err(Error::Refused {
                message: format!(
                    "cannot replace {}: {e}; the previous contents are in {} ({back})",
                    dest.display(),
                    old.display()
                ),
                help: "move that folder back by hand".to_owned(),
            });
        }
        let _ = std::fs::remove_dir(&aside);
        return Err(Error::unwritable(dest, e));
    }
    // The new folder is in place: the old one goes (a file or link replaced by --force, too).
    let removed = match std::fs::symlink_metadata(&old) {
        Ok(meta) if meta.is_dir() => std::fs::remove_dir_all(&aside),
        _ => std::fs::remove_file(&old).and_then(|()| std::fs::remove_dir(&aside)),
    };
    removed.map_err(|e| Error::unwritable(&aside, e))
}
