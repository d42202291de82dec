//! `skills new`: check the name with the lint rules, write the scaffold into a temporary folder,
//! lint it there, then rename it into place.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::ship;
use crate::Outcome;
use crate::cli::{NewArgs, ResourceDir};
use crate::error::{Error, Result};
use crate::fsafe;
use crate::interrupt;
use crate::lint::{self, Level, LintOptions};
use crate::paths;
use crate::report::{self, escape};
use crate::rules::{self, Finding, Severity};
use crate::scaffold::{self, Request};
use crate::skill::{Origin, Scope, Skill};

/// S110 description-placeholder, which the scaffold's own placeholder description fails.
const PLACEHOLDER_RULE: &str = "S110";

/// The rules that judge a name alone: the standard's S007–S013, S026 reserved words, S027
/// angle brackets (the probe's description has none). S014, the directory match, holds by
/// construction: the folder is named NAME.
const NAME_RULES: [&str; 9] = [
    "S007", "S008", "S009", "S010", "S011", "S012", "S013", "S026", "S027",
];

pub fn run(args: &NewArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<Outcome> {
    let cwd = std::env::current_dir().map_err(Error::WorkingDirectory)?;
    let config = ship::config(&cwd, &args.targets, true)?;
    let parent = ship::absolute(&args.dir, &cwd);
    check_name(&args.name, &parent, &config.options)?;

    let dest = parent.join(&args.name);
    if std::fs::symlink_metadata(&dest).is_ok() {
        return Err(Error::Exists {
            path: ship::shown(&dest, &cwd),
            help: "`skills new` never writes into an existing folder: choose another name or --dir"
                .to_owned(),
        });
    }
    std::fs::create_dir_all(&parent).map_err(|e| Error::unwritable(&parent, e))?;
    let request = Request {
        name: args.name.clone(),
        description: args.description.clone(),
        license: args.license.clone(),
        scripts: args.with.contains(&ResourceDir::Scripts),
        references: args.with.contains(&ResourceDir::References),
        assets: args.with.contains(&ResourceDir::Assets),
    };
    let files = scaffold::files(&request);

    let staging = tempfile::Builder::new()
        .prefix(".skills-new-")
        .tempdir_in(&parent)
        .map_err(|e| Error::unwritable(&parent, e))?;
    let cleanup = interrupt::remove_on_signal(staging.path());
    let staged = staging.path().join(&args.name);
    write_files(&staged, &files)?;

    let skill = ship::one_skill(&staged, true)?;
    let mut findings = lint::lint(std::slice::from_ref(&skill), &config.options);
    // The placeholder description is there to be replaced: S110 fails it from now on, and the
    // last lines below say so.
    let placeholder =
        args.description.is_none() && findings.iter().any(|f| f.rule.id == PLACEHOLDER_RULE);
    findings.retain(|f| f.rule.id != PLACEHOLDER_RULE || args.description.is_some());
    if ship::has_errors(&findings) {
        return Err(refusal(
            "the skill would not pass `skills lint`",
            findings.iter().filter(|f| f.severity == Severity::Error),
        ));
    }
    ship::install(&staged, &dest, false)?;
    drop(staging);
    drop(cleanup);

    let shown = |p: &Path| escape::inline(&paths::display(p, &cwd)).into_owned();
    let mut text = format!("created {}/\n", shown(&dest));
    for file in &files {
        text.push_str(&format!("  {}\n", shown(&dest.join(&file.rel))));
    }
    if placeholder {
        text.push_str(&format!(
            "next: replace the placeholder description in {}: `skills lint` fails on it (S110 \
             description-placeholder) until you do; then run `skills lint {}`\n",
            shown(&dest.join("SKILL.md")),
            shown(&dest)
        ));
    } else {
        text.push_str(&format!(
            "next: replace the placeholder text of the body, then run `skills lint {}`\n",
            shown(&dest)
        ));
    }
    report::write_text(out, &text)?;
    let mut notes = String::new();
    for f in &findings {
        notes.push_str(&format!(
            "{}[{}]: {}\n",
            f.severity,
            f.rule.id,
            escape::text(&f.message)
        ));
        if let Some(help) = &f.help {
            notes.push_str(&format!("  help: {}\n", escape::text(help)));
        }
    }
    report::write_text(err, &notes)?;
    Ok(Outcome::Success)
}

/// Refuses a name that the selected targets' name rules reject, with the rules' own messages.
fn check_name(name: &str, parent: &Path, options: &LintOptions) -> Result<()> {
    if name != name.trim() {
        return Err(Error::Refused {
            message: format!(
                "invalid skill name `{}`: it has spaces around it",
                escape::inline(name)
            ),
            help: "give the name without surrounding spaces".to_owned(),
        });
    }
    let dir = parent.join(name);
    let text = format!(
        "---\nname: {}\ndescription: {}\n---\n",
        scaffold::yaml_quote(name),
        scaffold::yaml_quote(scaffold::PLACEHOLDER_DESCRIPTION)
    );
    let origin = Origin {
        root: parent.to_path_buf(),
        scope: Scope::Custom,
        precedence: 0,
        root_index: 0,
    };
    let probe = Skill::parse(dir.clone(), dir.join("SKILL.md"), origin, text.into_bytes());
    let only_names = LintOptions {
        levels: rules::all()
            .filter(|r| !NAME_RULES.contains(&r.id))
            .map(|r| (r.id, Level::Off))
            .collect(),
        ..options.clone()
    };
    let findings = lint::lint(&[probe], &only_names);
    if ship::has_errors(&findings) {
        return Err(refusal(
            &format!("invalid skill name `{}`", escape::inline(name)),
            findings.iter().filter(|f| f.severity == Severity::Error),
        ));
    }
    Ok(())
}

/// An error listing findings' messages (and their helps), without paths: the files they point
/// into were never kept.
fn refusal<'a>(what: &str, findings: impl Iterator<Item = &'a Finding>) -> Error {
    let mut message = format!("{what}:");
    let mut helps: Vec<String> = Vec::new();
    for f in findings {
        message.push_str(&format!("\n  {} ({})", escape::text(&f.message), f.rule.id));
        if let Some(help) = &f.help {
            if !helps.contains(help) {
                helps.push(help.clone());
            }
        }
    }
    // Several rules about one name tend to give the same advice in other words: the first
    // (the rules run in ID order) is enough.
    let help = helps
        .into_iter()
        .next()
        .unwrap_or_else(|| "`skills explain RULE` says more".to_owned());
    Error::Refused { message, help }
}

fn write_files(dir: &Path, files: &[scaffold::File]) -> Result<()> {
    std::fs::create_dir(dir).map_err(|e| Error::unwritable(dir, e))?;
    for file in files {
        let path: PathBuf = dir.join(&file.rel);
        fsafe::create_new(dir, Path::new(&file.rel))
            .and_then(|mut f| f.write_all(file.text.as_bytes()))
            .map_err(|e| Error::unwritable(&path, e))?;
        if file.executable {
            make_executable(&path)?;
        }
    }
    Ok(())
}

#[cfg(unix)]
fn make_executable(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| Error::unwritable(path, e))
}

#[cfg(not(unix))]
fn make_executable(_path: &Path) -> Result<()> {
    Ok(())
}
