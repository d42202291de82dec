//! GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` line per finding, shown
//! as annotations on the pull request.

use std::io::Write;

use super::escape;
use super::lint::LintReport;
use crate::error::{Error, Result};
use crate::rules::Severity;

pub fn write(report: &LintReport, out: &mut dyn Write) -> Result<()> {
    for f in &report.findings {
        let command = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let mut props = vec![format!("file={}", property(&escape::inline(&f.path)))];
        if let (Some(line), Some(col)) = (f.line, f.column) {
            props.push(format!("line={line}"));
            props.push(format!("col={col}"));
        }
        if let (Some(line), Some(col)) = (f.end_line, f.end_column) {
            props.push(format!("endLine={line}"));
            props.push(format!("endColumn={col}"));
        }
        props.push(format!(
            "title={}",
            property(&format!("{} {}", f.rule, f.name))
        ));
        let mut message = escape::text(f.message).into_owned();
        if let Some(help) = &f.help {
            message.push_str("\nhelp: ");
            message.push_str(&escape::text(help));
        }
        writeln!(out, "::{command} {}::{}", props.join(","), data(&message))
            .map_err(Error::Output)?;
    }
    Ok(())
}

/// Escapes a command's message.
fn data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value.
fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_the_runner_would_misread() {
        assert_eq!(data("50% done\r\nnext"), "50%25 done%0D%0Anext");
        assert_eq!(property("a:b,c"), "a%3Ab%2Cc");
    }
}
