//! `skills.toml`: found by walking up from the working directory, or given with `--config`.
//! Flags beat the file, the file beats the defaults. Unknown keys, rules and targets are errors
//! that point into the file.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::error::{ConfigError, Error, Result};
use crate::hash::HashMap;
use crate::lint::{Level, LintOptions};
use crate::rules::{self, Severity};
use crate::select::{PathGlob, PerFileIgnores, Selection, Selector};
use crate::targets::{self, Target};

/// The config file name.
pub const FILE_NAME: &str = "skills.toml";

/// The file as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawConfig {
    /// Another config file this one builds on (relative to this file's folder).
    extend: Option<Spanned<String>>,
    targets: Option<Vec<Spanned<String>>>,
    /// The older name of `exclude`.
    #[serde(default)]
    ignore: Vec<Spanned<String>>,
    #[serde(default)]
    exclude: Vec<Spanned<String>>,
    select: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    extend_select: Vec<Spanned<String>>,
    deny_warnings: Option<bool>,
    output_format: Option<Spanned<String>>,
    #[serde(default)]
    rules: BTreeMap<Spanned<String>, Spanned<String>>,
    #[serde(default)]
    per_file_ignores: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
    #[serde(default)]
    thresholds: Thresholds,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Thresholds {
    max_body_lines: Option<usize>,
    max_body_tokens: Option<usize>,
    max_description_chars: Option<usize>,
    toc_min_lines: Option<usize>,
}

/// The output formats `output-format` accepts (those of `lint --format`).
pub const OUTPUT_FORMATS: &[&str] = &["human", "full", "concise", "json", "sarif", "github"];

/// How many `extend` links a chain may have.
const MAX_EXTEND_DEPTH: usize = 16;

/// The effective configuration of a lint run.
#[derive(Debug, Clone)]
pub struct Config {
    /// The file it came from, if any.
    pub path: Option<PathBuf>,
    /// The files it builds on through `extend`, nearest first.
    pub extends: Vec<PathBuf>,
    /// The config's directory: `--exclude` globs given on the command line are relative to the
    /// working directory, the file's own to its folder.
    pub base: PathBuf,
    /// The options with the selection applied.
    pub options: LintOptions,
    /// `[rules]` levels, before the selection.
    levels: HashMap<&'static str, Level>,
    pub selection: Selection,
    pub excludes: Vec<PathGlob>,
    pub per_file_ignores: PerFileIgnores,
    pub deny_warnings: bool,
    /// `output-format`, one of [`OUTPUT_FORMATS`].
    pub output_format: Option<String>,
}

impl Config {
    /// The defaults, with paths relative to `base`.
    pub fn defaults(base: &Path) -> Self {
        Self {
            path: None,
            extends: Vec::new(),
            base: base.to_path_buf(),
            options: LintOptions::default(),
            levels: HashMap::default(),
            selection: Selection::default(),
            excludes: Vec::new(),
            per_file_ignores: PerFileIgnores::default(),
            deny_warnings: false,
            output_format: None,
        }
    }

    /// `skills.toml` in `start` or the nearest directory above it, if there is one.
    pub fn find(start: &Path) -> Option<PathBuf> {
        start
            .ancestors()
            .map(|dir| dir.join(FILE_NAME))
            .find(|candidate| candidate.is_file())
    }

    /// Reads and checks a config file (and the files it extends).
    pub fn load(path: &Path) -> Result<Self> {
        let text = read(path)?;
        let base = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        Self::parse(&text, path, base)
    }

    /// Checks config text; `path` names it in errors, `base` is its folder.
    pub fn parse(text: &str, path: &Path, base: &Path) -> Result<Self> {
        let mut chain = vec![path.to_path_buf()];
        let mut config = Self::parse_chain(text, path, base, &mut chain)?;
        config.path = Some(path.to_path_buf());
        config.apply_selection();
        Ok(config)
    }

