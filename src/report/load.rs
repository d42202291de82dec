//! `skills load --format json`: the `skills.load/v1` schema.

use serde::Serialize;

use crate::targets::load::Output;
use crate::tokens::{self, Encoding};

pub const SCHEMA: &str = "skills.load/v1";

#[derive(Debug, Serialize)]
pub struct LoadReport<'a> {
    pub schema: &'static str,
    pub target: &'static str,
    pub name: &'a str,
    /// The file read (level 3), or `null` for a load (level 2).
    pub file: Option<&'a str>,
    #[serde(flatten)]
    pub output: &'a Output,
    pub sizes: Sizes,
}

/// The size of everything the runtime adds (every part), in bytes and model tokens.
#[derive(Debug, Serialize)]
pub struct Sizes {
    pub bytes: usize,
    pub o200k_tokens: usize,
}

impl Sizes {
    pub fn of(output: &Output) -> Self {
        Self {
            bytes: output.parts.iter().map(|p| p.text.len()).sum(),
            o200k_tokens: output
                .parts
                .iter()
                .map(|p| tokens::count(&p.text, Encoding::O200kBase))
                .sum(),
        }
    }
}
