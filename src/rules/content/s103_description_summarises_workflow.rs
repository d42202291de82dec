//! S103 description-summarises-workflow: the description narrates the skill's steps instead of
//! saying what it is for and when to use it.

use std::ops::Range;

use super::text::{Description, Masked, Word, first_words, words};
use crate::rules::{Check, Finding, Rule, Severity, SkillContext};

pub const RULE: Rule = Rule {
    id: "S103",
    name: "description-summarises-workflow",
    severity: Severity::Warning,
    summary: "the description narrates the skill's workflow step by step",
    docs: r#"## What it does

Warns when the `description` reads as a procedure rather than as what the skill is for and when
to use it. Any one of these fires it (quoted text is ignored):

- numbered steps: `1) … 2) …`, `1. … 2. …`, `(1) … (2) …`, or `Step 1 … Step 2`;
- two or more arrows between steps: `parse → validate → report`, `a -> b -> c`;
- two or more sentences that open with a sequencing word: `First, … Then … Finally, …`;
- one sentence with a sequencing word (`then`, `finally`, `lastly`, `afterwards`, `Next,`, or
  `first` used as an adverb) and at least three clauses that each start with an action verb:
  `Reads the file, parses the rows, validates them, then writes a report.`

A clause counts as an action when it starts with a known verb in the `-s` form (`reads`,
`researches`) followed by more words, or in the plain form followed by an object word (`read
the`, `return its`, `save a`). Cases that shaped the rule, from real skills:

- flagged: `Analyzes a .docx file, researches the topic using internal documents, then adds
  native comments…`; `…first validate the list exists, then generate and save an HTML report…,
  and return its URL`;
- not flagged: `Extracts text and tables, fills forms, merges documents` (a list of
  capabilities with no sequencing word); `Ask the campaign questions, then run the bundled
  script` and `call a routing connector first, then pass the result here` (two steps only);
  `scoped first by the sending lab and then by clinical domain` (an order, not steps);
  `If the file is large, then split it…` (a condition); `Guides them through framing, idea
  expansion and remodelling, then delivers a package` (the listed phases are nouns, not verbs).

Descriptions that are not in English are left alone.

## Why

At startup the model sees only each skill's name and description. Guidance for skill authors
(obra/superpowers `writing-skills`) observes that when a description summarises the workflow,
the model tends to follow that summary instead of loading and reading the body, where the real
instructions are, so steps get skipped or improvised. A description is also short (1024
characters at most in the standard): steps spend that budget on text that does not help the
model decide whether the skill applies. Anthropic's guidance asks for what the skill does and
when to use it.

## Example

```markdown
---
name: csv-audit
description: Reads the CSV file, parses the rows, validates them against the schema, then writes a report.
---
```

## How to fix

Say what the skill achieves and when to use it, and move the steps into the body:

```markdown
---
name: csv-audit
description: Validates CSV exports against a schema and reports the rows that break it. Use when the user asks to check, audit or clean a CSV file.
---
## Steps

1. Read the CSV file and parse the rows.
2. Validate each row against `references/schema.md`.
3. Write the report.
```
"#,
    fixable: false,
    check: Check::Skill(check),
};

fn check(cx: &SkillContext<'_>, out: &mut Vec<Finding>) {
    let Some(description) = Description::of(cx) else {
        return;
    };
    if !description.is_english(cx) {
        return;
    }
    let Some(workflow) = find_workflow(&description.masked(cx)) else {
        return;
    };
    out.push(
        RULE.finding(
            cx,
            format!("the description summarises the workflow ({})", workflow.what),
        )
        .at(description.span(workflow.range))
        .label(workflow.label)
        .help("say what the skill is for and when to use it, and keep the steps in the body: a model that reads steps here may follow them instead of the body"),
    );
}

/// Where a description reads as a procedure, and how.
#[derive(Debug, PartialEq, Eq)]
struct Workflow {
    /// What was seen, for the message (may quote the text in backticks).
    what: String,
    label: &'static str,
    range: Range<usize>,
}

fn find_workflow(masked: &Masked) -> Option<Workflow> {
    let text = masked.text.as_str();
    numbered_steps(text)
        .or_else(|| arrows(text))
        .or_else(|| sequence_sentences(text, &masked.sentences))
        .or_else(|| action_chain(text, &masked.sentences))
}

