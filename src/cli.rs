//! The whole command-line surface, in one place.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::provider::{FsOptions, LineRange};
use crate::rules::RuleRef;
use crate::select::Selector;
use crate::simulate::Step;
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

impl Cli {
    /// Parses a command line, keeping the order of `simulate`'s mixed steps (which derive
    /// parsing alone cannot).
    pub fn parse_args<I, T>(args: I) -> Result<Self, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        use clap::{CommandFactory, FromArgMatches};
        let matches = Self::command().try_get_matches_from(args)?;
        let mut cli = Self::from_arg_matches(&matches)?;
        if let (Command::Simulate(args), Some(("simulate", sub))) =
            (&mut cli.command, matches.subcommand())
        {
            args.steps = ordered_steps(args, sub);
        }
        Ok(cli)
    }
}

/// `--load`, `--read` and `--search` values, merged in the order they were given.
fn ordered_steps(args: &SimulateArgs, matches: &clap::ArgMatches) -> Vec<Step> {
    let indices = |id: &str| -> Vec<usize> {
        matches
            .indices_of(id)
            .map(Iterator::collect)
            .unwrap_or_default()
    };
    let mut steps: Vec<(usize, Step)> = Vec::new();
    steps.extend(
        indices("loads")
            .into_iter()
            .zip(&args.loads)
            .map(|(i, name)| (i, Step::Load(name.clone()))),
    );
    steps.extend(indices("reads").into_iter().zip(args.reads.iter().cloned()));
    steps.extend(
        indices("searches")
            .into_iter()
            .zip(&args.searches)
            .map(|(i, query)| (i, Step::Search(query.clone()))),
    );
    steps.sort_by_key(|(i, _)| *i);
    steps.into_iter().map(|(_, step)| step).collect()
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

    /// Play a session as a runtime builds it: the catalog, each skill load and file read, the
    /// size of every request and whether its cached prefix stays byte-identical.
    #[command(after_help = SIMULATE_HELP)]
    Simulate(SimulateArgs),

    /// Create a skill folder that passes `skills lint` as it is.
    #[command(after_help = NEW_HELP)]
    New(NewArgs),

    /// Build a reproducible NAME.skill archive of a skill, checked against the upload rules.
    #[command(after_help = PACKAGE_HELP)]
    Package(PackageArgs),

    /// Install a skill from a .skill or .zip archive, refusing anything unsafe.
    #[command(after_help = UNPACK_HELP)]
    Unpack(UnpackArgs),

    /// Print the completion script for a shell.
    #[command(after_help = COMPLETIONS_HELP)]
    Completions(CompletionsArgs),

    /// Print the man page of `skills` or of one of its commands (roff).
    #[command(after_help = MAN_HELP)]
    Man(ManArgs),

    /// Count what each skill costs in model tokens: its catalog entry (every turn), its body (each
    /// load) and its files (each read), with characters and bytes.
    #[command(after_help = TOKENS_HELP)]
    Tokens(TokensArgs),

    /// Tell the whole story of one skill in each runtime: where it looks, where the skill is or
    /// why it is not found, what it lists, what shadows it, whether a budget cuts it, whether it
    /// loads by name, and the fix.
    #[command(after_help = WHY_HELP)]
    Why(WhyArgs),

    /// Show which runtimes list each skill: a table of skills × runtimes, each cell listed,
    /// shortened, name only, hidden, dropped, shadowed or not found.
    #[command(after_help = MATRIX_HELP)]
    Matrix(MatrixArgs),
}

const WHY_HELP: &str = "\
NAME is matched against each skill's `name`, its folder name and the name the runtime lists it
under; a NAME with a `/` (or ending in .md) is the skill's folder or SKILL.md instead. Without
PATHs each runtime looks where it looks itself, from the working directory (as `--roots` does for
`catalog`), and when it finds nothing, folders one slip away are searched: other runtimes' roots,
`skill/` for `skills/`, a flat NAME.md, a folder too deep or ignored. With PATHs, the skills under
them are judged, and a skill the runtime would not find there from here is said so.

Exit codes:
  0  every selected runtime lists a copy of the skill (in full, shortened or by name)
  1  a selected runtime lists none: it does not find it, skips it, hides it, lists another copy
     of its name, or its budget leaves it out
  2  the tool failed (bad arguments, missing path)";

