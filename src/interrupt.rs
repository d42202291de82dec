//! Cleaning up after SIGINT and SIGTERM: a command that writes a temporary folder or file
//! (`unpack` extracting an archive, `new` staging a scaffold, `package` writing the archive)
//! registers it, and if the process is
//! interrupted the folder is removed before it exits (130 for SIGINT, 143 for SIGTERM, as a
//! shell reports them). The one module that uses `signal-hook`.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// Folders to remove if the process is interrupted.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Keeps `path` registered while it lives; dropping it unregisters the path (the command then
/// owns the clean-up again).
#[derive(Debug)]
pub struct Cleanup {
    path: PathBuf,
}

impl Drop for Cleanup {
    fn drop(&mut self) {
        let mut pending = PENDING.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(at) = pending.iter().rposition(|p| *p == self.path) {
            pending.remove(at);
        }
    }
}

/// Removes `path` (a folder or a file) if a SIGINT or SIGTERM arrives before the returned guard
/// drops.
pub fn remove_on_signal(path: &Path) -> Cleanup {
    install();
    PENDING
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push(path.to_path_buf());
    Cleanup {
        path: path.to_path_buf(),
    }
}

/// Removes every registered folder (the handler's work, also callable directly by tests).
fn remove_pending() {
    let pending = std::mem::take(&mut *PENDING.lock().unwrap_or_else(PoisonError::into_inner));
    for path in pending.iter().rev() {
        if std::fs::remove_dir_all(path).is_err() {
            let _ = std::fs::remove_file(path);
        }
    }
}

#[cfg(unix)]
fn install() {
    static INSTALLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    INSTALLED.get_or_init(|| {
        use signal_hook::consts::{SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
            return false;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                remove_pending();
                std::process::exit(128 + signal);
            }
        });
        true
    });
}

#[cfg(not(unix))]
fn install() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registered_folders_are_removed_and_dropped_guards_forget_theirs() {
        let t = tempfile::tempdir().unwrap();
        let (kept, removed) = (t.path().join("kept"), t.path().join("removed"));
        std::fs::create_dir_all(kept.join("x")).unwrap();
        std::fs::create_dir_all(removed.join("x")).unwrap();
        let guard = remove_on_signal(&kept);
        drop(guard);
        let _guard = remove_on_signal(&removed);
        remove_pending();
        assert!(kept.exists());
        assert!(!removed.exists());
    }
}
