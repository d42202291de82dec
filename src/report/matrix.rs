//! `skills matrix` as a table for people (fits 100 columns, its abbreviations explained) and as
//! JSON (`skills.matrix/v1`).

use std::collections::BTreeMap;

use serde::Serialize;

use super::table;
use crate::matrix::Matrix;
use crate::targets::fate::State;

pub const SCHEMA: &str = "skills.matrix/v1";

/// The JSON document.
#[derive(Debug, Serialize)]
pub struct MatrixReport<'a> {
    pub schema: &'static str,
    #[serde(flatten)]
    pub matrix: &'a Matrix,
}

/// The widest a table line gets.
const WIDTH: usize = 100;

/// A cell's mark.
pub const fn mark(state: State) -> &'static str {
    match state {
        State::Listed => "+",
        State::Shortened => "~",
        State::NameOnly => "n",
        State::Hidden => "h",
        State::Dropped => "x",
        State::Shadowed => "s",
        State::NotFound => ".",
    }
}

const LEGEND: &str =
    "+ listed, ~ shortened, n name only, h hidden, x dropped, s shadowed, . not found";

/// The table, its legend, the counts per runtime and why skills are dropped or hidden.
pub fn table(matrix: &Matrix) -> String {
    let mut out = String::new();
    if matrix.skills.is_empty() {
        out.push_str("no skills found\n");
        return out;
    }
    // Each runtime's column takes its letters and the space before it; the names get the rest.
    let grid: usize = matrix
        .targets
        .iter()
        .map(|c| c.abbreviation.chars().count().max(1) + 1)
        .sum();
    let name_width = WIDTH.saturating_sub(grid).max(12);
    let mut header = vec!["skill"];
    header.extend(matrix.targets.iter().map(|c| c.abbreviation.as_str()));
    let labels = labels(matrix, name_width);
    let rows = matrix.skills.iter().zip(&labels).map(|(row, label)| {
        let mut cells = vec![label.clone()];
        cells.extend(row.cells.iter().map(|c| mark(c.state).to_owned()));
        cells
    });
    out.push_str(&table::render_dense(&header, rows));
    out.push('\n');
    out.push_str(LEGEND);
    out.push('\n');
    let columns: Vec<String> = matrix
        .targets
        .iter()
        .map(|c| format!("{} {}", c.abbreviation, c.target))
        .collect();
    out.push_str(&wrap(&columns.join(", "), WIDTH));
    out.push('\n');
    let total = matrix.skills.len();
    let counts: Vec<String> = matrix
        .targets
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let listed = matrix
                .skills
                .iter()
                .filter(|r| r.cells[i].state.is_listed())
                .count();
            format!("{} {listed}/{total}", c.abbreviation)
        })
        .collect();
    out.push_str(&wrap(&format!("listed: {}", counts.join(", ")), WIDTH));
    let reasons = reasons(matrix, &labels);
    if !reasons.is_empty() {
        out.push_str("\nwhy not listed (x dropped, h hidden):\n");
        for line in reasons {
            out.push_str(&wrap(&line, WIDTH));
        }
    }
    out
}

