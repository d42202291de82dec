//! `skills targets`: the registry as a table, one target in full, or JSON.

use std::fmt::Write as _;

use serde::Serialize;

use crate::targets::env::{Env, RootSpec};
use crate::targets::{Builtin, Confidence, Model, Target, Verified};

pub const SCHEMA: &str = "skills.targets/v1";

/// One target, as JSON.
#[derive(Debug, Serialize)]
pub struct TargetRow {
    pub id: &'static str,
    pub runtime: &'static str,
    pub confidence: Confidence,
    /// "verified against opencode 1.18.33, captured 2026-11-24 (14 cases)", or how it was
    /// modelled.
    pub verification: String,
    pub verified: Option<Verified>,
    pub reference: &'static str,
    /// The models whose output differs, the runtime's default first.
    pub models: &'static [Model],
    pub placement: &'static str,
    pub roots: &'static str,
    /// The roots as they resolve on this machine, in search order.
    pub roots_here: Vec<RootSpec>,
    pub collision: &'static str,
    pub broken_skill: &'static str,
    pub fields_read: &'static [&'static str],
    pub ordering: &'static str,
    pub escaping: &'static str,
    pub whitespace: &'static str,
    pub budget: crate::targets::Budget,
    /// The skills the runtime ships and lists by itself.
    pub builtins: &'static [Builtin],
    pub builtins_note: &'static str,
    /// Where the catalog goes in a session, the load modes and what a second load returns.
    pub session: crate::targets::load::Session,
    /// Whether the runtime has a search tool over its catalog.
    pub search: bool,
    pub decisions: &'static [&'static str],
}

#[derive(Debug, Serialize)]
pub struct TargetsReport {
    pub schema: &'static str,
    pub targets: Vec<TargetRow>,
}

pub fn row(target: &'static Target, env: &Env) -> TargetRow {
    TargetRow {
        id: target.id,
        runtime: target.display,
        confidence: target.confidence,
        verification: target.verification(),
        verified: target.verified,
        reference: target.reference,
        models: target.models,
        placement: target.placement,
        roots: target.roots_summary,
        roots_here: (target.roots)(env),
        collision: target.collision.describe(),
        broken_skill: target.broken_skill,
        fields_read: target.fields_read,
        ordering: target.ordering,
        escaping: target.escaping,
        whitespace: target.whitespace,
        budget: target.budget,
        builtins: target.builtins,
        builtins_note: target.builtins_note,
        session: target.session,
        search: target.search.is_some(),
        decisions: target.decisions,
    }
}

/// Every target in brief: a heading line, then roots, budget and reference, a blank line
/// between targets (the texts are too long for table columns).
pub fn summary(targets: &[&'static Target]) -> String {
    let mut out = String::new();
    for (i, t) in targets.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "{} — {}", t.id, t.display);
        let _ = writeln!(out, "  checked    {}", t.verification());
        let _ = writeln!(out, "  roots      {}", t.roots_summary);
        let _ = writeln!(out, "  budget     {}", budget(t.budget));
        let _ = writeln!(out, "  reference  {}", t.reference);
    }
    out
}

fn budget(budget: crate::targets::Budget) -> String {
    match budget.unit {
        Some(unit) => format!("{} [{}]", budget.summary, unit.name()),
        None => budget.summary.to_owned(),
    }
}

/// One target in full.
pub fn page(row: &TargetRow) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} — {}", row.id, row.runtime);
    let field = |out: &mut String, label: &str, value: &str| {
        let _ = writeln!(out, "{label:<12}{value}");
    };
    field(&mut out, "checked", &row.verification);
    field(&mut out, "reference", row.reference);
    for (i, model) in row.models.iter().enumerate() {
        let default = if i == 0 { ", the default" } else { "" };
        field(
            &mut out,
            if i == 0 { "models" } else { "" },
            &format!(
                "{} ({} tokens{default}): {}",
                model.id, model.context_window, model.note
            ),
        );
    }
    field(&mut out, "catalog", row.placement);
    field(&mut out, "roots", row.roots);
    for root in &row.roots_here {
        let depth = match root.max_depth {
            Some(2) => " (one level: <root>/*/SKILL.md)".to_owned(),
            Some(1) => " (the root only)".to_owned(),
            // A bound no tree reaches is a search at any depth.
            Some(n) if n < 1000 => format!(" (up to {n} levels)"),
            _ => " (recursive)".to_owned(),
        };
        let _ = writeln!(
            out,
            "{:<12}  {:<8}{}{depth}",
            "",
            root.scope.as_str(),
            root.path.display()
        );
    }
    field(&mut out, "collision", row.collision);
    field(&mut out, "broken", row.broken_skill);
    field(&mut out, "fields", &row.fields_read.join(", "));
    field(&mut out, "ordering", row.ordering);
    field(&mut out, "escaping", row.escaping);
    field(&mut out, "whitespace", row.whitespace);
    field(&mut out, "budget", &budget(row.budget));
    if !row.builtins.is_empty() {
        let names: Vec<&str> = row.builtins.iter().map(|b| b.name).collect();
        field(
            &mut out,
            "built-ins",
            &format!("{} (--no-builtins leaves them out)", names.join(", ")),
        );
    }
    if !row.builtins_note.is_empty() {
        field(
            &mut out,
            if row.builtins.is_empty() {
                "built-ins"
            } else {
                ""
            },
            row.builtins_note,
        );
    }
    let placement = match row.session.catalog {
        crate::targets::load::Placement::SystemPrompt => "the system prompt",
        crate::targets::load::Placement::SystemMessages => {
            "separate system messages of its own (the catalog text joins them with a blank line)"
        }
        crate::targets::load::Placement::DeveloperMessage => "a developer message",
        crate::targets::load::Placement::UserMessage => "a user message before the user's own",
        crate::targets::load::Placement::SystemMessage => {
            "a system message after the user's first one"
        }
        crate::targets::load::Placement::ToolDescription => "a tool's description",
    };
    field(&mut out, "session", &format!("catalog in {placement}"));
    field(&mut out, "reload", row.session.reload);
    for (i, mode) in row.session.modes.iter().enumerate() {
        let default = if i == 0 { " (default)" } else { "" };
        field(
            &mut out,
            if i == 0 { "modes" } else { "" },
            &format!("{}{default}: {}", mode.name, mode.meaning),
        );
    }
    if row.search {
        field(
            &mut out,
            "search",
            "a search tool over the catalog (skills simulate --search)",
        );
    }
    for (i, decision) in row.decisions.iter().enumerate() {
        field(
            &mut out,
            if i == 0 { "decisions" } else { "" },
            &format!("- {decision}"),
        );
    }
    out
}
