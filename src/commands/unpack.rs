//! `skills unpack`: check every entry, extract into a temporary folder beside the destination,
//! rename it into place, lint the result.

use std::io::Write;
use std::path::Path;

use super::ship;
use crate::Outcome;
use crate::cli::UnpackArgs;
use crate::error::{Error, Result};
use crate::interrupt;
use crate::lint;
use crate::package::archive::Reader;
use crate::package::unpack::{self, Limits};
use crate::package::{Problem, format_size};
use crate::paths;
use crate::report::lint::plural;
use crate::report::{self, escape};

pub fn run(args: &UnpackArgs, out: &mut dyn Write) -> Result<Outcome> {
    let cwd = std::env::current_dir().map_err(Error::WorkingDirectory)?;
    let file = std::fs::File::open(&args.archive).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            Error::PathNotFound {
                path: args.archive.clone(),
            }
        } else {
            Error::unreadable(&args.archive, e)
        }
    })?;
    let refused = |p: Problem| Error::Refused {
        message: format!(
            "{} not unpacked: {}",
            escape::inline(&args.archive.display().to_string()),
            escape::text(&p.message)
        ),
        help: p.help,
    };
    let mut reader = Reader::new(std::io::BufReader::new(file)).map_err(|e| {
        refused(Problem::new(
            format!("it is not a ZIP archive ({e})"),
            "a .skill file is a ZIP archive, such as `skills package` writes",
        ))
    })?;
    let limits = Limits {
        max_size: args.max_size,
        max_entries: args.max_entries,
    };
    let plan = unpack::plan(&mut reader, limits).map_err(refused)?;

    let into = ship::absolute(&args.into, &cwd);
    let dest = into.join(&plan.folder);
    if std::fs::symlink_metadata(&dest).is_ok() && !args.force {
        return Err(Error::Exists {
            path: ship::shown(&dest, &cwd),
            help: "pass --force to replace it, or unpack --into another folder".to_owned(),
        });
    }
    std::fs::create_dir_all(&into).map_err(|e| Error::unwritable(&into, e))?;
    let staging = tempfile::Builder::new()
        .prefix(".skills-unpack-")
        .tempdir_in(&into)
        .map_err(|e| Error::unwritable(&into, e))?;
    // An interrupted unpack leaves no half-written folder behind.
    let cleanup = interrupt::remove_on_signal(staging.path());
    let staged = staging.path().join(&plan.folder);
    std::fs::create_dir(&staged).map_err(|e| Error::unwritable(&staged, e))?;
    let written = unpack::extract(&mut reader, &plan, &staged, limits).map_err(refused)?;
    ship::install(&staged, &dest, args.force)?;
    drop(staging);
    drop(cleanup);

    let shown = |p: &Path| escape::inline(&paths::display(p, &cwd)).into_owned();
    let mut text = format!(
        "unpacked {} into {}/ ({}, {})\n",
        escape::inline(&plan.folder),
        shown(&dest),
        plural(plan.files(), "file"),
        format_size(written)
    );
    if !plan.skipped.is_empty() {
        text.push_str(&format!(
            "left out {} of macOS metadata (__MACOSX/, .DS_Store)\n",
            ship::entry_count(plan.skipped.len())
        ));
    }
    report::write_text(out, &text)?;

    let config = ship::config(&cwd, &[], true)?;
    let skill = ship::one_skill(&dest, true)?;
    let skills = std::slice::from_ref(&skill);
    let findings = lint::lint(skills, &config.options);
    ship::write_findings(&findings, skills, &cwd, out)?;
    Ok(if ship::has_errors(&findings) {
        Outcome::Findings
    } else {
        Outcome::Success
    })
}
