//! `claude-code@2.0`: Claude Code up to 2.0.x, which listed skills inside the `Skill` tool's
//! description as `<available_skills>` XML with the scope word as location, and dropped whole
//! skills past a 15000-character budget, as its published npm package's bundled `cli.js` has it.
//! Discovery and frontmatter reading are the current target's.

use super::catalog::{BudgetUse, Change, ChangeKind, Collision, Context, Entry, Rendered};
use super::claude_code::{self, BUDGET_VAR};
use super::load::{Placement, Session};
use super::prefix::{Sums, end, largest};
use super::text::Unit;
use super::{Budget, Confidence, NameCharset, Target};
use crate::cost::{LeftOut, Size, Sizer};
use crate::skill::Scope;

/// The budget when SLASH_COMMAND_TOOL_CHAR_BUDGET is not a number other than 0.
const DEFAULT_BUDGET: f64 = 15000.0;

pub const TARGET: Target = Target {
    id: "claude-code@2.0",
    display: "Claude Code 2.0",
    rejects_unknown_fields: false,
    extra_fields: claude_code::EXTRA_FIELDS,
    metadata_keys: &[],
    name_charset: NameCharset::Ascii,
    description_limit: 1536,
    reserved_words: claude_code::RESERVED_WORDS,
    rejects_angle_brackets: true,
    strict_yaml: false,

    placement: "the `Skill` tool's description: \"Execute a skill within the main conversation\", a `<skills_instructions>` block, then the `<available_skills>` block printed here",
    roots: claude_code::roots,
    roots_summary: claude_code::ROOTS_SUMMARY,
    collision: Collision::FirstWins,
    admit: claude_code::admit,
    broken_skill: claude_code::BROKEN_SKILL,
    fields_read: claude_code::FIELDS_READ,
    ordering: "registration order: managed, then user, then project skills, then PATH arguments in argument order; within a root, directory-name order",
    escaping: "none",
    whitespace: "descriptions are trimmed; inner newlines are kept raw",
    budget: Budget {
        unit: Some(Unit::Utf16),
        summary: "SLASH_COMMAND_TOOL_CHAR_BUDGET if set, else 15000 UTF-16 code units; each `<skill>` block costs its length + 1 and the list stops at the first block that overflows, followed by `<!-- Showing N of M skills due to token limits -->`",
    },
    render,
    leave_one_out: Some(leave_one_out),
    load: claude_code::load,
    read: claude_code::read,
    search: None,
    session: Session {
        catalog: Placement::ToolDescription,
        modes: &[],
        reload: claude_code::RELOAD,
    },
    builtins_note: "Claude Code lists its bundled skills (and plugin skills, location `plugin`) with yours; they are not included here",
    builtins: &[],
    builtins_first: false,
    install: None,
    models: &[],
    verified: None,
    decisions: &[
        "only the `<available_skills>\\n…\\n</available_skills>\\n` block is printed: the `<skills_instructions>` text around it is not pinned, and it changed between 2.0 releases",
        "the truncation comment goes inside the block, after the last listed skill",
        "an empty catalog still prints the empty block: the tool and its description exist without skills",
        "discovery, admission (hidden and `paths` skills left out, the directory name as name) and lint facts are the current Claude Code's; the 2.0 loader is not pinned separately",
        "PATH arguments are listed with location `project`, as --add-dir skills were; managed skills say `managed`",
        "a load is the current Claude Code's (`Launching skill: <name>` and the meta message), which the runtime notes give for both eras; the 2.0-era tool description's examples also call the tool with `skill`",
        claude_code::LOAD_CALL,
        claude_code::NO_ARGUMENTS,
        claude_code::SESSION_ID,
        claude_code::NO_SHELL,
        claude_code::NO_COMMAND_MESSAGE,
        claude_code::NO_FORK,
        claude_code::HIDDEN_SKILL,
        claude_code::READ_CALL,
        claude_code::READ_ERRORS,
    ],

    confidence: Confidence::Bundle,
    reference: "npm @anthropic-ai/claude-code 2.0.x: the Skill tool's prompt in its bundled cli.js; discovery as claude-code",
};

/// The scope word shown as `<location>`.
fn location(scope: Scope) -> &'static str {
    match scope {
        Scope::User => "user",
        Scope::Project | Scope::Custom => "project",
        Scope::Admin | Scope::System | Scope::Builtin => "managed",
    }
}

/// One `<skill>` block, each value on a line of its own.
fn block(entry: &Entry<'_>) -> String {
    format!(
        "<skill>\n<name>\n{}\n</name>\n<description>\n{}\n</description>\n<location>\n{}\n</location>\n</skill>",
        entry.name,
        entry.description(),
        location(entry.skill.origin.scope)
    )
}

