//! The properties the fuzz targets check, shared with the regression test that replays every
//! input kept under `fuzz/regressions/` (tests/fuzz_regressions.rs in the main crate).

#[path = "properties.rs"]
pub mod properties;
