//! Integration tests for reading a `SKILL.md` through the public API: the frontmatter/body split,
//! exact byte spans of keys and values, YAML types and styles, duplicate keys, YAML syntax errors,
//! encoding facts (BOM, CRLF, lone CR, invalid UTF-8, NUL), the `Skill` accessors, and that no
//! input makes parsing panic or hand out a span outside the file.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use skills::frontmatter::{
    Document, Field, FrontmatterState, ScalarStyle, Value, ValueKind, Yaml, parse,
};
use skills::skill::{Origin, Scope, Skill};
use skills::source::{Source, Span};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// Reads `bytes` as a file and splits it.
fn doc(bytes: &[u8]) -> (Source, Document) {
    let src = Source::new(bytes.to_vec());
    let document = parse(&src);
    (src, document)
}

/// The bytes of the original file under `span` (panics if the span is out of bounds).
fn raw(src: &Source, span: Span) -> &[u8] {
    &src.bytes()[span.start..span.end]
}

/// The text of the original file under `span`; the span must cover valid UTF-8.
fn text(src: &Source, span: Span) -> &str {
    std::str::from_utf8(raw(src, span)).expect("span covers valid UTF-8")
}

const fn sp(start: usize, end: usize) -> Span {
    Span::new(start, end)
}

/// The YAML content of a closed frontmatter block.
fn yaml(document: &Document) -> &Yaml {
    &document
        .frontmatter()
        .expect("frontmatter is present")
        .content
}

/// The top-level fields; the YAML must be a mapping.
fn fields(document: &Document) -> &[Field] {
    match yaml(document) {
        Yaml::Mapping(fields) => fields,
        other => panic!("expected a mapping, got {other:?}"),
    }
}

/// The (last) top-level field named `key`.
fn field<'a>(document: &'a Document, key: &str) -> &'a Field {
    document
        .frontmatter()
        .expect("frontmatter is present")
        .get(key)
        .unwrap_or_else(|| panic!("no field `{key}`"))
}

/// The syntax error of an invalid frontmatter block: (reason, offset).
fn yaml_error(document: &Document) -> (&str, usize) {
    match yaml(document) {
        Yaml::Invalid(err) => (err.reason.as_str(), err.offset),
        other => panic!("expected invalid YAML, got {other:?}"),
    }
}

fn string(s: &str) -> Value {
    Value::String(s.to_owned())
}

fn origin() -> Origin {
    Origin {
        root: PathBuf::from("/skills"),
        scope: Scope::Project,
        precedence: 0,
        root_index: 0,
    }
}

/// A skill in `/skills/<dir>/SKILL.md` with the given file contents.
fn skill(dir: &str, bytes: &[u8]) -> Skill {
    let dir = PathBuf::from("/skills").join(dir);
    let skill_md = dir.join("SKILL.md");
    Skill::parse(dir, skill_md, origin(), bytes.to_vec())
}

// ---------------------------------------------------------------------------------------------
// 1. Splitting
// ---------------------------------------------------------------------------------------------

#[test]
fn minimal_valid_file_splits_into_frontmatter_and_body() {
    let (src, d) = doc(b"---\nname: pdf\ndescription: Extract text\n---\n# PDF\n");
    let fm = d.frontmatter().expect("present");
    assert_eq!(fm.open, sp(0, 3));
    assert_eq!(fm.close, sp(40, 43));
    assert_eq!(fm.yaml, sp(4, 40));
    assert_eq!(
        text(&src, fm.yaml),
        "name: pdf\ndescription: Extract text\n"
    );
    assert_eq!(d.body, sp(44, 50));
    assert_eq!(text(&src, d.body), "# PDF\n");
    let keys: Vec<_> = fm.fields().iter().map(|f| f.key.as_str()).collect();
    assert_eq!(keys, ["name", "description"]);
    assert_eq!(field(&d, "name").value, string("pdf"));
    assert_eq!(field(&d, "description").value, string("Extract text"));
}

#[test]
fn body_span_starts_right_after_the_closing_line_terminator() {
    // LF
    let (src, d) = doc(b"---\nname: a\n---\nX");
    assert_eq!(d.frontmatter().unwrap().close, sp(12, 15));
    assert_eq!(d.body, sp(16, 17));
    assert_eq!(text(&src, d.body), "X");
    // CRLF: both terminator bytes belong to the closing line.
    let (src, d) = doc(b"---\r\nname: a\r\n---\r\nX");
    assert_eq!(d.frontmatter().unwrap().close, sp(14, 17));
    assert_eq!(d.body, sp(19, 20));
    assert_eq!(text(&src, d.body), "X");
    // No terminator after the closing line: the body is empty, at the end of the file.
    let (_, d) = doc(b"---\nname: a\n---");
    assert_eq!(d.frontmatter().unwrap().close, sp(12, 15));
    assert_eq!(d.body, sp(15, 15));
    // The body is untrimmed: leading blank lines stay.
    let (src, d) = doc(b"---\nname: a\n---\n\n\n# T\n");
    assert_eq!(d.body, sp(16, 22));
    assert_eq!(text(&src, d.body), "\n\n# T\n");
}

#[test]
fn a_later_dashes_line_stays_in_the_body() {
    let (src, d) = doc(b"---\nname: a\n---\nintro\n---\nmore\n");
    let fm = d.frontmatter().expect("present");
    assert_eq!(fm.close, sp(12, 15));
    assert_eq!(d.body, sp(16, 31));
    assert_eq!(text(&src, d.body), "intro\n---\nmore\n");
    assert_eq!(fm.fields().len(), 1);
    assert_eq!(field(&d, "name").value, string("a"));
}

#[test]
fn first_line_that_is_not_three_dashes_means_missing_frontmatter() {
    let cases: [(&[u8], Span, &str, Span); 2] = [
        (b"----\nname: x\n---\n", sp(0, 4), "----", sp(13, 16)),
        (b"---name: x\n---\n", sp(0, 10), "---name: x", sp(11, 14)),
    ];
    for (input, first, first_text, later) in cases {
        let (src, d) = doc(input);
        assert_eq!(
            d.frontmatter,
            FrontmatterState::Missing {
                first_line: first,
                later_delimiter: Some(later),
            },
            "input {input:?}"
        );
        assert_eq!(text(&src, first), first_text);
        assert_eq!(text(&src, later), "---");
        // Without frontmatter the whole file is body.
        assert_eq!(d.body, sp(0, input.len()));
        assert!(d.frontmatter().is_none());
    }
    // No later `---` at all.
    let (_, d) = doc(b"# Title\ntext\n");
    assert_eq!(
        d.frontmatter,
        FrontmatterState::Missing {
            first_line: sp(0, 7),
            later_delimiter: None,
        }
    );
    assert_eq!(d.body, sp(0, 13));
}

#[test]
fn blank_lines_before_the_opening_dashes_mean_missing_with_a_later_delimiter() {
    let (src, d) = doc(b"\n\n---\nname: x\n---\nbody\n");
    assert_eq!(
        d.frontmatter,
        FrontmatterState::Missing {
            first_line: sp(0, 0),
            later_delimiter: Some(sp(2, 5)),
        }
    );
    assert_eq!(text(&src, sp(2, 5)), "---");
    assert_eq!(d.body, sp(0, 23));

    // Same with a CRLF blank line: the later delimiter excludes its terminator.
    let (src, d) = doc(b"\r\n---\r\nname: x\r\n---\r\n");
    assert_eq!(
        d.frontmatter,
        FrontmatterState::Missing {
            first_line: sp(0, 0),
            later_delimiter: Some(sp(2, 5)),
        }
    );
    assert_eq!(text(&src, sp(2, 5)), "---");
}

