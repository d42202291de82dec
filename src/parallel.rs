//! Independent jobs on every core: skills are parsed and checked one by one, and no job waits
//! for another.

use std::sync::{Mutex, PoisonError};
use std::thread;

/// Below this many items the work is done on the calling thread: starting threads costs more.
const MIN_ITEMS: usize = 8;

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
    let items = items.into_iter();
    if items.len() < MIN_ITEMS {
        return items.map(f).collect();
    }
    let workers = cores().min(items.len());
    if workers < 2 {
        return items.map(f).collect();
    }
    let queue = Mutex::new(items.enumerate());
    let work = || {
        let mut done = Vec::new();
        loop {
            let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
            let Some((i, item)) = next else {
                return done;
            };
            done.push((i, f(item)));
        }
    };
    let mut done: Vec<(usize, R)> = thread::scope(|scope| {
        let helpers: Vec<_> = (1..workers).map(|_| scope.spawn(work)).collect();
        let mut done = work();
        for helper in helpers {
            done.extend(
                helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        done
    });
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, result)| result).collect()
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
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_cached_key(|&i| std::cmp::Reverse(weight(&items[i])));
    let done = map(order.iter().copied(), |i| (i, f(&items[i])));
    let mut slots: Vec<Option<R>> = std::iter::repeat_with(|| None).take(items.len()).collect();
    for (i, result) in done {
        slots[i] = Some(result);
    }
    slots.into_iter().flatten().collect()
}

/// The number of cores this process may use, asked once: the answer reads the process's CPU
/// affinity and cgroup limits, which costs a few system calls each time.
pub fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| thread::available_parallelism().map_or(1, usize::from))
}

#[cfg(test)]
mod tests {
    use super::{map, map_heaviest_first};

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
        let taken = std::sync::Mutex::new(Vec::new());
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
}
