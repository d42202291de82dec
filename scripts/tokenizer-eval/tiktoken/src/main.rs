//! tiktoken 4.1.2 (the crate of that name on crates.io, a Rust port).
#[path = "../../measure.rs"]
mod measure;
fn main() {
    measure::run(
        |name| tiktoken::get_encoding(name).expect("the encoding is compiled in"),
        |tokenizer, text| tokenizer.count(text),
    );
}
