//! S202 reference-too-deep: a file `SKILL.md` links to sends the model on to another document
//! that `SKILL.md` does not link itself.

use std::cell::OnceCell;

use super::files::{self, Target};
use super::links::{Kind, Patterns};
use crate::hash::HashSet;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S202",
    name: "reference-too-deep",
    severity: Severity::Warning,
    summary: "a referenced file points to further documents that SKILL.md does not link",
    docs: r#"## What it does

Follows each Markdown file that `SKILL.md` references and reports the references in it that lead
to another document of the skill (Markdown or plain text) which `SKILL.md` does not reference
itself: a chain two levels deep.

References are Markdown links and backticked paths that resolve to a file of the skill, as in
S201; a bare backticked file name (`` `README.md` ``) counts only for a file beside the
referencing one, since it often means the user's own file.

Not reported: scripts, and anything under `assets/` (templates and data the model uses rather
than reads for instructions); links back to `SKILL.md`; and files that `SKILL.md` references
too, directly or through a backticked pattern such as `` `shared/managed-agents-*.md` `` or
`` `{lang}/README.md` ``. Only the files `SKILL.md` references are followed: a longer chain is
reported at its first extra step.

## Why

The standard says "Keep file references one level deep from `SKILL.md`", and Anthropic's
authoring guidance explains why: when a file is reached through another referenced file, Claude
may only preview it (for example with `head -100`) instead of reading it whole, and so miss the
part that matters. Every runtime loads further files only when the model decides to read them,
so a document hidden two hops away is easy to skip.

## Example

`SKILL.md`:

```markdown
See [the advanced guide](references/advanced.md).
```

`references/advanced.md`:

```markdown
For the field list, see [details](details.md).
```

## How to fix

Link the deeper document from `SKILL.md` directly (with a line saying when to read it), or fold
its content into the file that references it.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let skill_md = files::skill_md(cx);
    let direct = files::direct_targets(cx);
    let patterns = OnceCell::new();
    let own = files::skill_md_name(cx);
    let tree = cx.tree();
    for (document, _) in files::linked_documents(cx).iter() {
        let mut reported = HashSet::default();
        let resolved = document.resolved(cx);
        for (i, reference) in document.references.iter().enumerate() {
            if !resolved.names_skill_path(i) {
                continue;
            }
            let Target::Found(target) = resolved.target(i) else {
                continue;
            };
            // A bare `README.md` in a code span is as likely the user's file as the skill's;
            // only a sibling of the referencing file is taken for a reference.
            let bare_root_name = reference.kind == Kind::Code
                && !reference.written.contains(['/', '\\'])
                && !target.contains('/');
            if bare_root_name {
                continue;
            }
            if !files::is_file(tree, &target)
                || !files::is_document(&target)
                || target.starts_with("assets/")
                || target == own
                || target == document.rel
                || direct.contains(&target)
                || patterns
                    .get_or_init(|| Patterns::new(skill_md.references.iter().map(|r| &r.form)))
                    .matches(&target)
                || !reported.insert(target.clone())
            {
                continue;
            }
            out.push(
                RULE.finding(
                    cx,
                    format!(
                        "`{}` points to `{target}`, which SKILL.md does not reference directly",
                        document.rel
                    ),
                )
                .at(reference.span)
                .label("second-level reference")
                .help(format!(
                    "link `{target}` from SKILL.md with a line saying when to read it, or merge it into `{}`",
                    document.rel
                ))
                .in_file(document.path(cx)),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::{check_with, skill};

    const HEAD: &str = "---\nname: pdf\ndescription: Fills PDF forms. Use for PDFs.\n---\n";

    fn run(body: &str, files: &[(&str, &str)]) -> Vec<String> {
        let text = format!("{HEAD}{body}");
        check_with(&RULE, &skill("pdf", &text), &["agentskills"], files)
            .into_iter()
            .map(|f| {
                let file = files
                    .iter()
                    .find(|(p, _)| f.path.ends_with(p))
                    .map(|(_, c)| *c)
                    .expect("a finding in a referenced file");
                let span = f.span.expect("a span");
                file[span.start..span.end].to_owned()
            })
            .collect()
    }

    #[test]
    fn a_document_reached_only_through_another_is_reported() {
        let files = [
            (
                "references/advanced.md",
                "# Advanced\n\nSee [details](details.md) and `references/details.md`.\n",
            ),
            ("references/details.md", "# Details\n"),
        ];
        assert_eq!(
            run("Read [advanced](references/advanced.md).\n", &files),
            vec!["details.md".to_owned()]
        );
    }

    #[test]
    fn documents_linked_from_skill_md_too_scripts_and_self_links_pass() {
        let files = [
            (
                "references/advanced.md",
                "See [details](details.md), run `scripts/fill.py`, back to [top](../SKILL.md), [here](advanced.md#x).\n",
            ),
            ("references/details.md", "# Details\n"),
            ("scripts/fill.py", ""),
        ];
        let body = "Read [advanced](references/advanced.md) and `references/details.md`.\n";
        assert!(run(body, &files).is_empty());
    }

    #[test]
    fn patterns_in_skill_md_and_assets_count_as_covered() {
        let files = [
            (
                "references/overview.md",
                "See `shared/agents-core.md`, `python/api/streaming.md`, `assets/templates/memo.md`.\n",
            ),
            ("shared/agents-core.md", ""),
            ("python/api/streaming.md", ""),
            ("assets/templates/memo.md", ""),
        ];
        let body = "Read `references/overview.md`, then `shared/agents-*.md` and `{lang}/api/streaming.md`.\n";
        assert!(run(body, &files).is_empty());
    }

    #[test]
    fn bare_names_of_root_files_are_not_references() {
        let files = [
            (
                "references/release.md",
                "Update the project's `README.md` and `CHANGELOG.md`.\n",
            ),
            ("README.md", "# Repo\n"),
            ("CHANGELOG.md", "# Changes\n"),
        ];
        assert!(run("Read [release](references/release.md).\n", &files).is_empty());
    }

    #[test]
    fn only_files_linked_from_skill_md_are_followed() {
        let files = [
            ("references/a.md", "See [b](b.md).\n"),
            ("references/b.md", "See [c](c.md).\n"),
            ("references/c.md", "# C\n"),
        ];
        // a → b is reported once; b is not followed (S202 reports chains at their first step).
        assert_eq!(
            run("Read [a](references/a.md).\n", &files),
            vec!["b.md".to_owned()]
        );
    }
}
