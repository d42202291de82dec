//! `skills simulate`: a session as a runtime builds it, request by request.

use std::io::Write;

use super::load::checked_mode;
use super::runtime::Machine;
use crate::Outcome;
use crate::cli::{LoadFormat, SimulateArgs};
use crate::error::Result;
use crate::provider::SkillProvider;
use crate::report::simulate::{self as view, SCHEMA, SimulateReport};
use crate::report::{write_json, write_text};
use crate::simulate::{self, Options};
use crate::tokens::Encoding;

pub fn run(args: &SimulateArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<Outcome> {
    let machine = Machine::prepare(&args.runtime)?;
    machine.write_notes(err)?;
    let target = machine.target;
    let mode = checked_mode(target, args.mode.as_deref())?;
    let cx = machine.context(args.context_window);
    let session = simulate::run(
        target,
        machine.provider.list(),
        &machine.provider,
        &cx,
        &args.steps,
        Options {
            mode,
            turns: usize::from(args.turns),
            user_message: &args.user,
            encoding: Encoding::O200kBase,
        },
    );
    match args.format {
        LoadFormat::Text => write_text(out, &view::human(&session, !args.table))?,
        LoadFormat::Json => write_json(
            out,
            &SimulateReport {
                schema: SCHEMA,
                target: target.id,
                mode: mode.or_else(|| target.session.modes.first().map(|m| m.name)),
                session: &session,
            },
        )?,
    }
    Ok(if session.steps.iter().any(|s| s.error) {
        Outcome::Findings
    } else {
        Outcome::Success
    })
}
