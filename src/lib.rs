//! `skills`: lint, preview and package Agent Skills exactly as each agent runtime sees them.
//!
//! The library is what the `skills` binary runs, and it can be embedded: a [`provider`] finds and
//! parses skills ([`provider::FsProvider`] on disk, [`provider::MemoryProvider`] from data), and
//! every [`skill::Skill`] carries the facts its `SKILL.md` holds, with byte spans.

pub mod cli;
pub mod commands;
pub mod error;
pub mod frontmatter;
pub mod paths;
pub mod provider;
pub mod report;
pub mod skill;
pub mod source;

use std::io::Write;
use std::process::ExitCode;

pub use error::{Error, Result};

/// How a command ended when it did not fail. Exit codes: 0 success, 1 findings at error level,
/// 2 the tool itself failed (an [`Error`], or a usage error from the argument parser).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Success,
    Findings,
}

impl Outcome {
    pub fn exit_code(self) -> ExitCode {
        match self {
            Self::Success => ExitCode::SUCCESS,
            Self::Findings => ExitCode::from(1),
        }
    }
}

/// The exit code for a fatal error.
pub const FAILURE: u8 = 2;

/// Runs a parsed command line, writing results to `out` and messages to `err`.
pub fn run(cli: cli::Cli, out: &mut dyn Write, err: &mut dyn Write) -> Result<Outcome> {
    match cli.command {
        cli::Command::List(args) => commands::list::run(&args, out, err),
    }
}
