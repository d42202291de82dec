//! Byte-pair encoding of one piece, as OpenAI's `tiktoken` does it: a piece that is a token is
//! that one token; otherwise it starts as single bytes, and the adjacent pair whose joined bytes
//! have the lowest rank is merged, again and again (the leftmost pair on a tie), until no
//! joined pair is a token. Short pieces merge in place on the stack; long ones (a run of
//! spaces, a line of base64) keep their pairs in a heap, so they take O(n log n), not O(n²).

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::table::{self, Table};

/// No token is longer than this many bytes (in either encoding), so a longer piece is never
/// one token.
const LONGEST_TOKEN: usize = 128;
/// Pieces up to this many bytes merge on the stack.
const SHORT: usize = 64;
const NONE: u32 = u32::MAX;

/// The number of tokens `piece` encodes to.
#[cfg(test)]
pub(super) fn count(table: &Table, piece: &[u8]) -> usize {
    counting(table, |counter| counter.count(piece))
}

/// Calls `f` with a [`Counter`] for `table` that uses this thread's cache.
pub(super) fn counting<R>(table: &Table, f: impl FnOnce(&mut Counter<'_>) -> R) -> R {
    CACHE.with(|cache| match cache.try_borrow_mut() {
        Ok(mut cache) => {
            if cache.is_empty() {
                cache.resize(CACHE_SLOTS, Entry::EMPTY);
            }
            f(&mut Counter {
                table,
                cache: &mut cache,
            })
        }
        // Only when `f` itself counts with a new counter: that one goes without the cache.
        Err(_) => f(&mut Counter {
            table,
            cache: &mut [],
        }),
    })
}

/// Counts pieces with one table. Short pieces go through a small cache first: prose repeats
/// its words, and a word found in the cache costs one hash and one comparison in memory the
/// thread has just used, where the table costs a few probes of megabytes it has not.
pub(super) struct Counter<'a> {
    table: &'a Table,
    /// [`CACHE_SLOTS`] entries (a power of two), or none.
    cache: &'a mut [Entry],
}

impl Counter<'_> {
    /// The number of tokens `piece` encodes to.
    pub(super) fn count(&mut self, piece: &[u8]) -> usize {
        if piece.len() < 2 || piece.len() > CACHED || self.cache.is_empty() {
            return uncached(self.table, piece);
        }
        let slot = (table::hash(piece) >> (64 - CACHE_BITS)) as usize & (self.cache.len() - 1);
        let entry = &mut self.cache[slot];
        if entry.table == self.table.len() && entry.bytes() == piece {
            return entry.count as usize;
        }
        let count = uncached(self.table, piece);
        *entry = Entry::new(self.table, piece, count);
        count
    }
}

/// Pieces up to this many bytes are cached.
const CACHED: usize = 23;
/// log2 of the number of cache slots per thread (each [`Entry`] is 32 bytes).
const CACHE_BITS: u32 = 12;
const CACHE_SLOTS: usize = 1 << CACHE_BITS;

thread_local! {
    /// Recently counted pieces, one per slot, the slot chosen by the piece's hash; a piece
    /// replaces whatever held its slot.
    static CACHE: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
}

/// A cached piece and its count.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// The token count of the table the count is for, which tells the encodings apart; 0 in an
    /// empty slot.
    table: u32,
    count: u32,
    len: u8,
    piece: [u8; CACHED],
}

impl Entry {
    const EMPTY: Self = Self {
        table: 0,
        count: 0,
        len: 0,
        piece: [0; CACHED],
    };

    /// `piece` must be at most [`CACHED`] bytes.
    fn new(table: &Table, piece: &[u8], count: usize) -> Self {
        let mut entry = Self {
            table: table.len(),
            count: u32::try_from(count).unwrap_or(u32::MAX),
            len: piece.len() as u8,
            piece: [0; CACHED],
        };
        entry.piece[..piece.len()].copy_from_slice(piece);
        entry
    }

    fn bytes(&self) -> &[u8] {
        &self.piece[..usize::from(self.len)]
    }
}

/// [`count`] without the cache.
fn uncached(table: &Table, piece: &[u8]) -> usize {
    match piece.len() {
        0 => 0,
        1 => 1,
        n if n <= LONGEST_TOKEN && table.rank(piece).is_some() => 1,
        n if n <= SHORT => short(table, piece, |_| {}),
        _ => long(table, piece, |_| {}),
    }
}

/// The ranks of the tokens `piece` encodes to, in order.
#[cfg(test)]
pub(super) fn encode(table: &Table, piece: &[u8]) -> Vec<u32> {
    let mut ranks = Vec::new();
    if piece.len() <= LONGEST_TOKEN
        && let Some(rank) = table.rank(piece)
    {
        return vec![rank];
    }
    let mut push = |token: &[u8]| ranks.push(table.rank(token).unwrap_or(NONE));
    if piece.len() <= SHORT {
        short(table, piece, &mut push);
    } else {
        long(table, piece, &mut push);
    }
    ranks
}

/// The rank of `piece[from..to]`, or [`NONE`].
fn rank(table: &Table, piece: &[u8], from: usize, to: usize) -> u32 {
    piece
        .get(from..to)
        .and_then(|bytes| table.rank(bytes))
        .unwrap_or(NONE)
}

