//! A fixed pseudo-random sequence (xorshift) for tests that try many generated inputs: the same
//! seed gives the same inputs on every run and machine.

/// The sequence from one seed.
pub(crate) struct Sequence(u64);

impl Sequence {
    /// A sequence starting from `seed` (not 0).
    pub(crate) fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next number.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// The next number below `n`.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
