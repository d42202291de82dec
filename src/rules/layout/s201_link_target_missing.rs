//! S201 link-target-missing: a link or a backticked path names a file the skill does not have.

use super::files::{self, Document, Target};
use super::links::{self, Kind};
use crate::hash::HashSet;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S201",
    name: "link-target-missing",
    severity: Severity::Warning,
    summary: "a referenced file does not exist in the skill",
    docs: r#"## What it does

Checks that every file `SKILL.md` points at exists in the skill directory, and does the same for
the Markdown files `SKILL.md` references (one level down). It reads:

- Markdown links, images and reference definitions with a relative target
  (`[forms](references/forms.md)`).
- Backticked paths (`` `scripts/extract.py` ``) that name a file of the skill: the whole code
  span is a path with a file extension, and its first directory is `scripts/`, `references/`,
  `assets/` or a directory the skill has.

A missing file is a warning, not an error: the standard does not require referenced files, and
the reference validator passes such a skill. Make it fail CI with `[rules] S201 = "error"`.

A path may be relative to the skill directory (as the standard says) or to the file that holds
it (as Markdown renderers read it); either is accepted. Files hidden by `.gitignore` count as
missing, because packaging leaves them out.

Each missing path is reported once per file. Not checked: URLs, `#anchors`, link targets that
are a bare word without an extension (`[Open](LINK)` is a placeholder more often than a file),
paths that leave the skill directory (`../other`), anything in fenced or indented code blocks
(examples), code spans that are globs or placeholders (`*.py`, `{lang}/README.md`,
`path/to/<file>`), and code spans whose first directory the skill does not have (`src/app.ts`
is about the user's project).

## Why

Every runtime hands the model the skill's directory and lets it read files on demand. When the
body says "see `references/forms.md`" and the file is not there, the model's read fails and it
carries on without the instructions, or guesses. Nothing else catches this: the reference
validator does not look at the body at all.

## Example

```markdown
For fillable forms, follow [the form guide](reference/forms.md).
```

(the file is `references/forms.md`)

## How to fix

Correct the path (the finding suggests a close match when there is one), add the missing file,
or remove the reference.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    files::for_each_document(cx, |document| check_document(cx, document, out));
}

