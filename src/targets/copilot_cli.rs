//! `copilot-cli`: GitHub Copilot CLI's `<skill>` section of the system prompt, an
//! `<available_skills>` list of XML entries whose `<location>` is the skill's source, with its
//! built-in skills last and a character budget past which skills are named only; and its `skill`
//! tool, which adds the skill as a `<skill-context>` user message.

use std::path::PathBuf;

use super::catalog::{
    Admitted, BudgetUse, Change, ChangeKind, Collision, Context, Entry, Rendered,
};
use super::env::{Env, RootSpec, below_another_skill, is_hidden_below};
use super::load::{Call, LoadInput, Output, Placement, ReadInput, Role, Session, list_files};
use super::prefix::{Sums, end, largest};
use super::text::{Escaping, Unit};
use super::{Budget, Builtin, Confidence, ExtraField, NameCharset, Target, Verified};
use crate::cost::{LeftOut, Size, Sizer};
use crate::frontmatter::{FrontmatterState, Value, Yaml};
use crate::hash::HashMap;
use crate::provider::ResourceError;
use crate::skill::{Scope, Skill};

pub const TARGET: Target = Target {
    id: "copilot-cli",
    display: "GitHub Copilot CLI",
    rejects_unknown_fields: false,
    extra_fields: &[
        ExtraField {
            key: "disable-model-invocation",
            meaning: "`true` keeps the skill out of the list and out of the `skill` tool",
        },
        ExtraField {
            key: "user-invocable",
            meaning: "`false` hides the skill's slash command",
        },
        ExtraField {
            key: "argument-hint",
            meaning: "the hint shown with the skill's slash command",
        },
    ],
    metadata_keys: &[],
    name_charset: NameCharset::Unicode,
    description_limit: MAX_DESCRIPTION,
    reserved_words: &[],
    rejects_angle_brackets: false,
    strict_yaml: false,

    placement: "the `<skill>` section of the system message (after `<fetch_copilot_cli_documentation>`, before `<sql>`); the `skill` tool's description lists no skills",
    roots,
    roots_summary: ".github/skills in the working directory and each parent up to the git root (up to / outside a repository), nearest first, then .claude/skills and .agents/skills the same way, then $COPILOT_HOME/skills (default ~/.copilot/skills) and ~/.agents/skills; all recursive, a directory holding SKILL.md is not searched further, dot-directories are skipped and .gitignore is not read",
    collision: Collision::FirstWins,
    admit,
    broken_skill: "left out: frontmatter that is missing, unclosed or not valid YAML (a repeated key included), a description that is not a string or is over 1024 characters, or a name that is not a valid skill name",
    fields_read: &["name", "description", "disable-model-invocation"],
    ordering: "the project's skills by name in byte order, then the personal ones by name, then the built-in skills",
    escaping: "& < > \" ' (' as &apos;) on name and description",
    whitespace: "name and description as YAML reads them, newlines kept raw; spaces in a name become hyphens",
    budget: Budget {
        unit: Some(Unit::Chars),
        summary: "entries are listed in full while they fit 15000 characters (each with its line break); from the first that does not, skills are named on one `Additional skills available (invoke by name): ` line of at most 5000 characters, ending `... and N more` when names are left out",
    },
    render,
    leave_one_out: Some(leave_one_out),
    load,
    read,
    search: None,
    session: Session {
        catalog: Placement::SystemPrompt,
        modes: &[],
        reload: "the same again: the tool result and a new `<skill-context>` user message",
    },
    builtins_note: "Copilot CLI's built-in skills, listed after the skills found with `<location>builtin</location>`",
    builtins: BUILTINS,
    builtins_first: false,
    install: None,
    models: &[],
    verified: Some(Verified {
        client: "GitHub Copilot CLI",
        version: "1.0.102",
        captured: "2026-11-24",
        cases: 15,
        recordings: "copilot-cli@1.0.102",
    }),
    decisions: &[
        "Copilot CLI's skill code is compiled into its native runtime; what is modelled is what the recordings show, and the rest here is our reading of them",
        "The first skill found with a name wins: .github/skills beats .claude/skills and .agents/skills even in a directory further up (recorded), and within one kind the nearer directory is taken first (not recorded)",
        "Roots are searched 32 directories deep (11 levels were found); outside a git repository the walk goes up to /",
        "A name has each run of spaces replaced by one hyphen and must then be ASCII letters, digits, `.`, `_` and `-`, start with a letter or digit and be at most 64 characters (the recordings show `_lead`, `é-accent` and a 74-character name left out); without a `name` the directory's name is taken the same way",
        "Without a `description`, the body's first three lines that are not empty or headings are used, trimmed and joined with spaces, however long; an empty `description: \"\"` is listed empty",
        "A description over 1024 characters leaves the skill out",
        "A file whose first line ends with a lone carriage return has no frontmatter for Copilot CLI",
        "`<location>` is `project`, `user` for the personal roots, `builtin` for the built-ins, and `project` for skills given as paths",
        "The frontmatter's YAML ends before the closing line's line break, so a block scalar that ends it has no final newline",
        "The budget counts characters of each full entry and its line break; the names line counts its prefix and every `, ` between names",
        "With nothing to list at all (--no-builtins and no skills) the section is left out",
        "load is the `skill` tool (`skill`): the name is found without regard to case and the tool result names the skill as listed; the `<skill-context name=\"…\">` user message holds `Base directory for this skill: DIR`, a blank line, `Related files (use view tool to read):` with one `  - PATH` line per file (every regular file below the skill directory but SKILL.md files, dot-files included, in path byte order; symlinks are left out) and a blank line when there are any, then the body with line endings made \\n and trimmed, a blank line and the closing tag; the name in the tag is escaped like the catalog's",
        "A built-in's text ships inside the client; its load shows an empty body",
        "Reads use the `view` tool with the file's absolute path (and `view_range` [A, B] for --lines A:B): the file's text as it is; a missing file answers `Path does not exist: PATH`, and refusals Copilot CLI does not make (outside the skill directory, binary) use our message",
    ],

    confidence: Confidence::Approximated,
    reference: "npm @github/copilot 1.0.102 (its built-in skills in builtin-skills/, the prompt strings of its native runtime); the conformance recordings of that version",
};

