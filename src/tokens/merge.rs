//! Byte-pair encoding of one piece, as OpenAI's `tiktoken` does it: a piece that is a token is
//! that one token; otherwise it starts as single bytes, and the adjacent pair whose joined bytes
//! have the lowest rank is merged, again and again (the leftmost pair on a tie), until no
//! joined pair is a token. Short pieces merge in place on the stack; long ones (a run of
//! spaces, a line of base64) keep their pairs in a heap, so they take O(n log n), not O(n²).

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::Range;

use super::table::Table;

/// No token is longer than this many bytes (in either encoding), so a longer piece is never
/// one token.
const LONGEST_TOKEN: usize = 128;
/// Pieces up to this many bytes merge on the stack.
const SHORT: usize = 64;
const NONE: u32 = u32::MAX;

/// The number of tokens `piece` encodes to.
#[cfg(test)]
pub(super) fn count(table: &Table, piece: &[u8]) -> usize {
    counting(table, |counter| counter.count(piece, 0..piece.len()))
}

/// Calls `f` with a [`Counter`] for `table` that uses this thread's cache.
pub(super) fn counting<R>(table: &Table, f: impl FnOnce(&mut Counter<'_>) -> R) -> R {
    CACHE.with(|cache| match cache.try_borrow_mut() {
        Ok(mut cache) => {
            let sets = cache.get_or_insert_with(empty_cache);
            f(&mut Counter::new(table, sets))
        }
        // Only when `f` itself counts with a new counter: that one gets a cache of its own.
        Err(_) => f(&mut Counter::new(table, &mut empty_cache())),
    })
}

/// Counts pieces with one table. Short pieces go through a small cache first: prose repeats
/// its words, and a word found in the cache costs a few loads, a multiplication and one
/// comparison of words in memory the thread has just used, where the table costs a hash of
/// the bytes and a few probes of megabytes it has not.
pub(super) struct Counter<'a> {
    table: &'a Table,
    /// The part of every key that names the table: its token count, above the length byte.
    tag: u32,
    sets: &'a mut Sets,
}

impl<'a> Counter<'a> {
    fn new(table: &'a Table, sets: &'a mut Sets) -> Self {
        Self {
            table,
            tag: table.len() << 8,
            sets,
        }
    }

    /// The number of tokens the piece `text[piece]` encodes to. The bytes of `text` around
    /// the piece let a short piece be read as whole words.
    #[inline(always)]
    pub(super) fn count(&mut self, text: &[u8], piece: Range<usize>) -> usize {
        let len = piece.end.saturating_sub(piece.start);
        if len < 2 {
            return len;
        }
        if len > CACHED {
            return uncached(self.table, text.get(piece).unwrap_or_default());
        }
        let key = Key::read(text, piece.start, len, self.tag);
        let set = &mut self.sets[key.set() % SETS];
        if set[0].holds(&key) {
            return set[0].count();
        }
        second_entry(self.table, set, &key, text.get(piece).unwrap_or_default())
    }
}

/// [`Counter::count`] for a piece that is not the first entry of its set: the second, or
/// neither. The piece found or counted last in a set is its first entry.
#[inline(never)]
fn second_entry(table: &Table, set: &mut [Entry; 2], key: &Key, piece: &[u8]) -> usize {
    if set[1].holds(key) {
        set.swap(0, 1);
        return set[0].count();
    }
    let count = uncached(table, piece);
    set[1] = set[0];
    set[0] = Entry::new(key, count);
    count
}

/// Pieces of 2 to this many bytes are cached.
const CACHED: usize = 24;
/// log2 of the number of sets of two entries per thread (each [`Entry`] is 32 bytes).
const SET_BITS: u32 = 11;
const SETS: usize = 1 << SET_BITS;

/// A thread's cache.
type Sets = [[Entry; 2]; SETS];

thread_local! {
    /// Recently counted pieces in sets of two, the set chosen by the piece's hash; a piece
    /// counted anew replaces the set's older entry.
    static CACHE: RefCell<Option<Box<Sets>>> = const { RefCell::new(None) };
}

/// A cache of empty entries, written in full here. Memory that is only zeroed would come from
/// the system untouched, so the first probe of each page would map the shared zero page and the
/// first entry stored in it would copy the page and flush the other cores' address caches.
fn empty_cache() -> Box<Sets> {
    let sets: Box<[[Entry; 2]]> = vec![[Entry::EMPTY; 2]; SETS].into_boxed_slice();
    sets.try_into()
        .unwrap_or_else(|_| unreachable!("the vector has SETS sets"))
}

/// `MASKS[n]`: the bits of the first `n` bytes of three little-endian words.
const MASKS: [[u64; 3]; CACHED + 1] = {
    let mut masks = [[0; 3]; CACHED + 1];
    let mut n = 0;
    while n <= CACHED {
        let mut i = 0;
        while i < 3 {
            let kept = n.saturating_sub(8 * i);
            masks[n][i] = if kept >= 8 {
                u64::MAX
            } else {
                !(u64::MAX << (8 * kept))
            };
            i += 1;
        }
        n += 1;
    }
    masks
};

/// A piece of at most [`CACHED`] bytes as fixed-width words, with the table it is counted in:
/// equal keys are the same bytes counted in the same encoding.
#[derive(Debug, Clone, Copy)]
struct Key {
    /// The piece's bytes, little-endian, zero past its end.
    words: [u64; 3],
    /// The piece's length in the low byte and, above it, the token count of the table, which
    /// tells the encodings apart; never 0.
    tag: u32,
}

