//! `skills man [COMMAND]`: the man page, from the CLI definition. The one place `clap_mangen`
//! is used.

use std::io::Write;

use clap::CommandFactory;

use crate::Outcome;
use crate::cli::{Cli, ManArgs};
use crate::error::{Error, Result};

pub fn run(args: &ManArgs, out: &mut dyn Write) -> Result<Outcome> {
    let page = page(args.command.as_deref())?;
    out.write_all(&page).map_err(Error::Output)?;
    Ok(Outcome::Success)
}

/// The names of the commands that have a page of their own, in CLI order.
pub fn commands() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_owned())
        .collect()
}

/// The roff page of `skills`, or of `skills COMMAND` (titled `skills-COMMAND`).
pub fn page(command: Option<&str>) -> Result<Vec<u8>> {
    // `skills help` is clap's own and has no page.
    let mut cli = Cli::command().disable_help_subcommand(true);
    cli.build();
    let cmd = match command {
        None => cli,
        Some(name) => {
            let Some(sub) = cli.find_subcommand(name) else {
                return Err(Error::Usage {
                    message: format!("unknown command `{name}`"),
                    help: format!("the commands are: {}", commands().join(", ")),
                });
            };
            sub.clone()
        }
    };
    let mut bytes = Vec::new();
    clap_mangen::Man::new(cmd)
        .source(format!("skills {}", env!("CARGO_PKG_VERSION")))
        .manual("User Commands")
        .render(&mut bytes)
        .map_err(Error::Output)?;
    Ok(bytes)
}