#[test]
fn opening_dashes_without_a_closing_line_are_unclosed() {
    let (_, d) = doc(b"---\n");
    assert_eq!(d.frontmatter, FrontmatterState::Unclosed { open: sp(0, 3) });
    assert_eq!(d.body, sp(4, 4));

    // The body of an unclosed block is everything after the opening line.
    let (src, d) = doc(b"---\nname: x\n# no close\n");
    assert_eq!(d.frontmatter, FrontmatterState::Unclosed { open: sp(0, 3) });
    assert_eq!(d.body, sp(4, 23));
    assert_eq!(text(&src, d.body), "name: x\n# no close\n");

    // `---` with no line terminator at all.
    let (_, d) = doc(b"---");
    assert_eq!(d.frontmatter, FrontmatterState::Unclosed { open: sp(0, 3) });
    assert_eq!(d.body, sp(3, 3));

    // A closing line of four dashes does not close.
    let (_, d) = doc(b"---\nname: x\n----\n");
    assert_eq!(d.frontmatter, FrontmatterState::Unclosed { open: sp(0, 3) });
    assert_eq!(d.body, sp(4, 17));
}

#[test]
fn delimiters_may_carry_trailing_spaces_and_tabs() {
    // The reference validator and Codex accept them; S001 and S003 warn.
    let (src, d) = doc(b"--- \nname: x\n---\t\n# Body\n");
    let FrontmatterState::Present(fm) = &d.frontmatter else {
        panic!("{:?}", d.frontmatter)
    };
    assert_eq!((fm.open, fm.close), (sp(0, 4), sp(13, 17)));
    assert_eq!(text(&src, fm.yaml), "name: x\n");
    assert_eq!(text(&src, d.body), "# Body\n");
}

#[test]
fn empty_file_is_missing_frontmatter_with_empty_spans() {
    let (_, d) = doc(b"");
    assert_eq!(
        d.frontmatter,
        FrontmatterState::Missing {
            first_line: sp(0, 0),
            later_delimiter: None,
        }
    );
    assert_eq!(d.body, sp(0, 0));
}

#[test]
fn empty_frontmatter_is_present_and_null() {
    let (_, d) = doc(b"---\n---\n");
    let fm = d.frontmatter().expect("present");
    assert_eq!(fm.open, sp(0, 3));
    assert_eq!(fm.yaml, sp(4, 4));
    assert_eq!(fm.close, sp(4, 7));
    assert_eq!(fm.content, Yaml::NotMapping(ValueKind::Null));
    assert!(fm.fields().is_empty());
    assert!(fm.get("name").is_none());
    assert!(fm.duplicate_keys().is_empty());
    assert_eq!(d.body, sp(8, 8));
}

#[test]
fn comment_or_blank_only_frontmatter_is_null() {
    let (src, d) = doc(b"---\n# just a comment\n---\n");
    let fm = d.frontmatter().expect("present");
    assert_eq!(fm.yaml, sp(4, 21));
    assert_eq!(text(&src, fm.yaml), "# just a comment\n");
    assert_eq!(fm.content, Yaml::NotMapping(ValueKind::Null));
    assert_eq!(d.body, sp(25, 25));

    let (_, d) = doc(b"---\n   \n\n---\n");
    assert_eq!(yaml(&d), &Yaml::NotMapping(ValueKind::Null));
}

#[test]
fn frontmatter_that_is_not_a_mapping_records_its_kind() {
    let cases: [(&[u8], ValueKind); 6] = [
        (b"---\n- a\n- b\n---\n", ValueKind::Sequence),
        (b"---\n[a, b]\n---\n", ValueKind::Sequence),
        (b"---\nhello\n---\n", ValueKind::String),
        (b"---\n42\n---\n", ValueKind::Number),
        (b"---\ntrue\n---\n", ValueKind::Bool),
        (b"---\n!foo x\n---\n", ValueKind::Tagged),
    ];
    for (input, kind) in cases {
        let (_, d) = doc(input);
        assert_eq!(yaml(&d), &Yaml::NotMapping(kind), "input {input:?}");
        assert!(d.frontmatter().unwrap().fields().is_empty());
    }
    let (src, d) = doc(b"---\n- a\n- b\n---\n");
    let fm = d.frontmatter().unwrap();
    assert_eq!(fm.yaml, sp(4, 12));
    assert_eq!(text(&src, fm.yaml), "- a\n- b\n");
    assert_eq!(d.body, sp(16, 16));
}

// ---------------------------------------------------------------------------------------------
// 2. Exact spans
// ---------------------------------------------------------------------------------------------

#[test]
fn plain_and_quoted_values_have_exact_spans_and_styles() {
    let (src, d) =
        doc(b"---\nname: pdf\ndescription: \"Quoted & x\"\nlicense: 'MIT'\n---\n# Body\n");
    let f = fields(&d);
    assert_eq!(f.len(), 3);

    assert_eq!(f[0].key, "name");
    assert_eq!(f[0].key_kind, ValueKind::String);
    assert_eq!(f[0].key_span, sp(4, 8));
    assert_eq!(text(&src, f[0].key_span), "name");
    assert_eq!(f[0].value_span, sp(10, 13));
    assert_eq!(text(&src, f[0].value_span), "pdf");
    assert_eq!(f[0].value, string("pdf"));
    assert_eq!(f[0].style, Some(ScalarStyle::Plain));

    assert_eq!(f[1].key_span, sp(14, 25));
    assert_eq!(text(&src, f[1].key_span), "description");
    assert_eq!(f[1].value_span, sp(27, 39));
    assert_eq!(text(&src, f[1].value_span), "\"Quoted & x\"");
    assert_eq!(f[1].value, string("Quoted & x"));
    assert_eq!(f[1].as_str(), Some("Quoted & x"));
    assert_eq!(f[1].style, Some(ScalarStyle::DoubleQuoted));

    assert_eq!(f[2].key_span, sp(40, 47));
    assert_eq!(text(&src, f[2].key_span), "license");
    assert_eq!(f[2].value_span, sp(49, 54));
    assert_eq!(text(&src, f[2].value_span), "'MIT'");
    assert_eq!(f[2].value, string("MIT"));
    assert_eq!(f[2].style, Some(ScalarStyle::SingleQuoted));

    for f in f {
        assert!(f.entries.is_empty());
    }
    assert_eq!(d.body, sp(59, 66));
}

#[test]
fn quoted_key_span_includes_its_quotes() {
    let (src, d) = doc(b"---\n\"name\": x\n---\n");
    let f = field(&d, "name");
    assert_eq!(f.key_span, sp(4, 10));
    assert_eq!(text(&src, f.key_span), "\"name\"");
    assert_eq!(f.value_span, sp(12, 13));
}

#[test]
fn literal_block_scalar_span_runs_from_the_indicator_to_the_last_non_blank_char() {
    let (src, d) = doc(b"---\ndescription: |\n  line one\n  line two\n\nlicense: MIT\n---\n");
    let f = field(&d, "description");
    assert_eq!(f.key_span, sp(4, 15));
    assert_eq!(f.value_span, sp(17, 40));
    assert_eq!(text(&src, f.value_span), "|\n  line one\n  line two");
    assert_eq!(f.style, Some(ScalarStyle::Literal));
    assert_eq!(f.value, string("line one\nline two\n"));

    let l = field(&d, "license");
    assert_eq!(l.key_span, sp(42, 49));
    assert_eq!(l.value_span, sp(51, 54));
    assert_eq!(text(&src, l.value_span), "MIT");
}

#[test]
fn folded_strip_block_scalar_span_runs_from_the_indicator_to_the_last_non_blank_char() {
    let (src, d) = doc(b"---\ndescription: >-\n  folded\n  text\n\n\n---\nbody");
    let f = field(&d, "description");
    assert_eq!(f.value_span, sp(17, 35));
    assert_eq!(text(&src, f.value_span), ">-\n  folded\n  text");
    assert_eq!(f.style, Some(ScalarStyle::Folded));
    assert_eq!(f.value, string("folded text"));
    assert_eq!(d.body, sp(42, 46));
}

