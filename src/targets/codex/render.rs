//! The catalog Codex 0.169.0 sends: `## Skills`, the `### Skill roots` alias table, the skill
//! lines fitted to 2% of the model's context window, and (for models whose metadata asks for
//! it) `### How to use skills`, between `<skills_instructions>` tags.
//!
//! The budget is in ceil(bytes/4) tokens. The roots table costs what the aliased header adds
//! over the plain one (`### Skill roots` and its lines, and the longer intro sentence), and the
//! skill lines get the rest. Root aliases are always used, unless the table alone does not fit:
//! then paths are absolute, with Codex's wording for them.

use std::borrow::Cow;
use std::cell::RefCell;
use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;

use super::{search_order, usage_instructions};
use crate::cost::{LeftOut, Size, Sizer};
use crate::hash::HashMap;
use crate::skill::{Scope, Skill};
use crate::targets::catalog::{BudgetUse, Change, ChangeKind, Context, Entry, Rendered};
use crate::targets::text::Unit;
use crate::targets::walk::{MOST_FLIPS, Walk};

const CONTEXT_WINDOW_PERCENT: u64 = 2;
/// Descriptions longer than this many characters are cut…
const MAX_DESCRIPTION_CHARS: usize = 1024;
/// …to this many, and this suffix.
const CUT_DESCRIPTION_CHARS: usize = 1021;
const CUT_SUFFIX: &str = "...";

const OPEN: &str = "<skills_instructions>";
const CLOSE: &str = "</skills_instructions>";
const INTRO_WITH_ABSOLUTE_PATHS: &str = r#"A skill is a set of instructions provided through a `SKILL.md` source. Below is the list of skills that can be used. Each entry includes a name, description, and source locator. `file` locators are on the host filesystem, `executor package` locators are owned by their execution environment, `cloud package` locators are opaque package identifiers, and `custom resource` locators use their provider's access mechanism."#;
const INTRO_WITH_ALIASES: &str = r#"A skill is a set of local instructions to follow that is stored in a `SKILL.md` file. Below is the list of skills that can be used. Each entry includes a name, description, and a short path that can be expanded into an absolute path using the skill roots table."#;
const HOW_TO_USE_WITH_ABSOLUTE_PATHS: &str = r#"- Discovery: The list above is the skills available in this session (name + description + source locator). `file` entries live on the host filesystem, `executor package` and `cloud package` entries are accessed directly through `skills.read`, and `custom resource` entries use their provider's access mechanism.
- Trigger rules: If the user names a skill (with `$SkillName` or plain text) OR the task clearly matches a skill's description shown above, you must use that skill for that turn. Multiple mentions mean use them all. Do not carry skills across turns unless re-mentioned.
- Missing/blocked: If a named skill isn't in the list or its source can't be read, say so briefly and continue with the best fallback.
- How to use a skill (progressive disclosure):
  1) After deciding to use a skill, the main agent must read its `SKILL.md` completely before taking task actions. For a `file` entry, open the listed path. For an `executor package` or `cloud package`, pass the listed locator directly to `skills.read` as `package`; root aliases are resolved automatically. Omit `resource` to read `SKILL.md` directly without calling `skills.list`. If a read is paginated, follow `next_cursor` until EOF.
  2) When `SKILL.md` references another resource, use the same access mechanism. For executor and cloud skills, pass the complete package-contained resource identifier with the same package to `skills.read`; do not treat `skill://` identifiers as filesystem paths.
  3) If `SKILL.md` points to extra folders such as `references/`, use its routing instructions to identify the resources required for the task. The main agent must read each required instruction or reference file itself before acting on it. Do not delegate reading, summarizing, or interpreting skill instructions to a subagent. Subagents may still perform task work when the selected skill allows it.
  4) For filesystem-backed skills, prefer running or patching provided scripts instead of retyping large code blocks. For executor and cloud skills, use `skills.read` and the available tools; do not invent a local path.
  5) Reuse provided assets or templates through the same source access mechanism instead of recreating them.
- Coordination and sequencing:
  - If multiple skills apply, choose the minimal set that covers the request and state the order you'll use them.
  - Announce which skill(s) you're using and why (one short line). If you skip an obvious skill, say why.
- Context hygiene:
  - Progressive disclosure applies to selecting relevant files, not partially reading a selected instruction file. Do not load unrelated references, scripts, or assets.
  - Avoid deep reference-chasing: prefer opening only files directly linked from `SKILL.md` unless you're blocked.
  - When variants exist (frameworks, providers, domains), pick only the relevant reference file(s) and note that choice.
