//! S203 backslash-path: a reference to a file of the skill written with `\` separators.

use super::files::{self, Document};
use super::links::{self, Form, Kind};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S203",
    name: "backslash-path",
    severity: Severity::Warning,
    summary: "a file reference uses Windows-style `\\` separators",
    docs: r#"## What it does

Reports relative paths written with backslashes (`scripts\helper.py`) in `SKILL.md` and in the
Markdown files it references:

- in Markdown links and images, any literal `\` in a relative target;
- in code spans, a whole-span path with `\` separators that names a file of the skill (its first
  directory is `scripts`, `references`, `assets` or one the skill has) or ends in a common file
  extension (`.py`, `.md`, `.json`…), so `DOMAIN\john.smith` is not taken for a path.

Backticked Windows programs and scripts (`.\scripts\setup.cmd`, `tools\build.ps1`, `.bat`,
`.exe`) are not reported: they are commands for a Windows shell, where `cmd.exe` needs the
backslashes.

Backslashes that are Markdown escapes (`a\_b.md`), regular expressions (`\d+`), LaTeX (`\frac`)
and anything in fenced code blocks are not paths and are not reported. Absolute Windows paths
(`C:\…`) are left to S204.

## Why

Anthropic's authoring guidance says to "Avoid Windows-style paths" and to always use forward
slashes. Skills run on Linux and macOS machines and sandboxes, where `\` is an ordinary file-name
character: `scripts\helper.py` names no file there, so the model's read or run fails. Forward
slashes work on Windows too.

## Example

```markdown
Run `scripts\fill_form.py` with the field values.
```

## How to fix

Write the path with forward slashes: `scripts/fill_form.py`.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    files::for_each_document(cx, |document| check_document(cx, document, out));
}

fn check_document(cx: &SkillContext<'_>, document: &Document, out: &mut Vec<Finding>) {
    let tree = cx.tree();
    for reference in document.references.iter() {
        let Form::Backslash(forward) = &reference.form else {
            continue;
        };
        if reference.kind == Kind::Code
            && (links::is_windows_program(forward)
                || !reference.names_skill_path(tree, &document.rel)
                    && !links::has_common_extension(forward))
        {
            continue;
        }
        out.push(
            RULE.finding(
                cx,
                format!(
                    "`{}` uses backslashes as path separators",
                    reference.written
                ),
            )
            .at(reference.span)
            .label("use `/`")
            .help(format!(
                "write `{forward}`: forward slashes work on every system"
            ))
            .in_file(document.path(cx)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::{check_with, flagged, skill};

    const HEAD: &str = "---\nname: pdf\ndescription: Fills PDF forms. Use for PDFs.\n---\n";

    fn run(body: &str, files: &[(&str, &str)]) -> Vec<String> {
        flagged(&RULE, &format!("{HEAD}{body}"), files)
    }

    #[test]
    fn backslash_paths_in_code_and_links() {
        let found = run(
            "Run `scripts\\fill.py`, open `.\\docs\\guide.md`, see [forms](references\\forms.md).\n",
            &[],
        );
        assert_eq!(
            found,
            vec![
                "scripts\\fill.py",
                ".\\docs\\guide.md",
                "references\\forms.md"
            ]
        );
    }

    #[test]
    fn escapes_regexes_latex_and_fences_pass() {
        let body = "[a](a\\_b.md) `\\d+\\.\\w+` `\\frac{a}{b}` `HKEY_CURRENT_USER\\Software` \
                    `C:\\Users\\x\\a.md` `CORP\\dana.smith` `.\\scripts\\setup.cmd` \
                    `scripts\\build.ps1`\n\n```\nscripts\\fill.py\n```\n";
        assert!(run(body, &[]).is_empty());
    }

    #[test]
    fn help_gives_the_forward_slash_path() {
        let text = format!("{HEAD}`scripts\\fill.py`\n");
        let found = check_with(&RULE, &skill("pdf", &text), &["agentskills"], &[]);
        assert_eq!(
            found[0].help.as_deref(),
            Some("write `scripts/fill.py`: forward slashes work on every system")
        );
    }
}
