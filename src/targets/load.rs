//! Levels 2 and 3: what a runtime gives the model when it activates a skill (`load`) and when it
//! reads one of the skill's files (`read`), and how its session is laid out (`Session`), for
//! `skills load` and `skills simulate`.
//!
//! Every target answers a load or a read with an [`Output`]: the tool call the model makes, then
//! the parts the runtime adds to the conversation in order (a tool result, sometimes a user
//! message or an addition to the system prompt), whether it was an error, and any record the
//! runtime keeps beside the text. Nothing from a skill is ever executed.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use super::catalog::{Context, Entry};
use crate::provider::{LineRange, ResourceError, Resources, SkillProvider};

/// Who a part of the conversation comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// The system prompt (or an addition to it).
    System,
    /// A developer-role message (Codex).
    Developer,
    /// A user-role message, often hidden from the user ("meta").
    User,
    /// The model's own turn: a tool call.
    Assistant,
    /// The result of a tool call.
    Tool,
}

impl Role {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::System => "system",
            Self::Developer => "developer",
            Self::User => "user",
            Self::Assistant => "assistant",
            Self::Tool => "tool",
        }
    }
}

/// One piece of text the runtime adds to the conversation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Part {
    pub role: Role,
    pub text: String,
}

/// The tool call the model makes: the tool's name and its arguments as JSON text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Call {
    pub tool: String,
    pub arguments: String,
}

impl Call {
    /// A call with one string argument: `{"key": "value"}`.
    pub fn with(tool: &str, key: &str, value: &str) -> Self {
        let arguments = serde_json::json!({ key: value }).to_string();
        Self {
            tool: tool.to_owned(),
            arguments,
        }
    }

    /// A call with several arguments, in the order given (the runtime's own order, which a
    /// JSON map would sort): `{"key":value,…}`.
    pub fn with_args(tool: &str, args: &[(&str, serde_json::Value)]) -> Self {
        let fields: Vec<String> = args
            .iter()
            .map(|(key, value)| format!("{}:{value}", serde_json::Value::from(*key)))
            .collect();
        Self {
            tool: tool.to_owned(),
            arguments: format!("{{{}}}", fields.join(",")),
        }
    }
}

/// How long loaded text stays in the conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lifetime {
    /// Until the session ends (most runtimes: it is in the history).
    Session,
    /// Until the end of the current turn (trpc-agent-go's default load mode).
    Turn,
    /// For the next request only.
    Once,
}

/// What a runtime returns for a load or a read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Output {
    /// The model's call; `None` when the runtime injects without one (a `$skill` mention).
    pub call: Option<Call>,
    /// What the runtime adds, in order. The first is usually the tool result.
    pub parts: Vec<Part>,
    /// The runtime refused: the parts hold its error text.
    pub error: bool,
    pub lifetime: Lifetime,
    /// Facts the runtime records beside the text (Metis's version and size estimate, Pixir's
    /// activation record), as JSON values by name; and under [`RUNTIME_FILLED`], the
    /// placeholders in the text that stand for values only the running client knows.
    pub record: BTreeMap<String, serde_json::Value>,
}

/// The `record` key of the [`RuntimeValue`]s in an output's text.
pub const RUNTIME_FILLED: &str = "runtime_filled";

/// A value only the running client knows (a count from the model API's usage numbers, a random
/// session id), written into a part's text as its placeholder. Listed in the output's `record`
/// under [`RUNTIME_FILLED`] as `{"placeholder", "shape", "meaning"}`: the real text has a value
/// of that shape where the placeholder is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RuntimeValue {
    pub placeholder: &'static str,
    pub shape: Shape,
    pub meaning: &'static str,
}

/// What a runtime-filled value looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// One or more ASCII digits.
    Digits,
    /// A lowercase hexadecimal UUID, `8-4-4-4-12`.
    Uuid,
}

impl RuntimeValue {
    pub const fn digits(placeholder: &'static str, meaning: &'static str) -> Self {
        Self {
            placeholder,
            shape: Shape::Digits,
            meaning,
        }
    }

    pub const fn uuid(placeholder: &'static str, meaning: &'static str) -> Self {
        Self {
            placeholder,
            shape: Shape::Uuid,
            meaning,
        }
    }
}

