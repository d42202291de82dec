//! An encoding's tokens and ranks, read in place from the tables compiled into the binary
//! (`scripts/token-tables.py` writes them from OpenAI's published files and describes the
//! layout). Nothing is decoded or copied when an encoding is first used: a look-up hashes the
//! bytes and probes a few slots. A token of at most five bytes is held in its slot whole, so a
//! look-up of a short key reads nothing else; a longer key is compared with the token's bytes
//! where they sit only when a slot's length and tag match it.

/// One table, as `scripts/token-tables.py` lays it out.
#[derive(Debug, Clone, Copy)]
pub(super) struct Table {
    data: &'static [u8],
    /// Where the slots and the token bytes begin in `data`.
    slots: usize,
    bytes: usize,
    /// The number of tokens.
    len: u32,
    /// log2 of the slot count.
    bits: u32,
}

/// The low bits of a slot: the token's rank plus one (0 marks an empty slot).
const RANK_BITS: u32 = 18;
const RANK_MASK: u64 = (1 << RANK_BITS) - 1;
/// The bit above them: set when the token's bytes are in the slot.
const INLINE_BIT: u64 = 1 << RANK_BITS;
/// Tokens of at most this many bytes are held in their slot.
const INLINE: usize = 5;
/// In a slot that holds its token: the length (3 bits) at bit 19, the bytes from bit 22.
const INLINE_LEN_SHIFT: u32 = 19;
const INLINE_BYTES_SHIFT: u32 = 22;
/// In one that does not: the length (8 bits) at bit 19, where the bytes start (21 bits) at bit
/// 27, and from bit 48 a tag, 16 bits of the key's hash, so that most slots of other tokens of
/// the same length are passed by without reading their bytes.
const LEN_SHIFT: u32 = 19;
const LEN_MASK: u64 = 0xFF;
const START_SHIFT: u32 = 27;
const START_MASK: u64 = (1 << (TAG_SHIFT - START_SHIFT)) - 1;
const TAG_SHIFT: u32 = 48;
const TAG_BITS: u32 = 16;
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
            || data[3] != b'2'
        {
            return None;
        }
        let (len, bits, text) = (word(data, 4), word(data, 8), word(data, 12));
        if bits == 0 || bits > 30 || len as u64 >= RANK_MASK || len >= 1 << bits {
            return None;
        }
        let slots = HEADER;
        let bytes = slots + 8 * (1usize << bits);
        if data.len() != bytes + text as usize {
            return None;
        }
        Some(Self {
            data,
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

    /// The slot at index `slot` (0, an empty slot, past the end).
    fn slot(&self, slot: usize) -> u64 {
        self.data
            .get(self.slots + 8 * slot..)
            .and_then(|rest| rest.first_chunk::<8>())
            .map_or(0, |bytes| u64::from_le_bytes(*bytes))
    }

    /// Reads a byte of every page of the table, so that the whole table is resident.
    pub(super) fn touch(&self) {
        let sum = self.data.iter().step_by(4096).fold(0u8, |sum, &b| sum ^ b);
        std::hint::black_box(sum);
    }

    /// The rank of the token whose bytes are `key`, if there is one.
    pub(super) fn rank(&self, key: &[u8]) -> Option<u32> {
        // A slot's length field holds every token's length, and no longer key's.
        if key.len() as u64 > LEN_MASK {
            return None;
        }
        let h = hash(key);
        let mask = (1usize << self.bits) - 1;
        let mut slot = (h >> (64 - self.bits)) as usize;
        // What a slot holding the key has above its rank: all of it for a short key; the
        // length and the tag, with the start masked out, for a long one.
        let (wanted, ignored) = if key.len() <= INLINE {
            let held = INLINE_BIT
                | (key.len() as u64) << INLINE_LEN_SHIFT
                | padded_word(key) << INLINE_BYTES_SHIFT;
            (held, RANK_MASK)
        } else {
            let tag = (h >> (64 - self.bits - TAG_BITS)) & ((1 << TAG_BITS) - 1);
            let held = (key.len() as u64) << LEN_SHIFT | tag << TAG_SHIFT;
            (held, RANK_MASK | START_MASK << START_SHIFT)
        };
        // The table is never full, so an empty slot ends every probe; the bound only keeps a
        // damaged table from looping.
        for _ in 0..=mask {
            let entry = self.slot(slot);
            if entry == 0 {
                return None;
            }
            if entry & !ignored == wanted && (key.len() <= INLINE || self.bytes_of(entry) == key) {
                return Some((entry & RANK_MASK) as u32 - 1);
            }
            slot = (slot + 1) & mask;
        }
        None
    }

    /// The bytes of the token of a slot that does not hold them.
    fn bytes_of(&self, entry: u64) -> &'static [u8] {
        let start = self.bytes + ((entry >> START_SHIFT) & START_MASK) as usize;
        let len = ((entry >> LEN_SHIFT) & LEN_MASK) as usize;
        self.data.get(start..start + len).unwrap_or_default()
    }

    /// Every token with its rank, in slot order.
    #[cfg(test)]
    pub(super) fn tokens(&self) -> Vec<(u32, Vec<u8>)> {
        (0..1usize << self.bits)
            .map(|slot| self.slot(slot))
            .filter(|&entry| entry != 0)
            .map(|entry| {
                let rank = (entry & RANK_MASK) as u32 - 1;
                let bytes = if entry & INLINE_BIT != 0 {
                    let len = ((entry >> INLINE_LEN_SHIFT) & 0b111) as usize;
                    (entry >> INLINE_BYTES_SHIFT).to_le_bytes()[..len].to_vec()
                } else {
                    self.bytes_of(entry).to_vec()
                };
                (rank, bytes)
            })
            .collect()
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

/// The 0 to 7 bytes of `rest` as a little-endian word, zero above them: two loads that may
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
        assert!(Table::new(b"tok2\x01\0\0\0\x01\0\0\0\0\0\0\0").is_none());
        // The layout before this one.
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
