//! `pixir`: the Pixir agent (ADR 0010, "Agent Skills use progressive disclosure with durable
//! activations"). The ADR pins the roots, their precedence and the index's shape (name /
//! description / location, compact and budgeted); the exact text and the budget algorithm are
//! our decisions, listed in `DECISIONS`.

use super::catalog::{
    Admitted, BudgetUse, Change, ChangeKind, Collision, Context, Entry, Rendered, admit as common,
};
use super::env::{Env, RootSpec};
use super::text::{Collation, Unit, collapse_whitespace};
use super::{Budget, Confidence, NameCharset, Target};
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "pixir",
    display: "Pixir",
    rejects_unknown_fields: false,
    extra_fields: &[],
    metadata_keys: &[],
    name_charset: NameCharset::Unicode,
    // The ADR documents no limit.
    description_limit: usize::MAX,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "a compact skills index included in every turn's system prompt; duplicate warnings stay in skills_list",
    roots,
    roots_summary: "repository .agents/skills (cwd up to the .git root), ~/.agents/skills, $PIXIR_HOME/skills (default ~/.pixir/skills); repo > user > Pixir global",
    collision: Collision::FirstWins,
    admit,
    broken_skill: "left out of the index (and reported by skills_list): frontmatter that does not parse, a missing or empty name or description, or a file not named SKILL.md",
    fields_read: &["name", "description"],
    ordering: "by name, byte order",
    escaping: "none",
    whitespace: "name and description trimmed; every run of whitespace in the description becomes one space",
    budget: Budget {
        unit: Some(Unit::Chars),
        summary: "8000 characters for the whole index; past it descriptions are dropped from the last skill upward, and if names alone do not fit, skills are left out from the end behind a `- (N more skills: use skills_list)` line",
    },
    render,
    load: |_| unimplemented_load(),
    read: |_| unimplemented_load(),
    search: None,
    session: super::load::Session {
        catalog: super::load::Placement::SystemPrompt,
        modes: &[],
        reload: "TODO",
    },
    builtins: "",
    decisions: DECISIONS,

    confidence: Confidence::Approximated,
    reference: "Pixir ADR 0010 (2026-06-01), seeds/002_526a98a9a3d3434a.txt; seed-runtimes.md § Pixir (the catalog text is our decision)",
};

/// The ADR gives only the index's shape; everything below is ours.
const DECISIONS: &[&str] = &[
    "the index text: a `## Skills` header, one guidance line, then `- name: description (location: path)` per skill, lines joined with \\n, no trailing newline",
    "no skills: no index at all (empty text)",
    "sorted by name in byte order; no escaping; descriptions have whitespace collapsed to single spaces so each skill stays on one line",
    "the location is the SKILL.md path as found, not symlink-resolved",
    "repository roots are the .agents/skills of every directory from the working directory up to the .git root, nearest first",
    "every root is one level deep (<root>/*/SKILL.md)",
    "name and description are required, non-empty after trimming",
    "budget: 8000 characters counted on the whole index; if it is over, descriptions are dropped one skill at a time from the end of the sorted list (that skill's line becomes `- name (location: path)`) until it fits",
    "if it is still over with every description dropped, skills are left out from the end of the list until the kept lines plus `- (N more skills: use skills_list)` fit; N is the number left out (the wording stays `skills` even for 1)",
];

/// The index budget, in characters (Unicode scalar values).
const BUDGET: u64 = 8000;

const HEADER: [&str; 2] = [
    "## Skills",
    "Skills are instruction packages, not tools. To use one, call skill_view with its name.",
];

/// Repository roots (nearest first), then `~/.agents/skills`, then `$PIXIR_HOME/skills`: the
/// first root holding a name wins, which gives repo > user > Pixir global.
fn roots(env: &Env) -> Vec<RootSpec> {
    let mut roots: Vec<RootSpec> = env
        .project_root_to_cwd(".git")
        .into_iter()
        .rev()
        .map(|dir| RootSpec::one_level(dir.join(".agents/skills"), Scope::Project))
        .collect();
    roots.extend(
        env.home_join(".agents/skills")
            .map(|p| RootSpec::one_level(p, Scope::User)),
    );
    roots.extend(
        env.var_dir("PIXIR_HOME", ".pixir")
            .map(|p| RootSpec::one_level(p.join("skills"), Scope::User)),
    );
    roots
}

