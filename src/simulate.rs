//! Whole sessions as a runtime builds them: the system prompt with the catalog where the runtime
//! puts it, then each tool call and what the runtime returns, request by request, with the size
//! of each request and whether its prefix stayed byte-identical (what prompt caching needs).
//!
//! The frame around the runtime's own bytes is ours and fixed: a stand-in base system prompt and
//! user message, and `<tool definitions>` standing for the tool list when the catalog is in a
//! tool's description. The runtime's bytes (catalog, tool results, injected messages) are exact.

use serde::Serialize;

use crate::provider::{LineRange, SkillProvider};
use crate::targets::Target;
use crate::targets::catalog::{self, Context, Entry};
use crate::targets::load::{
    Call, Lifetime, LoadInput, Output, Part, Placement, ReadInput, Role, SearchInput,
};
use crate::tokens::{self, Encoding};

/// The base system prompt a session starts from (the runtime's own is not part of a skill).
pub const BASE_SYSTEM_PROMPT: &str = "You are a helpful agent.";
/// The user's message, unless one is given.
pub const DEFAULT_USER_MESSAGE: &str = "Please help with my task.";
/// Later turns' user message.
pub const NEXT_USER_MESSAGE: &str = "Thanks. Next, please continue.";
/// The model's answer that ends a turn.
pub const ASSISTANT_ANSWER: &str = "(the model answers)";

/// One thing the model does in the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Activates a skill.
    Load(String),
    /// Reads a file of a skill.
    Read {
        skill: String,
        path: String,
        lines: Option<LineRange>,
    },
    /// Searches the catalog (runtimes with a search tool).
    Search(String),
}

impl Step {
    /// `SKILL:PATH`, optionally with a line range after `@` (`pdf-processing:references/forms.md@1:40`).
    pub fn parse_read(text: &str) -> Result<Self, String> {
        let (target, lines) = match text.rsplit_once('@') {
            Some((target, range)) => match range.parse::<LineRange>() {
                Ok(range) => (target, Some(range)),
                Err(_) => (text, None),
            },
            None => (text, None),
        };
        let Some((skill, path)) = target.split_once(':') else {
            return Err(format!(
                "`{text}` is not SKILL:PATH (for example pdf-processing:references/forms.md)"
            ));
        };
        if skill.is_empty() || path.is_empty() {
            return Err(format!("`{text}` needs both a skill and a path"));
        }
        Ok(Self::Read {
            skill: skill.to_owned(),
            path: path.to_owned(),
            lines,
        })
    }

    /// How the step reads in a table.
    pub fn label(&self) -> String {
        match self {
            Self::Load(name) => format!("load {name}"),
            Self::Read { skill, path, lines } => match lines {
                Some(range) => format!("read {skill}:{path}@{range}"),
                None => format!("read {skill}:{path}"),
            },
            Self::Search(query) => format!("search {query:?}"),
        }
    }
}

/// One message of a request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Message {
    pub role: Role,
    /// What the message is, for people: `system prompt`, `catalog`, `tool call`, …
    pub label: String,
    pub text: String,
}

impl Message {
    fn new(role: Role, label: &str, text: impl Into<String>) -> Self {
        Self {
            role,
            label: label.to_owned(),
            text: text.into(),
        }
    }
}

/// What one step added and what the request it leads to costs.
#[derive(Debug, Clone, Serialize)]
pub struct StepReport {
    /// 0 is the first request (system prompt, catalog, user message).
    pub index: usize,
    pub turn: usize,
    pub action: String,
    pub call: Option<Call>,
    /// The runtime refused (its error text is the result).
    pub error: bool,
    /// Bytes and model tokens of what the step added (messages, and text added to the system
    /// prompt).
    pub added_bytes: usize,
    pub added_tokens: usize,
    /// The whole request the model receives next.
    pub request_bytes: usize,
    pub request_tokens: usize,
    /// Input tokens of every request so far, this one included.
    pub cumulative_input_tokens: usize,
    /// Whether the previous request is a byte-identical prefix of this one (`None` for the
    /// first request).
    pub prefix_stable: Option<bool>,
    /// Facts the runtime recorded (Metis versions, Pixir activations…).
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    pub record: serde_json::Map<String, serde_json::Value>,
}

/// A simulated session.
#[derive(Debug, Clone, Serialize)]
pub struct Session {
    pub steps: Vec<StepReport>,
    /// The last request, message by message.
    pub messages: Vec<Message>,
}

