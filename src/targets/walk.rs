//! A budget walk, and the same walk with one item left out without walking again.
//!
//! Several runtimes fit their catalog to a budget by one pass in list order: each item takes
//! what it asks for when what is used so far plus that still fits, and is passed over
//! otherwise (Claude Code gives descriptions back this way; Codex lists description-less lines
//! this way). `skills tokens` needs that walk once without each skill, which walked anew is
//! quadratic in the skills. Leaving an item out only shifts what is used before every later
//! decision by an offset, so the decisions that change are those whose margin the offset
//! crosses: the first such item is found in a tree of margins in O(log n), taking or passing
//! it changes the offset, and the search goes on from there.

/// The most decisions leaving one item out may change before a target renders that catalog
/// again instead ([`Walk::without`]'s `max`).
pub const MOST_FLIPS: usize = 64;

/// A walk: `start` used before the first item, and each item that fits taking its `grow`.
#[derive(Debug, Clone)]
pub struct Walk {
    /// What each item asks for; `None` for one the walk does not decide (listed as it is).
    grow: Vec<Option<i64>>,
    /// Whether the walk gave each item what it asked for.
    taken: Vec<bool>,
    /// For each item passed over: by how much it did not fit.
    passed_over: Earliest,
    /// For each item taken: the room it left to spare.
    tight: Earliest,
}

/// How an item's fate differs from the whole walk's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flip {
    pub item: usize,
    /// Taken now (passed over in the whole walk), or the other way round.
    pub taken: bool,
}

impl Walk {
    /// Walks the items in order. `limit` is the most that may be used.
    pub fn new(start: i64, grow: Vec<Option<i64>>, limit: i64) -> Self {
        let mut used = start;
        let mut taken = vec![false; grow.len()];
        let mut over = vec![i64::MAX; grow.len()];
        let mut spare = vec![i64::MAX; grow.len()];
        for (i, g) in grow.iter().enumerate() {
            let Some(g) = *g else { continue };
            let margin = used.saturating_add(g).saturating_sub(limit);
            if margin <= 0 {
                taken[i] = true;
                used = used.saturating_add(g);
                spare[i] = -margin;
            } else {
                over[i] = margin;
            }
        }
        Self {
            grow,
            taken,
            passed_over: Earliest::new(over),
            tight: Earliest::new(spare),
        }
    }

    /// Whether the whole walk gave item `i` what it asked for.
    pub fn taken(&self, i: usize) -> bool {
        self.taken[i]
    }

    /// The items whose fate differs when item `out` is left out and everything before each
    /// decision uses `freed` less (what `out` held from the start); `None` past `max` changes.
    pub fn without(&self, out: usize, freed: i64, max: usize) -> Option<Vec<Flip>> {
        let mut flips = Vec::new();
        // What the whole walk had used before the next decision, less what this walk has.
        let mut ahead = freed;
        let mut from = 0;
        for (end, next) in [(out, Some(out)), (self.grow.len(), None)] {
            while from < end && ahead != 0 {
                let found = if ahead > 0 {
                    // An item passed over by no more than `ahead` fits now.
                    self.passed_over.first_at_most(from, end, ahead)
                } else {
                    // An item taken with less than `-ahead` to spare no longer fits.
                    self.tight
                        .first_at_most(from, end, ahead.saturating_neg().saturating_sub(1))
                };
                let Some(item) = found else { break };
                if flips.len() == max {
                    return None;
                }
                let grow = self.grow[item].unwrap_or(0);
                let taken = !self.taken[item];
                ahead = if taken {
                    ahead.saturating_sub(grow)
                } else {
                    ahead.saturating_add(grow)
                };
                flips.push(Flip { item, taken });
                from = item + 1;
            }
            if let Some(out) = next {
                if self.taken[out] {
                    ahead = ahead.saturating_add(self.grow[out].unwrap_or(0));
                }
                from = out + 1;
            }
        }
        Some(flips)
    }
}

/// A minimum tree over values, for the first position in a range whose value is at most a
/// bound.
#[derive(Debug, Clone)]
struct Earliest {
    /// Leaves from `size`; each inner node the minimum of its two children.
    tree: Vec<i64>,
    size: usize,
}

