//! What a budget keeps when it keeps the first items that fit, read with one item left out.
//!
//! Several runtimes list entries in order while they fit and stop at the first that does not
//! (Claude Code 2.0's blocks, Copilot CLI's full entries, Pixir's descriptions). Without one
//! item, what fits is found from running sums by a binary search, so `skills tokens` need not
//! render the catalog again for each skill.

use std::ops::{Add, Sub};

/// Running sums of values in order, read with one of them left out.
#[derive(Debug, Clone)]
pub struct Sums<T> {
    /// `sums[i]`: the sum of the first `i` values.
    sums: Vec<T>,
}

impl<T: Copy + Default + Add<Output = T> + Sub<Output = T>> Sums<T> {
    pub fn new(values: impl IntoIterator<Item = T>) -> Self {
        let mut sums = vec![T::default()];
        let mut total = T::default();
        for value in values {
            total = total + value;
            sums.push(total);
        }
        Self { sums }
    }

    /// The sum of the values before position `end`, less the one at `skip` when it is among
    /// them.
    pub fn before(&self, end: usize, skip: Option<usize>) -> T {
        match skip {
            Some(k) if k < end => self.sums[end] - (self.sums[k + 1] - self.sums[k]),
            _ => self.sums[end],
        }
    }
}

/// Where the first `count` items end when the one at `skip` is left out.
pub fn end(count: usize, skip: Option<usize>) -> usize {
    count + usize::from(skip.is_some_and(|k| k < count))
}

/// The largest `n` in `lo..=hi` for which `fits(n)` holds, given that it holds for `lo` and
/// that it holds for fewer whenever it holds for more (a binary search rounding up, as
/// OpenClaw's).
pub fn largest(mut lo: usize, mut hi: usize, fits: impl Fn(usize) -> bool) -> usize {
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_leave_one_out() {
        let sums = Sums::new([3u64, 5, 7, 11]);
        assert_eq!(sums.before(0, None), 0);
        assert_eq!(sums.before(4, None), 26);
        assert_eq!(sums.before(4, Some(1)), 21);
        assert_eq!(sums.before(2, Some(2)), 8);
        assert_eq!(sums.before(3, Some(0)), 12);
        // The first two items without the one at 1 are those at 0 and 2.
        assert_eq!(end(2, Some(1)), 3);
        assert_eq!(end(2, Some(2)), 2);
        assert_eq!(end(2, None), 2);
    }

    #[test]
    fn the_largest_that_fits() {
        for limit in 0..20 {
            assert_eq!(largest(0, 12, |n| n <= limit), limit.min(12));
        }
        assert_eq!(largest(4, 220, |n| n * 3 <= 100), 33);
        assert_eq!(largest(5, 5, |_| false), 5);
    }
}
