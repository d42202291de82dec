//! `skills explain`: one rule's documentation, or the table of every rule.

use std::io::Write;

use crate::Outcome;
use crate::cli::ExplainArgs;
use crate::error::{Error, Result};
use crate::rules::{self, Rule};

pub fn run(args: &ExplainArgs, out: &mut dyn Write) -> Result<Outcome> {
    let text = match &args.rule {
        Some(rule) => page(rule.0),
        None => table(),
    };
    out.write_all(text.as_bytes()).map_err(Error::Output)?;
    Ok(Outcome::Success)
}

/// A rule's full documentation.
pub fn page(rule: &Rule) -> String {
    let fix = if rule.fixable { ", fixable" } else { "" };
    format!(
        "# {} {}\n\nDefault severity: {}{fix}. {}.\n\n{}\n",
        rule.id,
        rule.name,
        rule.severity,
        capitalise(rule.summary),
        rule.docs.trim()
    )
}

/// Every rule as a Markdown table (the README's rules table is this output).
pub fn table() -> String {
    let mut out = String::from("| ID | Name | Default | Fix | Summary |\n|---|---|---|---|---|\n");
    for rule in rules::all() {
        out.push_str(&format!(
            "| {} | `{}` | {} | {} | {} |\n",
            rule.id,
            rule.name,
            rule.severity,
            if rule.fixable { "yes" } else { "" },
            rule.summary.replace('|', "\\|")
        ));
    }
    out
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
