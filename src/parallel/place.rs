//! Keeps the run's threads on different cores.
//!
//! On virtual machines Linux often starts a new thread, or wakes a sleeping one, on the core of
//! the thread that started or woke it, although another core is idle, and leaves the two taking
//! turns there until it next balances its queues, a few milliseconds later. A step of a few
//! milliseconds then runs on one core. (On a 2-core machine the pool's worker began to run 2.6
//! to 4.3 ms after it was started in about half of the corpus runs, while the walk it was
//! started for took 4 ms; docs/bench.md.)
//!
//! So the caller notes its core whenever it starts a step ([`note_caller`]), and a worker that
//! finds itself on that core when it takes a job, or while it waits for one, moves to another
//! ([`move_off_caller`]): it asks to run on that one core alone, which moves it there at once,
//! then is allowed every core it was allowed before, so the scheduler is as free to place it as
//! it was. A thread only ever moves itself; nothing else of the process is touched. Where this
//! cannot be done (not Linux, a failed call) threads stay where the scheduler put them.

/// The core the thread that starts steps was last on, or `usize::MAX` before it was noted.
#[cfg(target_os = "linux")]
static CALLER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(usize::MAX);

/// Notes the core of the calling thread, which is about to start a step.
pub(super) fn note_caller() {
    #[cfg(target_os = "linux")]
    CALLER.store(
        rustix::thread::sched_getcpu(),
        std::sync::atomic::Ordering::Relaxed,
    );
}

/// Moves the calling worker (number `index` of the pool) to another core when it is on the one
/// the caller was last noted on.
pub(super) fn move_off_caller(index: usize) {
    #[cfg(target_os = "linux")]
    {
        use rustix::thread::{CpuSet, sched_getaffinity, sched_getcpu, sched_setaffinity};
        let caller = CALLER.load(std::sync::atomic::Ordering::Relaxed);
        if sched_getcpu() != caller {
            return;
        }
        let Ok(allowed) = sched_getaffinity(None) else {
            return;
        };
        let cores: Vec<usize> = (0..CpuSet::MAX_CPU)
            .filter(|&c| allowed.is_set(c))
            .collect();
        let Some(target) = target(&cores, caller, index) else {
            return;
        };
        let mut one = CpuSet::new();
        one.set(target);
        if sched_setaffinity(None, &one).is_ok() {
            // Failing this leaves the worker on one core, where it is still of use.
            let _ = sched_setaffinity(None, &allowed);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = index;
}

/// The core worker `index` moves to off the caller's core `caller`, among the `allowed` ones
/// (ascending): the ones after the caller's in turn, one each, wrapping round past the caller's.
/// `None` when the caller's core is not among them or is the only one.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn target(allowed: &[usize], caller: usize, index: usize) -> Option<usize> {
    let at = allowed.iter().position(|&c| c == caller)?;
    let others = allowed.len().checked_sub(1).filter(|&n| n > 0)?;
    allowed
        .get((at + 1 + index % others) % allowed.len())
        .copied()
}

#[cfg(test)]
mod tests {
    use super::target;

    #[test]
    fn workers_move_to_the_other_cores_in_turn() {
        assert_eq!(target(&[0, 1], 0, 0), Some(1));
        assert_eq!(target(&[0, 1], 1, 0), Some(0));
        assert_eq!(target(&[0, 1], 1, 5), Some(0));
        let cores = [0, 2, 3, 7];
        let taken: Vec<_> = (0..3).map(|i| target(&cores, 3, i)).collect();
        assert_eq!(taken, [Some(7), Some(0), Some(2)]);
        // Never the caller's own core, whatever the index.
        for index in 0..20 {
            assert_ne!(target(&cores, 2, index), Some(2));
        }
        assert_eq!(target(&[4], 4, 0), None);
        assert_eq!(target(&[0, 1], 3, 0), None);
        assert_eq!(target(&[], 0, 0), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_worker_that_moves_keeps_the_cores_it_was_allowed() {
        use rustix::thread::sched_getaffinity;
        let before = sched_getaffinity(None).expect("affinity");
        // This thread stands for both: it notes itself as the caller, then moves off its core
        // (where it lands, the scheduler may change again at once; the mask must be as before).
        super::note_caller();
        super::move_off_caller(0);
        assert_eq!(sched_getaffinity(None).expect("affinity"), before);
    }
}
