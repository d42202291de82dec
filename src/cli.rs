//! The whole command-line surface, in one place.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::provider::{FsOptions, LineRange};
use crate::rules::RuleRef;
use crate::targets::TargetRef;
use crate::tokens::Encoding;

const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  findings at error level
  2  the tool failed (bad arguments, missing path, unreadable input)";

/// Lint, preview and package Agent Skills exactly as each agent runtime sees them.
#[derive(Debug, Parser)]
#[command(name = "skills", version, about, after_help = EXIT_CODES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check skills against the standard and the selected runtimes.
    #[command(after_help = LINT_HELP)]
    Lint(LintArgs),

    /// Show a rule's documentation, or the table of every rule.
    #[command(after_help = EXIT_CODES)]
    Explain(ExplainArgs),

    /// List every skill found under the paths: name, scope, path and status.
    #[command(after_help = EXIT_CODES)]
    List(ListArgs),

    /// Print the exact catalog bytes a runtime puts in the prompt for these skills.
    #[command(after_help = CATALOG_HELP)]
    Catalog(CatalogArgs),

    /// List the runtime targets: roots, budget, confidence and sources.
    #[command(after_help = EXIT_CODES)]
    Targets(TargetsArgs),

    /// Print exactly what a runtime gives the model when it activates a skill, or reads one of
    /// its files.
    #[command(after_help = LOAD_HELP)]
    Load(LoadArgs),

    /// Count what each skill costs in model tokens: its catalog entry (every turn), its body (each
    /// load) and its files (each read), with characters and bytes.
    #[command(after_help = TOKENS_HELP)]
    Tokens(TokensArgs),
}

const TOKENS_HELP: &str = "\
Definitions:
  catalog entry  the tokens of the target's catalog minus those of the catalog it renders
                 without the skill: what keeping the skill costs on every turn
  overhead       the catalog minus every entry: its frame, and under a budget the room the
                 skills compete for
  body           everything the target's load adds to the conversation (every part)
  resources      each bundled file as a read returns it; binary files are skipped
Counts are exact for the encoding (the same as OpenAI's tiktoken, with special-token strings
counted as text). Paths in the catalog and the body count too: --path-prefix makes them the same
on every machine.

Exit codes:
  0  success, and every skill within the --max-* limits
  1  a skill is over a --max-* limit (each one is named, with how much it is over)
  2  the tool failed (bad arguments, missing path)";

const LOAD_HELP: &str = "\
The result goes to stdout exactly as the runtime returns it. When the runtime adds more than one
message (Claude Code's tool result and its hidden user message, trpc-agent-go's system prompt
addition), each is printed under a `==> tool result <==`-style line; --format json gives them
apart. Nothing from the skill is executed.

Exit codes:
  0  the runtime returns the skill or the file
  1  the runtime refuses (unknown skill, path outside the skill, binary file…): its error text
     is printed
  2  the tool failed (bad arguments, missing path)";

const CATALOG_HELP: &str = "\
The catalog goes to stdout exactly as the runtime injects it, with no newline added, so
`skills catalog -t codex > catalog.txt` records it and `--check catalog.txt` compares.
Budgets are computed in the runtime's own unit (characters, display columns, ceil(bytes/4));
--stats reports them beside o200k model tokens, which are a separate measure.

Exit codes:
  0  success (with --check: the catalog is unchanged)
  1  with --check: the catalog differs from FILE (a unified diff is printed)
  2  the tool failed (bad arguments, missing path, unreadable FILE)";

const LINT_HELP: &str = "\
Configuration:
  skills.toml in the working directory or the nearest one above it (or --config FILE):
  targets, ignore globs, deny-warnings, [rules] levels by ID or name (off, info, warn,
  error) and [thresholds]. Flags beat the file. A skill body can turn rules off with
  <!-- skills-lint-disable S101 body-too-long -->.

Exit codes:
  0  no error-level findings
  1  error-level findings (or warnings with --deny-warnings; with --fix --dry-run: changes pending)
  2  the tool failed (bad arguments, missing path, invalid config)";

#[derive(Debug, Clone, Args)]
pub struct LintArgs {
    #[command(flatten)]
    pub discovery: DiscoveryArgs,

