//! `skills catalog` statistics: the `skills.catalog/v1` JSON schema and the lines `--stats`
//! writes to stderr.

use std::fmt::Write as _;

use serde::Serialize;

use crate::targets::builtin::InstallState;
use crate::targets::catalog::{BudgetUse, ChangeKind};
use crate::targets::text::Unit;

pub const SCHEMA: &str = "skills.catalog/v1";

/// The whole JSON document.
#[derive(Debug, Serialize)]
pub struct CatalogReport {
    pub schema: &'static str,
    pub target: &'static str,
    /// The exact catalog bytes (as UTF-8 text).
    pub text: String,
    /// The catalog as the separate messages the runtime sends, in order: one for most
    /// runtimes, two for Mastra (whose text joins them with a blank line), none when empty.
    pub messages: Vec<String>,
    pub stats: Stats,
}

#[derive(Debug, Serialize)]
pub struct Stats {
    /// Skills discovered.
    pub found: usize,
    /// Skills the catalog lists.
    pub listed: usize,
    pub bytes: u64,
    /// Unicode scalar values.
    pub characters: u64,
    /// Model tokens (o200k_base) of the whole text. Not the runtime's budget unit.
    pub o200k_tokens: usize,
    /// The model the runtime runs, for runtimes whose output depends on it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// Where the runtime puts the catalog (with this model, when that matters), in a sentence.
    pub placement: &'static str,
    pub context_window: Option<u64>,
    /// The runtime's own budget and how much of it the catalog uses.
    pub budget: Option<BudgetUse>,
    /// The skills the runtime ships and lists by itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub builtins: Option<BuiltinStats>,
    /// What else the runtime lists that the catalog cannot show, in a sentence.
    #[serde(skip_serializing_if = "str::is_empty")]
    pub not_shown: &'static str,
    /// How sure the output is: the client version it was verified against, or how it was
    /// modelled.
    pub verification: String,
    /// Every skill that lost something, and why.
    pub changes: Vec<ChangeRow>,
}

/// The runtime's own skills in this catalog.
#[derive(Debug, Serialize)]
pub struct BuiltinStats {
    /// Included (the default) or left out with `--no-builtins`.
    pub included: bool,
    pub names: Vec<&'static str>,
    /// The installed client their `<install>` locations point into, when any do.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub install: Option<InstallState>,
    /// Where they come from, in a sentence ("" when the target says nothing more).
    #[serde(skip_serializing_if = "str::is_empty")]
    pub note: &'static str,
}

#[derive(Debug, Serialize)]
pub struct ChangeRow {
    pub name: String,
    pub path: String,
    pub change: ChangeKind,
    pub reason: String,
}

/// The `--stats` lines.
pub fn human(target: &str, stats: &Stats) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{target}: {} of {} skill{} listed",
        stats.listed,
        stats.found,
        if stats.found == 1 { "" } else { "s" }
    );
    let _ = writeln!(
        out,
        "size: {} bytes, {} characters, {} o200k tokens",
        stats.bytes, stats.characters, stats.o200k_tokens
    );
    match stats.budget {
        Some(BudgetUse { unit, limit, used }) => {
            let window = stats
                .context_window
                .map_or_else(String::new, |w| format!(" at a {w}-token context window"));
            let _ = writeln!(
                out,
                "budget: {used} of {limit} {}{window} ({})",
                budget_unit(unit),
                percent(used, limit)
            );
        }
        None => {
            let _ = writeln!(out, "budget: none");
        }
    }
    if let Some(model) = &stats.model {
        let _ = writeln!(out, "model: {model}");
        let _ = writeln!(out, "placement: {}", stats.placement);
    }
    if let Some(builtins) = &stats.builtins {
        let names = builtins.names.join(", ");
        if builtins.included {
            let _ = writeln!(
                out,
                "built-ins: {names} (listed by the runtime itself; --no-builtins leaves them out)"
            );
        } else {
            let _ = writeln!(out, "built-ins: left out by --no-builtins ({names})");
        }
        if !builtins.note.is_empty() {
            let _ = writeln!(out, "built-ins: {}", builtins.note);
        }
        match &builtins.install {
            Some(InstallState::Missing) => {
                let _ = writeln!(
                    out,
                    "built-in locations: the client is not installed here, so they start with <install>"
                );
            }
            Some(InstallState::Hidden { version }) => {
                let _ = writeln!(
                    out,
                    "built-in locations: <install> stands for the installed client ({version}) in machine-independent paths"
                );
            }
            Some(InstallState::Found { folder, version }) => {
                let _ = writeln!(
                    out,
                    "built-in locations: the installed client {version} at {}",
                    folder.display()
                );
            }
            Some(InstallState::NotNeeded) | None => {}
        }
    }
    if !stats.not_shown.is_empty() {
        let _ = writeln!(out, "not shown: {}", stats.not_shown);
    }
    let _ = writeln!(out, "{}", stats.verification);
    for change in &stats.changes {
        let kind = change.change.as_str();
        // Reasons often start with their own kind ("skipped: …"); say it once.
        let reason = change
            .reason
            .strip_prefix(kind)
            .and_then(|r| r.strip_prefix(": "))
            .unwrap_or(&change.reason);
        let _ = writeln!(out, "{kind}: {} ({}): {reason}", change.name, change.path);
    }
    out
}

fn budget_unit(unit: Unit) -> &'static str {
    unit.name()
}

pub(crate) fn percent(used: u64, limit: u64) -> String {
    if limit == 0 {
        return "over".to_owned();
    }
    let tenths = used.saturating_mul(1000) / limit;
    format!("{}.{}%", tenths / 10, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_round_down_to_tenths() {
        assert_eq!(percent(1, 3), "33.3%");
        assert_eq!(percent(8000, 8000), "100.0%");
        assert_eq!(percent(5, 0), "over");
    }
}
