//! `skills simulate`: the transcript and the per-step table, and the `skills.simulate/v1` JSON.

use serde::Serialize;

use super::table;
use crate::simulate::{Session, transcript};

pub const SCHEMA: &str = "skills.simulate/v1";

#[derive(Debug, Serialize)]
pub struct SimulateReport<'a> {
    pub schema: &'static str,
    pub target: &'static str,
    /// The load mode used (`null` for runtimes with one way of loading).
    pub mode: Option<&'a str>,
    #[serde(flatten)]
    pub session: &'a Session,
}

/// The last request message by message (with `transcript`), then one table row per request and
/// a verdict on the cached prefix.
pub fn human(session: &Session, with_transcript: bool) -> String {
    let mut out = String::new();
    if with_transcript {
        out.push_str(&transcript(&session.messages));
        out.push('\n');
    }
    out.push_str(&table::render(
        &[
            "STEP",
            "TURN",
            "ACTION",
            "ADDED BYTES",
            "ADDED TOKENS",
            "REQUEST TOKENS",
            "CUMULATIVE INPUT",
            "PREFIX",
        ],
        session.steps.iter().map(|s| {
            vec![
                s.index.to_string(),
                s.turn.to_string(),
                if s.error {
                    format!("{} (refused)", s.action)
                } else {
                    s.action.clone()
                },
                s.added_bytes.to_string(),
                s.added_tokens.to_string(),
                s.request_tokens.to_string(),
                s.cumulative_input_tokens.to_string(),
                match s.prefix_stable {
                    None => "-".to_owned(),
                    Some(true) => "stable".to_owned(),
                    Some(false) => "CHANGED".to_owned(),
                },
            ]
        }),
    ));
    let changed: Vec<String> = session
        .steps
        .iter()
        .filter(|s| s.prefix_stable == Some(false))
        .map(|s| format!("step {} ({})", s.index, s.action))
        .collect();
    if changed.is_empty() {
        out.push_str(
            "The cached prefix stays byte-identical at every step: loading is purely additive.\n",
        );
    } else {
        out.push_str(&format!(
            "The cached prefix changes at {}: the runtime rewrites earlier text, so a prompt cache misses there.\n",
            changed.join(", ")
        ));
    }
    out
}
