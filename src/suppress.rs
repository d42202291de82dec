//! Inline suppression comments in a skill's Markdown body:
//!
//! - `<!-- skills-lint-disable-next-line S101 -->`: the listed rules, on the next line;
//! - `<!-- skills-lint-disable S101 -->` … `<!-- skills-lint-enable S101 -->`: between the two;
//! - a `disable` that no later `enable` closes covers the whole skill (frontmatter findings and
//!   findings in its other files included), and a bare `<!-- skills-lint-disable -->` every rule.
//!
//! Rules are named by ID or name, separated by spaces or commas. A key that names no rule is
//! reported by S501; a suppression that covered nothing, by S502 (off by default).

use std::path::Path;
use std::rc::Rc;

use crate::hash::HashMap;
use crate::rules::{self, Finding, Rule, SkillContext};
use crate::skill::Skill;
use crate::source::{Span, find};

const DISABLE: &str = "skills-lint-disable";
const DISABLE_NEXT_LINE: &str = "skills-lint-disable-next-line";
const ENABLE: &str = "skills-lint-enable";

/// One comment's directive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Disable,
    DisableNextLine,
    Enable,
}

/// A suppression comment as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    pub kind: Kind,
    /// The whole `<!-- … -->`, in the file's bytes.
    pub span: Span,
    /// The keys as written, each with its span.
    pub keys: Vec<(String, Span)>,
}

/// Every suppression comment in the body of the skill `cx` checks, in order: read once for the
/// rules (S501) and the skill's [`Suppressions`].
pub fn comments_of(cx: &SkillContext<'_>) -> Rc<Vec<Comment>> {
    cx.memo("suppression comments", || comments(cx.skill))
}

/// Every suppression comment in the body of `skill`, in order ([`comments_of`] reads them once a
/// skill).
fn comments(skill: &Skill) -> Vec<Comment> {
    let mut out = Vec::new();
    let bytes = skill.source.bytes();
    let body = skill.document.body;
    let end = body.end.min(bytes.len());
    let mut at = body.start.min(end);
    while let Some(open) = find(&bytes[at..end], b"<!--") {
        let start = at + open;
        let inner_start = start + 4;
        let Some(close) = find(&bytes[inner_start..end], b"-->") else {
            break;
        };
        let inner_end = inner_start + close;
        at = inner_end + 3;
        let inner = String::from_utf8_lossy(&bytes[inner_start..inner_end]);
        let lead = inner.len() - inner.trim_start().len();
        let text = inner.trim_start();
        let (kind, word) = if let Some(rest) = text.strip_prefix(DISABLE_NEXT_LINE) {
            (Kind::DisableNextLine, rest)
        } else if let Some(rest) = text.strip_prefix(DISABLE) {
            (Kind::Disable, rest)
        } else if let Some(rest) = text.strip_prefix(ENABLE) {
            (Kind::Enable, rest)
        } else {
            continue;
        };
        if !(word.is_empty() || word.starts_with(char::is_whitespace)) {
            continue; // `skills-lint-disabled`, not ours
        }
        // Offsets in `inner` are file offsets only where the text is valid UTF-8; keys are
        // ASCII in practice, and a span is only used to point at them.
        let keys_from = inner_start + lead + (text.len() - word.len());
        let mut keys = Vec::new();
        let mut offset = 0;
        for part in word.split(|c: char| c.is_whitespace() || c == ',') {
            if !part.is_empty() {
                let s = (keys_from + offset).min(inner_end);
                keys.push((
                    part.to_owned(),
                    Span::new(s, (s + part.len()).min(inner_end)),
                ));
            }
            offset += part.len() + 1;
        }
        out.push(Comment {
            kind,
            span: Span::new(start, at),
            keys,
        });
    }
    out
}

/// What one directive covers.
#[derive(Debug, Clone)]
struct Cover {
    comment: usize,
    /// `None`: every rule.
    rule: Option<&'static str>,
    /// The key as written (for S502's message).
    key: String,
    key_span: Span,
    /// `None`: the whole skill; else offsets of `SKILL.md` (a finding starting inside).
    range: Option<Span>,
    used: bool,
}

