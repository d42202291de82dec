//! `lint --watch`: lint, then lint again whenever a file under the paths changes, until the
//! process is stopped. The one place `notify` is used.

use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

use notify::{RecursiveMode, Watcher};

use crate::error::{Error, Result};

/// How long to wait for more changes after one, so that an editor's save (write, rename,
/// metadata) runs the lint once.
const SETTLE: Duration = Duration::from_millis(150);

/// Calls `run` once, then again after every batch of changes under `paths`; `said` is told
/// when each run starts. Returns only on an error.
pub fn watch(
    paths: &[PathBuf],
    run: &mut dyn FnMut() -> Result<()>,
    said: &mut dyn FnMut(&str) -> Result<()>,
) -> Result<()> {
    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if let Ok(event) = event {
            if !matches!(event.kind, notify::EventKind::Access(_)) {
                let _ = tx.send(event.paths);
            }
        }
    })
    .map_err(|e| failed(&e))?;
    for path in paths {
        watcher
            .watch(path, RecursiveMode::Recursive)
            .map_err(|e| failed(&e))?;
    }
    run()?;
    said("watching for changes (Ctrl-C stops)\n")?;
    loop {
        let Ok(mut changed) = rx.recv() else {
            return Ok(());
        };
        while let Ok(more) = rx.recv_timeout(SETTLE) {
            changed.extend(more);
        }
        changed.sort();
        changed.dedup();
        let n = changed.len();
        said(&format!(
            "\n{} changed: linting again\n",
            if n == 1 {
                "1 file".to_owned()
            } else {
                format!("{n} files")
            }
        ))?;
        run()?;
        said("watching for changes (Ctrl-C stops)\n")?;
    }
}

fn failed(error: &notify::Error) -> Error {
    Error::Usage {
        message: format!("cannot watch for changes: {error}"),
        help: "run `skills lint` without --watch".to_owned(),
    }
}
