//! AFL++ target `targets`: see `skills_fuzz::properties::targets`.

fn main() {
    afl::fuzz!(|data: &[u8]| skills_fuzz::properties::targets(data));
}