impl Earliest {
    fn new(values: Vec<i64>) -> Self {
        let size = values.len().next_power_of_two().max(1);
        let mut tree = vec![i64::MAX; 2 * size];
        tree[size..size + values.len()].copy_from_slice(&values);
        for node in (1..size).rev() {
            tree[node] = tree[2 * node].min(tree[2 * node + 1]);
        }
        Self { tree, size }
    }

    /// The first position in `from..to` whose value is at most `bound`.
    fn first_at_most(&self, from: usize, to: usize, bound: i64) -> Option<usize> {
        self.search(1, 0, self.size, from, to, bound)
    }

    fn search(
        &self,
        node: usize,
        lo: usize,
        hi: usize,
        from: usize,
        to: usize,
        bound: i64,
    ) -> Option<usize> {
        if hi <= from || to <= lo || self.tree[node] > bound {
            return None;
        }
        if hi - lo == 1 {
            return Some(lo);
        }
        let mid = lo + (hi - lo) / 2;
        self.search(2 * node, lo, mid, from, to, bound)
            .or_else(|| self.search(2 * node + 1, mid, hi, from, to, bound))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::sequence::Sequence;

    /// The walk done again without `out`: each item's fate.
    fn walked(start: i64, grow: &[Option<i64>], limit: i64, out: Option<usize>) -> Vec<bool> {
        let mut used = start;
        let mut taken = vec![false; grow.len()];
        for (i, g) in grow.iter().enumerate() {
            if Some(i) == out {
                continue;
            }
            if let Some(g) = *g
                && used + g <= limit
            {
                used += g;
                taken[i] = true;
            }
        }
        taken
    }

    #[test]
    fn leaving_one_out_flips_what_walking_again_flips() {
        let mut seq = Sequence::new(0x9e37_79b9_7f4a_7c15);
        let mut flipped = 0;
        for round in 0..400 {
            let n = 1 + (seq.next() % 40) as usize;
            let grow: Vec<Option<i64>> = (0..n)
                .map(|_| match seq.next() % 9 {
                    0 => None,
                    r => Some((seq.next() % (3 * r + 1)) as i64),
                })
                .collect();
            let held: Vec<i64> = (0..n).map(|_| (seq.next() % 6) as i64).collect();
            let start: i64 = held.iter().sum::<i64>() + (seq.next() % 5) as i64;
            let limit = start + (seq.next() % (2 * n as u64 + 5)) as i64 - (round % 3) as i64;
            let walk = Walk::new(start, grow.clone(), limit);
            let whole = walked(start, &grow, limit, None);
            assert_eq!((0..n).map(|i| walk.taken(i)).collect::<Vec<_>>(), whole);
            for out in 0..n {
                let again = walked(start - held[out], &grow, limit, Some(out));
                let flips = walk.without(out, held[out], usize::MAX).unwrap();
                let mut fates = whole.clone();
                for flip in &flips {
                    assert_ne!(flip.item, out);
                    assert_eq!(fates[flip.item], !flip.taken);
                    fates[flip.item] = flip.taken;
                }
                fates[out] = false;
                assert_eq!(
                    fates, again,
                    "round {round}, {grow:?} from {start} to {limit} without {out}"
                );
                flipped += flips.len();
            }
        }
        // The cases exercise changes, not only walks that stay the same.
        assert!(flipped > 500, "{flipped}");
    }

    #[test]
    fn too_many_changes_give_up() {
        // Every item was passed over by 1; leaving the first out frees room for all.
        let grow = vec![Some(1); 6];
        let walk = Walk::new(10, grow, 10);
        assert_eq!(walk.without(0, 10, 2), None);
        assert_eq!(walk.without(0, 10, 5).unwrap().len(), 5);
    }

    #[test]
    fn the_first_position_at_most_a_bound() {
        let tree = Earliest::new(vec![5, 3, 9, 1, 7]);
        assert_eq!(tree.first_at_most(0, 5, 3), Some(1));
        assert_eq!(tree.first_at_most(2, 5, 3), Some(3));
        assert_eq!(tree.first_at_most(2, 3, 3), None);
        assert_eq!(tree.first_at_most(4, 5, 7), Some(4));
        assert_eq!(tree.first_at_most(0, 0, 100), None);
        assert_eq!(Earliest::new(Vec::new()).first_at_most(0, 0, 0), None);
    }
}
