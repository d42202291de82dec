//! Runtime targets: what each agent runtime accepts, reads, rejects and injects, as data plus
//! small functions. One file per runtime plus the registry below. Lint rules ask the selected
//! targets what is an error for whom; `skills catalog` asks them for their exact bytes.

pub mod builtin;
pub mod catalog;
pub mod env;
pub mod fate;
pub mod file;
pub mod load;
pub mod prefix;
pub mod text;
pub mod walk;

mod agentskills;
mod claude_code;
mod claude_code_legacy;
mod cline;
mod codex;
mod copilot;
mod copilot_cli;
mod cursor;
mod gemini_cli;
mod goose;
mod helix;
mod kilo;
mod letta;
mod mastra;
mod metis;
mod openclaw;
mod opencode;
mod pi;
mod pixir;
mod qwen_code;
mod trpc_agent_go;
mod worker;

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::cost::LeaveOneOut;
use crate::skill::Skill;
use catalog::{Admitted, Collision, Context, Entry, Rendered};
use env::{Env, RootSpec};
use load::{LoadInput, Output, Placement, ReadInput, SearchInput, Session};
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
    /// Read from the client's published package (its bundled JavaScript), not from source.
    Bundle,
    /// Read from the runtime's documentation.
    Docs,
    /// Inferred from observed behaviour, or our decision where the design is silent.
    Approximated,
}

impl Confidence {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Source => "from source",
            Self::Bundle => "from its published package",
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

/// A model a runtime's output depends on: its context window, and what differs for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Model {
    pub id: &'static str,
    /// The context window in tokens, for budgets that scale with it.
    pub context_window: u64,
    /// What this model changes, in a phrase.
    pub note: &'static str,
    /// Where the catalog goes with this model, when not where the target's `placement` and
    /// `session` say.
    pub catalog: Option<ModelCatalog>,
}

/// Where a model's catalog goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ModelCatalog {
    /// In a sentence, as the target's `placement` says it.
    pub placement: &'static str,
    /// Where `skills simulate` puts it.
    pub session: Placement,
}

/// A skill a runtime ships and lists by itself, as the verified version lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Builtin {
    pub name: &'static str,
    pub description: &'static str,
    /// Its `SKILL.md` as the runtime names it: a path starting with `<install>/` for a file in
    /// the client's own package (resolved when the client is installed), `${VAR:-~/dir}/…` for
    /// a file the client writes into the user's folders on first start (resolved against the
    /// environment), else the literal text the runtime writes (`<built-in>`, `builtin`).
    pub location: &'static str,
}

/// The installed client a target's built-in locations point into: a command on `PATH` whose
/// package folder (found from the command, symlinks resolved) holds `package.json` named
/// `package`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Install {
    pub command: &'static str,
    pub package: &'static str,
}

/// The real client a target was checked against: its recordings under
/// `tests/conformance/<client>@<version>/` replay byte for byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Verified {
    /// The client's name as its makers write it.
    pub client: &'static str,
    pub version: &'static str,
    /// When the recordings were captured (YYYY-MM-DD).
    pub captured: &'static str,
    /// How many recorded cases replay exactly.
    pub cases: usize,
    /// The recordings' folder name, `<client>@<version>`.
    pub recordings: &'static str,
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
    /// For a catalog fitted to a budget, where leaving a skill out can change what the others
    /// show: the size of the catalog without each skill, worked out from the sizes of its parts
    /// instead of rendering it again (`skills tokens` stays linear in the skills).
    pub leave_one_out: Option<LeaveOneOut>,
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
    /// What the runtime lists besides the skills on disk, in a sentence ("" if nothing).
    pub builtins_note: &'static str,
    /// The skills it ships and lists itself (left out by `--no-builtins`).
    pub builtins: &'static [Builtin],
    /// Whether the built-ins come before the skills found on disk in discovery order (they
    /// then win or lose name collisions by the target's collision rule like any skill).
    pub builtins_first: bool,
    /// The installed client its built-in locations point into.
    pub install: Option<Install>,
    /// The models whose output differs, the runtime's default first; empty when the output
    /// does not depend on the model.
    pub models: &'static [Model],
    /// The real client version this target replays exactly, if any.
    pub verified: Option<Verified>,

    pub confidence: Confidence,
    /// Where the facts come from: public documentation, repositories and packages, by name
    /// (and version or commit).
    pub reference: &'static str,
}

/// Every target, in `--target` listing order.
pub const TARGETS: &[&Target] = &[
    &agentskills::TARGET,
    &claude_code::TARGET,
    &claude_code_legacy::TARGET,
    &codex::TARGET,
    &opencode::TARGET,
    &kilo::TARGET,
    &gemini_cli::TARGET,
    &copilot::TARGET,
    &copilot_cli::TARGET,
    &cursor::TARGET,
    &goose::TARGET,
    &mastra::TARGET,
    &openclaw::TARGET,
    &pi::TARGET,
    &letta::TARGET,
    &qwen_code::TARGET,
    &cline::TARGET,
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
    /// The model with this ID, when the target knows it.
    pub fn model(&self, id: &str) -> Option<&'static Model> {
        self.models.iter().find(|m| m.id == id)
    }

    /// The runtime's default model, when its output depends on the model.
    pub fn default_model(&self) -> Option<&'static Model> {
        self.models.first()
    }

    /// Where the catalog goes with `model` (a known one; `None` for the target's own word).
    pub fn placement_for(&self, model: Option<&Model>) -> &'static str {
        model
            .and_then(|m| m.catalog)
            .map_or(self.placement, |c| c.placement)
    }

    /// Where `skills simulate` puts the catalog with `model`.
    pub fn session_placement_for(&self, model: Option<&Model>) -> Placement {
        model
            .and_then(|m| m.catalog)
            .map_or(self.session.catalog, |c| c.session)
    }

    /// "verified against opencode 1.18.33, captured 2026-11-24 (14 cases)", or how the target
    /// was modelled.
    pub fn verification(&self) -> String {
        match self.verified {
            Some(v) => format!(
                "verified against {} {}, captured {} ({} case{})",
                v.client,
                v.version,
                v.captured,
                v.cases,
                if v.cases == 1 { "" } else { "s" }
            ),
            None => format!(
                "{}, not verified against a running client",
                self.confidence.as_str()
            ),
        }
    }

    /// The catalog text as the messages the runtime sends it in: none for an empty catalog,
    /// else one, or for a catalog in separate system messages ([`Placement::SystemMessages`])
    /// each of them (the text joins them with a blank line).
    pub fn catalog_messages<'t>(&self, text: &'t str) -> Vec<&'t str> {
        if text.is_empty() {
            return Vec::new();
        }
        match self.session.catalog {
            Placement::SystemMessages if self.id == mastra::TARGET.id => mastra::messages(text),
            _ => vec![text],
        }
    }

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
