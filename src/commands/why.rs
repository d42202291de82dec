//! `skills why`: one skill's story in each selected runtime, told by [`crate::why`].

use std::io::Write;
use std::path::PathBuf;

use super::runtime::Machine;
use super::ship;
use crate::Outcome;
use crate::cli::{DiscoveryArgs, ReportFormat, RuntimeArgs, WhyArgs};
use crate::error::{Error, Result};
use crate::provider::{FsOptions, Root};
use crate::report::why::{self as view, SCHEMA, WhyReport};
use crate::report::{write_json, write_text};
use crate::targets::{TARGETS, Target, TargetRef};
use crate::why::{self, Query, Run};

pub fn run(args: &WhyArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<Outcome> {
    let cwd = std::env::current_dir().map_err(Error::WorkingDirectory)?;
    let config = ship::config(&cwd, &args.targets, !args.no_ignore)?;
    let targets: Vec<&'static Target> = if args.all_targets {
        TARGETS.to_vec()
    } else {
        config.options.targets.clone()
    };
    let query = Query::parse(&args.skill, &cwd);
    let roots = args.paths.is_empty();
    let mut stories = Vec::new();
    for target in targets {
        let runtime = runtime_args(args, target, roots);
        let machine = Machine::prepare(&runtime)?;
        machine.write_notes(err)?;
        let searched: Vec<Root> = if roots {
            (target.roots)(&machine.env)
                .iter()
                .map(|r| r.to_root())
                .collect()
        } else {
            args.paths
                .iter()
                .map(|p| Root::explicit(cwd.join(p)).with_max_depth(FsOptions::default().max_depth))
                .collect()
        };
        let cx = machine.context(args.context_window);
        stories.push(why::explain(
            &Run {
                target,
                env: &machine.env,
                provider: &machine.provider,
                roots,
                searched: &searched,
                cx: &cx,
                lint: &config.options,
            },
            &query,
        ));
    }
    let all_listed = stories
        .iter()
        .all(|s| s.copies.iter().any(|c| c.state.is_listed()));
    let env = crate::targets::env::Env::from_process(cwd);
    match args.format {
        ReportFormat::Text => write_text(out, &view::human(&query.shown(&env), &stories))?,
        ReportFormat::Json => write_json(
            out,
            &WhyReport {
                schema: SCHEMA,
                skill: &args.skill,
                stories: &stories,
            },
        )?,
    }
    Ok(if all_listed {
        Outcome::Success
    } else {
        Outcome::Findings
    })
}

/// What `catalog -t TARGET` would be given: the same discovery, the runtime's roots or the
/// paths, the runtime's built-ins.
fn runtime_args(args: &WhyArgs, target: &'static Target, roots: bool) -> RuntimeArgs {
    let defaults = FsOptions::default();
    RuntimeArgs {
        discovery: DiscoveryArgs {
            paths: args.paths.iter().map(PathBuf::from).collect(),
            no_ignore: args.no_ignore,
            max_depth: defaults.max_depth,
            max_dirs: defaults.max_dirs,
        },
        target: TargetRef(target),
        roots,
        path_prefix: args.path_prefix.clone(),
        model: None,
        no_builtins: args.no_builtins,
        skills_path: Vec::new(),
    }
}
