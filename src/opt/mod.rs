//! Load-time specialisation of the compiled game: attack tables.

pub mod attack;
