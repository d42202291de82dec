//! Independent jobs on every core: skills are parsed and checked one by one, and no job waits
//! for another. The calling thread works too, beside one worker thread for every other core,
//! started the first time they are needed and kept for the whole run: as many threads as cores,
//! since a thread more only takes turns with the others. The threads are `rayon`'s, and this
//! module is the only one that knows it. The one exception is a step whose jobs wait for the
//! disk ([`map_waiting`]): there a thread more starts its read while the others wait for theirs.
//!
//! Why workers are kept, and why one stays awake a little after its job: a thread just started
//! or woken from sleep may wait milliseconds for a core of its own. On virtual machines the
//! scheduler often queues it behind the thread that woke it, although the other core is idle,
//! until it next balances its queues. A run is a series of short parallel steps with a little
//! work on one thread between them, so each worker that finishes a job stays awake (yielding
//! its core to anything else that wants it) until the next step hands it work, for at most
//! [`LINGER`]. And a worker that finds itself on the caller's core moves to another
//! ([`place`]).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use rayon_core::{ThreadPool, ThreadPoolBuilder, Yield};

mod place;

/// Below this many items the work is done on the calling thread: waking a worker costs more.
const MIN_ITEMS: usize = 8;

/// How long a worker that finished a job stays awake for the next one.
const LINGER: Duration = Duration::from_millis(5);

/// A job of [`map_waiting`] that takes longer than this waited for the disk: from the page
/// cache, opening and reading a file takes tens of microseconds.
const WAITED: Duration = Duration::from_micros(400);

/// How long the caller that starts the workers lets them begin before it goes on.
const START: Duration = Duration::from_micros(300);

/// After this many jobs that waited, [`map_waiting`] adds threads.
const WAITS_BEFORE_MORE: usize = 8;

/// How many threads [`map_waiting`] adds for each core.
const MORE_PER_CORE: usize = 3;

/// `f` applied to each item, on as many threads as there are cores, in the order of `items`.
/// Each thread takes the next item as soon as it is free, so one slow item does not hold up the
/// ones after it. A panic in `f` is passed on to the caller.
pub fn map<I, R, F>(items: I, f: F) -> Vec<R>
where
    I: IntoIterator,
    I::IntoIter: ExactSizeIterator + Send,
    I::Item: Send,
    R: Send,
    F: Fn(I::Item) -> R + Sync,
{
    map_in_slots(items, f, false)
}

/// [`map`] for jobs that read files. From the page cache they take little but the CPU time of
/// their system calls, and as many threads as cores are best; when the files have to come from
/// the disk, each job waits for its reads, and a core is left idle unless another thread has a
/// read of its own to start. So when jobs wait, more threads join (for the rest of the step):
/// [`MORE_PER_CORE`] for each core, once [`WAITS_BEFORE_MORE`] jobs took longer than
/// [`WAITED`]. A panic in `f` is passed on to the caller.
pub fn map_waiting<I, R, F>(items: I, f: F) -> Vec<R>
where
    I: IntoIterator,
    I::IntoIter: ExactSizeIterator + Send,
    I::Item: Send,
    R: Send,
    F: Fn(I::Item) -> R + Sync,
{
    map_in_slots(items, f, true)
}

/// [`map`], or with `waiting` [`map_waiting`]: each job writes its result into its own slot.
fn map_in_slots<I, R, F>(items: I, f: F, waiting: bool) -> Vec<R>
where
    I: IntoIterator,
    I::IntoIter: ExactSizeIterator + Send,
    I::Item: Send,
    R: Send,
    F: Fn(I::Item) -> R + Sync,
{
    let items = items.into_iter();
    if items.len() < MIN_ITEMS {
        return items.map(f).collect();
    }
    let mut slots = empty_slots(items.len());
    let jobs = items.zip(slots.iter_mut());
    let job = |(item, slot): (I::Item, &mut Option<R>)| *slot = Some(f(item));
    fill(jobs, job, waiting);
    collect(slots)
}

/// `len` empty result slots.
fn empty_slots<R>(len: usize) -> Vec<Option<R>> {
    std::iter::repeat_with(|| None).take(len).collect()
}

/// The results of a step, in their order, once every job has filled its slot: in the slots'
/// own memory when a result takes as much room as its slot (most do), so that a step's results
/// are written once and not copied.
fn collect<R>(slots: Vec<Option<R>>) -> Vec<R> {
    slots
        .into_iter()
        .map(|slot| slot.expect("a step returns once every job has filled its slot"))
        .collect()
}

