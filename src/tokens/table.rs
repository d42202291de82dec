//! An encoding's tokens and ranks, read in place from the tables compiled into the binary
//! (`scripts/token-tables.py` writes them from OpenAI's published files and describes the
//! layout). Nothing is decoded or copied when an encoding is first used: a look-up hashes the
//! bytes, probes a few slots and compares with the token's bytes where it sits.

/// One table, as `scripts/token-tables.py` lays it out.
#[derive(Debug, Clone, Copy)]
pub(super) struct Table {
    data: &'static [u8],
    /// Where the token starts, the slots and the token bytes begin in `data`.
    starts: usize,
    slots: usize,
    bytes: usize,
    /// The number of tokens.
    len: u32,
    /// log2 of the slot count.
    bits: u32,
}

/// The low bits of a slot: the token's rank plus one (0 marks an empty slot).
const RANK_BITS: u32 = 18;
/// The bits above them: 14 bits of the key's hash, so most slots of other tokens are passed by
/// without comparing bytes.
const TAG_BITS: u32 = 14;
const HEADER: usize = 16;
const K: u64 = 0x9E37_79B9_7F4A_7C15;

impl Table {
    /// Reads the header of `data`; `None` when it is not a table. Evaluated at compile time
    /// for the tables compiled in, so a damaged table does not build.
    pub(super) const fn new(data: &'static [u8]) -> Option<Self> {
        if data.len() < HEADER
            || data[0] != b't'
            || data[1] != b'o'
            || data[2] != b'k'
            || data[3] != b'1'
        {
            return None;
        }
        let (len, bits, text) = (word(data, 4), word(data, 8), word(data, 12));
        if bits == 0 || bits > 30 || len >= (1 << RANK_BITS) - 1 || len >= 1 << bits {
            return None;
        }
        let starts = HEADER;
        let slots = starts + 4 * (len as usize + 1);
        let bytes = slots + 4 * (1usize << bits);
        if data.len() != bytes + text as usize {
            return None;
        }
        Some(Self {
            data,
            starts,
            slots,
            bytes,
            len,
            bits,
        })
    }

    /// The number of tokens.
    pub(super) fn len(&self) -> u32 {
        self.len
    }

    fn word(&self, at: usize) -> u32 {
        let mut word = [0; 4];
        if let Some(bytes) = self.data.get(at..at + 4) {
            word.copy_from_slice(bytes);
        }
        u32::from_le_bytes(word)
    }

    /// Reads a byte of every page of the table, so that the whole table is resident.
    pub(super) fn touch(&self) {
        let sum = self.data.iter().step_by(4096).fold(0u8, |sum, &b| sum ^ b);
        std::hint::black_box(sum);
    }

    /// The bytes of the token of rank `rank` (empty past the last token).
    pub(super) fn token(&self, rank: u32) -> &'static [u8] {
        if rank >= self.len {
            return &[];
        }
        let at = self.starts + 4 * rank as usize;
        let (start, end) = (self.word(at) as usize, self.word(at + 4) as usize);
        self.data
            .get(self.bytes + start..self.bytes + end)
            .unwrap_or_default()
    }

    /// The rank of the token whose bytes are `key`, if there is one.
    pub(super) fn rank(&self, key: &[u8]) -> Option<u32> {
        let h = hash(key);
        let mask = (1usize << self.bits) - 1;
        let mut slot = (h >> (64 - self.bits)) as usize;
        let tag = (h >> (64 - self.bits - TAG_BITS)) as u32 & ((1 << TAG_BITS) - 1);
        // The table is never full, so an empty slot ends every probe; the bound only keeps a
        // damaged table from looping.
        for _ in 0..=mask {
            let entry = self.word(self.slots + 4 * slot);
            if entry == 0 {
                return None;
            }
            if entry >> RANK_BITS == tag {
                let rank = (entry & ((1 << RANK_BITS) - 1)) - 1;
                if self.token(rank) == key {
                    return Some(rank);
                }
            }
            slot = (slot + 1) & mask;
        }
        None
    }
}

/// The little-endian word at `at` (`at + 4 <= data.len()`).
const fn word(data: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]])
}

/// The 64-bit hash of a key: 8-byte little-endian words (the last padded with zeros), each
/// folded in by rotate, xor and multiply, starting from the length. The same as `hash_key` in
/// `scripts/token-tables.py`.
fn hash(key: &[u8]) -> u64 {
    let mut h = (key.len() as u64).wrapping_mul(K);
    let mut chunks = key.chunks_exact(8);
    for chunk in chunks.by_ref() {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        h = (h.rotate_left(5) ^ padded_word(rest)).wrapping_mul(K);
    }
    h
}

/// The 1 to 7 bytes of `rest` as a little-endian word, zero above them: two loads that may
/// overlap (an overlapping byte is the same byte in both), not a copy of a variable length.
fn padded_word(rest: &[u8]) -> u64 {
    let n = rest.len();
    let two = |at: usize| {
        rest.get(at..)
            .and_then(|r| r.first_chunk::<2>())
            .map_or(0, |b| u64::from(u16::from_le_bytes(*b)))
    };
    let four = |at: usize| {
        rest.get(at..)
            .and_then(|r| r.first_chunk::<4>())
            .map_or(0, |b| u64::from(u32::from_le_bytes(*b)))
    };
    match n {
        0 => 0,
        1 => rest.first().map_or(0, |&b| u64::from(b)),
        2..4 => two(0) | two(n - 2) << (8 * (n - 2)),
        _ => four(0) | four(n - 4) << (8 * (n - 4)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_what_is_not_a_table() {
        assert!(Table::new(b"").is_none());
        assert!(Table::new(b"tok1\x01\0\0\0\x01\0\0\0\0\0\0\0").is_none());
        assert!(Table::new(b"nope\0\0\0\0\0\0\0\0\0\0\0\0").is_none());
    }

    #[test]
    fn hashes_like_the_generator() {
        // Values printed by `hash_key` in scripts/token-tables.py.
        assert_eq!(hash(b""), 0);
        assert_eq!(hash(b"a"), 0xcf5b_6a94_a597_733a);
        assert_eq!(hash(b"hello world"), 0x0ba0_bbf0_b1fe_14a7);
    }

    #[test]
    fn a_short_tail_is_padded_with_zeros() {
        let bytes = b"\x01\x02\x03\x04\x05\x06\x07\xff";
        for n in 0..8 {
            let mut word = [0; 8];
            word[..n].copy_from_slice(&bytes[8 - n..]);
            assert_eq!(
                padded_word(&bytes[8 - n..]),
                u64::from_le_bytes(word),
                "{n}"
            );
        }
    }
}