const MAX_DESCRIPTION: usize = 1024;
const MAX_NAME: usize = 64;
/// How deep the roots are searched.
const DEPTH: usize = 32;
/// Full entries fit this many characters.
const ENTRY_BUDGET: u64 = 15_000;
/// The names line fits this many characters.
const NAMES_BUDGET: usize = 5_000;
const NAMES_PREFIX: &str = "Additional skills available (invoke by name): ";

/// The built-in skills 1.0.102 lists (`discover-resources` ships too but is not listed).
const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "customize-cloud-agent",
        description: "Skill for customizing the Copilot cloud agent (formerly known as Copilot coding agent) environment, including copilot-setup-steps.yml configuration, preinstalling tools and dependencies, runners, and settings. Use when the user mentions copilot-setup-steps, copilot setup steps, or wants to configure the cloud agent environment.",
        location: "builtin",
    },
    Builtin {
        name: "github-pr-media",
        description: "Upload an image or video to GitHub's user attachments API and embed it in a pull request description or comment. Use when asked to add screenshots, diagrams, recordings, or other media to a PR or GitHub comment.",
        location: "builtin",
    },
];

fn roots(env: &Env) -> Vec<RootSpec> {
    let root =
        |path: PathBuf, scope| RootSpec::recursive(path, scope, Some(DEPTH)).without_gitignore();
    let up = env.up_to_git_root();
    let mut roots = Vec::new();
    for sub in [".github/skills", ".claude/skills", ".agents/skills"] {
        for dir in &up {
            roots.push(root(dir.join(sub), Scope::Project));
        }
    }
    roots.extend(
        env.var_dir("COPILOT_HOME", ".copilot")
            .map(|dir| root(dir.join("skills"), Scope::User)),
    );
    roots.extend(
        env.home_join(".agents/skills")
            .map(|dir| root(dir, Scope::User)),
    );
    roots
}

