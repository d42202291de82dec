//! `skills matrix`: every skill × every selected runtime, built by [`crate::matrix`].

use std::io::Write;

use super::runtime::Machine;
use crate::Outcome;
use crate::cli::{DiscoveryArgs, MatrixArgs, MatrixFormat, RuntimeArgs};
use crate::error::{Error, Result};
use crate::matrix::{Builder, Found};
use crate::provider::{FsOptions, SkillProvider};
use crate::report::matrix::{self as view, MatrixReport, SCHEMA};
use crate::report::{write_json, write_text};
use crate::targets::env::Env;
use crate::targets::{TARGETS, Target, TargetRef};

pub fn run(args: &MatrixArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<Outcome> {
    let cwd = std::env::current_dir().map_err(Error::WorkingDirectory)?;
    let targets: Vec<&'static Target> = if args.targets.is_empty() {
        TARGETS.to_vec()
    } else {
        let mut chosen: Vec<&'static Target> = Vec::new();
        for t in &args.targets {
            if !chosen.iter().any(|c| c.id == t.0.id) {
                chosen.push(t.0);
            }
        }
        chosen
    };
    let mut builder = Builder::new(args.roots, Env::from_process(cwd));
    for target in targets {
        let machine = Machine::prepare(&runtime_args(args, target))?;
        machine.write_notes(err)?;
        let cx = machine.context(args.context_window);
        builder.add(&Found {
            target,
            skills: machine.provider.list(),
            cx: &cx,
        });
    }
    let matrix = builder.finish();
    match args.format {
        MatrixFormat::Table => write_text(out, &view::table(&matrix))?,
        MatrixFormat::Json => write_json(
            out,
            &MatrixReport {
                schema: SCHEMA,
                matrix: &matrix,
            },
        )?,
    }
    Ok(Outcome::Success)
}

/// What `catalog -t TARGET` would be given.
fn runtime_args(args: &MatrixArgs, target: &'static Target) -> RuntimeArgs {
    let defaults = FsOptions::default();
    RuntimeArgs {
        discovery: DiscoveryArgs {
            paths: args.paths.clone(),
            no_ignore: args.no_ignore,
            max_depth: defaults.max_depth,
            max_dirs: defaults.max_dirs,
        },
        target: TargetRef(target),
        roots: args.roots,
        path_prefix: args.path_prefix.clone(),
        model: None,
        no_builtins: args.no_builtins,
        skills_path: Vec::new(),
    }
}