/// A skill's suppressions, ready to match findings against.
#[derive(Debug, Clone)]
pub struct Suppressions {
    covers: Vec<Cover>,
    comments: Vec<Comment>,
}

impl Suppressions {
    /// `skill`'s suppressions, from its comments ([`comments_of`]).
    pub fn of(skill: &Skill, comments: Vec<Comment>) -> Self {
        if comments.is_empty() {
            return Self {
                covers: Vec::new(),
                comments,
            };
        }
        let starts = skill.source.line_starts();
        let line_of = |offset: usize| starts.partition_point(|&s| s <= offset);
        let len = skill.source.bytes().len();
        let mut covers: Vec<Cover> = Vec::new();
        for (i, c) in comments.iter().enumerate() {
            let keys: Vec<(Option<&'static str>, String, Span)> = if c.keys.is_empty() {
                vec![(None, String::new(), c.span)]
            } else {
                c.keys
                    .iter()
                    .filter_map(|(k, s)| rules::find(k).map(|r| (Some(r.id), k.clone(), *s)))
                    .collect()
            };
            match c.kind {
                Kind::DisableNextLine => {
                    // The line after the one the comment ends on.
                    let line = line_of(c.span.end.saturating_sub(1)); // 1-based
                    let from = starts.get(line).copied().unwrap_or(len);
                    let to = starts.get(line + 1).copied().unwrap_or(len);
                    for (rule, key, key_span) in keys {
                        covers.push(Cover {
                            comment: i,
                            rule,
                            key,
                            key_span,
                            range: Some(Span::new(from, to)),
                            used: false,
                        });
                    }
                }
                Kind::Disable => {
                    for (rule, key, key_span) in keys {
                        // Closed by the first later `enable` that names the rule (or is bare).
                        let close = comments[i + 1..].iter().find(|later| {
                            later.kind == Kind::Enable
                                && (later.keys.is_empty()
                                    || later.keys.iter().any(|(k, _)| {
                                        rule.is_some() && rules::find(k).map(|r| r.id) == rule
                                    }))
                        });
                        covers.push(Cover {
                            comment: i,
                            rule,
                            key,
                            key_span,
                            range: close.map(|e| Span::new(c.span.end, e.span.start)),
                            used: false,
                        });
                    }
                }
                Kind::Enable => {}
            }
        }
        Self { covers, comments }
    }

    /// Whether a finding is suppressed; marks the directive that covers it as used.
    pub fn covers(&mut self, finding: &Finding, skill_md: &Path) -> bool {
        let at = finding
            .span
            .filter(|_| finding.path == skill_md)
            .map(|s| s.start);
        let mut hit = false;
        for cover in &mut self.covers {
            let rule_matches = cover.rule.is_none_or(|id| id == finding.rule.id);
            let place_matches = match cover.range {
                None => true,
                Some(range) => at.is_some_and(|at| range.start <= at && at < range.end),
            };
            if rule_matches && place_matches {
                cover.used = true;
                hit = true;
            }
        }
        hit
    }

    /// Each directive key that covered no finding: (the comment's span, the key's span, the
    /// key as written, empty for a bare comment).
    pub fn unused(&self) -> Vec<(Span, Span, &str)> {
        self.covers
            .iter()
            .filter(|c| !c.used)
            .map(|c| (self.comments[c.comment].span, c.key_span, c.key.as_str()))
            .collect()
    }
}