#[test]
fn empty_and_crlf_block_scalars_have_exact_spans() {
    // An empty literal block: the span is just the indicator.
    let (src, d) = doc(b"---\ndescription: |\nlicense: MIT\n---\n");
    let f = field(&d, "description");
    assert_eq!(f.value, string(""));
    assert_eq!(f.value_span, sp(17, 18));
    assert_eq!(text(&src, f.value_span), "|");
    assert_eq!(field(&d, "license").key_span, sp(19, 26));

    // CRLF block scalar: the trailing `\r\n` and blank line are not part of the span.
    let (src, d) = doc(b"---\r\ndescription: |\r\n  one\r\n  two\r\n\r\nlicense: MIT\r\n---\r\n");
    let f = field(&d, "description");
    assert_eq!(f.value_span, sp(18, 33));
    assert_eq!(text(&src, f.value_span), "|\r\n  one\r\n  two");
    assert_eq!(f.value, string("one\ntwo\n"));
    assert_eq!(field(&d, "license").value_span, sp(46, 49));

    // A quoted key containing a colon does not confuse the indicator search.
    let (src, d) = doc(b"---\n\"a:b\": |-\n  x\n---\n");
    let f = field(&d, "a:b");
    assert_eq!(f.key_span, sp(4, 9));
    assert_eq!(f.value_span, sp(11, 17));
    assert_eq!(text(&src, f.value_span), "|-\n  x");
    assert_eq!(f.value, string("x"));
}

#[test]
fn multi_line_plain_scalar_span_covers_every_line_and_value_is_folded() {
    let (src, d) = doc(b"---\ndescription: plain\n  continued\nlicense: MIT\n---\n");
    let f = field(&d, "description");
    assert_eq!(f.value_span, sp(17, 34));
    assert_eq!(text(&src, f.value_span), "plain\n  continued");
    assert_eq!(f.value, string("plain continued"));
    assert_eq!(f.style, Some(ScalarStyle::Plain));
    assert_eq!(field(&d, "license").key_span, sp(35, 42));
}

#[test]
fn metadata_mapping_entries_have_their_own_exact_spans() {
    let (src, d) =
        doc(b"---\nname: x\nmetadata:\n  author: me\n  version: \"1.0\"\nlicense: MIT\n---\n");
    let m = field(&d, "metadata");
    assert_eq!(m.key_span, sp(12, 20));
    assert_eq!(m.kind(), ValueKind::Mapping);
    assert_eq!(m.style, None);
    assert_eq!(
        m.value,
        Value::Mapping(vec![
            (string("author"), string("me")),
            (string("version"), string("1.0")),
        ])
    );
    // The mapping starts at its first key (its end is checked in a test below).
    assert_eq!(m.value_span.start, 24);

    assert_eq!(m.entries.len(), 2);
    let author = &m.entries[0];
    assert_eq!(author.key, "author");
    assert_eq!(author.key_span, sp(24, 30));
    assert_eq!(text(&src, author.key_span), "author");
    assert_eq!(author.value_span, sp(32, 34));
    assert_eq!(text(&src, author.value_span), "me");
    assert_eq!(author.style, Some(ScalarStyle::Plain));

    let version = &m.entries[1];
    assert_eq!(version.key, "version");
    assert_eq!(version.key_span, sp(37, 44));
    assert_eq!(version.value_span, sp(46, 51));
    assert_eq!(text(&src, version.value_span), "\"1.0\"");
    assert_eq!(version.value, string("1.0"));
    assert_eq!(version.style, Some(ScalarStyle::DoubleQuoted));

    let license = field(&d, "license");
    assert_eq!(license.key_span, sp(52, 59));
    assert_eq!(license.value_span, sp(61, 64));
}

#[test]
fn flow_collections_span_from_open_to_close_bracket() {
    let (src, d) = doc(b"---\ne: [a, b]\nf: {a: b}\n---\n");
    let e = field(&d, "e");
    assert_eq!(e.value_span, sp(7, 13));
    assert_eq!(text(&src, e.value_span), "[a, b]");
    assert_eq!(e.style, None);
    assert!(e.entries.is_empty());

    let f = field(&d, "f");
    assert_eq!(f.value_span, sp(17, 23));
    assert_eq!(text(&src, f.value_span), "{a: b}");
    assert_eq!(f.entries.len(), 1);
    assert_eq!(f.entries[0].key_span, sp(18, 19));
    assert_eq!(f.entries[0].value_span, sp(21, 22));
    assert_eq!(text(&src, f.entries[0].value_span), "b");
}

#[test]
fn top_level_flow_mapping_and_explicit_keys_have_exact_spans() {
    let (src, d) = doc(b"---\n{name: a, description: b}\n---\n");
    let f = fields(&d);
    assert_eq!(f[0].key_span, sp(5, 9));
    assert_eq!(f[0].value_span, sp(11, 12));
    assert_eq!(f[1].key_span, sp(14, 25));
    assert_eq!(text(&src, f[1].key_span), "description");
    assert_eq!(f[1].value_span, sp(27, 28));

    let (src, d) = doc(b"---\n? name\n: a\n---\n");
    let f = field(&d, "name");
    assert_eq!(f.key_span, sp(6, 10));
    assert_eq!(text(&src, f.key_span), "name");
    assert_eq!(f.value_span, sp(13, 14));
    assert_eq!(text(&src, f.value_span), "a");
}

#[test]
fn spans_are_byte_offsets_not_char_offsets_after_non_ascii_text() {
    let (src, d) = doc("---\ndescription: héllo wörld\nlicense: MIT\n---\n".as_bytes());
    let desc = field(&d, "description");
    // "héllo wörld" is 11 chars but 13 bytes.
    assert_eq!(desc.value_span, sp(17, 30));
    assert_eq!(text(&src, desc.value_span), "héllo wörld");
    let license = field(&d, "license");
    assert_eq!(license.key_span, sp(31, 38));
    assert_eq!(text(&src, license.key_span), "license");
    assert_eq!(license.value_span, sp(40, 43));
    assert_eq!(text(&src, license.value_span), "MIT");
    assert_eq!(d.frontmatter().unwrap().close, sp(44, 47));

    // Non-ASCII keys and values (3 bytes per CJK char).
    let (src, d) = doc("---\n名前: 値\nlicense: MIT\n---\n".as_bytes());
    let f = fields(&d);
    assert_eq!(f[0].key, "名前");
    assert_eq!(f[0].key_span, sp(4, 10));
    assert_eq!(f[0].value_span, sp(12, 15));
    assert_eq!(text(&src, f[0].value_span), "値");
    assert_eq!(f[1].key_span, sp(16, 23));
    assert_eq!(f[1].value_span, sp(25, 28));
}

#[test]
fn empty_value_span_is_empty_and_sits_right_after_the_key() {
    let (src, d) = doc(b"---\nname:\nlicense: MIT\n---\n");
    let f = field(&d, "name");
    assert_eq!(f.value, Value::Null);
    assert_eq!(f.key_span, sp(4, 8));
    assert_eq!(f.value_span, sp(8, 8));
    assert!(f.value_span.is_empty());
    assert_eq!(text(&src, field(&d, "license").value_span), "MIT");
}

#[test]
fn tagged_value_span_includes_the_tag() {
    let (src, d) = doc(b"---\nname: !!str 123\nother: !foo x\n---\n");
    let name = field(&d, "name");
    assert_eq!(name.value, string("123"));
    assert_eq!(name.value_span, sp(10, 19));
    assert_eq!(text(&src, name.value_span), "!!str 123");
    let other = field(&d, "other");
    assert_eq!(other.value_span, sp(27, 33));
    assert_eq!(text(&src, other.value_span), "!foo x");
    assert_eq!(other.style, Some(ScalarStyle::Plain));
}