/// `1) … 2)`, `1. … 2.`, `(1) … (2)` or `Step 1 … Step 2`.
fn numbered_steps(text: &str) -> Option<Workflow> {
    // Every form has a `1`.
    memchr::memchr(b'1', text.as_bytes())?;
    for (one, two) in [("1)", "2)"), ("1.", "2."), ("(1)", "(2)")] {
        let first = list_marker(text, one, 0);
        let second = first.as_ref().and_then(|f| list_marker(text, two, f.end));
        if let (Some(first), Some(second)) = (first, second) {
            return Some(Workflow {
                what: format!("numbered steps `{one}` … `{two}`"),
                label: "numbered steps",
                range: first.start..second.end,
            });
        }
    }
    let ws = words(text);
    let step = |n: &str| {
        ws.windows(2)
            .find(|p| p[0].is("step") && p[1].text == n)
            .map(|p| p[0].start..p[1].end)
    };
    let (first, second) = (step("1")?, step("2")?);
    (first.start < second.start).then(|| Workflow {
        what: "numbered steps `Step 1` … `Step 2`".to_owned(),
        label: "numbered steps",
        range: first.start..second.end,
    })
}

/// The first `marker` at or after `from` that stands alone: after the start, whitespace or
/// `(` (for the markers without their own parenthesis), and before whitespace.
fn list_marker(text: &str, marker: &str, from: usize) -> Option<Range<usize>> {
    text.get(from..)?
        .match_indices(marker)
        .map(|(at, _)| from + at)
        .find(|&at| {
            let before = text[..at].chars().next_back();
            let after = text[at + marker.len()..].chars().next();
            before.is_none_or(|c| c.is_whitespace() || (c == '(' && !marker.starts_with('(')))
                && after.is_some_and(char::is_whitespace)
        })
        .map(|at| at..at + marker.len())
}

/// Two or more arrows between words: `parse → validate → report`.
fn arrows(text: &str) -> Option<Workflow> {
    // `->` and `=>` hold a `>`; `→` and `⇒` start with the byte 0xE2.
    memchr::memchr2(b'>', 0xE2, text.as_bytes())?;
    let found: Vec<Range<usize>> = ["→", "->", "⇒", "=>"]
        .iter()
        .flat_map(|arrow| {
            text.match_indices(arrow)
                .map(|(at, a)| at..at + a.len())
                .filter(|r| {
                    let before = text[..r.start].chars().next_back();
                    let after = text[r.end..].chars().next();
                    before.is_some_and(char::is_whitespace)
                        && after.is_some_and(char::is_whitespace)
                })
        })
        .collect();
    let start = found.iter().map(|r| r.start).min()?;
    let end = found.iter().map(|r| r.end).max()?;
    (found.len() >= 2).then(|| Workflow {
        what: format!("{} arrows between steps", found.len()),
        label: "steps chained with arrows",
        range: start..end,
    })
}

/// Words that open a sentence of a procedure.
#[rustfmt::skip]
const SEQUENCE_OPENERS: &[&str] = &[
    "first", "then", "next", "finally", "lastly", "afterwards", "second", "secondly", "third",
    "thirdly",
];

/// Two or more sentences that open with `First`, `Then`, `Next`, `Finally`….
fn sequence_sentences<'a>(text: &'a str, sentences: &[Range<usize>]) -> Option<Workflow> {
    let openers: Vec<Word<'a>> = sentences
        .iter()
        .cloned()
        .filter_map(|sentence| {
            let first = *first_words(&text[sentence.clone()], 1).first()?;
            let lead = &text[sentence.start..sentence.start + first.start];
            let after = text[sentence.start + first.end..].chars().next();
            let opens = lead.trim().is_empty()
                && SEQUENCE_OPENERS.iter().any(|o| first.is(o))
                && after.is_some_and(|c| c.is_whitespace() || c == ',');
            opens.then(|| Word {
                text: &text[sentence.start + first.start..sentence.start + first.end],
                start: sentence.start + first.start,
                end: sentence.start + first.end,
            })
        })
        .collect();
    let (first, last) = (openers.first()?, openers.last()?);
    (openers.len() >= 2).then(|| Workflow {
        what: format!("sentences opening `{}` … `{}`", first.text, last.text),
        label: "a sequence of steps",
        range: first.start..last.end,
    })
}

