//! Hashing: content hashes (the one place `sha2` is used), and the hash maps and sets of the
//! crate (the one place `foldhash` is used).
//!
//! The maps are keyed by paths, names and rule IDs, and are looked up in every step of a run.
//! The standard library's hasher (SipHash) is built to resist keys chosen to collide; foldhash,
//! seeded afresh in each process, costs a few instructions a word instead of a few dozen, and
//! its seed still keeps a tree from being laid out to collide in advance. docs/bench.md has
//! the measurements.

/// A hash map with the crate's hasher; make one with `HashMap::default()`.
pub type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;

/// A hash set with the crate's hasher; make one with `HashSet::default()`.
pub type HashSet<T> = std::collections::HashSet<T, foldhash::fast::RandomState>;

/// The hex SHA-256 of `bytes` (content hashes and versions some runtimes record, the checksum
/// `skills package` prints).
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_of_known_text() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
