//! One module per subcommand: glue from discovered data to a report, no logic of its own.

pub mod catalog;
pub mod completions;
pub mod explain;
pub mod lint;
pub mod list;
pub mod load;
pub mod man;
pub mod matrix;
pub mod new;
pub mod package;
pub mod runtime;
pub mod ship;
pub mod simulate;
pub mod targets;
pub mod tokens;
pub mod unpack;
pub mod why;

use std::path::PathBuf;

use crate::cli::DiscoveryArgs;
use crate::error::{Error, Result};
use crate::provider::{FsProvider, Root};

/// Discovers the skills a command works on, and the directory paths are shown relative to.
pub fn discover(args: &DiscoveryArgs) -> Result<(FsProvider, PathBuf)> {
    let cwd = std::env::current_dir().map_err(Error::WorkingDirectory)?;
    let roots: Vec<Root> = args.paths().into_iter().map(Root::explicit).collect();
    let provider = FsProvider::discover(&roots, args.options())?;
    Ok((provider, cwd))
}
