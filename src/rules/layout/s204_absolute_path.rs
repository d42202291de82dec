//! S204 absolute-path: a reference to an absolute or home-directory path, which exists only on
//! the author's machine.

use super::files::{self, Document};
use super::links::{Form, Kind, Reference};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S204",
    name: "absolute-path",
    severity: Severity::Warning,
    summary: "a file reference is an absolute path on the author's machine",
    docs: r#"## What it does

Reports references to absolute paths in `SKILL.md` and in the Markdown files it references:

- Markdown links and images whose target is absolute: `/…`, `C:\…`, `C:/…`, `\\server\…`,
  `~/…` or a `file:` URL;
- code spans holding a path inside a particular user's home directory: `/Users/<name>/…`,
  `/home/<name>/…`, `C:\Users\<name>\…`.

Deliberately not reported: system paths in code spans (`/etc/hosts`, `/tmp/out`), `~/…` in code
spans (`~/.claude/skills` is the same place for every user, and instructions often name it),
home paths with a placeholder user (`/Users/you/…`, `/home/user/…`, `/home/runner/…`), and
anything in fenced code blocks, which are examples.

## Why

A skill is copied to other machines, sandboxes and the Claude API, where the skill directory sits
somewhere else and the author's home directory does not exist. An absolute link (or a
root-relative one such as `/docs/guide.md`, which a GitHub page resolves against the repository
but a runtime reads as a path from the file-system root) leaves the model with a file it cannot
open.

## Example

```markdown
Fill in the fields listed in [forms](/Users/dana/skills/pdf/references/forms.md).
```

## How to fix

Use a path relative to the skill directory, such as `references/forms.md`.
"#,
    fixable: false,
    check: Check::Skill(check),
};

/// Home-directory names used as placeholders or by shared service accounts, not a person's
/// machine.
const GENERIC_USERS: [&str; 19] = [
    "codespace",
    "ec2-user",
    "example",
    "me",
    "myname",
    "myuser",
    "name",
    "node",
    "runner",
    "someone",
    "ubuntu",
    "user",
    "username",
    "vscode",
    "you",
    "your-name",
    "your-user",
    "your-username",
    "yourname",
];

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    files::for_each_document(cx, |document| check_document(cx, document, out));
}

fn check_document(cx: &SkillContext<'_>, document: &Document, out: &mut Vec<Finding>) {
    for reference in document.references.iter() {
        if reference.form != Form::Absolute {
            continue;
        }
        let message = if reference.kind == Kind::Code {
            if !in_a_users_home(&reference.written) {
                continue;
            }
            format!(
                "`{}` is a path in one user's home directory",
                reference.written
            )
        } else {
            format!("`{}` is an absolute path", reference.written)
        };
        let help = match inside_skill(cx, reference) {
            Some(rel) => format!("write the path relative to the skill directory: `{rel}`"),
            None => "use a path relative to the skill directory, and ship the file in the skill"
                .to_owned(),
        };
        out.push(
            RULE.finding(cx, message)
                .at(reference.span)
                .label("only exists on the author's machine")
                .help(help)
                .in_file(document.path(cx)),
        );
    }
}

/// Whether `path` is inside a named user's home directory (`/Users/dana/…`, `/home/dana/…`,
/// `C:\Users\dana\…`), the user not being a placeholder.
fn in_a_users_home(path: &str) -> bool {
    let path = path.replace('\\', "/");
    let rest = path
        .strip_prefix("/Users/")
        .or_else(|| path.strip_prefix("/home/"))
        .or_else(|| {
            let (drive, rest) = path.split_once(":/")?;
            let rest = rest
                .strip_prefix("Users/")
                .or(rest.strip_prefix("users/"))?;
            (drive.len() == 1).then_some(rest)
        });
    let Some(user) = rest.and_then(|r| r.split('/').next()) else {
        return false;
    };
    !user.is_empty() && !GENERIC_USERS.contains(&user.to_lowercase().as_str())
}

/// The file of the skill an absolute path ends with (`/Users/dana/skills/pdf/references/forms.md`
/// → `references/forms.md`), the longest such suffix.
fn inside_skill(cx: &SkillContext<'_>, reference: &Reference) -> Option<String> {
    let path = reference.written.replace('\\', "/");
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    (0..parts.len())
        .map(|i| parts[i..].join("/"))
        .find(|suffix| files::is_file(cx.tree(), suffix))
}

#[cfg(test)]
mod tests {
    use super::{RULE, in_a_users_home};
    use crate::rules::context::testing::{check_with, flagged, skill};

    const HEAD: &str = "---\nname: pdf\ndescription: Fills PDF forms. Use for PDFs.\n---\n";

    fn run(body: &str, files: &[(&str, &str)]) -> Vec<String> {
        flagged(&RULE, &format!("{HEAD}{body}"), files)
    }

    #[test]
    fn absolute_links_are_reported() {
        let found = run(
            "[a](/Users/dana/pdf/forms.md) [b](/docs/guide.md) [c](C:\\skills\\a.md) \
             [d](~/notes.md) [e](file:///tmp/x.md)\n",
            &[],
        );
        assert_eq!(
            found,
            vec![
                "/Users/dana/pdf/forms.md",
                "/docs/guide.md",
                "C:\\skills\\a.md",
                "~/notes.md",
                "file:///tmp/x.md"
            ]
        );
    }

    #[test]
    fn code_spans_only_for_a_named_users_home() {
        let body = "Edit `/Users/dana/skills/pdf/x.py`, `C:\\Users\\dana\\x.md`, not `/etc/hosts`, \
                    `~/.claude/skills`, `/Users/you/x.md`, `/tmp/out.json`, `/home/runner/work/a.md`.\n\n\
                    ```\ncat /Users/dana/x\n```\n";
        assert_eq!(
            run(body, &[]),
            vec!["/Users/dana/skills/pdf/x.py", "C:\\Users\\dana\\x.md"]
        );
    }

    #[test]
    fn help_names_the_relative_path_when_the_file_is_in_the_skill() {
        let text = format!("{HEAD}[forms](/Users/dana/skills/pdf/references/forms.md)\n");
        let found = check_with(
            &RULE,
            &skill("pdf", &text),
            &["agentskills"],
            &[("references/forms.md", "")],
        );
        assert_eq!(
            found[0].help.as_deref(),
            Some("write the path relative to the skill directory: `references/forms.md`")
        );
    }

    #[test]
    fn home_paths() {
        assert!(in_a_users_home("/home/dana/a"));
        assert!(in_a_users_home("C:/Users/Dana/a"));
        assert!(!in_a_users_home("/home/user/a"));
        assert!(!in_a_users_home("/Users/"));
        assert!(!in_a_users_home("/usr/local/bin"));
    }
}
