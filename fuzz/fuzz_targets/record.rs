//! Fuzz target `record`: see harness/record.rs.
#![no_main]

#[path = "../harness/common.rs"]
mod common;
#[path = "../harness/record.rs"]
mod record;

libfuzzer_sys::fuzz_target!(|data: &[u8]| record::run(data));
