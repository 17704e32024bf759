//! Fuzz target `game_file`: see harness/game_file.rs.
#![no_main]

#[path = "../harness/common.rs"]
mod common;
#[path = "../harness/game_file.rs"]
mod game_file;

libfuzzer_sys::fuzz_target!(|data: &[u8]| game_file::run(data));
