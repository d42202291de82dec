//! Plain-text tables (the one place comfy-table is used).

use comfy_table::{ContentArrangement, Table, TableStyle};

/// Columns separated by spaces, one rule under the header, nothing else: easy to read, to grep
/// and to diff.
const STYLE: TableStyle =
    TableStyle::new().header_separator(comfy_table::LineStyle::none().fill('─').junction('─'));

/// A table with a header row; columns wrap to the terminal width when there is a terminal.
/// Trailing padding is trimmed from every line.
pub fn render(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut table = Table::new();
    table
        .load_style(STYLE)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(header.iter().copied());
    for row in rows {
        table.add_row(row);
    }
    let mut text = String::new();
    for line in table.to_string().lines() {
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}
