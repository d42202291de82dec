//! `skills package`: lint, check the upload rules, build the archive, write it atomically.

use std::io::Write;
use std::path::Path;

use super::ship;
use crate::Outcome;
use crate::cli::PackageArgs;
use crate::error::{Error, Result};
use crate::hash;
use crate::lint;
use crate::package::{self, Contents, Options, Problem, format_size};
use crate::paths;
use crate::report::lint::plural;
use crate::report::{self, escape};

pub fn run(args: &PackageArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<Outcome> {
    let cwd = std::env::current_dir().map_err(Error::WorkingDirectory)?;
    let respect_gitignore = !args.no_ignore;
    let skill = ship::one_skill(&args.path, respect_gitignore)?;
    let name = skill.name().into_owned();
    let out_dir = ship::absolute(args.out.as_deref().unwrap_or(Path::new(".")), &cwd);
    let output = out_dir.join(format!("{name}.skill"));
    let options = Options {
        respect_gitignore,
        max_size: args.max_size,
        ..Options::default()
    };
    let contents = package::collect(&skill.dir, &options, Some(&output));
    let shown = |p: &Path| paths::display(p, &cwd);

    if args.list {
        report::write_text(out, &listing(&name, &contents, &shown(&output)))?;
        let problems = package::upload_problems(&name, &contents, &options);
        ship::write_problems(&problems, err)?;
        return Ok(if problems.is_empty() {
            Outcome::Success
        } else {
            Outcome::Findings
        });
    }

    if std::fs::symlink_metadata(&output).is_ok() && !args.force {
        return Err(exists(&ship::shown(&output, &cwd)));
    }
    let config = ship::config(&cwd, &[], respect_gitignore)?;
    let skills = std::slice::from_ref(&skill);
    let findings = lint::lint(skills, &config.options);
    if ship::has_errors(&findings) {
        ship::write_findings(&findings, skills, &cwd, err)?;
        writeln!(err, "not packaged: fix the errors above first").map_err(Error::Output)?;
        return Ok(Outcome::Findings);
    }
    if !findings.is_empty() {
        writeln!(
            err,
            "note: `skills lint {}` has {} for this skill",
            shown(&skill.dir),
            plural(findings.len(), "finding")
        )
        .map_err(Error::Output)?;
    }
    let mut problems: Vec<Problem> = ship::upload_findings(&skill, &config.options)
        .into_iter()
        .map(|f| {
            Problem::new(
                f.message,
                f.help
                    .unwrap_or_else(|| format!("see `skills explain {}`", f.rule.id)),
            )
        })
        .collect();
    problems.extend(package::upload_problems(&name, &contents, &options));
    if !problems.is_empty() {
        ship::write_problems(&problems, err)?;
        writeln!(
            err,
            "not packaged: {} broken",
            plural(problems.len(), "upload rule")
        )
        .map_err(Error::Output)?;
        return Ok(Outcome::Findings);
    }

    let epoch = std::env::var("SOURCE_DATE_EPOCH").ok();
    let time = package::timestamp(epoch.as_deref()).map_err(|value| Error::Usage {
        message: format!("SOURCE_DATE_EPOCH is `{value}`, not a number of seconds"),
        help:
            "set it to seconds since 1970-01-01 UTC (such as the last commit's time), or unset it"
                .to_owned(),
    })?;
    let bytes = package::build(&name, &contents, time).map_err(|p| Error::Refused {
        message: p.message,
        help: p.help,
    })?;
    write_atomically(&output, &bytes, args.force)?;

    let entries = contents.entries(&name).len();
    report::write_text(
        out,
        &format!(
            "{}\n  entries  {} ({})\n  size     {} ({})\n  sha256   {}\n",
            shown(&output),
            entries,
            plural(contents.files.len(), "file"),
            format_size(bytes.len() as u64),
            plural(bytes.len(), "byte"),
            hash::sha256_hex(&bytes)
        ),
    )?;
    Ok(Outcome::Success)
}

fn exists(output: &Path) -> Error {
    Error::Exists {
        path: output.to_path_buf(),
        help: "pass --force to replace it, or choose another --out".to_owned(),
    }
}

/// What `--list` prints: every entry with its mode and size, then what is left out and why.
fn listing(name: &str, contents: &Contents, output: &str) -> String {
    let entries = contents.entries(name);
    let mut text = format!(
        "{output} would hold {} ({}, {} uncompressed):\n",
        ship::entry_count(entries.len()),
        plural(contents.files.len(), "file"),
        format_size(contents.total_size())
    );
    let width = entries
        .iter()
        .filter_map(|(_, f)| f.map(|f| f.size.to_string().len()))
        .max()
        .unwrap_or(1);
    for (path, file) in &entries {
        let (mode, size) = match file {
            Some(f) if f.executable => ("0755", f.size.to_string()),
            Some(f) => ("0644", f.size.to_string()),
            None => ("0755", String::new()),
        };
        text.push_str(&format!(
            "  {mode}  {size:>width$}  {}\n",
            escape::inline(path)
        ));
    }
    if !contents.left_out.is_empty() {
        text.push_str("left out:\n");
        let width = contents
            .left_out
            .iter()
            .map(|l| l.rel.len() + usize::from(l.is_dir))
            .max()
            .unwrap_or(0);
        for l in &contents.left_out {
            let rel = escape::inline(&l.rel);
            let shown = if l.is_dir {
                format!("{rel}/")
            } else {
                rel.into_owned()
            };
            text.push_str(&format!("  {shown:<width$}  {}\n", l.reason));
        }
    }
    text
}

/// Writes `bytes` to `path` through a temporary file beside it and a rename. Without `replace`,
/// the rename refuses to overwrite a file that appeared meanwhile.
fn write_atomically(path: &Path, bytes: &[u8], replace: bool) -> Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| Error::unwritable(dir, e))?;
    let fail = |e: std::io::Error| Error::unwritable(path, e);
    let mut tmp = tempfile::Builder::new()
        .prefix(".skills-package-")
        .tempfile_in(dir)
        .map_err(fail)?;
    let _cleanup = crate::interrupt::remove_on_signal(tmp.path());
    tmp.write_all(bytes).map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    set_readable(tmp.as_file()).map_err(fail)?;
    if replace {
        tmp.persist(path).map_err(|e| fail(e.error))?;
    } else {
        tmp.persist_noclobber(path).map_err(|e| {
            if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                exists(path)
            } else {
                fail(e.error)
            }
        })?;
    }
    Ok(())
}

/// A temporary file is created 0600; the archive is an ordinary file.
#[cfg(unix)]
fn set_readable(file: &std::fs::File) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    file.set_permissions(std::fs::Permissions::from_mode(0o644))
}

#[cfg(not(unix))]
fn set_readable(_file: &std::fs::File) -> std::io::Result<()> {
    Ok(())
}
