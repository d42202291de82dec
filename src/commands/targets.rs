//! `skills targets`: what is known about each runtime.

use std::io::Write;

use crate::Outcome;
use crate::cli::{ListFormat, TargetsArgs};
use crate::error::{Error, Result};
use crate::report::targets::{self as view, SCHEMA, TargetsReport};
use crate::report::{write_json, write_text};
use crate::targets::{self, env::Env};

pub fn run(args: &TargetsArgs, out: &mut dyn Write) -> Result<Outcome> {
    let cwd = std::env::current_dir().map_err(Error::WorkingDirectory)?;
    let env = Env::from_process(cwd);
    let selected: Vec<&'static targets::Target> = match args.target {
        Some(t) => vec![t.0],
        None => targets::TARGETS.to_vec(),
    };
    match (args.format, args.target) {
        (ListFormat::Json, _) => write_json(
            out,
            &TargetsReport {
                schema: SCHEMA,
                targets: selected.iter().map(|t| view::row(t, &env)).collect(),
            },
        )?,
        (ListFormat::Table, Some(t)) => write_text(out, &view::page(&view::row(t.0, &env)))?,
        (ListFormat::Table, None) => write_text(out, &view::summary(&selected))?,
    }
    Ok(Outcome::Success)
}