    /// A runtime whose rules apply (repeatable; `skills targets` lists them).
    /// Default: the config's targets, else agentskills.
    #[arg(long = "target", short = 't', value_name = "TARGET")]
    pub targets: Vec<TargetRef>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = LintFormat::Human)]
    pub format: LintFormat,

    /// Apply the fixes that cannot change meaning (quote a scalar that breaks YAML, strip a BOM,
    /// CRLF to LF), then report what is left.
    #[arg(long)]
    pub fix: bool,

    /// With --fix: print the changes as a unified diff and write nothing.
    #[arg(long, requires = "fix")]
    pub dry_run: bool,

    /// Exit 1 on warnings too.
    #[arg(long)]
    pub deny_warnings: bool,

    /// Read this config file instead of looking for skills.toml.
    #[arg(long, value_name = "FILE", conflicts_with = "isolated")]
    pub config: Option<PathBuf>,

    /// Ignore every config file.
    #[arg(long)]
    pub isolated: bool,

    /// Print the effective configuration and exit.
    #[arg(long)]
    pub print_config: bool,

    /// When to colour diagnostics.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LintFormat {
    /// Diagnostics with the source lines they point at, then a summary line.
    Human,
    /// The stable JSON schema `skills.lint/v1` (see docs/json.md).
    Json,
    /// SARIF 2.1.0, for code scanning.
    Sarif,
    /// GitHub Actions workflow commands (annotations).
    Github,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when writing to a terminal and NO_COLOR is not set.
    Auto,
    Always,
    Never,
}

#[derive(Debug, Clone, Args)]
#[command(group = clap::ArgGroup::new("which").required(true).args(["rule", "all"]))]
pub struct ExplainArgs {
    /// A rule ID (S101) or name (description-not-third-person).
    #[arg(value_name = "RULE")]
    pub rule: Option<RuleRef>,

    /// Print the table of every rule (Markdown).
    #[arg(long)]
    pub all: bool,
}

/// Where to look for skills, shared by every command that discovers them.
#[derive(Debug, Clone, Args)]
pub struct DiscoveryArgs {
    /// Skill directories, SKILL.md files, or trees that contain skills (default: `.`).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Search files that .gitignore excludes, too.
    #[arg(long)]
    pub no_ignore: bool,

    /// How many directory levels below each path to search.
    #[arg(long, value_name = "N", default_value_t = FsOptions::default().max_depth)]
    pub max_depth: usize,

    /// How many directories to visit per path before stopping (reported when hit).
    #[arg(long, value_name = "N", default_value_t = FsOptions::default().max_dirs)]
    pub max_dirs: usize,
}

impl DiscoveryArgs {
    /// The paths to search: the ones given, or the working directory.
    pub fn paths(&self) -> Vec<PathBuf> {
        if self.paths.is_empty() {
            vec![PathBuf::from(".")]
        } else {
            self.paths.clone()
        }
    }

    pub fn options(&self) -> FsOptions {
        FsOptions {
            respect_gitignore: !self.no_ignore,
            max_depth: self.max_depth,
            max_dirs: self.max_dirs,
            ..FsOptions::default()
        }
    }
}

/// Which runtime, and which skills it sees: shared by `catalog`, `load` and `simulate`.
#[derive(Debug, Clone, Args)]
pub struct RuntimeArgs {
    #[command(flatten)]
    pub discovery: DiscoveryArgs,

