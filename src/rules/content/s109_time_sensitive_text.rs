//! S109 time-sensitive-text: the body says something that is true only until a date passes
//! ("before August 2025", "as of 2024").

use std::ops::Range;
use std::sync::LazyLock;

use super::text::{Body, Word, heading, mask_quotes, words};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};
use crate::source::Needle;

pub const RULE: Rule = Rule {
    id: "S109",
    name: "time-sensitive-text",
    severity: Severity::Info,
    summary: "the body has text that depends on today's date",
    docs: r#"## What it does

Notes phrases in the body of `SKILL.md` whose meaning depends on when they are read:

- `as of` followed by a year, a month and year, or a full date (`as of 2024`, `as of March
  2025`), and `as of this writing`, `at the time of writing`;
- `before`, `after`, `until`, `till` or `prior to` followed by a month and a year (`before
  August 2025`, `until Jan 15, 2026`);
- `currently` followed by a year in parentheses (`currently (2025)`).

The patterns are deliberately narrow. Not noted: a bare year (`changed in 2025`, `Directive
2024/825`), `since Mar 2026` (a fact that stays true), `by 2030` (usually a quoted target),
`as of today` (often a phrase the skill tells the model to say), `before 2025` without a month,
anything in code blocks, inline code or quotes, and anything in a section whose title says it
holds old behaviour (`Old patterns`, `Legacy`, `Deprecated`, `History`, `Changelog`) or in a
`<details>` block, which is where the guidance puts it. The description is not checked.

## Why

A skill is read by a model on an unknown later date, which cannot tell whether "before August
2025" has passed, and keeps following instructions that are no longer true. Anthropic's
authoring guidance says not to include information that will become outdated, and to keep
superseded behaviour in a clearly labelled "Old patterns" section instead.

## Example

```markdown
If you're doing this before August 2025, use the old API. After August 2025, use the new API.
```

## How to fix

Describe the current way without a date, and move the old way into its own section:

```markdown
Use the v2 API endpoint: `api.example.com/v2/messages`.

## Old patterns

The v1 API (`api.example.com/v1/messages`) was deprecated in August 2025 and is no longer
supported.
```
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(body) = Body::of(cx) else {
        return;
    };
    // A year or "writing" in a line is one in the whole body too: most bodies have neither, and
    // are done with in one quick pass.
    if !body_may_hold_phrase(body.text()) {
        return;
    }
    // Inside an "Old patterns" (or legacy, deprecated, history) section or a `<details>` block,
    // dates are where they belong.
    let mut old_section: Option<usize> = None;
    let mut in_details = false;
    for (line, range) in body.prose_lines() {
        if let Some((level, title)) = heading(line) {
            if old_section.is_some_and(|l| level <= l) {
                old_section = None;
            }
            let title = title.to_lowercase();
            if old_section.is_none() && OLD_SECTIONS.iter().any(|o| title.contains(o)) {
                old_section = Some(level);
            }
        }
        let trimmed = line.trim_start();
        if trimmed.starts_with("<details") {
            in_details = true;
        }
        if trimmed.starts_with("</details") {
            in_details = false;
        }
        if old_section.is_some() || in_details || !may_hold_phrase(line) {
            continue;
        }
        let masked = mask_quotes(line);
        for phrase in time_sensitive(&masked) {
            let text = &line[phrase.clone()];
            out.push(
                RULE.finding(
                    cx,
                    format!("`{text}` depends on the date the skill is read"),
                )
                .at(body.span(range.start + phrase.start..range.start + phrase.end))
                .label("time-sensitive")
                .help("state the current behaviour without a date, and move superseded behaviour into an \"Old patterns\" section"),
            );
        }
    }
}