/// One sentence with a sequencing word and three or more clauses led by action verbs.
fn action_chain(text: &str, sentences: &[Range<usize>]) -> Option<Workflow> {
    sentences.iter().cloned().find_map(|sentence| {
        let offset = sentence.start;
        if !may_sequence(&text[sentence.clone()]) {
            return None;
        }
        let clauses = clauses(&text[sentence]);
        if !clauses
            .iter()
            .enumerate()
            .any(|(i, c)| sequences(&clauses, i, c))
        {
            return None;
        }
        let verbs: Vec<&Word<'_>> = clauses.iter().filter_map(|c| action_verb(c)).collect();
        let (first, last) = (verbs.first()?, verbs.last()?);
        (verbs.len() >= 3).then(|| {
            let mut what = String::new();
            for (i, verb) in verbs.iter().enumerate() {
                if i > 0 {
                    what.push_str(if i + 1 == verbs.len() {
                        ", then "
                    } else {
                        ", "
                    });
                }
                what.push('`');
                what.push_str(verb.text);
                what.push('`');
            }
            Workflow {
                what,
                label: "a chain of steps",
                range: offset + first.start..offset + last.end,
            }
        })
    })
}

/// The words [`sequences`] looks for.
const SEQUENCE_WORDS: [&str; 6] = ["then", "finally", "lastly", "afterwards", "next", "first"];

/// Whether `sentence` holds one of [`SEQUENCE_WORDS`] in any case, if only inside a longer
/// word: a sentence without any has no clause that [`sequences`], and is passed over without
/// being split into clauses.
fn may_sequence(sentence: &str) -> bool {
    let lower = sentence.to_ascii_lowercase();
    SEQUENCE_WORDS.iter().any(|w| lower.contains(w))
}

/// The clauses of a sentence: runs of words split at `,` `;` `:` `(` `)` dashes, arrows, and
/// before `and`, `or` and `then`.
fn clauses(sentence: &str) -> Vec<Vec<Word<'_>>> {
    let mut out: Vec<Vec<Word<'_>>> = Vec::new();
    let mut current: Vec<Word<'_>> = Vec::new();
    let mut last_end = 0;
    for word in words(sentence) {
        let gap = &sentence[last_end..word.start];
        // Most words are apart by one space.
        let punctuation = gap != " "
            && (gap.contains([',', ';', ':', '(', ')', '—', '–', '→'])
                || gap.contains(" - ")
                || gap.contains("->"));
        let conjunction = ["and", "or", "then"].iter().any(|c| word.is(c));
        if (punctuation || conjunction) && !current.is_empty() {
            // `and then`: keep `then` with its `and`.
            let joins_then =
                word.is("then") && !punctuation && current.len() == 1 && current[0].is("and");
            if !joins_then {
                out.push(std::mem::take(&mut current));
            }
        }
        current.push(word);
        last_end = word.end;
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Words a clause may open with before its verb.
#[rustfmt::skip]
const CLAUSE_LEADS: &[&str] = &[
    "and", "or", "then", "finally", "lastly", "first", "it", "they", "also", "afterwards",
];

/// Whether clause `i` carries a sequencing word: `then` that is not part of a condition or an
/// order (`then by date`), `finally`, `lastly`, `afterwards`, `Next,`, or `first` as an adverb.
/// These are [`SEQUENCE_WORDS`], which [`may_sequence`] looks for first: a word added here goes
/// there too.
fn sequences(clauses: &[Vec<Word<'_>>], i: usize, clause: &[Word<'_>]) -> bool {
    let Some(lead) = clause.iter().position(|w| !w.is("and")) else {
        return false;
    };
    let opener = &clause[lead];
    if opener.is("then") {
        let previous = i.checked_sub(1).and_then(|p| clauses.get(p)?.first());
        let conditional = previous.is_some_and(|w| {
            ["if", "when", "whenever", "once", "unless"]
                .iter()
                .any(|c| w.is(c))
        });
        let order = clause.get(lead + 1).is_some_and(|w| {
            ["by", "in", "on", "at", "for", "with"]
                .iter()
                .any(|c| w.is(c))
        });
        return !conditional && !order;
    }
    if ["finally", "lastly", "afterwards"]
        .iter()
        .any(|c| opener.is(c))
        || (opener.is("next") && clause.len() == lead + 1)
    {
        return true;
    }
    clause.iter().enumerate().any(|(k, w)| {
        let before = k.checked_sub(1).map(|b| &clause[b]);
        w.is("first")
            && !before.is_some_and(|b| {
                [
                    "the", "a", "its", "their", "your", "his", "her", "our", "my", "this", "that",
                    "each", "at",
                ]
                .iter()
                .any(|d| b.is(d))
            })
    })
}

/// The verb a clause opens with, when it opens with an action.
fn action_verb<'a, 'b>(clause: &'b [Word<'a>]) -> Option<&'b Word<'a>> {
    let at = clause
        .iter()
        .position(|w| !CLAUSE_LEADS.iter().any(|l| w.is(l)))?;
    let verb = clause.get(at)?;
    let next = clause.get(at + 1)?;
    let lower = verb.lower();
    // The base forms this `-s` form could come from (`classifies` → `classify`, `fixes` → `fix`,
    // `reads` → `read`).
    let bases = [
        lower.strip_suffix("ies").map(|stem| format!("{stem}y")),
        lower.strip_suffix("es").map(str::to_owned),
        lower.strip_suffix('s').map(str::to_owned),
    ];
    let is_s_form = bases
        .into_iter()
        .flatten()
        .any(|base| VERBS.contains(&base.as_str()) && s_form(&base) == lower);
    let is_base = VERBS.contains(&lower.as_str()) && OBJECT_WORDS.iter().any(|o| next.is(o));
    (is_s_form || is_base).then_some(verb)
}