- Safety and fallback: If a skill can't be applied cleanly (missing files, unclear instructions), state the issue, pick the next-best approach, and continue."#;
const HOW_TO_USE_WITH_ALIASES: &str = r#"- Discovery: The list above is the skills available in this session (name + description + short path). Skill bodies live on disk at the listed paths after expanding the matching alias from `### Skill roots`.
- Trigger rules: If the user names a skill (with `$SkillName` or plain text) OR the task clearly matches a skill's description shown above, you must use that skill for that turn. Multiple mentions mean use them all. Do not carry skills across turns unless re-mentioned.
- Missing/blocked: If a named skill isn't in the list or the path can't be read, say so briefly and continue with the best fallback.
- How to use a skill (progressive disclosure):
  1) After deciding to use a skill, the main agent must expand the listed short `path` with the matching alias from `### Skill roots`, then open and read its `SKILL.md` completely before taking task actions. If a read is truncated or paginated, continue until EOF.
  2) When `SKILL.md` references relative paths (e.g., `scripts/foo.py`), resolve them relative to the directory containing that expanded `SKILL.md` first, and only consider other paths if needed.
  3) If `SKILL.md` points to extra folders such as `references/`, use its routing instructions to identify the files required for the task. The main agent must read each required instruction or reference file itself before acting on it. Do not delegate reading, summarizing, or interpreting skill instructions to a subagent. Subagents may still perform task work when the selected skill allows it.
  4) If `scripts/` exist, prefer running or patching them instead of retyping large code blocks.
  5) If `assets/` or templates exist, reuse them instead of recreating from scratch.
- Coordination and sequencing:
  - If multiple skills apply, choose the minimal set that covers the request and state the order you'll use them.
  - Announce which skill(s) you're using and why (one short line). If you skip an obvious skill, say why.
- Context hygiene:
  - Progressive disclosure applies to selecting relevant files, not partially reading a selected instruction file. Do not load unrelated references, scripts, or assets.
  - Avoid deep reference-chasing: prefer opening only files directly linked from `SKILL.md` unless you're blocked.
  - When variants exist (frameworks, providers, domains), pick only the relevant reference file(s) and note that choice.
- Safety and fallback: If a skill can't be applied cleanly (missing files, unclear instructions), state the issue, pick the next-best approach, and continue."#;

/// ceil(bytes/4): Codex's approximate token count.
fn cost(text: &str) -> u64 {
    Unit::ApproxTokens.measure(text)
}

/// `line + "\n"`.
fn line_cost(line: &str) -> u64 {
    (line.len() as u64 + 1).div_ceil(4)
}

/// 2% of the context window (at least 1): `--context-window`, else the model's, else the
/// default model's (an unknown model's fallback metadata has the same window).
fn budget_limit(cx: &Context<'_>) -> u64 {
    let window = cx
        .context_window
        .or_else(|| super::TARGET.default_model().map(|m| m.context_window))
        .unwrap_or(0);
    (window.saturating_mul(CONTEXT_WINDOW_PERCENT) / 100).max(1)
}

/// The path with symlinks resolved as far as it exists (a system skill Codex has not written
/// yet keeps the rest of its path as it is).
pub(super) fn real(path: &Path) -> PathBuf {
    let resolved = crate::targets::catalog::canonical(path);
    if resolved.as_os_str() != path.as_os_str() || crate::targets::catalog::exists(path) {
        return resolved;
    }
    match (path.parent(), path.file_name()) {
        (Some(parent), Some(name)) if parent != path => real(parent).join(name),
        _ => path.to_path_buf(),
    }
}

/// `prompt_scope_rank`: PATH arguments count as user roots, built-ins are system skills.
fn scope_rank(scope: Scope) -> u8 {
    match scope {
        Scope::System | Scope::Builtin => 0,
        Scope::Admin => 1,
        Scope::Project => 2,
        Scope::User | Scope::Custom => 3,
    }
}

/// Codex's catalog order, which mentions follow too: scope, name in byte order, then the
/// `SKILL.md` path compared as a string (`same-2/` < `same/` < `same_b/`).
pub(super) fn order_key(skill: &Skill, name: &str) -> (u8, String, String) {
    (
        scope_rank(skill.origin.scope),
        name.to_owned(),
        real(&skill.skill_md).to_string_lossy().into_owned(),
    )
}

/// The root a skill's alias points into: its discovery root, or for a system skill Codex has
/// not written yet, the folder it will be written to.
fn skill_root(skill: &Skill) -> PathBuf {
    if skill.origin.scope == Scope::Builtin {
        return skill.dir.parent().map_or_else(|| skill.dir.clone(), real);
    }
    real(&skill.origin.root)
}

/// A description as the catalog takes it: cut to 1021 characters and `...` when it is over
/// 1024.
fn catalog_description(description: &str) -> (String, bool) {
    if description.chars().count() <= MAX_DESCRIPTION_CHARS {
        return (description.to_owned(), false);
    }
    let end = description
        .char_indices()
        .nth(CUT_DESCRIPTION_CHARS)
        .map_or(description.len(), |(i, _)| i);
    (format!("{}{CUT_SUFFIX}", &description[..end]), true)
}

/// One skill line before budgeting.
struct Line<'e, 'a> {
    entry: &'e Entry<'a>,
    description: &'e str,
    path: String,
}

impl Line<'_, '_> {
    fn with_chars(&self, chars: usize) -> String {
        if chars == 0 {
            format!("- {}: (file: {})", self.entry.name, self.path)
        } else {
            let end = self
                .description
                .char_indices()
                .nth(chars)
                .map_or(self.description.len(), |(i, _)| i);
            format!(
                "- {}: {} (file: {})",
                self.entry.name,
                &self.description[..end],
                self.path
            )
        }
    }