/// A name as Copilot CLI keeps it: each run of spaces made one hyphen, then ASCII letters,
/// digits, `.`, `_` and `-`, starting with a letter or digit, at most 64 characters.
fn skill_name(raw: &str) -> Option<String> {
    let name = raw.split_whitespace().collect::<Vec<_>>().join("-");
    let mut chars = name.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        && name.len() <= MAX_NAME;
    valid.then_some(name)
}

/// The body's first three lines that are not empty or headings, trimmed and joined with
/// spaces.
fn description_from_body(body: &str) -> String {
    body.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn admit(skill: &Skill) -> Result<Admitted, String> {
    if skill.origin.scope == Scope::Builtin {
        return Ok(Admitted {
            name: skill.name().into_owned(),
            description: skill
                .field("description")
                .and_then(|f| f.as_str())
                .map(str::to_owned),
        });
    }
    if !skill.has_canonical_file_name() {
        return Err("skipped: Copilot CLI looks for a file named exactly SKILL.md".to_owned());
    }
    if is_hidden_below(&skill.origin.root, &skill.dir) {
        return Err("skipped: Copilot CLI does not look inside dot-directories".to_owned());
    }
    if below_another_skill(&skill.origin.root, &skill.dir) {
        return Err(
            "skipped: a directory above it holds a SKILL.md, and Copilot CLI searches no further there"
                .to_owned(),
        );
    }
    let FrontmatterState::Present(fm) = &skill.document.frontmatter else {
        return Err(format!(
            "skipped: {}",
            skill
                .parse_error()
                .unwrap_or_else(|| "no frontmatter".to_owned())
        ));
    };
    let lone_cr = skill.source.encoding().line_endings.first_lone_cr;
    if lone_cr.is_some_and(|at| at < fm.close.end) {
        return Err(
            "skipped: lines end with a lone carriage return, so Copilot CLI finds no frontmatter"
                .to_owned(),
        );
    }
    // The YAML ends where the closing line starts, without the last line break: a block
    // scalar that ends the frontmatter has no final newline.
    let yaml = skill.slice(fm.yaml);
    let yaml = yaml.strip_suffix('\n').unwrap_or(&yaml);
    let yaml = yaml.strip_suffix('\r').unwrap_or(yaml);
    let fields = match super::file::yaml(skill, yaml) {
        Yaml::Mapping(fields) => fields,
        Yaml::NotMapping(_) | Yaml::Invalid(_) => {
            return Err(format!(
                "skipped: {}",
                skill
                    .parse_error()
                    .unwrap_or_else(|| "the frontmatter is not a mapping".to_owned())
            ));
        }
    };
    if let Some(again) = fields
        .iter()
        .enumerate()
        .find_map(|(i, f)| fields[..i].iter().any(|g| g.key == f.key).then_some(f))
    {
        return Err(format!(
            "skipped: the frontmatter repeats the key `{}`",
            again.key
        ));
    }
    if fields
        .iter()
        .any(|f| f.key == "disable-model-invocation" && matches!(f.value, Value::Bool(true)))
    {
        return Err(
            "skipped: disable-model-invocation: true keeps it out of the list and the skill tool"
                .to_owned(),
        );
    }
    let field = |key: &str| fields.iter().find(|f| f.key == key).map(|f| &f.value);
    let raw_name = match field("name") {
        Some(Value::String(name)) => name.clone(),
        None | Some(Value::Null) => skill.dir_name().into_owned(),
        Some(other) => return Err(format!("skipped: `name` is a {}", other.kind())),
    };
    let Some(name) = skill_name(&raw_name) else {
        return Err(format!(
            "skipped: `{raw_name}` is not a name Copilot CLI accepts (ASCII letters, digits, `.`, `_` and `-`, starting with a letter or digit, at most {MAX_NAME} characters)"
        ));
    };
    let description = match field("description") {
        Some(Value::String(d)) => d.clone(),
        None | Some(Value::Null) => description_from_body(&skill.body()),
        Some(other) => return Err(format!("skipped: `description` is a {}", other.kind())),
    };
    let length = description.chars().count();
    if length > MAX_DESCRIPTION {
        return Err(format!(
            "skipped: the description is {length} characters, over Copilot CLI's {MAX_DESCRIPTION}"
        ));
    }
    Ok(Admitted {
        name,
        description: Some(description),
    })
}

/// Catalog order: the project's skills, then the personal ones, each by name in byte order;
/// then the built-ins as they come.
fn ordered<'e, 'a>(entries: &'e [Entry<'a>]) -> Vec<&'e Entry<'a>> {
    order(entries).into_iter().map(|i| &entries[i]).collect()
}

