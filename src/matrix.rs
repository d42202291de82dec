//! `skills matrix`: skills × runtimes, each cell what that runtime does with that skill (listed,
//! shortened, name only, hidden, dropped, shadowed, not found), read off each runtime's own
//! catalog ([`crate::targets::fate`]). Data only; `report::matrix` draws it.

use std::path::PathBuf;

use serde::Serialize;

use crate::hash::HashMap;
use crate::skill::{Scope, Skill};
use crate::targets::Target;
use crate::targets::catalog::{self, Context};
use crate::targets::env::Env;
use crate::targets::fate::{self, State};
use crate::why::show;

/// One runtime, a column.
#[derive(Debug, Clone, Serialize)]
pub struct Column {
    pub target: &'static str,
    /// Its short name in the table's header.
    pub abbreviation: String,
    pub runtime: &'static str,
    pub checked: String,
}

/// What one runtime does with one skill.
#[derive(Debug, Clone, Serialize)]
pub struct Cell {
    pub target: &'static str,
    pub state: State,
    /// The name the runtime knows it by.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// One skill, a row.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// Its `name`, else its folder name.
    pub name: String,
    /// Its `SKILL.md`, as read from the working directory.
    pub path: String,
    /// One per column, in column order.
    pub cells: Vec<Cell>,
}

/// The whole table.
#[derive(Debug, Clone, Serialize)]
pub struct Matrix {
    /// Whether each runtime looked where it looks itself (else under the paths given).
    pub roots: bool,
    pub targets: Vec<Column>,
    pub skills: Vec<Row>,
}

/// What one runtime found, for [`Builder::add`].
#[derive(Debug)]
pub struct Found<'a> {
    pub target: &'static Target,
    /// Every skill it found, its built-ins included.
    pub skills: &'a [Skill],
    pub cx: &'a Context<'a>,
}

/// Builds a [`Matrix`] one runtime at a time.
#[derive(Debug)]
pub struct Builder {
    matrix: Matrix,
    /// Row of each skill file (resolved).
    rows: HashMap<PathBuf, usize>,
    env: Env,
}

impl Builder {
    pub fn new(roots: bool, env: Env) -> Self {
        Self {
            matrix: Matrix {
                roots,
                targets: Vec::new(),
                skills: Vec::new(),
            },
            rows: HashMap::default(),
            env,
        }
    }

    /// Adds a runtime's column: its catalog of the skills it found.
    pub fn add(&mut self, found: &Found<'_>) {
        let target = found.target;
        let column = self.matrix.targets.len();
        let taken: Vec<String> = self
            .matrix
            .targets
            .iter()
            .map(|c| c.abbreviation.clone())
            .collect();
        self.matrix.targets.push(Column {
            target: target.id,
            abbreviation: abbreviation(target.id, &taken),
            runtime: target.display,
            checked: target.verification(),
        });
        for row in &mut self.matrix.skills {
            row.cells.push(Cell {
                target: target.id,
                state: State::NotFound,
                name: None,
                reason: None,
            });
        }
        let outcome = fate::of(target, found.skills, found.cx);
        for (skill, fate) in found.skills.iter().zip(outcome.fates) {
            if skill.origin.scope == Scope::Builtin {
                continue;
            }
            let key = catalog::canonical(&skill.skill_md);
            let row = match self.rows.get(&key) {
                Some(&row) => row,
                None => {
                    let cells = self.matrix.targets[..column]
                        .iter()
                        .map(|c| Cell {
                            target: c.target,
                            state: State::NotFound,
                            name: None,
                            reason: None,
                        })
                        .chain(std::iter::once(Cell {
                            target: target.id,
                            state: State::NotFound,
                            name: None,
                            reason: None,
                        }))
                        .collect();
                    self.matrix.skills.push(Row {
                        name: skill.name().into_owned(),
                        path: show(&skill.skill_md, &self.env),
                        cells,
                    });
                    self.rows.insert(key, self.matrix.skills.len() - 1);
                    self.matrix.skills.len() - 1
                }
            };
            self.matrix.skills[row].cells[column] = Cell {
                target: target.id,
                state: fate.state,
                name: fate.name,
                reason: fate.reason,
            };
        }
    }

    pub fn finish(self) -> Matrix {
        self.matrix
    }
}

/// A runtime's column heading: two letters, not `taken` yet.
pub fn abbreviation(id: &str, taken: &[String]) -> String {
    let known = match id {
        "agentskills" => Some("as"),
        "claude-code" => Some("cc"),
        "claude-code@2.0" => Some("c2"),
        "codex" => Some("cx"),
        "opencode" => Some("oc"),
        "gemini-cli" => Some("gm"),
        "copilot" => Some("vs"),
        "copilot-cli" => Some("gh"),
        "cursor" => Some("cu"),
        "goose" => Some("go"),
        "mastra" => Some("ma"),
        "openclaw" => Some("ow"),
        "pi" => Some("pi"),
        "letta" => Some("le"),
        "qwen-code" => Some("qw"),
        "cline" => Some("cl"),
        "helix" => Some("hx"),
        "metis" => Some("me"),
        "pixir" => Some("px"),
        "trpc-agent-go" => Some("tr"),
        "worker" => Some("wk"),
        _ => None,
    };
    if let Some(short) = known.filter(|k| !taken.iter().any(|t| t == k)) {
        return short.to_owned();
    }
    // A runtime added later: its first letter and the next unused letter or digit.
    let letters: Vec<char> = id.chars().filter(char::is_ascii_alphanumeric).collect();
    let first = letters.first().copied().unwrap_or('t');
    letters
        .iter()
        .skip(1)
        .copied()
        .chain('0'..='9')
        .map(|second| format!("{first}{second}"))
        .find(|candidate| !taken.iter().any(|t| t == candidate))
        .unwrap_or_else(|| id.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::targets::TARGETS;

    #[test]
    fn every_runtime_has_its_own_two_letters() {
        let mut taken: Vec<String> = Vec::new();
        for target in TARGETS {
            let short = abbreviation(target.id, &taken);
            assert_eq!(short.chars().count(), 2, "{}", target.id);
            assert!(!taken.contains(&short), "{} repeats {short}", target.id);
            taken.push(short);
        }
        assert_eq!(abbreviation("newcomer", &["ne".to_owned()]), "nw");
    }
}
