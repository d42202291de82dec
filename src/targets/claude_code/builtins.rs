//! What Claude Code 2.1.331 lists and knows by itself: its bundled skills, the skill of its
//! built-in plugin and two built-in commands, listed after the user's skills with the
//! descriptions below (exactly as the client sends them: a bundled description keeps its line
//! breaks and angle brackets); and every command name its Skill tool suggests from when the model
//! asks for a name it does not know. `CLAUDE_CODE_DISABLE_BUNDLED_SKILLS` turns the bundled skills
//! and the two commands out of the listing, and `"enabledPlugins":
//! {"cc-plugin-plugin-authoring@builtin": false}` in the user settings turns the plugin off.

use crate::targets::Builtin;
use crate::targets::env::Env;

/// Where the listing's built-ins come from. Claude Code names no file for them; these locations
/// say what they are wherever a path is shown.
const BUNDLED: &str = "<bundled>";
const PLUGIN: &str = "<plugin cc-plugin-plugin-authoring@builtin>";
const COMMAND: &str = "<built-in command>";

/// The built-in plugin whose skill Claude Code lists.
const PLUGIN_ID: &str = "cc-plugin-plugin-authoring@builtin";

/// The environment variable that turns the bundled skills off.
pub(super) const DISABLE_BUNDLED: &str = "CLAUDE_CODE_DISABLE_BUNDLED_SKILLS";

/// What a built-in is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Shipped in the client; its listing line is never shortened.
    Bundled,
    /// The skill of a built-in plugin; never shortened either.
    Plugin,
    /// A built-in command; shortened like the user's skills.
    Command,
}

impl Kind {
    /// Whether the budget leaves its line whole.
    pub(super) const fn fixed(self) -> bool {
        matches!(self, Self::Bundled | Self::Plugin)
    }

    /// Whether the client has it with these switches; `listing`: in the listing (rather than
    /// among the names it knows).
    pub(super) fn enabled(self, switches: Switches, listing: bool) -> bool {
        match self {
            // The switch takes the two listed commands out of the listing, not out of the
            // client: they still take part in suggestions.
            Self::Bundled => !switches.bundled_off,
            Self::Command => !(listing && switches.bundled_off),
            Self::Plugin => !switches.plugin_off,
        }
    }
}

/// The two switches, read once per listing or load.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Switches {
    pub bundled_off: bool,
    pub plugin_off: bool,
}

impl Switches {
    pub(super) fn of(env: &Env) -> Self {
        Self {
            bundled_off: bundled_off(env),
            plugin_off: plugin_off(env),
        }
    }
}