impl Output {
    /// One tool result after `call`.
    pub fn tool(call: Call, text: impl Into<String>) -> Self {
        Self {
            call: Some(call),
            parts: vec![Part {
                role: Role::Tool,
                text: text.into(),
            }],
            error: false,
            lifetime: Lifetime::Session,
            record: BTreeMap::new(),
        }
    }

    /// A tool result that is the runtime's error text.
    pub fn tool_error(call: Call, text: impl Into<String>) -> Self {
        Self {
            error: true,
            ..Self::tool(call, text)
        }
    }

    /// One more part after the ones already there.
    #[must_use]
    pub fn then(mut self, role: Role, text: impl Into<String>) -> Self {
        self.parts.push(Part {
            role,
            text: text.into(),
        });
        self
    }

    /// A recorded fact.
    #[must_use]
    pub fn record(mut self, key: &str, value: impl Into<serde_json::Value>) -> Self {
        self.record.insert(key.to_owned(), value.into());
        self
    }

    /// Says that `value`'s placeholder in the text stands for a value the running client fills
    /// in.
    #[must_use]
    pub fn filled_at_runtime(mut self, value: RuntimeValue) -> Self {
        let entry = serde_json::to_value(value).unwrap_or_default();
        let list = self
            .record
            .entry(RUNTIME_FILLED.to_owned())
            .or_insert_with(|| serde_json::Value::Array(Vec::new()));
        if let serde_json::Value::Array(values) = list
            && !values.contains(&entry)
        {
            values.push(entry);
        }
        self
    }

    #[must_use]
    pub fn lasting(mut self, lifetime: Lifetime) -> Self {
        self.lifetime = lifetime;
        self
    }

    /// The text of every part, in order, for people: one part as it is; several each under a
    /// `==> role <==` line (the way `head` shows several files).
    pub fn display(&self) -> String {
        if let [only] = self.parts.as_slice() {
            return only.text.clone();
        }
        let mut out = String::new();
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                out.push_str("\n\n");
            }
            out.push_str("==> ");
            out.push_str(match part.role {
                Role::Tool => "tool result",
                Role::User => "user message",
                Role::System => "system prompt addition",
                Role::Developer => "developer message",
                Role::Assistant => "assistant message",
            });
            out.push_str(" <==\n");
            out.push_str(&part.text);
        }
        out
    }
}

/// What a load works with.
#[derive(Debug, Clone, Copy)]
pub struct LoadInput<'a> {
    /// The name the model asked for.
    pub name: &'a str,
    /// The skills the runtime knows (admitted, collisions settled), in discovery order.
    pub known: &'a [Entry<'a>],
    pub provider: &'a dyn SkillProvider,
    /// How many times this skill was loaded earlier in the session.
    pub earlier_loads: usize,
    /// The runtime's load mode, when it has several ([`Session::modes`]); `None` for its default.
    pub mode: Option<&'a str>,
    pub cx: &'a Context<'a>,
}

/// What a read works with.
#[derive(Debug, Clone, Copy)]
pub struct ReadInput<'a> {
    /// The skill the model names.
    pub name: &'a str,
    /// The path it asks for, as given.
    pub path: &'a str,
    pub lines: Option<LineRange>,
    pub known: &'a [Entry<'a>],
    pub provider: &'a dyn SkillProvider,
    /// The runtime's load mode, for runtimes whose reads follow it (trpc-agent-go's docs).
    pub mode: Option<&'a str>,
    pub cx: &'a Context<'a>,
}

/// The known skill named `name`.
pub fn find<'e, 'a>(known: &'e [Entry<'a>], name: &str) -> Option<&'e Entry<'a>> {
    known.iter().find(|e| e.name == name)
}

/// The known names, sorted by byte order, without repeats (for "available skills" texts).
pub fn available(known: &[Entry<'_>]) -> Vec<String> {
    let mut names: Vec<String> = known.iter().map(|e| e.name.clone()).collect();
    names.sort();
    names.dedup();
    names
}

/// What a skill search works with (runtimes with a search tool, such as Metis's
/// `skill_search`).
#[derive(Debug, Clone, Copy)]
pub struct SearchInput<'a> {
    pub query: &'a str,
    /// How many results the model asked for; `None` for the tool's default.
    pub limit: Option<usize>,
    pub known: &'a [Entry<'a>],
    pub cx: &'a Context<'a>,
}

/// The hex SHA-256 of `bytes`, for runtimes that record content hashes.
pub use crate::hash::sha256_hex;

