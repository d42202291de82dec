//! Fatal errors: the tool could not do what was asked (exit code 2). Findings about skills are
//! never errors of this kind.

use std::io;
use std::path::PathBuf;

/// Everything that stops a command.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum Error {
    #[error("path not found: {}", path.display())]
    #[diagnostic(help(
        "give a skill directory, a SKILL.md file, or a directory that contains skills"
    ))]
    PathNotFound { path: PathBuf },

    #[error("not a skill path: {} is a file, not a SKILL.md", path.display())]
    #[diagnostic(help(
        "give a skill directory, a SKILL.md file, or a directory that contains skills"
    ))]
    NotASkillPath { path: PathBuf },

    #[error("cannot read {}: {source}", path.display())]
    Unreadable {
        path: PathBuf,
        #[source]
        source: io::Error,
    },

    #[error("cannot determine the working directory: {0}")]
    WorkingDirectory(#[source] io::Error),

    #[error("cannot write the output: {0}")]
    Output(#[source] io::Error),

    #[error(transparent)]
    #[diagnostic(transparent)]
    Config(Box<ConfigError>),

    #[error("{message}")]
    #[diagnostic(help("{help}"))]
    Usage { message: String, help: String },

    #[error("cannot serialise the output: {0}")]
    Json(#[from] serde_json::Error),

    #[error("{} already exists", path.display())]
    #[diagnostic(help("{help}"))]
    Exists { path: PathBuf, help: String },

    #[error("cannot write {}: {source}", path.display())]
    Unwritable {
        path: PathBuf,
        #[source]
        source: io::Error,
    },

    /// The input breaks a rule, so nothing was written.
    #[error("{message}")]
    #[diagnostic(help("{help}"))]
    Refused { message: String, help: String },
}

impl Error {
    pub(crate) fn unwritable(path: impl Into<PathBuf>, source: io::Error) -> Self {
        Self::Unwritable {
            path: path.into(),
            source,
        }
    }

    pub(crate) fn unreadable(path: impl Into<PathBuf>, source: io::Error) -> Self {
        Self::Unreadable {
            path: path.into(),
            source,
        }
    }
}

/// A mistake in a config file, pointing into it.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("invalid config {}: {message}", path.display())]
#[diagnostic(help("see the configuration section of the README for every key"))]
pub struct ConfigError {
    pub path: PathBuf,
    pub message: String,
    #[source_code]
    pub source_code: miette::NamedSource<String>,
    #[label("here")]
    pub span: Option<miette::SourceSpan>,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
