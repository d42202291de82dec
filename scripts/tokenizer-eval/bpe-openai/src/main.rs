//! bpe-openai 0.3.2.
#[path = "../../measure.rs"]
mod measure;
fn main() {
    measure::run(
        |name| if name == "cl100k_base" { bpe_openai::cl100k_base() } else { bpe_openai::o200k_base() },
        |tokenizer, text| tokenizer.count(text),
    );
}
