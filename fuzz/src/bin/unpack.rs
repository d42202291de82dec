//! AFL++ target `unpack`: see `skills_fuzz::properties::unpack`.

fn main() {
    afl::fuzz!(|data: &[u8]| skills_fuzz::properties::unpack(data));
}
