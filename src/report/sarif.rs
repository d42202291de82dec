//! SARIF 2.1.0 for code scanning (GitHub, Azure DevOps, IDEs): every rule as a descriptor with
//! a `helpUri` to its page under docs/rules/, every finding as a result with a region (line 1
//! for a finding about a whole file). Columns count Unicode code points (`columnKind`).

use std::io::Write;

use serde_json::{Value, json};

use super::lint::LintReport;
use crate::error::Result;
use crate::rules::{self, Severity};

pub const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// The whole SARIF log.
pub fn log(report: &LintReport) -> Value {
    let all: Vec<&rules::Rule> = rules::all().collect();
    let descriptors: Vec<Value> = all
        .iter()
        .map(|r| {
            json!({
                "id": r.id,
                "name": r.name,
                "shortDescription": { "text": r.summary },
                "fullDescription": { "text": r.summary },
                "help": { "text": r.docs, "markdown": r.docs },
                "helpUri": help_uri(r.id),
                "defaultConfiguration": { "level": level(r.severity) },
                "properties": { "fixable": r.fixable },
            })
        })
        .collect();
    let results: Vec<Value> = report
        .findings
        .iter()
        .map(|f| {
            let mut text = f.message.to_owned();
            if let Some(help) = &f.help {
                text.push_str(&format!("\nhelp: {help}"));
            }
            let artifact = if f.path.starts_with('/') {
                json!({ "uri": format!("file://{}", uri(&f.path)) })
            } else {
                json!({ "uri": uri(&f.path), "uriBaseId": "%SRCROOT%" })
            };
            let mut location = json!({ "physicalLocation": { "artifactLocation": artifact } });
            if let (Some(line), Some(col), Some(end_line), Some(end_col)) =
                (f.line, f.column, f.end_line, f.end_column)
            {
                location["physicalLocation"]["region"] = json!({
                    "startLine": line,
                    "startColumn": col,
                    "endLine": end_line,
                    "endColumn": end_col.max(if end_line == line { col } else { 1 }),
                    "byteOffset": f.offset,
                    "byteLength": f.length,
                });
            } else if std::path::Path::new(&f.file).is_file() {
                // A finding about a whole file: its first line, so that every viewer can place it.
                location["physicalLocation"]["region"] = json!({ "startLine": 1 });
            }
            json!({
                "ruleId": f.rule,
                "ruleIndex": all.iter().position(|r| r.id == f.rule),
                "level": level(f.severity),
                "message": { "text": text },
                "locations": [location],
            })
        })
        .collect();
    json!({
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "skills",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": env!("CARGO_PKG_REPOSITORY"),
                    "rules": descriptors,
                }
            },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    })
}

pub fn write(report: &LintReport, out: &mut dyn Write) -> Result<()> {
    super::write_json(out, &log(report))
}

/// The page of a rule's documentation in the repository, at the tag of this version:
/// `docs/rules/<ID>.md`, generated from the rule (tests/docs.rs keeps it so).
pub fn help_uri(id: &str) -> String {
    format!(
        "{}/blob/v{}/docs/rules/{id}.md",
        env!("CARGO_PKG_REPOSITORY"),
        env!("CARGO_PKG_VERSION")
    )
}

/// A relative URI reference: `/` separators, spaces and `%` escaped.
fn uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.replace('\\', "/").chars() {
        match c {
            'A'..='Z' | 'a'..='z' | '0'..='9' | '-' | '.' | '_' | '~' | '/' => out.push(c),
            c => {
                let mut buf = [0; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("%{b:02X}"));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::uri;

    #[test]
    fn uris_are_escaped() {
        assert_eq!(
            uri("skills/my skill/SKILL.md"),
            "skills/my%20skill/SKILL.md"
        );
        assert_eq!(uri("a/café.md"), "a/caf%C3%A9.md");
    }
}
