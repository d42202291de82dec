//! `pixir`: the Pixir agent (ADR 0010, "Agent Skills use progressive disclosure with durable
//! activations"). The ADR pins the roots, their precedence and the index's shape (name /
//! description / location, compact and budgeted); the exact text and the budget algorithm are
//! our decisions, listed in `DECISIONS`.

use super::catalog::{
    Admitted, BudgetUse, Change, ChangeKind, Collision, Context, Entry, Rendered, admit as common,
};
use super::env::{Env, RootSpec};
use super::load::{
    Call, Lifetime, LoadInput, Mode, Output, Part, Placement, ReadInput, Role, Session, sha256_hex,
};
use super::prefix::{Sums, end, largest};
use super::text::{Collation, Unit, collapse_whitespace};
use super::{Budget, Confidence, NameCharset, Target};
use crate::cost::{LeftOut, Size, Sizer};
use crate::provider::check_relative;
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
    leave_one_out: Some(leave_one_out),
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::SystemPrompt,
        modes: MODES,
        reload: "the full SKILL.md again, recorded as a new activation (activations are per turn, never sticky)",
    },
    builtins_note: "",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: None,
    decisions: DECISIONS,

    confidence: Confidence::Approximated,
    reference: "Pixir ADR 0010 \"Agent Skills use progressive disclosure with durable activations\" (accepted, 2026-06-01); the catalog text is our decision",
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
    "skill_view { name } returns the whole SKILL.md as written (frontmatter included), with no wrapper",
    "the activation is recorded as `skill_activation`: name, source (repository, user or pixir), the resolved SKILL.md path, content_hash (hex SHA-256 of the file's bytes), snapshot_bytes (the instruction snapshot is the tool result text itself, so its length is recorded rather than a second copy) and selected_by (model or user)",
    "skill_view { name, file } reads a supporting file through the provider's guards and is not an activation; file \"SKILL.md\" is the main file, so it is one",
    "skill_view has no line range: a read with --lines is refused with `skill_view has no line range; it returns the whole file`",
    "an unknown name returns the error `No skill named \"x\". Available skills: a, b`; refused reads return `Error: <reason>` (ADR 0005's structured errors are not pinned; both wordings are ours)",
    "the `invoke` mode stands for the user's `$name` or `/name`: no tool call, the SKILL.md text reaches the model as a user-role message for that turn (the ADR says only that both syntaxes give the same activation), recorded with selected_by: user; an unknown name there is the presenter's refusal, shown with the same wording",
];

