//! The files a skill's references point at: what exists, what `SKILL.md` links to directly, and
//! the Markdown files one level down. Shared by the reference rules (S107, S201–S204).

use std::cell::OnceCell;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::rc::Rc;

use super::links::{self, Reference};
use crate::rules::{Entry, SkillContext, Tree};
use crate::source::Source;

/// A Markdown file of the skill whose references the rules read: the `SKILL.md` body, or a
/// Markdown file `SKILL.md` references.
#[derive(Debug, Clone)]
pub struct Document {
    /// Skill-relative `/` path (the skill file's own name for `SKILL.md`).
    pub rel: String,
    /// Whether this is the skill file itself.
    pub is_skill_md: bool,
    pub references: Rc<Vec<Reference>>,
    /// What tells whether the file opens with a table of contents (see
    /// [`links::references_and_contents`]); `None` for `SKILL.md`, which is not asked.
    pub contents: Option<links::Contents>,
}

/// Where a reference in `from` leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// An entry of the skill (file or directory), skill-relative.
    Found(String),
    /// Nothing there. Holds the skill-relative path it was looked for at (relative to the skill
    /// directory).
    Missing(String),
    /// Cannot be told: the path leaves the skill directory, goes through a symlinked directory
    /// that the listing does not enter, or the listing was cut short.
    Unknown,
}

impl Document {
    /// The absolute path of the file, for [`crate::rules::Finding::in_file`].
    pub fn path(&self, cx: &SkillContext<'_>) -> PathBuf {
        if self.is_skill_md {
            cx.skill.skill_md.clone()
        } else {
            cx.path_of(&self.rel)
        }
    }

    /// What the reference rules ask of each of the document's references, each answer worked
    /// out once per skill: S201, S202 and the direct targets ask the same of the same
    /// references.
    pub fn resolved<'d>(&'d self, cx: &'d SkillContext<'_>) -> Resolved<'d> {
        let answers = cx.memo(&format!("resolved {}", self.rel), || Answers {
            names: (0..self.references.len())
                .map(|_| OnceCell::new())
                .collect(),
            targets: (0..self.references.len())
                .map(|_| OnceCell::new())
                .collect(),
        });
        Resolved {
            cx,
            document: self,
            answers,
        }
    }
}

/// The answers [`Resolved`] keeps, by the reference's index in its document.
struct Answers {
    names: Vec<OnceCell<bool>>,
    targets: Vec<OnceCell<Target>>,
}

/// A document's references with what the reference rules ask of them ([`Document::resolved`]).
pub struct Resolved<'d> {
    cx: &'d SkillContext<'d>,
    document: &'d Document,
    answers: Rc<Answers>,
}

impl Resolved<'_> {
    /// Whether reference `i` names a path of the skill ([`Reference::names_skill_path`]).
    pub fn names_skill_path(&self, i: usize) -> bool {
        let ask =
            || self.document.references[i].names_skill_path(self.cx.tree(), &self.document.rel);
        self.answers
            .names
            .get(i)
            .map_or_else(ask, |answer| *answer.get_or_init(ask))
    }

    /// Where reference `i` leads ([`target`]).
    pub fn target(&self, i: usize) -> Target {
        let ask = || target(self.cx, &self.document.references[i], &self.document.rel);
        self.answers
            .targets
            .get(i)
            .map_or_else(ask, |answer| answer.get_or_init(ask).clone())
    }
}