    fn full(&self) -> String {
        self.with_chars(self.description_chars())
    }

    fn minimum(&self) -> String {
        self.with_chars(0)
    }

    fn description_chars(&self) -> usize {
        self.description.chars().count()
    }

    /// The length in bytes of [`Line::minimum`], without building it.
    fn minimum_len(&self) -> usize {
        "- ".len() + self.entry.name.len() + ": (file: ".len() + self.path.len() + ")".len()
    }

    /// The length in bytes of [`Line::full`], without building it.
    fn full_len(&self) -> usize {
        if self.description.is_empty() {
            self.minimum_len()
        } else {
            self.minimum_len() + self.description.len() + " ".len()
        }
    }
}

/// What the budget left of one skill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fate {
    Full,
    /// Listed with this many description characters (0: none).
    Cut(usize),
    Omitted,
}

/// The skill lines under a budget.
struct Fitted {
    lines: Vec<String>,
    fates: Vec<Fate>,
    included: usize,
}

/// `render_skill_lines_from_lines`: every line in full if they fit; else every name and path
/// with the rest shared out as description characters; else description-less lines while they
/// fit.
fn fit(lines: &[Line<'_, '_>], limit: u64) -> Fitted {
    let len_cost = |len: usize| (len as u64 + 1).div_ceil(4);
    let full_cost: u64 = lines.iter().map(|l| len_cost(l.full_len())).sum();
    if full_cost <= limit {
        return Fitted {
            lines: lines.iter().map(Line::full).collect(),
            fates: vec![Fate::Full; lines.len()],
            included: lines.len(),
        };
    }
    let minimum_cost: u64 = lines.iter().map(|l| len_cost(l.minimum_len())).sum();
    if minimum_cost <= limit {
        let kept = share_descriptions(lines, limit - minimum_cost);
        return Fitted {
            lines: lines
                .iter()
                .zip(&kept)
                .map(|(l, &k)| l.with_chars(k))
                .collect(),
            fates: lines
                .iter()
                .zip(&kept)
                .map(|(l, &k)| {
                    if k == l.description_chars() {
                        Fate::Full
                    } else {
                        Fate::Cut(k)
                    }
                })
                .collect(),
            included: lines.len(),
        };
    }
    // A line that does not fit is skipped and the scan goes on.
    let mut used = 0;
    let mut rendered = Vec::new();
    let mut fates = Vec::new();
    for line in lines {
        let cost = len_cost(line.minimum_len());
        if used + cost <= limit {
            used += cost;
            rendered.push(line.minimum());
            fates.push(if line.description.is_empty() {
                Fate::Full
            } else {
                Fate::Cut(0)
            });
        } else {
            fates.push(Fate::Omitted);
        }
    }
    Fitted {
        included: rendered.len(),
        lines: rendered,
        fates,
    }
}

/// `render_lines_with_description_budget`: one description character at a time to each line
/// in turn, while its extra cost fits what is left. A character that does not start a new
/// 4-byte bucket costs nothing.
fn share_descriptions(lines: &[Line<'_, '_>], mut remaining: u64) -> Vec<usize> {
    // The extra cost of showing k description characters (and the space after them), for
    // every k.
    let extra_costs: Vec<Vec<u64>> = lines
        .iter()
        .map(|line| {
            let min_bytes = line.minimum().len() as u64 + 1;
            let min_cost = min_bytes.div_ceil(4);
            let mut costs = vec![0];
            let mut bytes = 0u64;
            for c in line.description.chars() {
                bytes += c.len_utf8() as u64;
                costs.push((min_bytes + bytes + 1).div_ceil(4) - min_cost);
            }
            costs
        })
        .collect();
    let mut kept = vec![0usize; lines.len()];
    let mut current = vec![0u64; lines.len()];
    loop {
        let mut changed = false;
        for (i, costs) in extra_costs.iter().enumerate() {
            let Some(&next) = costs.get(kept[i] + 1) else {
                continue;
            };
            let delta = next.saturating_sub(current[i]);
            if delta <= remaining {
                kept[i] += 1;
                current[i] = next;
                remaining -= delta;
                changed = true;
            }
        }
        if !changed {
            return kept;
        }
    }
}

/// `render_available_skills_body`: `\n…\n` from `## Skills` to the last skill line.
fn body(root_lines: &[String], lines: &[String]) -> String {
    let mut out = vec!["## Skills"];
    if root_lines.is_empty() {
        out.push(INTRO_WITH_ABSOLUTE_PATHS);
    } else {
        out.push(INTRO_WITH_ALIASES);
        out.push("### Skill roots");
        out.extend(root_lines.iter().map(String::as_str));
    }
    out.push("### Available skills");
    out.extend(lines.iter().map(String::as_str));
    format!("\n{}\n", out.join("\n"))
}

/// What the aliased header with its roots table costs beyond the plain one.
fn table_cost(root_lines: &[String]) -> u64 {
    cost(&body(root_lines, &[])).saturating_sub(cost(&body(&[], &[])))
}

