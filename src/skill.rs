//! The skill model: one `SKILL.md`, where it was found, its bytes and everything parsing learnt.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::frontmatter::{self, Document, Field, FrontmatterState, ValueKind, Yaml};
use crate::fsafe::Listings;
use crate::source::{Source, Span};

/// Who a skills root belongs to. Runtimes rank roots by scope; the provider ranks by precedence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    Project,
    User,
    System,
    Admin,
    /// A path given on the command line or by an embedding program.
    Custom,
    /// Shipped inside the runtime itself (its built-in skills).
    Builtin,
}

impl Scope {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Project => "project",
            Self::User => "user",
            Self::System => "system",
            Self::Admin => "admin",
            Self::Custom => "custom",
            Self::Builtin => "builtin",
        }
    }
}

impl std::str::FromStr for Scope {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "project" => Ok(Self::Project),
            "user" => Ok(Self::User),
            "system" => Ok(Self::System),
            "admin" => Ok(Self::Admin),
            "custom" => Ok(Self::Custom),
            "builtin" => Ok(Self::Builtin),
            other => Err(format!(
                "unknown scope `{other}` (expected project, user, system, admin, custom or builtin)"
            )),
        }
    }
}

/// Where a skill was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// The root that was walked (resolved, absolute for the filesystem provider).
    pub root: PathBuf,
    pub scope: Scope,
    /// Higher wins when two roots hold the same name; ties go to the root given first.
    pub precedence: i32,
    /// Position of the root in the provider's list.
    pub root_index: usize,
}

/// One skill: a directory holding a `SKILL.md` (or, recorded as such, a `skill.md`).
#[derive(Debug, Clone)]
pub struct Skill {
    /// The skill directory, with `.` and `..` resolved.
    pub dir: PathBuf,
    /// The skill file itself (its real file name, which may be `skill.md`).
    pub skill_md: PathBuf,
    pub origin: Origin,
    pub source: Source,
    pub document: Document,
    /// The `SKILL.md` of the skill that wins this skill's name, when this one loses.
    pub shadowed_by: Option<PathBuf>,
    /// The skill directory and the folders in it as discovery listed them, for the checks to
    /// walk without listing them again; `None` when they were not listed (a skill read from
    /// stdin, a single file, or built in memory).
    pub listings: Option<Listings>,
}

impl Skill {
    /// Parses `bytes` as the `SKILL.md` of `dir`. Never fails: problems are facts in the result.
    pub fn parse(dir: PathBuf, skill_md: PathBuf, origin: Origin, bytes: Vec<u8>) -> Self {
        let source = Source::new(bytes);
        let document = frontmatter::parse(&source);
        Self {
            dir,
            skill_md,
            origin,
            source,
            document,
            shadowed_by: None,
            listings: None,
        }
    }

    /// The directory's own name ("" only for a filesystem root).
    pub fn dir_name(&self) -> Cow<'_, str> {
        self.dir
            .file_name()
            .map_or(Cow::Borrowed(""), |n| n.to_string_lossy())
    }

    /// The frontmatter `name` when it is a string with something in it (trimmed).
    pub fn declared_name(&self) -> Option<&str> {
        self.string_field("name")
    }

    /// The name the skill is known by: the declared name, else the directory name (what
    /// lenient runtimes such as Codex fall back to).
    pub fn name(&self) -> Cow<'_, str> {
        match self.declared_name() {
            Some(name) => Cow::Borrowed(name),
            None => self.dir_name(),
        }
    }

    /// The frontmatter `description` when it is a non-blank string (trimmed).
    pub fn description(&self) -> Option<&str> {
        self.string_field("description")
    }

    /// A top-level frontmatter entry.
    pub fn field(&self, key: &str) -> Option<&Field> {
        self.document.frontmatter()?.get(key)
    }

    fn string_field(&self, key: &str) -> Option<&str> {
        let value = self.field(key)?.as_str()?.trim();
        (!value.is_empty()).then_some(value)
    }

    /// The Markdown body as text, untrimmed.
    pub fn body(&self) -> Cow<'_, str> {
        self.slice(self.document.body)
    }

    /// The text of a span of the file.
    pub fn slice(&self, span: Span) -> Cow<'_, str> {
        let bytes = self.source.bytes();
        let span = Span::new(span.start.min(bytes.len()), span.end.min(bytes.len()));
        // A valid file's text is its bytes: borrow the slice when it falls on character
        // boundaries, without decoding it again.
        if self.source.encoding().invalid_utf8.is_none()
            && let Some(text) = self.source.text().get(span.start..span.end)
        {
            return Cow::Borrowed(text);
        }
        String::from_utf8_lossy(&bytes[span.start..span.end])
    }

    /// Whether the skill file is named `SKILL.md` exactly.
    pub fn has_canonical_file_name(&self) -> bool {
        self.skill_md.file_name().is_some_and(|n| n == "SKILL.md")
    }

    /// Why the file cannot be read as a skill at all, if it cannot: the frontmatter is missing,
    /// unclosed, invalid YAML or not a mapping.
    pub fn parse_error(&self) -> Option<String> {
        match &self.document.frontmatter {
            FrontmatterState::Missing {
                later_delimiter: Some(_),
                ..
            } => Some("frontmatter does not start on line 1".to_owned()),
            FrontmatterState::Missing { .. } => Some("no frontmatter".to_owned()),
            FrontmatterState::Unclosed { .. } => Some("frontmatter is not closed".to_owned()),
            FrontmatterState::Present(fm) => match &fm.content {
                Yaml::Mapping(_) => None,
                Yaml::NotMapping(ValueKind::Null) => Some("frontmatter is empty".to_owned()),
                Yaml::NotMapping(kind) => Some(format!("frontmatter is a {kind}, not a mapping")),
                Yaml::Invalid(err) => {
                    let (line, column) = self.source.line_col(err.offset);
                    Some(format!("invalid YAML at {line}:{column}: {}", err.reason))
                }
            },
        }
    }

    /// The skill file's path relative to `base` when it lies under it.
    pub fn relative_path(&self, base: &Path) -> PathBuf {
        crate::paths::relative_to(&self.skill_md, base)
    }
}
