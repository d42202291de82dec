//! The models Claude Code 2.1.331 runs, and what each one changes: the context window and bytes
//! per token the listing budget is computed from, where the listing sits, the reminder of tokens
//! left that follows a tool result, and the effort `${CLAUDE_EFFORT}` stands for. All of it was
//! observed with the client running each model (tests/conformance/claude-code@2.1.331 records
//! three of them).

use crate::targets::load::Placement;
use crate::targets::{Model, ModelCatalog};

/// Where the skill listing sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Listing {
    /// One section of a role=system message after the user's first message, sections joined
    /// with a blank line, nothing around it.
    System,
    /// The same role=system message, each section in `<system-reminder>`.
    SystemReminder,
    /// A text part of its own in the first user message, before the user's text, in
    /// `<system-reminder>`.
    UserReminder,
}

impl Listing {
    pub(super) const fn wrapped(self) -> bool {
        !matches!(self, Self::System)
    }
}

/// Where the `<total_tokens>N tokens left</total_tokens>` reminder goes after a tool result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TokensLeft {
    /// Not sent.
    Never,
    /// A role=system message after the tool result: bare, or in `<system-reminder>`.
    SystemMessage { wrapped: bool },
    /// Appended to the tool result's text (trimmed at the end) after a blank line, in
    /// `<system-reminder>`.
    InToolResult,
}

/// What a model changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Facts {
    pub context_window: u64,
    /// The listing budget is context window × bytes per token × 1%.
    pub bytes_per_token: u64,
    pub listing: Listing,
    pub tokens_left: TokensLeft,
    /// The default effort level: what `${CLAUDE_EFFORT}` becomes.
    pub effort: &'static str,
}

const MILLION: u64 = 1_000_000;
const TWO_HUNDRED_K: u64 = 200_000;

/// A 1M model with the listing as an unwrapped system section.
const SYSTEM: &str = "one section of a role=system message after the user's first message (sections joined with a blank line), not wrapped";
const SYSTEM_REMINDER: &str =
    "one section of a role=system message after the user's first message, in `<system-reminder>`";
const USER_REMINDER: &str = "a text part of its own in the first user message, before the user's text, in `<system-reminder>`";

const fn catalog(listing: Listing) -> ModelCatalog {
    match listing {
        Listing::System => ModelCatalog {
            placement: SYSTEM,
            session: Placement::SystemMessage,
        },
        Listing::SystemReminder => ModelCatalog {
            placement: SYSTEM_REMINDER,
            session: Placement::SystemMessage,
        },
        Listing::UserReminder => ModelCatalog {
            placement: USER_REMINDER,
            session: Placement::UserMessage,
        },
    }
}

/// One model: its entry in the target's list and its facts.
struct Known {
    model: Model,
    facts: Facts,
}

const fn known(id: &'static str, note: &'static str, facts: Facts) -> Known {
    Known {
        model: Model {
            id,
            context_window: facts.context_window,
            note,
            catalog: Some(catalog(facts.listing)),
        },
        facts,
    }
}

/// The 200k models: 4 bytes per token, the listing and the tokens-left reminder in user
/// content, effort high.
const fn two_hundred_k(id: &'static str) -> Known {
    known(
        id,
        "4 bytes per token (an 8000-column listing budget); listing in `<system-reminder>` in the first user message; `<total_tokens>` reminder appended to each tool result",
        Facts {
            context_window: TWO_HUNDRED_K,
            bytes_per_token: 4,
            listing: Listing::UserReminder,
            tokens_left: TokensLeft::InToolResult,
            effort: "high",
        },
    )
}

/// Every model the target knows, the client's default first.
const KNOWN: &[Known] = &[
    known(
        "claude-opus-5-5",
        "3 bytes per token (a 30000-column listing budget); listing unwrapped in a role=system message after the user's; no `<total_tokens>` reminder; effort medium",
        Facts {
            context_window: MILLION,
            bytes_per_token: 3,
            listing: Listing::System,
            tokens_left: TokensLeft::Never,
            effort: "medium",
        },
    ),
    known(
        "claude-fable-5",
        "3 bytes per token; listing unwrapped in a role=system message after the user's; a bare `<total_tokens>` role=system message after each tool result",
        Facts {
            context_window: MILLION,
            bytes_per_token: 3,
            listing: Listing::System,
            tokens_left: TokensLeft::SystemMessage { wrapped: false },
            effort: "high",
        },
    ),
    known(
        "claude-sonnet-5",
        "3 bytes per token; listing in `<system-reminder>` in a role=system message after the user's; a `<total_tokens>` reminder as a role=system message after each tool result",
        Facts {
            context_window: MILLION,
            bytes_per_token: 3,
            listing: Listing::SystemReminder,
            tokens_left: TokensLeft::SystemMessage { wrapped: true },
            effort: "high",
        },
    ),
    two_hundred_k("claude-sonnet-4-5"),
    two_hundred_k("claude-sonnet-4-6"),
    two_hundred_k("claude-opus-4-6"),
    two_hundred_k("claude-opus-4-5"),
    two_hundred_k("claude-haiku-4-5"),
];

/// The models as the target lists them.
pub(super) const MODELS: &[Model] = &[
    KNOWN[0].model,
    KNOWN[1].model,
    KNOWN[2].model,
    KNOWN[3].model,
    KNOWN[4].model,
    KNOWN[5].model,
    KNOWN[6].model,
    KNOWN[7].model,
];

/// What the client does with a model it has no entry for (observed with `claude-foo-9`): the
/// default model's window, budget and placement, no reminder, effort high.
const FALLBACK: Facts = Facts {
    context_window: MILLION,
    bytes_per_token: 3,
    listing: Listing::System,
    tokens_left: TokensLeft::Never,
    effort: "high",
};

/// The facts of `model` (`None`: the client's default).
pub(super) fn facts(model: Option<&str>) -> Facts {
    match model {
        None => KNOWN[0].facts,
        Some(id) => KNOWN
            .iter()
            .find(|k| k.model.id == id)
            .map_or(FALLBACK, |k| k.facts),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_and_the_facts_agree() {
        assert_eq!(MODELS.len(), KNOWN.len());
        for (model, known) in MODELS.iter().zip(KNOWN) {
            assert_eq!(model.id, known.model.id);
            assert_eq!(facts(Some(model.id)), known.facts);
        }
        assert_eq!(facts(None), facts(Some("claude-opus-5-5")));
        assert_eq!(facts(Some("claude-sonnet-4-5")).bytes_per_token, 4);
        assert_eq!(facts(Some("claude-unknown")), FALLBACK);
    }
}
