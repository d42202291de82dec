//! AFL++ target `fix`: see `skills_fuzz::properties::fix`.

fn main() {
    afl::fuzz!(|data: &[u8]| skills_fuzz::properties::fix(data));
}