/// The positions of `entries` in catalog order ([`ordered`]).
fn order(entries: &[Entry<'_>]) -> Vec<usize> {
    let group = |e: &Entry<'_>| match location(e.skill) {
        "project" => 0,
        "user" => 1,
        _ => 2,
    };
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&entries[a], &entries[b]);
        group(a).cmp(&group(b)).then_with(|| {
            if group(a) == 2 {
                std::cmp::Ordering::Equal
            } else {
                a.name.cmp(&b.name)
            }
        })
    });
    order
}

fn location(skill: &Skill) -> &'static str {
    match skill.origin.scope {
        Scope::Builtin => "builtin",
        Scope::User | Scope::Admin | Scope::System => "user",
        Scope::Project | Scope::Custom => "project",
    }
}

fn esc(text: &str) -> String {
    Escaping::XmlApos.apply(text)
}

fn block(entry: &Entry<'_>) -> String {
    format!(
        "<skill>\n  <name>{}</name>\n  <description>{}</description>\n  <location>{}</location>\n</skill>",
        esc(&entry.name),
        esc(entry.description()),
        location(entry.skill)
    )
}

fn render(entries: &[Entry<'_>], _cx: &Context<'_>) -> Rendered {
    let ordered = ordered(entries);
    if ordered.is_empty() {
        return Rendered::complete(String::new(), 0);
    }
    let mut lines = vec!["<skill>".to_owned(), "<available_skills>".to_owned()];
    let mut used = 0u64;
    let mut full = 0;
    for entry in &ordered {
        let text = block(entry);
        let cost = Unit::Chars.measure(&text) + 1;
        if used + cost > ENTRY_BUDGET {
            break;
        }
        used += cost;
        lines.push(text);
        full += 1;
    }
    let mut changes = Vec::new();
    let rest = &ordered[full..];
    let mut named = 0;
    if !rest.is_empty() {
        let line;
        (line, named) = names_line(rest.iter().copied(), rest.len());
        lines.push(line);
        for (i, entry) in rest.iter().enumerate() {
            changes.push(if i < named {
                Change::new(
                    entry,
                    ChangeKind::DescriptionRemoved,
                    format!(
                        "named only: the full entries before it use the {ENTRY_BUDGET} characters Copilot CLI lists in full"
                    ),
                )
            } else {
                Change::new(
                    entry,
                    ChangeKind::Omitted,
                    format!(
                        "left out: the line naming the other skills is full ({NAMES_BUDGET} characters); it ends `... and {} more`",
                        rest.len() - named
                    ),
                )
            });
        }
    }
    lines.push("</available_skills>".to_owned());
    lines.push("</skill>".to_owned());
    Rendered {
        text: lines.join("\n"),
        listed: full + named,
        budget: Some(BudgetUse {
            unit: Unit::Chars,
            limit: ENTRY_BUDGET,
            used,
        }),
        changes,
    }
}

/// The line naming the `count` skills past the full entries: as many of their names as fit
/// [`NAMES_BUDGET`] characters, then how many are left out. Returns how many are named.
fn names_line<'e, 'a: 'e>(
    rest: impl Iterator<Item = &'e Entry<'a>>,
    count: usize,
) -> (String, usize) {
    let mut line = NAMES_PREFIX.to_owned();
    let mut chars = NAMES_PREFIX.chars().count();
    let mut named = 0;
    for entry in rest {
        let name = esc(&entry.name);
        let separator = if named == 0 { "" } else { ", " };
        let grown = chars + separator.len() + name.chars().count();
        if grown > NAMES_BUDGET {
            break;
        }
        line.push_str(separator);
        line.push_str(&name);
        chars = grown;
        named += 1;
    }
    if named < count {
        line.push_str(&format!("... and {} more", count - named));
    }
    (line, named)
}

