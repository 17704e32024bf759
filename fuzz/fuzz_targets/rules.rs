//! Fuzz target `rules`: see harness/rules.rs.
#![no_main]

#[path = "../harness/common.rs"]
mod common;
#[path = "../harness/game_file.rs"]
mod game_file;
#[path = "../harness/rules.rs"]
mod rules;

libfuzzer_sys::fuzz_target!(|data: &[u8]| rules::run(data));