/// What a simulation needs besides the target and the steps.
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    pub mode: Option<&'a str>,
    pub turns: usize,
    pub user_message: &'a str,
    pub encoding: Encoding,
}

/// A system-prompt addition (a `Role::System` part) and how long it stays.
#[derive(Debug, Clone)]
struct Addition {
    text: String,
    lifetime: Lifetime,
    /// The request it first appears in.
    since: usize,
    turn: usize,
}

/// The conversation so far.
struct State {
    system: String,
    /// Messages before the user's first one that carry the catalog (developer or user role).
    head: Vec<Message>,
    /// Everything after the first user message's position, in order.
    history: Vec<Message>,
    additions: Vec<Addition>,
}

impl State {
    fn request(&self, now: usize, turn: usize) -> Vec<Message> {
        let mut system = self.system.clone();
        for addition in self.additions.iter().filter(|a| alive(a, now, turn)) {
            system.push_str(&addition.text);
        }
        let mut messages = vec![Message::new(Role::System, "system prompt", system)];
        messages.extend(self.head.iter().cloned());
        messages.extend(self.history.iter().cloned());
        messages
    }
}

fn alive(addition: &Addition, now: usize, turn: usize) -> bool {
    match addition.lifetime {
        Lifetime::Session => true,
        Lifetime::Turn => addition.turn == turn,
        Lifetime::Once => addition.since == now,
    }
}

/// The bytes a request is cached by: each message's role and text, in order.
fn serialise(messages: &[Message]) -> String {
    let mut out = String::new();
    for m in messages {
        out.push_str(m.role.as_str());
        out.push('\u{1e}');
        out.push_str(&m.text);
        out.push('\u{1f}');
    }
    out
}

fn tokens_of(messages: &[Message], encoding: Encoding) -> usize {
    messages
        .iter()
        .map(|m| tokens::count(&m.text, encoding))
        .sum()
}

/// Runs the steps in turn 1, then `turns - 1` more plain turns.
pub fn run(
    target: &Target,
    skills: &[crate::skill::Skill],
    provider: &dyn SkillProvider,
    cx: &Context<'_>,
    steps: &[Step],
    options: Options<'_>,
) -> Session {
    let (known, changes) = catalog::known(target, skills, cx);
    let catalog = catalog::render(target, skills.len(), &known, changes, cx);
    let mut state = State {
        system: BASE_SYSTEM_PROMPT.to_owned(),
        head: Vec::new(),
        history: Vec::new(),
        additions: Vec::new(),
    };
    let placement = target.session_placement_for(cx.model.and_then(|id| target.model(id)));
    match placement {
        Placement::SystemPrompt if !catalog.text.is_empty() => {
            state.system.push_str("\n\n");
            state.system.push_str(&catalog.text);
        }
        Placement::SystemMessages => {
            for message in target.catalog_messages(&catalog.text) {
                state
                    .head
                    .push(Message::new(Role::System, "catalog", message.to_owned()));
            }
        }
        Placement::ToolDescription if !catalog.text.is_empty() => {
            state.system.push_str("\n\n<tool definitions>\n");
            state.system.push_str(&catalog.text);
            state.system.push_str("\n</tool definitions>");
        }
        Placement::DeveloperMessage if !catalog.text.is_empty() => state.head.push(Message::new(
            Role::Developer,
            "catalog",
            catalog.text.clone(),
        )),
        Placement::UserMessage if !catalog.text.is_empty() => {
            state
                .head
                .push(Message::new(Role::User, "catalog", catalog.text.clone()))
        }
        _ => {}
    }
    state.history.push(Message::new(
        Role::User,
        "user message",
        options.user_message,
    ));
    if placement == Placement::SystemMessage && !catalog.text.is_empty() {
        state
            .history
            .push(Message::new(Role::System, "catalog", catalog.text.clone()));
    }

    let mut recorder = Recorder::new(options.encoding);
    let first = state.request(0, 1);
    recorder.step(
        0,
        1,
        "system prompt, catalog and user message",
        None,
        false,
        &first,
        &first,
        serde_json::Map::new(),
    );

    let mut loads: crate::hash::HashMap<String, usize> = crate::hash::HashMap::default();
    let mut now = 0;
    for step in steps {
        now += 1;
        let output = perform(target, step, &known, provider, cx, &mut loads, options.mode);
        let before = state.history.len();
        let mut added_to_system = Vec::new();
        if let Some(call) = &output.call {
            state.history.push(Message::new(
                Role::Assistant,
                "tool call",
                format!("{} {}", call.tool, call.arguments),
            ));
        }
        for Part { role, text } in &output.parts {
            match role {
                // A runtime that puts system messages in the conversation adds them there.
                Role::System if placement == Placement::SystemMessage => state.history.push(
                    Message::new(Role::System, "injected by the runtime", text.clone()),
                ),
                Role::System => {
                    added_to_system.push(Message::new(
                        Role::System,
                        "system prompt addition",
                        text.clone(),
                    ));
                    state.additions.push(Addition {
                        text: text.clone(),
                        lifetime: output.lifetime,
                        since: now,
                        turn: 1,
                    });
                }
                Role::Tool => {
                    state
                        .history
                        .push(Message::new(Role::Tool, "tool result", text.clone()))
                }
                other => state.history.push(Message::new(
                    *other,
                    "injected by the runtime",
                    text.clone(),
                )),
            }
        }
        let request = state.request(now, 1);
        let mut added: Vec<Message> = state.history[before..].to_vec();
        added.extend(added_to_system);
        let record = output.record.clone().into_iter().collect();
        recorder.step(
            now,
            1,
            &step.label(),
            output.call.clone(),
            output.error,
            &request,
            &added,
            record,
        );
    }
    for turn in 2..=options.turns.max(1) {
        now += 1;
        let before = state.history.len();
        state
            .history
            .push(Message::new(Role::Assistant, "answer", ASSISTANT_ANSWER));
        state
            .history
            .push(Message::new(Role::User, "user message", NEXT_USER_MESSAGE));
        let request = state.request(now, turn);
        let added: Vec<Message> = state.history[before..].to_vec();
        recorder.step(
            now,
            turn,
            &format!("turn {turn}"),
            None,
            false,
            &request,
            &added,
            serde_json::Map::new(),
        );
    }
    let messages = state.request(now, options.turns.max(1));
    Session {
        steps: recorder.steps,
        messages,
    }
}

