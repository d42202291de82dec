//! What `skills tokens` shows: per skill its total, catalog entry, body and each file, then the
//! totals and the catalog budget, as tables; or the JSON schema `skills.tokens/v1` (documented in
//! docs/json.md); and the skills over a `--max-*` limit.

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use super::catalog::{ChangeRow, percent};
use super::table;
use crate::cli::TokensSort;
use crate::cost::{Body, Costs, Gate, Listing, Offence, Size, SkillCost};
use crate::paths;
use crate::provider::Truncation;
use crate::targets::Target;
use crate::targets::catalog::{BudgetUse, ChangeKind};

pub const SCHEMA: &str = "skills.tokens/v1";

/// The whole JSON document.
#[derive(Debug, Serialize)]
pub struct TokensReport {
    pub schema: &'static str,
    pub target: &'static str,
    pub encoding: &'static str,
    /// `null` when the runtime's own fallback for an unknown model applies.
    pub context_window: Option<u64>,
    /// In the order asked for (`--sort`).
    pub skills: Vec<SkillRow>,
    pub catalog: CatalogRow,
    pub totals: Totals,
    /// Every skill over a `--max-*` limit.
    pub offences: Vec<OffenceRow>,
}

#[derive(Debug, Serialize)]
pub struct SkillRow {
    pub name: String,
    pub path: String,
    /// `listed`, or what the catalog did to the skill: `skipped`, `shadowed`, `shortened`,
    /// `description-removed`, `omitted`.
    pub status: &'static str,
    pub reason: Option<String>,
    /// What the skill adds to the catalog (negative when leaving it out lets others grow).
    pub catalog: Size,
    /// Everything a load adds; `null` when the runtime does not return the skill.
    pub body: Option<Size>,
    /// `loaded`, `refused` (the runtime answers with an error) or `not-loadable`.
    pub body_status: &'static str,
    /// The runtime's error text, or why the skill cannot be loaded.
    pub body_note: Option<String>,
    /// Every file that could be read, together.
    pub resources: Size,
    pub files: Vec<FileRow>,
    /// Why `files` is incomplete.
    pub files_note: Option<String>,
    /// Catalog entry, body and resources.
    pub total: Size,
}

