//! What must hold for any input, whatever the bytes: the four fuzz targets. Each function panics
//! when a property breaks (AFL++ records the input as a crash); returning is a pass.
//!
//! - [`frontmatter`]: a `SKILL.md` of any bytes parses, and every rule of every target checks
//!   it, with every span inside the file and every line/column computable.
//! - [`fix`]: `--fix` keeps every byte outside the edits it makes, fixing twice changes nothing,
//!   a frontmatter that parsed keeps exactly its values, and no key the author wrote disappears.
//! - [`targets`]: every target builds its catalog, loads and reads over a few arbitrary skills,
//!   deterministically.
//! - [`unpack`]: an archive of any bytes is refused or unpacked inside the folder given, within
//!   the limits.

use std::path::PathBuf;

use skills::fix;
use skills::frontmatter::{Field, Yaml};
use skills::lint::{self, LintOptions};
use skills::skill::{Origin, Scope, Skill};
use skills::targets;

/// A skill of these bytes, in a folder that does not exist (the layout rules see no files).
fn skill(bytes: Vec<u8>) -> Skill {
    let dir = PathBuf::from("/nonexistent-skills-fuzz/fuzz-skill");
    let origin = Origin {
        root: dir.clone(),
        scope: Scope::Custom,
        precedence: 0,
        root_index: 0,
    };
    Skill::parse(dir.clone(), dir.join("SKILL.md"), origin, bytes)
}

fn every_target() -> LintOptions {
    LintOptions {
        targets: targets::TARGETS.to_vec(),
        ..LintOptions::default()
    }
}

pub fn frontmatter(data: &[u8]) {
    let subject = skill(data.to_vec());
    let len = data.len();
    let inside = |start: usize, end: usize, what: &str| {
        assert!(
            start <= end && end <= len,
            "{what}: {start}..{end} outside {len} bytes"
        );
    };
    let body = subject.document.body;
    inside(body.start, body.end, "body");
    if let Some(fm) = subject.document.frontmatter() {
        inside(fm.yaml.start, fm.yaml.end, "yaml");
        fn walk(fields: &[Field], check: &dyn Fn(usize, usize, &str)) {
            for f in fields {
                check(f.key_span.start, f.key_span.end, "key");
                check(f.value_span.start, f.value_span.end, "value");
                walk(&f.entries, check);
            }
        }
        walk(fm.fields(), &inside);
    }
    let findings = lint::lint(std::slice::from_ref(&subject), &every_target());
    for f in findings.iter().filter(|f| f.path == subject.skill_md) {
        if let Some(span) = f.span {
            inside(span.start, span.end, f.rule.id);
            let (line, column) = subject.source.line_col(span.start);
            assert!(line >= 1 && column >= 1);
        }
    }
}

/// The top-level keys and values, spans and styles aside.
fn values(fields: &[Field]) -> Vec<(&str, &skills::frontmatter::Value)> {
    fields.iter().map(|f| (f.key.as_str(), &f.value)).collect()
}

/// The keys the author wrote at the start of a line of the frontmatter (`key:` then a blank or
/// the end of the line), when nothing else can start a line there: no flow collection, block
/// scalar, quote or document marker anywhere in the block (else a line that looks like a key may
/// be inside a value).
fn written_keys(subject: &Skill) -> Vec<String> {
    let Some(fm) = subject.document.frontmatter() else {
        return Vec::new();
    };
    let text =
        String::from_utf8_lossy(&subject.source.bytes()[fm.yaml.start..fm.yaml.end]).into_owned();
    if text.contains(['[', '{', '|', '>', '"', '\'', '\\', '&', '*', '!', '?'])
        || text.contains("---")
    {
        return Vec::new();
    }
    text.lines()
        .filter_map(|line| {
            let key_len = line
                .bytes()
                .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'))
                .count();
            let rest = &line.as_bytes()[key_len..];
            (key_len > 0 && rest.first() == Some(&b':') && matches!(rest.get(1), None | Some(b' ')))
                .then(|| line[..key_len].to_owned())
        })
        .collect()
}

