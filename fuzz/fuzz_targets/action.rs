//! Fuzz target `action`: see harness/action.rs.
#![no_main]

#[path = "../harness/action.rs"]
mod action;
#[path = "../harness/common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| action::run(data));
