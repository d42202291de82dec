//! S107 long-reference-without-toc: a long Markdown file referenced from `SKILL.md` does not open
//! with a table of contents.

use crate::rules::layout::files;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::source::{Span, lines};

pub const RULE: Rule = Rule {
    id: "S107",
    name: "long-reference-without-toc",
    severity: Severity::Warning,
    summary: "a long referenced file has no table of contents at the top",
    docs: r#"## What it does

Checks each Markdown file that `SKILL.md` references directly (by a link or a backticked path).
When the file has more lines than `toc-min-lines` (100 by default), its first 30 lines must hold a
table of contents, which is either:

- a heading, or a line in bold or italics (`**Contents:**`), such as `Contents`,
  `Table of contents`, `TOC`, `Index`, `Sections`, `On this page`, `In this document` or
  `Navigation` (any case), or
- a list with at least three items that link to `#anchors` in the file.

Files that `SKILL.md` does not reference, and files other than Markdown, are not checked.

## Why

Anthropic's authoring guidance asks for a table of contents at the top of every reference file
longer than 100 lines: Claude may preview a file (for example with `head -100`) instead of
reading it whole, and a contents list at the top shows what the rest of the file holds, so it
can read the section it needs.

## Example

A 400-line `references/api.md` that starts:

```markdown
# API reference

## Authentication
Create a token in the dashboard and send it as a bearer token.
(then 390 more lines of endpoints, errors and webhooks)
```

## How to fix

Add a short contents list under the title:

```markdown
# API reference

## Contents
- Authentication
- Core methods (create, read, update, delete)
- Error handling
```

Or raise `toc-min-lines` in `skills.toml` if your files are meant to be read whole.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    for (document, source) in files::linked_documents(cx).iter() {
        let count = source.line_count();
        if count <= cx.settings.toc_min_lines || document.contents.is_some_and(|c| c.at_top(source))
        {
            continue;
        }
        let first_line = lines(source.text())
            .next()
            .map_or(Span::new(0, 0), |(_, content, _)| source.file_span(content));
        out.push(
            RULE.finding(
                cx,
                format!(
                    "`{}` has {count} lines and no table of contents at the top",
                    document.rel
                ),
            )
            .at(first_line)
            .label("no table of contents in the first 30 lines")
            .help("add a `## Contents` list of the file's sections under its title, so a partial read shows what the file holds")
            .in_file(document.path(cx)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::{check_with, skill};

    const HEAD: &str = "---\nname: pdf\ndescription: Fills PDF forms. Use for PDFs.\n---\nSee [the API](references/api.md).\n";

    fn run(api: &str) -> Vec<String> {
        check_with(
            &RULE,
            &skill("pdf", HEAD),
            &["agentskills"],
            &[("references/api.md", api)],
        )
        .into_iter()
        .map(|f| {
            let span = f.span.expect("a span");
            assert!(f.path.ends_with("references/api.md"));
            api[span.start..span.end].to_owned()
        })
        .collect()
    }

    fn sections(n: usize) -> String {
        (0..n)
            .map(|i| format!("## Part {i}\n\nText.\n\n"))
            .collect()
    }

    #[test]
    fn long_file_without_toc_is_reported_at_its_first_line() {
        assert_eq!(run(&format!("# API\n\n{}", sections(40))), vec!["# API"]);
    }

    #[test]
    fn a_contents_heading_or_anchor_list_passes() {
        assert!(
            run(&format!(
                "# API\n\n## Contents\n- Setup\n- Calls\n\n{}",
                sections(40)
            ))
            .is_empty()
        );
        assert!(
            run(&format!(
                "# API\n\n- [Part 0](#part-0)\n- [Part 1](#part-1)\n- [Part 2](#part-2)\n\n{}",
                sections(40)
            ))
            .is_empty()
        );
    }

    #[test]
    fn short_or_unreferenced_files_pass() {
        assert!(run(&format!("# API\n\n{}", sections(20))).is_empty());
        let found = check_with(
            &RULE,
            &skill("pdf", "---\nname: pdf\ndescription: d\n---\nNo links.\n"),
            &["agentskills"],
            &[("references/api.md", &sections(40))],
        );
        assert!(found.is_empty());
    }

    #[test]
    fn a_toc_below_the_top_does_not_count() {
        let late = format!(
            "# API\n\n{}## Contents\n- a\n{}",
            sections(10),
            sections(30)
        );
        assert_eq!(run(&late).len(), 1);
    }
}
