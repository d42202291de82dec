//! The whole command-line surface, in one place.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::provider::FsOptions;

const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  findings at error level
  2  the tool failed (bad arguments, missing path, unreadable input)";

/// Lint, preview and package Agent Skills exactly as each agent runtime sees them.
#[derive(Debug, Parser)]
#[command(name = "skills", version, about, after_help = EXIT_CODES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List every skill found under the paths: name, scope, path and status.
    #[command(after_help = EXIT_CODES)]
    List(ListArgs),
}

/// Where to look for skills, shared by every command that discovers them.
#[derive(Debug, Clone, Args)]
pub struct DiscoveryArgs {
    /// Skill directories, SKILL.md files, or trees that contain skills (default: `.`).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Search files that .gitignore excludes, too.
    #[arg(long)]
    pub no_ignore: bool,

    /// How many directory levels below each path to search.
    #[arg(long, value_name = "N", default_value_t = FsOptions::default().max_depth)]
    pub max_depth: usize,

    /// How many directories to visit per path before stopping (reported when hit).
    #[arg(long, value_name = "N", default_value_t = FsOptions::default().max_dirs)]
    pub max_dirs: usize,
}

impl DiscoveryArgs {
    /// The paths to search: the ones given, or the working directory.
    pub fn paths(&self) -> Vec<PathBuf> {
        if self.paths.is_empty() {
            vec![PathBuf::from(".")]
        } else {
            self.paths.clone()
        }
    }

    pub fn options(&self) -> FsOptions {
        FsOptions {
            respect_gitignore: !self.no_ignore,
            max_depth: self.max_depth,
            max_dirs: self.max_dirs,
            ..FsOptions::default()
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub discovery: DiscoveryArgs,

    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Table)]
    pub format: ListFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// A table for people.
    Table,
    /// The stable JSON schema `skills.list/v1` (see docs/json.md).
    Json,
}
