//! `skills lint`: discover (or read stdin), check, optionally fix, filter (per-file ignores, a
//! baseline), report; once, or again on every change with `--watch`.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::ValueEnum;

use crate::Outcome;
use crate::baseline::Baseline;
use crate::cli::{LintArgs, LintFormat};
use crate::config::Config;
use crate::empty;
use crate::error::{Error, Result};
use crate::fix;
use crate::fsafe;
use crate::lint;
use crate::paths;
use crate::progress::Progress;
use crate::provider::{FsProvider, NoteKind, UnreadableSkill};
use crate::report::lint::{LintReport, Sources, plural};
use crate::report::{self, color, concise, escape, github, human, progress, sarif, statistics};
use crate::select::{PathGlob, Selection};
use crate::skill::{Origin, Scope, Skill};

/// The largest text read from stdin.
const MAX_STDIN_BYTES: u64 = 16 << 20;

pub fn run(args: &LintArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<Outcome> {
    let cwd = std::env::current_dir().map_err(Error::WorkingDirectory)?;
    let config = effective_config(args, &cwd)?;
    if args.print_config {
        report::write_text(out, &config.to_toml())?;
        return Ok(Outcome::Success);
    }
    let stdin = args.discovery.paths.iter().any(|p| p.as_os_str() == "-");
    if stdin && args.discovery.paths.len() > 1 {
        return Err(Error::Usage {
            message: "`-` (stdin) cannot be mixed with other paths".to_owned(),
            help: "lint stdin alone: `skills lint - --stdin-filename path/SKILL.md`".to_owned(),
        });
    }
    if args.watch {
        let paths = args.discovery.paths();
        let mut outcome = Outcome::Success;
        let mut again = || -> Result<()> {
            outcome = once(args, &config, &cwd, out, err)?;
            out.flush().map_err(Error::Output)
        };
        crate::watch::watch(&paths, &mut again, &mut |text| {
            let mut stderr = std::io::stderr();
            report::write_text(&mut stderr, text)
        })?;
        return Ok(outcome);
    }
    once(args, &config, &cwd, out, err)
}

/// The skills of one run and what discovery said about them.
struct Input {
    skills: Vec<Skill>,
    unread: Vec<UnreadableSkill>,
    provider: Option<FsProvider>,
}

/// One lint run: the whole command without `--watch`.
fn once(
    args: &LintArgs,
    config: &Config,
    cwd: &Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Outcome> {
    let progress = Arc::new(Progress::default());
    // On a terminal, for runs over a second; never over a format programs read, nor with -q.
    let human_like = matches!(
        output_format(args, config),
        LintFormat::Human | LintFormat::Concise
    );
    let line = progress::Line::start(
        "linting",
        progress.clone(),
        human_like && progress::wanted(args.quiet),
    );
    let stdin = args.discovery.paths.iter().any(|p| p.as_os_str() == "-");
    let input = if stdin {
        read_stdin(args, cwd)?
    } else {
        discover(args, config)?
    };
    let linted = lint::lint_discovered(&input.skills, &input.unread, &config.options, &progress);
    let (mut findings, read) = (linted.findings, linted.read);
    drop(line);
    let mut files_changed = false;
    let mut refused_fixes = false;
    let mut after_fix: Option<Input> = None;
    let mut notes = String::new();

    if args.fix {
        let plans = fix::fix_all(&input.skills, &config.options, &findings);
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
                report::write_text(out, &fix::diff(plan, &paths::display(&plan.path, cwd)))?;
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
            let shown = escape::inline(&paths::display(&plan.path, cwd)).into_owned();
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
            let again = discover(args, config)?;
            let fresh = lint::lint_discovered(
                &again.skills,
                &again.unread,
                &config.options,
                &Progress::default(),
            )
            .findings;
            for r in fix::revealed(&input.skills, &findings, &again.skills, &fresh) {
                log.push_str(&format!(
                    "note: {}: the fixed frontmatter parses now, which revealed {} the broken YAML hid ({})\n",
                    escape::inline(&paths::display(&r.skill_md, cwd)),
                    plural(r.new, "more finding"),
                    r.rules.join(", ")
                ));
            }
            report::write_text(err, &log)?;
            findings = fresh;
            after_fix = Some(again);
            files_changed = true;
        }
    }
    let current = after_fix.as_ref().unwrap_or(&input);

    findings.retain(|f| !config.per_file_ignores.drops(f));
    let base = baseline_base(args, cwd);
    if let Some(path) = &args.write_baseline {
        let baseline = Baseline::record(&findings, &current.skills, &base);
        fsafe::write_output(path, baseline.to_json()?.as_bytes())
            .map_err(|e| Error::unwritable(path, e))?;
        report::write_text(
            err,
            &format!(
                "wrote {} to {}\n",
                plural(findings.len(), "finding"),
                escape::inline(&paths::display(path, cwd))
            ),
        )?;
        return Ok(Outcome::Success);
    }
    let mut known = 0;
    if let Some(path) = &args.baseline {
        if !path.is_file() {
            return Err(Error::PathNotFound { path: path.clone() });
        }
        known = Baseline::load(path)?.filter(&mut findings, &current.skills, &base);
    }

    let mut sources = if files_changed {
        Sources::default() // read the fixed files again
    } else {
        Sources::new(
            current
                .skills
                .iter()
                .map(|s| (s.skill_md.clone(), &s.source)),
        )
        .with_read(read)
    };
    let shown = |p: &Path| paths::display(p, cwd);
    let report = LintReport::new(&findings, &mut sources, current.skills.len(), shown);
    let format = output_format(args, config);
    let to_file = args.output_file.is_some();
    let mut buffer = Vec::new();
    let sink: &mut dyn Write = if to_file { &mut buffer } else { out };

    let human_like = matches!(format, LintFormat::Human | LintFormat::Concise);
    if human_like && !args.quiet {
        if let Some(provider) = &current.provider {
            // A lowercase `skill.md` is a finding here (S205), not a note.
            let lines = provider
                .notes()
                .iter()
                .filter(|n| n.kind != NoteKind::LowercaseSkillMd)
                .filter(|n| !current.unread.iter().any(|u| u.skill_md == n.path))
                .map(|n| {
                    (
                        n.kind,
                        format!(
                            "note[{}]: {}: {}",
                            n.kind,
                            escape::inline(&shown(&n.path)),
                            escape::text(&n.message)
                        ),
                    )
                });
            notes.push_str(&report::collapse(lines, 3));
        }
        if known > 0 {
            notes.push_str(&format!(
                "note: {} in the baseline not shown\n",
                plural(known, "finding")
            ));
        }
        report::write_text(err, &notes)?;
    }
    let empty = current.skills.is_empty() && current.unread.is_empty();
    if args.statistics {
        match format {
            LintFormat::Json => statistics::write_json(&report, sink)?,
            _ => statistics::write_text(&report, sink)?,
        }
        if human_like && !args.quiet {
            report::write_text(sink, &format!("{}\n", report.summary.line()))?;
        }
    } else {
        match format {
            LintFormat::Human => {
                let style = human::Style {
                    color: !to_file && color::for_stdout(args.color),
                    width: 100,
                };
                if args.quiet {
                    human::write_findings(&report, &mut sources, style, sink)?;
                } else {
                    human::write(&report, &mut sources, style, sink)?;
                }
            }
            LintFormat::Concise => {
                concise::write(&report, sink)?;
                if !args.quiet {
                    report::write_text(sink, &format!("{}\n", report.summary.line()))?;
                }
            }
            LintFormat::Json => report.write_json(sink)?,
            LintFormat::Sarif => sarif::write(&report, sink)?,
            LintFormat::Github => github::write(&report, sink)?,
        }
    }
    if let Some(path) = &args.output_file {
        fsafe::write_output(path, &buffer).map_err(|e| Error::unwritable(path, e))?;
    }

    if empty && !args.allow_empty {
        report::write_text(err, &nothing_found(args, config, cwd))?;
        if !args.exit_zero {
            return Ok(Outcome::Findings);
        }
    }
    let fails = refused_fixes
        || report.summary.errors > 0
        || (config.deny_warnings && report.summary.warnings > 0);
    if !args.watch {
        // The process ends with this run, and the system takes its memory back at once: freeing
        // every skill, file and finding one allocation at a time, in cold memory, would be a
        // tenth of a second of a large run's serial tail. A watching run frees as it goes.
        std::mem::forget(report);
        std::mem::forget(sources);
        std::mem::forget(findings);
        std::mem::forget(after_fix);
        std::mem::forget(input);
    }
    Ok(if fails && !args.exit_zero {
        Outcome::Findings
    } else {
        Outcome::Success
    })
}

/// The warning for a run that found no skill, with what each path may have missed.
fn nothing_found(args: &LintArgs, config: &Config, cwd: &Path) -> String {
    let paths = args.discovery.paths();
    let listed: Vec<String> = paths
        .iter()
        .map(|p| escape::inline(&paths::display(&absolute(p, cwd), cwd)).into_owned())
        .collect();
    let mut text = format!(
        "warning: no skill found under {} (a skill is a folder with a SKILL.md; --allow-empty accepts this)\n",
        listed.join(", ")
    );
    let options = args.discovery.options();
    let shown = |p: &Path| escape::inline(&paths::display(p, cwd)).into_owned();
    for path in &paths {
        let reasons = empty::why(
            &absolute(path, cwd),
            options.max_depth,
            options.respect_gitignore,
            &|dir| config.is_ignored(dir),
            &shown,
        );
        for reason in reasons {
            text.push_str(&format!("  {}\n", reason.0));
        }
    }
    text
}

fn absolute(path: &Path, cwd: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        cwd.join(path)
    }
}