/// The third-person `-s` form of a verb.
fn s_form(verb: &str) -> String {
    if verb.ends_with(['s', 'x', 'z']) || verb.ends_with("sh") || verb.ends_with("ch") {
        format!("{verb}es")
    } else if let Some(stem) = verb
        .strip_suffix('y')
        .filter(|s| !s.ends_with(['a', 'e', 'o', 'u']))
    {
        format!("{stem}ies")
    } else {
        format!("{verb}s")
    }
}

/// Words that follow a plain-form verb used as a command (`read the`, `return its`).
#[rustfmt::skip]
const OBJECT_WORDS: &[&str] = &[
    "the", "a", "an", "it", "them", "this", "that", "these", "those", "each", "all", "any", "its",
    "their", "your", "every", "up", "out", "back", "down",
];

/// Action verbs common in skill descriptions. Verbs that introduce triggers (`use`, `invoke`,
/// `apply`) are left out on purpose.
#[rustfmt::skip]
const VERBS: &[&str] = &[
    "add", "adjust", "aggregate", "analyse", "analyze", "annotate", "archive", "ask",
    "assemble", "assess", "attach", "audit", "build", "bundle", "calculate", "call", "capture",
    "categorize", "check", "classify", "clean", "collect", "combine", "commit", "compare",
    "compile", "compose", "compute", "configure", "confirm", "convert", "copy", "create", "crop",
    "deduplicate", "delete", "deliver", "deploy", "derive", "detect", "download", "draft", "edit",
    "embed", "enrich", "estimate", "evaluate", "execute", "export", "extract", "fetch", "fill",
    "filter", "find", "fix", "flag", "format", "gather", "generate", "group", "highlight",
    "import", "index", "infer", "insert", "inspect", "install", "label", "launch", "list",
    "load", "locate", "log", "map", "measure", "merge", "migrate", "move", "normalize", "notify",
    "open", "optimize", "organize", "output", "package", "parse", "pass", "paste", "patch",
    "plot", "populate", "post", "prepare", "present", "print", "process", "produce", "propose",
    "publish", "pull", "push", "query", "rank", "read", "rebuild", "record", "redact", "refactor",
    "refine", "remove", "rename", "render", "reorder", "replace", "request", "research",
    "resize", "resolve", "restructure", "return", "review", "rewrite", "run", "sanitize", "save",
    "scan", "schedule", "score", "search", "select", "send", "share", "sort", "split", "stage",
    "store", "submit", "suggest", "summarise", "summarize", "sync", "tag", "test", "transcribe",
    "transform", "translate", "trim", "update", "upload", "validate", "verify", "visualize",
    "wrap", "write", "zip",
];

#[cfg(test)]
mod tests {
    use super::{Masked, RULE, find_workflow, may_sequence, s_form};
    use crate::rules::context::testing::check;