#[test]
fn entries_reached_through_an_alias_fall_back_to_the_whole_yaml_block() {
    let (src, d) = doc(b"---\nbase: &x {a: 1}\nother: *x\n---\n");
    let yaml_span = d.frontmatter().unwrap().yaml;
    assert_eq!(yaml_span, sp(4, 30));
    let base = field(&d, "base");
    assert_eq!(text(&src, base.value_span), "&x {a: 1}");
    assert_eq!(base.entries[0].key_span, sp(14, 15));

    let other = field(&d, "other");
    assert_eq!(other.value_span, sp(27, 29));
    assert_eq!(text(&src, other.value_span), "*x");
    assert_eq!(other.style, None);
    assert_eq!(other.value, base.value);
    // The alias has no entries of its own in the event pass: spans cover the whole block.
    assert_eq!(other.entries.len(), 1);
    assert_eq!(other.entries[0].key, "a");
    assert_eq!(other.entries[0].key_span, yaml_span);
    assert_eq!(other.entries[0].value_span, yaml_span);
    assert_eq!(other.entries[0].style, None);
}

#[test]
fn deep_nesting_within_the_parser_limit_keeps_exact_spans() {
    // 100 levels: within serde_yaml's limit (128), which the span pass shares.
    let nested = format!("{}{}", "[".repeat(100), "]".repeat(100));
    let input = format!("---\nname: {nested}\nlicense: MIT\n---\n");
    let (src, d) = doc(input.as_bytes());
    let f = fields(&d);
    assert_eq!(f.len(), 2);
    assert_eq!(f[0].kind(), ValueKind::Sequence);
    assert_eq!(text(&src, f[0].key_span), "name");
    assert_eq!(text(&src, f[0].value_span), nested);
    assert_eq!(text(&src, f[1].value_span), "MIT");
    assert_eq!(field(&d, "license").value, string("MIT"));
}

// ---------------------------------------------------------------------------------------------
// 3. Types
// ---------------------------------------------------------------------------------------------

#[test]
fn values_resolve_with_the_yaml_core_schema() {
    let cases: [(&str, Value, ValueKind, &str); 16] = [
        ("123", Value::Number("123".into()), ValueKind::Number, "123"),
        ("-7", Value::Number("-7".into()), ValueKind::Number, "-7"),
        ("1.5", Value::Number("1.5".into()), ValueKind::Number, "1.5"),
        // Numbers are rendered as serde_yaml prints them, not as written.
        ("0x1F", Value::Number("31".into()), ValueKind::Number, "31"),
        (
            ".inf",
            Value::Number(".inf".into()),
            ValueKind::Number,
            ".inf",
        ),
        ("true", Value::Bool(true), ValueKind::Bool, "true"),
        ("false", Value::Bool(false), ValueKind::Bool, "false"),
        ("", Value::Null, ValueKind::Null, "null"),
        ("~", Value::Null, ValueKind::Null, "null"),
        ("null", Value::Null, ValueKind::Null, "null"),
        // YAML 1.1 booleans and dates are plain strings in 1.2.
        ("yes", string("yes"), ValueKind::String, "yes"),
        (
            "2024-01-01",
            string("2024-01-01"),
            ValueKind::String,
            "2024-01-01",
        ),
        ("\"123\"", string("123"), ValueKind::String, "123"),
        (
            "[a, b]",
            Value::Sequence(vec![string("a"), string("b")]),
            ValueKind::Sequence,
            "sequence",
        ),
        (
            "{a: b}",
            Value::Mapping(vec![(string("a"), string("b"))]),
            ValueKind::Mapping,
            "mapping",
        ),
        (
            "!foo x",
            Value::Tagged("!foo".into(), Box::new(string("x"))),
            ValueKind::Tagged,
            "!foo x",
        ),
    ];
    for (written, value, kind, rendered) in cases {
        let input = format!("---\nname: {written}\n---\n");
        let (_, d) = doc(input.as_bytes());
        let f = field(&d, "name");
        assert_eq!(f.value, value, "name: {written}");
        assert_eq!(f.kind(), kind, "name: {written}");
        assert_eq!(f.value.kind(), kind, "name: {written}");
        assert_eq!(f.value.render(), rendered, "name: {written}");
        assert_eq!(f.as_str().is_some(), kind == ValueKind::String);
    }
    // `name:` with nothing after the colon (no trailing space) is null too.
    let (_, d) = doc(b"---\nname:\n---\n");
    assert_eq!(field(&d, "name").kind(), ValueKind::Null);
}

#[test]
fn value_kinds_display_as_words() {
    let words: Vec<String> = [
        ValueKind::String,
        ValueKind::Number,
        ValueKind::Bool,
        ValueKind::Null,
        ValueKind::Sequence,
        ValueKind::Mapping,
        ValueKind::Tagged,
    ]
    .iter()
    .map(ToString::to_string)
    .collect();
    assert_eq!(
        words,
        [
            "string",
            "number",
            "boolean",
            "null",
            "sequence",
            "mapping",
            "tagged value"
        ]
    );
}

#[test]
fn non_string_keys_are_rendered_with_their_kind() {
    let (src, d) = doc(b"---\n123: a\n~: b\n[x, y]: c\ntrue: d\n---\n");
    let f = fields(&d);
    let keys: Vec<_> = f.iter().map(|f| (f.key.as_str(), f.key_kind)).collect();
    assert_eq!(
        keys,
        [
            ("123", ValueKind::Number),
            ("null", ValueKind::Null),
            ("sequence", ValueKind::Sequence),
            ("true", ValueKind::Bool),
        ]
    );
    assert_eq!(f[0].key_span, sp(4, 7));
    assert_eq!(text(&src, f[1].key_span), "~");
    assert_eq!(f[2].key_span, sp(16, 22));
    assert_eq!(text(&src, f[2].key_span), "[x, y]");
    assert_eq!(text(&src, f[3].key_span), "true");
}

// ---------------------------------------------------------------------------------------------
// 4. Duplicate keys
// ---------------------------------------------------------------------------------------------

#[test]
fn duplicate_top_level_keys_are_kept_and_the_last_one_wins() {
    let (src, d) = doc(b"---\nname: a\nname: b\n---\n");
    let fm = d.frontmatter().expect("present");
    assert!(matches!(fm.content, Yaml::Mapping(_)));
    let f = fm.fields();
    assert_eq!(f.len(), 2);
    assert_eq!(f[0].value, string("a"));
    assert_eq!(f[1].value, string("b"));

    let got = fm.get("name").expect("name");
    assert_eq!(got.value, string("b"));
    assert_eq!(got.key_span, sp(12, 16));

    let dups = fm.duplicate_keys();
    assert_eq!(dups.len(), 1);
    let (first, second) = dups[0];
    assert_eq!(first.key, "name");
    assert_eq!(first.key_span, sp(4, 8));
    assert_eq!(first.value_span, sp(10, 11));
    assert_eq!(text(&src, first.value_span), "a");
    assert_eq!(second.key_span, sp(12, 16));
    assert_eq!(second.value_span, sp(18, 19));
    assert_eq!(text(&src, second.value_span), "b");
}

#[test]
fn a_key_repeated_three_times_pairs_each_repeat_with_the_first() {
    let (_, d) = doc(b"---\nx: 1\ny: 2\nx: 3\nx: 4\n---\n");
    let fm = d.frontmatter().unwrap();
    let dups: Vec<_> = fm
        .duplicate_keys()
        .iter()
        .map(|(a, b)| (a.key_span, b.key_span))
        .collect();
    assert_eq!(dups, [(sp(4, 5), sp(14, 15)), (sp(4, 5), sp(19, 20))]);
    assert_eq!(fm.get("x").unwrap().value, Value::Number("4".into()));
}

