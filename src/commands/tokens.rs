//! `skills tokens`: what each skill costs a runtime's model per level, the catalog budget, and
//! the `--max-*` gates.

use std::io::Write;
use std::sync::Arc;

use super::runtime::Machine;
use crate::Outcome;
use crate::cli::{TokensArgs, TokensFormat};
use crate::cost::{self, Limits};
use crate::error::Result;
use crate::progress::Progress;
use crate::report::progress;
use crate::report::tokens as view;
use crate::report::{write_json, write_text};
use crate::tokens;

/// The context window when neither `--context-window` nor a model gives one.
const DEFAULT_CONTEXT_WINDOW: u64 = 200_000;

pub fn run(args: &TokensArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<Outcome> {
    let progress = Arc::new(Progress::default());
    // On a terminal, for runs over a second; not over JSON, which is read by programs.
    let line = progress::Line::start(
        "counting tokens",
        progress.clone(),
        args.format == TokensFormat::Table && progress::wanted(args.quiet),
    );
    // The catalog is always counted: page the tables in on another core while skills are
    // discovered, loaded and read.
    tokens::preload(args.encoding);
    let machine = Machine::prepare(&args.runtime)?;
    // A runtime that knows its models takes the model's window, or for a model it does not
    // know its own fallback; the others are measured at 200000 tokens.
    let window = args.context_window.or_else(|| match machine.model {
        Some(_) => machine.model_info.map(|m| m.context_window),
        None => Some(DEFAULT_CONTEXT_WINDOW),
    });
    let cx = machine.context(window);
    let costs = cost::measure(
        machine.target,
        &machine.provider,
        &cx,
        args.encoding,
        &progress,
    );
    drop(line);
    machine.write_notes(err)?;
    let limits = Limits {
        catalog: args.max_catalog_tokens,
        body: args.max_body_tokens,
        skill: args.max_skill_tokens,
    };
    let offences = cost::offences(&costs, limits);
    match args.format {
        TokensFormat::Json => write_json(
            out,
            &view::report(
                machine.target,
                &costs,
                &offences,
                window,
                args.sort,
                &machine.cwd,
            ),
        )?,
        TokensFormat::Table => {
            write_text(out, &view::human(machine.target, &costs, window, args.sort))?;
            write_text(
                err,
                &view::offences(&costs, &offences, limits.body.is_some(), &machine.cwd),
            )?;
        }
    }
    Ok(if offences.is_empty() {
        Outcome::Success
    } else {
        Outcome::Findings
    })
}