const MATRIX_HELP: &str = "\
Cells: + listed, ~ shortened (part of its description), n name only (no description),
h hidden (a field keeps it from the model), x dropped (skipped, or left out by the budget; the
reasons are listed under the table), s shadowed (another skill wins its name), . not found
(with --roots: the runtime does not look where the skill is). Columns are the runtimes'
abbreviations, explained under the table. --format json gives every cell with its reason
(the schema `skills.matrix/v1`, see docs/json.md).

Exit codes:
  0  success
  2  the tool failed (bad arguments, missing path)";

const SIMULATE_HELP: &str = "\
Steps run in the order given (--load, --read and --search may be mixed); then --turns adds plain
turns, which shows how long loaded text stays. The runtime's own bytes are exact; the frame
around them (a stand-in base system prompt and user message) is fixed. A request's prefix is
stable when the previous request is a byte-identical prefix of it: loading was purely additive
and a prompt cache still hits.

Exit codes:
  0  every step succeeded
  1  the runtime refused a step (unknown skill, path outside the skill…)
  2  the tool failed (bad arguments, missing path)";

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
  targets, exclude globs, select / extend-select, deny-warnings, output-format, extend,
  [rules] levels by ID or name (off, info, warn, error), [per-file-ignores] and [thresholds].
  Flags beat the file. docs/configuration.md lists every key.

Selectors (--select, --extend-select, --ignore, per-file-ignores):
  a rule ID (S101), a rule name (description-vague), an ID prefix (S1, S10) or ALL.

Suppression, in a skill's body:
  <!-- skills-lint-disable-next-line S101 -->        the next line
  <!-- skills-lint-disable S109 --> … <!-- skills-lint-enable S109 -->
  <!-- skills-lint-disable S101 -->                  (never enabled again) the whole skill

Exit codes:
  0  no error-level findings (or --exit-zero)
  1  error-level findings (or warnings with --deny-warnings; with --fix --dry-run: changes
     pending); no skill found under the paths (unless --allow-empty)
  2  the tool failed (bad arguments, missing path, invalid config)";

#[derive(Debug, Clone, Args)]
pub struct LintArgs {
    #[command(flatten)]
    pub discovery: DiscoveryArgs,

    /// A runtime whose rules apply (repeatable; `skills targets` lists them).
    /// Default: the config's targets, else agentskills.
    #[arg(long = "target", short = 't', value_name = "TARGET", value_parser = crate::values::targets(), hide_possible_values = true)]
    pub targets: Vec<TargetRef>,

    /// Output format. Default: the config's `output-format`, else human.
    #[arg(long, value_enum)]
    pub format: Option<LintFormat>,

    /// Print how many findings each rule has, most first, instead of the findings.
    #[arg(long)]
    pub statistics: bool,

    /// Print the findings only: no summary line, no notes, no progress line (without -q, a run
    /// that takes more than a second shows one on stderr when stderr is a terminal and the
    /// format is human or concise, and erases it at the end).
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// Write the report to FILE instead of stdout (replaced whole, or not at all).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output_file: Option<PathBuf>,

    /// Exit 0 even when there are findings at error level (tool failures still exit 2).
    #[arg(long)]
    pub exit_zero: bool,

    /// Run only these rules: IDs, names, ID prefixes (S1) or ALL, comma-separated
    /// (replaces the config's `select`).
    #[arg(long, value_name = "RULES", value_delimiter = ',', value_parser = crate::values::selectors(), hide_possible_values = true)]
    pub select: Option<Vec<Selector>>,

    /// Run these rules too, on top of the selected ones.
    #[arg(long, value_name = "RULES", value_delimiter = ',', value_parser = crate::values::selectors(), hide_possible_values = true)]
    pub extend_select: Vec<Selector>,

    /// Do not run these rules.
    #[arg(long, value_name = "RULES", value_delimiter = ',', value_parser = crate::values::selectors(), hide_possible_values = true)]
    pub ignore: Vec<Selector>,

    /// Skip skills whose path matches GLOB (repeatable; as `exclude` in skills.toml, relative
    /// to the working directory).
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,

    /// Report only findings that FILE (written by --write-baseline) does not hold.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,

    /// Record every finding in FILE, for --baseline, and exit 0.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["baseline", "fix", "watch"])]
    pub write_baseline: Option<PathBuf>,

    /// Lint again whenever a file under the paths changes (Ctrl-C stops).
    #[arg(long, conflicts_with_all = ["output_file", "stdin_filename"])]
    pub watch: bool,

    /// With `-` as the path: the path the text read from stdin has, for messages and for the
    /// rules that look at the skill's folder.
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,

