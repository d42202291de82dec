//! Why a path given on the command line holds no skill: a `SKILL.md` deeper than the search
//! goes, one that `.gitignore` or an `exclude` glob hides, a file whose name is nearly
//! `SKILL.md` (`Skill.md`, `SKILLS.md`, `skill.markdown`). Said once, when a run finds nothing.

use std::path::{Path, PathBuf};

use crate::fsafe::{self, Event, Flow, Jail, WalkOptions};

/// How far below the given depth to look for a skill file the search missed.
const EXTRA_DEPTH: usize = 12;
/// The most entries looked at per path.
const MAX_ENTRIES: usize = 50_000;

/// One reason, as a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason(pub String);

/// What the search for `path` could have missed. `max_depth` is the depth the search used,
/// `gitignore` whether it left out ignored files, `excluded` whether a skill folder is left out
/// by the config (an `exclude` glob).
pub fn why(
    path: &Path,
    max_depth: usize,
    gitignore: bool,
    excluded: &dyn Fn(&Path) -> bool,
    shown: &dyn Fn(&Path) -> String,
) -> Vec<Reason> {
    let Ok(meta) = std::fs::metadata(path) else {
        return Vec::new();
    };
    if meta.is_file() {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        return vec![Reason(format!(
            "{} is a file but not a skill file: a skill is a folder with a SKILL.md{}",
            shown(path),
            name.filter(|n| like_skill_md(n))
                .map(|n| format!(" (`{n}` must be named `SKILL.md` exactly)"))
                .unwrap_or_default()
        ))];
    }
    let Ok(jail) = Jail::new(path) else {
        return Vec::new();
    };
    let mut deep: Option<(PathBuf, usize)> = None;
    let mut hidden: Option<PathBuf> = None;
    let mut excluded_skill: Option<PathBuf> = None;
    let mut similar: Option<(PathBuf, usize)> = None;
    let mut seen = 0;
    // The files `.gitignore` hides are those the ignoring walk does not meet.
    let visible = if gitignore {
        Some(skill_files(path, &jail, max_depth + EXTRA_DEPTH, true))
    } else {
        None
    };
    let options = WalkOptions {
        jail: &jail,
        max_depth: max_depth + EXTRA_DEPTH,
        gitignore: false,
        follow: false,
    };
    fsafe::walk(path, options, &mut |event| {
        let Event::Entry(entry) = event else {
            return Flow::Continue;
        };
        seen += 1;
        if seen > MAX_ENTRIES {
            return Flow::Stop;
        }
        if entry.is_dir() && entry.file_name() == ".git" {
            return Flow::Skip;
        }
        if !entry.is_file() {
            return Flow::Continue;
        }
        let name = entry.file_name().to_string_lossy();
        if name == "SKILL.md" {
            let dir = entry.path.parent().unwrap_or(path).to_path_buf();
            if visible.as_ref().is_some_and(|v| !v.contains(&entry.path)) {
                hidden.get_or_insert(entry.path.clone());
            } else if excluded(&dir) {
                excluded_skill.get_or_insert(entry.path.clone());
            } else if entry.depth > max_depth {
                deep.get_or_insert((entry.path.clone(), entry.depth));
            }
        } else if like_skill_md(&name) && similar.as_ref().is_none_or(|(_, d)| entry.depth < *d) {
            similar = Some((entry.path.clone(), entry.depth));
        }
        Flow::Continue
    });
    let mut reasons = Vec::new();
    if let Some((file, depth)) = deep {
        reasons.push(Reason(format!(
            "{} is {} folders down, deeper than the search goes (--max-depth {max_depth}); \
             give its folder, or --max-depth {depth}",
            shown(&file),
            depth - 1
        )));
    }
    if let Some(file) = hidden {
        reasons.push(Reason(format!(
            "{} is ignored by .gitignore (--no-ignore searches it)",
            shown(&file)
        )));
    }
    if let Some(file) = excluded_skill {
        reasons.push(Reason(format!(
            "{} is left out by an `exclude` glob (skills.toml or --exclude)",
            shown(&file)
        )));
    }
    if let Some((file, _)) = similar {
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let why = if name.eq_ignore_ascii_case("SKILL.md") {
            "the name is `SKILL.md` in another case".to_owned()
        } else {
            format!("`{name}` is not `SKILL.md`")
        };
        reasons.push(Reason(format!(
            "{} looks like a skill file, but {why}: rename it to `SKILL.md`",
            shown(&file)
        )));
    }
    reasons
}

/// The `SKILL.md` files an ignoring walk meets.
fn skill_files(path: &Path, jail: &Jail, depth: usize, gitignore: bool) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut seen = 0;
    let options = WalkOptions {
        jail,
        max_depth: depth,
        gitignore,
        follow: false,
    };
    fsafe::walk(path, options, &mut |event| {
        if let Event::Entry(entry) = event {
            seen += 1;
            if seen > MAX_ENTRIES {
                return Flow::Stop;
            }
            if entry.is_file() && entry.file_name() == "SKILL.md" {
                found.push(entry.path.clone());
            }
        }
        Flow::Continue
    });
    found
}

/// A name that is nearly `SKILL.md`: another case, a plural, another Markdown extension, or
/// one or two letters off.
fn like_skill_md(name: &str) -> bool {
    if name == "SKILL.md" {
        return false;
    }
    let lower = name.to_ascii_lowercase();
    let (stem, ext) = lower.rsplit_once('.').unwrap_or((&lower, ""));
    let markdown = matches!(ext, "md" | "markdown" | "mdx" | "txt" | "");
    (markdown && matches!(stem, "skill" | "skills" | "skill-md" | "skill_md"))
        || strsim::levenshtein(&lower, "skill.md") <= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reasons(dir: &Path, depth: usize) -> Vec<String> {
        why(dir, depth, true, &|_| false, &|p| {
            crate::paths::to_slash(&crate::paths::relative_to(p, dir))
        })
        .into_iter()
        .map(|r| r.0)
        .collect()
    }

    #[test]
    fn names_near_skill_md() {
        for name in [
            "Skill.md",
            "skill.MD",
            "SKILLS.md",
            "skill.markdown",
            "SKIL.md",
        ] {
            assert!(like_skill_md(name), "{name}");
        }
        for name in ["SKILL.md", "README.md", "notes.md", "skills.toml"] {
            assert!(!like_skill_md(name), "{name}");
        }
    }

    #[test]
    fn says_what_the_search_missed() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        std::fs::create_dir_all(dir.join("a/b/c/d/pdf")).unwrap();
        std::fs::write(dir.join("a/b/c/d/pdf/SKILL.md"), "---\n---\n").unwrap();
        std::fs::create_dir_all(dir.join("notes")).unwrap();
        std::fs::write(dir.join("notes/Skill.md"), "x").unwrap();
        let found = reasons(dir, 2);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(
            found[0].starts_with("a/b/c/d/pdf/SKILL.md is 5 folders down"),
            "{found:?}"
        );
        assert!(found[0].contains("or --max-depth 6"), "{found:?}");
        assert!(
            found[1].contains(
                "notes/Skill.md looks like a skill file, but the name is `SKILL.md` in another case"
            ),
            "{found:?}"
        );
        std::fs::write(dir.join("x.md"), "x").unwrap();
        let file = why(&dir.join("notes/Skill.md"), 8, true, &|_| false, &|p| {
            p.file_name().unwrap().to_string_lossy().into_owned()
        });
        assert!(
            file[0].0.contains("must be named `SKILL.md` exactly"),
            "{file:?}"
        );
    }
}
