//! `skills new`'s templates: a `SKILL.md` that follows the authoring guidance (a description
//! that says what and when, a short overview, steps, resources linked one level deep) and the
//! starter files of the resource folders asked for. Text only; the command writes it.

/// What to scaffold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Request {
    pub name: String,
    pub description: Option<String>,
    pub license: Option<String>,
    pub scripts: bool,
    pub references: bool,
    pub assets: bool,
}

/// A file of the scaffold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    /// Relative to the skill folder, `/`-separated.
    pub rel: String,
    pub text: String,
    pub executable: bool,
}

/// The description written when none is given: a placeholder that says what a real one needs,
/// and that S110 (description-placeholder) fails until it is replaced.
pub const PLACEHOLDER_DESCRIPTION: &str = "Describes in one sentence what this skill does and \
the result it produces; replace this text. Use when the user asks for the task the skill \
handles, naming the file types and keywords they would mention.";

/// The words of [`PLACEHOLDER_DESCRIPTION`] that S110 looks for (lowercase).
pub const PLACEHOLDER_MARKER: &str = "replace this text";

/// The skill's files, `SKILL.md` first.
pub fn files(request: &Request) -> Vec<File> {
    let mut files = vec![File {
        rel: "SKILL.md".to_owned(),
        text: skill_md(request),
        executable: false,
    }];
    let title = title(&request.name);
    if request.scripts {
        files.push(File {
            rel: "scripts/example.py".to_owned(),
            text: format!(
                r#"#!/usr/bin/env python3
"""Example script of the {name} skill: replace it with the skill's own code.

Scripts run without being read into the context, so exact, repeatable work belongs here.
"""

import sys


def main() -> int:
    print(f"{name}: {{len(sys.argv) - 1}} argument(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
"#,
                name = request.name
            ),
            executable: true,
        });
    }
    if request.references {
        files.push(File {
            rel: "references/REFERENCE.md".to_owned(),
            text: format!(
                "# {title} reference\n\n\
                 Replace this with the detail the steps point to: options, formats, longer\n\
                 examples. The model reads it only when a step needs it, so it costs nothing\n\
                 until then.\n\n\
                 Keep each reference file on one topic and link it from SKILL.md directly. A file\n\
                 longer than 100 lines should open with a table of contents.\n"
            ),
            executable: false,
        });
    }
    if request.assets {
        files.push(File {
            rel: "assets/template.md".to_owned(),
            text: format!(
                "# {title}\n\n\
                 Replace this with a template the skill's output starts from. Assets are used in\n\
                 the output, not read as instructions.\n"
            ),
            executable: false,
        });
    }
    files
}

fn skill_md(request: &Request) -> String {
    let description = request
        .description
        .as_deref()
        .unwrap_or(PLACEHOLDER_DESCRIPTION);
    let mut text = format!(
        "---\nname: {}\ndescription: {}\n",
        yaml_quote(&request.name),
        yaml_quote(description)
    );
    if let Some(license) = &request.license {
        text.push_str(&format!("license: {}\n", yaml_quote(license)));
    }
    text.push_str("---\n\n");
    text.push_str(&format!("# {}\n\n", title(&request.name)));
    text.push_str(
        "Replace this paragraph with a short overview: what the skill does and what the result\n\
         looks like. The description above decides when the skill is used; this body is read\n\
         after that, so it holds instructions only. Keep it under 500 lines and move detail\n\
         into files it links.\n\n\
         ## Steps\n\n\
         1. Replace these steps with the workflow, one action per step.\n\
         2. Say what to check first, and what to do when an input is missing.\n\
         3. Say how to verify the result before finishing.\n",
    );
    if request.scripts {
        text.push_str(
            "\n## Scripts\n\n\
             - `scripts/example.py`: run it as `python3 scripts/example.py FILE`. Replace it with\n  \
             the skill's own script and say here when each step runs it.\n",
        );
    }
    if request.references {
        text.push_str(
            "\n## References\n\n\
             - [REFERENCE.md](references/REFERENCE.md): the detail a step needs, read only then.\n  \
             Link every reference file from here, one level deep.\n",
        );
    }
    if request.assets {
        text.push_str(
            "\n## Assets\n\n\
             - `assets/template.md`: the template the output starts from.\n",
        );
    }
    text
}

/// `pdf-tools` → `Pdf Tools`.
pub fn title(name: &str) -> String {
    name.split('-')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect::<String>()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` as a YAML double-quoted scalar: `\` and `"` escaped, control characters as escapes,
/// everything else as it is. Every YAML parser reads it back as `text`.
pub fn yaml_quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() || c == '\u{feff}' || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04X}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontmatter;
    use crate::source::Source;

    #[test]
    fn titles_capitalise_each_word() {
        assert_eq!(title("pdf-tools"), "Pdf Tools");
        assert_eq!(title("a"), "A");
        assert_eq!(title("über-notes"), "Über Notes");
    }

    #[test]
    fn quoted_values_read_back_unchanged() {
        for text in [
            "plain",
            "Use when: asked",
            "quote \" and back\\slash",
            "line\nbreak\ttab",
            "#hash [flow] {map} &anchor *alias !tag",
            "bell\u{7} and bom\u{feff}",
            "",
        ] {
            let source = format!("---\nv: {}\n---\n", yaml_quote(text));
            let doc = frontmatter::parse(&Source::new(source.into_bytes()));
            let value = doc.frontmatter().and_then(|fm| fm.get("v"));
            assert_eq!(value.and_then(|f| f.as_str()), Some(text), "{text:?}");
        }
    }

    #[test]
    fn resource_files_follow_the_request() {
        let mut request = Request {
            name: "pdf".into(),
            ..Request::default()
        };
        let names = |r: &Request| files(r).into_iter().map(|f| f.rel).collect::<Vec<_>>();
        assert_eq!(names(&request), ["SKILL.md"]);
        request.scripts = true;
        request.references = true;
        request.assets = true;
        assert_eq!(
            names(&request),
            [
                "SKILL.md",
                "scripts/example.py",
                "references/REFERENCE.md",
                "assets/template.md"
            ]
        );
        assert!(files(&request)[1].executable);
    }
}
