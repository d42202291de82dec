//! The skill listing Claude Code 2.1.331 sends: `The following skills are available for use with
//! the Skill tool:`, a blank line, one `- name: description` line per skill (the user's skills
//! root by root, locale collation within a root, then the built-ins), fitted to a budget of
//! context window × bytes per token × 1% display columns, wrapped in `<system-reminder>` or not
//! depending on the model.

use std::path::Path;

use unicode_general_category::{GeneralCategory, get_general_category};

use super::builtins::{self, Kind, Switches};
use super::models::{self, Facts};
use super::{BUDGET_VAR, env_budget};
use crate::cost::{LeftOut, Size, Sizer};
use crate::hash::HashSet;
use crate::skill::{Scope, Skill};
use crate::targets::catalog::{BudgetUse, Change, ChangeKind, Context, Entry, Rendered};
use crate::targets::text::{self, Collation, Unit};
use crate::targets::walk::{MOST_FLIPS, Walk};

/// The listing's first line.
pub(super) const HEADER: &str = "The following skills are available for use with the Skill tool:";

/// The longest description in a listing line, in UTF-16 code units; longer ones keep 1535 and
/// `…`.
const MAX_DESCRIPTION: usize = 1536;

/// The entries in the order Claude Code lists them: the roots in discovery order, each root's
/// skills in locale collation of their folder names (`localeCompare`), the built-ins as given.
pub(super) fn ordered<'e, 'a>(entries: &'e [Entry<'a>]) -> Vec<&'e Entry<'a>> {
    in_listing_order(entries, |e| e.skill)
}

/// `items` (in discovery order, each root's skills together) with each root's skills in locale
/// collation of their folder names; built-ins keep their order.
pub(super) fn in_listing_order<T>(items: &[T], skill: impl Fn(&T) -> &Skill) -> Vec<&T> {
    let mut out: Vec<&T> = Vec::with_capacity(items.len());
    let mut start = 0;
    while start < items.len() {
        let first = skill(&items[start]);
        let end = items[start..]
            .iter()
            .position(|i| skill(i).origin.root != first.origin.root)
            .map_or(items.len(), |n| start + n);
        let mut group: Vec<&T> = items[start..end].iter().collect();
        if first.origin.scope != Scope::Builtin {
            group.sort_by(|a, b| {
                Collation::Locale.compare(&skill(a).dir_name(), &skill(b).dir_name())
            });
        }
        out.extend(group);
        start = end;
    }
    out
}

/// One entry's line with its description and without, and whether the budget may shorten it.
struct Line {
    full: String,
    short: String,
    fixed: bool,
}

impl Line {
    fn of(entry: &Entry<'_>, changes: &mut Vec<Change>) -> Self {
        let short = format!("- {}", shown_name(entry));
        if let Some(kind) = builtin_kind(entry) {
            // A built-in's line is sent as the client has it.
            return Self {
                full: format!("{short}: {}", entry.description()),
                short,
                fixed: kind.fixed(),
            };
        }
        let (description, capped) = listing_text(entry.description());
        if capped {
            changes.push(Change::new(
                entry,
                ChangeKind::Shortened,
                format!(
                    "description cut to {} characters and `…`: Claude Code caps each listing entry at {MAX_DESCRIPTION}",
                    MAX_DESCRIPTION - 1
                ),
            ));
        }
        Self {
            full: format!("{short}: {description}"),
            short,
            fixed: false,
        }
    }
}

/// The built-in kind of a built-in entry.
fn builtin_kind(entry: &Entry<'_>) -> Option<Kind> {
    (entry.skill.origin.scope == Scope::Builtin)
        .then(|| builtins::kind(&entry.name))
        .flatten()
}

/// `folder (name)` when the frontmatter `name` is valid and differs from the folder, else the
/// folder.
fn shown_name(entry: &Entry<'_>) -> String {
    if entry.skill.origin.scope == Scope::Builtin {
        return entry.name.clone();
    }
    match super::declared_name(entry.skill) {
        Some(name) if name != entry.name && super::valid_name(&name) => {
            format!("{} ({name})", entry.name)
        }
        _ => entry.name.clone(),
    }
}

/// A description as a listing line shows it: trimmed, terminal escape sequences removed, every
/// run of invisible characters (line breaks, tabs, control and format characters, unassigned
/// and private-use code points, default-ignorable ones) turned into one space, `<` and `>`
/// escaped, and cut to [`MAX_DESCRIPTION`] UTF-16 units with `…`. Whether it was cut.
pub(super) fn listing_text(description: &str) -> (String, bool) {
    let plain = strip_escape_sequences(super::js_trim(description));
    let mut spaced = String::with_capacity(plain.len());
    let mut in_run = false;
    for c in plain.chars() {
        if is_invisible(c) {
            if !in_run {
                spaced.push(' ');
            }
            in_run = true;
        } else {
            spaced.push(c);
            in_run = false;
        }
    }
    let escaped = spaced.replace('<', "&lt;").replace('>', "&gt;");
    let units: Vec<u16> = escaped.encode_utf16().collect();
    if units.len() <= MAX_DESCRIPTION {
        return (escaped, false);
    }
    // A cut through a surrogate pair leaves half of it, which the client sends as U+FFFD.
    let kept = String::from_utf16_lossy(&units[..MAX_DESCRIPTION - 1]);
    (format!("{kept}…"), true)
}