/// The listing's built-ins, in the client's order.
pub(super) const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "dataviz",
        description: "Use this skill whenever you are about to create ANY chart, graph, plot, dashboard, or data visualization, in ANY output medium — an HTML or React artifact, inline SVG, plotting code in any library (matplotlib, plotly, d3, Recharts, …), an image/PNG you will render and upload, or a chart shared into Slack. Read it BEFORE writing the first line of chart code, choosing chart colors, building a stat tile / meter / KPI row, or laying out a dashboard. When the destination is a first-party document connector (host-designated, never self-described) that renders live charts, hand it the rows (inline, or as an uploaded data file the chart cites) rather than a rendered PNG/SVG — a picture of a chart loses hover, data inspection and per-value comments. Produces visualizations that read as one system — elegant, accessible, consistent in light and dark — using a brand-neutral placeholder palette you swap for your own. Teaches a design-system-agnostic method: a form heuristic, a color formula with a runnable validator, mark specs, and interaction rules. A validated default palette is documented in `references/palette.md` — swap that file's values for your brand's. Triggers on: \"chart\", \"graph\", \"plot\", \"data viz\", \"visualization\", \"dashboard\", \"analytics\", \"visualize data\", \"categorical colors\", \"sequential / diverging palette\", \"stat tile\", \"sparkline\", \"heatmap\", \"legend\", \"axis\", \"tooltip\", \"chart colors\", \"color by series\".",
        location: BUNDLED,
    },
    Builtin {
        name: "update-config",
        description: "Use this skill to configure the Claude Code harness via settings.json. Automated behaviors (\"from now on when X\", \"each time X\", \"whenever X\", \"before/after X\") require hooks configured in settings.json - the harness executes these, not Claude, so memory/preferences cannot fulfill them. Also use for: permissions (\"allow X\", \"add permission\", \"move permission to\"), env vars (\"set X=Y\"), hook troubleshooting, or any changes to settings.json/settings.local.json files. Examples: \"allow npm commands\", \"add bq permission to global settings\", \"move permission to user settings\", \"set DEBUG=true\", \"when claude stops show X\". For simple settings like theme/model, suggest the /config command.",
        location: BUNDLED,
    },
    Builtin {
        name: "keybindings-help",
        description: "Use when the user wants to customize keyboard shortcuts, rebind keys, add chord bindings, or modify ~/.claude/keybindings.json. Examples: \"rebind ctrl+s\", \"add a chord shortcut\", \"change the submit key\", \"customize keybindings\".",
        location: BUNDLED,
    },
    Builtin {
        name: "code-review",
        description: "Review the current diff, or a PR number/branch/path target, for correctness bugs (plus broken CLAUDE.md rules and cleanups where the model's recipe covers them; see /simplify) at the effort level given first, before any target (low|medium|high|xhigh|max: from few high-confidence findings to many, some uncertain); with no level given, it reuses the level you typed last. Pass --comment to post findings as inline PR comments, or --fix to apply them to the working tree after the review. Pass --max-findings <n> to report up to n findings, or --max-findings all for every finding. The choice stays until you pass --max-findings default. - Use the max level only when the user, or instructions such as CLAUDE.md or a skill, explicitly ask for it, never on your own judgment: it is the costliest level and starts many reviewer subagents.",
        location: BUNDLED,
    },
    Builtin {
        name: "simplify",
        description: "Review the changed code for reuse, simplification, efficiency, and altitude cleanups, then apply the fixes. Quality only — it does not hunt for bugs; use /code-review for that.",
        location: BUNDLED,
    },
    Builtin {
        name: "fewer-permission-prompts",
        description: "Scan your transcripts for common read-only Bash and MCP tool calls, then add a prioritized allowlist to project .claude/settings.json to reduce permission prompts.",
        location: BUNDLED,
    },
    Builtin {
        name: "loop",
        description: "Run a prompt or slash command on a recurring interval (e.g. /loop 5m /foo). Omit the interval to let the model self-pace. - When the user wants to set up a recurring task, poll for status, or run something repeatedly on an interval (e.g. \"check the deploy every 5 minutes\", \"keep running /babysit-prs\"). Do NOT invoke for one-off tasks.",
        location: BUNDLED,
    },
    Builtin {
        name: "claude-api",
        description: "Reference for the Claude API / Anthropic SDK — model ids, pricing, params, streaming, tool use, MCP, agents, caching, token counting, model migration.\nTRIGGER — read FIRST, before you answer, run a command or open a file (already started? read it now); don't skip because it \"looks like a one-liner\" — whenever: the prompt names Claude/Anthropic in any form (Claude, Anthropic, Fable, Opus, Sonnet, Haiku, `anthropic`, `@anthropic-ai`, `claude-*`, `us.anthropic.*`, `[1m]`); the user asks about an LLM (pricing/model choice/limits/caching) — never answer from memory; OR the task is LLM-shaped with provider unstated (agent/MCP/tool-definition/multi-agent/RAG/LLM-judge/computer-use; generate/summarize/extract/classify/rewrite/converse over NL; debugging refusals/cutoffs/streaming/tool-calls/tokens).\nSKIP only when another provider is being worked on (overrides all triggers): OpenAI/GPT/Gemini/Llama/Mistral/Cohere/Ollama named in the query; OR `grep -rE 'openai|langchain_openai|google.generativeai|genai|mistralai|cohere|ollama'` over the project hits (run this grep FIRST if no provider named — don't Read the file; if nothing hits, load this skill).",
        location: BUNDLED,
    },
    Builtin {
        name: "workflow-authoring",
        description: "Reference for writing a Workflow tool script (script API and gotchas, resume, quality patterns, worked examples). Load before authoring a script for a workflow the user already opted into; it does not itself authorize running one.",
        location: BUNDLED,
    },
    Builtin {
        name: "run",
        description: "Launch and drive this project's app to see a change working. Use when asked to run, start, or screenshot the app, or to confirm a change works in the real app (not just tests). First looks for a project skill that already covers launching the app; otherwise falls back to built-in patterns per project type (CLI, server, TUI, Electron, browser-driven, library).",
        location: BUNDLED,
    },
    Builtin {
        name: "plugin-authoring",
        description: "Make a mod: a change to Claude's own interface or behaviour, such as a theme, a panel or pane that stays beside the chat and updates, a band, status line, toast, slash command, or hook on tool calls. Use to make, change or debug a mod or its hooks module.",
        location: PLUGIN,
    },
    Builtin {
        name: "init",
        description: "Initialize a new CLAUDE.md file with codebase documentation",
        location: COMMAND,
    },
    Builtin {
        name: "security-review",
        description: "Complete a security review of the pending changes on the current branch",
        location: COMMAND,
    },
];