/// The format: the flag, else the config's `output-format`, else human.
fn output_format(args: &LintArgs, config: &Config) -> LintFormat {
    args.format
        .or_else(|| {
            config
                .output_format
                .as_deref()
                .and_then(|f| LintFormat::from_str(f, true).ok())
        })
        .unwrap_or(LintFormat::Human)
}

/// Skill folders in a baseline are relative to the baseline file's folder.
fn baseline_base(args: &LintArgs, cwd: &Path) -> PathBuf {
    let file = args
        .write_baseline
        .as_ref()
        .or(args.baseline.as_ref())
        .map(|p| absolute(p, cwd));
    let dir = file
        .as_deref()
        .and_then(Path::parent)
        .map_or_else(|| cwd.to_path_buf(), Path::to_path_buf);
    std::fs::canonicalize(&dir).unwrap_or(dir)
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
    config.select(Selection {
        select: args.select.clone(),
        extend_select: args.extend_select.clone(),
        ignore: args.ignore.clone(),
    });
    for glob in &args.exclude {
        let parsed = PathGlob::new(cwd, glob).map_err(|message| Error::Usage {
            message: format!("--exclude `{}`: {message}", escape::inline(glob)),
            help: "write a glob such as `drafts/**` or `legacy`".to_owned(),
        })?;
        config.excludes.push(parsed);
    }
    config.deny_warnings |= args.deny_warnings;
    config.options.settings.respect_gitignore = !args.discovery.no_ignore;
    Ok(config)
}

