//! S309 skipped-by-target: a selected runtime does not list the skill at all.

use std::path::Path;

use crate::hash::HashMap;
use crate::rules::{Check, Finding, Rule, SetContext, Severity};
use crate::skill::Skill;
use crate::targets::Target;
use crate::targets::catalog::{ChangeKind, Context, Paths};
use crate::targets::env::Env;
use crate::targets::fate;

pub const RULE: Rule = Rule {
    id: "S309",
    name: "skipped-by-target",
    severity: Severity::Error,
    summary: "a selected runtime skips or hides the skill",
    docs: r#"## What it does

Asks each selected target what it does with the skills, with the same code `skills catalog -t
TARGET` runs: the runtime's own reading of each file (its file name rule, its frontmatter parser
and what it requires), the fields that keep a skill from the model, and what its catalog leaves
out besides the budget (opencode's permission rules, a skill without a description). Each target that skips
or hides the skill is one finding, naming the runtime and its reason. A skill a target keeps is
never an error for that target; `skills catalog -t TARGET --stats` lists exactly the skills this
rule reports for it.

## Why

Every runtime reads `SKILL.md` its own way. A file one runtime lists can be skipped by the next
without a word: a byte order mark before `---`, a lowercase `skill.md`, YAML one parser repairs
and another refuses, a name a runtime will not accept. A lint verdict that passes a skill the
runtime drops is worse than none.

Hiding is reported too: `disable-model-invocation: true` (and Codex's
`policy.allow_implicit_invocation: false` in `agents/openai.yaml`) keeps the skill out of the
catalog, so the model never chooses it by itself.

## Example

With `--target codex`, a `SKILL.md` that starts with a UTF-8 byte order mark:

```text
error[S309]: Codex skips this skill: missing YAML frontmatter delimited by ---
```

## How to fix

Fix what the runtime names (the other findings on the skill usually say how), or run `skills why
NAME -t TARGET` for where the runtime looks, what it reads and what to change. A skill hidden on
purpose can turn this rule off in its body: `<!-- skills-lint-disable S309 -->`.
"#,
    fixable: false,
    check: Check::Set(check),
};

fn check(cx: &SetContext<'_>, out: &mut Vec<Finding>) {
    let Ok(cwd) = std::env::current_dir() else {
        return;
    };
    let env = Env::from_process(cwd);
    let paths = Paths::absolute(env.home.clone());
    let by_file: HashMap<&Path, &Skill> = cx
        .skills
        .iter()
        .map(|s| (s.skill_md.as_path(), s))
        .collect();
    for target in cx.targets {
        let model = target.default_model();
        let context = Context {
            paths: &paths,
            env: &env,
            context_window: model.map(|m| m.context_window),
            model: model.map(|m| m.id),
        };
        let outcome = fate::of(target, cx.skills, &context);
        for change in &outcome.catalog.changes {
            if change.kind != ChangeKind::Skipped {
                continue;
            }
            let Some(skill) = by_file.get(change.path.as_path()) else {
                continue;
            };
            out.push(finding(target, skill, &change.reason));
        }
    }
}

/// The finding for `skill`, which `target` does not list for `reason`.
fn finding(target: &Target, skill: &Skill, reason: &str) -> Finding {
    let verb = if fate::hides(reason) {
        "hides"
    } else {
        "skips"
    };
    Finding::new(
        &RULE,
        skill,
        format!(
            "{} {verb} this skill: {}",
            capitalised(target.display),
            fate::plain(reason)
        ),
    )
    .help(format!(
        "`skills why {} -t {}` tells the whole story and the fix",
        skill.name(),
        target.id
    ))
}

/// "The reference validator…" at the start of a sentence; a name its makers write in
/// lowercase (opencode, pi) stays as it is.
fn capitalised(text: &str) -> String {
    if !text.starts_with("the ") {
        return text.to_owned();
    }
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::skill;
    use crate::rules::{Check, Finding, SetContext, Settings, Severity};
    use crate::skill::Skill;
    use crate::targets;

    fn run_with(rule: &'static crate::rules::Rule, skills: &[Skill], ids: &[&str]) -> Vec<Finding> {
        let targets: Vec<_> = ids
            .iter()
            .map(|id| targets::find(id).expect("a target"))
            .collect();
        let settings = Settings::default();
        let cx = SetContext {
            skills,
            unreadable: &[],
            targets: &targets,
            settings: &settings,
        };
        let Check::Set(check) = rule.check else {
            panic!("{} checks the whole set", rule.id)
        };
        let mut out = Vec::new();
        check(&cx, &mut out);
        out
    }

    const CLEAN: &str = "---\nname: pdf\ndescription: Reads PDFs. Use with PDFs.\n---\n# PDF\n";

    #[test]
    fn one_error_per_target_that_skips_the_skill() {
        let bom = skill("pdf", &format!("\u{FEFF}{CLEAN}"));
        let found = run_with(&RULE, &[bom], &["codex", "claude-code", "metis"]);
        let messages: Vec<&str> = found.iter().map(|f| f.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "Codex skips this skill: missing YAML frontmatter delimited by ---",
                "Metis skips this skill: SKILL.md must begin with a --- line",
            ]
        );
        assert!(found.iter().all(|f| f.severity == Severity::Error));
        assert!(run_with(&RULE, &[skill("pdf", CLEAN)], &["codex"]).is_empty());
    }

    #[test]
    fn hiding_is_named_as_such() {
        let quiet = skill(
            "pdf",
            "---\nname: pdf\ndescription: Reads PDFs.\ndisable-model-invocation: true\n---\n",
        );
        let found = run_with(&RULE, &[quiet], &["claude-code"]);
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .message
                .starts_with("Claude Code hides this skill: "),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn what_a_catalog_leaves_out_besides_admission_counts_too() {
        // opencode admits a skill without a description but leaves it out of its catalog.
        let bare = skill("pdf", "---\nname: pdf\n---\n# PDF\n");
        let found = run_with(&RULE, &[bare], &["opencode"]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].message.contains("no `description`"));
    }
}
