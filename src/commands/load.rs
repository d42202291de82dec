//! `skills load`: a runtime's level-2 result for a skill, or its level-3 read of a file.

use std::io::Write;

use super::runtime::Machine;
use crate::Outcome;
use crate::cli::{LoadArgs, LoadFormat};
use crate::error::{Error, Result};
use crate::provider::SkillProvider;
use crate::report::load::{LoadReport, SCHEMA, Sizes};
use crate::report::{write_json, write_text};
use crate::targets::Target;
use crate::targets::catalog;
use crate::targets::load::{LoadInput, ReadInput};

pub fn run(args: &LoadArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<Outcome> {
    let machine = Machine::prepare(&args.runtime)?;
    machine.write_notes(err)?;
    let target = machine.target;
    let mode = checked_mode(target, args.mode.as_deref())?;
    let cx = machine.context(None);
    let (known, _) = catalog::known(target, machine.provider.list(), &cx);
    let output = match &args.file {
        Some(file) => (target.read)(&ReadInput {
            name: &args.name,
            path: file,
            lines: args.lines,
            known: &known,
            provider: &machine.provider,
            mode,
            cx: &cx,
        }),
        None => (target.load)(&LoadInput {
            name: &args.name,
            known: &known,
            provider: &machine.provider,
            earlier_loads: 0,
            mode,
            cx: &cx,
        }),
    };
    if output.parts.is_empty()
        && let Some(note) = output.record.get("note").and_then(|n| n.as_str())
    {
        // The runtime added nothing, and says nothing: say why.
        write_text(err, &format!("note: {note}\n"))?;
    }
    match args.format {
        LoadFormat::Text => write_text(out, &output.display())?,
        LoadFormat::Json => {
            let sizes = Sizes::of(&output);
            write_json(
                out,
                &LoadReport {
                    schema: SCHEMA,
                    target: target.id,
                    name: &args.name,
                    file: args.file.as_deref(),
                    output: &output,
                    sizes,
                },
            )?;
        }
    }
    Ok(if output.error {
        Outcome::Findings
    } else {
        Outcome::Success
    })
}

/// `--mode`, checked against the target's modes.
pub fn checked_mode<'m>(target: &Target, mode: Option<&'m str>) -> Result<Option<&'m str>> {
    let Some(mode) = mode else {
        return Ok(None);
    };
    if target.session.modes.iter().any(|m| m.name == mode) {
        return Ok(Some(mode));
    }
    let known: Vec<&str> = target.session.modes.iter().map(|m| m.name).collect();
    Err(Error::Usage {
        message: format!("{} has no load mode `{mode}`", target.id),
        help: if known.is_empty() {
            format!(
                "{} has a single way of loading; leave out --mode",
                target.id
            )
        } else {
            format!("its modes: {}", known.join(", "))
        },
    })
}