fn admit(skill: &Skill) -> Result<Admitted, String> {
    if !skill.has_canonical_file_name() {
        return Err("skipped: Pixir loads SKILL.md, named exactly so".to_owned());
    }
    let Admitted { name, description } = common::name_and_description(skill)?;
    Ok(Admitted {
        name: name.trim().to_owned(),
        description: description.map(|d| d.trim().to_owned()),
    })
}

/// One index line; `None` drops the description.
fn line(name: &str, description: Option<&str>, location: &str) -> String {
    match description {
        Some(description) => format!("- {name}: {description} (location: {location})"),
        None => format!("- {name} (location: {location})"),
    }
}

fn more_line(n: usize) -> String {
    format!("- ({n} more skills: use skills_list)")
}

fn chars(text: &str) -> u64 {
    Unit::Chars.measure(text)
}

fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    if entries.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let mut sorted: Vec<&Entry<'_>> = entries.iter().collect();
    sorted.sort_by(|a, b| Collation::Bytes.compare(&a.name, &b.name));
    let full: Vec<String> = sorted
        .iter()
        .map(|e| {
            let description = collapse_whitespace(e.description());
            line(
                &e.name,
                Some(&description),
                &cx.paths.show(&e.skill.skill_md),
            )
        })
        .collect();
    let bare: Vec<String> = sorted
        .iter()
        .map(|e| line(&e.name, None, &cx.paths.show(&e.skill.skill_md)))
        .collect();

    // The text is the lines joined with `\n`: every line costs its characters plus one
    // separator, less one for the whole text.
    let header: u64 = HEADER.iter().map(|l| chars(l) + 1).sum();
    let bare_total: u64 = header + bare.iter().map(|l| chars(l) + 1).sum::<u64>() - 1;

    // Step 1: keep the descriptions of the first `kept` skills, as many as fit.
    let mut total = bare_total;
    let mut kept = 0;
    if total <= BUDGET {
        for (f, b) in full.iter().zip(&bare) {
            let extra = chars(f) - chars(b);
            if total + extra > BUDGET {
                break;
            }
            total += extra;
            kept += 1;
        }
        let mut lines: Vec<&str> = HEADER.to_vec();
        lines.extend(full[..kept].iter().map(String::as_str));
        lines.extend(bare[kept..].iter().map(String::as_str));
        let changes = sorted[kept..]
            .iter()
            .map(|e| {
                Change::new(
                    e,
                    ChangeKind::DescriptionRemoved,
                    format!(
                        "description dropped: the index is over Pixir's {BUDGET}-character budget, and descriptions go from the end of the list first"
                    ),
                )
            })
            .collect();
        return finish(lines.join("\n"), sorted.len(), changes);
    }

    // Step 2: every description is gone and the names still do not fit: leave skills out from
    // the end until the rest and the `N more` line fit.
    let mut listed = bare.len();
    let mut names_total = bare_total;
    while let Some(last) = listed.checked_sub(1) {
        names_total -= chars(&bare[last]) + 1;
        listed = last;
        if names_total + 1 + chars(&more_line(sorted.len() - listed)) <= BUDGET {
            break;
        }
    }
    let mut lines: Vec<String> = HEADER.iter().map(|l| (*l).to_owned()).collect();
    lines.extend(bare[..listed].iter().cloned());
    lines.push(more_line(sorted.len() - listed));
    let mut changes: Vec<Change> = sorted[..listed]
        .iter()
        .map(|e| {
            Change::new(
                e,
                ChangeKind::DescriptionRemoved,
                format!(
                    "description dropped: even names and locations alone are over Pixir's {BUDGET}-character budget"
                ),
            )
        })
        .collect();
    changes.extend(sorted[listed..].iter().map(|e| {
        Change::new(
            e,
            ChangeKind::Omitted,
            format!(
                "left out: the names alone are over Pixir's {BUDGET}-character budget; counted in the `N more skills` line"
            ),
        )
    }));
    finish(lines.join("\n"), listed, changes)
}