/// Whether the listing turns `c` into a space.
pub(super) fn is_invisible(c: char) -> bool {
    matches!(
        get_general_category(c),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::Surrogate
            | GeneralCategory::PrivateUse
            | GeneralCategory::Unassigned
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
    ) || is_default_ignorable(c)
}

/// Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt).
fn is_default_ignorable(c: char) -> bool {
    matches!(
        u32::from(c),
        0x00AD
            | 0x034F
            | 0x061C
            | 0x115F..=0x1160
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF0..=0xFFF8
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF
    )
}

/// `text` without ECMA-48 escape sequences: CSI (`ESC [` or U+009B, parameters, intermediates,
/// final byte), OSC and the other strings (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _` or their
/// C1 forms, up to BEL or ST, else to the end), and `ESC` with intermediates and a final
/// character. A lone `ESC` goes too.
fn strip_escape_sequences(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let introducer = match c {
            '\u{1b}' => match chars.peek().copied() {
                Some('[') => {
                    chars.next();
                    Some('[')
                }
                Some(kind @ (']' | 'P' | 'X' | '^' | '_')) => {
                    chars.next();
                    Some(kind)
                }
                Some(' '..='/') => {
                    while chars.next_if(|c| (' '..='/').contains(c)).is_some() {}
                    chars.next_if(|c| ('0'..='~').contains(c));
                    None
                }
                Some('0'..='~') => {
                    chars.next();
                    None
                }
                _ => None,
            },
            '\u{9b}' => Some('['),
            '\u{9d}' => Some(']'),
            '\u{90}' | '\u{98}' | '\u{9e}' | '\u{9f}' => Some('P'),
            other => {
                out.push(other);
                continue;
            }
        };
        match introducer {
            Some('[') => {
                while chars.next_if(|c| ('0'..='?').contains(c)).is_some() {}
                while chars.next_if(|c| (' '..='/').contains(c)).is_some() {}
                chars.next_if(|c| ('@'..='~').contains(c));
            }
            Some(_) => {
                // A string, up to BEL, ESC \ or ST.
                while let Some(c) = chars.next() {
                    match c {
                        '\u{7}' | '\u{9c}' => break,
                        '\u{1b}' if chars.peek() == Some(&'\\') => {
                            chars.next();
                            break;
                        }
                        _ => {}
                    }
                }
            }
            None => {}
        }
    }
    out
}

/// The listing budget and where it comes from: `SLASH_COMMAND_TOOL_CHAR_BUDGET`, else
/// floor(context window × bytes per token × 1%).
fn budget(cx: &Context<'_>, facts: &Facts) -> (f64, String) {
    if let Some(budget) = env_budget(cx.env) {
        return (budget, format!("{BUDGET_VAR}={budget}"));
    }
    let window = cx.context_window.unwrap_or(facts.context_window);
    // JavaScript arithmetic: tokens × bytes per token × 0.01, floored.
    let budget = (window as f64 * facts.bytes_per_token as f64 * 0.01).floor();
    (
        budget,
        format!(
            "1% of the {window}-token context window × {} bytes per token",
            facts.bytes_per_token
        ),
    )
}

/// `stringWidth` of the lines plus one column for each line break between them.
fn width(lines: &[&str]) -> usize {
    lines.iter().map(|l| text::display_width(l)).sum::<usize>() + lines.len().saturating_sub(1)
}