#[test]
fn duplicate_keys_inside_a_nested_mapping_are_kept_as_entries() {
    // Like top-level duplicates, nested ones are facts, not a reason to reject the YAML.
    let (src, d) = doc(b"---\nname: x\nmetadata:\n  a: 1\n  a: 2\n---\n");
    let m = field(&d, "metadata");
    assert_eq!(m.entries.len(), 2);
    assert_eq!(m.entries[0].key, "a");
    assert_eq!(m.entries[1].key, "a");
    assert_eq!(m.entries[0].key_span, sp(24, 25));
    assert_eq!(m.entries[1].key_span, sp(31, 32));
    assert_eq!(text(&src, m.entries[1].value_span), "2");
}

// ---------------------------------------------------------------------------------------------
// 5. YAML syntax errors
// ---------------------------------------------------------------------------------------------

/// `reason` carries no `line N column M` / `position N` text of its own.
fn assert_no_position(reason: &str) {
    assert!(
        !reason.contains("line") && !reason.contains("column") && !reason.contains("position"),
        "reason keeps a position: {reason:?}"
    );
}

#[test]
fn yaml_syntax_error_offset_is_a_byte_offset_in_the_whole_file() {
    let (src, d) = doc(b"---\nname: x\ndescription: Use when: x\n---\n");
    let (reason, offset) = yaml_error(&d);
    assert_eq!(reason, "mapping values are not allowed in this context");
    assert_no_position(reason);
    // The second colon: YAML line 2, file line 3.
    assert_eq!(offset, 33);
    assert_eq!(src.bytes()[offset], b':');
    assert_eq!(src.line_col(offset), (3, 22));
    assert!(d.frontmatter().unwrap().fields().is_empty());
    assert!(d.frontmatter().unwrap().get("name").is_none());
    assert_eq!(d.body, sp(41, 41));
}

#[test]
fn yaml_error_offset_is_mapped_after_a_bom() {
    let (src, d) = doc(b"\xEF\xBB\xBF---\nname: x\ndescription: Use when: x\n---\n");
    let (reason, offset) = yaml_error(&d);
    assert_eq!(reason, "mapping values are not allowed in this context");
    assert_eq!(offset, 36);
    assert_eq!(src.bytes()[offset], b':');
    assert_eq!(src.line_col(offset), (3, 22));
}

#[test]
fn yaml_error_offset_is_mapped_in_a_crlf_file() {
    let (src, d) = doc(b"---\r\nname: x\r\ndescription: Use when: x\r\n---\r\n");
    let (reason, offset) = yaml_error(&d);
    assert_eq!(reason, "mapping values are not allowed in this context");
    assert_eq!(offset, 35);
    assert_eq!(src.bytes()[offset], b':');
    assert_eq!(src.line_col(offset), (3, 22));
}

#[test]
fn yaml_error_offset_is_in_bytes_after_non_ascii_and_invalid_utf8() {
    let (src, d) = doc("---\nname: héllo\ndescription: Use when: x\n---\n".as_bytes());
    let (_, offset) = yaml_error(&d);
    assert_eq!(offset, 38);
    assert_eq!(src.bytes()[offset], b':');
    assert_eq!(src.line_col(offset), (3, 22));

    // One invalid byte becomes a 3-byte U+FFFD in the text; the offset maps back to the file.
    let (src, d) = doc(b"---\nname: a\xFF\ndescription: Use when: x\n---\n");
    let (_, offset) = yaml_error(&d);
    assert_eq!(offset, 34);
    assert_eq!(src.bytes()[offset], b':');
    assert_eq!(src.line_col(offset), (3, 22));
}

#[test]
fn yaml_error_at_the_start_of_a_line_and_at_the_end_of_the_block() {
    // A tab cannot start a token: the error is at the first YAML byte.
    let (src, d) = doc(b"---\n\tname: x\n---\n");
    let (reason, offset) = yaml_error(&d);
    assert_eq!(offset, 4);
    assert_eq!(src.line_col(offset), (2, 1));
    assert!(reason.starts_with("found character that cannot start any token"));

    // An unclosed flow sequence fails at the end of the YAML block (the closing line).
    let (src, d) = doc(b"---\nname: [a, b\n---\n");
    let (reason, offset) = yaml_error(&d);
    assert_eq!(offset, 16);
    assert_eq!(src.line_col(offset), (3, 1));
    assert!(reason.starts_with("did not find expected ',' or ']'"));
}

#[test]
fn yaml_error_reason_with_context_has_no_yaml_relative_position() {
    // serde_yaml renders "did not find expected ',' or ']', while parsing a flow sequence at
    // line 1 column 7"; only the problem position is stripped, so the reason names line 1, which
    // is the opening `---` in the file (the sequence is on file line 2).
    let (_, d) = doc(b"---\nname: [a, b\n---\n");
    let (reason, _) = yaml_error(&d);
    assert_no_position(reason);
    assert_eq!(
        reason,
        "did not find expected ',' or ']', while parsing a flow sequence"
    );

    let (_, d) = doc(b"---\nname: \"abc\n---\n");
    let (reason, _) = yaml_error(&d);
    assert_no_position(reason);
}

#[test]
fn nul_byte_in_frontmatter_makes_the_yaml_invalid() {
    let (src, d) = doc(b"---\nname: a\x00b\n---\n");
    assert_eq!(src.encoding().first_nul, Some(11));
    assert_eq!(src.encoding().nul_count, 1);
    assert!(matches!(yaml(&d), Yaml::Invalid(_)));
}

#[test]
fn nul_byte_in_frontmatter_error_points_at_the_nul() {
    // serde_yaml reports reader errors with line/column 0 and a `problem_offset`: the message is
    // "control characters are not allowed at position 7" and `location()` is index 0, so the
    // offset becomes the start of the YAML block (4) and the YAML-relative position stays.
    let (_, d) = doc(b"---\nname: a\x00b\n---\n");
    let (reason, offset) = yaml_error(&d);
    assert_eq!(offset, 11);
    assert_eq!(reason, "control characters are not allowed");
}

// ---------------------------------------------------------------------------------------------
// 6. Encoding facts
// ---------------------------------------------------------------------------------------------

#[test]
fn bom_file_splits_with_spans_shifted_by_three() {
    let (src, d) = doc(b"\xEF\xBB\xBF---\nname: pdf\n---\nbody\n");
    let enc = src.encoding();
    assert!(enc.bom);
    assert_eq!(enc.invalid_utf8, None);
    let fm = d.frontmatter().expect("frontmatter found after the BOM");
    assert_eq!(fm.open, sp(3, 6));
    assert_eq!(text(&src, fm.open), "---");
    assert_eq!(fm.yaml, sp(7, 17));
    assert_eq!(fm.close, sp(17, 20));
    let f = field(&d, "name");
    assert_eq!(f.key_span, sp(7, 11));
    assert_eq!(text(&src, f.key_span), "name");
    assert_eq!(f.value_span, sp(13, 16));
    assert_eq!(text(&src, f.value_span), "pdf");
    assert_eq!(d.body, sp(21, 26));
    assert_eq!(text(&src, d.body), "body\n");
}

#[test]
fn bom_without_frontmatter_is_missing_after_the_bom() {
    let (src, d) = doc(b"\xEF\xBB\xBFname: x\n---\n");
    assert_eq!(
        d.frontmatter,
        FrontmatterState::Missing {
            first_line: sp(3, 10),
            later_delimiter: Some(sp(11, 14)),
        }
    );
    assert_eq!(text(&src, sp(3, 10)), "name: x");
    assert_eq!(d.body, sp(3, 15));

    let (src, d) = doc(b"\xEF\xBB\xBF");
    assert!(src.encoding().bom);
    assert_eq!(
        d.frontmatter,
        FrontmatterState::Missing {
            first_line: sp(3, 3),
            later_delimiter: None,
        }
    );
    assert_eq!(d.body, sp(3, 3));
}

