//! Which rules run, as ruff chooses them: `select` (replaces the set), `extend-select` (adds to
//! it) and `ignore` (removes from it), each a list of selectors — a rule ID (`S101`), a rule
//! name (`description-vague`), an ID prefix (`S1`, `S10`) or `ALL` — and `per-file-ignores`,
//! which drop chosen rules' findings on the files a glob matches.

use std::path::{Path, PathBuf};

use globset::{Glob, GlobMatcher};

use crate::hash::HashMap;
use crate::lint::Level;
use crate::rules::{self, Finding, Rule};

/// Rules that run only when asked for by ID or name, or given a level in `[rules]`.
pub const OFF_BY_DEFAULT: &[&str] = &["S502"];

/// What a selector matched: the rules, and whether it named them exactly (an ID or a name),
/// which alone turns on a rule that is off by default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selector {
    pub text: String,
    pub rules: Vec<&'static str>,
    pub exact: bool,
}

impl Selector {
    /// Parses one selector; the error names the closest rule.
    pub fn parse(text: &str) -> Result<Self, String> {
        let key = text.trim();
        if key.eq_ignore_ascii_case("ALL") {
            return Ok(Self {
                text: key.to_owned(),
                rules: rules::all().map(|r| r.id).collect(),
                exact: false,
            });
        }
        if let Some(rule) = rules::find(key) {
            return Ok(Self {
                text: key.to_owned(),
                rules: vec![rule.id],
                exact: true,
            });
        }
        let is_prefix = key.len() <= 3
            && key.starts_with(['S', 's'])
            && key[1..].bytes().all(|b| b.is_ascii_digit());
        let upper = key.to_ascii_uppercase();
        let matched: Vec<&'static str> = rules::all()
            .filter(|r| is_prefix && r.id.starts_with(&upper))
            .map(|r| r.id)
            .collect();
        if matched.is_empty() {
            return Err(format!(
                "{} (a selector is a rule ID, a rule name, an ID prefix such as `S1`, or `ALL`)",
                rules::unknown_rule(key)
            ));
        }
        Ok(Self {
            text: key.to_owned(),
            rules: matched,
            exact: false,
        })
    }
}

impl std::str::FromStr for Selector {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

/// The three lists, from the config file and then the command line.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// `None`: the default set (every rule but those off by default).
    pub select: Option<Vec<Selector>>,
    pub extend_select: Vec<Selector>,
    pub ignore: Vec<Selector>,
}

impl Selection {
    /// `later` on top of `self`: its `select` replaces ours, its other lists add to ours.
    pub fn then(&mut self, later: Selection) {
        if later.select.is_some() {
            self.select = later.select;
            // A new base set: what was added to the old one no longer applies.
            self.extend_select.clear();
        }
        self.extend_select.extend(later.extend_select);
        self.ignore.extend(later.ignore);
    }

    pub fn is_default(&self) -> bool {
        self.select.is_none() && self.extend_select.is_empty() && self.ignore.is_empty()
    }

    /// The levels this selection gives: `Off` for every rule left out, and the severity of
    /// its default for a default-off rule that is named exactly. `levels` (from `[rules]`)
    /// wins over both, except that an ignored rule stays off.
    pub fn apply(&self, levels: &mut HashMap<&'static str, Level>) {
        if self.is_default() {
            return;
        }
        let mut on: Vec<&'static str> = match &self.select {
            None => rules::all()
                .map(|r| r.id)
                .filter(|id| !OFF_BY_DEFAULT.contains(id))
                .collect(),
            Some(list) => enabled_by(list),
        };
        on.extend(enabled_by(&self.extend_select));
        let ignored: Vec<&'static str> = self
            .ignore
            .iter()
            .flat_map(|s| s.rules.iter().copied())
            .collect();
        for rule in rules::all() {
            let chosen = on.contains(&rule.id) && !ignored.contains(&rule.id);
            if !chosen {
                levels.insert(rule.id, Level::Off);
            } else if OFF_BY_DEFAULT.contains(&rule.id) {
                levels.entry(rule.id).or_insert(Level::Set(rule.severity));
            }
        }
    }
}

/// The rules a list turns on: all it matches, but a default-off rule only when named exactly.
fn enabled_by(list: &[Selector]) -> Vec<&'static str> {
    list.iter()
        .flat_map(|s| {
            s.rules
                .iter()
                .copied()
                .filter(move |id| s.exact || !OFF_BY_DEFAULT.contains(id))
        })
        .collect()
}

/// A glob of skill paths, matched as `.gitignore` patterns are: relative to `base`, and a glob
/// without `/` matches any one name along the path (`drafts` excludes every `drafts/` folder).
#[derive(Debug, Clone)]
pub struct PathGlob {
    pub base: PathBuf,
    pub text: String,
    matcher: GlobMatcher,
    anywhere: bool,
}

impl PathGlob {
    pub fn new(base: &Path, text: &str) -> Result<Self, String> {
        let trimmed = text.trim_end_matches('/');
        let glob = Glob::new(trimmed).map_err(|e| format!("invalid glob: {}", e.kind()))?;
        Ok(Self {
            base: base.to_path_buf(),
            text: text.to_owned(),
            matcher: glob.compile_matcher(),
            anywhere: !trimmed.contains('/'),
        })
    }