/// The listing for the admitted skills, in discovery order.
pub(super) fn render(entries: &[Entry<'_>], cx: &Context<'_>) -> Rendered {
    let facts = models::facts(cx.model);
    let (budget, source) = budget(cx, &facts);
    let budget_use = |used: usize| {
        Some(BudgetUse {
            unit: Unit::DisplayWidth,
            limit: super::as_count(budget),
            used: used as u64,
        })
    };
    let switches = Switches::of(cx.env);
    let mut changes = Vec::new();
    let mut listed: Vec<&Entry<'_>> = Vec::new();
    for entry in ordered(entries) {
        match builtin_kind(entry) {
            Some(kind) if !kind.enabled(switches, true) => changes.push(Change::new(
                entry,
                ChangeKind::Skipped,
                match kind {
                    Kind::Plugin => {
                        "skipped: the user settings turn the built-in plugin off (`enabledPlugins`)"
                            .to_owned()
                    }
                    _ => format!(
                        "skipped: {}=1 turns Claude Code's bundled skills off",
                        builtins::DISABLE_BUNDLED
                    ),
                },
            )),
            _ => listed.push(entry),
        }
    }
    if listed.is_empty() {
        // No skills, no listing.
        return Rendered {
            budget: budget_use(0),
            changes,
            ..Rendered::default()
        };
    }
    let lines: Vec<Line> = listed.iter().map(|e| Line::of(e, &mut changes)).collect();
    let full: Vec<&str> = lines.iter().map(|l| l.full.as_str()).collect();
    let mut chosen = full.clone();
    if width(&full) as f64 > budget {
        // Over budget: every line that may be shortened starts as its name; in list order each
        // gets its description back when the whole still fits.
        chosen = lines
            .iter()
            .map(|l| if l.fixed { &l.full } else { &l.short }.as_str())
            .collect();
        let mut used = width(&chosen);
        let mut removed = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            if line.fixed {
                continue;
            }
            let grown = used - text::display_width(&line.short) + text::display_width(&line.full);
            if grown as f64 <= budget {
                chosen[i] = &line.full;
                used = grown;
            } else {
                removed.push(Change::new(
                    listed[i],
                    ChangeKind::DescriptionRemoved,
                    format!(
                        "listed as `- name` only: the listing budget of {} display columns ({source}) has no room for its description after the skills before it",
                        super::as_count(budget)
                    ),
                ));
            }
        }
        // A description cut to the cap loses the rest now: one change per skill. Looked up in a
        // set, so that a listing where most skills lose their descriptions stays linear.
        let lost: HashSet<&Path> = removed.iter().map(|c| c.path.as_path()).collect();
        changes.retain(|c| !(c.kind == ChangeKind::Shortened && lost.contains(c.path.as_path())));
        changes.extend(removed);
    }
    let body = format!("{HEADER}\n\n{}", chosen.join("\n"));
    Rendered {
        text: if facts.listing.wrapped() {
            format!("<system-reminder>\n{body}\n</system-reminder>")
        } else {
            body
        },
        listed: chosen.len(),
        budget: budget_use(width(&chosen)),
        changes,
    }
}