/// The skill file's name as listed in its directory (`SKILL.md`, or `skill.md`).
pub fn skill_md_name(cx: &SkillContext<'_>) -> String {
    cx.skill.skill_md.file_name().map_or_else(
        || "SKILL.md".to_owned(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The `SKILL.md` body and its references.
pub fn skill_md(cx: &SkillContext<'_>) -> Document {
    let references = cx.memo("", || {
        links::references(&cx.skill.source, cx.skill.document.body.start)
    });
    Document {
        rel: skill_md_name(cx),
        is_skill_md: true,
        references,
        contents: None,
    }
}

/// A Markdown file of the skill and its references; `None` when it cannot be read.
pub fn read_document(cx: &SkillContext<'_>, rel: &str) -> Option<(Document, Rc<Source>)> {
    let source = cx.read(rel)?;
    let scanned = cx.memo(rel, || {
        let (references, contents) = links::references_and_contents(&source);
        (Rc::new(references), contents)
    });
    let document = Document {
        rel: rel.to_owned(),
        is_skill_md: false,
        references: Rc::clone(&scanned.0),
        contents: Some(scanned.1),
    };
    Some((document, source))
}

/// Where `reference`, written in `from`, leads. Only for references that name a path of the
/// skill ([`Reference::names_skill_path`]).
pub fn target(cx: &SkillContext<'_>, reference: &Reference, from: &str) -> Target {
    let Some(path) = reference.path() else {
        return Target::Unknown;
    };
    let candidates = links::resolve(path, from);
    let Some(first) = candidates.first() else {
        return Target::Unknown;
    };
    if let Some(found) = candidates.iter().find(|c| exists(cx, c)) {
        return Target::Found(found.clone());
    }
    let tree = cx.tree();
    let behind_link = candidates.iter().any(|c| {
        c.match_indices('/').any(|(i, _)| {
            let prefix = &c[..i];
            is_file(tree, prefix)
        })
    });
    if tree.truncated || behind_link {
        return Target::Unknown;
    }
    Target::Missing(first.clone())
}

/// The entry of the skill at this skill-relative path (a binary search: the tree is sorted).
pub fn entry<'t>(tree: &'t Tree, path: &str) -> Option<&'t Entry> {
    tree.entries
        .binary_search_by(|e| e.path.as_str().cmp(path))
        .ok()
        .and_then(|i| tree.entries.get(i))
}

/// Whether a regular file (not a directory) of the skill is at this path.
pub fn is_file(tree: &Tree, path: &str) -> bool {
    entry(tree, path).is_some_and(|e| !e.is_dir)
}

/// Whether a file or directory exists at this skill-relative path.
pub fn exists(cx: &SkillContext<'_>, rel: &str) -> bool {
    rel == skill_md_name(cx) || cx.tree().contains(rel)
}

/// Whether the path names a document the model reads (Markdown or plain text), as opposed to a
/// script or an asset.
pub fn is_document(rel: &str) -> bool {
    let lower = rel.to_ascii_lowercase();
    [".md", ".markdown", ".mdx", ".txt"]
        .iter()
        .any(|ext| lower.ends_with(ext))
}

/// Whether the path names a Markdown file.
pub fn is_markdown(rel: &str) -> bool {
    let lower = rel.to_ascii_lowercase();
    [".md", ".markdown", ".mdx"]
        .iter()
        .any(|ext| lower.ends_with(ext))
}

/// The existing files (not directories) `SKILL.md` references directly, by any reference that
/// names a path of the skill.
pub fn direct_targets(cx: &SkillContext<'_>) -> Rc<BTreeSet<String>> {
    cx.memo("direct targets", || {
        let skill_md = skill_md(cx);
        let resolved = skill_md.resolved(cx);
        let tree = cx.tree();
        let own = skill_md_name(cx);
        (0..skill_md.references.len())
            .filter(|&i| resolved.names_skill_path(i))
            .filter_map(|i| match resolved.target(i) {
                Target::Found(p) => Some(p),
                _ => None,
            })
            .filter(|p| *p != own && is_file(tree, p))
            .collect()
    })
}

/// The Markdown files `SKILL.md` references directly, read, in path order.
pub fn linked_documents(cx: &SkillContext<'_>) -> Rc<Vec<(Document, Rc<Source>)>> {
    cx.memo("linked documents", || {
        direct_targets(cx)
            .iter()
            .filter(|p| is_markdown(p))
            .filter_map(|p| read_document(cx, p))
            .collect()
    })
}

/// Calls `visit` on `SKILL.md`, then on each Markdown file it references directly: the files
/// whose references the reference rules check.
pub fn for_each_document(cx: &SkillContext<'_>, mut visit: impl FnMut(&Document)) {
    visit(&skill_md(cx));
    for (document, _) in linked_documents(cx).iter() {
        visit(document);
    }
}

/// The entry of the skill that `missing` most likely meant: the same path in another case, for a
/// bare file name the one file of that name in a subdirectory, or a close spelling with the same
/// extension.
pub fn did_you_mean(cx: &SkillContext<'_>, missing: &str) -> Option<String> {
    let tree = cx.tree();
    let lower = missing.to_lowercase();
    if let Some(e) = tree.entries.iter().find(|e| e.path.to_lowercase() == lower) {
        return Some(e.path.clone());
    }
    if !missing.contains('/') {
        let mut same_name = tree.files().filter(|e| e.file_name() == missing);
        if let (Some(only), None) = (same_name.next(), same_name.next()) {
            return Some(only.path.clone());
        }
    }
    let extension = |p: &str| {
        let name = p.rsplit('/').next().unwrap_or(p);
        name.rsplit_once('.')
            .map(|(_, ext)| ext.to_ascii_lowercase())
    };
    let wanted = extension(missing);
    let chars = missing.chars().count();
    // The edit distance is at least the difference in length, so a path whose length alone
    // puts it under the score is not compared.
    let close_in_length = |path: &str| {
        let other = path.chars().count();
        let longest = chars.max(other);
        longest == 0 || 1.0 - chars.abs_diff(other) as f64 / longest as f64 >= 0.8
    };
    tree.files()
        .filter(|e| extension(&e.path) == wanted && close_in_length(&e.path))
        .map(|e| (strsim::normalized_damerau_levenshtein(missing, &e.path), e))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, e)| e.path.clone())
}
