//! Tools for game authors, none of which needs Rust: test cases kept with a game
//! ([`cases`]) and run by `interp test` ([`test`]); reports of what a game's rules do,
//! kept as snapshots (`interp snapshot`); and the semantic difference of two rule sets
//! (`interp diff`).

pub mod cases;
pub mod diff;
pub mod snapshot;
pub mod test;