pub fn fix(data: &[u8]) {
    let options = every_target();
    let subject = skill(data.to_vec());
    let subjects = std::slice::from_ref(&subject);
    let findings = lint::lint(subjects, &options);
    // One round: every byte outside the edits is kept, in order.
    for plan in fix::plan(&findings, |_| Some(data.to_vec())) {
        let mut kept = Vec::new();
        let mut at = 0;
        for edit in &plan.edits {
            assert!(at <= edit.span.start && edit.span.end <= data.len());
            kept.push((at, edit.span.start));
            at = edit.span.end;
        }
        kept.push((at, data.len()));
        let mut out = 0;
        for (i, (start, end)) in kept.iter().enumerate() {
            let piece = &data[*start..*end];
            assert_eq!(
                &plan.after[out..out + piece.len()],
                piece,
                "bytes outside edits"
            );
            out += piece.len();
            if let Some(edit) = plan.edits.get(i) {
                out += edit.replacement.len();
            }
        }
        assert_eq!(out, plan.after.len());
    }
    for plan in fix::fix_all(subjects, &options, &findings) {
        let fixed = skill(plan.after.clone());
        // A frontmatter that parsed keeps exactly its values.
        if let (Some(a), Some(b)) = (subject.document.frontmatter(), fixed.document.frontmatter())
            && let (Yaml::Mapping(before), Yaml::Mapping(after)) = (&a.content, &b.content)
        {
            assert_eq!(values(before), values(after), "a fix changed a value");
        }
        // No key the author wrote disappears.
        if let Some(fm) = fixed.document.frontmatter()
            && let Yaml::Mapping(after) = &fm.content
        {
            for key in written_keys(&subject) {
                assert!(
                    after.iter().any(|f| f.key == key),
                    "the fix lost the key `{key}`"
                );
            }
        }
        // Fixing twice changes nothing.
        let fixed = std::slice::from_ref(&fixed);
        let again = fix::fix_all(fixed, &options, &lint::lint(fixed, &options));
        assert!(
            again.is_empty(),
            "fixing twice changes more: {:?}",
            again[0].applied
        );
    }
}

pub fn targets(data: &[u8]) {
    use skills::provider::{MemoryProvider, MemorySkill, SkillProvider};
    use skills::targets::catalog::{self, Context, Paths};
    use skills::targets::env::Env;
    use skills::targets::load::{LoadInput, ReadInput};

    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    // Up to four skills, separated by 0x1E (record separator); the first byte picks the window.
    let batch: Vec<Skill> = rest
        .split(|&b| b == 0x1e)
        .take(4)
        .enumerate()
        .map(|(i, bytes)| {
            let dir = PathBuf::from(format!("/nonexistent-skills-fuzz/skill-{i}"));
            let origin = Origin {
                root: PathBuf::from("/nonexistent-skills-fuzz"),
                scope: Scope::Custom,
                precedence: 0,
                root_index: 0,
            };
            Skill::parse(dir.clone(), dir.join("SKILL.md"), origin, bytes.to_vec())
        })
        .collect();
    let env = Env::new("/nonexistent-skills-fuzz", Some("/nonexistent-home".into()));
    let paths = Paths::absolute(env.home.clone());
    let window = [None, Some(1), Some(2_000), Some(200_000)][usize::from(selector % 4)];
    let cx = Context {
        paths: &paths,
        env: &env,
        context_window: window,
        model: None,
    };
    let provider = MemoryProvider::new(batch.iter().map(|s| {
        MemorySkill::new(s.dir.clone(), s.source.bytes().to_vec())
            .with_file("references/a.md", "# A\nline\n")
    }));
    for target in targets::TARGETS {
        let first = catalog::build(target, &batch, &cx);
        let second = catalog::build(target, &batch, &cx);
        assert_eq!(
            first.text, second.text,
            "{} is not deterministic",
            target.id
        );
        assert!(first.listed <= batch.len(), "{}", target.id);
        let (known, _) = catalog::known(target, provider.list(), &cx);
        let mut names: Vec<String> = known.iter().map(|e| e.name.clone()).collect();
        names.push("no-such-skill".to_owned());
        for name in &names {
            let input = LoadInput {
                name,
                known: &known,
                provider: &provider,
                earlier_loads: usize::from(selector / 4 % 2),
                mode: None,
                cx: &cx,
            };
            assert_eq!(
                (target.load)(&input),
                (target.load)(&input),
                "{} load",
                target.id
            );
            for path in ["references/a.md", "../x", "/etc/passwd", "SKILL.md"] {
                let input = ReadInput {
                    name,
                    path,
                    lines: None,
                    known: &known,
                    provider: &provider,
                    mode: None,
                    cx: &cx,
                };
                assert_eq!(
                    (target.read)(&input),
                    (target.read)(&input),
                    "{} read",
                    target.id
                );
            }
        }
    }
}

pub fn unpack(data: &[u8]) {
    use skills::package::archive::Reader;
    use skills::package::unpack::{self, Limits};

    let Ok(mut reader) = Reader::new(std::io::Cursor::new(data)) else {
        return;
    };
    let limits = Limits {
        max_size: 1 << 20,
        max_entries: 200,
    };
    let Ok(plan) = unpack::plan(&mut reader, limits) else {
        return;
    };
    let root = tempfile::tempdir().expect("a temporary folder");
    let dir = root.path().join("into").join("skill");
    std::fs::create_dir_all(&dir).expect("the destination");
    let written = unpack::extract(&mut reader, &plan, &dir, limits);
    if let Ok(bytes) = written {
        assert!(
            bytes <= limits.max_size,
            "wrote {bytes} bytes past the limit"
        );
    }
    // Nothing lands outside the folder given.
    let outside: Vec<String> = std::fs::read_dir(root.path())
        .expect("the temporary folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n != "into")
        .collect();
    assert!(outside.is_empty(), "wrote {outside:?} outside");
    let beside: Vec<String> = std::fs::read_dir(root.path().join("into"))
        .expect("the destination's parent")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n != "skill")
        .collect();
    assert!(beside.is_empty(), "wrote {beside:?} beside the destination");
}