/// Runs `job` on every item of `jobs`, on as many threads as there are cores: each thread takes
/// the next item as soon as it is free. Each job writes its result into the slot that comes
/// with it, so results go where they belong once, without a copy, a sort or a merge. With
/// `waiting`, more threads join once jobs wait for the disk ([`map_waiting`]).
fn fill<J, F>(jobs: J, job: F, waiting: bool)
where
    J: ExactSizeIterator + Send,
    J::Item: Send,
    F: Fn(J::Item) + Sync,
{
    let workers = cores().min(jobs.len());
    // A step started by a job of another step (the whole-set rules beside the checks) runs
    // on its worker: the other cores are busy with that step already. A short step starts no
    // worker: a run of a few skills (a pre-commit hook's) then starts no thread at all.
    let pool = (jobs.len() >= MIN_ITEMS && workers > 1)
        .then(pool)
        .flatten()
        .filter(|pool| pool.current_thread_index().is_none());
    if pool.is_none() && !waiting {
        jobs.for_each(job);
        return;
    }
    if pool.is_some() {
        place::note_caller();
    }
    let step = Step {
        queue: Mutex::new(jobs),
        job,
        waits: AtomicUsize::new(0),
    };
    if waiting {
        std::thread::scope(|scope| step.spread(pool, workers, Some(scope)));
    } else {
        step.spread(pool, workers, None);
    }
}

/// A step's jobs left, and how many of those done so far waited for the disk.
struct Step<J, F> {
    queue: Mutex<J>,
    job: F,
    waits: AtomicUsize,
}

impl<J, F> Step<J, F>
where
    J: Iterator + Send,
    J::Item: Send,
    F: Fn(J::Item) + Sync,
{
    /// Runs the jobs on `workers` threads of `pool` (this one among them), or on this thread
    /// alone, which still watches for waits when there is a `scope`.
    fn spread<'scope>(
        &'scope self,
        pool: Option<&'static ThreadPool>,
        workers: usize,
        scope: Option<&'scope std::thread::Scope<'scope, '_>>,
    ) {
        let Some(pool) = pool else {
            self.work(scope);
            return;
        };
        // This thread takes items too; the scope returns once the helpers' jobs are done.
        pool.in_place_scope(|helpers| {
            for _ in 1..workers {
                helpers.spawn(|_| {
                    place::move_off_caller(worker_index(pool));
                    self.work(scope);
                    linger(pool);
                });
            }
            self.work(scope);
        });
    }

    /// Runs jobs until none is left. With `scope`, each job is timed, and once
    /// [`WAITS_BEFORE_MORE`] of them waited, [`MORE_PER_CORE`] threads a core start in it.
    fn work<'scope>(&'scope self, scope: Option<&'scope std::thread::Scope<'scope, '_>>) {
        loop {
            let next = self
                .queue
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .next();
            let Some(item) = next else {
                return;
            };
            let started = scope.map(|scope| (scope, Instant::now()));
            (self.job)(item);
            if let Some((scope, start)) = started
                && start.elapsed() > WAITED
                // Exactly one job sees the count reach the mark.
                && self.waits.fetch_add(1, Ordering::Relaxed) + 1 == WAITS_BEFORE_MORE
            {
                // A thread that cannot be started (a limit on threads) is done without: the
                // threads already at work take its share.
                for _ in 0..cores() * MORE_PER_CORE {
                    let joined = std::thread::Builder::new()
                        .name("reader".to_owned())
                        .spawn_scoped(scope, || self.work(None));
                    if joined.is_err() {
                        break;
                    }
                }
            }
        }
    }
}

/// Runs `background` on a worker thread while `foreground` runs on this one, and returns both
/// results once both are done. A step that `foreground` starts meanwhile has that worker only
/// once `background` is done, so `background` must never wait for `foreground`. Without worker
/// threads (one core) `foreground` runs first, then `background`: a helper that stops when the
/// main work is over (a signal `foreground` gives) then costs nothing. A panic in either is
/// passed on to the caller.
pub fn beside<A, B>(background: impl FnOnce() -> A + Send, foreground: impl FnOnce() -> B) -> (A, B)
where
    A: Send,
{
    let Some(pool) = pool() else {
        let front = foreground();
        return (background(), front);
    };
    place::note_caller();
    let mut back = None;
    let front = pool.in_place_scope(|scope| {
        scope.spawn(|_| {
            place::move_off_caller(worker_index(pool));
            back = Some(background());
            linger(pool);
        });
        foreground()
    });
    (back.expect("a scope returns once its jobs are done"), front)
}

/// Starts `job` on a worker thread and returns at once, for work that only prepares something
/// a later step would otherwise do itself (such as bringing data into memory). Without worker
/// threads (one core) the job is dropped.
pub fn prepare(job: impl FnOnce() + Send + 'static) {
    if let Some(pool) = pool() {
        pool.spawn(job);
    }
}

