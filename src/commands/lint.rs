//! `skills lint`: discover, check, optionally fix, report.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;

use crate::Outcome;
use crate::cli::{ColorChoice, LintArgs, LintFormat};
use crate::config::Config;
use crate::error::{Error, Result};
use crate::fix;
use crate::lint;
use crate::paths;
use crate::progress::Progress;
use crate::provider::{FsProvider, NoteKind, UnreadableSkill};
use crate::report::lint::{LintReport, Sources, plural};
use crate::report::{self, escape, github, human, progress, sarif};
use crate::skill::Skill;

pub fn run(args: &LintArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<Outcome> {
    let cwd = std::env::current_dir().map_err(Error::WorkingDirectory)?;
    let config = effective_config(args, &cwd)?;
    if args.print_config {
        report::write_text(out, &config.to_toml())?;
        return Ok(Outcome::Success);
    }

    let progress = Arc::new(Progress::default());
    // On a terminal, for runs over a second; never over a format programs read.
    let line = progress::Line::start(
        "linting",
        progress.clone(),
        args.format == LintFormat::Human && progress::wanted(args.quiet),
    );
    let (provider, skills) = discover(args, &config)?;
    let unread = unreadable(&provider, &config);
    let mut findings = lint::lint_discovered(&skills, &unread, &config.options, &progress);
    drop(line);
    let mut files_changed = false;
    let mut refused_fixes = false;

    if args.fix {
        let plans = fix::fix_all(&skills, &config.options, &findings);
        let count = |plans: &[&fix::FileFix]| {
            let changes: usize = plans.iter().map(|p| p.applied.len()).sum();
            let fixes = if changes == 1 {
                "1 fix".to_owned()
            } else {
                format!("{changes} fixes")
            };
            format!("{fixes} in {}", plural(plans.len(), "file"))
        };
        if args.dry_run {
            for plan in &plans {
                report::write_text(out, &fix::diff(plan, &paths::display(&plan.path, &cwd)))?;
            }
            let all: Vec<&fix::FileFix> = plans.iter().collect();
            report::write_text(err, &format!("would apply {}\n", count(&all)))?;
            return Ok(if plans.is_empty() {
                Outcome::Success
            } else {
                Outcome::Findings
            });
        }
        let mut log = String::new();
        let jails = fix::jails(&args.discovery.paths());
        let mut written = Vec::new();
        for plan in &plans {
            let shown = escape::inline(&paths::display(&plan.path, &cwd)).into_owned();
            if let Err(refusal) = fix::write(plan, &jails) {
                refused_fixes = true;
                log.push_str(&format!("error: {shown} not fixed: {refusal}\n"));
                continue;
            }
            for (rule, description) in &plan.applied {
                log.push_str(&format!("fixed {shown}: {description} ({rule})\n"));
            }
            written.push(plan);
        }
        if !plans.is_empty() {
            log.push_str(&format!("applied {}\n", count(&written)));
            report::write_text(err, &log)?;
            let (again, fresh) = discover(args, &config)?;
            let unread = unreadable(&again, &config);
            findings =
                lint::lint_discovered(&fresh, &unread, &config.options, &Progress::default());
            files_changed = true;
        }
    }

    let mut sources = if files_changed {
        Sources::default() // read the fixed files again
    } else {
        Sources::new(skills.iter().map(|s| (s.skill_md.clone(), &s.source)))
    };
    let shown = |p: &Path| paths::display(p, &cwd);
    let report = LintReport::new(&findings, &mut sources, skills.len(), shown);
    match args.format {
        LintFormat::Human => {
            // A lowercase `skill.md` is a finding here (S205), not a note.
            let notes: String = provider
                .notes()
                .iter()
                .filter(|n| n.kind != NoteKind::LowercaseSkillMd)
                .filter(|n| !unread.iter().any(|u| u.skill_md == n.path))
                .map(|n| {
                    format!(
                        "note[{}]: {}: {}\n",
                        n.kind,
                        escape::inline(&shown(&n.path)),
                        escape::text(&n.message)
                    )
                })
                .collect();
            report::write_text(err, &notes)?;
            let style = human::Style {
                color: use_color(args.color),
                width: 100,
            };
            human::write(&report, &mut sources, style, out)?;
        }
        LintFormat::Json => report.write_json(out)?,
        LintFormat::Sarif => sarif::write(&report, out)?,
        LintFormat::Github => github::write(&report, out)?,
    }

    let fails = refused_fixes
        || report.summary.errors > 0
        || (config.deny_warnings && report.summary.warnings > 0);
    Ok(if fails {
        Outcome::Findings
    } else {
        Outcome::Success
    })
}

/// Defaults, then the config file, then flags.
fn effective_config(args: &LintArgs, cwd: &Path) -> Result<Config> {
    let mut config = if args.isolated {
        Config::defaults(cwd)
    } else if let Some(path) = &args.config {
        if !path.is_file() {
            return Err(Error::PathNotFound { path: path.clone() });
        }
        Config::load(path)?
    } else {
        match Config::find(cwd) {
            Some(path) => Config::load(&path)?,
            None => Config::defaults(cwd),
        }
    };
    if !args.targets.is_empty() {
        let mut targets = Vec::new();
        for t in &args.targets {
            if !targets
                .iter()
                .any(|s: &&crate::targets::Target| s.id == t.0.id)
            {
                targets.push(t.0);
            }
        }
        config.options.targets = targets;
    }
    config.deny_warnings |= args.deny_warnings;
    config.options.settings.respect_gitignore = !args.discovery.no_ignore;
    Ok(config)
}

/// The skills to lint: everything discovered that no `ignore` glob excludes (moved out of the
/// provider, which keeps its notes).
fn discover(args: &LintArgs, config: &Config) -> Result<(FsProvider, Vec<Skill>)> {
    let (mut provider, _) = super::discover(&args.discovery)?;
    let mut skills = provider.take_skills();
    skills.retain(|s| !config.is_ignored(&s.dir));
    Ok((provider, skills))
}

/// The skill files discovery could not read, except those an `ignore` glob excludes.
fn unreadable(provider: &FsProvider, config: &Config) -> Vec<UnreadableSkill> {
    provider
        .unreadable()
        .iter()
        .filter(|u| !config.is_ignored(&u.dir))
        .cloned()
        .collect()
}

fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        }
    }
}