#[test]
fn crlf_file_splits_and_spans_point_into_the_original_bytes() {
    let input = b"---\r\nname: pdf\r\ndescription: Reads PDFs\r\n---\r\n# Body\r\n";
    let (src, d) = doc(input);
    let le = src.encoding().line_endings;
    assert_eq!(le.crlf, 5);
    assert_eq!(le.lf, 0);
    assert_eq!(le.lone_cr, 0);
    assert_eq!(le.first_crlf, Some(3));
    assert_eq!(le.first_lone_cr, None);

    let fm = d.frontmatter().expect("present");
    assert_eq!(fm.open, sp(0, 3));
    assert_eq!(fm.yaml, sp(5, 41));
    assert_eq!(fm.close, sp(41, 44));
    assert_eq!(text(&src, fm.close), "---");

    let name = field(&d, "name");
    assert_eq!(name.key_span, sp(5, 9));
    assert_eq!(name.value_span, sp(11, 14));
    assert_eq!(text(&src, name.value_span), "pdf");
    let desc = field(&d, "description");
    assert_eq!(desc.key_span, sp(16, 27));
    assert_eq!(text(&src, desc.key_span), "description");
    assert_eq!(desc.value_span, sp(29, 39));
    assert_eq!(text(&src, desc.value_span), "Reads PDFs");
    assert_eq!(desc.value, string("Reads PDFs"));

    assert_eq!(d.body, sp(46, 54));
    assert_eq!(text(&src, d.body), "# Body\r\n");
}

#[test]
fn lone_cr_line_endings_also_split() {
    let (src, d) = doc(b"---\rname: a\rdescription: b\r---\rbody\r");
    let le = src.encoding().line_endings;
    assert_eq!((le.lf, le.crlf, le.lone_cr), (0, 0, 5));
    assert_eq!(le.first_lone_cr, Some(3));
    let fm = d.frontmatter().expect("present");
    assert_eq!(fm.open, sp(0, 3));
    assert_eq!(fm.yaml, sp(4, 27));
    assert_eq!(fm.close, sp(27, 30));
    assert_eq!(field(&d, "name").key_span, sp(4, 8));
    assert_eq!(field(&d, "name").value_span, sp(10, 11));
    assert_eq!(field(&d, "description").key_span, sp(12, 23));
    assert_eq!(field(&d, "description").value_span, sp(25, 26));
    assert_eq!(field(&d, "description").value, string("b"));
    assert_eq!(d.body, sp(31, 36));
    assert_eq!(text(&src, d.body), "body\r");
}

#[test]
fn yaml_error_offset_in_a_lone_cr_file_points_at_the_right_byte() {
    let (src, d) = doc(b"---\rname: a\rdescription: Use when: x\r---\r");
    let (_, offset) = yaml_error(&d);
    assert_eq!(offset, 33);
    assert_eq!(src.bytes()[offset], b':');
}

#[test]
fn line_col_counts_lone_cr_as_a_line_end() {
    // The split and serde_yaml both see three lines before the error; line_col says line 1,
    // so Skill::parse_error reports "invalid YAML at 1:34".
    let (src, d) = doc(b"---\rname: a\rdescription: Use when: x\r---\r");
    let (_, offset) = yaml_error(&d);
    assert_eq!(src.line_col(offset), (3, 22));
}

#[test]
fn mixed_line_endings_are_counted_and_still_split() {
    let (src, d) = doc(b"---\r\nname: a\n---\rbody");
    let le = src.encoding().line_endings;
    assert_eq!((le.lf, le.crlf, le.lone_cr), (1, 1, 1));
    assert_eq!(le.first_crlf, Some(3));
    assert_eq!(le.first_lone_cr, Some(16));
    let fm = d.frontmatter().expect("present");
    assert_eq!(fm.yaml, sp(5, 13));
    assert_eq!(fm.close, sp(13, 16));
    assert_eq!(text(&src, d.body), "body");
}

#[test]
fn invalid_utf8_in_the_body_is_recorded_and_the_frontmatter_still_parses() {
    let (src, d) = doc(b"---\nname: a\ndescription: x\n---\nbo\xFFdy\n");
    assert_eq!(src.encoding().invalid_utf8, Some(33));
    assert_eq!(src.bytes()[33], 0xFF);
    assert_eq!(field(&d, "name").value, string("a"));
    assert_eq!(field(&d, "description").value_span, sp(25, 26));
    assert_eq!(d.body, sp(31, 37));
    assert_eq!(raw(&src, d.body), b"bo\xFFdy\n");
}

#[test]
fn invalid_utf8_inside_the_frontmatter_keeps_later_spans_on_the_original_bytes() {
    // Two invalid bytes become two 3-byte replacement characters in the decoded text (+4 bytes);
    // the spans after them must still point into the original file.
    let (src, d) = doc(b"---\nname: a\xFF\xFE\nlicense: MIT\n---\nbody\n");
    assert_eq!(src.encoding().invalid_utf8, Some(11));
    let name = field(&d, "name");
    assert_eq!(name.value, string("a\u{FFFD}\u{FFFD}"));
    assert_eq!(name.value_span, sp(10, 13));
    assert_eq!(raw(&src, name.value_span), b"a\xFF\xFE");
    let license = field(&d, "license");
    assert_eq!(license.key_span, sp(14, 21));
    assert_eq!(text(&src, license.key_span), "license");
    assert_eq!(license.value_span, sp(23, 26));
    assert_eq!(text(&src, license.value_span), "MIT");
    let fm = d.frontmatter().unwrap();
    assert_eq!(fm.yaml, sp(4, 27));
    assert_eq!(fm.close, sp(27, 30));
    assert_eq!(d.body, sp(31, 36));
    assert_eq!(text(&src, d.body), "body\n");

    // An invalid byte inside a key, and a truncated multi-byte sequence (one replacement).
    let (src, d) = doc(b"---\n\xFFbad: 1\nx: \xE2\x82\nlicense: MIT\n---\n");
    let f = fields(&d);
    assert_eq!(f[0].key, "\u{FFFD}bad");
    assert_eq!(f[0].key_span, sp(4, 8));
    assert_eq!(raw(&src, f[0].key_span), b"\xFFbad");
    assert_eq!(f[1].value_span, sp(15, 17));
    assert_eq!(raw(&src, f[1].value_span), b"\xE2\x82");
    assert_eq!(f[2].key_span, sp(18, 25));
    assert_eq!(text(&src, f[2].key_span), "license");
    assert_eq!(f[2].value_span, sp(27, 30));
    assert_eq!(text(&src, f[2].value_span), "MIT");
}

#[test]
fn invalid_utf8_before_a_metadata_mapping_keeps_entry_spans_on_the_original_bytes() {
    let (src, d) = doc(b"---\nname: \xC3\nmetadata:\n  author: me\n---\n");
    let m = field(&d, "metadata");
    assert_eq!(m.key_span, sp(12, 20));
    assert_eq!(m.entries[0].key_span, sp(24, 30));
    assert_eq!(text(&src, m.entries[0].key_span), "author");
    assert_eq!(m.entries[0].value_span, sp(32, 34));
    assert_eq!(text(&src, m.entries[0].value_span), "me");
}

#[test]
fn nul_byte_in_the_body_is_recorded_with_its_offset() {
    let (src, d) = doc(b"---\nname: x\n---\nab\x00c\x00\n");
    let enc = src.encoding();
    assert_eq!(enc.first_nul, Some(18));
    assert_eq!(enc.nul_count, 2);
    assert_eq!(enc.invalid_utf8, None);
    assert_eq!(field(&d, "name").value, string("x"));
    assert_eq!(d.body, sp(16, 22));
}