    /// Succeed when no skill is found under the paths.
    #[arg(long)]
    pub allow_empty: bool,

    /// Apply the fixes that cannot change meaning (quote a scalar that breaks YAML, strip a BOM,
    /// CRLF to LF), then report what is left.
    #[arg(long, conflicts_with = "stdin_filename")]
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

    /// When to colour diagnostics (FORCE_COLOR and CLICOLOR_FORCE force it, NO_COLOR turns it
    /// off).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LintFormat {
    /// Diagnostics with the source lines they point at, then a summary line.
    #[value(alias = "full")]
    Human,
    /// One line per finding: `path:line:col: ID severity: message`.
    Concise,
    /// The stable JSON schema `skills.lint/v1` (see docs/json.md).
    Json,
    /// SARIF 2.1.0, for code scanning.
    Sarif,
    /// GitHub Actions workflow commands (annotations).
    Github,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when writing to a terminal, or when FORCE_COLOR or CLICOLOR_FORCE is set; never
    /// when NO_COLOR is.
    Auto,
    Always,
    Never,
}

#[derive(Debug, Clone, Args)]
#[command(group = clap::ArgGroup::new("which").required(true).args(["rule", "all"]))]
pub struct ExplainArgs {
    /// A rule ID (S101) or name (description-not-third-person).
    #[arg(value_name = "RULE", value_parser = crate::values::rules(), hide_possible_values = true)]
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
        default_value = "agentskills",
        value_parser = crate::values::targets(),
        hide_possible_values = true
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

    /// The model the runtime runs, for runtimes whose output depends on it (placement,
    /// wording, budget). Default: the runtime's own default model; `skills targets T` lists
    /// the known ones. An unknown model gets the runtime's fallback, with a note.
    #[arg(long, value_name = "MODEL", value_parser = crate::values::models(), hide_possible_values = true)]
    pub model: Option<String>,

    /// Leave out the skills the runtime ships and lists by itself.
    #[arg(long)]
    pub no_builtins: bool,

    /// With --roots, for runtimes whose skills paths are set in code (Mastra's
    /// `new Workspace({ skills: [...] })`): one of the workspace's skills paths, relative to
    /// the working directory, which stands for the workspace root. Repeat it for several, in
    /// the configured order. Default: `skills`.
    #[arg(long, value_name = "PATH", requires = "roots")]
    pub skills_path: Vec<String>,
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

#[derive(Debug, Clone, Args)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub runtime: RuntimeArgs,

    /// Activate this skill (repeatable; a second load of the same skill shows the runtime's
    /// reload behaviour).
    #[arg(long = "load", value_name = "NAME")]
    pub loads: Vec<String>,

    /// Read a file of a skill: SKILL:PATH, optionally with lines, SKILL:PATH@A:B (repeatable).
    #[arg(long = "read", value_name = "SKILL:PATH", value_parser = Step::parse_read)]
    pub reads: Vec<Step>,

    /// Search the catalog with the runtime's search tool (Metis `skill_search`; repeatable).
    #[arg(long = "search", value_name = "QUERY")]
    pub searches: Vec<String>,

    /// How many user turns the session has (the steps happen in the first).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=100))]
    pub turns: u16,

    /// The runtime's load mode, where it has several (`skills targets T` lists them).
    #[arg(long, value_name = "MODE")]
    pub mode: Option<String>,

    /// The model's context window in tokens, for catalog budgets that scale with it.
    #[arg(long, value_name = "TOKENS", value_parser = clap::value_parser!(u64).range(1..))]
    pub context_window: Option<u64>,

    /// The user's first message.
    #[arg(long, value_name = "TEXT", default_value = crate::simulate::DEFAULT_USER_MESSAGE)]
    pub user: String,

    /// Print only the per-request table and the verdict on the cached prefix, not the
    /// transcript.
    #[arg(long, conflicts_with = "format")]
    pub table: bool,

    /// Output format.
    #[arg(long, value_enum, default_value_t = LoadFormat::Text)]
    pub format: LoadFormat,

    /// The steps in command-line order (filled in by [`Cli::parse_args`]).
    #[arg(skip)]
    pub steps: Vec<Step>,
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
    /// Code, Codex). Default: the model's own (`--model`, else the runtime's default model),
    /// else 200000.
    #[arg(long, value_name = "TOKENS", value_parser = clap::value_parser!(u64).range(1..))]
    pub context_window: Option<u64>,

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