/// Drops the findings the skills' comments suppress (each skill's [`Suppressions::of`], worked
/// out beside its checks) and, when `unused` is given (S502 is on), adds a finding for each
/// suppression that covered nothing.
pub fn apply<'a>(
    suppressions: impl IntoIterator<Item = (Suppressions, &'a Skill)>,
    findings: &mut Vec<Finding>,
    unused: Option<&'static Rule>,
) {
    let mut by_dir: HashMap<&Path, (Suppressions, &Skill)> = suppressions
        .into_iter()
        .map(|(sup, s)| (s.dir.as_path(), (sup, s)))
        .filter(|(_, (sup, _))| !sup.covers.is_empty())
        .collect();
    if by_dir.is_empty() {
        return;
    }
    findings.retain(|f| match by_dir.get_mut(f.skill_dir.as_path()) {
        Some((sup, skill)) => !sup.covers(f, &skill.skill_md),
        None => true,
    });
    let Some(rule) = unused else { return };
    for (sup, skill) in by_dir.values() {
        for (comment, key_span, key) in sup.unused() {
            let (message, span) = if key.is_empty() {
                (
                    "this `skills-lint-disable` comment suppresses nothing".to_owned(),
                    comment,
                )
            } else {
                (
                    format!("the suppression of `{key}` suppresses nothing"),
                    key_span,
                )
            };
            findings.push(
                Finding::new(rule, skill, message)
                    .at(span)
                    .label("nothing here to suppress")
                    .help("remove it, so that it does not hide a finding that appears later"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::context::testing::skill;

    fn ids(text: &str) -> Vec<Vec<String>> {
        comments(&skill("x", text))
            .into_iter()
            .map(|c| c.keys.into_iter().map(|(k, _)| k).collect())
            .collect()
    }

    #[test]
    fn reads_the_three_directives_with_ids_or_names() {
        let s = skill(
            "x",
            "# T\n<!-- skills-lint-disable S001, frontmatter-missing -->\n<!-- other -->\n<!-- skills-lint-disable-next-line S101 -->\nx\n<!-- skills-lint-enable -->\n<!-- skills-lint-disabled S1 -->\n",
        );
        let all = comments(&s);
        let kinds: Vec<Kind> = all.iter().map(|c| c.kind).collect();
        assert_eq!(kinds, [Kind::Disable, Kind::DisableNextLine, Kind::Enable]);
        assert_eq!(ids("<!--skills-lint-disable-->"), [Vec::<String>::new()]);
        assert_eq!(
            ids("<!-- skills-lint-disable S001 frontmatter-missing -->"),
            [vec!["S001".to_owned(), "frontmatter-missing".to_owned()]]
        );
        assert!(ids("<!-- skills-lint-disable S001").is_empty());
        let key = &all[0].keys[0];
        assert_eq!(&s.source.text()[key.1.start..key.1.end], "S001");
    }

    fn s109_lines(body: &str, unused: bool) -> Vec<(String, usize)> {
        use crate::lint::{Level, LintOptions, lint};
        let text = format!(
            "---\nname: x\ndescription: Drafts release notes from merged pull requests. Use when the user prepares a release.\n---\n{body}"
        );
        let s = skill("x", &text);
        let mut options = LintOptions::default();
        if unused {
            options
                .levels
                .insert("S502", Level::Set(rules::Severity::Warning));
        }
        lint(std::slice::from_ref(&s), &options)
            .iter()
            .map(|f| {
                let line = f.span.map_or(0, |sp| s.source.line_col(sp.start).0);
                (f.rule.id.to_owned(), line)
            })
            .collect()
    }

    #[test]
    fn next_line_and_blocks_cover_only_their_lines() {
        let stale = "Valid as of March 2025.\n";
        // Lines 5.. are the body.
        let body = format!(
            "{stale}<!-- skills-lint-disable-next-line S109 -->\n{stale}<!-- skills-lint-disable time-sensitive-text -->\n{stale}{stale}<!-- skills-lint-enable S109 -->\n{stale}"
        );
        let found = s109_lines(&body, false);
        assert_eq!(
            found,
            [("S109".to_owned(), 5), ("S109".to_owned(), 12)],
            "{body}"
        );
        // An unclosed disable covers the whole skill.
        let body = format!("{stale}<!-- skills-lint-disable S109 -->\n{stale}");
        assert!(s109_lines(&body, false).is_empty());
    }

    #[test]
    fn unused_suppressions_are_reported_when_asked_for() {
        let body =
            "Fine.\n<!-- skills-lint-disable-next-line S109 S001 -->\nValid as of March 2025.\n";
        assert!(s109_lines(body, false).is_empty());
        let found = s109_lines(body, true);
        assert_eq!(found, [("S502".to_owned(), 6)]);
    }
}