/// The `…/plugins/cache/<marketplace>` directory above a path, if there is one.
fn plugin_marketplace_base(path: &Path) -> Option<PathBuf> {
    let mut candidate = path;
    while let Some(parent) = candidate.parent() {
        let name = parent.file_name()?;
        if name == "cache" && parent.parent()?.file_name()? == "plugins" {
            return Some(candidate.to_path_buf());
        }
        candidate = parent;
    }
    None
}

/// `<marketplace>/<plugin>/<version>` above a plugin skill root.
fn plugin_version_base(path: &Path) -> Option<PathBuf> {
    let base = plugin_marketplace_base(path)?;
    let mut parts = path.strip_prefix(&base).ok()?.components();
    let (Some(Component::Normal(plugin)), Some(Component::Normal(version))) =
        (parts.next(), parts.next())
    else {
        return None;
    };
    Some(base.join(plugin).join(version))
}

/// `build_alias_plan`: the roots the listed skills come from, in Codex's search order (then,
/// for PATH arguments, in discovery order), numbered `r0`, `r1`, …; a plugin version with a
/// single skill is aliased at its marketplace directory.
struct AliasPlan {
    roots: Vec<PathBuf>,
    root_lines: Vec<String>,
    /// How many skill roots each plugin version has.
    per_version: HashMap<PathBuf, usize>,
}

impl AliasPlan {
    fn new(skills: &[Located<'_, '_>], cx: &Context<'_>) -> Self {
        let order: Vec<PathBuf> = search_order(cx.env).iter().map(|r| real(&r.path)).collect();
        let mut used: Vec<(&Path, usize)> = Vec::new();
        for skill in skills {
            if !used.iter().any(|(r, _)| *r == skill.paths.root) {
                used.push((&skill.paths.root, skill.entry.skill.origin.root_index));
            }
        }
        used.sort_by_key(|(root, index)| {
            (
                order.iter().position(|o| o == root).unwrap_or(usize::MAX),
                *index,
            )
        });
        let mut per_version: HashMap<PathBuf, usize> = HashMap::default();
        for skill in skills {
            if let Some(base) = &skill.paths.version {
                *per_version.entry(base.clone()).or_default() += 1;
            }
        }
        let mut roots: Vec<PathBuf> = Vec::new();
        for (root, _) in &used {
            let alias = Self::alias_root(root, plugin_version_base(root).as_deref(), &per_version)
                .into_owned();
            if !roots.contains(&alias) {
                roots.push(alias);
            }
        }
        let root_lines = roots
            .iter()
            .enumerate()
            .map(|(i, root)| format!("- `r{i}` = `{}`", cx.paths.show(root)))
            .collect();
        Self {
            roots,
            root_lines,
            per_version,
        }
    }

    /// The root a skill's alias points into, given its root's plugin version directory.
    fn alias_root<'p>(
        root: &'p Path,
        version: Option<&Path>,
        per_version: &HashMap<PathBuf, usize>,
    ) -> Cow<'p, Path> {
        match version {
            Some(base) if per_version.get(base).copied().unwrap_or(0) <= 1 => {
                plugin_marketplace_base(root).map_or(Cow::Borrowed(root), Cow::Owned)
            }
            _ => Cow::Borrowed(root),
        }
    }

    /// `rN/<path below the skill's alias root>`, or the absolute path when it is not below it.
    fn path(&self, skill: &Located<'_, '_>, cx: &Context<'_>) -> String {
        let paths = &skill.paths;
        let alias = Self::alias_root(&paths.root, paths.version.as_deref(), &self.per_version);
        self.roots
            .iter()
            .position(|root| *root == *alias)
            .and_then(|i| Some(format!("r{i}/{}", paths.below(&alias)?)))
            .unwrap_or_else(|| cx.paths.show(&paths.file))
    }
}

/// A skill's paths as Codex resolves them.
struct SkillPaths {
    /// `SKILL.md`, symlinks resolved.
    file: PathBuf,
    /// The same as a string, the last part of the order Codex lists skills in ([`order_key`]).
    file_key: String,
    /// The root its alias points into ([`skill_root`]).
    root: PathBuf,
    /// The plugin version directory above that root, if any.
    version: Option<PathBuf>,
    /// The last alias root asked for in [`SkillPaths::below`], and the answer.
    below: RefCell<Option<(PathBuf, Option<Rc<str>>)>>,
}

impl SkillPaths {
    /// The paths of `skill`, worked out once per thread: `skills tokens` renders a catalog
    /// without each skill, each time with every other skill.
    fn of(skill: &Skill) -> Rc<Self> {
        /// By `SKILL.md`, then by the root it was found under; looked up without copying
        /// either.
        type Known = HashMap<OsString, Vec<(OsString, Rc<SkillPaths>)>>;
        thread_local! {
            static KNOWN: RefCell<Known> = RefCell::new(HashMap::default());
        }
        let known = KNOWN.with(|k| {
            k.borrow()
                .get(skill.skill_md.as_os_str())
                .and_then(|roots| {
                    roots
                        .iter()
                        .find(|(root, _)| root == skill.origin.root.as_os_str())
                })
                .map(|(_, paths)| paths.clone())
        });
        if let Some(known) = known {
            return known;
        }
        let file = real(&skill.skill_md);
        let root = skill_root(skill);
        let paths = Rc::new(Self {
            file_key: file.to_string_lossy().into_owned(),
            version: plugin_version_base(&root),
            file,
            root,
            below: RefCell::new(None),
        });
        KNOWN.with(|k| {
            k.borrow_mut()
                .entry(skill.skill_md.as_os_str().to_owned())
                .or_default()
                .push((skill.origin.root.as_os_str().to_owned(), paths.clone()));
        });
        paths
    }
}

