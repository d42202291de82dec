//! Byte-pair encoding of one piece, as OpenAI's `tiktoken` does it: a piece that is a token is
//! that one token; otherwise it starts as single bytes, and the adjacent pair whose joined bytes
//! have the lowest rank is merged, again and again (the leftmost pair on a tie), until no
//! joined pair is a token. Short pieces merge in place on the stack; long ones (a run of
//! spaces, a line of base64) keep their pairs in a heap, so they take O(n log n), not O(n²).

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::Range;

use super::Encoding;
use super::table::Table;

/// No token is longer than this many bytes (in either encoding), so a longer piece is never
/// one token.
const LONGEST_TOKEN: usize = 128;
/// Pieces up to this many bytes merge on the stack.
const SHORT: usize = 64;
const NONE: u32 = u32::MAX;

/// The number of tokens `piece` encodes to.
#[cfg(test)]
pub(super) fn count(encoding: Encoding, piece: &[u8]) -> usize {
    counting(encoding, |counter| counter.count(piece, 0..piece.len()))
}

/// Calls `f` with a [`Counter`] for `encoding` that uses this thread's caches.
pub(super) fn counting<R>(encoding: Encoding, f: impl FnOnce(&mut Counter<'_>) -> R) -> R {
    CACHE.with(|cache| match cache.try_borrow_mut() {
        Ok(mut cache) => {
            let caches = cache.get_or_insert_with(Caches::empty);
            f(&mut Counter::new(encoding, caches))
        }
        // Only when `f` itself counts with a new counter: that one gets caches of its own.
        Err(_) => f(&mut Counter::new(encoding, &mut Caches::empty())),
    })
}

/// Counts pieces with one table. Short pieces go through a cache first: prose repeats its
/// words, and a word found in the cache costs a few loads, a multiplication and one comparison
/// of words in memory the thread has just used, where the table costs a hash of the bytes and
/// a few probes of megabytes it has not.
pub(super) struct Counter<'a> {
    table: &'a Table,
    /// The part of every [`Key`] that names the table: its token count, above the length byte.
    tag: u32,
    /// The bit of every [`Word`] that names the table.
    word_tag: u64,
    caches: &'a mut Caches,
}

impl<'a> Counter<'a> {
    fn new(encoding: Encoding, caches: &'a mut Caches) -> Self {
        let table = super::table(encoding);
        Self {
            table,
            tag: table.len() << 8,
            word_tag: match encoding {
                Encoding::O200kBase => 0,
                Encoding::Cl100kBase => Word::TABLE,
            },
            caches,
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
        if len <= Word::BYTES
            && let Some(eight) = text.get(piece.start..).and_then(|rest| rest.first_chunk())
        {
            let word = Word::new(u64::from_le_bytes(*eight), len, self.word_tag);
            let set = &mut self.caches.words[word.set() % WORD_SETS];
            if set[0].holds(word) {
                return set[0].count();
            }
            return second_word(self.table, set, word, text.get(piece).unwrap_or_default());
        }
        let key = Key::read(text, piece.start, len, self.tag);
        let set = &mut self.caches.sets[key.set() % SETS];
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

/// [`Counter::count`] for a piece of at most [`Word::BYTES`] bytes that is not the first entry
/// of its set: [`second_entry`] for the cache of words.
#[inline(never)]
fn second_word(table: &Table, set: &mut [Word; 2], word: Word, piece: &[u8]) -> usize {
    if set[1].holds(word) {
        set.swap(0, 1);
        return set[0].count();
    }
    let count = uncached(table, piece);
    set[1] = set[0];
    set[0] = word.with_count(count);
    count
}

/// Pieces of 2 to this many bytes are cached.
const CACHED: usize = 24;
/// log2 of the number of sets of two entries per thread in the cache of pieces longer than
/// [`Word::BYTES`] (each [`Entry`] is 32 bytes).
const SET_BITS: u32 = 11;
const SETS: usize = 1 << SET_BITS;
/// log2 of the number of sets of two [`Word`]s per thread (each is 8 bytes).
const WORD_SET_BITS: u32 = 12;
const WORD_SETS: usize = 1 << WORD_SET_BITS;

/// A thread's caches: most pieces of prose are words of up to seven bytes, which fit, with
/// their count, in one machine word, so that a cache of 8192 of them takes 64 KiB, a quarter
/// of what as many [`Entry`]s take, and its busy entries stay in the core's own cache; longer
/// pieces go to the cache of [`Entry`]s. (Against one cache of 4096 [`Entry`]s for every
/// piece, counting skills' bodies takes 10 to 17 % fewer instructions and misses the core's
/// data cache 28 % less often: docs/bench.md.)
pub(super) struct Caches {
    words: Box<[[Word; 2]; WORD_SETS]>,
    sets: Box<[[Entry; 2]; SETS]>,
}

impl Caches {
    /// Caches of empty entries, written in full here. Memory that is only zeroed would come
    /// from the system untouched, so the first probe of each page would map the shared zero
    /// page and the first entry stored in it would copy the page and flush the other cores'
    /// address caches.
    fn empty() -> Self {
        fn filled<T: Copy, const N: usize>(entry: T) -> Box<[T; N]> {
            vec![entry; N]
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("the vector has N entries"))
        }
        Self {
            words: filled([Word::EMPTY; 2]),
            sets: filled([Entry::EMPTY; 2]),
        }
    }
}

thread_local! {
    /// Recently counted pieces in sets of two, the set chosen by the piece's hash; a piece
    /// counted anew replaces the set's older entry.
    static CACHE: RefCell<Option<Caches>> = const { RefCell::new(None) };
}

/// A piece of 2 to [`Word::BYTES`] bytes, the table it is counted in and, in an entry of the
/// cache, its count, in one number: the piece's bytes little-endian in the low seven bytes
/// (zero past its end), its length in bits 56 to 58, the table in bit 59 and the count in bits
/// 60 to 63 (a piece of seven bytes has at most seven tokens). Equal keys are the same bytes
/// counted in the same encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Word(u64);

impl Word {
    /// The longest piece a word holds.
    const BYTES: usize = 7;
    /// The bit that names `cl100k_base`.
    const TABLE: u64 = 1 << 59;
    const COUNT_SHIFT: u32 = 60;
    /// Every bit but the count's.
    const KEY: u64 = (1 << Self::COUNT_SHIFT) - 1;
    /// No key matches it: its length is 0. Its other bits are not, so that [`Caches::empty`]
    /// writes it.
    const EMPTY: Self = Self(!(0b111 << 56));

    /// The key of the piece of `len` bytes (2 to [`Word::BYTES`]) that starts `bytes` (eight
    /// bytes of the text, little-endian), in the table `table` names.
    #[inline(always)]
    fn new(bytes: u64, len: usize, table: u64) -> Self {
        let piece = bytes & !(u64::MAX << (8 * len.min(Self::BYTES)));
        Self(piece | (len as u64) << 56 | table)
    }

    /// The key's set in the cache of words, from all its bits.
    #[inline(always)]
    fn set(self) -> usize {
        (self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - WORD_SET_BITS)) as usize
    }

    /// Whether the entry is for the piece `key` is.
    #[inline(always)]
    fn holds(self, key: Self) -> bool {
        self.0 & Self::KEY == key.0
    }

    fn count(self) -> usize {
        (self.0 >> Self::COUNT_SHIFT) as usize
    }

    /// The entry of the piece `self` is, counted `count` tokens (at most its length).
    fn with_count(self, count: usize) -> Self {
        Self(self.0 | (count.min(Self::BYTES) as u64) << Self::COUNT_SHIFT)
    }
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
    /// No key matches it: its tag is 0. Its words are not, so that [`Caches::empty`] writes it.
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
        let mut caches = Caches::empty();
        for _ in 0..12_000 {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let piece = &pieces[(seed >> 33) as usize % pieces.len()];
            // Counted where the piece ends the text, which takes the cache of entries, and
            // where bytes follow it, which takes the cache of words when it is short.
            let followed = [piece.as_slice(), b"\n\n\n\n\n\n\n\n"].concat();
            for (encoding, table) in [(Encoding::O200kBase, o200k), (Encoding::Cl100kBase, cl100k)]
            {
                let mut counter = Counter::new(encoding, &mut caches);
                let whole = counter.count(piece, 0..piece.len());
                assert_eq!(whole, uncached(table, piece), "{piece:?}");
                assert_eq!(counter.count(piece, 0..piece.len()), whole, "{piece:?}");
                assert_eq!(counter.count(&followed, 0..piece.len()), whole, "{piece:?}");
            }
        }
        let piece = b" counted twice";
        let first = count(Encoding::O200kBase, piece);
        assert_eq!(count(Encoding::O200kBase, piece), first);
        assert_eq!(first, uncached(o200k, piece));
    }

