//! Diagnostics for people: miette's graphical report, one per finding, labels on the exact
//! bytes, then the summary line. Without colour (`NO_COLOR`, not a terminal) it stays readable.

use std::fmt;
use std::io::Write;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceCode,
};

use super::lint::{LintReport, Sources};
use crate::error::{Error, Result};
use crate::rules::Severity;

/// How to draw diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
    /// Wrap width.
    pub width: usize,
}

struct Shown {
    code: String,
    message: String,
    severity: Severity,
    help: Option<String>,
    label: Option<LabeledSpan>,
    source: Option<NamedSource<String>>,
}

impl fmt::Debug for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Shown {}

impl Diagnostic for Shown {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Info => miette::Severity::Advice,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.label
            .clone()
            .map(|l| Box::new(std::iter::once(l)) as Box<dyn Iterator<Item = LabeledSpan>>)
    }
}

/// The file as text with the same byte offsets: each invalid UTF-8 byte becomes `?`.
fn display_text(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        text.extend(std::iter::repeat_n('?', chunk.invalid().len()));
    }
    text
}

pub fn write(
    report: &LintReport,
    sources: &mut Sources<'_>,
    style: Style,
    out: &mut dyn Write,
) -> Result<()> {
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false)
        .with_context_lines(1);
    for f in &report.findings {
        let mut help = f.help.clone();
        if f.fixable {
            let note = "fixable with `skills lint --fix`";
            help = Some(match help {
                Some(h) => format!("{h}\n{note}"),
                None => note.to_owned(),
            });
        }
        let spanned = f.offset.zip(f.length).zip(sources.get(&f.file));
        let shown = match spanned {
            Some(((offset, length), source)) => Shown {
                code: format!("{}({})", f.rule, f.name),
                message: f.message.clone(),
                severity: f.severity,
                help,
                label: Some(LabeledSpan::new(f.label.clone(), offset, length)),
                source: Some(NamedSource::new(&f.path, display_text(source.bytes()))),
            },
            None => Shown {
                code: format!("{}({})", f.rule, f.name),
                message: format!("{}: {}", f.path, f.message),
                severity: f.severity,
                help,
                label: None,
                source: None,
            },
        };
        let mut text = String::new();
        handler
            .render_report(&mut text, &shown)
            .map_err(|e| Error::Output(std::io::Error::other(e)))?;
        out.write_all(text.as_bytes()).map_err(Error::Output)?;
        writeln!(out).map_err(Error::Output)?;
    }
    writeln!(out, "{}", report.summary.line()).map_err(Error::Output)
}

#[cfg(test)]
mod tests {
    use super::display_text;

    #[test]
    fn invalid_bytes_keep_offsets() {
        assert_eq!(display_text(b"ab\xffc\xe2\x82"), "ab?c??");
        assert_eq!(display_text("é".as_bytes()), "é");
    }
}