    fn found(text: &str) -> Option<(String, &str)> {
        find_workflow(&Masked::new(text)).map(|w| (w.what, &text[w.range]))
    }

    #[test]
    fn flags_chains_of_actions_with_a_sequencing_word() {
        let text = "Reads the file, parses the rows, validates them, then writes a report.";
        assert_eq!(
            found(text),
            Some((
                "`Reads`, `parses`, `validates`, then `writes`".to_owned(),
                "Reads the file, parses the rows, validates them, then writes"
            ))
        );
        assert!(found("Read the file, parse the rows, then write a report.").is_some());
        assert!(
            found("Reads the file, parses it; next, validates the rows and writes a report.")
                .is_some()
        );
        assert!(found(
            "Analyzes a .docx file, researches the topic using emails and web sources, then adds native comments."
        )
        .is_some());
        assert!(found(
            "Use this skill for SharePoint lists; first validate the list exists, then generate and save an HTML report, and return its URL."
        )
        .is_some());
    }

    #[test]
    fn flags_numbered_steps_arrows_and_sequence_sentences() {
        assert_eq!(
            found("Audits a repo: 1) scan files 2) score them.").map(|f| f.1.to_owned()),
            Some("1) scan files 2)".to_owned())
        );
        assert!(found("Audits a repo. 1. Scan files. 2. Score them.").is_some());
        assert!(found("Audits a repo: (1) scan, (2) score.").is_some());
        assert!(found("Step 1 scans the repo and step 2 scores it.").is_some());
        assert!(found("Pipeline: parse → validate → report.").is_some());
        assert!(found("Pipeline: parse -> validate -> report.").is_some());
        assert!(
            found("First, read the config. Then validate the schema. Finally, write the report.")
                .is_some()
        );
    }

    #[test]
    fn leaves_capability_lists_orders_and_conditions_alone() {
        for text in [
            "Extracts text and tables, fills forms, merges documents. Use when working with PDFs.",
            "Ask the campaign questions, then run the bundled script to fill the template.",
            "Do not compute routes here — call a routing connector first, then pass the result here.",
            "Matches the column against the schema, scoped first by lab and then by domain, and writes a mapping.",
            "If the file is large, then split it into parts, compress them and upload them.",
            "Guides them through framing, idea expansion, and remodelling, then delivers a package.",
            "Standard Flutter navigation using Navigator 1.0 (push/pop). Use for app routing.",
            "Generates charts, tables and reports, then exports them.",
            "Use when the user says \"read the file, parse it, then write a report\".",
            "Maps input -> output. Use for data pipelines.",
            "Builds Next.js apps. Then deploys them.",
            "Fixes the first error, the second warning and the third note.",
        ] {
            assert_eq!(found(text), None, "{text}");
        }
    }

    #[test]
    fn only_sentences_with_a_sequencing_word_are_split_into_clauses() {
        assert!(may_sequence(
            "Reads the file, parses it, THEN writes a report."
        ));
        assert!(may_sequence("Afterwards it writes."));
        assert!(!may_sequence(
            "Reads the file, parses the rows and writes a report."
        ));
        // In any case, as the clause test reads words.
        assert!(
            found("Reads the file, parses the rows, validates them, THEN writes a report.")
                .is_some()
        );
        assert_eq!(
            found("Reads the file, parses the rows, validates them and writes a report."),
            None
        );
    }

    #[test]
    fn s_forms() {
        assert_eq!(s_form("read"), "reads");
        assert_eq!(s_form("research"), "researches");
        assert_eq!(s_form("fix"), "fixes");
        assert_eq!(s_form("classify"), "classifies");
        assert_eq!(s_form("deploy"), "deploys");
    }

    #[test]
    fn points_at_the_steps_in_the_file() {
        let text = "---\nname: csv\ndescription: Reads the CSV, parses the rows, then writes a report. Use for CSV audits.\n---\n";
        let found = check(&RULE, "csv", text);
        assert_eq!(found.len(), 1);
        let span = found[0].span.expect("a span");
        assert_eq!(
            &text[span.start..span.end],
            "Reads the CSV, parses the rows, then writes"
        );
        assert_eq!(
            found[0].message,
            "the description summarises the workflow (`Reads`, `parses`, then `writes`)"
        );
    }

    #[test]
    fn quiet_without_a_description() {
        assert!(check(&RULE, "csv", "---\nname: csv\n---\n").is_empty());
    }
}