/// Keeps the worker that runs it awake until it finds another job, which it runs, or
/// [`LINGER`] is over. Started at the end of a job, it runs on the same worker right after
/// that job, once the caller has what it waited for.
fn linger(pool: &'static ThreadPool) {
    pool.spawn(move || {
        let until = Instant::now() + LINGER;
        let index = worker_index(pool);
        while Instant::now() < until {
            place::move_off_caller(index);
            match pool.yield_now() {
                // Nothing to do yet: the core goes to any other thread that wants it.
                Some(Yield::Idle) => std::thread::yield_now(),
                // A job was found and run (it lingers in turn when it ends).
                Some(Yield::Executed) | None => return,
            }
        }
    });
}

/// [`map`] over a slice, starting with the items `weight` rates highest: a slow item taken last
/// would keep one core busy while the others wait for it. Results come back in the order of
/// `items`.
pub fn map_heaviest_first<'a, T, R, F>(items: &'a [T], weight: impl Fn(&T) -> usize, f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&'a T) -> R + Sync,
{
    let mut slots = empty_slots(items.len());
    let mut jobs: Vec<(usize, &mut Option<R>)> = slots.iter_mut().enumerate().collect();
    jobs.sort_by_cached_key(|&(i, _)| std::cmp::Reverse(weight(&items[i])));
    fill(
        jobs.into_iter(),
        |(i, slot)| *slot = Some(f(&items[i])),
        false,
    );
    collect(slots)
}

/// The number of cores this process may use, asked once: the answer reads the process's CPU
/// affinity and cgroup limits, which costs a few system calls each time.
pub fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// The worker threads, one for every core but the caller's, started on first use; `None` on one
/// core, or when no thread could be started (then everything runs on the calling thread). A
/// step on every core keeps all of them busy beside the caller; work started beside a step
/// ([`beside`]) takes one of them until it is done, and whichever of them is still awake when a
/// step begins is the one it wakes.
fn pool() -> Option<&'static ThreadPool> {
    static POOL: OnceLock<Option<ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        let threads = cores();
        if threads < 2 {
            return None;
        }
        static STARTED: AtomicUsize = AtomicUsize::new(0);
        place::note_caller();
        let pool = ThreadPoolBuilder::new()
            .num_threads(threads - 1)
            .thread_name(|i| format!("worker-{i}"))
            .start_handler(|index| {
                place::move_off_caller(index);
                STARTED.fetch_add(1, Ordering::Relaxed);
            })
            // A panic in a job that [`prepare`] started has printed its message; the run goes
            // on as it would have without the job. (Panics in the other jobs reach the caller.)
            .panic_handler(drop)
            .build()
            .ok()?;
        // A new thread often waits on the caller's core until the caller yields it: yielding
        // a little now lets each worker start and move to a core of its own (see `place`).
        let until = Instant::now() + START;
        while STARTED.load(Ordering::Relaxed) < threads - 1 && Instant::now() < until {
            std::thread::yield_now();
        }
        Some(pool)
    })
    .as_ref()
}

