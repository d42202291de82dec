//! `skills why` for people (one section per runtime) and as JSON (`skills.why/v1`).

use serde::Serialize;

use crate::targets::fate::State;
use crate::why::{Copy, Place, Story};

pub const SCHEMA: &str = "skills.why/v1";

/// The JSON document.
#[derive(Debug, Serialize)]
pub struct WhyReport<'a> {
    pub schema: &'static str,
    /// The NAME or PATH asked about, as given.
    pub skill: &'a str,
    pub stories: &'a [Story],
}

/// The width text is wrapped to.
const WIDTH: usize = 100;
/// Where the values start after the labels.
const LABEL: usize = 14;

/// Every story, one section each, for `asked` (the skill as the user named it).
pub fn human(asked: &str, stories: &[Story]) -> String {
    let mut out = String::new();
    for (i, story) in stories.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        section(&mut out, asked, story);
    }
    out
}

fn section(out: &mut String, asked: &str, story: &Story) {
    out.push_str(&format!(
        "{} — {} ({})\n",
        story.target, story.runtime, story.checked
    ));
    field(out, "asked", asked);
    if story.roots {
        field(out, "looks in", story.roots_summary);
    } else {
        field(
            out,
            "searched",
            "the paths given, as `skills catalog PATH…` does",
        );
    }
    for (i, place) in story.places.iter().enumerate() {
        let holds = story.copies.iter().any(|c| c.place == Some(i));
        out.push_str(&place_line(i, place, holds));
    }
    for note in &story.notes {
        field(out, "note", note);
    }
    if story.copies.is_empty() {
        field(out, "found", "nothing by that name");
    }
    for copy in &story.copies {
        copy_lines(out, copy);
    }
    let label = if story.roots {
        "near miss"
    } else {
        "from here"
    };
    for miss in &story.near_misses {
        field(out, label, &format!("{}: {}", miss.path, miss.problem));
        field(out, "fix", &miss.fix);
    }
    if let Some(budget) = &story.budget {
        field(
            out,
            "budget",
            &format!(
                "the catalog uses {} of {} {}",
                budget.used, budget.limit, budget.unit
            ),
        );
    }
    field(out, "verdict", &story.verdict);
}

/// `  3. project  .claude/skills  one level  ← here`.
fn place_line(index: usize, place: &Place, holds: bool) -> String {
    let depth = match place.depth {
        Some(2) => "one level".to_owned(),
        Some(1) => "the root only".to_owned(),
        Some(levels) if levels < 1000 => format!("{} levels", levels.saturating_sub(1)),
        _ => "any depth".to_owned(),
    };
    let mut notes = vec![depth];
    if !place.gitignore {
        notes.push("no .gitignore".to_owned());
    }
    if !place.exists {
        notes.push("missing".to_owned());
    }
    let here = if holds { "  ← found here" } else { "" };
    let line = format!(
        "{:>2}. {:<8}{}  ({}){here}",
        index + 1,
        place.scope.as_str(),
        place.path,
        notes.join(", ")
    );
    let mut out = String::new();
    for (i, part) in wrap(&line, WIDTH - LABEL - 4).into_iter().enumerate() {
        let indent = if i == 0 { LABEL } else { LABEL + 4 };
        out.push_str(&format!("{:indent$}{part}\n", ""));
    }
    out
}

fn copy_lines(out: &mut String, copy: &Copy) {
    if copy.builtin {
        field(
            out,
            "built-in",
            &format!("{} (ships with the runtime)", copy.path),
        );
    } else {
        field(out, "found", &copy.path);
    }
    let state = match (&copy.state, &copy.reason) {
        (State::Listed, _) => "listed in full".to_owned(),
        // The winner has a line of its own.
        (State::Shadowed, Some(reason)) => format!(
            "shadowed: {}",
            reason
                .split_once(": ")
                .map_or(reason.as_str(), |(_, rule)| rule)
        ),
        (state, Some(reason)) => format!("{}: {reason}", state_words(*state)),
        (state, None) => state_words(*state).to_owned(),
    };
    field(out, "status", &state);
    if let Some(name) = &copy.name {
        field(out, "name", &format!("`{name}`"));
    }
    if let Some(description) = &copy.description {
        field(out, "description", &preview(description, 300));
    }
    if let Some(entry) = &copy.entry {
        let mut lines = entry.lines();
        if let Some(first) = lines.next() {
            field(out, "catalog", &preview(first, 200));
        }
        for line in lines.take(11) {
            out.push_str(&format!("{:LABEL$}{}\n", "", preview(line, WIDTH - LABEL)));
        }
    }
    if let Some(winner) = &copy.shadowed_by {
        field(out, "shadowed by", winner);
    }
    for loser in &copy.shadows {
        field(out, "shadows", loser);
    }
    let loads: Vec<String> = copy
        .loads
        .iter()
        .map(|l| match &l.refusal {
            None => format!("`{}` loads it", l.name),
            Some(refusal) => format!("`{}` is refused: {refusal}", l.name),
        })
        .collect();
    if !loads.is_empty() {
        field(out, "load", &loads.join("; "));
    }
    for fix in &copy.fixes {
        field(out, "fix", fix);
    }
}

fn state_words(state: State) -> &'static str {
    match state {
        State::Listed => "listed",
        State::Shortened => "listed with part of its description",
        State::NameOnly => "listed by name only",
        State::Hidden => "hidden from the model",
        State::Dropped => "not listed",
        State::Shadowed => "shadowed",
        State::NotFound => "not found",
    }
}

/// `label` then `text`, wrapped at [`WIDTH`] with the continuation lines under the text.
fn field(out: &mut String, label: &str, text: &str) {
    let mut first = true;
    for line in wrap(text, WIDTH - LABEL) {
        if first {
            out.push_str(&format!("  {label:<w$}{line}\n", w = LABEL - 2));
            first = false;
        } else {
            out.push_str(&format!("{:LABEL$}{line}\n", ""));
        }
    }
    if first {
        out.push_str(&format!("  {label}\n"));
    }
}

/// `text` broken at spaces into lines of at most `width` characters (a longer word stays whole).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let needed = if line.is_empty() {
            word.chars().count()
        } else {
            line.chars().count() + 1 + word.chars().count()
        };
        if needed > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// At most `max` characters, line breaks shown as `⏎`, `…` when cut.
fn preview(text: &str, max: usize) -> String {
    let flat = text.replace("\r\n", "⏎").replace('\n', "⏎");
    if flat.chars().count() <= max {
        return flat;
    }
    let kept: String = flat.chars().take(max - 1).collect();
    format!("{kept}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_wrap_under_the_value() {
        let mut out = String::new();
        field(&mut out, "fix", &"word ".repeat(30));
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| l.chars().count() <= WIDTH));
        assert!(lines[0].starts_with("  fix         word"));
        assert!(lines[1].starts_with("              word"));
    }
}