#[derive(Debug, Serialize)]
pub struct FileRow {
    /// Relative to the skill directory.
    pub path: String,
    /// `null` when the file is skipped.
    pub size: Option<Size>,
    /// Set when the read was cut at the provider's cap: the size is of what it returns.
    pub truncated: Option<Truncation>,
    /// Why the file is not counted (binary, a symlink out of the skill…).
    pub skipped: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct CatalogRow {
    /// The whole catalog.
    pub size: Size,
    /// The catalog minus every skill's entry.
    pub overhead: Size,
    pub found: usize,
    pub listed: usize,
    /// The runtime's own budget and how much of it the catalog uses, in its own unit.
    pub budget: Option<BudgetUse>,
    /// Every skill the catalog skips, shadows, shortens or leaves out, and why.
    pub changes: Vec<ChangeRow>,
}

#[derive(Debug, Serialize)]
pub struct Totals {
    pub catalog: Size,
    pub bodies: Size,
    pub resources: Size,
    /// The catalog, every body and every file.
    pub all: Size,
}

#[derive(Debug, Serialize)]
pub struct OffenceRow {
    pub name: String,
    pub path: String,
    pub gate: Gate,
    pub limit: u64,
    pub tokens: i64,
    /// `tokens - limit`.
    pub over: i64,
}

/// The JSON document.
pub fn report(
    target: &Target,
    costs: &Costs<'_>,
    offences: &[Offence],
    context_window: Option<u64>,
    sort: TokensSort,
    cwd: &Path,
) -> TokensReport {
    let skills = order(costs, sort)
        .into_iter()
        .map(|i| skill_row(&costs.skills[i], cwd))
        .collect();
    TokensReport {
        schema: SCHEMA,
        target: target.id,
        encoding: costs.encoding.as_str(),
        context_window,
        skills,
        catalog: CatalogRow {
            size: costs.catalog_size,
            overhead: costs.overhead(),
            found: costs.catalog.found,
            listed: costs.catalog.listed,
            budget: costs.catalog.budget,
            changes: costs
                .catalog
                .changes
                .iter()
                .map(|c| ChangeRow {
                    name: c.name.clone(),
                    path: paths::display(&c.path, cwd),
                    change: c.kind,
                    reason: c.reason.clone(),
                })
                .collect(),
        },
        totals: Totals {
            catalog: costs.catalog_size,
            bodies: costs.bodies(),
            resources: costs.resources(),
            all: costs.total(),
        },
        offences: offences
            .iter()
            .map(|o| {
                let skill = &costs.skills[o.skill];
                OffenceRow {
                    name: skill.name.clone(),
                    path: paths::display(&skill.skill.skill_md, cwd),
                    gate: o.gate,
                    limit: o.limit,
                    tokens: o.tokens,
                    over: o.over(),
                }
            })
            .collect(),
    }
}

fn skill_row(cost: &SkillCost<'_>, cwd: &Path) -> SkillRow {
    let (status, reason) = match &cost.listing {
        Listing::Listed => ("listed", None),
        Listing::Changed { kind, reason } => (kind.as_str(), Some(reason.clone())),
    };
    let (body_status, body_note) = match &cost.body {
        Body::Loaded(_) => ("loaded", None),
        Body::Refused(text) => ("refused", Some(text.clone())),
        Body::NotLoadable(why) => ("not-loadable", Some(why.clone())),
    };
    SkillRow {
        name: cost.name.clone(),
        path: paths::display(&cost.skill.skill_md, cwd),
        status,
        reason,
        catalog: cost.entry,
        body: cost.body.size(),
        body_status,
        body_note,
        resources: cost.resources(),
        files: cost
            .files
            .iter()
            .map(|f| match &f.read {
                Ok(read) => FileRow {
                    path: f.path.clone(),
                    size: Some(read.size),
                    truncated: read.truncated,
                    skipped: None,
                },
                Err(why) => FileRow {
                    path: f.path.clone(),
                    size: None,
                    truncated: None,
                    skipped: Some(why.clone()),
                },
            })
            .collect(),
        files_note: cost.files_note.clone(),
        total: cost.total(),
    }
}

/// Skill indexes in the order asked for; ties keep discovery order.
fn order(costs: &Costs<'_>, sort: TokensSort) -> Vec<usize> {
    let mut order: Vec<usize> = (0..costs.skills.len()).collect();
    let skills = &costs.skills;
    let tokens = |i: usize| -> i64 {
        let skill = &skills[i];
        match sort {
            TokensSort::Path | TokensSort::Name => 0,
            TokensSort::Catalog => skill.entry.tokens,
            TokensSort::Body => skill.body.size().map_or(i64::MIN, |s| s.tokens),
            TokensSort::Resources => skill.resources().tokens,
            TokensSort::Total => skill.total().tokens,
        }
    };
    match sort {
        TokensSort::Path => {}
        TokensSort::Name => order.sort_by(|&a, &b| skills[a].name.cmp(&skills[b].name)),
        _ => order.sort_by_key(|&i| std::cmp::Reverse(tokens(i))),
    }
    order
}

const HEADER: [&str; 6] = ["SKILL", "PART", "TOKENS", "CHARS", "BYTES", "NOTE"];
const NUMBERS: [usize; 3] = [2, 3, 4];

/// The tables and the budget, for stdout.
pub fn human(
    target: &Target,
    costs: &Costs<'_>,
    context_window: Option<u64>,
    sort: TokensSort,
) -> String {
    let mut rows = Vec::new();
    let mut said = crate::hash::HashSet::default();
    for i in order(costs, sort) {
        skill_rows(&costs.skills[i], &mut rows, &mut said);
    }
    let mut out = String::new();
    if !rows.is_empty() {
        out.push_str(&table::render_aligned(&HEADER, &NUMBERS, rows));
        out.push('\n');
    }
    out.push_str(&totals(costs));
    out.push('\n');
    out.push_str(&budget(target, costs, context_window));
    out
}

/// A skill's rows. A listing note already given for an earlier skill is shortened to its kind
/// (`said` holds the notes given so far): a budget that drops a thousand descriptions says why
/// once.
fn skill_rows(
    cost: &SkillCost<'_>,
    rows: &mut Vec<Vec<String>>,
    said: &mut crate::hash::HashSet<String>,
) {
    let row = |skill: &str, part: &str, size: Option<Size>, note: String| {
        let mut row = vec![skill.to_owned(), part.to_owned()];
        match size {
            Some(size) => row.extend([
                size.tokens.to_string(),
                size.characters.to_string(),
                size.bytes.to_string(),
            ]),
            None => row.extend(["-".to_owned(), "-".to_owned(), "-".to_owned()]),
        }
        row.push(note);
        row
    };
    rows.push(row(
        &cost.name,
        "total",
        Some(cost.total()),
        cost.files_note.clone().unwrap_or_default(),
    ));
    let listing = match &cost.listing {
        Listing::Listed => String::new(),
        Listing::Changed { kind, reason } => {
            let note = change_note(*kind, reason);
            if said.insert(note.clone()) {
                note
            } else {
                format!("{} (as above)", kind.as_str())
            }
        }
    };
    rows.push(row("", "catalog entry", Some(cost.entry), listing));
    let body_note = match &cost.body {
        Body::Loaded(_) => String::new(),
        Body::Refused(text) => format!(
            "the runtime refuses: {}",
            text.lines().next().unwrap_or_default()
        ),
        Body::NotLoadable(why) => format!("not loadable: {why}"),
    };
    rows.push(row("", "body", cost.body.size(), body_note));
    for file in &cost.files {
        match &file.read {
            Ok(read) => rows.push(row(
                "",
                &file.path,
                Some(read.size),
                read.truncated
                    .map_or_else(String::new, |t| match t.total_bytes {
                        Some(total) => {
                            format!("cut at the read cap: {} of {total} bytes", t.shown_bytes)
                        }
                        None => format!("cut at the read cap: {} bytes", t.shown_bytes),
                    }),
            )),
            Err(why) => rows.push(row("", &file.path, None, format!("skipped: {why}"))),
        }
    }
}

/// `kind: reason`, without the kind twice when the reason starts with it.
fn change_note(kind: ChangeKind, reason: &str) -> String {
    let kind = kind.as_str();
    let reason = reason
        .strip_prefix(kind)
        .and_then(|r| r.strip_prefix(": "))
        .unwrap_or(reason);
    format!("{kind}: {reason}")
}

fn totals(costs: &Costs<'_>) -> String {
    let row = |part: &str, size: Size, note: String| {
        vec![
            part.to_owned(),
            size.tokens.to_string(),
            size.characters.to_string(),
            size.bytes.to_string(),
            note,
        ]
    };
    let skills = costs.skills.len();
    let loaded = costs
        .skills
        .iter()
        .filter(|s| s.body.size().is_some())
        .count();
    let (read, skipped) =
        costs
            .skills
            .iter()
            .flat_map(|s| &s.files)
            .fold((0, 0), |(read, skipped), f| match f.read {
                Ok(_) => (read + 1, skipped),
                Err(_) => (read, skipped + 1),
            });
    let entries: Size = costs.skills.iter().map(|s| s.entry).sum();
    let mut files = format!("{read} {} read", plural(read, "file", "files"));
    if skipped > 0 {
        let _ = write!(files, ", {skipped} skipped");
    }
    let rows = vec![
        row(
            "catalog",
            costs.catalog_size,
            format!(
                "{} of {} {} listed",
                costs.catalog.listed,
                skills,
                plural(skills, "skill", "skills")
            ),
        ),
        row("  entries", entries, String::new()),
        row(
            "  overhead",
            costs.overhead(),
            if budget_binds(costs) {
                "the catalog without any skill's entry, and the room the budget shares out"
            } else {
                "the catalog without any skill's entry"
            }
            .to_owned(),
        ),
        row(
            "bodies",
            costs.bodies(),
            format!("{loaded} of {skills} loaded"),
        ),
        row("resources", costs.resources(), files),
        row(
            "all",
            costs.total(),
            "the catalog, every body and every file".to_owned(),
        ),
    ];
    let header = [costs.encoding.as_str(), "TOKENS", "CHARS", "BYTES", "NOTE"];
    table::render_aligned(&header, &[1, 2, 3], rows)
}

/// The budget line and every skill the budget shortened or left out.
fn budget(target: &Target, costs: &Costs<'_>, context_window: Option<u64>) -> String {
    let mut out = String::new();
    let Some(BudgetUse { unit, limit, used }) = costs.catalog.budget else {
        let _ = writeln!(
            out,
            "budget: none ({} lists every skill it knows)",
            target.id
        );
        return out;
    };
    let _ = writeln!(
        out,
        "budget: {used} of {limit} {} at {} ({})",
        unit.name(),
        context_window.map_or_else(
            || "the runtime's context window for this model".to_owned(),
            |w| format!("a {w}-token context window")
        ),
        percent(used, limit)
    );
    if budget_binds(costs) {
        let _ = writeln!(
            out,
            "  the budget binds: leaving a skill out gives its room to the others, so catalog entries are small or negative"
        );
    }
    // The same note for many skills is said three times, then counted.
    let lines = costs
        .catalog
        .changes
        .iter()
        .filter(|c| by_budget(c.kind))
        .map(|change| {
            let note = change_note(change.kind, &change.reason);
            (note.clone(), format!("  {}: {note}", change.name))
        });
    out.push_str(&super::collapse(lines, 3));
    out
}

/// Whether the budget shortened a description or left a skill out.
fn budget_binds(costs: &Costs<'_>) -> bool {
    costs.catalog.changes.iter().any(|c| by_budget(c.kind))
}

fn by_budget(kind: ChangeKind) -> bool {
    matches!(
        kind,
        ChangeKind::Shortened | ChangeKind::DescriptionRemoved | ChangeKind::Omitted
    )
}

/// One line per skill over a limit, and what was not measured, for stderr.
pub fn offences(costs: &Costs<'_>, offences: &[Offence], body_limit: bool, cwd: &Path) -> String {
    let mut out = String::new();
    for offence in offences {
        let skill = &costs.skills[offence.skill];
        let _ = writeln!(
            out,
            "error: {} ({}): {} is {} tokens, {} over {} {}",
            skill.name,
            paths::display(&skill.skill.skill_md, cwd),
            offence.gate.measure(),
            offence.tokens,
            offence.over(),
            offence.gate.flag(),
            offence.limit
        );
    }
    let unmeasured = costs
        .skills
        .iter()
        .filter(|s| s.body.size().is_none())
        .count();
    if body_limit && unmeasured > 0 {
        let _ = writeln!(
            out,
            "note: {unmeasured} {} not checked against {}: the runtime does not return {}",
            plural(unmeasured, "body was", "bodies were"),
            Gate::MaxBodyTokens.flag(),
            if unmeasured == 1 { "it" } else { "them" }
        );
    }
    if !offences.is_empty() {
        let skills = {
            let mut skills: Vec<usize> = offences.iter().map(|o| o.skill).collect();
            skills.dedup();
            skills.len()
        };
        let _ = writeln!(
            out,
            "{skills} {} over a limit",
            plural(skills, "skill", "skills")
        );
    }
    out
}

fn plural<'s>(n: usize, one: &'s str, many: &'s str) -> &'s str {
    if n == 1 { one } else { many }
}