/// The skills to lint: everything discovered that no `exclude` glob leaves out (moved out of
/// the provider, which keeps its notes).
fn discover(args: &LintArgs, config: &Config) -> Result<Input> {
    let (mut provider, _) = super::discover(&args.discovery)?;
    let mut skills = provider.take_skills();
    skills.retain(|s| !config.is_ignored(&s.dir));
    let unread = provider
        .unreadable()
        .iter()
        .filter(|u| !config.is_ignored(&u.dir))
        .cloned()
        .collect();
    Ok(Input {
        skills,
        unread,
        provider: Some(provider),
    })
}

/// `skills lint -`: one skill file read from stdin, placed at `--stdin-filename` (else
/// `SKILL.md` in the working directory) for messages and for the rules that look beside it.
fn read_stdin(args: &LintArgs, cwd: &Path) -> Result<Input> {
    let name = args
        .stdin_filename
        .clone()
        .unwrap_or_else(|| PathBuf::from("SKILL.md"));
    let skill_md = absolute(&name, cwd);
    let skill_md = if skill_md.is_dir() {
        skill_md.join("SKILL.md")
    } else {
        skill_md
    };
    let dir = skill_md
        .parent()
        .map_or_else(|| cwd.to_path_buf(), Path::to_path_buf);
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_STDIN_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::unreadable("<stdin>", e))?;
    if bytes.len() as u64 > MAX_STDIN_BYTES {
        return Err(Error::Usage {
            message: format!("stdin holds more than {MAX_STDIN_BYTES} bytes"),
            help: "a SKILL.md is far smaller: check what is piped in".to_owned(),
        });
    }
    let origin = Origin {
        root: dir.parent().map_or_else(|| dir.clone(), Path::to_path_buf),
        scope: Scope::Custom,
        precedence: 0,
        root_index: 0,
    };
    Ok(Input {
        skills: vec![Skill::parse(dir, skill_md, origin, bytes)],
        unread: Vec::new(),
        provider: None,
    })
}
