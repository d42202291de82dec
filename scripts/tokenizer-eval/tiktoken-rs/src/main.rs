//! tiktoken-rs 0.12.1.
#[path = "../../measure.rs"]
mod measure;
fn main() {
    measure::run(
        |name| {
            let loaded = if name == "cl100k_base" { tiktoken_rs::cl100k_base() } else { tiktoken_rs::o200k_base() };
            loaded.expect("the encoding loads")
        },
        |tokenizer, text| tokenizer.encode_ordinary(text).len(),
    );
}
