//! The README and docs/ stay short, render, and say what the code does: the README is at most
//! 10 KB; every Markdown file closes its code fences and links only to files (and headings)
//! that exist; docs/rules.md and docs/rules/<ID>.md are `skills explain`, and docs/targets.md is
//! the target registry.
//!
//! `SKILLS_UPDATE_DOCS=1 cargo test --test docs` rewrites the generated parts.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

const REFRESH: &str = "SKILLS_UPDATE_DOCS=1 cargo test --test docs";

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn update() -> bool {
    std::env::var_os("SKILLS_UPDATE_DOCS").is_some()
}

/// README.md and every Markdown file under docs/.
fn markdown_files() -> Vec<PathBuf> {
    let mut files = vec![repo().join("README.md")];
    let mut stack = vec![repo().join("docs")];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn explain(args: &[&str]) -> String {
    let out = Command::cargo_bin("skills")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_readme_is_at_most_10_kb() {
    let size = fs::metadata(repo().join("README.md")).unwrap().len();
    assert!(
        size <= 10 * 1024,
        "README.md is {size} bytes; move detail into docs/"
    );
}

/// The lines outside code fences, and whether every fence was closed.
fn outside_fences(text: &str) -> (Vec<&str>, Option<usize>) {
    let mut open: Option<(usize, char, usize)> = None; // (line, char, length)
    let mut prose = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start_matches(' ');
        let indent = line.len() - trimmed.len();
        let fence = ['`', '~'].into_iter().find_map(|c| {
            let n = trimmed.chars().take_while(|&x| x == c).count();
            (indent <= 3 && n >= 3).then_some((c, n))
        });
        match (open, fence) {
            (None, Some((c, n))) => open = Some((i + 1, c, n)),
            (Some((_, oc, on)), Some((c, n)))
                if c == oc && n >= on && trimmed.trim_end().chars().all(|x| x == c) =>
            {
                open = None;
            }
            (None, None) => prose.push(line),
            _ => {}
        }
    }
    (prose, open.map(|(line, _, _)| line))
}

/// GitHub's anchor for a heading.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == ' ' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    outside_fences(text)
        .0
        .iter()
        .filter_map(|l| l.strip_prefix('#'))
        .map(|l| slug(l.trim_start_matches('#')))
        .collect()
}

/// `[text](target)` link targets on a line (inline code left out).
fn links(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let code_free: String = line
        .split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(_, s)| s)
        .collect::<Vec<_>>()
        .join(" ");
    let mut rest = code_free.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        out.push(after[..end].to_owned());
        rest = &after[end..];
    }
    out
}

#[test]
fn markdown_closes_its_fences_and_links_to_what_exists() {
    let mut problems = Vec::new();
    for file in markdown_files() {
        let text = fs::read_to_string(&file).unwrap();
        let shown = file.strip_prefix(repo()).unwrap().display().to_string();
        let (prose, unclosed) = outside_fences(&text);
        if let Some(line) = unclosed {
            problems.push(format!("{shown}:{line}: a code fence is never closed"));
        }
        for line in prose {
            for target in links(line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (path, anchor) = match target.split_once('#') {
                    Some((p, a)) => (p, Some(a)),
                    None => (target.as_str(), None),
                };
                let resolved = if path.is_empty() {
                    file.clone()
                } else {
                    file.parent().unwrap().join(path)
                };
                if !resolved.exists() {
                    problems.push(format!("{shown}: link to `{target}`: no such file"));
                    continue;
                }
                if let Some(anchor) = anchor {
                    let text = fs::read_to_string(&resolved).unwrap_or_default();
                    if !anchors(&text).iter().any(|a| a == anchor) {
                        problems.push(format!("{shown}: link to `{target}`: no such heading"));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_checks_catch_what_they_are_for() {
    assert_eq!(outside_fences("a\n```sh\nx\n```\nb").1, None);
    assert_eq!(outside_fences("a\n```sh\nx\n").1, Some(2));
    assert_eq!(outside_fences("````\n```\n````\n").1, None);
    assert_eq!(
        links("see [a](b.md) and `[c](d)` [e](f#g)"),
        ["b.md", "f#g"]
    );
    assert_eq!(slug("The catalog as a CI gate"), "the-catalog-as-a-ci-gate");
    assert_eq!(slug("`skills lint [PATH…]`"), "skills-lint-path");
}

/// Replaces (or, when refreshing, writes) the text between `<!-- NAME:start -->` and
/// `<!-- NAME:end -->` in `file`.
fn check_between(file: &Path, name: &str, generated: &str) {
    let text = fs::read_to_string(file).unwrap();
    let (start, end) = (
        format!("<!-- {name}:start -->\n"),
        format!("<!-- {name}:end -->"),
    );
    let from = text.find(&start).expect("start marker") + start.len();
    let to = text.find(&end).expect("end marker");
    if update() {
        fs::write(file, format!("{}{generated}{}", &text[..from], &text[to..])).unwrap();
        return;
    }
    assert_eq!(
        &text[from..to],
        generated,
        "{} is stale: run `{REFRESH}`",
        file.display()
    );
}

#[test]
fn the_rules_pages_are_skills_explain() {
    check_between(
        &repo().join("docs/rules.md"),
        "rules",
        &explain(&["explain", "--all"]),
    );
    let dir = repo().join("docs/rules");
    if update() {
        if dir.exists() {
            fs::remove_dir_all(&dir).unwrap();
        }
        fs::create_dir_all(&dir).unwrap();
    }
    let mut expected = Vec::new();
    for rule in skills::rules::all() {
        let name = format!("{}.md", rule.id);
        let page = explain(&["explain", rule.id]);
        let path = dir.join(&name);
        if update() {
            fs::write(&path, &page).unwrap();
        } else {
            assert_eq!(
                fs::read_to_string(&path).ok().as_deref(),
                Some(page.as_str()),
                "docs/rules/{name} is stale: run `{REFRESH}`"
            );
        }
        // SARIF links each rule to this page.
        let uri = skills::report::sarif::help_uri(rule.id);
        assert!(uri.ends_with(&format!("/docs/rules/{name}")), "{uri}");
        expected.push(name);
    }
    let mut extra: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !expected.contains(n))
        .collect();
    extra.sort();
    assert!(extra.is_empty(), "no rule has these pages: {extra:?}");
}

/// The table of docs/targets.md, from the registry.
fn targets_table() -> String {
    let mut out = String::from(
        "| target | runtime | checked | description limit | name collisions | catalog budget |\n|---|---|---|---|---|---|\n",
    );
    for t in skills::targets::TARGETS {
        let checked = match &t.verified {
            Some(v) => format!(
                "replays {} {} exactly ({} cases)",
                v.client, v.version, v.cases
            ),
            None => "modelled from its sources and documentation".to_owned(),
        };
        let budget = if t.budget.unit.is_some() {
            "yes"
        } else {
            "none"
        };
        out.push_str(&format!(
            "| `{}` | {} | {checked} | {} | {} | {budget} |\n",
            t.id,
            t.display,
            t.description_limit,
            t.collision.describe(),
        ));
    }
    out
}

#[test]
fn the_targets_page_is_the_registry() {
    check_between(&repo().join("docs/targets.md"), "targets", &targets_table());
}
