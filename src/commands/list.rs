//! `skills list`: every discovered skill with its scope, path and status.

use std::io::Write;

use crate::Outcome;
use crate::cli::{ListArgs, ListFormat};
use crate::error::Result;
use crate::paths;
use crate::provider::SkillProvider;
use crate::report::list::{self as view, ListReport, NoteRow, SCHEMA, SkillRow, Status, Summary};

pub fn run(args: &ListArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<Outcome> {
    let (provider, cwd) = super::discover(&args.discovery)?;
    let shown = |p: &std::path::Path| paths::display(p, &cwd);
    let skills: Vec<SkillRow> = provider
        .list()
        .iter()
        .map(|skill| {
            let parse_error = skill.parse_error();
            let status = if parse_error.is_some() {
                Status::ParseError
            } else if skill.shadowed_by.is_some() {
                Status::Shadowed
            } else {
                Status::Ok
            };
            SkillRow {
                name: skill.name().into_owned(),
                declared_name: skill.declared_name().map(str::to_owned),
                description: skill.description().map(str::to_owned),
                scope: skill.origin.scope,
                root: shown(&skill.origin.root),
                dir: shown(&skill.dir),
                path: shown(&skill.skill_md),
                status,
                parse_error,
                shadowed_by: skill.shadowed_by.as_deref().map(shown),
            }
        })
        .collect();
    let notes: Vec<NoteRow> = provider
        .notes()
        .iter()
        .map(|n| NoteRow {
            kind: n.kind,
            path: shown(&n.path),
            message: n.message.clone(),
        })
        .collect();
    let summary = Summary {
        skills: skills.len(),
        ok: skills.iter().filter(|s| s.status == Status::Ok).count(),
        parse_errors: skills.iter().filter(|s| s.parse_error.is_some()).count(),
        shadowed: skills.iter().filter(|s| s.shadowed_by.is_some()).count(),
        notes: notes.len(),
    };
    let report = ListReport {
        schema: SCHEMA,
        skills,
        notes,
        summary,
    };
    match args.format {
        ListFormat::Table => view::write_table(&report, out, err)?,
        ListFormat::Json => view::write_report_json(&report, out)?,
    }
    Ok(Outcome::Success)
}