impl Key {
    /// The key of `text[start..start + len]`, with `2 <= len <= CACHED`, in the table whose
    /// [`Counter::tag`] is `table`. The words are read from the text as it is when it holds
    /// [`CACHED`] bytes from `start`, and masked.
    #[inline(always)]
    fn read(text: &[u8], start: usize, len: usize, table: u32) -> Self {
        let Some(bytes) = text
            .get(start..)
            .and_then(|rest| rest.first_chunk::<CACHED>())
        else {
            return Self::padded(text, start, len, table);
        };
        let mask = MASKS[len.min(CACHED)];
        let word = |i: usize| {
            let mut word = [0; 8];
            word.copy_from_slice(&bytes[8 * i..8 * i + 8]);
            u64::from_le_bytes(word) & mask[i]
        };
        Self {
            words: [word(0), word(1), word(2)],
            tag: table | len as u32,
        }
    }

    /// [`Key::read`] near the end of the text.
    #[inline(never)]
    fn padded(text: &[u8], start: usize, len: usize, table: u32) -> Self {
        let mut padded = [0; CACHED];
        let piece = text.get(start..).unwrap_or_default();
        let n = len.min(piece.len()).min(CACHED);
        padded[..n].copy_from_slice(&piece[..n]);
        Self::read(&padded, 0, len, table)
    }

    /// The key's set in the cache, from its first sixteen bytes and its tag (pieces longer
    /// than that are few, and seldom the same length with the same start).
    #[inline(always)]
    fn set(&self) -> usize {
        let [a, b, _] = self.words;
        let h = (a ^ b.rotate_left(32) ^ u64::from(self.tag)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> (64 - SET_BITS)) as usize
    }
}

/// A cached piece and its count.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// [`Key::words`].
    words: [u64; 3],
    /// [`Key::tag`] in the low 32 bits (0 in an empty entry) and the count above.
    tagged: u64,
}

impl Entry {
    /// No key matches it: its tag is 0. Its words are not, so that [`empty_cache`] writes it.
    const EMPTY: Self = Self {
        words: [u64::MAX; 3],
        tagged: 0,
    };

    fn new(key: &Key, count: usize) -> Self {
        let count = u32::try_from(count).unwrap_or(u32::MAX);
        Self {
            words: key.words,
            tagged: u64::from(count) << 32 | u64::from(key.tag),
        }
    }

    /// Whether the entry is for `key`, compared without a branch per word.
    #[inline(always)]
    fn holds(&self, key: &Key) -> bool {
        let ([a, b, c], [x, y, z]) = (self.words, key.words);
        (a ^ x) | (b ^ y) | (c ^ z) | u64::from(self.tagged as u32 ^ key.tag) == 0
    }

    fn count(&self) -> usize {
        (self.tagged >> 32) as usize
    }
}

/// [`count`] without the cache.
#[inline(never)]
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
        // More pieces than entries, each counted again and again in both encodings, so that
        // they keep evicting each other and trading places in their sets.
        let pieces: Vec<Vec<u8>> = (0..3000)
            .map(|round| bytes(&mut seed, 1 + round % 30, b"ab c\n'xyz"))
            .collect();
        let mut sets = empty_cache();
        for _ in 0..12_000 {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let piece = &pieces[(seed >> 33) as usize % pieces.len()];
            for table in [o200k, cl100k] {
                let mut counter = Counter::new(table, &mut sets);
                let whole = counter.count(piece, 0..piece.len());
                assert_eq!(whole, uncached(table, piece), "{piece:?}");
                assert_eq!(counter.count(piece, 0..piece.len()), whole, "{piece:?}");
            }
        }
        let piece = b" counted twice";
        let first = counting(o200k, |counter| counter.count(piece, 0..piece.len()));
        assert_eq!(
            counting(o200k, |counter| counter.count(piece, 0..piece.len())),
            first
        );
        assert_eq!(first, uncached(o200k, piece));
    }

    #[test]
    fn cached_pieces_read_from_a_text_are_those_pieces() {
        // Every piece of up to 30 bytes of a text, read as words from the text around it (and
        // near its end, from a padded copy), with pieces that differ only past a word or in
        // zero bytes.
        let text = b"ab\0ab\0\0 the theme  them\0\0\0\0\0\0\0\0\0 x\n\nabcdefghijklmnopqrstuvwxyz";
        let o200k = table(Encoding::O200kBase);
        let mut sets = empty_cache();
        for _ in 0..2 {
            for start in 0..text.len() {
                for end in start..=text.len().min(start + 30) {
                    let mut counter = Counter::new(o200k, &mut sets);
                    let piece = &text[start..end];
                    assert_eq!(
                        counter.count(text, start..end),
                        encode(o200k, piece).len(),
                        "{piece:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn keys_tell_pieces_and_tables_apart() {
        // Runs of `a` with one `b` at every offset of each of the three words, and runs of
        // zero bytes that differ only in length.
        let text: Vec<u8> = [[b'a'; 24].as_slice(), b"b", &[b'a'; 24], &[0; 26]].concat();
        let (o200k, cl100k) = (table(Encoding::O200kBase), table(Encoding::Cl100kBase));
        let mut keys = Vec::new();
        for start in 0..text.len() - 2 {
            for len in 2..=CACHED.min(text.len() - start) {
                for table in [o200k, cl100k] {
                    let key = Key::read(&text, start, len, table.len() << 8);
                    keys.push((table.len(), &text[start..start + len], key));
                }
            }
        }
        for (table, piece, key) in &keys {
            let entry = Entry::new(key, 1);
            for (other_table, other, other_key) in &keys {
                assert_eq!(
                    entry.holds(other_key),
                    table == other_table && piece == other,
                    "{piece:?} {other:?}"
                );
            }
        }
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