fn check_document(cx: &SkillContext<'_>, document: &Document, out: &mut Vec<Finding>) {
    let resolved = document.resolved(cx);
    let mut reported = HashSet::default();
    for (i, reference) in document.references.iter().enumerate() {
        if !resolved.names_skill_path(i) {
            continue;
        }
        let Some(path) = reference.path() else {
            continue;
        };
        // Backslash paths are S203's; a backticked path must name a file, not a directory.
        if matches!(reference.form, links::Form::Backslash(_))
            || (reference.kind == Kind::Code
                && (path.ends_with('/') || !links::has_extension(path)))
        {
            continue;
        }
        let Target::Missing(missing) = resolved.target(i) else {
            continue;
        };
        // `[Open](LINK)`, `[docs](url)`: a bare word is a placeholder more often than a file.
        if !path.contains('/') && !links::has_extension(path) {
            continue;
        }
        if !reported.insert(missing.clone()) {
            continue;
        }
        let written = &reference.written;
        let suggestion = files::did_you_mean(cx, &missing);
        let message = match &suggestion {
            Some(s) if s.eq_ignore_ascii_case(&missing) => {
                format!("`{written}` does not exist: the file is `{s}`, which differs in case")
            }
            _ if cx.read(&missing).is_some() => {
                format!("`{written}` is hidden by .gitignore, so it is not part of the skill")
            }
            _ => format!("`{written}` does not exist in the skill"),
        };
        let help = match &suggestion {
            Some(s) => format!("did you mean `{s}`?"),
            None => "correct the path, add the file, or remove the reference".to_owned(),
        };
        out.push(
            RULE.finding(cx, message)
                .at(reference.span)
                .label("no such file")
                .help(help)
                .in_file(document.path(cx)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::Severity;
    use crate::rules::context::testing::{check_with, skill};

    const HEAD: &str = "---\nname: pdf\ndescription: Fills PDF forms. Use for PDFs.\n---\n";

    fn run(body: &str, files: &[(&str, &str)]) -> Vec<(String, Severity)> {
        let text = format!("{HEAD}{body}");
        check_with(&RULE, &skill("pdf", &text), &["agentskills"], files)
            .into_iter()
            .map(|f| {
                let span = f.span.expect("a span");
                (text[span.start..span.end].to_owned(), f.severity)
            })
            .collect()
    }

    #[test]
    fn missing_link_is_a_warning_with_a_suggestion() {
        let text = format!("{HEAD}See [forms](reference/forms.md).\n");
        let found = check_with(
            &RULE,
            &skill("pdf", &text),
            &["agentskills"],
            &[("references/forms.md", "# Forms\n")],
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Warning);
        assert_eq!(
            found[0].help.as_deref(),
            Some("did you mean `references/forms.md`?")
        );
        let span = found[0].span.expect("a span");
        assert_eq!(&text[span.start..span.end], "reference/forms.md");
    }

    #[test]
    fn suggestions_reach_names_that_differ_in_length() {
        let help = |link: &str| {
            let text = format!("{HEAD}See [it]({link}).\n");
            let files = [("references/abcdefgh.md", "# A\n")];
            check_with(&RULE, &skill("pdf", &text), &["agentskills"], &files)
                .first()
                .and_then(|f| f.help.clone())
        };
        // Four characters short of 22: a score of 0.82, just over the 0.8 needed.
        assert_eq!(
            help("references/abcd.md").as_deref(),
            Some("did you mean `references/abcdefgh.md`?")
        );
        // Five short: 0.77, too far whatever the letters.
        assert_eq!(
            help("references/abc.md").as_deref(),
            Some("correct the path, add the file, or remove the reference")
        );
    }

    #[test]
    fn existing_targets_anchors_and_urls_pass() {
        let files = [
            ("references/forms.md", "# Forms\n"),
            ("scripts/fill.py", ""),
        ];
        let body = "[a](references/forms.md#fields) [b](./scripts/fill.py) [c](https://x.io/y.md) \
                    [d](#usage) [e](references/) `scripts/fill.py`\n";
        assert!(run(body, &files).is_empty());
    }

    #[test]
    fn backticked_paths_are_warnings_and_only_for_skill_directories() {
        let files = [("scripts/fill.py", "")];
        let body = "Run `scripts/fil.py`. Edit `src/app.ts`, save `report.pdf`, read \
                    `references/gone.md`, see `path/to/file.md`, `*.py`, `{lang}/README.md`, \
                    `references/`.\n";
        assert_eq!(
            run(body, &files),
            vec![
                ("scripts/fil.py".to_owned(), Severity::Warning),
                ("references/gone.md".to_owned(), Severity::Warning),
            ]
        );
    }

    #[test]
    fn fenced_examples_are_not_references() {
        assert!(run("```md\n[x](missing.md) `scripts/none.py`\n```\n", &[]).is_empty());
    }

    #[test]
    fn links_in_referenced_files_are_checked_relative_to_either_base() {
        let files = [
            (
                "references/guide.md",
                "[a](api.md) [b](references/api.md) [c](gone.md)\n",
            ),
            ("references/api.md", "# API\n"),
        ];
        let text = format!("{HEAD}Read [the guide](references/guide.md).\n");
        let found = check_with(&RULE, &skill("pdf", &text), &["agentskills"], &files);
        assert_eq!(found.len(), 1);
        assert!(found[0].path.ends_with("references/guide.md"));
        assert_eq!(found[0].message, "`gone.md` does not exist in the skill");
    }

    #[test]
    fn one_finding_per_missing_path_per_file() {
        let body = "[a](gone.md) and again [b](gone.md)\n";
        assert_eq!(run(body, &[]).len(), 1);
    }

    #[test]
    fn case_mismatch_is_named() {
        let text = format!("{HEAD}[f](references/Forms.md)\n");
        let found = check_with(
            &RULE,
            &skill("pdf", &text),
            &["agentskills"],
            &[("references/forms.md", "")],
        );
        assert_eq!(
            found[0].message,
            "`references/Forms.md` does not exist: the file is `references/forms.md`, which differs in case"
        );
    }

    #[test]
    fn placeholders_and_misleading_suggestions() {
        let files = [("README.md", ""), ("assets/sample.md", "")];
        let text = format!("{HEAD}[Open](LINK) [a](refs/sub/README.md) [b](assets/sample.docx)\n");
        let found = check_with(&RULE, &skill("pdf", &text), &["agentskills"], &files);
        assert_eq!(found.len(), 2);
        assert!(
            found
                .iter()
                .all(|f| !f.help.as_deref().unwrap_or("").contains("did you mean"))
        );
    }

    #[test]
    fn paths_leaving_the_skill_and_backslashes_are_left_to_others() {
        assert!(
            run(
                "[a](../other/SKILL.md) [b](scripts\\x.py) [c](/abs/x.md)\n",
                &[]
            )
            .is_empty()
        );
    }
}
