//! What `catalog`, `load`, `simulate` and `tokens` share: the machine a runtime runs on, the
//! model it runs, and the skills it finds there (its built-ins included).

use std::path::PathBuf;

use crate::cli::RuntimeArgs;
use crate::error::{Error, Result};
use crate::hash::HashSet;
use crate::provider::{FsProvider, SkillProvider};
use crate::skill::Skill;
use crate::targets::builtin::{self, InstallState};
use crate::targets::catalog::{Context, Paths, canonical};
use crate::targets::env::Env;
use crate::targets::{Model, Target};

/// The working directory, environment, path style, model and discovered skills of one run.
#[derive(Debug)]
pub struct Machine {
    pub target: &'static Target,
    pub cwd: PathBuf,
    pub env: Env,
    pub paths: Paths,
    pub provider: FsProvider,
    /// The model the runtime runs, for targets whose output depends on it.
    pub model: Option<String>,
    /// What is known of that model (`None` for an unknown one, which gets the fallback).
    pub model_info: Option<&'static Model>,
    /// Built-in skills included, and what became of the client they point into.
    pub builtins: BuiltinUse,
    /// Things the user should know about this run (an unknown model, an installed client of
    /// another version), one sentence each.
    pub notes: Vec<String>,
}

/// Whether the runtime's own skills are in the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuiltinUse {
    /// The runtime has none (or all of them are already on disk where discovery looked).
    None,
    /// Left out with `--no-builtins`.
    LeftOut,
    /// Included: their names (less those already on disk where discovery looked, which are
    /// listed from there), and the installed client when their locations point into it.
    Included {
        names: Vec<&'static str>,
        install: Option<InstallState>,
    },
}

impl Machine {
    /// Discovers the skills: under the PATHs, or with `--roots` where the target looks.
    pub fn prepare(args: &RuntimeArgs) -> Result<Self> {
        let target = args.target.0;
        let cwd = std::env::current_dir().map_err(Error::WorkingDirectory)?;
        let env = Env::from_process(cwd.clone()).with_skills_paths(args.skills_path.clone());
        let mut provider = if args.roots {
            let roots: Vec<_> = (target.roots)(&env).iter().map(|r| r.to_root()).collect();
            FsProvider::discover(&roots, args.discovery.options())?
        } else {
            super::discover(&args.discovery)?.0
        };
        let paths = match &args.path_prefix {
            Some(prefix) => Paths::rebased(cwd.clone(), prefix, env.home.clone()),
            None => Paths::absolute(env.home.clone()),
        };
        let mut notes = Vec::new();
        let (model, model_info) = model(target, args.model.as_deref(), &mut notes);
        let builtins = if target.builtins.is_empty() {
            BuiltinUse::None
        } else if args.no_builtins {
            BuiltinUse::LeftOut
        } else {
            let mut found = builtin::skills(target, &env, args.path_prefix.is_some());
            // A built-in the runtime has already written where discovery looked is that file.
            let on_disk: HashSet<PathBuf> = provider
                .list()
                .iter()
                .map(|s| canonical(&s.skill_md))
                .collect();
            let fresh = |s: &Skill| !on_disk.contains(&canonical(&s.skill_md));
            let names: Vec<&'static str> = target
                .builtins
                .iter()
                .zip(found.before.iter().chain(&found.after))
                .filter(|(_, skill)| fresh(skill))
                .map(|(builtin, _)| builtin.name)
                .collect();
            found.before.retain(|s| fresh(s));
            found.after.retain(|s| fresh(s));
            if let (
                Some(verified),
                Some(InstallState::Found { version, .. } | InstallState::Hidden { version }),
            ) = (target.verified, &found.install)
                && *version != verified.version
            {
                notes.push(format!(
                    "{} {version} is installed here; {} is verified against {}",
                    verified.client, target.id, verified.version
                ));
            }
            if names.is_empty() {
                BuiltinUse::None
            } else {
                provider = provider.with_builtins(found.before, found.after);
                BuiltinUse::Included {
                    names,
                    install: found.install,
                }
            }
        };
        Ok(Self {
            target,
            cwd,
            env,
            paths,
            provider,
            model,
            model_info,
            builtins,
            notes,
        })
    }

    /// Writes the run's notes to `err`, one `note:` line each.
    pub fn write_notes(&self, err: &mut dyn std::io::Write) -> Result<()> {
        for note in &self.notes {
            crate::report::write_text(err, &format!("note: {note}\n"))?;
        }
        Ok(())
    }

    /// The context renders and loads see: `context_window` (an explicit `--context-window`)
    /// beats the model's own window.
    pub fn context(&self, context_window: Option<u64>) -> Context<'_> {
        Context {
            paths: &self.paths,
            env: &self.env,
            context_window: context_window.or(self.model_info.map(|m| m.context_window)),
            model: self.model.as_deref(),
        }
    }
}

/// The model to run: `--model` or the target's default. A target whose output does not depend
/// on the model has none; an unknown model is kept (the target applies its fallback) with a note.
fn model(
    target: &Target,
    asked: Option<&str>,
    notes: &mut Vec<String>,
) -> (Option<String>, Option<&'static Model>) {
    match (asked, target.default_model()) {
        (None, None) => (None, None),
        (Some(id), None) => {
            notes.push(format!(
                "{}'s output does not depend on the model; --model {id} changes nothing",
                target.id
            ));
            (None, None)
        }
        (None, Some(default)) => (Some(default.id.to_owned()), Some(default)),
        (Some(id), Some(_)) => match target.model(id) {
            Some(known) => (Some(id.to_owned()), Some(known)),
            None => {
                let known: Vec<&str> = target.models.iter().map(|m| m.id).collect();
                notes.push(format!(
                    "{} does not know the model `{id}` (known: {}); showing the runtime's fallback for an unknown model",
                    target.id,
                    known.join(", ")
                ));
                (Some(id.to_owned()), None)
            }
        },
    }
}
