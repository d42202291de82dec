//! Diagnostics for people: miette's graphical report, one per finding (its headline on top, the
//! rest of a long message as a note under the help), labels on the exact bytes, then the
//! summary line. Without colour (`NO_COLOR`, not a terminal) it stays readable.

use std::fmt;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, NamedSource, SourceCode, SourceSpan, SpanContents,
};

use super::escape;
use super::headline;
use super::lint::{LintReport, Sources};
use crate::error::{Error, Result};
use crate::hash::HashMap;
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
    source: Option<NamedSource<Window>>,
}

/// A file's text as miette reads it, handing over only the lines around a span: miette would
/// otherwise count lines from the start of the file for every finding, and a file with many
/// findings would take time in the square of its size.
#[derive(Clone)]
struct Window {
    text: Arc<String>,
    /// Offsets where lines start (after `\n`, `\r\n`, lone `\r`), as miette counts lines.
    starts: Arc<Vec<usize>>,
}

impl Window {
    fn new(text: String, starts: &[usize]) -> Self {
        Self {
            text: Arc::new(text),
            starts: Arc::new(starts.to_vec()),
        }
    }

    /// The index of the line holding `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }
}

impl SourceCode for Window {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let bytes = self.text.as_bytes();
        let end = span.offset().saturating_add(span.len());
        if end > bytes.len() {
            return Err(MietteError::OutOfBounds);
        }
        let first = self
            .line_of(span.offset())
            .saturating_sub(context_lines_before + 1);
        let last = self.line_of(end) + context_lines_after + 2;
        let from = self.starts[first];
        let to = self.starts.get(last).copied().unwrap_or(bytes.len());
        let shifted = SourceSpan::new((span.offset() - from).into(), span.len());
        let inner =
            bytes[from..to].read_span(&shifted, context_lines_before, context_lines_after)?;
        Ok(Box::new(MietteSpanContents::new(
            inner.data(),
            SourceSpan::new((inner.span().offset() + from).into(), inner.span().len()),
            inner.line() + first,
            inner.column(),
            inner.line_count() + first,
        )))
    }
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

/// The findings, then the summary line.
pub fn write(
    report: &LintReport,
    sources: &mut Sources<'_>,
    style: Style,
    out: &mut dyn Write,
) -> Result<()> {
    write_findings(report, sources, style, out)?;
    writeln!(out, "{}", report.summary.line()).map_err(Error::Output)
}

/// The findings alone (`--quiet`).
pub fn write_findings(
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
    // Each file's display text, made once however many findings point into it.
    let mut windows: HashMap<&Path, Window> = HashMap::default();
    for f in &report.findings {
        let (head, detail) = headline::split(f.message);
        let mut help = f.help.map(|h| escape::text(h).into_owned());
        if let Some(detail) = detail {
            let note = format!("note: {}", escape::text(&detail));
            help = Some(match help {
                Some(h) => format!("{h}\n{note}"),
                None => note,
            });
        }
        if f.fixable {
            let note = "fixable with `skills lint --fix`";
            help = Some(match help {
                Some(h) => format!("{h}\n{note}"),
                None => note.to_owned(),
            });
        }
        let spanned = f.offset.zip(f.length).zip(sources.get(f.file, f.skill_dir));
        let shown = match spanned {
            Some(((offset, length), source)) => Shown {
                code: format!("{}({})", f.rule, f.name),
                message: escape::text(&head).into_owned(),
                severity: f.severity,
                help,
                label: Some(LabeledSpan::new(
                    f.label.map(|l| escape::text(l).into_owned()),
                    offset,
                    length,
                )),
                source: Some(NamedSource::new(
                    escape::inline(&f.path),
                    windows
                        .entry(f.file)
                        .or_insert_with(|| {
                            Window::new(escape::snippet(source.bytes()), source.line_starts())
                        })
                        .clone(),
                )),
            },
            None => Shown {
                code: format!("{}({})", f.rule, f.name),
                message: format!("{}: {}", escape::inline(&f.path), escape::text(&head)),
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
    Ok(())
}
