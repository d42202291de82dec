//! No tokenizer: the baseline of size, memory and reading.
#[path = "../../measure.rs"]
mod measure;
fn main() {
    measure::run(|_| (), |_, text| text.len());
}
