//! Prints the token count of each file given, in both encodings, one line per file:
//! `O200K<TAB>CL100K<TAB>PATH`. Files are read as UTF-8, invalid bytes as U+FFFD.
//! `scripts/tokens-parity.sh` compares these counts with OpenAI's `tiktoken`.
//!
//!     cargo run --release --example count_tokens -- README.md

use std::io::{self, Write};
use std::process::ExitCode;

use skills::tokens::{Encoding, count};

fn main() -> ExitCode {
    let mut out = io::stdout().lock();
    for path in std::env::args().skip(1) {
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(err) => {
                let _ = writeln!(io::stderr(), "cannot read {path}: {err}");
                return ExitCode::from(2);
            }
        };
        let text = String::from_utf8_lossy(&bytes);
        let line = format!(
            "{}\t{}\t{path}",
            count(&text, Encoding::O200kBase),
            count(&text, Encoding::Cl100kBase)
        );
        if writeln!(out, "{line}").is_err() {
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