/// [`render`]'s size for `entries` and without each of them, from the size of each full
/// entry: every entry and line starts with `<` or a letter after a line feed, so token counts
/// add up line by line; the full entries are the longest prefix within the budget (a binary
/// search), and the names line is sized once for each way it can come out.
fn leave_one_out(entries: &[Entry<'_>], _cx: &Context<'_>, sizer: &Sizer) -> Option<LeftOut> {
    let order = order(entries);
    let n = order.len();
    let blocks: Vec<String> = order
        .iter()
        .map(|&i| format!("{}\n", block(&entries[i])))
        .collect();
    let sizes = Sums::new(sizer.each(&blocks));
    // Each entry costs its characters and the line feed.
    let costs = Sums::new(blocks.iter().map(|b| Unit::Chars.measure(b)));
    let frame =
        sizer.of("<skill>\n<available_skills>\n") + sizer.of("</available_skills>\n</skill>");
    // The names line (with its line feed) for the skills from position `from` on, without
    // `skip`, as sized before.
    let mut lines: HashMap<(usize, Option<usize>), (Size, usize)> = HashMap::default();
    let mut names = |from: usize, skip: Option<usize>| {
        *lines.entry((from, skip)).or_insert_with(|| {
            let rest = (from..n)
                .filter(|&p| Some(p) != skip)
                .map(|p| &entries[order[p]]);
            let count = n - from - usize::from(skip.is_some_and(|k| k >= from));
            let (line, named) = names_line(rest, count);
            (sizer.of(&format!("{line}\n")), named)
        })
    };
    let mut size_without = |skip: Option<usize>| -> Size {
        let count = n - usize::from(skip.is_some());
        if count == 0 {
            return Size::default();
        }
        let shown = largest(0, count, |shown| {
            costs.before(end(shown, skip), skip) <= ENTRY_BUDGET
        });
        let from = end(shown, skip);
        let mut size = frame + sizes.before(from, skip);
        if shown < count {
            // Leaving out a skill the names line does not reach only lowers its count: the
            // line is the one without it, sized once for all of them.
            let line = match skip.filter(|&k| k >= from) {
                // Skipping position `n`, which is none, still counts one skill fewer.
                Some(k) if k > from + names(from, None).1 => names(from, Some(n)),
                skip => names(from, skip),
            };
            size = size + line.0;
        }
        size
    };
    let full = size_without(None);
    let mut without = vec![None; n];
    for (p, &i) in order.iter().enumerate() {
        without[i] = Some(size_without(Some(p)));
    }
    Some(LeftOut { full, without })
}

/// The known skill the `skill` tool finds for `name`: the exact name, else one that differs
/// only in case.
fn find<'e, 'a>(known: &'e [Entry<'a>], name: &str) -> Option<&'e Entry<'a>> {
    let lower = name.to_lowercase();
    known
        .iter()
        .find(|e| e.name == name)
        .or_else(|| known.iter().find(|e| e.name.to_lowercase() == lower))
}

fn load(input: &LoadInput<'_>) -> Output {
    let call = Call::with("skill", "skill", input.name);
    let Some(entry) = find(input.known, input.name) else {
        let names: Vec<&str> = ordered(input.known)
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        return Output::tool_error(
            call,
            format!(
                "Skill \"{}\" not found. Available skills: {}",
                input.name,
                names.join(", ")
            ),
        );
    };
    let paths = input.cx.paths;
    let dir = &entry.skill.dir;
    let mut context = format!(
        "<skill-context name=\"{}\">\nBase directory for this skill: {}\n\n",
        esc(&entry.name),
        paths.show(dir)
    );
    if entry.skill.origin.scope != Scope::Builtin {
        let files = related_files(input, entry);
        if !files.is_empty() {
            context.push_str("Related files (use view tool to read):\n");
            for file in files {
                context.push_str(&format!("  - {}\n", paths.show(&dir.join(file))));
            }
            context.push('\n');
        }
        let body = entry.skill.body().replace("\r\n", "\n");
        context.push_str(body.trim());
    }
    context.push_str("\n\n</skill-context>");
    Output::tool(
        call,
        format!(
            "Skill \"{}\" loaded successfully. Follow the instructions in the skill context.",
            entry.name
        ),
    )
    .then(Role::User, context)
}