/// The `<available_skills>` block: blocks joined with `\n` until the budget overflows.
fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    // `Number(process.env.SLASH_COMMAND_TOOL_CHAR_BUDGET) || 15000`.
    let budget = claude_code::env_budget(cx.env).unwrap_or(DEFAULT_BUDGET);
    let mut used = 0.0;
    let mut shown = Vec::new();
    for entry in entries {
        let block = block(entry);
        let cost = (Unit::Utf16.measure(&block) + 1) as f64;
        if used + cost > budget {
            break;
        }
        used += cost;
        shown.push(block);
    }
    let mut list = shown.join("\n");
    let mut changes = Vec::new();
    if shown.len() < entries.len() {
        list.push_str(&format!(
            "\n<!-- Showing {} of {} skills due to token limits -->",
            shown.len(),
            entries.len()
        ));
        let source = match claude_code::env_budget(cx.env) {
            Some(_) => BUDGET_VAR,
            None => "the 2.0 default",
        };
        for entry in &entries[shown.len()..] {
            changes.push(Change::new(
                entry,
                ChangeKind::Omitted,
                format!(
                    "left out: the Skill tool's budget of {} characters ({source}) was used up by the skills before it",
                    claude_code::as_count(budget)
                ),
            ));
        }
    }
    Rendered {
        text: format!("<available_skills>\n{list}\n</available_skills>\n"),
        listed: shown.len(),
        budget: Some(BudgetUse {
            unit: Unit::Utf16,
            limit: claude_code::as_count(budget),
            used: claude_code::as_count(used),
        }),
        changes,
    }
}

/// [`render`]'s size for `entries` and without each of them, from the size of each block:
/// every block starts a line with `<`, so token counts add up block by block, and the blocks
/// shown are the longest prefix within the budget, found by a binary search.
fn leave_one_out(entries: &[Entry<'_>], cx: &Context<'_>, sizer: &Sizer) -> Option<LeftOut> {
    let budget = claude_code::env_budget(cx.env).unwrap_or(DEFAULT_BUDGET);
    let n = entries.len();
    let blocks: Vec<String> = entries.iter().map(|e| format!("{}\n", block(e))).collect();
    let sizes = Sums::new(sizer.each(&blocks));
    // Each block costs its length and the line feed.
    let costs = Sums::new(blocks.iter().map(|b| Unit::Utf16.measure(b)));
    let (head, tail) = (
        sizer.of("<available_skills>\n"),
        sizer.of("</available_skills>\n"),
    );
    let size_without = |skip: Option<usize>| -> Size {
        let count = n - usize::from(skip.is_some());
        // The most blocks that fit (costs are positive: fewer fit whenever more do).
        let shown = largest(0, count, |shown| {
            costs.before(end(shown, skip), skip) as f64 <= budget
        });
        let note = (shown < count)
            .then(|| format!("<!-- Showing {shown} of {count} skills due to token limits -->\n"));
        if shown == 0 {
            // No block: the list is empty, or only the note after a blank line.
            let note = note.map_or_else(String::new, |note| format!("\n{}", note.trim_end()));
            return sizer.of(&format!(
                "<available_skills>\n{note}\n</available_skills>\n"
            ));
        }
        head + sizes.before(end(shown, skip), skip)
            + note.map_or_else(Size::default, |n| sizer.of(&n))
            + tail
    };
    let full = size_without(None);
    let without = (0..n).map(|k| Some(size_without(Some(k)))).collect();
    Some(LeftOut { full, without })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog::{self, Catalog};
    use crate::targets::env::Env;

    fn build(skills: Vec<MemorySkill>, env: &Env) -> Catalog {
        catalog::testing::catalog_in(&TARGET, skills, env, None)
    }

    fn skill(dir: &str, description: &str, scope: Scope) -> MemorySkill {
        MemorySkill::new(dir, format!("---\ndescription: {description}\n---\n")).in_scope(scope, 0)
    }

    #[test]
    fn blocks_carry_the_scope_word() {
        let catalog = build(
            vec![
                skill("/u/review", "Reviews & more", Scope::User),
                skill("/p/pdf", "PDFs", Scope::Project),
            ],
            &Env::new("/p", None),
        );
        assert_eq!(
            catalog.text,
            "<available_skills>\n<skill>\n<name>\nreview\n</name>\n<description>\nReviews & more\n</description>\n<location>\nuser\n</location>\n</skill>\n<skill>\n<name>\npdf\n</name>\n<description>\nPDFs\n</description>\n<location>\nproject\n</location>\n</skill>\n</available_skills>\n"
        );
        assert_eq!(catalog.budget.unwrap().limit, 15000);
    }

    #[test]
    fn the_list_stops_at_the_first_block_that_overflows() {
        // A block is 86 characters plus name, description and location: the first is 97, and
        // 98 with its `\n`; the second does not fit in what is left.
        let skills = vec![
            skill("/u/aa", "short", Scope::User),
            skill("/u/bb", &"x".repeat(100), Scope::User),
            skill("/u/cc", "short", Scope::User),
        ];
        let env = Env::new("/p", None).with_var(BUDGET_VAR, "100");
        let catalog = build(skills, &env);
        assert!(
            catalog
                .text
                .ends_with("</skill>\n<!-- Showing 1 of 3 skills due to token limits -->\n</available_skills>\n"),
            "{}",
            catalog.text
        );
        assert_eq!(
            catalog
                .changes
                .iter()
                .map(|c| (c.kind, c.name.as_str()))
                .collect::<Vec<_>>(),
            [(ChangeKind::Omitted, "bb"), (ChangeKind::Omitted, "cc")]
        );
        let used = catalog.budget.unwrap();
        assert_eq!((used.limit, used.used), (100, 98));
    }

    #[test]
    fn an_empty_catalog_is_an_empty_block() {
        assert_eq!(
            build(Vec::new(), &Env::new("/p", None)).text,
            "<available_skills>\n\n</available_skills>\n"
        );
    }
}