    /// The runtime (`skills targets` lists them).
    #[arg(
        long,
        short = 't',
        value_name = "TARGET",
        default_value = "agentskills"
    )]
    pub target: TargetRef,

    /// Discover skills where the runtime itself looks (its project and user roots, with their
    /// environment overrides) instead of under PATHs.
    #[arg(long, conflicts_with = "paths")]
    pub roots: bool,

    /// Write paths relative to the working directory, joined onto PREFIX (`.` for plain
    /// relative paths), so the output is the same on every machine.
    #[arg(long, value_name = "PREFIX")]
    pub path_prefix: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct CatalogArgs {
    #[command(flatten)]
    pub runtime: RuntimeArgs,

    /// The model's context window in tokens, for budgets that scale with it (Claude Code,
    /// Codex). Default: the runtime's own fallback.
    #[arg(long, value_name = "TOKENS", value_parser = clap::value_parser!(u64).range(1..))]
    pub context_window: Option<u64>,

    /// Also report size, budget use and which skills lost their description or were left
    /// out (to stderr; with --format json, in the JSON).
    #[arg(long)]
    pub stats: bool,

    /// Output format.
    #[arg(long, value_enum, default_value_t = CatalogFormat::Text)]
    pub format: CatalogFormat,

    /// Compare with FILE instead of printing: exit 1 with a unified diff when they differ.
    #[arg(long, value_name = "FILE", conflicts_with = "format")]
    pub check: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CatalogFormat {
    /// The catalog bytes alone.
    Text,
    /// The stable JSON schema `skills.catalog/v1`: the text and its statistics.
    Json,
}

#[derive(Debug, Clone, Args)]
pub struct LoadArgs {
    /// The skill's name, as the model would ask for it.
    #[arg(value_name = "NAME")]
    pub name: String,

    #[command(flatten)]
    pub runtime: RuntimeArgs,

    /// Read this file of the skill (a path relative to its directory) instead, as the
    /// runtime's read tool would, with its guards.
    #[arg(long, value_name = "REL")]
    pub file: Option<String>,

    /// With --file: only these lines (`A:B`, `A:` or `A`; 1-based, inclusive).
    #[arg(long, value_name = "A:B", requires = "file")]
    pub lines: Option<LineRange>,

    /// The runtime's load mode, where it has several (`skills targets T` lists them).
    #[arg(long, value_name = "MODE")]
    pub mode: Option<String>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = LoadFormat::Text)]
    pub format: LoadFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LoadFormat {
    /// The text the model receives.
    Text,
    /// The stable JSON schema `skills.load/v1`: the call, each part, the record and sizes.
    Json,
}

#[derive(Debug, Clone, Args)]
pub struct TokensArgs {
    #[command(flatten)]
    pub runtime: RuntimeArgs,

    /// The model tokenizer to count with.
    #[arg(long, value_enum, value_name = "ENCODING", default_value_t = Encoding::O200kBase)]
    pub encoding: Encoding,

    /// The model's context window in tokens, for catalog budgets that scale with it (Claude
    /// Code, Codex).
    #[arg(
        long,
        value_name = "TOKENS",
        default_value_t = 200_000,
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    pub context_window: u64,

    /// The order of the skills: discovery order (path), by name, or largest first.
    #[arg(long, value_enum, default_value_t = TokensSort::Path)]
    pub sort: TokensSort,

    /// Exit 1 when a skill's catalog entry is more than N tokens.
    #[arg(long, value_name = "N")]
    pub max_catalog_tokens: Option<u64>,

    /// Exit 1 when a skill's body (what a load adds) is more than N tokens.
    #[arg(long, value_name = "N")]
    pub max_body_tokens: Option<u64>,

    /// Exit 1 when a skill's catalog entry, body and resources together are more than N tokens.
    #[arg(long, value_name = "N")]
    pub max_skill_tokens: Option<u64>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = TokensFormat::Table)]
    pub format: TokensFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TokensFormat {
    /// A table for people, then the totals and the budget.
    Table,
    /// The stable JSON schema `skills.tokens/v1` (see docs/json.md).
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TokensSort {
    /// Discovery order (paths in argument order, sorted within each).
    Path,
    /// By name.
    Name,
    /// Largest catalog entry first.
    Catalog,
    /// Largest body first.
    Body,
    /// Largest resources first.
    Resources,
    /// Largest total first.
    Total,
}

impl ValueEnum for Encoding {
    fn value_variants<'a>() -> &'a [Self] {
        &[Self::O200kBase, Self::Cl100kBase]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let help = match self {
            Self::O200kBase => "GPT-4o and later OpenAI models",
            Self::Cl100kBase => "GPT-4 and GPT-3.5",
        };
        Some(clap::builder::PossibleValue::new(self.as_str()).help(help))
    }
}

#[derive(Debug, Clone, Args)]
pub struct TargetsArgs {
    /// Show everything known about one target.
    #[arg(value_name = "TARGET")]
    pub target: Option<TargetRef>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Table)]
    pub format: ListFormat,
}

#[derive(Debug, Clone, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub discovery: DiscoveryArgs,

    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Table)]
    pub format: ListFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// A table for people.
    Table,
    /// The stable JSON schema `skills.list/v1` (see docs/json.md).
    Json,
}
