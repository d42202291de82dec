//! Rendering for people and machines. Only this module and `commands/` write output.

pub mod github;
pub mod human;
pub mod lint;
pub mod list;
pub mod sarif;
pub mod table;

use std::io::Write;

use serde::Serialize;

use crate::error::{Error, Result};

/// Writes `value` as pretty JSON followed by a newline.
pub fn write_json(out: &mut dyn Write, value: &impl Serialize) -> Result<()> {
    let text = serde_json::to_string_pretty(value)?;
    writeln!(out, "{text}").map_err(Error::Output)
}

/// Writes text exactly as given.
pub fn write_text(out: &mut dyn Write, text: &str) -> Result<()> {
    out.write_all(text.as_bytes()).map_err(Error::Output)
}
