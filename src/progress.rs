//! How far a long run has got: counters that the work advances from any thread and that a
//! progress line ([`crate::report::progress`]) reads. Plain data; nothing here writes anything.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Steps done out of steps known so far.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicUsize,
    total: AtomicUsize,
}

impl Progress {
    /// `n` more steps to do.
    pub fn expect(&self, n: usize) {
        self.total.fetch_add(n, Ordering::Relaxed);
    }

    /// One step done.
    pub fn step(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }

    /// (done, total).
    pub fn get(&self) -> (usize, usize) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Progress;

    #[test]
    fn counts_steps_from_many_threads() {
        let progress = Progress::default();
        progress.expect(40);
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| (0..10).for_each(|_| progress.step()));
            }
        });
        assert_eq!(progress.get(), (40, 40));
    }
}
