//! Runtime targets: what each agent runtime accepts, reads, rejects and injects, as data plus
//! small functions. One file per runtime plus the registry below. Lint rules ask the selected
//! targets what is an error for whom; `skills catalog` asks them for their exact bytes.

pub mod catalog;
pub mod env;
pub mod load;
pub mod text;

mod agentskills;
mod claude_code;
mod claude_code_legacy;
mod codex;
mod copilot;
mod cursor;
mod gemini_cli;
mod goose;
mod helix;
mod letta;
mod mastra;
mod metis;
mod openclaw;
mod opencode;
mod pixir;
mod trpc_agent_go;
mod worker;

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::skill::Skill;
use catalog::{Admitted, Collision, Context, Entry, Rendered};
use env::{Env, RootSpec};
use load::{LoadInput, Output, ReadInput, SearchInput, Session};
use text::Unit;

/// Which characters a runtime accepts in a skill name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameCharset {
    /// The reference validator's rule: after NFKC, Unicode letters (L*) and digits (N*), and `-`.
    Unicode,
    /// Only `a-z`, `0-9` and `-`.
    Ascii,
}

/// How sure we are of a target's facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Confidence {
    /// Read from the runtime's source code.
    Source,
    /// Read from a leaked build.
    Leak,
    /// Read from the runtime's documentation.
    Docs,
    /// Inferred from observed behaviour, or our decision where the design is silent.
    Approximated,
}

impl Confidence {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Source => "from source",
            Self::Leak => "from a leak",
            Self::Docs => "from docs",
            Self::Approximated => "approximated",
        }
    }
}

/// A runtime's catalog budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Budget {
    /// The unit the runtime measures in; `None` when it has no budget.
    pub unit: Option<Unit>,
    /// The limit and what happens past it, in a sentence.
    pub summary: &'static str,
}

impl Budget {
    /// No budget at all.
    pub const NONE: Self = Self {
        unit: None,
        summary: "none",
    };
}

/// A frontmatter field a runtime reads beyond the standard six, and what it does with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExtraField {
    pub key: &'static str,
    pub meaning: &'static str,
}

/// One runtime.
#[derive(Debug, Clone, Copy)]
pub struct Target {
    /// The `--target` value.
    pub id: &'static str,
    /// The runtime's own name, for messages.
    pub display: &'static str,
    /// Unknown top-level fields fail the skill (the reference validator).
    pub rejects_unknown_fields: bool,
    /// Top-level fields read beyond `name`, `description`, `license`, `compatibility`,
    /// `metadata` and `allowed-tools`.
    pub extra_fields: &'static [ExtraField],
    /// `metadata` keys the runtime reads.
    pub metadata_keys: &'static [ExtraField],
    pub name_charset: NameCharset,
    /// Longest `description`, in characters (Unicode scalar values).
    pub description_limit: usize,
    /// Words a name may not contain.
    pub reserved_words: &'static [&'static str],
    /// Whether `<` or `>` in a name or description fails the skill.
    pub rejects_angle_brackets: bool,
    /// Reads frontmatter with StrictYAML: flow collections, anchors, aliases, tags and duplicate
    /// keys fail the skill.
    pub strict_yaml: bool,

    /// Where the catalog goes in the prompt.
    pub placement: &'static str,
    /// The places the runtime looks for skills, in the order it looks.
    pub roots: fn(&Env) -> Vec<RootSpec>,
    /// The roots in a line, with the environment variables that move them.
    pub roots_summary: &'static str,
    /// Who wins a name collision.
    pub collision: Collision,
    /// Whether the runtime lists a skill, and by what name and description.
    pub admit: fn(&Skill) -> Result<Admitted, String>,
    /// What the runtime does with a skill it cannot parse, in a sentence.
    pub broken_skill: &'static str,
    /// The frontmatter fields the runtime reads.
    pub fields_read: &'static [&'static str],
    /// How the catalog is ordered, in a sentence.
    pub ordering: &'static str,
    /// What is escaped, in a sentence.
    pub escaping: &'static str,
    /// What happens to whitespace and newlines in descriptions, in a sentence.
    pub whitespace: &'static str,
    pub budget: Budget,
    /// The exact catalog bytes for the admitted skills, in discovery order.
    pub render: fn(&[Entry<'_>], &Context<'_>) -> Rendered,
    /// Level 2: what the runtime returns when the model activates a skill (or asks for an
    /// unknown one: its own error text, naming the available skills).
    pub load: fn(&LoadInput<'_>) -> Output,
    /// Level 3: what it returns when the model reads a file of a skill, with its guards.
    pub read: fn(&ReadInput<'_>) -> Output,
    /// A search tool over the catalog, for runtimes that have one (Metis's `skill_search`).
    pub search: Option<fn(&SearchInput<'_>) -> Output>,
    /// Where the catalog goes, load modes, and what a second load returns.
    pub session: Session,
    /// The parts that are our decisions rather than the runtime's pinned behaviour.
    pub decisions: &'static [&'static str],
    /// Skills the runtime ships and lists itself, which a preview cannot include ("" if none).
    pub builtins: &'static str,

    pub confidence: Confidence,
    /// Where the facts come from.
    pub reference: &'static str,
}

/// Every target, in `--target` listing order.
pub const TARGETS: &[&Target] = &[
    &agentskills::TARGET,
    &claude_code::TARGET,
    &claude_code_legacy::TARGET,
    &codex::TARGET,
    &opencode::TARGET,
    &gemini_cli::TARGET,
    &copilot::TARGET,
    &cursor::TARGET,
    &goose::TARGET,
    &mastra::TARGET,
    &openclaw::TARGET,
    &letta::TARGET,
    &helix::TARGET,
    &metis::TARGET,
    &pixir::TARGET,
    &trpc_agent_go::TARGET,
    &worker::TARGET,
];

/// The target with this ID.
pub fn find(id: &str) -> Option<&'static Target> {
    TARGETS.iter().copied().find(|t| t.id == id)
}

/// The default selection.
pub fn default_targets() -> Vec<&'static Target> {
    vec![&agentskills::TARGET]
}

impl Target {
    /// The extra top-level field with this key, if the target reads it.
    pub fn extra_field(&self, key: &str) -> Option<&'static ExtraField> {
        self.extra_fields.iter().find(|f| f.key == key)
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id)
    }
}

/// A `--target` value.
#[derive(Debug, Clone, Copy)]
pub struct TargetRef(pub &'static Target);

impl FromStr for TargetRef {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        find(s).map(TargetRef).ok_or_else(|| {
            let known: Vec<&str> = TARGETS.iter().map(|t| t.id).collect();
            format!("unknown target `{s}` (known: {})", known.join(", "))
        })
    }
}

/// `"a"`, `"a and b"`, `"a, b and c"` of the targets' display names.
pub fn names(targets: &[&Target]) -> String {
    let names: Vec<&str> = targets.iter().map(|t| t.display).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