impl LoadInput<'_> {
    pub fn entry(&self) -> Option<&Entry<'_>> {
        find(self.known, self.name)
    }

    pub fn available(&self) -> Vec<String> {
        available(self.known)
    }

    /// The skill's bundled files (relative `/` paths, sorted, `SKILL.md` left out).
    pub fn resources(&self, entry: &Entry<'_>) -> Result<Resources, ResourceError> {
        self.provider.resources_of(entry.skill)
    }
}

impl ReadInput<'_> {
    pub fn entry(&self) -> Option<&Entry<'_>> {
        find(self.known, self.name)
    }

    pub fn available(&self) -> Vec<String> {
        available(self.known)
    }
}

/// Where a runtime puts its catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Placement {
    /// In the system prompt (or a system message of its own).
    SystemPrompt,
    /// In several system messages of its own, one after another (Mastra's SkillsProcessor);
    /// the catalog text joins them with a blank line ([`super::Target::catalog_messages`]
    /// splits them again).
    SystemMessages,
    /// In a developer-role message after the system prompt (Codex).
    DeveloperMessage,
    /// In a user-role message before the user's own first message (Claude Code's
    /// `<system-reminder>`, Cursor's context message).
    UserMessage,
    /// In a system-role message of its own right after the user's first message (Claude Code
    /// with its 1M-token models).
    SystemMessage,
    /// In the description of a tool, which is part of the cached prefix.
    ToolDescription,
}

/// A load mode a runtime offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Mode {
    pub name: &'static str,
    pub meaning: &'static str,
}

/// How a runtime's session is laid out, for `skills simulate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Session {
    pub catalog: Placement,
    /// Load modes (the first is the default); empty when there is one way.
    pub modes: &'static [Mode],
    /// What a second load of the same skill returns, in a sentence.
    pub reload: &'static str,
}

/// Why a read tool cut a text short.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CutBy {
    Lines,
    Bytes,
}

/// The head of a text as a read tool keeps it (pi's `truncateHead`, which Goose's developer
/// `read` tool copies): whole lines while both limits hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeadCut {
    pub content: String,
    /// `None` when the text was kept whole.
    pub by: Option<CutBy>,
    /// How many lines were kept.
    pub lines: usize,
    /// The first line alone is over the byte limit: nothing is kept.
    pub first_line_too_long: bool,
}

/// Keeps the first lines of `text` (split on `\n`) while there are at most `max_lines` of them
/// and they take at most `max_bytes` bytes of UTF-8, newlines between them included.
pub fn cut_head(text: &str, max_lines: usize, max_bytes: usize) -> HeadCut {
    let lines: Vec<&str> = text.split('\n').collect();
    if lines.len() <= max_lines && text.len() <= max_bytes {
        return HeadCut {
            content: text.to_owned(),
            by: None,
            lines: lines.len(),
            first_line_too_long: false,
        };
    }
    if lines.first().is_some_and(|first| first.len() > max_bytes) {
        return HeadCut {
            content: String::new(),
            by: Some(CutBy::Bytes),
            lines: 0,
            first_line_too_long: true,
        };
    }
    let mut kept: Vec<&str> = Vec::new();
    let mut bytes = 0;
    let mut by = CutBy::Lines;
    for (index, line) in lines.iter().take(max_lines).enumerate() {
        let size = line.len() + usize::from(index > 0);
        if bytes + size > max_bytes {
            by = CutBy::Bytes;
            break;
        }
        kept.push(line);
        bytes += size;
    }
    HeadCut {
        content: kept.join("\n"),
        by: Some(by),
        lines: kept.len(),
        first_line_too_long: false,
    }
}

/// A byte count the way pi's and Goose's read tools print it: `512B`, `50.0KB`, `1.5MB`.
pub fn format_size(bytes: usize) -> String {
    // Sizes this small are exact in f64.
    #[allow(clippy::cast_precision_loss)]
    let size = bytes as f64;
    if bytes < 1024 {
        format!("{bytes}B")
    } else if bytes < 1024 * 1024 {
        format!("{:.1}KB", size / 1024.0)
    } else {
        format!("{:.1}MB", size / (1024.0 * 1024.0))
    }
}

/// The files below a skill directory as a runtime that lists the directory itself sees them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DiskFiles {
    /// Relative `/` paths, in listing order.
    pub files: Vec<String>,
    /// The listing stopped at its bound.
    pub truncated: bool,
}