    /// Show no progress line. Without it, a run that takes more than a second shows one on
    /// stderr when stderr is a terminal (never with `--format json`), and erases it at the end.
    #[arg(long, short)]
    pub quiet: bool,
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
pub struct WhyArgs {
    /// The skill's name, or its folder (or SKILL.md) as a path.
    #[arg(value_name = "NAME|PATH")]
    pub skill: String,

    /// Skill directories or trees to judge the skill in, instead of where each runtime looks.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Look where each runtime itself looks (the default without PATHs).
    #[arg(long, conflicts_with = "paths")]
    pub roots: bool,

    /// A runtime to ask (repeatable). Default: the config's targets, else agentskills.
    #[arg(long = "target", short = 't', value_name = "TARGET")]
    pub targets: Vec<TargetRef>,

    /// Ask every runtime `skills targets` lists.
    #[arg(long, conflicts_with = "targets")]
    pub all_targets: bool,

    /// Leave out the skills the runtimes ship and list by themselves.
    #[arg(long)]
    pub no_builtins: bool,

    /// The model's context window in tokens, for budgets that scale with it. Default: each
    /// runtime's default model's.
    #[arg(long, value_name = "TOKENS", value_parser = clap::value_parser!(u64).range(1..))]
    pub context_window: Option<u64>,

    /// Write catalog paths relative to the working directory, joined onto PREFIX (`.` for
    /// plain relative paths), so the output (and budgets that count path bytes) is the same on
    /// every machine.
    #[arg(long, value_name = "PREFIX")]
    pub path_prefix: Option<String>,

    /// Search files that .gitignore excludes, too (under PATHs).
    #[arg(long)]
    pub no_ignore: bool,

    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

#[derive(Debug, Clone, Args)]
pub struct MatrixArgs {
    /// Skill directories, SKILL.md files, or trees that contain skills (default: `.`).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Look where each runtime itself looks instead of under PATHs: a skill one runtime does not
    /// look for is `not found` there.
    #[arg(long, conflicts_with = "paths")]
    pub roots: bool,

    /// A runtime to show (repeatable). Default: every runtime.
    #[arg(long = "target", short = 't', value_name = "TARGET")]
    pub targets: Vec<TargetRef>,

    /// Leave out the skills the runtimes ship and list by themselves (they can shadow yours).
    #[arg(long)]
    pub no_builtins: bool,

    /// The model's context window in tokens, for budgets that scale with it. Default: each
    /// runtime's default model's.
    #[arg(long, value_name = "TOKENS", value_parser = clap::value_parser!(u64).range(1..))]
    pub context_window: Option<u64>,

    /// Write catalog paths relative to the working directory, joined onto PREFIX (`.` for
    /// plain relative paths), so the output (and budgets that count path bytes) is the same on
    /// every machine.
    #[arg(long, value_name = "PREFIX")]
    pub path_prefix: Option<String>,

    /// Search files that .gitignore excludes, too.
    #[arg(long)]
    pub no_ignore: bool,