/// [`render`]'s size for `entries` and without each of them, from the size of each line with
/// and without its description: every line starts with `- `, so token counts add up line by
/// line, and the budget's walk without a skill is [`Walk::without`].
pub(super) fn leave_one_out(
    entries: &[Entry<'_>],
    cx: &Context<'_>,
    sizer: &Sizer,
) -> Option<LeftOut> {
    let facts = models::facts(cx.model);
    let (budget, _) = budget(cx, &facts);
    // `width as f64 > budget` for a whole number of columns.
    let limit = if budget.is_nan() {
        return None;
    } else if budget < 0.0 {
        -1
    } else {
        budget.min(1e15).floor() as i64
    };
    let switches = Switches::of(cx.env);
    let indexed: Vec<(usize, &Entry<'_>)> = entries.iter().enumerate().collect();
    let listed: Vec<usize> = in_listing_order(&indexed, |(_, e)| e.skill)
        .into_iter()
        .map(|&(i, _)| i)
        .filter(|&i| builtin_kind(&entries[i]).is_none_or(|kind| kind.enabled(switches, true)))
        .collect();
    let m = listed.len();
    if m == 0 {
        return Some(LeftOut {
            full: Size::default(),
            without: vec![Some(Size::default()); entries.len()],
        });
    }
    let lines: Vec<Line> = listed
        .iter()
        .map(|&i| Line::of(&entries[i], &mut Vec::new()))
        .collect();
    let wrapped = facts.listing.wrapped();
    let (head, tail) = if wrapped {
        (
            format!("<system-reminder>\n{HEADER}\n\n"),
            "</system-reminder>",
        )
    } else {
        (format!("{HEADER}\n\n"), "")
    };
    // Each line with its line feed, in full and as its name; unwrapped, the last two also
    // without it (either may end the catalog).
    let mut texts = vec![head, tail.to_owned()];
    for line in &lines {
        texts.push(format!("{}\n", line.full));
        texts.push(format!("{}\n", line.short));
    }
    let ends = if wrapped { 0 } else { m.min(2) };
    for line in &lines[m - ends..] {
        texts.push(line.full.clone());
        texts.push(line.short.clone());
    }
    let sizes = sizer.each(&texts);
    let frame = sizes[0] + sizes[1];
    let line_size = |p: usize, full: bool| sizes[2 + 2 * p + usize::from(!full)];
    // What ending the catalog takes off line `p`: its line feed, when unwrapped.
    let end_size = |p: usize, full: bool| {
        if wrapped {
            return Size::default();
        }
        let at = 2 + 2 * m + 2 * (p + ends - m) + usize::from(!full);
        line_size(p, full) - sizes[at]
    };

    let width = |t: &str| text::display_width(t) as i64;
    let full_width: Vec<i64> = lines.iter().map(|l| width(&l.full)).collect();
    let short_width: Vec<i64> = lines
        .iter()
        .map(|l| {
            if l.fixed {
                width(&l.full)
            } else {
                width(&l.short)
            }
        })
        .collect();
    let breaks = m as i64 - 1;
    let all_full = full_width.iter().sum::<i64>() + breaks;
    let walk = (all_full > limit).then(|| {
        let start = short_width.iter().sum::<i64>() + breaks;
        let grow = lines
            .iter()
            .enumerate()
            .map(|(p, l)| (!l.fixed).then(|| full_width[p] - short_width[p]))
            .collect();
        Walk::new(start, grow, limit)
    });
    let shown_full = |p: usize| lines[p].fixed || walk.as_ref().is_none_or(|w| w.taken(p));
    let lines_size: Size = (0..m).map(|p| line_size(p, shown_full(p))).sum();
    let full_lines: Size = (0..m).map(|p| line_size(p, true)).sum();
    let full = frame + lines_size - end_size(m - 1, shown_full(m - 1));

    let mut position = vec![None; entries.len()];
    for (p, &i) in listed.iter().enumerate() {
        position[i] = Some(p);
    }
    let without = position
        .iter()
        .map(|&p| {
            let Some(p) = p else {
                // A built-in turned off is not listed: the catalog stays as it is.
                return Some(full);
            };
            if m == 1 {
                return Some(Size::default());
            }
            let last = if p == m - 1 { m - 2 } else { m - 1 };
            if all_full - full_width[p] - 1 <= limit {
                return Some(frame + full_lines - line_size(p, true) - end_size(last, true));
            }
            // Over the budget without it too: it held its short line and a line break from
            // the start.
            let mut shown: Vec<(usize, bool)> = Vec::new();
            let mut size = frame + lines_size - line_size(p, shown_full(p));
            if let Some(walk) = &walk {
                for flip in walk.without(p, short_width[p] + 1, MOST_FLIPS)? {
                    size =
                        size - line_size(flip.item, !flip.taken) + line_size(flip.item, flip.taken);
                    shown.push((flip.item, flip.taken));
                }
            }
            let last_full = shown
                .iter()
                .find(|(q, _)| *q == last)
                .map_or_else(|| shown_full(last), |&(_, taken)| taken);
            Some(size - end_size(last, last_full))
        })
        .collect();
    Some(LeftOut { full, without })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listing_text_rules() {
        assert_eq!(listing_text("  a\n\nb  ").0, "a b");
        assert_eq!(listing_text("a \n b").0, "a   b");
        assert_eq!(listing_text("a\t\u{200b}\u{85}b").0, "a b");
        assert_eq!(listing_text("\u{1}lead").0, " lead");
        assert_eq!(listing_text("x & <b> \"q\"").0, "x & &lt;b&gt; \"q\"");
        assert_eq!(
            listing_text("a\u{a0}b\u{3000}c\u{301}").0,
            "a\u{a0}b\u{3000}c\u{301}"
        );
        assert_eq!(listing_text("a\u{fe0f}b\u{e000}c\u{378}d").0, "a b c d");
    }

    #[test]
    fn escape_sequences_go() {
        for (raw, plain) in [
            ("a\u{1b}[31mred\u{1b}[0mz", "aredz"),
            ("a\u{9b}31mz", "az"),
            ("a\u{1b}(Bz", "az"),
            (
                "a\u{1b}]8;;http://x\u{1b}\\link\u{1b}]8;;\u{1b}\\z",
                "alinkz",
            ),
            ("a\u{1b}]0;title\u{7}z", "az"),
            ("a\u{1b}bc", "ac"),
            ("a\u{1b}", "a"),
            ("a\u{1b}[b", "a"),
            ("a\u{9d}b", "a"),
            ("a\u{1b}\u{1b}b", "a"),
        ] {
            assert_eq!(strip_escape_sequences(raw), plain, "{raw:?}");
        }
    }

    #[test]
    fn the_cap_counts_utf16_after_escaping() {
        let (text, cut) = listing_text(&format!("{}<<<", "a".repeat(1534)));
        assert!(cut);
        assert_eq!(text, format!("{}&…", "a".repeat(1534)));
        let (text, _) = listing_text(&"😀".repeat(800));
        assert_eq!(text, format!("{}\u{fffd}…", "😀".repeat(767)));
        let exact = "d".repeat(1536);
        assert_eq!(listing_text(&exact), (exact.clone(), false));
    }
}
