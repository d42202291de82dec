//! Value parsers for the command line that also list their values, so that shell completion
//! offers target names, rule IDs and names, and models. Parsing stays what each type's `FromStr`
//! accepts (aliases, any case of a rule ID, unknown models); the list is only what to offer.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};

use crate::rules::{self, RuleRef};
use crate::select::Selector;
use crate::targets::{self, TargetRef};

/// A parser from `parse`, with `values` as the candidates completion offers.
#[derive(Clone, Copy)]
pub struct Candidates<T> {
    parse: fn(&str) -> Result<T, String>,
    values: fn() -> Vec<PossibleValue>,
}

impl<T> std::fmt::Debug for Candidates<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Candidates")
    }
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Candidates<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        let parse = self.parse;
        StringValueParser::new()
            .try_map(move |s: String| parse(&s))
            .parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.values)().into_iter()))
    }
}

/// `--target`: the registry's IDs.
pub fn targets() -> Candidates<TargetRef> {
    Candidates {
        parse: |s| s.parse(),
        values: || {
            targets::TARGETS
                .iter()
                .map(|t| PossibleValue::new(t.id).help(t.display))
                .collect()
        },
    }
}

/// `--model`: every model some target knows; any other name is accepted too (the runtime's
/// fallback applies, with a note).
pub fn models() -> Candidates<String> {
    Candidates {
        parse: |s| Ok(s.to_owned()),
        values: || {
            let mut ids: Vec<&str> = targets::TARGETS
                .iter()
                .flat_map(|t| t.models.iter().map(|m| m.id))
                .collect();
            ids.sort_unstable();
            ids.dedup();
            ids.into_iter().map(PossibleValue::new).collect()
        },
    }
}

fn rule_values() -> Vec<PossibleValue> {
    rules::all()
        .flat_map(|r| {
            [
                // Plain words only: some shells' scripts quote these help texts naively.
                PossibleValue::new(r.id).help(r.name),
                PossibleValue::new(r.name).help(r.id),
            ]
        })
        .collect()
}

/// A rule by ID or name (`explain`).
pub fn rules() -> Candidates<RuleRef> {
    Candidates {
        parse: |s| s.parse(),
        values: rule_values,
    }
}

/// A rule selector (`--select`, `--ignore`, `--extend-select`): IDs, names, and `ALL`; ID
/// prefixes are accepted but not offered.
pub fn selectors() -> Candidates<Selector> {
    Candidates {
        parse: Selector::parse,
        values: || {
            let mut values = vec![PossibleValue::new("ALL").help("every rule")];
            values.extend(rule_values());
            values
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_list_every_target_rule_and_model() {
        let names = |p: &dyn Fn() -> Vec<PossibleValue>| -> Vec<String> {
            p().iter().map(|v| v.get_name().to_owned()).collect()
        };
        let t = names(&|| (targets().values)());
        assert!(t.contains(&"claude-code".to_owned()) && t.len() == targets::TARGETS.len());
        let r = names(&|| (rules().values)());
        assert!(r.contains(&"S101".to_owned()) && r.contains(&"description-vague".to_owned()));
        let s = names(&|| (selectors().values)());
        assert_eq!(s[0], "ALL");
        assert!(!names(&|| (models().values)()).is_empty());
    }
}
