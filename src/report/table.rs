//! Plain-text tables (the one place comfy-table is used).

use comfy_table::{CellAlignment, ContentArrangement, Table, TableStyle};

/// Columns separated by spaces, one rule under the header, nothing else: easy to read, to grep
/// and to diff.
const STYLE: TableStyle =
    TableStyle::new().header_separator(comfy_table::LineStyle::none().fill('─').junction('─'));

/// A table with a header row; columns wrap to the terminal width when there is a terminal.
/// Trailing padding is trimmed from every line; control characters in cells are written out
/// ([`super::escape::inline`]).
pub fn render(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    render_aligned(header, &[], rows)
}

/// [`render`] with the columns at `right` (indexes) aligned right, for numbers.
pub fn render_aligned(
    header: &[&str],
    right: &[usize],
    rows: impl IntoIterator<Item = Vec<String>>,
) -> String {
    let mut table = Table::new();
    table
        .load_style(STYLE)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(header.iter().copied());
    for row in rows {
        // Cells hold names and paths from skills: no control character reaches the terminal.
        table.add_row(
            row.iter()
                .map(|cell| super::escape::inline(cell).into_owned())
                .collect::<Vec<_>>(),
        );
    }
    for &index in right {
        if let Some(column) = table.column_mut(index) {
            column.set_cell_alignment(CellAlignment::Right);
        }
    }
    let mut text = String::new();
    for line in table.to_string().lines() {
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

/// A dense table: one space between columns, no padding, no wrapping (the caller fits the cells
/// to the width). For grids of one-character cells.
pub fn render_dense(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut table = Table::new();
    table
        .load_style(STYLE)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(header.iter().copied());
    for row in rows {
        table.add_row(row);
    }
    for column in table.column_iter_mut() {
        column.set_padding((0, 0));
    }
    let mut text = String::new();
    for line in table.to_string().lines() {
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}
