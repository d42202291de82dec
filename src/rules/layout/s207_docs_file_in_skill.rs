//! S207 docs-file-in-skill: a README, CHANGELOG or install guide at the skill root.

use super::files;
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S207",
    name: "docs-file-in-skill",
    severity: Severity::Info,
    summary: "the skill root holds a human-facing docs file such as README.md",
    docs: r#"## What it does

Notes a `README.md`, `CHANGELOG.md`, `INSTALLATION_GUIDE.md` or `QUICK_REFERENCE.md` (any
casing) at the root of the skill directory, unless `SKILL.md` references it. Files in
subdirectories are not reported.

It is an info note, not a warning: a skill that is its own repository often keeps a `README.md`
for the repository page, and that is a choice, not a defect.

## Why

A skill is written for the model, and everything in it is shipped with it. Anthropic's earlier
skill-creator guidance told authors not to include a README, installation guide, quick reference
or changelog: they duplicate `SKILL.md` for a human audience, go stale, and when the model lists
the skill's files it may read them and take outdated or off-task instructions from them.

## Example

```text
pdf-processing/
  SKILL.md
  README.md
  CHANGELOG.md
```

## How to fix

Move what the model needs into `SKILL.md` or a file under `references/` that `SKILL.md` links,
and keep human documentation outside the skill directory (for example one level up in the
repository). If the file is meant for the model, reference it from `SKILL.md`.
"#,
    fixable: false,
    check: Check::Skill(check),
};

const DOCS_FILES: [&str; 4] = [
    "readme.md",
    "changelog.md",
    "installation_guide.md",
    "quick_reference.md",
];

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let referenced = files::direct_targets(cx);
    for entry in cx.tree().files() {
        if entry.path.contains('/')
            || !DOCS_FILES.contains(&entry.path.to_ascii_lowercase().as_str())
            || referenced.contains(&entry.path)
        {
            continue;
        }
        out.push(
            RULE.finding(
                cx,
                format!("`{}` is documentation for people, shipped inside the skill", entry.path),
            )
            .help("keep human docs outside the skill directory, or reference the file from SKILL.md if the model needs it")
            .in_file(cx.path_of(&entry.path)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::rules::context::testing::{check_with, skill};

    const HEAD: &str = "---\nname: pdf\ndescription: Fills PDF forms. Use for PDFs.\n---\n";

    fn run(body: &str, files: &[(&str, &str)]) -> Vec<String> {
        check_with(
            &RULE,
            &skill("pdf", &format!("{HEAD}{body}")),
            &["agentskills"],
            files,
        )
        .into_iter()
        .map(|f| f.path.to_string_lossy().into_owned())
        .collect()
    }

    #[test]
    fn docs_files_at_the_root_are_noted() {
        let found = run(
            "# PDF\n",
            &[
                ("README.md", ""),
                ("CHANGELOG.md", ""),
                ("Quick_Reference.md", ""),
            ],
        );
        assert_eq!(
            found,
            vec![
                "/skills/pdf/CHANGELOG.md",
                "/skills/pdf/Quick_Reference.md",
                "/skills/pdf/README.md"
            ]
        );
    }

    #[test]
    fn nested_or_referenced_docs_pass() {
        let files = [
            ("README.md", ""),
            ("references/README.md", ""),
            ("LICENSE.txt", ""),
        ];
        assert!(run("See [the readme](README.md).\n", &files).is_empty());
    }
}
