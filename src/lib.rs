//! `skills`: lint, preview and package Agent Skills exactly as each agent runtime sees them.
//!
//! The library is what the `skills` binary runs, and it can be embedded: a [`provider`] finds and
//! parses skills ([`provider::FsProvider`] on disk, [`provider::MemoryProvider`] from data), and
//! every [`skill::Skill`] carries the facts its `SKILL.md` holds, with byte spans.
//!
//! ```
//! use skills::provider::{MemoryProvider, MemorySkill, SkillProvider};
//!
//! let skill = MemorySkill::new(
//!     "/skills/pdf-processing",
//!     "---\nname: pdf-processing\ndescription: Extracts text from PDFs. Use with PDFs.\n---\n# PDF\n",
//! )
//! .with_file("references/forms.md", "# Forms\nFill them in.\n");
//! let provider = MemoryProvider::new([skill]);
//!
//! let pdf = provider.get("pdf-processing").expect("the skill is there");
//! assert_eq!(pdf.description(), Some("Extracts text from PDFs. Use with PDFs."));
//! let name = pdf.field("name").expect("a name field");
//! assert_eq!(pdf.slice(name.value_span), "pdf-processing");
//!
//! let forms = provider.read_resource("pdf-processing", "references/forms.md", None)?;
//! assert_eq!(forms.text, "# Forms\nFill them in.\n");
//! assert!(provider.read_resource("pdf-processing", "../secret", None).is_err());
//! # Ok::<(), skills::provider::ResourceError>(())
//! ```

pub mod baseline;
pub mod cli;
pub mod commands;
pub mod config;
pub mod cost;
pub mod empty;
pub mod error;
pub mod fix;
pub mod frontmatter;
pub mod fsafe;
pub mod hash;
pub mod interrupt;
pub mod lint;
pub mod matrix;
pub mod package;
mod parallel;
pub mod paths;
pub mod progress;
pub mod provider;
pub mod report;
pub mod rules;
pub mod scaffold;
pub mod select;
#[cfg(test)]
mod sequence;
pub mod simulate;
pub mod skill;
pub mod source;
pub mod suppress;
pub mod targets;
pub mod tokens;
pub mod values;
pub mod watch;
pub mod why;

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
        cli::Command::Lint(args) => commands::lint::run(&args, out, err),
        cli::Command::Explain(args) => commands::explain::run(&args, out),
        cli::Command::List(args) => commands::list::run(&args, out, err),
        cli::Command::Catalog(args) => commands::catalog::run(&args, out, err),
        cli::Command::Targets(args) => commands::targets::run(&args, out),
        cli::Command::Load(args) => commands::load::run(&args, out, err),
        cli::Command::Simulate(args) => commands::simulate::run(&args, out, err),
        cli::Command::New(args) => commands::new::run(&args, out, err),
        cli::Command::Package(args) => commands::package::run(&args, out, err),
        cli::Command::Unpack(args) => commands::unpack::run(&args, out),
        cli::Command::Completions(args) => commands::completions::run(&args, out),
        cli::Command::Man(args) => commands::man::run(&args, out),
        cli::Command::Tokens(args) => commands::tokens::run(&args, out, err),
        cli::Command::Why(args) => commands::why::run(&args, out, err),
        cli::Command::Matrix(args) => commands::matrix::run(&args, out, err),
    }
}
