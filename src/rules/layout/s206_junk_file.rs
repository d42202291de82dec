//! S206 junk-file: operating-system, editor-cache and dependency leftovers inside the skill.

use crate::rules::{Check, Entry, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S206",
    name: "junk-file",
    severity: Severity::Warning,
    summary: "the skill directory holds files that should not be shipped",
    docs: r#"## What it does

Reports, anywhere in the skill directory:

- `.DS_Store` (macOS Finder) and `Thumbs.db` (Windows Explorer) files;
- `__pycache__/` directories and `*.pyc` / `*.pyo` files (Python bytecode);
- `node_modules/` directories (installed JavaScript dependencies);
- a `.git` directory or file *below* the skill root (a nested checkout or submodule).

Files hidden by `.gitignore` are not listed, and are not reported: packaging leaves them out
too. A `.git` directory at the skill root is not reported either: a skill that is its own
repository is a normal way to share one.

## Why

Everything in the skill directory is copied when the skill is installed or zipped for upload.
Anthropic's `package_skill.py` drops `__pycache__`, `node_modules`, `.DS_Store` and `*.pyc` for
this reason, but a hand-made zip, a plain copy or another installer keeps them: they make the
package bigger (`node_modules` can be hundreds of megabytes), expose local details, and show up in
the resource listings some runtimes give the model.

## Example

```text
pdf-processing/
  SKILL.md
  .DS_Store
  scripts/__pycache__/fill_form.cpython-312.pyc
```

## How to fix

Delete the files, and add them to `.gitignore` so they do not come back (`.DS_Store`,
`__pycache__/`, `*.pyc`, `node_modules/`). Install dependencies at run time instead of shipping
`node_modules`.
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    for entry in &cx.tree().entries {
        let Some(what) = junk(entry) else {
            continue;
        };
        let kind = if entry.is_dir { "directory" } else { "file" };
        out.push(
            RULE.finding(cx, format!("`{}` is {what}", entry.path))
                .help(format!(
                    "delete the {kind} and add `{}` to .gitignore",
                    ignore_pattern(entry)
                ))
                .in_file(cx.path_of(&entry.path)),
        );
    }
}

/// What a junk entry is, or `None` for an ordinary one. Entries inside a reported directory are
/// not listed by the tree, so each mess is reported once.
fn junk(entry: &Entry) -> Option<&'static str> {
    let name = entry.file_name();
    let lower = name.to_ascii_lowercase();
    match (entry.is_dir, lower.as_str()) {
        (false, ".ds_store") => Some("a macOS Finder metadata file"),
        (false, "thumbs.db") => Some("a Windows Explorer thumbnail cache"),
        (true, "__pycache__") => Some("a Python bytecode cache"),
        (true, "node_modules") => Some("a directory of installed JavaScript dependencies"),
        (_, ".git") if entry.path.contains('/') => Some("a nested Git repository"),
        (false, _) if lower.ends_with(".pyc") || lower.ends_with(".pyo") => {
            Some("compiled Python bytecode")
        }
        _ => None,
    }
}

fn ignore_pattern(entry: &Entry) -> String {
    let name = entry.file_name();
    let lower = name.to_ascii_lowercase();
    if !entry.is_dir && (lower.ends_with(".pyc") || lower.ends_with(".pyo")) {
        "*.pyc".to_owned()
    } else if entry.is_dir {
        format!("{name}/")
    } else {
        name.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::{check_with, skill};

    const TEXT: &str = "---\nname: pdf\ndescription: Fills PDF forms. Use for PDFs.\n---\n# PDF\n";

    fn run(files: &[(&str, &str)]) -> Vec<String> {
        check_with(&RULE, &skill("pdf", TEXT), &["agentskills"], files)
            .into_iter()
            .map(|f| {
                assert_eq!(f.span, None);
                f.path.to_string_lossy().into_owned()
            })
            .collect()
    }

    #[test]
    fn junk_entries_are_reported_in_their_own_files() {
        let found = run(&[
            (".DS_Store", ""),
            ("assets/Thumbs.db", ""),
            ("scripts/__pycache__/", ""),
            ("scripts/old.pyc", ""),
            ("node_modules/", ""),
            ("vendor/lib/.git/", ""),
            ("vendor/sub/.git", "gitdir: ../../.git/modules/sub"),
        ]);
        assert_eq!(
            found,
            vec![
                "/skills/pdf/.DS_Store",
                "/skills/pdf/assets/Thumbs.db",
                "/skills/pdf/node_modules",
                "/skills/pdf/scripts/__pycache__",
                "/skills/pdf/scripts/old.pyc",
                "/skills/pdf/vendor/lib/.git",
                "/skills/pdf/vendor/sub/.git",
            ]
        );
    }

    #[test]
    fn a_repository_at_the_skill_root_and_ordinary_files_pass() {
        assert!(
            run(&[
                (".git/", ""),
                (".gitignore", "*.pyc\n"),
                ("scripts/fill.py", ""),
                ("assets/pyc-logo.png", ""),
                ("references/node_modules.md", ""),
            ])
            .is_empty()
        );
    }

    #[test]
    fn help_names_the_gitignore_pattern() {
        let found = check_with(
            &RULE,
            &skill("pdf", TEXT),
            &["agentskills"],
            &[("a/b.pyc", "")],
        );
        assert_eq!(
            found[0].help.as_deref(),
            Some("delete the file and add `*.pyc` to .gitignore")
        );
    }
}