    fn parse_chain(text: &str, path: &Path, base: &Path, chain: &mut Vec<PathBuf>) -> Result<Self> {
        let invalid = |message: String, span: Option<Range<usize>>| {
            Error::Config(Box::new(ConfigError {
                path: path.to_path_buf(),
                message,
                source_code: miette::NamedSource::new(path.display().to_string(), text.to_owned()),
                span: span.map(Into::into),
            }))
        };
        let raw: RawConfig =
            toml::from_str(text).map_err(|e| invalid(e.message().to_owned(), e.span()))?;

        let mut config = match &raw.extend {
            None => Self::defaults(base),
            Some(target) => {
                let file = base.join(target.get_ref());
                let key = std::fs::canonicalize(&file).unwrap_or_else(|_| file.clone());
                if chain.contains(&key) || chain.len() > MAX_EXTEND_DEPTH {
                    return Err(invalid(
                        format!(
                            "`extend` makes a loop or a chain over {MAX_EXTEND_DEPTH} files deep"
                        ),
                        Some(target.span()),
                    ));
                }
                let parent_text = read(&file)
                    .map_err(|e| invalid(format!("`extend`: {e}"), Some(target.span())))?;
                chain.push(key);
                let parent_base = file
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .unwrap_or(Path::new("."))
                    .to_path_buf();
                let mut parent = Self::parse_chain(&parent_text, &file, &parent_base, chain)?;
                parent.extends.insert(0, file);
                parent.base = base.to_path_buf();
                parent
            }
        };
        if let Some(list) = raw.targets {
            if list.is_empty() {
                return Err(invalid(
                    "`targets` is empty; name at least one".into(),
                    None,
                ));
            }
            let mut selected: Vec<&'static Target> = Vec::new();
            for id in list {
                let target = id
                    .get_ref()
                    .parse::<targets::TargetRef>()
                    .map_err(|m| invalid(m, Some(id.span())))?;
                if !selected.iter().any(|t| t.id == target.0.id) {
                    selected.push(target.0);
                }
            }
            config.options.targets = selected;
        }
        for glob in raw.ignore.iter().chain(&raw.exclude) {
            let parsed =
                PathGlob::new(base, glob.get_ref()).map_err(|m| invalid(m, Some(glob.span())))?;
            config.excludes.push(parsed);
        }
        let selectors = |list: &[Spanned<String>]| -> Result<Vec<Selector>> {
            list.iter()
                .map(|s| Selector::parse(s.get_ref()).map_err(|m| invalid(m, Some(s.span()))))
                .collect()
        };
        config.selection.then(Selection {
            select: raw.select.as_deref().map(selectors).transpose()?,
            extend_select: selectors(&raw.extend_select)?,
            ignore: Vec::new(),
        });
        if let Some(deny) = raw.deny_warnings {
            config.deny_warnings = deny;
        }
        if let Some(format) = raw.output_format {
            if !OUTPUT_FORMATS.contains(&format.get_ref().as_str()) {
                return Err(invalid(
                    format!(
                        "unknown output format `{}` (expected one of {})",
                        format.get_ref(),
                        OUTPUT_FORMATS.join(", ")
                    ),
                    Some(format.span()),
                ));
            }
            config.output_format = Some(format.into_inner());
        }
        for (key, value) in raw.rules {
            let rule = rules::find(key.get_ref())
                .ok_or_else(|| invalid(rules::unknown_rule(key.get_ref()), Some(key.span())))?;
            let level = parse_level(value.get_ref()).ok_or_else(|| {
                invalid(
                    format!(
                        "unknown level `{}` for {} (expected off, info, warn or error)",
                        value.get_ref(),
                        rule.id
                    ),
                    Some(value.span()),
                )
            })?;
            config.levels.insert(rule.id, level);
        }
        for (glob, list) in raw.per_file_ignores {
            let parsed =
                PathGlob::new(base, glob.get_ref()).map_err(|m| invalid(m, Some(glob.span())))?;
            config
                .per_file_ignores
                .entries
                .push((parsed, selectors(&list)?));
        }
        let settings = &mut config.options.settings;
        let t = raw.thresholds;
        settings.max_body_lines = t.max_body_lines.unwrap_or(settings.max_body_lines);
        settings.max_body_tokens = t.max_body_tokens.unwrap_or(settings.max_body_tokens);
        settings.max_description_chars = t.max_description_chars.or(settings.max_description_chars);
        settings.toc_min_lines = t.toc_min_lines.unwrap_or(settings.toc_min_lines);
        Ok(config)
    }