/// What the built-in of this name is (`None` for a name that is not one of [`BUILTINS`]).
pub(super) fn kind(name: &str) -> Option<Kind> {
    BUILTINS
        .iter()
        .find(|b| b.name == name)
        .map(|b| match b.location {
            PLUGIN => Kind::Plugin,
            COMMAND => Kind::Command,
            _ => Kind::Bundled,
        })
}

/// Every name the Skill tool's "Did you mean …?" considers after the user's skills, in the
/// client's order: command names and their aliases, the hidden bundled skills included. Observed
/// by asking the client for near misses of each name (a name wins a tie only over the names after
/// it), in the lab's environment.
pub(super) const SUGGESTED: &[(&str, Kind)] = &[
    ("deep-research", Kind::Bundled),
    ("dataviz", Kind::Bundled),
    ("update-config", Kind::Bundled),
    ("keybindings-help", Kind::Bundled),
    ("verify", Kind::Bundled),
    ("debug", Kind::Bundled),
    ("code-review", Kind::Bundled),
    ("review", Kind::Bundled),
    ("simplify", Kind::Bundled),
    ("batch", Kind::Bundled),
    ("fewer-permission-prompts", Kind::Bundled),
    ("doctor", Kind::Command),
    ("checkup", Kind::Command),
    ("loop", Kind::Bundled),
    ("proactive", Kind::Bundled),
    ("claude-api", Kind::Bundled),
    ("workflow-authoring", Kind::Bundled),
    ("run", Kind::Bundled),
    ("run-skill-generator", Kind::Bundled),
    ("plugin-authoring", Kind::Plugin),
    ("agents", Kind::Command),
    ("auto-mode-setup", Kind::Command),
    ("autocompact", Kind::Command),
    ("compact", Kind::Command),
    ("output-style", Kind::Command),
    ("heapdump", Kind::Command),
    ("__remote-workflow", Kind::Command),
    ("workflow-launch-exec", Kind::Command),
    ("reload-plugins", Kind::Command),
    ("reload-skills", Kind::Command),
    ("list-agents", Kind::Command),
    ("team-onboarding", Kind::Command),
    ("add-dir", Kind::Command),
    ("allowed-tools", Kind::Command),
    ("android", Kind::Command),
    ("background", Kind::Command),
    ("branch", Kind::Command),
    ("checkpoint", Kind::Command),
    ("feedback", Kind::Command),
    ("fork", Kind::Command),
    ("btw", Kind::Command),
    ("cd", Kind::Command),
    ("clear", Kind::Command),
    ("color", Kind::Command),
    ("config", Kind::Command),
    ("context", Kind::Command),
    ("effort", Kind::Command),
    ("continue", Kind::Command),
    ("keybindings", Kind::Command),
    ("marketplace", Kind::Command),
    ("permissions", Kind::Command),
    ("powerup", Kind::Command),
    ("pro-trial-expired", Kind::Command),
    ("release-notes", Kind::Command),
    ("reset", Kind::Command),
    ("rename", Kind::Command),
    ("new", Kind::Command),
    ("copy", Kind::Command),
    ("diff", Kind::Command),
    ("bg", Kind::Command),
    ("exit", Kind::Command),
    ("memory", Kind::Command),
    ("quit", Kind::Command),
    ("fast", Kind::Command),
    ("focus", Kind::Command),
    ("help", Kind::Command),
    ("ide", Kind::Command),
    ("init", Kind::Command),
    ("mcp", Kind::Command),
    ("security-review", Kind::Command),
    ("insights", Kind::Command),
    ("ios", Kind::Command),
    ("mobile", Kind::Command),
    ("model", Kind::Command),
    ("name", Kind::Command),
    ("plugin", Kind::Command),
    ("plugins", Kind::Command),
    ("resume", Kind::Command),
    ("rewind", Kind::Command),
    ("recap", Kind::Command),
    ("scroll-speed", Kind::Command),
    ("settings", Kind::Command),
    ("setup-bedrock", Kind::Command),
    ("setup-vertex", Kind::Command),
    ("skills", Kind::Command),
    ("stickers", Kind::Command),
    ("subtask", Kind::Command),
    ("status", Kind::Command),
    ("statusline", Kind::Command),
    ("terminal-setup", Kind::Command),
    ("theme", Kind::Command),
    ("share", Kind::Command),
    ("tui", Kind::Command),
    ("bug", Kind::Command),
    ("undo", Kind::Command),
    ("usage", Kind::Command),
    ("cost", Kind::Command),
    ("export", Kind::Command),
    ("passes", Kind::Command),
    ("sandbox", Kind::Command),
    ("stats", Kind::Command),
    ("plan", Kind::Command),
    ("goal", Kind::Command),
    ("hooks", Kind::Command),
    ("login", Kind::Command),
    ("logout", Kind::Command),
    ("peers", Kind::Command),
    ("tasks", Kind::Command),
    ("bashes", Kind::Command),
    ("radio", Kind::Command),
    ("workflows", Kind::Command),
];