/// Lists `dir` the way runtimes that call `readdir` themselves do: regular files only (symlinks
/// are neither followed nor listed), dot-files included, no ignore files; each directory's
/// entries in `compare` order with subdirectories walked in place; an entry whose relative path
/// `keep` refuses is passed over; past `max` entries the listing stops. `None` when `dir` cannot
/// be read (a skill given as data has no directory on disk).
pub fn list_files(
    dir: &Path,
    compare: &dyn Fn(&str, &str) -> Ordering,
    keep: &dyn Fn(&str) -> bool,
    max: usize,
) -> Option<DiskFiles> {
    fn walk(
        dir: &Path,
        prefix: &str,
        compare: &dyn Fn(&str, &str) -> Ordering,
        keep: &dyn Fn(&str) -> bool,
        max: usize,
        out: &mut DiskFiles,
    ) -> Option<()> {
        let mut entries: Vec<(String, std::fs::FileType)> = std::fs::read_dir(dir)
            .ok()?
            .flatten()
            .filter_map(|e| Some((e.file_name().into_string().ok()?, e.file_type().ok()?)))
            .collect();
        entries.sort_by(|a, b| compare(&a.0, &b.0));
        for (name, kind) in entries {
            let rel = format!("{prefix}{name}");
            if !keep(&rel) {
                continue;
            }
            if out.files.len() >= max {
                out.truncated = true;
                return Some(());
            }
            if kind.is_dir() {
                // An unreadable subdirectory lists nothing, as it does for the runtimes.
                let _ = walk(
                    &dir.join(&name),
                    &format!("{rel}/"),
                    compare,
                    keep,
                    max,
                    out,
                );
                if out.truncated {
                    return Some(());
                }
            } else if kind.is_file() {
                out.files.push(rel);
            }
        }
        Some(())
    }
    let mut out = DiskFiles::default();
    walk(dir, "", compare, keep, max, &mut out)?;
    Some(out)
}

/// Loads, reads and searches over in-memory skills in unit tests, on the made-up machine of
/// `catalog::testing` (`/p` the working directory, `/h` home).
#[cfg(test)]
pub(crate) mod testing {
    use super::{LoadInput, Output, ReadInput, SearchInput};
    use crate::provider::{LineRange, MemoryProvider, MemorySkill, SkillProvider};
    use crate::targets::Target;
    use crate::targets::catalog::{self, Context, Paths};
    use crate::targets::env::Env;

    pub struct Machine {
        pub provider: MemoryProvider,
        pub env: Env,
        paths: Paths,
    }

    impl Machine {
        pub fn new(skills: Vec<MemorySkill>) -> Self {
            Self::with_env(skills, catalog::testing::env())
        }

        pub fn with_env(skills: Vec<MemorySkill>, env: Env) -> Self {
            Self {
                provider: MemoryProvider::new(skills),
                paths: Paths::absolute(env.home.clone()),
                env,
            }
        }

        /// Reads cut at `max` bytes.
        #[must_use]
        pub fn capped(mut self, max: usize) -> Self {
            self.provider = self.provider.with_max_resource_bytes(max);
            self
        }

        fn cx(&self) -> Context<'_> {
            Context {
                paths: &self.paths,
                env: &self.env,
                context_window: None,
                model: None,
            }
        }

        pub fn load(
            &self,
            target: &Target,
            name: &str,
            earlier_loads: usize,
            mode: Option<&str>,
        ) -> Output {
            let cx = self.cx();
            let (known, _) = catalog::known(target, self.provider.list(), &cx);
            (target.load)(&LoadInput {
                name,
                known: &known,
                provider: &self.provider,
                earlier_loads,
                mode,
                cx: &cx,
            })
        }

        /// `lines` as on the command line (`A:B`, `A:`, `A`).
        pub fn read(&self, target: &Target, name: &str, path: &str, lines: Option<&str>) -> Output {
            let cx = self.cx();
            let (known, _) = catalog::known(target, self.provider.list(), &cx);
            let lines: Option<LineRange> = lines.map(|l| l.parse().expect("a line range"));
            (target.read)(&ReadInput {
                name,
                path,
                lines,
                known: &known,
                provider: &self.provider,
                mode: None,
                cx: &cx,
            })
        }