/// Every regular file below the skill directory but SKILL.md files, in path byte order.
fn related_files(input: &LoadInput<'_>, entry: &Entry<'_>) -> Vec<String> {
    let not_skill_md = |rel: &str| rel.rsplit('/').next() != Some("SKILL.md");
    let bytes = |a: &str, b: &str| a.cmp(b);
    let mut files = match list_files(&entry.skill.dir, &bytes, &not_skill_md, usize::MAX) {
        Some(listed) => listed.files,
        None => input
            .resources(entry)
            .map(|r| r.files)
            .unwrap_or_default()
            .into_iter()
            .filter(|f| not_skill_md(f))
            .collect(),
    };
    files.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    files
}

fn read(input: &ReadInput<'_>) -> Output {
    let Some(entry) = find(input.known, input.name) else {
        let guess = input.cx.paths.show(
            &input
                .cx
                .env
                .cwd
                .join(".github/skills")
                .join(input.name)
                .join(input.path),
        );
        return Output::tool_error(
            Call::with("view", "path", &guess),
            format!("Path does not exist: {guess}"),
        );
    };
    let path = input.cx.paths.show(&entry.skill.dir.join(input.path));
    let mut args = vec![("path", serde_json::Value::from(path.as_str()))];
    if let Some(lines) = input.lines {
        let end = lines
            .end
            .map_or(-1, |e| i64::try_from(e).unwrap_or(i64::MAX));
        let start = i64::try_from(lines.start).unwrap_or(i64::MAX);
        args.push(("view_range", serde_json::json!([start, end])));
    }
    let call = Call::with_args("view", &args);
    match input
        .provider
        .read_resource_of(entry.skill, input.path, input.lines)
    {
        Ok(resource) => Output::tool(call, resource.text),
        Err(ResourceError::NotFound { .. }) => {
            Output::tool_error(call, format!("Path does not exist: {path}"))
        }
        Err(err) => Output::tool_error(call, err.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::MemorySkill;
    use crate::targets::catalog;
    use crate::targets::load::testing::{load as load_of, read as read_of};

    fn skill(dir: &str, md: &str) -> MemorySkill {
        MemorySkill::new(dir, md).in_scope(Scope::Project, 0)
    }

    fn md(name: &str, description: &str) -> String {
        format!("---\nname: {name}\ndescription: {description}\n---\n\n# {name}\n\nBody.\n")
    }

    #[test]
    fn leaving_one_out_meets_every_part_of_the_catalog() {
        use crate::cost::Sizer;
        use crate::provider::{MemoryProvider, SkillProvider};
        use crate::tokens::Encoding;
        let sizer = Sizer::new(Encoding::O200kBase);
        let env = catalog::testing::env();
        let paths = catalog::Paths::absolute(None);
        let cx = catalog::testing::context(&paths, &env, None);
        // Full entries up to the budget, a names line that runs out, and skills past it, a
        // personal skill after the project's. Long and short names by turns, so that leaving
        // out the first name that does not fit can let the next one in.
        for count in [690, 697, 704, 711] {
            let mut skills: Vec<MemorySkill> = (0..count)
                .map(|i| {
                    let n = (i * 7919) % count;
                    let long = if n % 2 == 1 {
                        "-x".repeat(20)
                    } else {
                        String::new()
                    };
                    let name = format!("skill-{n:04}{long}");
                    skill(
                        &format!("/p/.github/skills/{name}"),
                        &md(&name, &format!("Does {i}.")),
                    )
                })
                .collect();
            skills.push(
                MemorySkill::new("/h/.copilot/skills/me", md("me", "Mine."))
                    .in_scope(Scope::User, 1),
            );
            let provider = MemoryProvider::new(skills);
            let (known, _) = catalog::known(&TARGET, provider.list(), &cx);
            let whole = render(&known, &cx);
            assert!(whole.text.contains("... and "), "the names line runs out");
            let full = whole.text.matches("<skill>\n  <name>").count();
            let named = whole.listed - full;
            let left_out = leave_one_out(&known, &cx, &sizer).unwrap();
            assert_eq!(left_out.full, sizer.of(&whole.text));
            let order = order(&known);
            let (first_unnamed, last) = (full + named, order.len() - 1);
            for p in [
                0,
                full - 1,
                full,
                full + 1,
                first_unnamed - 1,
                first_unnamed,
                first_unnamed + 1,
                last,
            ] {
                let mut rest = known.clone();
                rest.remove(order[p]);
                assert_eq!(
                    left_out.without[order[p]],
                    Some(sizer.of(&render(&rest, &cx).text)),
                    "{count} skills without the one at {p} ({full} full, {named} named)"
                );
            }
        }
    }

    #[test]
    fn project_skills_come_before_personal_ones() {
        let cat = catalog::testing::catalog(
            &TARGET,
            vec![
                skill("/p/.github/skills/zed", &md("zed", "Z & 'z'")),
                MemorySkill::new("/h/.copilot/skills/Abc", md("Abc", "A")).in_scope(Scope::User, 0),
            ],
        );
        assert_eq!(
            cat.text,
            "<skill>\n<available_skills>\n<skill>\n  <name>zed</name>\n  <description>Z &amp; &apos;z&apos;</description>\n  <location>project</location>\n</skill>\n<skill>\n  <name>Abc</name>\n  <description>A</description>\n  <location>user</location>\n</skill>\n</available_skills>\n</skill>"
        );
    }

    #[test]
    fn what_copilot_cli_keeps_and_how_it_names_it() {
        let cat = catalog::testing::catalog(
            &TARGET,
            vec![
                skill("/p/s/a", "---\nname: Title Case\ndescription: d\n---\n"),
                skill("/p/s/b", "---\nname: _lead\ndescription: d\n---\n"),
                skill("/p/s/c", "---\nname: é-accent\ndescription: d\n---\n"),
                skill(
                    "/p/s/d",
                    "---\nname: d\n---\n# D\n\nFirst line.\n  Second.\n\n## Steps\n1. Go.\n",
                ),
                skill("/p/s/e", "---\nname: e\ndescription: [a]\n---\n"),
                skill(
                    "/p/s/f",
                    "---\nname: f\ndescription: a\ndescription: b\n---\n",
                ),
                skill("/p/s/g", &md("g", &"x".repeat(1025))),
                skill("/p/s/h", "---\rname: h\rdescription: h\r---\r"),
                skill(
                    "/p/s/i",
                    "---\nname: i\ndescription: i\ndisable-model-invocation: true\n---\n",
                ),
                skill("/p/s/j", "---\nname: j\ndescription: \"\"\n---\n"),
                skill("/p/s/k", "no frontmatter\n"),
            ],
        );
        let mut listed: Vec<(String, String)> = cat
            .text
            .split("<skill>\n  <name>")
            .skip(1)
            .map(|s| {
                let (name, rest) = s.split_once("</name>\n  <description>").unwrap();
                let (description, _) = rest.split_once("</description>").unwrap();
                (name.to_owned(), description.to_owned())
            })
            .collect();
        listed.sort();
        assert_eq!(
            listed,
            [
                ("Title-Case".to_owned(), "d".to_owned()),
                ("d".to_owned(), "First line. Second. 1. Go.".to_owned()),
                ("j".to_owned(), String::new()),
            ]
        );
        assert_eq!(cat.changes.len(), 8);
        assert!(cat.changes.iter().all(|c| c.kind == ChangeKind::Skipped));
    }

    #[test]
    fn a_block_scalar_at_the_end_has_no_final_newline() {
        let cat = catalog::testing::catalog(
            &TARGET,
            vec![
                skill(
                    "/p/s/lit",
                    "---\nname: lit\ndescription: |\n  One.\n  Two.\n---\n",
                ),
                skill(
                    "/p/s/keep",
                    "---\nname: keep\ndescription: |+\n  Keep.\n\n---\n",
                ),
            ],
        );
        assert!(cat.text.contains("<description>One.\nTwo.</description>"));
        assert!(cat.text.contains("<description>Keep.\n</description>"));
    }

    #[test]
    fn past_the_budget_skills_are_named_then_counted() {
        let description = "d".repeat(900);
        let skills: Vec<MemorySkill> = (0..600)
            .map(|i| {
                let name = format!("skill-{i:03}");
                skill(&format!("/p/s/{name}"), &md(&name, &description))
            })
            .collect();
        let cat = catalog::testing::catalog(&TARGET, skills);
        let full = cat.text.matches("<location>project</location>").count();
        // Each entry is 1003 characters with its line break: 14 fit in 15000.
        assert_eq!(full, 14);
        let names = cat
            .text
            .lines()
            .find(|l| l.starts_with(NAMES_PREFIX))
            .unwrap();
        let (listed, more) = names.split_once("... and ").unwrap();
        assert!(listed.len() <= NAMES_BUDGET);
        let named = listed[NAMES_PREFIX.len()..].split(", ").count();
        assert_eq!(more, format!("{} more", 600 - full - named));
        assert_eq!(cat.listed, full + named);
        assert_eq!(cat.budget.map(|b| b.limit), Some(ENTRY_BUDGET));
    }

    #[test]
    fn a_load_is_a_tool_line_and_a_skill_context_message() {
        let skills = || {
            vec![
                skill(
                    "/p/.github/skills/Kit",
                    "---\r\nname: Kit\r\ndescription: d\r\n---\r\n\r\n# Kit\r\n\r\nDo it.\r\n",
                )
                .with_file("b.md", "b")
                .with_file("a/c.md", "c"),
            ]
        };
        let out = load_of(&TARGET, skills(), "kit", 0);
        assert_eq!(out.parts.len(), 2);
        assert_eq!(
            out.parts[0].text,
            "Skill \"Kit\" loaded successfully. Follow the instructions in the skill context."
        );
        assert_eq!(
            out.parts[1].text,
            "<skill-context name=\"Kit\">\nBase directory for this skill: /p/.github/skills/Kit\n\nRelated files (use view tool to read):\n  - /p/.github/skills/Kit/a/c.md\n  - /p/.github/skills/Kit/b.md\n\n# Kit\n\nDo it.\n\n</skill-context>"
        );
        assert_eq!(out.parts[1].role, Role::User);
        let missing = load_of(&TARGET, skills(), "nope", 0);
        assert!(missing.error);
        assert_eq!(
            missing.display(),
            "Skill \"nope\" not found. Available skills: Kit"
        );
        let read = read_of(&TARGET, skills(), "Kit", "b.md", None);
        assert_eq!(read.display(), "b");
        let absent = read_of(&TARGET, skills(), "Kit", "z.md", None);
        assert_eq!(
            absent.display(),
            "Path does not exist: /p/.github/skills/Kit/z.md"
        );
    }

    #[test]
    fn roots_go_up_to_the_git_root_then_home() {
        let env = Env::new("/no-such-dir/p", Some("/h".into())).with_var("COPILOT_HOME", "/c");
        let paths: Vec<String> = roots(&env)
            .iter()
            .map(|r| r.path.display().to_string())
            .collect();
        assert_eq!(
            paths[..4],
            [
                "/no-such-dir/p/.github/skills",
                "/no-such-dir/.github/skills",
                "/.github/skills",
                "/no-such-dir/p/.claude/skills"
            ]
        );
        assert_eq!(paths[paths.len() - 2..], ["/c/skills", "/h/.agents/skills"]);
        assert_eq!(paths.len(), 3 * 3 + 2);
    }
}