    /// Output format.
    #[arg(long, value_enum, default_value_t = MatrixFormat::Table)]
    pub format: MatrixFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// Text for people.
    Text,
    /// The stable JSON schema `skills.why/v1` (see docs/json.md).
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MatrixFormat {
    /// A table for people, fitting 100 columns, with its abbreviations explained.
    Table,
    /// The stable JSON schema `skills.matrix/v1` (see docs/json.md).
    Json,
}

#[derive(Debug, Clone, Args)]
pub struct TargetsArgs {
    /// Show everything known about one target.
    #[arg(value_name = "TARGET", value_parser = crate::values::targets(), hide_possible_values = true)]
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

const NEW_HELP: &str = "\
The skill is written into a new folder DIR/NAME, never into an existing one: it is built in a
temporary folder beside it, linted, then renamed into place. NAME is checked first with the
lint rules of the selected targets; a description or license is checked with the rest.

Exit codes:
  0  the skill was created
  2  the tool failed: NAME or an option breaks a rule, DIR/NAME exists, or it cannot be written";

const PACKAGE_HELP: &str = "\
The archive holds one folder named after the skill, its files sorted, every timestamp set to
SOURCE_DATE_EPOCH (else 1980-01-01) and modes 0644 or 0755, so the same files always give the
same bytes. Left out: .git, node_modules, __pycache__, *.pyc, .DS_Store, evals/ at the skill
root, and what .gitignore excludes. The skill is linted first (skills.toml applies), then
checked against the upload rules: one SKILL.md at NAME/SKILL.md, no plugin manifest, no
reserved words, no paths that differ only in case, the size limit.

Exit codes:
  0  the archive was written (with --list: no upload rule is broken; lint is not run)
  1  error-level findings or a broken upload rule: nothing is written
  2  the tool failed (bad arguments, missing path, the archive exists without --force)";

const UNPACK_HELP: &str = "\
Every entry is checked before anything is written: absolute paths, `..`, symlinks, special
files, encrypted entries and names that collide when case is ignored are refused, as are
archives over the size or entry limits (counted as they are extracted, whatever the archive
claims) and archives that do not hold exactly one skill. The skill is extracted into a
temporary folder inside DIR, then renamed into place, then linted.

Exit codes:
  0  the skill was installed and lints clean
  1  the skill was installed and has error-level findings
  2  the tool failed or refused the archive: nothing was written";

const COMPLETIONS_HELP: &str = "\
Examples:
  skills completions bash > ~/.local/share/bash-completion/completions/skills
  skills completions zsh > ~/.zfunc/_skills
  skills completions fish > ~/.config/fish/completions/skills.fish

The scripts are also committed in the repository's completions/ folder.";

const MAN_HELP: &str = "\
Example:
  skills man > ~/.local/share/man/man1/skills.1
  skills man lint > ~/.local/share/man/man1/skills-lint.1

The pages are also committed in the repository's man/ folder.";

#[derive(Debug, Clone, Args)]
pub struct NewArgs {
    /// The skill's name: lowercase letters, digits and hyphens; also its folder's name.
    #[arg(value_name = "NAME")]
    pub name: String,

    /// Where to create the skill's folder.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub dir: PathBuf,

    /// What the skill does and when to use it (default: a placeholder that says so).
    #[arg(long, value_name = "TEXT")]
    pub description: Option<String>,

    /// A license name, or the name of a license file in the skill.
    #[arg(long, value_name = "TEXT")]
    pub license: Option<String>,

    /// Resource folders to create, each with a starter file the body links to.
    #[arg(long = "with", value_name = "DIRS", value_delimiter = ',')]
    pub with: Vec<ResourceDir>,

    /// A runtime whose rules NAME and the skill must pass (repeatable).
    /// Default: the config's targets, else agentskills.
    #[arg(long = "target", short = 't', value_name = "TARGET", value_parser = crate::values::targets(), hide_possible_values = true)]
    pub targets: Vec<TargetRef>,
}

/// The standard's optional resource folders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, ValueEnum)]
pub enum ResourceDir {
    /// Code the agent runs.
    Scripts,
    /// Documents the agent reads when it needs them.
    References,
    /// Templates and files the output uses.
    Assets,
}

#[derive(Debug, Clone, Args)]
pub struct PackageArgs {
    /// The skill directory (or its SKILL.md).
    #[arg(value_name = "PATH")]
    pub path: PathBuf,

    /// Where to write NAME.skill (default: the working directory).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// Show what would go into the archive, and write nothing.
    #[arg(long)]
    pub list: bool,

    /// Replace an existing archive.
    #[arg(long)]
    pub force: bool,

    /// The most the files may add up to, uncompressed (30MB, 500kB, 2MiB…).
    #[arg(long, value_name = "SIZE", default_value = "30MB", value_parser = crate::package::parse_size)]
    pub max_size: u64,

    /// Package files that .gitignore excludes, too.
    #[arg(long)]
    pub no_ignore: bool,
}

#[derive(Debug, Clone, Args)]
pub struct UnpackArgs {
    /// The .skill or .zip archive.
    #[arg(value_name = "ARCHIVE")]
    pub archive: PathBuf,

    /// The folder to install the skill's folder into.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub into: PathBuf,

    /// Replace an existing skill folder of the same name.
    #[arg(long)]
    pub force: bool,

    /// The most the archive may unpack to (100MB, 500kB, 2MiB…).
    #[arg(long, value_name = "SIZE", default_value = "100MB", value_parser = crate::package::parse_size)]
    pub max_size: u64,

    /// The most entries the archive may hold.
    #[arg(long, value_name = "N", default_value_t = crate::package::DEFAULT_MAX_ENTRIES)]
    pub max_entries: usize,
}

#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_name = "SHELL")]
    pub shell: Shell,
}

/// The shells completion scripts are made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
    Powershell,
    Elvish,
}

#[derive(Debug, Clone, Args)]
pub struct ManArgs {
    /// A command, for its own page (`skills-COMMAND(1)`).
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}