/// What the target returns for one step; reloads counted per skill.
fn perform(
    target: &Target,
    step: &Step,
    known: &[Entry<'_>],
    provider: &dyn SkillProvider,
    cx: &Context<'_>,
    loads: &mut crate::hash::HashMap<String, usize>,
    mode: Option<&str>,
) -> Output {
    match step {
        Step::Load(name) => {
            let earlier = loads.get(name).copied().unwrap_or(0);
            let output = (target.load)(&LoadInput {
                name,
                known,
                provider,
                earlier_loads: earlier,
                mode,
                cx,
            });
            if !output.error {
                *loads.entry(name.clone()).or_default() += 1;
            }
            output
        }
        Step::Read { skill, path, lines } => (target.read)(&ReadInput {
            name: skill,
            path,
            lines: *lines,
            known,
            provider,
            mode,
            cx,
        }),
        Step::Search(query) => match target.search {
            Some(search) => search(&SearchInput {
                query,
                limit: None,
                known,
                cx,
            }),
            None => Output::tool_error(
                Call::with("search", "query", query),
                format!("{} has no search tool", target.display),
            ),
        },
    }
}

/// Sizes and prefix checks, request by request.
struct Recorder {
    encoding: Encoding,
    steps: Vec<StepReport>,
    previous: Option<String>,
    cumulative: usize,
}

impl Recorder {
    fn new(encoding: Encoding) -> Self {
        Self {
            encoding,
            steps: Vec::new(),
            previous: None,
            cumulative: 0,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        index: usize,
        turn: usize,
        action: &str,
        call: Option<Call>,
        error: bool,
        request: &[Message],
        added: &[Message],
        record: serde_json::Map<String, serde_json::Value>,
    ) {
        let serialised = serialise(request);
        let request_tokens = tokens_of(request, self.encoding);
        self.cumulative += request_tokens;
        let prefix_stable = self
            .previous
            .as_ref()
            .map(|previous| serialised.starts_with(previous.as_str()));
        self.steps.push(StepReport {
            index,
            turn,
            action: action.to_owned(),
            call,
            error,
            added_bytes: added.iter().map(|m| m.text.len()).sum(),
            added_tokens: tokens_of(added, self.encoding),
            request_bytes: request.iter().map(|m| m.text.len()).sum(),
            request_tokens,
            cumulative_input_tokens: self.cumulative,
            prefix_stable,
            record,
        });
        self.previous = Some(serialised);
    }
}

/// The last request as text: each message under a `==> role: label <==` line.
pub fn transcript(messages: &[Message]) -> String {
    let mut out = String::new();
    for (i, m) in messages.iter().enumerate() {
        if i > 0 {
            out.push_str("\n\n");
        }
        out.push_str(&format!("==> {}: {} <==\n", m.role.as_str(), m.label));
        out.push_str(&m.text);
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::{MemoryProvider, MemorySkill};
    use crate::targets::catalog::Paths;
    use crate::targets::catalog::testing::env;
    use crate::targets::load::Output;

    /// agentskills, but loads materialise in the system prompt with the given lifetime.
    fn materialising(lifetime: Lifetime) -> Target {
        let base = *crate::targets::find("agentskills").unwrap();
        let load: fn(&LoadInput<'_>) -> Output = match lifetime {
            Lifetime::Session => |i| system_load(i, Lifetime::Session),
            Lifetime::Turn => |i| system_load(i, Lifetime::Turn),
            Lifetime::Once => |i| system_load(i, Lifetime::Once),
        };
        Target { load, ..base }
    }

    fn system_load(input: &LoadInput<'_>, lifetime: Lifetime) -> Output {
        Output::tool(
            Call::with("skill_load", "skill", input.name),
            format!("loaded: {}", input.name),
        )
        .then(Role::System, format!("\n[Loaded] {}\n", input.name))
        .lasting(lifetime)
    }

    fn session(target: &Target, steps: &[Step], turns: usize) -> Session {
        let provider = MemoryProvider::new([MemorySkill::new(
            "/s/pdf",
            "---\nname: pdf\ndescription: Reads PDFs. Use for PDFs.\n---\n# PDF\n",
        )]);
        let paths = Paths::absolute(None);
        let env = env();
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: None,
            model: None,
        };
        run(
            target,
            provider.list(),
            &provider,
            &cx,
            steps,
            Options {
                mode: None,
                turns,
                user_message: "hi",
                encoding: Encoding::O200kBase,
            },
        )
    }

    fn prefixes(session: &Session) -> Vec<Option<bool>> {
        session.steps.iter().map(|s| s.prefix_stable).collect()
    }

    #[test]
    fn tool_results_are_additive() {
        let target = *crate::targets::find("agentskills").unwrap();
        let s = session(
            &target,
            &[Step::Load("pdf".into()), Step::Load("pdf".into())],
            2,
        );
        assert_eq!(prefixes(&s), [None, Some(true), Some(true), Some(true)]);
    }

    #[test]
    fn a_system_prompt_addition_breaks_the_prefix_once_for_the_session() {
        let s = session(
            &materialising(Lifetime::Session),
            &[Step::Load("pdf".into())],
            2,
        );
        assert_eq!(prefixes(&s), [None, Some(false), Some(true)]);
        assert!(s.messages[0].text.ends_with("\n[Loaded] pdf\n"));
    }

    #[test]
    fn a_turn_long_addition_goes_away_at_the_next_turn() {
        let s = session(
            &materialising(Lifetime::Turn),
            &[Step::Load("pdf".into())],
            3,
        );
        assert_eq!(prefixes(&s), [None, Some(false), Some(false), Some(true)]);
        assert!(!s.messages[0].text.contains("[Loaded]"));
    }

    #[test]
    fn a_once_addition_lasts_one_request() {
        let s = session(
            &materialising(Lifetime::Once),
            &[
                Step::Load("pdf".into()),
                Step::Read {
                    skill: "pdf".into(),
                    path: "x".into(),
                    lines: None,
                },
            ],
            1,
        );
        assert_eq!(prefixes(&s), [None, Some(false), Some(false)]);
    }

    #[test]
    fn read_steps_parse_with_and_without_ranges() {
        assert_eq!(
            Step::parse_read("pdf:references/a.md@2:4").unwrap(),
            Step::Read {
                skill: "pdf".into(),
                path: "references/a.md".into(),
                lines: Some(LineRange::new(2, Some(4)).unwrap())
            }
        );
        assert_eq!(
            Step::parse_read("pdf:a@b.md").unwrap(),
            Step::Read {
                skill: "pdf".into(),
                path: "a@b.md".into(),
                lines: None
            }
        );
        assert!(Step::parse_read("pdf").is_err());
        assert!(Step::parse_read(":a").is_err());
    }
}