/// The index in `pool` of the worker running this.
fn worker_index(pool: &ThreadPool) -> usize {
    pool.current_thread_index().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::{
        MORE_PER_CORE, WAITED, beside, cores, map, map_heaviest_first, map_waiting, prepare,
    };
    use std::collections::HashSet;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    #[test]
    fn results_come_back_in_item_order() {
        let items: Vec<u64> = (0..500).collect();
        let squares = map(items.iter(), |&n| {
            if n % 7 == 0 {
                std::thread::yield_now();
            }
            n * n
        });
        assert_eq!(squares, items.iter().map(|n| n * n).collect::<Vec<_>>());
        assert_eq!(map(vec!["a", "b"], str::len), [1, 1]);
        assert!(map(Vec::<u8>::new(), |b| b).is_empty());
    }

    #[test]
    fn heaviest_first_answers_in_item_order() {
        let items: Vec<u64> = (0..300).map(|i| (i * 7919) % 1000).collect();
        let doubled = map_heaviest_first(&items, |&n| n as usize, |&n| n * 2);
        assert_eq!(doubled, items.iter().map(|n| n * 2).collect::<Vec<_>>());
        assert!(map_heaviest_first(&[] as &[u8], |_| 0, |&b| b).is_empty());
    }

    #[test]
    fn heaviest_first_takes_items_by_weight() {
        // Too few items for threads: they are taken one by one, in the order the threads would
        // take them from the queue.
        let items = [3u8, 9, 1, 7, 7, 2];
        let taken = Mutex::new(Vec::new());
        let same = map_heaviest_first(
            &items,
            |&b| usize::from(b),
            |&b| {
                taken.lock().unwrap().push(b);
                b
            },
        );
        assert_eq!(same, items);
        assert_eq!(taken.into_inner().unwrap(), [9, 7, 7, 3, 2, 1]);
    }

    #[test]
    fn a_panic_in_a_job_reaches_the_caller_after_the_other_jobs() {
        let finished = AtomicUsize::new(0);
        let caught = std::panic::catch_unwind(|| {
            map(0..200u32, |n| {
                assert_ne!(n, 150, "item 150 is bad");
                finished.fetch_add(1, Ordering::Relaxed);
            })
        });
        assert!(caught.is_err());
        // Every other item was still taken: the queue is shared, and a thread that panicked
        // takes no more.
        assert!(finished.load(Ordering::Relaxed) >= 100);
        // The workers are still there for the next step.
        assert_eq!(map(0..50u32, |n| n + 1), (1..51).collect::<Vec<_>>());
    }

    #[test]
    fn jobs_that_wait_bring_more_threads_and_answer_in_item_order() {
        // Enough jobs that those left when the threads join keep every thread busy a while.
        let jobs = u32::try_from(16 * cores().max(4)).unwrap();
        let threads = Mutex::new(HashSet::new());
        let doubled = map_waiting(0..jobs, |n| {
            threads.lock().unwrap().insert(std::thread::current().id());
            // Longer than a job that does not wait for the disk takes.
            std::thread::sleep(WAITED * 3);
            n * 2
        });
        assert_eq!(doubled, (0..jobs).map(|n| n * 2).collect::<Vec<_>>());
        let threads = threads.into_inner().unwrap().len();
        assert!(
            threads > cores() && threads <= cores() * (1 + MORE_PER_CORE),
            "{threads} threads on {} cores",
            cores()
        );
    }

    #[test]
    fn waiting_steps_pass_a_panic_on_and_answer_short_lists_in_place() {
        let caught = std::panic::catch_unwind(|| {
            map_waiting(0..100u32, |n| {
                std::thread::sleep(WAITED * 2);
                assert_ne!(n, 90, "item 90 is bad");
            })
        });
        assert!(caught.is_err());
        // Too few items to start any thread: all on the caller.
        let here = std::thread::current().id();
        assert!(
            map_waiting(0..4, |_| std::thread::current().id() == here)
                .into_iter()
                .all(|on_caller| on_caller)
        );
    }

    #[test]
    fn beside_runs_the_background_while_the_foreground_works() {
        let started = AtomicBool::new(false);
        let (back, front) = beside(
            || {
                started.store(true, Ordering::Release);
                "back"
            },
            || {
                // With another core the background job starts while this one runs (the wait
                // is bounded, for a machine too busy to start it soon); on one core it runs
                // after this one.
                let until = Instant::now() + Duration::from_secs(20);
                while cores() > 1 && !started.load(Ordering::Acquire) && Instant::now() < until {
                    std::thread::yield_now();
                }
                started.load(Ordering::Acquire)
            },
        );
        assert_eq!(back, "back");
        assert_eq!(front, cores() > 1);
    }

    #[test]
    fn a_step_beside_background_work_gets_every_item_done() {
        // On two cores the only worker is busy with the background job while the foreground's
        // step starts: the caller takes the items on its own, and the step ends once the
        // background job is done and the worker has found nothing left.
        let (slept, doubled) = beside(
            || {
                std::thread::sleep(Duration::from_millis(30));
                true
            },
            || map(0..500u32, |n| n * 2),
        );
        assert!(slept);
        assert_eq!(doubled, (0..500).map(|n| n * 2).collect::<Vec<_>>());
    }

    #[test]
    fn prepared_work_runs_on_a_worker() {
        if cores() < 2 {
            return;
        }
        let (sender, receiver) = std::sync::mpsc::channel();
        prepare(move || {
            let _ = sender.send(std::thread::current().name().map(str::to_owned));
        });
        let name = receiver
            .recv_timeout(Duration::from_secs(20))
            .expect("the prepared job ran");
        assert!(
            name.as_deref().is_some_and(|n| n.starts_with("worker-")),
            "{name:?}"
        );
    }

    #[test]
    fn a_step_inside_a_workers_job_stays_on_that_worker() {
        let (threads, ()) = beside(
            || {
                let here = std::thread::current().id();
                let ids = map(0..100u32, |_| std::thread::current().id());
                (here, ids)
            },
            || {},
        );
        let (here, ids) = threads;
        assert!(ids.iter().all(|id| *id == here));
        // From the calling thread a step still uses the workers (results stay in order).
        assert_eq!(map(0..100u32, |n| n * 3)[99], 297);
    }
}
