//! No byte sequence makes `skills lint` panic, point outside the file, or write a fix that parses
//! worse: every fixture `SKILL.md`, mutated thousands of times with the bytes that break parsers
//! (seeded, so a failure reproduces).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use skills::fix;
use skills::lint::{self, LintOptions};
use skills::skill::{Origin, Scope, Skill};
use skills::targets;

/// xorshift64*: small, seeded, good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const PIECES: &[&[u8]] = &[
    b":",
    b": ",
    b"\t",
    b"\r",
    b"\r\n",
    b"\n",
    b"\0",
    b"\xff",
    b"\xef\xbb\xbf",
    b"\xe2\x82",
    b"---\n",
    b"---",
    b"[",
    b"]",
    b"{",
    b"\"",
    b"'",
    b"|",
    b">-",
    b"#",
    b"&a",
    b"*a",
    b"!!str",
    b"@",
    b"`",
    b"%",
    b"-",
    b"<b>",
    b"\\",
    b"  ",
    b"name: x\n",
    b"description:",
    b"metadata:\n  k: v\n",
    b"\xf0\x9f\x8e\x89",
    b"\xcc\x81",
    b"\xe2\x80\x8b",
    b"[x](references/y.md)",
    b"`scripts/a.py`",
    b"<!-- skills-lint-disable -->",
    b"1. 2. 3.",
    b"## When to use\n",
];

fn fixture_files() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut files = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .file_name()
                .is_some_and(|n| n.eq_ignore_ascii_case("SKILL.md"))
            {
                files.push(std::fs::read(&path).unwrap());
            }
        }
    }
    files.sort();
    files
}

fn mutate(rng: &mut Rng, mut bytes: Vec<u8>) -> Vec<u8> {
    for _ in 0..=rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(3) {
            0 => {
                let piece = PIECES[rng.below(PIECES.len())];
                bytes.splice(at..at, piece.iter().copied());
            }
            1 if at < bytes.len() => {
                let end = (at + 1 + rng.below(8)).min(bytes.len());
                bytes.drain(at..end);
            }
            _ if at < bytes.len() => bytes[at] = rng.next() as u8,
            _ => {}
        }
    }
    bytes
}

fn skill(bytes: Vec<u8>) -> Skill {
    // A directory that does not exist: the layout rules see an empty skill folder.
    let dir = PathBuf::from("/nonexistent-skills-fuzz/fuzz-skill");
    let origin = Origin {
        root: dir.clone(),
        scope: Scope::Custom,
        precedence: 0,
        root_index: 0,
    };
    Skill::parse(dir.clone(), dir.join("SKILL.md"), origin, bytes)
}

#[test]
fn mutated_skills_never_break_the_linter_or_the_fixer() {
    let files = fixture_files();
    assert!(files.len() > 50, "fixtures found: {}", files.len());
    let options = LintOptions {
        targets: targets::TARGETS.to_vec(),
        ..LintOptions::default()
    };
    let mut rng = Rng(0x5EED_CAFE_F00D_BEEF);
    for round in 0..3000 {
        let original = &files[rng.below(files.len())];
        let bytes = mutate(&mut rng, original.clone());
        let subject = skill(bytes.clone());
        let findings = lint::lint(std::slice::from_ref(&subject), &options);
        for f in findings.iter().filter(|f| f.path == subject.skill_md) {
            if let Some(span) = f.span {
                assert!(
                    span.start <= span.end && span.end <= bytes.len(),
                    "round {round}: {} span {span:?} outside {} bytes\n{bytes:?}",
                    f.rule.id,
                    bytes.len()
                );
            }
        }
        let plans = fix::fix_all(std::slice::from_ref(&subject), &options, &findings);
        for plan in plans {
            let fixed = skill(plan.after.clone());
            let fixed = std::slice::from_ref(&fixed);
            let again = fix::fix_all(fixed, &options, &lint::lint(fixed, &options));
            assert!(
                again.is_empty(),
                "round {round}: fixing twice changes more\n{:?}\n{:?}",
                String::from_utf8_lossy(&bytes),
                again.iter().map(|p| &p.applied).collect::<Vec<_>>()
            );
        }
    }
}

/// Every target's catalog, loads and reads of mutated skills: no panic, the same output twice.
#[test]
fn mutated_skills_never_break_a_catalog_load_or_read() {
    use skills::provider::{MemoryProvider, MemorySkill, SkillProvider};
    use skills::targets::catalog::{self, Context, Paths};
    use skills::targets::env::Env;
    use skills::targets::load::{LoadInput, ReadInput};

    let files = fixture_files();
    let env = Env::new("/nonexistent-skills-fuzz", Some("/nonexistent-home".into()));
    let paths = Paths::absolute(env.home.clone());
    let mut rng = Rng(0xC0FF_EE00_1234_5678);
    for round in 0..600 {
        // A few skills at once, so collisions, sorting and budgets see real work.
        let count = 1 + rng.below(4);
        let mut batch = Vec::with_capacity(count);
        for _ in 0..count {
            let original = files[rng.below(files.len())].clone();
            batch.push(skill(mutate(&mut rng, original)));
        }
        let window = [None, Some(1), Some(2_000), Some(200_000)][rng.below(4)];
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: window,
            model: None,
        };
        // The same skills with a bundled file, for loads and reads.
        let provider = MemoryProvider::new(batch.iter().map(|s| {
            MemorySkill::new(s.dir.clone(), s.source.bytes().to_vec())
                .with_file("references/a.md", "# A\nline\n")
        }));
        for target in targets::TARGETS {
            let first = catalog::build(target, &batch, &cx);
            let second = catalog::build(target, &batch, &cx);
            assert_eq!(
                first.text, second.text,
                "round {round}: {} is not deterministic",
                target.id
            );
            assert!(first.listed <= batch.len(), "round {round}: {}", target.id);
            // Loads and reads of whatever the runtime knows, and of a name it does not.
            let (known, _) = catalog::known(target, provider.list(), &cx);
            let mut names: Vec<String> = known.iter().map(|e| e.name.clone()).collect();
            names.push("no-such-skill".to_owned());
            for name in &names {
                for earlier_loads in [0, 1] {
                    let input = LoadInput {
                        name,
                        known: &known,
                        provider: &provider,
                        earlier_loads,
                        mode: None,
                        cx: &cx,
                    };
                    let once = (target.load)(&input);
                    assert_eq!(
                        once,
                        (target.load)(&input),
                        "round {round}: {} load",
                        target.id
                    );
                }
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
                    let once = (target.read)(&input);
                    assert_eq!(
                        once,
                        (target.read)(&input),
                        "round {round}: {} read",
                        target.id
                    );
                }
            }
        }
    }
}