#[test]
fn clean_file_has_default_encoding_facts() {
    let (src, _) = doc(b"---\nname: x\n---\n");
    let enc = src.encoding();
    assert!(!enc.bom);
    assert_eq!(enc.invalid_utf8, None);
    assert_eq!(enc.first_nul, None);
    assert_eq!(enc.nul_count, 0);
    assert_eq!(enc.line_endings.lf, 3);
    assert_eq!(enc.line_endings.crlf, 0);
}

// ---------------------------------------------------------------------------------------------
// 7. Skill API
// ---------------------------------------------------------------------------------------------

#[test]
fn skill_name_is_the_declared_name_trimmed() {
    let s = skill(
        "dir-name",
        b"---\nname: \"  pdf  \"\ndescription: '  Reads PDFs.  '\n---\n",
    );
    assert_eq!(s.declared_name(), Some("pdf"));
    assert_eq!(s.name(), "pdf");
    assert_eq!(s.description(), Some("Reads PDFs."));
    assert_eq!(s.dir_name(), "dir-name");
    assert_eq!(s.parse_error(), None);
    assert_eq!(s.field("name").unwrap().value, string("  pdf  "));
    assert!(s.has_canonical_file_name());
    assert_eq!(s.origin, origin());
    assert_eq!(s.shadowed_by, None);
}

#[test]
fn skill_name_falls_back_to_the_directory_name() {
    let cases: [&[u8]; 9] = [
        b"---\ndescription: d\n---\n",
        b"---\nname: 123\n---\n",
        b"---\nname: true\n---\n",
        b"---\nname:\n---\n",
        b"---\nname: [a]\n---\n",
        b"---\nname: \"   \"\n---\n",
        b"---\nname: Use when: x\n---\n",
        b"# no frontmatter\n",
        b"---\nname: pdf\n",
    ];
    for input in cases {
        let s = skill("fallback", input);
        assert_eq!(s.declared_name(), None, "input {input:?}");
        assert_eq!(s.name(), "fallback", "input {input:?}");
    }
}

#[test]
fn skill_description_is_none_unless_a_non_blank_string() {
    for (input, want) in [
        (&b"---\ndescription: \"\"\n---\n"[..], None),
        (b"---\ndescription: \"  \\t \"\n---\n", None),
        (b"---\ndescription: 42\n---\n", None),
        (
            b"---\ndescription: |\n  Two\n  lines\n---\n",
            Some("Two\nlines"),
        ),
        (b"---\ndescription: plain\n---\n", Some("plain")),
    ] {
        let s = skill("d", input);
        assert_eq!(s.description(), want, "input {input:?}");
    }
}

#[test]
fn skill_parse_error_describes_why_the_file_is_not_a_skill() {
    let cases: [(&[u8], Option<&str>); 9] = [
        (b"---\nname: a\n---\n", None),
        (b"# Title\n", Some("no frontmatter")),
        (b"", Some("no frontmatter")),
        (
            b"\n---\nname: a\n---\n",
            Some("frontmatter does not start on line 1"),
        ),
        (b"---\nname: a\n", Some("frontmatter is not closed")),
        (
            b"---\n- a\n---\n",
            Some("frontmatter is a sequence, not a mapping"),
        ),
        (b"---\n---\n", Some("frontmatter is empty")),
        (
            b"---\nhi\n---\n",
            Some("frontmatter is a string, not a mapping"),
        ),
        (
            b"---\nname: x\ndescription: Use when: x\n---\n",
            Some("invalid YAML at 3:22: mapping values are not allowed in this context"),
        ),
    ];
    for (input, want) in cases {
        let s = skill("d", input);
        assert_eq!(s.parse_error().as_deref(), want, "input {input:?}");
    }
}

#[test]
fn skill_body_is_the_untrimmed_markdown_after_the_frontmatter() {
    let s = skill("d", b"---\nname: a\n---\n\n# Title\n\ntext\n");
    assert_eq!(s.body(), "\n# Title\n\ntext\n");
    assert_eq!(s.slice(s.field("name").unwrap().value_span), "a");

    // Without frontmatter the body is the whole file (after a BOM).
    let s = skill("d", b"\xEF\xBB\xBF# Title\n");
    assert_eq!(s.body(), "# Title\n");

    // Invalid UTF-8 in the body is decoded lossily.
    let s = skill("d", b"---\nname: a\n---\nx\xFFy");
    assert_eq!(s.body(), "x\u{FFFD}y");

    // `slice` clamps out-of-range spans instead of panicking.
    assert_eq!(s.slice(sp(15, 1000)), "\nx\u{FFFD}y");
}

#[test]
fn skill_with_a_lowercase_file_name_is_not_canonical() {
    let dir = PathBuf::from("/skills/x");
    let s = Skill::parse(
        dir.clone(),
        dir.join("skill.md"),
        origin(),
        b"---\nname: x\n---\n".to_vec(),
    );
    assert!(!s.has_canonical_file_name());
    assert_eq!(s.name(), "x");
}

// ---------------------------------------------------------------------------------------------
// Bugs in span computation
// ---------------------------------------------------------------------------------------------

#[test]
fn block_collection_value_span_ends_at_its_last_entry() {
    // The MappingEnd/SequenceEnd event of a block collection sits at the next token, and the
    // span is extended to it: `metadata` covers "a: b\n# comment\n\n" (16..32).
    let (src, d) = doc(b"---\nmetadata:\n  a: b\n# comment\n\nlicense: MIT\n---\n");
    let m = field(&d, "metadata");
    assert_eq!(m.value_span, sp(16, 20));
    assert_eq!(text(&src, m.value_span), "a: b");

    let (src, d) = doc(b"---\ntags:\n  - a\n  - b\nlicense: MIT\n---\n");
    let t = field(&d, "tags");
    assert_eq!(t.value_span, sp(12, 21));
    assert_eq!(text(&src, t.value_span), "- a\n  - b");
}

#[test]
fn block_scalar_indicator_in_a_comment_is_not_the_indicator() {
    // `description: # note | here` then `  |` on the next line: the span starts at the real
    // indicator (33), not at the `|` inside the comment (24).
    let (src, d) = doc(b"---\ndescription: # note | here\n  |\n  text\n---\n");
    let f = field(&d, "description");
    assert_eq!(f.value, string("text\n"));
    assert_eq!(f.value_span, sp(33, 41));
    assert_eq!(text(&src, f.value_span), "|\n  text");
}

#[test]
fn keys_of_different_types_are_not_duplicates() {
    // YAML (and PyYAML) treat the integer key 1 and the string key "1" as different keys.
    let (_, d) = doc(b"---\n1: a\n\"1\": b\n---\n");
    let fm = d.frontmatter().unwrap();
    assert_eq!(fm.fields()[0].key_kind, ValueKind::Number);
    assert_eq!(fm.fields()[1].key_kind, ValueKind::String);
    assert!(fm.duplicate_keys().is_empty());
}

// ---------------------------------------------------------------------------------------------
// 8. Never panics
// ---------------------------------------------------------------------------------------------

/// Checks that a span lies in the file and slices it.
fn check_span(src: &Source, span: Span, what: &str) {
    let len = src.bytes().len();
    assert!(
        span.start <= span.end && span.end <= len,
        "{what} {span:?} out of bounds (len {len})"
    );
    let slice = &src.bytes()[span.start..span.end];
    assert_eq!(slice.len(), span.len());
}

fn check_fields(src: &Source, fields: &[Field], within: Span) {
    for f in fields {
        check_span(src, f.key_span, "key_span");
        check_span(src, f.value_span, "value_span");
        for span in [f.key_span, f.value_span] {
            assert!(
                within.start <= span.start && span.end <= within.end,
                "{span:?} outside the YAML block {within:?}"
            );
        }
        let _ = (f.key.len(), f.key_kind.to_string(), f.style, f.as_str());
        let _ = (f.kind(), f.value.render());
        check_fields(src, &f.entries, within);
    }
}