    /// Whether `path` (absolute, or relative to the working directory) is matched.
    pub fn matches(&self, path: &Path) -> bool {
        let base = std::fs::canonicalize(&self.base).unwrap_or_else(|_| self.base.clone());
        let absolute = if path.is_absolute() {
            path.to_path_buf()
        } else {
            std::env::current_dir()
                .map(|cwd| cwd.join(path))
                .unwrap_or_else(|_| path.to_path_buf())
        };
        let absolute = std::fs::canonicalize(&absolute).unwrap_or(absolute);
        let rel = crate::paths::to_slash(&crate::paths::relative_to(&absolute, &base));
        if self.matcher.is_match(&rel) {
            return true;
        }
        // Every leading part of the path, so that `drafts/**` or `drafts` excludes what is
        // inside `drafts/`.
        let parts: Vec<&str> = rel.split('/').collect();
        (1..parts.len()).any(|n| self.matcher.is_match(parts[..n].join("/")))
            || (self.anywhere && parts.iter().any(|p| self.matcher.is_match(p)))
    }
}

/// `[per-file-ignores]`: findings of the matched rules are dropped on the files (or skill
/// folders) a glob matches.
#[derive(Debug, Clone, Default)]
pub struct PerFileIgnores {
    pub entries: Vec<(PathGlob, Vec<Selector>)>,
}

impl PerFileIgnores {
    /// Whether `finding` is one a per-file ignore drops.
    pub fn drops(&self, finding: &Finding) -> bool {
        self.entries.iter().any(|(glob, selectors)| {
            selectors.iter().any(|s| s.rules.contains(&finding.rule.id))
                && (glob.matches(&finding.path) || glob.matches(&finding.skill_dir))
        })
    }

    pub fn extend(&mut self, other: PerFileIgnores) {
        self.entries.extend(other.entries);
    }
}

/// Whether a rule runs by default.
pub fn on_by_default(rule: &Rule) -> bool {
    !OFF_BY_DEFAULT.contains(&rule.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sel(list: &[&str]) -> Vec<Selector> {
        list.iter().map(|s| Selector::parse(s).unwrap()).collect()
    }

    fn enabled(selection: &Selection) -> Vec<&'static str> {
        let mut levels = HashMap::default();
        selection.apply(&mut levels);
        rules::all()
            .map(|r| r.id)
            .filter(|id| {
                levels.get(id) != Some(&Level::Off)
                    && (!OFF_BY_DEFAULT.contains(id) || levels.contains_key(id))
            })
            .collect()
    }

    #[test]
    fn selectors_are_ids_names_prefixes_or_all() {
        assert_eq!(Selector::parse("S101").unwrap().rules, ["S101"]);
        assert_eq!(Selector::parse("s101").unwrap().rules, ["S101"]);
        assert_eq!(
            Selector::parse("description-vague").unwrap().rules,
            ["S104"]
        );
        let s1 = Selector::parse("S1").unwrap();
        assert!(s1.rules.iter().all(|id| id.starts_with("S1")) && s1.rules.len() > 5);
        assert!(!s1.exact);
        assert_eq!(
            Selector::parse("ALL").unwrap().rules.len(),
            rules::all().count()
        );
        let err = Selector::parse("S1x").unwrap_err();
        assert!(err.contains("unknown rule `S1x`"), "{err}");
        assert!(Selector::parse("S9").is_err());
        assert!(
            Selector::parse("description-vauge")
                .unwrap_err()
                .contains("did you mean")
        );
    }

    #[test]
    fn select_replaces_extend_adds_ignore_removes() {
        let only = enabled(&Selection {
            select: Some(sel(&["S1"])),
            ..Selection::default()
        });
        assert!(only.iter().all(|id| id.starts_with("S1")), "{only:?}");
        let more = enabled(&Selection {
            select: Some(sel(&["S1"])),
            extend_select: sel(&["S001"]),
            ignore: sel(&["S104"]),
        });
        assert!(more.contains(&"S001") && !more.contains(&"S104"));
        // The default set leaves out a default-off rule; a prefix does not add it, its ID does.
        let default = enabled(&Selection {
            ignore: sel(&["S101"]),
            ..Selection::default()
        });
        assert!(!default.contains(&"S502") && !default.contains(&"S101"));
        let prefix = enabled(&Selection {
            select: Some(sel(&["S5"])),
            ..Selection::default()
        });
        assert!(!prefix.contains(&"S502") && prefix.contains(&"S501"));
        let named = enabled(&Selection {
            extend_select: sel(&["S502"]),
            ..Selection::default()
        });
        assert!(named.contains(&"S502"));
    }

    #[test]
    fn later_select_replaces_the_earlier_set() {
        let mut s = Selection {
            select: Some(sel(&["S1"])),
            extend_select: sel(&["S001"]),
            ignore: sel(&["S104"]),
        };
        s.then(Selection {
            select: Some(sel(&["S2"])),
            ..Selection::default()
        });
        let on = enabled(&s);
        assert!(on.iter().all(|id| id.starts_with("S2")), "{on:?}");
    }

    #[test]
    fn globs_match_like_gitignore_patterns() {
        let base = std::env::current_dir().unwrap();
        let glob = PathGlob::new(&base, "drafts").unwrap();
        assert!(glob.matches(&base.join("skills/drafts/x/SKILL.md")));
        assert!(!glob.matches(&base.join("skills/final/x/SKILL.md")));
        let glob = PathGlob::new(&base, "skills/*/SKILL.md").unwrap();
        assert!(glob.matches(&base.join("skills/pdf/SKILL.md")));
        assert!(!glob.matches(&base.join("other/pdf/SKILL.md")));
        let glob = PathGlob::new(&base, "legacy/**").unwrap();
        assert!(glob.matches(&base.join("legacy/a/b")));
        assert!(PathGlob::new(&base, "a[").is_err());
    }
}
