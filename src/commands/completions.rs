//! `skills completions SHELL`: the completion script, from the CLI definition. The one place
//! `clap_complete` is used.

use std::io::Write;

use clap::CommandFactory;
use clap_complete::Shell as Generator;

use crate::Outcome;
use crate::cli::{Cli, CompletionsArgs, Shell};
use crate::error::{Error, Result};

pub fn run(args: &CompletionsArgs, out: &mut dyn Write) -> Result<Outcome> {
    out.write_all(&script(args.shell)).map_err(Error::Output)?;
    Ok(Outcome::Success)
}

/// The completion script for `shell`.
pub fn script(shell: Shell) -> Vec<u8> {
    let generator = match shell {
        Shell::Bash => Generator::Bash,
        Shell::Zsh => Generator::Zsh,
        Shell::Fish => Generator::Fish,
        Shell::Powershell => Generator::PowerShell,
        Shell::Elvish => Generator::Elvish,
    };
    let mut bytes = Vec::new();
    clap_complete::generate(generator, &mut Cli::command(), "skills", &mut bytes);
    bytes
}

/// The file name each script is committed under in `completions/`, as the shells look for it.
pub fn file_name(shell: Shell) -> &'static str {
    match shell {
        Shell::Bash => "skills.bash",
        Shell::Zsh => "_skills",
        Shell::Fish => "skills.fish",
        Shell::Powershell => "_skills.ps1",
        Shell::Elvish => "skills.elv",
    }
}