impl SkillPaths {
    /// `SKILL.md` below `alias`, with `/` separators; `None` when it is not below it.
    fn below(&self, alias: &Path) -> Option<Rc<str>> {
        if let Some((known, rel)) = &*self.below.borrow()
            && known == alias
        {
            return rel.clone();
        }
        let rel: Option<Rc<str>> = self
            .file
            .strip_prefix(alias)
            .ok()
            .map(|rel| crate::paths::to_slash(rel).into());
        *self.below.borrow_mut() = Some((alias.to_path_buf(), rel.clone()));
        rel
    }
}

/// One skill of a render, with its paths.
struct Located<'e, 'a> {
    entry: &'e Entry<'a>,
    /// Where the entry is in what the render was given.
    at: usize,
    paths: Rc<SkillPaths>,
}

impl<'e, 'a> Located<'e, 'a> {
    fn new(at: usize, entry: &'e Entry<'a>) -> Self {
        Self {
            entry,
            at,
            paths: SkillPaths::of(entry.skill),
        }
    }

    /// [`order_key`], borrowed.
    fn key(&self) -> (u8, &str, &str) {
        (
            scope_rank(self.entry.skill.origin.scope),
            &self.entry.name,
            &self.paths.file_key,
        )
    }
}

/// What a catalog is made from: the skill lines in Codex's order before the budget, and what
/// the roots table leaves them.
struct Prepared<'l, 'a> {
    located: &'l [Located<'l, 'a>],
    lines: Vec<Line<'l, 'a>>,
    /// The roots table's lines; empty when paths are absolute.
    root_lines: Vec<String>,
    /// What the roots table costs, when it is used.
    table: Option<u64>,
    /// What the skill lines may cost.
    line_limit: u64,
    /// Descriptions cut before the budget.
    changes: Vec<Change>,
}

/// `f` of the skill lines of `entries` (not empty) and what the budget leaves them.
fn prepared<R>(
    entries: &[Entry<'_>],
    cx: &Context<'_>,
    limit: u64,
    f: impl FnOnce(Prepared<'_, '_>) -> R,
) -> R {
    let mut located: Vec<Located<'_, '_>> = entries
        .iter()
        .enumerate()
        .map(|(at, entry)| Located::new(at, entry))
        .collect();
    located.sort_by(|a, b| a.key().cmp(&b.key()));
    let mut changes = Vec::new();
    let descriptions: Vec<String> = located
        .iter()
        .map(|skill| {
            let entry = skill.entry;
            let (description, cut) = catalog_description(entry.description());
            if cut {
                changes.push(Change::new(
                    entry,
                    ChangeKind::Shortened,
                    format!(
                        "description cut to {CUT_DESCRIPTION_CHARS} characters and `{CUT_SUFFIX}`: Codex shortens descriptions over {MAX_DESCRIPTION_CHARS} characters"
                    ),
                ));
            }
            description
        })
        .collect();
    let plan = AliasPlan::new(&located, cx);
    let table = table_cost(&plan.root_lines);
    let aliased = table < limit;
    let (root_lines, line_limit) = if aliased {
        (plan.root_lines.clone(), limit - table)
    } else {
        (Vec::new(), limit)
    };
    let lines: Vec<Line<'_, '_>> = located
        .iter()
        .zip(&descriptions)
        .map(|(skill, description)| Line {
            entry: skill.entry,
            description,
            path: if aliased {
                plan.path(skill, cx)
            } else {
                cx.paths.show(&skill.paths.file)
            },
        })
        .collect();
    f(Prepared {
        located: &located,
        lines,
        root_lines,
        table: aliased.then_some(table),
        line_limit,
        changes,
    })
}

/// The text around the skill lines: everything before them, and everything after.
fn frame(root_lines: &[String], aliased: bool, cx: &Context<'_>) -> (String, String) {
    let head = format!("{OPEN}{}", body(root_lines, &[]));
    let mut tail = String::new();
    if usage_instructions(cx.model) {
        tail.push_str("### How to use skills\n");
        tail.push_str(if aliased {
            HOW_TO_USE_WITH_ALIASES
        } else {
            HOW_TO_USE_WITH_ABSOLUTE_PATHS
        });
        tail.push('\n');
    }
    tail.push_str(CLOSE);
    (head, tail)
}

/// The catalog for the skills Codex lists.
pub(super) fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    let limit = budget_limit(cx);
    let budget_use = |used| {
        Some(BudgetUse {
            unit: Unit::ApproxTokens,
            limit,
            used,
        })
    };
    if entries.is_empty() {
        // No skills, no message.
        return Rendered {
            budget: budget_use(0),
            ..Rendered::default()
        };
    }
    prepared(entries, cx, limit, |prepared| {
        let Prepared {
            lines,
            root_lines,
            table,
            line_limit,
            mut changes,
            ..
        } = prepared;
        let fitted = fit(&lines, line_limit);
        let used: u64 = fitted.lines.iter().map(|l| line_cost(l)).sum::<u64>() + table.unwrap_or(0);
        changes.extend(
            lines
                .iter()
                .zip(&fitted.fates)
                .filter_map(|(line, fate)| change(line, *fate, limit)),
        );
        let (_, tail) = frame(&root_lines, table.is_some(), cx);
        let text = format!("{OPEN}{}{tail}", body(&root_lines, &fitted.lines));
        Rendered {
            text,
            listed: fitted.included,
            budget: budget_use(used),
            changes,
        }
    })
}

