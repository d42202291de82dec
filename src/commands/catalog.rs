//! `skills catalog`: the exact level-1 bytes a runtime injects, its statistics, or a check
//! against a recorded copy.

use std::io::Write;

use super::runtime::{BuiltinUse, Machine};
use crate::Outcome;
use crate::cli::{CatalogArgs, CatalogFormat};
use crate::error::{Error, Result};
use crate::paths;
use crate::provider::SkillProvider;
use crate::report::catalog::{self as view, BuiltinStats, CatalogReport, ChangeRow, SCHEMA, Stats};
use crate::report::{unified_diff, write_json, write_text};
use crate::targets::catalog::{self, Catalog};
use crate::tokens::{self, Encoding};

pub fn run(args: &CatalogArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<Outcome> {
    let machine = Machine::prepare(&args.runtime)?;
    machine.write_notes(err)?;
    let (target, cwd) = (machine.target, &machine.cwd);
    let cx = machine.context(args.context_window);
    let built = catalog::build(target, machine.provider.list(), &cx);

    if let Some(file) = &args.check {
        return check(&built.text, file, cwd, out, err);
    }
    let stats = (args.stats || args.format == CatalogFormat::Json)
        .then(|| stats(&built, &machine, cx.context_window));
    match args.format {
        CatalogFormat::Json => {
            let messages = target
                .catalog_messages(&built.text)
                .into_iter()
                .map(str::to_owned)
                .collect();
            let report = CatalogReport {
                schema: SCHEMA,
                target: target.id,
                messages,
                text: built.text,
                stats: stats.unwrap_or_else(|| unreachable!("JSON always has statistics")),
            };
            write_json(out, &report)?;
        }
        CatalogFormat::Text => {
            write_text(out, &built.text)?;
            out.flush().map_err(Error::Output)?;
            match stats {
                Some(stats) => write_text(err, &view::human(target.id, &stats))?,
                None if !built.changes.is_empty() => write_text(
                    err,
                    &format!(
                        "note: {} skill{} lost {} description or {} left out; --stats says which\n",
                        built.changes.len(),
                        if built.changes.len() == 1 { "" } else { "s" },
                        if built.changes.len() == 1 {
                            "its"
                        } else {
                            "their"
                        },
                        if built.changes.len() == 1 {
                            "was"
                        } else {
                            "were"
                        },
                    ),
                )?,
                None => {}
            }
        }
    }
    Ok(Outcome::Success)
}

fn stats(built: &Catalog, machine: &Machine, context_window: Option<u64>) -> Stats {
    let target = machine.target;
    Stats {
        found: built.found,
        listed: built.listed,
        bytes: built.text.len() as u64,
        characters: built.text.chars().count() as u64,
        o200k_tokens: tokens::count(&built.text, Encoding::O200kBase),
        model: machine.model.clone(),
        placement: target.placement_for(machine.model_info),
        context_window,
        budget: built.budget,
        builtins: match &machine.builtins {
            BuiltinUse::None => None,
            BuiltinUse::LeftOut => Some(BuiltinStats {
                included: false,
                names: target.builtins.iter().map(|b| b.name).collect(),
                install: None,
                note: target.builtins_note,
            }),
            BuiltinUse::Included { names, install } => Some(BuiltinStats {
                included: true,
                names: names.clone(),
                install: install.clone(),
                note: target.builtins_note,
            }),
        },
        not_shown: if target.builtins.is_empty() {
            target.builtins_note
        } else {
            ""
        },
        verification: target.verification(),
        changes: built
            .changes
            .iter()
            .map(|c| ChangeRow {
                name: c.name.clone(),
                path: paths::display(&c.path, &machine.cwd),
                change: c.kind,
                reason: c.reason.clone(),
            })
            .collect(),
    }
}

/// `--check FILE`: silent success when the bytes are equal, else a unified diff and exit 1.
fn check(
    text: &str,
    file: &std::path::Path,
    cwd: &std::path::Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Outcome> {
    let recorded = std::fs::read(file).map_err(|e| Error::unreadable(file, e))?;
    if recorded == text.as_bytes() {
        write_text(err, &format!("catalog matches {}\n", file.display()))?;
        return Ok(Outcome::Success);
    }
    let shown = paths::display(
        &std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf()),
        cwd,
    );
    let before = String::from_utf8_lossy(&recorded);
    let mut diff = unified_diff(&before, text, &shown, "catalog", 3);
    if diff.is_empty() {
        // Only bytes that are not valid UTF-8 differ.
        diff = format!("{shown} differs from the catalog in bytes that are not valid UTF-8\n");
    }
    write_text(out, &diff)?;
    write_text(
        err,
        &format!(
            "catalog differs from {}; rerun without --check and save the output to update it\n",
            file.display()
        ),
    )?;
    Ok(Outcome::Findings)
}
