//! Whether to colour output: `--color always/never`, else the environment's conventions —
//! `NO_COLOR` (no-color.org) turns colour off, `FORCE_COLOR` and `CLICOLOR_FORCE`
//! (bixense.com/clicolors) turn it on, else colour on a terminal only.

use std::ffi::OsString;

use crate::cli::ColorChoice;

/// Decides from the choice, a look-up of the environment and whether the output is a terminal.
pub fn enabled(
    choice: ColorChoice,
    env: impl Fn(&str) -> Option<OsString>,
    terminal: bool,
) -> bool {
    let set = |name: &str| env(name).is_some_and(|v| !v.is_empty());
    let forced = |name: &str| env(name).is_some_and(|v| !v.is_empty() && v != "0" && v != "false");
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto if set("NO_COLOR") => false,
        ColorChoice::Auto if forced("FORCE_COLOR") || forced("CLICOLOR_FORCE") => true,
        ColorChoice::Auto => terminal,
    }
}

/// [`enabled`] for this process's environment and stdout.
pub fn for_stdout(choice: ColorChoice) -> bool {
    use std::io::IsTerminal;
    enabled(
        choice,
        |name| std::env::var_os(name),
        std::io::stdout().is_terminal(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(vars: &[(&str, &str)], terminal: bool) -> bool {
        let vars: Vec<(String, OsString)> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).into()))
            .collect();
        enabled(
            ColorChoice::Auto,
            |name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()),
            terminal,
        )
    }

    #[test]
    fn the_environment_decides_auto() {
        assert!(!with(&[], false));
        assert!(with(&[], true));
        assert!(with(&[("FORCE_COLOR", "1")], false));
        assert!(with(&[("CLICOLOR_FORCE", "1")], false));
        assert!(!with(&[("CLICOLOR_FORCE", "0")], false));
        assert!(!with(&[("FORCE_COLOR", "1"), ("NO_COLOR", "1")], true));
        assert!(with(&[("NO_COLOR", "")], true));
    }
}