        pub fn search(&self, target: &Target, query: &str, limit: Option<usize>) -> Output {
            let cx = self.cx();
            let (known, _) = catalog::known(target, self.provider.list(), &cx);
            let search = target.search.expect("a search tool");
            search(&SearchInput {
                query,
                limit,
                known: &known,
                cx: &cx,
            })
        }
    }

    /// `target`'s load of `name`, after `earlier_loads` earlier ones.
    pub fn load(
        target: &Target,
        skills: Vec<MemorySkill>,
        name: &str,
        earlier_loads: usize,
    ) -> Output {
        Machine::new(skills).load(target, name, earlier_loads, None)
    }

    /// `target`'s read of `path` in `name`, with `lines` as `--lines` takes them.
    pub fn read(
        target: &Target,
        skills: Vec<MemorySkill>,
        name: &str,
        path: &str,
        lines: Option<&str>,
    ) -> Output {
        Machine::new(skills).read(target, name, path, lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_are_cut_on_whole_lines() {
        let kept = cut_head("a\nb\nc", 5, 100);
        assert_eq!(
            (kept.content.as_str(), kept.by, kept.lines),
            ("a\nb\nc", None, 3)
        );
        let by_lines = cut_head("a\nb\nc", 2, 100);
        assert_eq!(
            (by_lines.content.as_str(), by_lines.by, by_lines.lines),
            ("a\nb", Some(CutBy::Lines), 2)
        );
        // "aa" is 2 bytes, "\nbb" 3 more: 5 > 4.
        let by_bytes = cut_head("aa\nbb\ncc", 10, 4);
        assert_eq!(
            (by_bytes.content.as_str(), by_bytes.by, by_bytes.lines),
            ("aa", Some(CutBy::Bytes), 1)
        );
        let long = cut_head("xxxxx\ny", 10, 4);
        assert!(long.first_line_too_long);
        assert_eq!(long.content, "");
    }

    #[test]
    fn disk_listings_skip_links_and_keep_dot_files() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("sub/deeper")).unwrap();
        for file in ["b.md", ".hidden", "SKILL.md", "sub/a.md", "sub/deeper/c.md"] {
            std::fs::write(root.join(file), "x").unwrap();
        }
        #[cfg(unix)]
        std::os::unix::fs::symlink("b.md", root.join("link.md")).unwrap();
        let bytes = |a: &str, b: &str| a.cmp(b);
        let listed = list_files(root, &bytes, &|rel| rel != "SKILL.md", usize::MAX).unwrap();
        assert_eq!(
            listed.files,
            [".hidden", "b.md", "sub/a.md", "sub/deeper/c.md"]
        );
        assert!(!listed.truncated);
        let two = list_files(root, &bytes, &|_| true, 2).unwrap();
        assert_eq!(two.files, [".hidden", "SKILL.md"]);
        assert!(two.truncated);
        assert_eq!(list_files(&root.join("none"), &bytes, &|_| true, 9), None);
    }

    #[test]
    fn sizes_print_like_the_read_tools() {
        assert_eq!(format_size(512), "512B");
        assert_eq!(format_size(50 * 1024), "50.0KB");
        assert_eq!(format_size(1536 * 1024), "1.5MB");
    }

    #[test]
    fn several_arguments_keep_their_order() {
        let call = Call::with_args(
            "read",
            &[
                ("skill", "a\"b".into()),
                ("path", "x".into()),
                ("start", 2.into()),
            ],
        );
        assert_eq!(call.arguments, r#"{"skill":"a\"b","path":"x","start":2}"#);
        assert_eq!(Call::with_args("t", &[]).arguments, "{}");
    }

    #[test]
    fn one_part_displays_bare_and_several_under_headers() {
        let call = Call::with("Skill", "skill", "x");
        assert_eq!(call.arguments, r#"{"skill":"x"}"#);
        let ordered = Call::with_args(
            "Read",
            &[("file_path", "/a \"b\"".into()), ("offset", 3.into())],
        );
        assert_eq!(ordered.arguments, r#"{"file_path":"/a \"b\"","offset":3}"#);
        let one = Output::tool(call.clone(), "Launching skill: x");
        assert_eq!(one.display(), "Launching skill: x");
        let two = one.then(Role::User, "Base directory for this skill: /s/x\n\nBody");
        assert_eq!(
            two.display(),
            "==> tool result <==\nLaunching skill: x\n\n==> user message <==\nBase directory for this skill: /s/x\n\nBody"
        );
    }
}