/// [`render`]'s size for `entries` and without each of them, from the size of each skill
/// line in full and without its description: every line starts with `-`, so token counts add
/// up line by line. Without a skill, the lines still all fit in full, or still do not fit
/// without descriptions either (then which are listed is [`Walk::without`]). A skill whose
/// catalog shares descriptions out, or that is alone in its root or from a plugin (the roots
/// table changes), is rendered again instead.
pub(super) fn leave_one_out(
    entries: &[Entry<'_>],
    cx: &Context<'_>,
    sizer: &Sizer,
) -> Option<LeftOut> {
    if entries.is_empty() {
        return None;
    }
    let limit = budget_limit(cx);
    prepared(entries, cx, limit, |prepared| {
        let Prepared {
            located,
            lines,
            root_lines,
            table,
            line_limit,
            ..
        } = prepared;
        let n = lines.len();
        let (head, tail) = frame(&root_lines, table.is_some(), cx);
        let mut texts = vec![head, tail];
        for line in &lines {
            texts.push(format!("{}\n", line.full()));
            texts.push(format!("{}\n", line.minimum()));
        }
        let sizes = sizer.each(&texts);
        let frame = sizes[0] + sizes[1];
        let size = |p: usize, full: bool| sizes[2 + 2 * p + usize::from(!full)];
        let len_cost = |len: usize| (len as u64 + 1).div_ceil(4);
        let full_costs: Vec<u64> = lines.iter().map(|l| len_cost(l.full_len())).collect();
        let minimum_costs: Vec<u64> = lines.iter().map(|l| len_cost(l.minimum_len())).collect();
        let full_cost: u64 = full_costs.iter().sum();
        let minimum_cost: u64 = minimum_costs.iter().sum();
        let as_i64 = |cost: u64| i64::try_from(cost).unwrap_or(i64::MAX);
        let walk = Walk::new(
            0,
            minimum_costs.iter().map(|&c| Some(as_i64(c))).collect(),
            as_i64(line_limit),
        );
        let all_full: Size = (0..n).map(|p| size(p, true)).sum();
        let walked: Size = (0..n)
            .filter(|&p| walk.taken(p))
            .map(|p| size(p, false))
            .sum();
        // The catalog without line `skip` (or whole), when it needs no sharing out.
        let size_without = |skip: Option<usize>| -> Option<Size> {
            let less = |cost: u64, of: &[u64]| skip.map_or(cost, |p| cost - of[p]);
            if less(full_cost, &full_costs) <= line_limit {
                return Some(frame + all_full - skip.map_or_else(Size::default, |p| size(p, true)));
            }
            if less(minimum_cost, &minimum_costs) <= line_limit {
                return None;
            }
            let Some(p) = skip else {
                return Some(frame + walked);
            };
            let mut listed = walked
                - if walk.taken(p) {
                    size(p, false)
                } else {
                    Size::default()
                };
            for flip in walk.without(p, 0, MOST_FLIPS)? {
                if flip.taken {
                    listed = listed + size(flip.item, false);
                } else {
                    listed = listed - size(flip.item, false);
                }
            }
            Some(frame + listed)
        };
        let full = size_without(None)?;
        // How many listed skills each alias root holds: leaving out the last of a root
        // renumbers the table.
        let mut per_root: HashMap<&Path, usize> = HashMap::default();
        for skill in located {
            *per_root.entry(skill.paths.root.as_path()).or_default() += 1;
        }
        let mut without = vec![None; entries.len()];
        for (p, skill) in located.iter().enumerate() {
            let fixed_table = table.is_none()
                || (skill.paths.version.is_none() && per_root[skill.paths.root.as_path()] > 1);
            if n > 1 && fixed_table {
                without[skill.at] = size_without(Some(p));
            }
        }
        Some(LeftOut { full, without })
    })
}

/// What the budget took from one skill, as a change.
fn change(line: &Line<'_, '_>, fate: Fate, limit: u64) -> Option<Change> {
    let budget = || format!("{limit} tokens (2% of the context window)");
    let (kind, reason) = match fate {
        Fate::Full => return None,
        Fate::Cut(0) => (
            ChangeKind::DescriptionRemoved,
            format!(
                "listed without its description: the skills budget of {} has no room left for it",
                budget()
            ),
        ),
        Fate::Cut(kept) => (
            ChangeKind::Shortened,
            format!(
                "description cut to {kept} of {} characters: what the skills budget of {} leaves after the roots table and every name and path is shared out one character at a time",
                line.description_chars(),
                budget()
            ),
        ),
        Fate::Omitted => (
            ChangeKind::Omitted,
            format!(
                "left out: the skills budget of {} is used up even without descriptions",
                budget()
            ),
        ),
    };
    Some(Change::new(line.entry, kind, reason))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::provider::{MemoryProvider, MemorySkill, SkillProvider};
    use crate::targets::catalog::{self, Catalog, Paths};
    use crate::targets::env::Env;

    fn skill(dir: &str, frontmatter: &str, scope: Scope) -> MemorySkill {
        MemorySkill::new(dir, format!("---\n{frontmatter}\n---\nbody\n")).in_scope(scope, 0)
    }

    fn build_for(skills: Vec<MemorySkill>, window: Option<u64>, model: Option<&str>) -> Catalog {
        let provider = MemoryProvider::new(skills);
        let env = Env::new("/p", Some("/h".into())).with_var("CODEX_HOME", "/c");
        let paths = Paths::absolute(None);
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: window,
            model,
        };
        catalog::build(&super::super::TARGET, provider.list(), &cx)
    }

    fn build(skills: Vec<MemorySkill>, window: Option<u64>) -> Catalog {
        build_for(skills, window, None)
    }

    fn skill_lines(catalog: &Catalog) -> Vec<&str> {
        catalog
            .text
            .lines()
            .filter(|l| l.starts_with("- ") && l.contains("(file: "))
            .collect()
    }

    fn root_lines(catalog: &Catalog) -> Vec<&str> {
        catalog
            .text
            .lines()
            .filter(|l| l.starts_with("- `r"))
            .collect()
    }

    #[test]
    fn roots_are_aliased_even_when_everything_fits() {
        let catalog = build(
            vec![
                skill("/u/beta", "description: b", Scope::User),
                skill("/u/Zed", "description: z", Scope::User),
                skill("/r/alpha", "description: a", Scope::Project),
                skill("/s/sys", "description: s", Scope::System),
                skill("/a/adm", "description: d", Scope::Admin),
            ],
            None,
        );
        assert_eq!(
            skill_lines(&catalog),
            [
                "- sys: s (file: r2/sys/SKILL.md)",
                "- adm: d (file: r3/adm/SKILL.md)",
                "- alpha: a (file: r1/alpha/SKILL.md)",
                "- Zed: z (file: r0/Zed/SKILL.md)",
                "- beta: b (file: r0/beta/SKILL.md)",
            ]
        );
        // Roots Codex does not search itself are numbered in discovery order.
        assert_eq!(
            root_lines(&catalog),
            [
                "- `r0` = `/u`",
                "- `r1` = `/r`",
                "- `r2` = `/s`",
                "- `r3` = `/a`"
            ]
        );
        assert!(catalog.text.starts_with(&format!(
            "<skills_instructions>\n## Skills\n{INTRO_WITH_ALIASES}\n### Skill roots\n"
        )));
        assert!(catalog.text.ends_with(&format!(
            "(file: r0/beta/SKILL.md)\n### How to use skills\n{HOW_TO_USE_WITH_ALIASES}\n</skills_instructions>"
        )));
        assert_eq!(catalog.budget.unwrap().limit, 5440);
    }

    #[test]
    fn the_usage_section_depends_on_the_model() {
        let skills = || vec![skill("/r/a", "description: d", Scope::Project)];
        let default = build_for(skills(), None, Some("gpt-5.5"));
        assert!(default.text.contains("### How to use skills\n"));
        for model in ["gpt-6-sol", "not-a-codex-model"] {
            let other = build_for(skills(), None, Some(model));
            assert!(
                other
                    .text
                    .ends_with("- a: d (file: r0/a/SKILL.md)\n</skills_instructions>"),
                "{model}: {}",
                other.text
            );
        }
    }

    #[test]
    fn equal_names_are_ordered_by_path_string() {
        let catalog = build(
            ["same", "same-2", "same_b"]
                .iter()
                .map(|dir| {
                    skill(
                        &format!("/u/{dir}"),
                        "name: same\ndescription: d",
                        Scope::User,
                    )
                })
                .collect(),
            None,
        );
        let files: Vec<&str> = skill_lines(&catalog)
            .iter()
            .map(|l| &l[l.find("(file: ").unwrap()..])
            .collect();
        assert_eq!(
            files,
            [
                "(file: r0/same-2/SKILL.md)",
                "(file: r0/same/SKILL.md)",
                "(file: r0/same_b/SKILL.md)"
            ]
        );
    }

    #[test]
    fn long_descriptions_are_cut_to_1021_characters_and_dots() {
        let catalog = build(
            vec![skill(
                "/r/long",
                &format!("description: {}", "é".repeat(1025)),
                Scope::Project,
            )],
            None,
        );
        let line = skill_lines(&catalog)[0];
        assert_eq!(
            line,
            format!("- long: {}... (file: r0/long/SKILL.md)", "é".repeat(1021))
        );
        assert_eq!(catalog.changes.len(), 1);
        assert_eq!(catalog.changes[0].kind, ChangeKind::Shortened);
        let exact = build(
            vec![skill(
                "/r/edge",
                &format!("description: {}", "x".repeat(1024)),
                Scope::Project,
            )],
            None,
        );
        assert!(exact.changes.is_empty());
    }

    #[test]
    fn the_roots_table_is_paid_for_before_the_lines() {
        // What `### Skill roots` and the aliased intro add over the plain header, in 4-byte
        // buckets of the whole header: the aliased intro is shorter, so a short table is free
        // and a long one is not.
        assert_eq!(table_cost(&["- `r0` = `/r`".to_owned()]), 0);
        let long = format!("- `r0` = `/{}`", "d".repeat(400));
        assert_eq!(
            table_cost(std::slice::from_ref(&long)),
            cost(&body(std::slice::from_ref(&long), &[])) - cost(&body(&[], &[]))
        );
        assert!(table_cost(&[long]) > 60);
        // 2% of the window; an unknown model's fallback has the default model's window.
        let context = |window| {
            let env = Env::new("/p", None);
            let paths = Paths::absolute(None);
            budget_limit(&Context {
                paths: &paths,
                env: &env,
                context_window: window,
                model: None,
            })
        };
        assert_eq!(context(Some(15_000)), 300);
        assert_eq!(context(Some(10)), 1);
        assert_eq!(context(None), 5440);
    }

    #[test]
    fn descriptions_are_shared_one_character_at_a_time() {
        let skills = || {
            vec![
                skill("/r/aa", "description: abcdefghij", Scope::Project),
                skill("/r/b", "description: xy", Scope::Project),
            ]
        };
        // With the roots table free, "- aa: (file: r0/aa/SKILL.md)\n" (29 bytes) costs 8 and
        // "- b: (file: r0/b/SKILL.md)\n" (27 bytes) 7. Window 800 is 16 tokens, 1 to share.
        // In turn: `a` and its space still fit aa's last bucket (free); `x` opens a bucket
        // for b (the 1); `b` is free again, and so is `y`; `c` would open a new bucket.
        let catalog = build(skills(), Some(800));
        assert_eq!(
            skill_lines(&catalog),
            [
                "- aa: ab (file: r0/aa/SKILL.md)",
                "- b: xy (file: r0/b/SKILL.md)"
            ]
        );
        let kinds: Vec<ChangeKind> = catalog.changes.iter().map(|c| c.kind).collect();
        assert_eq!(kinds, [ChangeKind::Shortened]);
        assert_eq!(catalog.budget.unwrap().used, 16);
    }

    #[test]
    fn without_room_for_names_lines_are_left_out_and_the_scan_goes_on() {
        let catalog = build(
            vec![
                skill(
                    "/r/a-very-long-skill-name",
                    "description: d",
                    Scope::Project,
                ),
                skill("/r/s", "description: d", Scope::Project),
            ],
            Some(500),
        );
        // 10 tokens: "- s: (file: r0/s/SKILL.md)\n" costs 7, the long line 14.
        assert_eq!(skill_lines(&catalog), ["- s: (file: r0/s/SKILL.md)"]);
        assert_eq!(catalog.listed, 1);
        assert_eq!(catalog.changes[0].kind, ChangeKind::Omitted);
    }

    #[test]
    fn a_roots_table_that_does_not_fit_leaves_absolute_paths() {
        let catalog = build(
            vec![skill(
                &format!("/{}/a", "long".repeat(60)),
                "description: d",
                Scope::Project,
            )],
            Some(100),
        );
        assert_eq!(
            catalog.text,
            format!(
                "<skills_instructions>\n## Skills\n{INTRO_WITH_ABSOLUTE_PATHS}\n### Available skills\n### How to use skills\n{HOW_TO_USE_WITH_ABSOLUTE_PATHS}\n</skills_instructions>"
            )
        );
        assert_eq!(catalog.listed, 0);
    }

    #[test]
    fn system_skills_not_on_disk_alias_the_folder_codex_writes_them_to() {
        let catalog = build(
            vec![
                skill(
                    "/c/skills/.system/maker",
                    "name: maker\ndescription: Makes.",
                    Scope::Builtin,
                ),
                skill("/c/skills/mine", "description: Mine.", Scope::User),
            ],
            None,
        );
        assert_eq!(
            root_lines(&catalog),
            ["- `r0` = `/c/skills`", "- `r1` = `/c/skills/.system`"]
        );
        assert_eq!(
            skill_lines(&catalog),
            [
                "- maker: Makes. (file: r1/maker/SKILL.md)",
                "- mine: Mine. (file: r0/mine/SKILL.md)"
            ]
        );
    }

    #[test]
    fn no_skills_no_message() {
        assert_eq!(build(Vec::new(), None).text, "");
    }

    #[test]
    fn real_paths_keep_what_does_not_exist_yet() {
        let dir = tempfile::tempdir().unwrap();
        let base = catalog::canonical(dir.path());
        assert_eq!(
            real(&dir.path().join("not/yet/SKILL.md")),
            base.join("not/yet/SKILL.md")
        );
    }
}
