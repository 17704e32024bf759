//! Fuzz target `position`: see harness/position.rs.
#![no_main]

#[path = "../harness/common.rs"]
mod common;
#[path = "../harness/position.rs"]
mod position;

libfuzzer_sys::fuzz_target!(|data: &[u8]| position::run(data));