/// Each row's label, at most `width` characters: the skill's name, with the part of its folder's
/// path that tells it apart when other skills have the same name.
fn labels(matrix: &Matrix, width: usize) -> Vec<String> {
    let folders: Vec<Vec<&str>> = matrix
        .skills
        .iter()
        .map(|row| {
            let mut parts: Vec<&str> = row.path.split('/').collect();
            parts.pop(); // SKILL.md
            parts
        })
        .collect();
    matrix
        .skills
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let twins: Vec<usize> = (0..matrix.skills.len())
                .filter(|&j| j != i && matrix.skills[j].name == row.name)
                .collect();
            if twins.is_empty() {
                return cut(&row.name, width);
            }
            // What tells the twins apart: their folders less what all of them share at the start
            // and at the end.
            let group: Vec<&Vec<&str>> = std::iter::once(&folders[i])
                .chain(twins.iter().map(|&j| &folders[j]))
                .collect();
            let shortest = group.iter().map(|f| f.len()).min().unwrap_or(0);
            let prefix = (0..shortest)
                .take_while(|&k| group.iter().all(|f| f[k] == group[0][k]))
                .count();
            let suffix = (0..shortest - prefix)
                .take_while(|&k| {
                    group
                        .iter()
                        .all(|f| f[f.len() - 1 - k] == group[0][group[0].len() - 1 - k])
                })
                .count();
            let mine = &folders[i];
            let middle = mine[prefix..mine.len() - suffix].join("/");
            let tail = if middle.is_empty() {
                mine.join("/")
            } else {
                middle
            };
            let name = cut(&row.name, width.saturating_sub(14).max(8));
            let room = width.saturating_sub(name.chars().count() + 3);
            let tail = if tail.chars().count() > room {
                let kept: String = tail
                    .chars()
                    .skip(tail.chars().count() + 1 - room.max(1))
                    .collect();
                format!("…{kept}")
            } else {
                tail
            };
            format!("{name} ({tail})")
        })
        .collect()
}

/// One line per runtime and reason (quoted names folded, so one cause is one line):
/// `cx x  missing field `…` (3): a, b, c`.
fn reasons(matrix: &Matrix, labels: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, column) in matrix.targets.iter().enumerate() {
        let mut groups: BTreeMap<(String, &'static str), Vec<&str>> = BTreeMap::new();
        for (row, label) in matrix.skills.iter().zip(labels) {
            let cell = &row.cells[i];
            if !matches!(cell.state, State::Dropped | State::Hidden) {
                continue;
            }
            let reason = cell.reason.as_deref().map_or_else(String::new, fold);
            groups
                .entry((reason, mark(cell.state)))
                .or_default()
                .push(label);
        }
        for ((reason, mark), names) in groups {
            let shown: Vec<&str> = names.iter().take(3).copied().collect();
            let more = if names.len() > 3 {
                format!(" and {} more", names.len() - 3)
            } else {
                String::new()
            };
            lines.push(format!(
                "{} {mark}  {} ({}): {}{more}",
                column.abbreviation,
                cut(&reason, 160),
                names.len(),
                shown.join(", ")
            ));
        }
    }
    lines
}

/// The reason with every quoted name written `…` (the field names kept), so skills skipped for
/// one cause group together.
fn fold(reason: &str) -> String {
    const KEPT: [&str; 8] = [
        "name",
        "description",
        "metadata",
        "license",
        "compatibility",
        "allowed-tools",
        "SKILL.md",
        "---",
    ];
    let mut out = String::new();
    for (i, part) in reason.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        let quoted = i % 2 == 1;
        if quoted && !KEPT.contains(&part) {
            out.push('…');
        } else if quoted {
            out.push_str(part);
        } else {
            out.push_str(&fold_double_quotes(part));
        }
    }
    out
}

/// Every `"…"` of `text` with its content left out.
fn fold_double_quotes(text: &str) -> String {
    text.split('"')
        .enumerate()
        .map(|(i, part)| if i % 2 == 1 { "…" } else { part })
        .collect::<Vec<_>>()
        .join("\"")
}

/// `text` broken at `, ` and spaces into lines of at most `width`, continuation lines indented.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = "    ".to_owned();
        } else if len > 0 {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let kept: String = text.chars().take(max.saturating_sub(1)).collect();
    format!("{kept}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_backquotes_fold() {
        assert_eq!(
            fold("`name` `Foo Bar` does not match the folder name `foo`"),
            "`name` `…` does not match the folder name `…`"
        );
    }

    #[test]
    fn lines_fit() {
        let text = "word ".repeat(60);
        assert!(wrap(&text, 100).lines().all(|l| l.chars().count() <= 100));
    }
}
