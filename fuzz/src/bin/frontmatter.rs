//! AFL++ target `frontmatter`: see `skills_fuzz::properties::frontmatter`.

fn main() {
    afl::fuzz!(|data: &[u8]| skills_fuzz::properties::frontmatter(data));
}