/// Whether `line` can hold a phrase [`time_sensitive`] finds: every one has a year (a run of
/// exactly four ASCII digits from `1990` to `2099`, so starting with `19` or `20`) or the word
/// "writing" (in any case). A quick test that spares most lines the word scan: eight bytes at a
/// time are skipped while none is a digit or a `w`.
fn may_hold_phrase(line: &str) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let bytes = line.as_bytes();
    // Digits in a row just before `at`, and whether they are a year.
    let year_ends =
        |at: usize, run: usize| run == 4 && matches!(&bytes[at - 4..at - 2], b"19" | b"20");
    let mut run = 0;
    let mut at = 0;
    while at < bytes.len() {
        if let Some(chunk) = bytes.get(at..at + 8) {
            let x = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
            // The high bit of each byte that is an ASCII digit (the low seven bits plus 0x50
            // stay below 0x100: no carry crosses a byte), and of each `w` or `W`.
            let low = x & !HIGH;
            let digits = (low + ONES * 0x50) & !(low + ONES * 0x46) & !x & HIGH;
            let w = (x | (ONES * 0x20)) ^ (ONES * u64::from(b'w'));
            let ws = !(((w & !HIGH) + !HIGH) | w | !HIGH);
            if digits | ws == 0 {
                if year_ends(at, run) {
                    return true;
                }
                run = 0;
                at += 8;
                continue;
            }
        }
        let end = bytes.len().min(at + 8);
        for i in at..end {
            let b = bytes[i];
            if b.is_ascii_digit() {
                run += 1;
                continue;
            }
            if year_ends(i, run) {
                return true;
            }
            run = 0;
            if b | 0x20 == b'w'
                && bytes
                    .get(i..i + 7)
                    .is_some_and(|w| w.eq_ignore_ascii_case(b"writing"))
            {
                return true;
            }
        }
        at = end;
    }
    year_ends(bytes.len(), run)
}

/// [`may_hold_phrase`] for a whole body, whose lines are many and mostly hold neither a year nor
/// "writing": only the places where one could start are looked at. A year starts with `19` or
/// `20`, and "writing", in any case, with one of four spellings of `wr`: pairs that prose holds
/// far less often than it holds a `1`, a `2` or a `w`, each found many bytes at a time. (Stopping
/// at every `1`, `2`, `w` and `W` instead took a third of this rule's time in mispredicted
/// branches; see docs/bench.md.)
fn body_may_hold_phrase(text: &str) -> bool {
    // Built once for the run: a searcher costs more to build than to run over a short body.
    static YEAR_STARTS: LazyLock<[Needle; 2]> =
        LazyLock::new(|| [b"19", b"20"].map(|start| Needle::new(start)));
    static WRITING_STARTS: LazyLock<[Needle; 4]> =
        LazyLock::new(|| [b"wr", b"wR", b"Wr", b"WR"].map(|start| Needle::new(start)));
    let bytes = text.as_bytes();
    let digit_at = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    // None of the pairs overlaps itself, so the searches, which skip overlaps, miss no place.
    let found = |starts: &[Needle], at: &dyn Fn(usize) -> bool| {
        starts.iter().any(|start| start.find_all(bytes).any(at))
    };
    found(&*YEAR_STARTS, &|i| {
        digit_at(i + 2) && digit_at(i + 3) && !digit_at(i + 4) && (i == 0 || !digit_at(i - 1))
    }) || found(&*WRITING_STARTS, &|i| {
        bytes
            .get(i..i + 7)
            .is_some_and(|w| w.eq_ignore_ascii_case(b"writing"))
    })
}

/// Words in the title of a section that is meant to hold superseded, dated behaviour.
const OLD_SECTIONS: &[&str] = &[
    "old pattern",
    "legacy",
    "deprecated",
    "history",
    "changelog",
];

#[rustfmt::skip]
const MONTHS: &[&str] = &[
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
    "sept", "oct", "nov", "dec",
];

fn is_month(word: &Word<'_>) -> bool {
    MONTHS.iter().any(|m| word.is(m))
}

fn is_year(word: &Word<'_>) -> bool {
    word.text.len() == 4
        && word
            .text
            .parse::<u32>()
            .is_ok_and(|y| (1990..2100).contains(&y))
}

fn is_day(word: &Word<'_>) -> bool {
    let digits = word
        .text
        .trim_end_matches(|c: char| c.is_ascii_alphabetic());
    digits.parse::<u32>().is_ok_and(|d| (1..=31).contains(&d))
        && ["", "st", "nd", "rd", "th"].contains(&&word.text[digits.len()..])
}

