//! The `skills` binary: parse the command line, run, map the result to an exit code.

use std::io::{self, Write};
use std::process::ExitCode;

/// The binary allocates with mimalloc, which a run of many small allocations on every core
/// spends less time in than glibc's `malloc` (docs/bench.md). The library leaves the allocator to
/// the program that embeds it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = match skills::cli::Cli::parse_args(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let (mut out, mut err) = (io::stdout().lock(), io::stderr().lock());
    match skills::run(cli, &mut out, &mut err) {
        Ok(outcome) => outcome.exit_code(),
        // A closed pipe (`skills list | head`) is not a failure.
        Err(skills::Error::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(err, "{:?}", miette::Report::new(error));
            ExitCode::from(skills::FAILURE)
        }
    }
}
