//! A progress line on stderr for runs that take more than a second: `LABEL: DONE/TOTAL (P%)`,
//! redrawn in place ten times a second and erased when the run ends, so nothing of it stays in
//! the terminal. Only when stderr is a terminal, never with `--quiet` or a machine-readable
//! format (the caller decides that with `enabled`), and never for runs that end within the
//! first second.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::os::fd::AsFd;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crate::progress::Progress;

/// Runs shorter than this show nothing.
const DELAY: Duration = Duration::from_secs(1);
const REDRAW: Duration = Duration::from_millis(100);

/// Whether a progress line may be drawn: stderr is a terminal that can take one, and the user
/// did not ask for quiet.
pub fn wanted(quiet: bool) -> bool {
    !quiet && io::stderr().is_terminal() && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
}

/// The progress line of a run, drawn by its own thread until dropped.
#[derive(Debug)]
pub struct Line {
    stop: Arc<(Mutex<bool>, Condvar)>,
    drawer: Option<JoinHandle<()>>,
}

impl Line {
    /// Starts the line for `progress` on stderr when `enabled`; it appears after a second.
    /// The line is written to its own handle on stderr's file: the command holds stderr's lock
    /// for its whole run.
    pub fn start(label: &str, progress: Arc<Progress>, enabled: bool) -> Self {
        let terminal = enabled
            .then(|| io::stderr().as_fd().try_clone_to_owned().ok())
            .flatten()
            .map(File::from);
        match terminal {
            Some(file) => Self::start_on(label, progress, true, file),
            None => Self::start_on(label, progress, false, io::sink()),
        }
    }

    fn start_on(
        label: &str,
        progress: Arc<Progress>,
        enabled: bool,
        out: impl Write + Send + 'static,
    ) -> Self {
        let stop = Arc::new((Mutex::new(false), Condvar::new()));
        let drawer = enabled
            .then(|| {
                let (stop, label) = (stop.clone(), label.to_owned());
                thread::Builder::new()
                    .name("progress".to_owned())
                    .spawn(move || draw(&label, &progress, &stop, out))
                    .ok()
            })
            .flatten();
        Self { stop, drawer }
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        let (stopped, wake) = &*self.stop;
        *stopped.lock().unwrap_or_else(PoisonError::into_inner) = true;
        wake.notify_all();
        if let Some(drawer) = self.drawer.take() {
            let _ = drawer.join();
        }
    }
}

/// Waits out the delay, then redraws until stopped, and erases the line.
fn draw(label: &str, progress: &Progress, stop: &(Mutex<bool>, Condvar), mut out: impl Write) {
    let (stopped, wake) = stop;
    let mut wait = DELAY;
    let mut drawn = false;
    loop {
        let guard = stopped.lock().unwrap_or_else(PoisonError::into_inner);
        let (guard, _) = wake
            .wait_timeout_while(guard, wait, |stopped| !*stopped)
            .unwrap_or_else(PoisonError::into_inner);
        if *guard {
            break;
        }
        drop(guard);
        // A failed write only loses the line.
        let _ = write!(out, "\r{}\x1b[K", text(label, progress.get()));
        let _ = out.flush();
        drawn = true;
        wait = REDRAW;
    }
    if drawn {
        let _ = write!(out, "\r\x1b[K");
        let _ = out.flush();
    }
}

/// `LABEL: DONE/TOTAL (P%)`, or the label alone while nothing is counted.
fn text(label: &str, (done, total): (usize, usize)) -> String {
    if total == 0 {
        return format!("{label}…");
    }
    let done = done.min(total);
    format!("{label}: {done}/{total} ({}%)", done * 100 / total)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer into a shared buffer.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn text(&self) -> String {
            String::from_utf8_lossy(&self.0.lock().unwrap_or_else(PoisonError::into_inner))
                .into_owned()
        }
    }

    #[test]
    fn the_line_shows_counts_and_a_percentage() {
        assert_eq!(text("measuring", (0, 0)), "measuring…");
        assert_eq!(text("measuring", (3, 12)), "measuring: 3/12 (25%)");
        assert_eq!(text("measuring", (13, 12)), "measuring: 12/12 (100%)");
    }

    #[test]
    fn short_runs_and_disabled_lines_draw_nothing() {
        let out = Shared::default();
        let line = Line::start_on("x", Arc::default(), true, out.clone());
        drop(line);
        assert_eq!(out.text(), "");
        let line = Line::start_on("x", Arc::default(), false, out.clone());
        thread::sleep(DELAY + REDRAW * 2);
        drop(line);
        assert_eq!(out.text(), "");
    }

    #[test]
    fn long_runs_draw_in_place_then_erase_the_line() {
        let out = Shared::default();
        let progress = Arc::new(Progress::default());
        progress.expect(4);
        progress.step();
        let line = Line::start_on("measuring", progress, true, out.clone());
        thread::sleep(DELAY + REDRAW * 3);
        drop(line);
        let text = out.text();
        assert!(text.starts_with("\rmeasuring: 1/4 (25%)\x1b[K"), "{text:?}");
        assert!(text.ends_with("\r\x1b[K"), "{text:?}");
        assert!(!text.contains('\n'));
    }
}