/// `CLAUDE_CODE_DISABLE_BUNDLED_SKILLS` is set to a true value (`1`, `true`, `yes`, `on`).
fn bundled_off(env: &Env) -> bool {
    env.var(DISABLE_BUNDLED).is_some_and(|v| {
        matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "1" | "true" | "yes" | "on"
        )
    })
}

/// The user settings (`$CLAUDE_CONFIG_DIR/settings.json`, default `~/.claude/settings.json`)
/// set `enabledPlugins` of the built-in plugin to `false`. A missing or unreadable file changes
/// nothing.
fn plugin_off(env: &Env) -> bool {
    let Some(dir) = env.var_dir("CLAUDE_CONFIG_DIR", ".claude") else {
        return false;
    };
    let Some(text) =
        crate::fsafe::read_config_text(&dir.join("settings.json"), crate::fsafe::CONFIG_CAP)
    else {
        return false;
    };
    serde_json::from_str::<serde_json::Value>(&text).is_ok_and(|settings| {
        settings["enabledPlugins"][PLUGIN_ID] == serde_json::Value::Bool(false)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_builtin_is_suggested_with_its_kind() {
        for builtin in BUILTINS {
            let kind = kind(builtin.name).unwrap();
            assert!(
                SUGGESTED.contains(&(builtin.name, kind)),
                "{}",
                builtin.name
            );
        }
        assert_eq!(kind("dataviz"), Some(Kind::Bundled));
        assert_eq!(kind("plugin-authoring"), Some(Kind::Plugin));
        assert_eq!(kind("init"), Some(Kind::Command));
        assert_eq!(kind("mine"), None);
    }

    #[test]
    fn the_switches() {
        let dir = tempfile::tempdir().unwrap();
        let env = Env::new(dir.path(), Some(dir.path().into()));
        assert!(!bundled_off(&env) && !plugin_off(&env));
        for on in ["1", "true", " YES ", "on"] {
            assert!(
                bundled_off(&env.clone().with_var(DISABLE_BUNDLED, on)),
                "{on}"
            );
        }
        for off in ["0", "false", "no"] {
            assert!(
                !bundled_off(&env.clone().with_var(DISABLE_BUNDLED, off)),
                "{off}"
            );
        }
        std::fs::create_dir_all(dir.path().join(".claude")).unwrap();
        let settings = dir.path().join(".claude/settings.json");
        std::fs::write(
            &settings,
            r#"{"enabledPlugins": {"cc-plugin-plugin-authoring@builtin": true}}"#,
        )
        .unwrap();
        assert!(!plugin_off(&env));
        std::fs::write(
            &settings,
            r#"{"enabledPlugins": {"cc-plugin-plugin-authoring@builtin": false}}"#,
        )
        .unwrap();
        assert!(plugin_off(&env));
        let plugin_off = Switches::of(&env);
        assert!(Kind::Command.enabled(plugin_off, true));
        assert!(!Kind::Plugin.enabled(plugin_off, false));
        let all_off = Switches::of(&env.with_var(DISABLE_BUNDLED, "1"));
        assert!(!Kind::Command.enabled(all_off, true));
        assert!(Kind::Command.enabled(all_off, false));
        assert!(!Kind::Bundled.enabled(all_off, false));
    }
}