/// Parses `bytes` and touches every field and span of the result; true when it found a mapping
/// with at least one field.
fn touch_everything(bytes: &[u8]) -> bool {
    let (src, d) = doc(bytes);
    let len = bytes.len();
    assert_eq!(src.bytes(), bytes);
    let _ = (src.text().len(), src.encoding().line_endings);
    if let Some(off) = src.encoding().invalid_utf8 {
        assert!(off < len);
    }
    if let Some(off) = src.encoding().first_nul {
        assert_eq!(bytes[off], 0);
    }
    check_span(&src, d.body, "body");
    assert_eq!(
        d.body.end, len,
        "the body always runs to the end of the file"
    );
    match &d.frontmatter {
        FrontmatterState::Missing {
            first_line,
            later_delimiter,
        } => {
            check_span(&src, *first_line, "first_line");
            if let Some(later) = later_delimiter {
                check_span(&src, *later, "later_delimiter");
                assert_eq!(raw(&src, *later), b"---");
            }
        }
        FrontmatterState::Unclosed { open } => {
            check_span(&src, *open, "open");
            assert_eq!(raw(&src, *open), b"---");
        }
        FrontmatterState::Present(fm) => {
            for (span, what) in [(fm.open, "open"), (fm.close, "close"), (fm.yaml, "yaml")] {
                check_span(&src, span, what);
            }
            assert_eq!(raw(&src, fm.open), b"---");
            assert_eq!(raw(&src, fm.close), b"---");
            assert!(fm.open.end <= fm.yaml.start);
            assert_eq!(fm.yaml.end, fm.close.start);
            assert!(fm.close.end <= d.body.start);
            match &fm.content {
                Yaml::Mapping(fields) => check_fields(&src, fields, fm.yaml),
                Yaml::NotMapping(kind) => {
                    let _ = kind.to_string();
                }
                Yaml::Invalid(err) => {
                    assert!(err.offset <= len, "error offset {} > {len}", err.offset);
                    let _ = (src.line_col(err.offset), err.reason.len());
                }
            }
            for (a, b) in fm.duplicate_keys() {
                assert_eq!(a.key, b.key);
            }
            let _ = fm.get("name");
        }
    }
    let _ = src.line_col(len);
    let s = Skill::parse(
        PathBuf::from("/x/y"),
        PathBuf::from("/x/y/SKILL.md"),
        origin(),
        bytes.to_vec(),
    );
    let _ = (s.name(), s.description(), s.parse_error(), s.body());
    d.frontmatter().is_some_and(|fm| !fm.fields().is_empty())
}

/// xorshift64: a fixed, dependency-free pseudo-random sequence.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).expect("fits")
    }
}

#[test]
fn nasty_inputs_never_panic_and_spans_stay_in_the_file() {
    let deep_flow = format!("---\nname: {}{}\n---\n", "[".repeat(1000), "]".repeat(1000));
    let deep_open = format!("---\nname: {}\n---\n", "[".repeat(1000));
    let deep_map = format!("---\nm: {}{}\n---\n", "{a: ".repeat(1000), "}".repeat(1000));
    let deep_block: String = (0..200).fold(String::from("---\n"), |mut acc, i| {
        acc.push_str(&" ".repeat(i));
        acc.push_str("k:\n");
        acc
    }) + "---\n";
    let many_keys: String = (0..10_000).fold(String::from("---\n"), |mut acc, i| {
        acc.push_str(&format!("k{i}: {i}\n"));
        acc
    }) + "---\n";
    let many_dups = format!("---\n{}---\n", "name: x\n".repeat(10_000));
    let long_line = format!("---\ndescription: {}\n---\n", "é".repeat(100_000));

    let fixed: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"\xEF\xBB\xBF".to_vec(),
        b"\xEF\xBB".to_vec(),
        b"---".to_vec(),
        b"---\n".to_vec(),
        b"---\r".to_vec(),
        b"---\r\n".to_vec(),
        b"---\n---".to_vec(),
        b"\xEF\xBB\xBF---\n---\n".to_vec(),
        b"\r\r\r\n\n".to_vec(),
        b"\x00\x00\x00".to_vec(),
        b"\xFF\xFE\xFD".to_vec(),
        b"---\n\xFF\n---\n".to_vec(),
        b"---\n\xFF: \xFF\n\xFE: |\n  \xFF\n---\n".to_vec(),
        b"---\na: |\n---\n".to_vec(),
        b"---\na: >\n\xFF\n---\n".to_vec(),
        b"---\n? \n---\n".to_vec(),
        b"---\n: \n---\n".to_vec(),
        b"---\n&a a: *a\n---\n".to_vec(),
        b"---\na: *missing\n---\n".to_vec(),
        b"---\n!!binary x: y\n---\n".to_vec(),
        b"---\n%YAML 1.2\n---\n".to_vec(),
        b"---\na: 1\n...\nb: 2\n---\n".to_vec(),
        "---\né: ü\n\u{FEFF}x: y\n---\n".as_bytes().to_vec(),
        "---\n\u{2028}a: b\u{85}c\n---\n".as_bytes().to_vec(),
        deep_flow.into_bytes(),
        deep_open.into_bytes(),
        deep_map.into_bytes(),
        deep_block.into_bytes(),
        many_keys.into_bytes(),
        many_dups.into_bytes(),
        long_line.into_bytes(),
    ];
    for input in &fixed {
        touch_everything(input);
    }

    // Each iteration builds three inputs between `---\n` and `\n---\n`: uniformly random bytes,
    // bytes drawn from YAML punctuation (plus invalid UTF-8, NUL, CR), and `key: value` lines
    // built from YAML fragments, so that many of them parse as mappings and exercise the spans.
    const ALPHABET: &[u8] = b"ab: :-|>\"'[]{},#&*!?%@`\n\n\r  \t\\\x00\xFF\xC3\xA9\xE2\x80~0.1";
    const KEYS: &[&[u8]] = &[
        b"name",
        b"description",
        b"metadata",
        b"  a",
        b"  b",
        b"\"q\"",
        b"- x",
        b"\xFFk",
        b"\xC3\xA9",
        b"? k",
        b"1",
    ];
    const VALUES: &[&[u8]] = &[
        b"text",
        b"1",
        b"~",
        b": ",
        b"\"x\"",
        b"'y'",
        b"[a, ",
        b"]",
        b"{k: ",
        b"}",
        b"|\n  ",
        b">-\n  ",
        b"\n  ",
        b"- ",
        b"# c\n",
        b"&a ",
        b"*a",
        b"!t ",
        b"\xFF",
        b"\xC3",
        b"\x00",
        b"\t",
        b"\xC3\xA9",
    ];
    const NEWLINES: &[&[u8]] = &[b"\n", b"\r\n", b"\r", b"\n\n"];
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut mappings = 0;
    for _ in 0..2000 {
        for mode in 0..3 {
            let mut input = b"---\n".to_vec();
            match mode {
                0 => (0..rng.below(120))
                    .for_each(|_| input.push(u8::try_from(rng.next() & 0xFF).expect("a byte"))),
                1 => (0..rng.below(120))
                    .for_each(|_| input.push(ALPHABET[rng.below(ALPHABET.len())])),
                _ => {
                    for _ in 0..rng.below(8) {
                        input.extend_from_slice(KEYS[rng.below(KEYS.len())]);
                        input.extend_from_slice(b": ");
                        for _ in 0..rng.below(3) {
                            input.extend_from_slice(VALUES[rng.below(VALUES.len())]);
                        }
                        input.extend_from_slice(NEWLINES[rng.below(NEWLINES.len())]);
                    }
                }
            }
            input.extend_from_slice(b"\n---\n");
            mappings += usize::from(touch_everything(&input));
        }
    }
    // The loop must reach the span code, not only the error paths.
    assert!(mappings >= 200, "only {mappings} inputs parsed as mappings");
}