    /// Adds the command line's selection (its `select` replaces the file's) and recomputes
    /// the levels.
    pub fn select(&mut self, later: Selection) {
        self.selection.then(later);
        self.apply_selection();
    }

    /// The options' levels: `[rules]`, then what the selection leaves out turned off.
    fn apply_selection(&mut self) {
        let mut levels = self.levels.clone();
        self.selection.apply(&mut levels);
        self.options.levels = levels;
    }

    /// Whether a skill directory is excluded by an `exclude` glob.
    pub fn is_ignored(&self, skill_dir: &Path) -> bool {
        self.excludes
            .iter()
            .any(|g| g.matches(skill_dir) || g.matches(&skill_dir.join("SKILL.md")))
    }

    /// The effective configuration as `skills.toml` text (for `--print-config`).
    pub fn to_toml(&self) -> String {
        let mut out = String::new();
        if let Some(path) = &self.path {
            out.push_str(&format!("# from {}\n", path.display()));
        } else {
            out.push_str("# defaults (no skills.toml found)\n");
        }
        for file in &self.extends {
            out.push_str(&format!("# extends {}\n", file.display()));
        }
        let quoted = |items: &mut dyn Iterator<Item = &str>| {
            items
                .map(|s| format!("{s:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push_str(&format!(
            "targets = [{}]\n",
            quoted(&mut self.options.targets.iter().map(|t| t.id))
        ));
        out.push_str(&format!(
            "exclude = [{}]\n",
            quoted(&mut self.excludes.iter().map(|g| g.text.as_str()))
        ));
        if let Some(select) = &self.selection.select {
            out.push_str(&format!(
                "select = [{}]\n",
                quoted(&mut select.iter().map(|s| s.text.as_str()))
            ));
        }
        if !self.selection.extend_select.is_empty() {
            out.push_str(&format!(
                "extend-select = [{}]\n",
                quoted(&mut self.selection.extend_select.iter().map(|s| s.text.as_str()))
            ));
        }
        out.push_str(&format!("deny-warnings = {}\n", self.deny_warnings));
        if let Some(format) = &self.output_format {
            out.push_str(&format!("output-format = {format:?}\n"));
        }
        out.push_str("\n[rules]\n");
        let mut levels: Vec<(&&str, &Level)> = self.options.levels.iter().collect();
        levels.sort_by_key(|(id, _)| **id);
        for (id, level) in levels {
            let rule = rules::find(id).map_or("", |r| r.name);
            let level = match level {
                Level::Off => "off",
                Level::Set(Severity::Info) => "info",
                Level::Set(Severity::Warning) => "warn",
                Level::Set(Severity::Error) => "error",
            };
            out.push_str(&format!("{id} = \"{level}\"  # {rule}\n"));
        }
        if !self.per_file_ignores.entries.is_empty() {
            out.push_str("\n[per-file-ignores]\n");
            for (glob, selectors) in &self.per_file_ignores.entries {
                out.push_str(&format!(
                    "{:?} = [{}]\n",
                    glob.text,
                    quoted(&mut selectors.iter().map(|s| s.text.as_str()))
                ));
            }
        }
        let s = &self.options.settings;
        out.push_str("\n[thresholds]\n");
        out.push_str(&format!("max-body-lines = {}\n", s.max_body_lines));
        out.push_str(&format!("max-body-tokens = {}\n", s.max_body_tokens));
        match s.max_description_chars {
            Some(n) => out.push_str(&format!("max-description-chars = {n}\n")),
            None => out.push_str("# max-description-chars: each target's own limit\n"),
        }
        out.push_str(&format!("toc-min-lines = {}\n", s.toc_min_lines));
        out
    }
}

/// A config file's text, through `fsafe`: a regular file of at most 1 MiB, opened without
/// blocking.
fn read(path: &Path) -> Result<String> {
    let bytes = crate::fsafe::read_anywhere(path, 1 << 20, crate::fsafe::Links::Allow)
        .map_err(|refusal| Error::unreadable(path, refusal.into_io()))?;
    String::from_utf8(bytes).map_err(|e| {
        Error::unreadable(
            path,
            std::io::Error::new(std::io::ErrorKind::InvalidData, e.utf8_error()),
        )
    })
}

fn parse_level(s: &str) -> Option<Level> {
    Some(match s {
        "off" => Level::Off,
        "info" => Level::Set(Severity::Info),
        "warn" | "warning" => Level::Set(Severity::Warning),
        "error" => Level::Set(Severity::Error),
        _ => return None,
    })
}

/// In another program's TOML config `text`: `None` when `key` is absent or the file does not
/// parse, `Some(None)` when its value is not a list of strings, else the list. (This module is
/// the one place TOML is read.)
pub fn foreign_string_list(text: &str, key: &str) -> Option<Option<Vec<String>>> {
    let table = toml::from_str::<toml::Table>(text).ok()?;
    let value = table.get(key)?;
    Some(value.as_array().and_then(|items| {
        items
            .iter()
            .map(|item| item.as_str().map(str::to_owned))
            .collect()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config> {
        Config::parse(text, Path::new("skills.toml"), Path::new("."))
    }

    fn error_at(text: &str) -> (String, Option<usize>) {
        match parse(text) {
            Err(Error::Config(e)) => (e.message, e.span.map(|s| s.offset())),
            other => panic!("expected a config error, got {other:?}"),
        }
    }

    #[test]
    fn reads_every_section() {
        let c = parse(
            "targets = [\"claude-code\", \"codex\"]\nignore = [\"drafts/**\"]\ndeny-warnings = true\n\
             [rules]\nS001 = \"warn\"\nfrontmatter-missing = \"off\"\n\
             [thresholds]\nmax-body-lines = 300\nmax-description-chars = 900\n",
        )
        .unwrap();
        let ids: Vec<&str> = c.options.targets.iter().map(|t| t.id).collect();
        assert_eq!(ids, ["claude-code", "codex"]);
        assert!(c.deny_warnings);
        assert_eq!(c.options.levels.get("S001"), Some(&Level::Off));
        assert_eq!(c.excludes.len(), 1);
        assert_eq!(c.options.settings.max_body_lines, 300);
        assert_eq!(c.options.settings.max_description_chars, Some(900));
        assert!(c.is_ignored(&std::env::current_dir().unwrap().join("drafts/x")));
        assert!(!c.is_ignored(&std::env::current_dir().unwrap().join("skills/x")));
    }

    #[test]
    fn mistakes_point_into_the_file() {
        let (message, at) = error_at("targets = [\"agentskills\"]\ncolour = true\n");
        assert!(message.contains("unknown field `colour`"), "{message}");
        assert_eq!(at, Some(26));
        let (message, at) = error_at("[rules]\nS999 = \"off\"\n");
        assert!(message.starts_with("unknown rule `S999`"), "{message}");
        assert_eq!(at, Some(8));
        let (message, at) = error_at("[rules]\nS001 = \"loud\"\n");
        assert!(message.contains("unknown level `loud`"), "{message}");
        assert_eq!(at, Some(15));
        let (message, _) = error_at("targets = [\"claude\"]\n");
        assert!(message.contains("unknown target `claude`"), "{message}");
        let (message, _) = error_at("[thresholds]\nmax-body-lines = -1\n");
        assert!(!message.is_empty());
        let (message, _) = error_at("targets = []\n");
        assert!(message.contains("empty"));
    }
}