/// `tool` is the model's `skill_view`; `invoke` the user's explicit invocation.
const MODES: &[Mode] = &[
    Mode {
        name: "tool",
        meaning: "the model calls skill_view with the skill's name; the SKILL.md text is the tool result (default)",
    },
    Mode {
        name: "invoke",
        meaning: "the user types $name or /name; no tool call, the SKILL.md text is added as a user message for that turn",
    },
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

/// [`render`]'s size for `entries` and without each of them, from the size of each index line
/// with and without its description: every line starts with `-`, so token counts add up line
/// by line, and what the budget keeps is a prefix found by a binary search.
fn leave_one_out(entries: &[Entry<'_>], cx: &Context<'_>, sizer: &Sizer) -> Option<LeftOut> {
    let n = entries.len();
    let mut sorted: Vec<usize> = (0..n).collect();
    sorted.sort_by(|&a, &b| Collation::Bytes.compare(&entries[a].name, &entries[b].name));
    let lines: Vec<[String; 2]> = sorted
        .iter()
        .map(|&i| {
            let e = &entries[i];
            let location = cx.paths.show(&e.skill.skill_md);
            let description = collapse_whitespace(e.description());
            [
                line(&e.name, Some(&description), &location),
                line(&e.name, None, &location),
            ]
        })
        .collect();
    // The header's lines; each index line with its line feed, with and without its
    // description; the last two also without the line feed (either may end the index).
    let mut texts: Vec<String> = HEADER.iter().map(|l| format!("{l}\n")).collect();
    texts.extend(lines.iter().flatten().map(|l| format!("{l}\n")));
    texts.extend(lines[n.saturating_sub(2)..].iter().flatten().cloned());
    let sizes = sizer.each(&texts);
    let header = sizes[0] + sizes[1];
    let full_sums = Sums::new((0..n).map(|p| sizes[2 + 2 * p]));
    let bare_sums = Sums::new((0..n).map(|p| sizes[3 + 2 * p]));
    // What ending the index takes off the line at `p`: its line feed.
    let ending = |p: usize, variant: usize| {
        let at = 2 + 2 * n + 2 * (p + 2.min(n) - n) + variant;
        sizes[2 + 2 * p + variant] - sizes[at]
    };
    let chars = |size: Size| u64::try_from(size.characters).unwrap_or(0);
    let header_chars = chars(header);

    // The index without sorted position `skip` (or whole).
    let size_without = |skip: Option<usize>| -> Size {
        let count = n - usize::from(skip.is_some());
        if count == 0 {
            return Size::default();
        }
        let bare_total = header_chars + chars(bare_sums.before(n, skip)) - 1;
        if bare_total <= BUDGET {
            // Step 1: the first descriptions that fit.
            let room = BUDGET - bare_total;
            let kept = end(
                largest(0, count, |lines| {
                    let upto = end(lines, skip);
                    chars(full_sums.before(upto, skip)) - chars(bare_sums.before(upto, skip))
                        <= room
                }),
                skip,
            );
            let last = if skip == Some(n - 1) { n - 2 } else { n - 1 };
            return header + full_sums.before(kept, skip) + bare_sums.before(n, skip)
                - bare_sums.before(kept, skip)
                - ending(last, usize::from(last >= kept));
        }
        // Step 2: names only, as many as fit with the `N more` line.
        let listed = largest(0, count - 1, |lines| {
            let more_chars = more_line(count - lines).chars().count() as u64;
            header_chars + chars(bare_sums.before(end(lines, skip), skip)) + more_chars <= BUDGET
        });
        header + bare_sums.before(end(listed, skip), skip) + sizer.of(&more_line(count - listed))
    };
    let full = size_without(None);
    let mut without = vec![None; n];
    for (p, &i) in sorted.iter().enumerate() {
        without[i] = Some(size_without(Some(p)));
    }
    Some(LeftOut { full, without })
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

/// `skill_view { name }`, or the user's `$name` in the `invoke` mode: the whole `SKILL.md`, and
/// the activation record.
fn load(input: &LoadInput<'_>) -> Output {
    let invoked = input.mode == Some("invoke");
    let call = (!invoked).then(|| Call::with("skill_view", "name", input.name));
    let Some(entry) = input.entry() else {
        let text = unknown(input.name, &input.available());
        return match call {
            Some(call) => Output::tool_error(call, text),
            None => Output {
                error: true,
                ..by_user(text)
            },
        };
    };
    match call {
        Some(call) => activation(
            Output::tool(call, full_text(entry.skill)),
            entry,
            input.cx,
            "model",
        ),
        None => activation(
            by_user(full_text(entry.skill)).lasting(Lifetime::Turn),
            entry,
            input.cx,
            "user",
        ),
    }
}

/// One user-role part, with no tool call.
fn by_user(text: String) -> Output {
    Output {
        call: None,
        parts: vec![Part {
            role: Role::User,
            text,
        }],
        error: false,
        lifetime: Lifetime::Session,
        record: std::collections::BTreeMap::new(),
    }
}

fn unknown(name: &str, available: &[String]) -> String {
    format!(
        "No skill named \"{name}\". Available skills: {}",
        available.join(", ")
    )
}

fn full_text(skill: &Skill) -> String {
    String::from_utf8_lossy(skill.source.bytes()).into_owned()
}

/// `output` with the `skill_activation` record of `entry`.
fn activation(output: Output, entry: &Entry<'_>, cx: &Context<'_>, selected_by: &str) -> Output {
    let skill = entry.skill;
    let snapshot_bytes = output.parts.first().map_or(0, |p| p.text.len());
    output.record(
        "skill_activation",
        serde_json::json!({
            "name": entry.name,
            "source": source(skill, cx),
            "path": cx.paths.show_canonical(&skill.skill_md),
            "content_hash": sha256_hex(skill.source.bytes()),
            "snapshot_bytes": snapshot_bytes,
            "selected_by": selected_by,
        }),
    )
}

/// The scope the skill came from: the repository, the user's `~/.agents/skills`, or Pixir's own
/// `$PIXIR_HOME/skills`.
fn source(skill: &Skill, cx: &Context<'_>) -> &'static str {
    if skill.origin.scope == Scope::Project {
        return "repository";
    }
    let canonical = |p: &std::path::Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_owned());
    let pixir = cx
        .env
        .var_dir("PIXIR_HOME", ".pixir")
        .map(|p| p.join("skills"));
    match pixir {
        Some(root)
            if skill.dir.starts_with(&root)
                || canonical(&skill.dir).starts_with(canonical(&root)) =>
        {
            "pixir"
        }
        _ => "user",
    }
}

/// `skill_view { name, file }`: a supporting file, through the provider's guards.
fn read(input: &ReadInput<'_>) -> Output {
    let call = Call::with_args(
        "skill_view",
        &[("name", input.name.into()), ("file", input.path.into())],
    );
    let Some(entry) = input.entry() else {
        return Output::tool_error(call, unknown(input.name, &input.available()));
    };
    if input.lines.is_some() {
        return Output::tool_error(
            call,
            "skill_view has no line range; it returns the whole file",
        );
    }
    let main = entry.skill.skill_md.file_name();
    if check_relative(input.path).is_ok_and(|rel| Some(rel.as_os_str()) == main) {
        return activation(
            Output::tool(call, full_text(entry.skill)),
            entry,
            input.cx,
            "model",
        );
    }
    match input
        .provider
        .read_resource_of(entry.skill, input.path, None)
    {
        Ok(resource) => {
            let mut text = resource.text.clone();
            if let Some(notice) = resource.truncation_notice() {
                text.push('\n');
                text.push_str(&notice);
            }
            Output::tool(call, text)
        }
        Err(err) => Output::tool_error(call, format!("Error: {err}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self};
    use crate::targets::load::testing::Machine;

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

    const PDF: &str = "---\nname: pdf\ndescription: Read PDFs.\n---\n# PDF\n";

    fn machine() -> Machine {
        Machine::with_env(
            vec![
                MemorySkill::new("/p/.agents/skills/pdf", PDF)
                    .with_file("references/forms.md", "one\ntwo\n")
                    .in_scope(Scope::Project, 0),
                MemorySkill::new(
                    "/h/.agents/skills/mine",
                    "---\nname: mine\ndescription: d\n---\n",
                )
                .in_scope(Scope::User, 0),
                MemorySkill::new("/px/skills/own", "---\nname: own\ndescription: d\n---\n")
                    .in_scope(Scope::User, 0),
            ],
            Env::new("/p", Some("/h".into())).with_var("PIXIR_HOME", "/px"),
        )
    }

    #[test]
    fn viewing_skill_md_is_an_activation_with_path_and_hash() {
        let out = machine().load(&TARGET, "pdf", 0, None);
        assert_eq!(out.call.as_ref().unwrap().arguments, r#"{"name":"pdf"}"#);
        assert_eq!(out.display(), PDF);
        assert_eq!(
            out.record["skill_activation"],
            serde_json::json!({
                "name": "pdf",
                "source": "repository",
                "path": "/p/.agents/skills/pdf/SKILL.md",
                "content_hash": sha256_hex(PDF.as_bytes()),
                "snapshot_bytes": PDF.len(),
                "selected_by": "model",
            })
        );
        // A later turn activates it again, in full.
        assert_eq!(machine().load(&TARGET, "pdf", 3, None), out);
        let source = |name: &str| {
            machine().load(&TARGET, name, 0, None).record["skill_activation"]["source"].clone()
        };
        assert_eq!(source("mine"), "user");
        assert_eq!(source("own"), "pixir");
    }

    #[test]
    fn user_invocation_has_no_tool_call() {
        let out = machine().load(&TARGET, "pdf", 0, Some("invoke"));
        assert!(out.call.is_none());
        assert_eq!(out.parts[0].role, Role::User);
        assert_eq!(out.parts[0].text, PDF);
        assert_eq!(out.lifetime, Lifetime::Turn);
        assert_eq!(out.record["skill_activation"]["selected_by"], "user");
        let unknown = machine().load(&TARGET, "nope", 0, Some("invoke"));
        assert!(unknown.error && unknown.call.is_none());
        assert_eq!(
            unknown.display(),
            "No skill named \"nope\". Available skills: mine, own, pdf"
        );
    }

    #[test]
    fn supporting_files_are_reads_not_activations() {
        let out = machine().read(&TARGET, "pdf", "references/forms.md", None);
        assert_eq!(
            out.call.as_ref().unwrap().arguments,
            r#"{"name":"pdf","file":"references/forms.md"}"#
        );
        assert_eq!(out.display(), "one\ntwo\n");
        assert!(out.record.is_empty());
        let main = machine().read(&TARGET, "pdf", "./SKILL.md", None);
        assert_eq!(main.display(), PDF);
        assert!(main.record.contains_key("skill_activation"));
        let ranged = machine().read(&TARGET, "pdf", "references/forms.md", Some("1:1"));
        assert!(ranged.error);
        let refused = machine().read(&TARGET, "pdf", "../mine/SKILL.md", None);
        assert_eq!(
            refused.display(),
            "Error: `../mine/SKILL.md` leaves the skill directory"
        );
    }
}