    #[test]
    fn cached_pieces_read_from_a_text_are_those_pieces() {
        // Every piece of up to 30 bytes of a text, read as words from the text around it (and
        // near its end, from a padded copy), with pieces that differ only past a word or in
        // zero bytes.
        let text = b"ab\0ab\0\0 the theme  them\0\0\0\0\0\0\0\0\0 x\n\nabcdefghijklmnopqrstuvwxyz";
        let o200k = table(Encoding::O200kBase);
        let mut caches = Caches::empty();
        for _ in 0..2 {
            for start in 0..text.len() {
                for end in start..=text.len().min(start + 30) {
                    let mut counter = Counter::new(Encoding::O200kBase, &mut caches);
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
    fn words_tell_pieces_and_tables_apart() {
        // Every piece of 2 to 7 bytes of a text with runs of `a`, one `b`, zero bytes and
        // bytes with the top bit set, read from eight bytes with whatever follows the piece.
        let text: Vec<u8> = [b"aaaaaaabaaaaaaa".as_slice(), &[0; 9], &[0xff; 9], b"a\0a"].concat();
        let mut words = Vec::new();
        for start in 0..text.len() - 8 {
            let eight = u64::from_le_bytes(text[start..start + 8].try_into().expect("8 bytes"));
            for len in 2..=Word::BYTES {
                for table in [0, Word::TABLE] {
                    words.push((
                        table,
                        &text[start..start + len],
                        Word::new(eight, len, table),
                    ));
                }
            }
        }
        for (table, piece, word) in &words {
            for count in 1..=piece.len() {
                let entry = word.with_count(count);
                assert_eq!(entry.count(), count);
                for (other_table, other, other_word) in &words {
                    assert_eq!(
                        entry.holds(*other_word),
                        table == other_table && piece == other,
                        "{piece:?} {other:?}"
                    );
                }
            }
            assert!(!Word::EMPTY.holds(*word));
        }
    }

    #[test]
    fn long_pieces_merge() {
        let encoding = Encoding::O200kBase;
        // "a" * 1000 is 125 tokens in tiktoken (o200k_base).
        assert_eq!(count(encoding, &[b'a'; 1000]), 125);
        assert_eq!(count(encoding, b""), 0);
        assert_eq!(count(encoding, b"\xff"), 1);
    }
}