/// Merges a piece of at most [`SHORT`] bytes with every part and pair rank in arrays; calls
/// `token` with each resulting token and returns how many there are.
fn short(table: &Table, piece: &[u8], mut token: impl FnMut(&[u8])) -> usize {
    let n = piece.len().min(SHORT);
    // Part i is piece[start[i]..start[i + 1]]; pair[i] is the rank of parts i and i + 1 joined.
    let mut start = [0u8; SHORT + 1];
    let mut pair = [NONE; SHORT];
    for (i, s) in start.iter_mut().enumerate().take(n + 1) {
        *s = i as u8;
    }
    for (i, p) in pair.iter_mut().enumerate().take(n.saturating_sub(1)) {
        *p = rank(table, piece, i, i + 2);
    }
    let mut parts = n;
    loop {
        let mut best = (NONE, 0);
        for (i, &p) in pair.iter().enumerate().take(parts.saturating_sub(1)) {
            if p < best.0 {
                best = (p, i);
            }
        }
        let (lowest, i) = best;
        if lowest == NONE {
            break;
        }
        // Parts i and i + 1 become one.
        start.copy_within(i + 2..=parts, i + 1);
        pair.copy_within(i + 1..parts - 1, i);
        parts -= 1;
        let at = |k: usize| usize::from(start[k]);
        pair[i] = if i + 1 < parts {
            rank(table, piece, at(i), at(i + 2))
        } else {
            NONE
        };
        if i > 0 {
            pair[i - 1] = rank(table, piece, at(i - 1), at(i + 1));
        }
    }
    for k in 0..parts {
        token(&piece[usize::from(start[k])..usize::from(start[k + 1])]);
    }
    parts
}

/// Merges a piece of any length with the parts in a linked list and the pairs in a heap; calls
/// `token` with each resulting token and returns how many there are.
fn long(table: &Table, piece: &[u8], mut token: impl FnMut(&[u8])) -> usize {
    let n = piece.len();
    // Part starts are byte offsets; next[i] is where the part starting at i ends (n for the
    // last), prev[i] where the part before it starts. pair[i] is the rank of the part at i joined
    // with the next, kept current; heap entries that no longer match it are stale.
    let mut next: Vec<usize> = (1..=n).collect();
    let mut prev: Vec<usize> = (0..n).map(|i| i.wrapping_sub(1)).collect();
    let mut alive = vec![true; n];
    let mut pair = vec![NONE; n];
    let mut heap = BinaryHeap::with_capacity(n);
    for (i, p) in pair.iter_mut().enumerate().take(n.saturating_sub(1)) {
        *p = rank(table, piece, i, i + 2);
        if *p != NONE {
            heap.push(Reverse((*p, i)));
        }
    }
    let mut parts = n;
    while let Some(Reverse((lowest, i))) = heap.pop() {
        if !alive[i] || pair[i] != lowest {
            continue;
        }
        // The part at i takes in the next one.
        let gone = next[i];
        alive[gone] = false;
        next[i] = next[gone];
        if next[i] < n {
            prev[next[i]] = i;
        }
        parts -= 1;
        pair[i] = if next[i] < n {
            rank(table, piece, i, next[next[i]])
        } else {
            NONE
        };
        if pair[i] != NONE {
            heap.push(Reverse((pair[i], i)));
        }
        let before = prev[i];
        if before < n {
            pair[before] = rank(table, piece, before, next[i]);
            if pair[before] != NONE {
                heap.push(Reverse((pair[before], before)));
            }
        }
    }
    let mut at = 0;
    while at < n {
        token(&piece[at..next[at]]);
        at = next[at];
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::super::{Encoding, table};
    use super::*;

    /// A small deterministic generator, so the test needs no crate.
    fn bytes(seed: &mut u64, len: usize, alphabet: &[u8]) -> Vec<u8> {
        (0..len)
            .map(|_| {
                *seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                alphabet[(*seed >> 33) as usize % alphabet.len()]
            })
            .collect()
    }

    #[test]
    fn both_ways_of_merging_agree() {
        let mut seed = 7;
        let alphabets: [&[u8]; 4] = [b"ab", b"abcdefgh ", b" \n", b"the quick brown fox"];
        for encoding in [Encoding::O200kBase, Encoding::Cl100kBase] {
            let table = table(encoding);
            for round in 0..400 {
                let alphabet = alphabets[round % alphabets.len()];
                let piece = bytes(&mut seed, 2 + round % (SHORT - 1), alphabet);
                let (mut a, mut b) = (Vec::new(), Vec::new());
                let n = short(table, &piece, |t| a.push(t.to_vec()));
                let m = long(table, &piece, |t| b.push(t.to_vec()));
                assert_eq!((n, &a), (m, &b), "{encoding} {piece:?}");
                assert_eq!(a.concat(), piece);
                assert!(a.iter().all(|t| table.rank(t).is_some()));
            }
        }
    }

    #[test]
    fn the_cache_gives_what_the_tables_give() {
        let (o200k, cl100k) = (table(Encoding::O200kBase), table(Encoding::Cl100kBase));
        let mut seed = 3;
        // A tiny cache, so that pieces and the two encodings keep evicting each other.
        let mut slots = [Entry::EMPTY; 4];
        for round in 0..2000 {
            let piece = bytes(&mut seed, 1 + round % 30, b"ab c\n'xyz");
            for table in [o200k, cl100k] {
                let mut counter = Counter {
                    table,
                    cache: &mut slots,
                };
                assert_eq!(counter.count(&piece), uncached(table, &piece), "{piece:?}");
                assert_eq!(counter.count(&piece), uncached(table, &piece), "{piece:?}");
            }
        }
        let piece = b" counted twice";
        let first = counting(o200k, |counter| counter.count(piece));
        assert_eq!(counting(o200k, |counter| counter.count(piece)), first);
        assert_eq!(first, uncached(o200k, piece));
    }

    #[test]
    fn long_pieces_merge() {
        let table = table(Encoding::O200kBase);
        // "a" * 1000 is 125 tokens in tiktoken (o200k_base).
        assert_eq!(count(table, &[b'a'; 1000]), 125);
        assert_eq!(count(table, b""), 0);
        assert_eq!(count(table, b"\xff"), 1);
    }
}
