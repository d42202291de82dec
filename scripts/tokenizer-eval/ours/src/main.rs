//! `skills::tokens`: the tables read in place.
#[path = "../../measure.rs"]
mod measure;
use skills::tokens::{Encoding, count};
fn main() {
    measure::run(
        |name| if name == "cl100k_base" { Encoding::Cl100kBase } else { Encoding::O200kBase },
        |encoding, text| count(text, *encoding),
    );
}