fn finish(text: String, listed: usize, changes: Vec<Change>) -> Rendered {
    Rendered {
        budget: Some(BudgetUse {
            unit: Unit::Chars,
            limit: BUDGET,
            used: chars(&text),
        }),
        text,
        listed,
        changes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self};

    fn skill(name: &str, description: &str) -> MemorySkill {
        MemorySkill::new(
            format!("/r/{name}"),
            format!("---\nname: {name}\ndescription: {description}\n---\n"),
        )
    }

    fn build(skills: Vec<MemorySkill>) -> catalog::Catalog {
        catalog::testing::catalog(&TARGET, skills)
    }

    fn kinds(built: &catalog::Catalog) -> Vec<(String, ChangeKind)> {
        built
            .changes
            .iter()
            .map(|c| (c.name.clone(), c.kind))
            .collect()
    }

    #[test]
    fn small_index_in_full_sorted_and_collapsed() {
        let built = build(vec![skill("b", "two\n  words"), skill("a", "one")]);
        assert_eq!(
            built.text,
            "## Skills\nSkills are instruction packages, not tools. To use one, call skill_view with its name.\n- a: one (location: /r/a/SKILL.md)\n- b: two words (location: /r/b/SKILL.md)"
        );
        let budget = built.budget.unwrap();
        assert_eq!((budget.limit, budget.used), (8000, chars(&built.text)));
        assert!(built.changes.is_empty());
        assert_eq!(build(Vec::new()).text, "");
    }

    #[test]
    fn descriptions_drop_from_the_end_until_the_index_fits() {
        // Three 3000-character descriptions: the first two fit with all three bare lines,
        // the third does not.
        let d = "d".repeat(3000);
        let built = build(vec![skill("c", &d), skill("a", &d), skill("b", &d)]);
        assert!(built.text.contains("- a: d"));
        assert!(built.text.contains("- b: d"));
        assert!(built.text.ends_with("\n- c (location: /r/c/SKILL.md)"));
        assert!(chars(&built.text) <= BUDGET);
        assert_eq!(
            kinds(&built),
            [("c".into(), ChangeKind::DescriptionRemoved)]
        );
        assert_eq!(built.listed, 3);
    }

    #[test]
    fn exactly_at_the_budget_fits() {
        // The header, "\n", then "- a: " + D + " (location: /r/a/SKILL.md)".
        let fixed = chars(&HEADER.join("\n")) + 1 + chars("- a:  (location: /r/a/SKILL.md)");
        let fits = "x".repeat(usize::try_from(BUDGET - fixed).unwrap());
        let built = build(vec![skill("a", &fits)]);
        assert_eq!(chars(&built.text), BUDGET);
        assert!(built.changes.is_empty());
        let over = format!("{fits}x");
        let built = build(vec![skill("a", &over)]);
        assert_eq!(
            built.text.lines().last(),
            Some("- a (location: /r/a/SKILL.md)")
        );
    }

    #[test]
    fn names_alone_over_the_budget_leave_skills_out_behind_a_count() {
        let long = |i: usize| format!("s{i:03}-{}", "n".repeat(200));
        let skills: Vec<MemorySkill> = (0..40).map(|i| skill(&long(i), "desc")).collect();
        let built = build(skills);
        let last = built.text.lines().last().unwrap().to_owned();
        let omitted = 40 - built.listed;
        assert_eq!(last, format!("- ({omitted} more skills: use skills_list)"));
        assert!(chars(&built.text) <= BUDGET);
        // One more kept line would not fit.
        let next = line(
            &long(built.listed),
            None,
            &format!("/r/{}/SKILL.md", long(built.listed)),
        );
        assert!(chars(&built.text) + chars(&next) + 1 > BUDGET);
        assert!(!built.text.contains(": desc"));
        let removed = kinds(&built)
            .iter()
            .filter(|(_, k)| *k == ChangeKind::DescriptionRemoved)
            .count();
        assert_eq!(removed, built.listed);
        assert_eq!(built.changes.len(), 40);
    }

    #[test]
    fn repository_roots_win_over_user_and_pixir_global() {
        let env = Env::new("/p", Some("/h".into())).with_var("PIXIR_HOME", "/px");
        let paths: Vec<_> = roots(&env).into_iter().map(|r| r.path).collect();
        assert_eq!(
            paths.last().map(|p| p.as_path()),
            Some(std::path::Path::new("/px/skills"))
        );
        assert_eq!(
            paths[paths.len() - 2],
            std::path::Path::new("/h/.agents/skills")
        );
        assert_eq!(paths[0], std::path::Path::new("/p/.agents/skills"));
    }
}

fn unimplemented_load() -> super::load::Output {
    super::load::Output::tool_error(super::load::Call::with("TODO", "name", ""), "TODO")
}
