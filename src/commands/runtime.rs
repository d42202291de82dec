//! What `catalog`, `load` and `simulate` share: the machine a runtime runs on and the skills it
//! finds there.

use std::path::PathBuf;

use crate::cli::RuntimeArgs;
use crate::error::{Error, Result};
use crate::provider::FsProvider;
use crate::targets::Target;
use crate::targets::catalog::{Context, Paths};
use crate::targets::env::Env;

/// The working directory, environment, path style and discovered skills of one run.
#[derive(Debug)]
pub struct Machine {
    pub target: &'static Target,
    pub cwd: PathBuf,
    pub env: Env,
    pub paths: Paths,
    pub provider: FsProvider,
}

impl Machine {
    /// Discovers the skills: under the PATHs, or with `--roots` where the target looks.
    pub fn prepare(args: &RuntimeArgs) -> Result<Self> {
        let target = args.target.0;
        let cwd = std::env::current_dir().map_err(Error::WorkingDirectory)?;
        let env = Env::from_process(cwd.clone());
        let provider = if args.roots {
            let roots: Vec<_> = (target.roots)(&env).iter().map(|r| r.to_root()).collect();
            FsProvider::discover(&roots, args.discovery.options())?
        } else {
            super::discover(&args.discovery)?.0
        };
        let paths = match &args.path_prefix {
            Some(prefix) => Paths::rebased(cwd.clone(), prefix, env.home.clone()),
            None => Paths::absolute(env.home.clone()),
        };
        Ok(Self {
            target,
            cwd,
            env,
            paths,
            provider,
        })
    }

    pub fn context(&self, context_window: Option<u64>) -> Context<'_> {
        Context {
            paths: &self.paths,
            env: &self.env,
            context_window,
        }
    }
}