/// The end of a date that starts at `ws[i]`: `Month Year`, `Month Day, Year`, `Day Month Year`,
/// or (when `year_alone`) a bare year.
fn date_end(ws: &[Word<'_>], i: usize, year_alone: bool) -> Option<usize> {
    let w = |k: usize| ws.get(k);
    if w(i).is_some_and(is_month) {
        if w(i + 1).is_some_and(is_year) {
            return Some(ws[i + 1].end);
        }
        if w(i + 1).is_some_and(is_day) && w(i + 2).is_some_and(is_year) {
            return Some(ws[i + 2].end);
        }
        return None;
    }
    if w(i).is_some_and(is_day) && w(i + 1).is_some_and(is_month) && w(i + 2).is_some_and(is_year) {
        return Some(ws[i + 2].end);
    }
    (year_alone && w(i).is_some_and(is_year)).then(|| ws[i].end)
}

/// The time-sensitive phrases of a (masked) line.
fn time_sensitive(line: &str) -> Vec<Range<usize>> {
    let ws = words(line);
    let phrase = |k: usize, parts: &[&str]| {
        parts
            .iter()
            .enumerate()
            .all(|(n, p)| ws.get(k + n).is_some_and(|w| w.is(p)))
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < ws.len() {
        let start = ws[i].start;
        // Every phrase opens with one of the words below; none has an apostrophe, so a word
        // that starts with another byte is none of them.
        let end = if !matches!(
            ws[i].text.as_bytes()[0] | 0x20,
            b'a' | b'b' | b'c' | b'p' | b't' | b'u'
        ) {
            None
        } else if phrase(i, &["as", "of"]) {
            date_end(&ws, i + 2, true)
                .or_else(|| phrase(i + 2, &["this", "writing"]).then(|| ws[i + 3].end))
                .or_else(|| phrase(i + 2, &["the", "time", "of", "writing"]).then(|| ws[i + 5].end))
        } else if phrase(i, &["at", "the", "time", "of", "writing"]) {
            Some(ws[i + 4].end)
        } else if phrase(i, &["at", "time", "of", "writing"]) {
            Some(ws[i + 3].end)
        } else if ["before", "after", "until", "till"]
            .iter()
            .any(|p| ws[i].is(p))
        {
            date_end(&ws, i + 1, false)
        } else if phrase(i, &["prior", "to"]) {
            date_end(&ws, i + 2, false)
        } else if ws[i].is("currently") {
            let year = ws.get(i + 1).filter(|w| is_year(w));
            year.filter(|y| {
                line[ws[i].end..y.start].trim() == "("
                    && line[y.end..].trim_start().starts_with(')')
            })
            .map(|y| y.end + line[y.end..].find(')').unwrap_or_default() + 1)
        } else {
            None
        };
        match end {
            Some(end) => {
                out.push(start..end);
                i = ws.iter().position(|w| w.start >= end).unwrap_or(ws.len());
            }
            None => i += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{RULE, time_sensitive};
    use crate::rules::Severity;
    use crate::rules::context::testing::check;

    fn phrases(line: &str) -> Vec<&str> {
        time_sensitive(line).into_iter().map(|r| &line[r]).collect()
    }

    #[test]
    fn finds_dated_conditions() {
        assert_eq!(
            phrases(
                "If you're doing this before August 2025, use the old API. After August 2025, use the new one."
            ),
            ["before August 2025", "After August 2025"]
        );
        assert_eq!(
            phrases("Prices as of 2024 are in the table."),
            ["as of 2024"]
        );
        assert_eq!(
            phrases("As of March 3rd, 2025 the limit is 10."),
            ["As of March 3rd, 2025"]
        );
        assert_eq!(phrases("Valid until Jan 15, 2026."), ["until Jan 15, 2026"]);
        assert_eq!(
            phrases("Use v1 prior to 1 June 2024."),
            ["prior to 1 June 2024"]
        );
        assert_eq!(
            phrases("The model is currently (2025) the largest."),
            ["currently (2025)"]
        );
        assert_eq!(
            phrases("As of this writing, v3 is in beta."),
            ["As of this writing"]
        );
        assert_eq!(
            phrases("At the time of writing, v3 is in beta."),
            ["At the time of writing"]
        );
    }

    #[test]
    fn only_lines_with_a_year_or_writing_are_scanned() {
        for line in [
            "before August 2025",
            "as of this WRITING",
            "at time of writing",
            "currently (2025)",
        ] {
            assert!(super::may_hold_phrase(line), "{line}");
            assert!(!phrases(line).is_empty(), "{line}");
        }
        assert!(!super::may_hold_phrase("as of March 25, 202"));
        assert!(!super::may_hold_phrase("as of this write"));
        assert!(!super::may_hold_phrase("as of March 25, 12025 and 30207"));
        assert!(!super::may_hold_phrase("as of 2100, rows 1850 to 3020"));
        assert!(super::may_hold_phrase("as of x1999"));
    }

    /// Whether `line` has a run of exactly four ASCII digits starting with `19` or `20`, or
    /// `writing` in any case, read one byte at a time.
    fn year_or_writing(line: &str) -> bool {
        let bytes = line.as_bytes();
        let runs = bytes.split(|b| !b.is_ascii_digit());
        runs.into_iter()
            .any(|run| run.len() == 4 && (run.starts_with(b"19") || run.starts_with(b"20")))
            || bytes.windows(7).any(|w| w.eq_ignore_ascii_case(b"writing"))
    }

    #[test]
    fn the_quick_test_misses_no_phrase() {
        const PIECES: &[&str] = &[
            " ",
            "as of ",
            "As Of ",
            "before ",
            "until ",
            "prior to ",
            "currently (",
            ")",
            "(",
            "August ",
            "Jan ",
            "15, ",
            "3rd ",
            "2025",
            "1999",
            "1989",
            "2100",
            "19",
            "20",
            "0",
            "7",
            "12025",
            "writing",
            "WRITING",
            "Writing",
            "wRiTiNg",
            "wr",
            "wR",
            "writ",
            "ing",
            "w",
            "W",
            "the time of ",
            "this ",
            "\"",
            "`",
            "'",
            "é",
            "日本",
            "\u{FFFD}",
            ",",
            ".",
            "x",
        ];
        for line in super::super::text::mixed(PIECES, 5000) {
            let quick = super::may_hold_phrase(&line);
            assert_eq!(quick, year_or_writing(&line), "{line:?}");
            let masked = super::mask_quotes(&line);
            assert!(quick || time_sensitive(&masked).is_empty(), "{line:?}");
        }
        // The test on a whole body says yes whenever it says yes for one of its lines.
        let lines = super::super::text::mixed(PIECES, 3000);
        for body in lines.chunks(7) {
            for ending in ["\n", "\r\n", "\r"] {
                let text = body.join(ending);
                let any_line =
                    crate::source::lines(&text).any(|(line, _, _)| super::may_hold_phrase(line));
                assert_eq!(super::may_hold_phrase(&text), any_line, "{text:?}");
                assert_eq!(super::body_may_hold_phrase(&text), any_line, "{text:?}");
            }
        }
    }

    #[test]
    fn leaves_undated_and_historical_text_alone() {
        for line in [
            "Several API shapes changed in 2025–2026.",
            "Each model has `max_input_tokens` — since Mar 2026.",
            "EU Directive 2024/825 applies.",
            "Fares are live as of today.",
            "Run it before 2025 ends.",
            "Do this before May: the deadline.",
            "Keep scripts under 2000 characters, before 1024 tokens.",
            "He will be carbon neutral by 2030.",
            "The output is currently 2025 rows long.",
        ] {
            assert!(phrases(line).is_empty(), "{line}");
        }
    }

    #[test]
    fn reads_prose_only_and_points_at_the_phrase() {
        let text = "---\nname: api\ndescription: d\n---\nUse the new API.\n\n```\nbefore August 2025\n```\n\nIt changed `as of 2024` and \"after May 2025\", but as of 2024 too.\n";
        let found = check(&RULE, "api", text);
        assert_eq!(found.len(), 1);
        let span = found[0].span.expect("a span");
        assert_eq!(&text[span.start..span.end], "as of 2024");
        assert_eq!(found[0].severity, Severity::Info);
        assert_eq!(
            found[0].message,
            "`as of 2024` depends on the date the skill is read"
        );
    }

    #[test]
    fn old_pattern_sections_and_details_may_hold_dates() {
        let text = "---\nname: api\ndescription: d\n---\n## Old patterns\n\nBefore August 2025 use v1.\n\n### v0\n\nUntil May 2024 use v0.\n\n<details>\nAs of 2023 it was v0.\n</details>\n\n## Limits\n\nAs of 2024 the limit is 10.\n";
        let found = check(&RULE, "api", text);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "`As of 2024` depends on the date the skill is read"
        );
    }
}
